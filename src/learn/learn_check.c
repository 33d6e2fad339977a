/*
 * learn_check.c: does a move reach a lesson step's goal, and if not, the
 * one line that says why.
 */

#include <stdio.h>
#include <string.h>

#include "learn/learn.h"
#include "util/i18n.h"

static int
mover_drowned(const struct move_effects *fx, int mover)
{
	int i, k = 0;

	for (i = 0; i < fx->ndrowned; i++)
		if (PIECE_COLOR(fx->drowned_piece[i]) == mover)
			k++;
	return k;
}

/* Does check c hold for move m (after: the position it made)? If not,
 * say why. */
static bool
check_one(const struct learn_check *c, const struct board *b, move_t m,
    const struct board *after, const struct move_effects *fx, char *why,
    size_t n)
{
	char sq[3];
	int moved = PIECE_TYPE(b->sq[MOVE_FROM(m)]);

	switch (c->kind) {
	case LC_CAPTURES:
		if (fx->ncaptured >= c->n)
			return true;
		snprintf(why, n, ngettext("That takes %d piece; the goal is to "
		    "take %d in one move%s", "That takes %d pieces; the goal is "
		    "to take %d in one move%s", (unsigned long)fx->ncaptured),
		    fx->ncaptured, c->n, moved == MONKEY ? _(" (a monkey may "
		    "jump on after each capture)") : "");
		return false;
	case LC_TAKES_LION:
		if (fx->lion_captured)
			return true;
		snprintf(why, n, _("That does not take the lion"));
		return false;
	case LC_NO_DROWN:
		if (mover_drowned(fx, b->side) == 0)
			return true;
		snprintf(why, n, _("A piece of yours drowns"));
		return false;
	case LC_PROMOTES:
		if (fx->promoted)
			return true;
		snprintf(why, n, _("No promotion: a pawn is promoted when it reaches "
		    "the far rank"));
		return false;
	case LC_TO:
		if (MOVE_TO(m) == c->sq)
			return true;
		board_sq_name(c->sq, sq);
		snprintf(why, n, _("The goal is to reach %s"), sq);
		return false;
	case LC_FROM:
		if (MOVE_FROM(m) == c->sq)
			return true;
		board_sq_name(c->sq, sq);
		snprintf(why, n, _("Move the %s on %s"),
		    b->sq[c->sq] != PIECE_NONE ?
		    game_piece_word(PIECE_TYPE(b->sq[c->sq])) : _("piece"), sq);
		return false;
	case LC_SAFE:
		if (fx->lion_captured || !movegen_attacks_lion(after, !b->side))
			return true;
		snprintf(why, n, _("Your lion can still be taken"));
		return false;
	default:
		snprintf(why, n, _("Unknown check"));
		return false;
	}
}

bool
learn_step_check(const struct learn_step *s, const struct board *b, move_t m,
    char *why, size_t n)
{
	struct board after = *b;
	struct move_effects fx;
	char text[MOVE_TEXT_MAX], failed[LEARN_TEXT_MAX] = "";
	bool ok = true;
	int i;

	why[0] = '\0';
	notation_write(m, text, sizeof text);
	board_make(&after, m, &fx);
	if (s->naccept > 0) {
		bool in = false;
		for (i = 0; i < s->naccept; i++)
			if (strcmp(s->accept[i], text) == 0)
				in = true;
		if (!in)
			ok = false;
	}
	for (i = 0; i < s->ncheck; i++)
		if (!check_one(&s->check[i], b, m, &after, &fx,
		    failed[0] == '\0' ? failed : why, failed[0] == '\0' ?
		    sizeof failed : n))
			ok = false;
	why[0] = '\0';
	if (ok)
		return true;
	for (i = 0; i < s->nwrong; i++)
		if (strcmp(s->wrong[i].move, text) == 0) {
			snprintf(why, n, "%s", s->wrong[i].text);
			return false;
		}
	if (learn_explain_consequence(b, m, why, n))
		return false;
	if (s->hint[0] != '\0')
		snprintf(why, n, "%s", s->hint);
	else if (failed[0] != '\0')
		snprintf(why, n, "%s", failed);
	else
		snprintf(why, n, _("Legal, but not the goal: %s"), s->goal);
	return false;
}
