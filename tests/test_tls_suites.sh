#!/bin/bash
# test_tls_suites.sh: what congo-server's two TLS ports accept (issue 57),
# asked with openssl s_client, certificates made here by openssl (RSA and
# ECDSA). TLS 1.2 only with an ephemeral key exchange (ECDHE) and an AEAD
# cipher (AES-GCM, ChaCha20-Poly1305) on CGP/1's --tls-listen and the web
# pages' --https alike: `openssl s_client -tls1_2 -cipher AES128-SHA`
# (static RSA, CBC) fails, ECDHE with CBC fails, static RSA with GCM
# fails, ECDHE-RSA-AES128-GCM-SHA256 succeeds, TLS 1.3 as before; and every
# TLS 1.2 suite openssl knows, tried one at a time, none outside that set
# is accepted (1166929 took 27 on the game port, 11 on HTTPS). Then a
# --tls-key that is not --tls-cert's key is said as such at the start, on
# either port (1166929: "failed to load private key", and for --https a
# line of the log), as are a certificate given as the key and an
# encrypted key. Skipped (77) without openssl.
set -u
builddir=${CONGO_BUILDDIR:-$(pwd)}
server="$builddir/src/congo-server"
me=test_tls_suites.sh
command -v openssl > /dev/null || { echo "$me: no openssl: skipped"; exit 77; }
. "$(dirname "$0")"/tmp_lib.sh
tmp_setup congo-suites
fail() { echo "$me: $*"; [ -f "$tmp/server.log" ] && tail -20 "$tmp/server.log"; exit 1; }
. "$(dirname "$0")/tls_lib.sh"
rsa_cert() {
	openssl req -x509 -newkey rsa:2048 -nodes -keyout "$tmp/$1.key" \
	    -out "$tmp/$1.crt" -days 2 -subj /CN=localhost \
	    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 2>/dev/null ||
	    fail "openssl cannot make an RSA certificate"
}
# start NAME: a server with both TLS ports on certificate NAME; sets
# pid, cgp (--tls-listen's port) and https (0 without libmicrohttpd).
start() {
	: > "$tmp/server.log"
	https_opt="--https 127.0.0.1:0"
	"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" --create \
	    --tls-listen 127.0.0.1:0 $https_opt --tls-cert "$tmp/$1.crt" \
	    --tls-key "$tmp/$1.key" 2> "$tmp/server.log" &
	pid=$!
	tmp_port "$tmp/server.log" "$pid" || fail "the server did not start"
	cgp=$(sed -n 's/.*CGP\/1 over TLS on .* (port \([0-9]*\)).*/\1/p' \
	    "$tmp/server.log")
	https=$(sed -n 's/.*web pages over TLS on .* port \([0-9]*\),.*/\1/p' \
	    "$tmp/server.log")
	[ -n "$cgp" ] || fail "no TLS port in the log"
	[ -n "$https" ] || https=0
}
# hs PORT ARGS: does a handshake with these s_client options succeed?
# The transcript in $tmp/hs.
hs() {
	local p=$1
	shift
	echo | timeout 10 openssl s_client -connect "127.0.0.1:$p" \
	    -servername localhost "$@" > "$tmp/hs" 2>&1
}
# suites PORT: the TLS 1.2 suites accepted, one a line (each of openssl's,
# at security level 0, tried alone).
suites() {
	local c
	for c in $(openssl ciphers -tls1_2 'ALL:COMPLEMENTOFALL:@SECLEVEL=0' |
	    tr : ' '); do
		case $c in TLS_*) continue ;; esac   # (TLS 1.3's)
		hs "$1" -tls1_2 -cipher "$c:@SECLEVEL=0" && echo "$c"
	done
}
# check PORT NAME AUTH [all]: the rules above on one port (all: every
# suite tried).
check() {
	local p=$1 what=$2 auth=$3 c
	hs "$p" -tls1_2 -cipher AES128-SHA &&
	    fail "$what: TLS 1.2 AES128-SHA (static RSA, CBC) accepted"
	for c in "ECDHE-$auth-AES128-SHA" AES128-GCM-SHA256 AES256-SHA256 \
	    "ECDHE-$auth-AES256-SHA384"; do
		hs "$p" -tls1_2 -cipher "$c" && fail "$what: TLS 1.2 $c accepted"
	done
	for c in "ECDHE-$auth-AES128-GCM-SHA256" \
	    "ECDHE-$auth-AES256-GCM-SHA384" "ECDHE-$auth-CHACHA20-POLY1305"; do
		hs "$p" -tls1_2 -cipher "$c" ||
		    { cat "$tmp/hs"; fail "$what: TLS 1.2 $c refused"; }
		grep -q "Cipher is $c" "$tmp/hs" ||
		    { cat "$tmp/hs"; fail "$what: $c not the one chosen"; }
	done
	hs "$p" -tls1_3 || { cat "$tmp/hs"; fail "$what: TLS 1.3 refused"; }
	grep -q "TLSv1.3" "$tmp/hs" || fail "$what: not TLS 1.3"
	[ "${4:-}" = all ] || return 0
	suites "$p" > "$tmp/accepted"
	good=$(openssl ciphers -tls1_2 'ECDHE+AESGCM:ECDHE+CHACHA20' | tr : '\n')
	while read -r c; do
		echo "$good" | grep -qx -- "$c" ||
		    fail "$what: TLS 1.2 $c accepted ($(tr '\n' ' ' < "$tmp/accepted"))"
	done < "$tmp/accepted"
	[ "$(wc -l < "$tmp/accepted")" -ge 2 ] || fail "$what: too few suites"
	echo "$me: $what: TLS 1.2 suites accepted: $(tr '\n' ' ' < "$tmp/accepted")"
}

