# web_lib.sh: sourced by the web pages' shell tests (test_web_limits.sh,
# test_web_tabs.sh). web_serve LOG COMMAND...: run the command (env ...
# congo-server ... --http ...) in the background, its log in LOG; $pid,
# and $port and $http once it listens on both. Exits 77 (pid cleared) when
# the server was built without libmicrohttpd, 1 when it did not start.
web_serve() {
	local log=$1
	shift
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
