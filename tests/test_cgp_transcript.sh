#!/bin/sh
# test_cgp_transcript.sh: a scripted CGP/1 session's transcript, compared
# line for line with tests/cgp_transcript.expected: what every connection
# of tests/cgp_transcript.py received (accounts, LOGIN, CREATE and JOIN,
# moves, SAY, takeback and draw offers and answers, a rematch, a rated
# challenge, a declined one, blocking, seeks and their pairing, a
# correspondence game, GAMES, WHOIS, TOP, RECORD and errors), its ids,
# tokens, keys, times and clocks named. Then the server is stopped, Bob's
# key reset (--reset-key) and a new server on the same store answers the
# new key, not the old. On SQLite, and the same transcript on a throwaway
# PostgreSQL cluster (test_net_pg.sh's; that half skipped without
# PostgreSQL's programs or libpq). A redesign of the server that changes
# nothing a client sees leaves it passing.
#
#   tests/test_cgp_transcript.sh            the test (make check)
#   KEEP=1 tests/test_cgp_transcript.sh     keeps its folder (the
#                                           transcript got: $tmp/got)
# CGP_TRANSCRIPT_WRITE=1 writes the expected file from this run instead
# (after a change of the protocol's output that is meant).
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
srcdir=${srcdir:-$(dirname "$0")/..}
server="$builddir/src/congo-server"
expected="$srcdir/tests/cgp_transcript.expected"
. "$(dirname "$0")/tmp_lib.sh"
fail() { echo "test_cgp_transcript.sh: $*"; exit 1; }
command -v python3 > /dev/null || {
	echo "test_cgp_transcript.sh: SKIP: no python3"
	exit 77
}

# start DB [ARGS]: a server on DB; sets pid and port.
start() {
	db=$1
	shift
	: > "$tmp/server.log"
	"$server" --port 0 --bind 127.0.0.1 --db "$db" --rated-same-network \
	    --commands-per-second 100000 \
	    "$@" 2>> "$tmp/server.log" &
	pid=$!
	tmp_port "$tmp/server.log" "$pid" && return
	cat "$tmp/server.log"
	fail "the server did not start on $db"
}

# transcript DB: the session on a server on DB (made there), written to
# $tmp/got.
transcript() {
	start "$1" --create
	CONGO_KEY_FILE="$tmp/key" timeout 120 python3 \
	    "$srcdir/tests/cgp_transcript.py" "$port" 1 > "$tmp/got" ||
	    { tail -n 20 "$tmp/got"; fail "the session on $1 did not end"; }
	tmp_stop "$pid"
	pid=
	"$server" --db "$1" --reset-key bob > "$tmp/newkey" 2> "$tmp/err" ||
	    fail "--reset-key bob: $(cat "$tmp/err")"
	start "$1"
	CONGO_KEY_FILE="$tmp/key" CONGO_NEW_KEY_FILE="$tmp/newkey" \
	    timeout 60 python3 "$srcdir/tests/cgp_transcript.py" "$port" 2 \
	    >> "$tmp/got" ||
	    { tail -n 20 "$tmp/got"; fail "the second session on $1 did not end"; }
	tmp_stop "$pid"
	pid=
}

# compare WHERE: $tmp/got is the expected transcript.
compare() {
	if [ -n "${CGP_TRANSCRIPT_WRITE:-}" ]; then
		cp "$tmp/got" "$expected"
		echo "test_cgp_transcript.sh: wrote $expected ($1)"
		return
	fi
	diff -u "$expected" "$tmp/got" > "$tmp/diff" || {
		head -n 80 "$tmp/diff"
		fail "the transcript on $1 differs from $expected (above)"
	}
	echo "test_cgp_transcript.sh: $1: $(wc -l < "$tmp/got") lines as expected"
}

if [ "${1:-}" = pg ]; then
	# Called back by test_net_pg.sh with its cluster (CONGO_PG_DIR, its
	# socket folder).
	tmp_setup congo-transcript-pg
	transcript "postgresql:///congo?host=$CONGO_PG_DIR&user=congo"
	compare PostgreSQL
	exit 0
fi

tmp_setup congo-transcript
transcript "$tmp/games.db"
compare SQLite
[ -n "${CGP_TRANSCRIPT_WRITE:-}" ] && exit 0
"$srcdir/tests/test_net_pg.sh" cluster "$0" pg
rc=$?
[ $rc = 77 ] && { echo "test_cgp_transcript.sh: PostgreSQL's half skipped"; exit 0; }
exit $rc
