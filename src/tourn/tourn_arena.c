/*
 * tourn_arena.c: an arena's points (lichess's rules, its ArenaSheet since
 * 2020, as PROTOCOL.md's "Tournaments" states them): a win 2, a draw 1, a
 * loss 0; after two wins in a row a player is on fire and scores double (a
 * win 4, a draw 2) until a game that is not a win; a berserked win of at
 * least 7 of one's own moves scores 1 more. ARENA_DRAW_RULES adds two
 * rules lichess's code has and the protocol does not (off unless asked):
 * a draw of fewer than 20 plies scores nothing and is no draw for the
 * streaks; a draw that follows a draw (losses between them not counted)
 * scores nothing unless it lasted 60 plies. A berserk clock (BERSERK in
 * PROTOCOL.md): half the base time and no increment. Ties by performance:
 * the opponents' mean rating + 500 (wins - losses) / games.
 */

#include <stdlib.h>

#include "tourn/tourn.h"

static bool
on_fire(const struct arena_game *g, int k)
{
	return k >= 2 && g[k - 1].result == 'W' && g[k - 2].result == 'W';
}

/* Whether game k follows a draw: the last game before it that was not
 * a loss was a draw (a quick one too). */
static bool
draw_streak(const struct arena_game *g, int k)
{
	while (--k >= 0)
		if (g[k].result != 'L')
			return g[k].result != 'W';
	return false;
}

int
arena_game_points(const struct arena_game *g, int k, unsigned rules)
{
	const struct arena_game *x = &g[k];
	bool fire = on_fire(g, k);

	switch (x->result) {
	case 'W':
		return (fire ? 4 : 2) + (x->berserk && x->own_moves >= 7);
	case 'D':
		if (!(rules & ARENA_DRAW_RULES))
			return fire ? 2 : 1;
		if (x->plies < 20)
			return 0;
		if (fire)
			return 2;
		return draw_streak(g, k) && x->plies < 60 ? 0 : 1;
	default:
		return 0;
	}
}

int
arena_score(const struct arena_game *g, int n, bool *fire, unsigned rules)
{
	int s = 0;

	for (int k = 0; k < n; k++)
		s += arena_game_points(g, k, rules);
	if (fire)
		*fire = on_fire(g, n);
	return s;
}

void
arena_berserk_clock(long base_ms, long inc_ms, long *base, long *inc)
{
	(void)inc_ms;           /* dropped whatever it was */
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
