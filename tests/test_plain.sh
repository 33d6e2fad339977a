#!/bin/sh
# test_plain.sh: congo --plain (issue 38, the plain mode for screen
# readers) driven through pipes, as a screen reader's terminal or a script
# would: a whole game against the AI (level 1, a fast move time, a 30 s
# clock: its warning said) played move by move from what `moves` says,
# status said once, hint's advice said, pause naming the commands, the
# kept game's question asked before any game is said,
# until it ends or 25 moves and a resignation; an illegal move answered
# with the rule it breaks and the game going on; `board`, `pieces`,
# `diagram`; a lesson from the list, a wrong and a right move; a network
# game between two congo --plain on a throwaway congo-server, each move
# said in words on the other side; the same server through congo.conf
# (network.host, no --connect): accounts registered, the configured
# network.account logged in (--login wins), an account without a key
# stopping congo with status 1; a correspondence challenge listed in the
# plain lobby (challenges, games) and accepted by its id; a finished
# game's record opened from games NAME (record N) and left with quit,
# back to the game or the lobby; the plain lobby's games listed (list),
# one created (create), joined (open N) and watched (watch N), quit
# going back to the lobby; two strangers paired by seek M+S; a
# challenge sent from the lobby, left standing with quit, withdrawn; and a TLS server named by
# network.host = "tls://127.0.0.1:PORT" (its certificate pinned on first
# use; skipped without openssl); end of input quits with status 0. No
# output holds an escape or any other control byte, and all of it is
# valid UTF-8. Every wait polls with a deadline, no fixed sleeps.
# Exit status: 0 pass, 1 fail, 99 hard error.

set -u
tmp_prefix=congo-plain
. "$(dirname "$0")/cli_lib.sh"
. "$(dirname "$0")/tmp_lib.sh"
cli_server
cli_home
: "${CONGO_DATADIR:=${CONGO_SRCDIR:-$(pwd)}/data}"
export CONGO_DATADIR

. "$(dirname "$0")/plain_lib.sh"

# ---- a game against the AI ----
start g 3 --black ai:level=1 --movetime 50 --clock 0.5+0
wait_for g "Move 1: White to move\."
# an illegal move: the rule it breaks, and the game goes on
send 3 d1d4
wait_for g "White lion d1 to d4 is not legal: "
send 3 "xyzzy"
wait_for g "unknown command 'xyzzy' \(help lists the commands\)"
# status says the turn once; hint says the advice when its search is
# done (its line comes after the turn's, whatever was said between)
from=$(lines g)
send 3 status
send 3 pieces
send 3 hint
wait_for g "^Advice for White: [a-g][1-7][a-g][1-7]" 30 "$from"
said=$(tail -n +"$((from + 1))" "$tmp/g.out" | grep -c "^Move 1: White to move\.$")
[ "$said" -eq 1 ] || die "status said the turn $said times, not once"
# pause and step are named as typed, not as the full screen's keys
send 3 pause
wait_for g "^paused: pause resumes, step plays one move$"
send 3 pause
wait_for g "^resumed$"
send 3 board
wait_for g "^Rank 4, the river: empty\.$"
wait_for g "^Rank 1: a1 White giraffe, b1 White monkey, c1 White elephant, d1 White lion"
send 3 diagram
wait_for g "^4  ~ ~ ~ ~ ~ ~ ~$"
wait_for g "^Upper case is White, lower case Black, \+ an empty castle square"
send 3 pieces
wait_for g "^Black pieces: Black lion on d7; "
send 3 help
wait_for g "^moves \[SQUARE\]: "
wait_for g "^save \[FILE\]: "
n=1
while [ "$n" -le 25 ]; do
	wait_for g "Move $n: White to move\.$|The game is over" 30
	grep -q "The game is over" "$tmp/g.out" && break
	from=$(lines g)
	send 3 moves
	wait_for g "^White has [0-9]+ legal moves\.$" 15 "$from"
	mv=$(tail -n +"$((from + 1))" "$tmp/g.out" | sed -n \
	    's/.* on \([a-g][1-7]\) can go to \([a-g][1-7]\).*/\1\2/p' |
	    head -n 1)
	[ -n "$mv" ] || die "no move found in what moves said"
	from=$(lines g)
	send 3 "$mv"
	# a move that lets the lion be taken is asked about first (ui.warn):
	# played anyway
	wait_for g "Move $((n + 1)): White to move\.$|The game is over|Play it anyway\?" 30 "$from"
	if tail -n +"$((from + 1))" "$tmp/g.out" | grep -q "Play it anyway?"; then
		send 3 y
	fi
	n=$((n + 1))
	# A move that hands the opponent the lion is asked about first
	# (y/n, nothing else answers it): played all the same.
	wait_for g "Play it anyway\?|Move $n: White to move\.$|The game is over" \
	    30 "$from"
	if tail -n +"$((from + 1))" "$tmp/g.out" | grep -q "Play it anyway?"; then
		send 3 y
	fi
