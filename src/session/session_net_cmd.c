/*
 * session_net_cmd.c: the commands of a network game: those that go to the
 * server (say, rematch, claim, cancel, resign, draw; those that make no
 * sense there, undo, new, load, pause..., are refused by the command
 * table's modes); why a move or analysis must wait; the claim's timer.
 */

#include <stdio.h>
#include <string.h>

#include "net/client/client.h"
#include "session/session_net.h"
#include "session/session_net_corr.h"
#include "session/session_tourney.h"
#include "util/i18n.h"

const char *
session_net_nomove(const struct session *s)
{
	const struct session_net *u = s->net;

	if (u == NULL || !u->on || game_board(&s->game)->side != u->seat)
		return NULL;
	if (!u->synced)
		return _("waiting for the server");
	if (u->cancelled)
		return _("the game is cancelled");
	if (strcmp(u->status, "open") == 0)
		return _("waiting for an opponent to join");
	if (net_client_pending(u->c) >= 0)
		return _("waiting for the server to take your move");
	return NULL;
}

/* Analysis (and :analyse, variations) in a network game: refused in a
 * rated game one plays (fair play), allowed in a casual one and when
 * watching. */
const char *
session_net_noanalysis(const struct session *s)
{
	return session_net_nohelp(s);
}

bool
session_net_watching(const struct session *s)
{
	const struct session_net *u = s->net;

	return u != NULL && u->on && u->seat < 0 && u->synced;
}

const char *
session_net_say_refused(const char *text, char *buf, size_t n)
{
	char why[128];

	if (cgp_text_check(text, strlen(text), why, sizeof why) == 0)
		return NULL;
	snprintf(buf, n, _("cannot be sent: %s"), why);
	return buf;
}

/* A correspondence game: its opponent is away by design, and only its
 * deadline ends it (no claim offered, none sent). */
static bool
correspondence(const struct session *s)
{
	long long deadline;
	int days;

	return s->net->c != NULL && net_client_deadline(s->net->c, &deadline,
	    &days);
}

/* Why a seated player's game command cannot go now, or NULL. */
static const char *
not_seated(const struct session *s, bool over_ok)
{
	if (s->net->seat < 0)
		return _("you are watching");
	if (!over_ok && game_over(&s->game))
		return _("the game is over");
	return NULL;
}

/* The commands that go to the server as they are. */
static bool
online_command(struct session *s, const struct session_cmd *cmd)
{
	struct session_net *u = s->net;
	const char *why = NULL;
	char err[160];
	int rc = 0;

	switch (cmd->type) {
	case CMD_SAY:
		/* watching: to the other watchers (the spectators' chat) */
		if ((why = session_net_say_refused(cmd->arg, err,
		    sizeof err)) == NULL &&
		    (rc = net_client_say(u->c, cmd->arg, err, sizeof err)) == 0)
			session_msg(s, SM_NORMAL, _("you say: %s"), cmd->arg);
		break;
	case CMD_REMATCH:
		if ((why = not_seated(s, true)) == NULL && !game_over(&s->game))
			why = _("the game is not over");
		else if (why == NULL && (rc = net_client_rematch(u->c, err,
		    sizeof err)) == 0)
			session_msg(s, SM_NORMAL, "%s", _("rematch asked: the "
			    "new game starts when your opponent asks too"));
		break;
	case CMD_CLAIM:
		if ((why = not_seated(s, false)) == NULL && correspondence(s))
			why = _("a correspondence game ends at its deadline, "
			    "not by a claim");
		else if (why == NULL &&
		    (rc = net_client_claim(u->c, err, sizeof err)) == 0)
			session_msg(s, SM_NORMAL, "%s", _("claim sent"));
		break;
	case CMD_CANCEL:
		/* An open game, or an abort before both sides moved. */
		if ((why = not_seated(s, false)) == NULL &&
		    strcmp(u->status, "open") != 0 &&
		    (strcmp(u->status, "active") != 0 || s->game.nply >= 2))
			why = _("both sides have moved: the game can no longer "
			    "be cancelled (:resign ends it)");
		else if (why == NULL && (rc = net_client_cancel(u->c, err,
		    sizeof err)) == 0) {
			u->cancel_sent = true;
			session_msg(s, SM_NORMAL, "%s", _("cancelling the game"));
		}
		break;
	default:
		return false;
	}
	if (why != NULL)
		session_msg(s, SM_ERROR, ":%s: %s", cmd->type == CMD_SAY ?
		    "say" : cmd->type == CMD_REMATCH ? "rematch" :
		    cmd->type == CMD_CLAIM ? "claim" : "cancel", why);
	else if (rc < 0)
		session_msg(s, SM_ERROR, "%s", err);
	return true;
}

