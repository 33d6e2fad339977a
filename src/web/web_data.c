/*
 * web_data.c: the pages' data: what the store holds (lists, accounts,
 * ratings), read on the server's reader thread (the *_read functions, on
 * its store handle), and what the session holds (games in memory, seeks),
 * on the event loop.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "net/server/sess_ident.h"
#include "rating/rating.h"
#include "web/web_int.h"

/* src cut to n - 1 bytes. */
static void
copy(char *dst, size_t n, const char *src)
{
	size_t k = 0;

	for (; src != NULL && k + 1 < n && src[k] != '\0'; k++)
		dst[k] = src[k];
	dst[k] = '\0';
}

/* A player's rating in a category, read on the reader thread: a new
 * player's the start value (provisional, *prov), 0 when the store cannot
 * say. */
static int
rating_of(const struct store_ops *ops, void *ctx, const char *name,
    const char *variant, const char *speed, bool *prov)
{
	char lname[CGP_NAME_MAX + 1], err[256];
	struct store_rating r;
	struct rating x;
	int n;

	*prov = false;
	if (name[0] == '\0' || ops->ratings == NULL)
		return 0;
	sess_lower(name, lname, sizeof lname);
	n = ops->ratings(ctx, lname, variant, speed, &r, 1, err, sizeof err);
	if (n < 0)
		return 0;
	rating_init(&x);
	if (n == 1) {
		x.r = r.rating;
		x.rd = r.rd;
	}
	*prov = rating_provisional(&x);
	return (int)rating_round(x.r);
}

/* A number of a RESULT event (wrating=1512, wdiff=+12) into out, "" if
 * it is not one. */
static void
result_num(struct sgame *g, const char *key, char *out, size_t n)
{
	char v[16];
	size_t k;

	sess_result_key(g, key, v, sizeof v);
	k = v[0] == '+' || v[0] == '-' ? 1 : 0;
	if (v[k] == '\0' || v[k + strspn(v + k, "0123456789")] != '\0')
		v[0] = '\0';
	copy(out, n, v);
}

/* The game id (in any case) in memory: 1 with *out, else 0. */
int
web_data_sgame(struct srv *sv, const char *id, struct sgame **out)
{
	char up[16];

	copy(up, sizeof up, id);
	cgp_upcase(up);
	*out = NULL;
	if (!cgp_valid_game(up))
		return 0;
	*out = sess_find(sv->sess, up);
	return *out != NULL ? 1 : 0;
}

void
web_data_game(struct srv *sv, struct sgame *g, struct web_gamedata *d,
    long long now, int from)
{
	struct web_game *w = &d->w;
	char shown[CGP_NAME_MAX + 1];
	int i;

	memset(d, 0, sizeof *d);
	sess_set_now(sv->sess, now);
	copy(w->row.id, sizeof w->row.id, g->id);
	copy(w->row.variant, sizeof w->row.variant, g->variant);
	copy(w->row.white, sizeof w->row.white, sess_seat_shown(g, 0, shown,
	    sizeof shown));
	copy(w->row.black, sizeof w->row.black, sess_seat_shown(g, 1, shown,
	    sizeof shown));
	w->row.rated = g->rated;
	if (g->timed)
		clock_format_control(g->clock.base_ms, g->clock.inc_ms,
		    w->row.clock, sizeof w->row.clock);
	w->row.status = sess_status(g);
	w->row.ply = g->g.nply;
	if (g->over) {
		copy(w->row.result, sizeof w->row.result,
		    g->result == RESULT_NONE ? "-" :
		    sess_result_text(g->result));
		copy(w->row.reason, sizeof w->row.reason, g->reason);
		if (g->rated) {
			result_num(g, "wrating", w->row.wafter,
			    sizeof w->row.wafter);
			result_num(g, "wdiff", w->row.wdiff,
			    sizeof w->row.wdiff);
			result_num(g, "brating", w->row.bafter,
			    sizeof w->row.bafter);
			result_num(g, "bdiff", w->row.bdiff,
			    sizeof w->row.bdiff);
		}
	}
	w->timed = g->timed;
	w->running = -1;
	if (g->timed) {
		w->wclock = clock_left(&g->clock, WHITE, now);
		w->bclock = clock_left(&g->clock, BLACK, now);
		if (!g->over)
			w->running = g->clock.running;
	}
	w->islands = variant_get(variant_parse(g->variant))->islands;
	w->nply = g->g.nply;
	d->fenbuf = calloc((size_t)w->nply + 1, FEN_MAX);
	d->movebuf = calloc((size_t)w->nply + 1, 32);
	d->fens = calloc((size_t)w->nply + 1, sizeof *d->fens);
	d->moves = calloc((size_t)w->nply + 1, sizeof *d->moves);
	if (d->fenbuf == NULL || d->movebuf == NULL || d->fens == NULL ||
	    d->moves == NULL)
		abort();
	for (i = 0; i <= w->nply; i++) {
		d->fens[i] = "";
		d->moves[i] = "";
		if (i < from)
			continue;
		fen_write(&g->g.pos[i], d->fenbuf + (size_t)i * FEN_MAX,
		    FEN_MAX);
		d->fens[i] = d->fenbuf + (size_t)i * FEN_MAX;
		if (i < w->nply) {
			notation_write(g->g.moves[i], d->movebuf +
			    (size_t)i * 32, 32);
			d->moves[i] = d->movebuf + (size_t)i * 32;
		}
	}
	w->fens = d->fens;
	w->moves = d->moves;
}

