#!/bin/sh
# test_ui_cut_words.sh: no word cut on any screen (issue 62), in tmux, in
# English and each language of po/LINGUAS (LANGUAGE, as test_ui_lang.sh),
# at 80x24 and 100x32: the game (a side panel with an AI's long name and
# the clocks, the status bar), the new-game dialog (an AI's level named),
# the help page by page, the message log, the board editor, the analysis
# in the panel, the lessons' list and a lesson, a refused command, the
# status bar in review and in a variation, a puzzle, the network lobby (a
# throwaway congo-server of the test's own, made busy by
# cut_words_crowd.py: seeks, games, a chat, long names) as a guest and
# logged in (challenges, its games, its seek), its seek dialog, the
# tournaments, the computer players (two `congo --bot` seeking), a
# network game's chat, and a finished game's analysis (:analyse) and a
# marked move. Each screen is read by
# tests/cut_words.py against the language's catalogue (po/LL.po's
# translations, the English messages for en, the lessons of that
# language): a word shown that is the first letters of a catalogue word
# and no whole word, or glued to the next field, with no ellipsis after
# it, fails, and so does a bar (the status bar, the message line, a line
# of keys) that ends inside an item ("g: gespielte" of "g: gespielte
# Partien"), each named with its screen, size, language and line. A label
# that must be cut is cut at a word with an ellipsis; a bar shows whole
# items and ? for the rest, and keeps its first item (the screen's main
# key) and its last (q: quit, Esc: back): at 80 columns a bar that lost
# one fails (issue 62). The languages run side by side (a tmux
# session each); each wait polls with a deadline (CUT_WORDS_SAVE, a
# folder: each screen read is kept there). Exit status: 0 pass, 1 fail,
# 77 skipped (no tmux, no translations, no python3), 99 hard error.

set -u

tmux_prefix=cgcut pane=keep
. "$(dirname "$0")/tmux_lib.sh"
net_screens=
. "$(dirname "$0")/tmux_net_lib.sh"
. "$(dirname "$0")/lang_lib.sh"

# wait_for, wait_gone: tmux_lib.sh's (on $pane), not tmux_net_lib.sh's.
wait_for() {
	poll "${2:-10}" "timed out waiting for /$1/" screen_has "$1"
}
wait_gone() {
	poll "${2:-10}" "timed out waiting for /$1/ to go" screen_lacks "$1"
}

# fail: as tmux_lib.sh's (the last screen read), and the server's log's
# end.
fail() {
	echo "FAIL [$step]: $*"
	[ -f "$tmp/screen" ] && { echo "--- the screen:"; cat "$tmp/screen"; echo "---"; }
	echo "--- server log:"
	tail -n 5 "$top/server.log"
	exit 1
}

command -v python3 >/dev/null 2>&1 ||
    { echo "python3 not found: skipped"; exit 77; }
command -v gettext >/dev/null 2>&1 ||
    { echo "gettext(1) not found (Debian: gettext-base): skipped"; exit 77; }
tmux_home
lang_locale
cat >"$tmp/config/congo/congo.conf" <<'CONF'
ui = { color = false; mouse = false; ai_delay_ms = 0; };
CONF
check="$srcdir/tests/cut_words.py"
langs=${*:-en $linguas}
top=$tmp

# po_msg MSGID: the message in $LANGUAGE (the catalogue compiled here).
po_msg() {
	TEXTDOMAINDIR="$CONGO_LOCALEDIR" gettext -d congo -- "$1"
}

# head_of MSGID: the translation up to its first "%", two spaces or "(",
# trimmed, as an ERE (what a screen's title is waited for by).
head_of() {
	po_msg "$1" | sed 's/^ *//; s/%.*//; s/  .*//; s/(.*//; s/ *$//' |
	    sed 's/[][().*+?^$|\\{}]/\\&/g'
}

