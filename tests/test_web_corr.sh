#!/bin/bash
# test_web_corr.sh: correspondence games on the web pages (issue 36),
# served by a real congo-server with short days (--day-length 120): a game
# of two accounts, a day a move, shows on its page its days and the side
# to move's deadline with the time left; on the front page's live games
# and on each player's page, under "Games in progress", with its deadline,
# beside an open challenge; a finished one leaves them. In headless
# Chromium (tests/web_deadline.py) the time left counts down, and after a
# move the deadline is the other side's without a reload (a screenshot:
# tests/web-corr.png in the build folder). Skipped parts as test_web.sh's;
# 77 without curl or python3.
set -u
. "$(dirname "$0")/web_lib.sh"
web_setup web-corr
web_tools

web_serve "$tmp/server.log" "$server" --port 0 --bind 127.0.0.1 \
    --http 127.0.0.1:0 --db "$tmp/games.db" --create --rated-same-network \
    --day-length 120
base="http://127.0.0.1:$http"

# corra (white) and corrb: a rated game, a day (120 s here) a move.
web_driver "$port" WEB_ACCOUNT=corra WEB_ACCOUNT2=corrb WEB_DAYS=1
# A challenge of corra's to corrb, standing.
echo "challenge corrb" >&3
wait_for "$tmp/drv.out" '^ok [A-Z2-7]\{8\}$'
chal=$(sed -n 's/^ok \([A-Z2-7]\{8\}\)$/\1/p' "$tmp/drv.out")
today=$(date -u +%Y-%m-%d)
left='[0-9]* min [0-9][0-9] s left'

# Its page: the days, the deadline, the time left.
curl -s "$base/game/$game" > "$tmp/game.html"
grep -q 'rated, correspondence, 1 day a move &middot;' "$tmp/game.html" ||
    fail "the game's page lacks its days: $(grep -o 'class="info">.*' "$tmp/game.html")"
grep -q "<p id=\"deadline\">white to move by $today [0-9:]* UTC, $left</p>" \
    "$tmp/game.html" ||
    fail "the game's page lacks its deadline: $(grep -o '<p id="deadline">[^/]*' "$tmp/game.html")"
grep -q '"days":1,"deadline":[1-9][0-9]*,"now":[1-9]' "$tmp/game.html" ||
    fail "the page's data lacks the deadline"
# The live games: the days and the deadline.
curl -s "$base/" > "$tmp/index.html"
grep -q "<a href=\"/game/$game\">.*<td>1 day</td><td>0</td><td>white to move by $today [0-9:]* UTC, $left</td>" \
    "$tmp/index.html" || fail "the live games lack its deadline"
# Each player's games in progress: it, and the open challenge.
for p in corra corrb; do
	curl -s "$base/player/$p" > "$tmp/$p.html"
	grep -q '<h2>Games in progress</h2>' "$tmp/$p.html" ||
	    fail "$p's page has no games in progress"
	grep -q "<a href=\"/game/$game\">.*<td>1 day</td><td>0</td><td>white to move by $today [0-9:]* UTC, $left</td>" \
	    "$tmp/$p.html" || fail "$p's page lacks the game's deadline"
	grep -q "<a href=\"/game/$chal\">.*<td>14 days</td><td>0</td><td>waiting for a player</td>" \
	    "$tmp/$p.html" || fail "$p's page lacks the challenge"
done
echo "test_web_corr.sh: curl: the game's days and deadline on its page, the live games and both players' pages, the challenge waiting"

# A real browser: the time left counts down, a move gives the other side
# its deadline without a reload.
if web_chrome; then
	web_browser web_deadline.py "$base/game/$game" \
	    "$builddir/tests/web-corr.png"
	browser_wait '^ticks'
	grep -q "^deadline white to move by $today [0-9:]* UTC, $left$" \
	    "$tmp/br.out" && grep -q "^ticks white to move by .*, $left$" \
	    "$tmp/br.out" || browser_fail "the browser"
	echo "move c2c3" >&3
	wait_for "$tmp/drv.out" '^ok [0-9]*$'
	echo moved >&4
	wait "$bpid" || browser_fail "the browser after the move"
	grep -q "^moved black to move by $today [0-9:]* UTC, $left$" \
	    "$tmp/br.out" || fail "the browser: $(cat "$tmp/br.out")"
	echo "test_web_corr.sh: chromium: $(grep '^ticks' "$tmp/br.out"); after white's move: $(sed -n 's/^moved //p' "$tmp/br.out")"
else
	echo "test_web_corr.sh: no chromium or python3-websocket, the browser's part skipped"
	echo "move c2c3" >&3
	wait_for "$tmp/drv.out" '^ok [0-9]*$'
fi

# Over (resigned before both moved: aborted): it leaves the games in
# progress, with its days among the finished; the challenge stays.
echo resign >&3
for _ in $(seq 200); do
	[ "$(grep -c '^ok [0-9]*$' "$tmp/drv.out")" -ge 2 ] && break
	sleep 0.02
done
curl -s "$base/player/corra" > "$tmp/corra.html"
sed -n '/<h2>Games in progress/,/<\/table>/p' "$tmp/corra.html" > "$tmp/playing.html"
grep -q "/game/$game" "$tmp/playing.html" && fail "a finished game in progress"
grep -q "/game/$chal" "$tmp/playing.html" || fail "the challenge left"
grep -q "<a href=\"/game/$game\">.*<td>1 day</td><td>- (cancelled)</td>" \
    "$tmp/corra.html" || fail "the finished game's days on corra's page"
echo "test_web_corr.sh: the finished game left the games in progress"
echo quit >&3
exit 0
