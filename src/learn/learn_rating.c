/*
 * learn_rating.c: a Glicko-1 rating for the puzzle solver (Glickman, "The
 * Glicko system"), each puzzle a game against an opponent rated by the
 * puzzle, and the choice of the next puzzle near the player's level.
 */

#include <math.h>
#include <stdlib.h>

#include "learn/learn.h"

#define Q (0.0057564627324851142)   /* ln 10 / 400 */
#define RD_MIN 50.0
#define RD_MAX 350.0

static double
g(double rd)
{
	return 1.0 / sqrt(1.0 + 3.0 * Q * Q * rd * rd / (M_PI * M_PI));
}

double
learn_rating_expect(const struct learn_rating *r, double opp, double opp_rd)
{
	return 1.0 / (1.0 + pow(10.0, -g(opp_rd) * (r->r - opp) / 400.0));
}

void
learn_rating_update(struct learn_rating *r, double opp, double opp_rd,
    double s)
{
	double gj = g(opp_rd);
	double e = learn_rating_expect(r, opp, opp_rd);
	double d2 = 1.0 / (Q * Q * gj * gj * e * (1.0 - e));
	double denom = 1.0 / (r->rd * r->rd) + 1.0 / d2;

	r->r += Q / denom * gj * (s - e);
	r->rd = sqrt(1.0 / denom);
	if (r->rd < RD_MIN)
		r->rd = RD_MIN;
	if (r->rd > RD_MAX)
		r->rd = RD_MAX;
	r->games++;
}

int
learn_pick_puzzle(const struct learn_rating *r, const int *ratings,
    const bool *solved, size_t n)
{
	int best = -1;
	double bestd = 0.0;
	size_t i;

	for (i = 0; i < n; i++) {
		double d;
		if (solved[i])
			continue;
		d = fabs((double)ratings[i] - r->r);
		if (best < 0 || d < bestd ||
		    (d == bestd && ratings[i] < ratings[best])) {
			best = (int)i;
			bestd = d;
		}
	}
	return best;
}

int
learn_pick_streak(const int *ratings, const bool *excluded, size_t n,
    int above)
{
	int best = -1;
	size_t i;

	for (i = 0; i < n; i++) {
		if (excluded[i] || ratings[i] <= above)
			continue;
		if (best < 0 || ratings[i] < ratings[best])
			best = (int)i;
	}
	return best;
}
