# tmux_lib.sh: what the terminal tests share (sourced, not run): skip
# without tmux, the built game, a temporary folder with a tmux server of
# its own, a cleanup that stops the programs in the panes before the tmux
# server (a program left behind would keep a CPU busy after the test), and
# the screen helpers. Set before sourcing:
#   tmux_prefix   the temporary folder's name prefix (in $TMPDIR, or in
#                 /tmp when $TMPDIR is long: the tmux socket's path must
#                 stay short)
#   pane          the target of capture/keys/type_text (a session name)
# and optionally define extra_cleanup (run before the folder is removed;
# it sets cleanup_failed to fail the test).
# Gives: builddir, congo, tmp, sock, T, tmux_stop, tmux_kill_session,
# cleanup, step, note, fail, capture, poll, wait_for, wait_gone, shown,
# expect, keys, type_text, command_line, tmux_home, humans_conf,
# start_hog, utf8_locale (locale_lib.sh).

if ! command -v tmux >/dev/null 2>&1; then
	echo "tmux not found: skipped"
	exit 77
fi
builddir=${CONGO_BUILDDIR:-$(pwd)}
congo="$builddir/src/congo"
if [ ! -x "$congo" ]; then
	echo "error: $congo not built"
	exit 99
fi
_tmpbase=${TMPDIR:-/tmp}
[ ${#_tmpbase} -le 60 ] || _tmpbase=/tmp
tmp=$(mktemp -d "$_tmpbase/${tmux_prefix:-ctmux}.XXXXXX") || exit 99
. "$(dirname "$0")/locale_lib.sh"
sock="$tmp/tmux"

T() {
	if [ "$1" = new-session ]; then
		_T_new "$@"
	else
		tmux -S "$sock" -f /dev/null "$@"
	fi
}

# A test that ends its only session has the tmux server exit; a
# new-session just after may reach that server while it goes ("server
# exited unexpectedly", seen on a busy CI machine) and start nothing.
# Such a new-session is tried again (a new server starts once the old one
# is gone); one that failed for another reason fails as before, its
# message shown. It may also reach the old server before it goes, whose
# environment is the one the test had when that server started: the
# variables a test changes between sessions (the language, the homes, the
# program's own) are given to each new session as they are now.
_T_new() {
	shift
	for _v in $(env | sed -n 's/^\(LANG\|LANGUAGE\|LC_[A-Z]*\|HOME\|XDG_[A-Z_]*\|CONGO_[A-Z0-9_]*\|[A-Z]*SAN_OPTIONS\|PATH\|TMPDIR\)=.*/\1/p'); do
		eval "_val=\${$_v}"
		set -- -e "$_v=$_val" "$@"
	done
	set -- new-session "$@"
	_t=0
	while :; do
		tmux -S "$sock" -f /dev/null "$@" 2>"$tmp/.tmux-new.err" &&
		    return 0
		grep -q "server exited unexpectedly" "$tmp/.tmux-new.err" &&
		    [ $_t -lt 100 ] || break
		_t=$((_t + 1))
		sleep 0.05
	done
	cat "$tmp/.tmux-new.err" >&2
	return 1
}

# The panes' programs get TERM (the game restores the terminal and exits),
# then KILL after 2 s if one hangs, then the tmux server goes. Each pane is
# a session of its own (its shell leads it): every process in it is meant,
# the game a wrapper script started too (only the shell's children were,
# and ASan-built games left behind spun in LeakSanitizer's exit check for
# the rest of a CI run).
_stop_panes() {
	_panes=$1
	if [ -n "$_panes" ] && command -v pkill >/dev/null 2>&1; then
		for _p in $_panes; do
			pkill -TERM -s "$_p" 2>/dev/null
		done
		_i=0
		while [ $_i -lt 20 ]; do
			_left=
			for _p in $_panes; do
				# (the pane's shell may ignore TERM: KILL
				# below; the wait is for what it runs)
				pgrep -s "$_p" 2>/dev/null | grep -vqx "$_p" &&
				    _left=1
			done
			[ -z "$_left" ] && break
			sleep 0.1
			_i=$((_i + 1))
		done
		for _p in $_panes; do
			pkill -KILL -s "$_p" 2>/dev/null
		done
	fi
}

tmux_stop() {
	_stop_panes "$(T list-panes -a -F '#{pane_pid}' 2>/dev/null)"
	T kill-server >/dev/null 2>&1
}

# tmux_kill_session NAME: the same for one session, which a test ends to
# start another (kill-session alone gives its programs a SIGHUP and
# forgets them: an ASan-built game spinning in LeakSanitizer's exit check
# was left behind for the rest of the run, where tmux_stop no longer saw
# its pane).
tmux_kill_session() {
	_stop_panes "$(T list-panes -s -t "$1" -F '#{pane_pid}' 2>/dev/null)"
	T kill-session -t "$1" >/dev/null 2>&1
}

hog=
cleanup() {
	_st=$?
	tmux_stop
	[ -n "$hog" ] && kill "$hog" 2>/dev/null
	if command -v extra_cleanup >/dev/null 2>&1; then
		extra_cleanup
	fi
	rm -rf "$tmp"
	# (extra_cleanup sets cleanup_failed for what it found wrong)
	[ -z "${cleanup_failed:-}" ] || _st=1
	exit $_st
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

step=""
note() {
	step=$*
	echo "# $*"
}

fail() {
	echo "FAIL [$step]: $*"
	if [ -f "$tmp/screen" ]; then
		echo "--- the screen:"
		cat "$tmp/screen"
		echo "---"
	fi
	exit 1
}

# A frame is not always drawn whole when tmux is asked (curses writes it
# row by row): the screen again until two captures 20 ms apart agree (at
# most 10 tries; a clock ticking once a second does not stop it).
capture() {
	T capture-pane -p -t "$pane" >"$tmp/screen" 2>/dev/null
	_tries=0
	while [ "$_tries" -lt 10 ]; do
		sleep 0.02
		T capture-pane -p -t "$pane" >"$tmp/screen.2" 2>/dev/null
		cmp -s "$tmp/screen" "$tmp/screen.2" && return 0
		mv "$tmp/screen.2" "$tmp/screen"
		_tries=$((_tries + 1))
	done
	return 0
}

# poll SECONDS MESSAGE COMMAND...: COMMAND again every 50 ms until it
# succeeds; fail with MESSAGE once SECONDS have passed.
poll() {
	_deadline=$(($(date +%s) + $1))
	_msg=$2
	shift 2
	until "$@"; do
		[ "$(date +%s)" -gt "$_deadline" ] && fail "$_msg"
		sleep 0.05
	done
	return 0
}

screen_has() {
	capture
	grep -Eq -- "$1" "$tmp/screen"
}

screen_lacks() {
	! screen_has "$1"
}

# wait_for PATTERN [SECONDS]: poll the screen until grep -E finds PATTERN.
wait_for() {
	poll "${2:-10}" "timed out waiting for /$1/" screen_has "$1"
}

# wait_gone PATTERN [SECONDS]: poll until PATTERN is off the screen.
wait_gone() {
	poll "${2:-10}" "timed out waiting for /$1/ to go" screen_lacks "$1"
}

shown() {
	grep -Eq -- "$1" "$tmp/screen"
}

# expect PATTERN: the screen shows PATTERN. Checks the last capture, and
# captures again for up to 3 s when it does not match: tmux may have been
# captured in the middle of a redraw (a busy machine, CI's parallel tests).
# A screen that stays wrong still fails.
expect() {
	_edl=$(($(date +%s) + 3))
	while ! shown "$1"; do
		[ "$(date +%s)" -gt "$_edl" ] && fail "not on the screen: /$1/"
		sleep 0.05
		capture
	done
}

# keys KEY...: tmux key names (Up, Enter, Escape, C-c, ...).
keys() {
	T send-keys -t "$pane" "$@"
}

# type_text TEXT: literal text.
type_text() {
	T send-keys -t "$pane" -l -- "$1"
}

# command_line TEXT: TEXT typed on the game's command line (:).
command_line() {
	keys :
	type_text "$1"
	keys Enter
}

# start_hog: a CPU hog beside the test (the cleanup stops it).
start_hog() {
	yes >/dev/null &
	hog=$!
}

# wait_clipboard PATTERN WHAT: tmux's buffer (what the game copied with
# OSC 52) holds a line matching PATTERN within 5 s, or fail saying WHAT is
# not there.
wait_clipboard() {
	_deadline=$(($(date +%s) + 5))
	until T show-buffer 2>/dev/null | grep -q -- "$1"; do
		[ "$(date +%s)" -gt "$_deadline" ] &&
		    fail "the clipboard (tmux's buffer) does not hold $2"
		sleep 0.05
	done
}

# quit_game: q, and y when the game asks (it may have ended meanwhile: q
# after the end quits without asking); the game must end with 0.
quit_game() {
	note "q quits"
	keys q
	wait_for 'Quit this game|congo-exit=0'
	if grep -q 'Quit this game' "$tmp/screen"; then
		keys y
		wait_for 'congo-exit=0'
	fi
}

# humans_conf COLOR MOUSE: the game's congo.conf, two humans, no AI delay.
humans_conf() {
	cat >"$tmp/config/congo/congo.conf" <<CONF
white = { type = "human"; };
black = { type = "human"; };
ui = { color = $1; mouse = $2; ai_delay_ms = 0; };
CONF
}

# The game's environment: nothing of the user's (home, XDG folders).
tmux_home() {
	mkdir -p "$tmp/home" "$tmp/config/congo" "$tmp/data" "$tmp/state" ||
	    exit 99
	unset TMUX TMUX_PANE NO_COLOR CONGO_DEBUG LANGUAGE
	export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config"
	export XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"
	export USER=tester TERM=xterm
}

# tmux_session NAME COLSxROWS COMMAND: a detached tmux session NAME of that
# size running COMMAND; exits 99 (a hard error) when tmux cannot start it.
tmux_session() {
	T new-session -d -s "$1" -x "${2%x*}" -y "${2#*x}" "$3" ||
	    { echo "error: tmux cannot start a session"; exit 99; }
}
