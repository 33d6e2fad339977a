/*
 * net_replay.c: games rebuilt at start-up from what storage holds. Every
 * stored MOVE is played again through the rules engine and must lead to the
 * position stored with it; anything that does not add up is an error naming
 * the game and the event.
 */
#include <stdio.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "net/net_internal.h"

static int
fail(char *err, size_t errlen, const char *id, long seq, const char *what)
{
	if (seq > 0)
		snprintf(err, errlen, "game %s, event %ld: %s", id, seq, what);
	else
		snprintf(err, errlen, "game %s: %s", id, what);
	return -1;
}

int
sess_load_game(struct sess *s, const char *id, const char *start_wire,
    int repetition, int quiet_plies, long long created, char *err,
    size_t errlen)
{
	char fen[CGP_FEN_MAX], e[160], msg[200];
	struct game_rules rules;
	struct board start;
	struct sgame *g;

	if (!cgp_valid_game(id))
		return fail(err, errlen, id, 0, "not a game id");
	if (sess_find(s, id) != NULL)
		return fail(err, errlen, id, 0, "stored twice");
	if (cgp_fen_from_wire(start_wire, fen, sizeof fen) < 0 ||
	    fen_read(&start, fen, e, sizeof e) < 0) {
		snprintf(msg, sizeof msg, "bad start position: %s", e);
		return fail(err, errlen, id, 0, msg);
	}
	rules.repetition = repetition != 0;
	rules.quiet_plies = quiet_plies;
	g = sess_add_game(s, id);
	snprintf(g->start, sizeof g->start, "%s", start_wire);
	g->created = created;
	game_init(&g->g, &start, &rules);
	return 0;
}

int
sess_load_seat(struct sess *s, const char *id, int seat, const char *name,
    const char *token, char *err, size_t errlen)
{
	struct sgame *g = sess_find(s, id);

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

static int
replay(struct sgame *g, long seq, const char *kind, const struct cgp_msg *m,
    char *err, size_t errlen)
{
	const char *v;
	char e[160], fen[FEN_MAX], wire[FEN_MAX];
	int side;

	if (strcmp(kind, "JOINED") == 0) {
		side = cgp_seat_parse(cgp_msg_get(m, "seat"));
		if (side < 0 || !g->seated[side])
			return fail(err, errlen, g->id, seq,
			    "JOINED a seat nobody holds");
		return 0;
	}
	if (game_over(&g->g) && strcmp(kind, "RESULT") != 0)
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
		side = g->g.pos[g->g.nply - 1].side;
		if (g->offer >= 0 && g->offer != side)
			g->offer = -1;
		return 0;
	}
	if (strcmp(kind, "DRAW") == 0) {
		v = cgp_msg_get(m, "action");
		side = cgp_seat_parse(cgp_msg_get(m, "side"));
		if (v == NULL || side < 0)
			return fail(err, errlen, g->id, seq, "a bad DRAW");
		g->offer = strcmp(v, "offer") == 0 ? side : -1;
		return 0;
	}
	if (strcmp(kind, "RESULT") == 0) {
		v = cgp_msg_get(m, "reason");
		g->offer = -1;
		if (v != NULL && strcmp(v, "resign") == 0) {
			v = cgp_msg_get(m, "result");
			game_resign(&g->g, v != NULL && strcmp(v, "1-0") == 0 ?
			    BLACK : WHITE);
			return 0;
		}
		if (v != NULL && strcmp(v, "agreement") == 0) {
			game_agree_draw(&g->g);
			return 0;
		}
		/* Any other result the engine found itself. */
		if (!game_over(&g->g) || v == NULL ||
		    strcmp(v, game_reason_name(g->g.reason)) != 0)
			return fail(err, errlen, g->id, seq, "a RESULT the "
			    "replay does not reach");
		return 0;
	}
	return fail(err, errlen, g->id, seq, "an unknown event");
}

int
sess_load_event(struct sess *s, const char *id, long seq, const char *kind,
    const char *body, char *err, size_t errlen)
{
	struct sgame *g = sess_find(s, id);
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
	if (replay(g, seq, kind, &m, err, errlen) < 0)
		return -1;
	if (strcmp(kind, "RESULT") == 0)
		g->ended_ms = util_now_ms();
	sess_add_event(g, seq, kind, body);
	return 0;
}
