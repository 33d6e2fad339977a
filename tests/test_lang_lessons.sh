#!/bin/sh
# test_lang_lessons.sh: the lessons in the player's language (issue 62),
# in the plain mode through a pipe: under LANGUAGE=nl, de and fr the
# lessons' list, the first lesson's introduction, its first goal and the
# words after the right move are that language's lesson file's
# (data/lessons.LL.txt), none of the English ones; congo.conf's
# ui.language chooses the file as it chooses the messages (fr over
# LANGUAGE=de, en over LANGUAGE=nl); without a language the lessons are
# English; and a language whose file is missing falls back to the English
# lessons, the program's own words still translated. Exit status: 0 pass,
# 1 fail, 77 skipped (no translations), 99 hard error.

set -u
tmp_prefix=congo-lang-lessons
. "$(dirname "$0")/cli_lib.sh"
. "$(dirname "$0")/lang_lib.sh"
cli_home
lang_locale
data=${CONGO_DATADIR:-$srcdir/data}
export CONGO_DATADIR="$data"

# field FILE KEYWORD: the first lesson's first KEYWORD line's text.
field() {
	sed -n "s/^$2 //p" "$1" | head -n 1
}

# has FILE TEXT: TEXT, as it is, is in FILE.
has() {
	grep -qF -- "$2" "$1"
}

# lesson LANG NAME: the first lesson in the plain mode (LANG "en": no
# LANGUAGE), its step played right (c2d3); the output in $tmp/out.
lesson() {
	printf '1\nc2d3\n' >"$tmp/in"
	if [ "$1" = en ]; then
		env -u LANGUAGE "$congo" --plain --learn <"$tmp/in" >"$tmp/out" 2>&1
	else
		LANGUAGE=$1 "$congo" --plain --learn <"$tmp/in" >"$tmp/out" 2>&1
	fi
}

# said LANG FILE: the first lesson's texts of FILE said, the English ones
# (where FILE is not English) not.
said() {
	for _k in title intro goal done; do
		_t=$(field "$2" "$_k")
		[ -n "$_t" ] || { echo "error: no $_k in $2"; exit 99; }
		has "$tmp/out" "$_t" && continue
		echo "FAIL: $1: the first lesson's $_k '$_t' not said:"
		cat "$tmp/out"
		fail=1
	done
	[ "$2" = "$data/lessons.txt" ] && return 0
	for _k in title goal done; do
		_t=$(field "$data/lessons.txt" "$_k")
		has "$tmp/out" "$_t" || continue
		echo "FAIL: $1: the English $_k '$_t' said:"
		cat "$tmp/out"
		fail=1
	done
}

for l in $linguas; do
	echo "# LANGUAGE=$l: lessons.$l.txt"
	lesson "$l"
	said "$l" "$data/lessons.$l.txt"
	# the list numbers the translated titles
	check "$l: the list" "$tmp/out" "^1\. $(field "$data/lessons.$l.txt" title)\$"
done

echo "# no language: the English lessons"
lesson en
said en "$data/lessons.txt"

echo "# ui.language chooses the lessons' language, over LANGUAGE"
printf 'ui = { language = "fr"; };\n' >"$XDG_CONFIG_HOME/congo/congo.conf"
lesson de
said "ui.language = fr, LANGUAGE=de" "$data/lessons.fr.txt"
printf 'ui = { language = "en"; };\n' >"$XDG_CONFIG_HOME/congo/congo.conf"
lesson nl
said "ui.language = en, LANGUAGE=nl" "$data/lessons.txt"
rm -f "$XDG_CONFIG_HOME/congo/congo.conf"

echo "# no lessons.de.txt: the English lessons, the program's words German"
mkdir -p "$tmp/only-en" || exit 99
cp "$data/lessons.txt" "$data/puzzles.tsv" "$tmp/only-en/" || exit 99
CONGO_DATADIR="$tmp/only-en" lesson de
said "de without lessons.de.txt" "$data/lessons.txt"
has "$tmp/out" "Schritt 1 von 2. Ziel: $(field "$data/lessons.txt" goal)" || {
	echo "FAIL: de without lessons.de.txt: no German step with the English goal:"
	cat "$tmp/out"
	fail=1
}

exit "$fail"
