/*
 * tourn_match.c: maximum-weight matching in a general graph: Edmonds'
 * blossom method with dual variables (Galil, "Efficient algorithms for
 * finding maximum matching in graphs", 1986), O(n^3). A vertex is labelled
 * S (1) or T (2) while alternating trees grow from the free vertices;
 * an S-S edge of zero slack either closes an odd cycle (a blossom, shrunk
 * to one vertex) or joins two trees (an augmenting path); when no tight
 * edge is left the duals move by the least slack. Weights are doubled so
 * that every dual stays an integer.
 */

#include <stdlib.h>
#include <string.h>

#include "tourn/tourn_match.h"
#include "util/util.h"

struct mt {
	int n, ne;
	const struct tmatch_edge *e;
	int *endpoint;          /* 2 ne: the vertex of endpoint p */
	int *nb_start, *nb;     /* remote endpoints of each vertex's edges */
	int *mate;              /* remote endpoint, or -1 */
	int *label, *labelend, *inblossom, *parent, *base, *bestedge;
	int **childs, *nchilds, **endps;
	int **bbest, *nbbest;   /* a blossom's least-slack edges, or NULL */
	int *unused, nunused;
	tw_t *dual;
	tw_t *w4;               /* weights times 4 (duals stay integers) */
	char *allow;
	int *queue, nq;
	int *tmp;               /* leaves */
};

static tw_t
slack(const struct mt *m, int k)
{
	return tw_sub(tw_add(m->dual[m->e[k].i], m->dual[m->e[k].j]), m->w4[k]);
}

static bool
less(tw_t a, tw_t b)
{
	return tw_cmp(a, b) < 0;
}

/* The leaves of b appended to out from *n on. */
static void
leaves(const struct mt *m, int b, int *out, int *n)
{
	if (b < m->n) {
		out[(*n)++] = b;
		return;
	}
	for (int i = 0; i < m->nchilds[b]; i++)
		leaves(m, m->childs[b][i], out, n);
}

static int
nleaves(const struct mt *m, int b, int *out)
{
	int n = 0;

	leaves(m, b, out, &n);
	return n;
}

static void
assign_label(struct mt *m, int w, int t, int p)
{
	int b = m->inblossom[w];

	m->label[w] = m->label[b] = t;
	m->labelend[w] = m->labelend[b] = p;
	m->bestedge[w] = m->bestedge[b] = -1;
	if (t == 1) {
		int *l = xmalloc(sizeof(int) * (size_t)m->n);
		int nl = nleaves(m, b, l);

		for (int i = 0; i < nl; i++)
			m->queue[m->nq++] = l[i];
		free(l);
	} else if (t == 2) {
		int base = m->base[b];

		assign_label(m, m->endpoint[m->mate[base]], 1,
		    m->mate[base] ^ 1);
	}
}

/* The base of the blossom v and w's paths meet in, or -1 (augment). */
static int
scan_blossom(struct mt *m, int v, int w)
{
	int *path = xmalloc(sizeof(int) * 2 * (size_t)m->n), np = 0;
	int base = -1;

	while (v != -1 || w != -1) {
		int b = m->inblossom[v];

		if (m->label[b] & 4) {
			base = m->base[b];
			break;
		}
		path[np++] = b;
		m->label[b] = 5;
		if (m->labelend[b] == -1) {
			v = -1;
		} else {
			v = m->endpoint[m->labelend[b]];
			b = m->inblossom[v];
			v = m->endpoint[m->labelend[b]];
		}
		if (w != -1) {
			int t = v;

			v = w;
			w = t;
		}
	}
	for (int i = 0; i < np; i++)
		m->label[path[i]] = 1;
	free(path);
	return base;
}

