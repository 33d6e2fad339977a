#!/bin/sh
# test_net_tourney_client.sh: a Swiss of 16 players, 5 rounds, through
# the real server and client (issue 60): four members (tp2, tp7, tp10,
# tp15) are congo --plain processes on pipes (tests/tourney_client.py),
# logged in by the keys file, who join by the plain mode's "join", read
# their pairings ("Round N: you play White against tp3"), their turn, the
# position (fen) and the end of each game from the client's own words,
# and move, resign or offer a draw by typing; the other twelve are
# tests/tourney_play.py's scripted players. The client takes each round's
# pairing by itself while it shows the game just over (and a bye is said).
# Then tests/tourney_check.py: every round's pairing as src/tourn's Dutch
# system pairs the stored results before it, the points and tie-breaks;
# and the clients played every round (5 games or byes each). Then a Swiss
# of 7, 3 rounds, on the same server, three clients: a bye each round,
# one of them said to a client ("round N is a bye for you"). Then the
# Swiss of 16 again on a new store, the server killed -9 as round 3's
# games begin and started again on the same port: the clients come back
# by their own reconnection, the scripted players by REJOIN; the event
# finishes, checked as above.
# Waits on the players' lines and events, never a fixed time.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
server="$builddir/src/congo-server"
congo="$builddir/src/congo"
. "$(dirname "$0")/tmp_lib.sh"
fail() { echo "test_net_tourney_client.sh: $*"; exit 1; }
command -v python3 > /dev/null || {
	echo "test_net_tourney_client.sh: SKIP: no python3"
	exit 77
}
tmp_setup congo-tourney-client
# (the clients' home: nothing of the user's; their keys file made there)
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" \
    XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" LC_ALL=C.UTF-8
mkdir -p "$HOME" "$XDG_CONFIG_HOME/congo" "$tmp/clients" || exit 99

# start DB: a server on the store DB (made), on $port when set (a
# restart: tried again until the killed one's port and file are free);
# sets pid and port.
start() {
	i=0
	while [ $i -lt 100 ]; do
		: > "$tmp/server.log"
		"$server" --port "${port:-0}" --bind 127.0.0.1 --db "$1" \
		    --create --commands-per-second 100000 2>> "$tmp/server.log" &
		pid=$!
		tmp_port "$tmp/server.log" "$pid" && return
		i=$((i + 1))
	done
	cat "$tmp/server.log"
	fail "the server did not start on $1"
}

# swiss N ROUNDS CLIENTS: a Swiss of N on the store $db, its members
# CLIENTS (tpK, comma-separated) congo --plain processes, played to its
# end and checked; the accounts made by the first on the store (keys in
# $db.keys). $kill: the server killed -9 as round 3's games begin and
# started again on the same port and store (tourney_play.py's
# TOURNEY_KILL_ROUND, $tmp/restart).
swiss() {
	rm -f "$tmp"/clients/*.out
	login=0
	[ -s "$db.keys" ] && login=1
	t0=$(date +%s)
	if [ -n "$kill" ]; then
		export TOURNEY_KILL_ROUND=3 TOURNEY_SERVER_PID=$pid \
		    TOURNEY_RESTART="sh $tmp/restart"
	fi
	TOURNEY_CLIENTS=$3 TOURNEY_CLIENT_LOG="$tmp/clients" \
	    TOURNEY_KEYS="$db.keys" TOURNEY_LOGIN=$login \
	    TOURNEY_ROUNDS=$2 TOURNEY_START_IN=4 timeout 400 python3 \
	    "$srcdir/tests/tourney_play.py" "$port" "$congo" swiss "$1" \
	    > "$tmp/play.out" 2>&1 || {
		tail -n 20 "$tmp/play.out" "$tmp/server.log"
		for f in "$tmp"/clients/*.out; do
			echo "--- $f"
			tail -n 15 "$f"
		done
		fail "the Swiss of $1 with clients $3 did not finish"
	}
	echo "test_net_tourney_client.sh: the Swiss of $1 (clients $3) played in $(($(date +%s) - t0)) s"
	if [ -n "$kill" ]; then
		wait "$pid" 2>/dev/null
		pid=$(cat "$tmp/pid2")
		grep -q "server killed -9 in round 3" "$tmp/play.out" ||
		    fail "the server was not killed"
		grep "seats of games not over" "$tmp/play.out"
		grep -q "^[1-9][0-9]* seats of games not over" \
		    "$tmp/play.out" || fail "no game of round 3 was going on at the kill"
	fi
	tid=$(sed -n 's/^tourney=//p' "$tmp/play.out")
	grep "(client)" "$tmp/play.out"
	# every client played every round: its games and byes said
	allbyes=0
	for n in $(echo "$3" | tr ',' ' '); do
		line=$(grep "^tp$n (client): " "$tmp/play.out") ||
		    fail "tp$n: no client's summary"
		games=$(echo "$line" | sed -n 's/.*: \([0-9]*\) games.*/\1/p')
		byes=$(echo "$line" | sed -n 's/.*byes \[\(.*\)\]$/\1/p' |
		    tr ',' '\n' | grep -c '[0-9]')
		[ $((games + byes)) -eq "$2" ] ||
		    fail "tp$n: $games games and $byes byes said, not $2 rounds: $line"
		allbyes=$((allbyes + byes))
	done
	# (each client moved in time: no game of theirs called off)
	grep -l "the game is cancelled" "$tmp"/clients/*.out &&
	    fail "a client's game was cancelled (no first move in time)"
	python3 "$srcdir/tests/tourney_check.py" "$port" "$db" \
	    "$tid" "$congo" > "$tmp/check.out" ||
	    { cat "$tmp/check.out"; tail -n 30 "$tmp/server.log"; fail "the Swiss of $1's pairings or standings"; }
	cat "$tmp/check.out"
}

# A Swiss of 16, 5 rounds, four of them clients.
db=$tmp/swiss.db kill=
start "$db"
swiss 16 5 2,7,10,15
# A Swiss of 7, 3 rounds (a bye each round), the three lowest rated of
# the first (ranked last) clients: a bye said to one at least.
swiss 7 3 5,6,7
[ "$allbyes" -gt 0 ] || fail "no client was told of its bye"
tmp_stop "$pid"

# A Swiss of 16, 5 rounds, four clients, on a new store: the server killed
# -9 as round 3's games begin, started again on the same port: the
# clients come back by themselves (their own reconnection and REJOIN),
# the event finishes, its pairings still src/tourn's.
db=$tmp/kill.db kill=1 port=
start "$db"
cat > "$tmp/restart" <<EOS
. "$(cd "$(dirname "$0")" && pwd)/tmp_lib.sh"
i=0
while [ \$i -lt 100 ]; do
	"$server" --port $port --bind 127.0.0.1 --db "$db" \\
	    --commands-per-second 100000 > /dev/null 2>> "$tmp/server2.log" &
	echo \$! > "$tmp/pid2"
	tmp_port "$tmp/server2.log" \$(cat "$tmp/pid2") && break
	i=\$((i + 1))
done
echo "\$port"
EOS
swiss 16 5 2,7,10,15
echo "test_net_tourney_client.sh: passed"
