#!/bin/bash
# test_lang_server.sh: congo-server answers its clients in the protocol's
# English whatever its locale (issue 38): a server started in German (its
# --help is German there) refuses a CREATE whose FEN the engine refuses
# with the English text that a person's congo shows translated (every
# client line is answered so: sess_line). Exit status: 0 pass, 1 fail, 77 skipped
# (no translations), 99 hard error.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
. "$(dirname "$0")"/tmp_lib.sh
tmp_setup congo-lang-server
. "$(dirname "$0")"/lang_lib.sh
lang_locale
fail() { echo "test_lang_server.sh: $*"; exit 1; }
pid=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

LANGUAGE=de "$server" --help | grep -q 'Aufruf\|Verwendung\|Optionen' ||
    fail "congo-server --help is not German: the test would prove nothing"

LANGUAGE=de "$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" \
    --create 2>"$tmp/server.log" &
pid=$!
tmp_port "$tmp/server.log" "$pid" ||
    { cat "$tmp/server.log"; echo "error: no server"; exit 99; }


out=$(say "#r REGISTER name=Ann" "#c CREATE seat=white clock=300+5 fen=xyz")
printf '%s\n' "$out" | grep -q '^ERR #c .*the placement has 1 rank, not 7' ||
    fail "the FEN's error is not the protocol's English: $out"
printf '%s\n' "$out" | grep -q 'Aufstellung' &&
    fail "the FEN's error is German: $out"
echo "congo-server in German: the engine's errors to a client in English"
