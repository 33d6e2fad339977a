/*
 * test_fen.c: FEN read and write (RULES.md "FEN"): round trips, the three
 * input forms, and every rejection with a message naming the problem.
 */
#include "test_util.h"

#define START_PLACEMENT "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ"

static void
check_round_trip(const char *fen)
{
	struct board b;
	char out[FEN_MAX];

	tu_setup(&b, fen);
	fen_write(&b, out, sizeof out);
	assert_string_equal(out, fen);
}

static void
test_round_trip(void **state)
{
	(void)state;
	check_round_trip(FEN_START);
	assert_string_equal(FEN_START, START_PLACEMENT " w 0 1");
	check_round_trip(START_PLACEMENT " b 0 1");
	check_round_trip("2Szl2/7/7/7/7/7/2L4 b 0 5");
	check_round_trip("4l2/z6/1p1p1p1/6c/3p1p1/1g5/M3L2 w 17 3");
	check_round_trip("S2l3/7/7/7/7/7/s2L3 w 199 250");
	check_round_trip("gmelecz/7/7/MGZCESP/mgzcesp/7/GMELECZ b 3 40");
}

static void
test_start_contents(void **state)
{
	struct board b;

	(void)state;
	tu_setup(&b, FEN_START);
	assert_int_equal(b.side, WHITE);
	assert_int_equal(b.quiet, 0);
	assert_int_equal(b.fullmove, 1);
	assert_int_equal(b.sq[tu_sq("a1")], PIECE_MAKE(WHITE, GIRAFFE));
	assert_int_equal(b.sq[tu_sq("b1")], PIECE_MAKE(WHITE, MONKEY));
	assert_int_equal(b.sq[tu_sq("c1")], PIECE_MAKE(WHITE, ELEPHANT));
	assert_int_equal(b.sq[tu_sq("d1")], PIECE_MAKE(WHITE, LION));
	assert_int_equal(b.sq[tu_sq("e1")], PIECE_MAKE(WHITE, ELEPHANT));
	assert_int_equal(b.sq[tu_sq("f1")], PIECE_MAKE(WHITE, CROCODILE));
	assert_int_equal(b.sq[tu_sq("g1")], PIECE_MAKE(WHITE, ZEBRA));
	assert_int_equal(b.sq[tu_sq("g7")], PIECE_MAKE(BLACK, ZEBRA));
	assert_int_equal(b.sq[tu_sq("d7")], PIECE_MAKE(BLACK, LION));
	assert_int_equal(b.sq[tu_sq("a6")], PIECE_MAKE(BLACK, PAWN));
	assert_int_equal(b.sq[tu_sq("g2")], PIECE_MAKE(WHITE, PAWN));
	assert_true(b.pieces[WHITE][PAWN] == BB_RANK(1));
	assert_true(b.pieces[BLACK][PAWN] == BB_RANK(5));
	assert_true(b.occ[WHITE] == (BB_RANK(0) | BB_RANK(1)));
	assert_true(b.occ[BLACK] == (BB_RANK(5) | BB_RANK(6)));
	assert_int_equal(board_lion_sq(&b, WHITE), tu_sq("d1"));
	assert_int_equal(board_lion_sq(&b, BLACK), tu_sq("d7"));
}

static void
test_short_forms(void **state)
{
	struct board b;

	(void)state;
	/* Placement and side only: quiet 0, move 1. */
	tu_setup(&b, START_PLACEMENT " w");
	assert_fen(&b, FEN_START);
	tu_setup(&b, START_PLACEMENT " b");
	assert_fen(&b, START_PLACEMENT " b 0 1");
	/* The course form: one number, the move number. */
	tu_setup(&b, START_PLACEMENT " b 7");
	assert_int_equal(b.quiet, 0);
	assert_int_equal(b.fullmove, 7);
	assert_fen(&b, START_PLACEMENT " b 0 7");
	/*
	 * It may be 0. What is then written is left open by RULES.md, but
	 * whatever we write must read back ("we always write our own 4-field
	 * form", whose move number "starts at 1").
	 */
	tu_setup(&b, START_PLACEMENT " w 0");
	assert_int_equal(b.quiet, 0);
	assert_int_equal(b.side, WHITE);
	{
		struct board r;
		char out[FEN_MAX], err[128] = "";

		fen_write(&b, out, sizeof out);
		if (fen_read(&r, out, err, sizeof err) != 0)
			fail_msg("fen_write gave \"%s\" which fen_read "
			    "rejects: %s", out, err);
		assert_true(board_same_position(&b, &r));
	}
}

static void
test_dotnet_form(void **state)
{
	struct board b, s;

	(void)state;
	tu_setup(&s, FEN_START);
	tu_setup(&b, START_PLACEMENT "/w/-1");
	assert_true(board_same_position(&b, &s));
	assert_fen(&b, FEN_START);
	tu_setup(&b, "2Szl2/7/7/7/7/7/2L4/b/-1");
	assert_fen(&b, "2Szl2/7/7/7/7/7/2L4 b 0 1");
}

