/*
 * nnue_check.c: the ranges a network's integer inference can reach,
 * computed from its weights, so that a file whose weights could overflow
 * is refused when read (its checksum only says it arrived as written, not
 * that what was written is sound).
 *
 * An accumulator is a bias plus one feature weight for each piece on the
 * board, at most one piece a square: its highest value is the bias plus,
 * for each square, the highest weight of any piece there when positive
 * (the lowest likewise), in any of the lion's buckets. It must stay in
 * int16 (nnue_net.c's arithmetic wraps there). A dense-layer sum is its
 * bias plus the clipped activations (0..NNUE_QA) times its weights: it
 * must stay in int32. The output is summed in int64 and then scaled to
 * centipawns, which must fit an int; the search clamps it to the scores
 * that are not wins (search_nnue.c).
 */

#include <limits.h>
#include <stdint.h>

#include "nn/nnue.h"
#include "util/util.h"

#define L1_ONE ((int64_t)NNUE_QA * NNUE_QB)

/* The extremes of hidden unit j's accumulator over every board. */
static void
acc_range(const struct nnue_net *n, int j, int64_t *lo, int64_t *hi)
{
	*lo = *hi = n->ft_b[j];
	for (int b = 0; b < NNUE_BUCKETS; b++) {
		int64_t up = n->ft_b[j], down = n->ft_b[j];

		for (int sq = 0; sq < NSQ; sq++) {
			int most = 0, least = 0;

			for (int p = 0; p < 2 * NPIECE_TYPES; p++) {
				int w = n->ft_w[b * NNUE_PSQ + p * NSQ + sq][j];

				most = w > most ? w : most;
				least = w < least ? w : least;
			}
			up += most;
			down += least;
		}
		*hi = up > *hi ? up : *hi;
		*lo = down < *lo ? down : *lo;
	}
}

/* The extremes of dense unit o's sum (before its clipping). */
static void
l1_range(const struct nnue_net *n, int o, int64_t *lo, int64_t *hi)
{
	*lo = *hi = n->l1_b[o];
	for (int j = 0; j < 2 * NNUE_HIDDEN; j++) {
		int64_t w = (int64_t)n->l1_w[o][j] * NNUE_QA;

		if (w > 0)
			*hi += w;
		else
			*lo += w;
	}
}

int
nnue_check(const struct nnue_net *n, char *err, size_t errlen)
{
	int64_t lo, hi, out_lo, out_hi;

	for (int j = 0; j < NNUE_HIDDEN; j++) {
		acc_range(n, j, &lo, &hi);
		if (lo < INT16_MIN || hi > INT16_MAX)
			return util_error(err, errlen, "its feature weights "
			    "can overflow accumulator %d: it can reach %lld to "
			    "%lld, past the 16-bit range %d to %d", j,
			    (long long)lo, (long long)hi, INT16_MIN,
			    INT16_MAX);
	}
	out_lo = out_hi = (int64_t)n->l2_b * L1_ONE;
	for (int o = 0; o < NNUE_L1; o++) {
		l1_range(n, o, &lo, &hi);
		if (lo < INT32_MIN || hi > INT32_MAX)
			return util_error(err, errlen, "its layer-1 weights "
			    "and bias can overflow unit %d: its sum can reach "
			    "%lld to %lld, past the 32-bit range", o,
			    (long long)lo, (long long)hi);
		if (n->l2_w[o] > 0)
			out_hi += L1_ONE * n->l2_w[o];
		else
			out_lo += L1_ONE * n->l2_w[o];
	}
	/* centipawns: the output times NNUE_SCALE over L1_ONE * NNUE_QO */
	out_hi = out_hi / (L1_ONE * NNUE_QO) * NNUE_SCALE + NNUE_SCALE;
	out_lo = out_lo / (L1_ONE * NNUE_QO) * NNUE_SCALE - NNUE_SCALE;
	if (out_lo < INT_MIN || out_hi > INT_MAX)
		return util_error(err, errlen, "its output can overflow: it "
		    "can reach %lld to %lld centipawns", (long long)out_lo,
		    (long long)out_hi);
	return 0;
}
