#!/bin/bash
# test_web_lang.sh: the web pages speak congo-server's language (issue 38):
# with LANGUAGE=nl, de or fr (in C.UTF-8) the pages' headings, table heads
# and an error page are in that language and <html lang> names it; a
# correspondence game's page in German (its time, status, side to move and
# deadline, and the words block its script writes with; in headless
# Chromium, when there, the script's countdown and the deadline after a
# move) while the game's JSON, moves and ids stay as the protocol has
# them; English and lang="en" without LANGUAGE. The catalogues are po/*.po compiled (lang_lib.sh). 77
# without curl, python3, libmicrohttpd or translations.
set -u
. "$(dirname "$0")/web_lib.sh"
export CONGO_SRCDIR=$(cd "$srcdir" && pwd)
web_setup web-lang
web_tools
. "$srcdir/tests/lang_lib.sh"
lang_locale

# serve LANG [OPTION...]: a server whose language is LANG ("en": no
# LANGUAGE), with the options.
serve() {
	local l=$1
	shift
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		pid=
	fi
	if [ "$l" = en ]; then
		set -- env -u LANGUAGE "$server" "$@"
	else
		set -- env LANGUAGE="$l" "$server" "$@"
	fi
	web_serve "$tmp/server.log" "$@" --port 0 --bind 127.0.0.1 \
	    --http 127.0.0.1:0 --db "$tmp/games.db" --create \
	    --rated-same-network
	base="http://127.0.0.1:$http"
}
# has FILE TEXT: FILE holds TEXT (a fixed string)
has() {
	grep -qF -- "$2" "$1" || fail "$1 lacks: $2"
}

for l in en nl de fr; do
	case $l in
	en) head='<h2>Live games</h2>' th='<th>ply</th>' err='No such player.'
	    tour='<h2>Tournaments</h2>' terr='No such tournament.' ;;
	nl) head='<h2>Lopende partijen</h2>' th='<th>halve zet</th>'
	    err='Deze speler bestaat niet.'
	    tour='<h2>Toernooien</h2>' terr='Dit toernooi bestaat niet.' ;;
	de) head='<h2>Laufende Partien</h2>' th='<th>Halbzug</th>'
	    err='Diesen Spieler gibt es nicht.'
	    tour='<h2>Turniere</h2>' terr='Dieses Turnier gibt es nicht.' ;;
	fr) head='<h2>Parties en cours</h2>' th='<th>demi-coup</th>'
	    err="Ce joueur n&#39;existe pas."
	    tour='<h2>Tournois</h2>' terr="Ce tournoi n&#39;existe pas." ;;
	esac
	serve $l
	curl -s "$base/" > "$tmp/index-$l.html"
	has "$tmp/index-$l.html" "<html lang=\"$l\">"
	has "$tmp/index-$l.html" "$head"
	has "$tmp/index-$l.html" "$th"
	code=$(curl -s -o "$tmp/404-$l.html" -w '%{http_code}' \
	    "$base/player/nobody")
	[ "$code" = 404 ] || fail "/player/nobody answered $code in $l"
	has "$tmp/404-$l.html" "<html lang=\"$l\">"
	has "$tmp/404-$l.html" "$err"
	# The tournaments (issue 60): the front page's list, a 404.
	has "$tmp/index-$l.html" "$tour"
	code=$(curl -s -o "$tmp/t404-$l.html" -w '%{http_code}' \
	    "$base/tournament/NOBODY23")
	[ "$code" = 404 ] || fail "/tournament/NOBODY23 answered $code in $l"
	has "$tmp/t404-$l.html" "$terr"
done

# A correspondence game in German, a day (120 s here) a move.
serve de --day-length 120
web_driver "$port" WEB_ACCOUNT=alice WEB_ACCOUNT2=bob_2 WEB_DAYS=1
today=$(date -u +%Y-%m-%d)
left='noch [0-9]* Min [0-9][0-9] s'
g="$tmp/game.html"
curl -s "$base/game/$game" > "$g"
has "$g" '<html lang="de">'
has "$g" "<title>Partie $game - Congo</title>"
has "$g" 'Fernpartie, 1 Tag pro Zug'
has "$g" 'Status: <span id="status">läuft</span>'
grep -q "<p id=\"deadline\">Weiß am Zug bis $today [0-9:]* UTC, $left</p>" \
    "$g" || fail "$g: no deadline in German"
has "$g" '"ply":"Halbzug %d von %d"'
has "$g" '"resign":"aufgegeben"'

# The page's script writes German too (headless Chromium, as
# test_web_corr.sh's): the countdown, and the other side's deadline after
# a move.
if web_chrome; then
	web_browser web_deadline.py "$base/game/$game" "$tmp/shot.png"
	browser_wait '^ticks'
	grep -q "^ticks Weiß am Zug bis $today [0-9:]* UTC, $left$" \
	    "$tmp/br.out" || browser_fail "the browser"
	echo "move c2c3" >&3
	wait_for "$tmp/drv.out" '^ok'
	echo moved >&4
	wait "$bpid" || browser_fail "the browser after the move"
	grep -q "^moved Schwarz am Zug bis $today [0-9:]* UTC, $left$" \
	    "$tmp/br.out" || fail "the browser: $(cat "$tmp/br.out")"
	echo "test_web_lang.sh: chromium: $(grep '^ticks' "$tmp/br.out")"
else
	echo "test_web_lang.sh: no chromium or python3-websocket, the browser's part skipped"
	echo "move c2c3" >&3
	wait_for "$tmp/drv.out" '^ok'
fi
curl -s "$base/game/$game" > "$g"
has "$g" 'letzter Zug 1. c2c3, Schwarz am Zug'
has "$g" '<p id="deadline">Schwarz am Zug bis '
# The game's data as the protocol has it.
has "$g" '"moves":["c2c3"]'
has "$g" '"status":1,"result":""'
curl -s "$base/" > "$tmp/index.html"
has "$tmp/index.html" "<a href=\"/game/$game\">$game</a>"
has "$tmp/index.html" 'Schwarz am Zug bis '
curl -s "$base/player/alice" > "$tmp/alice.html"
has "$tmp/alice.html" '<h2>Laufende Partien</h2>'
has "$tmp/alice.html" 'Konto seit '
curl -s "$base/healthz" | grep -q '^ok' || fail "healthz"
curl -s "$base/metrics" | grep -q '^congo_' || fail "metrics"
echo "test_web_lang.sh: ok"
