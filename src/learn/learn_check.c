/*
 * learn_check.c: does a move reach a lesson step's goal, and if not, the
 * one line that says why.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "learn/learn.h"

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
		snprintf(why, n, "That takes %d piece%s; the goal is to take %d "
		    "in one move%s", fx->ncaptured, fx->ncaptured == 1 ? "" : "s",
		    c->n, moved == MONKEY ? " (a monkey may jump on after each "
		    "capture)" : "");
		return false;
	case LC_TAKES_LION:
		if (fx->lion_captured)
			return true;
		snprintf(why, n, "That does not take the lion");
		return false;
	case LC_NO_DROWN:
		if (mover_drowned(fx, b->side) == 0)
			return true;
		snprintf(why, n, "A piece of yours drowns");
		return false;
	case LC_PROMOTES:
		if (fx->promoted)
			return true;
		snprintf(why, n, "No promotion: a pawn is promoted when it reaches "
		    "the far rank");
		return false;
	case LC_TO:
		if (MOVE_TO(m) == c->sq)
			return true;
		board_sq_name(c->sq, sq);
		snprintf(why, n, "The goal is to reach %s", sq);
		return false;
	case LC_FROM:
		if (MOVE_FROM(m) == c->sq)
			return true;
		board_sq_name(c->sq, sq);
		snprintf(why, n, "Move the %s on %s",
		    b->sq[c->sq] != PIECE_NONE ?
		    board_piece_name(PIECE_TYPE(b->sq[c->sq])) : "piece", sq);
		return false;
	case LC_SAFE:
		if (fx->lion_captured || !movegen_attacks_lion(after, !b->side))
			return true;
		snprintf(why, n, "Your lion can still be taken");
		return false;
	default:
		snprintf(why, n, "Unknown check");
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
		snprintf(why, n, "Legal, but not the goal: %s", s->goal);
	return false;
}
