/*
 * tourn_dutch_colour.c: the colours of a pair (C.04.3 E.1-E.5: both
 * preferences when they agree, else the stronger one (of two absolute
 * ones the wider colour difference's), else the colours alternated from
 * the last round the two had different ones, else the higher ranked
 * player's preference, else the initial colour to the higher ranked
 * player when his pairing number is odd) and the order bbpPairings
 * prints the pairs in.
 */

#include <stdlib.h>

#include "tourn/tourn_dutch.h"
#include "util/util.h"

static char
other(char c)
{
	return c == 'w' ? 'b' : 'w';
}

/* The colours of a and b the last time they differed, played games
 * counted back from each one's last. */
static void
first_difference(const struct tourn *t, int k, int a, int b, char *ca, char *cb)
{
	int ra = k - 1, rb = k - 1;

	for (;;) {
		while (ra >= 0 && !tourn_res_played(t->p[a].r[ra].res))
			ra--;
		while (rb >= 0 && !tourn_res_played(t->p[b].r[rb].res))
			rb--;
		if (ra < 0 || rb < 0 || t->p[a].r[ra].colour != t->p[b].r[rb].colour)
			break;
		ra--;
		rb--;
	}
	*ca = ra < 0 ? 0 : t->p[a].r[ra].colour;
	*cb = rb < 0 ? 0 : t->p[b].r[rb].colour;
}

/* E.1-E.3: a's colour, or 0 when they leave it open. */
static char
neutral(const struct dctx *c, const struct dplayer *a, const struct dplayer *b)
{
	if (!a->pref || !b->pref || a->pref != b->pref) {
		if (a->pref)
			return a->pref;
		if (b->pref)
			return other(b->pref);
		return 0;
	}
	if (dplayer_absolute(a) &&
	    (a->imbalance > b->imbalance || !dplayer_absolute(b)))
		return a->pref;
	if (dplayer_absolute(b) &&
	    (b->imbalance > a->imbalance || !dplayer_absolute(a)))
		return other(b->pref);
	if (a->strong && !b->strong)
		return a->pref;
	if (b->strong && !a->strong)
		return other(b->pref);
	char ca, cb;

	first_difference(c->t, c->k, a->idx, b->idx, &ca, &cb);
	return ca && cb ? cb : 0;
}

/* Whether a is ranked above b (score, then pairing number). */
static bool
above(const struct dplayer *a, const struct dplayer *b)
{
	return a->score > b->score || (a->score == b->score && a->rank < b->rank);
}

char
dutch_colour(const struct dctx *c, int ia, int ib)
{
	const struct dplayer *a = &c->pl[ia], *b = &c->pl[ib];
	char r = neutral(c, a, b);

	if (r)
		return r;
	if (!a->pref) {
		if (!above(a, b))
			return b->rank & 1 ? c->initial : other(c->initial);
		return a->rank & 1 ? other(c->initial) : c->initial;
	}
	return !above(a, b) ? other(b->pref) : a->pref;
}

struct sortkey {
	struct tourn_pair p;
	int bye, hs, ls, hrank;
};

static int
by_key(const void *x, const void *y)
{
	const struct sortkey *a = x, *b = y;

	if (a->bye != b->bye)
		return a->bye - b->bye;
	if (a->hs != b->hs)
		return b->hs - a->hs;
	if (a->ls != b->ls)
		return b->ls - a->ls;
	return a->hrank - b->hrank;
}

void
dutch_sort_pairs(const struct tourn *t, int k, struct tourn_pair *p, int n)
{
	struct sortkey *s = xmalloc(sizeof(*s) * ((size_t)n + 1));

	for (int i = 0; i < n; i++) {
		int w = p[i].white, b = p[i].black;
		int sw = tourn_points2(t, w, k), sb = b < 0 ? 0 : tourn_points2(t, b, k);
		bool wh = b < 0 || sw > sb || (sw == sb && w < b);

		s[i].p = p[i];
		s[i].bye = b < 0;
		s[i].hs = wh ? sw : sb;
		s[i].ls = wh ? sb : sw;
		s[i].hrank = wh ? w : b;
	}
	qsort(s, (size_t)n, sizeof *s, by_key);
	for (int i = 0; i < n; i++)
		p[i] = s[i].p;
	free(s);
}
