/*
 * sess_pending.c: changes on their way to storage. A command checks
 * everything, builds its change and its OK line, and submits; once the
 * store has the change (at once without an asynchronous store, or when the
 * store thread hands it back), sess_done applies it through the code that
 * rebuilds games at start-up, answers the asker and tells the game. While a
 * change of a game is being stored, commands that write to that game wait
 * (their line is given again later); readers see the stored state.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"

static bool
is_power_of_ten(long long n)
{
	while (n >= 10 && n % 10 == 0)
		n /= 10;
	return n == 1;
}

/*
 * The strings of a change and the buffers of a spend that keep them: the
 * field of struct store_change (a pointer, or an array of them), the
 * buffer of struct spend (one, or an array of as many), and how many of
 * them are in use.
 */
enum copy_count { COPY_ONE, COPY_SEEKS, COPY_EVENTS };

static const struct copy_field {
	size_t from;                   /* in struct store_change */
	size_t to;                     /* in struct spend */
	size_t size;                   /* of one buffer */
	enum copy_count count;
} copies[] = {
#define COPY(field, buf) { offsetof(struct store_change, field), \
	offsetof(struct spend, buf), sizeof ((struct spend *)0)->buf, COPY_ONE }
#define COPY_N(field, buf, n) { offsetof(struct store_change, field), \
	offsetof(struct spend, buf), sizeof ((struct spend *)0)->buf[0], n }
	COPY(game, game),
	COPY(start_fen, start),
	COPY(name, name),
	COPY(token, token),
	COPY(name2, name2),
	COPY(token2, token2),
	COPY(variant, variant),
	COPY(clock, clock),
	COPY(rematch_of, rematch_of),
	COPY_N(seek, seek, COPY_SEEKS),
	COPY_N(kind, kind, COPY_EVENTS),
	COPY_N(body, body, COPY_EVENTS),
#undef COPY
#undef COPY_N
};

static int
copy_n(const struct store_change *ch, enum copy_count count)
{
	switch (count) {
	case COPY_SEEKS:
		return ch->seek[0] != NULL ? 2 : 0;
	case COPY_EVENTS:
		return ch->nev < 2 ? ch->nev : 2;
	case COPY_ONE:
		break;
	}
	return 1;
}

/* Copy ch, its strings into p's buffers. */
static void
copy_change(struct spend *p, const struct store_change *ch)
{
	size_t k;
	int i, n;

	p->ch = *ch;
	for (k = 0; k < sizeof copies / sizeof copies[0]; k++) {
		const struct copy_field *c = &copies[k];
		const char *const *from = (const char *const *)(const void *)
		    ((const char *)ch + c->from);
		const char **to = (const char **)(void *)
		    ((char *)&p->ch + c->from);

		n = copy_n(ch, c->count);
		for (i = 0; i < n; i++) {
			char *buf = (char *)p + c->to + (size_t)i * c->size;

			if (from[i] == NULL)
				continue;
			snprintf(buf, c->size, "%s", from[i]);
			to[i] = buf;
		}
	}
}

/* What ch is for the features' wants (SESS_CH_*), of g (NULL: a new
 * game, or none in memory). */
static unsigned
change_what(const struct store_change *ch, const struct sgame *g)
{
	unsigned w = 0;
	int i;

	if (g != NULL)
		w |= g->what;           /* rated, days */
	else if (ch->new_game && ch->rated)
		w |= SESS_CH_RATED;
	if (ch->nop > 0 || ch->forget.kind != STORE_OP_NONE)
		w |= SESS_CH_OPS;
	if (ch->new_game || ch->seat >= 0 || ch->both_seats ||
	    ch->hold[0] != '\0' || ch->game == NULL || ch->game[0] == '\0')
		w |= SESS_CH_SEATS;
	for (i = 0; i < ch->nev; i++)
		if (strcmp(ch->kind[i], "RESULT") == 0)
			w |= SESS_CH_END;
	return w;
}

/* The game of ch in memory (NULL: a new game's, or none). */
static struct sgame *
game_of(struct sess *s, const struct store_change *ch)
{
	return !ch->new_game && ch->game != NULL ? sess_find(s, ch->game) :
	    NULL;
}

