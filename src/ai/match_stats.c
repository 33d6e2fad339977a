/*
 * match_stats.c: the Elo difference of a match result and its 95% error
 * bar, from the per-game scores (1, 1/2, 0) by the normal approximation.
 */
#include <math.h>

#include "ai/match_internal.h"

double
match_elo(double p)
{
	return -400.0 * log10(1.0 / p - 1.0);
}

bool
match_elo_interval(int w, int d, int l, double *elo, double *err)
{
	int n = w + d + l;
	double p, var, se, lo, hi;

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
	se = sqrt(var / n);
	lo = p - 1.96 * se;
	hi = p + 1.96 * se;
	if (lo <= 0.0)
		lo = 1e-6;
	if (hi >= 1.0)
		hi = 1.0 - 1e-6;
	*elo = match_elo(p);
	*err = (match_elo(hi) - match_elo(lo)) / 2.0;
	return true;
}
