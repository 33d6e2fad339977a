# cli_lib.sh: what the command-line tests share (sourced, not run): the
# built game, a temporary folder removed on exit, the failure flag and
# check. Set tmp_prefix (the folder's name prefix) before sourcing.
# Gives: builddir, congo, tmp, fail, check.

builddir=${CONGO_BUILDDIR:-$(pwd)}
congo="$builddir/src/congo"
if [ ! -x "$congo" ]; then
	echo "error: $congo not built"
	exit 99
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/${tmp_prefix:-congo-cli}.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

check() {   # check NAME FILE PATTERN: FILE must contain PATTERN
	if ! grep -q -- "$3" "$2"; then
		echo "FAIL: $1: no '$3' in:"
		cat "$2"
		fail=1
	fi
}
