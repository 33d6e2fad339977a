#!/bin/sh
# readonly_db.sh: congo-server's database becomes read-only while clients
# play (chattr +i on the file and its write-ahead log, on an ext4 file
# system of its own: writes then fail with EPERM), then writable again.
# The promises (congo-server(6) FAULTS): the server keeps answering (a PING
# and a STATE of a game in memory within 50 ms all along); a MOVE is
# refused at once with 507 STORAGE_FAILED and nothing is acknowledged that
# is not stored; the log says read-only; once the file is writable the
# same server stores moves again, and every acknowledged move is there. A
# start on the read-only file fails, saying so. Needs root, a loop device
# and mkfs.ext4 (exit 77, skipped, otherwise).
#
#   tests/fault/readonly_db.sh          (from the build directory)
. "$(dirname "$0")/fault_lib.sh"
mnt="$tmp/mnt"
mkdir -p "$mnt"
if ! truncate -s 64M "$tmp/fs.img" || ! mkfs.ext4 -q -F "$tmp/fs.img" \
    >/dev/null 2>&1 || ! mount -o loop "$tmp/fs.img" "$mnt" 2>/dev/null; then
	mnt=
	echo "readonly_db: cannot mount an ext4 image here (not root?): skipped"
	exit 77
fi
db="$mnt/ro.db"
writable() {
	chattr -i "$db" "$db-wal" 2>/dev/null
}
readonly_cleanup() {
	writable
	fault_cleanup
}
trap readonly_cleanup EXIT
start_new_watched "$db"
"$client" play --port "$port" --log "$tmp/ack.1" --games 4 --seconds 30 \
    --stop-after-507 400 > "$tmp/play.1" 2>&1 &
cpid=$!
if ! wait_for 10 grep -qs '^M ' "$tmp/ack.1"; then
	echo "readonly_db: no move acknowledged before the fault"
	exit 1
fi
if ! chattr +i "$db" "$db-wal"; then
	echo "readonly_db: chattr +i does not work here: skipped"
	exit 77
fi
wait "$cpid"
st=$?
writable
echo "readonly_db: read-only:"
check_play "$tmp/play.1" || exit 1
[ $st -eq 0 ] || exit 1
if [ "$(field end "$tmp/play.1")" != 507s ]; then
	echo "readonly_db: the client did not end on 507s"
	exit 1
fi
fault_recovers readonly_db 'read-only' 'say read-only' 'writable again'

# A start on the read-only file: refused, saying so.
chattr +i "$db" || exit 1
if start_server "$db" "$tmp/start.log" >/dev/null; then
	echo "readonly_db: the server started on a read-only database"
	exit 1
fi
writable
cat "$tmp/start.log"
if ! grep -q 'read-only' "$tmp/start.log"; then
	echo "readonly_db: the refusal does not say read-only"
	exit 1
fi
start_server "$db" "$tmp/restart.log" || exit 1
"$client" check --port "$port" --log "$tmp/ack.1" "$tmp/ack.2" || exit 1
stop_server || exit 1
check_log "$tmp/restart.log" || exit 1
echo "readonly_db: read-only: answers kept coming, refusals at once, nothing acknowledged lost"
