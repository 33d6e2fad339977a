/*
 * sess_core.c: the server's state without sockets: connections, sending
 * and broadcasting, a game's STATE and events, the commands' game=, and
 * the dispatch of commands (the game table and eviction live in
 * sess_table.c, the game commands in sess_game.c, sess_play.c and
 * sess_query.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_ident.h"
#include "util/i18n.h"

void
sess_log(struct sess *s, int level, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (s->io.log == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	s->io.log(s->io.ctx, level, msg);
}

struct sess *
sess_new_with(const struct sess_io *io, const struct sess_limits *lim,
    const struct game_rules *rules, const char *server_name,
    const struct sess_feature *const *features)
{
	static const struct game_rules defaults = GAME_RULES_DEFAULT;
	struct sess *s = xcalloc(1, sizeof *s);

	board_init();
	store_bind(&sess_store_up);     /* what the stores read, to us */
	s->io = *io;
	s->features = features;
	s->lim = *lim;
	s->rules = rules != NULL ? *rules : defaults;
	snprintf(s->server, sizeof s->server, "%s", server_name);
	s->icap = 64;
	s->index = xcalloc((size_t)s->icap, sizeof *s->index);
	s->addrs = (struct vec)VEC_INIT(sizeof(struct saddr));
	s->fails = (struct vec)VEC_INIT(sizeof(struct sfail));
	s->forget = (struct vec)VEC_INIT(sizeof(struct sforget));
	sess_logins_init(s);
	s->refusal_timer = (struct stimer)STIMER_INIT(STIMER_REFUSALS);
	s->seek_timer = (struct stimer)STIMER_INIT(STIMER_SEEKS);
	s->feature_timer = (struct stimer)STIMER_INIT(STIMER_FEATURES);
	sess_features_init(s);
	return s;
}

void
sess_free(struct sess *s)
{
	int i;

	if (s == NULL)
		return;
	for (i = 0; i < s->ngames; i++)
		sess_free_game(s->games[i]);
	for (i = 0; i < s->conncap; i++) {
		free(s->conns[i].games);
		free(s->conns[i].held);
		free(s->conns[i].blocks);
		if (s->conns[i].used)
			sess_reads_free(&s->conns[i]);
	}
	sess_read_free(s->loose_read);
	free(s->games);
	free(s->index);
	free(s->conns);
	vec_free(&s->addrs);
	vec_free(&s->fails);
	vec_free(&s->logins);
	free(s->bot_names);
	free(s->bot_tally);
	sess_features_free(s);
	vec_free(&s->notified);
	vec_free(&s->forget);
	stimers_free(&s->timers);
	free(s);
}

int
sess_nconns(const struct sess *s)
{
	return s->nconns;
}

struct sconn *
sess_conn(struct sess *s, int conn)
{
	if (conn < 0 || conn >= s->conncap || !s->conns[conn].used)
		return NULL;
	return &s->conns[conn];
}

/* The loop asks these of a connection before it gives it a line: a change
 * or a read it waits for, a line of its held. */
bool
sess_conn_waiting(const struct sess *s, int conn)
{
	return conn >= 0 && conn < s->conncap && s->conns[conn].used &&
	    s->conns[conn].waiting > 0;
}

bool
sess_conn_held(const struct sess *s, int conn)
{
	return conn >= 0 && conn < s->conncap && s->conns[conn].used &&
	    s->conns[conn].held != NULL;
}

/* The account conn is logged in to (NULL: none), beside its connection:
 * every command asks it. */
const char *
sess_account(struct sess *s, int conn)
{
	struct sconn *c = sess_conn(s, conn);

	return c != NULL && c->account[0] != '\0' ? c->account : NULL;
}

void
sess_emit(struct sess *s, int conn, struct cgp_out *o)
{
	cgp_out_end(o);
	s->io.send(s->io.ctx, conn, o->buf, o->len);
}

void
sess_err(struct sess *s, int conn, const char *tag, int code,
    const char *text)
{
	struct cgp_out o;

	cgp_out_err(&o, tag, code);
	if (text != NULL && *text != '\0')
		cgp_out_text(&o, text);
	sess_emit(s, conn, &o);
}

void
sess_ask_close(struct sess *s, int conn)
{
	struct sconn *c = sess_conn(s, conn);

	if (c != NULL)
		c->closing = true;
	s->io.close(s->io.ctx, conn);
}

