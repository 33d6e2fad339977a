/*
 * movegen_perft.c: perft, the move-tree leaf count. The last ply is counted
 * in bulk (the number of moves), as chess engines do.
 */
#include "engine/movegen.h"

uint64_t
perft(const struct board *b, int depth)
{
	struct movelist ml;
	uint64_t n = 0;

	if (depth <= 0)
		return 1;
	if (depth == 1)
		return movegen_count(b);
	movegen_legal(b, &ml);
	for (int i = 0; i < ml.n; i++) {
		struct board child = *b;
		board_make(&child, ml.moves[i], NULL);
		n += perft(&child, depth - 1);
	}
	return n;
}
