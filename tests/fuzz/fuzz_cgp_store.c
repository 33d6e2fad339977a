/*
 * fuzz_cgp_store.c: the CGP/1 harness's side of the session (fuzz_cgp.c):
 * the callbacks that check every line the server sends and what it logs,
 * the fake store that checks and records each commit (and fails on
 * demand), and the checks of the live session, and of one rebuilt from the
 * store, against the harness's model.
 */

#include <strings.h>

#include "fuzz_cgp.h"

static void
check_no_token(struct h *h, const char *text, const char *where)
{
	for (int i = 0; i < h->ntokens; i++)
		FUZZ_CHECK(h->published[i] || strstr(text, h->tokens[i]) == NULL,
		    "a token in %s: %s", where, text);
}

/* The session's callbacks. */
void
cb_send(void *ctx, int conn, const char *line, size_t len)
{
	struct h *h = ctx;
	struct cgp_msg m;
	char err[128], *copy;
	const char *said, *colon;
	size_t i, text;

	FUZZ_CHECK(conn >= 0 && conn < NCONN && h->open[conn],
	    "a line for connection %d, which is not open", conn);
	FUZZ_CHECK(len > 0 && len < CGP_SLINE_MAX && line[len - 1] == '\n',
	    "a server line of %zu bytes or without its LF", len);
	/* Printable ASCII, but for a SAID's text: UTF-8 without control
	 * characters (PROTOCOL.md: SAY and SAID). */
	text = len - 1;
	if (strncmp(line, "EV ", 3) == 0 && (said = memmem(line, len - 1,
	    " SAID ", 6)) != NULL && (colon = memmem(said, len - 1 -
	    (size_t)(said - line), " :", 2)) != NULL) {
		text = (size_t)(colon - line) + 2;
		FUZZ_CHECK(cgp_text_check(line + text, len - 1 - text, err,
		    sizeof err) == 0, "a SAID's text that is not UTF-8 "
		    "without control characters (%s): %.*s", err, (int)len,
		    line);
	}
	for (i = 0; i < text; i++)
		FUZZ_CHECK(line[i] >= 0x20 && line[i] < 0x7f,
		    "byte 0x%02x in a server line", (unsigned char)line[i]);
	FUZZ_CHECK(cgp_parse_msg(line, len - 1, &m, err, sizeof err) == 0,
	    "the server sent a line it cannot parse itself: %.*s (%s)",
	    (int)len, line, err);
	copy = fuzz_strndup((const uint8_t *)line, len - 1);
	/* A REMATCHED tells a player its own new token (check_rematched). */
	if (m.type != CGP_M_EV || strcmp(m.verb, "REMATCHED") != 0)
		check_no_token(h, copy, "a server line");
	/* Tokens go out when a seat is taken, or privately with the seat
	 * of a rematch (checked in on_rematch). */
	if (cgp_msg_get(&m, "token") != NULL)
		FUZZ_CHECK((m.type == CGP_M_OK && (strcmp(m.verb, "CREATE") == 0
		    || strcmp(m.verb, "JOIN") == 0)) || (m.type == CGP_M_EV &&
		    strcmp(m.verb, "REMATCHED") == 0), "token= in %s", copy);
	if (h->nout == h->outcap) {
		h->outcap = h->outcap ? h->outcap * 2 : 16;
		h->out = realloc(h->out, sizeof *h->out * (size_t)h->outcap);
		if (h->out == NULL)
			abort();
	}
	h->out[h->nout].conn = conn;
	h->out[h->nout].line = copy;
	h->out[h->nout].nrec = h->nrec;
	h->nout++;
}

void
cb_close(void *ctx, int conn)
{
	struct h *h = ctx;

	FUZZ_CHECK(conn >= 0 && conn < NCONN && h->open[conn],
	    "closing connection %d, which is not open", conn);
	h->closing[conn] = true;
}

