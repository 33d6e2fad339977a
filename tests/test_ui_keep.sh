#!/bin/sh
# test_ui_keep.sh: nothing lost (issue 34 section 2) in the full-screen
# game, in tmux, beside a CPU hog: a game against the AI with a clock,
# two moves each, q says the game is kept and congo says where; congo
# without options asks to resume it, y brings back the same moves and
# clocks (Black's to the second, White's running on from where it
# stopped); a move more, kill -TERM: congo --resume plays on from there.
# Reviewing ([), the panel shows the live clock running, not the reviewed
# ply's. Options that choose a game start it, no question, the kept game
# stays;
# :save over an existing file asks; a kept file that does not read is
# said and moved aside, and congo starts. Every wait polls with a
# deadline, no fixed sleeps.
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 error.

set -u

tmux_prefix=cgkeep pane=keep
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C
kept="$tmp/state/congo/game.pgn"

# run ARGS: congo in the pane's shell, its exit status shown after it.
run() {
	keys C-l
	type_text "clear; '$congo' $*; echo congo-exit=\$?"
	keys Enter
}

# clock_text MS: as the panel shows a time of a minute or more (m:ss).
clock_text() {
	_s=$(($1 / 1000))
	printf '%d:%02d' $((_s / 60)) $((_s % 60))
}

# The kept record's Clocks tag: white's and black's time left, in ms.
kept_clock() {
	sed -n "s/^\[Clocks \"white \([0-9]*\) black \([0-9]*\) .*/\\$1/p" \
	    "$kept"
}

# The panel's clock of a side (White or Black).
panel_clock() {
	sed -n "s/.*  $1  .* \([0-9]*:[0-9][0-9]\)\$/\1/p" "$tmp/screen" |
	    head -n 1
}

