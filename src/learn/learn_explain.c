/*
 * learn_explain.c: the rule an illegal move breaks, and what a legal move
 * does that a beginner may not expect (a drowning, a lion left open), in
 * one line each, in the words of RULES.md.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn/learn.h"
#include "util/i18n.h"

static bool
in_river(int sq)
{
	return SQ_RANK(sq) == RIVER_RANK;
}

/* Has a pawn of this colour on this square crossed the river? */
static bool
across(int color, int sq)
{
	return color == WHITE ? SQ_RANK(sq) > RIVER_RANK :
	    SQ_RANK(sq) < RIVER_RANK;
}

static void
explain_lion(const struct board *b, int from, int to, char *why, size_t n)
{
	int color = PIECE_COLOR(b->sq[from]);
	int df = abs(SQ_FILE(to) - SQ_FILE(from));
	int dr = abs(SQ_RANK(to) - SQ_RANK(from));
	char cs[16];

	snprintf(cs, sizeof cs, "%s", color == WHITE ? "c1-e3" : "c5-e7");
	if (to == board_lion_sq(b, !color)) {
		if (df == 0 || df == dr)
			snprintf(why, n, _("The lion capture needs every square "
			    "between the two lions empty"));
		else
			snprintf(why, n, _("A lion takes the other lion only along "
			    "an open file or diagonal"));
		return;
	}
	if (df > 1 || dr > 1)
		snprintf(why, n, _("A lion steps one square at a time (it goes "
		    "further only to take the other lion)"));
	else if (!(board_castle[color] & BB(to)))
		snprintf(why, n, _("A lion may not leave its castle (%s)"), cs);
	else
		snprintf(why, n, _("The lion cannot go there"));
}

static void
explain_crocodile(const struct board *b, int from, int to, char *why,
    size_t n)
{
	int color = PIECE_COLOR(b->sq[from]);
	int fr = SQ_RANK(from), tr = SQ_RANK(to);
	int step = SQ_FILE(from) == SQ_FILE(to) ? (tr > fr ? 7 : -7) :
	    (to > from ? 1 : -1);
	int s;

	(void)color;
	if (in_river(from) && tr == RIVER_RANK) {
		snprintf(why, n, _("In the river a crocodile slides along it like a "
		    "rook, but never past a piece"));
		return;
	}
	if (!in_river(from) && SQ_FILE(from) == SQ_FILE(to) &&
	    abs(tr - fr) > 1) {
		bool towards = (fr < RIVER_RANK && tr > fr) ||
		    (fr > RIVER_RANK && tr < fr);
		if (!towards) {
			snprintf(why, n, _("On land a crocodile slides only along its "
			    "file towards the river"));
			return;
		}
		if ((fr < RIVER_RANK && tr > RIVER_RANK) ||
		    (fr > RIVER_RANK && tr < RIVER_RANK)) {
			snprintf(why, n, _("A crocodile's slide stops at the river: it "
			    "cannot cross it in one move"));
			return;
		}
		for (s = from + step; s != to; s += step)
			if (b->sq[s] != PIECE_NONE) {
				snprintf(why, n, _("A crocodile cannot slide past a piece"));
				return;
			}
	}
	snprintf(why, n, _("A crocodile steps one square, slides along its file "
	    "towards the river, or along the river when in it"));
}

static void
explain_monkey(const struct board *b, int from, int to, char *why, size_t n)
{
	int color = PIECE_COLOR(b->sq[from]);
	int df = SQ_FILE(to) - SQ_FILE(from), dr = SQ_RANK(to) - SQ_RANK(from);
	uint8_t t = b->sq[to];

	if (abs(df) <= 1 && abs(dr) <= 1 && t != PIECE_NONE) {
		snprintf(why, n, _("A monkey captures by jumping over a piece to the "
		    "empty square beyond, not by stepping onto it"));
		return;
	}
	if ((abs(df) == 2 || df == 0) && (abs(dr) == 2 || dr == 0)) {
		int mid = SQ(SQ_FILE(from) + df / 2, SQ_RANK(from) + dr / 2);
		uint8_t m = b->sq[mid];
		if (m == PIECE_NONE)
			snprintf(why, n, _("A monkey jumps only over an enemy piece: "
			    "the square between is empty"));
		else if (PIECE_COLOR(m) == color)
			snprintf(why, n, _("A monkey cannot jump over its own pieces"));
		else if (t != PIECE_NONE)
			snprintf(why, n, _("A monkey's jump must land on an empty "
			    "square (pieces jumped stay until the move ends)"));
		else
			snprintf(why, n, _("A monkey cannot jump the same piece twice "
			    "in one move"));
		return;
	}
	snprintf(why, n, _("A monkey steps one square (never capturing) or jumps "
	    "over an adjacent enemy piece to the empty square beyond"));
}