/* sess_spend_new of g, ch's game (game_of). */
static struct spend *
spend_new(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct store_change *ch, struct sgame *g, struct cgp_out *ok,
    bool state_to_origin, bool quiet)
{
	struct spend *p = xcalloc(1, sizeof *p);
	int k;

	copy_change(p, ch);
	/* A seat's holder acts: stored only while it holds it there too. */
	if (conn >= 0 && g != NULL)
		for (k = 0; k < 2; k++)
			if (g->holder[k] == conn && g->taking[k][0] != '-') {
				p->ch.by[k] = true;
				memcpy(p->ch.by_taking[k], g->taking[k],
				    sizeof p->ch.by_taking[k]);
			}
	p->conn = conn;
	p->conn_gen = conn >= 0 ? s->conns[conn].gen : 0;
	p->verb = cmd != NULL ? cmd->verb : CGP_V_UNKNOWN;
	snprintf(p->tag, sizeof p->tag, "%s", cmd != NULL ? cmd->tag : "*");
	if (s->line != NULL && s->linelen < sizeof p->line) {
		memcpy(p->line, s->line, s->linelen);
		p->linelen = s->linelen;
	}
	p->features = s->features;
	p->state_to_origin = state_to_origin;
	p->quiet = quiet;
	p->what = change_what(&p->ch, g);
	/* (io.notify is set before the session runs: sess_new's io, or a
	 * test's right after) */
	p->hooked = (s->io.notify != NULL ? s->hooked :
	    s->hooked_quiet)[p->what];
	if (p->hooked & SESS_H_SPEND)
		sess_features_spend(s, p);
	if (ok != NULL) {
		cgp_out_end(ok);
		memcpy(p->ok, ok->buf, ok->len);
		p->oklen = ok->len;
	}
	return p;
}

struct spend *
sess_spend_new(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct store_change *ch, struct cgp_out *ok, bool state_to_origin,
    bool quiet)
{
	return spend_new(s, conn, cmd, ch, game_of(s, ch), ok,
	    state_to_origin, quiet);
}

/* sess_spend_submit of g, p's game (game_of). */
static void
spend_submit(struct sess *s, struct spend *p, struct sgame *g)
{
	char err[256];

	/* A chained change's connection may have gone meanwhile. */
	if (p->conn >= 0 && (p->conn >= s->conncap ||
	    !s->conns[p->conn].used || s->conns[p->conn].gen != p->conn_gen))
		p->conn = -1;
	if (g != NULL)
		g->busy++;
	if (p->conn >= 0)
		s->conns[p->conn].waiting++;
	if (s->io.submit == NULL && (p->hooked & SESS_H_COMMIT) &&
	    sess_features_commit(p, s->io.store, s->io.store_ctx) < 0) {
		/* A rated result whose ratings cannot be read: answered as
		 * a refused commit, nothing sent on. */
		p->failed = true;
		sess_done(s, p);
		return;
	}
	if (s->io.submit != NULL) {
		s->io.submit(s->io.ctx, p);
		return;
	}
	err[0] = '\0';
	if (s->io.store != NULL && s->io.store->commit(s->io.store_ctx,
	    &p->ch, err, sizeof err) < 0) {
		p->failed = true;
		snprintf(p->err, sizeof p->err, "%s", err);
	}
	sess_done(s, p);
}

void
sess_spend_submit(struct sess *s, struct spend *p)
{
	spend_submit(s, p, game_of(s, &p->ch));
}

void
sess_event_change(struct store_change *ch, const struct sgame *g,
    const char *kind, const char *body)
{
	memset(ch, 0, sizeof *ch);
	ch->game = g->id;
	ch->seat = -1;
	ch->creator = -1;
	ch->nev = 1;
	ch->seq[0] = g->seq + 1;
	ch->kind[0] = kind;
	ch->body[0] = body;
}

void
sess_submit(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct store_change *ch, struct cgp_out *ok, bool state_to_origin,
    bool quiet)
{
	sess_submit_to(s, game_of(s, ch), conn, cmd, ch, ok, state_to_origin,
	    quiet);
}

void
sess_submit_to(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, const struct store_change *ch,
    struct cgp_out *ok, bool state_to_origin, bool quiet)
{
	spend_submit(s, spend_new(s, conn, cmd, ch, g, ok, state_to_origin,
	    quiet), g);
}

static void refresh(struct sess *s, const char *id);

