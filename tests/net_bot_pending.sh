#!/bin/sh
# net_bot_pending.sh: a `congo --bot` searches each of its positions once
# (issue 59): its move sent, it does not search the same position again
# while the server has not answered (that second search took the time of
# the bot's next move: it kept the bot thinking when the opponent's reply
# came). The server's commits are slowed (a test build's hook,
# CONGO_TEST_COMMIT_DELAY_MS: each answer 300 ms late), a human plays the
# bot (net_bot_stop.py, --on-stop finish), and the bot's log must not say
# that a move found again could not be sent. Skipped (77) without python3
# or in a build without the tests' hooks.
#
# Exit status: 0 pass, 1 fail, 77 skipped, 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
[ "${CONGO_TEST_HOOKS:-}" = yes ] || { echo "SKIP: not a test build"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd)
server=${CONGO_SERVER:-${CONGO_BUILDDIR:-$here/..}/src/congo-server}
congo=${CONGO:-${CONGO_BUILDDIR:-$here/..}/src/congo}
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
fail() { echo "FAIL: $*"; tail -n 20 "$tmp/bot.log"; exit 1; }

CONGO_TEST_COMMIT_DELAY_MS=300 "$server" --port 0 --bind 127.0.0.1 \
    --db "$tmp/games.db" --create --log-level info 2>>"$tmp/server.log" &
spid=$!
. "$here/tmp_lib.sh"           # tmp_port: the port it listens on
tmp_port "$tmp/server.log" "$spid" || { cat "$tmp/server.log"; exit 99; }

key=$(python3 -c '
import sys; sys.argv = ["x", sys.argv[1], "-"]
sys.path.insert(0, "'"$here"'")
from net_bots import Conn, kv
c = Conn(1)
print(kv(c.cmd("REGISTER name=robo bot=yes")[0])["key"])' "$port") || exit 99
export XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" \
    XDG_CONFIG_HOME="$tmp/config" HOME="$tmp"
mkdir -p "$tmp/state/congo"
umask 077
echo "127.0.0.1:$port robo $key" > "$tmp/state/congo/keys"

"$congo" --bot --connect "127.0.0.1:$port" --account robo --level 1 \
    --clocks 1+0 --games-at-once 1 --rated no --on-stop finish \
    2>"$tmp/bot.log" &
bpid=$!
python3 "$here/net_bot_stop.py" "$port" "$bpid" finish "$congo" ||
    fail "the game"
wait "$bpid"
rc=$?
bpid=
[ $rc -eq 0 ] || fail "exit status $rc after SIGTERM"
if grep -q "not sent" "$tmp/bot.log"; then
	fail "a position searched again while its move waited for the server"
fi
echo PASS
