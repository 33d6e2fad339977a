#!/bin/sh
# net_ui_e2e.sh: network play in the real game, end to end, in tmux: a
# congo-server on a loopback port of its own, then `congo --connect` as
# White, as Black, as an observer and in the lobby; moves made on one screen
# appear on the others; the server is killed (-9) and restarted and the
# games carry on by themselves; a player leaves and comes back with --game;
# a resignation; two AIs play a whole game through the server; the
# opponent's move in the window's title.
#
# Every wait polls with a deadline. Exit status: 0 pass, 1 fail, 77 skipped
# (no tmux), 99 hard error.

set -u

tmux_prefix=cnet pane=w
. "$(dirname "$0")/tmux_lib.sh"
net_screens="w b o x y l v z k h f g u t s"
. "$(dirname "$0")/tmux_net_lib.sh"

net_home

# quit SESSION: q, y if asked; exit status 0.
quit() {
	T send-keys -t "=$1:" q
	_deadline=$(($(date +%s) + 20))
	while [ ! -s "$tmp/$1.status" ] &&
	    [ "$(date +%s)" -le "$_deadline" ]; do
		if screen "$1" | grep -q "Quit this game?"; then
			T send-keys -t "=$1:" y
		fi
		sleep 0.05
	done
	[ "$(cat "$tmp/$1.status" 2>/dev/null)" = 0 ] ||
	    fail "$1 did not exit with 0 ($(cat "$tmp/$1.status" 2>/dev/null))"
	tmux_kill_session "=$1"
}

# A session that stays, so the tmux server does not exit (and restart
# under our feet) whenever the last game's session is closed.
T new-session -d -s keep -x 80 -y 24 "sleep 600" || exit 99

note "a server on its own port"
start_server
addr="127.0.0.1:$port"

note "White creates a game"
run w --connect "$addr" --create --seat white --name ann
wait_for w "Game [A-Z2-7]{8}"
game=$(screen w | sed -n 's/.*Game \([A-Z2-7]\{8\}\).*/\1/p' | head -n 1)
wait_for w "waiting for an opponent"
cmd w c2c3
wait_for w "waiting for an opponent to join"

note "Black joins"
run b --connect "$addr" --join "$game" --seat black --name bob
# Guests on a server with accounts: shown as guests.
wait_for b "White +ann\(guest\) \(network\)"
wait_for w "Black +bob\(guest\) \(network\)"
cmd w c2c3
wait_for b "1\. c2c3"
cmd b b6c5
wait_for w "1\. c2c3 b6c5"
# The opponent's move in the window's title too (issue 62; tmux-256color's
# tsl: the pane's title).
title_has() {
	T display -p -t "=$1:" '#{pane_title}' 2>/dev/null | grep -Eq -- "$2"
}
poll 10 "w: the window's title does not say black's move" \
    title_has w "^Black: [a-z]+ b6c5$"
# Analysis of one's own casual game is allowed (issue 36: refused in
# rated games only, test_session_corr).
T send-keys -t =b: A
wait_for b "analysis on"
T send-keys -t =b: A
wait_for b "analysis off"

note "an observer"
run o --connect "$addr" --observe "$game"
wait_for o "Game $game \(watching\)"
wait_for o "1\. c2c3 b6c5"
# Moves come as they are played: no pause, no delay for a watcher.
T send-keys -t =o: p
wait_for o "not allowed in a network game: moves are shown as they are played"
screen o | grep -q "paused\|delay [0-9]" && fail "o: paused or a delay shown"
# A watcher may analyse.
T send-keys -t =o: A
wait_for o "Analysis [-+][0-9]"
T send-keys -t =o: A
wait_for o "analysis off"

note "the server is killed and comes back"
kill -9 "$spid"
wait "$spid" 2>/dev/null
wait_for w "reconnecting"
wait_for b "reconnecting"
starts=2
start_server
wait_for w "online" 15
wait_for b "online" 15
wait_for o "online" 15
cmd w b1c2
wait_for b "2\. b1c2"
wait_for o "2\. b1c2"

note "Black leaves and comes back with --game"
quit b
wait_for w "opponent disconnected"
run b --connect "$addr" --game "$game" --seat black
wait_for b "2\. b1c2"
wait_for w "opponent is back"
cmd b a6b5
wait_for w "2\. b1c2 a6b5"

note "Black resigns"
T send-keys -t =b: R
wait_for b "Resign this game\?"
T send-keys -t =b: y
wait_for w "White wins"
wait_for b "White wins"
wait_for o "White wins"
# Over: the players may analyse it.
T send-keys -t =b: A
wait_for b "Analysis [-+][0-9]"
quit w
quit b
quit o

