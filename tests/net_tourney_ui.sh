#!/bin/sh
# net_tourney_ui.sh: the lobby's "Tournaments" and a tournament's game
# (issue 60), in tmux, against a real congo-server: a scripted member,
# bob (tests/tourney_bob.py), makes the arena "Evening" by TOURNEY and
# joins it; ann's lobby names the T key, T lists the arena (kind, name,
# clock, players, running), Enter shows its standings (bob), Esc goes
# back; a Swiss of 6 played to its end by scripted players
# (tests/tourney_play.py) shows its standings with the columns Buchholz
# and SB, each row as the server's STANDINGS; in the arena Pause of two
# scripted members (tests/tourney_pause.py), not begun, J joins, w
# withdraws (the server's standings lose ann), J again and p pauses: at
# its start ann is not paired, erin joining late is paired with dave
# (dave's first game); J joins the arena Evening; the server pairs ann with bob and the game opens as a
# seek's pairing does, the standings beside the board; the status bar
# offers B (berserk) before ann's first move, B halves her time and the
# message line says so, and B is offered no more; bob resigns and the
# standings beside the game show ann's 2 points (a move each first).
#
# Every wait polls with a deadline. Exit status: 0 pass, 1 fail, 77
# skipped (no tmux or python3), 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77

tmux_prefix=ctour pane=a
. "$(dirname "$0")/tmux_lib.sh"
net_screens="a"
. "$(dirname "$0")/tmux_net_lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

bobpid= pausepid=
extra_cleanup() {
	exec 8>&- 2>/dev/null
	[ -z "$bobpid" ] || tmp_stop "$bobpid"
	[ -z "$pausepid" ] || tmp_stop "$pausepid"
	[ -z "$spid" ] || tmp_stop "$spid"
	tmp_sanitizer_reports "$tmp" || cleanup_failed=1
}

net_home
start_server
addr="127.0.0.1:$port"
T new-session -d -s keep -x 80 -y 24 "sleep 600" || exit 99

note "ann registers"
net_register a ann "Congo games on 127\.0\.0\.1"

note "bob makes the arena Evening by TOURNEY and joins it"
mkfifo "$tmp/bob.in"
python3 "$here/tourney_bob.py" "$port" "$tmp" <"$tmp/bob.in" \
    >"$tmp/bob.out" 2>&1 &
bobpid=$!
exec 8>"$tmp/bob.in"
poll 20 "bob made no tournament: $(cat "$tmp/bob.out")" \
    grep -q '^tourney=' "$tmp/bob.out"

note "a Swiss of 6, 3 rounds, played to its end by scripted players"
TOURNEY_ROUNDS=3 TOURNEY_START_IN=1 timeout 120 python3 \
    "$here/tourney_play.py" "$port" "$congo" swiss 6 >"$tmp/swiss.log" 2>&1 ||
    fail "the Swiss of 6: $(tail -n 5 "$tmp/swiss.log")"
tid=$(sed -n 's/^tourney=//p' "$tmp/swiss.log")
python3 "$here/tourney_standings.py" "$port" "$tid" >"$tmp/swiss.st" ||
    fail "no standings of the Swiss"

note "dave makes the arena Pause (starting in 25 s) and joins it"
python3 "$here/tourney_pause.py" "$port" "$tmp" 25 >"$tmp/pause.out" \
    2>&1 </dev/null &
pausepid=$!
poll 20 "dave made no tournament: $(cat "$tmp/pause.out")" \
    grep -q '^tourney=' "$tmp/pause.out"
ptid=$(sed -n 's/^tourney=//p' "$tmp/pause.out")

note "the lobby names T; T lists the arenas"
run a --connect "$addr" --login ann
wait_for a "Congo games on 127\.0\.0\.1"
wait_for a "T: tournaments"
T send-keys -t =a: T
wait_for a "^ Tournaments"
wait_for a " > arena +Evening .* 1\+0 +congo +60 min +1  running" 15
wait_for a "   arena +Pause .* 1\+0 +congo +60 min +1  upcoming"

