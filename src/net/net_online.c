/*
 * net_online.c: what keeps a game among strangers going: the end of a game
 * for any reason (shared with the timers), CANCEL of an open game by its
 * creator, CLAIM of a game the opponent abandoned, REMATCH with the colours
 * swapped, and SAY.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/fen.h"
#include "net/net_internal.h"

void
sess_result_body(char *buf, size_t n, enum game_result r, const char *reason)
{
	snprintf(buf, n, "result=%s reason=%s", sess_result_text(r), reason);
}

void
sess_finish(struct sess *s, struct sgame *g, enum game_result r,
    const char *reason)
{
	g->over = true;
	g->result = r;
	snprintf(g->reason, sizeof g->reason, "%s", reason);
	g->offer = -1;
	g->rematch[0] = g->rematch[1] = false;
	if (g->timed)
		clock_stop(&g->clock, s->now);
	g->retry_at = 0;
	sess_timer_remove(s, g);
}

static void
answer_ok(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct sgame *g, long seq)
{
	struct cgp_out o;

	cgp_out_ok(&o, cmd->tag, cgp_verb_name(cmd->verb));
	cgp_out_kv(&o, "game", g->id);
	cgp_out_kvi(&o, "seq", seq);
	sess_emit(s, conn, &o);
}

static void
announce(struct sess *s, struct sgame *g, long seq, const char *kind,
    const char *body)
{
	struct cgp_out o;

	cgp_out_ev(&o, g->id, seq, kind);
	cgp_out_word(&o, body);
	sess_broadcast(s, g, &o, -1);
}

/* One event for g stored, kept, answered (cmd) and told to all. */
static int
store_event(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, const char *kind, const char *body)
{
	struct store_change ch;

	memset(&ch, 0, sizeof ch);
	ch.game = g->id;
	ch.seat = -1;
	ch.creator = -1;
	ch.nev = 1;
	ch.seq[0] = g->seq + 1;
	ch.kind[0] = kind;
	ch.body[0] = body;
	if (sess_commit(s, conn, cmd != NULL ? cmd->tag : "*", &ch) < 0)
		return -1;
	sess_add_event(g, ch.seq[0], kind, body);
	return 0;
}

int
sess_end_game(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, enum game_result r, const char *reason)
{
	char body[96];

	sess_result_body(body, sizeof body, r, reason);
	if (store_event(s, g, conn, cmd, "RESULT", body) < 0)
		return -1;
	sess_finish(s, g, r, reason);
	if (cmd != NULL)
		answer_ok(s, conn, cmd, g, g->seq);
	announce(s, g, g->seq, "RESULT", body);
	sess_log(s, NET_LOG_INFO, "game %s: %s %s", g->id,
	    sess_result_text(r), reason);
	return 0;
}

static void
cmd_cancel(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	struct sconn *c = sess_conn(s, conn);
	bool creator = g->creator >= 0 ? g->holder[g->creator] == conn :
	    g->creator_conn == c->serial;

	if (g->over) {
		sess_err(s, conn, cmd->tag, CGP_GAME_OVER, "the game is over");
		return;
	}
	if (!creator) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT, "only the "
		    "game's creator can cancel it");
		return;
	}
	if (sess_status(g) != 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT, "the game has "
		    "started: only an open game can be cancelled (RESIGN "
		    "ends this one)");
		return;
	}
	sess_end_game(s, g, conn, cmd, RESULT_NONE, "cancelled");
}

