/*
 * search_tt.h: the transposition table (search_tt.c), split from
 * search_internal.h: its entries, buckets, probe and store, and the mate
 * scores' conversion between the node and the root.
 */
#ifndef CONGO_SEARCH_TT_H
#define CONGO_SEARCH_TT_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/search.h"

/* ---- transposition table (search_tt.c) ---- */

enum tt_bound { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/*
 * One entry: three words stored and loaded with relaxed atomics; check is
 * key ^ move ^ data, so an entry torn by two threads writing at once does
 * not verify and is ignored (lockless hashing).
 */
struct tt_entry {
	uint64_t check;
	uint64_t move;
	uint64_t data;   /* score 16 | depth 8 | bound 2 | age 6 | eval 16 */
};

#define TT_WAYS 3
struct tt_bucket {
	struct tt_entry e[TT_WAYS];
};

struct tt {
	struct tt_bucket *b;
	uint64_t mask;       /* buckets - 1 (a power of two) */
	uint8_t age;
};

struct tt_hit {
	move_t move;
	int score;
	int eval;
	int depth;
	int bound;
};

void tt_alloc(struct tt *t, int mb);
void tt_free(struct tt *t);
void tt_clear(struct tt *t);
void tt_new_search(struct tt *t);
bool tt_probe(const struct tt *t, uint64_t key, struct tt_hit *out);
void tt_store(struct tt *t, uint64_t key, move_t move, int score, int eval,
    int depth, int bound);
/* Mate scores are stored relative to the node, not the root. */
int tt_score_to(int score, int ply);
int tt_score_from(int score, int ply);

/* Does an entry's bound with score s (node-relative) decide a window? */
static inline bool
tt_cuts(int bound, int s, int alpha, int beta)
{
	return bound == TT_EXACT || (bound == TT_LOWER && s >= beta) ||
	    (bound == TT_UPPER && s <= alpha);
}

/* The bound a node's best score is, given the window it was searched
 * with (alpha as it came in). */
static inline int
tt_bound_of(int best, int alpha, int beta)
{
	return best >= beta ? TT_LOWER : best > alpha ? TT_EXACT : TT_UPPER;
}

#endif
