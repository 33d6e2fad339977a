#!/bin/sh
# net_tls_trust.sh: whom congo's TLS client trusts (issue 57, "TLS
# downgrade"), against a fake server (tests/tls_fake.py: it writes down
# each handshake, each line it receives and the bytes the client sent),
# with certificates made here by openssl: a test authority (CA), an
# expired certificate and one for another name that it signed, and a
# self-signed one.
#  - The CA's certificates, checked against the CA given with --tls-ca
#    and as a system authority (SSL_CERT_FILE): refused, saying why
#    (expired, not for this name), never pinned, 0 bytes sent; a revoked
#    one (its OCSP answer stapled by openssl s_server) refused and not
#    pinned, even with --tls-trust-new.
#  - The self-signed one, nobody to ask (congo --games; --plain reading a
#    pipe, as a bot does): refused, 0 bytes, nothing pinned; with
#    --tls-trust-new: pinned, then LOGIN goes.
#  - The question, in --plain at a terminal and in the full screen: it
#    shows the host, the port and the SHA-256 (openssl's); no: the program
#    ends saying so, nothing pinned, 0 bytes; yes: pinned, then LOGIN goes.
#
# Exit status: 0 pass, 1 fail, 77 skipped (no tmux, openssl or python3).

set -u

command -v openssl >/dev/null 2>&1 || { echo "no openssl: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "no python3: skipped"; exit 77; }
tmux_prefix=ctrust pane=q
. "$(dirname "$0")/tmux_lib.sh"
net_screens="q n p m" run_width=120
. "$(dirname "$0")/tmux_net_lib.sh"
fakes=
extra_cleanup() {
	for _f in $fakes; do
		kill "$_f" 2>/dev/null && wait "$_f" 2>/dev/null
	done
	tmp_sanitizer_reports "$tmp" || cleanup_failed=1
}

here=$(cd "$(dirname "$0")" && pwd)
net_home
known="$tmp/data/congo/known_servers"

note "certificates: a test CA, an expired and a wrong-name one it signed, a self-signed one"
cd "$tmp" || exit 99
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
    -keyout ca.key -out ca.crt -days 3 -subj "/CN=Congo test CA" \
    2>/dev/null || fail "openssl: no CA"
mkdir -p ca.db && : > ca.db/index && echo 1000 > ca.db/serial
cat > ca.cnf <<'EOF'
[ ca ]
default_ca = test
[ test ]
dir = .
database = ca.db/index
serial = ca.db/serial
new_certs_dir = ca.db
certificate = ca.crt
private_key = ca.key
default_md = sha256
policy = any
copy_extensions = copy
unique_subject = no
[ any ]
commonName = supplied
EOF
# signed NAME CN SAN FROM UNTIL: NAME.crt, NAME.key signed by the CA
signed() {
	openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	    -keyout "$1.key" -out "$1.csr" -subj "/CN=$2" \
	    -addext "subjectAltName=$3" 2>/dev/null &&
	openssl ca -batch -config ca.cnf -in "$1.csr" -out "$1.crt" \
	    -startdate "$4" -enddate "$5" -notext >/dev/null 2>&1 ||
	    fail "openssl: no $1 certificate"
}
signed expired localhost DNS:localhost,IP:127.0.0.1 20200101000000Z \
    20200102000000Z
signed wrong other.example DNS:other.example 20200101000000Z 20450101000000Z
# (an OCSP address in it: libtls reads the stapled answer only then)
openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
    -keyout revoked.key -out revoked.csr -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
    -addext "authorityInfoAccess=OCSP;URI:http://127.0.0.1:9/" 2>/dev/null &&
openssl ca -batch -config ca.cnf -in revoked.csr -out revoked.crt \
    -startdate 20200101000000Z -enddate 20450101000000Z -notext \
    >/dev/null 2>&1 || fail "openssl: no revoked certificate"
# revoked, and the CA's OCSP answer saying so (stapled by the server)
openssl ca -config ca.cnf -revoke revoked.crt >/dev/null 2>&1 &&
openssl ocsp -issuer ca.crt -cert revoked.crt -no_nonce -reqout ocsp.req \
    >/dev/null 2>&1 &&
openssl ocsp -index ca.db/index -rsigner ca.crt -rkey ca.key -CA ca.crt \
    -reqin ocsp.req -respout ocsp.der -ndays 2 >/dev/null 2>&1 ||
    fail "openssl: no OCSP answer"
. "$here/tls_lib.sh"
tls_cert self
cd - >/dev/null || exit 99
fp=SHA256:$(openssl x509 -in "$tmp/self.crt" -outform DER | sha256sum |
    cut -d' ' -f1)

# fake NAME: the fake server with certificate NAME in $tmp/fake-NAME;
# its port in fport.
fake() {
	mkdir -p "$tmp/fake-$1"
	python3 "$here/tls_fake.py" "$tmp/$1.crt" "$tmp/$1.key" \
	    "$tmp/fake-$1" &
	fakes="$fakes $!"
	poll 10 "the fake server $1 did not start" test -s "$tmp/fake-$1/port"
	fport=$(cat "$tmp/fake-$1/port")
}
# settled NAME: every handshake of fake NAME has ended (its log says how
# each connection closed).
settled() {
	_h=$(grep -c " handshake$" "$tmp/fake-$1/log" 2>/dev/null)
	_c=$(grep -c " closed " "$tmp/fake-$1/log" 2>/dev/null)
	[ "${_h:-0}" = "${_c:-0}" ]
}
# nothing_sent NAME: fake NAME received no byte inside TLS (and no line).
nothing_sent() {
	poll 10 "$1: a connection did not end" settled "$1"
	grep -q " line " "$tmp/fake-$1/log" 2>/dev/null &&
	    fail "$1: lines were sent: $(cat "$tmp/fake-$1/log")"
	grep " closed " "$tmp/fake-$1/log" 2>/dev/null | grep -qv " closed 0$" &&
	    fail "$1: bytes were sent: $(cat "$tmp/fake-$1/log")"
	return 0
}
# no_pin: nothing in known_servers.
no_pin() {
	! grep -q "SHA256:" "$known" 2>/dev/null ||
	    fail "pinned: $(cat "$known")"
}
# games ARGS...: congo --games (nobody to ask), its status in $st and its
# words in $tmp/out (no sanitizer's report in them).
games() {
	"$congo" --games "$@" >"$tmp/out" 2>&1
	st=$?
	! grep -q "Sanitizer\|runtime error:" "$tmp/out" ||
	    fail "a sanitizer's report: $(cat "$tmp/out")"
}

note "an authority's expired certificate: refused with the reason, 0 bytes, not pinned"
fake expired
games --connect "tls://127.0.0.1:$fport" --tls-ca "$tmp/ca.crt"
[ "$st" = 1 ] || fail "--tls-ca: status $st: $(cat "$tmp/out")"
grep -q "REFUSED: .*vouched for by an authority, but it expired on 2020-01-02" \
    "$tmp/out" || fail "--tls-ca: no reason: $(cat "$tmp/out")"
echo "  $(cat "$tmp/out")"
SSL_CERT_FILE="$tmp/ca.crt" games --connect "tls://127.0.0.1:$fport"
[ "$st" = 1 ] || fail "system CA: status $st: $(cat "$tmp/out")"
grep -q "REFUSED: .*but it expired on 2020-01-02 00:00 UTC; it is not pinned, nothing was sent" \
    "$tmp/out" || fail "system CA: no reason: $(cat "$tmp/out")"
nothing_sent expired
no_pin

note "an authority's certificate for another name: refused with the reason, 0 bytes, not pinned"
fake wrong
games --connect "tls://127.0.0.1:$fport" --tls-ca "$tmp/ca.crt"
[ "$st" = 1 ] || fail "--tls-ca: status $st: $(cat "$tmp/out")"
grep -q "REFUSED: .*it is not for the name 127.0.0.1 (it is /CN=other.example)" \
    "$tmp/out" || fail "--tls-ca: no reason: $(cat "$tmp/out")"
SSL_CERT_FILE="$tmp/ca.crt" games --connect "tls://127.0.0.1:$fport"
[ "$st" = 1 ] || fail "system CA: status $st: $(cat "$tmp/out")"
grep -q "REFUSED: .*it is not for the name 127.0.0.1" "$tmp/out" ||
    fail "system CA: no reason: $(cat "$tmp/out")"
echo "  $(cat "$tmp/out")"
nothing_sent wrong
no_pin

note "an authority's revoked certificate (OCSP stapled): refused, not pinned, nothing sent"
mkfifo "$tmp/ss.in"
exec 6<>"$tmp/ss.in"
openssl s_server -accept 127.0.0.1:0 -cert "$tmp/revoked.crt" \
    -key "$tmp/revoked.key" -status_file "$tmp/ocsp.der" <"$tmp/ss.in" \
    >"$tmp/ss.out" 2>&1 &
fakes="$fakes $!"
poll 10 "openssl s_server did not start" grep -q "^ACCEPT" "$tmp/ss.out"
sport=$(sed -n 's/^ACCEPT .*:\([0-9]*\)$/\1/p' "$tmp/ss.out")
games --connect "tls://127.0.0.1:$sport" --tls-ca "$tmp/ca.crt"
[ "$st" = 1 ] || fail "--tls-ca: status $st: $(cat "$tmp/out")"
grep -q "revoked" "$tmp/out" || fail "--tls-ca: not said: $(cat "$tmp/out")"
SSL_CERT_FILE="$tmp/ca.crt" games --connect "tls://127.0.0.1:$sport" \
    --tls-trust-new
[ "$st" = 1 ] || fail "system CA: status $st: $(cat "$tmp/out")"
grep -q "revoked" "$tmp/out" || fail "system CA: not said: $(cat "$tmp/out")"
echo "  $(cat "$tmp/out")"
grep -q "HELLO\|LOGIN" "$tmp/ss.out" && fail "sent: $(cat "$tmp/ss.out")"
no_pin
exec 6>&-

note "a self-signed certificate, nobody to ask (--games): refused, 0 bytes, not pinned"
fake self
url="tls://127.0.0.1:$fport"
mkdir -p "$tmp/state/congo"
printf '127.0.0.1:%s carol %s\n' "$fport" \
    ABCDEFGHIJKLMNOPQRSTUVWXYZ >"$tmp/state/congo/keys"
chmod 600 "$tmp/state/congo/keys"
games --connect "$url"
[ "$st" = 1 ] || fail "status $st: $(cat "$tmp/out")"
grep -q "REFUSED: no authority vouches for the certificate of 127.0.0.1 port $fport ($fp)" \
    "$tmp/out" || fail "no refusal: $(cat "$tmp/out")"
grep -q -- "--tls-trust-new" "$tmp/out" || fail "the way out is not said"
nothing_sent self
no_pin

note "--plain reading a pipe (a bot): refused as well"
mkfifo "$tmp/in"
exec 5<>"$tmp/in"
"$congo" --plain --connect "$url" <"$tmp/in" >"$tmp/out" 2>&1
st=$?
exec 5>&-
[ "$st" = 1 ] || fail "status $st: $(cat "$tmp/out")"
grep -q "REFUSED: no authority vouches" "$tmp/out" ||
    fail "no refusal: $(cat "$tmp/out")"
nothing_sent self
no_pin

note "--plain at a terminal: the question (host, port, SHA-256), answered no"
run p --plain --connect "$url"
wait_for p "Answer yes or no\."
screen p | tr -d '\n' | grep -q "The server 127.0.0.1 port $fport has a certificate no authority vouches for.* fingerprint is $fp Answer yes or no\." ||
    fail "p: the question does not say the host, port and $fp"
T send-keys -t "=p:" no Enter
expect_exit p 1
screen p | tr -d '\n' | grep -q "REFUSED: the certificate of 127.0.0.1 port $fport ($fp) was not trusted; nothing was sent" ||
    fail "p: the no is not said"
tmux_kill_session "=p"
nothing_sent self
no_pin

note "the full screen: the question answered no (n)"
run n --connect "$url"
wait_for n "127\.0\.0\.1 port $fport"
wait_for n "$fp"
T send-keys -t "=n:" n
expect_exit n 1
tmux_kill_session "=n"
nothing_sent self
no_pin

note "the full screen: answered yes (y): pinned, then LOGIN goes"
run q --connect "$url"
wait_for q "$fp"
T send-keys -t "=q:" y
poll 10 "LOGIN never came: $(cat "$tmp/fake-self/log")" \
    grep -q "line LOGIN name=carol" "$tmp/fake-self/log"
grep -qx "127.0.0.1:$fport $fp" "$known" || fail "not pinned: $(cat "$known" 2>/dev/null)"
tmux_kill_session "=q"

note "--plain at a terminal, answered yes"
rm -f "$known"
: >"$tmp/fake-self/log"
run m --plain --connect "$url"
wait_for m "Answer yes or no\."
T send-keys -t "=m:" yes Enter
poll 10 "LOGIN never came: $(cat "$tmp/fake-self/log")" \
    grep -q "line LOGIN name=carol" "$tmp/fake-self/log"
grep -qx "127.0.0.1:$fport $fp" "$known" || fail "not pinned"
tmux_kill_session "=m"

note "--games --tls-trust-new: pinned without a question, then LOGIN goes"
rm -f "$known"
: >"$tmp/fake-self/log"
games --connect "$url" --tls-trust-new
grep -q "line LOGIN name=carol" "$tmp/fake-self/log" ||
    fail "no LOGIN: $(cat "$tmp/out"; cat "$tmp/fake-self/log")"
grep -qx "127.0.0.1:$fport $fp" "$known" || fail "not pinned: $(cat "$tmp/out")"
grep -q "pinned on first use: $fp" "$tmp/out" || fail "not said: $(cat "$tmp/out")"

note "a pinned host: no question, and the pin still refuses another certificate"
: >"$tmp/fake-self/log"
games --connect "$url"
grep -q "line LOGIN name=carol" "$tmp/fake-self/log" ||
    fail "pinned: no LOGIN: $(cat "$tmp/out")"
sed -i "s/^127.0.0.1:$fport .*/127.0.0.1:$fport SHA256:$(printf '%064d' 0)/" "$known"
: >"$tmp/fake-self/log"
games --connect "$url" --tls-trust-new
grep -q "REFUSED: the certificate of 127.0.0.1:$fport has changed" "$tmp/out" ||
    fail "a changed certificate: $(cat "$tmp/out")"
nothing_sent self
echo "net_tls_trust.sh: ok"
exit 0
