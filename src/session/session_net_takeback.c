/*
 * session_net_takeback.c: takebacks in a network game (PROTOCOL.md
 * TAKEBACK): ours offered and answered, the opponent's asked as a
 * question, a move that lets an offer lapse, the game taken back; and the
 * ratings of a rated game noted from STATE and RESULT.
 */

#include <stdio.h>
#include <string.h>

#include "net/client/client.h"
#include "session/session_net.h"
#include "util/i18n.h"

static const char *const side_name[2] = { N_("White"), N_("Black") };

static void
takeback_offer(struct session *s)
{
	struct session_net *u = s->net;
	char err[160];

	if (u->seat < 0) {
		session_msg(s, SM_ERROR, "%s", _(":takeback: you are watching"));
		return;
	}
	if (game_over(&s->game)) {
		session_msg(s, SM_ERROR, "%s", _(":takeback: the game is over"));
		return;
	}
	if (s->game.nply == 0) {
		session_msg(s, SM_ERROR, "%s",
		    _(":takeback: no move to take back"));
		return;
	}
	if (net_client_takeback(u->c, "offer", err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	u->tb_offered = true;
	session_msg(s, SM_NORMAL, _("takeback offered: waiting for %s's "
	    "answer"),
	    _(side_name[1 - u->seat]));
}

static void
takeback_answer(struct session *s, const char *action)
{
	struct session_net *u = s->net;
	char err[160];

	u->tb_asked = false;
	if (net_client_takeback(u->c, action, err, sizeof err) < 0)
		session_msg(s, SM_ERROR, "%s", err);
	else if (strcmp(action, "decline") == 0)
		session_msg(s, SM_NORMAL, "%s", _("you decline the takeback"));
}

bool
session_net_takeback_command(struct session *s,
    const struct session_cmd *cmd)
{
	struct session_net *u = s->net;

	switch (cmd->type) {
	case CMD_UNDO:
		if (u->seat < 0)
			return false;   /* watching: not allowed */
		/* FALLTHROUGH */
	case CMD_TAKEBACK:
		if (strcmp(cmd->arg, "accept") == 0 ||
		    strcmp(cmd->arg, "decline") == 0)
			takeback_answer(s, cmd->arg);
		else if (u->tb_asked)
			takeback_answer(s, "accept");
		else
			takeback_offer(s);
		return true;
	default:
		return false;
	}
}

void
session_net_takeback_tick(struct session *s)
{
	struct session_net *u = s->net;

	/* The question dismissed without a yes: no. */
	if (u != NULL && u->tb_asked && !s->asking)
		takeback_answer(s, "decline");
}

/* What the opponent or we did with a takeback. */
static void
on_takeback(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	char q[160];
	int opp = u->seat >= 0 ? 1 - u->seat : -1;

	if (strcmp(e->action, "offer") == 0) {
		if (e->side != opp || e->side < 0) {
			if (u->seat < 0 && e->side >= 0)
				session_msg(s, SM_NORMAL, _("%s offers a "
				    "takeback"), _(side_name[e->side]));
			return;
		}
		u->tb_asked = true;
		snprintf(q, sizeof q, _("%s asks to take back a move. Accept?"),
		    _(side_name[e->side]));
		session_ask(s, q, CMD_TAKEBACK, "accept");
		return;
	}
	if (strcmp(e->action, "decline") == 0 && e->side >= 0 &&
	    e->side != u->seat) {
		u->tb_offered = false;
		session_msg(s, SM_NORMAL, _("%s declines the takeback"),
		    _(side_name[e->side]));
	}
}

static void
on_undo(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;

	u->tb_offered = false;
	if (u->tb_asked && s->asking)
		s->asking = false;
	u->tb_asked = false;
	/* The game comes again (NEV_SYNC): no move until then. */
	u->synced = false;
	session_cancel_turns(s);
	session_msg(s, SM_GOOD, _("takeback accepted: the game goes back to "
	    "ply %d"), e->ply);
}

bool
session_net_takeback_event(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	int k;

	switch (e->kind) {
	case NEV_TAKEBACK:
		on_takeback(s, e);
		return true;
	case NEV_UNDO:
		on_undo(s, e);
		return true;
	case NEV_MOVE:
		/* A move ends a takeback offer (PROTOCOL.md TAKEBACK). */
		if (u->tb_asked) {
			u->tb_asked = false;
			if (s->asking && s->answer_cmd.type == CMD_TAKEBACK)
				s->asking = false;
			session_msg(s, SM_NORMAL, "%s", _("the takeback offer "
			    "lapsed: a move was made"));
		}
		u->tb_offered = false;
		return false;
	case NEV_SEATED:
	case NEV_REMATCHED:
		/* A game of its own: the last one's ratings and changes are
		 * not this one's (its STATE brings them). */
		u->rated = u->rated_over = false;
		u->tb_asked = u->tb_offered = false;
		return false;
	case NEV_STATE:
		u->rated = e->rated;
		if (e->rated && !u->rated_over)
			for (k = 0; k < 2; k++) {
				u->rating[k] = e->rating[k];
				u->rd[k] = e->rd[k];
			}
		return false;
	case NEV_RESULT:
		u->tb_asked = u->tb_offered = false;
		if (e->rated) {
			u->rated = u->rated_over = true;
			for (k = 0; k < 2; k++) {
				u->rating[k] = e->rating[k];
				u->diff[k] = e->diff[k];
			}
		}
		return false;
	default:
		return false;
	}
}