int
sess_open(struct sess *s, int conn, const char *addr, long long now_ms)
{
	struct sconn *c;
	struct saddr *a;
	struct cgp_out o;
	int old = s->conncap;

	s->now = now_ms;
	if (conn >= s->conncap) {
		s->conncap = conn + 64;
		s->conns = xrealloc(s->conns,
		    sizeof *s->conns * (size_t)s->conncap);
		memset(s->conns + old, 0,
		    sizeof *s->conns * (size_t)(s->conncap - old));
	}
	c = &s->conns[conn];
	free(c->games);
	memset(c, 0, sizeof *c);
	c->used = true;
	c->serial = ++s->serials;
	c->gen = ++s->conn_gen;
	snprintf(c->addr, sizeof c->addr, "%s", addr);
	sess_net_of(addr, c->net, sizeof c->net);
	s->nconns++;
	a = sess_addr(s, c->net, now_ms);
	a->nconn++;
	if (s->lim.max_connections > 0 && s->nconns > s->lim.max_connections) {
		sess_err(s, conn, "*", CGP_BUSY, "too many connections");
		sess_refused(s, "%s: refused, %d connections", addr,
		    s->nconns - 1);
		sess_ask_close(s, conn);
		return CGP_BUSY;
	}
	if (s->lim.max_per_address > 0 && a->nconn > s->lim.max_per_address) {
		sess_err(s, conn, "*", CGP_RATE_LIMITED,
		    "too many connections from your network");
		sess_refused(s, "%s: refused, %d connections from %s", addr,
		    a->nconn - 1, c->net);
		sess_ask_close(s, conn);
		return CGP_RATE_LIMITED;
	}
	cgp_out_begin(&o, "HELLO");
	cgp_out_word(&o, CGP_VERSION);
	cgp_out_kv(&o, "server", s->server);
	sess_emit(s, conn, &o);
	return 0;
}

static void
remove_observer(struct sgame *g, int conn)
{
	int i;

	for (i = 0; i < g->nobs; i++)
		if (g->obs[i] == conn) {
			g->obs[i] = g->obs[--g->nobs];
			return;
		}
}

void
sess_close(struct sess *s, int conn, long long now_ms)
{
	struct sconn *c = sess_conn(s, conn);
	struct cgp_out o;
	int i, k;

	if (c == NULL)
		return;
	s->now = now_ms;
	sess_features_conn_closed(s, conn);
	for (i = 0; i < c->ngames; i++) {
		struct sgame *g = c->games[i];
		remove_observer(g, conn);
		for (k = 0; k < 2; k++) {
			if (g->holder[k] != conn)
				continue;
			g->holder[k] = -1;
			g->gone_since[k] = now_ms;
			sess_seat_here(s, g, k, false);
			cgp_out_ev(&o, g->id, g->seq, "PRESENCE");
			cgp_out_kv(&o, "seat", cgp_seat_name(k));
			cgp_out_kv(&o, "state", "gone");
			sess_broadcast(s, g, &o, conn);
		}
	}
	sess_addr(s, c->net, now_ms)->nconn--;
	free(c->games);
	free(c->held);
	free(c->blocks);
	sess_reads_free(c);
	memset(c, 0, sizeof *c);
	s->nconns--;
}

void
sess_line_too_long(struct sess *s, int conn)
{
	sess_err(s, conn, "*", CGP_LINE_TOO_LONG,
	    "lines are at most 512 bytes with the LF");
	sess_ask_close(s, conn);
}

/* Membership: the games a connection receives events of. */
void
sess_member_add(struct sess *s, int conn, struct sgame *g)
{
	struct sconn *c = sess_conn(s, conn);
	int i;

	if (c == NULL)
		return;
	for (i = 0; i < c->ngames; i++)
		if (c->games[i] == g)
			return;
	c->games = xgrow(c->games, c->ngames, &c->gcap, 4, sizeof *c->games);
	c->games[c->ngames++] = g;
}

/* Drop g from conn's list when it neither holds a seat nor observes. */
void
sess_member_check(struct sess *s, int conn, struct sgame *g)
{
	struct sconn *c = sess_conn(s, conn);
	int i;

	if (c == NULL || g->holder[0] == conn || g->holder[1] == conn)
		return;
	for (i = 0; i < g->nobs; i++)
		if (g->obs[i] == conn)
			return;
	for (i = 0; i < c->ngames; i++)
		if (c->games[i] == g) {
			c->games[i] = c->games[--c->ngames];
			return;
		}
}

