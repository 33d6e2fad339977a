/*
 * srv_web.c: the web pages' host (struct web_host, src/web/web_host.h):
 * the server's side of what its pages see. What the store holds (lists,
 * accounts, ratings) is read on the reader thread (the *_read functions,
 * on its store handle), what the session holds (games in memory, seeks)
 * on the event loop, and both handed to the pages as their plain rows.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "net/server/srv_int.h"
#include "net/server/srv_queue.h"
#include "net/server/sess_bot.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_days.h"
#include "net/server/sess_seek.h"
#include "net/server/sess_tourney_web.h"
#include "rating/rating.h"
#include "web/web_host.h"

_Static_assert(WEB_ID_LEN == CGP_ID_LEN, "a game id's length");
_Static_assert(WEB_NAME_MAX == CGP_NAME_MAX + 1, "a name's room");
_Static_assert(WEB_VARIANT_MAX == CGP_VARIANT_MAX, "a variant's room");
_Static_assert(sizeof WEB_GUEST_MARK == sizeof STORE_GUEST_MARK,
    "a guest's mark");
_Static_assert(SESS_NLIMITS <= WEB_MAX_LIMITS, "the limits of /metrics");
_Static_assert(WEB_LOG_WARN == NET_LOG_WARN, "the log's levels");

/* What the front page reads of the store (index_read, on the reader
 * thread): live and recent games, the best of each category. */
struct indexraw {
	int rc;                        /* -1: the store cannot be read */
	struct store_item live[WEB_LIST_MAX];
	int nlive;
	struct store_item recent[WEB_RECENT_MAX];
	int nrecent;
	char catname[WEB_MAX_CATEGORIES][32];
	struct store_rating top[WEB_MAX_CATEGORIES][WEB_TOP_MAX];
	int ntop[WEB_MAX_CATEGORIES];
	int ncat;
};

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

/* The game id (in any case) in memory, or NULL. */
static struct sgame *
find_game(struct srv *sv, const char *id)
{
	char up[16];

	copy(up, sizeof up, id);
	cgp_upcase(up);
	if (!cgp_valid_game(up))
		return NULL;
	return sess_find(sv->sess, up);
}

/* What a row shows of g not finished, from memory: a correspondence
 * game's days, whose move it is, its deadline, a timed game's clocks at
 * now (ms, the session's clock). */
static void
row_timing(struct sgame *g, struct web_game_row *r, long long now)
{
	int side = game_board(&g->g)->side;

	r->days = g->days;
	if (g->days > 0)
		snprintf(r->clock, sizeof r->clock, "%dd", g->days);
	if (g->over || sess_status(g) != 1)
		return;
	copy(r->turn, sizeof r->turn, cgp_seat_name(side));
	if (g->days > 0)
		r->deadline = g->deadline;
	if (g->timed) {
		r->clocks = true;
		r->wclock = clock_left(&g->clock, WHITE, now);
		r->bclock = clock_left(&g->clock, BLACK, now);
	}
}

/* A row of the store's (LIST's, games_mine's) as the pages show it. */
static void
row_of_store(const struct store_item *it, struct web_game_row *r)
{
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
	r->days = sess_corr_days(it->clock);
	if (it->status == 1) {
		copy(r->turn, sizeof r->turn, it->turn);
		r->deadline = r->days > 0 ? it->deadline : 0;
	}
}

/* g's snapshot at now (its positions and moves before from left ""). */
static void
snapshot(struct srv *sv, struct sgame *g, struct web_gamedata *d,
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
	w->row.wbot = g->seated[0] && g->account[0] &&
	    sess_bot_named(sv->sess, g->name[0]);
	w->row.bbot = g->seated[1] && g->account[1] &&
	    sess_bot_named(sv->sess, g->name[1]);
	if (g->timed)
		clock_format_control(g->clock.base_ms, g->clock.inc_ms,
		    w->row.clock, sizeof w->row.clock);
	w->row.status = sess_status(g);
	w->row.ply = g->g.nply;
	w->now = sess_wall(sv->sess);
	row_timing(g, &w->row, now);
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
	web_gamedata_alloc(d, g->g.nply);
	for (i = from < 0 ? 0 : from; i <= w->nply; i++) {
		fen_write(&g->g.pos[i], web_gamedata_fen(d, i), FEN_MAX);
		if (i < w->nply)
			notation_write(g->g.moves[i], web_gamedata_move(d, i),
			    32);
	}
}