rsa_cert rsa
rsa_cert other
tls_cert ec
start rsa
check "$cgp" "--tls-listen (RSA)" RSA all
if [ "$https" != 0 ]; then
	check "$https" "--https (RSA)" RSA all
else
	grep -q "without libmicrohttpd\|web pages" "$tmp/server.log" ||
	    echo "$me: no --https (no libmicrohttpd): its half skipped"
fi
tmp_stop "$pid"
pid=
start ec
check "$cgp" "--tls-listen (ECDSA)" ECDSA
[ "$https" != 0 ] && check "$https" "--https (ECDSA)" ECDSA
tmp_stop "$pid"
pid=

# A key that is not the certificate's, at the start, on either port.
# refused PORTOPT KEY CERT WORDS: the start fails, exit 1, saying WORDS.
refused() {
	"$server" --port 0 --bind 127.0.0.1 --db "$tmp/games.db" \
	    "$1" 127.0.0.1:0 --tls-cert "$tmp/$3" --tls-key "$tmp/$2" \
	    > "$tmp/out" 2>&1
	rc=$?
	[ $rc = 1 ] || { cat "$tmp/out"; fail "$1, key $2: exit $rc, not 1"; }
	grep -F -q -- "$4" "$tmp/out" ||
	    { cat "$tmp/out"; fail "$1, key $2, certificate $3: not '$4'"; }
	grep -F -q -- "$(sed -n 2p "$tmp/$2")" "$tmp/out" &&
	    fail "$1: the key shown"
	echo "$me: $1: $(grep -v ' info: ' "$tmp/out")"
}
openssl pkey -in "$tmp/rsa.key" -aes256 -passout pass:pw \
    -out "$tmp/enc.key" 2>/dev/null || fail "no encrypted key"
ports=--tls-listen
[ "$https" != 0 ] && ports="--tls-listen --https"
for o in $ports; do
	refused "$o" other.key rsa.crt "the private key in $tmp/other.key does not match the certificate in $tmp/rsa.crt"
	refused "$o" ec.key rsa.crt "the private key in $tmp/ec.key does not match the certificate in $tmp/rsa.crt"
	refused "$o" rsa.key ec.crt "the private key in $tmp/rsa.key does not match the certificate in $tmp/ec.crt"
	refused "$o" rsa.crt rsa.crt "--tls-key $tmp/rsa.crt: no private key in it"
	refused "$o" enc.key rsa.crt "--tls-key $tmp/enc.key: the private key is encrypted"
	refused "$o" rsa.key rsa.key "--tls-cert $tmp/rsa.key: no certificate in it"
done
echo "$me: ok"
exit 0