void
sess_broadcast(struct sess *s, struct sgame *g, struct cgp_out *o, int except)
{
	int i;

	cgp_out_end(o);
	for (i = 0; i < 2; i++)
		if (g->holder[i] >= 0 && g->holder[i] != except &&
		    (i == 0 || g->holder[1] != g->holder[0]))
			s->io.send(s->io.ctx, g->holder[i], o->buf, o->len);
	for (i = 0; i < g->nobs; i++)
		if (g->obs[i] != except && g->obs[i] != g->holder[0] &&
		    g->obs[i] != g->holder[1])
			s->io.send(s->io.ctx, g->obs[i], o->buf, o->len);
	if (s->io.game_event != NULL)
		s->io.game_event(s->io.ctx, g->id);
}

void
sess_broadcast_event(struct sess *s, struct sgame *g, struct cgp_out *o,
    const char *kind, const char *body)
{
	int i;

	/* The fan-out of sess_broadcast, asking the features of each
	 * connection when one may keep it from some. */
	if (!(s->hooked[strcmp(kind, "SAID") == 0 ? SESS_CH_SAID : 0] &
	    SESS_H_HIDES) ||
	    !sess_features_hides(s, -1, g, kind, body)) {
		sess_broadcast(s, g, o, -1);
		return;
	}
	cgp_out_end(o);
	for (i = 0; i < 2; i++)
		if (g->holder[i] >= 0 && (i == 0 || g->holder[1] !=
		    g->holder[0]) &&
		    !sess_features_hides(s, g->holder[i], g, kind, body))
			s->io.send(s->io.ctx, g->holder[i], o->buf, o->len);
	for (i = 0; i < g->nobs; i++)
		if (g->obs[i] != g->holder[0] && g->obs[i] != g->holder[1] &&
		    !sess_features_hides(s, g->obs[i], g, kind, body))
			s->io.send(s->io.ctx, g->obs[i], o->buf, o->len);
	if (s->io.game_event != NULL)
		s->io.game_event(s->io.ctx, g->id);
}

bool
sess_several(const struct sess *s)
{
	return s->io.store != NULL && s->io.store->seek_notice != NULL;
}

void
sess_tell_servers(struct sess *s, const char *text)
{
	if (sess_several(s))
		s->io.store->seek_notice(s->io.store_ctx, text);
}

int
sess_status(const struct sgame *g)
{
	if (g->over)
		return 2;
	return g->seated[0] && g->seated[1] ? 1 : 0;
}

const char *
sess_status_name(int st)
{
	return st == 0 ? "open" : st == 1 ? "active" : "finished";
}

const char *
sess_result_text(enum game_result r)
{
	return r == RESULT_WHITE_WINS ? "1-0" : r == RESULT_BLACK_WINS ? "0-1" :
	    r == RESULT_DRAW ? "1/2" : "-";
}

void
sess_state(struct sess *s, struct sgame *g, struct cgp_out *o)
{
	char fen[FEN_MAX], wire[FEN_MAX];
	const struct board *b = game_board(&g->g);
	int st = sess_status(g);

	fen_write(b, fen, sizeof fen);
	cgp_fen_to_wire(fen, wire, sizeof wire);
	cgp_out_ev(o, g->id, g->seq, "STATE");
	cgp_out_kv(o, "variant", g->variant);
	cgp_out_kv(o, "start", g->start);
	cgp_out_kv(o, "fen", wire);
	cgp_out_kvi(o, "ply", g->g.nply);
	cgp_out_kv(o, "turn", cgp_seat_name(b->side));
	cgp_out_kv(o, "status", sess_status_name(st));
	if (st == 2) {
		cgp_out_kv(o, "result", sess_result_text(g->result));
		cgp_out_kv(o, "reason", g->reason);
	}
	cgp_out_kv(o, "white", g->seated[0] ? g->name[0] : "-");
	cgp_out_kv(o, "black", g->seated[1] ? g->name[1] : "-");
	cgp_out_kvi(o, "wpresent", sess_present(s, g, 0));
	cgp_out_kvi(o, "bpresent", sess_present(s, g, 1));
	sess_account_kv(g, o);       /* which seats are accounts' */
	sess_features_state_kv(s, g, o);   /* the ratings */
	cgp_out_kv(o, "draw", g->offer < 0 ? "-" : cgp_seat_name(g->offer));
	sess_clock_kv(s, g, o, true);
	if (s->hooked[g->what] & SESS_H_STATE_LAST)
		sess_features_state_kv_last(s, g, o);   /* days, deadline */
}

/* A kept event's text ("SAID side=.. :..") a feature keeps from conn (its
 * sayer blocked by conn's account: a replay leaves it out as live chat
 * does). */
static bool
event_hidden(struct sess *s, int conn, const struct sgame *g,
    const char *text)
{
	size_t n = strcspn(text, " ");
	char kind[32];

	snprintf(kind, sizeof kind, "%.*s", (int)n, text);
	return sess_features_hides(s, conn, g, kind, text[n] == ' ' ?
	    text + n + 1 : text + n);
}

