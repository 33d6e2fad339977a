/*
 * web_data.c: the pages' data read from the session (games in memory) and
 * the store (lists, accounts, ratings), on the event loop's thread: the
 * store's reads there never wait long (store_pg.c, store_sqlite_rw.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "net/server/server_int.h"
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

static int
rating_of(struct sess *s, const char *name, const char *variant,
    const char *speed)
{
	struct rating r;
	int games;

	if (name[0] == '\0' || sess_player_rating(s, name, variant, speed, &r,
	    &games) < 0)
		return 0;
	return (int)rating_round(r.r);
}

/* The game id: its sgame in memory, read from the store when it is not
 * there. 1, 0 none, -1 the store cannot say now. */
int
web_data_sgame(struct srv *sv, const char *id, struct sgame **out)
{
	char up[16];
	int r;

	copy(up, sizeof up, id);
	cgp_upcase(up);
	*out = NULL;
	if (!cgp_valid_game(up))
		return 0;
	if ((*out = sess_find(sv->sess, up)) != NULL)
		return 1;
	if ((r = sess_fetch(sv->sess, up)) <= 0)
		return r == 0 ? 0 : -1;
	*out = sess_find(sv->sess, up);
	return *out != NULL ? 1 : 0;
}

void
web_data_game(struct srv *sv, struct sgame *g, struct web_gamedata *d,
    long long now, int from)
{
	struct web_game *w = &d->w;
	int i;

	memset(d, 0, sizeof *d);
	sess_set_now(sv->sess, now);
	copy(w->row.id, sizeof w->row.id, g->id);
	copy(w->row.variant, sizeof w->row.variant, g->variant);
	copy(w->row.white, sizeof w->row.white, g->seated[0] ? g->name[0] :
	    "");
	copy(w->row.black, sizeof w->row.black, g->seated[1] ? g->name[1] :
	    "");
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
web_data_ratings(struct srv *sv, struct sgame *g, struct web_gamedata *d)
{
	if (!g->rated)
		return;
	d->w.row.wrating = rating_of(sv->sess, d->w.row.white, g->variant,
	    sess_speed(g));
	d->w.row.brating = rating_of(sv->sess, d->w.row.black, g->variant,
	    sess_speed(g));
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

	memset(r, 0, sizeof *r);
	copy(r->id, sizeof r->id, it->id);
	copy(r->variant, sizeof r->variant, it->variant[0] != '\0' ?
	    it->variant : "congo");
	copy(r->white, sizeof r->white, it->white);
	copy(r->black, sizeof r->black, it->black);
	copy(r->clock, sizeof r->clock, it->clock);
	copy(r->result, sizeof r->result, it->result);
	r->ply = it->ply;
	r->status = it->status;
	if (g != NULL) {
		r->rated = g->rated;
		r->ply = g->g.nply > r->ply ? g->g.nply : r->ply;
		if (g->over)
			copy(r->reason, sizeof r->reason, g->reason);
		if (g->rated && it->status == 1) {
			r->wrating = rating_of(s, r->white, g->variant,
			    sess_speed(g));
			r->brating = rating_of(s, r->black, g->variant,
			    sess_speed(g));
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

int
web_data_index(struct srv *sv, struct web_indexdata *d)
{
	struct store_item *items;
	char err[256];
	int i, n, v, sp;

	memset(d, 0, sizeof *d);
	if (sv->ops->list == NULL)
		return -1;
	items = calloc(WEB_LIST_MAX, sizeof *items);
	if (items == NULL)
		abort();
	n = sv->ops->list(sv->store, 1, WEB_LIST_MAX, items, err, sizeof err);
	for (i = 0; i < n; i++)
		row_of_item(sv->sess, &items[i], &d->live[d->x.nlive++]);
	if (n < 0) {
		free(items);
		return -1;
	}
	n = sv->ops->list(sv->store, 2, 20, items, err, sizeof err);
	for (i = 0; i < n; i++)
		row_of_item(sv->sess, &items[i], &d->recent[d->x.nrecent++]);
	free(items);
	sess_seeks_each(sv->sess, seek_row, d);
	for (v = 0; v < NVARIANTS && sv->ops->top != NULL; v++) {
		for (sp = 0; sp < 4; sp++) {
			struct store_rating top[10];
			int k = d->x.ncat;
			n = sv->ops->top(sv->store, variant_name(v),
			    rating_speed_name(sp), 10, top, err, sizeof err);
			if (n <= 0 || k >= WEB_MAX_CATEGORIES)
				continue;
			snprintf(d->catname[k], sizeof d->catname[k], "%s %s",
			    variant_name(v), rating_speed_name(sp));
			for (i = 0; i < n; i++) {
				struct web_rating_row *r = &d->top[k][i];
				copy(r->name, sizeof r->name, top[i].name);
				copy(r->variant, sizeof r->variant,
				    top[i].variant);
				copy(r->speed, sizeof r->speed, top[i].speed);
				r->rating = top[i].rating;
				r->rd = top[i].rd;
				r->games = top[i].games;
			}
			d->x.cat[k] = d->catname[k];
			d->x.top[k] = d->top[k];
			d->x.ntop[k] = n;
			d->x.ncat++;
		}
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
web_data_player(struct srv *sv, const char *name, const char *before,
    struct web_playerdata *d)
{
	struct store_account a;
	struct store_game_item gi[WEB_PAGE_GAMES + 1];
	struct store_rating r[WEB_MAX_CATEGORIES];
	char lname[CGP_NAME_MAX + 1], err[256];
	int i, n;

	memset(d, 0, sizeof *d);
	if (sv->ops->account == NULL || !cgp_valid_name(name))
		return 0;
	sess_lower(name, lname, sizeof lname);
	n = sv->ops->account(sv->store, lname, &a, err, sizeof err);
	if (n <= 0)
		return n;
	copy(d->p.name, sizeof d->p.name, a.name);
	d->p.created = a.created;
	d->p.ngames_total = a.games;
	n = sv->ops->ratings(sv->store, lname, NULL, NULL, r,
	    WEB_MAX_CATEGORIES, err, sizeof err);
	for (i = 0; i < n; i++) {
		struct web_rating_row *w = &d->ratings[d->p.nratings++];
		copy(w->name, sizeof w->name, r[i].name);
		copy(w->variant, sizeof w->variant, r[i].variant);
		copy(w->speed, sizeof w->speed, r[i].speed);
		w->rating = r[i].rating;
		w->rd = r[i].rd;
		w->games = r[i].games;
		if (sv->ops->history != NULL) {
			int h = sv->ops->history(sv->store, lname,
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
	n = sv->ops->games_of(sv->store, lname, before != NULL &&
	    before[0] != '\0' ? before : NULL, WEB_PAGE_GAMES + 1, gi, err,
	    sizeof err);
	for (i = 0; i < n && i < WEB_PAGE_GAMES; i++) {
		struct web_game_row *w = &d->games[d->p.ngames++];
		copy(w->id, sizeof w->id, gi[i].id);
		copy(w->variant, sizeof w->variant, gi[i].variant);
		copy(w->white, sizeof w->white, gi[i].white);
		copy(w->black, sizeof w->black, gi[i].black);
		copy(w->result, sizeof w->result, gi[i].result);
		copy(w->reason, sizeof w->reason, gi[i].reason);
		w->rated = gi[i].rated != 0;
		w->status = 2;
		copy(w->clock, sizeof w->clock, "-");   /* not listed */
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
