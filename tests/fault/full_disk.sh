#!/bin/sh
# full_disk.sh: congo-server with its database on a small tmpfs that fills
# up while clients play. Every command that cannot be stored must be
# answered 507 STORAGE_FAILED at once, the server must keep running and
# answering (a PING and a STATE of a game in memory within 50 ms all
# along), the log must say the disk is full, and every move acknowledged
# before must still be there: on the live server, after a restart on the
# full disk, and once the disk has room again, when the same server
# accepts moves again. Needs root to mount (exit 77, skipped, otherwise).
#
#   tests/fault/full_disk.sh          (from the build directory)
. "$(dirname "$0")/fault_lib.sh"
mnt="$tmp/mnt"
mkdir -p "$mnt"
if ! mount -t tmpfs -o size=${FAULT_DISK_KB:-512}k congo-fault "$mnt" 2>/dev/null; then
	mnt=
	echo "full_disk: cannot mount a tmpfs here (not root?): skipped"
	exit 77
fi
db="$mnt/fault.db"
start_new_watched "$db"
"$client" play --port "$port" --log "$tmp/ack.1" --games 4 --seconds 300 \
    --stop-after-507 50 > "$tmp/play.1" 2>&1
st=$?
check_play "$tmp/play.1" || exit 1
if [ $st -ne 0 ] || ! grep -q 'end=507s' "$tmp/play.1"; then
	echo "full_disk: the client did not end on 507s (status $st)"
	exit 1
fi
finish_watch || exit 1
if ! grep -q 'disk is full' "$tmp/server.log"; then
	echo "full_disk: the log does not say the disk is full"
	exit 1
fi
if ! kill -0 "$spid" 2>/dev/null; then
	echo "full_disk: the server died on the full disk:"
	cat "$tmp/server.log"
	exit 1
fi
df -k "$mnt" | tail -n 1
"$client" check --port "$port" --log "$tmp/ack.1" || exit 1
bytes=$(grep -c . "$tmp/server.log")
echo "full_disk: server log ($bytes lines), errors:"
grep -v ' info: ' "$tmp/server.log" | sed 's/^[^ ]* //; s/game [A-Z2-7]*: //' |
    sort | uniq -c | sort -rn | head -n 5
kill -TERM "$spid"
wait "$spid"
echo "full_disk: server stopped on the full disk with status $?"
spid=
check_log "$tmp/server.log" || exit 1

start_server "$db" "$tmp/restart.log" || {
	echo "full_disk: the server does not start again on the full disk"
	exit 1
}
echo "full_disk: restarted on the full disk:"
"$client" check --port "$port" --log "$tmp/ack.1" || exit 1

# A little room, filled again by this server; then room, and the same
# server stores again.
mount -o remount,size=$((${FAULT_DISK_KB:-512} * 2))k "$mnt" || exit 1
"$client" play --port "$port" --log "$tmp/ack.3" --games 4 --seconds 60 \
    --stop-after-507 20 --seed 3 > "$tmp/play.3" 2>&1
check_play "$tmp/play.3" || exit 1
if ! grep -q 'end=507s' "$tmp/play.3"; then
	echo "full_disk: the restarted server did not fill the disk again"
	exit 1
fi
mount -o remount,size=256m "$mnt" || exit 1
"$client" play --port "$port" --log "$tmp/ack.2" --games 4 --seconds 2 \
    --seed 2 > "$tmp/play.2" 2>&1
check_play "$tmp/play.2" || exit 1
if grep -q 'acked=0 ' "$tmp/play.2"; then
	echo "full_disk: with room again, moves are still refused"
	exit 1
fi
echo "full_disk: with room again:"
"$client" check --port "$port" --log "$tmp/ack.1" "$tmp/ack.3" \
    "$tmp/ack.2" || exit 1
stop_server || exit 1
check_log "$tmp/restart.log" || exit 1
echo "full_disk: 507 on a full disk, nothing acknowledged lost"
