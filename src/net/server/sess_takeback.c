/*
 * sess_takeback.c: TAKEBACK offer, accept, decline (PROTOCOL.md). An offer
 * stands until it is answered or either side moves; accepted, the plies
 * back to the offerer's last move are undone (one when the opponent is to
 * move, two when the offerer is) by an UNDO event stored like a move,
 * which brings the clocks back to their values at that ply.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"

/* The ply of side's last move in g, or -1 when it has made none. */
static int
last_move_of(const struct sgame *g, int side)
{
	int p;

	for (p = g->g.nply - 1; p >= 0; p--)
		if (g->g.pos[p].side == side)
			return p;
	return -1;
}

/* A stored clock time (milliseconds, up to the next space) into *ms;
 * *ms is left as it was if it is not one. */
static void
clock_value(const char *p, long *ms)
{
	char v[24];
	size_t n = strcspn(p, " ");

	if (n >= sizeof v)
		return;
	memcpy(v, p, n);
	v[n] = '\0';
	(void)parse_long(v, 0, LONG_MAX, ms, NULL, 0);
}

/* The clock times stored when ply was reached (the MOVE that led there,
 * the latest of that ply: earlier ones were taken back); base at 0. */
static void
clock_at(const struct sgame *g, int ply, long *w, long *b)
{
	char want[32];
	size_t i;

	*w = *b = (long)g->clock.base_ms;
	if (ply == 0)
		return;
	snprintf(want, sizeof want, "MOVE ply=%d ", ply - 1);
	for (i = g->ev.len; i-- > 0;) {
		const struct sev *e = vec_at(&g->ev, i);
		const char *p;
		if (strncmp(e->text, want, strlen(want)) != 0)
			continue;
		if ((p = strstr(e->text, " wclock=")) != NULL)
			clock_value(p + strlen(" wclock="), w);
		if ((p = strstr(e->text, " bclock=")) != NULL)
			clock_value(p + strlen(" bclock="), b);
		return;
	}
}

/* The UNDO that accepting the offer of offerer makes. */
static void
undo(struct sess *s, int conn, const struct cgp_cmd *cmd, struct sgame *g,
    int offerer)
{
	char fen[FEN_MAX], wire[FEN_MAX], body[256];
	int ply = last_move_of(g, offerer);
	long w, b;

	fen_write(&g->g.pos[ply], fen, sizeof fen);
	cgp_fen_to_wire(fen, wire, sizeof wire);
	snprintf(body, sizeof body, "ply=%d fen=%s", ply, wire);
	if (g->timed) {
		clock_at(g, ply, &w, &b);
		snprintf(body + strlen(body), sizeof body - strlen(body),
		    " wclock=%ld bclock=%ld", w, b);
	}
	sess_features_turn_body(s, g, body, sizeof body);   /* its days from now */
	sess_submit_event(s, g, conn, cmd, "UNDO", body);
}

