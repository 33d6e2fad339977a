/*
 * sess_replay.c: games rebuilt at start-up from what storage holds. Every
 * stored MOVE is played again through the rules engine and must lead to the
 * position stored with it; anything that does not add up is an error naming
 * the game and the event. The clock times stored with each move come back.
 */
#include <stdio.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_days.h"

static int
fail(char *err, size_t errlen, const char *id, long seq, const char *what)
{
	if (seq > 0)
		return util_error(err, errlen, "game %s, event %ld: %s", id,
		    seq, what);
	return util_error(err, errlen, "game %s: %s", id, what);
}

int
sess_load_game(struct sess *s, const struct store_game_row *row, char *err,
    size_t errlen)
{
	const char *variant = row->variant != NULL ? row->variant : "congo";
	char wire[CGP_FEN_MAX], e[200];
	struct game_rules base, rules;
	int64_t b = 0, inc = 0;
	struct board start;
	struct sgame *g, *old;
	int days = sess_corr_days(row->clock);  /* 0: a clock, or none */

	if (!cgp_valid_game(row->id))
		return fail(err, errlen, row->id, 0, "not a game id");
	if (sess_find(s, row->id) != NULL)
		return fail(err, errlen, row->id, 0, "stored twice");
	base.repetition = row->repetition != 0;
	base.quiet_plies = row->quiet_plies;
	if (cgp_variant_start(variant, row->start, &base, &start, &rules,
	    wire, e, sizeof e) < 0)
		return fail(err, errlen, row->id, 0, e);
	if (row->clock != NULL && days == 0 &&
	    clock_parse_seconds(row->clock, &b, &inc, e,
	    sizeof e) < 0)
		return fail(err, errlen, row->id, 0, e);
	g = sess_add_game(s, row->id);
	snprintf(g->start, sizeof g->start, "%s", row->start);
	snprintf(g->variant, sizeof g->variant, "%s", variant);
	g->created = row->created;
	g->rated = row->rated;
	g->creator = row->creator >= 0 && row->creator <= 1 ? row->creator : -1;
	game_init(&g->g, &start, &rules);
	if ((g->days = days) > 0)
		;                       /* no clock: deadlines */
	else if (row->clock != NULL) {
		g->timed = true;
		clock_init(&g->clock, b, inc);
	}
	g->what = (g->rated ? SESS_CH_RATED : 0) |
	    (g->days > 0 ? SESS_CH_DAYS : 0);
	if (row->rematch_of != NULL &&
	    (old = sess_find(s, row->rematch_of)) != NULL)
		snprintf(old->rematch_game, sizeof old->rematch_game, "%s",
		    g->id);
	return 0;
}

int
sess_load_seat(struct sess *s, const char *id, int seat, const char *name,
    const char *token, char *err, size_t errlen)
{
	return sess_load_seat_of(s, sess_find(s, id), id, seat, name, token,
	    err, errlen);
}

int
sess_load_seat_of(struct sess *s, struct sgame *g, const char *id, int seat,
    const char *name, const char *token, char *err, size_t errlen)
{
	(void)s;
	if (g == NULL)
		return fail(err, errlen, id, 0, "a seat of a game not stored");
	if (seat < 0 || seat > 1 || !cgp_valid_name(name) ||
	    !net_valid_hash(token))
		return fail(err, errlen, id, 0, "a bad seat");
	g->seated[seat] = true;
	snprintf(g->name[seat], sizeof g->name[seat], "%s", name);
	snprintf(g->token[seat], sizeof g->token[seat], "%s", token);
	return 0;
}

/* wclock= and bclock= of a stored MOVE (absent in untimed games). */
static int
replay_clock(struct sgame *g, const struct cgp_msg *m)
{
	const char *v[2] = { cgp_msg_get(m, "wclock"),
		cgp_msg_get(m, "bclock") };
	long ms;
	int k;

	if (!g->timed)
		return 0;
	/* Stopped at the stored times; sess_applied (or sess_start) runs
	 * the next side's clock from when the move was stored. */
	g->clock.running = -1;
	for (k = 0; k < 2; k++) {
		if (v[k] == NULL ||
		    (ms = cgp_parse_num(v[k], 1000000000L)) < 0)
			return -1;
		clock_set(&g->clock, k, ms, 0);
	}
	return 0;
}

static enum game_result
result_of(const char *v)
{
	return v == NULL ? RESULT_NONE : strcmp(v, "1-0") == 0 ?
	    RESULT_WHITE_WINS : strcmp(v, "0-1") == 0 ? RESULT_BLACK_WINS :
	    strcmp(v, "1/2") == 0 ? RESULT_DRAW : RESULT_NONE;
}

static int
replay_result(struct sess *s, struct sgame *g, long seq,
    const struct cgp_msg *m, char *err, size_t errlen)
{
	const char *why = cgp_msg_get(m, "reason"), *rv = cgp_msg_get(m,
	    "result");
	enum game_result r = result_of(rv);

	if (why == NULL || rv == NULL)
		return fail(err, errlen, g->id, seq, "a RESULT without result "
		    "or reason");
	if (strcmp(why, "resign") == 0 || strcmp(why, "time") == 0 ||
	    strcmp(why, "abandoned") == 0) {
		if (r != RESULT_WHITE_WINS && r != RESULT_BLACK_WINS)
			return fail(err, errlen, g->id, seq, "a bad RESULT");
		if (strcmp(why, "time") == 0 && g->timed)
			clock_set(&g->clock, r == RESULT_WHITE_WINS ? BLACK :
			    WHITE, 0, 0);
	} else if (strcmp(why, "agreement") == 0) {
		if (r != RESULT_DRAW)
			return fail(err, errlen, g->id, seq, "a bad RESULT");
	} else if (strcmp(why, "cancelled") == 0 ||
	    strcmp(why, "declined") == 0) {
		if (strcmp(rv, "-") != 0)
			return fail(err, errlen, g->id, seq, "a bad RESULT");
	} else if (!game_over(&g->g) || r != g->g.result ||
	    strcmp(why, game_reason_name(g->g.reason)) != 0) {
		/* Any other result the engine found itself. */
		return fail(err, errlen, g->id, seq, "a RESULT the replay "
		    "does not reach");
	}
	sess_finish(s, g, r, why);
	g->rating_have = 0;            /* a rated result changed them */
	return 0;
}

