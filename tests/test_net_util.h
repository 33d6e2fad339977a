/*
 * test_net_util.h: a session driven without sockets. Every line the session
 * sends is kept per connection; a fake store records (or refuses) commits.
 */
#ifndef TEST_NET_UTIL_H
#define TEST_NET_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "net/server/sess_int.h"
#include "net/server/sess_days.h"
#include "net/server/sess_mine.h"
#include "test_tmp.h"

#define T_CONNS 16
#define T_OUT 65536
#define T_RECS 1024

struct t_rec {
	char game[16];
	int kind;                  /* 0 game, 1 seat, 2 event */
	char start[CGP_FEN_MAX];
	int rep, quiet;
	int seat;
	char name[40], token[80];
	long seq;
	char ekind[16], body[300];
	char variant[16], clock[32], rematch_of[16];
	int creator;
	long long created;
};

struct t_fake {
	char out[T_CONNS][T_OUT];
	size_t len[T_CONNS];
	bool closed[T_CONNS];
	int fail;                  /* commits to refuse */
	int fail_skip;             /* commits let through before those */
	int commits;
	struct t_rec rec[T_RECS];
	int nrec;
	struct sess *s;
	struct store *st;          /* t_db_new's store */
	long long now;
	int nlog;                  /* lines logged */
	char lastlog[512];
};

static __attribute__((unused)) void
t_send(void *ctx, int conn, const char *line, size_t len)
{
	struct t_fake *f = ctx;

	assert_true(conn >= 0 && conn < T_CONNS);
	assert_true(f->len[conn] + len < T_OUT);
	memcpy(f->out[conn] + f->len[conn], line, len);
	f->len[conn] += len;
	f->out[conn][f->len[conn]] = '\0';
}

static __attribute__((unused)) void
t_close(void *ctx, int conn)
{
	struct t_fake *f = ctx;

	f->closed[conn] = true;
}

static __attribute__((unused)) void
t_log(void *ctx, int level, const char *msg)
{
	struct t_fake *f = ctx;

	(void)level;
	f->nlog++;
	snprintf(f->lastlog, sizeof f->lastlog, "%s", msg);
}

static __attribute__((unused)) struct t_rec *
t_rec_new(struct t_fake *f, const char *game, int kind)
{
	struct t_rec *r;

	assert_true(f->nrec < T_RECS);
	r = &f->rec[f->nrec++];
	memset(r, 0, sizeof *r);
	snprintf(r->game, sizeof r->game, "%s", game);
	r->kind = kind;
	return r;
}

static __attribute__((unused)) int
t_commit(void *ctx, const struct store_change *ch, char *err, size_t n)
{
	struct t_fake *f = ctx;
	struct t_rec *r;
	int i;

	if (f->fail > 0 && f->fail_skip > 0)
		f->fail_skip--;
	else if (f->fail > 0) {
		f->fail--;
		snprintf(err, n, "disk on fire");
		return -1;
	}
	f->commits++;
	if (ch->new_game) {
		r = t_rec_new(f, ch->game, 0);
		snprintf(r->start, sizeof r->start, "%s", ch->start_fen);
		r->rep = ch->repetition;
		r->quiet = ch->quiet_plies;
		snprintf(r->variant, sizeof r->variant, "%s",
		    ch->variant != NULL ? ch->variant : "");
		snprintf(r->clock, sizeof r->clock, "%s",
		    ch->clock != NULL ? ch->clock : "");
		snprintf(r->rematch_of, sizeof r->rematch_of, "%s",
		    ch->rematch_of != NULL ? ch->rematch_of : "");
		r->creator = ch->creator;
		r->created = ch->created;
	}
	if (ch->seat >= 0) {
		r = t_rec_new(f, ch->game, 1);
		r->seat = ch->seat;
		snprintf(r->name, sizeof r->name, "%s", ch->name);
		snprintf(r->token, sizeof r->token, "%s", ch->token);
	}
	if (ch->both_seats) {
		r = t_rec_new(f, ch->game, 1);
		r->seat = 1;
		snprintf(r->name, sizeof r->name, "%s", ch->name2);
		snprintf(r->token, sizeof r->token, "%s", ch->token2);
	}
	for (i = 0; i < ch->nev; i++) {
		r = t_rec_new(f, ch->game, 2);
		r->seq = ch->seq[i];
		snprintf(r->ekind, sizeof r->ekind, "%s", ch->kind[i]);
		snprintf(r->body, sizeof r->body, "%s", ch->body[i]);
	}
	return 0;
}