void
cb_log(void *ctx, int level, const char *msg)
{
	struct h *h = ctx;

	(void)level;
	check_no_token(h, msg, "the log");
	if (h->cmd_token != NULL && strlen(h->cmd_token) == CGP_TOKEN_LEN)
		FUZZ_CHECK(strcasestr(msg, h->cmd_token) == NULL,
		    "a token= of a command in the log: %s", msg);
}

static struct rec *
rec_new(struct h *h, const char *game, int kind)
{
	struct rec *r;

	if (h->nrec == h->reccap) {
		h->reccap = h->reccap ? h->reccap * 2 : 64;
		h->recs = realloc(h->recs, sizeof *h->recs * (size_t)h->reccap);
		if (h->recs == NULL)
			abort();
	}
	r = &h->recs[h->nrec++];
	memset(r, 0, sizeof *r);
	snprintf(r->game, sizeof r->game, "%s", game);
	r->kind = kind;
	return r;
}

/* The last stored seq of a game, 0 if none. */
long
stored_seq(struct h *h, const char *game)
{
	for (int i = h->nrec - 1; i >= 0; i--)
		if (h->recs[i].kind == 2 && strcmp(h->recs[i].game, game) == 0)
			return h->recs[i].seq;
	return 0;
}

static bool
stored_game(struct h *h, const char *game)
{
	for (int i = 0; i < h->nrec; i++)
		if (h->recs[i].kind == 0 && strcmp(h->recs[i].game, game) == 0)
			return true;
	return false;
}

/* The checks of one change of a commit. */
static void
check_change(struct h *h, const struct store_change *ch)
{
	long last;
	int i;

	FUZZ_CHECK(ch->game != NULL && cgp_valid_game(ch->game), "game id");
	FUZZ_CHECK(ch->new_game != stored_game(h, ch->game),
	    ch->new_game ? "game %s stored twice" :
	    "a change to game %s, never stored", ch->game);
	FUZZ_CHECK(ch->nev >= 0 && ch->nev <= 2, "nev %d", ch->nev);
	last = stored_seq(h, ch->game);
	for (i = 0; i < ch->nev; i++)
		FUZZ_CHECK(ch->seq[i] == last + 1 + i, "event seq %ld after "
		    "%ld in game %s", ch->seq[i], last, ch->game);
	if (ch->seat >= 0) {
		FUZZ_CHECK(ch->seat <= 1 && ch->token != NULL &&
		    net_valid_hash(ch->token) && ch->name != NULL &&
		    cgp_valid_name(ch->name), "a bad seat stored");
		for (i = 0; i < h->nrec; i++)
			FUZZ_CHECK(!(h->recs[i].kind == 1 &&
			    h->recs[i].seat == ch->seat &&
			    strcmp(h->recs[i].game, ch->game) == 0),
			    "seat %d of %s stored twice", ch->seat, ch->game);
	}
	if (ch->both_seats)
		FUZZ_CHECK(ch->new_game && ch->seat == 0 && ch->token2 != NULL &&
		    net_valid_hash(ch->token2) && ch->name2 != NULL &&
		    cgp_valid_name(ch->name2) && ch->rematch_of != NULL,
		    "a bad pair of seats stored");
}

