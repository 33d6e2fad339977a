/*
 * board_setup.c: is a position one the rules allow? The checks of a FEN
 * (RULES.md "FEN": one lion a side, in its castle; no pawn on the far rank
 * or on its own first rank), and the board editor's stricter ones: no piece
 * the variant does not have, no more pieces than the variant's start
 * gives a side, and no more than one piece of the side that has just moved
 * left in deep water (the others would have drowned). Pure functions.
 */
#include <stdarg.h>
#include <stdio.h>

#include "engine/board.h"
#include "util/util.h"

static const char *const cname[2] = { "white", "black" };

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
			    "no %s lion", cname[c]);
		if (lions & (lions - 1))
			return util_error_code(SETUP_TWO_LIONS, err, errlen,
			    "more than one %s lion", cname[c]);
		if (!(lions & board_castle[c])) {
			board_sq_name(__builtin_ctzll(lions), sq);
			return util_error_code(SETUP_LION_OUTSIDE, err, errlen,
			    "the %s lion on %s is outside its castle",
			    cname[c], sq);
		}
		if (pawns & far) {
			board_sq_name(__builtin_ctzll(pawns & far), sq);
			return util_error_code(SETUP_PAWN_FAR_RANK, err, errlen,
			    "a %s pawn on %s stands on the far rank (it would "
			    "have been promoted)", cname[c], sq);
		}
		if (pawns & first) {
			board_sq_name(__builtin_ctzll(pawns & first), sq);
			return util_error_code(SETUP_PAWN_FIRST_RANK, err, errlen,
			    "a %s pawn on %s stands on its own first rank",
			    cname[c], sq);
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
				    "%s %s: not a piece of the %s variant",
				    n > 1 ? "the" : "a", board_piece_name(t),
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
					    errlen, "%d %s pawns and %ss: %s "
					    "has %d a side", n + np, cname[c],
					    board_piece_name(promoted),
					    variant_name(v),
					    start_count[PAWN]);
				continue;
			}
			if (n > start_count[t])
				return util_error_code(SETUP_TOO_MANY, err, errlen,
				    "%d %s %ss: %s has %d a side", n, cname[c],
				    board_piece_name(t), variant_name(v),
				    start_count[t]);
		}
		if (total > start_total(v))
			return util_error_code(SETUP_TOO_MANY, err, errlen,
			    "%d %s pieces: %s has %d a side", total, cname[c],
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
	return util_error_code(SETUP_RIVER, err, errlen, "%d %s pieces in the river "
	    "(%s, %s) with %s to move: all but the one just moved would have "
	    "drowned", bb_popcount(wet), cname[c], a, z, cname[b->side]);
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
