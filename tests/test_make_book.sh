#!/bin/sh
# test_make_book.sh: `congo --make-book` and `congo --match --book FILE`
# (issue 61), the real src/congo end to end: the same seed makes the same
# file and another seed another; every opening is in the window when
# searched again at the same depth (--verify), and a narrower window
# names those outside; a Megapawn book; the match runner plays a book
# file (its openings, the pentanomial report); a bad line is refused with
# FILE:LINE before any game, and so are a book of another variant, an
# empty one, a missing one, and bad options.
# Exit status: 0 pass, 1 fail, 99 hard error.

set -u

tmp_prefix=congo-book
. "$(dirname "$0")/cli_lib.sh"

mk="--count 6 --plies 6 --depth 3 --window 40,200"
# shellcheck disable=SC2086
"$congo" --make-book $mk --seed 5 --output "$tmp/a.txt" 2>"$tmp/a.err" ||
    { echo "FAIL: --make-book failed:"; cat "$tmp/a.err"; fail=1; }
# shellcheck disable=SC2086
"$congo" --make-book $mk --seed 5 >"$tmp/b.txt" 2>&1 ||
    { echo "FAIL: --make-book to stdout failed"; fail=1; }
# shellcheck disable=SC2086
"$congo" --make-book $mk --seed 6 >"$tmp/c.txt" 2>&1 ||
    { echo "FAIL: --make-book --seed 6 failed"; fail=1; }
cmp -s "$tmp/a.txt" "$tmp/b.txt" ||
    { echo "FAIL: the same seed made two books:"; diff "$tmp/a.txt" \
    "$tmp/b.txt"; fail=1; }
cmp -s "$tmp/a.txt" "$tmp/c.txt" &&
    { echo "FAIL: seeds 5 and 6 made the same book"; fail=1; }
n=$(grep -vc '^#' "$tmp/a.txt")
[ "$n" = 6 ] || { echo "FAIL: $n openings, not 6:"; cat "$tmp/a.txt"; fail=1; }
check header "$tmp/a.txt" "^# congo --make-book --count 6 --variant congo --plies 6 --depth 3 --window 40,200 --seed 5$"
check variant "$tmp/a.txt" "^# variant congo$"
# no position twice
lines=$(grep -v '^#' "$tmp/a.txt" | sed 's/ *#.*//' | sort -u | wc -l)
[ "$lines" -eq 6 ] || { echo "FAIL: a line twice"; fail=1; }

# searched again at the same depth: every one in the window
"$congo" --make-book --verify "$tmp/a.txt" --depth 3 --window 40,200 \
    >"$tmp/verify.out" 2>&1 ||
    { echo "FAIL: --verify refused the book it made:"; \
    cat "$tmp/verify.out"; fail=1; }
check verify "$tmp/verify.out" "^0 of 6 openings outside the window 40..200"
# a window that leaves some out: named, exit 1
if "$congo" --make-book --verify "$tmp/a.txt" --depth 3 --window 200,300 \
    >"$tmp/verify2.out" 2>&1; then
	echo "FAIL: --verify passed a book outside 200..300"; fail=1
fi
check verify2 "$tmp/verify2.out" "^opening 1 (.*): [-+][0-9]*, outside 200..300"

# Megapawn
"$congo" --make-book --variant megapawn --count 3 --plies 6 --depth 3 \
    --seed 2 >"$tmp/mp.txt" 2>&1 || { echo "FAIL: megapawn book"; fail=1; }
check mpvariant "$tmp/mp.txt" "^# variant megapawn$"
"$congo" --make-book --variant megapawn --verify "$tmp/mp.txt" --depth 3 \
    >"$tmp/mpverify.out" 2>&1 ||
    { echo "FAIL: megapawn --verify:"; cat "$tmp/mpverify.out"; fail=1; }

# the match runner plays the book: 4 games, openings 1 and 2 both colours
"$congo" --match --white alphabeta:depth=1 --black alphabeta:depth=1 \
    --book "$tmp/a.txt" --games 4 --pgn "$tmp/g.pgn" >"$tmp/match.out" 2>&1 ||
    { echo "FAIL: a match from the book failed:"; cat "$tmp/match.out"; \
    fail=1; }
