#!/bin/sh
# test_ui_analysis.sh: continuous analysis in the full-screen game, in tmux.
#
# Starts src/congo (human against human) in a detached tmux session of its
# own, turns analysis on with A and checks the panel shows a score, the
# depth, nodes per second and three lines (MultiPV: distinct first moves,
# each with a score and a depth), one with :analyze 1, two with
# ui.analysis_lines = 2 in congo.conf; steps the review back and
# forward and checks the best line follows the position shown (a Black
# move when Black is to move there, a White one otherwise); turns it off
# with :analyze and checks the process uses no CPU while idle
# (/proc/PID/stat utime+stime unchanged over 2 s, where it grew with
# analysis on); checks it waits while an AI player thinks; and quits with
# analysis running.
#
# Every wait polls with a deadline. Exit status: 0 pass, 1 fail, 77
# skipped (no tmux or no /proc), 99 hard error.

set -u

if [ ! -r /proc/self/stat ]; then
	echo "no /proc: skipped"
	exit 77
fi

tmux_prefix=cgan pane=an
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C

humans_conf true false
cat >"$tmp/vsai.conf" <<'EOF'
white = { type = "human"; };
black = { type = "ai"; algorithm = "alphabeta"; movetime_ms = 120000; };
ui = { ai_delay_ms = 0; analysis_lines = 2; };
EOF
cat >"$tmp/run.sh" <<EOF
echo \$\$ >"$tmp/pid"
exec "$congo" "\$@"
EOF

# The rank of the square the best line starts from (the line under the
# figures of the analysis head).
pv_from_rank() {
	awk '
	/Analysis [-+W B]/ { head = NR }
	head && NR == head + 2 {
		if (match($0, /[a-g][1-7][a-g][1-7]/))
			print substr($0, RSTART + 1, 1)
		exit
	}' "$tmp/screen"
}

# wait_pv_side white|black: the best line starts with a move of that side
# (in these opening positions: from ranks 1-3, or 5-7).
wait_pv_side() {
	_deadline=$(($(date +%s) + 10))
	while :; do
		capture
		r=$(pv_from_rank)
		case "$1:$r" in
		white:[123] | black:[567]) return 0 ;;
		esac
		if [ "$(date +%s)" -gt "$_deadline" ]; then
			fail "the best line does not start with a $1 move (rank '$r')"
		fi
		sleep 0.05
	done
}

cpu_ticks() {
	awk '{ print $14 + $15 }' "/proc/$gpid/stat" 2>/dev/null
}

start() {
	rm -f "$tmp/pid"
	# each start a game of its own: no kept game offered (the kept game
	# is test_ui_keep.sh's)
	rm -f "$tmp/state/congo/game.pgn"
	T send-keys -t an -l -- "clear; sh $tmp/run.sh $*; echo congo-exit=\$?"
	keys Enter
	wait_for 'to move' 10
	gpid=$(cat "$tmp/pid")
	[ -n "$gpid" ] || fail "no pid"
}

note "tmux starts"
T new-session -d -s an -x 100 -y 32 \
    "env PS1='an\$ ' ENV=/dev/null sh -i" || {
	echo "error: tmux cannot start a session"
	exit 99
}
wait_for 'an\$' 10

note "two humans: two moves, then A"
start
# The threads of the game alone: 1 (a ThreadSanitizer build has one more
# of its own once a thread was made).
th0=1
grep -q __tsan_init "$congo" && th0=2
command_line "c2c3"
wait_for '1\. c2c3' 5
command_line "e6d5"
wait_for '1\. c2c3 +e6d5' 5
grep -q 'Analysis' "$tmp/screen" && fail "analysis shown before it was asked"
keys A
wait_for 'analysis on' 5
wait_for 'Analysis [-+][0-9]+\.[0-9]+  depth [0-9]+' 10
wait_for '[0-9.]+[kM]? n/s  [0-9.]+[kM]? nodes' 5
wait_pv_side white

note "three lines, each with its score and depth"
# The first move of each line shown ("2) -0.15 d9  e6e5 c3c4 ...").
line_moves() {
	sed -n 's/.*[1-5]) [-+][0-9.]* d[0-9]*  \([a-g][1-7][a-g][1-7]\).*/\1/p' \
	    "$tmp/screen"
}
wait_for '1\) [-+][0-9]+\.[0-9]+ d[0-9]+  [a-g][1-7][a-g][1-7]' 10
wait_for '2\) [-+][0-9]+\.[0-9]+ d[0-9]+  [a-g][1-7][a-g][1-7]' 10
wait_for '3\) [-+][0-9]+\.[0-9]+ d[0-9]+  [a-g][1-7][a-g][1-7]' 10
grep -Eq '4\) [-+]' "$tmp/screen" && fail "a fourth line shown"
n=$(line_moves | sort -u | wc -l)
[ "$n" -eq 3 ] || fail "not 3 distinct first moves: $(line_moves | tr '\n' ' ')"
line_moves | grep -vq '^[a-g][123]' &&
    fail "the lines are not all White's moves: $(line_moves | tr '\n' ' ')"
