/*
 * proto_hash.c: what is stored instead of a secret. A seat token is kept as
 * its SHA-256 in hex (what databases since version 2 hold), an account's
 * key as its BLAKE2b-256 in hex; both computed and compared by libsodium,
 * in constant time.
 */
#include <string.h>

#include <sodium.h>

#include "net/proto/proto.h"

/* n bytes as 2n lowercase hex digits and a NUL (libsodium's encoder). */
static void
to_hex(const unsigned char *raw, size_t n, char *out)
{
	sodium_bin2hex(out, 2 * n + 1, raw, n);
}

void
net_sha256(const void *data, size_t n, unsigned char out[32])
{
	crypto_hash_sha256(out, data, n);
}

void
net_sha256_hex(const void *data, size_t n, char out[65])
{
	unsigned char raw[32];

	net_sha256(data, n, raw);
	to_hex(raw, sizeof raw, out);
}

void
net_token_hash(const char *token, char out[CGP_HASH_LEN + 1])
{
	net_sha256_hex(token, strlen(token), out);
}

void
net_key_hash(const char *key, char out[CGP_HASH_LEN + 1])
{
	unsigned char raw[32];

	crypto_generichash(raw, sizeof raw, (const unsigned char *)key,
	    strlen(key), NULL, 0);
	to_hex(raw, sizeof raw, out);
	sodium_memzero(raw, sizeof raw);
}

bool
net_valid_hash(const char *s)
{
	size_t i;

	for (i = 0; i < CGP_HASH_LEN; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return s[i] == '\0';
}

bool
net_hash_equal(const char *a, const char *b)
{
	return sodium_memcmp(a, b, CGP_HASH_LEN) == 0;
}
