#!/bin/sh
# locked_db.sh: another program holds a write transaction on congo-server's
# database for 5 s (fault_probe lock: BEGIN IMMEDIATE) while clients play.
# The promises (congo-server(6) FAULTS): the server keeps answering (a PING
# and a STATE of a game in memory within 50 ms all along); a MOVE waits at
# most 2 s for the lock, then is refused with 507 STORAGE_FAILED and
# nothing is acknowledged that is not stored; the log names the lock; once
# it is gone the same server stores moves again, and every acknowledged
# move is there.
#
#   tests/fault/locked_db.sh          (from the build directory)
. "$(dirname "$0")/fault_lib.sh"
db="$tmp/locked.db"
start_new_watched "$db"
"$client" play --port "$port" --log "$tmp/ack.1" --games 4 --seconds 8 \
    > "$tmp/play.1" 2>&1 &
cpid=$!
if ! wait_for 10 grep -qs '^M ' "$tmp/ack.1"; then
	echo "locked_db: no move acknowledged before the lock"
	exit 1
fi
"$probe" lock --db "$db" --hold-ms 5000 > "$tmp/lock.out" 2>&1
st=$?
cat "$tmp/lock.out"
[ $st -eq 0 ] || exit 1
wait "$cpid"
st=$?
echo "locked_db: during the lock:"
check_play "$tmp/play.1" || exit 1
[ $st -eq 0 ] || exit 1
if [ "$(field e507 "$tmp/play.1")" = 0 ]; then
	echo "locked_db: no move was refused during a 5 s lock"
	exit 1
fi
fault_recovers locked_db 'locked: another program' 'name the lock' 'after the lock'
echo "locked_db: a 5 s lock: answers kept coming, refusals within 2 s, nothing acknowledged lost"