# cut_check NAME [BARS [KEEP]]: the last capture has no cut word, its
# bars (its last BARS lines, 2 unless given, and its lines of keys; none:
# a screen of prose) end with a whole item, and each bar of KEEP (the
# catalogue's messages, one a line, translated here) shows its first item
# (the screen's main key) and its last (q: quit, Esc: back: the key that
# leaves), the most useful kept (cut_words.py's CUT_WORDS_KEEP).
cut_check() {
	_keep=
	[ -z "${3:-}" ] || _keep=$(printf '%s\n' "$3" | while IFS= read -r _m; do
		po_msg "$_m"
		echo
	done)
	[ -z "${CUT_WORDS_SAVE:-}" ] ||
	    cp "$tmp/screen" "$CUT_WORDS_SAVE/$lang-${cols}x$rows-$(echo "$1" | tr -c 'a-z0-9\n' _)"
	# (a screen read in the middle of a redraw, the analysis's lines
	# changing, is read again: a cut that stays 3 s fails)
	_cdl=$(($(date +%s) + 3))
	while :; do
		CUT_WORDS_CACHE="$top/$lang.words" CUT_WORDS_BARS=${2:-2} \
		    CUT_WORDS_KEEP="$_keep" \
		    python3 "$check" "$srcdir" "$lang" "$cols" "$tmp/screen" \
		    tester $crowd >"$tmp/cut" 2>&1
		case $? in
		0) return 0 ;;
		1) ;;
		*) cat "$tmp/cut"; echo "error: cut_words.py"; exit 99 ;;
		esac
		if [ "$(date +%s)" -gt "$_cdl" ]; then
			sed "s/^/$1, ${cols}x$rows, $lang: /" "$tmp/cut"
			fail "$1: a word cut"
		fi
		sleep 0.1
		capture
	done
}

# cols_check NAME TITLE HEAD...: the lobby's tables in their columns
# (cut_words_cols.py: the cells under HEAD at its column, in the table
# headed TITLE), the column heads and cells in $lang: "à vous" padded by
# bytes one column early, "ungewertet" wider than its column (issue 62).
# Polled as cut_check.
cols_check() {
	_what=$1
	shift
	_cdl=$(($(date +%s) + 3))
	until python3 "$srcdir/tests/cut_words_cols.py" "$tmp/screen" "$@" \
	    >"$tmp/cols" 2>&1; do
		[ $? -eq 1 ] || { cat "$tmp/cols"; echo "error: cut_words_cols.py"; exit 99; }
		if [ "$(date +%s)" -gt "$_cdl" ]; then
			sed "s/^/$_what, ${cols}x$rows, $lang: /" "$tmp/cols"
			fail "$_what: a column out of line"
		fi
		sleep 0.1
		capture
	done
}

# first_word MSGID, last_word MSGID: of the message in $LANGUAGE.
first_word() { po_msg "$1" | awk '{ print $1 }'; }
last_word() { po_msg "$1" | awk '{ print $NF }'; }

# page_turned: the screen is no longer the last page's.
page_turned() {
	capture
	! cmp -s "$tmp/screen" "$tmp/page"
}

# laid_out: the screen has its size's rows and the pattern $1.
laid_out() {
	capture
	[ "$(wc -l <"$tmp/screen")" -eq "$rows" ] && shown "$1"
}

# open SESSION ARGS...: congo in $LANGUAGE in a session of $cols x $rows.
open() {
	pane=$1
	shift
	tmux_kill_session "=$pane"
	T new-session -d -s "$pane" -x "$cols" -y "$rows" \
	    "$congo $*; echo congo-exit=\$?; sleep 600" ||
	    { echo "error: tmux cannot start a session"; exit 99; }
	pane="=$pane:"
}

# The bars whose first and last items a screen keeps at any size: the
# game's status bar's keys, the lobby's.
nl='
'
game_keys="? help  q quit"
lobby_keys=" s: seek  b: the computer  T: tournaments  c: create  C: as Black  t: best  g: games played  r: refresh  : command  ?: help  q: quit"

