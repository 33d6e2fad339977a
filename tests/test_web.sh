#!/bin/bash
# test_web.sh: congo-server --http, the read-only web pages (issue 23),
# served by a real server: every path with curl (status codes: 404 for an
# unknown game, player or page, 405 for POST, 400 for a bad before=; the
# Content-Security-Policy; the record; the event stream and its end after
# its life), the metrics parsed by Prometheus' own text parser, and a game
# in progress followed in headless Chromium: a move made over CGP/1 shows
# on the page within 1 s without a reload (the DOM dumped, the time the
# page's script took it compared with the move's OK), and a screenshot of
# the board (tests/web-game.png in the build folder); a real congo --bot
# takes a seek, and its game's page shows BOT beside it in Chromium
# (tests/web-bot.png; issue 59). Parts whose program
# is missing (curl, python3's prometheus_client, chromium) are skipped;
# 77 when curl or python3 is.
set -u
. "$(dirname "$0")/web_lib.sh"
web_setup web
web_tools
# The bot and its human (the bot game's part) stopped too.
botpid= hpid=
web_extra_cleanup() {
	for p in $hpid $botpid; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
}

# (Every player connects from 127.0.0.1: rated games allowed.)
web_serve "$tmp/server.log" env CONGO_WEB_SSE_LIFE_MS=3000 "$server" --port 0 --bind 127.0.0.1 \
    --max-per-address 8 --http 127.0.0.1:0 --db "$tmp/games.db" --create \
    --rated-same-network
base="http://127.0.0.1:$http"

# Two players over CGP/1 (the driver reads "move UCI" lines).
web_driver "$port" WEB_ACCOUNT=alice WEB_ACCOUNT2=bob_2
echo "move c2c3" >&3
wait_for "$tmp/drv.out" '^ok'

# status URL [curl options]: the status code.
status() {
	local url=$1
	shift
	curl -s -o /dev/null -w '%{http_code}' "$@" "$base$url"
}
expect() {
	local got
	got=$(status "$@")
	[ "$got" = "$want" ] || fail "$* answered $got, not $want"
}
want=200
for u in / "/game/$game" "/game/$game/record" /player/alice /player/ALICE \
    /metrics /healthz /static/congo.js /static/congo.css \
    "/player/alice?before=$game"; do
	expect "$u"
done
want=404
for u in /game/ZZZZZZZZ /game/ZZZZZZZZ/record /game/ZZZZZZZZ/events \
    /player/nobody /nothing "/game/$game/other" "/game/$game/record/x" \
    "/game/%3Cscript%3E" "/player/%3Cscript%3E%22" "/player/a%2Fb" \
    "/game/../../etc/passwd" "/$(head -c 300 /dev/zero | tr '\0' a)"; do
	expect "$u"
done
want=400
expect "/player/alice?before=%3Cscript%3E"
expect "/events?g=$game:x"
want=404
expect "/events?g=ZZZZZZZZ"
expect "/events"
# The shared stream (/events: a browser's pages, one connection): each
# message names its game, from the ply given on.
curl -s -N --max-time 1 "$base/events?g=ZZZZZZZZ,$game:1" > "$tmp/multi.txt"
grep -q "^data: {\"game\":\"$game\",\"s\":{\"from\":1,\"ply\":1," \
    "$tmp/multi.txt" || fail "the shared stream: $(cat "$tmp/multi.txt")"
want=405
for u in / "/game/$game" /metrics; do
	expect "$u" -X POST -d x=1
	expect "$u" -X PUT
	expect "$u" -X DELETE
done
curl -s -D "$tmp/h" -o "$tmp/game.html" "$base/game/$game"
grep -qi "^Content-Security-Policy: .*script-src 'self'" "$tmp/h" ||
    fail "no Content-Security-Policy"
