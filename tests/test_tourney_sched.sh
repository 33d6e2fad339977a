#!/bin/bash
# test_tourney_sched.sh: the daily tournaments of congo.conf's
# server.tournaments (issue 60): one whose time is half an hour away is
# made at once (created by no account, its start today's or tomorrow's
# time); a server started again on the store makes it no second time (a
# second entry added then is made, so the schedule has been looked at);
# a wrong value refused at start-up with its file and line.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
. "$(dirname "$0")/tmp_lib.sh"
fail() { echo "test_tourney_sched.sh: $*"; exit 1; }
tmp_setup congo-tsched

# The UTC time in 30 minutes, and that start as TOURNEYS writes it.
now=$(date -u +%s)
at=$(date -u -d "@$((now + 1800))" +%H:%M)
start=$(date -u -d "@$(((now + 1800) / 60 * 60))" +%Y-%m-%dT%H:%M:00Z)
entry() {
	printf '{ kind = "arena"; name = "%s"; at = "%s"; minutes = 60;
	  clock = "3+2"; variant = "congo"; rated = true; minrated = 2; }' \
	    "$1" "$2"
}
printf 'server = { tournaments = ( %s ); };\n' "$(entry Evening "$at")" \
    > "$tmp/one.conf"
printf 'server = { tournaments = ( %s, %s ); };\n' \
    "$(entry Evening "$at")" "$(entry Morning "$at")" > "$tmp/two.conf"

# list: TOURNEYS' items (until PING's answer).
list() {
	say "#t TOURNEYS" "#p PING" | grep '^ITEM #t '
}
# wait_for PATTERN: until an item matches it (10 s at most).
wait_for() {
	local end=$(($(date +%s) + 10))
	while [ "$(date +%s)" -le "$end" ]; do
		list | grep -q "$1" && return 0
	done
	return 1
}

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/g.db" --create \
    --config "$tmp/one.conf" 2> "$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" || fail "the server did not start"
wait_for " name=Evening " || { cat "$tmp/server.log"; fail "no Evening made"; }
list | grep -q "kind=arena name=Evening status=upcoming start=$start minutes=60 clock=180+2 variant=congo rated=yes minrated=2 players=0" ||
    fail "Evening: $(list)"
tmp_stop "$pid"
pid=

"$server" --port 0 --bind 127.0.0.1 --db "$tmp/g.db" \
    --config "$tmp/two.conf" 2> "$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" || fail "the server did not start again"
wait_for " name=Morning " || { cat "$tmp/server.log"; fail "no Morning made"; }
[ "$(list | grep -c ' name=Evening ')" = 1 ] ||
    fail "Evening made twice: $(list)"
tmp_stop "$pid"
pid=

# A wrong value: refused at start-up, its file and line said.
printf 'server = {\n tournaments = ( { kind = "arena"; name = "E";\n at = "25:00"; minutes = 60; clock = "3+2"; } ); };\n' \
    > "$tmp/bad.conf"
"$server" --port 0 --db "$tmp/g.db" --config "$tmp/bad.conf" \
    > "$tmp/bad.out" 2>&1 && fail "a bad at= accepted"
grep -q "bad.conf:3: server.tournaments entry 1: at = \"HH:MM\" (UTC)" \
    "$tmp/bad.out" || fail "the bad at=: $(cat "$tmp/bad.out")"
echo "test_tourney_sched.sh: passed"
