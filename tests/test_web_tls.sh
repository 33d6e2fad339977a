#!/bin/bash
# test_web_tls.sh: congo-server --https, the web pages over TLS (issue 33
# section 4) with the certificate of --tls-cert and --tls-key, made here by
# openssl. curl, trusting only that certificate, gets the front page, a
# game's page and its record over HTTPS, each with HSTS, which the plain
# --http pages never send; TLS 1.1 is refused; a game's event stream over
# HTTPS gets a move made over CGP/1; the HTTPS connections count with the
# plain ones against --max-per-address, and a socket that never completes
# its handshake or its headers is closed at the header deadline; headless
# Chromium (pinned to the certificate) follows the game over HTTPS and
# draws it (tests/web-tls-game.png); then the certificate is replaced on
# disk and SIGHUP: new connections get the new one (its fingerprint, from
# openssl s_client), an event stream opened before is closed, a new one
# works, and a broken key on SIGHUP keeps the certificate read before.
# Skipped (77) without curl, openssl, python3 or libmicrohttpd; the
# browser's part without chromium.
set -u
me=test_web_tls.sh
for c in curl openssl python3; do
	command -v $c > /dev/null || { echo "$me: no $c, skipped"; exit 77; }
done
. "$(dirname "$0")/web_lib.sh"
web_setup webtls
spid=
web_extra_cleanup() {
	[ -n "$spid" ] && kill "$spid" 2>/dev/null
}
. "$(dirname "$0")/tls_lib.sh"
# wait_for (web_lib.sh) gives up when the server is gone.
web_watch=pid
fingerprint() {
	openssl x509 -noout -fingerprint -sha256 "$@" | sed 's/.*=//'
}

tls_cert a
: > "$tmp/server.log"
web_serve "$tmp/server.log" env CONGO_WEB_HEADER_MS=1500 "$server" \
    --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
    --max-per-address 4 --http 127.0.0.1:0 --https 127.0.0.1:0 \
    --tls-cert "$tmp/a.crt" --tls-key "$tmp/a.key"
wait_for "$tmp/server.log" "web pages over TLS on"
https=$(sed -n 's/.*web pages over TLS on .* port \([0-9]*\),.*/\1/p' \
    "$tmp/server.log")
[ -n "$https" ] || fail "no HTTPS port in the log"
grep -q "BEGIN\|PRIVATE" "$tmp/server.log" && fail "the key in the log"
base="https://localhost:$https"
plain="http://127.0.0.1:$http"
# get URL [curl options]: the headers in $tmp/h, the body in $tmp/body,
# the status printed; trusting a.crt only.
get() {
	local url=$1
	shift
	curl -s --cacert "$tmp/a.crt" -D "$tmp/h" -o "$tmp/body" \
	    -w '%{http_code}' "$@" "$url"
}

# A game over CGP/1 (tests/web_cgp.py), one move made.
web_driver "$port"
echo "move c2c3" >&3
wait_for "$tmp/drv.out" '^ok'

hsts='^Strict-Transport-Security: max-age=[1-9][0-9]*'
for u in / "/game/$game" "/game/$game/record" /healthz /static/congo.js \
    /nothing; do
	code=$(get "$base$u")
	case $u in /nothing) want=404 ;; *) want=200 ;; esac
	[ "$code" = "$want" ] || fail "https $u answered $code, not $want"
	grep -qi "$hsts" "$tmp/h" || fail "https $u without HSTS: $(cat "$tmp/h")"
	code=$(curl -s -D "$tmp/ph" -o /dev/null -w '%{http_code}' "$plain$u")
	[ "$code" = "$want" ] || fail "http $u answered $code, not $want"
	grep -qi "^Strict-Transport-Security" "$tmp/ph" && fail "HSTS over plain HTTP ($u)"
done
get "$base/game/$game" > /dev/null
grep -q 'c2c3' "$tmp/body" || fail "the move is not on the HTTPS page"
# Without the certificate trusted, curl refuses the server.
curl -s -o /dev/null "$base/" && fail "curl trusted an unknown certificate"
echo "$me: curl over HTTPS: /, the game, its record, 404: HSTS on each; none over plain HTTP"

