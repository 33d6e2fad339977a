#!/bin/sh
# test_ui_questions.sh: a question takes y or n and nothing else (issue 34
# section 5): typing ':' (or any key meant for the game) declined a
# takeback offer or a resignation question. In tmux; each wait polls with
# a deadline. Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 hard
# error.

set -u

tmux_prefix=cgqu pane=qu
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C

humans_conf true false

tmux_session qu 100x30 "$congo; echo congo-exit=\$?; sleep 600"
wait_for 'White to move' 10

# R asks (the command line's :resign does not)
note "a question stays through ':' and other keys"
type_text R
wait_for 'Resign\? \(White loses\)' 5
for k in : x u; do
	type_text "$k"
	wait_for 'answer y or n' 5
	expect 'Resign\? \(White loses\)'
done
note "n answers no"
keys n
wait_gone 'Resign\?' 5
expect 'White to move'
note "Esc answers no"
type_text R
wait_for 'Resign\?' 5
keys Escape
wait_gone 'Resign\?' 5
note "y answers yes"
type_text R
wait_for 'Resign\?' 5
keys y
wait_for 'Black wins' 5
exit 0
