#!/bin/sh
# test_net_pg.sh: congo-server on a real PostgreSQL. Makes a throwaway
# cluster in a temporary folder (initdb and pg_ctl as an unprivileged user
# when run as root, a Unix socket in that folder, no TCP), starts two
# congo-servers on it and runs tests/test_net_pg (cross-server join, events
# on both, the ply race, kill -9 and REJOIN on the other). Never touches a
# system PostgreSQL service. Skipped (77) without PostgreSQL's programs or
# a congo-server built with libpq.
#
#   tests/test_net_pg.sh                    the test (make check)
#   tests/test_net_pg.sh load [--servers N] [--short] [--lock AT]
#       [--fault AT restart|terminate|stop] [CGP_LOAD ARGS...]
#       instead, the load run (make load-pg; not make check): N (4)
#       congo-servers on the cluster and tests/load/cgp_load's games across
#       them (white on one server, black on the next; players reconnecting
#       to another server and taking their seat back with REJOIN). Without
#       cgp_load arguments: 2000 games, 600 s, a move every 5-20 s a game, a
#       player reconnecting every 300 s on average; --short: 200 games,
#       60 s, 2-8 s, every 20 s. Reports MOVE -> EV across servers (p50,
#       p99), CPU per 1,000 moves of the servers and of PostgreSQL
#       (/proc/PID/stat utime+stime; PostgreSQL's processes with their
#       ended children), PostgreSQL commits per move (pg_stat_database
#       xact_commit: every transaction, reads and each LISTENing server's
#       reading of its notices too), the servers' writer commits and WAL
#       syncs per move (pg_stat_wal: the disk's; commits of several
#       servers sharing one sync is group commit), each server's
#       RSS over the run (first, middle, last, max), the load average at
#       the start and end; then checks the store itself: every
#       acknowledged move is in its events table (psql), and a server
#       started afresh on it gives each in HISTORY. Raises the open files
#       limit (ulimit -n) to its hard limit: 2 connections a game. --lock
#       AT: every table locked for 5 s at AT s, each server PINGed every
#       20 ms meanwhile (tests/load/ping_probe.py): the slowest answer.
#       --fault AT KIND: PostgreSQL restarted, its connections ended or
#       the database stopped for 30 s at AT s, the same PINGs, the
#       refusals counted (cgp_load --refusals-ok), none lost.
set -u
mode=${1:-test}
[ $# -gt 0 ] && shift
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
test="$builddir/tests/test_net_pg"
. "$(dirname "$0")/tmp_lib.sh"
bindir=
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
	[ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && bindir=$d
done
if [ -z "$bindir" ] && command -v initdb > /dev/null &&
    command -v pg_ctl > /dev/null; then
	bindir=$(dirname "$(command -v initdb)")
fi
if [ -z "$bindir" ]; then
	echo "test_net_pg.sh: SKIP: PostgreSQL's initdb and pg_ctl are not installed (Debian: apt-get install postgresql)"
	exit 77
fi
tmp_need_libpq
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-pg.XXXXXX") || exit 1
as=
if [ "$(id -u)" = 0 ]; then
	# initdb refuses root: the cluster belongs to nobody.
	as="runuser -u nobody --"
	chown nobody "$tmp"
	chmod 755 "$tmp"
fi
pida= pidb= pidc= pidd= pids= sampler=
cleanup() {
	[ -n "$sampler" ] && kill "$sampler" 2>/dev/null
	tmp_stop $pida $pidb $pidc $pidd $pids
	$as "$bindir/pg_ctl" -D "$tmp/data" -m immediate stop > /dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
if ! $as "$bindir/initdb" -D "$tmp/data" -A trust -U congo > "$tmp/initdb.log" 2>&1; then
	echo "test_net_pg.sh: initdb failed:"
	cat "$tmp/initdb.log"
	exit 1
fi
if ! $as "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/pg.log" -w \
    -o "-k $tmp -c listen_addresses= -c fsync=on" start > /dev/null; then
	echo "test_net_pg.sh: the cluster did not start:"
	cat "$tmp/pg.log"
	exit 1
fi
$as "$bindir/createdb" -h "$tmp" -U congo congo || exit 1
uri="postgresql:///congo?host=$tmp&user=congo"
# The cluster alone, for a test that starts its own servers on it
# (tests/test_pg_secret.sh): called back with where it is.
if [ "$mode" = cluster ]; then
	CONGO_PG_DIR=$tmp CONGO_PG_BIN=$bindir CONGO_PG_AS=$as "$@"
	exit $?
fi

# start NAME [--create]: a server on the cluster; sets port and pid. With
# strict=1 in its environment, without --rated-same-network. A test build
# logs every store read on its event loop (there should be none: checked
# below).
start() {
	log="$tmp/$1.log"
	shift
	: > "$log"      # not the port of the server that wrote it before
	CONGO_TEST_LOOP_READ_DELAY_MS=0 "$server" --port 0 --bind 127.0.0.1 --db "$uri" --log-level \
	    "$([ "$mode" = load ] && echo info || echo debug)" \
	    --max-per-address 100 --day-length 1 \
	    $([ -n "${strict:-}" ] || echo --rated-same-network) "$@" \
	    2> "$log" &
	pid=$!
	if ! tmp_port "$log"; then
		echo "test_net_pg.sh: congo-server did not start:"
		cat "$log"
		exit 1
	fi
}
if [ "$mode" = load ]; then
	. "$(dirname "$0")/load/pg_load.sh"
	exit $?
fi
if [ "$mode" = web ]; then
	limits="--http 127.0.0.1:0"
else
	limits=
fi
# shellcheck disable=SC2086
start a --create $limits
pida=$pid porta=$port
# shellcheck disable=SC2086
# b: a game being played leaves its memory after 2 s without anybody
# there (a test build's hook; 60 s in others).
CONGO_TEST_IDLE_MS=2000 start b $limits
pidb=$pid portb=$port
portc= portd=
if [ "$mode" != web ]; then
	# A third that reads every notice from the tables, its reads taking
	# 1.5 s more (a test build's hooks; in others it is only a third
	# server): what it hears of another server's move stays behind
	# meanwhile.
	# Its commits take 0.8 s more: a pairing there is refused when
	# another server paired one of its seekers meanwhile.
	CONGO_TEST_READ_DELAY_MS=1500 CONGO_TEST_NOTICE_READ=1 \
	    CONGO_TEST_COMMIT_DELAY_MS=800 start c
	pidc=$pid portc=$port
	# A fourth that keeps two players of one network from a rated game
	# (the others allow it, for the tests that pair rated games on
	# 127.0.0.1): test_same_network_across.
	strict=1 start d
	pidd=$pid portd=$port
fi
echo "cluster in $tmp ($("$bindir/pg_ctl" --version)), servers on ports $porta and $portb${portc:+ and $portc}"
# The web pages of both servers (tests/test_web_pg.sh).
if [ "$mode" = web ]; then
	"$@" "$tmp/a.log" "$tmp/b.log" "$porta"
	status=$?
	[ $status -ne 0 ] && tail -n 30 "$tmp/a.log" "$tmp/b.log"
	exit $status
fi
# What the test does to the database under the servers (restart, stop,
# start, end their backends), as the cluster's owner.
cat > "$tmp/pgctl.sh" <<EOF
#!/bin/sh
case \$1 in
restart) $as "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/pg.log" -w -m fast \\
    -o "-k $tmp -c listen_addresses= -c fsync=on" restart > /dev/null ;;
stop) $as "$bindir/pg_ctl" -D "$tmp/data" -w -m fast stop > /dev/null ;;
crash) $as "$bindir/pg_ctl" -D "$tmp/data" -w -m immediate stop > /dev/null ;;
start) $as "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/pg.log" -w \\
    -o "-k $tmp -c listen_addresses= -c fsync=on" start > /dev/null ;;
