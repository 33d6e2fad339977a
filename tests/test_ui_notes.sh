#!/bin/sh
# test_ui_notes.sh: notes typed on a game's moves (issue 34), in tmux: a
# record loaded shows its glyphs in the move list ($1 as !), the key !
# walks the shown move's glyph (! ? !! ...), :nag sets one, :comment the
# move's comment (said when the move is stepped to), and :save writes both;
# :pgn copies the record to the clipboard (OSC 52, tmux's buffer); a click
# on a move of the move list shows that move.
# Every wait polls with a deadline, no fixed sleeps.
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 error.

set -u

tmux_prefix=cgnt pane=nt
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C

command_line() {
	keys :
	type_text "$1"
	keys Enter
}

cat >"$tmp/config/congo/congo.conf" <<'CONF' || exit 99
ui = { mouse = true; };
CONF
cat >"$tmp/a.pgn" <<'PGN' || exit 99
[Event "t"]
[Result "*"]

1. e2d3 {[%eval 0.10]} g6g5 $6 {[%eval 0.45] Inaccuracy. Better was d6d5.}
2. c1c3 {[%eval 0.40]} a6b5 {[%eval -2.00]} 3. b2a3 $1 {[%eval 0.40]} *
PGN

note "the record's \$1 is shown as ! after its move"
T new-session -d -s nt -x 100 -y 32 "$congo --white human --black human \
    --load '$tmp/a.pgn'; echo congo-exit=\$?; sleep 30" || exit 99
T set-option -g set-clipboard on >/dev/null 2>&1
wait_for 'b2a3!'

note "[ four times: the first move shown; ! gives it a !, then a ?"
keys [ [ [ [
wait_for 'reviewing ply 1 of 5'
keys !
wait_for '1\. e2d3! '
keys !
wait_for '1\. e2d3\? '

note ":nag !? and :comment on it"
command_line 'nag !?'
wait_for '1\. e2d3!\? '
command_line 'comment a quiet start'
wait_for 'comment set'
keys ] [
wait_for '1\. e2d3!\? a quiet start'

note ":save writes them"
command_line "save $tmp/b.pgn"
_deadline=$(($(date +%s) + 10))
until grep -q 'e2d3 \$5 {\[%eval 0.10\] a quiet start}' "$tmp/b.pgn" 2>/dev/null; do
	[ "$(date +%s)" -gt "$_deadline" ] &&
	    fail "the saved record lacks the glyph and comment: $(cat "$tmp/b.pgn" 2>/dev/null)"
	sleep 0.05
done
grep -q 'b2a3 \$1' "$tmp/b.pgn" || fail "the record's \$1 was lost"

note ":pgn copies the record (OSC 52 into tmux's buffer)"
command_line pgn
wait_for 'the game record, 5 plies  \(copied\)'
wait_clipboard 'e2d3 \$5 {\[%eval 0.10\] a quiet start}' "the record"
T show-buffer | grep -q '^\[Event ' || fail "the copied record has no tags"

note "a click on a move of the move list shows it (Black's, then White's)"
keys '}'
wait_gone 'reviewing ply'
# press and release, as an xterm sends them (ESC [ M, 32 + button, 32 +
# column, 32 + row; columns and rows from 1)
click() {
	_x=$(printf '%x' $((32 + $1)))
	_y=$(printf '%x' $((32 + $2)))
	T send-keys -t "$pane" -H 1b 5b 4d 20 "$_x" "$_y" 1b 5b 4d 23 "$_x" "$_y"
}
# where WORD is on the screen: "ROW COLUMN", from 1
where() {
	capture
	awk -v w="$1" '{ i = index($0, w); if (i) { print NR, i; exit } }' \
	    "$tmp/screen"
}
set -- $(where '2. c1c3 a6b5')
[ $# -eq 2 ] || fail "the move list has no line 2. c1c3 a6b5"
click $(($2 + 9)) "$1"
wait_for 'reviewing ply 4 of 5'
click $(($2 + 4)) "$1"
wait_for 'reviewing ply 3 of 5'

note ":go 1... shows g6g5?! with its better move's squares marked (+p+ on d6)"
shown '\+p\+' && fail "a better move marked before its move is shown"
command_line 'go 1...'
wait_for 'reviewing ply 2 of 5'
wait_for '\+p\+'
expect 'Better was d6d5'

note "the evaluation graph: six rows at this height, its 50% line under a6b5's bar"
# a6b5 (-2.00) stands below the middle: the line ("__", two columns a
# ply) is drawn over it; the graph's rows end above "Moves"
wait_for '__'
G=$(grep -n '__' "$tmp/screen" | head -n 1 | cut -d: -f1)
M=$(grep -n 'Moves' "$tmp/screen" | head -n 1 | cut -d: -f1)
[ $((M - G)) -ge 4 ] || fail "the graph is not taller: 50% line on row $G, Moves on $M"

quit_game
echo "PASS"
