#!/bin/sh
# test_lang_cli.sh: congo and congo-server speak each language of
# po/LINGUAS (issue 38): --help, an unknown option and the plain mode's
# greeting in nl, de and fr by LANGUAGE (in C.UTF-8: a locale that exists
# everywhere), English without it and in the C locale (glibc's rule);
# congo.conf's ui.language over the environment, even in the C locale;
# a move and the board's letters the same in every language. Exit status:
# 0 pass, 1 fail, 77 skipped (no translations), 99 hard error.

set -u
tmp_prefix=congo-lang
. "$(dirname "$0")/cli_lib.sh"
. "$(dirname "$0")/lang_lib.sh"
cli_server
cli_home
lang_locale

# want LANG TEXT...: a word of each language's catalogue in the output
help_of() {     # help_of LANG PROGRAM ARGS...: its output (and stderr)
	_l=$1
	shift
	if [ "$_l" = en ]; then
		env -u LANGUAGE "$@" >"$tmp/out" 2>&1
	else
		LANGUAGE=$_l "$@" >"$tmp/out" 2>&1
	fi
}

# The words each language must show (po/LL.po's own; none is English).
for l in nl de fr; do
	case $l in
	nl) modes="Andere modi:" learn="Leren (nieuw bij Congo" \
	    srv="Gebruik: congo-server" bad="onbekende optie" \
	    hello="eenvoudige modus" ;;
	de) modes="Weitere Modi:" learn="Lernen (neu bei Congo" \
	    srv="Aufruf: congo-server" bad="unbekannte Option" \
	    hello="Textmodus" ;;
	fr) modes="Autres modes :" learn="Apprendre (nouveau" \
	    srv="Usage : congo-server" bad="option inconnue" \
	    hello="mode texte" ;;
	esac
	echo "# $l: congo --help, congo-server --help, a bad option"
	help_of "$l" "$congo" --help
	check "congo --help ($l)" "$tmp/out" "$modes"
	check "congo --help ($l)" "$tmp/out" "$learn"
	if grep -q "^Other modes:" "$tmp/out"; then
		echo "FAIL: congo --help ($l) still says Other modes:"
		fail=1
	fi
	help_of "$l" "$server" --help
	check "congo-server --help ($l)" "$tmp/out" "$srv"
	# the options themselves are not translated
	check "congo-server --help ($l)" "$tmp/out" "--tls-listen"
	help_of "$l" "$congo" --tune --bogus
	check "congo --tune --bogus ($l)" "$tmp/out" "$bad"
	echo "# $l: the plain mode, a move and the board's letters"
	printf 'c2c3\ndiagram\nquit\n' | LANGUAGE=$l "$congo" --plain \
	    --white human --black human >"$tmp/out" 2>&1
	check "congo --plain ($l)" "$tmp/out" "$hello"
	check "congo --plain diagram ($l)" "$tmp/out" "G M E L E C Z"
done

echo "# congo --help whole in each language: no line of English prose left"
help_of en "$congo" --help
sort -u "$tmp/out" >"$tmp/help.en"
for l in nl de fr; do
	help_of "$l" "$congo" --help
	sort -u "$tmp/out" >"$tmp/help.$l"
	# A line the same as in English may only hold options, metavariables,
	# file names, congo's own words (--connect HOST[:PORT], congo.conf)
	# and an option's values (--rated yes|no|both, --variants
	# congo,megapawn).
	left=$(comm -12 "$tmp/help.en" "$tmp/help.$l" |
	    sed -E 's/[a-z]+([|,][a-z]+)+//g' |
	    sed -e 's/--[a-z][a-z/-]*//g' -e 's/[A-Z0-9_$][A-Za-z0-9_$./:+-]*//g' \
	    -e 's/congo[a-z.(6)-]*//g' -e 's/[a-z]*:level=[A-Z]//g' \
	    -e 's/position, moves, fen, result, d, go, stop//' |
	    grep -E '[a-z]{3,}' || true)
	if [ -n "$left" ]; then
		echo "FAIL: congo --help ($l) keeps English lines:"
		comm -12 "$tmp/help.en" "$tmp/help.$l"
		fail=1
	fi
done
for pat in "Aufruf: congo" "Spielen im Netz" "--seek --days N, --create --days N  dasselbe"; do
	help_of de "$congo" --help
	check "congo --help (de)" "$tmp/out" "$pat"
done

echo "# no LANGUAGE: English; the C locale: English (glibc ignores LANGUAGE)"
help_of en "$congo" --help
check "congo --help (en)" "$tmp/out" "^Other modes:"
LC_ALL=C LANGUAGE=de "$congo" --help >"$tmp/out" 2>&1
check "congo --help (C, LANGUAGE=de)" "$tmp/out" "^Other modes:"

echo "# ui.language over the environment, in C.UTF-8 and in the C locale"
cat >"$XDG_CONFIG_HOME/congo/congo.conf" <<'CONF'
ui = { language = "fr"; };
CONF
printf 'quit\n' | LANGUAGE=de "$congo" --plain >"$tmp/out" 2>&1
check "ui.language = fr over LANGUAGE=de" "$tmp/out" "mode texte"
printf 'quit\n' | LC_ALL=C "$congo" --plain >"$tmp/out" 2>&1
check "ui.language = fr in the C locale" "$tmp/out" "mode texte"
printf 'ui = { language = "en"; };\n' >"$XDG_CONFIG_HOME/congo/congo.conf"
printf 'quit\n' | LANGUAGE=nl "$congo" --plain >"$tmp/out" 2>&1
check "ui.language = en over LANGUAGE=nl" "$tmp/out" "plain mode"
printf 'ui = { language = "klingon"; };\n' \
    >"$XDG_CONFIG_HOME/congo/congo.conf"
printf 'quit\n' | "$congo" --plain >"$tmp/out" 2>&1
check "ui.language refused" "$tmp/out" 'ui.language must be'

exit "$fail"