secs() {
	echo $((${1%%:*} * 60 + ${1#*:}))
}

start_hog

note "tmux starts a shell"
T new-session -d -s keep -x 110 -y 34 \
    "env PS1='keep\$ ' ENV=/dev/null sh -i" || exit 99
wait_for 'keep\$' 10

note "a game against the AI with a clock: two moves each"
run --white human --black ai:level=1 --clock 5+0
wait_for 'White to move' 10
shown 'Resume' && fail "a question with no game kept"
command_line d2d3
wait_for '1\. d2d3 [a-g][1-7][a-g1-7]*' 15
wait_for 'White to move' 15
[ -f "$kept" ] || fail "no game kept after the first moves"
command_line c2c3
wait_for '2\. c2c3 [a-g][1-7][a-g1-7]*' 15
wait_for 'White to move' 15
moves=$(grep -o '1\. d2d3 [a-g1-7]*' "$tmp/screen")
moves2=$(grep -o '2\. c2c3 [a-g1-7]*' "$tmp/screen")

note "q: the question says the game is kept; congo says where"
keys q
wait_for 'Quit this game\? It is kept' 5
keys y
wait_for 'congo: the game is kept in .*state/congo/game\.pgn' 5
wait_for 'congo-exit=0' 5
grep -q '^\[Clocks "white [0-9]* black [0-9]* running white"\]$' "$kept" ||
    fail "the kept record has no clocks: $(cat "$kept")"
grep -q '^\[Black "AI level 1' "$kept" || fail "no AI level kept"
w=$(kept_clock 1)
b=$(kept_clock 2)

note "congo again: asked to resume; yes: the same moves and clocks"
run
wait_for 'Resume the game kept from last time \(2 moves, human - AI level 1' 10
keys y
wait_for 'resumed the game kept in' 10
expect "$moves"
expect "$moves2"
expect 'White to move'
[ "$(panel_clock Black)" = "$(clock_text "$b")" ] ||
    fail "Black's clock $(panel_clock Black), kept $(clock_text "$b")"
now=$(secs "$(panel_clock White)")
[ "$now" -le $((w / 1000)) ] && [ "$now" -ge $((w / 1000 - 5)) ] ||
    fail "White's clock $(panel_clock White), kept $(clock_text "$w")"

note "a move more, then kill -TERM: kept with the clocks"
command_line b2b3
wait_for '3\. b2b3 [a-g][1-7][a-g1-7]*' 15
wait_for 'White to move' 15
moves3=$(grep -o '3\. b2b3 [a-g1-7]*' "$tmp/screen")
pid=$(pgrep -n -x congo -s "$(T list-panes -t keep -F '#{pane_pid}')")
[ -n "$pid" ] || fail "no congo running in the pane"
kill -TERM "$pid"
wait_for 'congo: the game is kept in' 5
wait_for 'congo-exit=143' 5
grep -q '3\. b2b3' "$kept" || fail "the third move not kept: $(cat "$kept")"

note "options that choose a game start it; the kept one stays"
run --white human --black human
wait_for 'White to move' 10
shown 'Resume' && fail "asked to resume with --white/--black"
keys q
wait_for 'congo-exit=0' 5
grep -q '3\. b2b3' "$kept" || fail "the kept game was replaced"

note "congo --resume: straight to it"
run --resume
wait_for 'resumed the game kept in' 10
expect "$moves3"
shown 'Resume the game' && fail "--resume asked"

note "[ reviews: White's clock still runs on the panel (the live one)"
keys '['
wait_for 'reviewing ply 5 of 6' 5
t1=$(panel_clock White)
_deadline=$(($(date +%s) + 5))
while capture; [ "$(panel_clock White)" = "$t1" ]; do
	[ "$(date +%s)" -gt "$_deadline" ] &&
	    fail "White's clock stood at $t1 while reviewing"
	sleep 0.1
done
[ "$(secs "$(panel_clock White)")" -lt "$(secs "$t1")" ] ||
    fail "White's clock $(panel_clock White) after $t1"
keys '}'
wait_gone 'reviewing ply' 5

note ":save over an existing file asks first"
: >"$tmp/mine.pgn"
command_line "save $tmp/mine.pgn"
wait_for 'mine\.pgn exists: replace it\?' 5
keys n
wait_gone 'replace it\?' 5
[ -s "$tmp/mine.pgn" ] && fail "replaced after no"
command_line "save $tmp/mine.pgn"
wait_for 'mine\.pgn exists: replace it\?' 5
keys y
wait_for 'saved to' 5
grep -q '3\. b2b3' "$tmp/mine.pgn" || fail "not saved after yes"
keys C-c
wait_for 'congo-exit=0' 5

note "two AIs (--config): asked before the game starts, which waits (issue 57)"
cat >"$tmp/aiai.conf" <<'CONF'
white = { type = "ai"; level = 1; };
black = { type = "ai"; level = 1; };
ui = { ai_delay_ms = 0; };
CONF
run --config "$tmp/aiai.conf"
wait_for 'Resume the game kept from last time' 10
# (two AIs at level 1 without a delay play a move in well under a second:
# none may come while the question waits)
_deadline=$(($(date +%s) + 2))
while [ "$(date +%s)" -le "$_deadline" ]; do
	capture
	shown '1\. [a-g][1-7]' && fail "the AIs play behind the question"
	shown 'Resume the game kept' || fail "the question went unanswered"
	sleep 0.1
done
keys n
wait_for '1\. [a-g][1-7][a-g1-7]* [a-g][1-7]' 15
keys C-c
wait_for 'congo-exit=0' 5

note "a kept file that does not read: said, moved aside, congo starts"
printf '1. d2d3 zz9 *\n' >"$kept"
run
wait_for 'the kept game does not read, moved aside as game\.pgn\.bad-[0-9]{8}-[0-9]{6}' 10
expect 'White to move'
[ -f "$kept" ] && fail "the unreadable file is still offered"
ls "$tmp/state/congo/" | grep -q '^game\.pgn\.bad-' ||
    fail "the unreadable file was not moved aside"
keys C-c
wait_for 'congo-exit=0' 5

echo PASS
exit 0
