#!/bin/sh
# test_swiss_cli.sh: congo --swiss-pair FILE.trf (issue 60) prints the next
# round of a Swiss event exactly as bbpPairings 5.0.1 -p prints it (the
# pairs, their order and colours, the bye): tests/tourn/cut-*.trf are
# events cut before a round (byes asked for and absences of that round
# kept), cut-*.out bbpPairings's own output on them; hand-r1..3 a
# six-player event paired by hand, gros-r1..5 a real event of 52 players
# (tests/tourn/README), bbpPairings's pairing of each. Bad input is named
# (exit 1), a bad command line gives the usage (exit 2).

tmp_prefix=congo-swiss
. "$(dirname "$0")/cli_lib.sh"
dir="$(dirname "$0")/tourn"

n=0
for trf in "$dir"/cut-*.trf "$dir"/hand-*.trf "$dir"/gros-*.trf; do
	want=${trf%.trf}.out
	if ! "$congo" --swiss-pair "$trf" >"$tmp/out" 2>"$tmp/err"; then
		echo "FAIL: $trf: exit status $?"
		cat "$tmp/err"
		fail=1
	elif ! cmp -s "$tmp/out" "$want"; then
		echo "FAIL: $trf: not bbpPairings's pairing:"
		diff "$want" "$tmp/out"
		fail=1
	fi
	n=$((n + 1))
done
[ "$n" -ge 13 ] || { echo "FAIL: $n reference files"; fail=1; }

printf '001 x\n' >"$tmp/bad.trf"
"$congo" --swiss-pair "$tmp/bad.trf" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || { echo "FAIL: a bad TRF: not exit 1"; fail=1; }
check "bad TRF" "$tmp/err" "TRF line 1: bad starting rank 'x'"
"$congo" --swiss-pair "$dir/bbp-226.trf" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || { echo "FAIL: an event over: not exit 1"; fail=1; }
check "over" "$tmp/err" "all 7 rounds are paired (XXR)"
"$congo" --swiss-pair "$tmp/none.trf" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || { echo "FAIL: no file: not exit 1"; fail=1; }
check "no file" "$tmp/err" "none.trf"
"$congo" --swiss-pair >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || { echo "FAIL: no operand: not exit 2"; fail=1; }
check "usage" "$tmp/err" "usage: congo --swiss-pair"
exit $fail
