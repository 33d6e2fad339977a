# tmp_lib.sh: sourced by the shell tests and load scripts that run a
# congo-server of their own. tmp_setup NAME: $tmp (a fresh NAME.XXXXXX in
# $TMPDIR, /tmp when unset; kept with KEEP set) and $pid (the server,
# stopped on exit, before the folder goes).
tmp_setup() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 2
	pid=
	trap tmp_cleanup EXIT
}
tmp_cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
