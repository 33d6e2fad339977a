#!/bin/bash
# test_web_sse_memory.sh: the memory of event streams comes back once they
# close (issue 57). 1,500 streams (/game/<id>/events, from as many
# addresses of 127/8) opened on a game and closed, twice
# (tests/load/web_sse_cycles.py): once the server has let them go
# (/metrics: congo_http_streams 0) its resident memory must be back within
# 12 MB of what it was before them, within 10 s. 1166929 kept some 40 MB
# of them (glibc's heap kept its free pages: web_http.c's web_trim gives
# them back). A test build shortens the keepalive (CONGO_WEB_SSE_LIFE_MS)
# so that closed streams are found in seconds. Skipped (77) without
# python3 or libmicrohttpd, or not in a test build, or in a sanitizer's.
set -u
me=test_web_sse_memory.sh
command -v python3 > /dev/null || { echo "$me: no python3, skipped"; exit 77; }
[ "${CONGO_TEST_HOOKS:-no}" = yes ] ||
    { echo "$me: not a test build (--enable-test-hooks), skipped"; exit 77; }
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
server="$builddir/src/congo-server"
# A sanitizer's allocator holds freed memory in quarantine: not measured.
if ldd "$server" 2>/dev/null | grep -q "libasan\|libtsan"; then
	echo "$me: a sanitizer build (its allocator keeps what is freed), skipped"
	exit 77
fi
n=1500
ulimit -n $((2 * n + 1024)) 2>/dev/null || ulimit -n "$(ulimit -Hn)"
. "$(dirname "$0")/tmp_lib.sh"
tmp_setup congo-sse-mem
CONGO_WEB_SSE_LIFE_MS=5000 "$server" --port 0 --bind 127.0.0.1 \
    --http 127.0.0.1:0 --db "$tmp/games.db" --create \
    --max-connections $((n + 500)) --max-per-address 16 \
    2> "$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" || { cat "$tmp/server.log"; exit 1; }
http=$(sed -n 's/.*web pages on .* port \([0-9]*\).*/\1/p' "$tmp/server.log")
if [ -z "$http" ]; then
	grep -q "without libmicrohttpd" "$tmp/server.log" && exit 77
	cat "$tmp/server.log"
	exit 1
fi
python3 "$srcdir/tests/load/web_sse_cycles.py" "$port" "$http" "$pid" 2 "$n" 12 ||
    exit 1
echo "$me: ok"
