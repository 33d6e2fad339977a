#!/bin/bash
# web_viewers.sh: does the web side delay CGP/1? A congo-server with
# --http, cgp_load's games against it (paced: --think), and VIEWERS event
# streams (/game/<id>/events, curl) spread over the live games once they
# are there; cgp_load reports MOVE -> opponent's EV. Run it with 0 and
# with 100 viewers and compare the p99s.
#
#   tests/load/web_viewers.sh VIEWERS [cgp_load options]
#   (default: --games 50 --think 200 --seconds 30)
#
# From the build directory (or set CONGO_BUILDDIR). Not part of make check.
set -u
viewers=${1:-100}
shift
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
load="$builddir/tests/load/cgp_load"
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/web-viewers.XXXXXX") || exit 2
pid=
vpids=()
cleanup() {
	local p
	for p in "${vpids[@]}"; do
		kill "$p" 2>/dev/null
	done
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
"$server" --port 0 --bind 127.0.0.1 --http 127.0.0.1:0 \
    --db "$tmp/load.db" --create --max-connections 2000 \
    --max-per-address 2000 --games-per-minute 1000000 \
    --commands-per-second 100000 2> "$tmp/server.log" &
pid=$!
port= http=
for _ in $(seq 200); do
	port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' \
	    "$tmp/server.log")
	http=$(sed -n 's/.*web pages on .* port \([0-9]*\).*/\1/p' \
	    "$tmp/server.log")
	[ -n "$port" ] && [ -n "$http" ] && break
	sleep 0.05
done
[ -n "$port" ] || { cat "$tmp/server.log"; exit 2; }
if [ $# -eq 0 ]; then
	set -- --games 50 --think 200 --seconds 30
fi
"$load" --port "$port" "$@" > "$tmp/load.out" 2>&1 &
lpid=$!
games=()
if [ "$viewers" -gt 0 ]; then
	for _ in $(seq 200); do
		mapfile -t games < <(curl -s "http://127.0.0.1:$http/" |
		    grep -o 'href="/game/[A-Z2-7]*"' | sort -u |
		    sed 's/.*game\/\([A-Z2-7]*\)"/\1/')
		[ "${#games[@]}" -ge 10 ] && break
		sleep 0.1
	done
	[ "${#games[@]}" -gt 0 ] || { echo "web_viewers.sh: no live game"; exit 2; }
	# One process holds every stream (100 curls would cost the
	# machine more than the server).
	$py - "$http" "$viewers" "${games[@]}" > "$tmp/viewers.out" <<'PY' &
import selectors, signal, socket, sys
port, n, games = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
sel = selectors.DefaultSelector()
events = 0
def done(*_):
    print(events, flush=True)
    sys.exit(0)
signal.signal(signal.SIGTERM, done)
for i in range(n):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(("GET /game/%s/events HTTP/1.1\r\nHost: x\r\n\r\n" %
               games[i % len(games)]).encode())
    s.setblocking(False)
    sel.register(s, selectors.EVENT_READ)
while True:
    for key, _ in sel.select():
        data = key.fileobj.recv(65536)
        if not data:
            sel.unregister(key.fileobj)
        events += data.count(b"event: state")
PY
	vpids+=($!)
fi
wait "$lpid"
cat "$tmp/load.out"
# The server's CPU (user + system) over the run.
read -r -a st < "/proc/$pid/stat"
echo "web_viewers.sh: server CPU $(( (st[13] + st[14]) * 1000 / $(getconf CLK_TCK) )) ms"
if [ "$viewers" -gt 0 ]; then
	open=$(curl -s "http://127.0.0.1:$http/metrics" |
	    sed -n 's/^congo_http_streams //p')
	kill "${vpids[0]}"
	wait "${vpids[0]}"
	echo "web_viewers.sh: $viewers viewers on ${#games[@]} games;" \
	    "$(cat "$tmp/viewers.out") state events received; streams open" \
	    "at the end: $open"
fi
exit 0
