# tmp_lib.sh: sourced by the shell tests and load scripts that run a
# congo-server of their own. tmp_setup NAME: $tmp (a fresh NAME.XXXXXX in
# $TMPDIR, /tmp when unset; kept with KEEP set) and $pid (the server,
# stopped on exit, before the folder goes). Then a sanitizer's report in
# a log in $tmp (a build with --enable-sanitizers: a server's leak is
# reported as it exits) fails the test, with the report.
tmp_setup() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 2
	pid=
	trap tmp_cleanup EXIT
}
tmp_cleanup() {
	_st=$?
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	tmp_sanitizer_reports "$tmp" || _st=1
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
	exit $_st
}

# tmp_stop PID...: the servers stopped as in service (TERM: a server
# closes its database and writes its coverage data, and a sanitizer
# reports its leaks), -9 for one still there 5 s later; each reaped.
# Never waits longer; one already ended is only reaped.
tmp_stop() {
	for _p in "$@"; do
		kill -TERM "$_p" 2>/dev/null
	done
	for _p in "$@"; do
		_i=0
		while kill -0 "$_p" 2>/dev/null && [ $_i -lt 50 ]; do
			sleep 0.1
			_i=$((_i + 1))
		done
		kill -9 "$_p" 2>/dev/null
		wait "$_p" 2>/dev/null
	done
}

# tmp_sanitizer_reports DIR: what a sanitizer reported in the logs in DIR
# (servers built with --enable-sanitizers, stopped by now), printed;
# returns 1 when there is any.
tmp_sanitizer_reports() {
	_rc=0
	for _f in "$1"/*.log; do
		[ -f "$_f" ] && grep -q "Sanitizer\|runtime error:" "$_f" || continue
		echo "$(basename "$0"): $(basename "$_f"): a sanitizer's report:"
		grep -A 20 "Sanitizer\|runtime error:" "$_f" | head -n 60
		_rc=1
	done
	return $_rc
}

# tmp_port LOG [PID]: until the server writing LOG says the port it
# listens on (20 s at the most; in vain at once when PID, given, is gone):
# sets $port (the first one LOG names), or leaves it empty and returns 1.
tmp_port() {
	_end=$(($(date +%s) + 20))
	port=
	while [ "$(date +%s)" -le "$_end" ]; do
		port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' "$1" |
		    head -n 1)
		[ -n "$port" ] && return 0
		[ -z "${2:-}" ] || kill -0 "$2" 2>/dev/null || return 1
		sleep 0.05
	done
	return 1
}

# tmp_need_libpq: $server (congo-server) is built with libpq, or a line
# saying this script is skipped and exit 77.
tmp_need_libpq() {
	case $("$server" --port 0 --db 'postgresql:///x?host=/nonexistent' 2>&1) in
	*"built without PostgreSQL"*)
		echo "$(basename "$0"): SKIP: congo-server was built without libpq"
		exit 77;;
	esac
}

# tmp_need_built PROGRAM...: each is built, or a message naming the make
# targets (the programs' paths below $builddir) and exit 2.
tmp_need_built() {
	for _f in "$@"; do
		[ -x "$_f" ] && continue
		_t=
		for _g in "$@"; do
			_t="$_t ${_g#"$builddir"/}"
		done
		echo "$(basename "$0"): $_f is not built (make$_t)"
		exit 2
	done
}

# say LINE...: on a new connection to the server at 127.0.0.1:$port (past
# HELLO), send the lines and print what comes back until the last
# command's reply (its tag) has come; fail is the caller's.
say() {
	local last=${*: -1} tag line
	tag=${last%% *}
	exec 3<>"/dev/tcp/127.0.0.1/$port" || fail "cannot connect"
	read -r -t 5 line <&3
	printf 'HELLO CGP/1 client=test\n' >&3
	for line in "$@"; do
		printf '%s\n' "$line" >&3
	done
	while read -r -t 5 line <&3; do
		printf '%s\n' "$line"
		case $line in
		"OK $tag "*|"ERR $tag "*) break;;
		esac
	done
	exec 3<&-
}
