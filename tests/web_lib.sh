# web_lib.sh: sourced by the web pages' shell tests (test_web.sh,
# test_web_corr.sh, test_web_lang.sh, test_web_limits.sh, test_web_tabs.sh,
# test_web_tls.sh, test_web_pg.sh), which it gives builddir, srcdir (the
# tests' defaults when make does not say) and server, the built
# congo-server.
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
server="$builddir/src/congo-server"
. "$(dirname "$0")/tmp_lib.sh"

# web_setup NAME: $py (Debian's python3 first: its prometheus_client and
# websocket), $tmp (congo-NAME.XXXXXX, kept with KEEP set), $pid and $drv
# (the server and the CGP/1 driver, stopped on exit, as is what
# web_extra_cleanup stops when the test defines it; then a sanitizer's
# report in a log in $tmp fails the test) and fail.
web_setup() {
	py=python3
	[ -x /usr/bin/python3 ] && py=/usr/bin/python3
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-$1.XXXXXX") || exit 1
	pid= drv=
	trap web_cleanup EXIT
}
# web_tools: curl and python3 ($py) are here, or a line saying this test is
# skipped and exit 77.
web_tools() {
	command -v curl > /dev/null ||
	    { echo "$(basename "$0"): no curl, skipped"; exit 77; }
	command -v "$py" > /dev/null ||
	    { echo "$(basename "$0"): no python3, skipped"; exit 77; }
}
web_cleanup() {
	_st=$?
	if command -v web_extra_cleanup >/dev/null 2>&1; then
		web_extra_cleanup
	fi
	[ -n "$drv" ] && kill "$drv" 2>/dev/null
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	# (a sanitizer's report in the server's log fails the test)
	tmp_sanitizer_reports "$tmp" || _st=1
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
	exit $_st
}
fail() {
	echo "$(basename "$0"): $*"
	[ -f "$tmp/server.log" ] && tail -20 "$tmp/server.log"
	exit 1
}

# web_serve LOG COMMAND...: run the command (env ... congo-server ...
# --http ...) in the background, its log in LOG; $pid, and $port and $http
# once it listens on both. Exits 77 (pid cleared) when the server was
# built without libmicrohttpd, 1 when it did not start.
web_serve() {
	local log=$1
	shift
	: > "$log"   # (not the server before's ports, read too soon)
	"$@" 2> "$log" &
	pid=$!
	port= http=
	for _ in $(seq 200); do
		port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' "$log")
		http=$(sed -n 's/.*web pages on .* port \([0-9]*\).*/\1/p' "$log")
		[ -n "$port" ] && [ -n "$http" ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	if grep -q "without libmicrohttpd" "$log"; then
		echo "$(basename "$0"): built without libmicrohttpd, skipped"
		pid=
		exit 77
	fi
	[ -n "$port" ] && [ -n "$http" ] || { cat "$log"; exit 1; }
}

# wait_for FILE PATTERN: until FILE has a line matching (10 s at most); in
# vain at once when the process named by $web_watch (the variable's name:
# drv, the CGP/1 driver, unless the test says pid, the server) is gone.
wait_for() {
	local who=${web_watch:-drv}
	for _ in $(seq 200); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		kill -0 "${!who}" 2>/dev/null || break
		sleep 0.05
	done
	cat "$1"
	fail "waited in vain for $2 in $1"
}

# web_driver PORT [VAR=VALUE...]: the CGP/1 driver tests/web_cgp.py (its
# accounts and options in the VAR=VALUEs) on the server at PORT, fed on fd
# 3, its lines in $tmp/drv.out; $drv, and $game once it has its game.
web_driver() {
	local at=$1
	shift
	mkfifo "$tmp/drv.in"
	env "$@" $py "$srcdir/tests/web_cgp.py" "$at" < "$tmp/drv.in" \
	    > "$tmp/drv.out" 2>&1 &
	drv=$!
	exec 3> "$tmp/drv.in"
	wait_for "$tmp/drv.out" '^[A-Z2-7]\{8\}$'
	game=$(head -1 "$tmp/drv.out")
}

# web_send LINE N: LINE to the driver (fd 3), then until it has answered
# ok N times in all (5 s at most; in vain at once when $drv is gone);
# $sent, what follows the last ok (the time it sent). False when in vain.
web_send() {
	echo "$1" >&3
	for _ in $(seq 250); do
		[ "$(grep -c '^ok' "$tmp/drv.out")" -ge "$2" ] && break
		kill -0 "$drv" 2>/dev/null || break
		sleep 0.02
	done
	sent=$(sed -n 's/^ok //p' "$tmp/drv.out" | tail -1)
	[ "$(grep -c '^ok' "$tmp/drv.out")" -ge "$2" ]
}

# web_chrome: $chrome, the headless Chromium the browser tests drive;
# false (chrome empty) without chromium or python3-websocket.
web_chrome() {
	chrome=$(command -v chromium || command -v chromium-browser || true)
	[ -n "$chrome" ] && $py -c 'import websocket' 2>/dev/null ||
	    { chrome=; return 1; }
}

# web_browser SCRIPT URL SHOT: tests/SCRIPT (web_browser.py, web_deadline.py)
# driving $chrome on URL in the background, its screenshot SHOT, fed on fd
# 4, its lines in $tmp/br.out (errors $tmp/br.err); $bpid.
web_browser() {
	mkfifo "$tmp/br.in"
	$py "$srcdir/tests/$1" "$chrome" "$2" "$tmp/chrome" "$3" \
	    < "$tmp/br.in" > "$tmp/br.out" 2> "$tmp/br.err" &
	bpid=$!
	exec 4> "$tmp/br.in"
}

# browser_wait PATTERN: until the browser says a line matching PATTERN
# (10 s at most) or is gone; the caller checks what it said.
browser_wait() {
	for _ in $(seq 500); do
		grep -q "$1" "$tmp/br.out" && break
		kill -0 "$bpid" 2>/dev/null || break
		sleep 0.02
	done
}

# browser_fail WHAT: fail, with the browser's last errors and all it said.
browser_fail() {
	grep -v dbus "$tmp/br.err" | tail -5
	fail "$1: $(cat "$tmp/br.out")"
}