lock) $as "$bindir/psql" -h "$tmp" -U congo -d congo -Atq -c \\
    "BEGIN; LOCK TABLE games, seats, events, congo_limits, congo_meta,
     accounts, ratings, rating_history, seek_claims IN ACCESS EXCLUSIVE MODE;
     SELECT pg_sleep(\$2); COMMIT" > /dev/null 2>&1 &
    # returns once the locks are held
    i=0
    while [ \$i -lt 100 ]; do
        n=\$($as "$bindir/psql" -h "$tmp" -U congo -d congo -Atq -c \\
            "SELECT count(*) FROM pg_locks WHERE mode = 'AccessExclusiveLock'
             AND granted AND locktype = 'relation'")
        [ "\$n" -ge 9 ] && exit 0
        sleep 0.05; i=\$((i + 1))
    done
    exit 1 ;;
sql) $as "$bindir/psql" -h "$tmp" -U congo -d congo -Atq -c "\$2" > /dev/null ;;
hold)
    # A transaction that does \$3 and then waits \$2 s before it commits
    # (its rows locked meanwhile, to the others' writes only): returns
    # once it waits.
    P="$as $bindir/psql -h $tmp -U congo -d congo -Atq"
    \$P -c "BEGIN; \$3; SELECT pg_sleep(\$2); COMMIT" > /dev/null 2>&1 &
    i=0
    while [ \$i -lt 100 ]; do
        n=\$(\$P -c "SELECT count(*) FROM pg_stat_activity WHERE
            wait_event = 'PgSleep' AND query LIKE '%pg_sleep%'")
        [ "\$n" -ge 1 ] && exit 0
        sleep 0.05; i=\$((i + 1))
    done
    exit 1 ;;
notifylock)
    # The lock every commit that notifies takes in turn, held for \$2 s
    # by a commit waiting for a synchronous standby that never comes
    # (as a slow disk holds it for a moment): returns once it is held.
    P="$as $bindir/psql -h $tmp -U congo -d congo -Atq"
    "\$0" nosync || exit 1
    (sleep \$2; \$P -c "ALTER SYSTEM RESET synchronous_standby_names" \\
        -c "SELECT pg_reload_conf()" > /dev/null) > /dev/null 2>&1 &
    i=0
    while [ \$i -lt 100 ]; do
        \$P -c "SET synchronous_commit = on" -c "BEGIN" \\
            -c "CREATE TABLE IF NOT EXISTS congo_test_hold(x int)" \\
            -c "INSERT INTO congo_test_hold VALUES (1)" \\
            -c "SELECT pg_notify('congo_test_hold', '')" -c "COMMIT" \\
            > /dev/null 2>&1 &
        j=0
        while [ \$j -lt 20 ]; do
            n=\$(\$P -c "SELECT count(*) FROM pg_locks WHERE
                locktype = 'object' AND classid = 1262 AND objid = 0
                AND mode = 'AccessExclusiveLock' AND granted")
            [ "\$n" -ge 1 ] && exit 0
            sleep 0.05; j=\$((j + 1))
        done
        i=\$((i + 20))  # committed before the setting came: again
    done
    exit 1 ;;
tidy)
    # (after a test that stops, locks or slows the database: the cluster
    # running again, no lock holder left, commits not held; so a test
    # that fails midway leaves nothing the next tests would trip on)
    $as "$bindir/pg_ctl" -D "$tmp/data" status > /dev/null 2>&1 ||
        $as "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/pg.log" -w \
            -o "-k $tmp -c listen_addresses= -c fsync=on" start > /dev/null
    "\$0" release
    $as "$bindir/psql" -h "$tmp" -U congo -d congo -Atq \
        -c "ALTER SYSTEM RESET synchronous_standby_names" \
        -c "SELECT pg_reload_conf()" > /dev/null ;;
