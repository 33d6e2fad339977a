# pg_load.sh: the load run on PostgreSQL (make load-pg), sourced by
# tests/test_net_pg.sh load once its throwaway cluster is up ($tmp, $as,
# $bindir, $uri, $server, $builddir, start(), $pids and $sampler, which its
# cleanup stops). Its arguments: [--servers N] [--short] [--lock AT]
# [--fault AT KIND] [cgp_load's]. --lock AT: AT seconds into the run, every table of the
# database locked for 5 s by another session (LOCK TABLE ... ACCESS
# EXCLUSIVE), while tests/load/ping_probe.py PINGs each server every 20 ms
# from 2 s before to 3 s after, 4 other connections a server asking LIST
# again and again: the slowest PING answer a server, the LISTs answered.
# --fault AT KIND: AT seconds into the run the database fails, KIND one of
# restart (pg_ctl restart -m fast), terminate (pg_terminate_backend of
# every connection) or stop (stopped for 30 s, then started), with the
# same PINGs from 2 s before to 3 s after; cgp_load counts the refusals
# (--refusals-ok) and the store check after the run says whether an
# acknowledged move was lost.
# See tests/test_net_pg.sh's head for what it reports. A server's RSS
# follows the games it holds in memory and their length: a game with
# nobody at it there leaves after a minute while another server holds a
# seat (2000 games, 600 s: ~1200 games a server at the end, RSS 22 -> 41
# MB as the games grow; with --plies 20, games of a bounded length, 22 ->
# 37 MB at 300 s, 34 MB at the end); the CPU a move does not grow with it.
nserv=4
short=false
lock_at=
fault_at='' fault=''
while [ $# -gt 0 ]; do
	case $1 in
	--servers) nserv=$2; shift 2 ;;
	--short) short=true; shift ;;
	--lock) lock_at=$2; shift 2 ;;
	--fault) fault_at=$2 fault=$3; shift 3 ;;
	*) break ;;
	esac
done
case $fault in
''|restart|terminate|stop) ;;
*) echo "pg_load.sh: --fault AT restart|terminate|stop, not '$fault'"
   exit 2 ;;
esac
if [ -n "$lock_at" ] && [ -n "$fault_at" ]; then
	echo "pg_load.sh: --lock or --fault, not both (one probe a run)"
	exit 2
fi
if [ $# -eq 0 ]; then
	if $short; then
		set -- --games 200 --seconds 60 --think 2000-8000 --reconnect 20
	else
		set -- --games 2000 --seconds 600 --think 5000-20000 --reconnect 300
	fi
fi
games=200 seconds=60
prev=
for a in "$@"; do
	case $prev in
	--games) games=$a ;;
	--seconds) seconds=$a ;;
	esac
	prev=$a
done
load="$builddir/tests/load/cgp_load"
psql_q() {
	$as "$bindir/psql" -h "$tmp" -U congo -d congo -Atq -F ' ' -c "$1"
}

# 2 connections a game, in one process: the open files limit up to its
# hard limit (the servers raise their own).
need=$((games * 2 + 100))
ulimit -n "$(ulimit -Hn)" 2>/dev/null
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $need ]; then
	echo "pg_load: $games games need $need open files, the limit is $(ulimit -n) (hard $(ulimit -Hn))"
	exit 1
fi
echo "open files limit: $(ulimit -n) (raised to the hard limit; $need needed)"

# utime+stime of a process, clock ticks.
ticks() {
	sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }'
}
# PostgreSQL's: the postmaster with its ended children (cutime, cstime)
# and its children still running (the backends, the WAL writer...).
pg_ticks() {
	pm=$(head -n 1 "$tmp/data/postmaster.pid")
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v pm="$pm" '{
		pid = $1; sub(/.*\) /, "")
		if (pid == pm) t += $12 + $13 + $14 + $15
		else if ($2 == pm) t += $12 + $13
	} END { print t + 0 }'
}
rss() {
	awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null
}
pg_counts() {
	psql_q "SELECT (SELECT xact_commit FROM pg_stat_database
	    WHERE datname = 'congo'), wal_sync, wal_write FROM pg_stat_wal"
}

# pgctl ACTION: pg_ctl on the cluster, with its settings (and
# pg_stat_statements once loaded).
preload=
pgctl() {
	$as "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/pg.log" -w -m fast \
	    -o "-k $tmp -c listen_addresses= -c fsync=on $preload" "$@"
}

# Where the commits go: pg_stat_statements if PostgreSQL has it (the
# cluster restarted with it loaded; its statements' counts at the end).
stmts=false
if [ -f "$bindir/../lib/pg_stat_statements.so" ] ||
    [ -f "$($bindir/pg_config --pkglibdir 2>/dev/null)/pg_stat_statements.so" ]; then
	preload="-c shared_preload_libraries=pg_stat_statements"
	if pgctl restart > /dev/null &&
	    psql_q "CREATE EXTENSION pg_stat_statements"; then
		stmts=true
	else
		preload=
	fi