/* A rated game's players' ratings now, on the reader thread. */
static void
ratings_read(const struct store_ops *ops, void *ctx, struct web_ratings *r)
{
	r->w = rating_of(ops, ctx, r->white, r->variant, r->speed, &r->wprov);
	r->b = rating_of(ops, ctx, r->black, r->variant, r->speed, &r->bprov);
}

static void
row_of_item(struct sess *s, const struct store_item *it,
    struct web_game_row *r, long long now)
{
	struct sgame *g = sess_find(s, it->id);

	row_of_store(it, r);
	r->wbot = sess_bot_named(s, r->white);
	r->bbot = sess_bot_named(s, r->black);
	if (g != NULL) {
		r->rated = g->rated;
		/* Whose move, its deadline, its clocks: as they are now
		 * (the store's as of a move another server may have
		 * followed). */
		if (g->g.nply >= r->ply && it->status == 1)
			row_timing(g, r, now);
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
    const char *clock, bool rated, const char *colour, bool bot)
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
	r->bot = bot;
}

static void
index_read(const struct store_ops *ops, void *ctx, struct indexraw *x)
{
	char err[256];
	int v, sp, n;

	x->rc = -1;
	if (ops->list == NULL)
		return;
	x->nlive = ops->list(ctx, 1, WEB_LIST_MAX, x->live, err, sizeof err);
	if (x->nlive < 0)
		return;
	x->nrecent = ops->list(ctx, 2, WEB_RECENT_MAX, x->recent, err,
	    sizeof err);
	if (x->nrecent < 0)
		x->nrecent = 0;
	for (v = 0; v < NVARIANTS && ops->top != NULL; v++)
		for (sp = 0; sp < 4; sp++) {
			if (x->ncat >= WEB_MAX_CATEGORIES)
				break;
			n = ops->top(ctx, variant_name(v), rating_speed_name(sp),
			    false, WEB_TOP_MAX, x->top[x->ncat], err, sizeof err);
			if (n <= 0)
				continue;
			snprintf(x->catname[x->ncat], sizeof x->catname[0],
			    "%s %s", variant_name(v), rating_speed_name(sp));
			x->ntop[x->ncat++] = n;
		}
	x->rc = 0;
}

/* The front page's data, on the loop: what was read and what the session
 * holds. -1 when the store could not be read. */
static int
index_make(struct srv *sv, const struct indexraw *x, struct web_indexdata *d)
{
	long long now = srv_now();
	int i, k;

	memset(d, 0, sizeof *d);
	if (x->rc < 0)
		return -1;
	sess_set_now(sv->sess, now);
	d->x.now = sess_wall(sv->sess);
	for (i = 0; i < x->nlive; i++)
		row_of_item(sv->sess, &x->live[i], &d->live[d->x.nlive++],
		    now);
	for (i = 0; i < x->nrecent; i++)
		row_of_item(sv->sess, &x->recent[i],
		    &d->recent[d->x.nrecent++], now);
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
	d->x.ntourneys = tourney_web_list(sv->sess, d->tourneys,
	    WEB_TOURNEYS_MAX);
	d->x.tourneys = d->tourneys;
	return 0;
}

/* A player's page, on the reader thread: 1, 0 no such player, -1 the
 * store cannot say now. */
static int
player_read(const struct store_ops *ops, void *ctx, const char *name,
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
	d->p.bot = a.bot;
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
	/* Its games not finished, whichever server holds them (their
	 * timing made exact on the loop for those in memory: live_make). */
	if (ops->games_mine != NULL) {
		struct store_item *live = xcalloc(WEB_LIVE_MAX, sizeof *live);
		n = ops->games_mine(ctx, lname, live, WEB_LIVE_MAX, err,
		    sizeof err);
		for (i = 0; i < n; i++)
			row_of_store(&live[i], &d->live[d->p.nlive++]);
		free(live);
	}
	d->p.live = d->live;
	d->p.ratings = d->ratings;
	d->p.hist = (const struct web_point *const *)d->histp;
	d->p.nhist = d->nhist;
	d->p.games = d->games;
	return 1;
}

/* A player's page back on the loop: its games in progress as memory has
 * them, when it holds them (their clocks, a move the store's read
 * missed). */
