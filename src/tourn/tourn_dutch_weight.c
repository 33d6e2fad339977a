/*
 * tourn_dutch_weight.c: a bracket's edge weights. Each criterion of
 * C.04.3 that the bracket's pairing should optimise is a field of the
 * weight, the more important higher, wide enough that the sum over the
 * pairs of one field never carries into the next; a maximum-weight
 * matching then optimises them in the rules' order. From the top:
 * completion and bye eligibility (the PPB and the last bracket), the pairs
 * in the bracket (C5), its pairing score differences (C6: each distinct
 * difference a sub-field, larger differences higher), the pairs and the
 * score differences of the next bracket (C7), the colour criteria
 * (C8-C11), the floats repeated from one and two rounds before (C12-C15)
 * and their score differences (C16-C19); the lowest bits are left for
 * the order of transpositions and exchanges (tourn_dutch_order.c).
 */

#include <stdlib.h>
#include <string.h>

#include "tourn/tourn_dutch.h"
#include "util/util.h"

static int
bits_for(int x)
{
	int b = 0;

	while (x > 0) {
		b++;
		x >>= 1;
	}
	return b;
}

/* The sub-field of each score difference (half-points). */
struct sdmap {
	int lo, hi;             /* differences lo..hi */
	int *shift;             /* by difference - lo */
	int width;
};

static int
sd_shift(const struct sdmap *s, int d)
{
	if (d < s->lo || d > s->hi || s->shift[d - s->lo] < 0)
		return 0;
	return s->shift[d - s->lo];
}

static int
score_of(const struct dbracket *br, int i)
{
	return br->c->pl[br->b[i]].score;
}

static void
sd_count(const struct dbracket *br, int minscore, int *cnt, int lo)
{
	for (int p = 0; p < br->nsgb; p++) {
		cnt[score_of(br, p) - minscore + 2 - lo]++;
		int first = br->sgb > p + 1 ? br->sgb : p + 1;

		for (int q = first; q < br->nsgb; q++)
			if (q == first || score_of(br, q) < score_of(br, q - 1))
				cnt[score_of(br, p) - score_of(br, q) - lo]++;
	}
}

static void
sd_build(const struct dbracket *br, int minscore, struct sdmap *s)
{
	int top = score_of(br, 0) - minscore + 2;

	s->lo = 0;
	s->hi = top;
	int *cnt = xcalloc((size_t)top + 1, sizeof(int));

	s->shift = xmalloc(sizeof(int) * ((size_t)top + 1));
	sd_count(br, minscore, cnt, 0);
	s->width = 0;
	for (int d = 0; d <= top; d++) {
		s->shift[d] = -1;
		if (cnt[d]) {
			s->shift[d] = s->width;
			s->width += bits_for(cnt[d]);
		}
	}
	free(cnt);
}

/* acc shifted by w bits, v added. */
static tw_t
field(tw_t acc, int w, tw_t v)
{
	return tw_add(tw_shl(acc, w), v);
}

static tw_t
sdbit(const struct sdmap *s, int d)
{
	return tw_bit(sd_shift(s, d));
}

struct wparams {
	int pcb, npcb;
	bool special, final;
	int minscore;
	struct sdmap sd;
};

static int
colour_fields(const struct dctx *c, const struct dplayer *l,
    const struct dplayer *h, int out[4])
{
	bool same = l->pref && l->pref == h->pref;

	out[0] = !(l->imbalance > 1 && h->imbalance > 1 && same);
	if (!dplayer_absolute(l) || !dplayer_absolute(h) || !same) {
		out[1] = 1;
	} else if (l->imbalance == h->imbalance) {
		out[1] = l->repeated == 0 || l->repeated != h->repeated;
	} else {
		const struct dplayer *x = l->imbalance > h->imbalance ? h : l;

		out[1] = x->repeated != (l->pref == 'w' ? 'b' : 'w');
	}
	out[2] = !same;
	out[3] = (!l->strong && !dplayer_absolute(l)) ||
	    (!h->strong && !dplayer_absolute(h)) ||
	    (dplayer_absolute(l) && dplayer_absolute(h)) || !same;
	(void)c;
	return 0;
}

