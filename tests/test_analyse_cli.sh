#!/bin/sh
# test_analyse_cli.sh: congo --analyse without a screen (issue 24): a fixed
# record at a fixed node count gives the same annotated record and the
# same marks every run; the record holds each move's [%eval] and its marks
# as NAGs with the better move named, the summary gives each side's
# accuracy and marks; the output reads back (analysed again: the same);
# bad input is named (exit 1), bad options too (exit 2).
# Issue 34: every mark is worked out again from the evaluations the record
# prints (the first position's before the first move) by
# tests/analyse_marks.awk, lichess's rules written apart from the program,
# on this game and on one won by taking the lion through a forced win.

tmp_prefix=congo-analyse
. "$(dirname "$0")/cli_lib.sh"

cp "$(dirname "$0")/analyse_game.pgn" "$tmp/game.pgn" || exit 99

run() {    # run NAME ARGS...: exit status in $rc, output in $tmp/NAME.*
	_name=$1
	shift
	"$congo" --analyse "$@" >"$tmp/$_name.out" 2>"$tmp/$_name.err"
	rc=$?
}

# The same, twice, at 3000 nodes a position.
run a "$tmp/game.pgn" --nodes 3000
[ "$rc" -eq 0 ] || { echo "FAIL: exit $rc"; cat "$tmp/a.err"; exit 1; }
run b "$tmp/game.pgn" --nodes 3000 -o "$tmp/b.pgn"
[ "$rc" -eq 0 ] || { echo "FAIL: exit $rc with -o"; cat "$tmp/b.err"; exit 1; }
if ! cmp -s "$tmp/a.out" "$tmp/b.pgn"; then
	echo "FAIL: two runs at 3000 nodes differ:"
	diff "$tmp/a.out" "$tmp/b.pgn"
	fail=1
fi
if ! cmp -s "$tmp/a.err" "$tmp/b.err"; then
	echo "FAIL: two runs' marks differ:"
	diff "$tmp/a.err" "$tmp/b.err"
	fail=1
fi

# What the record holds.
check "annotator" "$tmp/a.out" '\[Annotator "congo --analyse, 3000 nodes a position"\]'
check "the first position's eval" "$tmp/a.out" '^{\[%eval -*[0-9]*\.[0-9][0-9]\]} 1\. e2d3 {\[%eval -*[0-9]*\.[0-9][0-9]\]}'
check "a mark as a NAG" "$tmp/a.out" ' \$[246] {\[%eval '
check "a blunder" "$tmp/a.out" ' \$4 {\[%eval -*[0-9.]*\] Blunder\. Better was '
check "the better move" "$tmp/a.out" '\. Better was [a-g][1-7][a-g][1-7]\.'
check "the result kept" "$tmp/a.out" '0-1$'
n=$(grep -o '\[%eval' "$tmp/a.out" | wc -l)
[ "$n" -eq 51 ] || { echo "FAIL: $n evals for 50 moves and the start"; fail=1; }
# The summary: accuracy and counts, then one line a marked move.
check "White's summary" "$tmp/a.err" '^White: accuracy [0-9]*%, [0-9]* inaccurac[a-z]*, [0-9]* mistakes*, [0-9]* blunders*$'
check "Black's summary" "$tmp/a.err" '^Black: accuracy [0-9]*%'
marks=$(grep -Eo '(^| )\$[246]( |$)' "$tmp/a.out" | wc -l)
lines=$(grep -c '^[0-9]*\.\.*  *[a-g][1-7][a-g1-7]*[?!]' "$tmp/a.err")
[ "$marks" -eq "$lines" ] || {
	echo "FAIL: $marks NAGs in the record, $lines marked moves listed"
	cat "$tmp/a.err"
	fail=1
}
[ "$marks" -gt 0 ] || { echo "FAIL: no move marked"; fail=1; }

# The marks from the evaluations alone, by the independent check; a
# record with a mark dropped fails it.
marks_awk="$(dirname "$0")/analyse_marks.awk"
if ! awk -f "$marks_awk" "$tmp/a.out" >"$tmp/check.out"; then
	echo "FAIL: the marks are not those of the evaluations:"
	cat "$tmp/check.out"
	fail=1
fi
check "every move checked" "$tmp/check.out" '^checked 50 moves, [1-9][0-9]* marked$'
sed '0,/ \$4 {/s// {/' "$tmp/a.out" >"$tmp/dropped.pgn"
if awk -f "$marks_awk" "$tmp/dropped.pgn" >"$tmp/check2.out"; then
	echo "FAIL: the check missed a blunder left unmarked"
	fail=1
fi
check "the unmarked blunder named" "$tmp/check2.out" 'marked 0, its evaluations give 3'
# A game lost to a forced win: the mistake that let it appear, the lion
# taken at the end (never marked).
run w "$(dirname "$0")/analyse_won.pgn" --nodes 20000
[ "$rc" -eq 0 ] || { echo "FAIL: the won game: exit $rc"; cat "$tmp/w.err"; fail=1; }
check "a forced win as #N" "$tmp/w.out" '{\[%eval #-1\]'
# (the movetext is wrapped where its comments' lengths put the breaks)
tr '\n' ' ' <"$tmp/w.out" >"$tmp/w.flat"
check "the lion taken" "$tmp/w.flat" 'b1d1 {\[%eval -10\.00\]} 0-1'
if ! awk -f "$marks_awk" "$tmp/w.out" >"$tmp/check3.out"; then
	echo "FAIL: the won game's marks are not those of its evaluations:"
	cat "$tmp/check3.out" "$tmp/w.out"
	fail=1
