/*
 * analyse_score.c: the arithmetic of a game's analysis (analyse.h): win
 * percentages, marks, accuracy. Pure: numbers in, numbers out; the
 * formulas are lichess's (its WinPercent and AccuracyPercent), written
 * here from their definitions.
 */
#include <math.h>
#include <stdlib.h>

#include "ai/analyse.h"
#include "ai/search.h"

#define WIN_K 0.00368208
#define ACC_A 103.1668
#define ACC_K 0.04354
#define ACC_B 3.1669
#define ACC_BONUS 1.0
#define WEIGHT_MIN 0.5
#define WEIGHT_MAX 12.0

static int
clamp_cp(int cp)
{
	if (cp > ANALYSE_CP_CEILING)
		return ANALYSE_CP_CEILING;
	if (cp < -ANALYSE_CP_CEILING)
		return -ANALYSE_CP_CEILING;
	return cp;
}

double
analyse_winning_chances(int cp)
{
	double c = 2.0 / (1.0 + exp(-WIN_K * (double)cp)) - 1.0;

	return c < -1 ? -1 : c > 1 ? 1 : c;
}

double
analyse_win_percent(int cp)
{
	return 50.0 + 50.0 * analyse_winning_chances(clamp_cp(cp));
}

enum analyse_mark
analyse_classify(double drop)
{
	if (drop >= 0.3)
		return MARK_BLUNDER;
	if (drop >= 0.2)
		return MARK_MISTAKE;
	if (drop >= 0.1)
		return MARK_INACCURACY;
	return MARK_NONE;
}

enum analyse_mark
analyse_judge(int cp_before, int mate_before, int cp_after, int mate_after)
{
	if (mate_before == 0 && mate_after == 0)
		return analyse_classify(analyse_winning_chances(cp_before) -
		    analyse_winning_chances(cp_after));
	if (mate_before == 0 && mate_after < 0)
		/* the opponent's forced win appears */
		return cp_before < -999 ? MARK_INACCURACY :
		    cp_before < -700 ? MARK_MISTAKE : MARK_BLUNDER;
	if (mate_before > 0 && mate_after <= 0) {
		/* the mover's own forced win is lost */
		int after = mate_after < 0 ? 0 : cp_after;
		return after > 999 ? MARK_INACCURACY :
		    after > 700 ? MARK_MISTAKE : MARK_BLUNDER;
	}
	return MARK_NONE;
}

int
analyse_mark_nag(enum analyse_mark m)
{
	static const int nag[NMARKS] = { 0, 6, 2, 4 };

	return m > MARK_NONE && m < NMARKS ? nag[m] : 0;
}

enum analyse_mark
analyse_mark_of_nag(int nag)
{
	switch (nag) {
	case 6:
		return MARK_INACCURACY;
	case 2:
		return MARK_MISTAKE;
	case 4:
		return MARK_BLUNDER;
	default:
		return MARK_NONE;
	}
}

const char *
analyse_mark_symbol(enum analyse_mark m)
{
	static const char *const sym[NMARKS] = { "", "?!", "?", "??" };

	return m >= MARK_NONE && m < NMARKS ? sym[m] : "";
}

const char *
analyse_mark_name(enum analyse_mark m)
{
	static const char *const name[NMARKS] = { "", "Inaccuracy", "Mistake",
		"Blunder" };

	return m >= MARK_NONE && m < NMARKS ? name[m] : "";
}

double
analyse_move_accuracy(double before, double after)
{
	double a;

	if (after >= before)
		return 100.0;
	a = ACC_A * exp(-ACC_K * (before - after)) - ACC_B + ACC_BONUS;
	return a < 0 ? 0 : a > 100 ? 100 : a;
}

/* The population standard deviation of w[0..n-1]. */
static double
deviation(const double *w, int n)
{
	double mean = 0, sum = 0;
	int i;

	for (i = 0; i < n; i++)
		mean += w[i];
	mean /= n;
	for (i = 0; i < n; i++)
		sum += (w[i] - mean) * (w[i] - mean);
	return sqrt(sum / n);
}

