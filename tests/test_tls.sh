#!/bin/bash
# test_tls.sh: CGP/1 over TLS (congo-server --tls-listen, issue 33 section
# 4), driven by an independent client (python3's ssl module) with a real
# certificate made here by openssl. A game over TLS (HELLO, CREATE, JOIN,
# MOVE; the other seat sees the move) beside the plain port, which still
# works; TLS 1.2 or later only; a socket that never completes its handshake
# is closed after 10 s and one that speaks plain text to the TLS port is
# refused, the server staying up; the certificate replaced on disk and
# SIGHUP: new connections get the new one while one opened before goes on,
# and a broken file on SIGHUP keeps the one read before. --port none: TLS
# only. Skipped (77) without openssl or python3.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
command -v openssl >/dev/null || { echo "no openssl: skipped"; exit 77; }
command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
. "$(dirname "$0")"/tmp_lib.sh
tmp_setup congo-tls
fail() { echo "test_tls.sh: $*"; [ -f "$tmp/server.log" ] && tail -20 "$tmp/server.log"; exit 1; }

. "$(dirname "$0")/tls_lib.sh"
# wait_log PATTERN: until the server's log has it (5 s at most).
wait_log() {
	for _ in $(seq 100); do
		grep -q "$1" "$tmp/server.log" && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	fail "the log never said '$1'"
}
# start ARGS: a server; sets pid, port (plain, "" without) and tport.
start() {
	: > "$tmp/server.log"
	"$server" --bind 127.0.0.1 --db "$tmp/games.db" \
	    --tls-listen 127.0.0.1:0 "$@" 2> "$tmp/server.log" &
	pid=$!
	wait_log "CGP/1 over TLS on"
	tport=$(sed -n 's/.*CGP\/1 over TLS on .* (port \([0-9]*\)).*/\1/p' \
	    "$tmp/server.log")
	port=$(sed -n 's/.*listening on .* port \([0-9]*\).*/\1/p' \
	    "$tmp/server.log")
}

cat > "$tmp/client.py" <<'EOF'
import socket, ssl, sys, time, hashlib

port, ca, what = int(sys.argv[1]), sys.argv[2], sys.argv[3]

def tls(cafile=ca, maxv=None):
    ctx = ssl.create_default_context(cafile=cafile)
    if maxv is not None:
        ctx.minimum_version = ssl.TLSVersion.TLSv1
        ctx.maximum_version = maxv
        ctx.set_ciphers("ALL:@SECLEVEL=0")
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    return ctx.wrap_socket(s, server_hostname="localhost")

class Conn:
    def __init__(self, s):
        self.s, self.f = s, s.makefile("rwb")
        greet = self.line()
        assert greet.startswith("HELLO CGP/1 "), greet
    def line(self):
        l = self.f.readline()
        if not l:
            raise SystemExit("the server closed the connection")
        return l.decode().rstrip("\n")
    def send(self, l):
        self.f.write((l + "\n").encode()); self.f.flush()
    def until(self, prefix):
        while True:
            l = self.line()
            if l.startswith(prefix):
                return l
    def cmd(self, l):
        tag = l.split()[0]
        self.send(l)
        return self.until("OK " + tag + " ")

def kv(line, key):
    for w in line.split():
        if w.startswith(key + "="):
            return w[len(key) + 1:]
    raise SystemExit("no %s= in %s" % (key, line))

if what == "game":
    w = Conn(tls())
    assert w.s.version() in ("TLSv1.2", "TLSv1.3"), w.s.version()
    w.send("HELLO CGP/1 client=test-tls")
    w.until("OK * HELLO")
    g = kv(w.cmd("#c CREATE seat=white name=ann"), "game")
    b = Conn(tls())
    b.send("HELLO CGP/1 client=test-tls")
    b.until("OK * HELLO")
    b.cmd("#j JOIN game=%s seat=black name=bob" % g)
    w.cmd("#m MOVE game=%s ply=0 move=c2c3" % g)
    mv = b.until("EV %s " % g + "")
    while " MOVE " not in mv:
        mv = b.until("EV %s " % g)
    assert "move=c2c3" in mv, mv
    b.cmd("#m MOVE game=%s ply=1 move=c6c5" % g)
    print("game", g, w.s.version(), w.s.cipher()[0])
elif what == "old":
    # TLS 1.1 at most: refused.
    try:
        s = tls(maxv=ssl.TLSVersion.TLSv1_1)
        print("accepted", s.version())
    except (ssl.SSLError, OSError) as e:
        print("refused")
elif what == "silent":
    # A TCP connection that never starts its handshake: closed by the
    # server; how long it took.
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    t = time.monotonic()
    d = s.recv(100)
    print("closed after %.1f s" % (time.monotonic() - t), repr(d))
elif what == "plaintext":
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(b"HELLO CGP/1 client=plain\n")
    try:
        d = s.recv(100)
    except ConnectionResetError:
        d = b""
    print("got", repr(d[:5]))
