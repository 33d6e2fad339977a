/*
 * proto_token.c: game ids, seat tokens and account keys drawn by libsodium
 * (the kernel's random source), written in base32 (A-Z2-7), and compared
 * in constant time.
 */
#include <string.h>

#include <sodium.h>

#include "net/proto/proto.h"

static const char b32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

int
net_random(void *buf, size_t n)
{
	/* Once, and safe to call again from any thread. */
	if (sodium_init() < 0)
		return -1;
	randombytes_buf(buf, n);
	return 0;
}

/* nchars base32 characters from the bits of raw (5 bits a character). */
static void
encode(const unsigned char *raw, size_t nchars, char *out)
{
	size_t i, bit;

	for (i = 0; i < nchars; i++) {
		unsigned v = 0;
		int k;
		for (k = 0; k < 5; k++) {
			bit = i * 5 + (size_t)k;
			v = (v << 1) | ((raw[bit / 8] >> (7 - bit % 8)) & 1u);
		}
		out[i] = b32[v];
	}
	out[nchars] = '\0';
}

int
net_new_token(char out[CGP_TOKEN_LEN + 1])
{
	/* 128 random bits fill 26 characters (the last two bits zero). */
	unsigned char raw[17] = { 0 };

	if (net_random(raw, 16) < 0)
		return -1;
	encode(raw, CGP_TOKEN_LEN, out);
	sodium_memzero(raw, sizeof raw);
	return 0;
}

int
net_new_game_id(char out[CGP_ID_LEN + 1])
{
	unsigned char raw[5];

	if (net_random(raw, sizeof raw) < 0)
		return -1;
	encode(raw, CGP_ID_LEN, out);
	return 0;
}

bool
net_token_equal(const char *a, const char *b)
{
	/* The same work whatever the contents (libsodium's compare); the
	 * lengths are not secret. */
	if (strnlen(a, CGP_TOKEN_LEN + 1) != CGP_TOKEN_LEN ||
	    strnlen(b, CGP_TOKEN_LEN + 1) != CGP_TOKEN_LEN)
		return false;
	return sodium_memcmp(a, b, CGP_TOKEN_LEN) == 0;
}
