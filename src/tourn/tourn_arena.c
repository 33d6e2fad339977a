/*
 * tourn_arena.c: an arena's points as PROTOCOL.md "Tournaments" has
 * them (lichess's rules): a win 2, a draw 1, a loss 0; after two wins in a
 * row a player is on fire and scores double (a win 4, a draw 2) until a
 * game that is not a win; a berserked win of at least 7 of one's own
 * moves scores 1 more. (lichess's newer sheet also scores nothing for a
 * draw under 20 plies or a draw after a draw: PROTOCOL.md does not, nor
 * do we.) A berserk clock: half the base time and no increment (as
 * PROTOCOL.md's BERSERK). Ties by performance: the opponents' mean rating
 * + 500 (wins - losses) / games.
 */

#include <stdlib.h>

#include "tourn/tourn.h"

static bool
on_fire(const struct arena_game *g, int k)
{
	return k >= 2 && g[k - 1].result == 'W' && g[k - 2].result == 'W';
}

int
arena_game_points(const struct arena_game *g, int k)
{
	const struct arena_game *x = &g[k];
	bool fire = on_fire(g, k);

	switch (x->result) {
	case 'W':
		return (fire ? 4 : 2) + (x->berserk && x->own_moves >= 7);
	case 'D':
		return fire ? 2 : 1;
	default:
		return 0;
	}
}

int
arena_score(const struct arena_game *g, int n, bool *fire)
{
	int s = 0;

	for (int k = 0; k < n; k++)
		s += arena_game_points(g, k);
	if (fire)
		*fire = on_fire(g, n);
	return s;
}

void
arena_berserk_clock(long base_ms, long inc_ms, long *base, long *inc)
{
	(void)inc_ms;
	*base = base_ms / 2;
	*inc = 0;
}

int
arena_performance(const struct arena_game *g, const int *opp_rating, int n)
{
	long sum = 0;

	if (n <= 0)
		return 0;
	for (int k = 0; k < n; k++)
		sum += opp_rating[k] + (g[k].result == 'W' ? 500 :
		    g[k].result == 'L' ? -500 : 0);
	return (int)(sum / n);
}

static int
by_standing(const void *x, const void *y)
{
	const struct arena_entry *a = x, *b = y;

	if (a->points != b->points)
		return b->points - a->points;
	if (a->performance != b->performance)
		return b->performance - a->performance;
	return a->id - b->id;
}

void
arena_sort(struct arena_entry *e, int n)
{
	if (n > 1)
		qsort(e, (size_t)n, sizeof *e, by_standing);
}
