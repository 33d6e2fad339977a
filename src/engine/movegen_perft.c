/*
 * movegen_perft.c: perft, the move-tree leaf count. The last ply is counted
 * in bulk (the number of moves), as chess engines do.
 */
#include "engine/movegen.h"

struct perft_ctx {
	const struct board *b;
	int depth;
	uint64_t n;
};

static void
perft_child(void *ctx, move_t m)
{
	struct perft_ctx *p = ctx;
	struct board child = *p->b;

	board_make(&child, m, NULL);
	p->n += perft(&child, p->depth - 1);
}

/* A list is fastest; a position whose list is cut short (some monkey
 * positions) is walked with the visitor, so perft stays exact. */
uint64_t
perft(const struct board *b, int depth)
{
	struct perft_ctx p = { b, depth, 0 };
	struct movelist ml;

	if (depth <= 0)
		return 1;
	if (depth == 1)
		return movegen_count(b);
	movegen_legal(b, &ml);
	if (ml.truncated) {
		movegen_visit(b, perft_child, &p);
		return p.n;
	}
	for (int i = 0; i < ml.n; i++)
		perft_child(&p, ml.moves[i]);
	return p.n;
}