release)
    # Every transaction of lock, hold or notifylock ended (rolled back).
    $as "$bindir/psql" -h "$tmp" -U congo -d congo -Atq -c \
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
         WHERE query LIKE '%pg_sleep%' AND pid <> pg_backend_pid()" \
        > /dev/null ;;
nosync)
    # From now on every commit waits for a synchronous standby that
    # never comes (stored, its answer not sent), until tidy.
    $as "$bindir/psql" -h "$tmp" -U congo -d congo -Atq \
        -c "ALTER SYSTEM SET synchronous_standby_names = 'congo_test_none'" \
        -c "SELECT pg_reload_conf()" > /dev/null ;;
terminate) $as "$bindir/psql" -h "$tmp" -U congo -d congo -Atq -c \\
    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
     WHERE datname = 'congo' AND pid <> pg_backend_pid()" > /dev/null ;;
esac
EOF
chmod 755 "$tmp/pgctl.sh"
CONGO_PG_CTL="$tmp/pgctl.sh" CONGO_PG_PORT_A=$porta CONGO_PG_PORT_B=$portb \
    CONGO_PG_PORT_C=$portc CONGO_PG_PORT_D=$portd CONGO_PG_PID_A=$pida CONGO_PG_LOG_B="$tmp/b.log" \
    timeout --kill-after=10 "${CONGO_PG_TIMEOUT:-600}" "$test"
