#!/bin/sh
# net_tls_lost.sh: a TLS connection lost, and the reason said is libtls's
# own words, not freed memory (issue 63: the client passed tls_error()'s
# text, which lives in the TLS context, to the code that freed that
# context before copying it; under AddressSanitizer a use-after-free).
# congo --games against a fake server (tests/tls_fake.py) that loses the
# connection each way: it answers the handshake with plain text (the
# handshake refused), it closes the connection as soon as it is accepted
# (congo's alert then meets a closed socket: SIGPIPE, which ended congo
# --games, is ignored there as in the views), it resets the connection
# after HELLO (lost in the
# middle of the session), and a certificate refused (changed since it was
# pinned); then congo-server's side of the same: a handshake refused, a
# connection reset. Each reason is checked word for word, and no
# sanitizer's report is in any output (CI's --enable-sanitizers build).
#
# Exit status: 0 pass, 1 fail, 77 skipped (no openssl or python3).

set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
congo="$builddir/src/congo"
server="$builddir/src/congo-server"
command -v openssl >/dev/null 2>&1 || { echo "no openssl: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "no python3: skipped"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tmp_lib.sh"
tmp_setup congo-tls-lost
fakes=
fail() {
	echo "FAIL: $*"
	exit 1
}
# (tmp_lib.sh's cleanup stops the server, $pid; the fakes first)
stop_fakes() {
	for _f in $fakes; do
		kill "$_f" 2>/dev/null && wait "$_f" 2>/dev/null
	done
	fakes=
}
cleanup() {
	_s=$?
	stop_fakes
	(exit $_s)
	tmp_cleanup
}
trap cleanup EXIT
. "$here/tls_lib.sh"
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"
export XDG_CONFIG_HOME="$tmp/config"
mkdir -p "$HOME" "$XDG_CONFIG_HOME"
tls_cert self
tls_cert other

# fake MODE: a fake server in $tmp/fake-MODE; its port in fport.
fake() {
	mkdir -p "$tmp/fake-$1"
	python3 "$here/tls_fake.py" "$tmp/self.crt" "$tmp/self.key" \
	    "$tmp/fake-$1" "$1" &
	fakes="$fakes $!"
	_i=0
	while [ ! -s "$tmp/fake-$1/port" ]; do
		_i=$((_i + 1))
		[ $_i -gt 200 ] && fail "the fake server $1 did not start"
		sleep 0.05
	done
	fport=$(cat "$tmp/fake-$1/port")
}
# games ARGS...: congo --games, its words in $tmp/out (status 1 wanted);
# no sanitizer's report in them.
games() {
	"$congo" --games "$@" >"$tmp/out" 2>&1
	_st=$?
	grep -q "Sanitizer\|runtime error:" "$tmp/out" &&
	    fail "a sanitizer's report: $(cat "$tmp/out")"
	[ "$_st" = 1 ] || fail "status $_st, not 1: $(cat "$tmp/out")"
	echo "  $(cat "$tmp/out" | tail -n 1)"
}
# said LINE: the last line of $tmp/out is exactly LINE (a fixed string).
said() {
	[ "$(tail -n 1 "$tmp/out")" = "$1" ] ||
	    fail "said: $(tail -n 1 "$tmp/out" | od -c | head -n 5)
wanted: $1"
}

echo "# the handshake refused (plain text for an answer)"
fake garbage
games --connect "tls://127.0.0.1:$fport"
# libtls's words, as it says them for this (OpenSSL's reason inside)
tail -n 1 "$tmp/out" | grep -Eqx "congo: cannot reach 127\.0\.0\.1 port $fport: TLS with 127\.0\.0\.1 port $fport: handshake failed: error:[0-9A-F]+:SSL routines::wrong version number" ||
    fail "not libtls's words: $(tail -n 1 "$tmp/out" | od -c | head -n 5)"

echo "# closed as soon as accepted (the client's alert then meets a closed socket: EPIPE, which killed congo --games with SIGPIPE)"
fake close
games --connect "tls://127.0.0.1:$fport"
# (which one comes first, the end or the reset, is the kernel's race)
# (and the first check's words, then those of the try without the
# checks when they differ)
w="handshake failed: (error:[0-9A-F]+:SSL routines::[a-z ]+|Connection reset by peer)"
tail -n 1 "$tmp/out" | grep -Eqx "congo: cannot reach 127\.0\.0\.1 port $fport: TLS with 127\.0\.0\.1 port $fport: $w(; without the checks: $w)?" ||
    fail "not libtls's words: $(tail -n 1 "$tmp/out" | od -c | head -n 5)"

echo "# the connection reset after HELLO (a pin kept: it goes on)"
fake reset
games --connect "tls://127.0.0.1:$fport" --tls-trust-new
said "congo: cannot reach 127.0.0.1 port $fport: read failed: Connection reset by peer"
grep -q " reset$" "$tmp/fake-reset/log" || fail "the fake did not reset"
games --connect "tls://127.0.0.1:$fport"
said "congo: cannot reach 127.0.0.1 port $fport: read failed: Connection reset by peer"

echo "# a certificate refused (not the one pinned)"
line=$(grep -n "^127.0.0.1:$fport " "$XDG_DATA_HOME/congo/known_servers" |
    cut -d: -f1)
fpo=SHA256:$(openssl x509 -in "$tmp/other.crt" -outform DER | sha256sum |
    cut -d' ' -f1)
fps=SHA256:$(openssl x509 -in "$tmp/self.crt" -outform DER | sha256sum |
    cut -d' ' -f1)
sed -i "s/^127.0.0.1:$fport .*/127.0.0.1:$fport $fpo/" \
    "$XDG_DATA_HOME/congo/known_servers"
games --connect "tls://127.0.0.1:$fport"
said "congo: cannot reach 127.0.0.1 port $fport: REFUSED: the certificate of 127.0.0.1:$fport has changed (now $fps), it is not the one pinned in $XDG_DATA_HOME/congo/known_servers line $line; someone may be in between. If its operator says it changed, remove that line"
stop_fakes

echo "# congo-server: a handshake refused, a connection reset"
"$server" --port none --db "$tmp/games.db" --create --log-level debug \
    --tls-listen 127.0.0.1:0 --tls-cert "$tmp/self.crt" \
    --tls-key "$tmp/self.key" 2>"$tmp/server.log" &
pid=$!
_i=0
until grep -q "CGP/1 over TLS on" "$tmp/server.log"; do
	_i=$((_i + 1))
	[ $_i -gt 200 ] && fail "the server did not start"
	sleep 0.05
done
tport=$(sed -n 's/.*CGP\/1 over TLS on .* (port \([0-9]*\)).*/\1/p' \
    "$tmp/server.log")
python3 - "$tport" <<'EOF' || fail "the client of the server's side"
import socket, ssl, struct, sys, time
port = int(sys.argv[1])
# plain text to the TLS port: its handshake refused
s = socket.create_connection(("127.0.0.1", port), timeout=10)
s.sendall(b"HELLO CGP/1 client=plain\n")
try:
    s.recv(100)
except OSError:
    pass
s.close()
# a TLS connection reset after HELLO
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
t = ctx.wrap_socket(socket.create_connection(("127.0.0.1", port),
                                             timeout=10))
f = t.makefile("rb")
f.readline()
t.sendall(b"HELLO CGP/1 client=reset\n")
f.readline()
t.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
t.close()
EOF
_i=0
until grep -q "read failed" "$tmp/server.log"; do
	_i=$((_i + 1))
	[ $_i -gt 200 ] && fail "the server never said the reset: $(tail -n 5 "$tmp/server.log")"
	sleep 0.05
done
grep -Eq "127\.0\.0\.1: closed \(#[0-9]+\): TLS handshake: handshake failed: error:[0-9A-F]+:SSL routines::[a-z0-9 ]+$" \
    "$tmp/server.log" || fail "the handshake refused: $(tail -n 5 "$tmp/server.log")"
grep -Eq "127\.0\.0\.1: closed \(#[0-9]+\): TLS: read failed: Connection reset by peer$" \
    "$tmp/server.log" || fail "the reset: $(tail -n 5 "$tmp/server.log")"
kill "$pid" && wait "$pid"
pid=
tmp_sanitizer_reports "$tmp" && echo "net_tls_lost.sh: ok"