static const struct store_ops t_store = { .commit = t_commit };

static const struct sess_limits t_limits = { 8, 6, 5, 2, 3, 0, 0, 0, 0,
    false, 0, 0, NULL, 0 };

/* A session storing through ops (NULL: the fake store). */
static __attribute__((unused)) struct t_fake *
t_new_store(const struct sess_limits *lim, const struct game_rules *rules,
    const struct store_ops *ops, void *store_ctx)
{
	struct t_fake *f = calloc(1, sizeof *f);
	struct sess_io io;

	assert_non_null(f);
	memset(&io, 0, sizeof io);
	io.ctx = f;
	io.send = t_send;
	io.close = t_close;
	io.log = t_log;
	io.store = ops != NULL ? ops : &t_store;
	io.store_ctx = ops != NULL ? store_ctx : f;
	f->s = sess_new(&io, lim != NULL ? lim : &t_limits, rules,
	    "congo-server/test");
	f->now = 1000000;
	return f;
}

static __attribute__((unused)) struct t_fake *
t_new(const struct sess_limits *lim, const struct game_rules *rules)
{
	return t_new_store(lim, rules, NULL, NULL);
}

static __attribute__((unused)) void
t_free(struct t_fake *f)
{
	sess_free(f->s);
	free(f);
}

/* Pop the first line queued for conn into buf (without its LF). */
static __attribute__((unused)) bool
t_next(struct t_fake *f, int conn, char *buf, size_t n)
{
	char *lf = memchr(f->out[conn], '\n', f->len[conn]);
	size_t k;

	if (lf == NULL)
		return false;
	k = (size_t)(lf - f->out[conn]);
	assert_true(k < n);
	memcpy(buf, f->out[conn], k);
	buf[k] = '\0';
	memmove(f->out[conn], lf + 1, f->len[conn] - k - 1);
	f->len[conn] -= k + 1;
	f->out[conn][f->len[conn]] = '\0';
	return true;
}

