#!/bin/bash
# test_pg_secret.sh: a password in --db never shows (issue 33): not in
# congo-server's errors, its log or its /healthz page, whether the database
# does not answer, cannot read the URI, refuses the password or goes away
# while the server runs; and libpq's own messages (its notices: the
# "terminating connection" a database stopping sends) reach the log as
# lines of its format, not raw. First without a database (an address
# nobody answers on), then on test_net_pg.sh's throwaway cluster (its mode
# "cluster", which calls this script back), a user there with a password
# (scram-sha-256). And the password kept off the command line (issue
# 57): --db-file FILE reads the address from a file of the user's (or
# root's) that nobody else may read (mode 0644, or another user's, refused
# naming it); a server started so, and one started by the Debian
# service's wrapper (debian/congo-server-start, the URI a systemd
# credential), have no password in /proc/PID/cmdline or `ps -o args`;
# --db with a password still works, and warns once that every user reads
# it (without the password). Skipped (77) without libpq; the cluster's
# half without PostgreSQL's programs or curl.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
server="$builddir/src/congo-server"
. "$(dirname "$0")/tmp_lib.sh"
fail() { echo "test_pg_secret.sh: $*"; exit 1; }
# no_secret WHAT FILE...: none of the passwords in the files.
no_secret() {
	what=$1
	shift
	for pw in S3cret-PW-4711 Wr0ng-PW-0815 'p@ss word' 'p%40ss%20word' \
	    Qu3ry-PW-1234 Bad-PW-Token-99; do
		if grep -F -q -- "$pw" "$@"; then
			grep -F -- "$pw" "$@"
			fail "$what: the password $pw shows"
		fi
	done
}
# one_format FILE: every line of a server's log in its format.
one_format() {
	if grep -v -E '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z congo-server: (error|warn|info|debug): ' "$1"; then
		fail "$1: lines outside the log's format (above)"
	fi
}

