#!/bin/sh
# test_ui_lang_net.sh: network play's screens in German (issue 38), in tmux
# at 80x24 and at 40x12, against a throwaway congo-server on a loopback
# port of its own: the lobby (its title, the column heads, the keys), the
# seek dialog, and a network game's panel, status bar and message line
# while it waits for an opponent. On every screen no word is cut: each
# word shown is a whole word of the catalogue, of the sources' strings, the
# player's name or the game's id (as test_ui_lang.sh checks the local
# game). Each wait polls with a deadline. Exit status: 0 pass, 1 fail, 77
# skipped (no tmux, no translations), 99 hard error.

set -u

tmux_prefix=cglnet pane=lobby
. "$(dirname "$0")/tmux_lib.sh"
net_screens="lobby game"
. "$(dirname "$0")/tmux_net_lib.sh"
. "$(dirname "$0")/lang_lib.sh"

net_home
lang_locale
export LANGUAGE=de

# The words a screen may show (as test_ui_lang.sh): the catalogue's, the
# sources' strings, the player's name.
{
	cat "$srcdir/po/de.po"
	find "$srcdir/src" -name '*.c' -exec grep -ho '"[^"]*"' {} +
	echo "anna"
} | grep -oE '[[:alpha:]]+' | sort -u >"$tmp/words"
[ -s "$tmp/words" ] || { echo "error: no words"; exit 99; }

# whole_words SESSION NAME: that screen's words are all whole words. A
# game's id (eight of A-Z and 2-7) is no word: it goes first, wherever it
# stands (it may come into the message line after the screen was read for
# it: KRJHX3C2 left "KRJHX" once).
whole_words() {
	screen "$1" | grep -oE '[[:alnum:]]+' | grep -vxE '[A-Z2-7]{8}' |
	    grep -oE '[[:alpha:]]+' | sort -u >"$tmp/shown"
	cut=$(comm -23 "$tmp/shown" "$tmp/words" | tr '\n' ' ')
	[ -z "$cut" ] || fail "$2: cut or unknown words: $cut"
}

# open_at NAME COLS ROWS ARGS...: congo in German in a tmux session of
# that size.
open_at() {
	_n=$1 _c=$2 _r=$3
	shift 3
	tmux_kill_session "=$_n"
	T new-session -d -s "$_n" -x "$_c" -y "$_r" \
	    "\"$congo\" $*; echo \$? >\"$tmp/$_n.status\"; sleep 60" ||
	    { echo "error: tmux cannot start a session"; exit 99; }
}

# A session that stays, so that the tmux server outlives the others.
T new-session -d -s keep -x 80 -y 24 "sleep 600" || exit 99

note "a server on its own port"
start_server
addr="127.0.0.1:$port"

for size in 80x24 40x12; do
	cols=${size%x*} rows=${size#*x}

	note "$size: the lobby in German"
	open_at lobby "$cols" "$rows" --connect "$addr" --name anna
	wait_for lobby "Congo-Partien"
	# (at 40 columns the title ends before the connection's state)
	[ "$cols" -lt 80 ] || wait_for lobby "online"
	wait_for lobby "s: suchen"
	session_lacks lobby "Congo games on|Seeks|refresh" ||
	    fail "$size: the lobby shows English"
	whole_words lobby "$size: the lobby"

	note "$size: the seek dialog"
	T send-keys -t =lobby: s
	wait_for lobby "Eine Partie suchen"
	session_has lobby "Variante" || fail "$size: the seek dialog's fields"
	whole_words lobby "$size: the seek dialog"
	T send-keys -t =lobby: Escape
	wait_gone lobby "Eine Partie suchen"
	tmux_kill_session =lobby

	note "$size: a network game waiting for its opponent"
	open_at game "$cols" "$rows" --connect "$addr" --create --seat white \
	    --name anna
	# (at 40 columns the bar keeps whole items: the wait is a '?',
	# issue 62)
	if [ "$cols" -ge 80 ]; then
		wait_for game "Weiß am Zug.*warte auf"
	else
		wait_for game "Weiß am Zug  \|  online +\?"
	fi
	if [ "$cols" -ge 80 ]; then
		# the panel: the game's id and the side labels
		wait_for game "Partie [A-Z2-7]{8}"
		session_has game "online" || fail "$size: the connection"
		session_has game "Weiß" || fail "$size: the panel's White"
		session_has game "am Zug" || fail "$size: the status bar"
	fi
	session_lacks game "waiting for|to move" ||
	    fail "$size: the game's screen shows English"
	whole_words game "$size: the network game"
	# a command refused in German: the game has no opponent to draw with
	cmd game "takeback"
	wait_for game ":takeback: kein Zug zum Zurücknehmen"
	whole_words game "$size: a refused command"
	tmux_kill_session =game
done

stop_server
echo "network play in German: no word cut at 80x24 and 40x12"
