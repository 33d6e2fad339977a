#!/bin/bash
# test_web_pg.sh: the web pages with several servers on one PostgreSQL
# (issue 23): a game played on server a is shown by server b's pages, and
# b's event stream carries a's moves, live. The cluster and the servers
# are test_net_pg.sh's (its mode "web"; skipped, 77, as it is without
# PostgreSQL), which calls this script back with the servers' logs.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if [ $# -eq 0 ]; then
	command -v curl > /dev/null || { echo "test_web_pg.sh: no curl, skipped"; exit 77; }
	exec "$srcdir/tests/test_net_pg.sh" web "$0" check
fi
shift                            # "check"
alog=$1 blog=$2 porta=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-webpg.XXXXXX") || exit 1
drv= sse=
cleanup() {
	[ -n "$drv" ] && kill "$drv" 2>/dev/null
	[ -n "$sse" ] && kill "$sse" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "test_web_pg.sh: $*"; exit 1; }
httpb=$(sed -n 's/.*web pages on .* port \([0-9]*\).*/\1/p' "$blog")
[ -n "$httpb" ] || {
	grep -q "without libmicrohttpd" "$alog" "$blog" &&
	    { echo "test_web_pg.sh: built without libmicrohttpd, skipped"; exit 77; }
	fail "server b serves no pages"; }
base="http://127.0.0.1:$httpb"
mkfifo "$tmp/drv.in"
WEB_ACCOUNT=alice WEB_ACCOUNT2=bob_2 $py "$srcdir/tests/web_cgp.py" "$porta" < "$tmp/drv.in" > "$tmp/drv.out" 2>&1 &
drv=$!
exec 3> "$tmp/drv.in"
# until FILE has a line matching PATTERN (5 s at most)
wait_for() {
	for _ in $(seq 250); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.02
	done
	cat "$1"
	fail "waited in vain for $2 in $1"
}
wait_for "$tmp/drv.out" '^[A-Z2-7]\{8\}$'
game=$(head -1 "$tmp/drv.out")
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
echo "move c6c5" >&3
for _ in $(seq 250); do
	[ "$(grep -c '^ok' "$tmp/drv.out")" -ge 2 ] && break
	sleep 0.02
done
sent=$(sed -n 's/^ok //p' "$tmp/drv.out" | tail -1)
wait_for "$tmp/sse.txt" '"moves":\["c6c5"\]'
lag=$(($(date +%s%3N) - sent))
echo "test_web_pg.sh: server b's stream had server a's move within $lag ms of its sending"
[ "$lag" -lt 1000 ] || fail "too slow: $lag ms"
# The rated game ends on a: b's player page counts it, with its clock
# (PostgreSQL's reading of the wins, draws and losses).
echo resign >&3
for _ in $(seq 250); do
	[ "$(grep -c '^ok' "$tmp/drv.out")" -ge 3 ] && break
	sleep 0.02
done
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
