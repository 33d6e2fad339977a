#!/bin/sh
# test_host.sh: congo --host serves the game with congo-server as a child
# process (issue 35 section 1), and the game links none of the server's
# libraries. readelf -d src/congo names no libpq, libmicrohttpd or
# libsqlite3; --host without congo-server says how to get it; congo
# --plain --host --port 0 starts congo-server (a child of congo, on the
# port its friend line gives), and the child goes when congo ends: at the
# end of its input, on SIGTERM, and on SIGKILL (the kernel's
# PR_SET_PDEATHSIG), never outliving it. A port another server holds, and
# a server that cannot start (its database a folder), are each said in a
# line that names the problem, with exit status 2. Every wait polls with a
# deadline.
# Exit status: 0 pass, 1 fail, 77 skipped, 99 hard error.

set -u
tmp_prefix=congo-host
. "$(dirname "$0")/cli_lib.sh"
cli_server
cli_home

pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

die() {
	echo "FAIL: $*"
	for f in "$tmp"/out "$tmp"/err "$XDG_STATE_HOME/congo/congo-host.log"; do
		[ -f "$f" ] && { echo "--- $f:"; tail -n 20 "$f"; }
	done
	exit 1
}

# until SECONDS COMMAND...: COMMAND succeeds within SECONDS, or false.
until_ok() {
	_deadline=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -gt "$_deadline" ] && return 1
		sleep 0.05
	done
}

echo "the game links none of the server's libraries"
if command -v readelf > /dev/null; then
	readelf -d "$congo" > "$tmp/dyn" || die "readelf -d $congo"
	if grep NEEDED "$tmp/dyn" | grep -E "libpq|libmicrohttpd|libsqlite3"; then
		die "src/congo needs a server's library"
	fi
	grep -q NEEDED "$tmp/dyn" || die "readelf shows no NEEDED at all"
else
	echo "(readelf is not installed: not checked)"
fi

echo "--host without congo-server says how to get it"
mkdir -p "$tmp/bin" "$tmp/empty"
cp "$congo" "$tmp/bin/congo"
if PATH="$tmp/empty:/usr/bin:/bin" command -v congo-server > /dev/null; then
	echo "(a congo-server is installed in /usr/bin or /bin: not checked)"
else
	PATH="$tmp/empty:/usr/bin:/bin" "$tmp/bin/congo" --plain --host \
	    < /dev/null > "$tmp/out" 2> "$tmp/err"
	st=$?
	[ "$st" = 2 ] || die "--host without congo-server: exit status $st"
	grep -q "apt-get install congo-server" "$tmp/err" ||
	    die "--host without congo-server does not say how to get it"
fi

# host: congo --plain --host --port 0 reading the fifo, held open on fd 3;
# child is its congo-server, port the one its friend is given.
host() {
	rm -f "$tmp/in"
	mkfifo "$tmp/in"
	"$congo" --plain --host --port 0 --name host < "$tmp/in" \
	    > "$tmp/out" 2> "$tmp/err" &
	pid=$!
	exec 3> "$tmp/in"
	until_ok 30 grep -q "Your friend runs: congo --connect" "$tmp/out" ||
	    die "no friend's command line"
	port=$(sed -n 's/.*--connect [^ ]*:\([0-9]*\) --join.*/\1/p' \
	    "$tmp/out" | head -n 1)
	child=$(pgrep -P "$pid" -x congo-server)
	[ -n "$child" ] || die "congo-server is not a child of congo"
	grep -q "listening on .* port $port\$" \
	    "$XDG_STATE_HOME/congo/congo-host.log" ||
	    die "the child does not listen on the friend's port $port"
}

gone() {
	! kill -0 "$child" 2> /dev/null
}

echo "congo --host: the server goes at the end of the game"
host
echo "congo --host on a port another server holds says so"
XDG_STATE_HOME=$tmp/state2 "$congo" --plain --host --port "$port" \
    < /dev/null > "$tmp/out2" 2> "$tmp/err2"
st=$?
[ "$st" = 2 ] || die "--host on a taken port: exit status $st"
grep -q "^congo: --host: port $port is taken (another server listens there)\$" \
    "$tmp/err2" || die "--host on a taken port: $(cat "$tmp/err2")"
exec 3>&-
wait "$pid"
st=$?
pid=
[ "$st" = 0 ] || die "exit status $st after the end of input"
gone || die "congo-server $child outlived congo"

echo "congo --host: the server goes when congo is told to stop"
host
kill -TERM "$pid"
wait "$pid"
pid=
exec 3>&-
until_ok 10 gone || die "congo-server $child outlived congo's SIGTERM"

echo "congo --host: the server goes when congo dies"
host
kill -KILL "$pid"
wait "$pid"
pid=
exec 3>&-
until_ok 10 gone || die "congo-server $child outlived congo's SIGKILL"
echo "congo --host whose server cannot start says what it said"
st_dir=$tmp/badstate
mkdir -p "$st_dir/congo/congo-host.db"   # a folder where the file goes
XDG_STATE_HOME=$st_dir "$congo" --plain --host --port 0 < /dev/null \
    > "$tmp/out2" 2> "$tmp/err2"
st=$?
[ "$st" = 2 ] || die "--host whose server cannot start: exit status $st"
grep -q "^congo: congo-server: .*congo-host.db: not a regular file\$" \
    "$tmp/err2" || die "--host whose server cannot start: $(cat "$tmp/err2")"
echo PASS
