/*
 * tourn_dutch_order.c: which of a bracket's optimal pairings the rules
 * choose. The weights (tourn_dutch_weight.c) make every pairing that
 * satisfies the criteria best equally heavy; among them C.04.3 takes the
 * first in its order of candidates: the moved-down players paired
 * highest first, each with the highest resident it can have (B.5), then
 * in the remainder the fewest exchanges between S1 and S2, the lowest of
 * S1 and the highest of S2 exchanged (B.3-B.4), and each of S1 in turn
 * with the first of S2 it can have (transpositions). Each choice is made
 * by raising the weight of the edges it prefers by less than any
 * criterion is worth and matching again: the choice stands when the
 * matching takes it. (When the matching already has the pair the raise
 * prefers most, it stays optimal: no need to match again.)
 */

#include <stdlib.h>
#include <string.h>

#include "tourn/tourn_dutch.h"
#include "util/util.h"

void
dutch_rematch(struct dbracket *br)
{
	int m = br->m, ne = 0, nv = 0;
	struct tmatch_edge *e = xcalloc((size_t)m * (size_t)m / 2 + 1, sizeof *e);
	int *mate = xmalloc(sizeof(int) * ((size_t)m + 1));
	int *v = xmalloc(sizeof(int) * ((size_t)m + 1));

	/* the players not yet paired for good, numbered apart */
	for (int i = 0; i < m; i++)
		if (!br->fixed[i])
			v[nv++] = i;
	for (int a = 0; a < nv; a++)
		for (int b = a + 1; b < nv; b++) {
			tw_t w = br->cur[v[a] * m + v[b]];

			if (tw_cmp(w, tw_small(0)) <= 0)
				continue;
			e[ne].i = a;
			e[ne].j = b;
			e[ne].w = w;
			ne++;
		}
	tmatch_max(nv, e, ne, mate);
	for (int a = 0; a < nv; a++)
		br->mate[v[a]] = mate[a] < 0 ? v[a] : v[mate[a]];
	free(e);
	free(mate);
	free(v);
}

static void
fix_pair(struct dbracket *br, int a, int b, bool *matched)
{
	br->fixed[a] = br->fixed[b] = true;
	br->mate[a] = b;
	br->mate[b] = a;
	matched[a] = matched[b] = true;
}

static bool
in_bracket(const struct dbracket *br, int x)
{
	return x >= br->sgb && x < br->nsgb;
}

/* The moved-down players that will be paired in the bracket. */
static void
choose_mdps(struct dbracket *br, bool *matched)
{
	int level = 0, left = 0, can = 0;
	int res = br->nsgb - br->sgb;

	for (int p = 0; p < br->sgb; p++) {
		int sp = br->c->pl[br->b[p]].score;

		if (p == 0 || sp < level) {
			level = sp;
			left = can = 0;
			for (int q = p; q < br->m &&
			    br->c->pl[br->b[q]].score >= level; q++) {
				left++;
				if (in_bracket(br, br->mate[q]))
					can++;
			}
		}
		if (!can)
			continue;
		if (left <= can) {
			matched[p] = true;
			continue;
		}
		left--;
		if (!in_bracket(br, br->mate[p])) {
			for (int o = br->sgb; o < br->nsgb; o++)
				if (!tw_zero(W(br, p, o)))
					CUR(br, p, o) = tw_add(W(br, p, o), tw_small(1));
			dutch_rematch(br);
		}
		if (in_bracket(br, br->mate[p])) {
			matched[p] = true;
			can--;
			for (int o = br->sgb; o < br->nsgb; o++)
				if (!tw_zero(W(br, p, o)))
					CUR(br, p, o) = tw_add(W(br, p, o),
					    tw_small(res + 1));
		}
	}
}

/* Each paired moved-down player with the highest resident it can have. */
static void
pair_mdps(struct dbracket *br, bool *matched)
{
	for (int p = 0; p < br->sgb; p++) {
		if (!matched[p])
			continue;
		long add = br->m;
		int best = -1;

		for (int o = br->nsgb - 1; o >= br->sgb; o--) {
			if (matched[o] || tw_zero(W(br, p, o)))
				continue;
			CUR(br, p, o) = tw_add(W(br, p, o), tw_small(add));
			add++;
			best = o;
		}
		if (br->mate[p] != best)
			dutch_rematch(br);
		fix_pair(br, p, br->mate[p], matched);
	}
}

struct rem {
	int *r, n;              /* the remainder's players */
	int pairs;              /* |S1| */
};

/* A remainder edge with the exchange preferences: an edge from S1 is
 * worth one more exchange avoided; the lower its S1 player, the less. */
