#!/bin/bash
# test_web_tourney.sh: the tournaments' web pages on a real congo-server
# (issue 60). Four scripted players (tests/web_tourney.py) make a Swiss of
# 3 rounds and join it (a tournament named with markup first: refused);
# once round 1 is paired: the front page and /tournaments list it with
# its link, /tournament/<id> (its id in any case) shows the standings and
# both games, an unknown id and a malformed one are 404 pages. Then, in
# headless Chromium (tests/web_tourney_browser.py), the page is open
# while a game ends (black resigns): the standings show white's point and
# the games table 1-0 within 10 s, without a reload; without chromium,
# curl sees them. Then an arena on the same server: its standings'
# columns and a win's 2 points. Waits on conditions, never a fixed time.
set -u
. "$(dirname "$0")/web_lib.sh"
web_setup tourney
web_tools
web_serve "$tmp/server.log" "$server" --port 0 --bind 127.0.0.1 \
    --http 127.0.0.1:0 --db "$tmp/games.db" --create
base="http://127.0.0.1:$http"

mkfifo "$tmp/drv.in"
$py "$srcdir/tests/web_tourney.py" "$port" < "$tmp/drv.in" \
    > "$tmp/drv.out" 2>&1 &
drv=$!
exec 3> "$tmp/drv.in"
for _ in $(seq 400); do
	[ "$(grep -c '^game ' "$tmp/drv.out")" -ge 2 ] && break
	kill -0 "$drv" 2>/dev/null || break
	sleep 0.05
done
[ "$(grep -c '^game ' "$tmp/drv.out")" -ge 2 ] ||
    fail "round 1 was not paired: $(cat "$tmp/drv.out")"
grep -q '^refused 400$' "$tmp/drv.out" ||
    fail "a tournament named with markup: $(head -1 "$tmp/drv.out")"
tid=$(sed -n 's/^tourney=//p' "$tmp/drv.out")
g1=$(sed -n 's/^game \([^ ]*\) .*/\1/p' "$tmp/drv.out" | head -1)
g2=$(sed -n 's/^game \([^ ]*\) .*/\1/p' "$tmp/drv.out" | tail -1)

# The lists: the front page and /tournaments link it.
curl -sf "$base/" > "$tmp/index.html" || fail "the front page"
grep -q "<a href=\"/tournament/$tid\">Web_Swiss</a>" "$tmp/index.html" ||
    fail "the front page does not list the tournament"
grep -q '<a href="/tournaments">' "$tmp/index.html" ||
    fail "the front page does not link /tournaments"
curl -sf "$base/tournaments" > "$tmp/list.html" || fail "/tournaments"
grep -q "<a href=\"/tournament/$tid\">Web_Swiss</a></td><td>Swiss</td>"`
    `"<td>running</td>" "$tmp/list.html" ||
    fail "/tournaments: $(grep tourneys -A2 "$tmp/list.html")"

# Its page (the id in lower case too): the standings, its games.
lower=$(echo "$tid" | tr 'A-Z' 'a-z')
curl -sf "$base/tournament/$lower" > "$tmp/t.html" ||
    fail "/tournament/$lower"
for p in wt1 wt2 wt3 wt4; do
	grep -q "<td><a href=\"/player/$p\">$p</a></td><td class=\"points\">0"`
	    `"</td><td>0</td><td>0</td><td>0</td></tr>" "$tmp/t.html" ||
	    fail "the standings have no $p: $(grep -A8 standings "$tmp/t.html")"
done
for g in "$g1" "$g2"; do
	grep -q "<a href=\"/game/$g\">$g</a>" "$tmp/t.html" ||
	    fail "the page has no game $g"
done
grep -q 'round 1 of 3' "$tmp/t.html" || fail "the page's round"
grep -q '<div id="tourney" data-live="1"' "$tmp/t.html" ||
    fail "the page is not live"

# A game's page links its tournament.
curl -sf "$base/game/$g1" | grep -q ", tournament <a href=\"/tournament/$tid\">"`
    `"Web_Swiss</a> &middot;" || fail "the game's page does not link its tournament"

# Bad ids: 404 pages that say so.
for bad in ZZZZZZZZ '%3Cb%3Ex' "$tid/x"; do
	code=$(curl -s -o "$tmp/bad.html" -w '%{http_code}' \
	    "$base/tournament/$bad")
	[ "$code" = 404 ] || fail "/tournament/$bad: $code, not 404"
