# tmux_net_lib.sh: what the terminal tests against a real congo-server
# share (sourced after tmux_lib.sh, not run): the server (server, spid,
# start_server; the cleanup kills it), games in tmux sessions of their own
# and the helpers that name the session (run, screen, wait_for, wait_gone,
# cmd, expect_exit), and a fail that shows each screen of $net_screens
# (session names, set by the test) and the end of the server's log.
# Targets are written =NAME: so that tmux takes the session of that exact
# name (a bare "b" would also match a window called "bash").

server="$builddir/src/congo-server"
[ -x "$server" ] || { echo "error: $server not built"; exit 99; }
. "$(dirname "$0")/tmp_lib.sh"
spid=
# The server stopped as in service (TERM; -9 after 5 s), then a
# sanitizer's report in its log (--enable-sanitizers: a leak is reported
# as it exits) fails the test.
extra_cleanup() {
	[ -z "$spid" ] || tmp_stop "$spid"
	tmp_sanitizer_reports "$tmp" || cleanup_failed=1
}

fail() {
	echo "FAIL [$step]: $*"
	for s in ${net_screens:-}; do
		if T has-session -t "=$s" 2>/dev/null; then
			echo "--- screen $s:"
			T capture-pane -p -t "=$s:"
		fi
	done
	echo "--- server log:"
	tail -n 20 "$tmp/server.log"
	exit 1
}

# start_server [ARGS...]: congo-server on 127.0.0.1, a port of its own
# ($port, picked by the system and read from its log, or the one $port
# already names), a database in $tmp, its log in $tmp/server.log; waits
# until it listens (the ${starts:-1}th time the log says so: a restart).
start_server() {
	"$server" --port "${port:-0}" --bind 127.0.0.1 --db "$tmp/games.db" \
	    --create --log-level info "$@" 2>>"$tmp/server.log" &
	spid=$!
	_deadline=$(($(date +%s) + 20))
	while [ "$(date +%s)" -le "$_deadline" ]; do
		if [ -z "${port:-}" ]; then
			port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' \
			    "$tmp/server.log" | head -n 1)
		fi
		if [ -n "${port:-}" ] && grep -q "port $port" "$tmp/server.log" &&
		    [ "$(grep -c 'listening on' "$tmp/server.log")" -ge "${starts:-1}" ]; then
			return 0
		fi
		sleep 0.1
	done
	fail "the server did not start"
}

# run NAME ARGS...: congo in its own tmux session (${run_width:-100}x30);
# its exit status is written to $tmp/NAME.status.
run() {
	_n=$1
	shift
	rm -f "$tmp/$_n.status"
	T new-session -d -s "$_n" -x "${run_width:-100}" -y 30 \
	    "\"$congo\" $*; echo \$? >\"$tmp/$_n.status\"; sleep 60"
}

screen() {
	T capture-pane -p -t "=$1:" 2>/dev/null
}

session_has() {
	screen "$1" | grep -Eq -- "$2"
}

session_lacks() {
	! session_has "$1" "$2"
}

# wait_for SESSION PATTERN [SECONDS]
wait_for() {
	poll "${3:-10}" "$1: timed out waiting for /$2/" session_has "$1" "$2"
}

# wait_gone SESSION PATTERN [SECONDS]
wait_gone() {
	poll "${3:-10}" "$1: /$2/ stays on the screen" session_lacks "$1" "$2"
}

# cmd SESSION TEXT: TEXT on that game's command line.
cmd() {
	T send-keys -t "=$1:" -l -- ":$2"
	T send-keys -t "=$1:" Enter
}

# expect_exit SESSION STATUS: the program in SESSION ends (within 20 s:
# a deadline in seconds, not a count of polls, which a loaded machine
# stretches) with STATUS. The status file exists from the shell's
# redirection on, before the status is in it: -s, not -f.
expect_exit() {
	_deadline=$(($(date +%s) + 20))
	while [ ! -s "$tmp/$1.status" ] &&
	    [ "$(date +%s)" -le "$_deadline" ]; do
		sleep 0.05
	done
	[ "$(cat "$tmp/$1.status" 2>/dev/null)" = "$2" ] ||
	    fail "$1: exit status '$(cat "$tmp/$1.status" 2>/dev/null)', not $2"
}

# done_with SESSION STATUS: its program ends with STATUS; its session goes.
done_with() {
	expect_exit "$1" "$2"
	tmux_kill_session "=$1"
}

# net_register SESSION NAME [PATTERN]: NAME registers on $addr from a game
# in SESSION (whose screen then shows PATTERN too, when given) and quits
# with q, its program ending with 0.
net_register() {
	run "$1" --connect "$addr" --register "$2"
	wait_for "$1" "registered $2 on 127\.0\.0\.1"
	[ -z "${3:-}" ] || wait_for "$1" "$3"
	T send-keys -t "=$1:" q
	done_with "$1" 0
}

# net_home: tmux_home, and a congo.conf for the network games (no colour,
# no mouse, no delay before an AI's move is shown).
net_home() {
	tmux_home
	cat >"$tmp/config/congo/congo.conf" <<'EOF'
ui = { color = false; mouse = false; ai_delay_ms = 0; };
EOF
}

# stop_server: the server told to stop (SIGTERM) must exit with 0.
stop_server() {
	note "the server stops cleanly"
	kill -TERM "$spid"
	wait "$spid"
	_st=$?
	spid=
	[ "$_st" = 0 ] || fail "server exit status $_st"
}
