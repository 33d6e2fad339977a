#!/bin/bash
# test_tourney_notify.sh: congo-server --notify-command for tournaments
# (issue 60; congo-server(6) --notify-command). Scripted players
# (tests/tourney_play.py) join a Swiss of 5, 3 rounds, starting in 12 s
# on a server whose minute is a second (--day-length 1440): 5 "minutes"
# before its start, while it is still upcoming, each member is told once
# (CONGO_EVENT=tournament, CONGO_GAME the tournament); at each round's
# pairing each player is told of its game (CONGO_GAME the game) and the
# bye's of the bye (CONGO_GAME the tournament). A Swiss of 4 made 3 s
# before its start (inside the five minutes: joined late) has no notice
# before its start, only its rounds'.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
server="$builddir/src/congo-server"
congo="$builddir/src/congo"
. "$(dirname "$0")"/tmp_lib.sh
fail() { echo "test_tourney_notify.sh: $*"; exit 1; }
command -v python3 > /dev/null || {
	echo "test_tourney_notify.sh: SKIP: no python3"
	exit 77
}
tmp_setup congo-tnotify

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
    --day-length 1440 --commands-per-second 100000 \
    --notify-command "echo \"\$CONGO_EVENT \$CONGO_GAME \$CONGO_PLAYER\" >> '$tmp/told'" \
    2> "$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" || { cat "$tmp/server.log"; fail "the server did not start"; }

# until SECONDS COMMAND...: poll COMMAND until it succeeds.
until_ok() {
	local deadline=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -le "$deadline" ] || return 1
		sleep 0.05
	done
}

# told_ok DB TID K: the notices of the rounds of TID as its pairings in DB
# say (each game's two players, each bye's player), past the K notices of
# its start, and no other "tournament" notice of a game; prints how many
# rounds' were checked.
told_ok() {
	python3 - "$1" "$2" "$tmp/told" "$3" <<'PY'
import sqlite3, sys
db, tid, told = sys.argv[1:4]
lines = [l.split() for l in open(told)]
want = []
for rnd, game, w, b in sqlite3.connect(db).execute(
        "SELECT round, game, white, black FROM tourney_pairings"
        " WHERE tourney = ? ORDER BY round, n", (tid,)):
    want += [["tournament", game, w], ["tournament", game, b]] if b \
        else [["tournament", tid, w]]
games = {x[1] for x in want}
got = [l for l in lines if l[0] == "tournament" and l[1] in games]
# (the notices of the start, the tournament's first, are not the rounds')
skip = int(sys.argv[4])
got = [l for k, l in enumerate(got) if k >= skip or l[1] != tid]
if sorted(got) != sorted(want):
    sys.exit("the rounds' notices %s, the pairings %s" % (got, want))
print(len(want))
PY
}

TOURNEY_KEYS="$tmp/keys" TOURNEY_ROUNDS=3 TOURNEY_START_IN=12 timeout 300 \
    python3 "$srcdir/tests/tourney_play.py" "$port" "$congo" swiss 5 \
    > "$tmp/swiss5.out" 2>&1 &
play=$!
until_ok 20 grep -q "^tourney=" "$tmp/swiss5.out" || fail "no tournament"
tid=$(sed -n 's/^tourney=//p' "$tmp/swiss5.out")
until_ok 20 eval '[ "$(cat "$tmp/told" 2>/dev/null | grep -c "^tournament $tid tp")" -ge 5 ]' ||
    fail "the members were not told before the start: $(cat "$tmp/told" 2>/dev/null)"
up=$(say "#s STANDINGS tourney=$tid")
printf "%s\n" "$up" | grep -q "^OK #s STANDINGS .*status=upcoming" ||
    fail "the members were told after the start, not before: $up $(cat "$tmp/told")"
wait $play || { tail -n 20 "$tmp/swiss5.out" "$tmp/server.log"; fail "the Swiss of 5 did not finish"; }
for i in 1 2 3 4 5; do
	head -n 5 "$tmp/told" | grep -qx "tournament $tid tp$i" ||
	    fail "tp$i was not told first of the start: $(cat "$tmp/told")"
done
# (5 told of the start, 3 byes)
[ "$(grep -c "^tournament $tid " "$tmp/told")" = 8 ] ||
    fail "not 5 notices of the start and 3 of byes: $(cat "$tmp/told")"
n=$(told_ok "$tmp/games.db" "$tid" 5) || fail "$n"
echo "test_tourney_notify.sh: 5 members told before the start, $n notices of 3 rounds' pairings"

# Made 3 s before its start: no notice of the start.
TOURNEY_KEYS="$tmp/keys" TOURNEY_LOGIN=1 TOURNEY_ROUNDS=3 timeout 300 \
    python3 "$srcdir/tests/tourney_play.py" "$port" "$congo" swiss 4 \
    > "$tmp/swiss4.out" 2>&1 ||
    { tail -n 20 "$tmp/swiss4.out" "$tmp/server.log"; fail "the Swiss of 4 did not finish"; }
tid=$(sed -n 's/^tourney=//p' "$tmp/swiss4.out")
grep -q "^tournament $tid " "$tmp/told" &&
    fail "a Swiss joined inside the five minutes told of its start"
n=$(told_ok "$tmp/games.db" "$tid" 0) || fail "$n"
[ "$n" = 12 ] || fail "$n notices of the Swiss of 4's rounds, not 12"
echo "test_tourney_notify.sh: joined 3 s before the start: no notice of it; $n of its rounds"
