#!/bin/bash
# test_tourney_sched_pg.sh: congo.conf's daily tournaments (issue 60) with
# two congo-servers on one PostgreSQL started together with the same
# server.tournaments: the tournament is made once (one row in the store,
# psql), and both servers list it. On test_net_pg.sh's throwaway cluster;
# skipped (77) as that is.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
if [ -z "${CONGO_PG_DIR:-}" ]; then
	exec "$srcdir/tests/test_net_pg.sh" cluster env \
	    CONGO_BUILDDIR="$builddir" srcdir="$srcdir" bash "$0"
fi
server="$builddir/src/congo-server"
. "$srcdir/tests/tmp_lib.sh"
fail() { echo "test_tourney_sched_pg.sh: $*"; exit 1; }
tmp_setup congo-tsched-pg
uri="postgresql:///congo?host=$CONGO_PG_DIR&user=congo"
pida= pidb=
cleanup() {
	_rc=$?
	tmp_stop $pida $pidb
	(exit $_rc)
	tmp_cleanup
}
trap cleanup EXIT

at=$(date -u -d "@$(($(date -u +%s) + 1800))" +%H:%M)
printf 'server = { tournaments = ( { kind = "swiss"; name = "Daily";
  at = "%s"; rounds = 5; clock = "3+2"; } ); };\n' "$at" > "$tmp/c.conf"
# The tables first (one server), then both at once.
"$server" --port 0 --bind 127.0.0.1 --db "$uri" --create \
    2> "$tmp/made.log" &
pida=$!
tmp_port "$tmp/made.log" "$pida" || { cat "$tmp/made.log"; fail "no tables"; }
tmp_stop "$pida"
pida=
"$server" --port 0 --bind 127.0.0.1 --db "$uri" --config "$tmp/c.conf" \
    2> "$tmp/a.log" &
pida=$!
"$server" --port 0 --bind 127.0.0.1 --db "$uri" --config "$tmp/c.conf" \
    2> "$tmp/b.log" &
pidb=$!
tmp_port "$tmp/a.log" "$pida" || { cat "$tmp/a.log"; fail "a did not start"; }
porta=$port
tmp_port "$tmp/b.log" "$pidb" || { cat "$tmp/b.log"; fail "b did not start"; }
portb=$port
# listed PORT: Daily in that server's TOURNEYS (10 s at most).
listed() {
	local end=$(($(date +%s) + 10))
	port=$1
	while [ "$(date +%s)" -le "$end" ]; do
		say "#t TOURNEYS" "#p PING" | grep -q '^ITEM #t .* name=Daily ' &&
		    return 0
	done
	return 1
}
listed "$porta" || { cat "$tmp/a.log"; fail "a does not list Daily"; }
listed "$portb" || { cat "$tmp/b.log"; fail "b does not list Daily"; }
n=$($CONGO_PG_AS "$CONGO_PG_BIN/psql" -h "$CONGO_PG_DIR" -U congo -d congo \
    -At -c "SELECT count(*) FROM tourneys WHERE name = 'Daily'")
[ "$n" = 1 ] || fail "Daily made $n times"
# (what each tried, and any error)
grep -H "Daily\|error\|warn\|lease" "$tmp/a.log" "$tmp/b.log"
echo "test_tourney_sched_pg.sh: passed"