static void
live_make(struct srv *sv, struct web_playerdata *d)
{
	long long now = srv_now();
	struct sgame *g;
	int i;

	sess_set_now(sv->sess, now);
	d->p.now = sess_wall(sv->sess);
	/* The bots' titles, as this server knows its bots (sess_bot.c). */
	for (i = 0; i < d->p.ngames; i++) {
		d->games[i].wbot = sess_bot_named(sv->sess, d->games[i].white);
		d->games[i].bbot = sess_bot_named(sv->sess, d->games[i].black);
	}
	for (i = 0; i < d->p.nlive; i++) {
		struct web_game_row *r = &d->live[i];
		r->wbot = sess_bot_named(sv->sess, r->white);
		r->bbot = sess_bot_named(sv->sess, r->black);
		if ((g = sess_find(sv->sess, r->id)) == NULL ||
		    g->g.nply < r->ply)
			continue;
		r->ply = g->g.nply;
		r->status = sess_status(g);
		r->turn[0] = '\0';
		r->deadline = 0;
		row_timing(g, r, now);
	}
}

/* The host's functions; ctx is the server. */

static long long
h_now(void *ctx)
{
	(void)ctx;
	return srv_now();
}

static void
h_refused(void *ctx, const char *msg)
{
	struct srv *sv = ctx;

	sess_refused_text(sv->sess, msg);
}

static void
h_net_of(void *ctx, const char *addr, char *out, size_t n)
{
	(void)ctx;
	sess_net_of(addr, out, n);
}

/* A read of the pages on its way. */
struct hread {
	struct srv *sv;
	struct web_read *r;
	void (*done)(void *arg);
	void (*drop)(void *arg);
	void *arg;
	char game[CGP_ID_LEN + 1];     /* GAME, RATINGS: its id */
	struct indexraw *raw;          /* INDEX: what the store holds */
};

/* On the reader thread, with its store handle. */
static void
run_index(const struct store_ops *ops, void *ctx, void *arg)
{
	struct hread *h = arg;

	index_read(ops, ctx, h->raw);
}

static void
run_player(const struct store_ops *ops, void *ctx, void *arg)
{
	struct web_read *r = ((struct hread *)arg)->r;

	r->rc = player_read(ops, ctx, r->a, r->b[0] != '\0' ? r->b : NULL,
	    r->pd);
}

static void
run_health(const struct store_ops *ops, void *ctx, void *arg)
{
	struct web_read *r = ((struct hread *)arg)->r;
	struct store_item it;

	r->rc = ops->list == NULL ? 0 : ops->list(ctx, 1, 1, &it, r->err,
	    sizeof r->err);
}

static void
run_ratings(const struct store_ops *ops, void *ctx, void *arg)
{
	struct web_read *r = ((struct hread *)arg)->r;

	ratings_read(ops, ctx, &r->rr);
}

static void
hread_free(struct hread *h)
{
	free(h->raw);
	free(h);
}

/* Back on the loop: the answer made, the pages told. */
static void
hread_back(struct sess *s, struct sread *q, void *arg)
{
	struct hread *h = arg;
	struct web_read *r = h->r;
	struct sgame *g;

	/* A game read for a page stays in memory until the page is made
	 * (routed again in this round of the loop, or after its ratings). */
	if (h->game[0] != '\0' && (g = sess_find(s, h->game)) != NULL)
		g->keep_until = srv_now() + 2000;
	if (r->kind == WEB_READ_INDEX)
		r->rc = index_make(h->sv, h->raw, r->ix);
	if (r->kind == WEB_READ_PLAYER && r->rc == 1)
		live_make(h->sv, r->pd);
	if (r->kind == WEB_READ_GAME)
		r->rc = q->rc;
	h->done(h->arg);
	hread_free(h);
}

static void
hread_drop(void *arg)
{
	struct hread *h = arg;

	h->drop(h->arg);
	hread_free(h);
}

static void
h_read(void *ctx, struct web_read *r, void (*done)(void *arg),
    void (*drop)(void *arg), void *arg)
{
	struct srv *sv = ctx;
	struct hread *h = xcalloc(1, sizeof *h);
	struct sread q;

	h->sv = sv;
	h->r = r;
	h->done = done;
	h->drop = drop;
	h->arg = arg;
	if (r->kind == WEB_READ_GAME || r->kind == WEB_READ_RATINGS) {
		snprintf(h->game, sizeof h->game, "%.*s", CGP_ID_LEN, r->a);
		cgp_upcase(h->game);
	}
	memset(&q, 0, sizeof q);
	if (r->kind == WEB_READ_GAME) {
		q.kind = SREAD_GAME;
		snprintf(q.key, sizeof q.key, "%s", h->game);
	} else {
		q.kind = SREAD_CALL;
		q.run = r->kind == WEB_READ_INDEX ? run_index :
		    r->kind == WEB_READ_PLAYER ? run_player :
		    r->kind == WEB_READ_HEALTH ? run_health : run_ratings;
	}
	if (r->kind == WEB_READ_INDEX)
		h->raw = xcalloc(1, sizeof *h->raw);
	sess_read_then(sv->sess, &q, hread_back, hread_drop, h);
}

