/*
 * nnue_simd.h: the inference's vector kernels (nnue_simd.c), portable C,
 * SSE4.1 and AVX2, one of them chosen at run time: the best the processor
 * has, at most CONGO_SIMD's (portable, sse4.1, avx2) when that is set.
 * All give the same bits.
 */
#ifndef CONGO_NN_NNUE_SIMD_H
#define CONGO_NN_NNUE_SIMD_H

#include <stdint.h>

#include "nn/nnue.h"

enum {
	NNUE_SIMD_PORTABLE,
	NNUE_SIMD_SSE41,
	NNUE_SIMD_AVX2,
	NNUE_SIMD_LEVELS
};

struct nnue_kernels {
	/* dst = src + the rows add of w - the rows sub (NNUE_HIDDEN int16
	 * each, wrapping); dst may be src */
	void (*acc)(int16_t *dst, const int16_t *src,
	    const int16_t (*w)[NNUE_HIDDEN], const int *add, int na,
	    const int *sub, int ns);
	/* out[o] = the dot product of row o of w with us and them (the side
	 * to move's accumulator, the other's) clipped to 0..NNUE_QA */
	void (*l1)(const int16_t *us, const int16_t *them,
	    const int16_t (*w)[2 * NNUE_HIDDEN], int32_t out[NNUE_L1]);
};

/* The kernels in use: chosen at the first call (thread-safe). */
extern const struct nnue_kernels *nnue_kern;
const struct nnue_kernels *nnue_kernels_init(void);
static inline const struct nnue_kernels *
nnue_kernels(void)
{
	const struct nnue_kernels *k = __atomic_load_n(&nnue_kern,
	    __ATOMIC_ACQUIRE);

	return k != NULL ? k : nnue_kernels_init();
}

/* The best level this build and processor have. */
int nnue_simd_best(void);
/* Use level (at most the best; not while a search runs): the level now
 * used. */
int nnue_simd_set(int level);
/* The level in use. */
int nnue_simd_level(void);
/* "portable", "sse4.1", "avx2"; a name's level, or -1. */
const char *nnue_simd_name(int level);
int nnue_simd_parse(const char *s);

#endif
