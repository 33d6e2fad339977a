/*
 * sess_online.c: what keeps a game among strangers going: the end of a game
 * for any reason (shared with the timers), CANCEL of an open game by its
 * creator, CLAIM of a game the opponent abandoned, REMATCH with the colours
 * swapped, and SAY.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/fen.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_int.h"
#include "net/server/sess_rematch.h"

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

/* The OK of a command that writes one event of g. */
static void
ok_line(struct cgp_out *o, const struct cgp_cmd *cmd, const struct sgame *g,
    long seq)
{
	cgp_out_ok(o, cmd != NULL ? cmd->tag : "*", cmd != NULL ?
	    cgp_verb_name(cmd->verb) : "RESULT");
	cgp_out_kv(o, "game", g->id);
	cgp_out_kvi(o, "seq", seq);
}

/* One event for g on its way to storage; once stored it is applied (the
 * start-up replay), the OK answered and the event told to all. */
void
sess_submit_event(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, const char *kind, const char *body)
{
	struct store_change ch;
	struct cgp_out o;

	sess_event_change(&ch, g, kind, body);
	ok_line(&o, cmd, g, ch.seq[0]);
	sess_submit(s, cmd != NULL ? conn : -1, cmd, &ch, &o, false, false);
}

void
sess_submit_offer(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, const char *kind, const char *action,
    int seat)
{
	char body[64];

	snprintf(body, sizeof body, "action=%s side=%s", action,
	    cgp_seat_name(seat));
	sess_submit_event(s, g, conn, cmd, kind, body);
}

bool
sess_both_moved(const struct sgame *g)
{
	return (g->moved & 3u) == 3u;
}

int
sess_end_game(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, enum game_result r, const char *reason)
{
	char body[96];

	/* Before both sides have made a move (a resignation, a claim, a
	 * draw agreed at once) the game was never played: an abort, which
	 * changes no rating, so that two accounts cannot farm one by
	 * resigning at ply 0 (PROTOCOL.md "Accounts and ratings"). */
	if (r != RESULT_NONE && !sess_both_moved(g)) {
		r = RESULT_NONE;
		reason = "cancelled";
	}
	sess_result_body(body, sizeof body, r, reason);
	sess_submit_event(s, g, conn, cmd, "RESULT", body);
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
	if (sess_status(g) == 1 && !sess_both_moved(g) &&
	    (g->holder[0] == conn || g->holder[1] == conn)) {
		/* An abort: a seated player, before both sides have moved
		 * (a game paired by mistake is left without a result); a
		 * takeback to ply 0 or 1 does not bring it back. */
		sess_end_game(s, g, conn, cmd, RESULT_NONE, "cancelled");
		return;
	}
	if (sess_status(g) == 0 && sess_challenge_cancel(s, conn, cmd, g))
		return;
	if (!creator && sess_status(g) == 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT, "only the "
		    "game's creator can cancel it");
		return;
	}
	if (sess_status(g) != 0 && g->holder[0] != conn &&
	    g->holder[1] != conn) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT,
		    "you hold no seat in this game");
		return;
	}
	if (sess_status(g) != 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT, "both sides "
		    "have moved: the game can no longer be cancelled (RESIGN "
		    "ends it)");
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
	bool present;
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
	if (g->days > 0) {
		/* Absence is the rule in a correspondence game: its deadline
		 * ends it (on time, or aborted before both moved). 403, not
		 * 428: a claim never becomes possible, there is no left= to
		 * wait for. */
		cgp_out_err(&o, cmd->tag, CGP_NOT_YOUR_SEAT);
		if (g->deadline > 0) {
			sess_corr_iso(g->deadline, msg, sizeof msg);
			cgp_out_kv(&o, "deadline", msg);
		}
		cgp_out_text(&o, "a correspondence game is not claimed: "
		    "the side to move's deadline ends it");
		sess_emit(s, conn, &o);
		return;
	}
	opp = 1 - seat;
	/* Gone from every server: not held here nor on another. */
	present = sess_present(s, g, opp);
	gone = present ? 0 : s->now - sess_gone_since(s, g, opp);
	if (gone < wait) {
		long left = (long)((wait - gone + 999) / 1000);
		cgp_out_err(&o, cmd->tag, CGP_CLAIM_TOO_EARLY);
		cgp_out_kvi(&o, "left", left);
		if (present)
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

	ok_line(&o, cmd, g, g->seq);
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
		ok_line(&o, cmd, g, ch.seq[0]);
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
	sess_corr_start(s, &ch, &keep);
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

static void
cmd_say(struct sess *s, int conn, const struct cgp_cmd *cmd, struct sgame *g)
{
	int seat = sess_seat_of(g, conn, -1);
	char body[CGP_SAY_MAX + 32], why[128];

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
	/* UTF-8 without control characters, at most 200 bytes */
	if (cgp_text_check(cmd->text, strlen(cmd->text), why, sizeof why) !=
	    0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, why);
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
	sess_submit_event(s, g, conn, cmd, "SAID", body);
}

void
sess_cmd_online(struct sess *s, int conn, const struct cgp_cmd *c)
{
	struct sgame *g = sess_want_game_w(s, conn, c);

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
