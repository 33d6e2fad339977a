#!/bin/bash
# test_server_admin.sh: congo-server's commands for an operator. --check
# reads the configuration and the database and replays every open and
# active game (exit 0), names a game that does not replay (exit 1) and a
# database that is not there; --reset-key NAME prints a new key with which
# the account logs in, and the old key no longer does. A database of an
# older version is refused at start, naming --upgrade; --upgrade brings it
# up to date (exit 0) and its games go on; a newer one is refused always.
# A second server on a port the first holds is refused. A listening
# socket whose port the system cannot tell (getsockname failing: a test
# build's CONGO_TEST_GETSOCKNAME_FAIL) stops the start, saying so, for
# the plain port and --tls-listen's.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
. "$(dirname "$0")"/tmp_lib.sh
tmp_setup congo-admin
fail() { echo "test_server_admin.sh: $*"; exit 1; }

# start: a server on the database; sets pid and port.
start() {
	# Emptied first: the server's shell truncates it only once forked, and
	# the loop below must not read the previous server's port meanwhile.
	: > "$tmp/server.log"
	"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" "$@" \
	    2> "$tmp/server.log" &
	pid=$!
	tmp_port "$tmp/server.log" "$pid" && return
	cat "$tmp/server.log"
	fail "the server did not start"
}
stop() {
	kill "$pid" && wait "$pid"
	pid=
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
# The port taken in one family (this server's, IPv4's loopback): a second
# server is refused, not left serving the other family alone (its clients
# would reach one or the other by the address they used).
timeout 20 "$server" --port "$port" --db "$tmp/other.db" --create \
    > "$tmp/out" 2>&1 && fail "a second server on port $port started"
grep -q "cannot listen on every address port $port: Address already in use" \
    "$tmp/out" || fail "a second server on port $port said: $(cat "$tmp/out")"
say "#l LOGIN name=ann key=$newkey" | grep -q "^OK #l LOGIN name=Ann" ||
    fail "the new key does not log in"
say "#l LOGIN name=ann key=$key" | grep -q "^ERR #l 401 BAD_KEY" ||
    fail "the old key still logs in"
stop

# sql FILE STATEMENTS: run them on an SQLite file (sqlite3 or python3).
sql() {
	if command -v sqlite3 > /dev/null; then
		sqlite3 "$1" "$2"
	else
		python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()' "$1" "$2"
	fi
}
# version FILE: its user_version.
version() {
	if command -v sqlite3 > /dev/null; then
		sqlite3 "$1" "PRAGMA user_version"
	else
		python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("PRAGMA user_version").fetchone()[0])' "$1"
	fi
}
if ! command -v sqlite3 > /dev/null &&
    ! python3 -c 'import sqlite3' 2> /dev/null; then
	echo "test_server_admin.sh: --check and --reset-key as expected;" \
	    "--upgrade skipped (neither sqlite3 nor python3's sqlite3)"
	exit 0
fi
# A database as congo-server 0.1 made it (version 1): one game, ann's
# token in plain text.
rm -f "$tmp/games.db"
sql "$tmp/games.db" "PRAGMA application_id=1131368007; PRAGMA user_version=1;
CREATE TABLE games(id TEXT PRIMARY KEY, start TEXT NOT NULL,
 repetition INTEGER NOT NULL, quiet INTEGER NOT NULL,
 created INTEGER NOT NULL);
CREATE TABLE seats(game TEXT NOT NULL REFERENCES games(id),
 seat INTEGER NOT NULL CHECK (seat IN (0, 1)), name TEXT NOT NULL,
 token TEXT NOT NULL, PRIMARY KEY (game, seat));
CREATE TABLE events(game TEXT NOT NULL REFERENCES games(id),
 seq INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL,
 PRIMARY KEY (game, seq)) WITHOUT ROWID;
