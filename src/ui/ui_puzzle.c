/*
 * ui_puzzle.c: the panel beside the board during a puzzle: which puzzle,
 * its rating, how many moves are left, the player's rating and what was
 * last said. The puzzle's flow is the session's (session_puzzle.c).
 */
#include "config.h"

#include <stdio.h>

#include "ui/ui_learn.h"

static const char *const side_name[2] = { "White", "Black" };

int
ui_puzzle_panel(struct ui_app *a, int y, int x, int w, int bottom)
{
	const struct session_learn *L = a->s.learn;
	const struct learn_puzzle *p = session_puzzle_current(&a->s);
	const struct learn_player *pl;
	char buf[160];

	if (p == NULL)
		return y;
	pl = session_puzzle_player(&a->s);
	snprintf(buf, sizeof buf, "Puzzle %d of %zu", L->puzzle + 1,
	    L->puzzles.len);
	y = ui_learn_wrap_head(y, x, w, bottom, ST_HEAD, buf);
	/* The theme would give the answer away: shown once it is over. */
	snprintf(buf, sizeof buf, "rated %d", learn_puzzle_rating(p));
	y = ui_learn_wrap(y, x, w, bottom, ST_DIM, buf);
	if (L->waiting) {
		snprintf(buf, sizeof buf, "theme %s", p->theme);
		y = ui_learn_wrap(y, x, w, bottom, ST_DIM, buf);
	}
	if (L->waiting && L->gave_up)
		snprintf(buf, sizeof buf, "The solution is on the board");
	else if (L->waiting)
		snprintf(buf, sizeof buf, "Solved: %s took the lion",
		    side_name[L->solver]);
	else
		snprintf(buf, sizeof buf, "%s takes the lion in %d more "
		    "move%s", side_name[L->solver], L->left,
		    L->left == 1 ? "" : "s");
	y = ui_learn_wrap(y, x, w, bottom, ST_GOOD, buf);
	snprintf(buf, sizeof buf, "Your rating (%s): %.0f +- %.0f, %d "
	    "puzzle%s", L->player, pl->rating.r, pl->rating.rd,
	    pl->rating.games, pl->rating.games == 1 ? "" : "s");
	y = ui_learn_wrap(y, x, w, bottom, ST_NORMAL, buf);
	if (L->said[0] != '\0' && y + 1 < bottom)
		y = ui_learn_wrap(y + 1, x, w, bottom,
		    tone_style(L->said_tone), L->said);
	if (y < bottom)
		y++;
	return ui_learn_wrap(y, x, w, bottom, ST_DIM, L->waiting ?
	    "Enter: the next puzzle" : "a or :hint  :solution  :puzzle skips  "
	    ":learn lessons");
}
