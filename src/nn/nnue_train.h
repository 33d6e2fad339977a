/*
 * nnue_train.h: `congo --train DATA... -o NET`, the learned evaluation's
 * trainer (nnue_train.c): called by cli/ only (tests/layers.rules).
 */
#ifndef CONGO_NN_NNUE_TRAIN_H
#define CONGO_NN_NNUE_TRAIN_H

#include <stdbool.h>
#include <stdint.h>

#define NNUE_TRAIN_THREADS_MAX 16
struct nnue_train_options {
	const char *out;
	int epochs;
	int threads;
	uint64_t seed;
	int batch;
	double lr;
	double lambda;          /* weight of the score against the result */
	double draw_share;      /* share of the drawn games' positions kept */
	int variant;            /* -1: that of the data */
	double val_share;       /* share kept aside for validation */
	int64_t max_positions;  /* 0: all */
	bool buckets;           /* train each lion bucket's own weights */
	const char *init;       /* start from this network's weights, NULL:
	                         * random ones */
	bool quiet;
};
void nnue_train_options_default(struct nnue_train_options *o);
int nnue_train_run(const struct nnue_train_options *o, int nfiles,
    char **files);

#endif
