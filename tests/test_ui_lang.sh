#!/bin/sh
# test_ui_lang.sh: the full-screen game in each language of po/LINGUAS
# (Dutch, German, French; issue 38), in tmux at 80x24 and at 40x12 (the
# smallest size congo(6) supports): the welcome, a command refused, the
# help page by page to its end, the new-game dialog (an AI level named
# too), the message log, the lessons' list and a lesson's panel; and the
# AI's level names through gettext in the panel and the dialog (a
# catalogue of the test's own, level_catalogue). On every screen no word
# is cut: each word shown is a whole word of the game's texts (that
# language's catalogue and the English, the sources' strings, the
# lessons' data), never the first letters of a longer one. What each
# screen is waited for is that language's translation of the English
# message (gettext reads it from the catalogue compiled here), a lesson's
# goal that language's lesson file's (data/lessons.LL.txt). Each wait
# polls with a deadline.
# Arguments: the languages (default: those of po/LINGUAS). Exit status: 0
# pass, 1 fail, 77 skipped (no tmux, no translations), 99 hard error.

set -u

tmux_prefix=cglang pane=lang
. "$(dirname "$0")/tmux_lib.sh"
. "$(dirname "$0")/lang_lib.sh"

tmux_home
lang_locale
humans_conf false false
command -v gettext >/dev/null 2>&1 ||
    { echo "gettext(1) not found (Debian: gettext-base): skipped"; exit 77; }
langs=${*:-$linguas}

# po_msg MSGID: the message in $LANGUAGE (the catalogue compiled here).
po_msg() {
	TEXTDOMAINDIR="$CONGO_LOCALEDIR" gettext -d congo -- "$1"
}

# first_word MSGID: the translation's first word.
first_word() {
	po_msg "$1" | grep -oE '[[:alpha:]]+' | head -n 1
}

# up_to_2sp MSGID: the translation trimmed, up to its first two spaces (a
# title before its keys' note).
up_to_2sp() {
	po_msg "$1" | sed 's/^ *//; s/  .*//'
}

# longest_word_in MSGID N: the longest word among the translation's first
# N characters ("%s" read as d4).
longest_word_in() {
	po_msg "$1" | sed 's/%s/d4/' | cut -c "1-$2" | grep -oE '[[:alpha:]]+' |
	    awk '{ print length($0), $0 }' | sort -rn | sed -n '1s/.* //p'
}

# whole_words NAME: the last capture's words are all whole words.
whole_words() {
	grep -oE '[[:alpha:]]+' "$tmp/screen" | sort -u >"$tmp/shown"
	cut=$(comm -23 "$tmp/shown" "$tmp/words" | tr "\n" " ")
	[ -z "$cut" ] || fail "$1: cut or unknown words: $cut"
}

# page_turned: the screen is no longer the last page's.
page_turned() {
	capture
	! cmp -s "$tmp/screen" "$tmp/page"
}

# ere TEXT: TEXT as an ERE that matches it alone.
ere() {
	printf '%s' "$1" | sed 's/[][().*+?^$|\\{}]/\\&/g'
}

# level_shown N NAME: the panel's and the dialog's "AI level N (NAME)" in
# $LANGUAGE, the name translated too, as an ERE.
level_shown() {
	ere "$(po_msg "AI level %d (%s)" | sed -e "s/%\(1\$\)\{0,1\}d/$1/" \
	    -e "s/%\(2\$\)\{0,1\}s/$(po_msg "$2")/")"
}

# lang_words LL: the words a screen may show in that language: every word
# of its catalogue and of the sources' strings (the parts not translated
# yet are English), of the lessons, and the player's name.
lang_words() {
	{
		cat "$srcdir/po/$1.po"
		find "$srcdir/src" -name '*.c' -exec grep -ho '"[^"]*"' {} +
		cat "$srcdir/data/lessons.txt" "$srcdir/data/lessons.$1.txt"
		echo "tester Congo"
	} | grep -oE '[[:alpha:]]+' | sort -u >"$tmp/words"
	[ -s "$tmp/words" ] || { echo "error: no words"; exit 99; }
}

