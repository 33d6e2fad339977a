#!/bin/bash
# web_watchers.sh WATCHERS: WATCHERS event streams on one game of a
# congo-server (issue 33: 2,000 get a move within 1 s, p99, while the pages
# answer within 2 s; congo-server(6) has the figures for 2,000 and 10,000):
# tests/load/web_watchers.py against a server whose limits allow them
# (--max-connections, --max-per-address; ulimit -n raised). From the build
# directory (or set CONGO_BUILDDIR). Not part of make check.
set -u
n=${1:-2000}
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=$(cd "$(dirname "$0")/../.." && pwd)
server="$builddir/src/congo-server"
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
ulimit -n $((2 * n + 4096)) 2>/dev/null || ulimit -n "$(ulimit -Hn)"
. "$srcdir/tests"/tmp_lib.sh
tmp_setup web-watchers
. "$srcdir/tests/web_lib.sh"
web_serve "$tmp/server.log" "$server" --port 0 --bind 127.0.0.1 \
    --http 127.0.0.1:0 --db "$tmp/load.db" --create \
    --max-connections $((n + 1000)) --max-per-address $((n + 1000))
$py "$srcdir/tests/load/web_watchers.py" "$port" "$http" "$n"
rc=$?
ps -o cputime= -p "$pid" | sed 's/^/web_watchers.sh: the server'"'"'s CPU time: /'
exit $rc
