#!/bin/sh
# net_corr_e2e.sh: a correspondence game between two accounts in the real
# game, end to end, in tmux (issue 36): a congo-server on a loopback port
# of its own whose days last an hour (--day-length 3600); ann and bob
# register; ann challenges bob to a correspondence game of a day a move and
# waits in it; bob's lobby lists the challenge and Enter accepts it; the
# deadline shows in the clock's place and the status bar says that
# leaving never resigns; they play a few moves and quit (no question); then
# bob on another machine (another XDG_STATE_HOME: his account's key, no
# seat token; congo.conf naming the server and the account) lists his games
# with congo --games and no option, takes the game back from Your games in
# the lobby by his account, sees the position and moves; a second challenge
# is declined from the lobby and its challenger is told; bob's lobby's
# command line (:whois, a command not for the lobby refused, :challenge
# to a name nobody has refused and the lobby left as it was, then a
# rated Megapawn challenge sent, left standing with q, withdrawn with w;
# :create black 3+2 megapawn makes such a game).
#
# Every wait polls with a deadline. Exit status: 0 pass, 1 fail, 77 skipped
# (no tmux), 99 hard error.

set -u

tmux_prefix=ccorr pane=a
. "$(dirname "$0")/tmux_lib.sh"
net_screens="a b c"
. "$(dirname "$0")/tmux_net_lib.sh"

net_home

start_server --day-length 3600
addr="127.0.0.1:$port"

# run_on NAME MACHINE ARGS...: as run, with MACHINE's state and config
# folders (another machine's $XDG_STATE_HOME and $XDG_CONFIG_HOME).
run_on() {
	_n=$1 _m=$2
	shift 2
	rm -f "$tmp/$_n.status"
	T new-session -d -s "$_n" -x 100 -y 30 \
	    "XDG_STATE_HOME='$_m/state' XDG_CONFIG_HOME='$_m/config' \
	    \"$congo\" $*; echo \$? >\"$tmp/$_n.status\"; sleep 60"
}

# to_top SESSION ROW: the lobby's cursor up to its first row (k, five
# times), which must be ROW (a pattern for what follows the " > ").
to_top() {
	T send-keys -t "=$1:" k k k k k
	wait_for "$1" "^ > +$2"
}

note "ann and bob register"
net_register a ann
net_register b bob

note "ann challenges bob, a day a move, and waits in the game"
run a --connect "$addr" --login ann --challenge bob --days 1 --seat white
wait_for a "Challenge to bob sent, q leaves it standing \(game [A-Z2-7]{8}, you play White\)"
game=$(screen a | sed -n 's/.*(game \([A-Z2-7]\{8\}\), you play.*/\1/p' |
    head -n 1)
[ -n "$game" ] || fail "no game id on a's screen"
wait_for a "waiting for bob to accept \(q leaves, the challenge stands\)"
wait_for a "White +ann( \(you\))? +1 d"

note "bob's lobby lists it; Enter on it accepts"
run b --connect "$addr" --login bob
wait_for b "ann challenges you: casual congo, 1 day a move \(Enter on it accepts, d declines\)"
wait_for b "$game  from ann +congo +1d +casual +stands"
to_top b "$game  from ann"
wait_for b "Enter: accept the challenge +d: decline it"
T send-keys -t =b: Enter
wait_for b "Game $game on 127\.0\.0\.1: you play Black"
wait_for a "bob joins as Black"

note "the deadline in the clock's place; leaving never resigns"
# (a day is an hour here: White has under an hour, Black its day a move)
wait_for a "White +ann( \(you\))? +59 min [0-9]+ s"
wait_for b "White +ann \(network\) +59 min [0-9]+ s"
wait_for b "Black +bob( \(you\))? +1 d"
wait_for a "1 d a move: q leaves, the game goes on"
wait_for b "1 d a move: q leaves, the game goes on"
# a narrow panel: the same without its spaces, the name kept
T resize-window -t =a: -x 66 -y 12
wait_for a "White +ann( \(you\))? +59min[0-9]+s"
T resize-window -t =a: -x 100 -y 30
wait_for a "White +ann( \(you\))? +59 min [0-9]+ s"

note "a few moves"
cmd a c2c3
wait_for b "1\. c2c3"
wait_for b "Black +bob( \(you\))? +59 min [0-9]+ s"
cmd b b6b5
wait_for a "1\. c2c3 b6b5"
cmd a d2d3
wait_for b "2\. d2d3"

note "both quit: no question, the game goes on"
T send-keys -t =a: q
done_with a 0
T send-keys -t =b: q
wait_for b "game $game goes on: Your games in the lobby"
# bob accepted in the lobby: q took him back there, his game listed
wait_for b "Congo games on 127\.0\.0\.1"
wait_for b "$game  your turn   congo     ann +bob +[0-9]+m[0-9]{2}s"
T send-keys -t =b: q
done_with b 0
grep -q "game $game.*resign" "$tmp/server.log" && fail "the game was resigned"

note "another machine: bob's key alone, congo.conf naming server and account"
m2="$tmp/m2"
mkdir -p "$m2/state/congo" "$m2/config/congo" || exit 99
grep "^$addr bob " "$tmp/state/congo/keys" >"$m2/state/congo/keys" ||
    fail "no key kept for bob"
