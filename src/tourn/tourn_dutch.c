/*
 * tourn_dutch.c: the next round by the FIDE Dutch system (Handbook
 * C.04.3, the rules of 2017), computed as bbpPairings computes it: the
 * players who are to be paired sorted by score and pairing number; the
 * score brackets paired from the top, each by maximum-weight matchings
 * over the bracket and the next score group (tourn_dutch_weight.c,
 * tourn_dutch_order.c); after each bracket a matching over all the
 * players left checks that the round can still be completed (C.4) with
 * the absolute criteria (C.1-C.3: no rematch, one bye at most, no two
 * players with the same absolute colour preference, but topscorers in
 * the last round); when it cannot, that bracket is paired again as the
 * penultimate one, together with all the rest.
 */

#include <stdlib.h>
#include <string.h>

#include "tourn/tourn_dutch.h"
#include "util/util.h"

bool
dutch_compatible(const struct dctx *c, int a, int b)
{
	const struct dplayer *x = &c->pl[a], *y = &c->pl[b];

	if (c->played[a][b])
		return false;
	if (!dplayer_absolute(x) || !dplayer_absolute(y) || x->pref != y->pref)
		return true;
	/* topscorers, pairing the last round: more than half the points */
	return c->t->rounds > 0 && c->k >= c->t->rounds - 1 &&
	    (x->score > c->k || y->score > c->k);
}

static int
float_of(const struct tourn *t, int i, int k, int back)
{
	int r = k - back;
	const struct tourn_round *x = &t->p[i].r[r];

	if (!tourn_res_played(x->res))
		return FL_DOWN;
	int si = tourn_points2(t, i, r), so = tourn_points2(t, x->opp, r);

	return si > so ? FL_DOWN : si < so ? FL_UP : FL_NONE;
}

static void
player_init(const struct tourn *t, int k, int i, struct dplayer *d)
{
	int whites = 0, blacks = 0, run = 0;
	char last = 0;

	memset(d, 0, sizeof *d);
	d->idx = i;
	d->rank = t->p[i].id - 1;
	d->score = tourn_points2(t, i, k);
	d->bye_ok = true;
	for (int r = 0; r < k; r++) {
		const struct tourn_round *x = &t->p[i].r[r];

		if (!tourn_res_played(x->res)) {
			if (x->res == 'U' || x->res == '+')
				d->bye_ok = false;
			continue;
		}
		if (x->colour == 'w')
			whites++;
		else
			blacks++;
		run = run && x->colour == last ? run + 1 : 1;
		last = x->colour;
	}
	char lower = whites > blacks ? 'b' : 'w';

	d->imbalance = whites > blacks ? whites - blacks : blacks - whites;
	d->pref = d->imbalance > 1 ? lower : run > 1 ? (last == 'w' ? 'b' : 'w') :
	    d->imbalance > 0 ? lower : run ? (last == 'w' ? 'b' : 'w') : 0;
	d->repeated = run > 1 ? last : 0;
	d->strong = !dplayer_absolute(d) && d->imbalance > 0;
	for (int back = 1; back <= 2 && back <= k; back++)
		d->fl[back] = float_of(t, i, k, back);
}

static int
by_score(const void *a, const void *b)
{
	const struct dplayer *x = a, *y = b;

	if (x->score != y->score)
		return y->score - x->score;
	return x->rank - y->rank;
}

/* The initial colour: XXC, or what the first round with colours says. */
static char
initial_colour(const struct tourn *t)
{
	if (t->first)
		return t->first;
	for (int r = 0; r < TOURN_MAX_ROUNDS; r++)
		for (int i = 0; i < t->n; i++) {
			char c = t->p[i].r[r].colour;

			if (c == 'w' || c == 'b')
				return (i & 1) ? (c == 'w' ? 'b' : 'w') : c;
		}
	return 'w';
}

/* Whether the players not yet paired (and not in taken) can all be
 * paired, one of them with the bye when they are odd. */