grep -qi "^Set-Cookie" "$tmp/h" && fail "a cookie"
grep -q "<form" "$tmp/game.html" && fail "a form"
grep -q "<script>" "$tmp/game.html" && fail "an inline script"
grep -q 'c2c3' "$tmp/game.html" || fail "the move is not on the page"
grep -q '<svg class="board"' "$tmp/game.html" || fail "no board"
curl -s -i -X POST "$base/" | grep -qi "^Allow: GET, HEAD" ||
    fail "405 without Allow"
# The record is a file to save; the game's clock as the terminal shows it,
# the players' new ratings provisional, the last move and whose turn.
curl -s -D "$tmp/rh" "$base/game/$game/record" > "$tmp/record.txt"
grep -qi "^Content-Disposition: attachment; filename=\"congo-$game.pgn\"" \
    "$tmp/rh" || fail "the record is no attachment: $(cat "$tmp/rh")"
grep -q 'rated, 5+5 &middot;' "$tmp/game.html" || fail "the clock as 5+5"
grep -q 'alice</a> (1500?)' "$tmp/game.html" || fail "no provisional rating"
grep -q '<p id="turn">last move 1. c2c3, black to move</p>' \
    "$tmp/game.html" || fail "the last move and the side to move"
grep -q '^1\. c2c3' "$tmp/record.txt" || fail "the record lacks the move"
grep -q '^\[White "alice"\]' "$tmp/record.txt" || fail "the record's tags"
grep -q '^\[Black "bob_2"\]' "$tmp/record.txt" || fail "the record's tags"
curl -s "$base/" | grep -q "/game/$game" || fail "the game is not live on /"
# An open seek on the front page (made at most once a second).
web_send "seek carol" 2
for _ in $(seq 150); do
	curl -s "$base/" > "$tmp/index.html"
	grep -q '<td>carol(guest)</td><td>congo</td><td>3+2' \
	    "$tmp/index.html" && break
	sleep 0.02
done
# A guest's seek: marked, linked to no player's page.
grep -q '<td>carol(guest)</td>' "$tmp/index.html" ||
    fail "the seek is not on /, as a guest's"
grep -q '/player/carol' "$tmp/index.html" && fail "a guest linked as a player"
# Never a copy a quiet spell left stale: the first request more than a
# second after the front page was made reads it again and waits for it
# (the second that passes is what is tested, not a wait for something).
curl -s "$base/" > /dev/null
web_send "seek dave" 3
sleep 1.1
curl -s "$base/" | grep -q '<td>dave(guest)</td>' ||
    fail "the first request after a quiet second got a stale front page"
curl -s "$base/player/alice" > "$tmp/alice.html"
grep -q "<h1>alice</h1>" "$tmp/alice.html" || fail "the player page"
# Her game in progress there, with its clocks (black's running).
grep -q "<a href=\"/game/$game\">.*<td>5+5</td><td>1</td><td>black to move, white [0-9]:[0-5][0-9], black [0-9]:[0-5][0-9]</td>" \
    "$tmp/alice.html" || fail "alice's game in progress: $(sed -n '/in progress/,/table>/p' "$tmp/alice.html")"
curl -s "$base/healthz" | grep -q '^ok' || fail "healthz"

# The event stream: the game's state at once, and its end after its life
# (3 s here, an hour by default; the 3 s needs a test build,
# configure --enable-test-hooks, which CONGO_TEST_HOOKS=yes says).
start=$(date +%s%N)
if [ "${CONGO_TEST_HOOKS:-no}" = yes ]; then
	curl -s -N --max-time 20 "$base/game/$game/events" > "$tmp/sse.txt"
else
	curl -s -N --max-time 2 "$base/game/$game/events" > "$tmp/sse.txt"
fi
took=$((($(date +%s%N) - start) / 1000000))
grep -q '^event: state' "$tmp/sse.txt" || fail "no state event"
grep -q '"moves":\["c2c3"\]' "$tmp/sse.txt" || fail "the stream's moves"
if [ "${CONGO_TEST_HOOKS:-no}" = yes ]; then
	[ "$took" -lt 15000 ] ||
	    fail "the stream lasted ${took} ms, not its 3 s"
	echo "test_web.sh: curl: every path answered as it should; the stream ended after ${took} ms"
