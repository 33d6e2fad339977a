#!/bin/sh
# watchdog.sh: runs one test of make check (automake's LOG_COMPILER, for
# the programs and the scripts) with a time limit, so a test that hangs
# fails with its log, instead of holding make check until CI's own limit
# kills it and make deletes that log. The limit is $CONGO_TEST_TIMEOUT
# seconds (1200 by default: the slowest test, test_net_pg.sh under
# AddressSanitizer, takes a few minutes); then the test gets TERM (a
# script's trap stops its servers and its PostgreSQL cluster), and KILL
# 30 s later.
#
#   tests/watchdog.sh TEST [ARGS...]
limit=${CONGO_TEST_TIMEOUT:-1200}
if ! command -v timeout > /dev/null; then
	exec "$@"
fi
timeout --kill-after=30 "$limit" "$@"
rc=$?
case $rc in
124|137)
	echo "watchdog.sh: $1 did not end within $limit s (CONGO_TEST_TIMEOUT): stopped" >&2
	exit 99 ;;
esac
exit $rc
