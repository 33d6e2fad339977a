/*
 * sess_read.c: the store's reads for commands, off the event loop. A
 * command that needs one asks for it (sess_read) before it changes
 * anything; the reader thread (srv_reader.c) runs it on a store handle of
 * its own, and the command's line is given again once the answer is back,
 * this time finding it. A game read whole is recorded on the reader thread
 * (through this thread's store functions) and put in memory on the event
 * loop, through the code that rebuilds games at start-up. Nothing here
 * waits on the store unless there is no reader thread (a session without
 * one, as the unit tests make: then at once).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "rating/rating.h"

/* One call a store made while reading a game. */
struct sread_rec {
	int what;                      /* 0 the game, 1 a seat, 2 an event */
	long n;                        /* seat, seq */
	char *a, *b;                   /* name and token, kind and body */
	struct store_game_row row;     /* the game: its strings below */
	char *start, *variant, *clock, *rematch_of;
};

static _Thread_local struct sread *recording;

static char *
dup_or_null(const char *t)
{
	return t != NULL ? xstrdup(t) : NULL;
}

/* Connection conn's reads' holder, NULL when conn is none or gone: as
 * sess_conn, here, as the reads of a line ask it once a read. */
static struct sconn *
conn_of(struct sess *s, int conn)
{
	if (conn < 0 || conn >= s->conncap || !s->conns[conn].used)
		return NULL;
	return &s->conns[conn];
}

static struct sread_rec *
rec_push(struct sread *q)
{
	q->rec = xgrow(q->rec, q->nrec, &q->caprec, 16, sizeof *q->rec);
	memset(&q->rec[q->nrec], 0, sizeof q->rec[0]);
	return &q->rec[q->nrec++];
}

static int
rec_game(struct sess *s, const struct store_game_row *row, char *err,
    size_t errlen)
{
	struct sread_rec *r = rec_push(recording);

	(void)s;
	(void)err;
	(void)errlen;
	r->what = 0;
	r->row = *row;
	r->row.id = NULL;       /* the read's key */
	r->row.start = r->start = dup_or_null(row->start);
	r->row.variant = r->variant = dup_or_null(row->variant);
	r->row.clock = r->clock = dup_or_null(row->clock);
	r->row.rematch_of = r->rematch_of = dup_or_null(row->rematch_of);
	return 0;
}

/* A seat (1: its number, name, token) or an event (2: seq, kind, body). */
static int
rec_pair(int what, long n, const char *a, const char *b)
{
	struct sread_rec *r = rec_push(recording);

	r->what = what;
	r->n = n;
	r->a = dup_or_null(a);
	r->b = dup_or_null(b);
	return 0;
}

static int
rec_seat(struct sess *s, const char *id, int seat, const char *name,
    const char *token, char *err, size_t errlen)
{
	(void)s;
	(void)id;
	(void)err;
	(void)errlen;
	return rec_pair(1, seat, name, token);
}

static int
rec_event(struct sess *s, const char *id, long seq, const char *kind,
    const char *body, char *err, size_t errlen)
{
	(void)s;
	(void)id;
	(void)err;
	(void)errlen;
	return rec_pair(2, seq, kind, body);
}

/* What a read of one game never calls; refused or ignored if it did. */
static void
rec_refuse(struct sess *s, const char *id, const char *err)
{
	(void)s;
	snprintf(recording->err, sizeof recording->err, "game %s: %s", id,
	    err);
}

static long
rec_seq(struct sess *s, const char *id, bool *busy)
{
	(void)s;
	(void)id;
	*busy = false;
	return -1;
}

static void
rec_remote(struct sess *s, const char *id, long seq)
{
	(void)s;
	(void)id;
	(void)seq;
}

static void
rec_sess(struct sess *s)
{
	(void)s;
}

static void
rec_presence(struct sess *s, const char *game, int seat, bool here,
    bool newer)
{
	(void)s;
	(void)game;
	(void)seat;
	(void)here;
	(void)newer;
}

static void
rec_seek(struct sess *s, const char *server, const char *text)
{
	(void)s;
	(void)server;
	(void)text;
}

static void
rec_gone(struct sess *s, const char *server)
{
	(void)s;
	(void)server;
}

static void
rec_log(struct sess *s, int level, const char *msg)
{
	(void)s;
	(void)level;
	(void)msg;
}