/* A FEN that fen_read must refuse, leaving the board alone and saying
 * something with all the words (up to three, NULL after the last). */
struct reject {
	const char *fen;
	const char *words[4];
};

static void
check_rejects(const struct reject *r, size_t n)
{
	struct board b, before;
	char err[256];
	const char *const *w;

	for (; n > 0; n--, r++) {
		tu_setup(&b, "4l2/7/7/C6/7/7/2L4 b 3 9");
		before = b;
		memset(err, 0, sizeof err);
		if (fen_read(&b, r->fen, err, sizeof err) != -1)
			fail_msg("fen_read accepted \"%s\"", r->fen);
		if (memcmp(&b, &before, sizeof b) != 0)
			fail_msg("fen_read(\"%s\") changed the board on error",
			    r->fen);
		if (err[0] == '\0')
			fail_msg("fen_read(\"%s\") gave no message", r->fen);
		for (w = r->words; *w != NULL; w++)
			if (!tu_contains(err, *w))
				fail_msg("message for \"%s\" is \"%s\": no \"%s\"",
				    r->fen, err, *w);
	}
}

#define CHECK_REJECTS(table) \
	check_rejects(table, sizeof table / sizeof table[0])

static void
test_reject_ranks(void **state)
{
	static const struct reject ranks[] = {
		{ "gmelecz/ppppppp/7/7/2P5/PPPPPPP/GMELECZ w 0 1",
		    { "rank 3" } },
		{ "gmelecz/ppppppp/7/6/7/PPPPPPP/GMELECZ w 0 1",
		    { "rank 4" } },
		{ "gmelecz/ppppppp/7/7/7/PPPPPPPP/GMELECZ w 0 1",
		    { "rank 2" } },
		{ "gmelecz/pppppp/7/7/7/PPPPPPP/GMELECZ w 0 1", { "rank 6" } },
		{ "gmelecz//7/7/7/PPPPPPP/GMELECZ w 0 1", { "rank 6" } },
		/* Six ranks, eight ranks. */
		{ "gmelecz/ppppppp/7/7/PPPPPPP/GMELECZ w 0 1", { NULL } },
		{ "gmelecz/ppppppp/7/7/7/7/PPPPPPP/GMELECZ w 0 1", { NULL } },
		/* One of a kind is singular (issue 34: "1 ranks"). */
		{ "gmelecz w 0 1", { "has 1 rank," } },
		{ "7/7/7/7/7/7/1 w 0 1", { "has 1 square," } },
		{ "gmelecz/ppppppp/7/7/7/PPPPPPP/G w 0 1",
		    { "has 1 square," } },
	};

	(void)state;
	CHECK_REJECTS(ranks);
}

static void
test_reject_pieces(void **state)
{
	static const struct reject pieces[] = {
		{ "gmelecz/ppppppp/7/3x3/7/PPPPPPP/GMELECZ w 0 1",
		    { "unknown piece 'x'" } },
		{ "gmelecz/ppppppp/7/7/7/PPPPPPP/GMKLECZ w 0 1",
		    { "unknown piece 'K'" } },
		{ "gmelecz/ppppppp/7/7/7/PPPPPPP/GME1ECZ w 0 1",
		    { "no white lion" } },
		{ "gme1ecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1",
		    { "no black lion" } },
		{ "gmelecz/ppppppp/3l3/7/7/PPPPPPP/GMELECZ w 0 1",
		    { "black lion" } },
		{ "gmelecz/ppppppp/7/7/3L3/PPPPPPP/GMELECZ w 0 1",
		    { "white lion" } },
	};

	(void)state;
	CHECK_REJECTS(pieces);
}

/* Pieces where they cannot stand: lions out of their castles, pawns on
 * the far rank or their own first. */
static void
test_reject_squares(void **state)
{
	static const struct reject squares[] = {
		{ "4l2/7/7/7/7/7/L6 w 0 1", { "castle" } },
		{ "7/7/7/7/7/7/l2L3 w 0 1", { "castle" } },
		{ "4l2/7/7/7/7/5L1/7 w 0 1", { "castle" } },
		{ "7/5l1/7/7/7/7/3L3 w 0 1", { "castle" } },
		/* Both lions on the river are outside their castles too. */
		{ "7/7/7/2L1l2/7/7/7 w 0 1", { "castle" } },
		/* A pawn on the far rank: it would have been promoted. */
		{ "P3l2/7/7/7/7/7/3L3 w 0 1", { "pawn" } },
		{ "4l2/7/7/7/7/7/p2L3 w 0 1", { "pawn" } },
		/* On its own first rank. */
		{ "4l2/7/7/7/7/7/P2L3 w 0 1", { "pawn" } },
		{ "p3l2/7/7/7/7/7/3L3 w 0 1", { "pawn" } },
	};

	(void)state;
	CHECK_REJECTS(squares);
	/* Superpawns may stand anywhere. */
	check_round_trip("S3l2/7/7/7/7/7/s2L3 w 0 1");
	check_round_trip("s3l2/7/7/7/7/7/S2L3 b 0 1");
}

