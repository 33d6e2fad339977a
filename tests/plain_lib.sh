# plain_lib.sh: what the tests of congo --plain share (sourced after
# cli_lib.sh, not run): congo --plain started on a fifo it reads, lines
# sent to it, waits (with deadlines, never fixed sleeps) for what it says,
# its end, and the check that what it said is plain text.
# Gives: start, send, lines, wait_for, ends, finish, die, no_keys,
# plain_text;
# pids and spid (a server's) are killed on exit.

pids= spid=
cleanup() {
	for p in $pids $spid; do
		kill -9 "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

die() {
	echo "FAIL: $*"
	for f in "$tmp"/*.out; do
		[ -f "$f" ] || continue
		echo "--- $f:"
		tail -n 40 "$f"
	done
	[ -f "$tmp/server.log" ] && { echo "--- server log:"; tail -n 20 "$tmp/server.log"; }
	exit 1
}

# start NAME FD ARGS...: congo --plain reading the fifo NAME.in (held open
# for writing on FD), writing NAME.out.
start() {
	_n=$1 _fd=$2
	shift 2
	mkfifo "$tmp/$_n.in"
	# (not holding the other players' fifos open: their end of input
	# would never come)
	"$congo" --plain "$@" <"$tmp/$_n.in" >"$tmp/$_n.out" 2>"$tmp/$_n.err" \
	    3>&- 4>&- 5>&- 6>&- &
	eval "pid_$_n=$!"
	pids="$pids $!"
	eval "exec $_fd>\"$tmp/$_n.in\""
}

# send FD LINE
send() {
	printf '%s\n' "$2" >&"$1"
}

lines() {
	wc -l <"$tmp/$1.out"
}

# wait_for NAME PATTERN [SECONDS [FROM_LINE]]: PATTERN (ERE) in NAME's
# output after line FROM_LINE (0: anywhere).
wait_for() {
	_deadline=$(($(date +%s) + ${3:-15}))
	while :; do
		if tail -n +"$((${4:-0} + 1))" "$tmp/$1.out" | grep -Eq -- "$2"; then
			return 0
		fi
		[ "$(date +%s)" -gt "$_deadline" ] &&
		    die "$1: timed out waiting for /$2/"
		sleep 0.05
	done
}

# ends NAME WHY: congo NAME ends within 20 s (else it dies saying "still
# running WHY"); its exit status into $_st.
ends() {
	eval "_p=\$pid_$1"
	_deadline=$(($(date +%s) + 20))
	while kill -0 "$_p" 2>/dev/null; do
		[ "$(date +%s)" -gt "$_deadline" ] &&
		    die "$1: still running $2"
		sleep 0.05
	done
	wait "$_p"
	_st=$?
}

# finish NAME FD: end of input; congo quits by itself, status 0.
finish() {
	eval "exec $2>&-"
	ends "$1" "20 s after the end of its input"
	[ "$_st" -eq 0 ] || die "$1: exit status $_st after end of input"
	grep -q "Goodbye." "$tmp/$1.out" || die "$1: no goodbye"
}

# no_keys: no output names a key of the full screen, or a command with
# the full screen's colon (issue 62: "r or :rematch", "(q quits)",
# ":analyse stop"): the plain mode's words are the commands typed.
no_keys() {
	for f in "$tmp"/*.out; do
		if grep -En "q quits|r or :rematch|(^|[ (\"'])(:[a-z])|Ctrl-R|A again|Enter on it|Space too|clipboard" \
		    "$f"; then
			die "$f: a full screen's key said in the plain mode"
		fi
	done
}

# plain_text: no output holds an escape or any other control byte, and
# all of it is valid UTF-8.
plain_text() {
	for f in "$tmp"/*.out; do
		if LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$f"; then
			die "$f: a control byte in the output"
		fi
		iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1 ||
		    die "$f: not valid UTF-8"
	done
}
