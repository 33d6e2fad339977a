/*
 * tourn_core.c: a Swiss event's rounds: what a TRF result code means,
 * scores, the rounds paired so far, a round entered, pairings printed as
 * bbpPairings -p does.
 */

#include <stdlib.h>
#include <string.h>

#include "tourn/tourn.h"

void
tourn_free(struct tourn *t)
{
	free(t->p);
	t->p = NULL;
	t->n = 0;
}

bool
tourn_res_played(char res)
{
	return res && strchr("10=WDL", res) != NULL;
}

int
tourn_res_points2(char res)
{
	switch (res) {
	case '1': case '+': case 'W': case 'U': case 'F':
		return 2;
	case '=': case 'D': case 'H':
		return 1;
	default:
		return 0;
	}
}

int
tourn_points2(const struct tourn *t, int i, int k)
{
	int s = 0;

	for (int r = 0; r < k && r < TOURN_MAX_ROUNDS; r++)
		s += tourn_res_points2(t->p[i].r[r].res);
	return s;
}

int
tourn_rounds_done(const struct tourn *t)
{
	int done = 0;

	/* the last round with a pairing (a game, a forfeit, the pairing's
	 * bye): entries after it are the next round's byes asked for and
	 * absences; a blank before it, a round the player missed */
	for (int i = 0; i < t->n; i++)
		for (int r = done; r < TOURN_MAX_ROUNDS; r++)
			if (t->p[i].r[r].opp >= 0 || t->p[i].r[r].res == 'U')
				done = r + 1;
	return done;
}

void
tourn_round_add(struct tourn *t, int rnd, const struct tourn_pair *pairs,
    int npairs, const char *res)
{
	for (int k = 0; k < npairs; k++) {
		int w = pairs[k].white, b = pairs[k].black;
		struct tourn_round *rw = &t->p[w].r[rnd];

		if (b < 0) {
			rw->opp = -1;
			rw->colour = '-';
			rw->res = 'U';
			continue;
		}
		struct tourn_round *rb = &t->p[b].r[rnd];
		char c = res ? res[k] : '=';

		rw->opp = b;
		rw->colour = 'w';
		rb->opp = w;
		rb->colour = 'b';
		rw->res = c;
		rb->res = c == '1' ? '0' : c == '0' ? '1' : c == '+' ? '-' :
		    c == '-' ? '+' : c;
	}
}

void
tourn_pairs_print(FILE *f, const struct tourn *t,
    const struct tourn_pair *pairs, int npairs)
{
	fprintf(f, "%d\n", npairs);
	for (int k = 0; k < npairs; k++)
		fprintf(f, "%d %d\n", t->p[pairs[k].white].id,
		    pairs[k].black < 0 ? 0 : t->p[pairs[k].black].id);
}
