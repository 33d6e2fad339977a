#!/bin/sh
# cgp_scale.sh: memory and start-up against a long history (issue 12,
# section 4). Fills a database with FINISHED finished games (and 100 being
# played) through the store's own commit, starts congo-server on it and
# reports its start-up time and resident memory; plays games to the end
# with cgp_load (600 or more) and reports the memory again once its players
# have gone; then doubles the history and times the start-up again.
#
#   tests/load/cgp_scale.sh [FINISHED]     (default 100000; from the build
#                                           directory; not part of make check)
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
fill="$builddir/tests/load/cgp_fill"
load="$builddir/tests/load/cgp_load"
n=${1:-100000}
. "$(dirname "$0")/../tmp_lib.sh"
tmp_need_built "$server" "$fill" "$load"
tmp_setup cgp-scale
trap 'exit 1' INT TERM HUP
db="$tmp/scale.db"

rss() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status"; }
# RSS in parts: the heap and the rest (mapped files, shared memory).
parts() { grep -E '^Rss(Anon|File|Shmem)' "/proc/$pid/status" | tr -s ' \t\n' ' '; }
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }

# start LOG: start the server, wait for its port; prints the wall time.
start() {
	t0=$(date +%s%N)
	"$server" --port 0 --bind 127.0.0.1 --db "$db" --max-connections 2000 \
	    --max-per-address 2000 --games-per-minute 1000000 \
	    --log-level info 2> "$1" &
	pid=$!
	port=
	while [ -z "$port" ]; do
		port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' "$1")
		if ! kill -0 "$pid" 2>/dev/null; then
			echo "cgp_scale.sh: the server did not start:"
			cat "$1"
			exit 1
		fi
		[ -z "$port" ] && sleep 0.005
	done
	t1=$(date +%s%N)
	echo "start-up: $(( (t1 - t0) / 1000000 )) ms to the open port (the server says: $(sed -n 's/.*games from .* in \([0-9]*\) ms.*/\1 ms/p' "$1")); $(sed -n 's/.*: \([0-9]*\) open and active games.*/\1/p' "$1") games loaded; RSS $(rss) kB; load average $(loadavg)"
}

stop() {
	kill -TERM "$pid"
	wait "$pid"
	pid=
}

"$fill" --db "$db" --finished "$n" --active 100 --seed 1 || exit 1
echo "database: $(du -m "$db" | cut -f1) MB"
start "$tmp/s1.log"
before=$(rss)
echo "RSS parts at start: $(parts)"
# --resign: the games still on at the end are resigned, so what stays is
# what finished games leave behind.
"$load" --port "$port" --games 100 --seconds 40 --resign > "$tmp/load.out" || {
	cat "$tmp/load.out"
	exit 1
}
grep -E 'games checked|errors' "$tmp/load.out"
sleep 3
after=$(rss)
played=$(sed -n 's/.*games checked \([0-9]*\).*/\1/p' "$tmp/load.out")
echo "after $played more games played to the end (the last ones resigned) by 200 connections, gone: RSS $after kB (was $before kB: $((after - before)) kB more; $(parts)); load average $(loadavg)"
stop
"$fill" --db "$db" --finished "$n" --seed 2 || exit 1
echo "database: $(du -m "$db" | cut -f1) MB"
start "$tmp/s2.log"
stop
