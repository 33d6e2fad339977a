/*
 * test_setup.c: board_check_setup, what the board editor refuses (issue 24):
 * each illegal set-up named by its code and its message, and the legal
 * ones (both start positions, a bare-lions ending, promoted pawns, a
 * megapawn monkey, one piece just moved into the river).
 */
#include "test_util.h"
#include "test_main.h"

/* A board from "Ld1 ld7 Pd2" (upper case White), side and variant. */
static void
place(struct board *b, int variant, int side, const char *list)
{
	const char *p = list;

	board_init();
	board_clear(b);
	board_set_variant(b, variant);
	while (*p != '\0') {
		uint8_t piece = board_piece_from_letter(p[0]);
		char name[3] = { p[1], p[2], '\0' };
		int sq = board_sq_parse(name);
		assert_true(piece != PIECE_NONE);
		assert_true(sq >= 0);
		board_put(b, sq, piece);
		p += 3;
		while (*p == ' ')
			p++;
	}
	if (side == BLACK) {
		b->side = BLACK;
		b->hash ^= board_zobrist_side;
	}
}

#define EXPECT(b, code, words) expect_((b), (code), (words), __LINE__)
static void
expect_(const struct board *b, int code, const char *words, int line)
{
	char err[200] = "";
	int got = board_check_setup(b, err, sizeof err);

	if (got != code || (words != NULL && strstr(err, words) == NULL))
		fail_msg("line %d: got %d (%s) '%s', expected %d (%s) with "
		    "'%s'", line, got, board_setup_problem_name(got), err, code,
		    board_setup_problem_name(code), words ? words : "");
	if (code == SETUP_OK)
		assert_string_equal(board_setup_problem_name(got), "ok");
}

static void
test_legal(void **state)
{
	struct board b;

	(void)state;
	tu_setup(&b, FEN_START);
	EXPECT(&b, SETUP_OK, NULL);
	assert_int_equal(fen_read_variant(&b, VARIANT_MEGAPAWN,
	    FEN_START_MEGAPAWN, strlen(FEN_START_MEGAPAWN), NULL, 0), 0);
	EXPECT(&b, SETUP_OK, NULL);
	place(&b, VARIANT_CONGO, WHITE, "Ld1 le7");
	EXPECT(&b, SETUP_OK, NULL);
	/* 7 pawns and superpawns a side, a piece of each kind. */
	place(&b, VARIANT_CONGO, BLACK, "Ld1 Sa7 Sb7 Pc2 Pd2 Pe2 Pf2 Pg2 Zg1 "
	    "Ea1 Eb1 Gc1 Cf1 Me1 ld7 sa1 pb6");
	EXPECT(&b, SETUP_OK, NULL);
	/* Megapawn: a monkey and a giraffe (RULES.md allows them), Q. */
	place(&b, VARIANT_MEGAPAWN, WHITE, "Lc2 Ma2 Gb2 Qd7 ld6 qa1");
	EXPECT(&b, SETUP_OK, NULL);
	/* One white piece just moved into the river, Black to move; the
	 * crocodiles never drown; megapawn's islands are land. */
	place(&b, VARIANT_CONGO, BLACK, "Ld1 Za4 Cb4 ld7 zd4 ee4");
	EXPECT(&b, SETUP_OK, NULL);
	place(&b, VARIANT_MEGAPAWN, BLACK, "Ld1 Za4 Zb4 Ef4 Cd4 ld7");
	EXPECT(&b, SETUP_OK, NULL);
}

static void
test_lions(void **state)
{
	struct board b;

	(void)state;
	place(&b, VARIANT_CONGO, WHITE, "ld7 Pd2");
	EXPECT(&b, SETUP_NO_LION, "no white lion");
	place(&b, VARIANT_CONGO, WHITE, "Ld1");
	EXPECT(&b, SETUP_NO_LION, "no black lion");
	place(&b, VARIANT_CONGO, WHITE, "Ld1 Le2 ld7");
	EXPECT(&b, SETUP_TWO_LIONS, "more than one white lion");
	place(&b, VARIANT_CONGO, BLACK, "Ld1 ld7 lc6");
	EXPECT(&b, SETUP_TWO_LIONS, "more than one black lion");
	place(&b, VARIANT_CONGO, WHITE, "La1 ld7");
	EXPECT(&b, SETUP_LION_OUTSIDE, "white lion on a1 is outside its castle");
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld4");
	EXPECT(&b, SETUP_LION_OUTSIDE, "black lion on d4 is outside its castle");
	/* A lion in the other side's castle is outside its own. */
	place(&b, VARIANT_MEGAPAWN, WHITE, "Ld6 ld7");
	EXPECT(&b, SETUP_LION_OUTSIDE, "white lion on d6");
}