done
curl -s "$base/tournament/ZZZZZZZZ" | grep -q 'No such tournament.' ||
    fail "the 404 page does not say so"

# A game ends while the page is open: shown without a reload.
end_game() {
	echo "resign 1" >&3
	for _ in $(seq 400); do
		grep -q "^ended $g1 1-0" "$tmp/drv.out" && return
		kill -0 "$drv" 2>/dev/null || break
		sleep 0.05
	done
	fail "the game did not end: $(cat "$tmp/drv.out")"
}
if web_chrome; then
	web_browser web_tourney_browser.py "$base/tournament/$tid" \
	    "$builddir/tests/web-tourney.png"
	browser_wait '^ready'
	grep -q '^ready wt1=0 wt2=0 wt3=0 wt4=0$' "$tmp/br.out" ||
	    browser_fail "the page before the game's end"
	end_game
	echo go >&4
	browser_wait '^shown'
	grep -q '^shown [0-9]* .*=1' "$tmp/br.out" ||
	    browser_fail "the game's end on the page"
	sed -n 's/^shown \([0-9]*\) \(.*\)/test_web_tourney.sh: Chromium showed the end in \1 ms: \2/p' \
	    "$tmp/br.out"
	exec 4>&-
	wait "$bpid" || browser_fail "the browser"
else
	echo "test_web_tourney.sh: no chromium or python3-websocket; curl only"
	end_game
fi
curl -sf "$base/tournament/$tid" > "$tmp/t.html"
grep -q "<a href=\"/game/$g1\">$g1</a></td><td><a href=\"/player/[a-z0-9]*\">"`
    `"[a-z0-9]*</a></td><td><a href=\"/player/[a-z0-9]*\">[a-z0-9]*</a></td>"`
    `"<td class=\"result\">1-0 (resign" "$tmp/t.html" ||
    fail "the page has no 1-0 for $g1: $(grep -A6 tgames "$tmp/t.html")"
echo quit >&3
exec 3>&-
wait "$drv"
drv=

# An arena on the same server: its page's columns (performance, no
# tie-breaks), a win's 2 points once its game ends.
mkfifo "$tmp/arena.in"
WEB_TOURNEY_KIND=arena $py "$srcdir/tests/web_tourney.py" "$port" \
    < "$tmp/arena.in" > "$tmp/arena.out" 2>&1 &
drv=$!
exec 3> "$tmp/arena.in"
for _ in $(seq 400); do
	[ "$(grep -c '^game ' "$tmp/arena.out")" -ge 2 ] && break
	kill -0 "$drv" 2>/dev/null || break
	sleep 0.05
done
[ "$(grep -c '^game ' "$tmp/arena.out")" -ge 2 ] ||
    fail "the arena was not paired: $(cat "$tmp/arena.out")"
aid=$(sed -n 's/^tourney=//p' "$tmp/arena.out")
a1=$(sed -n 's/^game \([^ ]*\) .*/\1/p' "$tmp/arena.out" | head -1)
echo "resign 1" >&3
for _ in $(seq 400); do
	grep -q "^ended $a1 1-0" "$tmp/arena.out" && break
	kill -0 "$drv" 2>/dev/null || break
	sleep 0.05
done
grep -q "^ended $a1 1-0" "$tmp/arena.out" ||
    fail "the arena's game did not end: $(cat "$tmp/arena.out")"
curl -sf "$base/tournament/$aid" > "$tmp/a.html" || fail "/tournament/$aid"
grep -q 'Arena, <span id="tstatus">running</span>.*10 minutes, 10+0' \
    "$tmp/a.html" || fail "the arena's page: $(grep info "$tmp/a.html")"
grep -q '<th>points</th><th>games</th><th>performance</th></tr>' \
    "$tmp/a.html" || fail "the arena's standings' heads"
grep -q '<tr><td>1</td><td><a href="/player/wa[1-4]">wa[1-4]</a></td>'`
    `'<td class="points">2</td><td>1</td><td>[0-9]*</td></tr>' "$tmp/a.html" ||
    fail "the arena's winner: $(grep -A3 standings "$tmp/a.html")"
curl -sf "$base/tournaments" | grep -q "Web_Arena.*<td>Arena</td>" ||
    fail "/tournaments lacks the arena"
echo quit >&3
exit 0
