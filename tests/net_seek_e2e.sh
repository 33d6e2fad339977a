#!/bin/sh
# net_seek_e2e.sh: accounts, seeks, ratings and takebacks in the real game,
# end to end, in tmux (issue 21): a congo-server on a loopback port of its
# own; ann and bob register (their keys kept in $XDG_STATE_HOME/congo/keys,
# mode 0600); a seek is withdrawn with Esc; both seek a rated 5+3 from two
# terminals (--login picks each one's account) and are paired; the panel
# shows both provisional ratings; a move each, White takes its move back
# (u, and y on the other screen), a takeback declined (n); Black resigns
# and both screens show each side's rating change, on one line at 66x12 and
# 84x24 too; :games opens the game's record with its own panel, and q
# goes back to the game one was in.
#
# Every wait polls with a deadline. Exit status: 0 pass, 1 fail, 77 skipped
# (no tmux), 99 hard error.

set -u

tmux_prefix=cseek pane=a
. "$(dirname "$0")/tmux_lib.sh"
net_screens="a b"
. "$(dirname "$0")/tmux_net_lib.sh"

net_home

# (Both players connect from 127.0.0.1: rated games allowed between them.)
start_server --rated-same-network
addr="127.0.0.1:$port"

T new-session -d -s keep -x 80 -y 24 "sleep 600" || exit 99

note "ann and bob register: each key kept, mode 0600"
net_register a ann "Congo games on 127\.0\.0\.1"
net_register b bob
keys="$tmp/state/congo/keys"
[ "$(stat -c %a "$keys")" = 600 ] || fail "keys file mode $(stat -c %a "$keys")"
grep -q "^$addr ann [A-Z2-7]\{26\}\$" "$keys" || fail "no key for ann"
grep -q "^$addr bob [A-Z2-7]\{26\}\$" "$keys" || fail "no key for bob"

note "a name taken: a message and status 1"
run a --connect "$addr" --register ANN
wait_for a "congo: cannot register: "
done_with a 1

note "a seek waits, showing how long; Esc withdraws it"
run a --connect "$addr" --login ann --seek 5+3 --rated
wait_for a "Seeking 5\+3 rated congo: waiting 0:0[0-9]"
wait_for a "waiting 0:0[1-9]"
T send-keys -t =a: Escape
done_with a 0

note "both seek a rated 5+3: paired"
run a --connect "$addr" --login ann --seek 5+3 --rated
wait_for a "Seeking 5\+3 rated congo"
run b --connect "$addr" --login bob --seek 5+3 --rated
wait_for a "you play (White|Black)"
wait_for b "you play (White|Black)"
if screen a | grep -q "you play White"; then
	w=a bl=b wname=ann bname=bob
else
	w=b bl=a wname=bob bname=ann
fi
wait_for $bl "you play Black"

note "the panel: both players' provisional ratings"
wait_for $w "Rated: W 1500\? +B 1500\?"
wait_for $bl "Rated: W 1500\? +B 1500\?"
wait_for $w "Black +$bname \(network\)"
wait_for $bl "White +$wname \(network\)"

note "a move each"
cmd $w c2c3
wait_for $bl "1\. c2c3"
cmd $bl b6c5
wait_for $w "1\. c2c3 b6c5"

note "White takes its move back: u, and y on Black's screen"
T send-keys -t "=$w:" u
wait_for $w "takeback offered: waiting for Black's answer"
wait_for $bl "White asks to take back a move\. Accept\?"
T send-keys -t "=$bl:" y
wait_for $w "takeback accepted: the game goes back to ply 0"
wait_for $bl "takeback accepted: the game goes back to ply 0"
wait_gone $w "1\. c2c3"
wait_gone $bl "1\. c2c3"

note "the game goes on; a takeback declined"
cmd $w d2d3
wait_for $bl "1\. d2d3"
cmd $w takeback
wait_for $bl "White asks to take back a move\. Accept\?"
T send-keys -t "=$bl:" n
wait_for $w "Black declines the takeback"
wait_for $bl "you decline the takeback"
cmd $bl b6b5
wait_for $w "1\. d2d3 b6b5"

note "an offer lapses when the offerer moves instead: the question goes"
T send-keys -t "=$w:" u
wait_for $bl "White asks to take back a move\. Accept\?"
cmd $w c2c3
wait_for $bl "the takeback offer lapsed: a move was made"
wait_for $bl "2\. c2c3"
wait_gone $bl "Accept\?"