note "two AIs play through the server"
run x --connect "$addr" --create --seat white --white random --name rw
wait_for x "Game [A-Z2-7]{8}"
game2=$(screen x | sed -n 's/.*Game \([A-Z2-7]\{8\}\).*/\1/p' | head -n 1)
run y --connect "$addr" --join "$game2" --seat black --black random --name rb
wait_for y "(White|Black) wins|Draw" 60
wait_for x "(White|Black) wins|Draw" 10
quit x
quit y

note "a megapawn game with a clock, made and played by keys"
run v --connect "$addr" --create --seat white --variant megapawn --clock 5+3 --name mp
wait_for v "Game [A-Z2-7]{8}"
game3=$(screen v | sed -n 's/.*Game \([A-Z2-7]\{8\}\).*/\1/p' | head -n 1)
# --join without --seat: the only free seat (Black here)
run z --connect "$addr" --join "$game3" --name mq
wait_for z "White +mp\(guest\)"
wait_for z "Black +mq\(guest\) \(you\)"
cmd v "a3a4"
wait_for z "1\. a3a4"
cmd z "a5b4"
wait_for v "1\. a3a4 a5b4"

note "the server's clocks in the panel"
wait_for v "White +mp\(guest\)( \(you\))? +[0-9]+:[0-9][0-9]"
wait_for z "Black +mq\(guest\)( \(you\))? +[0-9]+:[0-9][0-9]"

note ":say: a chat line in the other's panel"
cmd v "say good luck"
wait_for z "mp\(guest\): good luck"
wait_for z "mp\(guest\) says: good luck"
note "one's own chat line is logged once"
T send-keys -t =v: m
wait_for v "Messages, the newest last"
n=$(screen v | grep -c 'good luck')
[ "$n" = 1 ] || fail "v: its own chat line logged $n times"
T send-keys -t =v: Escape
wait_gone v "Messages, the newest last"

note "chat: the input line counts its bytes, more than 200 are refused"
T send-keys -t =v: :
T send-keys -t =v: -l "say "
wait_for v "\(0/200 bytes\)"
T send-keys -t =v: -l "$(printf '%0201d' 0)"
wait_for v "\(201/200 bytes\)"
T send-keys -t =v: Enter
wait_for v "cannot be sent: a SAY's text is at most 200 bytes, not 201"

note "a draw declined by a move: the offerer is told"
cmd v draw
wait_for z "White offers a draw"
cmd v "c3b4"
wait_for z "2\. c3b4"
cmd z "c5b4"
wait_for v "Black declines the draw \(a move instead\)"

note "a draw offered and accepted: the status no longer says offered"
cmd v draw
wait_for z "White offers a draw"
wait_for z "draw offered \(:draw accepts\)"
cmd z draw
wait_for v "Draw: agreement"
wait_for z "Draw: agreement"
screen z | grep -q "draw offered" && fail "z: 'draw offered' after the draw"
screen v | grep -q "draw offered" && fail "v: 'draw offered' after the draw"

note ":rematch and r: a new game, colours swapped"
cmd v rematch
wait_for z "White asks for a rematch: r or :rematch accepts"
T send-keys -t =z: r
wait_for z "rematch: game [A-Z2-7]{8}, you play White"
wait_for v "rematch: game [A-Z2-7]{8}, you play Black"
cmd z "a3a4"
wait_for v "1\. a3a4"
cmd v "a5b4"
wait_for z "1\. a3a4 a5b4"

note "refused: :cancel once both sides have moved; u offers a takeback, n declines it; :claim too early"
cmd z cancel
wait_for z ":cancel: both sides have moved: the game can no longer be cancelled"
T send-keys -t =z: u
wait_for z "takeback offered: waiting for Black's answer"
wait_for v "White asks to take back a move\. Accept\?"
T send-keys -t =v: n
wait_for z "Black declines the takeback"
quit v
wait_for z "opponent disconnected"
cmd z claim
wait_for z "too early to claim: the server allows it in [0-9]+ s"
quit z

note "a flag falls on the server's clock: the reason is named"
run t --connect "$addr" --create --clock 0.02+0 --name tw
wait_for t "Game [A-Z2-7]{8}"
tgame=$(screen t | sed -n 's/.*Game \([A-Z2-7]\{8\}\).*/\1/p' | head -n 1)
run s --connect "$addr" --join "$tgame" --name tb
# The first moves are not timed (RULES.md "Time"): White's clock runs
# from its second move on.
wait_for s "Black +tb\(guest\) \(you\)"
wait_for t "Black +tb"
cmd t "c2c3"
wait_for s "1\. c2c3"
cmd s "c6c5"
wait_for s "Black wins: White lost on time" 15
wait_for t "Black wins: White lost on time" 15
quit s
quit t