# screens: every screen in $lang at $cols x $rows.
screens() {
	at="$lang ${cols}x$rows"
	rm -f "$XDG_STATE_HOME/congo/newgame" "$XDG_STATE_HOME/congo/game.pgn"

	note "$at: the game, its panel (an AI's long name, the clocks)"
	open "g$lang" --white human --black negamax --clock 3+0
	poll 10 "the game not shown" laid_out '3:00'
	cut_check "the game" 2 "$game_keys"
	# a newcomer's welcome whole at 80 columns, not "... (m)"
	! tail -n 1 "$tmp/screen" | grep -q '(m)$' ||
	    fail "the welcome cut: $(tail -n 1 "$tmp/screen")"

	note "$at: the new-game dialog"
	keys n
	wait_for "$(head_of "New game")" 10
	cut_check "the new-game dialog"
	# Black the AI's first level, its name beside it
	keys Down
	_lv=$(head_of "AI level %d (%s)") _i=0
	until keys Right; screen_has "$_lv"; do
		_i=$((_i + 1))
		[ "$_i" -lt 20 ] || fail "no AI level among Black's players"
	done
	cut_check "the new-game dialog's AI level"
	keys Escape
	wait_gone "$(head_of "New game")" 10

	note "$at: the help, every page"
	help=$(head_of " Congo help  (arrows/PgUp/PgDn scroll, q or Esc or ? closes)")
	help_end=$(head_of "  -- end --")
	keys '?'
	wait_for "$help" 10
	pages=1
	while :; do
		capture
		cut_check "the help, page $pages" none \
		    " Congo help  (arrows/PgUp/PgDn scroll, q or Esc or ? closes)"
		shown "$help_end" && break
		[ "$pages" -lt 60 ] || fail "the help never ends"
		cp "$tmp/screen" "$tmp/page"
		keys NPage
		poll 10 "the help does not turn a page" page_turned
		pages=$((pages + 1))
	done
	keys q
	wait_gone "$help" 10

	note "$at: the message log"
	log=$(head_of " Messages, the newest last  (arrows/PgUp/PgDn scroll, q or Esc closes)")
	keys m
	wait_for "$log" 10
	cut_check "the message log" none " Messages, the newest last  (arrows/PgUp/PgDn scroll, q or Esc closes)"
	keys q
	wait_gone "$log" 10

	note "$at: the board editor"
	keys E
	wait_for "$(head_of "Board editor")" 10
	cut_check "the board editor" 2 \
	    " Editing %s: %s to move, %s  |  Enter plays, A analyses, Esc leaves"
	keys Escape
	wait_gone "$(head_of "Board editor")" 10

	note "$at: the analysis in the panel"
	keys A
	wait_for "$(head_of "analysis on (:analyze or A again stops it)")" 10
	wait_for '[-+][0-9]+\.[0-9]+.*[a-g][1-7][a-g][1-7]' 10
	cut_check "the analysis" 2 "$game_keys"
	keys A

	note "$at: the lessons and a lesson"
	command_line learn
	wait_for "$(head_of " Lessons: learn Congo one rule at a time (%d of %d done)")" 10
	cut_check "the lessons' list" 2 \
	    " Enter starts, p puzzles, Up/Down choose, q or Esc back to the game"
	keys Enter
	wait_for "$goal" 10
	cut_check "a lesson" 2 "$game_keys"
	tmux_kill_session "=g$lang"

	note "$at: a refused command on the message line"
	open "v$lang" --white human --black human
	poll 10 "the game not shown" laid_out '  a  '
	command_line d4
	wait_for "$(po_msg "'%s' is one square: a move names the square it leaves and the one it goes to (d2d3)" |
	    sed 's/%s/d4/' | cut -d ' ' -f 1-3 | sed 's/[][().*+?^$|\\{}]/\\&/g')" 10
	cut_check "a refused command" 2 "$game_keys"

	note "$at: the status bar in review and in a variation"
	command_line d2d3
	wait_for '1\. d2d3' 10
	command_line d6d5
	wait_for '1\. d2d3 +d6d5' 10
	command_line c2c3
	wait_for '2\. c2c3' 10
	keys '['
	wait_for "$(head_of " reviewing ply %d of %d  |  [ ] step, { start, :continue plays on from here, } back to the game")" 10
	cut_check "the review" 2 "$game_keys$nl reviewing ply %d of %d  |  [ ] step, { start, :continue plays on from here, } back to the game"
	keys Right Up Enter Up Enter
	wait_for "$(head_of " variation, ply %d (off the game after ply %d)  |  [ ] step, ( next, ) leaves, P promotes, D deletes, } the game")" 10
	cut_check "a variation" 2 "$game_keys$nl variation, ply %d (off the game after ply %d)  |  [ ] step, ( next, ) leaves, P promotes, D deletes, } the game"
	tmux_kill_session "=v$lang"

	note "$at: a puzzle"
	open "p$lang" --puzzle
	wait_for "$(head_of "Puzzle %1\$d of %2\$zu, rated %3\$d: %4\$s takes the lion in %5\$d move.")" 10
	cut_check "a puzzle" 2 "$game_keys"
	tmux_kill_session "=p$lang"

	note "$at: the network lobby"
	open "l$lang" --connect "127.0.0.1:$port" --name tester
	wait_for "$(head_of " Congo games on %.100s port %d  (%.60s)")" 10
	poll 10 "the lobby not laid out" laid_out "$(head_of " Congo games on %.100s port %d  (%.60s)")"
	cut_check "the lobby" 3 "$lobby_keys$nl Enter: accept the seek, take the free seat, back to yours, or watch   o: watch"
	keys s
	wait_for "$(head_of " Seek a game")" 10
	cut_check "the seek dialog" 0 \
	    " Enter: seek   Up/Down: a field   Left/Right: its value   Esc: back"
	# a seek of its own: the line that says it and its mark in the
	# list; each language its own clock (never paired with another's)
	keys Down
	case $lang in
	nl) keys Right ;;
	de) keys Right Right ;;
	fr) keys Right Right Right ;;
	esac
	keys Enter
	wait_gone "$(head_of " Seek a game")" 10
	wait_for "$(head_of " Seeking %s: waiting %lld:%02lld for an opponent  (Esc withdraws the seek)")" 10
	wait_for "^ [> ] $(po_msg "  (yours)" |
	    sed 's/^ *//; s/[][().*+?^$|\\{}]/\\&/g')" 10
	cut_check "its own seek" 3 "$lobby_keys"
	cols_check "its own seek" "+$(first_word "   Seeks     Player               Rating  Variant   Clock   Rated   Colour")" "$(last_word "   Seeks     Player               Rating  Variant   Clock   Rated   Colour")"
	keys Escape
	wait_gone "$(head_of " Seeking %s: waiting %lld:%02lld for an opponent  (Esc withdraws the seek)")" 10
	tmux_kill_session "=l$lang"

	note "$at: the lobby logged in: challenges, your games, your seek"
	XDG_STATE_HOME=$tmp/acct
	open "a$lang" --connect "127.0.0.1:$port" --login "$me"
	XDG_STATE_HOME=$tmp/state
	poll 10 "the lobby not laid out" laid_out "$them"
	wait_for "$(head_of "Your games")" 10
	wait_for "Maximiliano" 10
	cut_check "the lobby logged in" 3 "$lobby_keys"
	cols_check "the lobby logged in" "$(po_msg Challenges)" "$(po_msg Player)" \
	    "$(po_msg Challenges)" "$(po_msg Stands)" \
	    "$(po_msg "Your games")" "$(po_msg Variant)" \
	    "$(po_msg "Your games")" "$(po_msg Left)"
	keys T
	# (its title alone on its line: "T: Turniere" is among the lobby's
	# keys)
	wait_for "^ $(head_of " Tournaments") *\$" 10
	wait_for "Quokka" 10
	cut_check "the tournaments" 2 " Enter: its standings   J: join   Up/Down: a tournament   w: withdraw   p: pause (arena)   Esc: back"
	_th="   Kind   Name             Start (UTC)      Clock  Variant  Length    Players  Status"
	cols_check "the tournaments" "+$(first_word "$_th")" \
	    "$(po_msg "$_th" | awk '{ print $2 }')"
	keys Escape
	wait_gone "^ $(head_of " Tournaments") *\$" 10
	keys b
	wait_for "$(head_of " Play the computer")" 10
	wait_for "Deep_Congo_Machine BOT" 20
	wait_for "robo BOT" 10
	cut_check "the computer players" 3 " Enter: play   Up/Down: a computer player   Left/Right: its speed   Esc: back"
	tmux_kill_session "=a$lang"

	note "$at: a network game, its panel's chat"
	open "n$lang" --connect "127.0.0.1:$port" --create --seat white \
	    --name tester
	wait_for '[A-Z2-7]{8}' 10
	command_line "say $(po_msg "Welcome to Congo. Arrows and Enter move a piece, ? shows the keys and rules.")"
	wait_for "tester.*$(po_msg "Welcome to Congo. Arrows and Enter move a piece, ? shows the keys and rules." | cut -d ' ' -f 1)" 10
	cut_check "a network game's chat" 2 "$game_keys"
	tmux_kill_session "=n$lang"

	note "$at: a finished game's analysis (:analyse), its marks"
	open "z$lang" --load "$srcdir/tests/analyse_game.pgn"
	poll 10 "the game not loaded" laid_out '25\. f3g1'
	command_line "analyse nodes 300"
	wait_for '[0-9]+% [0-9]+\?! [0-9]+\? [0-9]+\?\?' 30
	# the keys to its marks said whole, before the summary
	wait_for "$(po_msg "  (> next mistake, < previous)" |
	    sed 's/^ *//; s/[][().*+?^$|\\{}]/\\&/g')" 10
	cut_check "the analysis of a game" 2 "$game_keys"
	# (the mark's sentence in the player's language: the record keeps
	# it in English)
	keys '{' '>'
	wait_for "^ *[0-9]+\.(\.\.)? [a-g][1-7][^ ]*(\?!|\?|\?\?) ($(head_of "Inaccuracy. Better was %s.")|$(head_of "Mistake. Better was %s.")|$(head_of "Blunder. Better was %s.")) [a-g][1-7]" 10
	cut_check "a marked move" 2 "$game_keys$nl reviewing ply %d of %d  |  [ ] step, { start, :continue plays on from here, } back to the game"
	tmux_kill_session "=z$lang"
}

