#!/bin/bash
# test_tourneys_cli.sh: congo --tournaments (issue 60) prints a server's
# tournaments (TOURNEYS), a line each as the server writes their keys, for
# a script: an arena and a correspondence Swiss made by an account, listed
# with their kind, name, status, start, length and time control; the exit
# status 0, and 1 with the reason for a server that cannot be reached.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
congo="$builddir/src/congo"
. "$(dirname "$0")/tmp_lib.sh"
fail() { echo "test_tourneys_cli.sh: $*"; exit 1; }
tmp_setup congo-tourneys
"$server" --port 0 --bind 127.0.0.1 --db "$tmp/g.db" --create \
    2> "$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" || fail "the server did not start"

out=$(say "#r REGISTER name=Ann")
key=$(printf '%s\n' "$out" | sed -n 's/^OK #r REGISTER name=Ann key=\([A-Z2-7]*\).*/\1/p')
[ -n "$key" ] || fail "no key: $out"
out=$(say "LOGIN name=Ann key=$key" \
    "#a TOURNEY kind=arena name=Friday start=2030-01-01T20:00:00Z minutes=60 clock=180+2 rated=yes" \
    "#s TOURNEY kind=swiss name=Sunday-Swiss start=2030-01-05T18:00:00Z rounds=5 days=3" \
    "#x TOURNEY kind=swiss name=Bad start=now rounds=2 clock=60+0" \
    "#q QUIT")
a=$(printf '%s\n' "$out" | sed -n 's/^OK #a TOURNEY tourney=\([A-Z2-7]\{8\}\)$/\1/p')
s=$(printf '%s\n' "$out" | sed -n 's/^OK #s TOURNEY tourney=\([A-Z2-7]\{8\}\)$/\1/p')
[ -n "$a" ] && [ -n "$s" ] || fail "TOURNEY: $out"
printf '%s\n' "$out" | grep -q '^ERR #x 400 BAD_SYNTAX :a Swiss needs rounds= (3-15)$' ||
    fail "rounds=2 not refused: $out"

HOME=$tmp "$congo" --tournaments --connect 127.0.0.1 --port "$port" \
    > "$tmp/out" 2> "$tmp/err" || fail "exit $?: $(cat "$tmp/err")"
cat > "$tmp/want" <<EOW
tourney=$a kind=arena name=Friday status=upcoming start=2030-01-01T20:00:00Z minutes=60 clock=180+2 variant=congo rated=yes players=0
tourney=$s kind=swiss name=Sunday-Swiss status=upcoming start=2030-01-05T18:00:00Z rounds=5 round=0 days=3 variant=congo rated=no players=0
EOW
sort "$tmp/out" > "$tmp/got"
sort "$tmp/want" > "$tmp/want.s"
cmp -s "$tmp/got" "$tmp/want.s" || { diff "$tmp/want.s" "$tmp/got"; fail "the list"; }

tmp_stop "$pid"
pid=
HOME=$tmp "$congo" --tournaments --connect 127.0.0.1 --port "$port" \
    > "$tmp/out" 2> "$tmp/err" && fail "no server: exit 0"
grep -q "^congo: cannot reach 127.0.0.1 port $port" "$tmp/err" ||
    fail "no server: $(cat "$tmp/err")"
echo "test_tourneys_cli.sh: passed"
