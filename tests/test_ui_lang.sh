#!/bin/sh
# test_ui_lang.sh: the full-screen game in German (issue 38), in tmux at
# 80x24 and at 40x12 (the smallest size congo(6) supports): the welcome,
# a command refused, the help page by page to its end, the new-game dialog,
# the message log, the lessons' list and a lesson's panel. On every screen
# no word is cut: each word shown is a whole word of the game's texts (the
# catalogue's German and English, the sources' strings, the lessons'
# data), never the first letters of a longer one. Each wait polls with a
# deadline. Exit status: 0 pass, 1 fail, 77 skipped (no tmux, no
# translations), 99 hard error.

set -u

tmux_prefix=cglang pane=lang
. "$(dirname "$0")/tmux_lib.sh"
. "$(dirname "$0")/lang_lib.sh"

tmux_home
lang_locale
export LANGUAGE=de
humans_conf false false

# The words a screen may show: every word of the catalogue and of the
# sources' strings (the parts not translated yet are English), of the
# lessons, and the player's name.
{
	cat "$srcdir/po/de.po"
	find "$srcdir/src" -name '*.c' -exec grep -ho '"[^"]*"' {} +
	cat "$srcdir/data/lessons.txt"
	echo "tester Congo"
} | grep -oE '[[:alpha:]]+' | sort -u >"$tmp/words"
[ -s "$tmp/words" ] || { echo "error: no words"; exit 99; }

# whole_words NAME: the last capture's words are all whole words.
whole_words() {
	grep -oE '[[:alpha:]]+' "$tmp/screen" | sort -u >"$tmp/shown"
	cut=$(comm -23 "$tmp/shown" "$tmp/words" | tr '\n' ' ')
	[ -z "$cut" ] || fail "$1: cut or unknown words: $cut"
}

# page_turned: the screen is no longer the last page's.
page_turned() {
	capture
	! cmp -s "$tmp/screen" "$tmp/page"
}

# screen_at COLS ROWS: the game in German at that size, every screen.
screen_at() {
	cols=$1 rows=$2
	T kill-session -t lang 2>/dev/null
	T new-session -d -s lang -x "$cols" -y "$rows" \
	    "$congo; echo congo-exit=\$?; sleep 600" ||
	    { echo "error: tmux cannot start a session"; exit 99; }

	note "${cols}x$rows: the board and the welcome"
	wait_for 'Willkommen' 10
	whole_words "the board"

	note "${cols}x$rows: a refused move, said in German"
	command_line 'd4'
	wait_for 'einzelnes' 5
	whole_words "a refused move"

	note "${cols}x$rows: the help, every page"
	keys '?'
	wait_for 'Congo-Hilfe' 5
	expect 'Tasten'
	pages=0
	: >"$tmp/allhelp"
	while :; do
		capture
		cat "$tmp/screen" >>"$tmp/allhelp"
		whole_words "the help, page $((pages + 1))"
		shown '-- Ende --' && break
		pages=$((pages + 1))
		[ "$pages" -lt 60 ] || fail "the help never ends"
		cp "$tmp/screen" "$tmp/page"
		keys NPage
		poll 5 "the help does not turn a page" page_turned
	done
	# the variant's own lines (the river, the pawns) in German too
	grep -q 'Der Fluss ist Reihe 4' "$tmp/allhelp" ||
	    fail "the help's river line is not in German: $(grep -ci 'river' "$tmp/allhelp") English, $(wc -l <"$tmp/allhelp") lines"
	keys q
	wait_gone 'Congo-Hilfe' 5

	note "${cols}x$rows: the new-game dialog"
	keys n
	wait_for 'Neue Partie' 5
	expect 'Mensch'
	whole_words "the new-game dialog"
	keys Escape
	wait_gone 'Neue Partie' 5

	note "${cols}x$rows: the message log"
	keys m
	wait_for 'Meldungen' 5
	expect 'Willkommen'
	whole_words "the message log"
	keys q
	wait_gone 'Meldungen' 5

	note "${cols}x$rows: the lessons and a lesson"
	command_line 'learn'
	wait_for 'Lektionen' 5
	whole_words "the lessons' list"
	keys Enter
	wait_for 'castle' 5
	whole_words "a lesson"
}

screen_at 80 24
screen_at 40 12
echo "the game in German: no word cut at 80x24 and 40x12"
