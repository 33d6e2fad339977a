/*
 * sess_tourney_web.c: the tournaments as the web pages show them
 * (sess_tourney_web.h): what the session holds, as STANDINGS and TOURNEYS
 * answer, into the pages' rows.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_bot.h"
#include "net/server/sess_int.h"
#include "net/server/sess_tourney.h"
#include "net/server/sess_tourney_web.h"

/* src cut to n - 1 bytes. */
static void
copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src != NULL ? src : "");
}

static void
row_of(const struct tourney *v, struct web_tourney_row *r)
{
	const struct store_tourney *t = &v->t;

	memset(r, 0, sizeof *r);
	copy(r->id, sizeof r->id, t->id);
	copy(r->kind, sizeof r->kind, t->kind);
	copy(r->name, sizeof r->name, t->name);
	r->status = t->status;
	r->start = t->start / 1000;
	r->minutes = t->minutes;
	r->rounds = t->rounds;
	r->round = t->round;
	copy(r->clock, sizeof r->clock, t->clock);
	r->days = t->days;
	copy(r->variant, sizeof r->variant, t->variant);
	r->rated = t->rated;
	r->players = v->nm;
}

/* Running, upcoming (soonest first), finished (newest first). */
static int
by_list(const void *a, const void *b)
{
	const struct web_tourney_row *x = a, *y = b;
	static const int rank[3] = { 1, 0, 2 };

	if (rank[x->status % 3] != rank[y->status % 3])
		return rank[x->status % 3] - rank[y->status % 3];
	if (x->start != y->start)
		return (x->start < y->start) == (x->status != 2) ? -1 : 1;
	return strcmp(x->id, y->id);
}

int
tourney_web_list(struct sess *s, struct web_tourney_row *out, int max)
{
	struct tstate *ts = tourney_state(s);
	int i, n = 0;

	for (i = 0; ts != NULL && i < ts->n && n < max; i++)
		row_of(&ts->v[i], &out[n++]);
	if (n > 1)
		qsort(out, (size_t)n, sizeof *out, by_list);
	return n;
}

/* A tie-break in quarter-points as a decimal ("3", "2.5", "1.75"). */
static void
quarters(int q, char *buf, size_t n)
{
	static const char *const frac[4] = { "", ".25", ".5", ".75" };

	snprintf(buf, n, "%d%s", q / 4, frac[q % 4]);
}

/* A member's name as registered (lname's), or lname. */
static const char *
shown(const struct tourney *t, const char *lname)
{
	int k = tourney_member(t, lname);

	return k >= 0 ? t->m[k].m.name : lname;
}

int
tourney_web_page(struct sess *s, const char *id, struct web_tourneydata *d)
{
	struct tourney *t;
	char up[CGP_ID_LEN + 1];
	int *order, i;

	memset(d, 0, sizeof *d);
	copy(up, sizeof up, id);
	cgp_upcase(up);
	if ((t = tourney_find(s, up)) == NULL)
		return 0;
	row_of(t, &d->w.t);
	tourney_score(t);
	order = xcalloc((size_t)t->nm + 1, sizeof *order);
	tourney_standings(t, order);
	d->st = xcalloc((size_t)t->nm + 1, sizeof *d->st);
	for (i = 0; i < t->nm; i++) {
		const struct tmem *x = &t->m[order[i]];
		struct web_standing *w = &d->st[i];
		copy(w->name, sizeof w->name, x->m.name);
		w->bot = sess_bot_named(s, x->m.name);
		w->fire = t->t.kind[0] == 'a' && x->fire;
		w->withdrawn = x->m.withdrawn;
		w->paused = x->m.paused;
		tourney_points_text(t, x->points, w->points, sizeof w->points);
		w->games = x->games;
		w->perf = x->perf;
		quarters(x->buchholz, w->buchholz, sizeof w->buchholz);
		quarters(x->sb, w->sb, sizeof w->sb);
	}
	free(order);
	d->w.st = d->st;
	d->w.nst = t->nm;
	d->w.ngames = t->np;
	d->w.np = t->np < WEB_TGAMES_MAX ? t->np : WEB_TGAMES_MAX;
	d->p = xcalloc((size_t)d->w.np + 1, sizeof *d->p);
	for (i = 0; i < d->w.np; i++) {
		const struct store_tpair *p = &t->p[t->np - 1 - i];
		struct web_tpair_row *w = &d->p[i];
		w->round = t->t.kind[0] == 's' ? p->round : 0;
		copy(w->game, sizeof w->game, p->game);
		copy(w->white, sizeof w->white, shown(t, p->white));
		if (p->black[0] != '\0')
			copy(w->black, sizeof w->black, shown(t, p->black));
		w->wbot = sess_bot_named(s, w->white);
		w->bbot = w->black[0] != '\0' && sess_bot_named(s, w->black);
		w->berserk[0] = p->berserk[0];
		w->berserk[1] = p->berserk[1];
		copy(w->result, sizeof w->result, p->result);
		copy(w->reason, sizeof w->reason, p->reason);
	}
	d->w.p = d->p;
	return 1;
}

void
tourney_web_of_game(struct sess *s, const char *id, struct web_game *d)
{
	struct tourney *t = tourney_of_game(s, id, NULL);

	if (t == NULL)
		return;
	copy(d->tourney, sizeof d->tourney, t->t.id);
	copy(d->tourney_name, sizeof d->tourney_name, t->t.name);
}