/* Pawn and superpawn retreats: straight (pawn) or also diagonal. */
static bool
explain_retreat(const struct board *b, int from, int to, int back,
    char *why, size_t n)
{
	int df = SQ_FILE(to) - SQ_FILE(from), dr = SQ_RANK(to) - SQ_RANK(from);

	if (back > 2 || (df != 0 && abs(df) != back)) {
		snprintf(why, n, _("A retreat goes one or two squares back"));
		return true;
	}
	if (b->sq[to] != PIECE_NONE) {
		snprintf(why, n, _("A retreat never captures: the square must be "
		    "empty"));
		return true;
	}
	if (back == 2 && b->sq[SQ(SQ_FILE(from) + df / 2,
	    SQ_RANK(from) + dr / 2)] != PIECE_NONE) {
		snprintf(why, n, _("A retreat cannot pass over a piece"));
		return true;
	}
	return false;
}

/* Megapawn's mPawn: forward, and sideways once across (not on an island). */
static void
explain_mpawn(const struct board *b, int from, int to, char *why, size_t n)
{
	int color = PIECE_COLOR(b->sq[from]);
	int fwd = color == WHITE ? 1 : -1;
	int df = SQ_FILE(to) - SQ_FILE(from);
	int adv = (SQ_RANK(to) - SQ_RANK(from)) * fwd;

	if (adv < 0)
		snprintf(why, n, _("An mPawn never retreats"));
	else if (adv == 0 && abs(df) == 1 && !across(color, from))
		snprintf(why, n, _("An mPawn steps sideways only once across the "
		    "river (an island is not across)"));
	else
		snprintf(why, n, _("An mPawn steps one square forward, straight or "
		    "diagonally, or sideways once across the river"));
}

static void
explain_pawn(const struct board *b, int from, int to, bool super, char *why,
    size_t n)
{
	int color = PIECE_COLOR(b->sq[from]);
	int fwd = color == WHITE ? 1 : -1;
	int df = SQ_FILE(to) - SQ_FILE(from);
	int adv = (SQ_RANK(to) - SQ_RANK(from)) * fwd;

	if (adv < 0) {
		if (!super && !across(color, from)) {
			snprintf(why, n, _("A pawn may retreat only once it has crossed "
			    "the river (a pawn in the river has not)"));
			return;
		}
		if (!super && df != 0) {
			snprintf(why, n, _("A pawn retreats straight back only (a "
			    "superpawn may also retreat diagonally)"));
			return;
		}
		if (explain_retreat(b, from, to, -adv, why, n))
			return;
	} else if (adv == 0) {
		if (!super) {
			snprintf(why, n, _("A pawn cannot move sideways (a superpawn "
			    "can)"));
			return;
		}
		snprintf(why, n, _("A superpawn steps one square sideways"));
		return;
	} else if (adv > 1 || abs(df) > 1) {
		snprintf(why, n, "%s", super ? _("A superpawn steps one square "
		    "forward, straight or diagonally") : _("A pawn steps one "
		    "square forward, straight or diagonally"));
		return;
	}
	if (super)
		snprintf(why, n, _("A superpawn moves one square forward or sideways, "
		    "or retreats one or two squares straight or diagonally back"));
	else
		snprintf(why, n, _("A pawn moves one square forward, straight or "
		    "diagonally, and retreats only once across the river"));
}