done
if ! grep -q "The game is over" "$tmp/g.out"; then
	send 3 resign
	wait_for g "The game is over: Black wins"
fi
# the moves said in words, the AI's too
grep -Eq "^White [a-z]+ [a-g][1-7] (to|jumps to) [a-g][1-7]" "$tmp/g.out" ||
    die "no White move said in words"
grep -Eq "^Black [a-z]+ [a-g][1-7] (to|jumps to) [a-g][1-7]" "$tmp/g.out" ||
    die "no move of the AI said in words"
grep -q "^White: 30 seconds left on the clock\.$" "$tmp/g.out" ||
    die "no warning at 30 s"
send 3 clock
wait_for g "^White has [0-9:.]+, Black has [0-9:.]+; no clock runs\.$"
finish g 3

# ---- a lesson ----
start l 4 --learn
wait_for l "^1\. The lion and its castle"
send 4 1
wait_for l "^Step 1 of 2\. Goal: "
from=$(lines l)
send 4 c2c4
wait_for l "lion" 15 "$from"
send 4 c2d3
wait_for l "^White lion c2 to d3\.$"
wait_for l "^Right\. Type next"
send 4 ""
wait_for l "^Step 2 of 2\. Goal: "
finish l 4

# ---- a network game on a throwaway server ----
"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
    --log-level info 2>>"$tmp/server.log" &
spid=$!
tmp_port "$tmp/server.log" || die "the server did not start"
start a 5 --connect "127.0.0.1:$port" --create --name ann
wait_for a "^Game [A-Z0-9]+ on .*: you play White"
game=$(sed -n 's/^Game \([A-Z0-9]*\) on .*/\1/p' "$tmp/a.out" | head -n 1)
start b 6 --connect "127.0.0.1:$port" --join "$game" --name bob
wait_for b "you play Black"
wait_for a "Move 1: White to move\.$"
send 5 c2c3
wait_for b "^White pawn c2 to c3\.$"
wait_for b "Move 1: Black to move\.$"
send 6 c6c5
wait_for a "^Black pawn c6 to c5\.$"
send 5 d1d4
wait_for a "White lion d1 to d4 is not legal: "
send 5 resign
wait_for a "The game is over: Black wins"
wait_for b "The game is over: Black wins"
# its record from games NAME: the game's line numbered, opened by record
# N, stepped through, and quit goes back to the game (not out)
send 6 "games ann"
wait_for b "^1\. +$game +congo +ann +bob +0-1 resign"
wait_for b "^record N opens the record of line N \(a game over\)\.$"
send 6 "record 9"
wait_for b "^record N: N is a numbered line of the list, not '9'\.$"
send 6 "record 1"
wait_for b "its record: back and forward step through it, first to its start, quit back to the game$"
wait_for b "^Type back to step through its moves, or quit to leave it\.$"
send 6 back
wait_for b "^Reviewing, after move 1: White pawn c2 to c3\.$"
send 6 quit
wait_for b "^back to game $game$"
finish a 5
finish b 6
annsgame=$game

