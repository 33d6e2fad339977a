#!/bin/sh
# test_po.sh: the translations are complete and current (issue 38). Every
# catalogue of po/LINGUAS passes msgfmt -c with no untranslated and no
# fuzzy message; po/congo.pot holds exactly the messages the sources mark
# (xgettext run here with po/Makevars' options over po/POTFILES.in), so a
# new message without its translations fails; every file of src/ that
# marks a message is in po/POTFILES.in. Exit status: 0 pass, 1 fail, 77
# skipped (no gettext tools).

set -u
for t in msgfmt xgettext msgcmp; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "$t not found (Debian: apt-get install gettext): skipped"
		exit 77
	fi
done
srcdir=${CONGO_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-po.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
po=$srcdir/po

echo "# each catalogue: msgfmt -c, nothing untranslated or fuzzy"
for l in $(sed 's/#.*//' "$po/LINGUAS"); do
	if [ ! -f "$po/$l.po" ]; then
		echo "FAIL: po/LINGUAS names $l, and po/$l.po is missing"
		fail=1
		continue
	fi
	if ! LC_ALL=C msgfmt -c --statistics -o /dev/null "$po/$l.po" \
	    >"$tmp/stat" 2>&1; then
		echo "FAIL: msgfmt -c po/$l.po:"
		cat "$tmp/stat"
		fail=1
		continue
	fi
	# "N translated messages." and nothing else: no ", N fuzzy
	# translations", no ", N untranslated messages"
	if ! grep -Eq '^[0-9]+ translated messages?\.$' "$tmp/stat"; then
		echo "FAIL: po/$l.po is not complete: $(cat "$tmp/stat")"
		fail=1
	fi
	# every message of the template is there (msgcmp: translated)
	if ! msgcmp "$po/$l.po" "$po/congo.pot" >"$tmp/cmp" 2>&1; then
		echo "FAIL: po/$l.po lacks messages of po/congo.pot" \
		    "(make -C po update-po, then translate):"
		head -n 20 "$tmp/cmp"
		fail=1
	fi
	echo "po/$l.po: $(cat "$tmp/stat")"
done

echo "# po/congo.pot is what the sources mark"
opts=$(sed -n '/^XGETTEXT_OPTIONS *=/,/[^\\]$/p' "$po/Makevars" |
    sed 's/^XGETTEXT_OPTIONS *=//; s/\\$//' | tr '\n' ' ')
sed 's/#.*//; /^[[:space:]]*$/d' "$po/POTFILES.in" >"$tmp/files"
# (word splitting of $opts wanted: the options are words without blanks)
# shellcheck disable=SC2086
(cd "$srcdir" && xgettext --default-domain=congo $opts \
    --files-from="$tmp/files" -o "$tmp/now.pot") || {
	echo "FAIL: xgettext over po/POTFILES.in"
	fail=1
}
# covers A B OUT WHAT: every message of B is in A (msgcmp), else a
# failure saying WHAT and the first lines of msgcmp's complaint (in OUT).
covers() {
	msgcmp --use-untranslated "$1" "$2" >"$3" 2>&1 && return 0
	echo "FAIL: $4:"
	head -n 20 "$3"
	fail=1
}
if [ -f "$tmp/now.pot" ]; then
	covers "$po/congo.pot" "$tmp/now.pot" "$tmp/new" "the sources mark \
messages po/congo.pot lacks (make -C po update-po, then translate them)"
	covers "$tmp/now.pot" "$po/congo.pot" "$tmp/old" "po/congo.pot has \
messages the sources no longer mark (make -C po update-po)"
fi

echo "# every marking file of src/ is in po/POTFILES.in"
(cd "$srcdir" && grep -rlE '(^|[^A-Za-z0-9_])(N_|P_|_|ngettext)\("' src \
    --include='*.c' | sort) >"$tmp/marking"
sort "$tmp/files" >"$tmp/listed"
missing=$(comm -23 "$tmp/marking" "$tmp/listed")
if [ -n "$missing" ]; then
	echo "FAIL: these files mark messages and are not in" \
	    "po/POTFILES.in: $missing"
	fail=1
fi

if [ "$fail" -ne 0 ]; then
	exit 1
fi
echo "the catalogues are complete and current"