INSERT INTO games VALUES ('AAAAAAAA',
 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1', 1, 200, 1700000000);
INSERT INTO seats VALUES ('AAAAAAAA', 0, 'ann', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
INSERT INTO events VALUES ('AAAAAAAA', 1, 'JOINED', 'seat=white name=ann');" ||
    fail "cannot make a version 1 database"
"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" > "$tmp/out" 2>&1 &&
    fail "a start on a version 1 database exited 0"
grep -q "database version 1, older than this server's.*congo-server --upgrade" \
    "$tmp/out" || fail "the refused start said: $(cat "$tmp/out")"
[ "$(version "$tmp/games.db")" = 1 ] ||
    fail "the refused start changed the database's version"
"$server" --db "$tmp/games.db" --check > "$tmp/out" 2>&1 &&
    fail "--check of a version 1 database exited 0"
grep -q "congo-server --upgrade" "$tmp/out" ||
    fail "--check of a version 1 database said: $(cat "$tmp/out")"
"$server" --db "$tmp/games.db" --upgrade > "$tmp/out" 2>&1 ||
    fail "--upgrade failed: $(cat "$tmp/out")"
grep -q "games.db: brought from version 1 to [0-9]" "$tmp/out" ||
    fail "--upgrade said: $(cat "$tmp/out")"
"$server" --db "$tmp/games.db" --upgrade > "$tmp/out" 2>&1 ||
    fail "--upgrade again failed: $(cat "$tmp/out")"
grep -q "up to date, nothing to do" "$tmp/out" ||
    fail "--upgrade again said: $(cat "$tmp/out")"
"$server" --db "$tmp/games.db" --check > "$tmp/out" 2>&1 ||
    fail "--check after --upgrade: $(cat "$tmp/out")"
start
say "#r REJOIN game=AAAAAAAA token=ABCDEFGHIJKLMNOPQRSTUVWXYZ" |
    grep -q "^OK #r REJOIN game=AAAAAAAA seat=white" ||
    fail "the upgraded game does not take its seat's token"
stop
# A newer database: refused at start and by --upgrade alike.
sql "$tmp/games.db" "PRAGMA user_version=99" || fail "cannot set the version"
for opt in --upgrade --check ""; do
	# shellcheck disable=SC2086
	"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" $opt \
	    > "$tmp/out" 2>&1 && fail "${opt:-a start} on version 99 exited 0"
	grep -q "database version 99, newer than this server's" "$tmp/out" ||
	    fail "${opt:-a start} on version 99 said: $(cat "$tmp/out")"
done
[ "$(version "$tmp/games.db")" = 99 ] ||
    fail "a refused newer database was changed"
"$server" --db "$tmp/none.db" --upgrade > "$tmp/out" 2>&1 &&
    fail "--upgrade of a missing database exited 0"
if [ "${CONGO_TEST_HOOKS:-no}" = yes ]; then
	CONGO_TEST_GETSOCKNAME_FAIL=1 timeout 20 "$server" --port 0 \
	    --bind 127.0.0.1 --db "$tmp/other.db" --create > "$tmp/out" 2>&1
	rc=$?
	[ $rc = 1 ] || fail "getsockname failing: exit $rc, not 1: $(cat "$tmp/out")"
	grep -q "cannot listen on 127.0.0.1 port 0: the port bound is unknown (getsockname: " \
	    "$tmp/out" || fail "getsockname failing: $(cat "$tmp/out")"
	if command -v openssl > /dev/null; then
		. "$(dirname "$0")/tls_lib.sh"
		tls_cert a
		CONGO_TEST_GETSOCKNAME_FAIL=1 timeout 20 "$server" --port none \
		    --tls-listen 127.0.0.1:0 --tls-cert "$tmp/a.crt" \
		    --tls-key "$tmp/a.key" --db "$tmp/other.db" > "$tmp/out" 2>&1
		grep -q -- "--tls-listen: cannot listen on 127.0.0.1 port 0: the port bound is unknown" \
		    "$tmp/out" ||
		    fail "getsockname failing, --tls-listen: $(cat "$tmp/out")"
	fi
else
	echo "test_server_admin.sh: not a test build: getsockname's failure not tried"
fi
echo "test_server_admin.sh: --check, --reset-key and --upgrade as expected"
