#!/bin/sh
# test_store_tourn.sh: the tournaments in the store (tests/test_store_tourn:
# a tournament, its members, its pairings with their games' results, the
# pairing lease; issue 60) on SQLite, then on a throwaway PostgreSQL cluster
# (test_net_pg.sh's; that half skipped without PostgreSQL's programs or
# libpq).
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
test="$builddir/tests/test_store_tourn"
if [ "${1:-}" = pg ]; then
	# Called back by test_net_pg.sh with its cluster (CONGO_PG_DIR, its
	# socket folder).
	CONGO_STORE_DB="postgresql:///congo?host=$CONGO_PG_DIR&user=congo" \
	    "$test" || exit 1
	echo "test_store_tourn.sh: PostgreSQL: passed"
	exit 0
fi
CONGO_STORE_DB= "$test" || exit 1
echo "test_store_tourn.sh: SQLite: passed"
"$srcdir/tests/test_net_pg.sh" cluster "$0" pg
rc=$?
[ $rc = 77 ] && { echo "test_store_tourn.sh: PostgreSQL's half skipped"; exit 0; }
exit $rc