/* A refused change: nothing changed; the asker gets 507. */
static void
refused(struct sess *s, struct spend *p, bool alive)
{
	s->store_failures++;
	s->store_errors++;
	/* A full disk refuses every command: the 1st, 10th, 100th... failure
	 * in a row is logged, not each (the log may share that disk). */
	if (s->store_failures == 1)
		sess_log(s, NET_LOG_ERROR, "game %s: storing failed: %s (until "
		    "storing works again, only the 10th, 100th... failure is "
		    "logged)", p->ch.game, p->err);
	else if (is_power_of_ten(s->store_failures))
		sess_log(s, NET_LOG_ERROR, "game %s: storing failed: %s (%lld "
		    "times in a row)", p->ch.game, p->err, s->store_failures);
	if (alive)
		sess_err(s, p->conn, p->tag, CGP_STORAGE_FAILED, "the server "
		    "could not store this; nothing changed");
}

/* A holder's change refused: its seat was taken on another server since
 * (a REJOIN there, answered before this change was stored), whose notice
 * has not come yet. The connection holds it no more, as the notice would
 * say; its line, run again, is refused as any other for a seat not held. */
static void
replaced(struct sess *s, struct spend *p)
{
	struct sgame *g = sess_find(s, p->ch.game);
	int k;

	for (k = 0; g != NULL && k < 2; k++)
		if (p->ch.by[k] && g->holder[k] == p->conn &&
		    strcmp(g->taking[k], p->ch.by_taking[k]) == 0) {
			sess_log(s, NET_LOG_INFO, "%s: game %s: %s was taken "
			    "on another server since", s->conns[p->conn].addr,
			    g->id, cgp_seat_name(k));
			sess_remote_presence(s, g->id, k, true, true);
		}
}

/* A refused change takes the changes chained to it along; the features
 * hear of each (a refused rematch may be made again). */
static void
drop_chain(struct sess *s, struct spend *p)
{
	struct spend *n, *next;

	sess_features_dropped(s, &p->ch);
	for (n = p->then; n != NULL; n = next) {
		next = n->then;
		sess_features_dropped(s, &n->ch);
		free(n);
	}
	p->then = NULL;
}

/* Apply a stored change to g (NULL: a new game's, or one not in memory):
 * the start-up path, then the seat's holder. */
static struct sgame *
apply(struct sess *s, struct spend *p, struct sgame *g, bool alive)
{
	const struct store_change *ch = &p->ch;
	char err[256];
	int i, rc = 0;

	if (ch->new_game) {
		struct store_game_row row;
		memset(&row, 0, sizeof row);
		row.id = ch->game;
		row.start = ch->start_fen;
		row.variant = ch->variant;
		row.clock = ch->clock;
		row.rematch_of = ch->rematch_of;
		row.repetition = ch->repetition;
		row.quiet_plies = ch->quiet_plies;
		row.creator = ch->creator;
		row.created = ch->created;
		row.rated = ch->rated;
		rc = sess_load_game(s, &row, err, sizeof err);
		g = sess_find(s, ch->game);     /* made just now */
	}
	if (rc == 0 && ch->seat >= 0)
		rc = sess_load_seat_of(s, g, ch->game, ch->seat, ch->name,
		    ch->token, err, sizeof err);
	if (rc == 0 && ch->both_seats)
		rc = sess_load_seat_of(s, g, ch->game, 1, ch->name2,
		    ch->token2, err, sizeof err);
	for (i = 0; rc == 0 && i < ch->nev; i++)
		rc = sess_load_event_of(s, g, ch->game, ch->seq[i],
		    ch->kind[i], ch->body[i], err, sizeof err);
	if (rc != 0)
		sess_log(s, NET_LOG_ERROR, "stored, but the game does not "
		    "take it: %s", err);
	/* The features' part (the ratings worked out with it), before a
	 * STATE shows it. */
	if (p->hooked & SESS_H_STORED)
		sess_features_stored(s, p, g);
	if (g != NULL && ch->seat >= 0 && alive) {
		g->holder[ch->seat] = p->conn;
		sess_member_add(s, p->conn, g);
		sess_seat_here(s, g, ch->seat, true);
	}
	/* The players of a game made for them (a rematch, two seeks)
	 * seated and told, then the clock follows, then the features that
	 * tell (a player away). */
	if (g != NULL && rc == 0 && ch->both_seats)
		sess_features_seated(s, g, ch);
	if (g != NULL)
		sess_applied(s, g, ch->new_game, alive ? p->conn : -1,
		    sess_status(g));
	if (g != NULL && rc == 0 && (p->hooked & SESS_H_APPLIED))
		sess_features_applied(s, g, ch, p->what);
	return g;
}

/* The news of the game read off the event loop; the held line runs after
 * it (read_back gives the connection its lines). */
