#!/bin/sh
# test_manpages.sh: congo(6), congo.conf(5) and congo-server(6) format
# without a warning, as lintian formats them (its groff-message check:
# man --warnings at MANWIDTH=120, the C.UTF-8 locale) and at a terminal's 80
# columns, and under groff -ww (every warning). A page can be clean at one
# width and not at another: a table that lands across a page break, or one
# wider than the line, warns only at some widths.
# Exit status: 0 pass, 1 fail, 77 skip (no man or groff), 99 hard error.
set -u
srcdir=${srcdir:-.}
command -v man > /dev/null && command -v groff > /dev/null || {
	echo "SKIP: man (man-db) or groff is missing"
	exit 77
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-man.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
for page in congo.6 congo.conf.5 congo-server.6; do
	f="$srcdir/man/$page"
	[ -r "$f" ] || { echo "error: $f missing"; exit 99; }
	for width in 80 120; do
		# man reads no user configuration here: HOME is empty.
		env -i PATH="$PATH" HOME="$tmp" LC_ALL=C.UTF-8 MANROFFSEQ= \
		    MANWIDTH=$width man --warnings -E UTF-8 -l -Tutf8 -Z "$f" \
		    > /dev/null 2> "$tmp/err"
		st=$?
		if [ "$st" != 0 ] || [ -s "$tmp/err" ]; then
			echo "FAIL: $page at $width columns (status $st):"
			sed 's/^/  | /' "$tmp/err"
			fails=$((fails + 1))
		else
			echo "ok: $page at $width columns"
		fi
	done
	LC_ALL=C.UTF-8 groff -t -man -Tutf8 -ww -z "$f" 2> "$tmp/err"
	if [ -s "$tmp/err" ]; then
		echo "FAIL: $page under groff -ww:"
		sed 's/^/  | /' "$tmp/err"
		fails=$((fails + 1))
	else
		echo "ok: $page under groff -ww"
	fi
done
[ "$fails" = 0 ] || { echo "$fails failure(s)"; exit 1; }
exit 0
