#!/bin/sh
# test_learn_e2e.sh: lessons and puzzles in the real game, in tmux.
#
# congo --learn: the lesson list, the first lesson played with the cursor
# keys (an illegal move and a wrong move are explained and not played, the
# right ones go on), the lesson marked done in the list and in
# $XDG_STATE_HOME/congo/learn. congo --puzzle: a two-move puzzle (a data
# folder of its own, so the test does not depend on which puzzles ship): a
# wrong first move is refused, the right one answered by the defence, the
# lion taken, the rating kept.
#
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 hard error.

set -u

srcdir=${CONGO_SRCDIR:-$(pwd)}
tmux_prefix=clearn pane=e2e
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
mkdir -p "$tmp/puzzles" || exit 99

# The data folder of the next run is in $tmp/datadir (the pane's shell
# keeps the environment it started with).
cat >"$tmp/run.sh" <<EOF
CONGO_DATADIR=\$(cat "$tmp/datadir")
export CONGO_DATADIR
exec "$congo" "\$@"
EOF
echo "$srcdir/data" >"$tmp/datadir"
T new-session -d -s e2e -x 100 -y 30 "env PS1='e2e\$ ' ENV=/dev/null sh -i" ||
    { echo "error: tmux cannot start"; exit 99; }
T set-option -g remain-on-exit on >/dev/null
wait_for 'e2e\$' 10

start() {
	T send-keys -t e2e -l -- "clear; sh $tmp/run.sh $*; echo congo-exit=\$?"
	keys Enter
}

# ---- a lesson ----
note "congo --learn shows the lessons"
start --learn
wait_for 'Lessons: learn Congo one rule at a time \(0 of 17 done\)' 10
expect '\[ \]  1\. The lion and its castle'
expect '\[ \] 13\. How a game ends'

note "End, Up, Enter: the next to last lesson"
keys End Up Enter
wait_for 'Lesson: The Megapawn' 5
expect 'step 1 of 2'

note ":solution names the move, u starts the step again"
type_text ":solution"
keys Enter
wait_for 'Solution: d3f5' 5
keys u
wait_for '^Take the crocodile with the Megapawn' 5

note ":learn goes back to the list; Home, Down, Up: the first lesson"
type_text ":learn"
keys Enter
wait_for 'Lessons: learn Congo one rule at a time' 5
keys Home Down Up

note "the first lesson, first step"
keys Enter
wait_for 'Step the lion one square diagonally, to d3' 5
expect 'step 1 of 2'

note "an illegal move is explained and not played"
# The cursor starts on the lion (c2); b2 is outside the castle.
keys Enter Left Enter
wait_for 'c2b2: A lion may not leave its castle' 5
expect 'White to move'

note "a typed illegal move is explained too"
type_text ":c2c5"
keys Enter
wait_for 'c2c5: A lion steps one square at a time' 5

note "a wrong move is explained and taken back"
keys Escape Right Enter Down Enter
wait_for 'c2c1: The goal is to reach d3 \(taken back; try again\)' 5
expect 'White to move'

note "the right move goes on"
keys Up Enter Up Right Enter
wait_for 'Right! The lion moves like a chess king' 5
keys Enter
wait_for 'step 2 of 2' 5
expect 'Take the black pawn that your lion may reach'

note "a: a hint, not the goal again"
keys a
wait_for 'Hint: move the lion on e2' 5

note "the last step: the lesson is done"
keys Enter Left Up Enter
wait_for 'Right: f3 lies outside the castle' 5
shown 'Right! Right' && fail "Right! said twice"
keys Enter
wait_for 'Lesson done: The lion and its castle' 5
expect '\[x\]  1\. The lion and its castle'
expect '\(1 of 17 done\)'
grep -qx 'lesson lion' "$tmp/state/congo/learn" ||
    fail "the lesson is not kept in the state file"
keys q
wait_for 'to move' 5
keys q
wait_for 'congo-exit=0' 10

# ---- a puzzle ----
cp "$srcdir/data/lessons.txt" "$tmp/puzzles/" || exit 99
printf 'congo\t3l3/7/3C3/7/2E4/3L3/7 w 0 1\t2\td5d6 d7c6 d6c6\tcrocodile-quiet\n' \
    >"$tmp/puzzles/puzzles.tsv"
echo "$tmp/puzzles" >"$tmp/datadir"

note "congo --puzzle serves the puzzle"
keys C-l
start --puzzle
wait_for 'White to move takes the lion in 2 moves' 10
expect 'Puzzle 1 of 1'
shown 'theme' && fail "the theme gives the answer away before the solve"
expect 'Your rating \(tester\): 1000'

note "a wrong first move is refused"
# The cursor starts on the lion (d2); the elephant is on c3.
keys Left Up Enter Up Enter
wait_for 'c3c4 does not win' 5
expect 'White to move'

note "no taking back in a puzzle"
type_text ":undo"
keys Enter
wait_for 'no taking back in a puzzle' 5

note ":hint names the piece"
type_text ":hint"
keys Enter
wait_for 'Hint: move the crocodile on d5' 5
expect '\+C\+'

note "the right move is answered by the defence"
keys Right Up Enter Up Enter
wait_for 'Good\. Black answers [a-g][1-7][a-g][1-7]; the lion falls in 1' 5
answer=$(sed -n 's/.*Black answers \([a-g][1-7][a-g][1-7]\).*/\1/p' "$tmp/screen" | head -1)
# The winning move now, from the engine.
final=$(printf 'position fen 3l3/7/3C3/7/2E4/3L3/7 w 0 1 moves d5d6 %s\ngo depth 2\n' \
    "$answer" | "$congo" --engine | sed -n 's/^bestmove \([a-g1-7]*\).*/\1/p')
[ -n "$final" ] || fail "no winning move from the engine"

note "the lion falls: solved"
type_text ":$final"
keys Enter
wait_for 'Solved after a miss! Rating [0-9]+ \([+-][0-9]+\)' 5
expect 'White wins'
expect 'theme crocodile-quiet'
expect 'Solved: White took the lion'
shown 'more move' && fail "the panel still counts the moves left"
grep -q '^player tester ' "$tmp/state/congo/learn" ||
    fail "the rating is not kept"
keys Enter
wait_for 'Every puzzle is solved' 5
keys q
wait_for 'congo-exit=0' 10

# ---- :learn and :puzzle from a game ----
note ":learn and :puzzle in a game"
keys C-l
start --white human --black human
wait_for 'White to move' 10
type_text ":learn"
keys Enter
wait_for '\(1 of 17 done\)' 5
note "p in the list with every puzzle solved: the list says so"
keys p
wait_for 'Every puzzle is solved' 5
expect '\(1 of 17 done\)'
keys Escape
wait_for 'White to move' 5
type_text ":puzzle"
keys Enter
wait_for 'Every puzzle is solved' 5
type_text ":solution"
keys Enter
wait_for ':solution works in a puzzle or a lesson' 5
keys q
wait_for 'congo-exit=0' 10
echo "PASS"
exit 0