static void
cmd_claim(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	long long wait = s->lim.abandon_ms > 0 ? s->lim.abandon_ms :
	    SESS_ABANDON_MS, gone;
	int seat = sess_seat_of(g, conn, -1), opp;
	struct cgp_out o;
	char msg[96];

	if (seat < 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT,
		    "you hold no seat in this game");
		return;
	}
	if (g->over) {
		sess_err(s, conn, cmd->tag, CGP_GAME_OVER, "the game is over");
		return;
	}
	if (sess_status(g) == 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_STARTED, "nobody has "
		    "joined yet (CANCEL ends an open game)");
		return;
	}
	opp = 1 - seat;
	gone = g->holder[opp] >= 0 ? 0 : s->now - g->gone_since[opp];
	if (gone < wait) {
		long left = (long)((wait - gone + 999) / 1000);
		cgp_out_err(&o, cmd->tag, CGP_CLAIM_TOO_EARLY);
		cgp_out_kvi(&o, "left", left);
		if (g->holder[opp] >= 0)
			snprintf(msg, sizeof msg, "%s is connected",
			    cgp_seat_name(opp));
		else
			snprintf(msg, sizeof msg, "%s has been gone %lld s of "
			    "%lld", cgp_seat_name(opp), gone / 1000,
			    wait / 1000);
		cgp_out_text(&o, msg);
		sess_emit(s, conn, &o);
		return;
	}
	sess_end_game(s, g, conn, cmd, seat == WHITE ? RESULT_WHITE_WINS :
	    RESULT_BLACK_WINS, "abandoned");
}

/* Tell conn, alone, its seat in the rematch of g. */
static void
send_rematched(struct sess *s, int conn, struct sgame *g, int seat)
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
		send_rematched(s, conn, g, 1 - seat);
}

/* Both players asked: the same game again, colours swapped. */
static void
make_rematch(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g, const char *offer_body)
{
	char id[CGP_ID_LEN + 1], tok[2][CGP_TOKEN_LEN + 1], body[2][80];
	char clock[32], err[160];
	struct store_change ch[3];
	struct game_rules rules;
	struct board start;
	struct sgame *n;
	char wire[CGP_FEN_MAX];
	int k, tries;

	if (sess_variant_start(g->variant, g->start, &g->g.rules, &start,
	    &rules, wire, err, sizeof err) < 0) {
		sess_err(s, conn, cmd->tag, CGP_INTERNAL, err);
		return;
	}
	for (tries = 0;; tries++) {
		if (tries == 16 || net_new_game_id(id) < 0 ||
		    net_new_token(tok[0]) < 0 || net_new_token(tok[1]) < 0) {
			sess_err(s, conn, cmd->tag, CGP_INTERNAL,
			    "no random numbers");
			return;
		}
		if (sess_find(s, id) == NULL)
			break;
	}
	memset(ch, 0, sizeof ch);
	ch[0].game = g->id;
	ch[0].seat = -1;
	ch[0].creator = -1;
	ch[0].nev = 1;
	ch[0].seq[0] = g->seq + 1;
	ch[0].kind[0] = "REMATCH";
	ch[0].body[0] = offer_body;
	ch[0].next = &ch[1];
	for (k = 0; k < 2; k++) {
		/* The new white is the old black. */
		snprintf(body[k], sizeof body[k], "seat=%s name=%s",
		    cgp_seat_name(k), g->name[1 - k]);
		ch[1 + k].game = id;
		ch[1 + k].seat = k;
		ch[1 + k].name = g->name[1 - k];
		ch[1 + k].token = tok[k];
		ch[1 + k].creator = -1;
		ch[1 + k].nev = 1;
		ch[1 + k].seq[0] = k + 1;
		ch[1 + k].kind[0] = "JOINED";
		ch[1 + k].body[0] = body[k];
	}
	ch[1].next = &ch[2];
	ch[1].new_game = true;
	ch[1].start_fen = wire;
	ch[1].repetition = rules.repetition;
	ch[1].quiet_plies = rules.quiet_plies;
	ch[1].created = (long long)time(NULL);
	ch[1].variant = g->variant;
	if (g->timed) {
		clock_format_control(g->clock.base_ms, g->clock.inc_ms, clock,
		    sizeof clock);
		ch[1].clock = clock;
	}
	ch[1].rematch_of = g->id;
	if (sess_commit(s, conn, cmd->tag, &ch[0]) < 0)
		return;

	sess_add_event(g, ch[0].seq[0], "REMATCH", offer_body);
	n = sess_add_game(s, id);
	snprintf(n->start, sizeof n->start, "%s", wire);
	snprintf(n->variant, sizeof n->variant, "%s", g->variant);
	n->created = ch[1].created;
	game_init(&n->g, &start, &rules);
	if (g->timed) {
		n->timed = true;
		clock_init(&n->clock, g->clock.base_ms, g->clock.inc_ms);
	}
	for (k = 0; k < 2; k++) {
		n->seated[k] = true;
		snprintf(n->name[k], sizeof n->name[k], "%s", g->name[1 - k]);
		memcpy(n->token[k], tok[k], sizeof tok[k]);
		n->holder[k] = g->holder[1 - k];
		n->gone_since[k] = g->gone_since[1 - k];
		sess_add_event(n, k + 1, "JOINED", body[k]);
		if (n->holder[k] >= 0)
			sess_member_add(s, n->holder[k], n);
	}
	if (n->timed)
		clock_start(&n->clock, game_board(&n->g)->side, s->now);
	sess_timer_update(s, n);
	snprintf(g->rematch_game, sizeof g->rematch_game, "%s", id);
	memcpy(g->rematch_tok, tok, sizeof g->rematch_tok);
	sess_log(s, NET_LOG_INFO, "game %s: rematch %s", g->id, id);

	answer_ok(s, conn, cmd, g, g->seq);
	announce(s, g, g->seq, "REMATCH", offer_body);
	for (k = 0; k < 2; k++)
		send_rematched(s, g->holder[k], g, 1 - k);
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
		answer_ok(s, conn, cmd, g, g->seq);
		for (k = 0; k < 2; k++)
			if (g->holder[k] == conn)
				send_rematched(s, conn, g, 1 - k);
		return;
	}
	/* One holding both seats asks for both. */
	if (g->holder[1 - seat] == conn && g->rematch[seat])
		seat = 1 - seat;
	if (g->rematch[seat]) {
		answer_ok(s, conn, cmd, g, g->seq);
		return;
	}
	snprintf(body, sizeof body, "action=offer side=%s",
	    cgp_seat_name(seat));
	if (g->rematch[1 - seat]) {
		make_rematch(s, conn, cmd, g, body);
		return;
	}
	if (store_event(s, g, conn, cmd, "REMATCH", body) < 0)
		return;
	g->rematch[seat] = true;
	answer_ok(s, conn, cmd, g, g->seq);
	announce(s, g, g->seq, "REMATCH", body);
}

