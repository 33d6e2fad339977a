#!/bin/sh
# test_match.sh: smoke test of `congo --match`, the real src/congo end to
# end: two engine programs on pipes (src/congo --engine twice) from the
# opening book at a fixed depth, in-process players with an SPRT, a clock
# game with time losses counted, and the errors a user can make (a
# missing engine, an option the engine refuses, a bad --sprt).
# Exit status: 0 pass, 1 fail, 99 hard error.

set -u

builddir=${CONGO_BUILDDIR:-$(pwd)}
congo="$builddir/src/congo"
if [ ! -x "$congo" ]; then
	echo "error: $congo not built"
	exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-match.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

check() {   # check NAME FILE PATTERN: FILE must contain PATTERN
	if ! grep -q -- "$3" "$2"; then
		echo "FAIL: $1: no '$3' in:"
		cat "$2"
		fail=1
	fi
}

# two engine programs, 4 games = 2 book openings, both colours
"$congo" --match --engine-a "$congo" --engine-b "$congo" \
    --option-b Algorithm=random --depth 2 --games 4 --concurrency 2 \
    --pgn "$tmp/games.pgn" >"$tmp/engines.out" 2>&1
check engines "$tmp/engines.out" "^4 games"
check engines "$tmp/engines.out" "book of [0-9]* openings"
check engines "$tmp/engines.out" "^Elo difference (games)"
check engines "$tmp/engines.out" "^Pairs (A's score"
check engines "$tmp/engines.out" "Algorithm=random"
check pgn "$tmp/games.pgn" '\[Round "4"\]'
# depth 2 against the random mover: A must win the match
score=$(sed -n 's/^Score: \([0-9.]*\)\/4.*/\1/p' "$tmp/engines.out")
case "$score" in
3|3.0|3.5|4|4.0) ;;
*) echo "FAIL: depth 2 scored '$score'/4 against random"; fail=1 ;;
esac

# megapawn between engine programs: each is told the variant, the openings
# are the variant's own (the book is Congo's), and no move is refused
"$congo" --match --variant megapawn --engine-a "$congo" --engine-b "$congo" \
    --option-b Algorithm=random --depth 2 --games 2 >"$tmp/mega.out" 2>&1
check megapawn "$tmp/mega.out" "^Match megapawn"
check megapawn "$tmp/mega.out" "random openings"
if grep -q "not a legal move\|bad move" "$tmp/mega.out"; then
	echo "FAIL: megapawn engines refused a move"; cat "$tmp/mega.out"; fail=1
fi

# in-process players, SPRT decides before 200 games
"$congo" --match --white alphabeta:depth=2 --black random --games 200 \
    --sprt 0,200 --quiet >"$tmp/sprt.out" 2>&1
check sprt "$tmp/sprt.out" "H1 accepted"
games=$(sed -n 's/^\([0-9]*\) games.*/\1/p' "$tmp/sprt.out")
if [ -z "$games" ] || [ "$games" -ge 200 ]; then
	echo "FAIL: the SPRT did not stop the match early ($games games)"
	fail=1
fi

# a clock: 1.2 s a side plus 0.05 s a move, engine against in-process
"$congo" --match --engine-a "$congo" --black alphabeta --tc 0.02+0.05 \
    --games 2 --max-plies 30 >"$tmp/clock.out" 2>&1
check clock "$tmp/clock.out" "^Time losses: A 0, B 0"
check clock "$tmp/clock.out" "^Time per move of A: opening"

# errors a user can make
if "$congo" --match --engine-a "$tmp/nothing" --black random \
    --games 2 >"$tmp/missing.out" 2>&1; then
	echo "FAIL: a missing engine was accepted"
	fail=1
fi
check missing "$tmp/missing.out" "nothing"
if "$congo" --match --engine-a "$congo" --option-a Bogus=1 --black random \
    --games 2 >"$tmp/option.out" 2>&1; then
	echo "FAIL: an unknown engine option was accepted"
	fail=1
fi
check option "$tmp/option.out" "unknown option 'Bogus'"
if "$congo" --match --white random --black random --sprt 5,0 \
    >"$tmp/badsprt.out" 2>&1; then
	echo "FAIL: --sprt 5,0 was accepted"
	fail=1
fi
check badsprt "$tmp/badsprt.out" "ELO0 < ELO1"
exit $fail
