#!/bin/sh
# net_bot_refused.sh: a `congo --bot` whose SEEK is refused (429: its
# account plays the server's --bot-games already) seeks again after a
# pause that doubles (2 s, 4 s... 60 s), never at once: it sent about
# 2,000 SEEKs a second in a loop before. The account holds a game (a
# scripted connection of robo's paired with a human's bots=yes seek) on a
# server with --bot-games 1; the bot (2 games at once) resumes that game
# on one connection and its other connection's SEEK is refused. The bot's
# log must say the second pause (4 s) with at most 3 refusals before it.
# Skipped (77) without python3.
#
# Exit status: 0 pass, 1 fail, 77 skipped, 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
here=$(cd "$(dirname "$0")" && pwd)
server=${CONGO_SERVER:-${CONGO_BUILDDIR:-$here/..}/src/congo-server}
congo=${CONGO:-${CONGO_BUILDDIR:-$here/..}/src/congo}
tmp=$(mktemp -d) || exit 99
spid= bpid= hpid=
cleanup() {
	# The bot ends on SIGTERM only when its games have (here: after
	# the server gives up the human's abandoned game, a minute): the
	# test checks nothing then, so it is killed outright.
	[ -n "$bpid" ] && kill -KILL "$bpid" 2>/dev/null
	for p in $bpid $hpid $spid; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
fail() { echo "FAIL: $*"; tail -n 20 "$tmp/bot.log"; exit 1; }

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
    --log-level info --bot-games 1 2>>"$tmp/server.log" &
spid=$!
. "$here/tmp_lib.sh"           # tmp_port: the port it listens on
tmp_port "$tmp/server.log" "$spid" || { cat "$tmp/server.log"; exit 99; }

# robo registered; a game of robo's with a human (the human's connection
# stays open, in the background, so that the game is not abandoned).
python3 -c '
import sys, time
sys.argv = ["x", sys.argv[1], "-"]
sys.path.insert(0, "'"$here"'")
from net_bots import Conn, kv, paired
c = Conn(1)
key = kv(c.cmd("REGISTER name=robo bot=yes")[0])["key"]
r = Conn(1)
r.cmd("LOGIN name=robo key=%s" % key)
r.cmd("SEEK clock=600+0")
h = Conn(2)
h.cmd("SEEK clock=600+0 name=hugo bots=yes")
paired(h)
paired(r)
print(key, flush=True)
sys.stdout.close()
r.s.close()
time.sleep(120)        # the human stays (killed by the test at its end)
' "$port" > "$tmp/key" &
hpid=$!
for _ in $(seq 100); do [ -s "$tmp/key" ] && break; sleep 0.1; done
key=$(cat "$tmp/key")
[ -n "$key" ] || exit 99
export XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" \
    XDG_CONFIG_HOME="$tmp/config" HOME="$tmp"
mkdir -p "$tmp/state/congo"
umask 077
echo "127.0.0.1:$port robo $key" > "$tmp/state/congo/keys"

"$congo" --bot --connect "127.0.0.1:$port" --account robo --level 1 \
    --clocks 10+0 --games-at-once 2 --rated no 2>"$tmp/bot.log" &
bpid=$!
# The second refusal's pause said: at least 2 s after the first.
for _ in $(seq 300); do
	grep -q "seeking again in 4 s" "$tmp/bot.log" && break
	kill -0 "$bpid" 2>/dev/null || fail "the bot exited"
	sleep 0.1
done
grep -q "seeking again in 4 s" "$tmp/bot.log" ||
    fail "no second pause within 30 s"
n=$(grep -c "SEEK: 429" "$tmp/bot.log")
echo "net_bot_refused.sh: $n refused SEEKs before the second pause"
[ "$n" -le 3 ] || fail "$n refused SEEKs before the second pause (a loop)"
echo PASS