static void
reverse(int *a, int n)
{
	for (int i = 0, j = n - 1; i < j; i++, j--) {
		int t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

/* The least-slack edges from the new blossom b to S-blossoms. */
static void
blossom_bestedges(struct mt *m, int b)
{
	int n2 = 2 * m->n, *to = xmalloc(sizeof(int) * (size_t)n2);
	int *l = xmalloc(sizeof(int) * (size_t)m->n);

	for (int i = 0; i < n2; i++)
		to[i] = -1;
	for (int c = 0; c < m->nchilds[b]; c++) {
		int bv = m->childs[b][c];
		int nl = 0;

		if (m->bbest[bv] == NULL)
			nl = nleaves(m, bv, l);
		for (int x = 0; x < (m->bbest[bv] ? 1 : nl); x++) {
			int cnt, *ks = NULL, v = -1;

			if (m->bbest[bv]) {
				cnt = m->nbbest[bv];
				ks = m->bbest[bv];
			} else {
				v = l[x];
				cnt = m->nb_start[v + 1] - m->nb_start[v];
			}
			for (int y = 0; y < cnt; y++) {
				int k = ks ? ks[y] : m->nb[m->nb_start[v] + y] / 2;
				int i = m->e[k].i, j = m->e[k].j;

				if (m->inblossom[j] == b) {
					j = i;
				}
				int bj = m->inblossom[j];

				if (bj != b && m->label[bj] == 1 &&
				    (to[bj] == -1 || less(slack(m, k), slack(m, to[bj]))))
					to[bj] = k;
			}
		}
		free(m->bbest[bv]);
		m->bbest[bv] = NULL;
		m->bestedge[bv] = -1;
	}
	free(m->bbest[b]);
	m->bbest[b] = xmalloc(sizeof(int) * (size_t)n2);
	m->nbbest[b] = 0;
	m->bestedge[b] = -1;
	for (int i = 0; i < n2; i++) {
		int k = to[i];

		if (k == -1)
			continue;
		m->bbest[b][m->nbbest[b]++] = k;
		if (m->bestedge[b] == -1 || less(slack(m, k), slack(m, m->bestedge[b])))
			m->bestedge[b] = k;
	}
	free(to);
	free(l);
}

static void
add_blossom(struct mt *m, int base, int k)
{
	int v = m->e[k].i, w = m->e[k].j;
	int bb = m->inblossom[base], bv = m->inblossom[v], bw = m->inblossom[w];
	int b = m->unused[--m->nunused];
	int *path = m->childs[b], *endps = m->endps[b], np = 0, ne = 0;

	m->base[b] = base;
	m->parent[b] = -1;
	m->parent[bb] = b;
	while (bv != bb) {
		m->parent[bv] = b;
		path[np++] = bv;
		endps[ne++] = m->labelend[bv];
		v = m->endpoint[m->labelend[bv]];
		bv = m->inblossom[v];
	}
	path[np++] = bb;
	reverse(path, np);
	reverse(endps, ne);
	endps[ne++] = 2 * k;
	while (bw != bb) {
		m->parent[bw] = b;
		path[np++] = bw;
		endps[ne++] = m->labelend[bw] ^ 1;
		w = m->endpoint[m->labelend[bw]];
		bw = m->inblossom[w];
	}
	m->nchilds[b] = np;
	m->label[b] = 1;
	m->labelend[b] = m->labelend[bb];
	m->dual[b] = tw_small(0);
	int nl = nleaves(m, b, m->tmp);

	for (int i = 0; i < nl; i++) {
		int x = m->tmp[i];

		if (m->label[m->inblossom[x]] == 2)
			m->queue[m->nq++] = x;
		m->inblossom[x] = b;
	}
	blossom_bestedges(m, b);
}

static int
idx(int j, int len)
{
	return ((j % len) + len) % len;
}

static void expand_blossom(struct mt *m, int b, int endstage);

/* A T-blossom expanded in a stage: its children relabelled. */
static void
expand_relabel(struct mt *m, int b)
{
	int len = m->nchilds[b], *ch = m->childs[b], *ep = m->endps[b];
	int entry = m->inblossom[m->endpoint[m->labelend[b] ^ 1]];
	int j = 0, jstep, trick;

	while (ch[j] != entry)
		j++;
	if (j & 1) {
		j -= len;
		jstep = 1;
		trick = 0;
	} else {
		jstep = -1;
		trick = 1;
	}
	int p = m->labelend[b];

	while (j != 0) {
		m->label[m->endpoint[p ^ 1]] = 0;
		m->label[m->endpoint[ep[idx(j - trick, len)] ^ trick ^ 1]] = 0;
		assign_label(m, m->endpoint[p ^ 1], 2, p);
		m->allow[ep[idx(j - trick, len)] / 2] = 1;
		j += jstep;
		p = ep[idx(j - trick, len)] ^ trick;
		m->allow[p / 2] = 1;
		j += jstep;
	}
	int bv = ch[idx(j, len)];

	m->label[m->endpoint[p ^ 1]] = m->label[bv] = 2;
	m->labelend[m->endpoint[p ^ 1]] = m->labelend[bv] = p;
	m->bestedge[bv] = -1;
	j += jstep;
	int *l = xmalloc(sizeof(int) * (size_t)m->n);

	while (ch[idx(j, len)] != entry) {
		bv = ch[idx(j, len)];
		if (m->label[bv] == 1) {
			j += jstep;
			continue;
		}
		int nl = nleaves(m, bv, l), v = -1;

		for (int i = 0; i < nl; i++) {
			v = l[i];
			if (m->label[v] != 0)
				break;
		}
		if (v >= 0 && m->label[v] != 0) {
			m->label[v] = 0;
			m->label[m->endpoint[m->mate[m->base[bv]]]] = 0;
			assign_label(m, v, 2, m->labelend[v]);
		}
		j += jstep;
	}
	free(l);
}

static void
expand_blossom(struct mt *m, int b, int endstage)
{
	int *l = xmalloc(sizeof(int) * (size_t)m->n);

	for (int c = 0; c < m->nchilds[b]; c++) {
		int s = m->childs[b][c];

		m->parent[s] = -1;
		if (s < m->n) {
			m->inblossom[s] = s;
		} else if (endstage && tw_zero(m->dual[s])) {
			expand_blossom(m, s, endstage);
		} else {
			int nl = nleaves(m, s, l);

			for (int i = 0; i < nl; i++)
				m->inblossom[l[i]] = s;
		}
	}
	free(l);
	if (!endstage && m->label[b] == 2)
		expand_relabel(m, b);
	m->label[b] = m->labelend[b] = -1;
	m->nchilds[b] = 0;
	m->base[b] = -1;
	free(m->bbest[b]);
	m->bbest[b] = NULL;
	m->bestedge[b] = -1;
	m->unused[m->nunused++] = b;
}

static void
rotate(int *a, int len, int i)
{
	int *t = xmalloc(sizeof(int) * (size_t)len);

	for (int x = 0; x < len; x++)
		t[x] = a[(x + i) % len];
	memcpy(a, t, sizeof(int) * (size_t)len);
	free(t);
}

static void
augment_blossom(struct mt *m, int b, int v)
{
	int t = v;

	while (m->parent[t] != b)
		t = m->parent[t];
	if (t >= m->n)
		augment_blossom(m, t, v);
	int len = m->nchilds[b], *ch = m->childs[b], *ep = m->endps[b];
	int i = 0, j, jstep, trick;

	while (ch[i] != t)
		i++;
	j = i;
	if (i & 1) {
		j -= len;
		jstep = 1;
		trick = 0;
	} else {
		jstep = -1;
		trick = 1;
	}
	while (j != 0) {
		j += jstep;
		t = ch[idx(j, len)];
		int p = ep[idx(j - trick, len)] ^ trick;

		if (t >= m->n)
			augment_blossom(m, t, m->endpoint[p]);
		j += jstep;
		t = ch[idx(j, len)];
		if (t >= m->n)
			augment_blossom(m, t, m->endpoint[p ^ 1]);
		m->mate[m->endpoint[p]] = p ^ 1;
		m->mate[m->endpoint[p ^ 1]] = p;
	}
	rotate(ch, len, i);
	rotate(ep, len, i);
	m->base[b] = m->base[ch[0]];
}

static void
augment_matching(struct mt *m, int k)
{
	int ends[2][2] = { { m->e[k].i, 2 * k + 1 }, { m->e[k].j, 2 * k } };

	for (int x = 0; x < 2; x++) {
		int s = ends[x][0], p = ends[x][1];

		for (;;) {
			int bs = m->inblossom[s];

			if (bs >= m->n)
				augment_blossom(m, bs, s);
			m->mate[s] = p;
			if (m->labelend[bs] == -1)
				break;
			int t = m->endpoint[m->labelend[bs]];
			int bt = m->inblossom[t];

			s = m->endpoint[m->labelend[bt]];
			int j = m->endpoint[m->labelend[bt] ^ 1];

			if (bt >= m->n)
				augment_blossom(m, bt, j);
			m->mate[j] = m->labelend[bt];
			p = m->labelend[bt] ^ 1;
		}
	}
}

/* The queue's S-vertices scanned; 1 when the matching grew. */
static int
scan_queue(struct mt *m)
{
	while (m->nq > 0) {
		int v = m->queue[--m->nq];

		for (int x = m->nb_start[v]; x < m->nb_start[v + 1]; x++) {
			int p = m->nb[x], k = p / 2, w = m->endpoint[p];
			tw_t ks = tw_small(0);

			if (m->inblossom[v] == m->inblossom[w])
				continue;
			if (!m->allow[k]) {
				ks = slack(m, k);
				if (tw_cmp(ks, tw_small(0)) <= 0)
					m->allow[k] = 1;
			}
			if (m->allow[k]) {
				int lw = m->label[m->inblossom[w]];

				if (lw == 0) {
					assign_label(m, w, 2, p ^ 1);
				} else if (lw == 1) {
					int base = scan_blossom(m, v, w);

					if (base >= 0) {
						add_blossom(m, base, k);
					} else {
						augment_matching(m, k);
						return 1;
					}
				} else if (m->label[w] == 0) {
					m->label[w] = 2;
					m->labelend[w] = p ^ 1;
				}
			} else if (m->label[m->inblossom[w]] == 1) {
				int b = m->inblossom[v];

				if (m->bestedge[b] == -1 || less(ks, slack(m, m->bestedge[b])))
					m->bestedge[b] = k;
			} else if (m->label[w] == 0) {
				if (m->bestedge[w] == -1 || less(ks, slack(m, m->bestedge[w])))
					m->bestedge[w] = k;
			}
		}
	}
	return 0;
}

/* The duals moved by the least slack; 1 when the stage is over. */
static int
dual_step(struct mt *m)
{
	int n = m->n, type = 1, dedge = -1, dblossom = -1;
	tw_t delta = m->dual[0];

	for (int v = 1; v < n; v++)
		if (less(m->dual[v], delta))
			delta = m->dual[v];
	for (int v = 0; v < n; v++)
		if (m->label[m->inblossom[v]] == 0 && m->bestedge[v] != -1) {
			tw_t d = slack(m, m->bestedge[v]);

			if (less(d, delta)) {
				delta = d;
				type = 2;
				dedge = m->bestedge[v];
			}
		}
	for (int b = 0; b < 2 * n; b++)
		if (m->parent[b] == -1 && m->label[b] == 1 && m->bestedge[b] != -1) {
			tw_t d = tw_half(slack(m, m->bestedge[b]));

			if (less(d, delta)) {
				delta = d;
				type = 3;
				dedge = m->bestedge[b];
			}
		}
	for (int b = n; b < 2 * n; b++)
		if (m->base[b] >= 0 && m->parent[b] == -1 && m->label[b] == 2 &&
		    less(m->dual[b], delta)) {
			delta = m->dual[b];
			type = 4;
			dblossom = b;
		}
	for (int v = 0; v < n; v++) {
		int l = m->label[m->inblossom[v]];

		if (l == 1)
			m->dual[v] = tw_sub(m->dual[v], delta);
		else if (l == 2)
			m->dual[v] = tw_add(m->dual[v], delta);
	}
	for (int b = n; b < 2 * n; b++)
		if (m->base[b] >= 0 && m->parent[b] == -1) {
			if (m->label[b] == 1)
				m->dual[b] = tw_add(m->dual[b], delta);
			else if (m->label[b] == 2)
				m->dual[b] = tw_sub(m->dual[b], delta);
		}
	if (type == 1)
		return 1;
	if (type == 2 || type == 3) {
		int i = m->e[dedge].i, j = m->e[dedge].j;

		m->allow[dedge] = 1;
		if (type == 2 && m->label[m->inblossom[i]] == 0)
			i = j;
		m->queue[m->nq++] = i;
	} else {
		expand_blossom(m, dblossom, 0);
	}
	return 0;
}

static void
mt_init(struct mt *m, int n, const struct tmatch_edge *e, int ne)
{
	int n2 = 2 * n;
	tw_t maxw = tw_small(0);

	memset(m, 0, sizeof(*m));
	m->n = n;
	m->ne = ne;
	m->e = e;
	m->endpoint = xmalloc(sizeof(int) * (size_t)(2 * ne + 1));
	m->nb_start = xcalloc((size_t)n + 2, sizeof(int));
	m->nb = xmalloc(sizeof(int) * (size_t)(2 * ne + 1));
	m->w4 = xmalloc(sizeof(tw_t) * (size_t)(ne + 1));
	for (int k = 0; k < ne; k++) {
		m->endpoint[2 * k] = e[k].i;
		m->endpoint[2 * k + 1] = e[k].j;
		m->nb_start[e[k].i + 1]++;
		m->nb_start[e[k].j + 1]++;
		m->w4[k] = tw_shl(e[k].w, 2);
		if (less(maxw, m->w4[k]))
			maxw = m->w4[k];
	}
	for (int v = 0; v < n; v++)
		m->nb_start[v + 1] += m->nb_start[v];
	int *fill = xcalloc((size_t)n + 1, sizeof(int));

	for (int k = 0; k < ne; k++) {
		m->nb[m->nb_start[e[k].i] + fill[e[k].i]++] = 2 * k + 1;
		m->nb[m->nb_start[e[k].j] + fill[e[k].j]++] = 2 * k;
	}
	free(fill);
	m->mate = xmalloc(sizeof(int) * (size_t)n);
	m->label = xcalloc((size_t)n2, sizeof(int));
	m->labelend = xmalloc(sizeof(int) * (size_t)n2);
	m->inblossom = xmalloc(sizeof(int) * (size_t)n);
	m->parent = xmalloc(sizeof(int) * (size_t)n2);
	m->base = xmalloc(sizeof(int) * (size_t)n2);
	m->bestedge = xmalloc(sizeof(int) * (size_t)n2);
	m->childs = xcalloc((size_t)n2, sizeof(int *));
	m->endps = xcalloc((size_t)n2, sizeof(int *));
	m->nchilds = xcalloc((size_t)n2, sizeof(int));
	m->bbest = xcalloc((size_t)n2, sizeof(int *));
	m->nbbest = xcalloc((size_t)n2, sizeof(int));
	m->unused = xmalloc(sizeof(int) * (size_t)n2);
	m->dual = xmalloc(sizeof(tw_t) * (size_t)n2);
	m->allow = xcalloc((size_t)ne + 1, 1);
	m->queue = xmalloc(sizeof(int) * ((size_t)n * (size_t)n + 8));
	m->tmp = xmalloc(sizeof(int) * (size_t)n);
	for (int v = 0; v < n2; v++) {
		m->parent[v] = -1;
		m->labelend[v] = -1;
		m->bestedge[v] = -1;
		m->base[v] = v < n ? v : -1;
		m->dual[v] = v < n ? tw_half(maxw) : tw_small(0);
		if (v < n) {
			m->mate[v] = -1;
			m->inblossom[v] = v;
		} else {
			m->childs[v] = xmalloc(sizeof(int) * (size_t)n);
			m->endps[v] = xmalloc(sizeof(int) * (size_t)n);
			m->unused[m->nunused++] = n2 - 1 - (v - n);
		}
	}
}

static void
mt_free(struct mt *m)
{
	for (int b = 0; b < 2 * m->n; b++) {
		free(m->childs[b]);
		free(m->endps[b]);
		free(m->bbest[b]);
	}
	free(m->endpoint); free(m->nb_start); free(m->nb); free(m->w4);
	free(m->mate); free(m->label); free(m->labelend); free(m->inblossom);
	free(m->parent); free(m->base); free(m->bestedge); free(m->childs);
	free(m->endps); free(m->nchilds); free(m->bbest); free(m->nbbest);
	free(m->unused); free(m->dual); free(m->allow); free(m->queue);
	free(m->tmp);
}

/* One stage: trees from the free vertices until an augmentation. */
static int
stage(struct mt *m)
{
	int n = m->n;

	memset(m->label, 0, sizeof(int) * 2 * (size_t)n);
	for (int b = 0; b < 2 * n; b++)
		m->bestedge[b] = -1;
	for (int b = n; b < 2 * n; b++) {
		free(m->bbest[b]);
		m->bbest[b] = NULL;
	}
	memset(m->allow, 0, (size_t)m->ne);
	m->nq = 0;
	for (int v = 0; v < n; v++)
		if (m->mate[v] == -1 && m->label[m->inblossom[v]] == 0)
			assign_label(m, v, 1, -1);
	for (;;) {
		if (scan_queue(m))
			break;
		if (dual_step(m))
			return 0;
	}
	for (int b = n; b < 2 * n; b++)
		if (m->parent[b] == -1 && m->base[b] >= 0 && m->label[b] == 1 &&
		    tw_zero(m->dual[b]))
			expand_blossom(m, b, 1);
	return 1;
}

tw_t
tmatch_max(int n, const struct tmatch_edge *e, int ne, int *mate)
{
	struct mt m;
	tw_t total = tw_small(0);

	for (int v = 0; v < n; v++)
		mate[v] = -1;
	if (n == 0 || ne == 0)
		return total;
	mt_init(&m, n, e, ne);
	for (int t = 0; t < n; t++)
		if (!stage(&m))
			break;
	for (int v = 0; v < n; v++)
		mate[v] = m.mate[v] == -1 ? -1 : m.endpoint[m.mate[v]];
	for (int k = 0; k < ne; k++)
		if (mate[e[k].i] == e[k].j)
			total = tw_add(total, e[k].w);
	mt_free(&m);
	return total;
}