static void
news_read(struct sess *s, struct sread *q, void *arg)
{
	struct sconn *c = sess_conn(s, q->conn);

	(void)arg;      /* its news applied: sess_newer_done */
	if (c != NULL && c->gen == q->gen && c->waiting > 0)
		c->waiting--;
}

/* A command another server's change beat: run again, before the
 * connection's next lines, on the game as the store has it now (its news
 * read first, off the loop when there is a reader thread). Reads it needs
 * then wait as any line's do. */
static void
run_again(struct sess *s, struct spend *p)
{
	struct sconn *c = &s->conns[p->conn];
	struct sgame *g = sess_find(s, p->ch.game);
	struct sread want;

	free(c->held);
	c->held = xmalloc(p->linelen + 1);
	memcpy(c->held, p->line, p->linelen);
	c->held[p->linelen] = '\0';
	c->heldlen = p->linelen;
	if (p->ch.new_game)
		return;
	memset(&want, 0, sizeof want);
	want.kind = SREAD_NEWER;
	snprintf(want.key, sizeof want.key, "%s", p->ch.game);
	want.win = g != NULL ? g->seq : 0;
	c->waiting++;
	sess_read_then_conn(s, p->conn, &want, news_read, NULL, NULL);
}

bool
sess_held_run(struct sess *s, int conn, long long now_ms)
{
	struct sconn *c = sess_conn(s, conn);
	char *line;

	if (c == NULL || c->held == NULL)
		return false;
	if (c->waiting > 0)
		return true;
	if (c->cmds > 0)
		c->cmds--;      /* counted when it first came */
	line = c->held;
	c->held = NULL;
	if (sess_line(s, conn, line, c->heldlen, now_ms) == SESS_LINE_AGAIN &&
	    (c = sess_conn(s, conn)) != NULL && c->held == NULL) {
		c->held = line;         /* again after what it waits for */
		return true;
	}
	free(line);
	return sess_conn_held(s, conn);
}

/* A REJOIN's taking stored: its line runs again, taking the seat
 * (rejoin_take), after the game's news. Not stored (the database away):
 * taken all the same, as a REJOIN always was, but unchecked ("-": its
 * changes are stored whoever holds the seat in the database), so that a
 * player coming back in an outage keeps the seat. */
static void
took(struct sess *s, struct spend *p, bool alive)
{
	if (alive) {
		struct sconn *c = &s->conns[p->conn];
		memcpy(c->took_game, p->ch.game, sizeof c->took_game);
		c->took_seat = p->ch.hold_seat;
		snprintf(c->took, sizeof c->took, "%s", p->failed ?
		    "-" : p->ch.hold);
		if (p->failed && !p->conflict)
			sess_log(s, NET_LOG_WARN, "%s: game %s: the "
			    "REJOIN's taking of %s was not stored (%s); "
			    "the seat is taken without it",
			    c->addr, p->ch.game,
			    cgp_seat_name(p->ch.hold_seat), p->err);
	}
	if (alive && p->linelen > 0)
		run_again(s, p);
}

/* A change not stored: nothing applied; the asker told, or its line run
 * again (another server was first), or closed (nobody knows). */
static void
not_stored(struct sess *s, struct spend *p, bool alive)
{
	if (p->replaced && alive)
		replaced(s, p);
	if (p->conflict) {
		/* Another server was first: bring the game up to date and run
		 * the command again on it (412, 409... or done after all). */
		sess_log(s, NET_LOG_DEBUG, "game %s: another server stored "
		    "that first; the command runs again", p->ch.game);
		if (alive && p->linelen > 0)
			run_again(s, p);
		else if (!p->ch.new_game)
			refresh(s, p->ch.game);     /* nobody waits for it */
	} else if (p->unknown && alive) {
		/* Stored or not, nobody can say (the database went away with
		 * its answer): no ERR, which would say nothing changed. The
		 * connection is closed, as if this server had died; the client
		 * comes back with REJOIN since= and sends it again (a ply, a
		 * seq or a name makes that harmless). */
		refused(s, p, false);
		sess_log(s, NET_LOG_WARN, "%s: closed: whether its command was "
		    "stored is not known (the database went away with the "
		    "answer)", s->conns[p->conn].addr);
		sess_features_unknown(s, p);
		sess_ask_close(s, p->conn);
	} else
		refused(s, p, alive);
	drop_chain(s, p);
}

/* A stored change applied to g: the asker's OK (and STATE), its events
 * told to all, the log. */
