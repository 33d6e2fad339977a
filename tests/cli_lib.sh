# cli_lib.sh: what the command-line tests share (sourced, not run): the
# built game, a temporary folder removed on exit, the failure flag and
# check. Set tmp_prefix (the folder's name prefix) before sourcing.
# Gives: builddir, congo, tmp, fail, check, cli_home, cli_server.

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

# cli_home: the game's environment in $tmp (home and XDG folders, nothing
# of the user's) and a UTF-8 locale.
cli_home() {
	export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" \
	    XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" \
	    LC_ALL=C.UTF-8
	mkdir -p "$HOME" "$XDG_CONFIG_HOME/congo" || exit 99
}

# cli_server: $server, the built congo-server.
cli_server() {
	server="$builddir/src/congo-server"
	[ -x "$server" ] || { echo "error: $server not built"; exit 99; }
}
