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
	char buf[160], v[LEARN_VARIANT_MAX];
	int place, count;

	if (p == NULL)
		return y;
	pl = session_puzzle_player(&a->s);
	session_puzzle_place(&a->s, &place, &count);
	snprintf(v, sizeof v, "%s", p->variant);
	v[0] = (char)(v[0] - 'a' + 'A');
	if (L->streak)
		snprintf(buf, sizeof buf, "Puzzle streak: %d solved", L->streak_n);
	else
		snprintf(buf, sizeof buf, "Puzzle %d of %d", place, count);
	y = ui_learn_wrap_head(y, x, w, bottom, ST_HEAD, buf);
	/* The theme would give the answer away: shown once it is over,
	 * unless it was chosen. */
	snprintf(buf, sizeof buf, "%s%s%s, rated %d", v, L->want_theme[0] !=
	    '\0' ? " " : "", L->want_theme, learn_puzzle_rating(p));
	y = ui_learn_wrap(y, x, w, bottom, ST_DIM, buf);
	if (L->waiting) {
		snprintf(buf, sizeof buf, "theme %s", p->theme);
		y = ui_learn_wrap(y, x, w, bottom, ST_DIM, buf);
	}
	if (L->waiting && L->gave_up)
		snprintf(buf, sizeof buf, "The solution is on the board");
	else if (L->waiting && L->streak_over)
		snprintf(buf, sizeof buf, "The streak is over");
	else if (L->waiting)
		snprintf(buf, sizeof buf, "Solved: %s %s", side_name[L->solver],
		    a->s.game.reason == REASON_REPETITION ?
		    "won by the repetition rule" : "took the lion");
	else if (L->by_rep)
		snprintf(buf, sizeof buf, "%s wins in %d more move%s: the lion, "
		    "or %s must repeat", side_name[L->solver], L->left,
		    L->left == 1 ? "" : "s", side_name[!L->solver]);
	else
		snprintf(buf, sizeof buf, "%s takes the lion in %d more "
		    "move%s", side_name[L->solver], L->left,
		    L->left == 1 ? "" : "s");
	y = ui_learn_wrap(y, x, w, bottom, ST_GOOD, buf);
	if (L->streak)
		snprintf(buf, sizeof buf, "Unrated; your best streak: %d",
		    pl->best_streak);
	else
		snprintf(buf, sizeof buf, "Your rating (%s): %.0f +- %.0f, %d "
		    "puzzle%s", L->player, pl->rating.r, pl->rating.rd,
		    pl->rating.games, pl->rating.games == 1 ? "" : "s");
	y = ui_learn_wrap(y, x, w, bottom, ST_NORMAL, buf);
	if (L->said[0] != '\0' && y + 1 < bottom)
		y = ui_learn_wrap(y + 1, x, w, bottom,
		    tone_style(L->said_tone), L->said);
	if (y < bottom)
		y++;
	return ui_learn_wrap(y, x, w, bottom, ST_DIM, L->streak_over ?
	    "Enter: a new streak  :puzzle VARIANT THEME: rated puzzles" :
	    L->waiting ? "Enter: the next puzzle" : L->streak ?
	    ":puzzle skips (once)  :solution ends it  :learn lessons" :
	    "a or :hint  :solution  :puzzle skips  :puzzle streak  :learn "
	    "lessons");
}
