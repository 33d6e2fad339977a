#!/bin/sh
# net_bot_pg.sh: a real `congo --bot` with its congo-server on PostgreSQL
# (issue 59), on test_net_pg.sh's throwaway cluster (its mode "cluster"):
# the bot killed (-9) and restarted mid-game, then the server killed (-9)
# and restarted mid-game, and the game resumes and is played to its end
# (net_bot_resume.py, as net_bot_resume.sh on SQLite); SIGTERM with a
# game running: --on-stop resign resigns it, --on-stop finish plays on
# until it ends, exit 0 either way (net_bot_stop.py, as net_bot_play.sh).
# Skipped (77) as test_net_pg.sh is: without PostgreSQL's programs or
# libpq; or without python3.
#
# Exit status: 0 pass, 1 fail, 77 skipped, 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
here=$(cd "$(dirname "$0")" && pwd)
builddir=${CONGO_BUILDDIR:-$(pwd)}
# The cluster first: test_net_pg.sh makes it and runs this script again
# inside it (CONGO_PG_DIR: its socket's folder).
if [ -z "${CONGO_PG_DIR:-}" ]; then
	exec "$here/test_net_pg.sh" cluster env CONGO_BUILDDIR="$builddir" \
	    sh "$here/net_bot_pg.sh"
fi
server="$builddir/src/congo-server"
congo="$builddir/src/congo"
uri="postgresql:///congo?host=$CONGO_PG_DIR&user=congo"
tmp=$(mktemp -d) || exit 99
spid= bpid=
cleanup() {
	for p in $bpid $spid; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
fail() {
	echo "FAIL: $*"
	tail -n 20 "$tmp/bot.log" "$tmp/server.log" 2>/dev/null
	exit 1
}

# start_server [ARGS...]: a server on the cluster; $spid, $port.
start_server() {
	: > "$tmp/server.log"
	"$server" --port 0 --bind 127.0.0.1 --db "$uri" --log-level info "$@" \
	    2>>"$tmp/server.log" &
	spid=$!
	port=
	_d=$(($(date +%s) + 20))
	while [ -z "$port" ] && [ "$(date +%s)" -le "$_d" ]; do
		port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' \
		    "$tmp/server.log" | head -n 1)
		[ -n "$port" ] || sleep 0.1
	done
	[ -n "$port" ] || { cat "$tmp/server.log"; exit 99; }
}

# The database and the bot's account on it.
start_server --create
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
echo "$key" > "$tmp/robo.key"

echo "# kill -9 of the bot, then of the server, mid-game, on PostgreSQL"
CONGO_BOT_DB=$uri python3 "$here/net_bot_resume.py" "$tmp" "$congo" \
    "$server" || fail "the game after the restarts"
grep -q "resumed" "$tmp/bot.log" || fail "no game resumed"

echo "# SIGTERM with a game running, on PostgreSQL"
start_server
echo "127.0.0.1:$port robo $key" > "$tmp/state/congo/keys"
for mode in resign finish; do
	"$congo" --bot --connect "127.0.0.1:$port" --account robo --level 1 \
	    --clocks 1+0 --games-at-once 1 --rated no --on-stop $mode \
	    2>"$tmp/bot.log" &
	bpid=$!
	python3 "$here/net_bot_stop.py" "$port" "$bpid" $mode "$congo" ||
	    fail "SIGTERM, --on-stop $mode"
	wait "$bpid"
	rc=$?
	bpid=
	[ $rc -eq 0 ] || fail "exit status $rc after SIGTERM, --on-stop $mode"
	case $mode in
	resign) grep -q "result=1-0 reason=resign\|result=0-1 reason=resign" \
	    "$tmp/server.log" || fail "no resignation stored" ;;
	esac
done
echo PASS
