/*
 * ui_net_acct.c: the seek's waiting time shown, the lists' commands, the
 * panel's ratings and their change at the end of a rated game. The
 * account, the seeks, takebacks and ratings are the session's
 * (session_net_status.c, session_seek.c, session_net_takeback.c).
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