else
	echo "test_web.sh: curl: every path answered as it should; the stream's end after its life not checked (configure --enable-test-hooks)"
fi

# Connections per network (--max-per-address 8 here): eight held open,
# a ninth is closed unanswered, and once one goes another is served. From
# a network of their own (127.0.3.0/24: the loopback answers all of
# 127/8), so that the event stream above, which without the test hooks
# curl left after 2 s and the server notices only at its next keep-alive,
# does not hold one of the eight.
$py - "$http" <<'PY' || fail "the per-network limit"
import socket, sys, time
port = int(sys.argv[1])
SRC = ("127.0.3.1", 0)
def get():
    s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                 source_address=SRC)
    try:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while True:
            d = s.recv(4096)
            if not d:
                return data
            data += d
    except ConnectionResetError:
        return b""
    finally:
        s.close()
held = [socket.create_connection(("127.0.0.1", port), source_address=SRC)
        for _ in range(8)]
# The server has taken them all once a ninth is refused.
for _ in range(100):
    if get() == b"":
        break
    time.sleep(0.02)
else:
    sys.exit("a ninth connection was served")
held.pop().close()
for _ in range(100):
    if get().startswith(b"HTTP/1.1 200"):
        break
    time.sleep(0.02)
else:
    sys.exit("no connection served after one closed")
for s in held:
    s.close()
PY
for _ in $(seq 100); do
	curl -s "$base/metrics" > "$tmp/metrics.txt" && break
	sleep 0.02
done
grep -q '^congo_refusals_total{limit="http_per_network"} [1-9]' \
    "$tmp/metrics.txt" || fail "the refusal is not counted"
echo "test_web.sh: a ninth connection from one network refused, and counted"

# The metrics, through Prometheus' parser.
if $py -c 'import prometheus_client' 2>/dev/null; then
	curl -s "$base/metrics" > "$tmp/metrics.txt"
	$py - "$tmp/metrics.txt" <<'PY' || fail "the metrics do not parse"
import sys
from prometheus_client.parser import text_string_to_metric_families
fam = {f.name: f for f in text_string_to_metric_families(open(sys.argv[1]).read())}
for want in ("congo_connections", "congo_games", "congo_changes_stored",
             "congo_commit_seconds", "congo_store_errors",
             "congo_refusals", "congo_http_streams"):
    assert want in fam, want
games = {s.labels["status"]: s.value for s in fam["congo_games"].samples}
assert games["active"] >= 1, games
hist = [s for s in fam["congo_commit_seconds"].samples
        if s.name.endswith("_count")]
assert hist and hist[0].value >= 3, hist
print("test_web.sh: metrics: %d families parsed" % len(fam))
PY
else
	echo "test_web.sh: no python3-prometheus-client, the metrics' parse skipped"
fi

# A real browser: the page follows the game without a reload.
if ! web_chrome; then
	echo "test_web.sh: no chromium or python3-websocket, the browser's part skipped"
	exit 0
fi
web_browser web_browser.py "$base/game/$game" "$builddir/tests/web-game.png"
browser_wait '^ready'
grep -q '^ready 1$' "$tmp/br.out" || browser_fail "the browser"
web_send "move c6c5" 4 || fail "the move: $(cat "$tmp/drv.out")"
echo "$sent" >&4
browser_wait '^turn'
grep -q '^turn last move 1... c6c5, white to move$' "$tmp/br.out" ||
    browser_fail "the browser"
lag=$(sed -n 's/^shown \(-*[0-9]*\) 2$/\1/p' "$tmp/br.out")
[ -n "$lag" ] || fail "the browser: $(cat "$tmp/br.out")"
[ "$lag" -lt 1000 ] || fail "the page showed the move after $lag ms"
dom="$builddir/tests/web-game.png.html"
grep -q '<li>c2c3 c6c5</li>' "$dom" || fail "the move list"
# Black's pawn now on c5 (square 30), c6 (37) empty.
grep -q '<g id="sq30" class="b">' "$dom" || fail "the board (c5)"
grep -q '<g id="sq37" class="e">' "$dom" || fail "the board (c6)"
grep -q '^keys ply 1 of 2 / ply 2 of 2$' "$tmp/br.out" ||
    fail "the arrow keys: $(cat "$tmp/br.out")"
