#!/bin/sh
# test_bench_match.sh: smoke tests of `congo --bench` and `congo --match`
# at small depths (seconds, not minutes): they run, print what they
# promise, write the games they played, and refuse bad arguments.
# Exit status: 0 pass, 1 fail, 99 hard error.
set -u
tmp_prefix=congo-bench
. "$(dirname "$0")/cli_lib.sh"
fails=0

fail() {
	echo "FAIL: $*"
	sed 's/^/  | /' "$tmp/out"
	fails=$((fails + 1))
}

# run STATUS PATTERN ARG...: congo ARG... exits STATUS and prints a line
# matching the extended regular expression PATTERN.
run() {
	want=$1 pat=$2
	shift 2
	"$congo" "$@" < /dev/null > "$tmp/out" 2>&1
	got=$?
	if [ "$got" != "$want" ]; then
		fail "congo $*: status $got, not $want"
	elif ! grep -Eq -- "$pat" "$tmp/out"; then
		fail "congo $*: no line matching '$pat'"
	else
		echo "ok: congo $*"
	fi
}

# perft 3 from the start has 14332 leaves (tests/test_perft.c).
run 0 '^perft 3: 14332 leaves in [0-9.]+ s' --bench perft 3
run 2 'perft depth must be 1..12' --bench perft 13
# The five fixed positions, each with a best move and its node count.
run 0 '^ 5  .* nodes$' --bench search 2
run 0 '^Nodes/s: [0-9]+' --bench search 2
run 2 "the depth must be 1..64, not '0'" --bench search 0

# Two games at once, written to a file; the summary adds up to 2 games.
run 0 '^Wins [0-9]+, draws [0-9]+, losses [0-9]+' --match \
    --white alphabeta:depth=1 --black random --games 2 --concurrency 2 \
    --pgn "$tmp/games.pgn"
n=$(grep -c '^\[Result "' "$tmp/games.pgn" 2>/dev/null)
[ "$n" = 2 ] || { fail "--match --pgn: $n games in the file, not 2"; }
awk '/^Wins/ { s = $2 + $4 + $6 } END { exit !(s == 2) }' FS='[ ,]+' \
    "$tmp/out" || fail "--match: the results do not add up to 2 games"
# negamax to depth 1 against a node limit, quiet, no repetition rule.
run 0 'Score: [0-9.]+/2' --match --white negamax:depth=1,seed=3 \
    --black alphabeta:nodes=200 --games 2 --quiet --no-repetition \
    --max-plies 40
run 2 "--white: unknown key 'speed'" --match --white alphabeta:speed=1 \
    --black random

[ "$fails" = 0 ] || { echo "$fails failed"; exit 1; }
exit 0
