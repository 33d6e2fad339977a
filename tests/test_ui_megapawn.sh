#!/bin/sh
# test_ui_megapawn.sh: the full-screen game in the megapawn variant, in
# tmux: `congo --variant megapawn` shows the variant's start, the islands
# (^) beside the deep water (~), the panel counts Q where Congo counts S;
# two humans play moves with the cursor keys and Enter, then a repetition
# typed on the command line ends the game with the status line saying who
# repeated; the help shows the variant's rules. Every wait polls with a
# deadline. Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 error.

set -u

tmux_prefix=cmpui pane=mp
. "$(dirname "$0")/tmux_lib.sh"
# Rank N's pieces as letters, '.' for empty squares (columns of a..g).
rank() {
	awk -v want="$1" '
	{ line[NR] = $0 }
	/^ *a +b +c +d +e +f +g *$/ { labels = NR }
	END {
		s = line[labels]
		for (f = 0; f < 7; f++)
			col[f] = index(s, substr("abcdefg", f + 1, 1))
		for (i = 1; i < labels; i++)
			if (match(line[i], /^ *[1-7] /) &&
			    substr(line[i], RLENGTH - 1, 1) == want) {
				row = ""
				for (f = 0; f < 7; f++) {
					ch = substr(line[i], col[f], 1)
					row = row (ch ~ /[A-Za-z]/ ? ch : ".")
				}
				print row
			}
	}' "$tmp/screen"
}
# Captures again for up to 3 s before it fails (see expect).
expect_rank() {
	_edl=$(($(date +%s) + 3))
	while _got=$(rank "$1"); [ "$_got" != "$2" ]; do
		[ "$(date +%s)" -gt "$_edl" ] &&
		    fail "rank $1 is '$_got', expected '$2'"
		sleep 0.05
		capture
	done
}

tmux_home
utf8_locale

note "tmux starts the game: congo --variant megapawn"
T new-session -d -s mp -x 100 -y 30 "$congo --variant megapawn \
    --white human --black human; echo congo-exit=\$?; sleep 30" || exit 99
wait_for 'White to move'
expect_rank 7 ezclcze
expect_rank 6 ...p...
expect_rank 5 p.p.p.p
expect_rank 3 P.P.P.P
expect_rank 2 ...P...
expect_rank 1 EZCLCZE
expect 'L1 Z2 E2 G0 C2 M0 P5 Q0'
expect 'l1 z2 e2 g0 c2 m0 p5 q0'
grep -q 'S0' "$tmp/screen" && fail "a Superpawn count in megapawn"
# The river's rows: islands ^ on a b and f g, deep water ~ on c d e.
grep -Eq '^ *\^ \^ \^ \^ \^ \^ \^ ~ ~ .*~ \^ \^ \^ \^ \^ \^ \^ *$' \
    "$tmp/screen" || fail "no islands drawn on the river"

note "White d2d3 with the cursor keys (the cursor starts on the lion)"
keys Up Enter Up Enter
wait_for '1\. d2d3'
wait_for 'Black to move'
expect_rank 3 P.PPP.P
expect_rank 2 .......

note "Black d6d5 with the cursor keys (from d3, where White moved)"
keys Up Up Up Enter Down Enter
wait_for '1\. d2d3 +d6d5'
wait_for 'White to move'
expect_rank 6 .......
expect_rank 5 p.ppp.p

note "White a3a4: a pawn on the island a4"
keys Left Left Left Down Down Enter Up Enter
wait_for '2\. a3a4'
capture
expect_rank 3 ..PPP.P

note "a repetition loses: typed moves, White brings back the position after 2. a3a4"
for m in d7c6 a1a2 c6d7 a2a1; do
	keys :
	type_text "$m"
	keys Enter
	wait_for "$m" 10
done
wait_for 'wins: .* repeated a position' 10
expect 'Black wins: White repeated a position'

note "the help shows the variant's rules"
keys '?'
wait_for 'Congo help'
# Page down through the help, keeping every page.
cp "$tmp/screen" "$tmp/help"
# Each page is waited for (the screen changes), not slept for: a loaded
# machine may take longer to draw it. The last pages may not change.
for i in 1 2 3 4 5 6; do
	cp "$tmp/screen" "$tmp/before"
	keys NPage
	_deadline=$(($(date +%s) + 3))
	while capture; cmp -s "$tmp/screen" "$tmp/before" &&
	    [ "$(date +%s)" -le "$_deadline" ]; do
		sleep 0.05
	done
	cat "$tmp/screen" >>"$tmp/help"
done
for want in 'islands \(\^\)' 'P mPawn +one step forward' \
    'Q Megapawn +to any square up to two files' 'deep water \(c4 d4' \
    'Repeating a position \(the start too\) loses'; do
	grep -Eq -- "$want" "$tmp/help" || fail "the help lacks /$want/"
done
grep -q 'Superpawn' "$tmp/help" && fail "the help speaks of a Superpawn"
keys q

note "quit"
keys q
wait_for 'congo-exit=0' 10
echo "PASS"
exit 0