# one_lang LANG: every screen in LANG at both sizes, in a folder of its
# own ($tmp/LANG: its screens, its homes).
one_lang() {
	lang=$1
	tmp=$top/$lang
	mkdir -p "$tmp" || exit 99
	export XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data"
	# ($me's key, in a state of its own: with a key for the server the
	# game logs in, and the guest's lobby would not be a guest's)
	mkdir -p "$tmp/acct/congo" || exit 99
	(umask 077 && grep "^$me " "$top/crowd/keys" |
	    sed "s/^/127.0.0.1:$port /" >"$tmp/acct/congo/keys") || exit 99
	if [ "$lang" = en ]; then
		unset LANGUAGE
		goal=$(sed -n 's/^goal //p' "$srcdir/data/lessons.txt" | head -n 1)
	else
		export LANGUAGE=$lang
		goal=$(sed -n 's/^goal //p' "$srcdir/data/lessons.$lang.txt" |
		    head -n 1)
	fi
	goal=$(printf '%s\n' "$goal" | cut -d ' ' -f 1-2)
	# The message line's hints to a new player fit 80 columns, whole,
	# and what leaving a game from the lobby says: a hint cut "... (m)"
	# hides its keys.
	for _h in "Welcome to Congo. New to the game? :learn teaches it; n picks an easier AI." \
	    "Arrows/hjkl move, Enter selects, : types a move (:d2d3), ? help" \
	    "Choose a destination; Esc cancels" \
	    "Monkey: next landing, or Enter on it/Esc to stop there; Backspace undoes a jump" \
	    "Game over: n new game, u takes back, [ reviews, S saves, q quits" \
	    "p or Space pauses, . one move, + - pace, [ reviews, ? help" \
	    "game %s goes on and your clock runs: Enter on it here takes you back" \
	    "game %s goes on: Your games in the lobby (or congo --games) lists it" \
	    "Reviewing: nothing is undone; a move played here starts a variation" \
	    "Monkey: next landing (its start too); Enter/Esc: stop; Backspace: undo a jump"; do
		# (a game's id: 8 columns)
		_t=$(po_msg "$_h" | sed 's/%s/ABCDEFGH/')
		[ "$(printf '%s' "$_t" | python3 -c 'import sys; print(len(sys.stdin.read()))')" -le 80 ] ||
		    { step="$lang: the hints"; fail "wider than 80 columns: $_t"; }
	done
	# "Challenge sent": what q does whole at 80 columns (before the
	# game's parenthesis, which may go "... (m)": 80 columns less 7),
	# a name of 12
	for _h in "Challenge to %s sent, q leaves it standing (game %s, you play White)" \
	    "Challenge to %s sent, q leaves it standing (game %s, you play Black)"; do
		_t=$(po_msg "$_h" | sed 's/%s/ABCDEFGHIJKL/; s/ ([^(]*$//')
		[ "$(printf '%s' "$_t" | python3 -c 'import sys; print(len(sys.stdin.read()))')" -le 73 ] ||
		    { step="$lang: the hints"; fail "wider than 80 columns with its game: $_t"; }
	done
	for size in 80x24 100x32; do
		cols=${size%x*} rows=${size#*x}
		screens
	done
	echo "$lang: no word cut at 80x24 and 100x32"
}

# The crowd and the bots stopped too (the server's stop is
# tmux_net_lib.sh's).
cpid= bpids=
extra_cleanup() {
	[ -z "$cpid" ] || { : >"$top/crowd/stop"; tmp_stop "$cpid"; }
	for _b in $bpids; do
		tmp_stop "$_b"
	done
	[ -z "$spid" ] || tmp_stop "$spid"
	tmp_sanitizer_reports "$top" || cleanup_failed=1
}

# A session that stays, so that the tmux server outlives the others.
T new-session -d -s keep -x 80 -y 24 "sleep 600" || exit 99
note "a server on its own port"
start_server

# A busy server (cut_words_crowd.py): long names, seeks, games, a chat,
# challenges to $me and its games; two bots seeking (congo --bot).
note "a crowd on the server, two computer players"
me=Hildegard_von_Bingen them=Bartholomew_Fitzroy
crowd="$me $them Zanzibar Quokka Maximiliano_Gonzalez carla dmitri Alexandrina_Kowalski eve
Friedrich_Wilhelm gus hanna robo Deep_Congo_Machine"
mkdir -p "$top/crowd" "$top/bots/congo" || exit 99
python3 "$srcdir/tests/cut_words_crowd.py" "$port" "$top/crowd" \
    >"$top/crowd.log" 2>&1 &
cpid=$!
crowd_ready() {
	[ -f "$top/crowd/ready" ] && return 0
	kill -0 "$cpid" 2>/dev/null && return 1
	cat "$top/crowd.log"
	fail "cut_words_crowd.py failed"
}
poll 30 "the crowd not ready" crowd_ready
sed "s/^/127.0.0.1:$port /" "$top/crowd/keys" >"$top/bots/congo/keys"
chmod 600 "$top/bots/congo/keys"
for b in robo Deep_Congo_Machine; do
	XDG_STATE_HOME="$top/bots" "$congo" --bot --connect "127.0.0.1:$port" \
	    --account "$b" --level 1 --clocks 1+0,2+1 --games-at-once 1 \
	    --rated no --variants congo 2>"$top/bot-$b.log" &
	bpids="$bpids $!"
done

pids=
for l in $langs; do
	[ "$l" = en ] || [ -f "$srcdir/po/$l.po" ] ||
	    { echo "error: no po/$l.po"; exit 99; }
	(trap - EXIT; one_lang "$l") >"$top/$l.out" 2>&1 &
	pids="$pids $!"
done
st=0
for p in $pids; do
	wait "$p" || st=1
done
for l in $langs; do
	cat "$top/$l.out"
done
[ "$st" -eq 0 ] ||
    { echo "FAIL: a language's screens (above: which, and why)"; exit 1; }
exit 0
