/*
 * nnue_train_int.h: the trainer's own (nnue_train.c): a position's
 * features and target, the float model, and its step forward and back in
 * portable C and in AVX2 (nnue_train_avx2.c), the two giving the same
 * bits: the same operations on every value in the same order, elementwise
 * across the vector's lanes, no fused multiply-add.
 */
#ifndef CONGO_NN_NNUE_TRAIN_INT_H
#define CONGO_NN_NNUE_TRAIN_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "nn/nnue.h"

#define H NNUE_HIDDEN
#define L NNUE_L1
#define ROWS (NNUE_INPUTS + NNUE_PSQ)   /* bucketed, then shared */
#define MAXF 32

struct tsample {
	uint16_t f[2][MAXF];     /* side to move's features, the other's */
	uint8_t nf;
	float target;
};

/* The float model, and a gradient of the same shape. */
struct model {
	float w1[ROWS][H];
	float b1[H];
	float w2[L][2 * H];
	float b2[L];
	float w3[L];
	float b3;
};
#define NPARAM (sizeof(struct model) / sizeof(float))

/* One position forward (and backward into g when g is not NULL): its
 * loss. w2t is m->w2 transposed. */
double nnue_train_step(const struct model *restrict m,
    const float (*restrict w2t)[L], struct model *restrict g,
    const struct tsample *s, bool buckets);
/* The same in AVX2, where the build has it (CONGO_SIMD_X86; else NULL). */
extern double (*const nnue_train_step_avx2)(const struct model *restrict m,
    const float (*restrict w2t)[L], struct model *restrict g,
    const struct tsample *s, bool buckets);

#endif
