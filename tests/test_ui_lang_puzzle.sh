#!/bin/sh
# test_ui_lang_puzzle.sh: what a puzzle says, in the player's language
# (issue 62), in tmux at 130x40 (a panel wide enough for the theme on one
# line): under LANGUAGE=de, a crocodile puzzle chosen with --theme
# crocodile has its set named in German in the panel ("Congo Krokodil"),
# the theme shown once it is solved in German words ("Thema Krokodil,
# ruhiger erster Zug", not crocodile-quiet), and the end of the set names
# it in German ("die Congo-Aufgaben zum Thema Krokodil"); the typed theme
# stays the keyword. The same puzzle in English still says "theme
# crocodile-quiet". The puzzle is one of the test's own (CONGO_DATADIR).
# Each wait polls with a deadline. Exit status: 0 pass, 1 fail, 77
# skipped (no tmux, no translations), 99 hard error.

set -u

tmux_prefix=cglpz pane=lpz
. "$(dirname "$0")/tmux_lib.sh"
. "$(dirname "$0")/lang_lib.sh"

tmux_home
lang_locale
humans_conf false false

mkdir -p "$tmp/puzzles" || exit 99
cp "$srcdir/data/lessons.txt" "$srcdir/data/lessons.de.txt" \
    "$tmp/puzzles/" || exit 99
printf 'congo\t3l3/7/3C3/7/2E4/3L3/7 w 0 1\t2\td5d6 d7c6 d6c6\tcrocodile-quiet\n' \
    >"$tmp/puzzles/puzzles.tsv"

# puzzle LANG: congo --puzzle --theme crocodile in LANG (en: none).
puzzle() {
	tmux_kill_session lpz
	if [ "$1" = en ]; then
		_env="env -u LANGUAGE XDG_STATE_HOME=$tmp/state-en"
	else
		_env="env LANGUAGE=$1"
	fi
	T new-session -d -s lpz -x 130 -y 40 \
	    "$_env CONGO_DATADIR='$tmp/puzzles' $congo --puzzle --theme crocodile; echo congo-exit=\$?; sleep 600" ||
	    { echo "error: tmux cannot start a session"; exit 99; }
}

note "German: the set, the theme once solved, the set's end"
puzzle de
wait_for 'Congo Krokodil, Wertung [0-9]+' 10
screen_lacks 'crocodile' || fail "an English theme before it is solved"
command_line d5d6
wait_for 'd7c6' 10
command_line d6c6
wait_for 'Thema Krokodil, ruhiger erster Zug' 10
screen_lacks 'crocodile-quiet' || fail "the theme's keyword shown"
keys Enter
wait_for 'die Congo-Aufgaben zum Thema Krokodil' 10

note "English: the theme as before"
puzzle en
wait_for 'Congo crocodile, rated [0-9]+' 10
command_line solution
wait_for 'theme crocodile-quiet' 10

echo PASS
