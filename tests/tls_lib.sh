# tls_lib.sh: what the TLS tests share (sourced, not run; needs $tmp and a
# fail function). tls_cert NAME: a self-signed certificate for localhost
# and 127.0.0.1 made by openssl, $tmp/NAME.crt and $tmp/NAME.key.
tls_cert() {
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	    -keyout "$tmp/$1.key" -out "$tmp/$1.crt" -days 2 \
	    -subj /CN=localhost \
	    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 2>/dev/null ||
	    fail "openssl cannot make a certificate"
}
