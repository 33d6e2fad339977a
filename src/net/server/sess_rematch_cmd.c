/*
 * sess_rematch_cmd.c: REMATCH with the colours swapped (PROTOCOL.md): the
 * offers, the rematch made once both are stored (by the server holding
 * the player who completed them), its players seated and told (REMATCHED),
 * or its refusal; a player back in the finished game told its seat again.
 * Across servers: sess_rematch.c.
 */
#include <stdio.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_int.h"
#include "net/server/sess_rematch.h"

/* Tell conn, alone, its seat in the rematch of g. */
void
sess_rematched_send(struct sess *s, int conn, struct sgame *g, int seat)
{
	struct sgame *n = sess_find(s, g->rematch_game);
	struct cgp_out o;

	if (n == NULL || conn < 0 || g->rematch_tok[seat][0] == '\0')
		return;
	cgp_out_ev(&o, g->id, g->seq, "REMATCHED");
	cgp_out_kv(&o, "game", n->id);
	cgp_out_kv(&o, "seat", cgp_seat_name(seat));
	cgp_out_kv(&o, "token", g->rematch_tok[seat]);
	sess_emit(s, conn, &o);
}

void
sess_rematch_rejoined(struct sess *s, int conn, struct sgame *g, int seat)
{
	if (g->rematch_game[0] != '\0')
		sess_rematched_send(s, conn, g, 1 - seat);
}

/* The OK of REMATCH (no seq when nothing is stored). */
static void
rematch_ok(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct sgame *g)
{
	struct cgp_out o;

	sess_ok_line(&o, cmd, g, g->seq);
	sess_emit(s, conn, &o);
}

/* A rematch that cannot be made: the asker told, or the log. */
static void
make_failed(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct sgame *g, const char *err)
{
	if (cmd != NULL)
		sess_err(s, conn, cmd->tag, CGP_INTERNAL, err);
	else
		sess_log(s, NET_LOG_ERROR, "game %s: its rematch: %s", g->id,
		    err);
}

/*
 * Both players asked: the same game again, colours swapped. The accepting
 * offer is stored first (the asker's OK); then, chained to it, the new game
 * with both seats and their JOINED events as one change, so that it is
 * stored whole or not at all. Each seat's token is the one drawn by the
 * server holding its player (sess_rematch_draw), only its hash here. Once
 * it is stored, each player here is seated and told its new seat alone,
 * and each elsewhere by its server (sess_rematch_made). With offer_body
 * NULL the offers are stored already and only the game is made (again).
 */
void
sess_rematch_make(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g, const char *offer_body)
{
	char id[CGP_ID_LEN + 1], clock[32], err[160];
	struct sess_new_game keep;
	struct store_change ch;
	struct game_rules rules;
	struct board start;
	struct cgp_out o;
	struct spend *offer = NULL, *made;
	char wire[CGP_FEN_MAX];
	int k, tries;

	if (cgp_variant_start(g->variant, g->start, &g->g.rules, &start,
	    &rules, wire, err, sizeof err) < 0) {
		make_failed(s, conn, cmd, g, err);
		return;
	}
	for (tries = 0;; tries++) {
		if (tries == 16 || net_new_game_id(id) < 0) {
			make_failed(s, conn, cmd, g, "no random numbers");
			return;
		}
		/* Not in memory; the store decides by its key (a taken
		 * id is a conflict: the REMATCH runs again). */
		if (sess_find(s, id) == NULL)
			break;
	}
	if (offer_body != NULL) {
		sess_event_change(&ch, g, "REMATCH", offer_body);
		sess_ok_line(&o, cmd, g, ch.seq[0]);
		offer = sess_spend_new(s, conn, cmd, &ch, &o, false, false);
	}
	snprintf(g->rematch_game, sizeof g->rematch_game, "%s", id);
	g->rematch_refused = false;
	if (g->days > 0)
		snprintf(clock, sizeof clock, "%dd", g->days);
	else if (g->timed)
		clock_format_control(g->clock.base_ms, g->clock.inc_ms, clock,
		    sizeof clock);
	/* Rated as the game was: both players agreed to its terms, and its
	 * seats are the same two accounts'. The new white is the old
	 * black. */
	sess_new_game_change(&ch, &keep, id, wire, &rules, g->variant,
	    g->timed || g->days > 0 ? clock : NULL, g->rated);
	ch.rematch_of = g->id;
	for (k = 0; k < 2; k++)
		sess_new_game_seat(&ch, &keep, k, g->name[1 - k],
		    sess_seat_account(g, 1 - k), g->rematch_hash[k]);
	sess_features_new_game(s, &ch, &keep);
	made = sess_spend_new(s, -1, NULL, &ch, NULL, false, true);
	sess_log(s, NET_LOG_INFO, "game %s: rematch %s", g->id, id);
	if (offer == NULL) {
		/* The offers were stored before: this OK stands for them. */
		if (cmd != NULL)
			rematch_ok(s, conn, cmd, g);
		sess_spend_submit(s, made);
		return;
	}
	offer->then = made;
	sess_spend_submit(s, offer);
}

