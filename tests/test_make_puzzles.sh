#!/bin/sh
# test_make_puzzles.sh: congo --make-puzzles finds puzzles in self-play and
# every one it prints is proved again by --verify; --known skips those
# already found; a bad puzzle, one repeated with colours swapped, or a bad
# option is refused with a message naming it; --from-tablebases finds
# proved endgame puzzles in tables made here.
# Exit status: 0 pass, 1 fail, 99 hard error.

set -u
tmp_prefix=cmkpz
. "$(dirname "$0")/cli_lib.sh"

fail() {
	echo "FAIL: $*"
	exit 1
}

"$congo" --make-puzzles --games 3 --seed 1 --quiet >"$tmp/p.tsv" ||
    fail "--make-puzzles failed"
n=$(wc -l <"$tmp/p.tsv")
[ "$n" -ge 1 ] || fail "no puzzle in 3 games"
awk -F'\t' 'NF != 5 || $3 < 1 || $3 > 4 { bad = 1 } END { exit bad }' \
    "$tmp/p.tsv" || fail "a line is not variant, FEN, N, line, theme"
"$congo" --make-puzzles --verify "$tmp/p.tsv" >"$tmp/out" ||
    fail "a puzzle it found does not prove: $(cat "$tmp/out")"
grep -q "^$n puzzles, $n proved, 0 failed" "$tmp/out" ||
    fail "verify says: $(cat "$tmp/out")"

# The same games again, knowing their puzzles: nothing new.
"$congo" --make-puzzles --games 3 --seed 1 --quiet --known "$tmp/p.tsv" \
    >"$tmp/again.tsv" || fail "--known failed"
[ ! -s "$tmp/again.tsv" ] || fail "--known printed puzzles again"

# Megapawn from its own start.
"$congo" --make-puzzles --variant megapawn --games 2 --seed 2 --quiet \
    >"$tmp/m.tsv" || fail "--variant megapawn failed"
if [ -s "$tmp/m.tsv" ]; then
	awk -F'\t' '$1 != "megapawn" { bad = 1 } END { exit bad }' "$tmp/m.tsv" ||
	    fail "a megapawn puzzle not marked megapawn"
	"$congo" --make-puzzles --verify "$tmp/m.tsv" >/dev/null ||
	    fail "a megapawn puzzle does not prove"
fi

# A wrong puzzle: its line is named.
head -1 "$tmp/p.tsv" >"$tmp/bad.tsv"
printf 'congo\t3l3/7/7/7/7/3E3/3L3 w 0 1\t1\td1d7\tlion-face\n' >>"$tmp/bad.tsv"
"$congo" --make-puzzles --verify "$tmp/bad.tsv" >/dev/null 2>"$tmp/err" &&
    fail "a wrong puzzle passed --verify"
grep -q "bad.tsv:2: no forced lion capture within 1" "$tmp/err" ||
    fail "the error does not name the line: $(cat "$tmp/err")"
printf 'congo\tx\t9\td1d7\tt\n' >"$tmp/bad2.tsv"
"$congo" --make-puzzles --verify "$tmp/bad2.tsv" >/dev/null 2>"$tmp/err" &&
    fail "a malformed line passed"
grep -q "bad2.tsv:1: N '9' is not 1..4" "$tmp/err" ||
    fail "malformed: $(cat "$tmp/err")"

# The same position with colours swapped (or mirrored): refused.
printf 'congo\t2l4/4M2/7/7/7/3L3/7 w 0 1\t2\te6d7 c7c6 d7b5\tmonkey-quiet\n' \
    >"$tmp/dup.tsv"
printf 'congo\t7/3l3/7/7/7/4m2/2L4 b 0 1\t2\te2d1 c1d1 d6d1\tlion-face-quiet\n' \
    >>"$tmp/dup.tsv"
"$congo" --make-puzzles --verify "$tmp/dup.tsv" >/dev/null 2>"$tmp/err" &&
    fail "a puzzle repeated with colours swapped passed --verify"
grep -q "dup.tsv:2: the position of line 1 with colours swapped" "$tmp/err" ||
    fail "repeated: $(cat "$tmp/err")"

# From the endgame tables (the one-piece ones, made here): wins in 3,
# each proved, theme endgame; --known skips them the second time.
"$congo" --make-tablebases "$tmp/tb" --variant congo --pieces 1 >/dev/null ||
    fail "--make-tablebases failed"
"$congo" --make-puzzles --from-tablebases --tablebases "$tmp/tb" --max-n 3 \
    --quiet >"$tmp/tb.tsv" || fail "--from-tablebases failed"
[ "$(wc -l <"$tmp/tb.tsv")" -ge 3 ] || fail "few tablebase puzzles"
awk -F'\t' '$3 != 3 || $5 != "endgame" { bad = 1 } END { exit bad }' \
    "$tmp/tb.tsv" || fail "a tablebase puzzle: $(cat "$tmp/tb.tsv")"
"$congo" --make-puzzles --verify "$tmp/tb.tsv" >/dev/null ||
    fail "a tablebase puzzle does not prove"
"$congo" --make-puzzles --from-tablebases --tablebases "$tmp/tb" --max-n 3 \
    --quiet --known "$tmp/tb.tsv" >"$tmp/tb2.tsv" || fail "--known failed"
[ ! -s "$tmp/tb2.tsv" ] || fail "--known printed tablebase puzzles again"
XDG_DATA_HOME="$tmp/xdg" CONGO_DATADIR="$tmp/data" "$congo" \
    --make-puzzles --from-tablebases --tablebases "$tmp/none" 2>"$tmp/err" &&
    fail "no tables, yet puzzles"
grep -q "no congo tablebases" "$tmp/err" || fail "no tables: $(cat "$tmp/err")"

# Bad options.
"$congo" --make-puzzles --games 0 2>"$tmp/err" && fail "--games 0 accepted"
grep -q -- "--games must be a number 1..1000000, not '0'" "$tmp/err" || fail "--games 0: $(cat "$tmp/err")"
"$congo" --make-puzzles --frob 2>"$tmp/err"
[ $? -eq 2 ] || fail "an unknown option does not exit 2"
grep -q "unknown option '--frob'" "$tmp/err" || fail "--frob: $(cat "$tmp/err")"
"$congo" --make-puzzles --variant chess 2>"$tmp/err" && fail "chess accepted"
echo PASS
