#!/bin/sh
# net_bot_play.sh: a real `congo --bot` against a real congo-server (issue
# 59): its seeks kept open, a human seek paired with it only with
# bots=yes (within a second) and the game played to its end, a challenge
# outside its policy declined with the reason logged, SIGTERM with no
# game running and with one (--on-stop resign and finish): exit 0
# (congo(6)). net_bot_play.py and net_bot_stop.py are the humans.
#
# Exit status: 0 pass, 1 fail, 77 skipped (no python3), 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
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

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
    --log-level info 2>>"$tmp/server.log" &
spid=$!
. "$here/tmp_lib.sh"           # tmp_port: the port it listens on
tmp_port "$tmp/server.log" "$spid" || { cat "$tmp/server.log"; exit 99; }

# The bot's account, its key kept as the client keeps keys (0600).
key=$(python3 -c '
import sys; sys.argv = ["x", sys.argv[1], "-"]
sys.path.insert(0, sys.argv[0] and "'"$here"'")
from net_bots import Conn, kv
c = Conn(1)
print(kv(c.cmd("REGISTER name=robo bot=yes")[0])["key"])' "$port") || exit 99
export XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" \
    XDG_CONFIG_HOME="$tmp/config" HOME="$tmp"
mkdir -p "$tmp/state/congo"
umask 077
echo "127.0.0.1:$port robo $key" > "$tmp/state/congo/keys"

"$congo" --bot --connect "127.0.0.1:$port" --account robo --level 1 \
    --clocks 1+0 --games-at-once 2 --rated no --variants congo \
    --greeting "Good luck, have fun" 2>"$tmp/bot.log" &
bpid=$!

# congo.conf's bot section is read as the options (--config): a bad
# clocks there is the option's error, exit 2; the command line wins.
printf 'bot = { clocks = "x"; account = "robo"; };\n' > "$tmp/bad.conf"
"$congo" --bot --config "$tmp/bad.conf" --connect "127.0.0.1:$port" \
    2>"$tmp/conf.err"
rc=$?
[ $rc -eq 2 ] && grep -q -- "--clocks is" "$tmp/conf.err" ||
    fail "a bad bot.clocks in congo.conf: exit $rc, $(cat "$tmp/conf.err")"
printf 'bot = { level = 11; };\n' > "$tmp/bad.conf"
"$congo" --bot --config "$tmp/bad.conf" 2>"$tmp/conf.err"
rc=$?
[ $rc -eq 2 ] && grep -q "bot.level must be 1..10" "$tmp/conf.err" ||
    fail "bot.level = 11: exit $rc, $(cat "$tmp/conf.err")"

python3 "$here/net_bot_play.py" "$port" "$congo" || fail "the game"
grep -q "draw offer declined (score" "$tmp/bot.log" ||
    fail "the draw offered at once was not declined"

# The plain lobby: bots lists the bot's seeks, as M+S, with its title.
mkfifo "$tmp/plain.in"
XDG_STATE_HOME="$tmp/pia" \
    "$congo" --plain --connect "127.0.0.1:$port" --lobby --name pia \
    <"$tmp/plain.in" >"$tmp/plain.out" 2>&1 &
ppid=$!
exec 7>"$tmp/plain.in"
until_in() {
	_d=$(($(date +%s) + 15))
	until grep -Eq -- "$2" "$tmp/$1"; do
		[ "$(date +%s)" -gt "$_d" ] && fail "no /$2/ in $1: $(tail -n 5 "$tmp/$1")"
		sleep 0.05
	done
}
until_in plain.out "In the lobby"
_d=$(($(date +%s) + 15))
until grep -Eq "^1\. robo \(BOT\), congo 1\+0" "$tmp/plain.out"; do
	[ "$(date +%s)" -gt "$_d" ] && fail "bots: $(tail -n 5 "$tmp/plain.out")"
	echo bots >&7
	sleep 0.5
done
# play computer 1+0: a seek with bots=yes, which the bot takes; then
# resigned at once.
n0=$(grep -c "playing" "$tmp/bot.log")
echo "play computer 1+0" >&7
_d=$(($(date +%s) + 15))
until [ "$(grep -c "playing" "$tmp/bot.log")" -gt "$n0" ]; do
	[ "$(date +%s)" -gt "$_d" ] &&
	    fail "play computer: $(tail -n 5 "$tmp/plain.out")"
	sleep 0.05
done
echo "resign" >&7
_d=$(($(date +%s) + 15))
until [ "$(grep -c " over: " "$tmp/bot.log")" -gt 1 ]; do
	[ "$(date +%s)" -gt "$_d" ] && fail "the computer game not over"
	sleep 0.05
done
exec 7>&-
wait $ppid 2>/dev/null

# A challenge outside the policy (megapawn): declined, the reason said to
# the challenger (why=variant) and logged.
python3 -c '
import sys
sys.path.insert(0, "'"$here"'")
sys.argv = ["x", sys.argv[1], "-"]
from net_bots import Conn
c = Conn(2)
k = c.cmd("REGISTER name=carla")[0].split("key=")[1].split()[0]
c.cmd("LOGIN name=carla key=%s" % k)
c.cmd("CHALLENGE name=robo variant=megapawn clock=60+0")
c.expect(lambda l: " RESULT " in l and "reason=declined why=variant" in l,
         10.0, "the decline with its word")' "$port" ||
    fail "no decline of the challenge with why=variant"
# A correspondence challenge to a bot without --days: why=clock.
python3 -c '
import sys
sys.path.insert(0, "'"$here"'")
sys.argv = ["x", sys.argv[1], "-"]
from net_bots import Conn
c = Conn(2)
k = c.cmd("REGISTER name=cora")[0].split("key=")[1].split()[0]
c.cmd("LOGIN name=cora key=%s" % k)
c.cmd("CHALLENGE name=robo variant=congo days=3")
c.expect(lambda l: " RESULT " in l and "reason=declined why=clock" in l,
         10.0, "the decline with its word")' "$port" ||
    fail "no decline of the correspondence challenge with why=clock"
grep -q "declined: variant" "$tmp/bot.log" || fail "no reason logged"

# SIGTERM with no game running: the seeks withdrawn, exit 0.
kill -TERM "$bpid"
wait "$bpid"
rc=$?
bpid=
[ $rc -eq 0 ] || fail "exit status $rc after SIGTERM"
grep -q "seek withdrawn" "$tmp/bot.log" || fail "no seek withdrawn"

# SIGTERM with a game running: --on-stop resign resigns it, --on-stop
# finish plays on until it ends; exit 0 either way.
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
done
echo PASS
