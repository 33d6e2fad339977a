/*
 * tourn_match.h: a maximum-weight matching of a general graph (Edmonds'
 * blossoms with a primal-dual method, O(n^3)), weights wide integers so
 * that a pairing's criteria can be packed into one number, the most
 * important in the highest bits (tourn_dutch.c, the arena's pairing).
 */
#ifndef CONGO_TOURN_MATCH_H
#define CONGO_TOURN_MATCH_H

#include <stdbool.h>
#include <stdint.h>

/* A wide signed integer (two's complement, TW_WORDS words, least first). */
#define TW_WORDS 8
#define TW_BITS (64 * TW_WORDS)
typedef struct {
	uint64_t w[TW_WORDS];
} tw_t;

static inline tw_t
tw_small(long v)
{
	tw_t r;

	for (int i = 0; i < TW_WORDS; i++)
		r.w[i] = v < 0 ? ~(uint64_t)0 : 0;
	r.w[0] = (uint64_t)v;
	return r;
}

static inline tw_t
tw_add(tw_t a, tw_t b)
{
	uint64_t c = 0;

	for (int i = 0; i < TW_WORDS; i++) {
		uint64_t s = a.w[i] + c;

		c = s < c;
		a.w[i] = s + b.w[i];
		c += a.w[i] < s;
	}
	return a;
}

static inline tw_t
tw_sub(tw_t a, tw_t b)
{
	uint64_t br = 0;

	for (int i = 0; i < TW_WORDS; i++) {
		uint64_t d = a.w[i] - b.w[i] - br;

		br = (a.w[i] < b.w[i]) || (a.w[i] == b.w[i] && br);
		a.w[i] = d;
	}
	return a;
}

/* -1, 0, 1 as a < b, a == b, a > b (signed). */
static inline int
tw_cmp(tw_t a, tw_t b)
{
	int sa = (int)(a.w[TW_WORDS - 1] >> 63), sb = (int)(b.w[TW_WORDS - 1] >> 63);

	if (sa != sb)
		return sa ? -1 : 1;
	for (int i = TW_WORDS - 1; i >= 0; i--)
		if (a.w[i] != b.w[i])
			return a.w[i] < b.w[i] ? -1 : 1;
	return 0;
}

static inline bool
tw_zero(tw_t a)
{
	for (int i = 0; i < TW_WORDS; i++)
		if (a.w[i])
			return false;
	return true;
}

/* a shifted left by k bits (0 <= k < TW_BITS). */
static inline tw_t
tw_shl(tw_t a, int k)
{
	tw_t r = tw_small(0);
	int q = k / 64, s = k % 64;

	for (int i = TW_WORDS - 1; i >= q; i--) {
		r.w[i] = a.w[i - q] << s;
		if (s && i - q - 1 >= 0)
			r.w[i] |= a.w[i - q - 1] >> (64 - s);
	}
	return r;
}

/* a / 2, rounding toward minus infinity. */
static inline tw_t
tw_half(tw_t a)
{
	uint64_t top = a.w[TW_WORDS - 1] & ((uint64_t)1 << 63);

	for (int i = 0; i < TW_WORDS; i++) {
		a.w[i] >>= 1;
		if (i + 1 < TW_WORDS)
			a.w[i] |= a.w[i + 1] << 63;
	}
	a.w[TW_WORDS - 1] |= top;
	return a;
}

/* 1 << k. */
static inline tw_t
tw_bit(int k)
{
	return tw_shl(tw_small(1), k);
}

/* An edge i-j of weight w (> 0, below 2^(TW_BITS - 5)). */
struct tmatch_edge {
	int i, j;
	tw_t w;
};

/*
 * A matching of the graph of n vertices and its ne edges of greatest total
 * weight: mate[v] the vertex matched with v, or -1. Returns the total
 * weight.
 */
tw_t tmatch_max(int n, const struct tmatch_edge *e, int ne, int *mate);

#endif
