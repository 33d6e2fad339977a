#!/bin/sh
# net_bot_resume.sh: a real `congo --bot` resumes its game after it is
# killed (-9) and restarted, and after its congo-server is killed (-9)
# and restarted mid-game (issue 59); net_bot_resume.py is the human and
# runs both processes.
#
# Exit status: 0 pass, 1 fail, 77 skipped (no python3), 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
here=$(cd "$(dirname "$0")" && pwd)
server=${CONGO_SERVER:-${CONGO_BUILDDIR:-$here/..}/src/congo-server}
congo=${CONGO:-${CONGO_BUILDDIR:-$here/..}/src/congo}
tmp=$(mktemp -d) || exit 99
spid=
cleanup() {
	[ -z "$spid" ] || { kill "$spid" 2>/dev/null; wait "$spid"; }
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# The database and the bot's account (its key kept as the client keeps
# keys, 0600), on a server that is then stopped.
"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
    --log-level info 2>>"$tmp/server0.log" &
spid=$!
port=
deadline=$(($(date +%s) + 20))
while [ -z "$port" ] && [ "$(date +%s)" -le "$deadline" ]; do
	port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' \
	    "$tmp/server0.log" | head -n 1)
	[ -n "$port" ] || sleep 0.1
done
[ -n "$port" ] || { cat "$tmp/server0.log"; exit 99; }
key=$(python3 -c '
import sys; sys.argv = ["x", sys.argv[1], "-"]
sys.path.insert(0, "'"$here"'")
from net_bots import Conn, kv
c = Conn(1)
print(kv(c.cmd("REGISTER name=robo bot=yes")[0])["key"])' "$port") || exit 99
kill "$spid"
wait "$spid"
spid=
export XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" \
    XDG_CONFIG_HOME="$tmp/config" HOME="$tmp"
mkdir -p "$tmp/state/congo"
umask 077


# The key for net_bot_resume.py, which writes the keys file for its port.
echo "$key" > "$tmp/robo.key"

if ! python3 "$here/net_bot_resume.py" "$tmp" "$congo" "$server"; then
	echo "FAIL"
	tail -n 30 "$tmp/bot.log"
	tail -n 10 "$tmp/server.log"
	exit 1
fi
grep -q "resumed" "$tmp/bot.log" || { echo "FAIL: no game resumed";
    tail -n 30 "$tmp/bot.log"; exit 1; }
exit 0