static bool
completable(const struct dctx *c, const bool *taken)
{
	int n = c->n, *v = xmalloc(sizeof(int) * ((size_t)n + 1)), nv = 0;

	for (int i = 0; i < n; i++)
		if (c->partner[i] == -2 && !taken[i])
			v[nv++] = i;
	int bye = nv & 1 ? nv : -1, ne = 0, nn = nv + (bye >= 0);
	struct tmatch_edge *e = xmalloc(sizeof(*e) * ((size_t)nn * (size_t)nn / 2 + 1));
	int *mate = xmalloc(sizeof(int) * ((size_t)nn + 1));

	for (int a = 0; a < nv; a++) {
		for (int b = a + 1; b < nv; b++)
			if (dutch_compatible(c, v[a], v[b])) {
				e[ne].i = a;
				e[ne].j = b;
				e[ne++].w = tw_small(1);
			}
		if (bye >= 0 && c->pl[v[a]].bye_ok) {
			e[ne].i = a;
			e[ne].j = bye;
			e[ne++].w = tw_small(1);
		}
	}
	tmatch_max(nn, e, ne, mate);
	bool ok = true;

	for (int a = 0; a < nn; a++)
		ok = ok && mate[a] >= 0;
	free(v);
	free(e);
	free(mate);
	return ok;
}

static int
ctx_init(const struct tourn *t, struct dctx *c)
{
	int k = tourn_rounds_done(t), n = 0;

	memset(c, 0, sizeof *c);
	c->t = t;
	c->k = k;
	c->pl = xcalloc((size_t)t->n + 1, sizeof *c->pl);
	int eff = 0;

	/* the effective pairing numbers: those of the players to pair and of
	 * those who were ever paired (E.5's odd and even) */
	for (int i = 0; i < t->n; i++) {
		bool pair = k >= TOURN_MAX_ROUNDS || !t->p[i].r[k].res;
		bool valid = pair;

		for (int r = 0; r < k && !valid; r++)
			valid = t->p[i].r[r].opp >= 0 || t->p[i].r[r].res == 'U';
		if (pair) {
			player_init(t, k, i, &c->pl[n]);
			c->pl[n++].rank = eff;
		}
		eff += valid;
	}
	c->n = n;
	qsort(c->pl, (size_t)n, sizeof *c->pl, by_score);
	int *where = xmalloc(sizeof(int) * ((size_t)t->n + 1));

	for (int i = 0; i < t->n; i++)
		where[i] = -1;
	for (int a = 0; a < n; a++)
		where[c->pl[a].idx] = a;
	c->played = xcalloc((size_t)n + 1, sizeof(bool *));
	for (int a = 0; a < n; a++) {
		c->played[a] = xcalloc((size_t)n + 1, sizeof(bool));
		for (int r = 0; r < k; r++) {
			const struct tourn_round *x = &t->p[c->pl[a].idx].r[r];

			if (tourn_res_played(x->res) && where[x->opp] >= 0)
				c->played[a][where[x->opp]] = true;
		}
	}
	free(where);
	c->partner = xmalloc(sizeof(int) * ((size_t)n + 1));
	for (int a = 0; a < n; a++)
		c->partner[a] = -2;
	c->initial = initial_colour(t);
	return k >= TOURN_MAX_ROUNDS ? -1 : 0;
}

static void
ctx_free(struct dctx *c)
{
	for (int a = 0; a < c->n; a++)
		free(c->played[a]);
	free(c->played);
	free(c->pl);
	free(c->partner);
}

static void
bracket_alloc(struct dbracket *br, const struct dctx *c, int *b, int m)
{
	memset(br, 0, sizeof *br);
	br->c = c;
	br->b = b;
	br->m = m;
	br->base = xcalloc((size_t)m * (size_t)m + 1, sizeof(tw_t));
	br->cur = xcalloc((size_t)m * (size_t)m + 1, sizeof(tw_t));
	br->fixed = xcalloc((size_t)m + 1, sizeof(bool));
	br->mate = xmalloc(sizeof(int) * ((size_t)m + 1));
}

static void
bracket_free(struct dbracket *br)
{
	free(br->base);
	free(br->cur);
	free(br->fixed);
	free(br->mate);
}

/* One bracket of b[0..m) paired; the pairs made into c->partner and the
 * players left moved to the front of b: returns how many (*sgb), or -1
 * when the round cannot be completed this way (not special) or the
 * weights overflow (-2). */
