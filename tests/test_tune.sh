#!/bin/sh
# test_tune.sh: `congo --tune` (Texel's method) end to end: games from
# `congo --match --pgn`, a short tuning run whose error must not rise, its
# tune string accepted by the match runner, and the errors a user can make.
# Exit status: 0 pass, 1 fail, 99 hard error.

set -u

tmp_prefix=congo-tune
. "$(dirname "$0")/cli_lib.sh"

expect() {  # expect NAME STATUS PATTERN COMMAND...: status and message
	name=$1 want=$2 pat=$3
	shift 3
	"$@" >"$tmp/out" 2>&1
	st=$?
	if [ "$st" != "$want" ]; then
		echo "FAIL: $name: exit status $st, not $want"
		cat "$tmp/out"
		fail=1
	fi
	check "$name" "$tmp/out" "$pat"
}

"$congo" --match --white alphabeta:nodes=1500 --black alphabeta:nodes=2500 \
    --games 16 --openings-plies 8 --seed 5 --pgn "$tmp/g.pgn" --quiet \
    >"$tmp/match.out" 2>&1 || { cat "$tmp/match.out"; exit 99; }

"$congo" --tune --passes 3 --only monkey,zebra,lion_r1,pawn_rank3 \
    "$tmp/g.pgn" >"$tmp/tune.out" 2>&1
check tune "$tmp/tune.out" "quiet positions from 16 of 16 games"
check tune "$tmp/tune.out" "^K [0-9.]*, error 0\.[0-9]* with today's weights"
check tune "$tmp/tune.out" "^pass 1: error 0\.[0-9]*, [0-9]* weights moved"
check tune "$tmp/tune.out" "^tune string: alphabeta:"
# the error never rises
awk '/^error / { if ($4 + 0 > $2 + 0) bad = 1; seen = 1 }
    END { exit !(seen && !bad) }' "$tmp/tune.out" || {
	echo "FAIL: tune: the error rose or was not reported"
	cat "$tmp/tune.out"
	fail=1
}
# only the weights asked for move
if sed -n '/^weight/,/^$/p' "$tmp/tune.out" | grep -v '^weight\|^$' |
    grep -v '^monkey \|^zebra \|^lion_r1 \|^pawn_rank3 ' | grep -q .; then
	echo "FAIL: tune: a weight not in --only moved"
	cat "$tmp/tune.out"
	fail=1
fi
# the tune string is a player the match runner takes
spec=$(sed -n 's/^tune string: //p' "$tmp/tune.out")
case "$spec" in
*"(nothing changed)") spec=alphabeta ;;
esac
expect tune-string 0 "^2 games" "$congo" --match --white "$spec,depth=1" \
    --black alphabeta:depth=1 --games 2 --quiet

# the search settings the match runner can try (off by default)
expect search-keys 0 "^2 games" "$congo" --match --white \
    alphabeta:depth=5,rfp_depth=6,rfp_margin=90,improving=1,nmp_eval=200,iir=1,lmp_depth=5 \
    --black alphabeta:depth=3 --games 2 --quiet

# a given K, every weight, two threads against one: the same error
"$congo" --tune --k 1.5 --passes 0 "$tmp/g.pgn" >"$tmp/k.out" 2>&1
check k "$tmp/k.out" "^K 1\.500, error"
"$congo" --tune --k 1.5 --passes 0 --threads 1 "$tmp/g.pgn" >"$tmp/k1.out" 2>&1
if [ "$(grep '^K' "$tmp/k.out")" != "$(grep '^K' "$tmp/k1.out")" ]; then
	echo "FAIL: threads: one and two threads disagree"
	cat "$tmp/k.out" "$tmp/k1.out"
	fail=1
fi

# what a user can get wrong
expect help 0 "^usage: congo --tune" "$congo" --tune --help
expect no-files 2 "no game files given" "$congo" --tune
expect missing 1 "$tmp/none.pgn" "$congo" --tune "$tmp/none.pgn"
printf '[Event "x"]\n1. zz9 *\n' >"$tmp/bad.pgn"
expect bad-record 1 "bad.pgn:2" "$congo" --tune "$tmp/bad.pgn"
expect variant-none 1 "no positions to tune on" \
    "$congo" --tune --variant megapawn "$tmp/g.pgn"
expect variant-bad 2 "unknown variant 'chess'" \
    "$congo" --tune --variant chess "$tmp/g.pgn"
expect passes 2 "--passes must be a number 0..1000, not 'x'" "$congo" --tune --passes x "$tmp/g.pgn"
expect min-ply 2 "--min-ply must be a number" "$congo" --tune --min-ply -1 "$tmp/g.pgn"
expect threads 2 "--threads must be a number" "$congo" --tune --threads 0 "$tmp/g.pgn"
expect k-bad 2 "--k wants a positive number" "$congo" --tune --k -1 "$tmp/g.pgn"
expect option 2 "unknown option '--bogus'" "$congo" --tune --bogus "$tmp/g.pgn"
expect only-bad 2 "unknown weight 'nosuch'" \
    "$congo" --tune --only monkey,nosuch "$tmp/g.pgn"

exit $fail