elif what == "fingerprint":
    # The certificate served, as SHA-256 of its DER (openssl's form).
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    s = ctx.wrap_socket(socket.create_connection(("127.0.0.1", port),
        timeout=10), server_hostname="localhost")
    print(hashlib.sha256(s.getpeercert(True)).hexdigest())
elif what == "hold":
    # Connect, say HELLO, then wait for "go" on stdin and PING: an old
    # connection after a reload.
    c = Conn(tls())
    c.send("HELLO CGP/1 client=test-tls")
    c.until("OK * HELLO")
    print("ready", flush=True)
    sys.stdin.readline()
    c.send("PING still")
    print(c.until("PONG"), flush=True)
EOF
fp() { openssl x509 -in "$1" -outform DER | sha256sum | cut -d' ' -f1; }
py() { python3 -W ignore "$tmp/client.py" "$@"; }

tls_cert a
tls_cert b
"$server" --db "$tmp/games.db" --create --tls-listen 127.0.0.1:0 \
    > "$tmp/out" 2>&1 && fail "--tls-listen without a certificate started"
grep -q -- "--tls-cert" "$tmp/out" || fail "no word of --tls-cert: $(cat "$tmp/out")"
"$server" --db "$tmp/games.db" --create --port none \
    > "$tmp/out" 2>&1 && fail "--port none without TLS started"
grep -q "nothing to listen on" "$tmp/out" || fail "--port none alone: $(cat "$tmp/out")"

cp "$tmp/a.crt" "$tmp/cur.crt"; cp "$tmp/a.key" "$tmp/cur.key"
start --port 0 --create --tls-cert "$tmp/cur.crt" --tls-key "$tmp/cur.key"
[ -n "$port" ] && [ -n "$tport" ] || fail "no ports: $port $tport"

out=$(py "$tport" "$tmp/a.crt" game) || fail "a game over TLS: $out"
echo "$out"
out=$(py "$tport" "$tmp/a.crt" old)
[ "$out" = refused ] || fail "TLS 1.1 was not refused: $out"
wait_log "TLS handshake: .*protocol"

# The plain port still speaks CGP/1.
exec 3<>"/dev/tcp/127.0.0.1/$port" || fail "no plain port"
read -r -t 5 line <&3
printf 'HELLO CGP/1 client=plain\n' >&3
read -r -t 5 line <&3
case $line in "OK * HELLO"*) ;; *) fail "plain port: $line";; esac
exec 3<&-

out=$(py "$tport" "$tmp/a.crt" plaintext)
case $out in "got b''") ;; *) fail "plain text on the TLS port: $out";; esac
out=$(py "$tport" "$tmp/a.crt" silent)
echo "$out"
case $out in "closed after 9."*|"closed after 10."*|"closed after 11."*) ;;
*) fail "a silent TLS socket: $out";; esac
grep -q "no TLS handshake within 10 s" "$tmp/server.log" || fail "no log of the deadline"
kill -0 "$pid" || fail "the server died"

# A connection of the old certificate, held open across the reload.
mkfifo "$tmp/go"
py "$tport" "$tmp/a.crt" hold < "$tmp/go" > "$tmp/hold.out" 2>&1 &
hold=$!
exec 4> "$tmp/go"
for _ in $(seq 100); do grep -q ready "$tmp/hold.out" && break; sleep 0.05; done
grep -q ready "$tmp/hold.out" || fail "the held connection: $(cat "$tmp/hold.out")"

[ "$(py "$tport" x fingerprint)" = "$(fp "$tmp/a.crt")" ] || fail "not certificate a"
cp "$tmp/b.crt" "$tmp/cur.crt"; cp "$tmp/b.key" "$tmp/cur.key"
kill -HUP "$pid"
wait_log "certificate .* read again"
[ "$(py "$tport" x fingerprint)" = "$(fp "$tmp/b.crt")" ] ||
    fail "SIGHUP: not the new certificate"
out=$(py "$tport" "$tmp/b.crt" game) || fail "a game after the reload: $out"
echo go >&4
exec 4>&-
wait "$hold"
grep -q "PONG still" "$tmp/hold.out" || fail "the old connection after the reload: $(cat "$tmp/hold.out")"

# A broken file on SIGHUP: said, and the certificate before kept.
echo "not a certificate" > "$tmp/cur.crt"
kill -HUP "$pid"
wait_log "the certificate read before is kept"
[ "$(py "$tport" x fingerprint)" = "$(fp "$tmp/b.crt")" ] ||
    fail "a broken file replaced the certificate"
kill "$pid" && wait "$pid"
pid=

# --port none: TLS only.
cp "$tmp/b.crt" "$tmp/cur.crt"
start --port none --tls-cert "$tmp/cur.crt" --tls-key "$tmp/cur.key"
grep -q "no plain port" "$tmp/server.log" || fail "--port none: $(cat "$tmp/server.log")"
out=$(py "$tport" "$tmp/b.crt" game) || fail "TLS only: $out"
kill "$pid" && wait "$pid"
pid=
echo "test_tls.sh: ok"
