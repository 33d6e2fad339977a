/*
 * nnue_train_avx2.c: the trainer's step forward and back
 * (nnue_train_int.h) in AVX2 intrinsics, 8 floats a lane: the portable
 * nnue_train_step's operations on every value in the same order (the
 * sums over a position's features, the dense layer by its transpose, the
 * gradients), its clipping by compare and blend as its ?: does (NaN and
 * -0 alike), no fused multiply-add; so the same bits, and the same
 * network for a seed on any machine (test_nnue_train.sh). Built where
 * configure found the compiler able (CONGO_SIMD_X86), chosen at run
 * time when the processor has AVX2.
 */

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "nn/nnue_train_int.h"

#if defined(CONGO_SIMD_X86) && defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/* x < 0 ? 0 : x > 1 ? 1 : x, lane by lane. */
AVX2 static inline __m256
clip01(__m256 x)
{
	const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
	__m256 r = _mm256_blendv_ps(x, one, _mm256_cmp_ps(x, one, _CMP_GT_OQ));

	return _mm256_blendv_ps(r, zero, _mm256_cmp_ps(x, zero, _CMP_LT_OQ));
}

/* acc = b1 + each feature's rows, 32 lanes at a time; h its clip. */
AVX2 static void
forward_side(const struct model *restrict m, const uint16_t *f, int nf,
    bool buckets, float *restrict acc, float *restrict h)
{
	for (int j = 0; j < H; j += 32) {
		__m256 r[4];

		for (int q = 0; q < 4; q++)
			r[q] = _mm256_loadu_ps(m->b1 + j + 8 * q);
		for (int k = 0; k < nf; k++) {
			const float *u = m->w1[NNUE_INPUTS + f[k] % NNUE_PSQ] + j;

			for (int q = 0; q < 4; q++)
				r[q] = _mm256_add_ps(r[q],
				    _mm256_loadu_ps(u + 8 * q));
			if (buckets) {
				const float *w = m->w1[f[k]] + j;

				for (int q = 0; q < 4; q++)
					r[q] = _mm256_add_ps(r[q],
					    _mm256_loadu_ps(w + 8 * q));
			}
		}
		for (int q = 0; q < 4; q++) {
			_mm256_storeu_ps(acc + j + 8 * q, r[q]);
			_mm256_storeu_ps(h + j + 8 * q, clip01(r[q]));
		}
	}
}

/* row[j] += da[j] for j < H. */
AVX2 static inline void
add_row(float *restrict row, const float *restrict da)
{
	for (int j = 0; j < H; j += 8)
		_mm256_storeu_ps(row + j, _mm256_add_ps(_mm256_loadu_ps(row + j),
		    _mm256_loadu_ps(da + j)));
}

/* The accumulators' gradient (dh where 0 < acc < 1) into the bias and
 * each feature's rows. */
AVX2 static void
backward_side(struct model *restrict g, const uint16_t *f, int nf,
    bool buckets, const float *acc, const float *dh)
{
	const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
	float da[H] __attribute__((aligned(32)));

	for (int j = 0; j < H; j += 8) {
		__m256 a = _mm256_loadu_ps(acc + j);
		__m256 in = _mm256_and_ps(_mm256_cmp_ps(a, zero, _CMP_GT_OQ),
		    _mm256_cmp_ps(a, one, _CMP_LT_OQ));

		_mm256_store_ps(da + j, _mm256_and_ps(in,
		    _mm256_loadu_ps(dh + j)));
	}
	add_row(g->b1, da);
	for (int k = 0; k < nf; k++) {
		add_row(g->w1[NNUE_INPUTS + f[k] % NNUE_PSQ], da);
		if (buckets)
			add_row(g->w1[f[k]], da);
	}
}

AVX2 static double
step_avx2(const struct model *restrict m, const float (*restrict w2t)[L],
    struct model *restrict g, const struct tsample *s, bool buckets)
{
	float acc[2][H] __attribute__((aligned(32)));
	float h[2 * H] __attribute__((aligned(32)));
	float dh[2 * H] __attribute__((aligned(32)));
	float z1[L], a1[L], dz1[L], out, p, d;
	__m256 z[L / 8];

	for (int c = 0; c < 2; c++)
		forward_side(m, s->f[c], s->nf, buckets, acc[c], h + c * H);
	for (int q = 0; q < L / 8; q++)
		z[q] = _mm256_loadu_ps(m->b2 + 8 * q);
	for (int j = 0; j < 2 * H; j++) {
		__m256 x = _mm256_set1_ps(h[j]);

		for (int q = 0; q < L / 8; q++)
			z[q] = _mm256_add_ps(z[q], _mm256_mul_ps(
			    _mm256_loadu_ps(w2t[j] + 8 * q), x));
	}
	for (int q = 0; q < L / 8; q++)
		_mm256_storeu_ps(z1 + 8 * q, z[q]);
	out = m->b3;
	for (int o = 0; o < L; o++) {
		a1[o] = z1[o] < 0 ? 0 : z1[o] > 1 ? 1 : z1[o];
		out += m->w3[o] * a1[o];
	}
	p = 1.0f / (1.0f + expf(-out));
	d = p - s->target;
	if (g == NULL)
		return (double)d * d;
	d = 2 * d * p * (1 - p);
	g->b3 += d;
	for (int o = 0; o < L; o++) {
		g->w3[o] += d * a1[o];
		dz1[o] = z1[o] > 0 && z1[o] < 1 ? d * m->w3[o] : 0;
		g->b2[o] += dz1[o];
	}
	memset(dh, 0, sizeof dh);
	for (int o = 0; o < L; o++) {
		__m256 e;

		if (dz1[o] == 0)
			continue;
		e = _mm256_set1_ps(dz1[o]);
		for (int j = 0; j < 2 * H; j += 8) {
			__m256 hj = _mm256_load_ps(h + j);
			float *gw = g->w2[o] + j;

			_mm256_storeu_ps(gw, _mm256_add_ps(_mm256_loadu_ps(gw),
			    _mm256_mul_ps(e, hj)));
			_mm256_store_ps(dh + j, _mm256_add_ps(
			    _mm256_load_ps(dh + j), _mm256_mul_ps(e,
			    _mm256_loadu_ps(m->w2[o] + j))));
		}
	}
	for (int c = 0; c < 2; c++)
		backward_side(g, s->f[c], s->nf, buckets, acc[c], dh + c * H);
	return (double)(p - s->target) * (p - s->target);
}

double (*const nnue_train_step_avx2)(const struct model *restrict,
    const float (*restrict)[L], struct model *restrict,
    const struct tsample *, bool) = step_avx2;
#else
double (*const nnue_train_step_avx2)(const struct model *restrict,
    const float (*restrict)[L], struct model *restrict,
    const struct tsample *, bool) = NULL;
#endif
