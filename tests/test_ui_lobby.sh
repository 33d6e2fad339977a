#!/bin/sh
# test_ui_lobby.sh: the lobby and chat as a new player met them (issue 34
# section 5), in tmux beside a CPU hog, against a real congo-server: a
# seek carries the player's name ($USER, not "anonymous"); the lobby
# always highlights a row and its first Enter acts on it; chat carries
# UTF-8 both ways; the lobby takes a player back to their own running
# game. Every wait polls with a deadline. Exit status: 0 pass, 1 fail, 77
# skipped (no tmux), 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77

tmux_prefix=cglob pane=l
. "$(dirname "$0")/tmux_lib.sh"
net_screens="s l"
. "$(dirname "$0")/tmux_net_lib.sh"

net_home
# Chat in any language: the terminal is UTF-8 (tmux takes it from here).
export LC_ALL=C.UTF-8

start_hog

# see SESSION PATTERN [SECONDS]: wait_for, 15 s by default.
see() {
	wait_for "$1" "$2" "${3:-15}"
}
# run SESSION USER ARGS...: congo as that user, with a state folder (its
# seat tokens) of its own.
run() {
	_n=$1 _u=$2
	shift 2
	mkdir -p "$tmp/state-$_u"
	T new-session -d -s "$_n" -x 100 -y 30 "USER=$_u \
XDG_STATE_HOME='$tmp/state-$_u' '$congo' $*; echo congo-exit=\$?; sleep 600"
}

start_server
T new-session -d -s keep -x 80 -y 24 "sleep 600" || exit 99

note "a seek carries the player's name (USER), not 'anonymous'"
run s sam --connect "127.0.0.1:$port" --seek 5+0
see s "Seeking 5\+0"
run l tess --connect "127.0.0.1:$port"
see l "Seeks +Player"
see l "sam\(guest\) +- +congo +5\+0"
screen l | grep -q anonymous && fail "a seek shown as anonymous"

note "the seek dialog: a correspondence clock is days a move (issue 57)"
T send-keys -t =l: s
see l "Seek a game"
see l "Clock +< 5\+3 \(minutes \+ seconds a move\)"
T send-keys -t =l: Down Right Right Right Right Right
see l "Clock +< 1d \(days a move\) >"
screen l | grep -q "1d (minutes" && fail "1d labelled minutes + seconds"
T send-keys -t =l: Escape
wait_gone l "Seek a game"

note "a bot's seek shows BOT beside its name (issue 59)"
mkfifo "$tmp/bot.in"
python3 -c '
import sys
sys.path.insert(0, sys.argv[2])
sys.argv = ["x", sys.argv[1], "-"]
from net_bots import Conn, kv
c = Conn(1)
k = kv(c.cmd("REGISTER name=robo bot=yes")[0])["key"]
c.cmd("LOGIN name=robo key=%s" % k)
c.cmd("SEEK clock=180+2")
sys.stdin.read()' "$port" "$(cd "$(dirname "$0")" && pwd)" <"$tmp/bot.in" &
botpid=$!
exec 8>"$tmp/bot.in"
see l "robo BOT .*congo +3\+2"
exec 8>&-
wait "$botpid"
wait_gone l "robo BOT"

note "b plays the computer: no bot online, the screen says so; Enter seeks 5+3 (bots=yes, issue 59), Esc withdraws it"
T send-keys -t =l: b
see l "Play the computer"
see l "No computer player is online"
T send-keys -t =l: Enter
see l "Seeking 5\+3"
T send-keys -t =l: Escape
see l "Seeks +Player"
wait_gone l "Seeking 5\+3"

note ":whois nobody: the overlay says there is no such player, in words"
cmd l "whois nobody"
see l "No player named nobody"
see l "the server has no account of that name"
screen l | grep -q "asking the server" && fail "still asking the server"
screen l | grep -q "WHOIS" && fail "the protocol's word shown"
T send-keys -t =l: Escape
wait_gone l "No player named nobody"

note "a row is highlighted (the seek: there is no game), Enter takes it"
see l "^ > +sam\(guest\) "
T send-keys -t =l: Enter
see l "you play (White|Black)"
see s "you play (White|Black)"
note "the panel names one's own seat by the account, not 'human'"
see l "tess\(guest\) \(you\)"
see s "sam\(guest\) \(you\)"
screen l | grep -Eq "(White|Black) +human" && fail "l's panel says human"
game=$(screen l | sed -n 's/.*Game \([A-Z2-7]\{8\}\) on.*/\1/p' | head -n 1)
[ -n "$game" ] || fail "no game id on l's screen"

note "chat carries UTF-8 both ways"
cmd l "say café ♞ ok"
see s "tess\(guest\) says: café ♞ ok"
see l "you say: café ♞ ok"
cmd s "say merci, à toi"
see l "sam\(guest\) says: merci, à toi"

note "the lobby takes a player back to their own running game"
# q in a live game from the lobby: back there, told that the clock runs
# and how to come back (issue 62); q in the lobby quits
T send-keys -t =l: q
see l "game $game goes on and your clock runs: Enter on it"
see l "Congo games on"
T send-keys -t =l: q
see l "congo-exit=" 20
tmux_kill_session =l
run l tess --connect "127.0.0.1:$port"
see l "$game .*active.*\(yours, (White|Black)\)"
see l "^ > +$game"
T send-keys -t =l: Enter
see l "Game $game on 127.0.0.1: you play (White|Black)"
screen l | grep -q "you are watching" && fail "l watches its own game"

note "the seeker quits: back to the lobby first, then out"
T send-keys -t =s: q
see s "Congo games on"
T send-keys -t =s: q
see s "congo-exit=" 20
tmux_kill_session =s
exit 0