# TLS 1.2 or later (python's ssl: TLS 1.1 allowed on its side).
$py - "$https" "$tmp/a.crt" <<'PY' || fail "TLS versions"
import socket, ssl, sys
port, ca = int(sys.argv[1]), sys.argv[2]
def hello(maxv):
    ctx = ssl.create_default_context(cafile=ca)
    ctx.minimum_version = ssl.TLSVersion.TLSv1
    ctx.maximum_version = maxv
    ctx.set_ciphers("ALL:@SECLEVEL=0")
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        t = ctx.wrap_socket(s, server_hostname="localhost")
        v = t.version()
        t.close()
        return v
    except (ssl.SSLError, OSError):
        return None
assert hello(ssl.TLSVersion.TLSv1_1) is None, "TLS 1.1 accepted"
assert hello(ssl.TLSVersion.TLSv1_2) == "TLSv1.2", "TLS 1.2 refused"
print("test_web_tls.sh: TLS 1.1 refused, 1.2 and %s accepted" %
      hello(ssl.TLSVersion.TLSv1_3))
PY

# The game's event stream over HTTPS: the move made after it opened.
curl -s -N --cacert "$tmp/a.crt" "$base/game/$game/events" > "$tmp/sse.txt" &
spid=$!
wait_for "$tmp/sse.txt" '"moves":\["c2c3"\]'
echo "move c6c5" >&3
wait_for "$tmp/sse.txt" 'c6c5'
# and the shared stream (/events: a browser's tabs, one connection)
curl -s -N --max-time 2 --cacert "$tmp/a.crt" "$base/events?g=$game:1" \
    > "$tmp/multi.txt"
grep -q "^data: {\"game\":\"$game\"" "$tmp/multi.txt" ||
    fail "the shared stream over HTTPS: $(cat "$tmp/multi.txt")"
echo "$me: an event stream over HTTPS got the move made over CGP/1"

# The limits: --max-per-address 4 counts HTTP and HTTPS together (four
# plain connections from 127.0.3.1 held, an HTTPS one from there is
# refused); a socket that never says anything to the HTTPS port, and one
# that completes its handshake and never its headers, are closed at the
# header deadline (1.5 s here: CONGO_WEB_HEADER_MS, a test build).
$py - "$http" "$https" "$tmp/a.crt" "${CONGO_TEST_HOOKS:-no}" <<'PY' ||
import socket, ssl, sys, time
hp, sp, ca, hooks = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
ctx = ssl.create_default_context(cafile=ca)
def tls_get(src):
    s = socket.create_connection(("127.0.0.1", sp), timeout=5,
                                 source_address=(src, 0))
    try:
        t = ctx.wrap_socket(s, server_hostname="localhost")
        t.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while True:
            d = t.recv(4096)
            if not d:
                return data
            data += d
    except (ssl.SSLError, OSError):
        return b""
    finally:
        s.close()
assert tls_get("127.0.3.1").startswith(b"HTTP/1.1 200"), "no page over HTTPS"
held = [socket.create_connection(("127.0.0.1", hp),
                                 source_address=("127.0.3.1", 0))
        for _ in range(4)]
for _ in range(100):
    if tls_get("127.0.3.1") == b"":
        break
    time.sleep(0.02)
else:
    sys.exit("an HTTPS connection beyond the plain ones' limit was served")
for s in held:
    s.close()
for _ in range(100):
    if tls_get("127.0.3.1").startswith(b"HTTP/1.1 200"):
        break
    time.sleep(0.05)
else:
    sys.exit("no HTTPS connection served after the plain ones closed")
if hooks != "yes":
    print("test_web_tls.sh: the header deadline not checked (configure --enable-test-hooks)")
    sys.exit(0)
mute = socket.create_connection(("127.0.0.1", sp), source_address=("127.0.4.1", 0))
slow = ctx.wrap_socket(socket.create_connection(("127.0.0.1", sp),
                       source_address=("127.0.5.1", 0)),
                       server_hostname="localhost")
slow.sendall(b"GET / HTTP/1.1\r\n")
t0 = time.monotonic()
for s in (mute, slow):
    s.settimeout(10)
    try:
        while s.recv(4096):
            pass
    except (ssl.SSLError, OSError):
        pass
took = time.monotonic() - t0
assert took < 6, "closed after %.1f s" % took
print("test_web_tls.sh: HTTPS counted with HTTP per network; a mute socket and a slow request over TLS closed at the deadline (%.1f s)" % took)
PY
    fail "the limits over HTTPS"