void
sess_catch_up(struct sess *s, int conn, struct sgame *g, long since)
{
	struct cgp_out o;
	size_t i;

	if (since < 0 || since > g->seq) {
		sess_state(s, g, &o);
		sess_emit(s, conn, &o);
		return;
	}
	/* Events are kept in seq order, seq i+1 at index i. */
	for (i = (size_t)since; i < g->ev.len; i++) {
		const struct sev *e = vec_at(&g->ev, i);
		char num[24];
		/* A blocked account's chat, left out as it is live. */
		if (event_hidden(s, conn, g, e->text))
			continue;
		snprintf(num, sizeof num, "%ld", e->seq);
		cgp_out_begin(&o, "EV");
		cgp_out_word(&o, g->id);
		cgp_out_word(&o, num);
		cgp_out_word(&o, e->text);
		sess_emit(s, conn, &o);
	}
}

void
sess_add_event(struct sgame *g, long seq, const char *kind, const char *body)
{
	size_t n = strlen(kind) + strlen(body) + 2;
	char *t = xmalloc(n);
	struct sev *e;

	snprintf(t, n, "%s%s%s", kind, *body != '\0' ? " " : "", body);
	e = vec_push(&g->ev);
	e->seq = seq;
	e->text = t;
	g->seq = seq;
}

/* The optional since=: -1 when absent, -2 (after a 400) when bad. */
long
sess_want_since(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *key)
{
	const char *v = cgp_get(cmd, key);
	long n;
	char msg[64];

	if (v == NULL)
		return -1;
	n = cgp_parse_num(v, 1000000000L);
	if (n < 0) {
		snprintf(msg, sizeof msg, "%s= must be a number", key);
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, msg);
		return -2;
	}
	return n;
}

/* The seat conn holds in g: want (0/1) if it holds that one, else the one
 * it holds, else the side to move when it holds both; -1 if none. */
int
sess_seat_of(const struct sgame *g, int conn, int want)
{
	bool w = g->holder[0] == conn, b = g->holder[1] == conn;

	if (want >= 0)
		return g->holder[want] == conn ? want : -1;
	if (w && b)
		return game_board(&g->g)->side;
	return w ? 0 : b ? 1 : -1;
}

static void
cmd_hello(struct sess *s, int conn, struct sconn *c, const struct cgp_cmd *cmd)
{
	struct cgp_out o;

	if (cmd->nargs < 1) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "HELLO needs the protocol version, HELLO CGP/1");
		return;
	}
	if (strcmp(cmd->args[0], CGP_VERSION) != 0) {
		sess_err(s, conn, cmd->tag, CGP_VERSION_UNSUPPORTED,
		    "this server speaks CGP/1");
		sess_ask_close(s, conn);
		return;
	}
	c->hello = true;
	cgp_out_ok(&o, cmd->tag, "HELLO");
	cgp_out_kv(&o, "proto", CGP_VERSION);
	cgp_out_kv(&o, "server", s->server);
	/* Names may be accounts' here: a client marks guests. */
	if (s->io.store != NULL && s->io.store->account != NULL)
		cgp_out_kv(&o, "accounts", "yes");
	sess_emit(s, conn, &o);
}

/* The handler of each verb but the core's own (HELLO, PING, PONG, QUIT)
 * and the features' (sess_features.c), those of one handler on a line. */
static sess_verb_fn *const verb_handler[CGP_NVERBS] = {
	[CGP_V_CREATE] = sess_cmd_game, [CGP_V_JOIN] = sess_cmd_game,
	[CGP_V_REJOIN] = sess_cmd_game, [CGP_V_OBSERVE] = sess_cmd_game,
	[CGP_V_MOVE] = sess_cmd_move,
	[CGP_V_RESIGN] = sess_cmd_end, [CGP_V_DRAW] = sess_cmd_end,
	[CGP_V_CANCEL] = sess_cmd_online, [CGP_V_CLAIM] = sess_cmd_online,
	[CGP_V_SAY] = sess_cmd_online,
	[CGP_V_REGISTER] = sess_cmd_account, [CGP_V_LOGIN] = sess_cmd_account,
	[CGP_V_WHOIS] = sess_cmd_whois, [CGP_V_TOP] = sess_cmd_top,
	[CGP_V_GAMES] = sess_cmd_games, [CGP_V_RECORD] = sess_cmd_record,
	[CGP_V_STATE] = sess_cmd_state, [CGP_V_LIST] = sess_cmd_list,
	[CGP_V_HISTORY] = sess_cmd_history,
};

