#!/bin/sh
# test_ui_editor.sh: the board editor (issue 24) in the full-screen game,
# in tmux: E opens it on the game's position, X empties the board, Enter
# is refused with the problem named (no lion, a lion outside its castle),
# pieces are put with their letters (Shift for White, Shift+E the white
# elephant, not a way out) and taken with x, u undoes the last changes,
# :fen shows the editor's position and puts it on the clipboard (tmux's
# buffer, OSC 52), Enter goes through the new-game dialog (Black: the AI)
# to a game from the position, the AI moves and so do we; Esc leaves the editor with the
# game unchanged. Every wait polls with a deadline, no fixed sleeps.
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 error.

set -u

tmux_prefix=cged pane=ed
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C

# expect_fen FEN: :fen shows the editor's position on the message line.
expect_fen() {
	command_line fen
	wait_for "^$1  \\(copied\\)"
}

note "tmux starts the game, two humans"
T new-session -d -s ed -x 100 -y 32 "$congo --white human --black human; \
    echo congo-exit=\$?; sleep 30" || exit 99
T set-option -g set-clipboard on >/dev/null 2>&1
wait_for 'White to move'

note "E opens the editor on the start position"
keys E
wait_for 'Board editor'
expect 'Editing d1: White to move, congo'
expect_fen 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1'

note "Esc leaves it, the game as it was"
keys Escape
wait_for 'left the editor'
wait_gone 'Board editor'
expect 'White to move'

note "X empties the board; Enter is refused: no white lion"
keys E
wait_for 'Board editor'
keys X
expect_fen '7/7/7/7/7/7/7 w 0 1'
keys Enter
wait_for 'Illegal set-up: no white lion'
shown 'New game' && fail "the dialog opened on an illegal set-up"

note "L on d1 (the cursor starts there), l on a7: outside its castle"
keys L
expect_fen '7/7/7/7/7/7/3L3 w 0 1'
keys Up Up Up Up Up Up Left Left Left l
expect_fen 'l6/7/7/7/7/7/3L3 w 0 1'
keys Enter
wait_for 'Illegal set-up: the black lion on a7 is outside its castle'

note "x takes it, l on d7, Z on d3, Tab: Black to move"
keys x Right Right Right l
expect_fen '3l3/7/7/7/7/7/3L3 w 0 1'
keys Down Down Down Down Z Tab
expect_fen '3l3/7/7/7/3Z3/7/3L3 b 0 1'
expect 'Black to move'

note "Shift+E on c3: a white elephant, the editor stays open (it used to leave)"
keys Left E
expect_fen '3l3/7/7/7/2EZ3/7/3L3 b 0 1'
expect 'Board editor'
note "u undoes it, u again the side to move (the cursor back on d3); Tab"
keys u
expect_fen '3l3/7/7/7/3Z3/7/3L3 b 0 1'
keys u
expect_fen '3l3/7/7/7/3Z3/7/3L3 w 0 1'
keys Tab
expect_fen '3l3/7/7/7/3Z3/7/3L3 b 0 1'

note "two white zebras: more than congo has"
keys Left Z
expect_fen '3l3/7/7/7/2ZZ3/7/3L3 b 0 1'
keys Enter
wait_for 'Illegal set-up: 2 white zebras: congo has 1 a side'
keys Z

note ":fen shows the position and copies it (OSC 52 into tmux's buffer)"
expect_fen '3l3/7/7/7/3Z3/7/3L3 b 0 1'
wait_clipboard '^3l3/7/7/7/3Z3/7/3L3 b 0 1$' "the FEN"

note "Enter: the new-game dialog with this start, Black the AI: it plays"
keys Enter
wait_for 'New game'
expect 'FEN 3l3/7/7/7/3Z3/7/3L3 b 0 1'
keys Down Right
wait_for 'Black +< AI level 1'
keys Enter
wait_for 'new game of Congo: human against AI level 1'
wait_gone 'Board editor'
wait_for '1\. \.\.\. +[a-g][1-7][a-g][1-7]'
wait_for 'White to move'

note "a move of ours in the game from the edited position"
# The lion's step keeps the zebra between the lions wherever Black's lion
# went (a zebra's move would open the d-file when Black's lion stayed on
# it: the game then asks whether to play it, as a CI run showed), and no
# diagonal from d2 reaches Black's castle.
command_line d1d2
wait_for '2\. d1d2'

quit_game

note "over a timed game the editor pauses the clock; Esc lets it run (issue 57)"
wait_for 'congo-exit=' 10
tmux_kill_session ed
T new-session -d -s ed -x 100 -y 32 "$congo --white human --black human \
    --clock 5+0; echo congo-exit=\$?; sleep 30" || exit 99
wait_for 'White to move'
command_line d2d3
command_line d6d5
wait_for '1\. d2d3 d6d5'
wclock() {
	sed -n 's/.*White  *human  *\([0-9]:[0-9][0-9]\).*/\1/p' "$tmp/screen" |
	    head -n 1
}
secs() {
	echo $((${1%%:*} * 60 + ${1#*:}))
}
capture
t0=$(wclock)
[ -n "$t0" ] || fail "no White clock on the panel"
keys E
wait_for "the game's clock is paused"
# three seconds in the editor (it stays open): White's time stands
_deadline=$(($(date +%s) + 3))
while [ "$(date +%s)" -le "$_deadline" ]; do
	capture
	shown 'Board editor' || fail "the editor closed"
	sleep 0.2
done
keys Escape
wait_for 'left the editor'
t2=$(wclock)
[ $(($(secs "$t0") - $(secs "$t2"))) -le 1 ] ||
    fail "White's clock ran in the editor: $t0 before, $t2 after"
quit_game
echo "PASS"
