/*
 * tourn_arena_pair.c: whom an arena pairs among its free players
 * (lichess's rule): as many pairs as there can be, then no pair that just
 * played each other, then the pairs closest in the standings (then in
 * rating), by one maximum-weight matching: each edge worth a large
 * constant less a rematch's penalty less the distance of the two.
 */

#include <stdlib.h>

#include "tourn/tourn.h"
#include "tourn/tourn_match.h"
#include "util/util.h"

static tw_t
edge(const struct arena_free *a, const struct arena_free *b)
{
	bool again = a->last_opp == b->id || b->last_opp == a->id;
	long dist = labs((long)a->rank - b->rank) * 10000 +
	    labs((long)a->rating - b->rating);
	tw_t w = tw_bit(100);

	if (again)
		w = tw_sub(w, tw_bit(70));
	return tw_sub(w, tw_small(dist));
}

/* Whether a takes white against b. */
static bool
takes_white(const struct arena_free *a, const struct arena_free *b)
{
	int da = a->whites - a->blacks, db = b->whites - b->blacks;

	if (da != db)
		return da < db;
	if (a->last_colour != b->last_colour)
		return a->last_colour == 'b' || b->last_colour == 'w';
	return a->rank <= b->rank;
}

int
arena_pair(const struct arena_free *f, int n, struct tourn_pair *out)
{
	struct tmatch_edge *e;
	int *mate, ne = 0, np = 0;

	if (n < 2)
		return 0;
	e = xcalloc((size_t)n * (size_t)n / 2 + 1, sizeof *e);
	mate = xmalloc(sizeof(int) * (size_t)n);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			e[ne].i = i;
			e[ne].j = j;
			e[ne++].w = edge(&f[i], &f[j]);
		}
	tmatch_max(n, e, ne, mate);
	for (int i = 0; i < n; i++) {
		int j = mate[i];

		if (j <= i)
			continue;
		bool w = takes_white(&f[i], &f[j]);

		out[np].white = w ? f[i].id : f[j].id;
		out[np++].black = w ? f[j].id : f[i].id;
	}
	free(e);
	free(mate);
	return np;
}