if [ "${1:-}" != check ]; then
	tmp_need_libpq
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-secret.XXXXXX") || exit 1
	trap 'rm -rf "$tmp"' EXIT
	# A database that does not answer, URIs libpq cannot read: the
	# server exits 1 naming the database, not the password.
	i=0
	for db in 'postgresql://congo:S3cret-PW-4711@127.0.0.1:9/congo' \
	    'postgresql://congo:p%40ss%20word@127.0.0.1:9/congo' \
	    'postgresql:///congo?host=127.0.0.1&port=9&password=Qu3ry-PW-1234' \
	    'postgresql://congo:S3cret-PW-4711@127.0.0.1:9/congo?nosuch=1' \
	    'postgresql://congo:Bad-PW-Token-99%zz@127.0.0.1:9/congo' \
	    'postgresql://congo@127.0.0.1:9/congo?password=Bad-PW-Token-99%zz'
	do
		i=$((i + 1))
		"$server" --port 0 --db "$db" > "$tmp/out$i" 2>&1
		rc=$?
		[ $rc = 1 ] || { cat "$tmp/out$i"; fail "--db $db: exit $rc, not 1"; }
		no_secret "--db $db" "$tmp/out$i"
		grep -q "PostgreSQL\|postgresql" "$tmp/out$i" ||
		    { cat "$tmp/out$i"; fail "--db $db: no database named"; }
	done
	grep -q "PostgreSQL database congo on host 127.0.0.1 port 9: cannot connect" \
	    "$tmp/out1" || { cat "$tmp/out1"; fail "the database is not named"; }
	# --db with a password: one warning, without it; none without one.
	[ "$(grep -c "holds a password" "$tmp/out1")" = 1 ] ||
	    { cat "$tmp/out1"; fail "--db with a password: not warned once"; }
	"$server" --port 0 --db 'postgresql:///congo?host=127.0.0.1&port=9' \
	    > "$tmp/nopw" 2>&1
	grep -q "holds a password" "$tmp/nopw" &&
	    fail "--db without a password: warned"
	# --db-file: a file others may read, or another user's, refused.
	echo 'postgresql://congo:S3cret-PW-4711@127.0.0.1:9/congo' > "$tmp/uri"
	chmod 644 "$tmp/uri"
	"$server" --port 0 --db-file "$tmp/uri" > "$tmp/open" 2>&1
	rc=$?
	[ $rc = 2 ] || { cat "$tmp/open"; fail "--db-file mode 0644: exit $rc, not 2"; }
	grep -q -- "--db-file $tmp/uri: mode 0644 lets other users read it" \
	    "$tmp/open" || { cat "$tmp/open"; fail "--db-file mode 0644: not said"; }
	no_secret "--db-file mode 0644" "$tmp/open"
	chmod 600 "$tmp/uri"
	if [ "$(id -u)" = 0 ]; then
		chown nobody "$tmp/uri"
		"$server" --port 0 --db-file "$tmp/uri" > "$tmp/other" 2>&1
		rc=$?
		[ $rc = 2 ] && grep -q -- "--db-file $tmp/uri: owned by user" \
		    "$tmp/other" ||
		    { cat "$tmp/other"; fail "--db-file of another user: exit $rc"; }
		no_secret "--db-file of another user" "$tmp/other"
		chown root "$tmp/uri"
	fi
	# Mode 0600: read (the database does not answer: named, exit 1).
	"$server" --port 0 --db-file "$tmp/uri" > "$tmp/file" 2>&1
	rc=$?
	[ $rc = 1 ] || { cat "$tmp/file"; fail "--db-file: exit $rc, not 1"; }
	grep -q "PostgreSQL database congo on host 127.0.0.1 port 9: cannot connect" \
	    "$tmp/file" || { cat "$tmp/file"; fail "--db-file: the database is not named"; }
	grep -q "holds a password" "$tmp/file" && fail "--db-file: warned"
	no_secret "--db-file" "$tmp/file"
	command -v curl > /dev/null || { echo "test_pg_secret.sh: no curl: the cluster's half skipped"; exit 0; }
	"$srcdir/tests/test_net_pg.sh" cluster "$0" check
	rc=$?
	[ $rc = 77 ] && { echo "test_pg_secret.sh: the cluster's half skipped"; exit 0; }
	exit $rc
fi

# Called back by test_net_pg.sh with its cluster: CONGO_PG_DIR (its socket
# folder), CONGO_PG_BIN, CONGO_PG_AS (its owner's runuser, when root).
dir=$CONGO_PG_DIR bin=$CONGO_PG_BIN
as=${CONGO_PG_AS:-}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-secret.XXXXXX") || exit 1
pid=
cleanup() {
	[ -n "$pid" ] && { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }
	rm -rf "$tmp"
}
trap cleanup EXIT
psql() { $as "$bin/psql" -h "$dir" -U congo -d congo -Atq "$@"; }
psql -c "CREATE ROLE alice LOGIN PASSWORD 'S3cret-PW-4711'" || fail "no role"
psql -c "CREATE DATABASE secret OWNER alice" || fail "no database"
# alice must give her password (the rest of the cluster trusts).
hba="$dir/data/pg_hba.conf"
{ echo "local all alice scram-sha-256"; cat "$hba"; } > "$tmp/hba"
cat "$tmp/hba" > "$hba"
$as "$bin/pg_ctl" -D "$dir/data" reload > /dev/null || fail "no reload"
for _ in $(seq 100); do
	psql -c "SELECT 1 FROM pg_hba_file_rules WHERE user_name = '{alice}'" |
	    grep -q 1 && break
	sleep 0.05
done

# A password refused.
"$server" --port 0 --create \
    --db "postgresql://alice:Wr0ng-PW-0815@/secret?host=$dir" > "$tmp/wrong" 2>&1
