#!/bin/sh
# ui_keys.sh: the full-screen game fed random keys, typed commands and
# window resizes in tmux for FUZZ_UI_SECONDS (default 180). Whenever the
# game exits (q, Ctrl-C, :quit...) its status must be 0 or 130 and the
# terminal restored (alternate screen left, cursor shown, mouse and keypad
# modes off, stty sane); then it starts again, human against the random AI
# or AI against AI in turn. Every 10 s the window gets its size back and
# the board must show again within 10 s (no hang). Any sanitizer report
# fails. Run it on a --enable-sanitizers build to catch memory errors.
#
#   tests/fault/ui_keys.sh          (from the build directory)
#
# It uses its own tmux server (tmux -L fuzz) and never touches another.
set -u
if ! command -v tmux >/dev/null 2>&1; then
	echo "ui_keys: tmux not found: skipped"
	exit 77
fi
builddir=${CONGO_BUILDDIR:-$(pwd)}
congo="$builddir/src/congo"
[ -x "$congo" ] || { echo "ui_keys: $congo is not built"; exit 2; }
seconds=${FUZZ_UI_SECONDS:-180}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-keys.XXXXXX") || exit 2

T() {
	tmux -L fuzz -f /dev/null "$@"
}
cleanup() {
	T kill-session -t keys >/dev/null 2>&1
	T kill-server >/dev/null 2>&1	# the -L fuzz server only
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

mkdir -p "$tmp/home" "$tmp/config/congo" "$tmp/data" "$tmp/state"
unset TMUX TMUX_PANE NO_COLOR
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" \
    XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" USER=tester \
    TERM=xterm-256color
for l in C.UTF-8 C.utf8 en_US.UTF-8; do
	if locale -a 2>/dev/null | grep -qx "$l"; then
		export LC_ALL="$l"
		break
	fi
done
cat > "$tmp/human.conf" <<'CONF'
white = { type = "human"; };
black = { type = "ai"; algorithm = "random"; seed = 1; };
ui = { color = true; mouse = true; ai_delay_ms = 0; };
CONF
cat > "$tmp/aivsai.conf" <<'CONF'
white = { type = "ai"; algorithm = "alphabeta"; movetime_ms = 20; };
black = { type = "ai"; algorithm = "random"; seed = 3; };
ui = { color = false; unicode = true; ai_delay_ms = 0; };
CONF

fail() {
	echo "ui_keys: FAIL: $*"
	echo "--- the last keys: $last"
	echo "--- the screen ($(pane '#{pane_width}x#{pane_height}')):"
	cat "$tmp/screen"
	[ -s "$tmp/stty" ] && { echo "--- stty -a after the game:"; cat "$tmp/stty"; }
	# A game still running is stuck, not crashed: show where.
	for _p in $(pgrep -P "$(pane '#{pane_pid}')" 2>/dev/null); do
		echo "--- process $_p still running:"
		ps -o pid,stat,wchan:24,pcpu,etime,args -p "$_p" -L 2>/dev/null
		if command -v gdb > /dev/null 2>&1; then
			timeout 30 gdb -p "$_p" -batch -ex 'thread apply all bt' \
			    2>/dev/null | grep -E '^(Thread|#)'
		fi
	done
	if [ -n "${FUZZ_UI_KEEP:-}" ]; then
		cp "$tmp/screen" "$FUZZ_UI_KEEP.screen"
		echo "$last" > "$FUZZ_UI_KEEP.keys"
	fi
	exit 1
}
capture() {
	T capture-pane -p -t keys > "$tmp/screen" 2>/dev/null
}
pane() {
	T display-message -p -t keys "$1"
}
# wait_for REGEX [SECONDS]: until the screen shows it, or the game has
# exited (its status file: what it printed may have scrolled away under
# the keys typed after it).
wait_for() {
	_deadline=$(($(date +%s) + ${2:-10}))
	while capture; ! grep -Eq -- "$1" "$tmp/screen" && [ ! -f "$tmp/status" ]; do
		[ "$(date +%s)" -gt "$_deadline" ] && fail "timed out waiting for /$1/"
		sleep 0.05
	done
}
rnd() {	# rnd N: 0..N-1
	echo $(( $(od -An -N2 -tu2 /dev/urandom) % $1 ))
}

runs=0
keys=0
resizes=0
exits=0
last=
# The pane runs wrap.sh: the game, then its terminal state and status,
# then a sleep, so that keys sent after the exit reach no shell.
cat > "$tmp/wrap.sh" <<WRAP
trap true INT	# Ctrl-C is for the game; a handler, so the game gets it
"$congo" --config "\$1"
st=\$?
# From here Ctrl-C is ignored, not trapped: one sent just after the game's
# own must not kill stty (an ignored signal stays ignored in a child).
trap '' INT
stty -a > "$tmp/stty" 2>&1
echo "\$st" > "$tmp/status.tmp"
mv "$tmp/status.tmp" "$tmp/status"
echo "congo-exit=\$st"
while :; do sleep 1000; done
WRAP
start() {
	runs=$((runs + 1))
	if [ $((runs % 2)) = 1 ]; then conf=human; else conf=aivsai; fi
	rm -f "$tmp/stty" "$tmp/status"
	T resize-window -t keys -x 100 -y 30
	T respawn-pane -k -t keys "sh $tmp/wrap.sh $tmp/$conf.conf"
	wait_for 'to move|wins|Draw|too small' 15
}
# The game has exited: check its status and the terminal.
check_exit() {
	status=$(cat "$tmp/status")
	case "$status" in
	0|130) ;;
	*) fail "the game exited with status $status" ;;
	esac
	grep -Eq 'Sanitizer|runtime error' "$tmp/screen" && fail "a sanitizer report"
	[ "$(pane '#{alternate_on}')" = 0 ] || fail "still on the alternate screen"
	[ "$(pane '#{cursor_flag}')" = 1 ] || fail "the cursor is still hidden"
	for m in mouse_any_flag mouse_button_flag mouse_standard_flag mouse_all_flag keypad_flag; do
		v=$(pane "#{$m}")
		[ "$v" = 0 ] || [ -z "$v" ] || fail "$m still on after the game"
	done
	[ -s "$tmp/stty" ] || fail "stty -a printed nothing after the game"
	for flag in icanon echo isig icrnl opost; do
		tr ' ;' '\n\n' < "$tmp/stty" | grep -qx -- "$flag" ||
		    fail "stty: $flag is off after the game"
	done
	exits=$((exits + 1))
}

