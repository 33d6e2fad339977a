/*
 * movegen_monkey.c: monkey jump chains.
 *
 * A monkey captures by jumping an adjacent enemy piece to the empty square
 * beyond, and may go on jumping. Jumped pieces stay on the board until the
 * move is complete: the monkey cannot land on them nor jump one twice. It may
 * land on squares it visited, its starting square included. Jumping the enemy
 * lion ends the move. Every prefix of a chain, and every distinct path, is a
 * move of its own.
 */
#include "engine/movegen.h"
#include "engine/movegen_internal.h"

struct chain {
	const struct board *b;
	movegen_visitor fn;
	void *ctx;
	bb_t opp;      /* enemy pieces (jumped ones included) */
	bb_t landable; /* empty squares, the monkey's start included */
	bb_t lion;     /* the enemy lion */
	int from;
	int count;
};

/* The square a jump from cur along d lands on, the piece jumped on *mid;
 * -1 when there is no such jump (nothing of the enemy's there, or jumped
 * already, or nowhere to land). */
static inline int
jump(const struct chain *c, int cur, int d, bb_t jumped, int *mid)
{
	int land;

	*mid = board_ray_next[d][cur];
	if (*mid < 0 || !(c->opp & BB(*mid)) || (jumped & BB(*mid)))
		return -1;
	land = board_ray_next[d][*mid];
	if (land < 0 || !(c->landable & BB(land)))
		return -1;
	return land;
}

static void
chain_dfs(struct chain *c, int cur, bb_t jumped, move_t path, int depth)
{
	for (int d = 0; d < 8; d++) {
		int mid, land = jump(c, cur, d, jumped, &mid);
		move_t m;

		if (land < 0)
			continue;
		m = path | ((move_t)d << (MOVE_JUMPS_SHIFT + 3 * depth));
		c->count++;
		if (c->fn != NULL)
			c->fn(c->ctx, m | MOVE_MAKE(c->from, land) |
			    ((move_t)(depth + 1) << 12));
		if (!(c->lion & BB(mid)) && depth + 1 < MOVE_MAX_JUMPS)
			chain_dfs(c, land, jumped | BB(mid), m, depth + 1);
	}
}

/* The number of chains only: no move built (perft's last ply). */
static int
count_dfs(const struct chain *c, int cur, bb_t jumped, int depth)
{
	int n = 0;

	for (int d = 0; d < 8; d++) {
		int mid, land = jump(c, cur, d, jumped, &mid);

		if (land < 0)
			continue;
		n++;
		if (!(c->lion & BB(mid)) && depth + 1 < MOVE_MAX_JUMPS)
			n += count_dfs(c, land, jumped | BB(mid), depth + 1);
	}
	return n;
}

/* c for the chains of us's monkey on sq, each handed to fn (ctx). */
static void
chain_init(struct chain *c, const struct board *b, int sq, int us,
    movegen_visitor fn, void *ctx)
{
	c->b = b;
	c->fn = fn;
	c->ctx = ctx;
	c->opp = b->occ[us ^ 1];
	c->landable = (~(b->occ[0] | b->occ[1]) & BB_ALL) | BB(sq);
	c->lion = b->pieces[us ^ 1][LION];
	c->from = sq;
	c->count = 0;
}

int
mg_monkey_chains(const struct board *b, int sq, int us, movegen_visitor fn,
    void *ctx)
{
	struct chain c;

	chain_init(&c, b, sq, us, fn, ctx);
	if (fn == NULL)
		return count_dfs(&c, sq, 0, 0);
	chain_dfs(&c, sq, 0, 0, 0);
	return c.count;
}

/* Depth-first search for any chain that ends by jumping the lion. */
static bool
lion_dfs(const struct chain *c, int cur, bb_t jumped, int depth)
{
	for (int d = 0; d < 8; d++) {
		int mid, land = jump(c, cur, d, jumped, &mid);

		if (land < 0)
			continue;
		if (c->lion & BB(mid))
			return true;
		if (depth + 1 < MOVE_MAX_JUMPS &&
		    lion_dfs(c, land, jumped | BB(mid), depth + 1))
			return true;
	}
	return false;
}

bool
mg_monkey_takes_lion(const struct board *b, int sq, int us)
{
	struct chain c;

	chain_init(&c, b, sq, us, NULL, NULL);
	if (!c.lion)
		return false;
	return lion_dfs(&c, sq, 0, 0);
}