# Headless Chromium over HTTPS (only this certificate accepted: its key's
# SHA-256), the page live on its stream: a move shows without a reload.
if web_chrome; then
	spki=$(openssl x509 -pubkey -noout -in "$tmp/a.crt" |
	    openssl pkey -pubin -outform der | openssl dgst -sha256 -binary |
	    base64)
	WEB_BROWSER_SPKI=$spki web_browser web_browser.py "$base/game/$game" \
	    "$builddir/tests/web-tls-game.png"
	browser_wait '^ready'
	grep -q '^ready 2$' "$tmp/br.out" || browser_fail "the browser"
	web_send "move c3c4" 3
	echo "$sent" >&4
	browser_wait '^turn'
	exec 4>&-
	wait "$bpid"
	grep -q '^turn last move 2. c3c4, black to move$' "$tmp/br.out" ||
	    browser_fail "the browser"
	dom="$builddir/tests/web-tls-game.png.html"
	grep -q '<li>c2c3 c6c5</li>' "$dom" || fail "the move list"
	# White's pawn on c4 (square 23), c3 (16) empty.
	grep -q '<g id="sq23" class="w">' "$dom" || fail "the board (c4)"
	grep -q '<g id="sq16" class="e">' "$dom" || fail "the board (c3)"
	lag=$(sed -n 's/^shown \(-*[0-9]*\) 3$/\1/p' "$tmp/br.out")
	echo "$me: chromium over HTTPS: the move on the page $lag ms after it was sent; screenshot $builddir/tests/web-tls-game.png"
else
	echo "$me: no chromium or python3-websocket, the browser's part skipped"
fi

# SIGHUP with a new certificate: new connections get it; the stream
# opened before is closed (a browser opens another), a new one works.
old=$(fingerprint -in "$tmp/a.crt")
served() {
	openssl s_client -connect "127.0.0.1:$https" -servername localhost \
	    < /dev/null 2> /dev/null | fingerprint
}
[ "$(served)" = "$old" ] || fail "s_client did not see a.crt"
tls_cert b
cp "$tmp/b.crt" "$tmp/a.crt"
cp "$tmp/b.key" "$tmp/a.key"
new=$(fingerprint -in "$tmp/b.crt")
kill -HUP "$pid"
wait_for "$tmp/server.log" "web pages over TLS started again"
[ "$(served)" = "$new" ] || fail "after SIGHUP the old certificate is served"
for _ in $(seq 100); do
	kill -0 "$spid" 2>/dev/null || break
	sleep 0.05
done
kill -0 "$spid" 2>/dev/null && fail "the stream opened before SIGHUP is still open"
spid=
code=$(get "$base/game/$game")
[ "$code" = 200 ] || fail "after SIGHUP the page answered $code"
grep -qi "$hsts" "$tmp/h" || fail "no HSTS after SIGHUP"
curl -s -N --max-time 2 --cacert "$tmp/b.crt" "$base/game/$game/events" \
    > "$tmp/sse2.txt"
grep -q '"moves":\["c2c3","c6c5"' "$tmp/sse2.txt" ||
    fail "a stream after SIGHUP: $(cat "$tmp/sse2.txt")"
# A broken key: refused, logged, the certificate read before kept.
echo "not a key" > "$tmp/a.key"
n=$(grep -c "SIGHUP" "$tmp/server.log")
kill -HUP "$pid"
for _ in $(seq 100); do
	[ "$(grep -c "SIGHUP" "$tmp/server.log")" -gt "$n" ] && break
	sleep 0.05
done
grep -q "SIGHUP: --tls-key .*: not a PEM file; the web pages keep" \
    "$tmp/server.log" || fail "the broken key was not reported"
[ "$(served)" = "$new" ] || fail "a broken key lost the certificate"
code=$(get "$base/")
[ "$code" = 200 ] || fail "after a broken key the page answered $code"
echo "$me: SIGHUP: new connections got the new certificate ($new), the old stream closed; a broken key kept it"

echo quit >&3
kill "$pid"
wait "$pid"
rc=$?
pid=
[ "$rc" = 0 ] || fail "the server stopped with $rc"
grep -q "PRIVATE KEY" "$tmp/server.log" && fail "the key in the log"
exit 0