T new-session -d -s keys -x 100 -y 30 "sleep 1000000" || {
	echo "ui_keys: tmux cannot start a session"
	exit 2
}
T set-option -g remain-on-exit on > /dev/null
start

named="Up Down Left Right Enter Escape Tab BSpace Space Home End PPage NPage
IC DC F1 F2 F5 F10 C-l C-r C-u C-w C-a C-e C-n C-p M-a M-x"
cmds=":moves :undo :redo :new :flip :help :save $tmp/data/x.pgn :load $tmp/data/x.pgn :load /nonexistent :resign :draw :set depth 99 :hint :quit :x :: :"
end=$(($(date +%s) + seconds))
next_check=$(($(date +%s) + 10))
while [ "$(date +%s)" -lt "$end" ]; do
	i=0
	while [ $i -lt 20 ]; do
		r=$(rnd 100)
		if [ "$r" -lt 40 ]; then
			k=$(printf '%s\n' $named | sed -n "$(( $(rnd 31) + 1 ))p")
			T send-keys -t keys "$k"
		elif [ "$r" -lt 75 ]; then
			k=$(printf '%s' 'hjklHJKL .,+-=?unfaprSR0123456789abcdefg:q' | cut -c $(( $(rnd 42) + 1 )))
			T send-keys -t keys -l -- "$k"
		elif [ "$r" -lt 85 ]; then
			k=$(printf '%s\n' $cmds | sed -n "$(( $(rnd 18) + 1 ))p")
			T send-keys -t keys -l -- "$k"
			T send-keys -t keys Enter
		elif [ "$r" -lt 92 ]; then
			w=$(( $(rnd 180) + 5 ))
			h=$(( $(rnd 60) + 3 ))
			k="resize ${w}x$h"
			T resize-window -t keys -x "$w" -y "$h" 2>/dev/null
			resizes=$((resizes + 1))
		elif [ "$r" -lt 93 ]; then
			k=C-c
			T send-keys -t keys C-c
		else
			k=$(head -c 6 /dev/urandom | tr -d '\000\n\r\032\034\003')
			T send-keys -t keys -l -- "$k"
		fi
		last="$last $k"
		keys=$((keys + 1))
		i=$((i + 1))
	done
	last=$(echo "$last" | tail -c 400)
	sleep 0.0$(rnd 10)
	capture
	if [ -f "$tmp/status" ]; then
		check_exit
		start
		next_check=$(($(date +%s) + 10))
	elif [ "$(date +%s)" -ge "$next_check" ]; then
		# Still running: with its size back it must draw the board.
		T resize-window -t keys -x 100 -y 30
		T send-keys -t keys Escape Escape C-l
		wait_for 'congo-exit=| a +b +c +d +e +f +g' 10
		if [ -f "$tmp/status" ]; then
			check_exit
			start
		fi
		next_check=$(($(date +%s) + 10))
	fi
done
if [ ! -f "$tmp/status" ]; then
	T send-keys -t keys C-c
	wait_for 'congo-exit=' 10
fi
capture
check_exit
echo "ui_keys: $seconds s, $keys keys and commands, $resizes resizes, $runs games started, $exits exits checked: no crash, terminal restored each time"
