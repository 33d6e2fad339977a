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

/* A side's rating: with its change after the game (over: form 0 "1512
 * (+12)", 1 "1512+12", 2 "1512"), provisional marked ("1500?", rd over
 * 110), "?" unknown. */
static void
one_rating(bool over, int rating, int rd, int diff, int form, char *buf,
    size_t n)
{
	static const char *const after[] = { "%d (%+d)", "%d%+d", "%d" };

	if (over)
		snprintf(buf, n, after[form], rating, diff);
	else if (rating > 0)
		snprintf(buf, n, "%d%s", rating, rd > 110 ? "?" : "");
	else
		snprintf(buf, n, "?");
}

bool
ui_net_ratings(const struct ui_app *a, char *buf, size_t n)
{
	const struct ui_net *u = a->net;
	char r[3][2][32];
	int f, c, rating[2], rd[2] = { 0, 0 }, diff[2];
	bool over = true;

	if (!u->on)
		return false;
	/* a record's, from its tags; else the game's */
	if (session_net_record_game(&a->s) != NULL) {
		if (!session_net_record_ratings(&a->s, rating, diff))
			return false;
	} else if (!u->g->rated)
		return false;
	else {
		over = u->g->rated_over;
		for (c = 0; c < 2; c++) {
			rating[c] = u->g->rating[c];
			rd[c] = u->g->rd[c];
			diff[c] = u->g->diff[c];
		}
	}
	for (f = 0; f < 3; f++)
		for (c = 0; c < 2; c++)
			one_rating(over, rating[c], rd[c], diff[c], f, r[f][c],
			    sizeof r[f][c]);
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
