#!/bin/sh
# test_ui_newcomer.sh: what a new player met in the full-screen game
# (issue 25 section 4), in tmux: each check starts src/congo in a window of
# the size the player had and reads the screen with capture-pane.
#
# Every wait polls with a deadline: no fixed sleeps. Exit status: 0 pass,
# 1 fail, 77 skipped (no tmux), 99 hard error.

set -u

tmux_prefix=cgnc pane=nc
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C
srcdir=$(cd "$(dirname "$0")/.." && pwd)

humans_conf true false

# A session that stays: the tmux server lives while the game's windows come
# and go.
tmux_session base 80x24 "sleep 3600"

# window COLSxROWS COMMAND: COMMAND alone in a new window (session nc) of
# that size; the window of the last call goes first.
window() {
	tmux_kill_session nc
	T new-session -d -s nc -x "${1%x*}" -y "${1#*x}" "$2" ||
	    fail "tmux cannot start a session"
}

# play COLSxROWS ARGS...: congo alone in a new window of that size;
# waits for the board.
play() {
	_size=$1
	shift
	window "$_size" \
	    "CONGO_DATADIR='${CONGO_DATADIR:-$srcdir/data}' $congo $*; echo congo-exit=\$?; sleep 600"
	wait_for 'to move|congo-exit|Lessons: learn|too small' 10
}

# ---- a first start: where the rules and an easier AI are ----
note "100x32: a first start points at :learn and the new-game dialog"
[ ! -e "$XDG_STATE_HOME/congo/newgame" ] || fail "not a first start"
play 100x32
expect 'Welcome to Congo\. New to the game\? :learn teaches it; n picks an easier AI\.'
# a game chosen in the dialog: the next start greets as usual
keys n
wait_for 'New game' 5
keys Enter
wait_for 'new game of Congo' 5
play 100x32
expect 'Welcome to Congo\. Arrows and Enter move a piece, \? shows the keys and rules\.'

# ---- item 1: the opponent's name is never cut to nothing ----
for size in 100x32 80x24 130x40; do
	note "$size: the AI's name and level in the panel"
	play "$size" --black ai:level=6
	expect 'Black +AI level 6'
done
note "100x32: a long name (the AI at full strength, 1.234 s) is shortened, not left out"
play 100x32 --black alphabeta --movetime 1234
expect 'Black +AI full strength \(1\.2'

# ---- item 16: below 66 columns, the board alone ----
for size in 60x20 40x16; do
	note "$size: a compact layout, the board and the status line"
	play "$size" --clock 5+0
	expect '^ *a +b +c +d +e +f +g *$'
	expect '^ *1 +G +M +\[ E \]\[ L \]\[ E \] +C +Z *$'
	expect 'White to move  \|  W 5:00'
	shown 'too small' && fail "refused although the board fits"
	awk -v w="${size%x*}" 'length($0) > w { exit 1 }' "$tmp/screen" ||
	    fail "drawn past the screen's width"
done
note "39x16: too small, and the size that is needed"
play 39x16
wait_for 'need 40x12, have 39x16' 5

# ---- item 7: the new-game dialog says what each value is ----
# field NAME: Down until the dialog's cursor is on that field.
field() {
	_i=0
	while capture; ! shown "> $1 "; do
		[ $_i -ge 6 ] && fail "no field $1 in the dialog"
		keys Down
		wait_for '> [A-Z][a-z]+ ' 5
		_i=$((_i + 1))
	done
}
note "the new-game dialog: level names as the panel's, labelled values"
play 100x32 --black ai:level=3
expect 'Black +AI level 3 \(Learner\)'
keys n
wait_for 'New game' 5
expect 'Black +AI level 3 \(Learner\)'
field Clock
expect '< none >'
keys Left
wait_for '< custom 5\+0 >' 5
expect 'Type the clock: minutes\+seconds'
field Start
keys Right
wait_for '< FEN \(type or paste one\) >' 5
expect 'Type or paste the position'
keys Escape
wait_for 'White to move' 5

# ---- item 17: eight colours, the variant named ----
note "TERM=xterm (8 colours): light and dark land squares differ"
play 100x32 --variant megapawn
expect 'Megapawn  move 1'
window 100x32 "TERM=xterm CONGO_DATADIR='$srcdir/data' $congo; sleep 600"
wait_for 'to move' 10
expect 'Congo  move 1'
# The first line of the board: a1-style light squares (green background,
# 42) and dark ones (black background, 40) beside each other.
T capture-pane -e -p -t nc | sed -n 1p >"$tmp/esc"
grep -q '\[42m' "$tmp/esc" && grep -q '\[32m.\[40m' "$tmp/esc" ||
    fail "8 colours: the land squares look the same"

