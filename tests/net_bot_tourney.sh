#!/bin/sh
# net_bot_tourney.sh: two real `congo --bot` processes (--tourney) in an
# arena with scripted players on a real congo-server (issues 59 and 60):
# the bots' games played to their end by one connection each, a pairing
# that reached a connection busy in another game played by a free one,
# and the standings as the stored games give them (tests/tourney_check.py).
# net_bot_tourney.py runs every process.
#
# Exit status: 0 pass, 1 fail, 77 skipped (no python3), 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
here=$(cd "$(dirname "$0")" && pwd)
server=${CONGO_SERVER:-${CONGO_BUILDDIR:-$here/..}/src/congo-server}
congo=${CONGO:-${CONGO_BUILDDIR:-$here/..}/src/congo}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
umask 077

if ! python3 "$here/net_bot_tourney.py" "$tmp" "$congo" "$server"; then
	echo "FAIL"
	for f in bota botb; do tail -n 30 "$tmp/$f.log"; done
	tail -n 20 "$tmp/play.out" "$tmp/server.log"
	exit 1
fi
exit 0
