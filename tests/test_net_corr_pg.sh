#!/bin/sh
# test_net_corr_pg.sh: tests/test_net_corr_server on test_net_pg.sh's
# throwaway PostgreSQL cluster (its mode "cluster"): two congo-servers
# sharing it, each player on its own. Both killed (-9) and down past a
# correspondence deadline: at their next start the game ends once (one
# RESULT stored, each player told once); a challenge to an account with no
# connection told by --notify-command once, not by both servers. Skipped
# (77) as test_net_pg.sh is: without PostgreSQL's programs or libpq.
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
exec "$srcdir/tests/test_net_pg.sh" cluster env CONGO_BUILDDIR="$builddir" \
    "$builddir/tests/test_net_corr_server"