static tw_t
rem_weight(struct dbracket *br, int i, int j, int ri, int rp)
{
	tw_t w = W(br, i, j);

	if (tw_zero(w))
		return w;
	tw_t add = tw_shl(tw_small(ri < rp), 2 * br->pcb);

	add = tw_sub(add, tw_small(ri));
	return tw_add(w, tw_shl(add, 1));
}

static bool
upper_role(const struct dbracket *br, int p)
{
	return br->mate[p] > p && br->mate[p] < br->nsgb;
}

static void
rem_set_all(struct dbracket *br, const struct rem *R)
{
	for (int a = 0; a < R->n; a++)
		for (int b = a + 1; b < R->n; b++)
			CUR(br, R->r[a], R->r[b]) =
			    rem_weight(br, R->r[a], R->r[b], a, R->pairs);
}

/* The lowest of S1 that can go to S2. */
static int
exchange_s1(struct dbracket *br, const struct rem *R, int count)
{
	for (int a = R->pairs - 1; a >= 0 && count > 0; a--) {
		int p = R->r[a];

		if (upper_role(br, p)) {
			for (int b = a + 1; b < R->n; b++) {
				tw_t w = rem_weight(br, p, R->r[b], a, R->pairs);

				if (!tw_zero(w))
					CUR(br, p, R->r[b]) = tw_sub(w, tw_small(1));
			}
			dutch_rematch(br);
		}
		bool ex = !upper_role(br, p);

		count -= ex;
		for (int b = a + 1; b < R->n; b++) {
			if (ex)
				W(br, p, R->r[b]) = tw_small(0);
			CUR(br, p, R->r[b]) = rem_weight(br, p, R->r[b], a, R->pairs);
		}
	}
	return 0;
}

/* The highest of S2 that can go to S1. */
static void
exchange_s2(struct dbracket *br, const struct rem *R, int count)
{
	for (int a = R->pairs; a < R->n && count > 1; a++) {
		int p = R->r[a];
		bool already = upper_role(br, p);

		if (!already) {
			for (int b = a + 1; b < R->n; b++) {
				tw_t w = rem_weight(br, p, R->r[b], a, R->pairs);

				if (!tw_zero(w))
					CUR(br, p, R->r[b]) = tw_add(w, tw_small(1));
			}
			dutch_rematch(br);
		}
		if (upper_role(br, p)) {
			count--;
			for (int b = 0; b < a; b++) {
				W(br, R->r[b], p) = tw_small(0);
				CUR(br, R->r[b], p) = tw_small(0);
			}
			for (int o = br->nsgb; o < br->m; o++) {
				W(br, p, o) = tw_small(0);
				CUR(br, p, o) = tw_small(0);
			}
		}
		if (!already)
			for (int b = a + 1; b < R->n; b++)
				CUR(br, p, R->r[b]) =
				    rem_weight(br, p, R->r[b], a, R->pairs);
	}
}

static void
pair_remainder(struct dbracket *br, bool *matched)
{
	struct rem R;

	R.r = xmalloc(sizeof(int) * ((size_t)br->m + 1));
	R.n = R.pairs = 0;
	for (int p = br->sgb; p < br->nsgb; p++) {
		if (br->mate[p] < br->sgb)
			continue;
		R.r[R.n++] = p;
		if (br->mate[p] < p)
			R.pairs++;
	}
	rem_set_all(br, &R);
	dutch_rematch(br);
	int count = 0;

	for (int a = 0; a < R.pairs; a++)
		count += !upper_role(br, R.r[a]);
	exchange_s1(br, &R, count);
	exchange_s2(br, &R, count);
	for (int a = 0; a < R.n; a++)
		for (int b = a + 1; b < R.n; b++) {
			int p = R.r[a], o = R.r[b];

			if (!upper_role(br, p) || upper_role(br, o))
				W(br, p, o) = tw_small(0);
			CUR(br, p, o) = W(br, p, o);
		}
	for (int a = 0; a < R.n; a++) {
		int p = R.r[a];

		if (br->fixed[p] || !upper_role(br, p))
			continue;
		long add = 0;
		int best = -1;

		for (int b = R.n - 1; b >= 0; b--) {
			int o = R.r[b];

			if (o <= p || matched[o])
				continue;
			if (!tw_zero(W(br, p, o))) {
				CUR(br, p, o) = tw_add(W(br, p, o), tw_small(add));
				best = o;
			}
			add++;
		}
		if (br->mate[p] != best)
			dutch_rematch(br);
		fix_pair(br, p, br->mate[p], matched);
	}
	free(R.r);
}

void
dutch_order(struct dbracket *br, bool *matched)
{
	dutch_rematch(br);
	choose_mdps(br, matched);
	pair_mdps(br, matched);
	pair_remainder(br, matched);
}
