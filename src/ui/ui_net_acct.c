/*
 * ui_net_acct.c: accounts and ratings in the game: the account logged in
 * as, a refused login or --seek ending the program, the panel's ratings
 * and their change at the end of a rated game (noted by the session, as
 * takebacks and seeks are: session_net_takeback.c, session_seek.c).
 */
#include <stdio.h>
#include <string.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "ui/ui_net.h"
#include "util/util.h"

void
ui_net_acct_tick(struct ui_app *a)
{
	struct ui_net *u = a->net;
	long long since;

	if (u->c != NULL && net_client_seeking(u->c, &since))
		a->s.dirty = true;
	session_seeks_tick(&a->s, util_now_ms(), a->screen == SCR_LOBBY);
}

int
ui_net_acct_timeout(const struct ui_app *a)
{
	const struct ui_net *u = a->net;
	long long since, at;

	if (u->c == NULL)
		return -1;
	at = u->g->seek.at;
	if (!net_client_seeking(u->c, &since))
		return a->screen == SCR_LOBBY && at > 0 ?
		    (int)(at > util_now_ms() + 3000 ? 3000 :
		    at < util_now_ms() ? 0 : at - util_now_ms()) : -1;
	return 1000 - (int)((util_now_ms() - since) % 1000);
}

bool
ui_net_acct_command(struct ui_app *a, const struct session_cmd *cmd)
{
	switch (cmd->type) {
	case CMD_WHOIS:
	case CMD_TOP:
	case CMD_GAMES:
		ui_net_list_open(a, cmd);
		return true;
	default:
		return false;
	}
}

static void
on_account(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;

	snprintf(u->g->account, sizeof u->g->account, "%s", e->name);
	if (strcmp(e->text, "registered") == 0)
		session_msg(&a->s, SM_GOOD, "registered %s on %s: its key is "
		    "kept in $XDG_STATE_HOME/congo/keys", e->name, u->host);
	else if (a->s.msg.text[0] == '\0')
		session_msg(&a->s, SM_NORMAL, "logged in as %s", e->name);
}

bool
ui_net_acct_event(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;

	switch (e->kind) {
	case NEV_ACCOUNT:
		on_account(a, e);
		return true;
	case NEV_SEEKING:
		return true;
	case NEV_ERROR:
		if (u->want_login && (strcmp(e->verb, "REGISTER") == 0 ||
		    strcmp(e->verb, "LOGIN") == 0)) {
			snprintf(a->exit_msg, sizeof a->exit_msg, "%s: %.200s",
			    e->verb[0] == 'R' ? "cannot register" :
			    "cannot log in", e->text);
			a->exit_status = 1;
			a->s.quit = true;
			return true;
		}
		if (strcmp(e->verb, "SEEK") == 0 && u->g->seek.quit) {
			snprintf(a->exit_msg, sizeof a->exit_msg, "cannot "
			    "seek: %.200s", e->text);
			a->exit_status = 1;
			a->s.quit = true;
			return true;
		}
		return false;
	default:
		return false;
	}
}

/* After a rated game's result: each side's change, on the message line. */
void
ui_net_rating_change(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;

	if (!e->rated)
		return;
	session_msg(&a->s, SM_GOOD, "rated: %s %d (%+d), %s %d (%+d)",
	    u->g->names[WHITE], e->rating[WHITE], e->diff[WHITE],
	    u->g->names[BLACK], e->rating[BLACK], e->diff[BLACK]);
}

static void
one_rating(const struct session_net *u, int k, char *buf, size_t n)
{
	if (u->rated_over)
		snprintf(buf, n, "%d (%+d)", u->rating[k], u->diff[k]);
	else if (u->rating[k] > 0)
		snprintf(buf, n, "%d%s", u->rating[k], u->rd[k] > 110 ? "?" :
		    "");
	else
		snprintf(buf, n, "-");
}

bool
ui_net_ratings(const struct ui_app *a, char *buf, size_t n)
{
	const struct ui_net *u = a->net;
	char w[32], b[32];

	if (!u->on || !u->g->rated)
		return false;
	one_rating(u->g, WHITE, w, sizeof w);
	one_rating(u->g, BLACK, b, sizeof b);
	snprintf(buf, n, "Rated: W %s  B %s", w, b);
	return true;
}