/* Resigning and draws: only a seated player of a game not over. */
static bool
result_command(struct session *s, const struct session_cmd *cmd)
{
	struct session_net *u = s->net;
	char err[160];

	if (cmd->type != CMD_RESIGN_NOW && (u->seat < 0 ||
	    game_over(&s->game))) {
		session_msg(s, SM_ERROR, "%s", u->seat < 0 ?
		    _("you are watching") : _("the game is over"));
		return true;
	}
	switch (cmd->type) {
	case CMD_RESIGN:
		session_ask(s, _("Resign this game?"), CMD_RESIGN_NOW, NULL);
		break;
	case CMD_RESIGN_NOW:
		if (net_client_resign(u->c, err, sizeof err) < 0)
			session_msg(s, SM_ERROR, "%s", err);
		break;
	default:                /* CMD_DRAW: an offer, or the answer */
		if (net_client_draw(u->c, u->offer == 1 - u->seat ? "accept" :
		    "offer", err, sizeof err) < 0)
			session_msg(s, SM_ERROR, "%s", err);
		else if (u->offer != 1 - u->seat)
			session_msg(s, SM_NORMAL, "%s", _("draw offered"));
		break;
	}
	return true;
}

bool
session_net_command(struct session *s, const struct session_cmd *cmd)
{
	struct session_net *u = s->net;

	if (u == NULL || !u->on)
		return false;
	if (online_command(s, cmd) || session_net_takeback_command(s, cmd))
		return true;
	if (cmd->type == CMD_ADVICE && session_net_nohelp(s) != NULL) {
		/* the advisor (and its tablebase hints): fair play */
		session_msg(s, SM_ERROR, _("no advice: %s"),
		    session_net_nohelp(s));
		return true;
	}
	/* What a network game does not do is refused by the command
	 * table's modes (session_cmdtab.c) before it comes here. */
	switch (cmd->type) {
	case CMD_RESIGN:
	case CMD_RESIGN_NOW:
	case CMD_DRAW:
		return result_command(s, cmd);
	case CMD_BERSERK:       /* an arena's (session_tourney.c) */
		(void)session_tourney_berserk(s);
		return true;
	default:
		break;
	}
	return false;
}

int
session_net_timeout(const struct session *s, long long now)
{
	const struct session_net *u = s->net;
	long long d;

	if (u == NULL || u->gone_at <= 0 || u->claim_told ||
	    correspondence(s))
		return -1;
	d = u->gone_at + SESSION_CLAIM_AFTER_MS - now;
	return d < 0 ? 0 : d > 600000 ? 600000 : (int)d;
}

void
session_net_tick(struct session *s, long long now)
{
	struct session_net *u = s->net;

	session_net_takeback_tick(s);
	if (u == NULL || u->gone_at <= 0 || u->claim_told || u->seat < 0 ||
	    now < u->gone_at + SESSION_CLAIM_AFTER_MS ||
	    game_over(&s->game) || correspondence(s))
		return;
	u->claim_told = true;
	session_msg(s, SM_GOOD, ngettext("your opponent has been gone for %d "
	    "minute: :claim wins the game", "your opponent has been gone for "
	    "%d minutes: :claim wins the game", SESSION_CLAIM_AFTER_MS / 60000),
	    SESSION_CLAIM_AFTER_MS / 60000);
}
