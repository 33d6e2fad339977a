#!/bin/bash
# web_sse_cycles.sh [CYCLES [STREAMS]]: the server's memory over cycles of
# event streams opened and closed (issue 57; default 5 cycles of 5,000):
# tests/load/web_sse_cycles.py against a server on 127.0.0.1 whose limits
# allow them (--max-connections, --max-per-address; ulimit -n raised), its
# RSS after each cycle; congo-server(6) has the figures. From the build
# directory (or set CONGO_BUILDDIR). Not part of make check.
set -u
cycles=${1:-5}
n=${2:-5000}
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
server="$builddir/src/congo-server"
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
ulimit -n $((2 * n + 4096)) 2>/dev/null || ulimit -n "$(ulimit -Hn)"
. "$srcdir/tests"/tmp_lib.sh
tmp_setup web-sse-cycles
"$server" --port 0 --bind 127.0.0.1 --http 127.0.0.1:0 \
    --db "$tmp/load.db" --create --max-connections $((n + 1000)) \
    --max-per-address $((n + 1000)) 2> "$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" || { cat "$tmp/server.log"; exit 1; }
http=$(sed -n 's/.*web pages on .* port \([0-9]*\).*/\1/p' "$tmp/server.log")
[ -n "$http" ] || { cat "$tmp/server.log"; exit 1; }
$py "$srcdir/tests/load/web_sse_cycles.py" "$port" "$http" "$pid" "$cycles" "$n"
