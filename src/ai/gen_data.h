/*
 * gen_data.h: `congo --gen-data OUT`, the learned evaluation's training
 * data (nn/nnue.h's records) from self-play at a fixed node count.
 */
#ifndef CONGO_AI_GEN_DATA_H
#define CONGO_AI_GEN_DATA_H

#include <stdbool.h>
#include <stdint.h>

/* `congo --gen-data OUT`: self-play at fixed nodes. */
struct gen_data_options {
	const char *out;
	int variant;
	int games;
	int64_t nodes;
	int threads;
	uint64_t seed;
	int hash_mb;
	const char *eval_file;  /* the players' network, NULL the hand-made */
	bool quiet;
};
void gen_data_options_default(struct gen_data_options *o);
/* The exit status: 0, 1 a file could not be written. */
int gen_data_run(const struct gen_data_options *o);

#endif
