#!/bin/sh
# test_net_tourney_pg.sh: a tournament run by two congo-servers on one
# PostgreSQL (issue 60; PROTOCOL.md "Tournaments": one server at a time
# pairs, a lease in the store, another takes over within 10 s of its
# death), on test_net_pg.sh's throwaway cluster (its mode "cluster"). A
# Swiss of 8 scripted players (tests/tourney_play.py) on the server that
# holds the lease, the other server up beside it; the holder killed -9 as
# round 2 begins; the players come back on the other (LOGIN, REJOIN),
# which takes the lease over (within 10 s) and pairs round 3: the event finishes, every round paired once and as
# src/tourn's Dutch system pairs the stored results (tests/tourney_check.py
# on the store through psql), no game lost. Prints how long the takeover
# took. Skipped (77) as test_net_pg.sh is: without PostgreSQL's programs or
# libpq.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
if [ -z "${CONGO_PG_DIR:-}" ]; then
	command -v python3 > /dev/null || {
		echo "test_net_tourney_pg.sh: SKIP: no python3"
		exit 77
	}
	exec "$srcdir/tests/test_net_pg.sh" cluster env \
	    CONGO_BUILDDIR="$builddir" srcdir="$srcdir" sh "$0"
fi
server="$builddir/src/congo-server"
congo="$builddir/src/congo"
. "$srcdir/tests/tmp_lib.sh"
fail() { echo "test_net_tourney_pg.sh: $*"; exit 1; }
tmp_setup congo-tourney-pg
uri="postgresql:///congo?host=$CONGO_PG_DIR&user=congo"
pida= pidb= player=
cleanup() {
	_rc=$?
	[ -n "$player" ] && kill "$player" 2>/dev/null
	tmp_stop $pida $pidb
	(exit $_rc)
	tmp_cleanup
}
trap cleanup EXIT

# start NAME [ARGS]: a server on the cluster; sets pid and port.
start() {
	log="$tmp/$1.log"
	shift
	"$server" --port 0 --bind 127.0.0.1 --db "$uri" --day-length 1440 \
	    --commands-per-second 100000 --log-level info "$@" 2> "$log" &
	pid=$!
	tmp_port "$log" "$pid" || { cat "$log"; fail "a server did not start"; }
}
# Both servers up before the tournament is made on a, where its players
# are: a takes the lease (a lease never taken goes to the server where
# the tournament was made), b keeps the store's copy. a killed -9 as round
# 2 begins, the players back on b.
start a --create
pida=$pid porta=$port
start b
pidb=$pid
echo "$port" > "$tmp/portb"
: > "$tmp/keys"
TOURNEY_KEYS="$tmp/keys" TOURNEY_KILL_ROUND=2 TOURNEY_SERVER_PID=$pida \
    TOURNEY_RESTART="cat '$tmp/portb'" timeout 300 python3 \
    "$srcdir/tests/tourney_play.py" "$porta" "$congo" swiss 8 \
    > "$tmp/play.out" 2>&1 &
player=$!
holder=a other=b
wait "$player"
rc=$?
player=
[ $rc = 0 ] || { tail -n 20 "$tmp/play.out" "$tmp/a.log" "$tmp/b.log"; fail "the Swiss did not finish on the other server"; }
grep -q "this server pairs them now" "$tmp/a.log" || fail "a never took the lease"
grep -q "server killed -9 in round 2" "$tmp/play.out" || fail "the holder was not killed"
grep -q "this server pairs them now" "$tmp/$other.log" || fail "server $other did not take the lease over"
tid=$(sed -n 's/^tourney=//p' "$tmp/play.out")
# From the kill to the other's "pairs them now" (its log's UTC time).
took=$(python3 -c '
import calendar, sys, time
k = float(sys.argv[1])
for l in open(sys.argv[2]):
    if "this server pairs them now" in l:
        t = l.split()[0]
        at = calendar.timegm(time.strptime(t[:19], "%Y-%m-%dT%H:%M:%S"))
        at += int(t[20:23]) / 1000
        if at >= k:
            print("%.1f" % (at - k))
            break
' "$(sed -n 's/^killed at //p' "$tmp/play.out")" "$tmp/$other.log")
echo "test_net_tourney_pg.sh: the holder ($holder) killed -9; $other took the lease over ${took:-?} s later"
[ -n "$took" ] && python3 -c "import sys; sys.exit(float(sys.argv[1]) > 10)" \
    "$took" || fail "the lease not taken over within 10 s"
CONGO_PG_BIN=$CONGO_PG_BIN python3 "$srcdir/tests/tourney_check.py" \
    "$(cat "$tmp/portb")" "$uri" "$tid" "$congo" ||
    fail "the Swiss taken over"
echo "test_net_tourney_pg.sh: passed"