chmod 600 "$m2/state/congo/keys"
cat >"$m2/config/congo/congo.conf" <<CONF
ui = { color = false; mouse = false; ai_delay_ms = 0; };
network = { host = "$addr"; account = "bob"; };
CONF

note "congo --games, no option: a line, bob's turn"
XDG_STATE_HOME="$m2/state" XDG_CONFIG_HOME="$m2/config" "$congo" --games \
    >"$tmp/games.out" 2>"$tmp/games.err" </dev/null
st=$?
[ "$st" = 0 ] || fail "congo --games: status $st: $(cat "$tmp/games.err")"
[ "$(wc -l <"$tmp/games.out")" -eq 1 ] || fail "congo --games: $(cat "$tmp/games.out")"
# seven fields: the time control last (a day a move: 1d)
grep -Eq "^$game  your-turn   congo     ann +bob +[0-9]+m[0-9]{2}s +1d\$" \
    "$tmp/games.out" || fail "congo --games: $(cat "$tmp/games.out")"
# ann's from the first machine: her opponent's turn
"$congo" --connect "$addr" --login ann --games >"$tmp/games.out" 2>&1 \
    </dev/null || fail "congo --games for ann: $(cat "$tmp/games.out")"
grep -Eq "^$game  their-turn  congo" "$tmp/games.out" ||
    fail "congo --games for ann: $(cat "$tmp/games.out")"
# no account kept, an account without its key: said, status 1
m3=$tmp/m3
mkdir -p "$m3/state" "$m3/config"
XDG_STATE_HOME="$m3/state" XDG_CONFIG_HOME="$m3/config" "$congo" \
    --connect "$addr" --games >"$tmp/games.out" 2>&1 </dev/null &&
    fail "congo --games without an account: status 0"
grep -q "^congo: --games lists an account's games: no account kept for 127\.0\.0\.1 port $port" \
    "$tmp/games.out" || fail "congo --games without an account: $(cat "$tmp/games.out")"
XDG_STATE_HOME="$m3/state" XDG_CONFIG_HOME="$m3/config" "$congo" \
    --connect "$addr" --login zed --games >"$tmp/games.out" 2>&1 </dev/null &&
    fail "congo --games --login zed: status 0"
grep -q "^congo: cannot log in: no key kept for zed" "$tmp/games.out" ||
    fail "congo --games --login zed: $(cat "$tmp/games.out")"

note "bob takes the game back from Your games, by his account, and moves"
run_on c "$m2" --lobby
wait_for c "Your games +Turn .* Left +Clock"
wait_for c "$game  your turn .* 1d *\$"
to_top c "$game  your turn"
wait_for c "Enter: back to this game"
T send-keys -t =c: Enter
wait_for c "Game $game on 127\.0\.0\.1: you play Black"
wait_for c "1\. c2c3 b6b5"
wait_for c "2\. d2d3"
wait_for c "Black +bob( \(you\))? +59 min [0-9]+ s"
cmd c c6c5
wait_for c "2\. d2d3 c6c5"
wait_for c "White +ann \(away\) +59 min [0-9]+ s"
# no seat token was needed, none is kept there
if [ -f "$m2/state/congo/tokens" ] && grep -q "$game" "$m2/state/congo/tokens"; then
	fail "a token was kept on the other machine"
fi
T send-keys -t =c: q
wait_for c "Congo games on 127\.0\.0\.1"
wait_for c "$game  their turn"

note "a challenge declined from the lobby: its challenger is told"
run a --connect "$addr" --login ann --challenge bob --days 3
wait_for a "Challenge to bob sent"
wait_for c "ann challenges you: casual congo, 3 days a move"
to_top c "[A-Z2-7]{8}  from ann +congo +3d"
T send-keys -t =c: d
wait_for c "ann's challenge is declined"
wait_for a "bob declines the challenge \(q quits\)"
T send-keys -t =a: q
done_with a 0

note "the lobby's command line: :whois, :challenge (refused, then sent)"
cmd c "whois ann"
wait_for c "^Player ann: 0 rated games, since "
T send-keys -t =c: Escape
wait_for c "Congo games on 127\.0\.0\.1"
cmd c "resign"
wait_for c ":resign: not in the lobby \(here: :create, :challenge,"
# a name mistyped: said, and the lobby goes on (it ended the program)
cmd c "challenge nobody 5+3"
wait_for c "cannot challenge nobody: no such account"
wait_for c "Congo games on 127\.0\.0\.1"
cmd c "challenge ann 2d rated megapawn"
wait_for c "Challenge to ann sent, (q|quit) leaves it standing \(game [A-Z2-7]{8}, you play"
wait_for c "waiting for ann to accept \(q leaves, the challenge stands\)"
T send-keys -t =c: q
wait_for c "Congo games on 127\.0\.0\.1"
wait_for c "[A-Z2-7]{8}  to   ann +megapawn +2d +rated"
to_top c "[A-Z2-7]{8}  to   ann"
T send-keys -t =c: w
wait_for c "your challenge to ann is withdrawn"
# a game made with its seat, clock and variant (c makes Congo's, untimed)
cmd c "create black 3+2 megapawn"
wait_for c "Game [A-Z2-7]{8} on 127\.0\.0\.1: you play Black"
wait_for c "Black +bob( \(you\))? +3:00"
wait_for c "l1 z2 e2 g0 c2 m0 p5"
T send-keys -t =c: q
T send-keys -t =c: q
done_with c 0
echo "PASS"
