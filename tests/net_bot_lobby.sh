#!/bin/sh
# net_bot_lobby.sh: the full-screen lobby's "Play the computer" (issue
# 59), in tmux, against a real congo-server and a real `congo --bot`:
# with no bot online b says so (and how to play the computer without the
# server); once the bot runs its name, BOT title, rating and speeds are
# listed, Right chooses another of its speeds, Enter challenges it at that
# speed (ann is logged in), the bot accepts and the game starts on the
# screen; a guest's Enter seeks the bot's terms with bots=yes, which the
# bot takes.
#
# Every wait polls with a deadline. Exit status: 0 pass, 1 fail, 77
# skipped (no tmux or python3), 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77

tmux_prefix=cbotl pane=a
. "$(dirname "$0")/tmux_lib.sh"
net_screens="a g"
. "$(dirname "$0")/tmux_net_lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

bpid=
# The bot stopped too (the server's cleanup is tmux_net_lib's).
extra_cleanup() {
	[ -z "$bpid" ] || tmp_stop "$bpid"
	[ -z "$spid" ] || tmp_stop "$spid"
	tmp_sanitizer_reports "$tmp" || cleanup_failed=1
}

net_home
start_server
addr="127.0.0.1:$port"
T new-session -d -s keep -x 80 -y 24 "sleep 600" || exit 99

note "ann registers; the bot account robo is made, its key kept (0600)"
net_register a ann "Congo games on 127\.0\.0\.1"
key=$(python3 -c '
import sys; sys.argv = ["x", sys.argv[1], "-"]
sys.path.insert(0, "'"$here"'")
from net_bots import Conn, kv
c = Conn(1)
print(kv(c.cmd("REGISTER name=robo bot=yes")[0])["key"])' "$port") ||
    fail "no bot account"
(umask 077 && echo "$addr robo $key" >> "$tmp/state/congo/keys")

note "no bot online: b says so, and how to play the computer offline"
run a --connect "$addr" --login ann
wait_for a "Congo games on 127\.0\.0\.1"
T send-keys -t =a: b
wait_for a "Play the computer"
wait_for a "No computer player is online on this server now\."
wait_for a "without the server: congo \(without"
T send-keys -t =a: Escape
wait_for a "s: seek  b: the computer"

note "the bot starts: listed with its title, rating and speeds"
"$congo" --bot --connect "$addr" --account robo --level 1 \
    --clocks 1+0,2+1 --games-at-once 2 --rated no --variants congo \
    2>"$tmp/bot.log" &
bpid=$!
T send-keys -t =a: b
wait_for a "Play the computer"
wait_for a "> robo BOT +1500\?? +1\+0 congo, 2\+1 congo|> robo BOT +1500\?? +2\+1 congo, 1\+0 congo" 20
wait_for a "Speed +< (1\+0|2\+1) congo >"
if session_has a "Speed +< 1\+0 congo >"; then
	T send-keys -t =a: Right
fi
wait_for a "Speed +< 2\+1 congo >"

note "Enter challenges the bot at 2+1; it accepts, the game starts"
T send-keys -t =a: Enter
wait_for a "ann \(you\)" 20
wait_for a "robo BOT \(network\)"
grep -q "from ann (congo 120+1) accepted" "$tmp/bot.log" ||
    fail "no challenge at 2+1 accepted: $(tail -n 5 "$tmp/bot.log")"
T send-keys -t =a: R
wait_for a "Resign this game\?"
T send-keys -t =a: y
wait_for a "game cancelled|(White|Black) wins"
T send-keys -t =a: q
wait_for a "Congo games on"
T send-keys -t =a: q
done_with a 0

note "a guest: Enter seeks the bot's terms with bots=yes; the bot takes it"
# (ann's key put aside: with one key for the server the game logs in)
mv "$tmp/state/congo/keys" "$tmp/keys.kept"
run g --connect "$addr" --name gus
wait_for g "Congo games on 127\.0\.0\.1"
T send-keys -t =g: b
wait_for g "> robo BOT" 20
T send-keys -t =g: Enter
wait_for g "gus\(guest\) \(you\)" 20
wait_for g "robo BOT \(network\)"
T send-keys -t =g: R
wait_for g "Resign this game\?"
T send-keys -t =g: y
wait_for g "game cancelled|(White|Black) wins"
echo PASS