void
web_data_ratings_read(const struct store_ops *ops, void *ctx,
    struct web_ratingsraw *r)
{
	r->w = rating_of(ops, ctx, r->white, r->variant, r->speed, &r->wprov);
	r->b = rating_of(ops, ctx, r->black, r->variant, r->speed, &r->bprov);
}

void
web_data_game_free(struct web_gamedata *d)
{
	free(d->fenbuf);
	free(d->movebuf);
	free(d->fens);
	free(d->moves);
	memset(d, 0, sizeof *d);
}

static void
row_of_item(struct sess *s, const struct store_item *it,
    struct web_game_row *r)
{
	struct sgame *g = sess_find(s, it->id);
	char shown[CGP_NAME_MAX + 1];

	memset(r, 0, sizeof *r);
	copy(r->id, sizeof r->id, it->id);
	copy(r->variant, sizeof r->variant, it->variant[0] != '\0' ?
	    it->variant : "congo");
	copy(r->white, sizeof r->white, sess_name_shown(it->white,
	    it->account[0], shown, sizeof shown));
	copy(r->black, sizeof r->black, sess_name_shown(it->black,
	    it->account[1], shown, sizeof shown));
	copy(r->clock, sizeof r->clock, it->clock);
	copy(r->result, sizeof r->result, it->result);
	r->ply = it->ply;
	r->status = it->status;
	if (g != NULL) {
		r->rated = g->rated;
		r->ply = g->g.nply > r->ply ? g->g.nply : r->ply;
		if (g->over)
			copy(r->reason, sizeof r->reason, g->reason);
		/* The ratings the game began with, once its STATE read
		 * them (never a read of the store here). */
		if (g->rated && it->status == 1 && g->rating_have == 3) {
			struct rating x;
			rating_init(&x);
			r->wrating = (int)rating_round(g->rating[0]);
			r->brating = (int)rating_round(g->rating[1]);
			x.rd = g->rd[0];
			r->wprov = rating_provisional(&x);
			x.rd = g->rd[1];
			r->bprov = rating_provisional(&x);
		}
	}
}

static void
seek_row(void *arg, const char *name, int rating, const char *variant,
    const char *clock, bool rated, const char *colour)
{
	struct web_indexdata *d = arg;
	struct web_seek_row *r;

	if (d->nseeks >= WEB_LIST_MAX)
		return;
	r = &d->seeks[d->nseeks++];
	copy(r->name, sizeof r->name, name);
	r->rating = rating;
	copy(r->variant, sizeof r->variant, variant);
	copy(r->clock, sizeof r->clock, clock);
	r->rated = rated;
	copy(r->colour, sizeof r->colour, colour);
}

void
web_data_index_read(const struct store_ops *ops, void *ctx,
    struct web_indexraw *x)
{
	char err[256];
	int v, sp, n;

	x->rc = -1;
	if (ops->list == NULL)
		return;
	x->nlive = ops->list(ctx, 1, WEB_LIST_MAX, x->live, err, sizeof err);
	if (x->nlive < 0)
		return;
	x->nrecent = ops->list(ctx, 2, 20, x->recent, err, sizeof err);
	if (x->nrecent < 0)
		x->nrecent = 0;
	for (v = 0; v < NVARIANTS && ops->top != NULL; v++)
		for (sp = 0; sp < 4; sp++) {
			if (x->ncat >= WEB_MAX_CATEGORIES)
				break;
			n = ops->top(ctx, variant_name(v), rating_speed_name(sp),
			    10, x->top[x->ncat], err, sizeof err);
			if (n <= 0)
				continue;
			snprintf(x->catname[x->ncat], sizeof x->catname[0],
			    "%s %s", variant_name(v), rating_speed_name(sp));
			x->ntop[x->ncat++] = n;
		}
	x->rc = 0;
}

int
web_data_index(struct srv *sv, const struct web_indexraw *x,
    struct web_indexdata *d)
{
	int i, k;

