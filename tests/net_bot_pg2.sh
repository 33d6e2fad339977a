#!/bin/sh
# net_bot_pg2.sh: real `congo --bot` processes and two congo-servers on
# one PostgreSQL (issue 59), on test_net_pg.sh's throwaway cluster (its
# mode "cluster"; never a system PostgreSQL): a bot on server A paired
# within a second with a human's bots=yes seek on server B, and not
# without bots=yes; a bot on each server, never paired by their seeks; a
# challenge from B outside the policy declined with its reason; server A
# killed (-9) mid-game and restarted, then the bot killed (-9) and
# restarted on B: both its games resumed and finished, the second by its
# connection that logged in after the list was read. net_bot_pg2.py
# runs the servers, the bots and the humans. Skipped (77) as
# test_net_pg.sh is: without PostgreSQL's programs or libpq; or without
# python3.
#
# Exit status: 0 pass, 1 fail, 77 skipped, 99 hard error.

set -u
command -v python3 >/dev/null 2>&1 || exit 77
here=$(cd "$(dirname "$0")" && pwd)
builddir=${CONGO_BUILDDIR:-$(pwd)}
# The cluster first: test_net_pg.sh makes it and runs this script again
# inside it (CONGO_PG_DIR: its socket's folder).
if [ -z "${CONGO_PG_DIR:-}" ]; then
	exec "$here/test_net_pg.sh" cluster env CONGO_BUILDDIR="$builddir" \
	    sh "$here/net_bot_pg2.sh"
fi
. "$here/tmp_lib.sh"
tmp_setup congo-botpg2
export XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" \
    XDG_CONFIG_HOME="$tmp/config" HOME="$tmp"
mkdir -p "$tmp/state/congo"
if ! python3 "$here/net_bot_pg2.py" "$tmp" "$builddir/src/congo" \
    "$builddir/src/congo-server" \
    "postgresql:///congo?host=$CONGO_PG_DIR&user=congo"; then
	for f in "$tmp"/*.log; do
		echo "== $(basename "$f")"
		tail -n 25 "$f"
	done
	exit 1
fi
