#!/bin/sh
# test_ui_e2e.sh: the real full-screen game, end to end, in tmux.
#
# Starts src/congo in a detached tmux session of its own (its own server
# socket, a temporary HOME and XDG folders, a config file), plays a human
# against the random AI with the cursor keys and with `:` commands, checks
# the board, the side panel, the move list and the status line in
# `tmux capture-pane`, resizes the window (down to "too small" and back),
# pauses, steps and resumes an AI-vs-AI game, quits with q, Ctrl-C and
# SIGTERM, and after each exit checks that the terminal was restored
# (alternate screen left, cursor shown, mouse reporting off, stty sane).
#
# Every wait polls with a deadline: no fixed long sleeps.
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux), 99 hard error.

set -u

tmux_prefix=ce2e pane=e2e
. "$(dirname "$0")/tmux_lib.sh"

# ---- the environment of the game: nothing of the user's ----
tmux_home
utf8_locale

# The game's settings: the per-user file (found through XDG_CONFIG_HOME).
cat >"$tmp/config/congo/congo.conf" <<'EOF'
white = { type = "human"; };
black = { type = "ai"; algorithm = "random"; seed = 1; };
ui = { color = true; mouse = true; ai_delay_ms = 0; };
EOF
# AI against AI, given with --config.
cat >"$tmp/aivsai.conf" <<'EOF'
white = { type = "ai"; algorithm = "random"; seed = 2; };
black = { type = "ai"; algorithm = "random"; seed = 3; };
ui = { ai_delay_ms = 250; };
EOF

# The program, started from an interactive shell in the pane: run.sh
# writes its pid and execs congo, the shell prints its exit status.
cat >"$tmp/run.sh" <<EOF
echo \$\$ >"$tmp/pid"
exec "$congo" "\$@"
EOF

# ---- helpers ----


# The pane's state, from tmux formats.
pane() {
	T display-message -p -t e2e "$1"
}

# The board as seen on the screen: 7 lines "7 gmelecz" .. "1 GMELECZ",
# '.' for an empty square. The columns of the squares are those of the
# file letters a..g under the board; a rank's pieces are on the line that
# carries its number.
board() {
	awk '
	{ line[NR] = $0 }
	/^ *a +b +c +d +e +f +g *$/ { labels = NR }
	END {
		if (!labels) { print "no board"; exit }
		s = line[labels]
		for (f = 0; f < 7; f++) {
			c = index(s, substr("abcdefg", f + 1, 1))
			col[f] = c
		}
		for (i = 1; i < labels; i++) {
			if (match(line[i], /^ *[1-7] /)) {
				r = substr(line[i], RLENGTH - 1, 1)
				row = ""
				for (f = 0; f < 7; f++) {
					ch = substr(line[i], col[f], 1)
					row = row (ch ~ /[A-Za-z]/ ? ch : ".")
				}
				print r " " row
			}
		}
	}' "$tmp/screen"
}

# expect_rank N ROW: rank N of the board is ROW (like "PPP.PPP").
# Like expect, it captures again for up to 3 s before it fails.
expect_rank() {
	_edl=$(($(date +%s) + 3))
	while _got=$(board | awk -v r="$1" '$1 == r { print $2 }')
	    [ "$_got" != "$2" ]; do
		[ "$(date +%s)" -gt "$_edl" ] &&
		    fail "rank $1 is '$_got', expected '$2'"
		sleep 0.05
		capture
	done
}

