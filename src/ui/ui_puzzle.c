/*
 * ui_puzzle.c: the panel beside the board during a puzzle: which puzzle,
 * its rating, how many moves are left, the player's rating and what was
 * last said. The puzzle's flow is the session's (session_puzzle.c).
 */

#include <stdio.h>

#include "ui/ui_learn.h"
#include "util/i18n.h"

static const char *const side_name[2] = { N_("White"), N_("Black") };

int
ui_puzzle_panel(struct ui_app *a, int y, int x, int w, int bottom)
{
	const struct session_learn *L = a->s.learn;
	const struct learn_puzzle *p = session_puzzle_current(&a->s);
	const struct learn_player *pl;
	char buf[160], v[LEARN_VARIANT_MAX], theme[64];
	int place, count;

	if (p == NULL)
		return y;
	pl = session_puzzle_player(&a->s);
	session_puzzle_place(&a->s, &place, &count);
	snprintf(v, sizeof v, "%s", p->variant);
	v[0] = (char)(v[0] - 'a' + 'A');
	if (L->streak)
		snprintf(buf, sizeof buf, _("Puzzle streak: %d solved"), L->streak_n);
	else
		snprintf(buf, sizeof buf, _("Puzzle %d of %d"), place, count);
	y = ui_learn_wrap_head(y, x, w, bottom, ST_HEAD, buf);
	/* The theme would give the answer away: shown once it is over,
	 * unless it was chosen. */
	snprintf(buf, sizeof buf, _("%s%s%s, rated %d"), v, L->want_theme[0] !=
	    '\0' ? " " : "", learn_puzzle_theme_words(L->want_theme, theme,
	    sizeof theme), learn_puzzle_rating(p));
	y = ui_learn_wrap(y, x, w, bottom, ST_DIM, buf);
	if (L->waiting) {
		snprintf(buf, sizeof buf, _("theme %s"),
		    learn_puzzle_theme_words(p->theme, theme, sizeof theme));
		y = ui_learn_wrap(y, x, w, bottom, ST_DIM, buf);
	}
	if (L->waiting && L->gave_up)
		snprintf(buf, sizeof buf, _("The solution is on the board"));
	else if (L->waiting && L->streak_over)
		snprintf(buf, sizeof buf, _("The streak is over"));
	else if (L->waiting)
		snprintf(buf, sizeof buf, a->s.game.reason ==
		    REASON_REPETITION ? _("Solved: %s won by the repetition "
		    "rule") : _("Solved: %s took the lion"),
		    _(side_name[L->solver]));
	else if (L->by_rep)
		snprintf(buf, sizeof buf, ngettext("%s wins in %d more move: "
		    "the lion, or %s must repeat", "%s wins in %d more moves: "
		    "the lion, or %s must repeat", (unsigned long)L->left),
		    _(side_name[L->solver]), L->left, _(side_name[!L->solver]));
	else
		snprintf(buf, sizeof buf, ngettext("%s takes the lion in %d "
		    "more move", "%s takes the lion in %d more moves",
		    (unsigned long)L->left), _(side_name[L->solver]), L->left);
	y = ui_learn_wrap(y, x, w, bottom, ST_GOOD, buf);
	if (L->streak)
		snprintf(buf, sizeof buf, _("Unrated; your best streak: %d"),
		    pl->best_streak);
	else
		snprintf(buf, sizeof buf, ngettext("Your rating (%s): %.0f +- "
		    "%.0f, %d puzzle", "Your rating (%s): %.0f +- %.0f, %d "
		    "puzzles", (unsigned long)pl->rating.games), L->player,
		    pl->rating.r, pl->rating.rd, pl->rating.games);
	y = ui_learn_wrap(y, x, w, bottom, ST_NORMAL, buf);
	if (L->said[0] != '\0' && y + 1 < bottom)
		y = ui_learn_wrap(y + 1, x, w, bottom,
		    tone_style(L->said_tone), L->said);
	if (y < bottom)
		y++;
	return ui_learn_wrap(y, x, w, bottom, ST_DIM, ui_learn_keys(L,
	    L->streak_over ? _("Enter: a new streak  :puzzle VARIANT THEME: "
	    "rated puzzles") : L->waiting ? _("Enter: the next puzzle") :
	    L->streak ? _(":puzzle skips (once)  :solution ends it  :learn "
	    "lessons") : _("a or :hint  :solution  :puzzle skips  :puzzle "
	    "streak  :learn lessons")));
}
