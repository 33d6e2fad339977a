#!/bin/bash
# test_web_pg.sh: the web pages with several servers on one PostgreSQL
# (issue 23): a game played on server a is shown by server b's pages, and
# b's event stream carries a's moves, live. The cluster and the servers
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
web_extra_cleanup() {
	[ -n "$sse" ] && kill "$sse" 2>/dev/null
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
exit 0