void
analyse_game_accuracy(int start_cp, const int *white_cp, int nply,
    int first, double out[2])
{
	double *w, wsum[2] = { 0, 0 }, wacc[2] = { 0, 0 }, inv[2] = { 0, 0 };
	int n[2] = { 0, 0 }, size, i, c;

	out[WHITE] = out[BLACK] = -1;
	if (nply <= 0)
		return;
	/* w[0] the start, w[i + 1] after ply i: White's chances */
	w = malloc(sizeof *w * (size_t)(nply + 1));
	if (w == NULL)
		return;
	w[0] = analyse_win_percent(start_cp);
	for (i = 0; i < nply; i++)
		w[i + 1] = analyse_win_percent(white_cp[i]);
	size = nply / 10;
	size = size < 2 ? 2 : size > 8 ? 8 : size;
	if (size > nply + 1)
		size = nply + 1;
	for (i = 0; i < nply; i++) {
		/* ply i's window: the first `size` values for the first
		 * size - 2 plies, then the window ending at w[i + 1]... as
		 * lichess slides it: windows start at 0 until there are
		 * enough, then at i - (size - 2) */
		int from = i - (size - 2), wt;
		double weight, acc, before, after;

		if (from < 0)
			from = 0;
		weight = deviation(w + from, size);
		weight = weight < WEIGHT_MIN ? WEIGHT_MIN :
		    weight > WEIGHT_MAX ? WEIGHT_MAX : weight;
		c = (i % 2 == 0) ? first : !first;
		before = c == WHITE ? w[i] : 100 - w[i];
		after = c == WHITE ? w[i + 1] : 100 - w[i + 1];
		acc = analyse_move_accuracy(before, after);
		wt = c;
		wsum[wt] += weight;
		wacc[wt] += acc * weight;
		inv[wt] += 1.0 / (acc < 1 ? 1 : acc);
		n[wt]++;
	}
	free(w);
	for (c = 0; c < 2; c++)
		if (n[c] > 0 && wsum[c] > 0)
			out[c] = (wacc[c] / wsum[c] + n[c] / inv[c]) / 2;
}

void
analyse_score_plies(struct analyse_result *r)
{
	int *cp, i, c;

	for (c = 0; c < 2; c++)
		for (i = 0; i < NMARKS; i++)
			r->count[c][i] = 0;
	cp = malloc(sizeof *cp * (size_t)(r->nply > 0 ? r->nply : 1));
	for (i = 0; i < r->nply; i++) {
		const struct analyse_pos *a = &r->pos[i], *b = &r->pos[i + 1];
		struct analyse_ply *p = &r->ply[i];
		int mover = (i % 2 == 0) ? r->first : !r->first;
		int sign = mover == WHITE ? 1 : -1;

		p->before = analyse_win_percent(sign * a->white_cp);
		p->after = analyse_win_percent(sign * b->white_cp);
		p->drop = p->before > p->after ? p->before - p->after : 0;
		p->accuracy = analyse_move_accuracy(p->before, p->after);
		p->best = a->best != p->played ? a->best : MOVE_NONE;
		/* a move that took the lion (or won by another rule) ends
		 * in its mover's forced win: never marked */
		p->judged = b->won && sign * b->white_cp > 0 ? MARK_NONE :
		    analyse_judge(sign * a->white_cp, sign * a->mate,
		    sign * b->white_cp, sign * b->mate);
		/* the search's own move is never marked (lichess judges only
		 * a move that is not its engine's: a deeper look at the
		 * next position may only have seen more) */
		p->mark = p->best == MOVE_NONE ? MARK_NONE : p->judged;
		r->count[mover][p->mark]++;
		if (cp != NULL)
			cp[i] = b->white_cp;
	}
	r->accuracy[WHITE] = r->accuracy[BLACK] = -1;
	if (cp != NULL)
		analyse_game_accuracy(r->pos[0].white_cp, cp, r->nply,
		    r->first, r->accuracy);
	free(cp);
}

void
analyse_result_free(struct analyse_result *r)
{
	free(r->pos);
	free(r->ply);
	r->pos = NULL;
	r->ply = NULL;
	r->nply = 0;
}
