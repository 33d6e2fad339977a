#!/bin/sh
# test_lang_level.sh: the AI's level names a person reads are translated,
# what is kept stays English: with a German catalogue of the test's own
# (level_catalogue: the levels' names, their template and "human"; the
# po files' own translations may not have them yet), congo --plain names
# the players "Mensch" and "KI-Stufe 1 (Anfänger)", the player changed
# ("Black is now played by KI-Stufe 3 (Lernender)"), the kept game's
# question and a file's list of games name them so, and a load says who
# plays on so; while the saved record and the kept game keep "human" and
# "AI level 3 (Learner)", which a load reads back as that level. Exit
# status: 0 pass, 1 fail, 77 skipped (no translations), 99 hard error.

set -u
tmp_prefix=congo-lang-level
. "$(dirname "$0")/cli_lib.sh"
. "$(dirname "$0")/lang_lib.sh"
cli_home
lang_locale
level_catalogue
export CONGO_LOCALEDIR="$tmp/levels" LANGUAGE=de

# plain NAME ARGS...: congo --plain ARGS reading $tmp/NAME.in to its end
# (then it quits), its output in $tmp/NAME.out; status 0 wanted.
plain() {
	_n=$1
	shift
	"$congo" --plain "$@" <"$tmp/$_n.in" >"$tmp/$_n.out" 2>&1 || {
		echo "FAIL: $_n: exit status $?"
		cat "$tmp/$_n.out"
		fail=1
	}
}

echo "# the players named in German; the record saved in English"
printf 'black ai:level=3\nsave %s\nd2d3\n' "$tmp/g.pgn" >"$tmp/one.in"
plain one --white human --black ai:level=1 --movetime 50
check "the players said" "$tmp/one.out" \
    "White is Mensch, Black is KI-Stufe 1 (Anfänger)"
check "the player changed" "$tmp/one.out" \
    "Black is now played by KI-Stufe 3 (Lernender)"
check "the record's White" "$tmp/g.pgn" '^\[White "human"\]$'
check "the record's Black" "$tmp/g.pgn" '^\[Black "AI level 3 (Learner)"\]$'

echo "# the kept game: English in its file, German in the question"
kept="$XDG_STATE_HOME/congo/game.pgn"
check "the kept game's White" "$kept" '^\[White "human"\]$'
check "the kept game's Black" "$kept" '^\[Black "AI level 3 (Learner)"\]$'
printf 'no\n' >"$tmp/two.in"
plain two
check "the kept game's question" "$tmp/two.out" \
    "Resume the game kept from last time (1 move, Mensch - KI-Stufe 3 (Lernender))?"

echo "# a file of two games: listed and loaded, the level read back"
cat "$tmp/g.pgn" "$tmp/g.pgn" >"$tmp/both.pgn"
printf 'load %s\ncancel\nload %s 2\n' "$tmp/both.pgn" "$tmp/both.pgn" \
    >"$tmp/three.in"
plain three --white human --black human
check "the list of the file's games" "$tmp/three.out" \
    "2\. Mensch - KI-Stufe 3 (Lernender)"
check "who plays on after the load" "$tmp/three.out" \
    "playing: White Mensch, Black KI-Stufe 3 (Lernender)"

[ "$fail" -eq 0 ] || exit 1
echo PASS