fi

# The output reads back; analysed again, the marks are replaced, not added.
run c "$tmp/b.pgn" --nodes 3000
[ "$rc" -eq 0 ] || { echo "FAIL: the output does not read back"; cat "$tmp/c.err"; fail=1; }
if ! cmp -s "$tmp/a.out" "$tmp/c.out"; then
	echo "FAIL: the analysed record analysed again differs:"
	diff "$tmp/a.out" "$tmp/c.out"
	fail=1
fi

# Variations stay (issue 34): --analyse F -o F keeps them, as :analyse
# does; they are on standard output too.
cat >"$tmp/var.pgn" <<'PGN'
[Event "var"]
[White "a"]
[Black "b"]
[Result "*"]

1. d2d3 (1. c2c3 c6c5) 1... d6d5 2. e2e3 (2. b2b3 {idea}) 2... e6e5 *
PGN
run v1 "$tmp/var.pgn" --nodes 500 -o "$tmp/var.pgn"
[ "$rc" -eq 0 ] || { echo "FAIL: -o onto the file: exit $rc"; cat "$tmp/v1.err"; fail=1; }
check "a variation kept (-o F)" "$tmp/var.pgn" '(1\. c2c3 c6c5)'
check "a nested comment kept (-o F)" "$tmp/var.pgn" '(2\. b2b3 {idea})'
check "the evals written (-o F)" "$tmp/var.pgn" 'd6d5 {\[%eval'
run v2 "$tmp/var.pgn" --nodes 500
check "a variation kept (stdout)" "$tmp/v2.out" '(1\. c2c3 c6c5)'

# Every ending survives -o (issue 57: a loss on time came back as a
# resignation).
for end in "0-1 time forfeit" "1-0 abandoned" "1-0 adjudication" \
    "1/2-1/2 adjudication" "1-0 resign" "1/2-1/2 agreement"; do
	res=${end%% *} term=${end#* }
	printf '[Result "%s"]\n[Termination "%s"]\n\n1. d2d3 d6d5 %s\n' \
	    "$res" "$term" "$res" >"$tmp/end.pgn"
	run end "$tmp/end.pgn" --nodes 200 -o "$tmp/end-o.pgn"
	[ "$rc" -eq 0 ] || { echo "FAIL: $end: exit $rc"; cat "$tmp/end.err"; fail=1; }
	check "$end kept (-o)" "$tmp/end-o.pgn" "^\[Termination \"$term\"\]$"
	check "$end's result kept (-o)" "$tmp/end-o.pgn" "^\[Result \"$res\"\]$"
done

# Errors.
run e1 "$tmp/none.pgn"
[ "$rc" -eq 1 ] || { echo "FAIL: a missing file: exit $rc"; fail=1; }
check "a missing file" "$tmp/e1.err" "none.pgn: No such file"
printf '1. d2d3 {[%%eval 1.2.3]} *\n' >"$tmp/bad.pgn"
run e2 "$tmp/bad.pgn"
[ "$rc" -eq 1 ] || { echo "FAIL: a bad eval: exit $rc"; fail=1; }
check "a bad eval named" "$tmp/e2.err" "bad.pgn:1: bad evaluation \[%eval 1.2.3\]"
run e3 "$tmp/game.pgn" --nodes 10 --movetime 10
[ "$rc" -eq 2 ] || { echo "FAIL: --nodes and --movetime: exit $rc"; fail=1; }
check "not both" "$tmp/e3.err" "not both"
run e4 "$tmp/game.pgn" --nodes x
[ "$rc" -eq 2 ] || { echo "FAIL: --nodes x: exit $rc"; fail=1; }
check "a bad number" "$tmp/e4.err" "'x' is not a whole number"
# the option named, not its value twice (issue 34: "0 0 is out of range")
run e7 "$tmp/game.pgn" --nodes 0
[ "$rc" -eq 2 ] || { echo "FAIL: --nodes 0: exit $rc"; fail=1; }
check "--nodes 0 named" "$tmp/e7.err" "^congo: --analyse: --nodes: 0 is out of range"
run e8 "$tmp/game.pgn" --movetime=x
check "--movetime=x named" "$tmp/e8.err" "^congo: --analyse: --movetime: 'x' is not"
run e5
[ "$rc" -eq 2 ] || { echo "FAIL: no file: exit $rc"; fail=1; }
check "no file" "$tmp/e5.err" "a game record (FILE) is needed"
run e6 "$tmp/game.pgn" --game 2
[ "$rc" -eq 1 ] || { echo "FAIL: --game 2 of one: exit $rc"; fail=1; }
check "no game 2" "$tmp/e6.err" "no game 2"

[ "$fail" -eq 0 ] && echo "PASS"
exit $fail