static void
record_change(struct h *h, const struct store_change *ch)
{
	struct rec *r;
	int i;

	if (ch->new_game) {
		r = rec_new(h, ch->game, 0);
		snprintf(r->start, sizeof r->start, "%s", ch->start_fen);
		r->rep = ch->repetition;
		r->quiet = ch->quiet_plies;
		snprintf(r->variant, sizeof r->variant, "%s",
		    ch->variant != NULL ? ch->variant : "");
		snprintf(r->clock, sizeof r->clock, "%s",
		    ch->clock != NULL ? ch->clock : "");
	}
	if (ch->seat >= 0) {
		r = rec_new(h, ch->game, 1);
		r->seat = ch->seat;
		snprintf(r->name, sizeof r->name, "%s", ch->name);
		snprintf(r->token, sizeof r->token, "%s", ch->token);
	}
	if (ch->both_seats) {
		r = rec_new(h, ch->game, 1);
		r->seat = 1;
		snprintf(r->name, sizeof r->name, "%s", ch->name2);
		snprintf(r->token, sizeof r->token, "%s", ch->token2);
	}
	for (i = 0; i < ch->nev; i++) {
		r = rec_new(h, ch->game, 2);
		r->seq = ch->seq[i];
		snprintf(r->ekind, sizeof r->ekind, "%s", ch->kind[i]);
		FUZZ_CHECK(strlen(ch->body[i]) < sizeof r->body, "long body");
		snprintf(r->body, sizeof r->body, "%s", ch->body[i]);
	}
}

static int
cb_commit(void *ctx, const struct store_change *ch, char *err, size_t n)
{
	struct h *h = ctx;

	check_change(h, ch);
	if (h->fail > 0) {
		h->fail--;
		snprintf(err, n, "no space left on device");
		return -1;
	}
	record_change(h, ch);
	return 0;
}

const struct store_ops fake_store = { .commit = cb_commit };

static int
load_game(struct sess *s, const struct rec *r, char *err, size_t n)
{
	struct store_game_row row;

	memset(&row, 0, sizeof row);
	row.id = r->game;
	row.start = r->start;
	row.variant = r->variant[0] != '\0' ? r->variant : NULL;
	row.clock = r->clock[0] != '\0' ? r->clock : NULL;
	row.repetition = r->rep;
	row.quiet_plies = r->quiet;
	row.creator = -1;
	return sess_load_game(s, &row, err, n);
}

void
out_clear(struct h *h)
{
	for (int i = 0; i < h->nout; i++)
		free(h->out[i].line);
	h->nout = 0;
}

/* A value from a line the server sent (it parsed when sent). */
const char *
msg_val(const char *line, const char *key, char *buf, size_t n)
{
	struct cgp_msg m;
	const char *v;

	if (cgp_parse_msg(line, strlen(line), &m, NULL, 0) != 0)
		return NULL;
	v = cgp_msg_get(&m, key);
	if (v == NULL)
		return NULL;
	snprintf(buf, n, "%s", v);
	return buf;
}

