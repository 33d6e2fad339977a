/*
 * sess_tourney_score.c: a tournament's points worked out from its
 * pairings' stored results (src/tourn: the arena's points, streaks and
 * berserk bonus, lichess's standings; the Swiss's half-points, Buchholz
 * cut 1 and Sonneborn-Berger, and its next round by the Dutch system).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_tourney.h"
#include "tourn/tourn.h"
#include "util/util.h"

/* A pairing's result from seat k's side: 'W' 'D' 'L', 0 not played (an
 * aborted game, one not over, a bye). */
static char
side_result(const struct store_tpair *p, int k)
{
	if (strcmp(p->result, "1/2") == 0)
		return 'D';
	if (strcmp(p->result, "1-0") == 0)
		return k == 0 ? 'W' : 'L';
	if (strcmp(p->result, "0-1") == 0)
		return k == 0 ? 'L' : 'W';
	return 0;
}

static void
arena_score_all(struct tourney *t)
{
	struct arena_game *g = xcalloc((size_t)t->np + 1, sizeof *g);
	int *opp = xcalloc((size_t)t->np + 1, sizeof *opp);

	for (int i = 0; i < t->nm; i++) {
		struct tmem *x = &t->m[i];
		int n = 0;
		x->whites = x->blacks = 0;
		x->last_opp = -1;
		x->last_colour = 0;
		for (int j = 0; j < t->np; j++) {
			const struct store_tpair *p = &t->p[j];
			int k = strcmp(p->white, x->m.lname) == 0 ? 0 :
			    strcmp(p->black, x->m.lname) == 0 ? 1 : -1;
			char r;
			int o;
			if (k < 0)
				continue;
			x->last_opp = o = tourney_member(t, k == 0 ?
			    p->black : p->white);
			x->last_colour = k == 0 ? 'w' : 'b';
			if (k == 0)
				x->whites++;
			else
				x->blacks++;
			if ((r = side_result(p, k)) == 0)
				continue;
			g[n].result = r;
			g[n].plies = p->plies;
			/* its own moves: white's the odd plies */
			g[n].own_moves = k == 0 ? (p->plies + 1) / 2 :
			    p->plies / 2;
			g[n].berserk = p->berserk[k];
			opp[n] = o >= 0 ? t->m[o].rating : 1500;
			n++;
		}
		x->games = n;
		x->points = arena_score(g, n, &x->fire);
		x->perf = arena_performance(g, opp, n);
	}
	free(g);
	free(opp);
}

static const struct tourney *rank_t;

/* The initial ranking (FIDE C.04.3: by rating, then as they came). */
static int
by_rating(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;

	const struct store_tmember *ma = &rank_t->m[a].m, *mb = &rank_t->m[b].m;
	int c;

	if (rank_t->m[a].rating != rank_t->m[b].rating)
		return rank_t->m[b].rating - rank_t->m[a].rating;
	/* Then as they joined, as the store lists them (joined, lname):
	 * two TJOINs of one loop round have one time, and their order in
	 * memory (arrival) is not the order read back after a restart or
	 * on another server. */
	if (ma->joined != mb->joined)
		return ma->joined < mb->joined ? -1 : 1;
	if ((c = strcmp(ma->lname, mb->lname)) != 0)
		return c;
	return a - b;
}

/* e's players put in pairing-number order (src/tourn's): member i is
 * then e->p[pos[i]]. */
static void
swiss_ranked(struct tourn *e, int *pos)
{
	struct tourn_player *q = xcalloc((size_t)e->n + 1, sizeof *q);

	for (int i = 0; i < e->n; i++) {
		pos[i] = e->p[i].id - 1;
		q[pos[i]] = e->p[i];
	}
	for (int i = 0; i < e->n; i++)
		for (int r = 0; r < TOURN_MAX_ROUNDS; r++)
			if (q[i].r[r].opp >= 0)
				q[i].r[r].opp = pos[q[i].r[r].opp];
	free(e->p);
	e->p = q;
}

/* The Swiss as src/tourn's event: its players in pairing-number order,
 * by rating at the start (sess_tourney_sync.c), then as they joined
 * (member i is e->p[pos[i]]), each round's results (forfeits, byes,
 * absences) as TRF codes. */
