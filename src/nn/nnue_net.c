/*
 * nnue_net.c: the network's features, its accumulators (refreshed whole
 * or brought along by the squares a move changed) and its inference in
 * integers, with a float reference. The two hot loops, the accumulator's
 * sums and the dense layer, are nnue_simd.c's kernels (portable, SSE4.1
 * or AVX2, chosen at run time).
 */

#include <string.h>

#include "nn/nnue.h"
#include "nn/nnue_simd.h"


int
nnue_king_key(const struct board *b, int c)
{
	bb_t l = b->pieces[c][LION];
	int sq = l ? __builtin_ctzll(l) : (c == WHITE ? SQ(3, 0) : SQ(3, 6));
	int r = c == WHITE ? SQ_RANK(sq) : 6 - SQ_RANK(sq);
	int f = SQ_FILE(sq), mirror = f > 3;

	if (mirror)
		f = 6 - f;
	/* the lion never leaves its castle (c-e, three ranks); clamp
	 * anyway, so that any board gives a valid key */
	if (r > 2)
		r = 2;
	if (f < 2)
		f = 2;
	return (r * 2 + (f - 2)) * 2 + mirror;
}

int
nnue_feature(int c, int k, int sq, uint8_t piece)
{
	int r = SQ_RANK(sq), f = SQ_FILE(sq);
	int rel = PIECE_COLOR(piece) != c, t = PIECE_TYPE(piece);

	if (c == BLACK)
		r = 6 - r;
	if (k & 1)
		f = 6 - f;
	return (k >> 1) * NNUE_PSQ + (rel * NPIECE_TYPES + t) * NSQ + r * 7 + f;
}

int
nnue_features(const struct board *b, int c, int out[NNUE_MAX_ACTIVE])
{
	int k = nnue_king_key(b, c), n = 0;

	for (bb_t x = (b->occ[WHITE] | b->occ[BLACK]) & BB_ALL; x; x &= x - 1) {
		int sq = __builtin_ctzll(x);

		out[n++] = nnue_feature(c, k, sq, b->sq[sq]);
	}
	return n;
}

/* Colour c's king key in b for network n: a network whose six buckets
 * are one (trained shared) only needs the mirroring, so that a lion
 * stepping within its half of the castle costs no refresh. */
static inline int
key_of(const struct nnue_net *n, const struct board *b, int c)
{
	int k = nnue_king_key(b, c);

	return n->one_bucket ? k & 1 : k;
}

static void
refresh_side(const struct nnue_net *n, const struct board *b, int c,
    struct nnue_acc *a)
{
	int f[NNUE_MAX_ACTIVE], nf = 0, k = key_of(n, b, c);

	for (bb_t x = (b->occ[WHITE] | b->occ[BLACK]) & BB_ALL; x; x &= x - 1) {
		int sq = __builtin_ctzll(x);

		f[nf++] = nnue_feature(c, k, sq, b->sq[sq]);
	}
	nnue_kernels()->acc(a->v[c], n->ft_b, n->ft_w, f, nf, NULL, 0);
	a->king[c] = (uint8_t)k;
}

void
nnue_refresh(const struct nnue_net *n, const struct board *b,
    struct nnue_acc *a)
{
	refresh_side(n, b, WHITE, a);
	refresh_side(n, b, BLACK, a);
}

void
nnue_update(const struct nnue_net *n, const struct board *from,
    const struct board *to, const struct nnue_acc *src, struct nnue_acc *dst)
{
	uint8_t sq[NSQ];
	int nsq = 0;
	bb_t changed = 0;

	/* the squares whose piece changed, from the bitboards */
	for (int c = WHITE; c <= BLACK; c++)
		for (int t = 0; t < NPIECE_TYPES; t++)
			changed |= from->pieces[c][t] ^ to->pieces[c][t];
	for (; changed; changed &= changed - 1)
		sq[nsq++] = (uint8_t)__builtin_ctzll(changed);
	for (int c = WHITE; c <= BLACK; c++) {
		int k = key_of(n, to, c), add[NSQ], sub[NSQ], na = 0, ns = 0;

		if (k != src->king[c]) {
			refresh_side(n, to, c, dst);
			continue;
		}
		dst->king[c] = (uint8_t)k;
		for (int i = 0; i < nsq; i++) {
			int s = sq[i];

			if (from->sq[s] != PIECE_NONE)
				sub[ns++] = nnue_feature(c, k, s, from->sq[s]);
			if (to->sq[s] != PIECE_NONE)
				add[na++] = nnue_feature(c, k, s, to->sq[s]);
		}
		nnue_kernels()->acc(dst->v[c], src->v[c], n->ft_w, add, na,
		    sub, ns);
	}
}

#define L1_ONE (NNUE_QA * NNUE_QB)                 /* 1.0 after layer 1 */
#define OUT_ONE ((int64_t)L1_ONE * NNUE_QO)        /* 1.0 at the output */

int
nnue_output(const struct nnue_net *n, const struct nnue_acc *a, int side)
{
	int32_t l1[NNUE_L1];
	int64_t out = n->l2_b * (int64_t)L1_ONE;

	nnue_kernels()->l1(a->v[side], a->v[side ^ 1], n->l1_w, l1);
	for (int o = 0; o < NNUE_L1; o++) {
		int32_t s = l1[o] + n->l1_b[o];

		s = s < 0 ? 0 : s > L1_ONE ? L1_ONE : s;
		out += (int64_t)s * n->l2_w[o];
	}
	/* centipawns, rounded half away from zero */
	out *= NNUE_SCALE;
	return (int)(out >= 0 ? (out + OUT_ONE / 2) / OUT_ONE :
	    -((-out + OUT_ONE / 2) / OUT_ONE));
}

int
nnue_evaluate(const struct nnue_net *n, const struct board *b)
{
	struct nnue_acc a;

	nnue_refresh(n, b, &a);
	return nnue_output(n, &a, b->side);
}

double
nnue_evaluate_float(const struct nnue_net *n, const struct board *b)
{
	double acc[2][NNUE_HIDDEN], h[2 * NNUE_HIDDEN], out;
	int f[NNUE_MAX_ACTIVE], nf;

	for (int c = WHITE; c <= BLACK; c++) {
		nf = nnue_features(b, c, f);
		for (int j = 0; j < NNUE_HIDDEN; j++) {
			acc[c][j] = n->ft_b[j] / (double)NNUE_QA;
			for (int i = 0; i < nf; i++)
				acc[c][j] += n->ft_w[f[i]][j] / (double)NNUE_QA;
		}
	}
	for (int j = 0; j < NNUE_HIDDEN; j++) {
		double u = acc[b->side][j], t = acc[b->side ^ 1][j];

		h[j] = u < 0 ? 0 : u > 1 ? 1 : u;
		h[NNUE_HIDDEN + j] = t < 0 ? 0 : t > 1 ? 1 : t;
	}
	out = n->l2_b / (double)NNUE_QO;
	for (int o = 0; o < NNUE_L1; o++) {
		double s = n->l1_b[o] / (double)L1_ONE;

		for (int j = 0; j < 2 * NNUE_HIDDEN; j++)
			s += h[j] * n->l1_w[o][j] / (double)NNUE_QB;
		s = s < 0 ? 0 : s > 1 ? 1 : s;
		out += s * n->l2_w[o] / (double)NNUE_QO;
	}
	return out * NNUE_SCALE;
}
