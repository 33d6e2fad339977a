#!/bin/bash
# test_server_notify.sh: congo-server --notify-command as an operator
# meets it. A challenge to an account with no connection runs the command
# with CONGO_EVENT, CONGO_GAME and CONGO_PLAYER; a command that fails is
# logged with its exit status and the server goes on. A command that hangs
# (a mail pipeline that never ends) does not keep the server from stopping:
# SIGTERM ends it within seconds, the command's whole process group is
# killed and said in the log, and the notices still waiting are said
# dropped.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
. "$(dirname "$0")"/tmp_lib.sh
tmp_setup congo-notify
fail() { echo "test_server_notify.sh: $*"; [ -f "$tmp/server.log" ] &&
    cat "$tmp/server.log"; exit 1; }

# start CMD: a server whose --notify-command is CMD; sets pid and port.
start() {
	: > "$tmp/server.log"
	rm -f "$tmp/games.db"
	"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
	    --notify-command "$1" 2> "$tmp/server.log" &
	pid=$!
	tmp_port "$tmp/server.log" "$pid" && return
	fail "the server did not start"
}

# until SECONDS COMMAND...: poll COMMAND until it succeeds, else fail.
until_ok() {
	local deadline=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -le "$deadline" ] || return 1
		sleep 0.05
	done
}

# challenge NAMES...: ann (registered here) challenges each of NAMES,
# registered here too and never connected again; prints the games.
challenge() {
	local out key n
	out=$(say "#r REGISTER name=ann")
	key=$(printf '%s\n' "$out" | sed -n 's/^OK #r REGISTER name=ann key=\([A-Z2-7]*\).*/\1/p')
	[ ${#key} = 26 ] || fail "no key: $out"
	for n in "$@"; do
		say "#r REGISTER name=$n" | grep -q "^OK #r REGISTER" ||
		    fail "cannot register $n"
		out=$(say "#l LOGIN name=ann key=$key" \
		    "#c CHALLENGE name=$n days=3 rated=no")
		printf '%s\n' "$out" |
		    sed -n 's/^OK #c CHALLENGE game=\([A-Z2-7]*\).*/\1/p'
	done
}

# A command that fails: run with the notice's environment, logged.
start "echo \"\$CONGO_EVENT \$CONGO_GAME \$CONGO_PLAYER\" >> '$tmp/told'; exit 3"
game=$(challenge bob)
[ -n "$game" ] || fail "no challenge"
until_ok 10 grep -q "^challenge $game bob$" "$tmp/told" 2>/dev/null ||
    fail "the command was not run: $(cat "$tmp/told" 2>/dev/null)"
until_ok 10 grep -q "notify-command for bob (game $game, challenge) failed: exit status 3" \
    "$tmp/server.log" || fail "its failure was not logged"
say "#l LIST" | grep -q "^OK #l LIST" || fail "the server stopped answering"
kill "$pid" && wait "$pid" || fail "the server did not stop cleanly"

# A command that hangs: SIGTERM still stops the server, within the 5 s
# the notices have then (and room for a busy machine).
rm -f "$tmp/pg"
start "echo \$\$ >> '$tmp/pg'; sleep 1000 | cat"
games=$(challenge bob cyd)
[ "$(printf '%s\n' "$games" | grep -c .)" = 2 ] || fail "no challenges: $games"
until_ok 10 test -s "$tmp/pg" || fail "the command did not start"
pg=$(head -n 1 "$tmp/pg")
kill -0 -- "-$pg" 2>/dev/null || fail "the command has no group $pg"
t0=$(date +%s)
kill -TERM "$pid"
until_ok 30 eval '! kill -0 "$pid" 2>/dev/null' ||
    fail "the server did not stop in 30 s with a command hanging"
wait "$pid" || fail "the server stopped with status $?"
t=$(($(date +%s) - t0))
[ "$t" -le 20 ] || fail "the server took $t s to stop"
# (its processes killed; init reaps them)
until_ok 10 eval '! kill -0 -- "-$pg" 2>/dev/null' ||
    fail "the command's group $pg is still there"
grep -q "notify-command for bob (game [A-Z2-7]*, challenge): killed after [0-9]* s" \
    "$tmp/server.log" || fail "the command's end was not logged"
grep -q "notify-command: the server stops; 1 notices not run" \
    "$tmp/server.log" || fail "the notice dropped was not logged"
echo "test_server_notify.sh: a failure logged; a command hanging killed at the stop"