static void
swiss_event(const struct tourney *t, struct tourn *e, int rounds, int *pos)
{
	int *rank = xcalloc((size_t)t->nm + 1, sizeof *rank);

	memset(e, 0, sizeof *e);
	e->n = t->nm;
	e->p = xcalloc((size_t)t->nm + 1, sizeof *e->p);
	e->rounds = t->t.rounds;
	for (int i = 0; i < t->nm; i++)
		rank[i] = i;
	rank_t = t;
	if (t->nm > 1)
		qsort(rank, (size_t)t->nm, sizeof *rank, by_rating);
	for (int r = 0; r < t->nm; r++)
		e->p[rank[r]].id = r + 1;
	free(rank);
	for (int i = 0; i < t->nm; i++) {
		e->p[i].rating = t->m[i].rating;
		snprintf(e->p[i].name, sizeof e->p[i].name, "%s",
		    t->m[i].m.name);
		for (int r = 0; r < TOURN_MAX_ROUNDS; r++)
			e->p[i].r[r].opp = -1;
	}
	for (int j = 0; j < t->np; j++) {
		const struct store_tpair *p = &t->p[j];
		int r = p->round - 1, w = tourney_member(t, p->white);
		int b = tourney_member(t, p->black);
		bool forfeit = strcmp(p->reason, "abandoned") == 0;
		char rw;
		if (r < 0 || r >= rounds || r >= TOURN_MAX_ROUNDS || w < 0)
			continue;
		if (b < 0) {            /* the bye */
			e->p[w].r[r].res = 'U';
			continue;
		}
		e->p[w].r[r] = (struct tourn_round){ b, 'w', 0 };
		e->p[b].r[r] = (struct tourn_round){ w, 'b', 0 };
		rw = side_result(p, 0);
		if (strcmp(p->result, "-") == 0) {      /* both absent */
			e->p[w].r[r].res = '-';
			e->p[b].r[r].res = '-';
		} else if (rw != 0) {
			e->p[w].r[r].res = forfeit ? (rw == 'W' ? '+' : '-') :
			    rw == 'W' ? '1' : rw == 'L' ? '0' : '=';
			e->p[b].r[r].res = forfeit ? (rw == 'W' ? '-' : '+') :
			    rw == 'W' ? '0' : rw == 'L' ? '1' : '=';
		}
	}
	/* Rounds a member was not paired in (joined later, withdrawn): a
	 * zero-point absence. */
	for (int i = 0; i < t->nm; i++)
		for (int r = 0; r < rounds && r < TOURN_MAX_ROUNDS; r++)
			if (e->p[i].r[r].res == 0 && e->p[i].r[r].opp < 0)
				e->p[i].r[r].res = 'Z';
	swiss_ranked(e, pos);
}

static void
swiss_score_all(struct tourney *t)
{
	int *pos = xcalloc((size_t)t->nm + 1, sizeof *pos);
	struct tourn e;
	int done = t->t.round;

	swiss_event(t, &e, done, pos);
	for (int i = 0; i < t->nm; i++) {
		struct tmem *x = &t->m[i];
		int k = pos[i];
		x->points = tourn_points2(&e, k, done);
		x->buchholz = tourn_buchholz_cut1(&e, k, done);
		x->sb = tourn_sonneborn_berger(&e, k, done);
		x->games = 0;
		for (int r = 0; r < done; r++)
			x->games += tourn_res_played(e.p[k].r[r].res);
		x->fire = false;
	}
	tourn_free(&e);
	free(pos);
}

void
tourney_score(struct tourney *t)
{
	if (t->t.kind[0] == 'a')
		arena_score_all(t);
	else
		swiss_score_all(t);
}

int
tourney_swiss_pairs(const struct tourney *t, int rnd, int *white,
    int *black, int max, char *err, size_t errlen)
{
	struct tourn_pair *pairs = NULL;
	int *pos = xcalloc((size_t)t->nm + 1, sizeof *pos);
	int *mem = xcalloc((size_t)t->nm + 1, sizeof *mem);
	struct tourn e;
	int np = 0, n = 0;

	swiss_event(t, &e, rnd - 1, pos);
	for (int i = 0; i < t->nm; i++)
		mem[pos[i]] = i;
	/* The withdrawn: absent from this round on. */
	for (int i = 0; i < t->nm; i++)
		if (t->m[i].m.withdrawn && rnd - 1 < TOURN_MAX_ROUNDS)
			e.p[pos[i]].r[rnd - 1].res = 'Z';
	if (tourn_dutch_pair(&e, &pairs, &np, err, errlen) < 0)
		np = n = -1;
	for (int i = 0; i < np && n < max; i++, n++) {
		white[n] = mem[pairs[i].white];
		black[n] = pairs[i].black >= 0 ? mem[pairs[i].black] : -1;
	}
	free(pairs);
	free(pos);
	free(mem);
	tourn_free(&e);
	return n;
}

static const struct tourney *sort_t;

static int
by_swiss(const void *x, const void *y)
{
	const struct tmem *a = &sort_t->m[*(const int *)x];
	const struct tmem *b = &sort_t->m[*(const int *)y];

	if (a->points != b->points)
		return b->points - a->points;
	if (strcmp(sort_t->t.tiebreak, "sb") == 0 && a->sb != b->sb)
		return b->sb - a->sb;
	if (a->buchholz != b->buchholz)
		return b->buchholz - a->buchholz;
	if (a->sb != b->sb)
		return b->sb - a->sb;
	return *(const int *)x - *(const int *)y;
}

void
tourney_standings(const struct tourney *t, int *order)
{
	if (t->t.kind[0] == 'a') {
		struct arena_entry *e = xcalloc((size_t)t->nm + 1, sizeof *e);
		for (int i = 0; i < t->nm; i++)
			e[i] = (struct arena_entry){ i, t->m[i].points,
			    t->m[i].perf };
		arena_sort(e, t->nm);
		for (int i = 0; i < t->nm; i++)
			order[i] = e[i].id;
		free(e);
		return;
	}
	for (int i = 0; i < t->nm; i++)
		order[i] = i;
	sort_t = t;
	if (t->nm > 1)
		qsort(order, (size_t)t->nm, sizeof *order, by_swiss);
}

void
tourney_points_text(const struct tourney *t, int points, char *buf, size_t n)
{
	if (t->t.kind[0] == 'a')
		snprintf(buf, n, "%d", points);
	else
		snprintf(buf, n, "%d%s", points / 2, points % 2 ? ".5" : "");
}
