#!/bin/bash
# test_web_limits.sh: the web pages under slow clients (issue 33). 1,040
# connections, each from a network of its own (127.A.B.1), send a header
# line every 500 ms and never end their headers: with 1,000 held (the
# default --max-connections; the rest made room by closing the oldest), a
# page answers within 2 s; each is closed at the headers' deadline (3 s
# here, a test build's CONGO_WEB_HEADER_MS; 15 s otherwise), an event
# stream opened meanwhile is not; the closings are counted in /metrics and
# logged at a bounded rate. 77 without curl or python3.
set -u
. "$(dirname "$0")/web_lib.sh"
web_setup webl
web_tools
# 1,040 sockets here and as many in the server.
ulimit -n 4096 2>/dev/null || ulimit -n "$(ulimit -Hn)"
[ "$(ulimit -n)" -ge 2300 ] 2>/dev/null ||
    { echo "test_web_limits.sh: ulimit -n $(ulimit -n), skipped"; exit 77; }
header_ms=15000
[ "${CONGO_TEST_HOOKS:-no}" = yes ] && header_ms=3000
web_serve "$tmp/server.log" env CONGO_WEB_HEADER_MS=$header_ms "$server" \
    --port 0 --bind 127.0.0.1 \
    --http 127.0.0.1:0 --db "$tmp/games.db" --create

# A game to watch (web_cgp.py holds its players until its stdin ends).
mkfifo "$tmp/drv.in"
$py "$srcdir/tests/web_cgp.py" "$port" < "$tmp/drv.in" > "$tmp/drv.out" 2>&1 &
drv=$!
exec 3> "$tmp/drv.in"
for _ in $(seq 200); do
	grep -q '^[A-Z2-7]\{8\}$' "$tmp/drv.out" && break
	sleep 0.05
done
game=$(head -1 "$tmp/drv.out")
[ -n "$game" ] || fail "no game: $(cat "$tmp/drv.out")"

$py "$srcdir/tests/web_slow.py" "$http" "$header_ms" 1040 1000 "$game" ||
    fail "the slow clients"
curl -s "http://127.0.0.1:$http/metrics" > "$tmp/metrics.txt"
t=$(sed -n 's/^congo_refusals_total{limit="http_header_timeout"} //p' "$tmp/metrics.txt")
e=$(sed -n 's/^congo_refusals_total{limit="http_evicted"} //p' "$tmp/metrics.txt")
[ "${t:-0}" -ge 900 ] || fail "header timeouts counted: ${t:-none}"
[ "${e:-0}" -ge 40 ] || fail "connections closed at the limit counted: ${e:-none}"
# One line, then a summary a second: not one a connection.
lines=$(wc -l < "$tmp/server.log")
[ "$lines" -le 30 ] || fail "$lines lines logged for the slow clients"
echo "test_web_limits.sh: $t closed at the headers' deadline, $e to make room, in $lines lines of the log"
echo quit >&3
exit 0