static int
replay(struct sess *s, struct sgame *g, long seq, const char *kind,
    const struct cgp_msg *m, char *err, size_t errlen)
{
	const char *v, *why = "";
	char e[160], fen[FEN_MAX], wire[FEN_MAX];
	int side, rc;

	if (strcmp(kind, "JOINED") == 0) {
		side = cgp_seat_parse(cgp_msg_get(m, "seat"));
		if (side < 0 || !g->seated[side])
			return fail(err, errlen, g->id, seq,
			    "JOINED a seat nobody holds");
		/* Taken by a connection logged in as the account. */
		v = cgp_msg_get(m, "account");
		if (v != NULL && strcmp(v, "1") == 0 &&
		    (v = cgp_msg_get(m, "name")) != NULL &&
		    strcmp(v, g->name[side]) == 0)
			g->account[side] = true;
		/* A challenge: the other seat is that account's. */
		if ((v = cgp_msg_get(m, "for")) != NULL &&
		    cgp_valid_name(v))
			snprintf(g->challenged, sizeof g->challenged, "%s", v);
		return 0;
	}
	if (strcmp(kind, "SAID") == 0)
		return 0;
	if (strcmp(kind, "REMATCH") == 0) {
		side = cgp_seat_parse(cgp_msg_get(m, "side"));
		if (side < 0 || !g->over)
			return fail(err, errlen, g->id, seq, "a bad REMATCH");
		g->rematch[side] = true;
		return 0;
	}
	if (g->over || (game_over(&g->g) && strcmp(kind, "RESULT") != 0))
		return fail(err, errlen, g->id, seq, "after the end");
	if (strcmp(kind, "MOVE") == 0) {
		v = cgp_msg_get(m, "ply");
		if (v == NULL || cgp_parse_num(v, 1000000L) != g->g.nply)
			return fail(err, errlen, g->id, seq, "MOVE out of order");
		v = cgp_msg_get(m, "move");
		if (v == NULL ||
		    game_play_text(&g->g, v, e, sizeof e) < 0)
			return fail(err, errlen, g->id, seq, v == NULL ?
			    "MOVE without move=" : e);
		fen_write(game_board(&g->g), fen, sizeof fen);
		cgp_fen_to_wire(fen, wire, sizeof wire);
		v = cgp_msg_get(m, "fen");
		if (v == NULL || strcmp(v, wire) != 0)
			return fail(err, errlen, g->id, seq, "the replayed "
			    "position differs from the stored one");
		if (replay_clock(g, m) < 0)
			return fail(err, errlen, g->id, seq, "a MOVE of a game "
			    "with a clock without its times");
		side = g->g.pos[g->g.nply - 1].side;
		g->moved |= 1u << side;
		if (g->offer >= 0 && g->offer != side)
			g->offer = -1;
		g->tb_offer = -1;       /* a move ends a takeback offer */
		return 0;
	}
	/* A feature's own kind (TAKEBACK, UNDO). */
	if ((rc = sess_features_replay(s, g, kind, m, &why)) != 1)
		return rc < 0 ? fail(err, errlen, g->id, seq, why) : 0;
	if (strcmp(kind, "DRAW") == 0) {
		v = cgp_msg_get(m, "action");
		side = cgp_seat_parse(cgp_msg_get(m, "side"));
		if (v == NULL || side < 0)
			return fail(err, errlen, g->id, seq, "a bad DRAW");
		g->offer = strcmp(v, "offer") == 0 ? side : -1;
		return 0;
	}
	if (strcmp(kind, "RESULT") == 0)
		return replay_result(s, g, seq, m, err, errlen);
	return fail(err, errlen, g->id, seq, "an unknown event");
}

int
sess_load_event(struct sess *s, const char *id, long seq, const char *kind,
    const char *body, char *err, size_t errlen)
{
	return sess_load_event_of(s, sess_find(s, id), id, seq, kind, body,
	    err, errlen);
}

int
sess_load_event_of(struct sess *s, struct sgame *g, const char *id,
    long seq, const char *kind, const char *body, char *err, size_t errlen)
{
	char line[CGP_SLINE_MAX];
	struct cgp_msg m;
	int n;

	if (g == NULL)
		return fail(err, errlen, id, seq, "an event of a game not "
		    "stored");
	if (seq != g->seq + 1)
		return fail(err, errlen, id, seq, "events out of sequence");
	n = snprintf(line, sizeof line, "EV %s %ld %s %s", id, seq, kind, body);
	if (n < 0 || (size_t)n >= sizeof line ||
	    cgp_parse_msg(line, (size_t)n, &m, NULL, 0) < 0)
		return fail(err, errlen, id, seq, "an event that does not "
		    "parse");
	if (replay(s, g, seq, kind, &m, err, errlen) < 0)
		return -1;
	if (strcmp(kind, "RESULT") == 0)
		g->ended_ms = util_now_ms();
	if (s->hooked[g->what] & SESS_H_EVENT)
		sess_features_event(s, g, kind, body);   /* a deadline= */
	sess_add_event(g, seq, kind, body);
	return 0;
}
