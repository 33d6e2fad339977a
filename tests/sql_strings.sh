#!/bin/sh
# sql_strings.sh: no SQL outside src/net/store (issue 58). The session and
# every other room above the store speak to it in typed calls
# (store_types.h); only the store's own files write SQL. So no string
# literal of a C file of src/ outside src/net/store may hold an SQL
# keyword (SELECT, INSERT, UPDATE, DELETE, PRAGMA, or CREATE, DROP, ALTER
# of a table, index, function, view or trigger; in upper case, as the
# house writes SQL). Each one found is named with its file and line.
#
# Then it plants such strings in a tree of its own, and fails unless the
# check names each (and leaves alone the same string in src/net/store).
# Exit 0 when all is well, 1 otherwise.
srcdir=${CONGO_SRCDIR:-${srcdir:-.}}
[ -d "$srcdir/src" ] || { echo "sql_strings.sh: no $srcdir/src"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-sql.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

w='(^|[^A-Za-z0-9_])'
re="^[^:]*:[0-9]*:.*$w(SELECT|INSERT|UPDATE|DELETE|PRAGMA)([^A-Za-z0-9_]|\$)"
re="$re|^[^:]*:[0-9]*:.*$w(CREATE|DROP|ALTER) +(TABLE|INDEX|UNIQUE|FUNCTION|VIEW|TRIGGER|OR REPLACE)"

# scan DIR: every string literal with SQL in it, as FILE:LINE:"literal",
# of the C files of DIR/src but those of DIR/src/net/store.
scan() {
	(cd "$1" && find src -type f \( -name '*.c' -o -name '*.h' \
	    -o -name '*.inc' \) ! -path 'src/net/store/*' | LC_ALL=C sort |
	    xargs grep -noE '"([^"\\]|\\.)*"' /dev/null) | grep -E "$re"
}

status=0
if scan "$srcdir" > "$tmp/found"; then
	echo "sql_strings.sh: SQL in a string above src/net/store (the store's"
	echo "typed calls, store_types.h, are the way to it):"
	sed 's/^/  /' "$tmp/found"
	status=1
fi

# The self-test: planted, each must be named; the store's own left alone.
mkdir -p "$tmp/t/src/net/server" "$tmp/t/src/web" "$tmp/t/src/net/store"
cat > "$tmp/t/src/net/server/planted.c" <<'C'
/* "SELECT" in a comment's quotes counts too: the check is strict */
static const char *ok = "CREATE game=x seat=white"; /* CGP, not SQL */
void planted(char *sql, int n, const char *id)
{
	snprintf(sql, n, "UPDATE games SET rated = 1 WHERE id = '%s'", id);
	snprintf(sql, n, "delete this: " "DELETE FROM accounts");
}
C
cat > "$tmp/t/src/web/planted.h" <<'C'
#define Q "SELECT 1", "CREATE TABLE x(y)"
C
cat > "$tmp/t/src/net/store/store_planted.c" <<'C'
static const char *q = "INSERT INTO seek_claims(id) VALUES (?)";
C
want='src/net/server/planted.c:1:"SELECT"
src/net/server/planted.c:5:"UPDATE games SET rated = 1 WHERE id = '"'"'%s'"'"'"
src/net/server/planted.c:6:"DELETE FROM accounts"
src/web/planted.h:1:"SELECT 1"
src/web/planted.h:1:"CREATE TABLE x(y)"'
scan "$tmp/t" > "$tmp/planted"
if [ "$(cat "$tmp/planted")" != "$want" ]; then
	echo "sql_strings.sh: self-test: the planted strings, wanted:"
	echo "$want" | sed 's/^/  /'
	echo "found:"
	sed 's/^/  /' "$tmp/planted"
	status=1
else
	echo "sql_strings.sh: self-test: $(echo "$want" | wc -l) planted" \
	    "strings each named, the store's own left alone"
fi

# The PostgreSQL store binds every value ($1, $2...: store_pg_batch.c,
# pg_query, PQexecParams): none quoted into a statement's text by libpq
# (PQescapeLiteral, PQescapeString, PQescapeStringConn, PQescapeBytea,
# PQescapeByteaConn: named anywhere in src/net/store, even in a comment;
# an identifier's PQescapeIdentifier excepted), nor written in by a
# printf conversion (%s, %d, %lld...) in a string of src/net/store/
# store_pg*.c that holds an SQL keyword (SET too). scan_pg DIR: each
# found, as FILE:LINE:text.
scan_pg() {
	(cd "$1" && find src/net/store -type f \( -name '*.c' -o -name '*.h' \) |
	    LC_ALL=C sort | xargs grep -nE \
	    'PQescape(Literal|String|StringConn|Bytea|ByteaConn)([^A-Za-z0-9_]|$)' \
	    /dev/null
	cd "$1" && find src/net/store -type f -name 'store_pg*.c' |
	    LC_ALL=C sort | xargs grep -noE '"([^"\\]|\\.)*"' /dev/null |
	    grep -E "$re|$w(SET|LISTEN)([^A-Za-z0-9_]|\$)" |
	    grep -E '%[-0-9.]*(l|ll|z|h)?[sdiuxf]')
}
scan_pg "$srcdir" > "$tmp/pgfound"
if [ -s "$tmp/pgfound" ]; then
	echo "sql_strings.sh: a value quoted or printed into the PostgreSQL"
	echo "store's SQL (bind it: \$1, pg_val, PQexecParams):"
	sed 's/^/  /' "$tmp/pgfound"
	status=1
fi
mkdir -p "$tmp/p/src/net/store"
cat > "$tmp/p/src/net/store/store_pg_planted.c" <<'C'
	q = PQescapeLiteral(pg->w, v, strlen(v));
	q = PQescapeStringConn(c, to, v, n, &e);
	q = PQescapeIdentifier(c, "games", 5);  /* an identifier: left alone */
	snprintf(sql, n, "DELETE FROM congo_servers WHERE id = '%s';", me);
	snprintf(sql, n, "SET lock_timeout = %d", ms);
	snprintf(err, n, "%s: cannot store", name);   /* not SQL */
	pg_sql(s, "UPDATE games SET ply = $1::integer");
C
wantpg='src/net/store/store_pg_planted.c:1:	q = PQescapeLiteral(pg->w, v, strlen(v));
src/net/store/store_pg_planted.c:2:	q = PQescapeStringConn(c, to, v, n, &e);
src/net/store/store_pg_planted.c:4:"DELETE FROM congo_servers WHERE id = '"'"'%s'"'"';"
src/net/store/store_pg_planted.c:5:"SET lock_timeout = %d"'
scan_pg "$tmp/p" > "$tmp/pgplanted"
if [ "$(cat "$tmp/pgplanted")" != "$wantpg" ]; then
	echo "sql_strings.sh: self-test of the PostgreSQL store's, wanted:"
	echo "$wantpg" | sed 's/^/  /'
	echo "found:"
	sed 's/^/  /' "$tmp/pgplanted"
	status=1
else
	echo "sql_strings.sh: self-test: $(echo "$wantpg" | wc -l) values" \
	    "quoted or printed into the PostgreSQL store's SQL each named"
fi
exit $status