status=$?
if [ $status -eq 124 ] || [ $status -eq 137 ]; then
	# (75 s here; far longer under the sanitizers or valgrind)
	echo "test_net_pg.sh: tests/test_net_pg did not end within ${CONGO_PG_TIMEOUT:-600} s (CONGO_PG_TIMEOUT): stopped"
	status=1
fi
# The servers read the store off their event loops only (srv_hook.c).
for f in "$tmp"/[abcd].log; do
	if grep "a store read on the event loop" "$f"; then
		echo "test_net_pg.sh: $(basename "$f" .log) read on its event loop"
		status=1
	fi
done
# Two servers claiming the same seeks or seekers wait for each other in
# one order (sess_seek.c claims_sql); a deadlock costs a pairing a second.
echo "PostgreSQL deadlocks detected: $(grep -c 'deadlock detected' "$tmp/pg.log")"
# (CONGO_PG_ONLY=<test>: only that one ran, and a is still up.)
# test_kill_and_rejoin killed server A; a test that failed before that
# left it running, and a wait for it would never end.
tmp_stop $pida
pida=
if [ -n "${CONGO_PG_ONLY:-}" ]; then
	exit $status    # (the checks below follow the whole run)
fi
# The rematches are in the database whole: each game with both seats
# (test_rematch's, and test_rematch_across's across two servers, each
# seat's token drawn by its player's server).
# The checks after the test: none waits long (a lock the servers still
# running hold, a start that is not refused).
bounded="timeout --kill-after=5 60"
if [ $status -eq 0 ]; then
	seats=$($bounded $as "$bindir/psql" -h "$tmp" -U congo -d congo -At -c \
	    "SELECT count(*), count(*) FILTER (WHERE (SELECT count(*) FROM
	     seats s WHERE s.game = g.id) = 2) FROM games g
	     WHERE g.rematch_of IS NOT NULL")
	if [ "$seats" != "3|3" ]; then
		echo "test_net_pg.sh: rematches stored, and of them with both seats: $seats, not 3|3"
		status=1
	fi
