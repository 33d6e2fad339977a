/*
 * test_nn_simd.c: the learned evaluation's vector kernels (src/nn/
 * nnue_simd.c) give the portable loops' bits. CONGO_SIMD caps the choice
 * at the first evaluation; then
 * every level this build and processor have (portable, SSE4.1, AVX2) in
 * turn: the kernels on random inputs over the whole int16 range (sums
 * that wrap, inputs clipped at both ends, dst the same as src), and over
 * random games of both variants with a random network and the installed
 * ones, at every position the refresh of each level equals the
 * portable refresh, the accumulator brought along move by move (in place
 * and into another) equals it, and so does the evaluation.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "nn/nnue.h"
#include "nn/nnue_simd.h"
#include "util/util.h"
#include "test_main.h"

/* The levels this build and processor have, the portable first. */
static int nlevels;

static struct nnue_net *
random_net(int variant, uint64_t seed)
{
	struct nnue_net *n = aligned_alloc(64, (sizeof *n + 63) / 64 * 64);
	uint64_t r = seed;

	assert_non_null(n);
	memset(n, 0, sizeof *n);
	n->variant = variant;
	for (int i = 0; i < NNUE_INPUTS; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			n->ft_w[i][j] = (int16_t)((int)(splitmix64(&r) % 61) -
			    30);
	for (int j = 0; j < NNUE_HIDDEN; j++)
		n->ft_b[j] = (int16_t)(splitmix64(&r) % 80);
	for (int o = 0; o < NNUE_L1; o++) {
		for (int j = 0; j < 2 * NNUE_HIDDEN; j++)
			n->l1_w[o][j] = (int16_t)((int)(splitmix64(&r) % 255) -
			    127);
		n->l1_b[o] = (int32_t)(splitmix64(&r) % 4000);
		n->l2_w[o] = (int16_t)((int)(splitmix64(&r) % 1001) - 500);
	}
	n->l2_b = 77;
	return n;
}

/* First (nothing has evaluated yet): CONGO_SIMD caps the level chosen. */
static void
test_env(void **state)
{
	int best = nnue_simd_best();

	(void)state;
	print_message("this processor and build: %s\n", nnue_simd_name(best));
	assert_int_equal(setenv("CONGO_SIMD", "sse4.1", 1), 0);
	assert_int_equal(nnue_simd_level(),
	    best < NNUE_SIMD_SSE41 ? best : NNUE_SIMD_SSE41);
	assert_int_equal(nnue_simd_parse("portable"), NNUE_SIMD_PORTABLE);
	assert_int_equal(nnue_simd_parse("avx2"), NNUE_SIMD_AVX2);
	assert_int_equal(nnue_simd_parse("avx512"), -1);
	assert_string_equal(nnue_simd_name(NNUE_SIMD_SSE41), "sse4.1");
	/* never more than the processor has */
	assert_int_equal(nnue_simd_set(NNUE_SIMD_LEVELS + 3), best);
	assert_int_equal(nnue_simd_set(NNUE_SIMD_PORTABLE), NNUE_SIMD_PORTABLE);
	assert_int_equal(nnue_simd_level(), NNUE_SIMD_PORTABLE);
	nlevels = best + 1;
}

static int16_t
any16(uint64_t *r)
{
	uint64_t x = splitmix64(r);

	/* a third near the clipping edges, the rest anywhere */
	switch (x % 3) {
	case 0:
		return (int16_t)((int)((x >> 8) % 260) - 130);
	default:
		return (int16_t)(x >> 16);
	}
}

/* The kernels alone: random rows over the whole range (the sums wrap),
 * random feature lists, the dense layer's inputs below 0, inside and
 * above NNUE_QA. */
static void
test_kernels(void **state)
{
	static int16_t w[64][NNUE_HIDDEN], l1w[NNUE_L1][2 * NNUE_HIDDEN];
	uint64_t r = 99;

	(void)state;
	for (int round = 0; round < 2000; round++) {
		int16_t src[NNUE_HIDDEN], want[NNUE_HIDDEN], got[NNUE_HIDDEN];
		int16_t us[NNUE_HIDDEN], them[NNUE_HIDDEN];
		int32_t lw[NNUE_L1], lg[NNUE_L1];
		int add[NNUE_MAX_ACTIVE], sub[NNUE_MAX_ACTIVE], na, ns;
		const struct nnue_kernels *k;

		for (int i = 0; i < 64; i++)
			for (int j = 0; j < NNUE_HIDDEN; j++)
				w[i][j] = any16(&r);
		for (int o = 0; o < NNUE_L1; o++)
			for (int j = 0; j < 2 * NNUE_HIDDEN; j++)
				l1w[o][j] = (int16_t)((int)(splitmix64(&r) %
				    255) - 127);
		for (int j = 0; j < NNUE_HIDDEN; j++) {
			src[j] = any16(&r);
			us[j] = any16(&r);
			them[j] = any16(&r);
		}
		na = (int)(splitmix64(&r) % 33);
		ns = (int)(splitmix64(&r) % 33);
		for (int i = 0; i < na; i++)
			add[i] = (int)(splitmix64(&r) % 64);
		for (int i = 0; i < ns; i++)
			sub[i] = (int)(splitmix64(&r) % 64);
		nnue_simd_set(NNUE_SIMD_PORTABLE);
		k = nnue_kernels();
		k->acc(want, src, w, add, na, sub, ns);
		k->l1(us, them, l1w, lw);
		for (int level = 1; level < nlevels; level++) {
			assert_int_equal(nnue_simd_set(level), level);
			k = nnue_kernels();
			k->acc(got, src, w, add, na, sub, ns);
			assert_memory_equal(got, want, sizeof got);
			/* in place */
			memcpy(got, src, sizeof got);
			k->acc(got, got, w, add, na, sub, ns);
			assert_memory_equal(got, want, sizeof got);
			k->l1(us, them, l1w, lg);
			assert_memory_equal(lg, lw, sizeof lg);
		}
	}
}

static void
start(struct board *b, int variant)
{
	const char *fen = variant_start_fen(variant);

	assert_int_equal(fen_read_variant(b, variant, fen, strlen(fen), NULL,
	    0), 0);
}

/* Random games of n's variant: at every position each level's refresh,
 * its accumulator brought along and its evaluation equal the portable
 * refresh and evaluation. The positions compared. */
static int
play_levels(const struct nnue_net *n, uint64_t seed, int games)
{
	struct movelist *ml = malloc(sizeof *ml);
	struct nnue_acc *acc = calloc(NNUE_SIMD_LEVELS, sizeof *acc);
	uint64_t r = seed;
	int positions = 0;

	assert_non_null(ml);
	assert_non_null(acc);
	for (int g = 0; g < games; g++) {
		struct board b, c;

		start(&b, n->variant);
		for (int level = 0; level < nlevels; level++) {
			nnue_simd_set(level);
			nnue_refresh(n, &b, &acc[level]);
		}
		for (int ply = 0; ply < 160; ply++) {
			struct nnue_acc fresh, other;
			struct move_effects fx;
			int nm, want;

			if (b.pieces[WHITE][LION] == 0 ||
			    b.pieces[BLACK][LION] == 0 ||
			    (nm = movegen_legal(&b, ml)) == 0)
				break;
			c = b;
			board_make(&c, ml->moves[splitmix64(&r) %
			    (uint64_t)nm], &fx);
			nnue_simd_set(NNUE_SIMD_PORTABLE);
			nnue_refresh(n, &c, &fresh);
			want = nnue_evaluate(n, &c);
			for (int level = 0; level < nlevels; level++) {
				nnue_simd_set(level);
				if (ply % 2 == 0) {
					nnue_update(n, &b, &c, &acc[level],
					    &acc[level]);
				} else {
					nnue_update(n, &b, &c, &acc[level],
					    &other);
					acc[level] = other;
				}
				assert_memory_equal(acc[level].v, fresh.v,
				    sizeof fresh.v);
				assert_memory_equal(acc[level].king,
				    fresh.king, sizeof fresh.king);
				nnue_refresh(n, &c, &other);
				assert_memory_equal(other.v, fresh.v,
				    sizeof fresh.v);
				assert_int_equal(nnue_output(n, &acc[level],
				    c.side), want);
				assert_int_equal(nnue_evaluate(n, &c), want);
			}
			positions++;
			b = c;
		}
	}
	free(acc);
	free(ml);
	return positions;
}

static void
test_games(void **state)
{
	struct nnue_net *n = random_net(VARIANT_CONGO, 5);
	int total = 0;

	(void)state;
	total += play_levels(n, 21, 40);
	n->variant = VARIANT_MEGAPAWN;
	total += play_levels(n, 22, 40);
	free(n);
	/* the installed networks (the source tree's data/) */
	for (int v = 0; v < NVARIANTS; v++) {
		char err[400];
		const struct nnue_net *m = nnue_get("", v, err, sizeof err);

		if (m == NULL) {
			print_message("%s: no installed network (%s)\n",
			    variant_name(v), err);
			continue;
		}
		total += play_levels(m, 30 + (uint64_t)v, 40);
	}
	print_message("%d positions, %d levels each\n", total, nlevels);
	assert_true(total > 5000);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_env),
	cmocka_unit_test(test_kernels),
	cmocka_unit_test(test_games))