static void
test_reject_fields(void **state)
{
	static const struct reject fields[] = {
		{ START_PLACEMENT " x 0 1", { "side" } },
		{ START_PLACEMENT " wb 0 1", { "side" } },
		{ START_PLACEMENT, { "side" } },
		{ START_PLACEMENT " w -1 1", { "-1" } },
		{ START_PLACEMENT " w a 1", { NULL } },
		{ START_PLACEMENT " w 0 x", { NULL } },
		{ START_PLACEMENT " w 0 -3", { "-3" } },
		{ START_PLACEMENT " w 0 1x", { "1x" } },
		{ START_PLACEMENT " w 99999999999999999999 1",
		    { "9999999999" } },
		{ START_PLACEMENT " w 0 99999999999999999999",
		    { "9999999999" } },
		{ START_PLACEMENT " w 0 1 xyz", { NULL } },
		{ START_PLACEMENT " w 0 1 5", { NULL } },
		{ "", { NULL } },
		{ "   ", { NULL } },
		{ "w 0 1", { NULL } },
	};

	(void)state;
	CHECK_REJECTS(fields);
}

/*
 * RULES.md "FEN", read as written (it wins over what was accepted before):
 * the side is `w` or `b` in lower case; the 4-field move number starts at
 * 1 (the course form's single number may be 0); the counters have no limit
 * there, ours hold 4294967295 (congo(6) names this difference).
 */
static void
test_rules_reading(void **state)
{
	static const struct reject written[] = {
		{ START_PLACEMENT " W 0 1", { "side", "'W'" } },
		{ START_PLACEMENT " B 0 1", { "side", "'B'" } },
		{ START_PLACEMENT " W", { "side" } },
		{ START_PLACEMENT " B 3", { "side" } },
		{ START_PLACEMENT "/W/-1", { "side" } },
		{ START_PLACEMENT " w 0 0", { "move number", "'0'" } },
		{ START_PLACEMENT " b 5 0", { "move number" } },
	}, past_limit[] = {
		{ START_PLACEMENT " w 4294967296 1",
		    { "quiet", "4294967296", "4294967295" } },
		{ START_PLACEMENT " w 0 4294967296",
		    { "move number", "4294967295" } },
		{ START_PLACEMENT " w 4294967296", { "move number" } },
	};
	struct board b;
	char err[256];

	(void)state;
	CHECK_REJECTS(written);
	/* the course form's 0 stays 0 (its numbers are compared in
	 * test_conformance), and is written as our first move number */
	tu_setup(&b, START_PLACEMENT " b 0");
	assert_int_equal(b.fullmove, 0);
	assert_fen(&b, START_PLACEMENT " b 0 1");
	/* above 65535, which was refused */
	check_round_trip(START_PLACEMENT " w 65536 1");
	check_round_trip(START_PLACEMENT " b 0 65536");
	check_round_trip(START_PLACEMENT " w 4294967295 4294967295");
	tu_setup(&b, START_PLACEMENT " w 100000");
	assert_int_equal(b.fullmove, 100000);
	CHECK_REJECTS(past_limit);
	/* the counters stop at their limit instead of wrapping */
	assert_int_equal(fen_read(&b, "4l2/7/7/C6/7/7/2L4 b 4294967295 "
	    "4294967295", err, sizeof err), 0);
	tu_play(&b, "e7d7", NULL);
	assert_true(b.quiet == 4294967295u);
	assert_true(b.fullmove == 4294967295u);
}

static void
test_reject_dotnet(void **state)
{
	static const struct reject dotnet[] = {
		{ START_PLACEMENT "/w/5", { "-1" } },
		{ START_PLACEMENT "/w/0", { NULL } },
		{ START_PLACEMENT "/x/-1", { "side" } },
		{ START_PLACEMENT "/w/", { NULL } },
		{ START_PLACEMENT "/w", { NULL } },
	};

	(void)state;
	CHECK_REJECTS(dotnet);
}

static void
test_error_buffer(void **state)
{
	struct board b;
	char err[8];

	(void)state;
	/* A short error buffer is cut and terminated (ASan watches). */
	memset(err, 'x', sizeof err);
	assert_int_equal(fen_read(&b, "gmelecz/ppppppp/7/3x3/7/PPPPPPP/"
	    "GMELECZ w 0 1", err, sizeof err), -1);
	assert_non_null(memchr(err, '\0', sizeof err));
	memset(err, 'x', sizeof err);
	assert_int_equal(fen_read(&b, "", err, 1), -1);
	assert_int_equal(err[0], '\0');
	assert_int_equal(err[1], 'x');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_start_contents),
		cmocka_unit_test(test_short_forms),
		cmocka_unit_test(test_dotnet_form),
		cmocka_unit_test(test_reject_ranks),
		cmocka_unit_test(test_reject_pieces),
		cmocka_unit_test(test_reject_squares),
		cmocka_unit_test(test_reject_fields),
		cmocka_unit_test(test_reject_dotnet),
		cmocka_unit_test(test_rules_reading),
		cmocka_unit_test(test_error_buffer),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
