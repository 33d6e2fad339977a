#!/bin/sh
# test_ui_variation.sh: variations (issue 24 section 3) in the full-screen
# game, in tmux: two humans play three moves, [ reviews, a move played
# with the cursor keys starts a variation (the status bar says so, the
# move list shows it in parentheses under the move it replaces, the game
# is untouched), a typed move goes on in it, one inside it nests; :save,
# a new game (asked first: no goes back to the dialog), :load, and the
# variations are in the move list again and
# ( walks into them. Every wait polls with a deadline, no fixed sleeps.
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 error.

set -u

tmux_prefix=cgvar pane=var
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C

note "tmux starts the game, two humans"
T new-session -d -s var -x 110 -y 34 "$congo --white human --black human; \
    echo congo-exit=\$?; sleep 30" || exit 99
wait_for 'White to move'

note "three moves of the game"
command_line d2d3
wait_for 'Black to move'
command_line d6d5
wait_for '1\. d2d3 +d6d5'
command_line c2c3
wait_for '2\. c2c3'

note "[ reviews ply 2; c2c3's alternative e2e3 with the cursor keys"
keys '['
wait_for 'reviewing ply 2 of 3'
# The cursor is on White's lion (d1): up to e2, Enter, up to e3, Enter.
keys Right Up Enter Up Enter
wait_for 'variation, ply 3'
wait_for '\(2\. e2e3\)'
expect 'variation: 2\. e2e3'
expect '2\. c2c3'

note "a typed move goes on in it; [ and a move inside: nested"
command_line e6e5
wait_for '\(2\. e2e3 e6e5\)'
keys '['
wait_for 'variation, ply 3'
command_line a6a5
wait_for '\(2\. e2e3 e6e5 \(2\.\.\. a6a5\)\)'
expect 'variation, ply 4'

note "80 columns: the status bar keeps whole items, '} the game' and '? help  q quit'"
T resize-window -t var -x 80 -y 34
wait_for ' variation, ply 4 .*  \|  (.*, )?\} the game +\? help  q quit$'
if screen_has 'P promotes, D *$|, [A-Za-z(){}] *$'; then
	fail "the status bar is cut inside an item: $(grep 'variation, ply' "$tmp/screen")"
fi
T resize-window -t var -x 130 -y 34
# (130 columns: the whole bar and "? help  q quit" beside it)
wait_for "D deletes, } the game +\\? help  q quit$"

note "} back to the game: untouched, White... Black to move after c2c3"
keys '}'
wait_gone 'variation, ply'
expect 'Black to move'

note ":save, a new game, :load: the variations again"
command_line "save $tmp/v.pgn"
wait_for 'saved to'
grep -q '2\. c2c3 (2\. e2e3 e6e5 (2\.\.\. a6a5)) \*' "$tmp/v.pgn" ||
    { cat "$tmp/v.pgn"; fail "the record has no variations"; }
keys n
wait_for 'New game'
keys Enter
# over a game in progress Enter asks first; n goes back to the dialog
wait_for 'Leave this game for a new one\?'
keys n
wait_for 'New game'
keys Enter
wait_for 'Leave this game for a new one\?'
keys y
wait_for 'new game'
wait_gone '2\. c2c3'
command_line "load $tmp/v.pgn"
wait_for 'loaded'
wait_for '\(2\. e2e3 e6e5 \(2\.\.\. a6a5\)\)'

note "[ then ( enters the variation; ] steps in it; ) leaves"
keys '['
wait_for 'reviewing ply 2 of 3'
keys '('
wait_for 'variation, ply 3'
keys ']'
wait_for 'variation, ply 4'
keys ')'
wait_for 'reviewing ply 2 of 3'

note "q quits"
keys '}' q
wait_for 'Quit this game'
keys y
wait_for 'congo-exit=0'
echo "PASS"
