#!/bin/sh
# test_ui_details.sh: the rest of a new player's list (issue 34 section
# 5), in tmux beside a CPU hog: Ctrl-U clears a dialog's field and the
# command line; the message log wraps at words; the new-game dialog's
# hint and keys are whole at 40x16; every warning of a settings file with
# many mistakes can be read. Each wait polls with a deadline. Exit status:
# 0 pass, 1 fail, 77 skipped (no tmux), 99 hard error.

set -u

tmux_prefix=cgdet pane=det
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C

start_hog

# A settings file with 45 unknown settings after the real ones.
humans_conf false false
conf="$tmp/config/congo/congo.conf"
i=1
while [ $i -le 45 ]; do
	echo "bogus$i = 1;" >>"$conf"
	i=$((i + 1))
done

tmux_session det 80x24 "$congo; echo congo-exit=\$?; sleep 600"
wait_for 'White to move' 10

note "all the settings' warnings can be read: counted, then in the log"
wait_for '45 warnings about the settings: m shows them all' 5
keys m
wait_for 'Messages, the newest last' 5
expect "'bogus40'"
expect "warning: 5 more warnings about the settings"
keys PPage PPage PPage
wait_for "'bogus1'( |$)" 5
keys Escape
wait_gone 'Messages, the newest last' 5

note "Ctrl-U clears the command line"
keys :
type_text "load some/file.pgn"
wait_for ':load some/file.pgn' 5
keys C-u
wait_gone ':load some' 5
type_text "help"
wait_for '^:help *$' 5
keys Escape

note "the message log wraps at words"
keys :
type_text "load w01x w02x w03x w04x w05x w06x w07x w08x w09x w10x w11x w12x w13x w14x w15x w16x w17x w18x w19x w20x w21x w22x w23x w24x w25x w26x w27x w28x w29x w30x"
keys Enter
wait_for 'w01x' 5
T resize-window -t det -x 60 -y 20
keys m
wait_for 'Messages, the newest last' 5
sleep 0.1
capture
n=$(grep -o 'w[0-9][0-9]x' "$tmp/screen" | sort -u | wc -l)
[ "$n" -eq 30 ] || fail "$n of the 30 words are whole in the log"
grep -Eq '(^|[^ ])w[0-9]?$|^ *[0-9]?x' "$tmp/screen" &&
    fail "a word cut at the end of a line"
keys Escape
wait_gone 'Messages, the newest last' 5

note "at 40x16 the new-game dialog's hint and keys are whole"
T resize-window -t det -x 40 -y 16
keys n
wait_for 'New game' 5
keys Down Down Left
wait_for 'custom' 5
capture
expect 'Enter starts, Esc cancels'
expect '\(5\+3, 0\.5\+0\)'

note "Ctrl-U clears the dialog's field"
keys C-u
wait_for '< custom  >' 5
type_text "2+1"
wait_for '< custom 2\+1 >' 5
keys Enter
wait_gone 'New game' 5
T resize-window -t det -x 80 -y 24
wait_for '2\+1' 5
exit 0
