/*
 * ui_net_acct.c: the seek's waiting time shown, the lists' commands, the
 * panel's ratings and their change at the end of a rated game. The
 * account, the seeks, takebacks and ratings are the session's
 * (session_net_status.c, session_seek.c, session_net_takeback.c).
 */
#include <stdio.h>
#include <string.h>

#include "clock/clock.h"
#include "ui/ui_net.h"
#include "util/util.h"

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
