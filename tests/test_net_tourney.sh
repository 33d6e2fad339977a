#!/bin/sh
# test_net_tourney.sh: tournaments on a real congo-server (issue 60;
# PROTOCOL.md "Tournaments"), played by scripted players
# (tests/tourney_play.py: accounts, TJOIN, the moves congo --engine
# answers, resignations, draws, berserks), the server's minute shortened
# by --day-length 1440 (a minute a second). Then tests/tourney_check.py
# reads the store:
#   a Swiss of 16 players, 5 rounds: each round's pairing as src/tourn's
#   Dutch system pairs the stored results before it (congo --swiss-pair on
#   them as TRF, the players ranked by rating), the points and tie-breaks
#   too;
#   then on the same store, the players' ratings apart now, an arena of 12
#   players, "10 minutes" at 60+0: every member's points, fire, games and
#   performance (from the ratings at its start) in STANDINGS as the stored
#   games give them; and a Swiss of 8, 3 rounds, checked as the first, its
#   players ranked by rating (FIDE's initial ranking), not as they joined;
#   a Swiss of 16, 5 rounds, the server killed -9 as round 3 begins and
#   started again on its store: the event finishes unchanged, its
#   pairings still src/tourn's, no member paired twice, the points right.
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

# play DB KIND N: a tournament played to its end on store DB (made by the
# first); tid set. The accounts' keys kept in $tmp/keys: a tournament
# after the first on a store logs them in (TOURNEY_LOGIN).
play() {
	: > "$tmp/server.log"
	if [ -f "$tmp/$1.db" ]; then
		start "$tmp/$1.db"
		login=1
	else
		start "$tmp/$1.db" --create
		login=0
	fi
	t0=$(date +%s)
	TOURNEY_KEYS="$tmp/keys" TOURNEY_LOGIN=$login timeout 300 python3 \
	    "$srcdir/tests/tourney_play.py" "$port" "$congo" "$2" "$3" \
	    > "$tmp/$2.out" 2>&1 || {
		tail -n 20 "$tmp/$2.out" "$tmp/server.log"
		fail "the $2 of $3 did not finish"
	}
	echo "test_net_tourney.sh: the $2 of $3 played in $(($(date +%s) - t0)) s"
	tid=$(sed -n 's/^tourney=//p' "$tmp/$2.out")
}

check() {
	python3 "$srcdir/tests/tourney_check.py" "$port" "$1" "$tid" \
	    "$congo" > "$tmp/check.out" ||
	    { cat "$tmp/check.out"; tail -n 30 "$tmp/server.log"; fail "$2"; }
	cat "$tmp/check.out"
}

# A Swiss of 16, 5 rounds, on a new store: its players all at 1500.
TOURNEY_ROUNDS=5 play events swiss 16
check "$tmp/events.db" "the Swiss of 16's pairings"
tmp_stop "$pid"
pid=

# Then, on the same store (the players' ratings now apart), an arena of
# 12: its performances from the ratings at its start; and a Swiss of 8:
# its players ranked by those ratings (FIDE's initial ranking).
play events arena 12
check "$tmp/events.db" "the arena's standings"
grep -q "ratings at the start 1500-1500" "$tmp/check.out" 2>/dev/null &&
    fail "the arena's ratings were all 1500"
tmp_stop "$pid"
pid=

play events swiss 8
check "$tmp/events.db" "the Swiss of 8's pairings, ranked by rating"
grep -q "ranked by rating" "$tmp/check.out" ||
    fail "the Swiss of 8's players were not ranked apart from their joining"
tmp_stop "$pid"
pid=

# A Swiss of 16, 5 rounds, the server killed -9 in the middle of round 3
# (its games begun) by the players' script, which starts it again on the same
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
TOURNEY_KEYS="$tmp/keys" TOURNEY_KILL_ROUND=3 TOURNEY_ROUNDS=5 \
    TOURNEY_SERVER_PID=$pid TOURNEY_RESTART="sh $tmp/restart" timeout 300 \
    python3 "$srcdir/tests/tourney_play.py" "$port" "$congo" swiss 16 \
    > "$tmp/kill.out" 2>&1
rc=$?
wait "$pid" 2>/dev/null
pid=$(cat "$tmp/pid2" 2>/dev/null)
[ $rc = 0 ] || { tail -n 20 "$tmp/kill.out" "$tmp/server.log" "$tmp/server2.log"; fail "the Swiss killed -9 did not finish"; }
grep -q "server killed -9 in round 3" "$tmp/kill.out" || fail "the server was not killed"
grep -q "^[1-9][0-9]* seats of games not over taken again" "$tmp/kill.out" ||
    fail "no game of round 3 was going on at the kill"
grep "seats of games not over" "$tmp/kill.out"
tid=$(sed -n 's/^tourney=//p' "$tmp/kill.out")
tmp_port "$tmp/server2.log" "$pid" || fail "no port of the restarted server"
check "$tmp/kill.db" "the Swiss of 16 after kill -9 in round 3"
echo "test_net_tourney.sh: passed"
