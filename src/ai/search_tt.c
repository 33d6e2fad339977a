/*
 * search_tt.c: the transposition table, shared by all search threads
 * without locks (each entry checks itself, see search_internal.h).
 */
#include <stdlib.h>
#include <string.h>

#include "ai/search_internal.h"
#include "util/util.h"

#define LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)

static uint64_t
pack(int score, int eval, int depth, int bound, int age)
{
	return (uint64_t)(uint16_t)(int16_t)score |
	    ((uint64_t)(uint8_t)depth << 16) |
	    ((uint64_t)(bound & 3) << 24) |
	    ((uint64_t)(age & 63) << 26) |
	    ((uint64_t)(uint16_t)(int16_t)eval << 32);
}

void
tt_alloc(struct tt *t, int mb)
{
	uint64_t bytes, n;

	if (mb < 1)
		mb = 1;
	bytes = (uint64_t)mb << 20;
	n = 1;
	while (n * 2 * sizeof(struct tt_bucket) <= bytes)
		n *= 2;
	free(t->b);
	t->b = xcalloc(n, sizeof *t->b);
	t->mask = n - 1;
	t->age = 0;
}

void
tt_free(struct tt *t)
{
	free(t->b);
	t->b = NULL;
	t->mask = 0;
}

void
tt_clear(struct tt *t)
{
	if (t->b != NULL)
		memset(t->b, 0, (t->mask + 1) * sizeof *t->b);
	t->age = 0;
}

void
tt_new_search(struct tt *t)
{
	t->age = (t->age + 1) & 63;
}

bool
tt_probe(const struct tt *t, uint64_t key, struct tt_hit *out)
{
	const struct tt_bucket *b = &t->b[key & t->mask];
	int i;

	for (i = 0; i < TT_WAYS; i++) {
		const struct tt_entry *e = &b->e[i];
		uint64_t check = LOAD(&e->check);
		uint64_t move = LOAD(&e->move);
		uint64_t data = LOAD(&e->data);

		if ((check ^ move ^ data) != key || data == 0)
			continue;
		out->move = move;
		out->score = (int16_t)(data & 0xffff);
		out->depth = (int)((data >> 16) & 0xff);
		out->bound = (int)((data >> 24) & 3);
		out->eval = (int16_t)((data >> 32) & 0xffff);
		return true;
	}
	return false;
}

void
tt_store(struct tt *t, uint64_t key, move_t move, int score, int eval,
    int depth, int bound)
{
	struct tt_bucket *b = &t->b[key & t->mask];
	struct tt_entry *victim = NULL;
	int i, worst = 1 << 30;
	uint64_t data;

	if (depth < 0)
		depth = 0;
	if (!move_fits64(move))
		move = MOVE_NONE; /* a chain of over 15 jumps: not kept */
	for (i = 0; i < TT_WAYS; i++) {
		struct tt_entry *e = &b->e[i];
		uint64_t check = LOAD(&e->check);
		uint64_t emove = LOAD(&e->move);
		uint64_t edata = LOAD(&e->data);
		int edepth, eage, value;

		if (edata == 0 || (check ^ emove ^ edata) == key) {
			/* Same position: keep its move if we have none, and
			 * do not overwrite a deeper exact result with a
			 * shallow bound. */
			if (edata != 0 && move == MOVE_NONE)
				move = emove;
			if (edata != 0 && bound != TT_EXACT &&
			    (int)((edata >> 16) & 0xff) > depth + 2 &&
			    (int)((edata >> 26) & 63) == t->age)
				return;
			victim = e;
			break;
		}
		edepth = (int)((edata >> 16) & 0xff);
		eage = (int)((edata >> 26) & 63);
		value = edepth - 8 * ((t->age - eage) & 63);
		if (value < worst) {
			worst = value;
			victim = e;
		}
	}
	data = pack(score, eval, depth, bound, t->age);
	STORE(&victim->move, (uint64_t)move);
	STORE(&victim->data, data);
	STORE(&victim->check, key ^ (uint64_t)move ^ data);
}

int
tt_score_to(int score, int ply)
{
	if (score >= SEARCH_WIN_MIN)
		return score + ply;
	if (score <= -SEARCH_WIN_MIN)
		return score - ply;
	return score;
}

int
tt_score_from(int score, int ply)
{
	if (score >= SEARCH_WIN_MIN)
		return score - ply;
	if (score <= -SEARCH_WIN_MIN)
		return score + ply;
	return score;
}
