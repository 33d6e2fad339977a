#!/bin/sh
# net_bots.sh: bot accounts on a real congo-server (issue 59): REGISTER
# and LOGIN bot=yes (409 NOT_A_BOT_NOW after a rated game), title=BOT in
# WHOIS and SEEKS, wtitle=/btitle= in STATE, TOP's humans and bots apart,
# a bot's seek paired only with a human's bots=yes (never two bots), a
# bot's other seeks kept and its games at once up to --bot-games. The
# rules are checked by net_bots.py over CGP/1.
#
# Exit status: 0 pass, 1 fail, 77 skipped (no python3 or sqlite3), 99 hard
# error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
command -v sqlite3 >/dev/null 2>&1 || exit 77
here=$(cd "$(dirname "$0")" && pwd)
server=${CONGO_SERVER:-${CONGO_BUILDDIR:-$here/..}/src/congo-server}
tmp=$(mktemp -d) || exit 99
spid=
cleanup() {
	[ -n "$spid" ] && kill "$spid" 2>/dev/null
	[ -n "$spid" ] && wait "$spid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
    --log-level info --bot-games 2 --rated-same-network \
    --commands-per-second 100 --games-per-minute 100 \
    2>>"$tmp/server.log" &
spid=$!
. "$here/tmp_lib.sh"           # tmp_port: the port it listens on
tmp_port "$tmp/server.log" "$spid" || { cat "$tmp/server.log"; exit 99; }
python3 "$here/net_bots.py" "$port" "$tmp/games.db"
rc=$?
[ $rc -eq 0 ] || tail -n 30 "$tmp/server.log"
exit $rc