void
sess_cmd_takeback(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *act = cgp_get(cmd, "action");
	struct sgame *g;
	int seat;

	if ((g = sess_want_game_w(s, conn, cmd)) == NULL)
		return;
	if (act == NULL || (strcmp(act, "offer") != 0 &&
	    strcmp(act, "accept") != 0 && strcmp(act, "decline") != 0)) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "action= is offer, accept or decline");
		return;
	}
	if ((seat = sess_seat_of(g, conn, -1)) < 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT,
		    "you hold no seat in this game");
		return;
	}
	/* Holding both seats (one program playing itself): the answer is
	 * the other side's, the offer the last mover's. */
	if (g->holder[0] == conn && g->holder[1] == conn && g->tb_offer >= 0)
		seat = strcmp(act, "offer") == 0 ? g->tb_offer :
		    1 - g->tb_offer;
	if (g->over) {
		sess_err(s, conn, cmd->tag, CGP_GAME_OVER, "the game is over");
		return;
	}
	if (sess_status(g) != 1) {
		sess_err(s, conn, cmd->tag, CGP_NOT_STARTED, "the game has "
		    "not started");
		return;
	}
	if (strcmp(act, "offer") == 0) {
		if (g->tb_offer == 1 - seat) {
			undo(s, conn, cmd, g, 1 - seat);  /* both want it */
			return;
		}
		if (last_move_of(g, seat) < 0) {
			sess_err(s, conn, cmd->tag, CGP_NOTHING_TO_TAKE_BACK,
			    "you have made no move to take back");
			return;
		}
		if (g->tb_offer == seat) {
			struct cgp_out o;
			cgp_out_ok(&o, cmd->tag, "TAKEBACK");
			cgp_out_kv(&o, "game", g->id);
			sess_emit(s, conn, &o);     /* it stands already */
			return;
		}
		sess_submit_offer(s, g, conn, cmd, "TAKEBACK", "offer", seat);
		return;
	}
	if (g->tb_offer != 1 - seat) {
		sess_err(s, conn, cmd->tag, CGP_NOTHING_TO_TAKE_BACK,
		    "your opponent has not offered a takeback");
		return;
	}
	if (strcmp(act, "accept") == 0) {
		undo(s, conn, cmd, g, 1 - seat);
		return;
	}
	sess_submit_offer(s, g, conn, cmd, "TAKEBACK", "decline", seat);
}

/* A stored TAKEBACK or UNDO replayed into g; -1 when it does not fit. */
static int
replay_takeback(struct sgame *g, const char *kind, const struct cgp_msg *m)
{
	const char *v = cgp_msg_get(m, "action");
	int side = cgp_seat_parse(cgp_msg_get(m, "side"));
	long ply, w, b;

	if (strcmp(kind, "TAKEBACK") == 0) {
		if (v == NULL || side < 0)
			return -1;
		if (strcmp(v, "offer") == 0)
			g->tb_offer = side;
		else if (strcmp(v, "decline") == 0)
			g->tb_offer = -1;
		else
			return -1;
		return 0;
	}
	/* UNDO ply=N fen=... [wclock= bclock=] */
	ply = cgp_parse_num(cgp_msg_get(m, "ply"), 1000000L);
	if (ply < 0 || ply >= g->g.nply)
		return -1;
	while (g->g.nply > ply)
		game_undo(&g->g);
	g->g.nredo = 0;
	g->tb_offer = -1;
	g->offer = -1;
	if (g->timed) {
		w = cgp_parse_num(cgp_msg_get(m, "wclock"), 1000000000L);
		b = cgp_parse_num(cgp_msg_get(m, "bclock"), 1000000000L);
		if (w < 0 || b < 0)
			return -1;
		/* Stopped at those times; sess_applied runs the side to
		 * move's again (or not, before its first move). */
		g->clock.running = -1;
		clock_set(&g->clock, WHITE, w, 0);
		clock_set(&g->clock, BLACK, b, 0);
		g->first_ply = -1;
	}
	return 0;
}

/* The replay_event hook: TAKEBACK and UNDO are the feature's. */
static int
replay_event(struct sgame *g, const char *kind, const struct cgp_msg *m,
    const char **why)
{
	bool undo_ev = strcmp(kind, "UNDO") == 0;

	if (!undo_ev && strcmp(kind, "TAKEBACK") != 0)
		return 1;
	if (replay_takeback(g, kind, m) < 0) {
		*why = undo_ev ? "an UNDO that does not fit" :
		    "a bad TAKEBACK";
		return -1;
	}
	return 0;
}

static const enum cgp_verb verbs[] = { CGP_V_TAKEBACK, CGP_V_UNKNOWN };

const struct sess_feature sess_feature_takeback = {
	.name = "takeback",
	.verbs = verbs,
	.on_verb = sess_cmd_takeback,
	.replay_event = replay_event,
};