rc=$?
[ $rc = 1 ] || { cat "$tmp/wrong"; fail "a wrong password: exit $rc, not 1"; }
grep -q "password authentication failed" "$tmp/wrong" ||
    { cat "$tmp/wrong"; fail "a wrong password: not said"; }
no_secret "a wrong password" "$tmp/wrong"

# argv_clean PID WHAT: no password in the server's command line, as
# /proc and ps show it to every user.
argv_clean() {
	tr '\0' ' ' < "/proc/$1/cmdline" > "$tmp/cmdline"
	ps -o args= -p "$1" > "$tmp/ps"
	grep -q -- "--db-file" "$tmp/cmdline" ||
	    fail "$2: no --db-file in $(cat "$tmp/cmdline")"
	no_secret "$2: /proc/$1/cmdline" "$tmp/cmdline"
	no_secret "$2: ps -o args" "$tmp/ps"
	echo "test_pg_secret.sh: $2: ps -o args: $(cat "$tmp/ps")"
}
# wait_up LOG PID: until the server writing LOG listens (10 s at most).
wait_up() {
	for _ in $(seq 200); do
		grep -q "listening on" "$1" && return 0
		kill -0 "$2" 2>/dev/null || break
		sleep 0.05
	done
	cat "$1"
	fail "the server did not start"
}

# --db-file: the address with its password read from a file (0600).
echo "postgresql://alice:S3cret-PW-4711@/secret?host=$dir" > "$tmp/uri"
chmod 600 "$tmp/uri"
"$server" --port 0 --bind 127.0.0.1 --create --db-file "$tmp/uri" \
    > "$tmp/fout" 2> "$tmp/flog" &
pid=$!
wait_up "$tmp/flog" "$pid"
grep -q "from PostgreSQL database secret on host $dir in" "$tmp/flog" ||
    { cat "$tmp/flog"; fail "--db-file: the log does not name the database"; }
argv_clean "$pid" "--db-file"
grep -q "holds a password" "$tmp/flog" && fail "--db-file: warned"
tmp_stop "$pid"
pid=
no_secret "--db-file's log" "$tmp/flog" "$tmp/fout"

# (debian/ is not in a release's tarball: make distcheck has no wrapper)
if [ -f "$srcdir/debian/congo-server-start" ]; then
# The Debian service's wrapper as systemd runs it: the URI the credential
# congo-server-db (root's, 0400, as systemd makes it), the runtime folder
# the service's.
mkdir -m 0700 "$tmp/cred" "$tmp/run" "$tmp/state"
cp "$tmp/uri" "$tmp/cred/congo-server-db"
chmod 0400 "$tmp/cred/congo-server-db"
# wrap ARGS: the wrapper in place of this (sub)shell, its pid the
# server's (it execs congo-server).
wrap() {
	exec env -u CONGO_SERVER_DB -u CONGO_SERVER_DB_FILE CONGO_SERVER="$server" \
	    STATE_DIRECTORY="$tmp/state" CREDENTIALS_DIRECTORY="$tmp/cred" \
	    RUNTIME_DIRECTORY="$tmp/run" \
	    CONGO_SERVER_OPTS="--port 0 --bind 127.0.0.1" \
	    sh "$srcdir/debian/congo-server-start" "$@"
}
(wrap --upgrade) > "$tmp/wup" 2>&1 ||
    { cat "$tmp/wup"; fail "the wrapper's --upgrade failed"; }
no_secret "the wrapper's --upgrade" "$tmp/wup"
wrap > "$tmp/wout" 2> "$tmp/wlog" &
pid=$!
wait_up "$tmp/wlog" "$pid"
[ "$(stat -c %a "$tmp/run/congo-server-db")" = 600 ] ||
    fail "the wrapper's copy: mode $(stat -c %a "$tmp/run/congo-server-db")"
argv_clean "$pid" "the Debian service"
grep -q "holds a password" "$tmp/wlog" && fail "the service: warned"
tmp_stop "$pid"
pid=
no_secret "the service's log" "$tmp/wlog" "$tmp/wout"