note "Enter: its standings (bob); Esc: back to the list"
T send-keys -t =a: Enter
wait_for a "Tournaments: standings"
wait_for a "arena Evening, 1\+0 congo"
wait_for a " 1  bob +0 +0"
T send-keys -t =a: Escape
wait_for a " > arena +Evening"

note "the finished Swiss: its standings with Buchholz and SB as the server's"
T send-keys -t =a: Down
wait_for a " > arena +Pause"
T send-keys -t =a: Down
wait_for a " > Swiss +test-swiss .* 3/3 rounds +6  finished"
T send-keys -t =a: Enter
wait_for a "  Rank  Player +Points  Games  Buchholz +SB"
while read -r rank name points games bh sb; do
	wait_for a "^ +$rank  $name +$points +$games +$bh +$sb\$"
done <"$tmp/swiss.st"
T send-keys -t =a: Escape
T send-keys -t =a: Up
wait_for a " > arena +Pause"

note "Pause (upcoming): J joins, its standings list ann; w withdraws: the server's no longer do"
T send-keys -t =a: J
wait_for a "you joined the tournament Pause"
T send-keys -t =a: Enter
wait_for a "^ +[0-9]+  ann +0 +0"
T send-keys -t =a: w
wait_for a "you withdrew from the tournament Pause"
# (the standings shown are asked again every 5 s)
wait_gone a "^ +[0-9]+  ann +0 +0" 15
python3 "$here/tourney_standings.py" "$port" "$ptid" >"$tmp/pause.st" ||
    fail "no standings of Pause"
grep -q " ann " "$tmp/pause.st" && fail "the server still lists ann: $(cat "$tmp/pause.st")"

note "J again, p pauses: at the start ann is not paired, erin joining late is paired with dave"
T send-keys -t =a: J
wait_for a "you joined the tournament Pause"
wait_for a "^ +[0-9]+  ann +0 +0" 15
T send-keys -t =a: p
wait_for a "paused in the tournament Pause: not paired until you join again"
poll 40 "Pause did not start" grep -q "tournament $ptid started" \
    "$tmp/server.log"
: >"$tmp/erin"
poll 20 "erin was not paired: $(cat "$tmp/pause.out")" \
    grep -q '^paired erin ' "$tmp/pause.out"
# dave's first pairing is erin's game: at the start, ann free but paused,
# dave was not paired with her
game=$(sed -n 's/^paired erin //p' "$tmp/pause.out")
first=$(sed -n 's/^paired dave //p' "$tmp/pause.out" | head -n 1)
[ "$first" = "$game" ] ||
    fail "dave was paired in $first before erin's game $game: $(cat "$tmp/pause.out")"
session_lacks a "Pause: you play" || fail "ann, paused, was paired"
python3 "$here/tourney_standings.py" "$port" "$ptid" >"$tmp/pause.st" ||
    fail "no standings of Pause"
grep -q "^[0-9]* ann 0 0 " "$tmp/pause.st" ||
    fail "ann not in Pause's standings with no game: $(cat "$tmp/pause.st")"
T send-keys -t =a: Escape
wait_for a " > arena +Pause"
T send-keys -t =a: Up
wait_for a " > arena +Evening"

note "J joins: the server pairs ann with bob, the game opens"
T send-keys -t =a: J
wait_for a "Evening: you play (White|Black) against bob" 20
poll 10 "bob not paired: $(cat "$tmp/bob.out")" \
    grep -q '^paired ' "$tmp/bob.out"

note "the standings beside the game; B offered before the first move"
wait_for a "Standings Evening"
wait_for a " (1|2) (ann|bob) +0"
wait_for a "B: berserk"

note "B: berserk, said on the message line; B no longer offered"
T send-keys -t =a: B
wait_for a "berserk: your time is halved"
wait_gone a "B: berserk"
wait_for a "0:30"

note "a move each, bob resigns: the standings beside the game give ann 2 points"
: >"$tmp/go"
if grep -q '^paired .* black' "$tmp/bob.out"; then
	cmd a "c2c3"
else
	wait_for a "last c2c3"
	cmd a "b6c5"
fi
poll 20 "bob did not resign: $(cat "$tmp/bob.out")" \
    grep -q '^resigned' "$tmp/bob.out"
wait_for a " 1 ann +2" 15
exit 0
