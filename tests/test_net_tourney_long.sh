#!/bin/sh
# test_net_tourney_long.sh: the long arena of issue 60 (not in make check:
# it takes 10 minutes; `make tourney-long`). 12 scripted players
# (tests/tourney_play.py: the moves congo --engine answers, each after a
# thought of 0.2-2.5 s, resignations, draws, games played out to their end
# by the rules or the clock, berserks, drawn from a fixed seed) play an arena
# of 10 real minutes at 60+0 (lichess's 1+0) on a real congo-server, its
# minutes not shortened. Then tests/tourney_check.py works out every
# member's points, fire (streaks), berserk bonuses, games and performance
# again from the stored games and compares them with STANDINGS; and no
# player may have waited more than 10 s for a pairing while another member
# was free (the waits as the players saw them: a game's end, or the start,
# to its PAIRED). Prints the games, their results, the berserks and the
# longest waits.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
server="$builddir/src/congo-server"
congo="$builddir/src/congo"
minutes=10
. "$(dirname "$0")/tmp_lib.sh"
fail() { echo "test_net_tourney_long.sh: $*"; exit 1; }
command -v python3 > /dev/null || {
	echo "test_net_tourney_long.sh: SKIP: no python3"
	exit 77
}
tmp_setup congo-tourney-long

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/arena.db" --create \
    --commands-per-second 100000 2>> "$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" || { cat "$tmp/server.log"; fail "the server did not start"; }
t0=$(date +%s)
TOURNEY_MINUTES=$minutes TOURNEY_MINUTE=60 TOURNEY_CLOCK=60+0 \
    TOURNEY_THINK=200-2500 TOURNEY_MAX_WAIT=10 timeout $((minutes * 60 + 300)) python3 \
    "$srcdir/tests/tourney_play.py" "$port" "$congo" arena 12 \
    > "$tmp/arena.out" 2>&1 || {
	tail -n 20 "$tmp/arena.out" "$tmp/server.log"
	fail "the arena did not finish (or a wait was too long)"
}
echo "test_net_tourney_long.sh: the arena of 12, $minutes minutes at 60+0, played in $(($(date +%s) - t0)) s"
tid=$(sed -n 's/^tourney=//p' "$tmp/arena.out")
grep '^waits:\|^finished' "$tmp/arena.out"
# (each game's end is said by both its players: counted once)
awk '/^tp[0-9]* [A-Z2-7]* / && !seen[$2]++ { n[$3 " " $4]++; all++ }
    END { printf "test_net_tourney_long.sh: %d games:", all
	for (k in n) printf " %s %d;", k, n[k]; print "" }' "$tmp/arena.out"
python3 "$srcdir/tests/tourney_check.py" "$port" "$tmp/arena.db" "$tid" \
    "$congo" > "$tmp/check.out" ||
    { cat "$tmp/check.out"; tail -n 30 "$tmp/server.log"; fail "the arena's standings"; }
cat "$tmp/check.out"
grep -q " 0 berserk bonuses" "$tmp/check.out" && fail "no berserk bonus was played"
grep -q " 0 games on fire" "$tmp/check.out" && fail "no game on fire was played"
echo "test_net_tourney_long.sh: passed"
