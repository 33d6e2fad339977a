#!/bin/sh
# cgp_load.sh: the load run: a congo-server on a loopback port of its own
# with a temporary database, then cgp_load's games against it.
#
#   tests/load/cgp_load.sh [cgp_load options]   (default: --games 200 --seconds 60)
#
# Run from the build directory (or set CONGO_BUILDDIR). Not part of make check.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
load="$builddir/tests/load/cgp_load"
. "$(dirname "$0")/../tmp_lib.sh"
tmp_need_built "$server" "$load"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cgp-load.XXXXXX") || exit 2
pid=
cleanup() {
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/load.db" --create \
    --max-connections 2000 --max-per-address 2000 \
    --games-per-minute 1000000 --commands-per-second 100000 \
    --log-level info 2>"$tmp/server.log" &
pid=$!
port=
i=0
while [ -z "$port" ] && [ $i -lt 100 ]; do
	sleep 0.1
	port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' "$tmp/server.log" | head -n 1)
	i=$((i + 1))
done
if [ -z "$port" ]; then
	# The start-up line is logged at info level: ask the kernel instead.
	port=$(ss -ltnp 2>/dev/null | sed -n "s/.*127.0.0.1:\([0-9]*\).*pid=$pid,.*/\1/p" | head -n 1)
fi
if [ -z "$port" ]; then
	echo "cgp_load.sh: the server did not start:"
	cat "$tmp/server.log"
	exit 2
fi
echo "server pid $pid on 127.0.0.1:$port, database $tmp/load.db"
# The disk's sync time in the same folder, before and after the run: a
# commit costs at least one.
"$load" --fsync "$tmp"
"$load" --port "$port" --games 200 --seconds 60 "$@"
status=$?
"$load" --fsync "$tmp"
kill -TERM "$pid"
wait "$pid"
echo "server exit status $? (0: clean stop)"
grep -v ' info: ' "$tmp/server.log" | head -n 20
grep ' stored in ' "$tmp/server.log"
exit $status
