/*
 * sess_online.c: what keeps a game among strangers going: the end of a game
 * for any reason (shared with the timers), CANCEL of an open game by its
 * creator, CLAIM of a game the opponent abandoned, and SAY (REMATCH is
 * sess_rematch_cmd.c's).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/fen.h"
#include "net/server/sess_bot.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_days.h"
#include "net/server/sess_spectator.h"

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

void
sess_ok_line(struct cgp_out *o, const struct cgp_cmd *cmd,
    const struct sgame *g, long seq)
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
	sess_ok_line(&o, cmd, g, ch.seq[0]);
	sess_submit_to(s, g, cmd != NULL ? conn : -1, cmd, &ch, &o, false,
	    false);
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
	if (cmd != NULL && strcmp(reason, "declined") == 0 &&
	    sess_bot_why_ok(cgp_get(cmd, "why")) && cgp_get(cmd, "why"))
		snprintf(body + strlen(body), sizeof body - strlen(body),
		    " why=%s", cgp_get(cmd, "why"));
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
	if (sess_status(g) == 0 && sess_features_cancel(s, conn, cmd, g))
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

static void
cmd_say(struct sess *s, int conn, const struct cgp_cmd *cmd, struct sgame *g)
{
	int seat = sess_seat_of(g, conn, -1);
	char body[CGP_SAY_MAX + 32], why[128];

	if (seat < 0 && sess_spectator_say(s, conn, cmd, g))
		return;             /* a watcher's (an extension) */
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
	default:
		cmd_say(s, conn, c, g);
		break;
	}
}