fi
limits="--max-connections 10000 --max-per-address 10000 --games-per-minute 1000000 --commands-per-second 100000"
ports=
s=1
while [ $s -le "$nserv" ]; do     # (start uses i)
	# shellcheck disable=SC2086
	start "s$s" $([ $s = 1 ] && echo --create) $limits
	pids="$pids $pid"
	ports="$ports --port $port"
	s=$((s + 1))
done
echo "cluster in $tmp ($("$bindir/pg_ctl" --version)), $nserv servers:$ports (pids$pids)"
echo "cgp_load $*"
hz=$(getconf CLK_TCK)
sleep 2     # the servers' start-up statistics flushed (PostgreSQL: 1 s)
rss0=
for p in $pids; do rss0="$rss0 $(rss "$p")"; done
c0=
for p in $pids; do c0="$c0 $(ticks "$p")"; done
pg0=$(pg_ticks)
set -- $ports --acked "$tmp/acked" --no-check "$@"
counts0=$(pg_counts)
echo "start: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
# Each server's RSS every 1/30 of the run, from its first 1/30 on.
iv=$((seconds / 30))
[ $iv -lt 1 ] && iv=1
(
	t=0
	while :; do
		sleep $iv
		t=$((t + iv))
		line=$t
		for p in $pids; do line="$line $(rss "$p")"; done
		echo "$line"
	done
) > "$tmp/rss" &
sampler=$!
# probed AT SECONDS READERS WHAT: in the background, from AT - 2 s into
# the run, tests/load/ping_probe.py for SECONDS (READERS LIST readers a
# server), and the function WHAT at AT s; $locker its pid.
probed() {
	(
		sleep $(($1 - 2))
		python3 "$(dirname "$0")/load/ping_probe.py" "$2" "$3" \
		    $(echo "$ports" | sed 's/--port //g') > "$tmp/probe" 2>&1 &
		probe=$!
		sleep 2
		"$4"
		wait "$probe"
		echo "probe exit $?" >> "$tmp/probe"
	) &
	locker=$!
}
lock_tables() {
	echo "lock: $(date -u '+%H:%M:%S') every table for 5 s" > "$tmp/lock"
	psql_q "BEGIN; LOCK TABLE games, seats, events, congo_limits,
	    congo_meta, accounts, ratings, rating_history, seek_claims
	    IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(5); COMMIT" \
	    > /dev/null 2>> "$tmp/lock"
	echo "lock: $(date -u '+%H:%M:%S') released" >> "$tmp/lock"
}
fail_database() {
	echo "fault: $(date -u '+%H:%M:%S') $fault" > "$tmp/fault"
	case $fault in
	restart) pgctl restart > /dev/null 2>> "$tmp/fault" ;;
	terminate) psql_q "SELECT count(pg_terminate_backend(pid))
	    FROM pg_stat_activity WHERE datname = 'congo'
	    AND pid <> pg_backend_pid()" > /dev/null 2>> "$tmp/fault" ;;
	stop) pgctl stop > /dev/null 2>> "$tmp/fault"
	    sleep 30
	    pgctl start > /dev/null 2>> "$tmp/fault" ;;
	esac
	echo "fault: $(date -u '+%H:%M:%S') over" >> "$tmp/fault"
}
# probed_report TITLE FILE: what the probe saw, after the run.
probed_report() {
	wait "$locker"
	echo "$1"
	cat "$2" "$tmp/probe"
	grep -q "probe exit 0" "$tmp/probe" || status=1
}
if [ -n "$lock_at" ]; then
	probed "$lock_at" 10 4 lock_tables
fi
if [ -n "$fault_at" ]; then
	probed "$fault_at" "$([ "$fault" = stop ] && echo 36 || echo 8)" 0 \
	    fail_database
	set -- "$@" --refusals-ok
fi
"$load" "$@"
status=$?
if [ -n "$fault_at" ]; then
	probed_report "--- the fault (at $fault_at s): PING every 20 ms a server, from 2 s before it to 3 s after" "$tmp/fault"
fi
if [ -n "$lock_at" ]; then
	probed_report "--- the lock (from $lock_at s): PING every 20 ms a server, from 2 s before it to 3 s after, 4 connections a server asking LIST" "$tmp/lock"
fi
c1=
for p in $pids; do c1="$c1 $(ticks "$p")"; done
pg1=$(pg_ticks)
kill "$sampler" 2>/dev/null
wait "$sampler" 2>/dev/null
sampler=
echo "end: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
# The servers stopped: their PostgreSQL sessions end, which writes out
# their last statistics.
for p in $pids; do kill -TERM "$p"; done
for p in $pids; do wait "$p"; done
spids=$pids
pids=
sleep 0.5
counts1=$(pg_counts)
moves=$(wc -l < "$tmp/acked")
echo "--- the servers ($nserv on one PostgreSQL)"
for f in "$tmp"/s*.log; do
	grep -h ' stored in ' "$f" | sed "s|.* info: |  $(basename "$f" .log): |"