static void
test_pawns(void **state)
{
	struct board b;

	(void)state;
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 Pa7");
	EXPECT(&b, SETUP_PAWN_FAR_RANK, "white pawn on a7 stands on the far "
	    "rank");
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 pg1");
	EXPECT(&b, SETUP_PAWN_FAR_RANK, "black pawn on g1");
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 Pb1");
	EXPECT(&b, SETUP_PAWN_FIRST_RANK, "white pawn on b1 stands on its own "
	    "first rank");
	place(&b, VARIANT_MEGAPAWN, BLACK, "Ld1 ld7 pf7");
	EXPECT(&b, SETUP_PAWN_FIRST_RANK, "black pawn on f7");
	/* A superpawn may stand anywhere. */
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 Sa1 sg7");
	EXPECT(&b, SETUP_OK, NULL);
}

static void
test_foreign(void **state)
{
	struct board b;

	(void)state;
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 Qa3");
	EXPECT(&b, SETUP_FOREIGN_PIECE, "megapawn: not a piece of the congo "
	    "variant");
	place(&b, VARIANT_MEGAPAWN, WHITE, "Ld1 ld7 sa3");
	EXPECT(&b, SETUP_FOREIGN_PIECE, "superpawn: not a piece of the "
	    "megapawn variant");
}

static void
test_too_many(void **state)
{
	struct board b;

	(void)state;
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 Za3 Zb3");
	EXPECT(&b, SETUP_TOO_MANY, "2 white zebras: congo has 1 a side");
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 ea5 eb5 ec6");
	EXPECT(&b, SETUP_TOO_MANY, "3 black elephants: congo has 2 a side");
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 Mb1 Mb2");
	EXPECT(&b, SETUP_TOO_MANY, "2 white monkeys");
	/* 7 pawns and one superpawn: 8 pawns. */
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 "
	    "Sa5");
	EXPECT(&b, SETUP_TOO_MANY, "8 white pawns and superpawns: congo has "
	    "7 a side");
	place(&b, VARIANT_MEGAPAWN, WHITE, "Ld1 ld7 pa5 pb5 pc5 pd5 pe5 qf1");
	EXPECT(&b, SETUP_TOO_MANY, "6 black pawns and megapawns: megapawn "
	    "has 5");
	place(&b, VARIANT_MEGAPAWN, WHITE, "Ld1 ld7 Ca1 Cb1 Cg1");
	EXPECT(&b, SETUP_TOO_MANY, "3 white crocodiles: megapawn has 2");
	/* Megapawn's monkeys have no limit of their own, the total has. */
	place(&b, VARIANT_MEGAPAWN, WHITE, "Ld1 ld7 Ma1 Mb1 Mc1 Ma2 Mb2 Mc2 "
	    "Ma3 Mb3 Mc3 Ma5 Mb5 Mc5");
	EXPECT(&b, SETUP_TOO_MANY, "13 white pieces: megapawn has 12 a side");
}

static void
test_river(void **state)
{
	struct board b;

	(void)state;
	/* Black to move: White has just moved, two of its pieces wet. */
	place(&b, VARIANT_CONGO, BLACK, "Ld1 Za4 Eb4 ld7");
	EXPECT(&b, SETUP_RIVER, "2 white pieces in the river (a4, b4) with "
	    "black to move");
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 pc4 me4");
	EXPECT(&b, SETUP_RIVER, "2 black pieces in the river (c4, e4)");
	/* The side to move's own: they drown at the end of its move. */
	place(&b, VARIANT_CONGO, WHITE, "Ld1 Za4 Eb4 ld7");
	EXPECT(&b, SETUP_OK, NULL);
	/* Megapawn: two on islands and one in deep water is fine; two in
	 * deep water are not. */
	place(&b, VARIANT_MEGAPAWN, BLACK, "Ld1 Zc4 Ze4 ld7");
	EXPECT(&b, SETUP_RIVER, "(c4, e4)");
}

/* The FEN reader keeps its own checks and their messages. */
static void
test_fen_same(void **state)
{
	struct board b;
	char err[200];

	(void)state;
	place(&b, VARIANT_CONGO, WHITE, "Ld1 ld7 Za3 Zb3");
	assert_int_equal(board_check_position(&b, err, sizeof err), SETUP_OK);
	assert_int_equal(fen_read(&b, "3l3/7/7/7/7/7/L6 w", err, sizeof err),
	    -1);
	assert_string_equal(err, "the white lion on a1 is outside its castle");
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_legal),
	cmocka_unit_test(test_lions),
	cmocka_unit_test(test_pawns),
	cmocka_unit_test(test_foreign),
	cmocka_unit_test(test_too_many),
	cmocka_unit_test(test_river),
	cmocka_unit_test(test_fen_same))