static void
answer(struct sess *s, struct spend *p, struct sgame *g, bool alive)
{
	struct cgp_out o;
	int i;

	if (alive && p->oklen > 0) {
		s->io.send(s->io.ctx, p->conn, p->ok, p->oklen);
		if (p->state_to_origin && g != NULL) {
			sess_state(s, g, &o);
			sess_emit(s, p->conn, &o);
		}
	}
	for (i = 0; g != NULL && !p->quiet && i < p->ch.nev; i++) {
		cgp_out_ev(&o, g->id, p->ch.seq[i], p->ch.kind[i]);
		cgp_out_word(&o, p->ch.body[i]);
		sess_broadcast_event(s, g, &o, p->ch.kind[i], p->ch.body[i]);
	}
	if (alive && p->verb == CGP_V_CREATE)
		sess_log(s, NET_LOG_INFO, "%s: created game %s",
		    s->conns[p->conn].addr, p->ch.game);
	else if (alive && p->verb == CGP_V_JOIN)
		sess_log(s, NET_LOG_INFO, "%s: joined game %s as %s",
		    s->conns[p->conn].addr, p->ch.game,
		    cgp_seat_name(p->ch.seat));
	for (i = 0; g != NULL && i < p->ch.nev; i++)
		if (strcmp(p->ch.kind[i], "RESULT") == 0)
			sess_log(s, NET_LOG_INFO, "game %s: %s", g->id,
			    p->ch.body[i]);
}

bool
sess_done_all(struct sess *s, struct spend *p, long long now_ms)
{
	struct spend *next;
	int i;

	s->now = now_ms;
	for (; p != NULL; p = next) {
		next = p->next;
		sess_done(s, p);
	}
	for (i = 0; i < s->conncap; i++)
		if (s->conns[i].used && s->conns[i].held != NULL)
			return true;
	return false;
}

void
sess_done(struct sess *s, struct spend *p)
{
	bool alive = p->conn >= 0 && p->conn < s->conncap &&
	    s->conns[p->conn].used && s->conns[p->conn].gen == p->conn_gen;
	struct sgame *g = NULL;

	if (alive && s->conns[p->conn].waiting > 0)
		s->conns[p->conn].waiting--;
	if (!p->ch.new_game && (g = sess_find(s, p->ch.game)) != NULL &&
	    g->busy > 0)
		g->busy--;
	if (p->failed)
		sess_features_refused(s, &p->ch, p->conflict);
	if (p->ch.hold[0] != '\0')
		took(s, p, alive);
	else if (p->ch.game[0] == '\0' && sess_features_own_done(s, p))
		;       /* a feature's own change (a forgetting) */
	else if (p->failed)
		not_stored(s, p, alive);
	else {
		if (s->store_failures > 0)
			sess_log(s, NET_LOG_WARN, "storing works again (%lld "
			    "command%s refused before)", s->store_failures,
			    s->store_failures == 1 ? "" : "s");
		s->store_failures = 0;
		g = apply(s, p, g, alive);
		answer(s, p, g, alive);
		if (g != NULL && g->stale && g->busy == 0)
			refresh(s, g->id);
		if (p->then != NULL)
			sess_spend_submit(s, p->then);
		else if (g != NULL && (s->hooked[p->what | (g->over ?
		    SESS_CH_OVER : 0)] & SESS_H_DONE))
			/* a rematch due, say */
			sess_features_done(s, g, p->what | (g->over ?
			    SESS_CH_OVER : 0));
	}
	free(p);
}

/* Several servers, one store: another server's news of a game, read off
 * the event loop (the reader thread), applied when back
 * (sess_refresh_done); one read a game at a time, another after it when
 * more news came meanwhile. */
static void
refresh(struct sess *s, const char *id)
{
	struct sgame *g = sess_find(s, id);
	struct sread *q;

	if (g == NULL || !sess_store_shared(s))
		return;
	if (g->refreshing) {
		g->stale = true;        /* again when this one is back */
		return;
	}
	g->stale = false;
	g->refreshing = true;
	q = xcalloc(1, sizeof *q);
	q->kind = SREAD_REFRESH;
	q->conn = -1;
	snprintf(q->key, sizeof q->key, "%s", id);
	q->win = g->seq;
	sess_read_submit(s, q);
}

/* What a read of another server's news brought, applied to g: its seats
 * and events, each told; -1 (g read again soon) when it does not add up. */
