/*
 * movegen_all.c: every legal move in a heap array, however many there are,
 * for interfaces (the engine's `moves` and perft divide). Never used by the
 * search, which must not allocate.
 */
#include "engine/movegen.h"
#include "util/util.h"

static void
add(void *ctx, move_t m)
{
	*(move_t *)vec_push(ctx) = m;
}

move_t *
movegen_all(const struct board *b, size_t *n)
{
	struct vec v = VEC_INIT(sizeof(move_t));

	vec_reserve(&v, 256); /* never NULL, even with no move */
	movegen_visit(b, add, &v);
	*n = v.len;
	return v.data;
}