command_line "analyze 1"
wait_for 'analysis: 1 line' 5
wait_for 'Analysis [-+][0-9]+\.[0-9]+  depth [0-9]+' 10
wait_gone '2\) [-+]' 5
wait_pv_side white
command_line "analyze 9"
wait_for 'must be 1\.\.5' 5
command_line "analyze 3"
wait_for '3\) [-+][0-9]+\.[0-9]+ d[0-9]+  [a-g][1-7]' 10
wait_pv_side white
# It deepens.
depth_shown() {
	sed -n 's/.*Analysis [-+0-9.]*  depth \([0-9]*\).*/\1/p' "$tmp/screen" |
	    head -1
}
d1=$(depth_shown)
_deadline=$(($(date +%s) + 10))
while :; do
	capture
	d2=$(depth_shown)
	[ -n "$d2" ] && [ "$d2" -gt "$d1" ] && break
	[ "$(date +%s)" -gt "$_deadline" ] &&
	    fail "the depth stays at $d1"
	sleep 0.05
done

note "analysis on uses the CPU"
# 20 ticks (0.2 s of CPU) soon: within a second on an idle machine, later
# on a busy one (CI's parallel distcheck), never while it idles.
t0=$(cpu_ticks)
i=0
while [ $(($(cpu_ticks) - t0)) -lt 20 ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
t1=$(cpu_ticks)
[ $((t1 - t0)) -ge 20 ] ||
    fail "analysis on but only $((t1 - t0)) ticks in $((i / 20)) s"

note "review: the position shown is analysed"
keys '['
wait_for 'reviewing ply 1 of 2' 5
wait_pv_side black
keys '['
wait_for 'reviewing ply 0 of 2' 5
wait_pv_side white
keys ']'
wait_for 'reviewing ply 1 of 2' 5
wait_pv_side black
keys '}'
wait_gone 'reviewing ply' 5
wait_pv_side white

note "a move: analysis follows"
command_line "c3c4"
wait_for '2\. c3c4' 5
wait_pv_side black

note ":analyze turns it off: no CPU while idle"
command_line "analyze"
wait_for 'analysis off' 5
wait_gone 'Analysis' 5
# The process has its threads of the start again (the search's are
# joined): waited for, as a stopped search winds down in its own time
# (slowly under ThreadSanitizer).
i=0
while th=$(awk '/^Threads:/ { print $2 }' "/proc/$gpid/status") &&
    [ "$th" != "$th0" ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
[ "$th" = "$th0" ] || fail "$th threads with analysis off, not $th0"
# Then 2 s of CPU: nothing but at most one clock tick (10 ms, 0.5%), which
# a sanitizer's own background thread may take; a busy loop or a search
# left running takes tens or hundreds.
t0=$(cpu_ticks)
sleep 2
t1=$(cpu_ticks)
[ -n "$t0" ] && [ -n "$t1" ] && [ $((t1 - t0)) -le 1 ] ||
    fail "idle with analysis off, the game used $((t1 - t0)) ticks in 2 s"

note "quit with analysis running"
keys A
wait_for 'Analysis [-+][0-9]' 10
command_line "quit"
wait_for 'congo-exit=0' 5

note "a forced win: #-2 in the head and the lines, their moves shown"
# Black takes the lion on its second move (issue 34: the panel showed
# "1) Black wins the lion in 2" with no move, and the head "Black wins
# the lion in"); the second line whole, not its first move alone.
start --fen "'3l3/1m5/2E4/7/4G2/7/4L2 b 0 1'"
keys A
wait_for 'Analysis #-2  depth [0-9]+' 10
wait_for '1\) #-2 d[0-9]+  b6d4f2 [a-g][1-7][a-g][1-7] [a-g][1-7][a-g][1-7]' 10
wait_for '2\) (#-?[0-9]+|[-+][0-9]+\.[0-9]+) d[0-9]+  [a-g][1-7][a-g][1-7] [a-g][1-7][a-g][1-7] [a-g][1-7]' 10
command_line "quit"
wait_for 'congo-exit=0' 5

note "against the AI: analysis waits while it thinks"
start --config "$tmp/vsai.conf"
keys A
wait_for 'Analysis [-+][0-9]' 10
wait_for '2\) [-+][0-9]+\.[0-9]+ d[0-9]+  [a-g][1-7]' 10
grep -Eq '3\) [-+]' "$tmp/screen" &&
    fail "ui.analysis_lines = 2 but a third line shown"
command_line "c2c3"
# The AI thinks two minutes, so that what is shown while it thinks lasts
# however slowly the screen is read (with 3 s its reply could come before
# a capture on a busy machine, and the screen waited for had passed).
wait_for '1\. c2c3' 10
wait_for 'Analysis: waits for the AI' 10
# The frame drawn down to its last row (the status line) while the AI
# thinks: the lines of the position before are gone at once (issue 25
# item 13).
wait_for 'Black to move +\| +last c2c3' 10
grep -q 'Analysis: waits for the AI' "$tmp/screen" ||
    fail "the analysis did not wait for the AI"
grep -Eq '[12]\) [-+]' "$tmp/screen" &&
    fail "the last position's lines shown while the AI thinks"
shown '1\. c2c3 +[a-g][1-7]' && fail "the AI replied within its two minutes"
note "against the AI: analysis comes back after its reply"
# :undo stops the AI's search and takes c2c3 back; at 300 ms a move the
# AI's reply to c2c3 again is awaited in the move list, where it lasts.
command_line "undo"
wait_for 'took back 1 move' 10
wait_gone '1\. c2c3' 10
command_line "movetime 300"
command_line "c2c3"
wait_for '1\. c2c3 +[a-g][1-7]' 20
wait_for 'Analysis [-+][0-9]' 10
wait_pv_side white
keys C-c
wait_for 'congo-exit=' 5

echo "PASS"
exit 0
