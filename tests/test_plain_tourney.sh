#!/bin/sh
# test_plain_tourney.sh: tournaments in congo --plain (issue 60), driven
# through a pipe against a real congo-server: a scripted member, bob
# (tests/tourney_bob.py), makes the arena "Evening" by TOURNEY and joins
# it; ann (an account, in the plain lobby) types tournaments: the arena
# said in words (kind, name, clock, players, running); standings Evening
# says bob's line as a sentence; join Evening joins; the server's pairing
# is said ("Evening: you play White against bob"); berserk before the
# first move is said; a move each, bob resigns, and standings (the
# game's tournament) says ann's 2 points; withdraw withdraws. Then a
# Swiss of 6 played by scripted players (tests/tourney_play.py): standings
# NAME says each member's Buchholz and Sonneborn-Berger as the server's
# STANDINGS (tests/tourney_standings.py). No key of the full screen is
# said. Every wait polls with a deadline.
set -u
tmp_prefix=congo-plain-tourney
. "$(dirname "$0")/cli_lib.sh"
cli_home
. "$(dirname "$0")/plain_lib.sh"
. "$(dirname "$0")/tmp_lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
server="$builddir/src/congo-server"
command -v python3 >/dev/null 2>&1 || exit 77
# (plain_lib's cleanup: the server, the players; bob's input closed)
bobpid=
trap 'exec 8>&- 2>/dev/null; [ -z "$bobpid" ] || kill "$bobpid" 2>/dev/null; cleanup' EXIT

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
    --log-level info 2>>"$tmp/server.log" &
spid=$!
tmp_port "$tmp/server.log" "$spid" || die "the server did not start"

start r 5 --connect "127.0.0.1:$port" --register ann
wait_for r "^registered ann on 127\.0\.0\.1"
finish r 5

mkfifo "$tmp/bob.in"
python3 "$here/tourney_bob.py" "$port" "$tmp" <"$tmp/bob.in" \
    >"$tmp/bob.log" 2>&1 &
bobpid=$!
exec 8>"$tmp/bob.in"
_deadline=$(($(date +%s) + 20))
until grep -q '^tourney=' "$tmp/bob.log"; do
	[ "$(date +%s)" -gt "$_deadline" ] && die "bob: $(cat "$tmp/bob.log")"
	sleep 0.05
done

start a 5 --connect "127.0.0.1:$port" --lobby --login ann
wait_for a "^In the lobby of 127\.0\.0\.1"
send 5 tournaments
wait_for a "^Tournaments on the server: 1$"
wait_for a "^1\. arena Evening, 1\+0 congo, [0-9-]+ [0-9:]+ UTC, 60 minutes, 1 player, running$"
wait_for a "^join NAME joins one"
send 5 "standings Evening"
wait_for a "^Standings of Evening, 1 player:$"
wait_for a "^1\. bob, 0 points in 0 games$"
send 5 "join Evening"
wait_for a "^you joined the tournament Evening"
wait_for a "^Evening: you play (White|Black) against bob$" 20
send 5 berserk
wait_for a "^berserk: your time is halved"
: >"$tmp/go"
if grep -q '^paired .* black' "$tmp/bob.log"; then
	send 5 c2c3
else
	wait_for a "^White [a-z]+ c2 to c3"
	send 5 b6c5
fi
_deadline=$(($(date +%s) + 20))
until grep -q '^resigned' "$tmp/bob.log"; do
	[ "$(date +%s)" -gt "$_deadline" ] && die "bob: $(cat "$tmp/bob.log")"
	sleep 0.05
done
wait_for a "The game is over"
from=$(lines a)
send 5 standings
wait_for a "^1\. ann, 2 points in 1 game$" 15 "$from"
send 5 withdraw
wait_for a "^you withdrew from the tournament Evening$"

# A Swiss of 6, 3 rounds, played to its end by tests/tourney_play.py's
# scripted players: standings NAME says each member's Buchholz and
# Sonneborn-Berger as the server's STANDINGS give them.
TOURNEY_ROUNDS=3 TOURNEY_START_IN=1 timeout 120 python3 \
    "$here/tourney_play.py" "$port" "$congo" swiss 6 >"$tmp/swiss.log" 2>&1 ||
    die "the Swiss of 6: $(tail -n 5 "$tmp/swiss.log")"
tid=$(sed -n 's/^tourney=//p' "$tmp/swiss.log")
python3 "$here/tourney_standings.py" "$port" "$tid" >"$tmp/swiss.st" ||
    die "no standings of the Swiss"
from=$(lines a)
send 5 tournaments
wait_for a "^[0-9]\. Swiss test-swiss, .*, finished$" 15 "$from"
send 5 "standings test-swiss"
wait_for a "^Standings of test-swiss, 6 players:$" 15 "$from"
while read -r rank name points games bh sb; do
	wait_for a "^$rank\. $name, $points points? in $games games?, Buchholz $bh, Sonneborn-Berger $sb$" 15 "$from"
done <"$tmp/swiss.st"
no_keys
plain_text
finish a 5
echo "test_plain_tourney.sh: passed"
