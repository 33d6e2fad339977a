# fault_lib.sh: shared by the server fault scripts (sourced, POSIX sh).
# Needs CONGO_BUILDDIR (default: the current directory) with
# src/congo-server, tests/fault/fault_client and fault_probe built (make
# fault does).
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
client="$builddir/tests/fault/fault_client"
probe="$builddir/tests/fault/fault_probe"
. "$(dirname "$0")/../tmp_lib.sh"
tmp_need_built "$server" "$client" "$probe"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/congo-fault.XXXXXX") || exit 2
spid=
port=
# --create for a first start only: a restart must find its database.
create_flag=
fault_cleanup() {
	if [ -n "$spid" ]; then
		kill -9 "$spid" 2>/dev/null
		wait "$spid" 2>/dev/null
	fi
	if [ -n "${mnt:-}" ]; then
		umount "$mnt" 2>/dev/null
	fi
	rm -rf "$tmp"
}
trap fault_cleanup EXIT
trap 'exit 1' INT TERM HUP

# start_server DB LOG: start it on a free loopback port; sets spid, port.
# Returns 1 (with the log shown) when it does not come up.
start_server() {
	: > "$2"	# there before the background job opens it
	"$server" --port 0 --bind 127.0.0.1 --db "$1" $create_flag --max-connections 500 \
	    --max-per-address 500 --games-per-minute 1000000 \
	    --commands-per-second 100000 \
	    --log-level info 2>"$2" &
	spid=$!
	port=
	j=0
	while [ -z "$port" ] && [ $j -lt 200 ]; do
		if ! kill -0 "$spid" 2>/dev/null; then
			wait "$spid"
			echo "server exited with status $? at start-up:"
			cat "$2"
			spid=
			return 1
		fi
		port=$(sed -n '/listening on .* port [0-9]/{s/.* port \([0-9]*\).*/\1/p;q;}' "$2")
		[ -n "$port" ] || sleep 0.05
		j=$((j + 1))
	done
	if [ -z "$port" ]; then
		echo "server did not start:"
		cat "$2"
		return 1
	fi
	return 0
}

# stop_server: SIGTERM, wait; fails unless it stops cleanly (status 0).
stop_server() {
	kill -TERM "$spid"
	wait "$spid"
	st=$?
	spid=
	if [ $st -ne 0 ]; then
		echo "server stopped with status $st"
		return 1
	fi
	return 0
}

# A sanitizer report or a crash in a server log fails the run.
check_log() {
	if grep -E 'ERROR: (Address|Leak|Undefined)Sanitizer|runtime error:' "$1" >/dev/null; then
		echo "sanitizer report in $1:"
		cat "$1"
		return 1
	fi
	return 0
}

# wait_for SECONDS COMMAND...: poll COMMAND every 50 ms until it succeeds;
# fails when it has not within SECONDS.
wait_for() {
	wf_end=$(($(date +%s) + $1))
	shift
	until "$@"; do
		if [ "$(date +%s)" -ge "$wf_end" ]; then
			return 1
		fi
		sleep 0.05
	done
	return 0
}

# field NAME FILE: NAME=value's value in a client's summary line.
field() {
	tr ' ' '\n' < "$2" | sed -n "s/^$1=//p" | tail -n 1
}

# The limits every database fault keeps (congo-server(6) OPERATIONS): a
# PING and a STATE of a game in memory answered within 50 ms (99 in 100 of
# them, none over a second: a loaded machine's scheduling, not the
# server's waits; FAULT_ANSWER_MS for another limit), a command waiting
# for the database answered within 2 s, 2.5 with the commit and the
# round trip (FAULT_STORE_MS, the same).
answer_ms=${FAULT_ANSWER_MS:-50}
store_ms=${FAULT_STORE_MS:-2500}

# start_watch: fault_probe watch in the background (its own game, PINGs
# and STATEs timed) until $tmp/watch.stop exists; sets wpid once its game
# is made. finish_watch: stops it; fails when an answer was slow or bad.
start_watch() {
	rm -f "$tmp/watch.ready" "$tmp/watch.stop"
	"$probe" watch --port "$port" --seconds 600 --ping-max-ms "$answer_ms" \
	    --state-max-ms "$answer_ms" --ready "$tmp/watch.ready" \
	    --until "$tmp/watch.stop" > "$tmp/watch.out" 2>&1 &
	wpid=$!
	if ! wait_for 20 test -f "$tmp/watch.ready"; then
		echo "the watcher did not start:"
		cat "$tmp/watch.out"
		return 1
	fi
	return 0
}
finish_watch() {
	: > "$tmp/watch.stop"
	wait "$wpid"
	ws=$?
	wpid=
	echo "watcher: $(tail -n 1 "$tmp/watch.out")"
	if [ $ws -ne 0 ]; then
		echo "PINGs or STATEs slow or failed (limit $answer_ms ms for 99%):"
		head -n 20 "$tmp/watch.out"
		return 1
	fi
	return 0
}

# check_play FILE: a client's run kept the promises: no surprise answers,
# no MOVE waiting longer than store_ms.
check_play() {
	cat "$1"
	if [ "$(field errors "$1")" != 0 ]; then
		echo "unexpected answers (errors=$(field errors "$1"))"
		return 1
	fi
	if [ "$(field max_ms "$1")" -gt "$store_ms" ]; then
		echo "a MOVE waited $(field max_ms "$1") ms (limit $store_ms)"
		return 1
	fi
	return 0
}

# fault_recovers NAME PATTERN SAYS PHASE: after a fault (locked_db.sh,
# readonly_db.sh; NAME its messages' prefix) the watcher saw answers all
# along, the server lives and its log matches PATTERN ("the log does not
# SAYS" otherwise); in PHASE (after the fault) a second client run stores
# moves again, every acknowledged move of both runs is there, and the
# server stops cleanly with a clean log. Exits 1 on any failure.
fault_recovers() {
	finish_watch || exit 1
	if ! kill -0 "$spid" 2>/dev/null; then
		echo "$1: the server died"
		cat "$tmp/server.log"
		exit 1
	fi
	if ! grep -q "$2" "$tmp/server.log"; then
		echo "$1: the log does not $3:"
		cat "$tmp/server.log"
		exit 1
	fi
	"$client" play --port "$port" --log "$tmp/ack.2" --games 4 \
	    --seconds 2 --seed 2 > "$tmp/play.2" 2>&1
	echo "$1: $4:"
	check_play "$tmp/play.2" || exit 1
	if [ "$(field acked "$tmp/play.2")" = 0 ]; then
		echo "$1: $4, moves are still refused"
		exit 1
	fi
	grep -v ' info: ' "$tmp/server.log" |
	    sed 's/^[^ ]* //; s/game [A-Z2-7]*: //'
	"$client" check --port "$port" --log "$tmp/ack.1" "$tmp/ack.2" ||
	    exit 1
	stop_server || exit 1
	check_log "$tmp/server.log" || exit 1
}

# start_new_watched DB: a server on a new database DB (--create), its log
# in $tmp/server.log, with the watcher started (start_watch); exits 1 when
# either does not start.
start_new_watched() {
	create_flag=--create
	start_server "$1" "$tmp/server.log" || exit 1
	create_flag=
	start_watch || exit 1
}