static const struct store_up recorder = {
	.load_game = rec_game,
	.load_seat = rec_seat,
	.load_event = rec_event,
	.refuse_game = rec_refuse,
	.game_seq = rec_seq,
	.remote = rec_remote,
	.remote_event = rec_event,
	.catch_up_all = rec_sess,
	.remote_presence = rec_presence,
	.seek_remote = rec_seek,
	.seek_server_gone = rec_gone,
	.seek_tell_all = rec_sess,
	.log = rec_log,
};

static void read_one(const struct store_ops *ops, void *ctx,
    struct sread *q);

void
sess_read_run(const struct store_ops *ops, void *ctx, struct sread *q)
{
	for (; q != NULL; q = q->batch)
		read_one(ops, ctx, q);
}

static void
read_one(const struct store_ops *ops, void *ctx, struct sread *q)
{
	long long t0 = util_now_ms();
	char *e = q->err;
	size_t n = sizeof q->err;

	q->rc = -1;
	switch (q->kind) {
	case SREAD_ACCOUNT:
		q->rc = ops->account(ctx, q->key, &q->acct, e, n);
		break;
	case SREAD_GAME:
	case SREAD_REFRESH:
	case SREAD_NEWER:
		recording = q;
		store_bind_thread(&recorder);
		q->rc = q->kind == SREAD_GAME ? ops->load_game(ctx, NULL,
		    q->key, e, n) : ops->refresh(ctx, NULL, q->key,
		    (long)q->win, e, n);
		store_bind_thread(NULL);
		recording = NULL;
		if (q->kind == SREAD_GAME && q->rc == 1)
			sess_features_game_read(q->features, ops, ctx, q);
		break;
	case SREAD_LIST:
		q->rows = xcalloc((size_t)q->limit, sizeof(struct store_item));
		q->rc = ops->list(ctx, q->status, q->limit, q->rows, e, n);
		break;
	case SREAD_COUNT:
		q->rc = ops->count(ctx, q->key, q->win, e, n);
		break;
	case SREAD_BLOCKS:
		q->rows = xcalloc((size_t)q->limit, CGP_NAME_MAX + 1);
		q->rc = ops->blocks(ctx, q->key, q->rows, q->limit, e, n);
		break;
	case SREAD_MINE:        /* (sess_mine_store.c) */
		q->rows = xcalloc((size_t)q->limit, sizeof(struct store_item));
		q->rc = ops->games_mine(ctx, q->key, q->rows, q->limit, e, n);
		break;
	case SREAD_CALL:
		q->run(ops, ctx, q->arg);
		q->rc = 0;
		break;
	case SREAD_RATINGS:
		q->rows = xcalloc((size_t)q->limit,
		    sizeof(struct store_rating));
		q->rc = ops->ratings(ctx, q->key, q->key2[0] != '\0' ?
		    q->key2 : NULL, q->key3[0] != '\0' ? q->key3 : NULL,
		    q->rows, q->limit, e, n);
		break;
	case SREAD_TOP:
		q->rows = xcalloc((size_t)q->limit,
		    sizeof(struct store_rating));
		q->rc = ops->top(ctx, q->key, q->key2, q->key3[0] != '\0',
		    q->limit, q->rows, e, n);
		break;
	case SREAD_GAMES_OF:
		q->rows = xcalloc((size_t)q->limit,
		    sizeof(struct store_game_item));
		q->rc = ops->games_of(ctx, q->key, q->key2[0] != '\0' ?
		    q->key2 : NULL, q->limit, q->rows, e, n);
		break;
	}
	q->ms = util_now_ms() - t0;
}

void
sess_read_free(struct sread *q)
{
	int i;

	if (q == NULL)
		return;
	sess_read_free(q->batch);
	if (q->arg != NULL && q->drop != NULL)
		q->drop(q->arg);
	for (i = 0; i < q->nrec; i++) {
		free(q->rec[i].a);
		free(q->rec[i].b);
		free(q->rec[i].start);
		free(q->rec[i].variant);
		free(q->rec[i].clock);
		free(q->rec[i].rematch_of);
	}
	free(q->rec);
	free(q->rows);
	free(q);
}

void
sess_reads_free(struct sconn *c)
{
	struct sread *q, *next;

	if (c == NULL || !c->used)
		return;
	for (q = c->reads; q != NULL; q = next) {
		next = q->next;
		sess_read_free(q);
	}
	c->reads = NULL;
}

/* A game read whole into memory, unless it came there meanwhile; what
 * does not add up leaves nothing behind (-2). */