void
learn_explain_illegal(const struct board *b, int from, int to, char *why,
    size_t n)
{
	uint8_t p, t;
	int df, dr;
	char fs[3], ts[3];

	if (from < 0 || from >= NSQ || to < 0 || to >= NSQ) {
		snprintf(why, n, _("That is not a square of the board"));
		return;
	}
	p = b->sq[from];
	t = b->sq[to];
	board_sq_name(from, fs);
	board_sq_name(to, ts);
	if (p == PIECE_NONE) {
		snprintf(why, n, _("There is no piece on %s"), fs);
		return;
	}
	if (PIECE_COLOR(p) != b->side) {
		snprintf(why, n, _("That is not your piece: %s is to move"),
		    b->side == WHITE ? _("White") : _("Black"));
		return;
	}
	if (from == to) {
		snprintf(why, n, _("A move must go somewhere: passing is not allowed"));
		return;
	}
	if (t != PIECE_NONE && PIECE_COLOR(t) == PIECE_COLOR(p)) {
		snprintf(why, n, _("No piece captures a piece of its own colour"));
		return;
	}
	df = abs(SQ_FILE(to) - SQ_FILE(from));
	dr = abs(SQ_RANK(to) - SQ_RANK(from));
	switch (PIECE_TYPE(p)) {
	case LION:
		explain_lion(b, from, to, why, n);
		return;
	case ZEBRA:
		snprintf(why, n, _("The zebra moves like a chess knight: two squares "
		    "one way and one to the side"));
		return;
	case ELEPHANT:
		snprintf(why, n, _("The elephant moves one or two squares straight "
		    "along a rank or file, never diagonally"));
		return;
	case GIRAFFE:
		if (df <= 1 && dr <= 1 && t != PIECE_NONE)
			snprintf(why, n, _("The giraffe's one-step move cannot capture: "
			    "it captures only with its two-square leap"));
		else
			snprintf(why, n, _("The giraffe steps one square (never "
			    "capturing) or leaps exactly two squares in a straight "
			    "line"));
		return;
	case CROCODILE:
		explain_crocodile(b, from, to, why, n);
		return;
	case MONKEY:
		explain_monkey(b, from, to, why, n);
		return;
	case PAWN:
		if (variant_get(b->variant)->pawn == VPAWN_MPAWN)
			explain_mpawn(b, from, to, why, n);
		else
			explain_pawn(b, from, to, false, why, n);
		return;
	case MEGAPAWN:
		snprintf(why, n, _("A Megapawn goes to any square at most two files "
		    "and two ranks away, leaping"));
		return;
	case SUPERPAWN:
		explain_pawn(b, from, to, true, why, n);
		return;
	default:
		snprintf(why, n, _("The %s cannot go from %s to %s"),
		    game_piece_word(PIECE_TYPE(p)), fs, ts);
		return;
	}
}

bool
learn_explain_consequence(const struct board *b, move_t m, char *why,
    size_t n)
{
	struct board after = *b;
	struct move_effects fx;
	int mover = b->side, i;
	char sq[3];

	why[0] = '\0';
	board_make(&after, m, &fx);
	if (fx.lion_captured)
		return false;
	for (i = 0; i < fx.ndrowned; i++) {
		int t = PIECE_TYPE(fx.drowned_piece[i]);
		if (PIECE_COLOR(fx.drowned_piece[i]) != mover)
			continue;
		board_sq_name(fx.drowned_sq[i], sq);
		if (fx.drowned_sq[i] == MOVE_TO(m))
			snprintf(why, n, _("That %s drowns: a piece that begins and "
			    "ends its move in the river drowns"), game_piece_word(t));
		else
			snprintf(why, n, _("Your %s on %s drowns: a piece left in the "
			    "river at the end of your turn drowns"),
			    game_piece_word(t), sq);
		return true;
	}
	if (movegen_attacks_lion(&after, !mover)) {
		int l1 = board_lion_sq(&after, mover);
		int l2 = board_lion_sq(&after, !mover);
		struct board probe = after;
		struct movelist *ml = xmalloc(sizeof *ml);
		bool lions = false;
		movegen_legal(&probe, ml);
		for (i = 0; i < ml->n; i++)
			if (MOVE_FROM(ml->moves[i]) == l2 &&
			    MOVE_TO(ml->moves[i]) == l1)
				lions = true;
		free(ml);
		if (lions)
			snprintf(why, n, _("That opens the line between the lions: the "
			    "other lion crosses the river and takes yours"));
		else
			snprintf(why, n, _("That leaves your lion where the opponent "
			    "can take it, and losing the lion loses the game"));
		return true;
	}
	return false;
}