void
sess_rematch_made(struct sess *s, struct sgame *ng, const char *old_id)
{
	struct sgame *g = sess_find(s, old_id);
	int k, conn;

	if (g == NULL || strcmp(g->rematch_game, ng->id) != 0)
		return;
	for (k = 0; k < 2; k++) {
		conn = g->holder[1 - k];
		if (conn < 0 || g->rematch_tok[k][0] == '\0') {
			/* Its player is on another server, which drew its
			 * token: that one seats it. */
			sess_rematch_tell_made(s, g, k);
			continue;
		}
		ng->holder[k] = conn;
		sess_member_add(s, conn, ng);
		sess_seat_here(s, ng, k, true);
		sess_rematched_send(s, conn, g, k);
	}
}

void
sess_rematch_refused(struct sess *s, const char *old_id)
{
	struct sgame *g = sess_find(s, old_id);

	if (g == NULL)
		return;
	g->rematch_game[0] = '\0';
	g->rematch_refused = true;      /* (the tokens drawn stay good) */
	sess_log(s, NET_LOG_WARN, "game %s: its rematch was not stored; "
	    "REMATCH makes it again", g->id);
}

static void
cmd_rematch(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	int seat = sess_seat_of(g, conn, -1), k;
	char body[64];

	if (seat < 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT,
		    "you hold no seat in this game");
		return;
	}
	if (!g->over || !g->seated[0] || !g->seated[1]) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT, !g->over ?
		    "the game is not over: REMATCH comes after it" :
		    "nobody played this game");
		return;
	}
	if (g->rematch_game[0] != '\0') {
		/* Made already: the seat again, to this connection. */
		rematch_ok(s, conn, cmd, g);
		for (k = 0; k < 2; k++)
			if (g->holder[k] == conn)
				sess_rematched_send(s, conn, g, 1 - k);
		return;
	}
	if (g->rematch[0] && g->rematch[1]) {
		/* Both offers are stored, no game here. Its player's token's
		 * hash told again (a notice lost: the server making it may
		 * wait for it, or tell again the game it made); made here if
		 * this server makes it (refused before, or its hash here
		 * now). Else made before this copy of the game was read
		 * again (a restart, or it left memory), or by another
		 * server: made once, never twice. */
		for (k = 0; k < 2; k++)
			if (g->holder[k] == conn &&
			    g->rematch_tok[1 - k][0] != '\0')
				(void)sess_rematch_draw(s, g, 1 - k);
		if (g->rematch_maker && sess_rematch_ready(s, g)) {
			sess_rematch_make(s, conn, cmd, g, NULL);
			return;
		}
		rematch_ok(s, conn, cmd, g);
		return;
	}
	/* One holding both seats asks for both. */
	if (g->holder[1 - seat] == conn && g->rematch[seat])
		seat = 1 - seat;
	/* Its seat's token in the rematch, drawn here (its hash told). */
	if (sess_rematch_draw(s, g, 1 - seat) < 0) {
		sess_err(s, conn, cmd->tag, CGP_INTERNAL, "no random numbers");
		return;
	}
	if (g->rematch[seat]) {
		rematch_ok(s, conn, cmd, g);
		return;
	}
	snprintf(body, sizeof body, "action=offer side=%s",
	    cgp_seat_name(seat));
	if (g->rematch[1 - seat]) {
		/* This server makes it: now, or once the other player's
		 * server has told its token's hash (sess_rematch_due). */
		g->rematch_maker = true;
		if (sess_rematch_ready(s, g)) {
			sess_rematch_make(s, conn, cmd, g, body);
			return;
		}
	}
	sess_submit_event(s, g, conn, cmd, "REMATCH", body);
}

/* REMATCH (the rematch feature's verb). */
void
sess_cmd_rematch(struct sess *s, int conn, const struct cgp_cmd *c)
{
	struct sgame *g = sess_want_game_w(s, conn, c);

	if (g != NULL)
		cmd_rematch(s, conn, c, g);
}