/* conn says the line fmt makes (under 1024 bytes). */
static void t_vsay(struct t_fake *f, int conn, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

static __attribute__((unused)) void
t_vsay(struct t_fake *f, int conn, const char *fmt, va_list ap)
{
	char line[1024];
	int n = vsnprintf(line, sizeof line, fmt, ap);

	assert_true(n >= 0 && (size_t)n < sizeof line);
	sess_line(f->s, conn, line, (size_t)n, f->now);
}

static void t_say(struct t_fake *f, int conn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static __attribute__((unused)) void
t_say(struct t_fake *f, int conn, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	t_vsay(f, conn, fmt, ap);
	va_end(ap);
}

/* The next line for conn must start with prefix; it is copied to buf. */
static __attribute__((unused)) char t_last[2048];

static __attribute__((unused)) const char *
t_expect(struct t_fake *f, int conn, const char *prefix)
{
	if (!t_next(f, conn, t_last, sizeof t_last)) {
		print_error("conn %d: no line, wanted '%s'\n", conn, prefix);
		fail();
	}
	if (strncmp(t_last, prefix, strlen(prefix)) != 0) {
		print_error("conn %d: got '%s'\nwanted '%s...'\n", conn, t_last,
		    prefix);
		fail();
	}
	return t_last;
}

/* conn says the request fmt; the answer (its next line) must start with
 * want: t_say then t_expect, the answer returned as t_expect does. */
static const char *t_ask(struct t_fake *f, int conn, const char *want,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static __attribute__((unused)) const char *
t_ask(struct t_fake *f, int conn, const char *want, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	t_vsay(f, conn, fmt, ap);
	va_end(ap);
	return t_expect(f, conn, want);
}

/* The next line for conn must be an event (EV) holding text; returned
 * as t_expect does. */
static __attribute__((unused)) const char *
t_event(struct t_fake *f, int conn, const char *text)
{
	const char *l = t_expect(f, conn, "EV ");

	if (strstr(l, text) == NULL) {
		print_error("conn %d: got '%s'\nwanted an event with '%s'\n",
		    conn, l, text);
		fail();
	}
	return l;
}

static __attribute__((unused)) void
t_nothing(struct t_fake *f, int conn)
{
	if (f->len[conn] != 0) {
		print_error("conn %d: unexpected '%s'\n", conn, f->out[conn]);
		fail();
	}
}

/* Requests and the answers they must get, in turn: conn says req (a
 * format given the game id) and its next line starts with want. The list
 * ends with a NULL req. */
struct t_exchange {
	int conn;
	const char *req, *want;
};

static __attribute__((unused)) void
t_exchanges(struct t_fake *f, const char *game, const struct t_exchange *x)
{
	for (; x->req != NULL; x++) {
		t_say(f, x->conn, x->req, game);
		t_expect(f, x->conn, x->want);
	}
}

static __attribute__((unused)) void
t_drain(struct t_fake *f, int conn)
{
	f->len[conn] = 0;
	f->out[conn][0] = '\0';
}

/* A value from a server line. */
static __attribute__((unused)) const char *
t_val(const char *line, const char *key, char *buf, size_t n)
{
	struct cgp_msg m;
	const char *v;

	assert_int_equal(cgp_parse_msg(line, strlen(line), &m, NULL, 0), 0);
	v = cgp_msg_get(&m, key);
	assert_non_null(v);
	snprintf(buf, n, "%s", v);
	return buf;
}

/* Feed what the fake store recorded to a new session, then start it at
 * to->now with the wall clock at wall_ms (0: the real one). */
static __attribute__((unused)) void
t_reload_at(struct t_fake *from, struct t_fake *to, long long wall_ms)
{
	struct store_game_row row;
	char err[256];
	int i, rc = 0;

	for (i = 0; i < from->nrec && rc == 0; i++) {
		struct t_rec *r = &from->rec[i];
		if (r->kind == 0) {
			memset(&row, 0, sizeof row);
			row.id = r->game;
			row.start = r->start;
			row.variant = r->variant[0] != '\0' ? r->variant : NULL;
			row.clock = r->clock[0] != '\0' ? r->clock : NULL;
			row.rematch_of = r->rematch_of[0] != '\0' ?
			    r->rematch_of : NULL;
			row.repetition = r->rep;
			row.quiet_plies = r->quiet;
			row.creator = r->creator;
			row.created = r->created;
			rc = sess_load_game(to->s, &row, err, sizeof err);
		} else if (r->kind == 1)
			rc = sess_load_seat(to->s, r->game, r->seat, r->name,
			    r->token, err, sizeof err);
		else
			rc = sess_load_event(to->s, r->game, r->seq, r->ekind,
			    r->body, err, sizeof err);
		if (rc != 0)
			print_error("%s\n", err);
	}
	assert_int_equal(rc, 0);
	sess_start(to->s, to->now, wall_ms != 0 ? wall_ms :
	    (long long)time(NULL) * 1000);
}

static __attribute__((unused)) void
t_reload(struct t_fake *from, struct t_fake *to)
{
	t_reload_at(from, to, 0);
}

/* Open conn and say HELLO. */
static __attribute__((unused)) void
t_hello(struct t_fake *f, int conn, const char *addr)
{
	assert_int_equal(sess_open(f->s, conn, addr, f->now), 0);
	t_expect(f, conn, "HELLO CGP/1 server=congo-server/test");
	t_say(f, conn, "HELLO CGP/1 client=test");
	t_expect(f, conn, "OK * HELLO proto=CGP/1 server=congo-server/test");
}

struct t_game {
	char id[16];
	char tw[40], tb[40];     /* tokens */
};

/* conn 0 creates as white (ann) with the extra CREATE words, conn 1 joins
 * as black (bob); every line drained. */
static __attribute__((unused)) void
t_start(struct t_fake *f, struct t_game *tg, const char *extra)
{
	const char *l;

	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.1.2");
	t_say(f, 0, "#c CREATE seat=white name=ann %s", extra);
	l = t_expect(f, 0, "OK #c CREATE game=");
	t_val(l, "game", tg->id, sizeof tg->id);
	t_val(l, "token", tg->tw, sizeof tg->tw);
	t_say(f, 1, "#j JOIN game=%s seat=black name=bob", tg->id);
	l = t_expect(f, 1, "OK #j JOIN game=");
	t_val(l, "token", tg->tb, sizeof tg->tb);
	t_drain(f, 0);
	t_drain(f, 1);
}

/* Both sides' first moves in game id, White's on conn 0 (c2c3), Black's
 * on conn 1 (c6c5); their answers left queued. */
static __attribute__((unused)) void
t_moves(struct t_fake *f, const char *id)
{
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", id);
}

/* conn 1 joins game id as Black (with the JOIN words extra, "" for none),
 * then both sides move (t_moves). */
static __attribute__((unused)) void
t_join_moves(struct t_fake *f, const char *id, const char *extra)
{
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black%s", id, extra);
	t_moves(f, id);
}

/* t_moves, then every line drained: a game both have moved in. */
static __attribute__((unused)) void
t_both_moved(struct t_fake *f, const char *id)
{
	t_moves(f, id);
	t_drain(f, 0);
	t_drain(f, 1);
}

/* The last event stored for game id. */
static __attribute__((unused)) const struct t_rec *
t_last_event(struct t_fake *f, const char *id)
{
	int i;

	for (i = f->nrec - 1; i >= 0; i--)
		if (f->rec[i].kind == 2 && strcmp(f->rec[i].game, id) == 0)
			return &f->rec[i];
	fail();
	return NULL;
}

/* The STATE of id as conn sees it now, into buf. */
static __attribute__((unused)) const char *
t_state(struct t_fake *f, int conn, const char *id)
{
	t_drain(f, conn);
	t_say(f, conn, "#s STATE game=%s", id);
	t_expect(f, conn, "OK #s STATE");
	return t_expect(f, conn, "EV ");
}

static __attribute__((unused)) long
t_num(const char *line, const char *key)
{
	char v[64];

	t_val(line, key, v, sizeof v);
	return atol(v);
}

/* A database file in a directory of its own (t_db_setup, t_db_teardown:
 * a cmocka test's setup and teardown), opened with how (STORE_CREATE...). */
static __attribute__((unused)) char t_dir[256];
static __attribute__((unused)) char t_dbpath[300];

static __attribute__((unused)) int
t_db_setup(void **state)
{
	(void)state;
	assert_non_null(test_mkdtemp(t_dir, sizeof t_dir, "congo-test"));
	snprintf(t_dbpath, sizeof t_dbpath, "%s/games.db", t_dir);
	return 0;
}

static __attribute__((unused)) int
t_db_teardown(void **state)
{
	(void)state;
	return test_rmdir(t_dir);
}

/* A test run between t_db_setup and t_db_teardown. */
#define T_DB_TEST(f) \
	cmocka_unit_test_setup_teardown(f, t_db_setup, t_db_teardown)

/* (The store's helpers are static inline: a test that uses none of them
 * does not link the store's SQLite code, even at -O0, where GCC keeps an
 * unused static function and its references: the coverage build.) */
static inline struct store *
t_db_open(int how)
{
	char err[512];
	struct store *st = store_open(t_dbpath, how, err, sizeof err);

	if (st == NULL)
		print_error("%s\n", err);
	assert_non_null(st);
	return st;
}

/* A session (limits lim, NULL: t_limits) storing to the test's own
 * database (t_db_setup's), created anew; f->st its store. */
static inline struct t_fake *
t_db_new(const struct sess_limits *lim)
{
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f = t_new_store(lim, NULL, &store_sqlite_ops, st);

	f->st = st;
	return f;
}

/* A session over what the database holds, its games loaded (not started):
 * a restart. */
static inline struct t_fake *
t_db_restart(const struct sess_limits *lim)
{
	struct store *st = t_db_open(0);
	struct t_fake *f = t_new_store(lim, NULL, &store_sqlite_ops, st);
	char err[256];

	f->st = st;
	if (store_load(st, f->s, err, sizeof err) != 0)
		fail_msg("%s", err);
	return f;
}

/* Free a session of t_db_new or t_db_restart and close its store. */
static inline void
t_db_free(struct t_fake *f)
{
	struct store *st = f->st;

	t_free(f);
	store_close(st);
}

/* Connections 0 to n - 1 open and say HELLO, each from a network of its
 * own (10.0.<conn>.1). */
static __attribute__((unused)) void
t_hellos(struct t_fake *f, int n)
{
	char addr[32];
	int i;

	for (i = 0; i < n; i++) {
		snprintf(addr, sizeof addr, "10.0.%d.1", i);
		t_hello(f, i, addr);
	}
}

/* Open conn from addr, REGISTER name and LOGIN as it; its key in key
 * (40 bytes). */
static __attribute__((unused)) void
t_account(struct t_fake *f, int conn, const char *addr, const char *name,
    char *key)
{
	t_hello(f, conn, addr);
	t_say(f, conn, "#r REGISTER name=%s", name);
	t_val(t_expect(f, conn, "OK #r REGISTER name="), "key", key, 40);
	t_say(f, conn, "#l LOGIN name=%s key=%s", name, key);
	t_expect(f, conn, "OK #l LOGIN");
	t_drain(f, conn);
}

#endif