# ---- the plain lobby: list, open N, watch N, create; quit from a game
# watched goes back to the lobby ----
start la 5 --connect "127.0.0.1:$port" --lobby --name lia
# the lobby said as a lobby, not as a game of two free seats
wait_for la "^In the lobby of 127\.0\.0\.1 port $port: list says the games on the server, help the commands\.$"
send 5 "open 1"
wait_for la "^open: the games are not listed yet: list asks for them\.$"
send 5 "create blue"
wait_for la "^create: 'blue' is neither white, black, a clock \(M\+S\), days a move \(Nd\) nor a variant \(congo, megapawn\)\.$"
send 5 create
wait_for la "^Game [A-Z2-7]{8} on .*: you play White"
lgame=$(sed -n 's/^Game \([A-Z2-7]*\) on .*/\1/p' "$tmp/la.out" | head -n 1)
# (each player's own state folder: a seat's token kept in lia's would
# make her game lou's own, as on one machine)
state=$XDG_STATE_HOME
XDG_STATE_HOME=$tmp/state-lou
start lb 6 --connect "127.0.0.1:$port" --lobby --name lou
send 6 list
wait_for lb "^Games on the server: [0-9]+$"
wait_for lb "^[0-9]+\. $lgame, congo, no clock: White lia\(guest\), Black a free seat, 0 plies, waiting for a player$"
n=$(sed -n "s/^\([0-9]*\)\. $lgame, .*/\1/p" "$tmp/lb.out" | head -n 1)
send 6 "open 99"
wait_for lb "^open N: N is a game's number in the list \(1 to [0-9]+\), not '99'\.$"
send 6 "open $n"
wait_for lb "you play Black"
wait_for la "joins as Black"
XDG_STATE_HOME=$tmp/state-wes
start lw 4 --connect "127.0.0.1:$port" --lobby --name wes
XDG_STATE_HOME=$state
send 4 list
wait_for lw "^[0-9]+\. $lgame, congo, no clock: White lia\(guest\), Black lou\(guest\), 0 plies, being played$"
n=$(sed -n "s/^\([0-9]*\)\. $lgame, .*/\1/p" "$tmp/lw.out" | head -n 1)
send 4 "watch $n"
wait_for lw "^watching game $lgame$"
send 5 c2c3
wait_for lw "^White pawn c2 to c3\.$"
# (games NAME typed at once, while the lobby's new connection is being
# made: asked once it is online, and said)
send 4 quit
send 4 "games ann"
wait_for lw "^back to the lobby$"
# a list said (games NAME) leaves the player in the lobby
wait_for lw "^1\. +$annsgame +congo +ann +bob"
from=$(lines lw)
send 4 list
wait_for lw "^Games on the server: [0-9]+$" 15 "$from"
# two strangers seek 5+3 from their lobbies: paired, the game has the
# server's clock
send 4 "seek 5+x"
wait_for lw "^seek: "
send 4 unseek
wait_for lw "^unseek: no seek of yours waits\.$"
send 4 "seek 5+3"
wait_for lw "^Seeking 5\+3: you are paired with the first stranger"
XDG_STATE_HOME=$tmp/state-sy
start ls 3 --connect "127.0.0.1:$port" --lobby --name sy
XDG_STATE_HOME=$state
send 3 "seek 5+3"
wait_for ls "^Game [A-Z2-7]{8} on .*: you play (White|Black)$"
wait_for lw "^Game [A-Z2-7]{8} on .*: you play (White|Black)$"
# the clock said in words, not in the lobby's shorthand (issue 62)
wait_for lw "^A game of Congo: White is .*, Black is .*, with a clock of 5 minutes plus 3 seconds \(clock says the time each side has\)\.$"
finish ls 3
finish lw 4
finish la 5
finish lb 6

# ---- network play through congo.conf (issue 36): network.host names the
# server, no --connect; network.account the account logged in (the
# server's log says who logged in) ----
# server_says PATTERN FROM_LINE: PATTERN (ERE) in the server's log after
# line FROM_LINE.
server_says() {
	_deadline=$(($(date +%s) + 15))
	until tail -n +"$(($2 + 1))" "$tmp/server.log" | grep -Eq -- "$1"; do
		[ "$(date +%s)" -gt "$_deadline" ] &&
		    die "the server did not log /$1/"
		sleep 0.05
	done
}
printf 'network = { host = "127.0.0.1:%s"; };\n' "$port" >"$tmp/net.conf"
start r 5 --config "$tmp/net.conf" --register carol
wait_for r "^registered carol on 127\.0\.0\.1: its key is kept"
finish r 5
start r2 5 --config "$tmp/net.conf" --register dave
wait_for r2 "^registered dave on 127\.0\.0\.1"
finish r2 5
# without network.account: the last one registered there (dave)
from=$(wc -l <"$tmp/server.log")
start lb 5 --config "$tmp/net.conf" --lobby
server_says ": logged in as dave$" "$from"
finish lb 5
# with network.account, that one, for --create as for the lobby; --login
# wins over it
printf 'network = { host = "127.0.0.1:%s"; account = "carol"; };\n' \
    "$port" >"$tmp/net.conf"
