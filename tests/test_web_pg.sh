#!/bin/bash
# test_web_pg.sh: the web pages with several servers on one PostgreSQL
# (issue 23): a game played on server a is shown by server b's pages, and
# b's event stream carries a's moves, live; a tournament played on a is
# on b's pages, its games and a game's end (issue 60). The cluster and the servers
# are test_net_pg.sh's (its mode "web"; skipped, 77, as it is without
# PostgreSQL), which calls this script back with the servers' logs.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
if [ $# -eq 0 ]; then
	command -v curl > /dev/null || { echo "test_web_pg.sh: no curl, skipped"; exit 77; }
	exec "$srcdir/tests/test_net_pg.sh" web "$0" check
fi
shift                            # "check"
alog=$1 blog=$2 porta=$3
. "$srcdir/tests/web_lib.sh"
web_setup webpg
sse=
tdrv=
web_extra_cleanup() {
	[ -n "$sse" ] && kill "$sse" 2>/dev/null
	[ -n "$tdrv" ] && kill "$tdrv" 2>/dev/null
}
httpb=$(sed -n 's/.*web pages on .* port \([0-9]*\).*/\1/p' "$blog")
[ -n "$httpb" ] || {
	grep -q "without libmicrohttpd" "$alog" "$blog" &&
	    { echo "test_web_pg.sh: built without libmicrohttpd, skipped"; exit 77; }
	fail "server b serves no pages"; }
base="http://127.0.0.1:$httpb"
web_driver "$porta" WEB_ACCOUNT=alice WEB_ACCOUNT2=bob_2
echo "move c2c3" >&3
wait_for "$tmp/drv.out" '^ok'
# b's player page has a's game in progress (read from the store: b has
# not held it yet).
curl -s "$base/player/alice" > "$tmp/alice.html"
grep -q "<a href=\"/game/$game\">.*<td>5+5</td><td>1</td><td>black to move" \
    "$tmp/alice.html" || fail "b's player page lacks a's game in progress"
code=$(curl -s -o "$tmp/game.html" -w '%{http_code}' "$base/game/$game")
[ "$code" = 200 ] || fail "server b: /game/$game answered $code"
grep -q 'c2c3' "$tmp/game.html" || fail "server b's page lacks a's move"
curl -s "$base/" | grep -q "/game/$game" || fail "server b's / lacks the game"
curl -s -N "$base/game/$game/events" > "$tmp/sse.txt" &
sse=$!
wait_for "$tmp/sse.txt" '^event: state'
web_send "move c6c5" 2
wait_for "$tmp/sse.txt" '"moves":\["c6c5"\]'
lag=$(($(date +%s%3N) - sent))
echo "test_web_pg.sh: server b's stream had server a's move within $lag ms of its sending"
[ "$lag" -lt 1000 ] || fail "too slow: $lag ms"
# The rated game ends on a: b's player page counts it, with its clock
# (PostgreSQL's reading of the wins, draws and losses).
web_send resign 3
for _ in $(seq 250); do
	curl -s "$base/player/bob_2" > "$tmp/player.html"
	grep -q '1 won, 0 drawn, 0 lost' "$tmp/player.html" && break
	sleep 0.02
done
grep -q '1 won, 0 drawn, 0 lost' "$tmp/player.html" ||
    fail "b's player page: $(grep -o 'finished games.*' "$tmp/player.html")"
grep -q "<td>5+5</td><td>0-1 (resign)</td>" "$tmp/player.html" ||
    fail "b's player page lacks the game's clock"
echo "test_web_pg.sh: server b's player page counts a's rated game"
echo quit >&3

# A tournament made and played on a (tests/web_tourney.py: a Swiss of
# four): b's pages list it and show its games, and a game's end, as the
# database has them (issue 60).
mkfifo "$tmp/tdrv.in"
$py "$srcdir/tests/web_tourney.py" "$porta" < "$tmp/tdrv.in" \
    > "$tmp/tdrv.out" 2>&1 &
tdrv=$!
exec 5> "$tmp/tdrv.in"
web_watch=tdrv
for _ in $(seq 400); do
	[ "$(grep -c '^game ' "$tmp/tdrv.out")" -ge 2 ] && break
	kill -0 "$tdrv" 2>/dev/null || break
	sleep 0.05
done
[ "$(grep -c '^game ' "$tmp/tdrv.out")" -ge 2 ] ||
    fail "round 1 was not paired: $(cat "$tmp/tdrv.out")"
tid=$(sed -n 's/^tourney=//p' "$tmp/tdrv.out")
g1=$(sed -n 's/^game \([^ ]*\) .*/\1/p' "$tmp/tdrv.out" | head -1)
# b_until PATH PATTERN: b's page PATH has PATTERN (10 s at most).
b_until() {
	for _ in $(seq 200); do
		curl -s "$base$1" > "$tmp/b.html"
		grep -q "$2" "$tmp/b.html" && return 0
		sleep 0.05
	done
	fail "b's $1 lacks $2: $(grep -A8 'tourneys\|tgames' "$tmp/b.html")"
}
b_until / "<a href=\"/tournament/$tid\">Web_Swiss</a>"
b_until "/tournament/$tid" "<a href=\"/game/$g1\">$g1</a>"
echo "resign 1" >&5
b_until "/tournament/$tid" "<a href=\"/game/$g1\">$g1</a>.*1-0 (resign)"
grep -q '<td class="points">1</td><td>1</td>' "$tmp/b.html" ||
    fail "b's standings: $(grep -A8 standings "$tmp/b.html")"
echo "test_web_pg.sh: server b's tournament page shows a's tournament and a game's end"
echo quit >&5
exit 0
