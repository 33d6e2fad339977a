#!/bin/sh
# test_learn_compact.sh: lessons, puzzles and the analysis in the compact
# layout (below 66 columns), in tmux, beside a CPU hog (issue 34 section
# 4): at 60x20 the board moves left and a narrow panel beside it shows the
# lesson (its title, as much of the intro as fits, cut at a word with
# "... (m)", the goal, what was said), the puzzle (its set, its place, what
# it asks) and the analysis (its head and lines, whole values only); at
# 40x16 the rows under the board do. The message log holds the intro
# whole. Before, analysis on showed nothing there and a lesson only its
# goal on the message line.
#
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 hard error.

set -u

srcdir=${CONGO_SRCDIR:-$(pwd)}
tmux_prefix=clcompact pane=cmp
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C CONGO_DATADIR="$srcdir/data"

start() {
	T send-keys -t cmp -l -- "clear; $congo $*; echo congo-exit=\$?"
	keys Enter
}

# Nothing drawn past the screen's width.
within() {
	awk -v w="$1" 'length($0) > w { exit 1 }' "$tmp/screen" ||
	    fail "drawn past the screen's width $1"
}

start_hog

T new-session -d -s cmp -x 60 -y 20 "env PS1='cmp\$ ' ENV=/dev/null sh -i" ||
    { echo "error: tmux cannot start"; exit 99; }
T set-option -g remain-on-exit on >/dev/null
wait_for 'cmp\$' 10

note "60x20: a lesson shows its intro, goal and keys beside the board"
start --learn
wait_for 'Lessons: learn Congo' 10
# the eighth lesson: the monkey, the longest intro but one
keys Down Down Down Down Down Down Down Enter
wait_for '^ {30,}The monkey and its *$' 10
expect 'jumps \(1/'
expect 'The monkey steps'
expect '\.\.\. \(m\)'
expect '^ *1 .*\[ L \].*$'
expect 'Take the pawn with'
within 60
shown 'too small' && fail "refused although the board fits"

note "a hint is kept in the panel"
keys a
wait_for 'Hint: move the monkey' 5
capture
# the panel's copy (beside the board), besides the message line
[ "$(grep -c 'Hint: move' "$tmp/screen")" -ge 2 ] ||
    fail "the hint is not in the panel"

note "the message log holds the intro whole"
keys m
wait_for 'Messages, the newest last' 5
expect 'Lesson: The monkey and its jumps'
expect 'lion wins at once'
keys q
wait_gone 'Messages, the newest last' 5
keys q
keys q
wait_for 'congo-exit=0' 10

note "60x20: a puzzle says what it asks beside the board"
keys C-l
start --puzzle --variant megapawn --theme endgame
wait_for 'Puzzle [0-9]+ of 24' 10
expect 'Megapawn endgame,'
expect 'takes the lion in'
expect 'rated [0-9]+'
within 60
keys q
wait_for 'congo-exit=0' 10

note "60x20: the analysis beside the board, whole values"
keys C-l
start --white human --black human
wait_for 'White to move' 10
keys A
wait_for 'Analysis [+-][0-9]+\.[0-9]+' 15
wait_for '1\) [+-][0-9]+\.[0-9]+ d[0-9]+' 15
expect '^ *1 .*\[ L \]'
within 60
shown 'Analysis [+-][0-9]+\.[0-9]+  [a-z]* *$' &&
    fail "a value cut at the panel's edge"
keys A
wait_gone 'Analysis [+-]' 10
keys q
wait_for 'congo-exit=0|Quit' 10
shown 'congo-exit=0' || keys y
wait_for 'congo-exit=0' 10

note "40x16: the lesson in the rows under the board"
T resize-window -t cmp -x 40 -y 16
keys C-l
start --learn
wait_for 'Lessons: learn' 10
keys Enter
wait_for 'The lion and its castle' 10
expect 'Step the lion one square'
expect '^ *2 .*\[ L \]'
within 40
keys q q
wait_for 'congo-exit=0' 10
echo "PASS"
exit 0
