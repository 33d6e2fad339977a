#!/bin/bash
# test_web_tabs.sh: a spectator with eight game tabs and the lobby, in
# headless Chromium, on congo-server itself (issue 33): a browser opens
# six HTTP/1.1 connections to a server at most, so a stream a page would
# leave the seventh page blank. The pages share one stream (a shared
# worker's, /events): every page live, the lobby loaded, a move in each
# game shown in each page within 2 s (tests/web_tabs.py). 77 without
# chromium or python3-websocket.
set -u
. "$(dirname "$0")/web_lib.sh"
web_setup tabs
if ! web_chrome; then
	echo "test_web_tabs.sh: no chromium or python3-websocket, skipped"
	exit 77
fi
web_serve "$tmp/server.log" "$server" --port 0 --bind 127.0.0.1 \
    --http 127.0.0.1:0 \
    --db "$tmp/games.db" --create
$py "$srcdir/tests/web_tabs.py" "$chrome" "$port" "$http" "$tmp/chrome" 8 \
    2> "$tmp/tabs.err" || {
	grep -v 'dbus\|^\[' "$tmp/tabs.err" | tail -5
	echo "test_web_tabs.sh: the tabs failed"
	tail -5 "$tmp/server.log"
	exit 1
}
exit 0
