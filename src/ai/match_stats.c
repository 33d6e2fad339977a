/*
 * match_stats.c: the Elo difference of a match result and its 95% error
 * bar, from the per-game scores (1, 1/2, 0) or from game pairs by the
 * normal approximation, and the sequential probability ratio test.
 */
#include <math.h>

#include "ai/match.h"

double
match_elo(double p)
{
	return -400.0 * log10(1.0 / p - 1.0);
}

/* The Elo of the score p and half the width of its 95% interval, from
 * the variance var of one of the n scores. */
static void
interval(double p, double var, int n, double *elo, double *err)
{
	double se = sqrt(var / n);
	double lo = p - 1.96 * se, hi = p + 1.96 * se;

	if (lo <= 0.0)
		lo = 1e-6;
	if (hi >= 1.0)
		hi = 1.0 - 1e-6;
	*elo = match_elo(p);
	*err = (match_elo(hi) - match_elo(lo)) / 2.0;
}

bool
match_elo_interval(int w, int d, int l, double *elo, double *err)
{
	int n = w + d + l;
	double p, var;

	*elo = 0;
	*err = 0;
	if (n == 0)
		return true;
	p = (w + 0.5 * d) / n;
	if (p <= 0.0 || p >= 1.0) {
		*elo = p <= 0.0 ? -INFINITY : INFINITY;
		return false;
	}
	var = (w * (1.0 - p) * (1.0 - p) + d * (0.5 - p) * (0.5 - p) +
	    l * p * p) / n;
	interval(p, var, n, elo, err);
	return true;
}

bool
match_elo_pairs(const int pairs[5], double *elo, double *err)
{
	int n = 0, k;
	double p = 0, var = 0;

	for (k = 0; k < 5; k++) {
		n += pairs[k];
		p += pairs[k] * (k / 4.0);
	}
	*elo = 0;
	*err = 0;
	if (n == 0)
		return true;
	p /= n;
	if (p <= 0.0 || p >= 1.0) {
		*elo = p <= 0.0 ? -INFINITY : INFINITY;
		return false;
	}
	for (k = 0; k < 5; k++)
		var += pairs[k] * (k / 4.0 - p) * (k / 4.0 - p);
	var /= n;
	interval(p, var, n, elo, err);
	return true;
}

static double
expected(double elo)
{
	return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double
match_sprt_llr(int w, int d, int l, double elo0, double elo1)
{
	/* a count of 0 is taken as 1/2, so that a run of wins only (or of
	 * draws only) has a variance and the test can decide */
	double fw = w > 0 ? w : 0.5, fd = d > 0 ? d : 0.5, fl = l > 0 ? l : 0.5;
	double n = fw + fd + fl;
	double x, var, s0 = expected(elo0), s1 = expected(elo1);

	if (w + d + l == 0)
		return 0;
	x = (fw + 0.5 * fd) / n;
	var = (fw * (1.0 - x) * (1.0 - x) + fd * (0.5 - x) * (0.5 - x) +
	    fl * x * x) / n;
	if (var <= 0)
		return 0;
	return n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * var);
}

void
match_sprt_bounds(double alpha, double beta, double *lo, double *hi)
{
	*lo = log(beta / (1.0 - alpha));
	*hi = log((1.0 - beta) / alpha);
}

void
match_undone(const struct match *m, int undone[2], int moves[2])
{
	undone[0] = undone[1] = moves[0] = moves[1] = 0;
	for (int i = 0; i < m->cfg.games; i++) {
		const struct match_game *mg = &m->game[i];
		const struct game *g = &mg->g;

		if (!mg->done)
			continue;
		for (int k = mg->opening_plies; k < g->nply; k++) {
			/* A is White when a_white: plies of even parity
			 * from a White start are White's */
			int white = (g->pos[k].side == WHITE);
			int p = white == mg->a_white ? 0 : 1;
			move_t a = g->moves[k];

			moves[p]++;
			if (k + 2 < g->nply && MOVE_NJUMPS(a) == 0 &&
			    MOVE_FROM(g->moves[k + 2]) == MOVE_TO(a) &&
			    MOVE_TO(g->moves[k + 2]) == MOVE_FROM(a) &&
			    MOVE_NJUMPS(g->moves[k + 2]) == 0)
				undone[p]++;
		}
	}
}