static void
put_game(struct sess *s, struct sread *q)
{
	const struct store_up *up = store_sess();
	struct sgame *g;
	char e[300];
	int i, rc = 0;

	if (q->rc != 1)
		return;
	if ((g = sess_find(s, q->key)) != NULL) {
		/* Here meanwhile: what it lacks of the ratings read. */
		for (i = 0; q->rknown && g->rated && i < 2; i++)
			if (!(g->rating_have & (1u << i))) {
				g->rating[i] = q->rnow[i][0];
				g->rd[i] = q->rnow[i][1];
				g->rating_have |= 1u << i;
			}
		return;
	}
	e[0] = '\0';
	for (i = 0; i < q->nrec && rc == 0; i++) {
		struct sread_rec *r = &q->rec[i];
		if (r->what == 0) {
			r->row.id = q->key;
			rc = up->load_game(s, &r->row, e, sizeof e);
		} else if (r->what == 1)
			rc = up->load_seat(s, q->key, (int)r->n, r->a, r->b,
			    e, sizeof e);
		else
			rc = up->load_event(s, q->key, r->n, r->a, r->b, e,
			    sizeof e);
	}
	if (rc != 0) {
		sess_drop_game(s, q->key);
		snprintf(q->err, sizeof q->err, "%s", e);
		q->rc = -2;
		return;
	}
	if (q->rknown && (g = sess_find(s, q->key)) != NULL && g->rated) {
		for (i = 0; i < 2; i++) {
			g->rating[i] = q->rnow[i][0];
			g->rd[i] = q->rnow[i][1];
		}
		g->rating_have = 3;
	}
	sess_features_loaded(s, sess_find(s, q->key));
	/* Another server's game, or one back in memory: its clock runs
	 * here too, and flags here should that server be gone. */
	sess_clock_loaded(s, sess_find(s, q->key));
	/* Not evicted before the command that asked for it runs again. */
	if ((g = sess_find(s, q->key)) != NULL && g->keep_until < s->now +
	    SESS_READ_KEEP_MS)
		g->keep_until = s->now + SESS_READ_KEEP_MS;
}

/* The answer applied (a game into memory) and what failed logged. */
static void
finish(struct sess *s, struct sread *q)
{
	static const char *const what[] = { "account", "game", "LIST" };

	if (q->kind == SREAD_GAME)
		put_game(s, q);
	else if (q->kind == SREAD_NEWER)
		sess_newer_done(s, q);
	if (q->rc < 0 && q->kind == SREAD_COUNT)
		/* Bounded like the refusals: a store down says it once. */
		sess_refused(s, "counting %s with the other servers: %s (this "
		    "server's own count holds)", q->key, q->err);
	/* (WHOIS, TOP and GAMES log their own.) */
	else if (q->rc < 0 && q->kind <= SREAD_LIST)
		sess_log(s, NET_LOG_ERROR, "%s %s: %s", what[q->kind], q->key,
		    q->err);
}

/* A read asked for as want (its kind, keys and run), nothing answered. */
static struct sread *
request_new(const struct sread *want)
{
	struct sread *q = xcalloc(1, sizeof *q);

	q->kind = want->kind;
	snprintf(q->key, sizeof q->key, "%s", want->key);
	snprintf(q->key2, sizeof q->key2, "%s", want->key2);
	snprintf(q->key3, sizeof q->key3, "%s", want->key3);
	q->status = want->status;
	q->limit = want->limit;
	q->win = want->win;
	q->run = want->run;
	return q;
}

static bool
same(const struct sread *a, const struct sread *b)
{
	return a->kind == b->kind && strcmp(a->key, b->key) == 0 &&
	    strcmp(a->key2, b->key2) == 0 && strcmp(a->key3, b->key3) == 0 &&
	    a->status == b->status && a->limit == b->limit &&
	    /* the news of a game: once a line, whatever it knew then */
	    (a->win == b->win || a->kind == SREAD_NEWER);
}

/* A name as the store keys it (every read's key). */
void
sess_lower(const char *s, char *out, size_t n)
{
	size_t i;

	for (i = 0; s[i] != '\0' && i + 1 < n; i++)
		out[i] = (char)tolower((unsigned char)s[i]);
	out[i] = '\0';
}

void
sess_read_prepare(struct sread *q, enum sread_kind kind, const char *name,
    int limit)
{
	memset(q, 0, sizeof *q);
	q->kind = kind;
	sess_lower(name, q->key, sizeof q->key);
	q->limit = limit;
}

