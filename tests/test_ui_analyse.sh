#!/bin/sh
# test_ui_analyse.sh: a whole game's analysis in the full-screen game
# (issue 24), in tmux. Loads a fixed record, starts :analyse slowly and
# sees the progress bar with the time left, cancels it, analyses it at a
# fixed node count to the end (the summary with each side's accuracy, the
# evaluation graph), clicks on the graph (the move of that column shown),
# steps with > from the start to the first blunder
# (the message names it and the better move, the move list marks it ??),
# back with < to the mark before it, saves the game and finds the marks and
# evaluations in the file, and loads that file again: its marks show
# without a new analysis; so do those of congo --analyse's output.
#
# Every wait polls with a deadline. Exit status: 0 pass, 1 fail, 77
# skipped (no tmux), 99 hard error.

set -u

tmux_prefix=cgaz pane=az
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C

humans_conf true true
cp "$(dirname "$0")/analyse_game.pgn" "$tmp/game.pgn" || exit 99

# The message line (the last line of the screen).
message() {
	tail -n 1 "$tmp/screen"
}

note "tmux starts"
T new-session -d -s az -x 110 -y 34 \
    "env PS1='az\$ ' ENV=/dev/null sh -i" || {
	echo "error: tmux cannot start a session"
	exit 99
}
wait_for 'az\$' 10
type_text "clear; cd $tmp && '$congo' --load game.pgn; echo congo-exit=\$?"
keys Enter
wait_for 'loaded .*game\.pgn \(50 plies' 10

note "> before any analysis says how to start one; :go N"
keys '>'
wait_for 'no analysis yet: :analyse marks the game.s moves' 5
command_line "go 10"
wait_for 'reviewing ply 19 of 50' 5
command_line "go 3..."
wait_for 'reviewing ply 6 of 50' 5
command_line "go 70"
wait_for "go: 70: the game's moves are 1 to 25" 5
keys '}'
wait_gone 'reviewing ply' 5

note "a slow analysis: the progress bar and the time left, cancelled"
command_line "analyse movetime 300"
wait_for 'Analysing \[[= ]*\] [0-9]+/51, [0-9]+ s left' 10
command_line "analyse stop"
wait_for 'analysis cancelled \([0-9]+ of 51 positions done\)' 10
wait_gone 'Analysing \[' 5

note "at 3000 nodes a position, to the end"
command_line "analyse nodes 3000"
wait_for 'analysis done in [0-9.]+ s  \(> next mistake, < previous\): White [0-9]+% [0-9]+\?! [0-9]+\? [0-9]+\?\?  Black [0-9]+% [0-9]+\?! [0-9]+\? [0-9]+\?\?' 60
# the panel's summary over the graph
expect ' White [0-9]+% [0-9]+\?! [0-9]+\? [0-9]+\?\?  Black [0-9]+% [0-9]+\?! [0-9]+\? [0-9]+\?\? *$'
# the graph: bars of . : # (no UTF-8 here) in the panel
expect '[.:#]{8,}'

note "a click on the graph shows that move"
# The panel starts at column 68 (110 columns: the board's 3 + 7 * 9 + 2)
# and is 42 wide: the graph's 40 columns from column 69, 50 plies on 40
# columns, column c standing for ply ((c + 1) * 50 - 1) / 40. A click on
# c = 10 (column 80 counted from 1, the graph's second row) shows the
# position after ply 13 + 1.
L=$(grep -n ' White [0-9]*% [0-9]*?! ' "$tmp/screen" | head -n 1 | cut -d: -f1)
[ -n "$L" ] || fail "no summary line"
# press and release, as an xterm sends them (ESC [ M, 32 + button, 32 +
# column, 32 + row; columns and rows from 1)
click() {
	_x=$(printf '%x' $((32 + $1)))
	_y=$(printf '%x' $((32 + $2)))
	T send-keys -t "$pane" -H 1b 5b 4d 20 "$_x" "$_y" 1b 5b 4d 23 "$_x" "$_y"
}
click 80 $((L + 2))
wait_for 'reviewing ply 14 of 50' 5
keys '}'
wait_gone 'reviewing ply' 5

