/*
 * movegen_all.c: every legal move in a heap array, however many there are,
 * for interfaces (the engine's `moves` and perft divide). Never used by the
 * search, which must not allocate.
 */
#include <stdio.h>
#include <stdlib.h>

#include "engine/movegen.h"

struct grow {
	move_t *v;
	size_t n, cap;
};

static void
add(void *ctx, move_t m)
{
	struct grow *g = ctx;

	if (g->n == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 256;
		move_t *v = realloc(g->v, cap * sizeof *v);
		if (v == NULL) {
			fprintf(stderr, "congo: out of memory\n");
			abort();
		}
		g->v = v;
		g->cap = cap;
	}
	g->v[g->n++] = m;
}

move_t *
movegen_all(const struct board *b, size_t *n)
{
	struct grow g = { NULL, 0, 0 };

	add(&g, 0);
	g.n = 0;
	movegen_visit(b, add, &g);
	*n = g.n;
	return g.v;
}
