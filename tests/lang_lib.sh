# lang_lib.sh: what the translations' tests share (sourced, not run, after
# cli_lib.sh or tmux_lib.sh, which give $tmp): skip (77) when the build has
# no translations (configure --disable-nls) or gettext's msgfmt is missing;
# the catalogues of po/ compiled into $tmp/locale (the sources' own, never
# an installed copy) and named by CONGO_LOCALEDIR; lang_locale: LC_ALL set
# to a UTF-8 locale that exists (glibc reads LANGUAGE only when the
# locale is not C: C.UTF-8 is not C, and is there on every Debian).
# Gives: srcdir, linguas, lang_locale.

srcdir=${CONGO_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
if ! grep -q '^#define ENABLE_NLS 1' "${builddir:-.}/congo_config.h" 2>/dev/null
then
	echo "built without translations (--disable-nls): skipped"
	exit 77
fi
if ! command -v msgfmt >/dev/null 2>&1; then
	echo "msgfmt not found (Debian: apt-get install gettext): skipped"
	exit 77
fi
linguas=$(sed 's/#.*//' "$srcdir/po/LINGUAS")
for _l in $linguas; do
	mkdir -p "$tmp/locale/$_l/LC_MESSAGES" || exit 99
	msgfmt -c -o "$tmp/locale/$_l/LC_MESSAGES/congo.mo" \
	    "$srcdir/po/$_l.po" || { echo "error: po/$_l.po"; exit 99; }
done
export CONGO_LOCALEDIR="$tmp/locale"
unset LANGUAGE LC_MESSAGES

. "$srcdir/tests/locale_lib.sh"
lang_locale() {
	utf8_locale && return 0
	echo "no UTF-8 locale (C.UTF-8): skipped"
	exit 77
}

# level_catalogue: $tmp/levels, a CONGO_LOCALEDIR of the test's own whose
# German catalogue translates only the AI's level names, their template
# and "human" ("KI-Stufe 3 (Lernender)", "Mensch"), so that a test sees
# them go through gettext whether po/de.po has them yet or not.
level_catalogue() {
	mkdir -p "$tmp/levels/de/LC_MESSAGES" || exit 99
	cat >"$tmp/levels/de.po" <<'PO'
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

msgid "AI level %d (%s)"
msgstr "KI-Stufe %d (%s)"

msgid "Beginner"
msgstr "Anfänger"

msgid "Learner"
msgstr "Lernender"

msgid "human"
msgstr "Mensch"
PO
	msgfmt --check-format -o "$tmp/levels/de/LC_MESSAGES/congo.mo" \
	    "$tmp/levels/de.po" || { echo "error: the levels' catalogue"; exit 99; }
}