# No /etc/credstore/congo-server-db: systemd hands over the unit's
# SetCredential= default (a comment), and the wrapper starts the server on
# its own database (SQLite in the state folder) instead of failing.
default=$(sed -n 's/^SetCredential=congo-server-db://p' \
    "$srcdir/debian/congo-server.service")
[ -n "$default" ] || fail "the unit has no default for congo-server-db"
chmod 0600 "$tmp/cred/congo-server-db"
printf '%s\n' "$default" > "$tmp/cred/congo-server-db"
chmod 0400 "$tmp/cred/congo-server-db"
rm -f "$tmp/run/congo-server-db"
wrap > "$tmp/dout" 2> "$tmp/dlog" &
pid=$!
wait_up "$tmp/dlog" "$pid"
[ -e "$tmp/run/congo-server-db" ] && fail "the default credential copied"
tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q -- "--db $tmp/state/congo-server.db" ||
    fail "the default credential: not the state folder's SQLite database"
tmp_stop "$pid"
pid=
else
	echo "test_pg_secret.sh: no debian/ here: the service's wrapper not run"
fi

# The right one: the server runs, then the database stops under it.
"$server" --port 0 --bind 127.0.0.1 --http 127.0.0.1:0 --create \
    --log-level debug --db "postgresql://alice:S3cret-PW-4711@/secret?host=$dir" \
    > "$tmp/out" 2> "$tmp/log" &
pid=$!
for _ in $(seq 200); do
	http=$(sed -n 's/.*web pages on .* port \([0-9]*\).*/\1/p' "$tmp/log")
	grep -q "listening on" "$tmp/log" && [ -n "$http" ] && break
	sleep 0.05
done
grep -q "listening on" "$tmp/log" || { cat "$tmp/log"; fail "the server did not start"; }
[ -n "$http" ] || { grep -q "without libmicrohttpd" "$tmp/log" && exit 77; fail "no web pages"; }
grep -q "from PostgreSQL database secret on host $dir in" "$tmp/log" ||
    { cat "$tmp/log"; fail "the log does not name the database"; }
code=$(curl -s -o "$tmp/h0" -w '%{http_code}' "http://127.0.0.1:$http/healthz")
[ "$code" = 200 ] || { cat "$tmp/h0"; fail "/healthz: $code with the database up"; }
$as "$bin/pg_ctl" -D "$dir/data" -w -m fast stop > /dev/null || fail "no stop"
code=
for _ in $(seq 200); do
	code=$(curl -s -o "$tmp/h1" -w '%{http_code}' "http://127.0.0.1:$http/healthz")
	[ "$code" = 503 ] && break
	sleep 0.05
done
[ "$code" = 503 ] || fail "/healthz: $code with the database stopped"
grep -q "PostgreSQL database secret on host $dir" "$tmp/h1" ||
    { cat "$tmp/h1"; fail "/healthz does not name the database"; }
no_secret /healthz "$tmp/h1"
# Its connections were told (FATAL: terminating connection...): in the
# log, one line each.
for _ in $(seq 100); do
	grep -q "terminating connection" "$tmp/log" && break
	sleep 0.05
done
kill "$pid"
wait "$pid"
pid=
grep -q "congo-server: warn: PostgreSQL database secret on host $dir: FATAL: *terminating connection" "$tmp/log" ||
    { cat "$tmp/log"; fail "libpq's notice is not in the log as a line of its own"; }
no_secret "the server's log" "$tmp/log" "$tmp/out"
one_format "$tmp/log"
[ "$(grep -c "holds a password" "$tmp/log")" = 1 ] ||
    fail "--db with a password: not warned once in the log"
# (test_net_pg.sh stops the cluster: it is stopped already.)
echo "test_pg_secret.sh: no password shown nor on a command line; libpq's notices in the log's format"
exit 0