from=$(wc -l <"$tmp/server.log")
start c 5 --config "$tmp/net.conf" --create
wait_for c "^Game [A-Z0-9]+ on 127\.0\.0\.1: you play White"
wait_for c "^logged in as carol$"
server_says ": logged in as carol$" "$from"
game=$(sed -n 's/^Game \([A-Z0-9]*\) on .*/\1/p' "$tmp/c.out" | head -n 1)
from=$(wc -l <"$tmp/server.log")
start d 6 --config "$tmp/net.conf" --login dave --join "$game"
wait_for d "you play Black"
wait_for c "^dave joins as Black"
server_says ": logged in as dave$" "$from"
send 5 c2c3
wait_for d "^White pawn c2 to c3\.$"
# (resigned before Black's first move: the game is cancelled)
send 5 resign
wait_for d "the game is cancelled"
finish c 5
finish d 6
# your games and challenges (issue 36): carol challenges dave by
# correspondence; dave's plain lobby lists it (challenges), his games
# (games), and accepts it by its id
start ch 5 --config "$tmp/net.conf" --challenge dave --days 3
wait_for ch "dave"
start dl 6 --config "$tmp/net.conf" --login dave --lobby
wait_for dl "^logged in as dave$"
# a record opened from the lobby: quit goes back there
send 6 "games ann"
wait_for dl "^1\. +$annsgame +congo +ann +bob +0-1 resign"
send 6 "record 1"
wait_for dl "its record: back and forward step through it, first to its start, quit back to the lobby$"
send 6 quit
wait_for dl "^back to the lobby$"
send 6 challenges
wait_for dl "^Challenges: 1$"
wait_for dl "^[A-Z2-7]{8} +from carol +congo +3d +casual +stands 1[34]d"
wait_for dl "carol challenges you: casual congo, 3 days a move \\(accept [A-Z2-7]{8} in the lobby"
wait_for dl "^accept GAME or decline GAME answers a challenge to you\.$"
cg=$(sed -n 's/^\([A-Z2-7]\{8\}\)  *from carol .*/\1/p' "$tmp/dl.out" |
    head -n 1)
# the lobby's list says its days a move in words
send 6 list
wait_for dl "^[0-9]+\. $cg, congo, 3 days a move: White .*, waiting for a player"
send 6 games
wait_for dl "^Your games not over: [0-9]+"
send 6 "accept nosuchgm"
wait_for dl "accept: no challenge nosuchgm listed"
send 6 "accept $cg"
wait_for dl "you play (White|Black)"
wait_for ch "dave joins as"
# the game in dave's games, its days a move last (as congo --games)
send 6 games
wait_for dl "clock\)$"
wait_for dl "^$cg  (your|their) turn +congo +[a-z]+ +[a-z]+ +[0-9dhms]+ +3d$"
finish dl 6
finish ch 5
# two accounts of one network seek the same rated game on a default
# server: not paired (rated games are between two networks), and the
# second one is told why in words, not left waiting (issue 57)
start sc 5 --config "$tmp/net.conf" --lobby
wait_for sc "^logged in as carol$"
send 5 "seek 5+3 rated"
wait_for sc "^Seeking 5\+3 rated"
start sd 6 --config "$tmp/net.conf" --login dave --lobby
wait_for sd "^logged in as dave$"
send 6 "seek 5+3 rated"
wait_for sd "^cannot seek: a rated game is between two networks, and the rated seek that matches yours comes from your own \(an unrated seek can be paired with it\)$"
finish sd 6
finish sc 5
# a challenge from the plain lobby: sent, quit leaves it standing and
# stays in the lobby, where challenges lists it and withdraw ends it
start cl 5 --config "$tmp/net.conf" --lobby
wait_for cl "^logged in as carol$"
send 5 "challenge dave purple"
wait_for cl "^challenge: 'purple' is neither a clock"
send 5 "challenge dave 5d blitz"
wait_for cl "^challenge: 'blitz' is neither rated nor a variant \(congo, megapawn\)\.$"
# a name nobody has: the server's refusal said, and the lobby goes on
# (it ended the program)
send 5 "challenge nobody 5+3"
wait_for cl "^cannot challenge nobody: no such account$"
send 5 "challenge dave 5d"
wait_for cl "^Challenge to dave sent, quit leaves it standing \(game [A-Z2-7]{8}, you play (White|Black)\)$"
cg2=$(sed -n 's/^Challenge to dave sent, .* (game \([A-Z2-7]*\),.*/\1/p' "$tmp/cl.out")
# (challenges typed at once: the lobby's new connection is being made)
send 5 quit
send 5 challenges
wait_for cl "^your challenge to dave stands \(game $cg2\)$"
wait_for cl "^$cg2 +to +dave +congo +5d +casual"
send 5 "withdraw $cg2"
send 5 challenges
wait_for cl "^Challenges: 0$"
finish cl 5
# an account without a key kept here: said, and congo stops (status 1)
printf 'network = { host = "127.0.0.1:%s"; account = "erin"; };\n' \
    "$port" >"$tmp/net.conf"