# screen_at COLS ROWS: the game in $LANGUAGE at that size, every screen.
screen_at() {
	cols=$1 rows=$2 at="$LANGUAGE ${1}x$2"
	tmux_kill_session lang
	# each size a first start (the last one's dialog started a game)
	rm -f "$XDG_STATE_HOME/congo/newgame" "$XDG_STATE_HOME/congo/game.pgn"
	T new-session -d -s lang -x "$cols" -y "$rows" \
	    "$congo; echo congo-exit=\$?; sleep 600" ||
	    { echo "error: tmux cannot start a session"; exit 99; }

	note "$at: the board and the welcome"
	wait_for "$welcome" 10
	whole_words "the board"

	note "$at: a refused move, said in $LANGUAGE"
	command_line 'd4'
	wait_for "$refused" 5
	whole_words "a refused move"

	note "$at: the help, every page"
	keys '?'
	wait_for "$help_title" 5
	expect "$help_keys"
	pages=0
	: >"$tmp/allhelp"
	while :; do
		capture
		cat "$tmp/screen" >>"$tmp/allhelp"
		whole_words "the help, page $((pages + 1))"
		shown "$help_end" && break
		pages=$((pages + 1))
		[ "$pages" -lt 60 ] || fail "the help never ends"
		cp "$tmp/screen" "$tmp/page"
		keys NPage
		poll 5 "the help does not turn a page" page_turned
	done
	# the variant's own lines (the river, the pawns) translated too
	grep -q "$help_river" "$tmp/allhelp" ||
	    fail "the help's river line is not in $LANGUAGE ($help_river): $(grep -ci 'river' "$tmp/allhelp") English, $(wc -l <"$tmp/allhelp") lines"
	keys q
	wait_gone "$help_title" 5

	note "$at: the new-game dialog"
	keys n
	wait_for "$new_game" 5
	expect "$human"
	whole_words "the new-game dialog"
	# Black the AI's first level: named in $LANGUAGE (80x24: whole)
	if [ "$cols" -ge 80 ]; then
		keys Down Right
		wait_for "$level1" 5
		whole_words "the new-game dialog's level"
		# started: the message names the players in $LANGUAGE
		keys Enter
		wait_gone "$new_game" 5
		wait_for "$(ere "$(po_msg human)") .*$level1" 5
	else
		keys Escape
		wait_gone "$new_game" 5
	fi
	# the panel (80x24; 40x12 has none) names the players in the
	# language too
	[ "$cols" -lt 80 ] || expect "$human"

	note "$at: the message log"
	keys m
	wait_for "$log_title" 5
	expect "$welcome"
	whole_words "the message log"
	keys q
	wait_gone "$log_title" 5

	note "$at: the lessons and a lesson"
	command_line 'learn'
	wait_for "$lessons" 5
	whole_words "the lessons' list"
	keys Enter
	wait_for "$lesson_goal" 5	# the lesson in $LANGUAGE (issue 62)
	whole_words "a lesson"
}

for LANGUAGE in $langs; do
	export LANGUAGE
	[ -f "$srcdir/po/$LANGUAGE.po" ] ||
	    { echo "error: no po/$LANGUAGE.po"; exit 99; }
	lang_words "$LANGUAGE"
	# (de: Willkommen, einzelnes, Congo-Hilfe, Tasten, -- Ende --,
	# Der Fluss ist Reihe 4, Neue Partie, Mensch, Meldungen, Lektionen)
	welcome=$(first_word "Welcome to Congo. Arrows and Enter move a piece, ? shows the keys and rules.")
	refused=$(longest_word_in "'%s' is one square: a move names the square it leaves and the one it goes to (d2d3)" 30)
	help_title=$(up_to_2sp " Congo help  (arrows/PgUp/PgDn scroll, q or Esc or ? closes)")
	help_keys=$(po_msg "#Keys" | sed 's/^#//')
	help_end=$(up_to_2sp "  -- end --")
	help_river=$(po_msg "  The river is rank 4 (~). The castles are c1-e3 and c5-e7 ([ ])." |
	    sed 's/^ *//; s/ (.*//')
	new_game=$(po_msg "New game")
	human=$(po_msg "human")
	# (the level's name depends on po/$LANGUAGE.po translating
	# "Beginner": until it does, the English name is what is shown)
	level1=$(level_shown 1 "Beginner")
	log_title=$(first_word " Messages, the newest last  (arrows/PgUp/PgDn scroll, q or Esc closes)")
	lessons=$(first_word " Lessons: learn Congo one rule at a time (%d of %d done)")
	# the first lesson's goal in $LANGUAGE, its first two words
	lesson_goal=$(sed -n 's/^goal //p' "$srcdir/data/lessons.$LANGUAGE.txt" |
	    head -n 1 | cut -d ' ' -f 1-2)
	for _v in "$welcome" "$refused" "$help_title" "$help_keys" \
	    "$help_end" "$help_river" "$new_game" "$human" "$log_title" \
	    "$lessons" "$level1" "$lesson_goal"; do
		[ -n "$_v" ] || { echo "error: $LANGUAGE: a message not found"; exit 99; }
	done
	screen_at 80 24
	screen_at 40 12
	echo "the game in $LANGUAGE: no word cut at 80x24 and 40x12"
done

# The AI's level names go through gettext in the panel and the new-game
# dialog: a German catalogue of the test's own translates them (and their
# template, and "human"), whatever po/de.po has yet.
note "the levels' names translated: the panel, the new-game dialog"
level_catalogue
LANGUAGE=de CONGO_LOCALEDIR=$tmp/levels
export LANGUAGE CONGO_LOCALEDIR
tmux_kill_session lang
T new-session -d -s lang -x 100 -y 30 \
    "$congo --black ai:level=1; echo congo-exit=\$?; sleep 600" ||
    { echo "error: tmux cannot start a session"; exit 99; }
wait_for "Black +KI-Stufe 1 \(Anfänger\)" 10
keys n
wait_for "KI-Stufe 1 \(Anfänger\)" 5
expect "Mensch"
keys Down Right Right
wait_for "KI-Stufe 3 \(Lernender\)" 5
keys Escape
echo "the levels' names translated in the panel and the new-game dialog"