const struct sread *
sess_read(struct sess *s, int conn, const struct sread *want)
{
	struct sconn *c = conn_of(s, conn);
	struct sread *q;

	for (q = c != NULL ? c->reads : NULL; q != NULL; q = q->next)
		if (same(q, want))
			return q;
	q = request_new(want);
	q->features = s->features;
	q->conn = conn;
	q->gen = c != NULL ? c->gen : 0;
	if (c != NULL && s->io.read_submit != NULL) {
		c->waiting++;
		s->again = true;
		if (s->line != NULL && (s->line_reads == NULL ||
		    s->line_reads->conn == conn)) {
			q->batch = s->line_reads;      /* sess_read_flush's */
			s->line_reads = q;
		} else
			s->io.read_submit(s->io.ctx, q);
		return NULL;
	}
	sess_read_run(s->io.store, s->io.store_ctx, q);
	finish(s, q);
	if (c == NULL) {
		/* Kept until the next such read (nobody's line). */
		sess_read_free(s->loose_read);
		s->loose_read = q;
		return q;
	}
	q->next = c->reads;
	c->reads = q;
	return q;
}

const struct sread *
sess_read_again(struct sess *s, int conn, const struct sread *want)
{
	struct sconn *c = conn_of(s, conn);
	struct sread **at, *q;

	for (at = c != NULL ? &c->reads : NULL; at != NULL && *at != NULL;
	    at = &(*at)->next)
		if (same(*at, want)) {
			q = *at;
			*at = q->next;
			sess_read_free(q);
			break;
		}
	return sess_read(s, conn, want);
}

int
sess_read_nrec(const struct sread *q)
{
	return q->nrec;
}

const struct store_game_row *
sess_read_game(const struct sread *q)
{
	int i;

	for (i = 0; i < q->nrec; i++)
		if (q->rec[i].what == 0)
			return &q->rec[i].row;
	return NULL;
}

int
sess_read_rec(const struct sread *q, int i, long *n, const char **a,
    const char **b)
{
	*n = q->rec[i].n;
	*a = q->rec[i].a;
	*b = q->rec[i].b;
	return q->rec[i].what;
}

void
sess_read_submit(struct sess *s, struct sread *q)
{
	q->features = s->features;
	if (s->io.read_submit != NULL)
		s->io.read_submit(s->io.ctx, q);
	else {
		sess_read_run(s->io.store, s->io.store_ctx, q);
		sess_read_done(s, q);
	}
}

void
sess_read_then_conn(struct sess *s, int conn, const struct sread *want,
    void (*then)(struct sess *s, struct sread *q, void *arg),
    void (*drop)(void *arg), void *arg)
{
	struct sread *q = request_new(want);
	struct sconn *c = conn_of(s, conn);

	q->conn = conn;         /* its lines run after then, at read_back */
	q->gen = c != NULL ? c->gen : 0;
	q->then = then;
	q->drop = drop;
	q->arg = arg;
	sess_read_submit(s, q);
}

void
sess_read_then(struct sess *s, const struct sread *want,
    void (*then)(struct sess *s, struct sread *q, void *arg),
    void (*drop)(void *arg), void *arg)
{
	sess_read_then_conn(s, -1, want, then, drop, arg);
}

void
sess_read_flush(struct sess *s)
{
	struct sread *q = s->line_reads, *first = NULL, *next;

	/* In the order asked. */
	for (; q != NULL; q = next) {
		next = q->batch;
		q->batch = first;
		first = q;
	}
	s->line_reads = NULL;
	if (first != NULL)
		s->io.read_submit(s->io.ctx, first);
}

static void done_one(struct sess *s, struct sread *q, struct sconn *c);

void
sess_read_done_at(struct sess *s, struct sread *q, long long now_ms)
{
	s->now = now_ms;
	sess_read_done(s, q);
}

void
sess_read_done(struct sess *s, struct sread *q)
{
	/* A batch is one line's: its reads are of one connection. */
	struct sconn *c = conn_of(s, q->conn);
	struct sread *next;

	for (; q != NULL; q = next) {
		next = q->batch;
		q->batch = NULL;
		done_one(s, q, c);
	}
}

/* q back, of connection c (q->conn's, NULL: gone). */
static void
done_one(struct sess *s, struct sread *q, struct sconn *c)
{
	if (q->then != NULL) {
		void *arg = q->arg;
		finish(s, q);
		q->arg = NULL;          /* then's now */
		q->then(s, q, arg);
		sess_read_free(q);
		return;
	}
	if (q->kind == SREAD_REFRESH) {
		sess_refresh_done(s, q);
		sess_read_free(q);
		return;
	}

	if (c == NULL || c->gen != q->gen) {
		sess_read_free(q);
		return;
	}
	if (c->waiting > 0)
		c->waiting--;
	finish(s, q);
	q->next = c->reads;
	c->reads = q;
}
