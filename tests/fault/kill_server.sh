#!/bin/sh
# kill_server.sh: SIGKILL congo-server at random moments while two clients
# play 8 games each as fast as it answers; restart it on the same database
# and check that every move ever acknowledged (OK MOVE), over all the runs
# so far, is stored at its ply. FAULT_RUNS times (default 50).
#
#   tests/fault/kill_server.sh          (from the build directory)
. "$(dirname "$0")/fault_lib.sh"
runs=${FAULT_RUNS:-50}
db="$tmp/fault.db"
logs=
total_acked=0
i=1
while [ $i -le "$runs" ]; do
	[ $i -eq 1 ] && create_flag=--create
	start_server "$db" "$tmp/server.$i.log" || exit 1
	create_flag=
	"$client" play --port "$port" --log "$tmp/ack.$i.a" --games 8 \
	    --seconds 30 --seed "$i" > "$tmp/play.$i.a" 2>&1 &
	c1=$!
	"$client" play --port "$port" --log "$tmp/ack.$i.b" --games 8 \
	    --seconds 30 --seed "$((i + 1000))" > "$tmp/play.$i.b" 2>&1 &
	c2=$!
	logs="$logs $tmp/ack.$i.a $tmp/ack.$i.b"
	# 0.2 to 2.2 s into the run: during creation, mid-game, anywhere.
	ms=$(( ($(od -An -N2 -tu2 /dev/urandom) % 2000) + 200 ))
	sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
	kill -9 "$spid"
	wait "$spid" 2>/dev/null
	spid=
	wait $c1; s1=$?
	wait $c2; s2=$?
	if [ $s1 -ne 0 ] || [ $s2 -ne 0 ]; then
		echo "run $i: a client failed:"
		cat "$tmp/play.$i.a" "$tmp/play.$i.b"
		exit 1
	fi
	check_log "$tmp/server.$i.log" || exit 1
	start_server "$db" "$tmp/restart.$i.log" || {
		echo "run $i: the server does not start after the kill"
		exit 1
	}
	# shellcheck disable=SC2086
	if ! "$client" check --port "$port" --log $logs > "$tmp/check.$i" 2>&1; then
		echo "run $i (killed after $ms ms): acknowledged moves lost:"
		cat "$tmp/check.$i"
		exit 1
	fi
	stop_server || exit 1
	check_log "$tmp/restart.$i.log" || exit 1
	acked=$(cat "$tmp/play.$i.a" "$tmp/play.$i.b" | sed -n 's/.*acked=\([0-9]*\).*/\1/p' | awk '{s += $1} END {print s + 0}')
	total_acked=$((total_acked + acked))
	echo "run $i: killed after $ms ms, $acked moves acknowledged in the run; $(cat "$tmp/check.$i")"
	i=$((i + 1))
done
echo "kill_server: $runs kills survived, $total_acked acknowledged moves, none lost"