static int
pair_bracket(struct dctx *c, int *b, int m, int sgb, int nsgb, bool special,
    bool final)
{
	struct dbracket br;
	bool *matched = xcalloc((size_t)m + 1, sizeof(bool));
	bool *taken = xcalloc((size_t)c->n + 1, sizeof(bool));
	int left = 0, rc = 0;

	bracket_alloc(&br, c, b, m);
	br.sgb = sgb;
	br.nsgb = nsgb;
	br.special = special;
	if (dutch_weights(&br, final) < 0) {
		rc = -2;
		goto out;
	}
	dutch_order(&br, matched);
	for (int i = 0; i < nsgb; i++)
		if (matched[i])
			taken[b[i]] = true;
	if (!special && !completable(c, taken)) {
		rc = -1;
		goto out;
	}
	for (int i = 0; i < nsgb; i++)
		if (matched[i])
			c->partner[b[i]] = b[br.mate[i]];
	int *nb = xmalloc(sizeof(int) * ((size_t)m + 1));

	for (int i = 0; i < m; i++)
		if (!(i < nsgb && matched[i]))
			nb[left++] = b[i];
	memcpy(b, nb, sizeof(int) * (size_t)left);
	free(nb);
	rc = left;
out:
	bracket_free(&br);
	free(matched);
	free(taken);
	return rc;
}

/* The brackets from the top. b holds the players of the bracket (MDPs
 * first) and the next score group. */
static int
pair_all(struct dctx *c, char *err, size_t errlen)
{
	int n = c->n, *b = xmalloc(sizeof(int) * ((size_t)n + 1)), m = 0;
	int next = 0, sgb = 0, rc = 0;

	while (next < n && c->pl[next].score >= c->pl[0].score)
		b[m++] = next++;
	bool special = next == n;

	while (m > 1 || next < n) {
		int nsgb = m, group = next;

		while (next < n && (special || c->pl[next].score >= c->pl[group].score))
			b[m++] = next++;
		int left = pair_bracket(c, b, m, sgb, nsgb, special, next == n);

		if (left == -1) {
			m = nsgb;
			next = group;
			special = true;
			continue;
		}
		if (left == -2 || (left == m && special && nsgb == m)) {
			rc = util_error(err, errlen, left == -2 ?
			    "Dutch pairing: too many players or score groups" :
			    "Dutch pairing: no pairing satisfies the absolute criteria");
			break;
		}
		int moved = 0;

		for (int i = 0; i < left; i++)
			moved += b[i] < group;
		special = next == n;
		sgb = moved;
		m = left;
	}
	if (rc == 0 && m == 1)
		c->partner[b[0]] = -1;
	free(b);
	return rc;
}

int
tourn_dutch_pair(const struct tourn *t, struct tourn_pair **pairs,
    int *npairs, char *err, size_t errlen)
{
	struct dctx c;
	bool *none;
	int rc = 0;

	*pairs = NULL;
	*npairs = 0;
	if (ctx_init(t, &c) < 0 || (t->rounds > 0 && c.k >= t->rounds)) {
		ctx_free(&c);
		return util_error(err, errlen,
		    "Dutch pairing: all %d rounds are paired (XXR)", c.k);
	}
	none = xcalloc((size_t)c.n + 1, sizeof(bool));
	if (!completable(&c, none))
		rc = util_error(err, errlen,
		    "Dutch pairing: no pairing satisfies the absolute criteria");
	free(none);
	if (rc == 0)
		rc = pair_all(&c, err, errlen);
	if (rc == 0) {
		struct tourn_pair *p = xmalloc(sizeof(*p) * ((size_t)c.n / 2 + 2));
		int np = 0;

		for (int a = 0; a < c.n; a++) {
			int o = c.partner[a];

			if (o == -1) {
				p[np].white = c.pl[a].idx;
				p[np++].black = -1;
			} else if (o >= 0 && c.pl[a].idx < c.pl[o].idx) {
				bool w = dutch_colour(&c, a, o) == 'w';

				p[np].white = w ? c.pl[a].idx : c.pl[o].idx;
				p[np++].black = w ? c.pl[o].idx : c.pl[a].idx;
			}
		}
		dutch_sort_pairs(t, c.k, p, np);
		*pairs = p;
		*npairs = np;
	}
	ctx_free(&c);
	return rc;
}
