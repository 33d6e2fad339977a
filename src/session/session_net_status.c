/*
 * session_net_status.c: the connection of a network session: its state
 * for the status bar ("online", "reconnecting"), what is said when it is
 * lost and when it comes back, the account logged in as, and the dead
 * ends that end the program with a reason instead of waiting for ever: a
 * server never reached, a --join refused, a --register or --login
 * refused, a --seek refused.
 */

#include <stdio.h>
#include <string.h>

#include "net/client/client.h"
#include "session/session_net.h"
#include "session/session_net_list.h"
#include "session/session_net_mine.h"
#include "session/session_seek.h"
#include "util/i18n.h"

/* The program ends (s->net->fatal says why, for after the terminal is
 * given back). */
static void
end_here(struct session *s)
{
	s->quit = true;
}

static void
on_status(struct session *s, const struct net_event *e)
{
	/* kept in English (compared below); shown translated (ui_net.c) */
	static const char *const names[] = { N_("offline"), N_("connecting"),
		N_("online"), N_("reconnecting"), N_("offline") };
	struct session_net *u = s->net;
	bool again = strcmp(u->conn, "reconnecting") == 0 ||
	    strcmp(u->conn, "connecting") == 0;

	snprintf(u->conn, sizeof u->conn, "%s",
	    names[e->state >= 0 && e->state <= NET_CLOSED ? e->state : 0]);
	if (e->state == NET_ONLINE) {
		u->reached = true;
		/* (asked again once the lobby shows) */
		session_lobby_refresh(s);
		/* what was asked while it was being made */
		session_net_list_online(s);
		session_mine_online(s);
		if (u->leaving) {
			u->leaving = false;
			return;
		}
	}
	if (u->leaving && e->state == NET_RETRY)
		return;         /* the new connection on its way */
	if ((e->state == NET_RETRY || e->state == NET_CLOSED) &&
	    !u->reached && !u->hosted) {
		/* Never reached: a wrong address or a server that is not
		 * running; waiting for ever would be a dead end. */
		const char *why = net_client_why(u->c);
		if (why[0] != '\0')
			snprintf(u->fatal, sizeof u->fatal, "%.500s", why);
		else
			snprintf(u->fatal, sizeof u->fatal, _("cannot reach "
			    "%.100s port %d"), u->host, u->port);
		end_here(s);
		return;
	}
	if (e->state == NET_RETRY || e->state == NET_CLOSED)
		session_msg(s, SM_ERROR, "%s", e->text);
	else if (e->state == NET_ONLINE && again && s->msg.tone == SM_ERROR)
		session_msg(s, SM_GOOD, "%s", e->text);
}

static void
on_account(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;

	snprintf(u->account, sizeof u->account, "%s", e->name);
	u->mine.at = 0;         /* your games and challenges: asked now */
	if (strcmp(e->text, "registered") == 0)
		session_msg(s, SM_GOOD, _("registered %s on %s: its key is "
		    "kept in $XDG_STATE_HOME/congo/keys"), e->name, u->host);
	else if (s->msg.text[0] == '\0')
		session_msg(s, SM_NORMAL, _("logged in as %s"), e->name);
}

/* An ERR that leaves nothing to wait for: true when it ended the game. */
static bool
dead_end(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;

	if (u->create_once && strcmp(e->verb, "CREATE") == 0) {
		/* --create refused (a name an account holds, a bad FEN):
		 * no game to wait in */
		snprintf(u->fatal, sizeof u->fatal, _("cannot create a game: "
		    "%.200s"), e->text);
		end_here(s);
		return true;
	}
	if (u->join_once && strcmp(e->verb, "JOIN") == 0) {
		/* A game never joined: nothing to wait for. */
		snprintf(u->fatal, sizeof u->fatal, _("cannot join: %.200s"),
		    e->text);
		end_here(s);
		return true;
	}
	if (u->login_once && (strcmp(e->verb, "REGISTER") == 0 ||
	    strcmp(e->verb, "LOGIN") == 0)) {
		snprintf(u->fatal, sizeof u->fatal, e->verb[0] == 'R' ?
		    _("cannot register: %.200s") : _("cannot log in: %.200s"),
		    e->text);
		end_here(s);
		return true;
	}
	if (u->chal_once && u->chal_typed &&
	    strcmp(e->verb, "CHALLENGE") == 0) {
		/* typed in the lobby (a name mistyped): said, and the
		 * lobby goes on */
		u->chal_once = u->chal_typed = u->from_lobby = false;
		session_msg(s, SM_ERROR, _("cannot challenge %.31s: %.200s"),
		    u->challenged, e->text);
		u->challenged[0] = '\0';
		return true;
	}
	if (u->chal_once && strcmp(e->verb, "CHALLENGE") == 0) {
		snprintf(u->fatal, sizeof u->fatal, _("cannot challenge "
		    "%.31s: %.200s"), u->challenged, e->text);
		end_here(s);
		return true;
	}
	if (u->seek.quit && strcmp(e->verb, "SEEK") == 0) {
		snprintf(u->fatal, sizeof u->fatal, _("cannot seek: %.200s"),
		    session_seek_refusal(e));
		end_here(s);
		return true;
	}
	return false;
}

/* A certificate no authority vouches for, of a server with no pin: the
 * player asked, as ssh asks (nothing was sent; yes pins it, no ends). */
static void
ask_trust(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	char q[400];

	snprintf(q, sizeof q, _("The server %.100s port %d has a certificate "
	    "no authority vouches for (self-signed?); nothing has been sent "
	    "to it. Trust it and remember it for this server? Its "
	    "fingerprint is %.71s"), u->host, u->port, e->text);
	session_ask(s, q, CMD_TLS_TRUST, "yes");
}

bool
session_net_status_event(struct session *s, const struct net_event *e)
{
	switch (e->kind) {
	case NEV_STATUS:
		on_status(s, e);
		return true;
	case NEV_ACCOUNT:
		on_account(s, e);
		return true;
	case NEV_SEEKING:
		/* ours listed as ours, and at once (issue 62: "nobody seeks
		 * a game" while one sought) */
		snprintf(s->net->seek.mine, sizeof s->net->seek.mine, "%.15s",
		    e->name);
		s->net->seek.at = 0;
		return true;
	case NEV_SEATED:
		s->net->create_once = false;    /* created: seated */
		return false;
	case NEV_STATE:
		s->net->join_once = false; /* joined: a refusal is a message */
		s->net->create_once = false;
		snprintf(s->net->control, sizeof s->net->control, "%s",
		    e->clock);
		return false;
	case NEV_ERROR:
		return dead_end(s, e);
	case NEV_NOTICE:
		/* (a certificate pinned on first use) */
		session_msg(s, SM_GOOD, "%s", e->text);
		return true;
	case NEV_TRUST:
		ask_trust(s, e);
		return true;
	default:
		return false;
	}
}