static void
cmd_say(struct sess *s, int conn, const struct cgp_cmd *cmd, struct sgame *g)
{
	int seat = sess_seat_of(g, conn, -1);
	char body[CGP_SAY_MAX + 32];

	if (seat < 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT,
		    "only the players of a game talk in it");
		return;
	}
	if (cmd->text == NULL || cmd->text[0] == '\0') {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "nothing to say: "
		    "SAY game=ID :TEXT");
		return;
	}
	if (strlen(cmd->text) > CGP_SAY_MAX) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "at most 200 bytes a SAY");
		return;
	}
	if (!sess_say_allowed(sess_conn(s, conn), s->now)) {
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED,
		    "at most 5 SAYs in 10 seconds");
		sess_refused(s, "%s: too many SAYs", sess_conn(s, conn)->addr);
		return;
	}
	snprintf(body, sizeof body, "side=%s :%s", cgp_seat_name(seat),
	    cmd->text);
	if (store_event(s, g, conn, cmd, "SAID", body) < 0)
		return;
	answer_ok(s, conn, cmd, g, g->seq);
	announce(s, g, g->seq, "SAID", body);
}

void
sess_cmd_online(struct sess *s, int conn, const struct cgp_cmd *c)
{
	struct sgame *g = sess_want_game(s, conn, c);

	if (g == NULL)
		return;
	switch (c->verb) {
	case CGP_V_CANCEL:
		cmd_cancel(s, conn, c, g);
		break;
	case CGP_V_CLAIM:
		cmd_claim(s, conn, c, g);
		break;
	case CGP_V_REMATCH:
		cmd_rematch(s, conn, c, g);
		break;
	default:
		cmd_say(s, conn, c, g);
		break;
	}
}