static int
apply_news(struct sess *s, struct sgame *g, const struct sread *q)
{
	const struct store_up *up = store_sess();
	const char *a, *b;
	char e[300];
	int i, rc = 0;
	long n;

	e[0] = '\0';
	for (i = 0; i < sess_read_nrec(q) && rc == 0; i++) {
		int what = sess_read_rec(q, i, &n, &a, &b);
		if (what == 1)
			rc = up->load_seat(s, g->id, (int)n, a, b, e,
			    sizeof e);
		else if (what == 2)
			rc = up->remote_event(s, g->id, n, a, b, e, sizeof e);
	}
	if (rc != 0) {
		sess_log(s, NET_LOG_ERROR, "game %s: %s", g->id, e);
		g->stale = true;
		s->stale_any = true;
		return -1;
	}
	return 0;
}

/* A read of g's news that came back unreadable (a lock, the database
 * away: logged), or while a change of ours is being stored: g is read
 * again soon (sess_stale_retry) or after that change, never left behind
 * (true); else false, the news to apply. */
static bool
read_again(struct sess *s, struct sgame *g, const struct sread *q)
{
	if (q->rc >= 0 && g->busy == 0)
		return false;
	if (q->rc < 0)
		sess_log(s, NET_LOG_ERROR, "game %s: %s", g->id, q->err);
	g->stale = true;
	s->stale_any = true;
	return true;
}

void
sess_refresh_done(struct sess *s, struct sread *q)
{
	struct sgame *g = sess_find(s, q->key);

	if (g == NULL)
		return;         /* it left memory meanwhile */
	g->refreshing = false;
	if (read_again(s, g, q))
		return;
	if (apply_news(s, g, q) == 0 && g->stale && g->busy == 0)
		refresh(s, g->id);
}

void
sess_newer_done(struct sess *s, struct sread *q)
{
	struct sgame *g = sess_find(s, q->key);

	if (g == NULL)
		return;
	/* (the command goes on with what it has: its refusal may be stale,
	 * the client tries again) */
	if (read_again(s, g, q))
		return;
	apply_news(s, g, q);
}

void
sess_stale_retry(struct sess *s, long long now_ms)
{
	int i;
	bool left = false;

	if (!s->stale_any || now_ms < s->stale_next)
		return;
	s->stale_next = now_ms + 250;
	for (i = 0; i < s->ngames; i++) {
		struct sgame *g = s->games[i];
		if (!g->stale)
			continue;
		if (g->busy == 0)
			refresh(s, g->id);
		left |= g->stale;
	}
	s->stale_any = left;
}

bool
sess_store_shared(const struct sess *s)
{
	return s->io.store != NULL && s->io.store->refresh != NULL;
}

bool
sess_store_newer(struct sess *s, int conn, struct sgame *g)
{
	struct sread want;

	if (!sess_store_shared(s) || g->busy > 0)
		return false;
	/* Off the event loop: the command stops and its line comes again
	 * with the news applied (sess_newer_done), finding this read. */
	memset(&want, 0, sizeof want);
	want.kind = SREAD_NEWER;
	snprintf(want.key, sizeof want.key, "%s", g->id);
	want.win = g->seq;
	return sess_read(s, conn, &want) == NULL;
}

void
sess_catch_up_all(struct sess *s)
{
	int i;

	/* refresh may end a game but never removes one from the list. */
	for (i = 0; i < s->ngames; i++) {
		struct sgame *g = s->games[i];
		if (g->busy > 0)
			g->stale = true;        /* after our own change */
		else
			refresh(s, g->id);
	}
}

void
sess_remote(struct sess *s, const char *id, long seq)
{
	struct sgame *g = sess_find(s, id);

	if (g == NULL || seq <= g->seq)
		return;         /* not here, or known */
	if (g->busy > 0) {
		g->stale = true;        /* after our own change */
		return;
	}
	refresh(s, id);
}

int
sess_remote_event(struct sess *s, const char *id, long seq, const char *kind,
    const char *body, char *err, size_t errlen)
{
	struct sgame *g = sess_find(s, id);
	struct cgp_out o;

	if (g == NULL || seq <= g->seq)
		return 0;
	if (sess_load_event(s, id, seq, kind, body, err, errlen) < 0)
		return -1;
	sess_applied(s, g, false, -1, sess_status(g));
	sess_features_remote(s, g);     /* a seat taken there */
	cgp_out_ev(&o, g->id, seq, kind);
	cgp_out_word(&o, body);
	sess_broadcast_event(s, g, &o, kind, body);
	return 0;
}