/* The floats fields (C12-C19) onto acc. */
static tw_t
float_fields(const struct dbracket *br, const struct wparams *w, int hi,
    int lo, tw_t acc)
{
	const struct dplayer *h = &br->c->pl[br->b[hi]], *l = &br->c->pl[br->b[lo]];
	bool in = lo < br->nsgb;
	int k = br->c->k;

	for (int back = 1; back <= 2 && back <= k; back++) {
		long v = 0;

		if (in)
			v = (l->fl[back] == FL_DOWN) +
			    (h->score <= l->score && h->fl[back] == FL_DOWN);
		acc = field(acc, w->pcb, tw_small(v));
		v = -(long)(in && h->score > l->score && l->fl[back] == FL_UP);
		acc = field(acc, w->pcb, tw_small(v));
	}
	for (int back = 1; back <= 2 && back <= k; back++) {
		tw_t v = tw_small(0);

		if (in) {
			if (l->fl[back] == FL_DOWN)
				v = tw_add(v, sdbit(&w->sd, l->score - w->minscore + 2));
			if (h->fl[back] == FL_DOWN) {
				v = tw_add(v, sdbit(&w->sd, h->score - w->minscore + 2));
				if (h->score > l->score)
					v = tw_sub(v, sdbit(&w->sd, h->score - l->score));
			}
		}
		acc = field(acc, w->sd.width, v);
		v = tw_small(0);
		if (in && l->fl[back] == FL_UP && h->score > l->score)
			v = tw_sub(v, sdbit(&w->sd, h->score - l->score));
		acc = field(acc, w->sd.width, v);
	}
	return acc;
}

static tw_t
edge_weight(const struct dbracket *br, const struct wparams *w, int hi, int lo)
{
	const struct dctx *c = br->c;
	const struct dplayer *h = &c->pl[br->b[hi]], *l = &c->pl[br->b[lo]];
	bool hin = hi < br->nsgb, lin = lo < br->nsgb;
	tw_t acc = tw_small(0);
	int col[4];

	if (!dutch_compatible(c, br->b[hi], br->b[lo]))
		return acc;
	if (w->special)
		acc = tw_small(1 + !h->bye_ok + !l->bye_ok);
	acc = field(acc, w->pcb, tw_small(lin));
	tw_t v = tw_small(0);

	if (lin) {
		v = tw_add(sdbit(&w->sd, h->score - w->minscore + 2),
		    sdbit(&w->sd, l->score - w->minscore + 2));
		v = tw_sub(v, sdbit(&w->sd, h->score - l->score));
	}
	acc = field(acc, w->sd.width, v);
	if (!w->special) {
		if (w->final) {
			int wd = (w->pcb > w->npcb ? w->pcb : w->npcb) + 3;

			acc = field(acc, wd, tw_small(1 + !h->bye_ok + !l->bye_ok));
		} else {
			acc = field(acc, w->npcb, tw_small(!lin));
		}
		v = tw_small(0);
		if (hin)
			v = sdbit(&w->sd, h->score - w->minscore + 2);
		if (lin)
			v = tw_add(v, sdbit(&w->sd, l->score - w->minscore + 2));
		acc = field(acc, w->sd.width, v);
	}
	colour_fields(c, l, h, col);
	for (int f = 0; f < 4; f++)
		acc = field(acc, w->pcb, tw_small(lin && col[f]));
	acc = float_fields(br, w, hi, lo, acc);
	/* the order of transpositions and exchanges */
	acc = tw_shl(acc, 3 * w->pcb + 1);
	return acc;
}

static int
total_bits(const struct wparams *w, int m, int k)
{
	int b = 2 + bits_for(m) + w->pcb + w->sd.width;

	if (!w->special)
		b += (w->pcb > w->npcb ? w->pcb : w->npcb) + 3 + w->sd.width;
	b += 4 * w->pcb;
	int backs = k < 2 ? k : 2;

	b += backs * (2 * w->pcb + 2 * w->sd.width);
	return b + 3 * w->pcb + 1 + 4;
}

int
dutch_weights(struct dbracket *br, bool final)
{
	struct wparams w;
	int m = br->m;

	w.pcb = bits_for(br->nsgb - br->sgb);
	if (w.pcb == 0)
		w.pcb = 1;
	w.npcb = bits_for(m - br->nsgb);
	w.special = br->special;
	w.final = final;
	w.minscore = score_of(br, m - 1);
	sd_build(br, w.minscore, &w.sd);
	br->pcb = w.pcb;
	if (total_bits(&w, m, br->c->k) >= TW_BITS - 8) {
		free(w.sd.shift);
		return -1;
	}
	for (int j = 0; j < m; j++)
		for (int i = 0; i < j; i++) {
			tw_t x = tw_small(0);

			if (j >= br->sgb)
				x = edge_weight(br, &w, i, j);
			br->base[i * m + j] = x;
			br->cur[i * m + j] = x;
		}
	free(w.sd.shift);
	return 0;
}