note "from the start, > to the first blunder"
first_mark=
keys '{'
wait_for 'review' 5
found=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	before=$(message)
	keys '>'
	_deadline=$(($(date +%s) + 5))
	while :; do
		capture
		[ "$(message)" != "$before" ] && break
		[ "$(date +%s)" -gt "$_deadline" ] &&
		    fail "> changed nothing after $i presses"
		sleep 0.05
	done
	# the first mark, to be seen again once the file is loaded
	[ -n "$first_mark" ] || first_mark=$(message |
	    grep -Eo '^ *[0-9]+\.(\.\.)? [^ ]+' | sed 's/^ *//')
	if message | grep -Eq 'Blunder\.'; then
		found=1
		break
	fi
	message | grep -Eq '^ *[0-9]+\.(\.\.)? [a-g][1-7][a-g1-7x~#=S]*(\?!|\?|\?\?) (Inaccuracy|Mistake)\. Better was [a-g][1-7][a-g][1-7]' ||
	    fail "not a marked move's message: $(message)"
done
[ "$found" -eq 1 ] || fail "no blunder reached with >"
# 6... e6f5?? is the first blunder at these nodes by lichess's thresholds
# (congo --analyse agrees: test_analyse_cli.sh runs the same record)
expect '6\.\.\. e6f5\?\? Blunder\. Better was [a-g][1-7][a-g][1-7]\.'
expect '6\.\.\. e6f5\?\?'

note "< back to the mark before it"
keys '<'
wait_for '6\. d3e4\?! Inaccuracy\.' 5

note "saved: the marks and evaluations in the file"
command_line "save $tmp/out.pgn"
wait_for 'saved to' 5
grep -q '10\. d2d3 \$4 {\[%eval' "$tmp/out.pgn" ||
    fail "no \$4 on 10. d2d3 in the saved file: $(cat "$tmp/out.pgn")"
[ "$(grep -o '\[%eval' "$tmp/out.pgn" | wc -l)" -eq 51 ] ||
    fail "not 51 evaluations (the start's and 50 moves') in the saved file"

note "loaded again: the marks show without an analysis"
command_line "load $tmp/out.pgn"
wait_for 'loaded .*out\.pgn' 10
keys '{'
wait_for 'review' 5
keys '>'
[ -n "$first_mark" ] || fail "no first mark seen"
wait_for "$(printf '%s' "$first_mark" | sed 's/[][\.*^$?+(){}|/]/\\&/g') (Inaccuracy|Mistake|Blunder)\. Better was" 5

note "congo --analyse's output loads with its marks"
"$congo" --analyse "$tmp/game.pgn" --nodes 3000 -o "$tmp/cli.pgn" \
    2>"$tmp/cli.err" || fail "congo --analyse: $(cat "$tmp/cli.err")"
command_line "load $tmp/cli.pgn"
wait_for 'loaded .*cli\.pgn' 10
expect ' White [0-9]+% [0-9]+\?! [0-9]+\? [0-9]+\?\?  Black '
keys '{'
wait_for 'review' 5
for i in 1 2 3; do
	keys '>'
done
wait_for '6\.\.\. e6f5\?\? Blunder\. Better was' 5

note "a forced win as #N under the graph"
# The move shown's value under the graph, a forced win as lichess writes
# it (issue 34): 10. d3e4 lets Black take the lion on its next move.
"$congo" --analyse "$(dirname "$0")/analyse_won.pgn" --nodes 20000 \
    -o "$tmp/won2.pgn" 2>"$tmp/won.err" || fail "congo --analyse: $(cat "$tmp/won.err")"
command_line "load $tmp/won2.pgn"
wait_for 'loaded .*won2\.pgn' 10
wait_for '10\.\.\. b1d1#  -10\.00' 5
keys '['
wait_for '10\. d3e4~a4\?\?  #-1' 5

note "quit"
keys q
wait_for 'congo-exit=0' 10
echo "PASS"
