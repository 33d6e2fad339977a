#!/bin/sh
# test_ui_frozen.sh: the screen never waits for a key (issue 34 section
# 1), in tmux. A terminal sends a click as two writes (the press, then the
# release some 100 ms later), and may cut any escape sequence in pieces;
# the game read them with curses' getch(), which then sat in read() for
# more, and the AI's reply, the clocks and resizes waited for the next
# key. Each check clicks (or sends a sequence in pieces) and then waits,
# with no further key, for the screen to move on by itself.
#
# Every wait polls with a deadline; the only sleeps are the terminal's own
# 100 ms between the pieces it writes. Exit status: 0 pass, 1 fail, 77
# skipped (no tmux), 99 hard error.

set -u

tmux_prefix=cgfz pane=fz
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C

humans_conf true true

tmux_session base 80x24 "sleep 3600"

# play TERM ARGS...: congo alone in a new 100x30 window, with that TERM
# (which says how curses asks for mouse reports: xterm's terminfo for SGR
# reports, screen's for X10); waits for the board.
play() {
	tmux_kill_session fz
	_term=$1
	shift
	T new-session -d -s fz -x 100 -y 30 \
	    "TERM=$_term $congo $*; echo congo-exit=\$?; sleep 600" ||
	    fail "tmux cannot start a session"
	wait_for 'to move|congo-exit' 10
	shown congo-exit && fail "congo did not start"
}

# cell SQ: the column and row (from 1, as mouse reports count them) of
# square SQ: the column of its file's letter under the board, the row of
# its rank's number.
cell() {
	capture
	awk -v f="$(echo "$1" | cut -c1)" -v r="$(echo "$1" | cut -c2)" '
	{ line[NR] = $0 }
	/^ *a +b +c +d +e +f +g *$/ { labels = NR }
	END {
		if (!labels) exit 1
		col = index(line[labels], f)
		for (i = 1; i < labels; i++)
			if (line[i] ~ ("^ *" r " ")) { print col, i; exit }
		exit 1
	}' "$tmp/screen" || fail "no square $1 on the screen"
}

# write TEXT...: each argument one write to the terminal, 100 ms apart (a
# terminal's timing, not a wait for the game). (tmux takes a ';' that ends
# an argument for the end of its command: no piece ends with one.)
write() {
	_first=1
	for _w in "$@"; do
		[ -n "$_first" ] || sleep 0.1
		_first=
		T send-keys -t "$pane" -l -- "$_w"
	done
}

ESC=$(printf '\033')

# sgr_click SQ: press and release of button 1 as SGR reports (what xterm
# and tmux send when curses asks for them), two writes.
sgr_click() {
	set -- $(cell "$1")
	write "$ESC[<0;$1;$2M" "$ESC[<0;$1;$2m"
}

# x10_click SQ: the same in the older X10 form, ESC [ M and three bytes
# of 32 + button, column, row, each report cut after its ESC [.
x10_click() {
	set -- $(cell "$1")
	_x=$(printf '%x' $((32 + $1)))
	_y=$(printf '%x' $((32 + $2)))
	T send-keys -t "$pane" -H 1b 5b
	sleep 0.1
	T send-keys -t "$pane" -H 4d 20 "$_x" "$_y"
	sleep 0.1
	T send-keys -t "$pane" -H 1b 5b 4d 23 "$_x" "$_y"
}

note "clicks b2, b3 (SGR, press and release apart): the AI replies by itself"
play xterm --black alphabeta --movetime 1000
sgr_click b2
wait_for 'Choose a destination' 5
sgr_click b3
# the move list (the status line's "last b2b3" lasts only until the AI's
# reply, which can come before a capture on a busy machine)
wait_for '1\. b2b3' 10
# No key from here on: the reply must come by itself.
wait_for 'White to move +\| +last [a-g][1-7][a-g][1-7]' 20
shown 'last b2b3' && fail "the AI's reply is not on the screen"

note "clicks in X10 reports, each cut in pieces: the AI replies by itself"
play screen --black alphabeta --movetime 1000
x10_click c2
x10_click c3
wait_for '1\. c2c3' 10
wait_for 'White to move +\| +last [a-g][1-7][a-g][1-7]' 20
shown 'last c2c3' && fail "the AI's reply is not on the screen"

note "a report's rest waiting in the buffer while the game was stopped past its 500 ms"
# The first piece is read, then the game is kept from running (SIGSTOP,
# as a loaded machine would) while the rest arrives and the sequence's
# time runs out: woken, it reads what waits before it times anything out.
play screen --white human --black human
set -- $(cell b2)
_x=$(printf '%x' $((32 + $1)))
_y=$(printf '%x' $((32 + $2)))
_pid=$(pgrep -P "$(T display -p -t "$pane" '#{pane_pid}')" | head -n 1)
[ -n "$_pid" ] || fail "no congo under the pane"
T send-keys -t "$pane" -H 1b 5b
sleep 0.3
kill -STOP "$_pid"
T send-keys -t "$pane" -H 4d 20 "$_x" "$_y" 1b 5b 4d 23 "$_x" "$_y"
sleep 0.8
kill -CONT "$_pid"
wait_for 'Choose a destination' 10

note "clicks, then the clock runs on the screen"
play xterm --clock 1+0
sgr_click d2
sgr_click d3
wait_for 'last d2d3' 10
# Black's reports cut in the middle of their numbers: still clicks.
set -- $(cell d6)
write "$ESC[<0;$1" ";$2M" "$ESC[<0;$1;$2m"
set -- $(cell d5)
write "$ESC[<0;$1" ";$2M" "$ESC[<0;$1;$2m"
wait_for 'last d6d5' 10
# Both have moved: White's clock runs, and the screen shows it.
wait_for 'White +human +0:5[0-7]' 10

note "a click, then a resize is drawn at the new size"
sgr_click e2
T resize-window -t fz -x 120 -y 34
wait_for '^ White to move.{80,}q quit *$' 10

note "an Esc alone is the Esc key: the command line closes by itself"
keys :
wait_for '^:' 5
write "$ESC"
wait_gone '^:' 5

note "an arrow key cut after its ESC [ is still an arrow key"
keys :
type_text e2e4
wait_for '^:e2e4' 5
write "$ESC[" "D"
type_text x
wait_for '^:e2ex4' 5
keys Escape
wait_gone '^:' 5

keys q
wait_for 'congo-exit=0|Quit' 10
exit 0
