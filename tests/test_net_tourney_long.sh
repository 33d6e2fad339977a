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
# longest waits. Beside them TOURNEY_BOTS (2) real congo --bot processes
# (level 3, --tourney auto: they join the arena at their next look, within
# a minute) play in it; each must have played arena games, none lost by
# time or abandonment, and the check above counts their games too.
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
botpids=
# (the bots too, however the test ends)
trap 'st=$?; for p in $botpids; do kill -KILL "$p" 2>/dev/null; done
    (exit $st); tmp_cleanup' EXIT

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/arena.db" --create \
    --commands-per-second 100000 2>> "$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" || { cat "$tmp/server.log"; fail "the server did not start"; }
# The bots' accounts, their keys where the client keeps keys (0600).
bots=${TOURNEY_BOTS:-2}
mkdir -p "$tmp/state/congo"
python3 - "$port" "$bots" "$tmp/state/congo/keys" <<'PY' || fail "the bots' accounts"
import os, socket, sys
port, n, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
for i in range(n):
    s = socket.create_connection(("127.0.0.1", port))
    f = s.makefile("rw")
    f.write("HELLO CGP/1\n#r REGISTER name=robot%d bot=yes\n" % i)
    f.flush()
    for line in f:
        if line.startswith("OK #r REGISTER"):
            key = line.split("key=")[1].split()[0]
            os.write(fd, ("127.0.0.1:%d robot%d %s\n" % (port, i, key)).encode())
            break
        if line.startswith("ERR #r"):
            sys.exit(line)
    s.close()
os.close(fd)
PY
i=0
while [ "$i" -lt "$bots" ]; do
	XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config" \
	    XDG_DATA_HOME="$tmp/data" "$congo" --bot --connect "127.0.0.1:$port" \
	    --account "robot$i" --level 3 --games-at-once 1 --clocks 1+0 \
	    --rated both --tourney auto 2>> "$tmp/bot$i.log" &
	botpids="$botpids $!"
	i=$((i + 1))
done
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
for p in $botpids; do
	{ kill -KILL "$p"; wait "$p"; } 2>/dev/null
done
# Each bot played arena games, none ended by its clock or its absence.
python3 - "$tmp/arena.db" "$tid" "$bots" <<'PY' || fail "the bots in the arena"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
bad = False
for i in range(int(sys.argv[3])):
    name = "robot%d" % i
    rows = db.execute(
        "SELECT p.game, p.white, coalesce((SELECT body FROM events e WHERE"
        " e.game = p.game AND e.kind = 'RESULT'), '') FROM"
        " tourney_pairings p WHERE p.tourney = ? AND (p.white = ? OR"
        " p.black = ?)", (sys.argv[2], name, name)).fetchall()
    # lost by its clock or its absence: the bot the loser (white and 0-1,
    # or black and 1-0); a game cancelled for no first move counts too
    lost = [g for g, white, body in rows if "reason=cancelled" in body or
            (("reason=time" in body or "reason=abandoned" in body) and
             ("result=0-1" in body) == (white == name))]
    print("test_net_tourney_long.sh: %s played %d arena games, %d by its"
          " clock or absence" % (name, len(rows), len(lost)))
    bad = bad or not rows or bool(lost)
sys.exit(1 if bad else 0)
PY
grep -q " 0 berserk bonuses" "$tmp/check.out" && fail "no berserk bonus was played"
grep -q " 0 games on fire" "$tmp/check.out" && fail "no game on fire was played"
echo "test_net_tourney_long.sh: passed"