done
if [ "$moves" -gt 0 ]; then
	cat "$tmp"/s*.log | sed -n 's/.* \([0-9]*\) changes stored in \([0-9]*\) commits.*/\1 \2/p' |
	    awk -v m="$moves" '{ ch += $1; co += $2 } END {
		printf "the servers'"'"' writers: %d commits for %d changes (%.3f changes a commit), %.3f commits a move\n", co, ch, ch / co, co / m }'
	echo "$c0 | $c1 | $pg0 $pg1 | $counts0 | $counts1" | awk -v hz="$hz" -v m="$moves" '{
		n = 0; sep = 0
		for (i = 1; i <= NF; i++) {
			if ($i == "|") { sep++; continue }
			if (sep == 0) a[++n] = $i
			else if (sep == 1) b[++k] = $i
			else if (sep == 2) { if (!pg0s) { pg0 = $i; pg0s = 1 } else pg1 = $i }
			else if (sep == 3) x0[++j0] = $i
			else x1[++j1] = $i
		}
		for (i = 1; i <= n; i++) {
			ms = (b[i] - a[i]) * 1000 / hz
			tot += ms
			printf "  CPU of server %d: %.0f ms, %.0f ms per 1,000 moves\n", i, ms, ms * 1000 / m
		}
		printf "CPU per 1,000 moves: servers %.0f ms (all %d together), PostgreSQL %.0f ms (%d moves)\n", tot * 1000 / m, n, (pg1 - pg0) * 1000 / hz * 1000 / m, m
		printf "PostgreSQL: %d commits (pg_stat_database xact_commit) = %.3f a move; %d WAL syncs (pg_stat_wal wal_sync) = %.3f a move\n", x1[1] - x0[1] - 1, (x1[1] - x0[1] - 1) / m, x1[2] - x0[2], (x1[2] - x0[2]) / m
		print "  (xact_commit counts every transaction: the writers'"'"' (BEGIN..COMMIT, several changes in one), each SET and"
		print "  pg_notify of the seats'"'"' presence, reads, and each wake-up of a LISTENing server reading its notices;"
		print "  WAL syncs are what the disk pays: fewer than the writers'"'"' commits when commits of several servers share one)"
	}'
fi
echo "RSS of each server, KiB: idle before the load, then sampled every $iv s: first, middle, last, max"
s=1
for r in $rss0; do
	awk -v c=$((s + 1)) -v s=$s -v r0="$r" '{ v[NR] = $c; if ($c > mx) mx = $c }
	    END { if (NR) printf "  server %d: idle %d; %d, %d, %d, max %d (%d samples)\n",
	        s, r0, v[1], v[int((NR + 1) / 2)], v[NR], mx, NR }' "$tmp/rss"
	s=$((s + 1))
done

if $stmts && [ "$moves" -gt 0 ]; then
	echo "PostgreSQL's statements by calls (pg_stat_statements; a SELECT alone is a commit too):"
	psql_q "SELECT calls, round(calls::numeric / $moves, 3),
	    regexp_replace(left(query, 90), '\s+', ' ', 'g')
	    FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database
	    WHERE datname = 'congo') ORDER BY calls DESC LIMIT 12" |
	    awk '{ c = $1; r = $2; $1 = $2 = ""; printf "  %8d  %7.3f a move %s\n", c, r, $0 }'
fi
# The store itself: every acknowledged move in the events table, once.
psql_q "SELECT game, substring(body from 'ply=([0-9]+)'),
    substring(body from 'move=([^ ]+)') FROM events WHERE kind = 'MOVE'" |
    LC_ALL=C sort > "$tmp/stored"
LC_ALL=C sort "$tmp/acked" > "$tmp/acked.sorted"
lost=$(LC_ALL=C comm -23 "$tmp/acked.sorted" "$tmp/stored" | wc -l)
extra=$(LC_ALL=C comm -13 "$tmp/acked.sorted" "$tmp/stored" | wc -l)
dup=$(cut -d ' ' -f 1-2 "$tmp/stored" | uniq -d | wc -l)
echo "store check: $moves moves acknowledged, $(wc -l < "$tmp/stored") stored; acknowledged moves lost: $lost; stored twice: $dup; stored, never acknowledged (sent as the run ended): $extra"
if [ "$lost" -ne 0 ] || [ "$dup" -ne 0 ]; then
	LC_ALL=C comm -23 "$tmp/acked.sorted" "$tmp/stored" | head -n 5
	status=1
fi
# A server started afresh on the store gives each in HISTORY.
start check $limits
pids=$pid
"$load" --check "$tmp/acked" --port "$port" || status=1
kill -TERM "$pid"
wait "$pid"
pids=
if [ $status -ne 0 ]; then
	for f in "$tmp"/s*.log; do
		echo "--- $f"
		grep -v ' info: ' "$f" | tail -n 20
	done
fi
echo "load average at the end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
exit $status