fi
# A database of version 3 (before the shared limits): a server started on
# it is refused, saying to run --upgrade, and leaves it as it is;
# congo-server --upgrade brings it to 11 (through 4, 5, 6, 7, 8, 9 and 10) and exits 0; a second
# --upgrade finds nothing to do; then a server starts on it.
if [ $status -eq 0 ]; then
	$bounded $as "$bindir/psql" -h "$tmp" -U congo -d congo -q -c \
	    "DROP TABLE congo_limits; DROP TABLE congo_holds;
	     DROP TABLE account_bots; UPDATE congo_meta SET version = 3" ||
	    status=1
	if $bounded "$server" --port 0 --bind 127.0.0.1 --db "$uri" > "$tmp/old.log" 2>&1; then
		echo "test_net_pg.sh: a start on version 3 exited 0"
		status=1
	elif ! grep -q "database version 3, older than this server's 11.*congo-server --upgrade" \
	    "$tmp/old.log"; then
		echo "test_net_pg.sh: the refused start said: $(cat "$tmp/old.log")"
		status=1
	fi
	v=$($bounded $as "$bindir/psql" -h "$tmp" -U congo -d congo -At -c \
	    "SELECT version FROM congo_meta")
	[ "$v" = 3 ] || { echo "test_net_pg.sh: the refused start left version '$v'"; status=1; }
	if ! $bounded "$server" --db "$uri" --upgrade > "$tmp/up.log" 2>&1 ||
	    ! grep -q "brought from version 3 to 11" "$tmp/up.log"; then
		echo "test_net_pg.sh: --upgrade: $(cat "$tmp/up.log")"
		status=1
	fi
	if ! $bounded "$server" --db "$uri" --upgrade > "$tmp/up.log" 2>&1 ||
	    ! grep -q "up to date, nothing to do" "$tmp/up.log"; then
		echo "test_net_pg.sh: --upgrade again: $(cat "$tmp/up.log")"
		status=1
	fi
	start a
	pida=$pid
	v=$($bounded $as "$bindir/psql" -h "$tmp" -U congo -d congo -At -c \
	    "SELECT version FROM congo_meta; SELECT count(*) FROM congo_limits;
	     SELECT count(*) FROM congo_holds; SELECT count(*) FROM account_bots")
	if [ "$(echo $v)" != "11 0 0 0" ]; then
		echo "test_net_pg.sh: after the migration: '$v', not 11 and an empty congo_limits, congo_holds and account_bots"
		status=1
	fi
	# A database of version 6 as servers before issue 57 left it: the
	# speed correspondence cut to "corresponde" in ratings and their
	# history. --upgrade renames the rows (version 7, then 8); WHOIS and TOP show
	# and find correspondence.
	tmp_stop $pida
	pida=
	$bounded $as "$bindir/psql" -h "$tmp" -U congo -d congo -q -c \
	    "UPDATE congo_meta SET version = 6;
	     INSERT INTO accounts VALUES ('spdann', 'SpdAnn', 'x', 1700000000000);
	     INSERT INTO ratings VALUES ('spdann', 'megapawn', 'corresponde',
	      1720.5, 80.0, 0.06, 12);
	     INSERT INTO rating_history VALUES ('spdann', 'megapawn',
	      'corresponde', 12, 1720.5, 80.0, 'AAAAAAAA', 1700000000000)" ||
	    status=1
	if ! $bounded "$server" --db "$uri" --upgrade > "$tmp/up.log" 2>&1 ||
	    ! grep -q "brought from version 6 to 11" "$tmp/up.log"; then
		echo "test_net_pg.sh: --upgrade from 6: $(cat "$tmp/up.log")"
		status=1
	fi
	v=$($bounded $as "$bindir/psql" -h "$tmp" -U congo -d congo -At -c \
	    "SELECT count(*) FROM ratings WHERE speed = 'corresponde';
	     SELECT count(*) FROM rating_history WHERE speed = 'correspondence'")
	if [ "$(echo $v)" != "0 1" ]; then
		echo "test_net_pg.sh: after the upgrade from 6: '$v', not no row under corresponde and its history renamed"
		status=1
	fi
	start a
	pida=$pid
	# (say, of tmp_lib.sh, is bash's: /dev/tcp)
	out=$(port=$port bash -c 'fail() { echo "$*"; exit 1; }; . "$0"
	    say "#w WHOIS name=spdann" \
	    "#t TOP variant=megapawn speed=correspondence" "#z SEEKS"' \
	    "$(dirname "$0")/tmp_lib.sh")
	if ! printf '%s\n' "$out" | grep -q "^ITEM #w variant=megapawn speed=correspondence rating=1721 " ||
	    ! printf '%s\n' "$out" | grep -q "^ITEM #t rank=1 name=SpdAnn rating=1721 "; then
		echo "test_net_pg.sh: WHOIS and TOP after the upgrade from 6: $out"
		status=1
	fi
	# A newer database is refused, by --upgrade too.
	tmp_stop $pida
	pida=
	$bounded $as "$bindir/psql" -h "$tmp" -U congo -d congo -q -c \
	    "UPDATE congo_meta SET version = 12" || status=1
	if $bounded "$server" --db "$uri" --upgrade > "$tmp/up.log" 2>&1 ||
	    ! grep -q "database version 12, newer than this server's 11" "$tmp/up.log"; then
		echo "test_net_pg.sh: --upgrade of version 12: $(cat "$tmp/up.log")"
		status=1
	fi
fi
# The servers stopped (TERM: each exits as it does in service), then what
# a sanitizer said in their logs (a build with --enable-sanitizers: a leak
# is reported as the server exits, which nothing else here would see).
tmp_stop $pida $pidb $pidc $pidd
pida= pidb= pidc= pidd=
tmp_sanitizer_reports "$tmp" || status=1
if [ $status -ne 0 ]; then
	echo "--- server a"; tail -n 30 "$tmp/a.log"
	echo "--- server b"; tail -n 30 "$tmp/b.log"
	[ -z "$portc" ] || { echo "--- server c"; tail -n 30 "$tmp/c.log"; }
fi
exit $status
