/*
 * web_tls_key.c: why a TLS library refused --tls-cert and --tls-key, in
 * words (issue 57). libtls says "failed to load private key" of a key that
 * is another certificate's, and GnuTLS (the web pages') only logs it; both
 * servers (CGP/1's srv_tls.c, the pages' web_tls.c) ask here once their
 * library has refused the pair: the key file is read as text, and a
 * readable, unencrypted private key is then one that does not belong to
 * the certificate. Nothing of the key is ever said.
 */

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "web/web_host.h"

#define DER_MAX 65536   /* an RSA-8192 key is ~4.7 KiB, a certificate less */

/* The first "-----BEGIN ...WHAT-----" block of pem (WHAT: "PRIVATE
 * KEY-----", "CERTIFICATE-----"): its base64 body (*bodylen bytes), or
 * NULL. */
static const char *
pem_block(const char *pem, size_t len, const char *what, size_t *bodylen)
{
	const char *p = pem, *end = pem + len, *nl, *stop;

	while ((p = memmem(p, (size_t)(end - p), "-----BEGIN ", 11)) !=
	    NULL) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			return NULL;
		if (memmem(p, (size_t)(nl - p), what, strlen(what)) !=
		    NULL) {
			stop = memmem(nl, (size_t)(end - nl), "-----END ", 9);
			if (stop == NULL)
				return NULL;
			*bodylen = (size_t)(stop - (nl + 1));
			return nl + 1;
		}
		p = nl;
	}
	return NULL;
}

/* Does the body decode to one DER SEQUENCE of its whole length? */
static bool
der_whole(const char *body, size_t n)
{
	unsigned char der[DER_MAX];
	size_t len = 0, at = 2, want;
	unsigned i, k;

	if (sodium_base642bin(der, sizeof der, body, n, " \t\r\n", &len,
	    NULL, sodium_base64_VARIANT_ORIGINAL) != 0 || len < 2 ||
	    der[0] != 0x30) {
		sodium_memzero(der, sizeof der);
		return false;
	}
	want = der[1];
	if (der[1] & 0x80) {
		k = der[1] & 0x7f;
		want = 0;
		for (i = 0; i < k && i < 4 && at < len; i++)
			want = want << 8 | der[at++];
		if (i != k)
			want = (size_t)-1;
	}
	sodium_memzero(der, sizeof der);      /* (a private key) */
	return want == len - at;
}

void
web_tls_key_why(const char *cert_path, const char *cert_pem, size_t certlen,
    const char *key_path, const char *key_pem, size_t len, char *err,
    size_t errlen)
{
	const char *body, *cbody;
	size_t n = 0, cn = 0;

	body = pem_block(key_pem, len, "PRIVATE KEY-----", &n);
	cbody = pem_block(cert_pem, certlen, "CERTIFICATE-----", &cn);
	if (cbody == NULL)
		snprintf(err, errlen, "--tls-cert %s: no certificate in it (a "
		    "PEM block \"-----BEGIN CERTIFICATE-----\")", cert_path);
	else if (!der_whole(cbody, cn))
		snprintf(err, errlen, "--tls-cert %s: the certificate in it is "
		    "damaged (its PEM block cannot be read)", cert_path);
	else if (body == NULL)
		snprintf(err, errlen, "--tls-key %s: no private key in it (a "
		    "PEM block \"-----BEGIN PRIVATE KEY-----\")", key_path);
	else if (memmem(key_pem, len, "ENCRYPTED", 9) != NULL)
		snprintf(err, errlen, "--tls-key %s: the private key is "
		    "encrypted (it has a passphrase): congo-server needs it "
		    "without one (openssl pkey -in %s -out NEWFILE, mode 0600)",
		    key_path, key_path);
	else if (!der_whole(body, n))
		snprintf(err, errlen, "--tls-key %s: the private key in it is "
		    "damaged (its PEM block cannot be read)", key_path);
	else
		snprintf(err, errlen, "the private key in %s does not match "
		    "the certificate in %s (--tls-key must be the key of "
		    "--tls-cert)", key_path, cert_path);
}
