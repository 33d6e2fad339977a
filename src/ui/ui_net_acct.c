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
#include "util/i18n.h"
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

/* A side's rating: with its change after the game (form 0 "1512 (+12)",
 * 1 "1512+12", 2 "1512"), provisional marked ("1500?"), "?" unknown. */
static void
one_rating(const struct session_net *u, int k, int form, char *buf,
    size_t n)
{
	static const char *const over[] = { "%d (%+d)", "%d%+d", "%d" };

	if (u->rated_over)
		snprintf(buf, n, over[form], u->rating[k], u->diff[k]);
	else if (u->rating[k] > 0)
		snprintf(buf, n, "%d%s", u->rating[k], u->rd[k] > 110 ? "?" :
		    "");
	else
		snprintf(buf, n, "?");
}

bool
ui_net_ratings(const struct ui_app *a, char *buf, size_t n)
{
	const struct ui_net *u = a->net;
	char r[3][2][32];
	int f;

	if (!u->on || !u->g->rated)
		return false;
	for (f = 0; f < 3; f++) {
		one_rating(u->g, WHITE, f, r[f][WHITE], sizeof r[f][WHITE]);
		one_rating(u->g, BLACK, f, r[f][BLACK], sizeof r[f][BLACK]);
	}
	/* Alternatives, longest first, for the panel's width (ui_board.c
	 * takes the first that fits): one line at every size, the changes
	 * dropped last (the message log has them too). */
	/* TRANSLATORS: the same line in five forms, longest first, split
	 * at |: the panel shows the first that fits (W White, B Black) */
	snprintf(buf, n, _("Rated: W %s  B %s|Rated %s - %s|Rated %s - %s|"
	    "%s - %s|%s - %s"), r[0][WHITE], r[0][BLACK], r[0][WHITE],
	    r[0][BLACK], r[1][WHITE], r[1][BLACK], r[1][WHITE], r[1][BLACK],
	    r[2][WHITE], r[2][BLACK]);
	return true;
}
