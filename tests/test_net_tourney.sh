#!/bin/sh
# test_net_tourney.sh: tournaments on a real congo-server (issue 60;
# PROTOCOL.md "Tournaments"), played by scripted players
# (tests/tourney_play.py: accounts, TJOIN, the moves congo --engine
# answers, resignations, draws, berserks), the server's minute shortened
# by --day-length 1440 (a minute a second). Then tests/tourney_check.py
# reads the store:
#   an arena of 6 players, "10 minutes" at 60+0: every member's points,
#   fire and games in STANDINGS as the stored games give them;
#   a Swiss of 8 players, 3 rounds: each round's pairing as src/tourn's
#   Dutch system pairs the stored results before it (congo --swiss-pair on
#   them as TRF), the points too;
#   a Swiss of 8, the server killed -9 as round 2 begins and started
#   again on its store: the event finishes, its pairings still src/tourn's.
# Waits on the players' events, never a fixed time.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
server="$builddir/src/congo-server"
congo="$builddir/src/congo"
. "$(dirname "$0")/tmp_lib.sh"
fail() { echo "test_net_tourney.sh: $*"; exit 1; }
command -v python3 > /dev/null || {
	echo "test_net_tourney.sh: SKIP: no python3"
	exit 77
}
tmp_setup congo-tourney

# start DB [ARGS]: a server on DB; sets pid and port.
start() {
	db=$1
	shift
	"$server" --port 0 --bind 127.0.0.1 --db "$db" --day-length 1440 \
	    --commands-per-second 100000 "$@" 2>> "$tmp/server.log" &
	pid=$!
	tmp_port "$tmp/server.log" "$pid" && return
	cat "$tmp/server.log"
	fail "the server did not start on $db"
}

# play KIND N: a tournament played to its end on a fresh store; tid set.
play() {
	: > "$tmp/server.log"
	start "$tmp/$1.db" --create
	timeout 300 python3 "$srcdir/tests/tourney_play.py" "$port" "$congo" \
	    "$1" "$2" > "$tmp/$1.out" 2>&1 || {
		tail -n 20 "$tmp/$1.out" "$tmp/server.log"
		fail "the $1 did not finish"
	}
	tid=$(sed -n 's/^tourney=//p' "$tmp/$1.out")
}

check() {
	python3 "$srcdir/tests/tourney_check.py" "$port" "$1" "$tid" \
	    "$congo" || { tail -n 30 "$tmp/server.log"; fail "$2"; }
}

play arena 6
check "$tmp/arena.db" "the arena's standings"
tmp_stop "$pid"
pid=

play swiss 8
check "$tmp/swiss.db" "the Swiss's pairings"
tmp_stop "$pid"
pid=

# The Swiss again, the server killed -9 in the middle of round 2 (its
# games begun) by the players' script, which starts it again on the same
# store ($tmp/restart prints its port) and comes back (LOGIN, REJOIN, the
# moves read again): the event finishes, its pairings src/tourn's.
: > "$tmp/server.log"
start "$tmp/kill.db" --create
# (until the killed server's lock on its file is gone: a start refused
# then exits at once, and is tried again)
cat > "$tmp/restart" <<EOS
. "$(cd "$(dirname "$0")" && pwd)/tmp_lib.sh"
i=0
while [ \$i -lt 100 ]; do
	"$server" --port 0 --bind 127.0.0.1 --db "$tmp/kill.db" \\
	    --day-length 1440 --commands-per-second 100000 > /dev/null \\
	    2> "$tmp/server2.log" &
	echo \$! > "$tmp/pid2"
	tmp_port "$tmp/server2.log" \$(cat "$tmp/pid2") && break
	i=\$((i + 1))
done
echo "\$port"
EOS
: > "$tmp/keys"
TOURNEY_KEYS="$tmp/keys" TOURNEY_KILL_ROUND=2 TOURNEY_SERVER_PID=$pid \
    TOURNEY_RESTART="sh $tmp/restart" timeout 300 python3 \
    "$srcdir/tests/tourney_play.py" "$port" "$congo" swiss 8 \
    > "$tmp/kill.out" 2>&1
rc=$?
wait "$pid" 2>/dev/null
pid=$(cat "$tmp/pid2" 2>/dev/null)
[ $rc = 0 ] || { tail -n 20 "$tmp/kill.out" "$tmp/server.log" "$tmp/server2.log"; fail "the Swiss killed -9 did not finish"; }
grep -q "server killed -9 in round 2" "$tmp/kill.out" || fail "the server was not killed"
tid=$(sed -n 's/^tourney=//p' "$tmp/kill.out")
tmp_port "$tmp/server2.log" "$pid" || fail "no port of the restarted server"
check "$tmp/kill.db" "the Swiss after kill -9"
echo "test_net_tourney.sh: passed"