static int
h_game_find(void *ctx, const char *id, char *out)
{
	struct sgame *g = find_game(ctx, id);

	if (g == NULL)
		return 0;
	snprintf(out, WEB_ID_LEN + 1, "%s", g->id);
	return 1;
}

static int
h_game(void *ctx, const char *id, long long now, int from,
    struct web_gamedata *d, struct web_ratings *rr)
{
	struct sgame *g = find_game(ctx, id);

	if (g == NULL)
		return 0;
	snapshot(ctx, g, d, now, from);
	if (rr != NULL) {
		/* The page (not a stream's message): its tournament. */
		tourney_web_of_game(((struct srv *)ctx)->sess, g->id, &d->w);
		memset(rr, 0, sizeof *rr);
		copy(rr->white, sizeof rr->white, g->seated[0] ? g->name[0] :
		    "");
		copy(rr->black, sizeof rr->black, g->seated[1] ? g->name[1] :
		    "");
		copy(rr->variant, sizeof rr->variant, g->variant);
		copy(rr->speed, sizeof rr->speed, sess_speed(g));
	}
	return 1;
}

static char *
h_record(void *ctx, const char *id)
{
	struct srv *sv = ctx;
	struct sgame *g = find_game(sv, id);

	return g != NULL ? sess_record_text(sv->sess, g) : NULL;
}

static int
h_tourneys(void *ctx, struct web_tourney_row *out, int max)
{
	struct srv *sv = ctx;

	return tourney_web_list(sv->sess, out, max);
}

static int
h_tourney(void *ctx, const char *id, struct web_tourneydata *d)
{
	struct srv *sv = ctx;

	return tourney_web_page(sv->sess, id, d);
}

static void
h_figures(void *ctx, const int *bounds, int nb, struct web_figures *f)
{
	struct srv *sv = ctx;
	struct sess *s = sv->sess;
	const char *names[SESS_NLIMITS];
	long long commits, refused[SESS_NLIMITS];
	int i, p50, p99;

	memset(f, 0, sizeof *f);
	f->conns = sess_nconns(s);
	for (i = 0; i < s->ngames; i++)
		f->games[sess_status(s->games[i])]++;
	for (i = 0; i < 3; i++)
		f->status[i] = sess_status_name(i);
	srv_queue_stats(sv->writes, &commits, &f->changes, &p50, &p99);
	srv_queue_histogram(sv->writes, bounds, nb, f->counts, &f->sum);
	f->store_errors = s->store_errors;
	f->nlimits = sess_refusals(s, names, refused);
	for (i = 0; i < f->nlimits; i++) {
		f->limit[i] = names[i];
		f->refused[i] = refused[i];
	}
}

struct web *
srv_web_open(struct srv *sv, bool tls, char *err, size_t errlen)
{
	static const struct web_host host = {
		.now = h_now, .log = srv_log_cb, .refused = h_refused,
		.split_addr = srv_split_addr, .net_of = h_net_of,
		.read = h_read, .game_find = h_game_find, .game = h_game,
		.record = h_record, .figures = h_figures,
		.tourneys = h_tourneys, .tourney = h_tourney
	};
	struct web_host h = host;
	struct web_opts o;

	h.ctx = sv;
	memset(&o, 0, sizeof o);
	o.addr = tls ? sv->o.https : sv->o.http;
	o.tls = tls;
	o.tls_cert = sv->o.tls_cert;
	o.tls_key = sv->o.tls_key;
	o.max_connections = sv->o.lim.max_connections;
	o.max_per_address = sv->o.lim.max_per_address;
	o.out_cap = sv->o.out_cap;
	return web_open(&h, &o, tls ? sv->web : NULL, err, errlen);
}

void
srv_web_event(void *srv, const char *game)
{
	struct srv *sv = srv;

	web_game_event(sv->web, game);
	web_game_event(sv->webs, game);
}

bool
srv_web_watched(void *srv, const char *game)
{
	struct srv *sv = srv;

	return web_game_watched(sv->web, game) ||
	    web_game_watched(sv->webs, game);
}
