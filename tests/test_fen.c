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

/* fen_read must fail, leave the board alone and say something with all
 * the given words (NULL-terminated). */
static void
check_reject(const char *fen, ...)
{
	struct board b, before;
	char err[256];
	va_list ap;
	const char *w;

	tu_setup(&b, "4l2/7/7/C6/7/7/2L4 b 3 9");
	before = b;
	memset(err, 0, sizeof err);
	if (fen_read(&b, fen, err, sizeof err) != -1)
		fail_msg("fen_read accepted \"%s\"", fen);
	if (memcmp(&b, &before, sizeof b) != 0)
		fail_msg("fen_read(\"%s\") changed the board on error", fen);
	if (err[0] == '\0')
		fail_msg("fen_read(\"%s\") gave no message", fen);
	va_start(ap, fen);
	while ((w = va_arg(ap, const char *)) != NULL)
		if (!tu_contains(err, w))
			fail_msg("message for \"%s\" is \"%s\": no \"%s\"", fen,
			    err, w);
	va_end(ap);
}

static void
test_reject_ranks(void **state)
{
	(void)state;
	check_reject("gmelecz/ppppppp/7/7/2P5/PPPPPPP/GMELECZ w 0 1",
	    "rank 3", NULL);
	check_reject("gmelecz/ppppppp/7/6/7/PPPPPPP/GMELECZ w 0 1",
	    "rank 4", NULL);
	check_reject("gmelecz/ppppppp/7/7/7/PPPPPPPP/GMELECZ w 0 1",
	    "rank 2", NULL);
	check_reject("gmelecz/pppppp/7/7/7/PPPPPPP/GMELECZ w 0 1",
	    "rank 6", NULL);
	check_reject("gmelecz//7/7/7/PPPPPPP/GMELECZ w 0 1", "rank 6", NULL);
	/* Six ranks, eight ranks. */
	check_reject("gmelecz/ppppppp/7/7/PPPPPPP/GMELECZ w 0 1", NULL);
	check_reject("gmelecz/ppppppp/7/7/7/7/PPPPPPP/GMELECZ w 0 1", NULL);
	/* One of a kind is singular (issue 34: "1 ranks"). */
	check_reject("gmelecz w 0 1", "has 1 rank,", NULL);
	check_reject("7/7/7/7/7/7/1 w 0 1", "has 1 square,", NULL);
	check_reject("gmelecz/ppppppp/7/7/7/PPPPPPP/G w 0 1", "has 1 square,",
	    NULL);
}

static void
test_reject_pieces(void **state)
{
	(void)state;
	check_reject("gmelecz/ppppppp/7/3x3/7/PPPPPPP/GMELECZ w 0 1",
	    "unknown piece 'x'", NULL);
	check_reject("gmelecz/ppppppp/7/7/7/PPPPPPP/GMKLECZ w 0 1",
	    "unknown piece 'K'", NULL);
	check_reject("gmelecz/ppppppp/7/7/7/PPPPPPP/GME1ECZ w 0 1",
	    "no white lion", NULL);
	check_reject("gme1ecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1",
	    "no black lion", NULL);
	check_reject("gmelecz/ppppppp/3l3/7/7/PPPPPPP/GMELECZ w 0 1",
	    "black lion", NULL);
	check_reject("gmelecz/ppppppp/7/7/3L3/PPPPPPP/GMELECZ w 0 1",
	    "white lion", NULL);
}

static void
test_reject_lion_castle(void **state)
{
	(void)state;
	check_reject("4l2/7/7/7/7/7/L6 w 0 1", "castle", NULL);
	check_reject("7/7/7/7/7/7/l2L3 w 0 1", "castle", NULL);
	check_reject("4l2/7/7/7/7/5L1/7 w 0 1", "castle", NULL);
	check_reject("7/5l1/7/7/7/7/3L3 w 0 1", "castle", NULL);
	/* Both lions on the river are outside their castles too. */
	check_reject("7/7/7/2L1l2/7/7/7 w 0 1", "castle", NULL);
}

static void
test_reject_pawns(void **state)
{
	(void)state;
	/* On the far rank: it would have been promoted. */
	check_reject("P3l2/7/7/7/7/7/3L3 w 0 1", "pawn", NULL);
	check_reject("4l2/7/7/7/7/7/p2L3 w 0 1", "pawn", NULL);
	/* On its own first rank. */
	check_reject("4l2/7/7/7/7/7/P2L3 w 0 1", "pawn", NULL);
	check_reject("p3l2/7/7/7/7/7/3L3 w 0 1", "pawn", NULL);
	/* Superpawns may stand anywhere. */
	check_round_trip("S3l2/7/7/7/7/7/s2L3 w 0 1");
	check_round_trip("s3l2/7/7/7/7/7/S2L3 b 0 1");
}

static void
test_reject_fields(void **state)
{
	(void)state;
	check_reject(START_PLACEMENT " x 0 1", "side", NULL);
	check_reject(START_PLACEMENT " wb 0 1", "side", NULL);
	check_reject(START_PLACEMENT, "side", NULL);
	check_reject(START_PLACEMENT " w -1 1", "-1", NULL);
	check_reject(START_PLACEMENT " w a 1", NULL);
	check_reject(START_PLACEMENT " w 0 x", NULL);
	check_reject(START_PLACEMENT " w 0 -3", "-3", NULL);
	check_reject(START_PLACEMENT " w 0 1x", "1x", NULL);
	check_reject(START_PLACEMENT " w 99999999999999999999 1",
	    "9999999999", NULL);
	check_reject(START_PLACEMENT " w 0 99999999999999999999",
	    "9999999999", NULL);
	check_reject(START_PLACEMENT " w 0 1 xyz", NULL);
	check_reject(START_PLACEMENT " w 0 1 5", NULL);
	check_reject("", NULL);
	check_reject("   ", NULL);
	check_reject("w 0 1", NULL);
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
	struct board b;
	char err[256];

	(void)state;
	check_reject(START_PLACEMENT " W 0 1", "side", "'W'", NULL);
	check_reject(START_PLACEMENT " B 0 1", "side", "'B'", NULL);
	check_reject(START_PLACEMENT " W", "side", NULL);
	check_reject(START_PLACEMENT " B 3", "side", NULL);
	check_reject(START_PLACEMENT "/W/-1", "side", NULL);
	check_reject(START_PLACEMENT " w 0 0", "move number", "'0'", NULL);
	check_reject(START_PLACEMENT " b 5 0", "move number", NULL);
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
	check_reject(START_PLACEMENT " w 4294967296 1", "quiet",
	    "4294967296", "4294967295", NULL);
	check_reject(START_PLACEMENT " w 0 4294967296", "move number",
	    "4294967295", NULL);
	check_reject(START_PLACEMENT " w 4294967296", "move number", NULL);
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
	(void)state;
	check_reject(START_PLACEMENT "/w/5", "-1", NULL);
	check_reject(START_PLACEMENT "/w/0", NULL);
	check_reject(START_PLACEMENT "/x/-1", "side", NULL);
	check_reject(START_PLACEMENT "/w/", NULL);
	check_reject(START_PLACEMENT "/w", NULL);
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
		cmocka_unit_test(test_reject_lion_castle),
		cmocka_unit_test(test_reject_pawns),
		cmocka_unit_test(test_reject_fields),
		cmocka_unit_test(test_reject_dotnet),
		cmocka_unit_test(test_rules_reading),
		cmocka_unit_test(test_error_buffer),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