note "Black resigns: each side's rating change"
T send-keys -t "=$bl:" R
wait_for $bl "Resign this game\?"
T send-keys -t "=$bl:" y
wait_for $w "rated: $wname 1[0-9]{3} \(\+[0-9]+\), $bname 1[0-9]{3} \(-[0-9]+\)"
wait_for $bl "rated: $wname 1[0-9]{3} \(\+[0-9]+\), $bname 1[0-9]{3} \(-[0-9]+\)"
wait_for $w "Rated: W 1[0-9]{3} \(\+[0-9]+\) +B 1[0-9]{3} \(-[0-9]+\)"
wait_for $w "White wins"
note "the ratings on one line, whole, where the panel is narrower"
# (at 66x12 the panel has 24 columns for it, at 84x24 30; at 100x32 it
# is as wide as at 80x24, issue 62)
T resize-window -t "=$w:" -x 66 -y 12
wait_for $w "(Rated )?1[0-9]{3}\+[0-9]+ - 1[0-9]{3}-[0-9]+( |\$)"
T resize-window -t "=$bl:" -x 84 -y 24
wait_for $bl "Rated 1[0-9]{3} ?\(?\+[0-9]+\)? - 1[0-9]{3} ?\(?-[0-9]+\)?( |\$)"
for s in a b; do
	# a game from the lobby: q goes back there (issue 62), q quits
	T send-keys -t "=$s:" q
	wait_for $s "Congo games on"
	T send-keys -t "=$s:" q
	done_with $s 0
done

note "the lobby: s opens the seek dialog; the seek is listed on another lobby"
run a --connect "$addr" --login ann
wait_for a "Congo games on 127\.0\.0\.1"
wait_for a "nobody seeks a game"
T send-keys -t =a: s
wait_for a "Seek a game"
wait_for a "Clock +< 5\+3 "
wait_for a "Rated +< yes >"
T send-keys -t =a: Down Right Down Down Down
wait_for a "> Rating range"
T send-keys -t =a: -l "1000-2000"
wait_for a "Rating range +< 1000-2000 >"
T send-keys -t =a: Enter
wait_for a "Seeking 10\+0 rated congo, opponents 1000-2000: waiting"
run b --connect "$addr" --login bob
# (her rating provisional after one game: with its ?, issue 62)
wait_for b "ann +1[0-9]{3}\? +congo +10\+0 +rated +random"
note "Enter on the seek accepts it: paired"
T send-keys -t =b: Up
wait_for b "> +ann"
T send-keys -t =b: Enter
wait_for a "you play (White|Black)"
wait_for b "you play (White|Black)"
wait_for a "Rated: W 1[0-9]{3}\? +B 1[0-9]{3}\?"
note "no move yet: :cancel aborts it"
cmd a cancel
wait_for a "the game is cancelled"
wait_for b "the game is cancelled"

note ":whois, :top, :games; Enter on a game opens its record"
cmd b "whois $bname"
# (the rated game played; not the one cancelled before a move)
wait_for b "Player $bname: 1 rated game, since 20[0-9]{2}-"
wait_for b "congo +blitz +1[0-9]{3}\? +rd [0-9]+ +1 game( |$)"
T send-keys -t =b: Escape
wait_gone b "Player $bname"
cmd b top
wait_for b "Best players, congo blitz"
# nobody established: why (issue 62: "(none)")
wait_for b "Nobody has an established rating yet"
T send-keys -t =b: q
wait_gone b "Best players"
cmd b games
wait_for b "Games of bob"
wait_for b "$wname +$bname +1-0 +resign +rated"
# the cursor to the rated game (the cancelled one is listed too)
if ! screen b | grep -Eq "> +[A-Z2-7]{8} +congo +$wname +$bname +1-0"; then
	T send-keys -t =b: Down
fi
wait_for b "> +[A-Z2-7]{8} +congo +$wname +$bname +1-0"
T send-keys -t =b: Enter
wait_for b "its record: \[ and \] step through it"
wait_for b "1\. d2d3 b6b5"
note "the record's panel: its players, result and ratings; q goes back"
wait_for b "Record of game [A-Z2-7]{8}"
wait_for b "White +$wname( |$)"
wait_for b "Black +$bname( |$)"
wait_for b "White wins: resignation"
wait_for b "Rated: W 1[0-9]{3} \(\+[0-9]+\) +B 1[0-9]{3} \(-[0-9]+\)"
wait_for b "q leaves the record"
T send-keys -t =b: q
wait_for b "back to game [A-Z2-7]{8}"
wait_gone b "Record of game"
wait_for b "Game [A-Z2-7]{8}\$"
wait_for b "game cancelled"
for s in a b; do
	# a game from the lobby: q goes back there (issue 62), q quits
	T send-keys -t "=$s:" q
	wait_for $s "Congo games on"
	T send-keys -t "=$s:" q
	done_with $s 0
done

note "a default server (no --rated-same-network): Bob's rated seek that only Ann's, of his network, would answer is refused, in words"
stop_server
starts=2 start_server
addr="127.0.0.1:$port"
run a --connect "$addr" --login ann --seek 5+3 --rated
wait_for a "Seeking 5\+3 rated congo"
run b --connect "$addr" --login bob --seek 5+3 --rated
wait_for b "cannot seek: a rated game is between two networks"
done_with b 1
T send-keys -t =a: Escape
done_with a 0

stop_server
echo PASS