# ---- item 8: --learn without its data ----
note "--learn without lessons: a message that says where and how, status 1"
window 100x32 \
    "CONGO_DATADIR=/nonexistent $congo --learn; echo congo-exit=\$?; sleep 600"
wait_for 'congo-exit=1' 10
expect 'no lessons\.txt found; looked in /nonexistent \(CONGO_DATADIR\)'
expect 'set CONGO_DATADIR to the folder'
shown 'to move' && fail "an ordinary game opened"
note "the uninstalled program finds data/ by itself (no CONGO_DATADIR)"
window 100x32 \
    "unset CONGO_DATADIR; $congo --learn; echo congo-exit=\$?; sleep 600"
wait_for 'Lessons: learn Congo' 10

# ---- item 9: unknown settings are named with file:line ----
note "unknown settings in congo.conf: warned with file:line, a near name"
printf 'fooo = 3;\nui = { wran = false; };\n' >"$tmp/unknown.conf"
play 100x32 --config "$tmp/unknown.conf"
expect "2 warnings about the settings: m shows them all"
keys m
wait_for "unknown\.conf:1: unknown setting 'fooo'" 5
expect "unknown\.conf:2: unknown setting 'ui\.wran' \(did you mean ui\.warn\?\)"
keys q

# ---- item 4: a selected monkey marks what it can jump ----
note "a selected monkey marks the pawn it can jump (>p<)"
play 100x32 --white human --black human --fen "'2l4/7/7/4p2/1Mp4/7/4L2 w 0 1'"
# The cursor starts on the lion (e1); the monkey is on b3.
keys Left Left Left Up Up Enter
wait_for '\*M\* +\[ +>p< +\]' 5

# ---- items 2, 11, 12: teaching text is never cut ----
note "86x24: a lesson's title wraps in the panel (32 columns)"
play 86x24 --learn
wait_for 'Lessons: learn Congo'
keys Home Down Down Down Down Down Down Enter
wait_for 'Lesson: The crocodile in the *$' 5
expect '^ .* river *$'
note "80x24: a wrong move's reason is whole in the panel"
play 80x24 --learn
wait_for 'Lessons: learn Congo'
keys Home Down Down Down Down Down Down Enter
wait_for 'Slide along the river' 5
command_line a4b4
wait_for '\.\.\. \(m\)' 5
expect '\(taken back; try again\) *$'
note ":solution plays the puzzle's line on the board"
mkdir -p "$tmp/puzzles" || exit 99
cp "$srcdir/data/lessons.txt" "$tmp/puzzles/" || exit 99
printf 'congo\t3l3/7/3C3/7/2E4/3L3/7 w 0 1\t2\td5d6 d7c6 d6c6\tcrocodile-quiet\n' \
    >"$tmp/puzzles/puzzles.tsv"
CONGO_DATADIR="$tmp/puzzles" play 100x32 --puzzle
wait_for 'takes the lion in 2 moves' 5
command_line solution
wait_for 'Solution, played on the board: d5d6 d7c6 d6c6' 5
expect 'White wins'
expect 'The solution is on the board'
expect 'theme crocodile-quiet'

note ":learn over a game: Esc goes back to it, a lesson or p asks first (issue 57)"
play 100x32
command_line d2d3
wait_for '1\. d2d3' 5
command_line learn
wait_for 'Lessons: learn Congo' 5
keys Escape
wait_for 'back to the game' 5
expect '1\. d2d3'
command_line learn
wait_for 'Lessons: learn Congo' 5
keys p
wait_for 'Leave this game for a puzzle\?' 5
keys n
wait_for 'Lessons: learn Congo' 5
keys Enter
wait_for 'Leave this game for the lesson\?' 5
keys n
wait_for 'Lessons: learn Congo' 5
keys Escape
wait_for 'back to the game' 5
expect '1\. d2d3'

note "--puzzle --theme: an unknown theme refused with the list (issue 57)"
play 100x32 --puzzle --theme bogus
wait_for "congo-exit=1" 5
expect "no Congo puzzle has the theme 'bogus'; themes: .*giraffe"
note "--puzzle --theme giraffe: a giraffe puzzle, counted in its set"
n=$(awk -F'\t' '$1 == "congo" && ($5 == "giraffe" || $5 == "giraffe-quiet")' \
    "$srcdir/data/puzzles.tsv" | wc -l)
play 100x32 --puzzle --theme giraffe
wait_for "Puzzle [1-9][0-9]* of $n( |\$)" 5
expect 'Congo giraffe, rated'

echo PASS