echo "test_web.sh: chromium: the move was on the page $lag ms after it was sent, without a reload; the arrow keys step through the moves"
echo "test_web.sh: screenshot: $builddir/tests/web-game.png"

# The rated game ends: its result on its page, a rating and its history
# (one point, drawn) on each player's page; the rating changes shown to
# the page's viewer live.
web_send resign 5
echo end >&4
wait "$bpid" || browser_fail "the browser's end"
grep -q '^rchange ratings: alice [0-9]* (-[0-9]*), bob_2 [0-9]* (+[0-9]*)$' \
    "$tmp/br.out" || fail "the rating changes live: $(cat "$tmp/br.out")"
echo "test_web.sh: chromium: $(grep '^rchange' "$tmp/br.out"), live"
curl -s "$base/game/$game" | grep -q '<p id="rchange">ratings: alice [0-9]* (-' ||
    fail "the rating changes are not on the game's page"
curl -s "$base/game/$game" | grep -q '0-1 (resign)' ||
    fail "the result is not on the game's page"
curl -s "$base/player/bob_2" > "$tmp/player.html"
grep -q '<polyline' "$tmp/player.html" || fail "no rating history drawn"
grep -q "/game/$game" "$tmp/player.html" || fail "the player's games"
grep -q '<span id="wdl">1 won, 0 drawn, 0 lost</span>' "$tmp/player.html" ||
    fail "the player's wins, draws and losses"
grep -q "<tr><td>$(date -u +%Y-%m-%d)</td><td><a href=\"/game/$game\">.*<td>5+5</td>" \
    "$tmp/player.html" || fail "the game's date and clock on the player's page"
curl -s "$base/game/$game/record" | grep -q '^\[Result "0-1"\]' ||
    fail "the record's result"
echo "test_web.sh: the rated game's result, ratings and history shown"
echo quit >&3