	memset(d, 0, sizeof *d);
	if (x->rc < 0)
		return -1;
	for (i = 0; i < x->nlive; i++)
		row_of_item(sv->sess, &x->live[i], &d->live[d->x.nlive++]);
	for (i = 0; i < x->nrecent; i++)
		row_of_item(sv->sess, &x->recent[i],
		    &d->recent[d->x.nrecent++]);
	sess_seeks_each(sv->sess, seek_row, d);
	for (k = 0; k < x->ncat; k++) {
		snprintf(d->catname[k], sizeof d->catname[k], "%s",
		    x->catname[k]);
		for (i = 0; i < x->ntop[k]; i++) {
			const struct store_rating *t = &x->top[k][i];
			struct web_rating_row *r = &d->top[k][i];
			copy(r->name, sizeof r->name, t->name);
			copy(r->variant, sizeof r->variant, t->variant);
			copy(r->speed, sizeof r->speed, t->speed);
			r->rating = t->rating;
			r->rd = t->rd;
			r->games = t->games;
		}
		d->x.cat[k] = d->catname[k];
		d->x.top[k] = d->top[k];
		d->x.ntop[k] = x->ntop[k];
		d->x.ncat++;
	}
	d->x.live = d->live;
	d->x.recent = d->recent;
	d->x.seeks = d->seeks;
	d->x.nseeks = d->nseeks;
	d->x.server = sv->sess->server;
	return 0;
}

/* 1, 0 no such player, -1 the store cannot say now. */
int
web_data_player(const struct store_ops *ops, void *ctx, const char *name,
    const char *before, struct web_playerdata *d)
{
	struct store_account a;
	struct store_game_item gi[WEB_PAGE_GAMES + 1];
	struct store_rating r[WEB_MAX_CATEGORIES];
	char lname[CGP_NAME_MAX + 1], err[256], shown[CGP_NAME_MAX + 1];
	int i, n;

	memset(d, 0, sizeof *d);
	if (ops->account == NULL || !cgp_valid_name(name))
		return 0;
	sess_lower(name, lname, sizeof lname);
	n = ops->account(ctx, lname, &a, err, sizeof err);
	if (n <= 0)
		return n;
	copy(d->p.name, sizeof d->p.name, a.name);
	d->p.created = a.created;
	d->p.ngames_total = a.games;
	d->p.wins = a.wins;
	d->p.draws = a.draws;
	d->p.losses = a.losses;
	n = ops->ratings(ctx, lname, NULL, NULL, r,
	    WEB_MAX_CATEGORIES, err, sizeof err);
	for (i = 0; i < n; i++) {
		struct web_rating_row *w = &d->ratings[d->p.nratings++];
		copy(w->name, sizeof w->name, r[i].name);
		copy(w->variant, sizeof w->variant, r[i].variant);
		copy(w->speed, sizeof w->speed, r[i].speed);
		w->rating = r[i].rating;
		w->rd = r[i].rd;
		w->games = r[i].games;
		if (ops->history != NULL) {
			int h = ops->history(ctx, lname,
			    r[i].variant, r[i].speed, WEB_HIST_MAX,
			    d->histbuf[i].at, d->histbuf[i].r, err,
			    sizeof err);
			int k;
			for (k = 0; k < h; k++) {
				d->hist[i][k].at = d->histbuf[i].at[k];
				d->hist[i][k].rating = d->histbuf[i].r[k];
			}
			d->nhist[i] = h > 0 ? h : 0;
		}
		d->histp[i] = d->hist[i];
	}
	n = ops->games_of(ctx, lname, before != NULL &&
	    before[0] != '\0' ? before : NULL, WEB_PAGE_GAMES + 1, gi, err,
	    sizeof err);
	for (i = 0; i < n && i < WEB_PAGE_GAMES; i++) {
		struct web_game_row *w = &d->games[d->p.ngames++];
		copy(w->id, sizeof w->id, gi[i].id);
		copy(w->variant, sizeof w->variant, gi[i].variant);
		copy(w->white, sizeof w->white, sess_name_shown(gi[i].white,
		    gi[i].account[0], shown, sizeof shown));
		copy(w->black, sizeof w->black, sess_name_shown(gi[i].black,
		    gi[i].account[1], shown, sizeof shown));
		copy(w->result, sizeof w->result, gi[i].result);
		copy(w->reason, sizeof w->reason, gi[i].reason);
		w->rated = gi[i].rated != 0;
		w->status = 2;
		copy(w->clock, sizeof w->clock, gi[i].clock);
		w->ended = gi[i].ended / 1000;
	}
	if (n > WEB_PAGE_GAMES) {
		copy(d->next, sizeof d->next, gi[WEB_PAGE_GAMES - 1].id);
		d->p.next_before = d->next;
	}
	d->p.ratings = d->ratings;
	d->p.hist = (const struct web_point *const *)d->histp;
	d->p.nhist = d->nhist;
	d->p.games = d->games;
	return 1;
}