/* Does the body of a stored event hold key=value? */
bool
body_has(const char *body, const char *kv)
{
	size_t n = strlen(kv);
	const char *p = body;

	while ((p = strstr(p, kv)) != NULL) {
		if ((p == body || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
		p++;
	}
	return false;
}

/* The events stored for game id from record index from on. */
int
new_events(struct h *h, const char *id, int from, int upto, struct rec **ev,
    int max)
{
	int n = 0;

	for (int i = from; i < upto; i++)
		if (h->recs[i].kind == 2 && strcmp(h->recs[i].game, id) == 0 &&
		    n < max)
			ev[n++] = &h->recs[i];
	return n;
}

/* The live session against the model: same games, plies, ends, seats. */
void
check_live(struct h *h)
{
	FUZZ_CHECK(sess_ngames(h->s) == h->ngames, "%d games, model %d",
	    sess_ngames(h->s), h->ngames);
	for (int i = 0; i < h->ngames; i++) {
		struct mgame *mg = &h->games[i];
		struct sgame *sg = sess_find(h->s, mg->id);

		FUZZ_CHECK(sg != NULL, "game %s lost", mg->id);
		FUZZ_CHECK(sg->g.nply == mg->g.nply, "game %s: %d plies, "
		    "acknowledged %d", mg->id, sg->g.nply, mg->g.nply);
		FUZZ_CHECK(sg->over == mg->over, "game %s: over %d, "
		    "model %d", mg->id, sg->over, mg->over);
		FUZZ_CHECK(sg->seq == mg->seq, "game %s: seq %ld, stored %ld",
		    mg->id, sg->seq, mg->seq);
		for (int k = 0; k < 2; k++) {
			FUZZ_CHECK(sg->holder[k] == mg->holder[k], "game %s "
			    "seat %d: held by %d, model %d", mg->id, k,
			    sg->holder[k], mg->holder[k]);
			FUZZ_CHECK(sg->seated[k] == (mg->token[k][0] != '\0'),
			    "game %s seat %d: seated", mg->id, k);
			if (sg->seated[k])
				FUZZ_CHECK(strcmp(sg->token[k],
				    mg->token[k]) == 0, "token changed");
		}
	}
}

static void
null_send(void *ctx, int conn, const char *line, size_t len)
{
	(void)ctx;
	(void)conn;
	(void)line;
	(void)len;
}

static void
null_close(void *ctx, int conn)
{
	(void)ctx;
	(void)conn;
}

/* A session rebuilt from the store must hold every acknowledged move. */
void
check_rebuild(struct h *h)
{
	static const struct sess_limits lim = { 10, 10, 10, 10, 10, 0, 0, 0, 0,
	    false, 0, 0, NULL, 0 };
	struct sess_io io;
	struct sess *s;
	char err[256];
	int i, k;

	memset(&io, 0, sizeof io);
	io.send = null_send;
	io.close = null_close;
	s = sess_new(&io, &lim, NULL, "rebuild");
	st_rebuilds++;
	for (i = 0; i < h->nrec; i++)
		if (h->recs[i].kind == 0)
			FUZZ_CHECK(load_game(s, &h->recs[i], err,
			    sizeof err) == 0, "rebuild: %s", err);
	for (i = 0; i < h->nrec; i++)
		if (h->recs[i].kind == 1)
			FUZZ_CHECK(sess_load_seat(s, h->recs[i].game,
			    h->recs[i].seat, h->recs[i].name, h->recs[i].token,
			    err, sizeof err) == 0, "rebuild: %s", err);
	for (k = 0; k < h->ngames; k++)
		for (i = 0; i < h->nrec; i++)
			if (h->recs[i].kind == 2 &&
			    strcmp(h->recs[i].game, h->games[k].id) == 0)
				FUZZ_CHECK(sess_load_event(s, h->recs[i].game,
				    h->recs[i].seq, h->recs[i].ekind,
				    h->recs[i].body, err, sizeof err) == 0,
				    "rebuild: %s", err);
	FUZZ_CHECK(sess_ngames(s) == h->ngames, "rebuilt %d games of %d",
	    sess_ngames(s), h->ngames);
	for (k = 0; k < h->ngames; k++) {
		struct mgame *mg = &h->games[k];
		struct sgame *sg = sess_find(s, mg->id);

		FUZZ_CHECK(sg != NULL, "game %s not rebuilt", mg->id);
		FUZZ_CHECK(sg->g.nply == mg->g.nply, "game %s rebuilt with "
		    "%d plies, %d acknowledged", mg->id, sg->g.nply,
		    mg->g.nply);
		for (i = 0; i < mg->g.nply; i++)
			FUZZ_CHECK(sg->g.moves[i] == mg->g.moves[i],
			    "game %s ply %d differs after the rebuild", mg->id,
			    i);
		FUZZ_CHECK(sg->over == mg->over &&
		    sg->result == mg->g.result, "game %s: result differs "
		    "after the rebuild", mg->id);
		FUZZ_CHECK(sg->seq == mg->seq, "game %s: seq", mg->id);
		for (i = 0; i < 2; i++) {
			FUZZ_CHECK(sg->seated[i] == (mg->token[i][0] != '\0'),
			    "game %s: seat %d after the rebuild", mg->id, i);
			if (sg->seated[i])
				FUZZ_CHECK(strcmp(sg->token[i],
				    mg->token[i]) == 0, "token after rebuild");
		}
	}
	sess_free(s);
}
