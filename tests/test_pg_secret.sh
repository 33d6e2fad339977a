#!/bin/bash
# test_pg_secret.sh: a password in --db never shows (issue 33): not in
# congo-server's errors, its log or its /healthz page, whether the database
# does not answer, cannot read the URI, refuses the password or goes away
# while the server runs; and libpq's own messages (its notices: the
# "terminating connection" a database stopping sends) reach the log as
# lines of its format, not raw. First without a database (an address
# nobody answers on), then on test_net_pg.sh's throwaway cluster (its mode
# "cluster", which calls this script back), a user there with a password
# (scram-sha-256). Skipped (77) without libpq; the cluster's half without
# PostgreSQL's programs or curl.
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
# (test_net_pg.sh stops the cluster: it is stopped already.)
echo "test_pg_secret.sh: no password shown; libpq's notices in the log's format"
exit 0