start e 5 --config "$tmp/net.conf" --lobby
wait_for e "no key kept for erin on 127\.0\.0\.1 port $port"
ends e "after 'cannot log in'"
st=$_st
exec 5>&-
[ "$st" -eq 1 ] || die "an account without a key: status $st, not 1"

# ---- the same over TLS: network.host = "tls://127.0.0.1:PORT" (a
# self-signed certificate, pinned on first use: --tls-trust-new, as input
# from a pipe has nobody to ask), no --connect ----
if command -v openssl >/dev/null 2>&1; then
	fail() { die "$@"; }
	. "$(dirname "$0")/tls_lib.sh"
	tls_cert t
	kill -9 "$spid" 2>/dev/null
	wait "$spid" 2>/dev/null
	: >"$tmp/server.log"
	"$server" --port none --db "$tmp/tls.db" --create \
	    --tls-listen 127.0.0.1:0 --tls-cert "$tmp/t.crt" \
	    --tls-key "$tmp/t.key" 2>>"$tmp/server.log" &
	spid=$!
	server_says "CGP/1 over TLS on" 0
	tport=$(sed -n 's/.*CGP\/1 over TLS on .* (port \([0-9]*\)).*/\1/p' \
	    "$tmp/server.log" | head -n 1)
	printf 'network = { host = "tls://127.0.0.1:%s"; };\n' "$tport" \
	    >"$tmp/net.conf"
	start s 5 --config "$tmp/net.conf" --create --tls-trust-new
	wait_for s "^Game [A-Z0-9]+ on 127\.0\.0\.1: you play White"
	grep -q "^127\.0\.0\.1:$tport SHA256:" "$XDG_DATA_HOME/congo/known_servers" ||
	    die "the TLS server's certificate is not pinned"
	finish s 5
else
	echo "no openssl: the TLS server through congo.conf not tried"
fi

# ---- the kept game: asked about before any game is said ----
start k1 3 --white human --black human
wait_for k1 "Move 1: White to move\.$"
send 3 d2d3
wait_for k1 "Move 1: Black to move\.$"
send 3 d6d5
wait_for k1 "Move 2: White to move\.$"
finish k1 3
start k2 4
wait_for k2 "^Resume the game kept from last time \(1 move, human - human\)\? Answer yes or no\.$"
send 4 y
wait_for k2 "^resumed the game kept in "
wait_for k2 "^Move 2: White to move\.$"
# the default players' game (the AI) was never announced
grep -q "Black is AI full strength" "$tmp/k2.out" &&
    die "k2: a game other than the kept one was said before the answer"
grep -q "^A game of Congo: White is human, Black is human" "$tmp/k2.out" ||
    die "k2: the resumed game was not said"
send 4 resign
wait_for k2 "The game is over"
finish k2 4

# ---- the plain mode's words, not the full screen's keys (issue 62) ----
grep -Eq "^the game is cancelled: Black did not make a first move in time, or the opponent called it off \(quit leaves\)$" \
    "$tmp/d.out" || die "d: the cancelled game not said in plain words"
no_keys
# ---- no escape, no control byte, valid UTF-8 ----
plain_text
echo "PASS"
exit 0
