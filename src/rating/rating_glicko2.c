/*
 * rating_glicko2.c: one Glicko-2 rating period, step by step as Glickman's
 * "Example of the Glicko-2 system" (2012) numbers them, and the server's
 * one-game periods.
 */

#include <math.h>
#include <stddef.h>

#include "rating/rating.h"

/* Step 2: the Glicko-2 scale is the Glicko scale divided by this. */
#define SCALE 173.7178
/* The volatility iteration converges in a few dozen steps; a bound keeps
 * a pathological input from looping. */
#define ITER_MAX 200

void
rating_init(struct rating *out)
{
	out->r = RATING_START;
	out->rd = RATING_START_RD;
	out->vol = RATING_START_VOL;
}

static double
g(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double
expect(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-g(phi_j) * (mu - mu_j)));
}

static bool
valid(const struct rating *p)
{
	return isfinite(p->r) && isfinite(p->rd) && isfinite(p->vol) &&
	    p->rd > 0.0 && p->vol > 0.0;
}

/* Step 5's f(x). */
static double
vol_f(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x);
	double d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) -
	    (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double
new_vol(double sigma, double delta, double phi, double v, double tau)
{
	double a = log(sigma * sigma);
	double A = a, B, C, fA, fB, fC;
	int k, iter;

	if (delta * delta > phi * phi + v)
		B = log(delta * delta - phi * phi - v);
	else {
		for (k = 1; k < ITER_MAX; k++)
			if (vol_f(a - k * tau, delta, phi, v, a, tau) >= 0.0)
				break;
		B = a - k * tau;
	}
	fA = vol_f(A, delta, phi, v, a, tau);
	fB = vol_f(B, delta, phi, v, a, tau);
	for (iter = 0; fabs(B - A) > RATING_EPSILON && iter < ITER_MAX;
	    iter++) {
		if (fB == fA)
			break;
		C = A + (A - B) * fA / (fB - fA);
		fC = vol_f(C, delta, phi, v, a, tau);
		if (fC * fB <= 0.0) {
			A = B;
			fA = fB;
		} else
			fA /= 2.0;
		B = C;
		fB = fC;
	}
	return exp(A / 2.0);
}

int
rating_update(struct rating *out, const struct rating *player,
    const struct rating_game *games, size_t n, double tau)
{
	double mu, phi, sigma, phi_star, phi_new, mu_new;
	double v_inv = 0.0, sum = 0.0, v, delta;
	size_t j;

	if (out == NULL || player == NULL || !valid(player) ||
	    !isfinite(tau) || tau <= 0.0 || (n > 0 && games == NULL))
		return -1;
	for (j = 0; j < n; j++) {
		const struct rating_game *gm = &games[j];
		if (!isfinite(gm->opp_r) || !isfinite(gm->opp_rd) ||
		    gm->opp_rd <= 0.0 || !isfinite(gm->score) ||
		    gm->score < 0.0 || gm->score > 1.0)
			return -1;
	}

	/* Step 2: to the Glicko-2 scale. */
	mu = (player->r - RATING_START) / SCALE;
	phi = player->rd / SCALE;
	sigma = player->vol;

	if (n == 0) {
		/* No games: the rating and volatility stay, the RD grows. */
		phi_new = sqrt(phi * phi + sigma * sigma);
		out->r = player->r;
		out->rd = fmin(phi_new * SCALE, RATING_RD_MAX);
		out->vol = sigma;
		return 0;
	}

	/* Steps 3 and 4: v, and the sum that gives delta. */
	for (j = 0; j < n; j++) {
		double mu_j = (games[j].opp_r - RATING_START) / SCALE;
		double phi_j = games[j].opp_rd / SCALE;
		double gj = g(phi_j), e = expect(mu, mu_j, phi_j);

		v_inv += gj * gj * e * (1.0 - e);
		sum += gj * (games[j].score - e);
	}
	v = 1.0 / v_inv;
	delta = v * sum;

	/* Step 5: the volatility. */
	sigma = new_vol(sigma, delta, phi, v, tau);
	if (!isfinite(sigma) || sigma <= 0.0)
		return -1;

	/* Steps 6 and 7: the new RD and rating. */
	phi_star = sqrt(phi * phi + sigma * sigma);
	phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
	mu_new = mu + phi_new * phi_new * sum;

	/* Step 8: back to the Glicko scale. */
	out->r = SCALE * mu_new + RATING_START;
	out->rd = fmin(phi_new * SCALE, RATING_RD_MAX);
	out->vol = sigma;
	return 0;
}

int
rating_after_game(struct rating *w_out, struct rating *b_out,
    const struct rating *w, const struct rating *b, double white_score)
{
	struct rating_game gw, gb;
	struct rating nw, nb;

	if (w_out == NULL || b_out == NULL || w == NULL || b == NULL)
		return -1;
	gw.opp_r = b->r;
	gw.opp_rd = b->rd;
	gw.score = white_score;
	gb.opp_r = w->r;
	gb.opp_rd = w->rd;
	gb.score = 1.0 - white_score;
	if (rating_update(&nw, w, &gw, 1, RATING_TAU) != 0 ||
	    rating_update(&nb, b, &gb, 1, RATING_TAU) != 0)
		return -1;
	*w_out = nw;
	*b_out = nb;
	return 0;
}
