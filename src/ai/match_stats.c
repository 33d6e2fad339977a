/*
 * match_stats.c: the Elo difference of a match result and its 95% error
 * bar, from the per-game scores (1, 1/2, 0: trinomial) or from game pairs
 * (0, 1/2, 1, 3/2, 2 points: pentanomial, as fastchess and fishtest count
 * them) by the normal approximation, the normalized Elo and the
 * likelihood of superiority of the pairs, and the sequential probability
 * ratio test of either model.
 */
#include <math.h>
#include <string.h>

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

/* 800 / ln 10: a normalized Elo is the score's distance from 1/2 in
 * standard deviations of a game, times this */
#define NELO_SCALE (800.0 / 2.302585092994046)

static double
expected(double elo)
{
	return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/*
 * The log-likelihood ratio of H1 (elo1) against H0 (elo0) by the normal
 * approximation (Van den Bergh's): n outcomes of mean x and variance var
 * give n (s1 - s0) (2x - s0 - s1) / (2 var), where s0 and s1 are the
 * scores that elo0 and elo1 expect. count[k] outcomes scored score[k]; a
 * count of 0 is taken as 1/2, so that a run of wins only (or of draws
 * only) has a variance and the test can decide.
 */
static double
llr_normal(const int *count, const double *score, int k, double elo0,
    double elo1)
{
	double f[5], n = 0, x = 0, var = 0;
	double s0 = expected(elo0), s1 = expected(elo1);
	int i, real = 0;

	for (i = 0; i < k; i++) {
		real += count[i];
		f[i] = count[i] > 0 ? count[i] : 0.5;
		n += f[i];
		x += f[i] * score[i];
	}
	if (real == 0)
		return 0;
	x /= n;
	for (i = 0; i < k; i++)
		var += f[i] * (score[i] - x) * (score[i] - x);
	var /= n;
	if (var <= 0)
		return 0;
	return n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * var);
}

double
match_sprt_llr(int w, int d, int l, double elo0, double elo1)
{
	static const double score[3] = { 1.0, 0.5, 0.0 };
	int count[3];

	count[0] = w;
	count[1] = d;
	count[2] = l;
	return llr_normal(count, score, 3, elo0, elo1);
}

double
match_sprt_llr_pairs(const int pairs[5], double elo0, double elo1)
{
	static const double score[5] = { 0.0, 0.25, 0.5, 0.75, 1.0 };

	return llr_normal(pairs, score, 5, elo0, elo1);
}

bool
match_pairs_normalized(const int pairs[5], double *nelo, double *err,
    double *los)
{
	int n = 0, k;
	double x = 0, var = 0, sd;

	for (k = 0; k < 5; k++) {
		n += pairs[k];
		x += pairs[k] * (k / 4.0);
	}
	*nelo = *err = 0;
	*los = 0.5;
	if (n == 0)
		return false;
	x /= n;
	for (k = 0; k < 5; k++)
		var += pairs[k] * (k / 4.0 - x) * (k / 4.0 - x);
	var /= n;
	if (var <= 0) {
		*los = x > 0.5 ? 1.0 : x < 0.5 ? 0.0 : 0.5;
		return false;
	}
	/* a game's standard deviation is sqrt(2) times a pair's (the pair's
	 * score is the mean of its two games') */
	sd = sqrt(2.0 * var);
	*nelo = (x - 0.5) / sd * NELO_SCALE;
	*err = 1.96 / sqrt(2.0 * n) * NELO_SCALE;
	*los = 0.5 * (1.0 + erf((x - 0.5) / sqrt(2.0 * var / n)));
	return true;
}

int
match_pairs(const struct match *m, int pairs[5])
{
	int k, n = 0;

	memset(pairs, 0, 5 * sizeof *pairs);
	for (k = 0; 2 * k + 1 < m->cfg.games; k++) {
		const struct match_game *a = &m->game[2 * k];
		const struct match_game *b = &m->game[2 * k + 1];

		if (!a->done || !b->done)
			continue;
		pairs[(int)((a->a_score + b->a_score) * 2 + 0.5)]++;
		n++;
	}
	return n;
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
