/*
 * board_setup.c: is a position one the rules allow? The checks of a FEN
 * (RULES.md "FEN": one lion a side, in its castle; no pawn on the far rank
 * or on its own first rank), and the board editor's stricter ones: no piece
 * the variant does not have, no more pieces than the variant's start
 * gives a side, and no more than one piece of the side that has just moved
 * left in deep water (the others would have drowned). Pure functions;
 * their messages in the reader's language (util/i18n.h: the board editor,
 * the fen command, congo --fen).
 */
#include <stdarg.h>
#include <stdio.h>

#include "engine/board.h"
#include "engine/game.h"
#include "util/i18n.h"
#include "util/util.h"

static int
start_total(int variant)
{
	int n = 0;

	for (int t = 0; t < NPIECE_TYPES; t++)
		n += variant_get(variant)->start_count[t];
	return n;
}

/* A problem: its code, and its message in err. */
int
board_check_position(const struct board *b, char *err, size_t errlen)
{
	char sq[3];

	for (int c = 0; c < 2; c++) {
		bb_t lions = b->pieces[c][LION], pawns = b->pieces[c][PAWN];
		bb_t far = BB_RANK(c == WHITE ? 6 : 0);
		bb_t first = BB_RANK(c == WHITE ? 0 : 6);
		if (lions == 0)
			return util_error_code(SETUP_NO_LION, err, errlen,
			    "%s", c == WHITE ? _("no white lion") :
			    _("no black lion"));
		if (lions & (lions - 1))
			return util_error_code(SETUP_TWO_LIONS, err, errlen,
			    "%s", c == WHITE ? _("more than one white lion") :
			    _("more than one black lion"));
		if (!(lions & board_castle[c])) {
			board_sq_name(__builtin_ctzll(lions), sq);
			return util_error_code(SETUP_LION_OUTSIDE, err, errlen,
			    c == WHITE ?
			    _("the white lion on %s is outside its castle") :
			    _("the black lion on %s is outside its castle"), sq);
		}
		if (pawns & far) {
			board_sq_name(__builtin_ctzll(pawns & far), sq);
			return util_error_code(SETUP_PAWN_FAR_RANK, err, errlen,
			    c == WHITE ? _("a white pawn on %s stands on the "
			    "far rank (it would have been promoted)") :
			    _("a black pawn on %s stands on the far rank (it "
			    "would have been promoted)"), sq);
		}
		if (pawns & first) {
			board_sq_name(__builtin_ctzll(pawns & first), sq);
			return util_error_code(SETUP_PAWN_FIRST_RANK, err, errlen,
			    c == WHITE ? _("a white pawn on %s stands on its "
			    "own first rank") : _("a black pawn on %s stands "
			    "on its own first rank"), sq);
		}
	}
	return SETUP_OK;
}

/* Pieces of the variant, counts, then the water. */
static int
check_pieces(const struct board *b, char *err, size_t errlen)
{
	int v = b->variant < NVARIANTS ? b->variant : VARIANT_CONGO;
	/* A promoted pawn (S, Q) counts as the pawn it was. A type the
	 * variant allows but does not start with (megapawn's giraffe and
	 * monkey, RULES.md) has no limit of its own: only the side's total
	 * counts. */
	const uint8_t *start_count = variant_get(v)->start_count;
	int promoted = variant_get(v)->promotion;

	for (int c = 0; c < 2; c++) {
		int total = bb_popcount(b->occ[c]), n;
		for (int t = 0; t < NPIECE_TYPES; t++) {
			n = bb_popcount(b->pieces[c][t]);
			if (n > 0 && !variant_has_piece(v, t))
				return util_error_code(SETUP_FOREIGN_PIECE, err, errlen,
				    n > 1 ? _("the %s: not a piece of the %s "
				    "variant") : _("a %s: not a piece of the %s "
				    "variant"), game_piece_word(t),
				    variant_name(v));
		}
		for (int t = 0; t < NPIECE_TYPES; t++) {
			if (t == promoted || start_count[t] == 0 ||
			    t == LION)
				continue;
			n = bb_popcount(b->pieces[c][t]);
			if (t == PAWN) {
				int np = bb_popcount(b->pieces[c][promoted]);
				if (n + np > start_count[PAWN])
					return util_error_code(SETUP_TOO_MANY, err,
					    errlen, c == WHITE ? _("%d white "
					    "pawns and %s: %s has %d a side") :
					    _("%d black pawns and %s: %s has %d "
					    "a side"), n + np,
					    game_pieces_word(promoted),
					    variant_name(v),
					    start_count[PAWN]);
				continue;
			}
			if (n > start_count[t])
				return util_error_code(SETUP_TOO_MANY, err, errlen,
				    c == WHITE ? _("%d white %s: %s has %d a side") :
				    _("%d black %s: %s has %d a side"), n,
				    game_pieces_word(t), variant_name(v),
				    start_count[t]);
		}
		if (total > start_total(v))
			return util_error_code(SETUP_TOO_MANY, err, errlen,
			    c == WHITE ? _("%d white pieces: %s has %d a side") :
			    _("%d black pieces: %s has %d a side"), total,
			    variant_name(v), start_total(v));
	}
	return SETUP_OK;
}

/* The side that has just moved keeps at most one piece (the one that
 * moved) in deep water: the others drowned at the end of its move. */
static int
check_water(const struct board *b, char *err, size_t errlen)
{
	int v = b->variant < NVARIANTS ? b->variant : VARIANT_CONGO;
	int c = !b->side;
	bb_t wet = b->occ[c] & ~b->pieces[c][CROCODILE] & board_deep[v];
	char a[3], z[3];

	if (bb_popcount(wet) <= 1)
		return SETUP_OK;
	board_sq_name(__builtin_ctzll(wet), a);
	board_sq_name(__builtin_ctzll(wet & (wet - 1)), z);
	/* (the side in the river is the one that has just moved) */
	return util_error_code(SETUP_RIVER, err, errlen, c == WHITE ?
	    _("%d white pieces in the river (%s, %s) with black to move: all "
	    "but the one just moved would have drowned") :
	    _("%d black pieces in the river (%s, %s) with white to move: all "
	    "but the one just moved would have drowned"), bb_popcount(wet), a,
	    z);
}

int
board_check_setup(const struct board *b, char *err, size_t errlen)
{
	int code;

	/* The lions and pawns first, then the counts, then the water. */
	if ((code = board_check_position(b, err, errlen)) != SETUP_OK ||
	    (code = check_pieces(b, err, errlen)) != SETUP_OK)
		return code;
	return check_water(b, err, errlen);
}

const char *
board_setup_problem_name(int code)
{
	static const char *const names[] = {
		[SETUP_OK] = "ok",
		[SETUP_NO_LION] = "no lion",
		[SETUP_TWO_LIONS] = "two lions",
		[SETUP_LION_OUTSIDE] = "lion outside its castle",
		[SETUP_PAWN_FAR_RANK] = "pawn on the far rank",
		[SETUP_PAWN_FIRST_RANK] = "pawn on its first rank",
		[SETUP_FOREIGN_PIECE] = "piece not of the variant",
		[SETUP_TOO_MANY] = "too many pieces",
		[SETUP_RIVER] = "pieces left in the river",
	};

	return code >= 0 && code < NSETUP_PROBLEMS ? names[code] : "?";
}