check match "$tmp/match.out" "book of 6 openings from $tmp/a.txt"
check match "$tmp/match.out" "^4 games"
check match "$tmp/match.out" "^Ptnml(0-2): \[[0-9, ]*\], pairs 2$"
check match "$tmp/match.out" "^Elo difference (pairs)"
first=$(grep -v '^#' "$tmp/a.txt" | head -n 1 | sed 's/ .*//')
check pgn "$tmp/g.pgn" "^1\. *$first"
"$congo" --match --variant megapawn --white alphabeta:depth=1 \
    --black alphabeta:depth=1 --book "$tmp/mp.txt" --games 2 \
    >"$tmp/mpmatch.out" 2>&1 ||
    { echo "FAIL: a megapawn match from the book:"; cat "$tmp/mpmatch.out"; \
    fail=1; }
check mpmatch "$tmp/mpmatch.out" "book of 3 openings"

# the shipped books: read whole by the runner (every line legal), as many
# openings as congo(6) says, none twice, made by the command of their
# first line
data=${srcdir:-.}/data
for v in congo:2000 megapawn:1000; do
	name=${v%%:*} want=${v#*:}
	f=$data/book-$name.txt
	"$congo" --match --variant "$name" --white random --black random \
	    --book "$f" --games 2 >"$tmp/ship-$name.out" 2>&1 ||
	    { echo "FAIL: $f refused:"; cat "$tmp/ship-$name.out"; fail=1; }
	check "ship-$name" "$tmp/ship-$name.out" "book of $want openings"
	dup=$(grep -v '^#' "$f" | sed 's/ *#.*//' | sort | uniq -d | wc -l)
	[ "$dup" -eq 0 ] || { echo "FAIL: $f: $dup openings twice"; fail=1; }
	check "ship-$name" "$f" "^# congo --make-book --count $want --variant $name "
done

# refused before a game, with FILE:LINE and the reason
refuse() {  # refuse NAME PATTERN ARGS...: not 0, PATTERN in the output
	name=$1 pat=$2
	shift 2
	if "$congo" "$@" >"$tmp/$name.out" 2>&1; then
		echo "FAIL: $name: accepted: $*"; fail=1
	fi
	check "$name" "$tmp/$name.out" "$pat"
	if grep -q "^\[1/" "$tmp/$name.out"; then
		echo "FAIL: $name: a game was played"; fail=1
	fi
}
printf '# a comment\n\ne2e3 e6e5  # +70\ne2e3 e6e5 zz99\n' >"$tmp/bad.txt"
refuse badline "bad book: $tmp/bad.txt:4: 'zz99'" --match --white random \
    --black random --book "$tmp/bad.txt"
printf 'e2e3\ne2e3 a1a1\n' >"$tmp/bad2.txt"
refuse illegal "bad book: $tmp/bad2.txt:2: 'a1a1'" --match --white random \
    --black random --book "$tmp/bad2.txt"
refuse othervariant "$tmp/mp.txt:2: a book of megapawn openings, and the match plays congo" \
    --match --white random --black random --book "$tmp/mp.txt"
printf '# nothing\n\n' >"$tmp/empty.txt"
refuse empty "$tmp/empty.txt: no opening in the file" --match --white random \
    --black random --book "$tmp/empty.txt"
refuse missing "$tmp/none.txt: No such file" --match --white random \
    --black random --book "$tmp/none.txt"
refuse twoways "--book and --openings-plies" --match --white random \
    --black random --book "$tmp/a.txt" --openings-plies 4
refuse verifybad "bad.txt:4: 'zz99'" --make-book --verify "$tmp/bad.txt"
refuse window "--window needs LO,HI centipawns" --make-book --window 9,1
refuse window2 "--window needs LO,HI centipawns" --make-book --window 9
refuse count "--count must be a number" --make-book --count 0
refuse nodes "--nodes must be a number" --make-book --nodes x
# a window nothing falls in: said, exit 1
refuse none "openings in the window" --make-book --count 2 --depth 1 \
    --window 9999,10000

exit $fail