static int sess_line_en(struct sess *s, int conn, const char *line,
    size_t len, long long now_ms);

/* A client's line, answered in the protocol's English whatever the
 * server's locale: the engine's errors (a move's, a FEN's) are otherwise
 * in the reader's language (util/i18n.h). */
int
sess_line(struct sess *s, int conn, const char *line, size_t len,
    long long now_ms)
{
	void *saved = i18n_english();
	int rc = sess_line_en(s, conn, line, len, now_ms);

	if (s->line_reads != NULL)
		sess_read_flush(s);
	/* The line is the caller's buffer: a change spent later (a store's
	 * notice, a timer) is no line's and must not copy a stale one. */
	s->line = NULL;
	s->linelen = 0;
	i18n_restore(saved);
	return rc;
}

/* Another command of c's within its rate (at most commands_per_second in
 * each second)? Asked of every line, here beside it. */
static bool
cmd_allowed(struct sess *s, struct sconn *c, long long now)
{
	if (s->lim.commands_per_second <= 0)
		return true;
	if (now - c->cmd_win >= 1000) {
		c->cmd_win = now;
		c->cmds = 0;
	}
	return ++c->cmds <= s->lim.commands_per_second;
}

static int
sess_line_en(struct sess *s, int conn, const char *line, size_t len,
    long long now_ms)
{
	struct sconn *c = sess_conn(s, conn);
	struct cgp_cmd cmd;
	struct cgp_out o;
	sess_verb_fn *fn;
	char err[128];
	int code;

	if (c == NULL || c->closing)
		return SESS_LINE_DONE;
	s->now = now_ms;
	s->again = false;
	s->line = line;
	s->linelen = len;
	code = cgp_parse(line, len, &cmd, err, sizeof err);
	if (code == 0 && cmd.verb == CGP_V_UNKNOWN)
		return SESS_LINE_DONE;         /* an empty line */
	/* Every other line counts, bad ones too (each costs an answer). */
	if (code != CGP_LINE_TOO_LONG && !cmd_allowed(s, c, now_ms)) {
		snprintf(err, sizeof err, "at most %d commands a second",
		    s->lim.commands_per_second);
		sess_err(s, conn, cmd.tag, CGP_RATE_LIMITED, err);
		sess_refused(s, "%s: more than %d commands a second", c->addr,
		    s->lim.commands_per_second);
		return SESS_LINE_DONE;
	}
	if (code != 0) {
		sess_err(s, conn, cmd.tag, code, err);
		if (code == CGP_LINE_TOO_LONG)
			sess_ask_close(s, conn);
		return SESS_LINE_DONE;
	}
	if (cmd.nargs > 0 && cmd.verb != CGP_V_HELLO &&
	    cmd.verb != CGP_V_PING && cmd.verb != CGP_V_PONG) {
		snprintf(err, sizeof err, "'%.40s' is not key=value",
		    cmd.args[0]);
		sess_err(s, conn, cmd.tag, CGP_BAD_SYNTAX, err);
		return SESS_LINE_DONE;
	}
	/* HELLO must be the first line: any other known verb before it gets
	 * 426 (an unknown one got 405 from the parser). */
	if (!c->hello && cmd.verb != CGP_V_HELLO) {
		sess_err(s, conn, cmd.tag, CGP_HELLO_REQUIRED,
		    "say HELLO CGP/1 first");
		return SESS_LINE_DONE;
	}
	switch (cmd.verb) {
	case CGP_V_HELLO:
		cmd_hello(s, conn, c, &cmd);
		break;
	case CGP_V_PING:
		cgp_out_begin(&o, "PONG");
		if (cmd.nargs > 0)
			cgp_out_word(&o, cmd.args[0]);
		sess_emit(s, conn, &o);
		break;
	case CGP_V_PONG:
		break;
	case CGP_V_QUIT:
		cgp_out_ok(&o, cmd.tag, "QUIT");
		sess_emit(s, conn, &o);
		sess_ask_close(s, conn);
		break;
	default:
		fn = verb_handler[cmd.verb] != NULL ?
		    verb_handler[cmd.verb] : s->verb[cmd.verb];
		if (fn != NULL)
			fn(s, conn, &cmd);
		else
			sess_err(s, conn, cmd.tag, CGP_UNKNOWN_COMMAND,
			    "unknown command");
		break;
	}
	if (s->again && c->cmds > 0)
		c->cmds--;      /* given again later: counted then */
	if (!s->again && c->reads != NULL)
		sess_reads_free(c);         /* the line is done */
	return s->again ? SESS_LINE_AGAIN : SESS_LINE_DONE;
}

