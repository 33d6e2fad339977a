#!/bin/bash
# test_server_admin.sh: congo-server's commands for an operator. --check
# reads the configuration and the database and replays every open and
# active game (exit 0), names a game that does not replay (exit 1) and a
# database that is not there; --reset-key NAME prints a new key with which
# the account logs in, and the old key no longer does.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-admin.XXXXXX") || exit 1
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "test_server_admin.sh: $*"; exit 1; }

# start: a server on the database; sets pid and port.
start() {
	"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" "$@" \
	    2> "$tmp/server.log" &
	pid=$!
	port=
	for _ in $(seq 100); do
		port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' \
		    "$tmp/server.log")
		[ -n "$port" ] && return
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	cat "$tmp/server.log"
	fail "the server did not start"
}
stop() {
	kill "$pid" && wait "$pid"
	pid=
}
# say LINE...: send the lines, print what comes back until the last
# command's reply (its tag) has come.
say() {
	local last=${*: -1} tag line
	tag=${last%% *}
	exec 3<>"/dev/tcp/127.0.0.1/$port" || fail "cannot connect"
	read -r -t 5 line <&3
	printf 'HELLO CGP/1 client=test\n' >&3
	for line in "$@"; do
		printf '%s\n' "$line" >&3
	done
	while read -r -t 5 line <&3; do
		printf '%s\n' "$line"
		case $line in
		"OK $tag "*|"ERR $tag "*) break;;
		esac
	done
	exec 3<&-
}

"$server" --db "$tmp/none.db" --check > "$tmp/out" 2>&1 &&
    fail "--check of a missing database exited 0"
grep -q "none.db" "$tmp/out" || fail "--check did not name the file: $(cat "$tmp/out")"

start --create
out=$(say "#r REGISTER name=Ann" "#c CREATE seat=white clock=300+5")
key=$(printf '%s\n' "$out" | sed -n 's/^OK #r REGISTER name=Ann key=\([A-Z2-7]*\).*/\1/p')
[ ${#key} = 26 ] || fail "no key: $out"
game=$(printf '%s\n' "$out" | sed -n 's/^OK #c CREATE game=\([A-Z2-7]*\).*/\1/p')
[ -n "$game" ] || fail "no game: $out"
stop

"$server" --db "$tmp/games.db" --check > "$tmp/out" 2>&1 ||
    fail "--check of a good database: $(cat "$tmp/out")"
grep -q "1 open and active games replay, 0 do not" "$tmp/out" ||
    fail "--check said: $(cat "$tmp/out")"

new=$("$server" --db "$tmp/games.db" --reset-key ANN) ||
    fail "--reset-key failed: $new"
newkey=${new#Ann }
[ ${#newkey} = 26 ] && [ "$newkey" != "$key" ] ||
    fail "--reset-key printed '$new'"
"$server" --db "$tmp/games.db" --reset-key nobody > /dev/null 2>&1 &&
    fail "--reset-key of no account exited 0"
start
say "#l LOGIN name=ann key=$newkey" | grep -q "^OK #l LOGIN name=Ann" ||
    fail "the new key does not log in"
say "#l LOGIN name=ann key=$key" | grep -q "^ERR #l 401 BAD_KEY" ||
    fail "the old key still logs in"
stop
echo "test_server_admin.sh: --check and --reset-key as expected"