# The number of plies in the panel's move list (the last numbered line).
plies() {
	awk '
	{
		s = $0
		while (match(s, /[0-9]+\. +[a-g][1-7][a-g1-7]*[x#=S~a-g0-9]*( +[a-g][1-7][a-g1-7]*[x#=S~a-g0-9]*)?/)) {
			m = substr(s, RSTART, RLENGTH)
			s = substr(s, RSTART + RLENGTH)
			split(m, w, / +/)
			n = w[1]; sub(/\./, "", n)
			k = (w[3] != "") ? 2 : 1
			last = (n - 1) * 2 + k
		}
	}
	END { print last + 0 }' "$tmp/screen"
}

# start ARGS...: run congo in the pane's shell; wait for the board.
start() {
	rm -f "$tmp/pid" "$tmp/stty"
	# each start a game of its own: no kept game offered (the kept game
	# is test_ui_keep.sh's)
	rm -f "$tmp/state/congo/game.pgn"
	T send-keys -t e2e -l -- "clear; sh $tmp/run.sh $*; echo congo-exit=\$?"
	keys Enter
	wait_for 'to move' 10
	[ "$(pane '#{alternate_on}')" = 1 ] ||
	    fail "the game does not use the alternate screen"
}

# After the game ended: the shell is back and the terminal is sane.
check_restored() {
	wait_for 'congo-exit=[0-9]+' 10
	status=$(sed -n 's/.*congo-exit=\([0-9]*\).*/\1/p' "$tmp/screen" | tail -1)
	[ "$(pane '#{alternate_on}')" = 0 ] ||
	    fail "still on the alternate screen"
	[ "$(pane '#{cursor_flag}')" = 1 ] || fail "the cursor is still hidden"
	for m in mouse_any_flag mouse_button_flag mouse_standard_flag \
	    mouse_all_flag; do
		v=$(pane "#{$m}")
		[ "$v" = 0 ] || [ -z "$v" ] || fail "$m still on"
	done
	[ "$(pane '#{keypad_flag}')" = 0 ] || fail "keypad mode still on"
	shown 'to move' && fail "the game's screen is still shown"
	shown 'Sanitizer|runtime error' && fail "a sanitizer report"
	type_text "stty -a >$tmp/stty 2>&1; echo stty-done"
	keys Enter
	wait_for '^stty-done' 10
	for flag in icanon echo isig icrnl opost; do
		tr ' ;' '\n\n' <"$tmp/stty" | grep -qx -- "$flag" ||
		    fail "stty: $flag is off after the game"
	done
}

# ---- the session: an interactive shell in a 100x30 window ----
note "tmux starts"
T new-session -d -s e2e -x 100 -y 30 \
    "env PS1='e2e\$ ' ENV=/dev/null sh -i" || {
	echo "error: tmux cannot start a session"
	exit 99
}
T set-option -g remain-on-exit on >/dev/null
wait_for 'e2e\$' 10

# ---- 0. a bad config file: a message with file:line, no curses ----
note "a bad config file"
printf 'ui = { color = true; };\nblack = { depth = 65; };\n' >"$tmp/bad.conf"
T send-keys -t e2e -l -- "clear; sh $tmp/run.sh --config $tmp/bad.conf; echo congo-exit=\$?"
keys Enter
wait_for 'congo-exit=[0-9]+' 10
expect "congo: .*bad\.conf:2: black\.depth must be 0\.\.64"
expect 'congo-exit=2'
[ "$(pane '#{alternate_on}')" = 0 ] || fail "a bad config left the alternate screen on"

# ---- 1. human against the random AI ----
note "human vs AI: the start screen"
start
expect_rank 7 gmelecz
expect_rank 6 ppppppp
expect_rank 5 .......
expect_rank 3 .......
expect_rank 2 PPPPPPP
expect_rank 1 GMELECZ
expect 'White to move'
expect 'White +human'
expect 'Black +AI random moves'
expect 'L1 Z1 E2 G1 C1 M1 P7 S0'
expect 'l1 z1 e2 g1 c1 m1 p7 s0'
[ "$(plies)" = 0 ] || fail "moves listed before any move"

note "human vs AI: a square the piece cannot go to: the rule it breaks"
# The cursor starts on the lion of the side to move, d1.
keys Up Enter Up Up Enter
wait_for 'd2d4: A pawn steps one square forward' 5
[ "$(plies)" = 0 ] || fail "an illegal move changed the move list"
keys Escape
wait_for 'Arrows/hjkl move' 5
keys Down Down Down

note "human vs AI: d2d3 with the cursor keys"
# The cursor back on d1.
keys Up Enter Up Enter
wait_for '1\. d2d3 [a-g][1-7]' 10
wait_for 'White to move' 10
expect_rank 3 ...P...
expect_rank 2 PPP.PPP
[ "$(plies)" = 2 ] || fail "the move list has $(plies) plies, not 2"
# The AI moved one black piece: 7 black pieces and pawns still all there
# (a random first move of Black captures nothing).
expect 'l1 z1 e2 g1 c1 m1 p7 s0'
expect 'last [a-g][1-7][a-g][1-7]'

note "human vs AI: c2c3 typed on the command line"
keys :
type_text "c2c3"
keys Enter
wait_for '2\. c2c3 [a-g][1-7]' 10
wait_for 'White to move' 10
expect_rank 3 ..PP...
expect_rank 2 PP..PPP
[ "$(plies)" = 4 ] || fail "the move list has $(plies) plies, not 4"

note "human vs AI: an illegal move is refused"
keys :
type_text "d2d5"
keys Enter
wait_for 'd2d5 is not a legal move' 5
[ "$(plies)" = 4 ] || fail "an illegal move changed the move list"
expect_rank 2 PP..PPP
# one of the mover's pieces: the rule it breaks
keys :
type_text "a2a4"
keys Enter
wait_for 'a2a4: A pawn steps one square forward' 5
[ "$(plies)" = 4 ] || fail "an illegal move changed the move list"

note "human vs AI: b2b3 typed"
keys :
type_text "b2b3"
keys Enter
wait_for '3\. b2b3 [a-g][1-7]' 10
wait_for 'White to move' 10
expect_rank 3 .PPP...

note "save and load the game"
keys :
type_text "save e2e.pgn"
keys Enter
wait_for 'saved to' 5
[ -f "$tmp/data/congo/e2e.pgn" ] || fail "no $tmp/data/congo/e2e.pgn"
grep -q '^1\. d2d3 [a-g][1-7][a-g1-7]* 2\. c2c3 ' "$tmp/data/congo/e2e.pgn" ||
    fail "the saved record: $(cat "$tmp/data/congo/e2e.pgn")"
grep -q '^\[Result "\*"\]$' "$tmp/data/congo/e2e.pgn" ||
    fail "the saved record has no Result *"
keys :
type_text "load e2e.pgn"
keys Enter
# (over a game in progress: asked first, issue 34)
wait_for 'Leave this game to load e2e\.pgn\?' 5
keys y
wait_for 'loaded .*\(6 plies\)' 5
expect_rank 3 .PPP...
expect '3\. b2b3 [a-g][1-7]'
expect 'White to move'

note "resize: 80x24, too small, and back"
T resize-window -t e2e -x 80 -y 24
wait_for '^ *a +b +c +d +e +f +g *$' 5
# Nothing may be drawn beyond column 80.
awk 'length($0) > 80 { exit 1 }' "$tmp/screen" || fail "drawn past 80 columns"
expect_rank 3 .PPP...
expect 'White to move'
expect '3\. b2b3'
T resize-window -t e2e -x 30 -y 10
wait_for 'too small' 5
expect 'need [0-9]+x[0-9]+, have 30x10'
T resize-window -t e2e -x 100 -y 30
wait_for '^ *a +b +c +d +e +f +g *$' 5
expect_rank 3 .PPP...
expect 'White to move'

note "human vs AI: q asks, then quits"
keys q
wait_for 'Quit this game\?' 5
keys y
check_restored
[ "$status" = 0 ] || fail "exit status $status after q"

# ---- 2. AI against AI: pause, step, resume ----
note "AI vs AI: moves come by themselves"
start --config "$tmp/aivsai.conf"
expect 'White +AI random moves'
expect 'Black +AI random moves'
_deadline=$(($(date +%s) + 10))
while capture; [ "$(plies)" -lt 2 ]; do
	[ "$(date +%s)" -gt "$_deadline" ] && fail "the AIs do not move"
	sleep 0.05
done

expect 'delay 250 ms'

note "AI vs AI: p pauses"
keys p
wait_for 'paused' 5
n=$(plies)
# Paused: nothing moves for several times the delay (250 ms).
_deadline=$(($(date +%s) + 2))
while [ "$(date +%s)" -le "$_deadline" ]; do
	capture
	[ "$(plies)" = "$n" ] || fail "a move was played while paused"
	sleep 0.1
done
expect 'paused'

note "AI vs AI: . plays one move while paused"
keys .
_deadline=$(($(date +%s) + 10))
while capture; [ "$(plies)" -le "$n" ]; do
	[ "$(date +%s)" -gt "$_deadline" ] && fail ". did not play a move"
	sleep 0.05
done
m=$(plies)
[ "$m" = $((n + 1)) ] || fail ". played $((m - n)) plies, not 1"
expect 'paused'

note "AI vs AI: p resumes"
keys p
wait_gone 'paused' 5
_deadline=$(($(date +%s) + 10))
while capture; [ "$(plies)" -lt $((m + 2)) ]; do
	[ "$(date +%s)" -gt "$_deadline" ] && fail "no moves after resuming"
	sleep 0.05
done

note "AI vs AI: reviewing while the game goes on"
keys [
wait_for 'reviewing ply' 5
wait_for 'Moves \([0-9]+ new: \} shows them\)' 10
keys \}
wait_gone 'reviewing' 5

note "AI vs AI: Ctrl-C quits at once"
keys C-c
check_restored
[ "$status" = 130 ] || fail "exit status $status after Ctrl-C, not 130"

# ---- 3. SIGTERM restores the terminal too ----
note "SIGTERM"
start
_deadline=$(($(date +%s) + 5))
while [ ! -s "$tmp/pid" ]; do
	[ "$(date +%s)" -gt "$_deadline" ] && fail "no pid file"
	sleep 0.05
done
kill -TERM "$(cat "$tmp/pid")"
check_restored
[ "$status" = 143 ] || fail "exit status $status after SIGTERM, not 143"

# ---- 4. issue 11, "Checked by" ----
note "the new-game dialog"
start --white human --black human
keys n
wait_for 'New game' 5
expect 'Variant'
expect 'Clock'
keys Escape
wait_gone 'New game' 5

note "review: [ [ shows the start, } the live position"
keys :
type_text "d2d3"
keys Enter
wait_for '1\. d2d3' 5
keys :
type_text "d6d5"
keys Enter
wait_for '1\. d2d3 d6d5' 5
keys [
keys [
wait_for 'review' 5
expect 'reviewing ply 0 of 2'
expect_rank 2 PPPPPPP
expect_rank 6 ppppppp
keys \}
wait_gone 'reviewing' 5
expect_rank 3 ...P...
expect_rank 5 ...p...
[ "$(plies)" = 2 ] || fail "review lost moves: $(plies) plies"

note "the command line's history: Up recalls d6d5"
keys :
keys Up
wait_for '^:d6d5' 5
keys Escape
keys q
wait_for 'Quit this game\?' 5
keys y
check_restored
grep -qx 'd6d5' "$tmp/state/congo/history" ||
    fail "no d6d5 in \$XDG_STATE_HOME/congo/history"

note "a move that hangs the lion asks first"
start --white human --black human --fen "'3l3/7/7/7/7/3P3/3L3 w 0 1'"
keys :
type_text "d2c3"
keys Enter
wait_for 'take your lion' 5
keys n
wait_gone 'take your lion' 5
[ "$(plies)" = 0 ] || fail "the move was played though refused"
keys C-c
check_restored

note "idle is idle: a running clock wakes the game once a second"
start --white human --black human --clock 5+0
# Each side's first move is not timed: the clock runs from White's second.
type_text ":d2d3"
keys Enter
type_text ":d6d5"
keys Enter
wait_for '1\. d2d3 d6d5' 10
_deadline=$(($(date +%s) + 5))
while [ ! -s "$tmp/pid" ]; do
	[ "$(date +%s)" -gt "$_deadline" ] && fail "no pid file"
	sleep 0.05
done
gpid=$(cat "$tmp/pid")
t0=$(awk '{ print $14 + $15 }' "/proc/$gpid/stat" 2>/dev/null || echo 0)
sleep 3
t1=$(awk '{ print $14 + $15 }' "/proc/$gpid/stat" 2>/dev/null || echo 0)
# Clock ticks of CPU (1/100 s): redrawing three times costs next to none.
[ $((t1 - t0)) -le 10 ] || fail "$((t1 - t0)) ticks of CPU in 3 s while idle"
wait_for '4:5[5-9]' 5
keys C-c
check_restored

note "a clock: White, who does nothing after its first move, loses on time"
start --white human --black random --clock 0.05+0
sleep 1
shown 'White loses on time' && fail "a clock ran before the first move"
expect '3\.0'
type_text ":d2d3"
keys Enter
wait_for '1\. d2d3 [a-g][1-7]' 10
wait_for 'White loses on time' 8
expect '0-1'
keys q
check_restored
[ "$status" = 0 ] || fail "exit status $status after the flag and q"

note "TERM=dumb is refused with a message"
T send-keys -t e2e -l -- "clear; TERM=dumb sh $tmp/run.sh; echo congo-exit=\$?"
keys Enter
wait_for 'congo-exit=[0-9]+' 10
expect 'congo: TERM=dumb cannot'
expect 'congo-exit=1'

# ---- 5. the rest of the screen: help, log, dialog keys, prompts ----
note "help and the message log"
printf 'ui = { colour = true; };\nclock = "1+0";\n' >"$tmp/warn.conf"
start --config "$tmp/warn.conf" --white human --black human
wait_for 'did you mean ui\.color' 5
expect '1:00'
keys ?
wait_for 'Congo help' 5
expect 'message log'
keys j j k Space b G g
keys NPage PPage End
wait_for '^  -- end --' 5
keys Home
wait_for 'more below' 5
# Narrower, the help wraps under its column instead of cutting a line.
T resize-window -t e2e -x 60 -y 24
wait_for '^ +command; Up/Down recall, Tab completes' 5
T resize-window -t e2e -x 100 -y 30
wait_for ':d2d3\) or a command; Up/Down recall, Tab completes' 5
keys q
wait_gone 'Congo help' 5
keys m
wait_for 'Messages, the newest last' 5
expect 'unknown setting'
keys k j Up Down PPage NPage Space
keys Escape
wait_gone 'Messages, the newest last' 5

note "the new-game dialog's keys: a 3+2 game of two humans"
keys n
wait_for 'New game' 5
# One key at a time, each seen before the next.
dialog_key() {
	keys "$1"
	wait_for "$2" 5
}
dialog_key Down '> Black +< human >'
dialog_key Down '> Clock +< 1\+0 >'
dialog_key Right '> Clock +< 3\+2 >'
dialog_key Right '> Clock +< 5\+3 >'
dialog_key Left '> Clock +< 3\+2 >'
dialog_key Tab '> Start +< standard >'
dialog_key Left '> Start +< FEN \(type or paste one\) >'
dialog_key Space '> Start +< FEN   >'
dialog_key BSpace '> Start +< FEN \(type or paste one\) >'
dialog_key x '> Start +< FEN x >'
keys Enter
wait_for 'FEN: ' 5
dialog_key Right '> Start +< standard >'
dialog_key Up '> Clock +< 3\+2 >'
dialog_key Up '> Black +< human >'
dialog_key Up '> White +< human >'
dialog_key Down '> Black +< human >'
keys Enter
wait_for 'new game of Congo' 5
expect '3:00'
expect '3\+2'
keys :
type_text "clock"
keys Enter
wait_for 'White [0-9]:[0-9]+, Black 3:00' 5

note "the command line: Tab completes, prompts, history, scrolling"
keys :
type_text "fl"
keys Tab
wait_for '^:flip *$' 5
keys Enter
keys :
type_text "xyzzy"
keys Tab
wait_for 'no completion' 5
keys C-u
type_text "d"
keys Tab
wait_for 'delay.*depth|depth.*delay' 5
# An ambiguous start: Tab lists the command table's candidates, Enter
# refuses it with them; a unique start runs its command.
keys C-u
type_text "s"
keys Tab
wait_for 'save  step  slower  solution  say' 5
keys Enter
wait_for "ambiguous command 's': save  step  slower  solution  say" 5
keys :
type_text "messa"
keys Enter
wait_for 'Messages, the newest last' 5
keys q
keys :
type_text "say hi"
keys Enter
wait_for 'only in a network game' 5
keys S
wait_for '^:save congo-' 5
type_text "tab.pgn"
keys Enter
wait_for 'saved to .*tab\.pgn' 5
keys L
wait_for '^:load tab\.pgn' 5
keys Escape
keys :
type_text "load ta"
keys Tab
wait_for '^:load tab\.pgn' 5
keys Enter
wait_for 'loaded' 5
keys :
type_text "fen 3l3/7/7/7/7/7/3L3 w 0 1 and a long line that goes on and on past the right edge of the screen of this terminal"
wait_for '^<' 5
keys C-a C-e C-w Left Right Home End
keys Escape
keys f C-l PPage NPage
keys :
type_text "unicode"
keys Enter
keys :
type_text "log"
keys Enter
wait_for 'Messages, the newest last' 5
keys q
keys u
keys C-r
keys :
type_text "help"
keys Enter
wait_for 'Congo help' 5
keys q
keys C-c
check_restored

note ":unicode in a locale without UTF-8 says why it keeps letters"
T send-keys -t e2e -l -- "clear; LC_ALL=C LANG=C sh $tmp/run.sh --white human --black human; echo congo-exit=\$?"
keys Enter
wait_for 'to move' 10
keys :
type_text "unicode"
keys Enter
wait_for 'need a UTF-8 locale' 5
keys C-c
check_restored

note "a narrow screen: values are shortened, never cut"
T resize-window -t e2e -x 66 -y 12
start --white human --black human
expect 'quiet 0/200|0/200'
shown 'quiet plies 0/2[^0]' && fail "a value cut at 66 columns"
keys C-c
check_restored
T resize-window -t e2e -x 100 -y 30

note "--load FILE --game N, and a file of several games"
printf '[White "human"]\n[Black "human"]\n\n1. d2d3 d6d5 *\n\n[White "random"]\n[Black "human"]\n\n1. a2a3 *\n' >"$tmp/two.pgn"
start --load "$tmp/two.pgn" --game 2
expect 'loaded'
expect '1\. a2a3'
keys [
wait_for 'reviewing ply 0 of 1' 5
keys \{ \]
wait_gone 'reviewing' 5
keys C-c
check_restored
T send-keys -t e2e -l -- "clear; sh $tmp/run.sh --load $tmp/two.pgn; echo congo-exit=\$?"
keys Enter
wait_for '2 games in' 10
expect '1\. human - human'
keys NPage
keys PPage
keys End
keys Home
keys j
keys k
keys Down
keys Enter
wait_for 'loaded .*\(1 ply' 5
expect '1\. a2a3'
keys :
type_text "load $tmp/two.pgn"
keys Enter
wait_for 'Leave this game to load two\.pgn\?' 5
keys y
wait_for '2 games in' 5
keys Escape
wait_gone '2 games in' 5
expect '1\. a2a3'
keys C-c
check_restored

note "errors before the screen: named, exit status 2"
bad() {
	_want=$1
	shift
	"$congo" "$@" >"$tmp/out" 2>&1 </dev/null
	_st=$?
	[ "$_st" = 2 ] || fail "congo $*: exit status $_st, not 2"
	grep -q -- "$_want" "$tmp/out" ||
	    fail "congo $*: '$(cat "$tmp/out")' does not say /$_want/"
}
bad 'congo: --clock: ' --clock 5x3
bad 'congo: --fen: ' --fen 'not a fen'
bad 'congo: --game N goes with --load' --game 2
bad 'congo: .*nonexistent' --load /nonexistent/x.pgn
bad "congo: unknown option '--bogus'" --bogus
printf 'clock = "soon";\n' >"$tmp/clock.conf"
bad 'clock.conf: clock: ' --config "$tmp/clock.conf"
"$congo" --white human </dev/null >"$tmp/out" 2>&1
grep -q 'the game needs a terminal' "$tmp/out" ||
    fail "no terminal: $(cat "$tmp/out")"

note "--help names network play"
"$congo" --help | grep -q -- '--connect' || fail "--help has no --connect"

echo "PASS"
exit 0
