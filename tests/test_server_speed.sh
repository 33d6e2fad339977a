#!/bin/bash
# test_server_speed.sh: the speed "correspondence" under its whole name
# (issue 57). Servers before it cut the name to 11 characters and stored
# ratings and their history under "corresponde" (SQLite version 4): such a
# database is refused at start, naming --upgrade; --upgrade renames the
# rows (version 5), and then WHOIS shows speed=correspondence and TOP
# speed=correspondence finds the account.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
. "$(dirname "$0")"/tmp_lib.sh
tmp_setup congo-speed
fail() { echo "test_server_speed.sh: $*"; exit 1; }

# sql FILE STATEMENTS: run them on an SQLite file (sqlite3 or python3),
# the rows of the last printed as sqlite3 does.
sql() {
	if command -v sqlite3 > /dev/null; then
		sqlite3 "$1" "$2"
	else
		python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
*head, last = [s for s in sys.argv[2].split(";") if s.strip()]
c.executescript(";".join(head) + ";" if head else "")
for r in c.execute(last):
	print("|".join(str(x) for x in r))
c.commit()' "$1" "$2"
	fi
}
if ! command -v sqlite3 > /dev/null &&
    ! python3 -c 'import sqlite3' 2> /dev/null; then
	echo "test_server_speed.sh: SKIP: neither sqlite3 nor python3's sqlite3"
	exit 77
fi

start() {
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

# A database with two accounts, then made as the older servers left it:
# version 4, ann's correspondence rating (established: RD under 110) and
# its history under "corresponde", her blitz rating as it was.
start --create
out=$(say "#r REGISTER name=Ann" "#s REGISTER name=Bob")
printf '%s\n' "$out" | grep -q "^OK #s REGISTER name=Bob" ||
    fail "no accounts: $out"
stop
sql "$tmp/games.db" "PRAGMA user_version=4;
INSERT INTO ratings VALUES ('ann', 'congo', 'corresponde', 1720.5, 80.0,
 0.06, 12);
INSERT INTO ratings VALUES ('ann', 'congo', 'blitz', 1490.0, 90.0, 0.06, 9);
INSERT INTO rating_history VALUES ('ann', 'congo', 'corresponde', 12,
 1720.5, 80.0, 'AAAAAAAA', 1700000000000);" ||
    fail "cannot write the older rows"

timeout 20 "$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" > "$tmp/out" 2>&1 &&
    fail "a start on a version 4 database exited 0"
grep -q "database version 4, older than this server's.*congo-server --upgrade" \
    "$tmp/out" || fail "the refused start said: $(cat "$tmp/out")"
"$server" --db "$tmp/games.db" --upgrade > "$tmp/out" 2>&1 ||
    fail "--upgrade failed: $(cat "$tmp/out")"
grep -q "games.db: brought from version 4 to [0-9]" "$tmp/out" ||
    fail "--upgrade said: $(cat "$tmp/out")"
left=$(sql "$tmp/games.db" "SELECT (SELECT count(*) FROM ratings WHERE
 speed = 'corresponde') + (SELECT count(*) FROM rating_history WHERE
 speed = 'corresponde')")
[ "$left" = 0 ] || fail "$left rows still under corresponde"

start
out=$(say "#w WHOIS name=ann" "#t TOP variant=congo speed=correspondence" \
    "#b TOP variant=congo speed=blitz" "#z SEEKS")
printf '%s\n' "$out" | grep -q "^ITEM #w variant=congo speed=correspondence rating=1721 " ||
    fail "WHOIS after --upgrade: $out"
printf '%s\n' "$out" | grep -q "speed=corresponde " &&
    fail "WHOIS shows the cut name: $out"
printf '%s\n' "$out" | grep -q "^OK #t TOP n=1" ||
    fail "TOP speed=correspondence after --upgrade: $out"
printf '%s\n' "$out" | grep -q "^ITEM #t rank=1 name=Ann rating=1721 " ||
    fail "TOP speed=correspondence lists: $out"
printf '%s\n' "$out" | grep -q "^ITEM #b rank=1 name=Ann rating=1490 " ||
    fail "the blitz rating was changed: $out"
stop
echo "test_server_speed.sh: corresponde renamed by --upgrade; WHOIS and TOP show correspondence"
