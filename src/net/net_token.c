/*
 * net_token.c: game ids and seat tokens from the kernel's random source,
 * written in base32 (A-Z2-7), and compared in constant time.
 */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "net/net_internal.h"

static const char b32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

int
net_random(void *buf, size_t n)
{
	unsigned char *p = buf;
	ssize_t r;

	while (n > 0) {
		r = getrandom(p, n, 0);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += r;
		n -= (size_t)r;
	}
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
	memset(raw, 0, sizeof raw);
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
	/* Always the same work, whatever the inputs hold. */
	unsigned char diff = 0;
	size_t i, la = strnlen(a, CGP_TOKEN_LEN + 1),
	    lb = strnlen(b, CGP_TOKEN_LEN + 1);
	volatile unsigned char acc;

	for (i = 0; i < CGP_TOKEN_LEN; i++) {
		unsigned char x = i < la ? (unsigned char)a[i] : 0;
		unsigned char y = i < lb ? (unsigned char)b[i] : 1;
		diff |= (unsigned char)(x ^ y);
	}
	diff |= (unsigned char)(la != CGP_TOKEN_LEN);
	diff |= (unsigned char)(lb != CGP_TOKEN_LEN);
	acc = diff;
	return acc == 0;
}