# A computer player's game (issue 59): a real congo --bot (account robo,
# registered as a bot, its key kept as the client keeps keys) takes a
# human's bots=yes seek; the game's page in Chromium shows BOT beside
# the bot's name, and the bot's page beside its own.
if [ -n "$chrome" ]; then
	mkdir -p "$tmp/bstate/congo"
	key=$(PYTHONPATH="$srcdir/tests" $py -c '
import sys; sys.argv = ["x", sys.argv[1]]
from net_bots import register
print(register(2, "robo", bot=True))' "$port") || fail "the bot's account"
	(umask 077 && echo "127.0.0.1:$port robo $key" > "$tmp/bstate/congo/keys")
	XDG_STATE_HOME="$tmp/bstate" "$builddir/src/congo" --bot \
	    --connect "127.0.0.1:$port" --account robo --level 1 --clocks 1+0 \
	    --games-at-once 1 --rated no --on-stop resign 2> "$tmp/bot.log" &
	botpid=$!
	PYTHONPATH="$srcdir/tests" $py -c '
import os, sys, time; stop = sys.argv[2]; sys.argv = ["x", sys.argv[1]]
from net_bots import Conn, paired, seeks
h = Conn(3)
deadline = time.time() + 15
while not [s for s in seeks(h) if s.get("name") == "robo"]:
    if time.time() > deadline:
        sys.exit("the bot never sought")
    time.sleep(0.1)
h.cmd("SEEK clock=60+0 name=hum bots=yes")
game, _ = paired(h, 5.0)
print(game, flush=True)
deadline = time.time() + 60
while not os.path.exists(stop) and time.time() < deadline:
    time.sleep(0.05)' "$port" "$tmp/human.stop" > "$tmp/human.out" 2>&1 &
	hpid=$!
	web_watch=hpid wait_for "$tmp/human.out" '^[A-Z2-7]\{8\}$'
	bgame=$(head -1 "$tmp/human.out")
	rm -f "$tmp/br.in"
	web_browser web_title.py "$base/game/$bgame" "$builddir/tests/web-bot.png"
	exec 4>&-
	wait "$bpid" || browser_fail "the bot game's page"
	grep -q '^titles BOT$' "$tmp/br.out" ||
	    fail "no BOT beside the bot on its game's page: $(cat "$tmp/br.out")"
	grep -Eq '^h1 (robo BOT .* hum\(guest\)|hum\(guest\) .* robo BOT)$' \
	    "$tmp/br.out" || fail "the bot game's heading: $(cat "$tmp/br.out")"
	echo "test_web.sh: chromium: the bot game's page: $(grep '^h1' "$tmp/br.out")"
	curl -s "$base/player/robo" | grep -q '<h1>robo <span class="title">BOT</span></h1>' ||
	    fail "no BOT on the bot's own page"
	touch "$tmp/human.stop"
	wait "$hpid"
	hpid=
	kill "$botpid" 2>/dev/null
	wait "$botpid" 2>/dev/null
	botpid=
fi

# A new server on the database, every read of the store 1 s longer (a
# test build's hook; without it only the pages are checked): the finished
# game is not in memory. Its page and a player's are read off the event
# loop: each waits for its reads while CGP/1 answers PING at once.
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
web_serve "$tmp/server.log" env CONGO_TEST_READ_DELAY_MS=1000 "$server" --port 0 --bind 127.0.0.1 \
    --http 127.0.0.1:0 --db "$tmp/games.db" --rated-same-network
base="http://127.0.0.1:$http"
for page in "game/$game" player/bob_2; do
	curl -s -o "$tmp/slow.html" -w '%{time_total}\n' "$base/$page" \
	    > "$tmp/slow.time" &
	cpid=$!
	ping_ms=$($py - "$port" <<'PYEOF'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
f = s.makefile("rwb")
f.write(b"HELLO CGP/1\n"); f.flush()
while not f.readline().startswith(b"OK * HELLO"):
    pass
time.sleep(0.1)                     # the page's read under way
t0 = time.monotonic()
f.write(b"PING w\n"); f.flush()
while not f.readline().startswith(b"PONG w"):
    pass
print(int((time.monotonic() - t0) * 1000))
PYEOF
)
	wait "$cpid"
	page_s=$(cat "$tmp/slow.time")
	echo "test_web.sh: /$page with a 1 s read: $page_s s; a PING meanwhile: $ping_ms ms"
	case $page in
	game/*) grep -q '0-1 (resign)' "$tmp/slow.html" ||
	    fail "the finished game's page, read from the store" ;;
	*) grep -q "/game/$game" "$tmp/slow.html" ||
	    fail "the player's page, read off the loop" ;;
	esac
	# (not behind the read; room for a busy machine, a sanitizer)
	[ "$ping_ms" -lt 700 ] || fail "PING took $ping_ms ms during a page's read"
	if [ "${CONGO_TEST_HOOKS:-}" = yes ]; then
		awk -v t="$page_s" 'BEGIN { exit !(t >= 0.99) }' ||
		    fail "/$page did not wait for its read ($page_s s)"
	fi
done
# The finished rated game read again for CGP/1 (it left memory after the
# page): its STATE has the players' ratings, read with it off the loop.
state=$($py - "$port" "$game" <<'PYEOF'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
f = s.makefile("rwb")
f.write(b"HELLO CGP/1\n#s STATE game=%s\n" % sys.argv[2].encode()); f.flush()
while True:
    l = f.readline().decode()
    if l.startswith("EV ") and " STATE " in l:
        print(l.strip())
        break
PYEOF
)
echo "$state" | grep -q ' rated=1 wrating=[0-9]* wrd=[0-9]* brating=' ||
    fail "the finished rated game's STATE: $state"
exit 0