note ":cancel of one's open game"
run k --connect "$addr" --create --name kc
wait_for k "Game [A-Z2-7]{8}"
wait_for k "online, waiting for an opponent"
cmd k cancel
wait_for k "the game is cancelled \(q quits\)"
wait_for k "online, game cancelled"
quit k

note "a bad --join id: a message and status 1, not a wait for ever"
run j --connect "$addr" --join ZZZZZZZZ --seat black
expect_exit j 1
wait_for j "congo: cannot join: no game ZZZZZZZZ"

note "a server never reached: a message and status 1, not a wait for ever"
run u --connect 127.0.0.1:1 --create
expect_exit u 1
wait_for u "congo: cannot connect to 127\.0\.0\.1 port 1"

note "the lobby"
run l --connect "$addr"
# its clock as the game writes clocks (minutes), not the protocol's 300+3
wait_for l "$game3 +megapawn +5\+3 "
wait_for l "Congo games on 127\.0\.0\.1"
wait_for l "$game2"
wait_for l "$game .*finished"
T send-keys -t =l: Down
T send-keys -t =l: Up
T send-keys -t =l: r
wait_for l "$game2"
T send-keys -t =l: c
wait_for l "Game [A-Z2-7]{8}.*|you play White"
wait_for l "waiting for an opponent"

note "the lobby: o watches a game"
run m --connect "$addr"
wait_for m "$game2"
T send-keys -t =m: o
wait_for m "watching game|\(watching\)"
note "q after watching: back to the lobby, whose list comes again"
T send-keys -t =m: q
wait_for m "Congo games on 127\.0\.0\.1"
wait_for m "$game2"
screen m | grep -q "reconnecting\|trying again" && fail "m: a reconnection shown"
T send-keys -t =m: o
wait_for m "watching game|\(watching\)"
T send-keys -t =m: q
wait_for m "Congo games on 127\.0\.0\.1"
quit m

note "commands refused or sent in a network game"
T send-keys -t =l: u
wait_for l ":takeback: no move to take back"
cmd l "fen 3l3/7/7/7/7/7/3L3 w 0 1"
wait_for l "not allowed in a network game"
cmd l draw
# The server's own answer: the looser "waiting|not" matched the status
# line and the message before, so L was pressed before the answer came and
# the answer then covered L's message.
wait_for l "DRAW: waiting for black to join"
T send-keys -t =l: L
wait_for l "not allowed in a network game"
# a game made in the lobby: q goes back there (issue 62), q there quits
T send-keys -t =l: q
wait_for l "back to the lobby"
wait_for l "Congo games on 127\.0\.0\.1"
quit l

note "congo --host --port 0: a game for a friend, served from the game"
run h --host --port 0 --name host
wait_for h "Your friend runs: congo --connect [^ ]+:[0-9]+ --join [A-Z2-7]{8}"
hgame=$(screen h | sed -n 's/.*--join \([A-Z2-7]\{8\}\).*/\1/p' | head -n 1)
cmd h info
wait_for h "your friend runs: congo --connect [^ ]+ --join $hgame"
wait_for h "congo --host --game $hgame"
T send-keys -t =h: q
hport=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' \
    "$tmp/state/congo/congo-host.log" | tail -n 1)
[ -n "$hport" ] && [ "$hport" != 0 ] || fail "no port in the host's log"
run f --connect "127.0.0.1:$hport" --join "$hgame" --name friend
wait_for f "White +host\(guest\) \(network\)"
wait_for h "friend\(guest\) joins as Black"
cmd h d2d3
wait_for f "1\. d2d3"

note "quitting the host warns that the friend's game stops"
T send-keys -t =h: q
wait_for h "Quit this game\? This machine serves it"
# The dialog wraps: the command it gives is whole, with the game's id.
wait_for h "\(congo --host --game $hgame resumes it\)"
quit h
wait_for f "reconnecting"

note "congo --host --game resumes the hosted game"
# Both seats' tokens are on this machine: which one must be said.
run g --host --port "$hport" --game "$hgame" --name host
wait_for g "both seats of game $hgame are kept here: which\? --seat white or --seat black"
expect_exit g 2
run h --host --port "$hport" --game "$hgame" --seat white --name host
wait_for h "1\. d2d3"
wait_for f "online" 20
cmd f b6b5
wait_for h "1\. d2d3 b6b5"
quit f
quit h

stop_server
echo PASS
