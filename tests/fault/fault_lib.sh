# fault_lib.sh: shared by the server fault scripts (sourced, POSIX sh).
# Needs CONGO_BUILDDIR (default: the current directory) with
# src/congo-server and tests/fault/fault_client built (make fault does).
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
client="$builddir/tests/fault/fault_client"
for f in "$server" "$client"; do
	if [ ! -x "$f" ]; then
		echo "$0: $f is not built (make src/congo-server tests/fault/fault_client)"
		exit 2
	fi
done
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
