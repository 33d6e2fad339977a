/*
 * tourn_tiebreak.c: Buchholz cut 1 and Sonneborn-Berger (FIDE Handbook
 * C.02, with its rule for unplayed games, 2012: a player who did not
 * play a round, bye, forfeit or absence, counts as having played a
 * virtual opponent who had the player's own score before that round,
 * took the other part of that round's point, and drew every later round:
 * Svon = SPR + (1 - SfPR) + 0.5 (n - R)). Opponents' scores are their
 * own, as they stand after the rounds counted. Quarter-points throughout.
 */

#include "tourn/tourn.h"

/* Opponent (or virtual opponent) score of player i in round r (0-based)
 * of k, in half-points; *res the half-points i scored there. */
static int
opp_score2(const struct tourn *t, int i, int r, int k, int *res)
{
	const struct tourn_round *x = &t->p[i].r[r];

	*res = tourn_res_points2(x->res);
	if (tourn_res_played(x->res))
		return tourn_points2(t, x->opp, k);
	return tourn_points2(t, i, r) + (2 - *res) + (k - 1 - r);
}

int
tourn_buchholz_cut1(const struct tourn *t, int i, int k)
{
	int sum = 0, least = -1, res;

	for (int r = 0; r < k; r++) {
		int s = opp_score2(t, i, r, k, &res);

		sum += s;
		if (least < 0 || s < least)
			least = s;
	}
	if (k > 0)
		sum -= least;
	return 2 * sum;
}

int
tourn_sonneborn_berger(const struct tourn *t, int i, int k)
{
	int sum = 0, res;

	for (int r = 0; r < k; r++) {
		int s = opp_score2(t, i, r, k, &res);

		sum += s * res;
	}
	return sum;
}
