/*
 * test_tb_check.h: how the tablebase tests check a table's entries, shared
 * by test_tb (the tables of one piece and a few of two) and test_tb_every
 * (every table of up to two pieces): an entry against the best of its
 * moves one ply on, and against a plain forced-win search that knows
 * nothing of the tables (a win in d plies is a forced win in d and none in
 * d - 2, a loss likewise, a draw no forced win for either side within
 * DRAW_DEPTH). The caller allocates cache (CACHE_SIZE entries) before
 * check_by_search and frees it after.
 */
#ifndef CONGO_TEST_TB_CHECK_H
#define CONGO_TEST_TB_CHECK_H

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "tb/tb_internal.h"

#define TC_UNUSED __attribute__((unused))

/* Deterministic samples. */
static TC_UNUSED uint64_t
next_rand(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

/* ---- against the rules, one ply on ---- */

/* A result as a number, the higher the better for the side to move. */
static TC_UNUSED int
entry_value(int e)
{
	if (e == 0)
		return 0;
	return ((e - 1) & 1) ? 1000 - (e - 1) : -1000 + (e - 1);
}

/* The value b must have, from its moves and the tables of its children. */
static TC_UNUSED int
expected_entry(const struct tb_set *s, const struct board *b)
{
	struct movelist ml;
	int best = -100000;

	if (b->variant == VARIANT_CONGO &&
	    bb_popcount(b->occ[WHITE] | b->occ[BLACK]) == 2 &&
	    !movegen_attacks_lion(b, b->side))
		return 0;    /* bare lions */
	movegen_legal(b, &ml);
	if (ml.n == 0)
		return 1;    /* no move: lost at once */
	for (int k = 0; k < ml.n; k++) {
		struct board c = *b;
		struct move_effects fx;
		int v;

		board_make(&c, ml.moves[k], &fx);
		if (fx.lion_captured) {
			v = 999;
		} else {
			int e = tb_set_entry(s, &c);

			assert_int_not_equal(e, TB_INVALID);
			v = entry_value(e);
			v = -v + (v > 0) - (v < 0);
		}
		if (v > best)
			best = v;
	}
	if (best == 0)
		return 0;
	return best > 0 ? 1000 - best + 1 : best + 1000 + 1;
}

/* Index i of t against the best of its moves one ply on: false when the
 * slot holds no position (nothing checked). */
static TC_UNUSED bool
check_one_ply_at(const struct tb_set *s, const struct tb_table *t,
    uint64_t i)
{
	struct board b;
	int want;

	if (!tb_decode(&t->mat, i, &b))
		return false;
	want = expected_entry(s, &b);
	if (t->data[i] != want) {
		char fen[FEN_MAX];

		fen_write(&b, fen, sizeof fen);
		fail_msg("%s %s %s: %d, its moves say %d",
		    variant_name(s->variant), t->mat.name, fen, t->data[i],
		    want);
	}
	return true;
}

/* An entry's kind for the side to move: ENTRY_DRAW, ENTRY_WIN or
 * ENTRY_LOSS (an index into the tests' counts). */
enum { ENTRY_DRAW, ENTRY_WIN, ENTRY_LOSS };

static TC_UNUSED int
entry_kind(int e)
{
	return e == 0 ? ENTRY_DRAW : ((e - 1) & 1) ? ENTRY_WIN : ENTRY_LOSS;
}

/* ---- against a plain forced-win search (no tables) ---- */

#define CACHE_SIZE (1 << 18)
struct cache_entry {
	uint64_t key;
	int8_t result;
};
static struct cache_entry *cache;

static bool loses_within(const struct board *b, int plies);

static TC_UNUSED bool
bare_draw(const struct board *b)
{
	return b->variant == VARIANT_CONGO &&
	    bb_popcount(b->occ[WHITE] | b->occ[BLACK]) == 2 &&
	    !movegen_attacks_lion(b, b->side);
}

static TC_UNUSED int
cached(const struct board *b, int plies, int kind, uint64_t *key)
{
	struct cache_entry *e;

	*key = (b->hash ^ ((uint64_t)(plies * 2 + kind) *
	    0x9E3779B97F4A7C15ULL)) | 1;
	e = &cache[*key & (CACHE_SIZE - 1)];
	return e->key == *key ? e->result : -1;
}

static TC_UNUSED bool
remember(uint64_t key, bool result)
{
	struct cache_entry *e = &cache[key & (CACHE_SIZE - 1)];

	e->key = key;
	e->result = result;
	return result;
}

/* Can the side to move take the lion (or leave the opponent without a
 * move) within plies plies, whatever the defence? */
static TC_UNUSED bool
wins_within(const struct board *b, int plies)
{
	struct movelist ml;
	uint64_t key;
	int c;

	if (plies <= 0 || bare_draw(b))
		return false;
	if (movegen_attacks_lion(b, b->side))
		return true;
	if (plies < 3)
		return false;
	if ((c = cached(b, plies, 0, &key)) >= 0)
		return c;
	movegen_legal(b, &ml);
	for (int k = 0; k < ml.n; k++) {
		struct board ch = *b;

		board_make(&ch, ml.moves[k], NULL);
		if (loses_within(&ch, plies - 1))
			return remember(key, true);
	}
	return remember(key, false);
}

/* Does every move of the side to move (none included) lose within plies? */
static TC_UNUSED bool
loses_within(const struct board *b, int plies)
{
	struct movelist ml;
	uint64_t key;
	int c;

	if (bare_draw(b) || movegen_attacks_lion(b, b->side))
		return false;
	if ((c = cached(b, plies, 1, &key)) >= 0)
		return c;
	movegen_legal(b, &ml);
	for (int k = 0; k < ml.n; k++) {
		struct board ch = *b;

		board_make(&ch, ml.moves[k], NULL);
		if (!wins_within(&ch, plies - 1))
			return remember(key, false);
	}
	return remember(key, true);
}

#define DRAW_DEPTH 5

static TC_UNUSED void
check_by_search(const struct tb_table *t, const struct board *b, int e)
{
	char fen[FEN_MAX];
	int d = e - 1;
	bool ok;

	if (e == 0)
		ok = !wins_within(b, DRAW_DEPTH) &&
		    !loses_within(b, DRAW_DEPTH + 1);
	else if (d & 1)
		ok = wins_within(b, d) && !wins_within(b, d - 2);
	else
		ok = loses_within(b, d) && (d < 2 || !loses_within(b, d - 2));
	if (!ok) {
		fen_write(b, fen, sizeof fen);
		fail_msg("%s %s: the table says %d, the search disagrees",
		    t->mat.name, fen, e);
	}
}

/* Up to per draws, wins and losses of t (found[], by entry_kind: how many
 * of each), within maxd plies, drawn at random from its index (tries draws at
 * most), each against the plain search. */
static TC_UNUSED void
check_sample_by_search(const struct tb_table *t, uint64_t *seed, int maxd,
    int per, int tries, int found[3])
{
	found[0] = found[1] = found[2] = 0;
	while (tries-- > 0) {
		uint64_t i = next_rand(seed) % t->mat.entries;
		int e = t->data[i], kind;
		struct board b;

		if (e == TB_INVALID || e - 1 > maxd)
			continue;
		kind = entry_kind(e);
		if (found[kind] >= per)
			continue;
		found[kind]++;
		assert_true(tb_decode(&t->mat, i, &b));
		check_by_search(t, &b, e);
		if (found[0] + found[1] + found[2] == 3 * per)
			break;
	}
}

#endif
