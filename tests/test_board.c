/*
 * test_board.c: squares, pieces, put/remove, and board_make: every case of
 * RULES.md "The river and drowning", counters, and the incremental hash.
 */
#include "test_util.h"

/* ---- Squares and pieces ---- */

static void
test_squares(void **state)
{
	char name[3];

	(void)state;
	board_sq_name(0, name);
	assert_string_equal(name, "a1");
	board_sq_name(48, name);
	assert_string_equal(name, "g7");
	board_sq_name(SQ(3, 3), name);
	assert_string_equal(name, "d4");
	board_sq_name(SQ(6, 0), name);
	assert_string_equal(name, "g1");
	assert_int_equal(board_sq_parse("a1"), 0);
	assert_int_equal(board_sq_parse("g1"), 6);
	assert_int_equal(board_sq_parse("a7"), 42);
	assert_int_equal(board_sq_parse("g7"), 48);
	assert_int_equal(board_sq_parse("d4"), 24);
	assert_int_equal(board_sq_parse("h1"), -1);
	assert_int_equal(board_sq_parse("a8"), -1);
	assert_int_equal(board_sq_parse("a0"), -1);
	assert_int_equal(board_sq_parse("1a"), -1);
	assert_int_equal(board_sq_parse("a"), -1);
	assert_int_equal(board_sq_parse(""), -1);
	for (int s = 0; s < NSQ; s++) {
		board_sq_name(s, name);
		assert_int_equal(board_sq_parse(name), s);
	}
}

static void
test_pieces(void **state)
{
	static const char *names[] = { "lion", "zebra", "elephant", "giraffe",
	    "crocodile", "monkey", "pawn", "superpawn", "megapawn" };
	const char *letters = "LZEGCMPSQ";

	(void)state;
	for (int t = 0; t < NPIECE_TYPES; t++) {
		uint8_t w = PIECE_MAKE(WHITE, t), bl = PIECE_MAKE(BLACK, t);

		assert_int_equal(PIECE_COLOR(w), WHITE);
		assert_int_equal(PIECE_COLOR(bl), BLACK);
		assert_int_equal(PIECE_TYPE(w), t);
		assert_int_equal(PIECE_TYPE(bl), t);
		assert_int_equal(board_piece_letter(w), letters[t]);
		assert_int_equal(board_piece_letter(bl), tolower(letters[t]));
		assert_int_equal(board_piece_from_letter(letters[t]), w);
		assert_int_equal(board_piece_from_letter(tolower(letters[t])),
		    bl);
		assert_string_equal(board_piece_name(t), names[t]);
	}
	assert_int_equal(board_piece_from_letter('x'), 0);
	assert_int_equal(board_piece_from_letter('K'), 0);
	assert_int_equal(board_piece_from_letter('1'), 0);
	assert_int_equal(board_piece_from_letter('\0'), 0);
}

static void
test_put_remove(void **state)
{
	struct board b, c;

	(void)state;
	board_clear(&b);
	assert_int_equal(b.side, WHITE);
	assert_int_equal(b.quiet, 0);
	assert_int_equal(b.fullmove, 1);
	assert_true(b.occ[WHITE] == 0 && b.occ[BLACK] == 0);
	assert_true(board_hash_compute(&b) == b.hash);
	assert_int_equal(board_lion_sq(&b, WHITE), -1);
	assert_int_equal(board_lion_sq(&b, BLACK), -1);

	board_put(&b, tu_sq("d1"), PIECE_MAKE(WHITE, LION));
	board_put(&b, tu_sq("e7"), PIECE_MAKE(BLACK, LION));
	board_put(&b, tu_sq("b4"), PIECE_MAKE(BLACK, CROCODILE));
	assert_true(board_hash_compute(&b) == b.hash);
	assert_int_equal(board_lion_sq(&b, WHITE), tu_sq("d1"));
	assert_int_equal(board_lion_sq(&b, BLACK), tu_sq("e7"));
	assert_true(b.pieces[BLACK][CROCODILE] == BB(tu_sq("b4")));
	assert_true(b.occ[BLACK] == (BB(tu_sq("b4")) | BB(tu_sq("e7"))));
	assert_int_equal(b.sq[tu_sq("b4")], PIECE_MAKE(BLACK, CROCODILE));
	assert_fen(&b, "4l2/7/7/1c5/7/7/3L3 w 0 1");

	c = b;
	board_remove(&b, tu_sq("b4"));
	assert_true(board_hash_compute(&b) == b.hash);
	assert_true(b.hash != c.hash);
	assert_true(b.pieces[BLACK][CROCODILE] == 0);
	assert_int_equal(b.sq[tu_sq("b4")], PIECE_NONE);
	assert_false(board_same_position(&b, &c));
	board_put(&b, tu_sq("b4"), PIECE_MAKE(BLACK, CROCODILE));
	assert_true(b.hash == c.hash);
	assert_true(board_same_position(&b, &c));
}

static void
test_same_position(void **state)
{
	struct board a, b;

	(void)state;
	tu_setup(&a, "4l2/7/7/7/7/7/2L4 w 0 1");
	tu_setup(&b, "4l2/7/7/7/7/7/2L4 w 17 40");
	assert_true(board_same_position(&a, &b));
	assert_true(a.hash == b.hash);
	tu_setup(&b, "4l2/7/7/7/7/7/2L4 b 0 1");
	assert_false(board_same_position(&a, &b));
	assert_true(a.hash != b.hash);
	assert_true((a.hash ^ board_zobrist_side) == b.hash);
	tu_setup(&b, "4l2/7/7/7/7/7/3L3 w 0 1");
	assert_false(board_same_position(&a, &b));
	assert_true(a.hash != b.hash);
}

static void
test_draw_text(void **state)
{
	struct board b;
	char buf[2048], small[10];

	(void)state;
	tu_setup(&b, FEN_START);
	memset(buf, 'x', sizeof buf);
	board_draw_text(&b, buf, sizeof buf);
	assert_non_null(memchr(buf, '\0', sizeof buf));
	assert_non_null(strstr(buf, "G"));
	assert_non_null(strstr(buf, "z"));
	/* A short buffer is cut, not overrun (ASan watches). */
	board_draw_text(&b, small, sizeof small);
	assert_non_null(memchr(small, '\0', sizeof small));
	/* The grid alone: the same squares, none of the English words. */
	assert_non_null(strstr(buf, "   river\n"));
	assert_non_null(strstr(buf, "White to move\n"));
	board_draw_grid(&b, buf, sizeof buf);
	assert_non_null(strstr(buf, "4  ~ ~ ~ ~ ~ ~ ~\n"));
	assert_non_null(strstr(buf, "   a b c d e f g\n"));
	assert_null(strstr(buf, "river"));
	assert_null(strstr(buf, "to move"));
	board_draw_grid(&b, small, sizeof small);
	assert_non_null(memchr(small, '\0', sizeof small));
}

/* ---- Drowning (RULES.md "The river and drowning") ---- */

static void
test_enter_river_survives_then_drowns(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	tu_setup(&b, "4l2/7/7/7/7/1Z5/2L4 w 0 1");
	tu_play(&b, "b2c4", &fx);
	assert_int_equal(fx.ndrowned, 0);
	assert_fen(&b, "4l2/7/7/2Z4/7/7/2L4 b 1 1");
	tu_play(&b, "e7e6", &fx);
	assert_int_equal(fx.ndrowned, 0);
	assert_fen(&b, "7/4l2/7/2Z4/7/7/2L4 w 2 2");
	/* Left in the river while another piece moved: drowns, the quiet
	 * count resets. */
	tu_play(&b, "c1c2", &fx);
	assert_int_equal(fx.ncaptured, 0);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("c4"));
	assert_int_equal(fx.drowned_piece[0], PIECE_MAKE(WHITE, ZEBRA));
	assert_false(fx.promoted);
	assert_false(fx.lion_captured);
	assert_fen(&b, "7/4l2/7/7/7/2L4/7 b 0 2");
}

static void
test_move_along_river_drowns(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	tu_setup(&b, "4l2/7/7/2E4/7/7/2L4 w 0 1");
	tu_play(&b, "c4e4", &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("e4"));
	assert_fen(&b, "4l2/7/7/7/7/7/2L4 b 0 1");
	/* Leaving the river, either way, saves it. */
	assert_after("4l2/7/7/2E4/7/7/2L4 w 0 1", "c4c5",
	    "4l2/7/2E4/7/7/7/2L4 b 1 1");
	assert_after("4l2/7/7/2E4/7/7/2L4 w 0 1", "c4c2",
	    "4l2/7/7/7/7/2E4/2L4 b 1 1");
	/* A superpawn stepping sideways along the river drowns too. */
	assert_after("4l2/7/7/2S4/7/7/2L4 w 0 1", "c4d4",
	    "4l2/7/7/7/7/7/2L4 b 0 1");
	/* A capture along the river: the piece taken and the mover both go. */
	tu_setup(&b, "4l2/7/7/2E1p2/7/7/2L4 w 6 1");
	tu_play(&b, "c4e4", &fx);
	assert_int_equal(fx.ncaptured, 1);
	assert_int_equal(fx.captured_sq[0], tu_sq("e4"));
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("e4"));
	assert_fen(&b, "4l2/7/7/7/7/7/2L4 b 0 1");
}

static void
test_only_mover_drowns(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	/* White moves: Black's pawn in the river stays. */
	tu_setup(&b, "4l2/7/7/p6/7/1Z5/2L4 w 0 1");
	tu_play(&b, "b2c4", &fx);
	assert_int_equal(fx.ndrowned, 0);
	assert_fen(&b, "4l2/7/7/p1Z4/7/7/2L4 b 1 1");
	/* Black moves: its pawn drowns, White's zebra stays. */
	tu_play(&b, "e7e6", &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("a4"));
	assert_int_equal(fx.drowned_piece[0], PIECE_MAKE(BLACK, PAWN));
	assert_fen(&b, "7/4l2/7/2Z4/7/7/2L4 w 0 2");
	tu_play(&b, "c1c2", &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_fen(&b, "7/4l2/7/7/7/2L4/7 b 0 2");
	/* A black piece alone in the river. */
	assert_after("4l2/7/7/3z3/7/7/2L4 b 0 4", "e7e6",
	    "7/4l2/7/7/7/7/2L4 w 0 5");
}

static void
test_mover_from_land_spared(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	/* c2c4 enters the river from land: spared; a4 drowns. */
	tu_setup(&b, "4l2/7/7/Z6/7/2E4/2L4 w 7 1");
	tu_play(&b, "c2c4", &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("a4"));
	assert_fen(&b, "4l2/7/7/2E4/7/7/2L4 b 0 1");
	/* Both began in the river: both drown. */
	tu_setup(&b, "4l2/7/7/Z1E4/7/7/2L4 w 5 1");
	tu_play(&b, "c4e4", &fx);
	assert_int_equal(fx.ndrowned, 2);
	assert_fen(&b, "4l2/7/7/7/7/7/2L4 b 0 1");
	/* A pawn in the river leaves it forward: spared; one left drowns. */
	assert_after("4l2/7/7/3P3/7/7/2L4 w 0 1", "d4d5",
	    "4l2/7/3P3/7/7/7/2L4 b 1 1");
	assert_after("4l2/7/7/3P3/7/7/2L4 w 0 1", "c1c2",
	    "4l2/7/7/7/7/2L4/7 b 0 1");
}

static void
test_monkey_drowning(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	/* From the river out to c6 and back into it at e4: the captures
	 * count, the monkey drowns. */
	tu_setup(&b, "4l2/7/1p1p3/M6/7/7/2L4 w 3 1");
	assert_true(tu_has_move(&b, "a4c6e4"));
	tu_play(&b, "a4c6e4", &fx);
	assert_int_equal(fx.ncaptured, 2);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("e4"));
	assert_int_equal(fx.drowned_piece[0], PIECE_MAKE(WHITE, MONKEY));
	assert_fen(&b, "4l2/7/7/7/7/7/2L4 b 0 1");
	/* Stopping on land after the first jump saves it. */
	assert_after("4l2/7/1p1p3/M6/7/7/2L4 w 3 1", "a4c6",
	    "4l2/2M4/3p3/7/7/7/2L4 b 0 1");
	/* From land into the river: survives this turn, drowns next. */
	tu_setup(&b, "4l2/7/7/7/2p4/2M4/4L2 w 5 1");
	tu_play(&b, "c2c4", &fx);
	assert_int_equal(fx.ncaptured, 1);
	assert_int_equal(fx.ndrowned, 0);
	assert_fen(&b, "4l2/7/7/2M4/7/7/4L2 b 0 1");
	tu_play(&b, "e7e6", NULL);
	tu_play(&b, "e1e2", &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_fen(&b, "7/4l2/7/7/7/4L2/7 b 0 2");
}

static void
test_crocodile_never_drowns(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	tu_setup(&b, "4l2/7/7/C6/7/7/2L4 w 0 1");
	tu_play(&b, "c1c2", &fx);
	assert_int_equal(fx.ndrowned, 0);
	assert_fen(&b, "4l2/7/7/C6/7/2L4/7 b 1 1");
	assert_after("4l2/7/7/C6/7/7/2L4 w 0 1", "a4d4",
	    "4l2/7/7/3C3/7/7/2L4 b 1 1");
	assert_after("4l2/7/7/3c3/7/7/2L4 b 0 1", "e7e6",
	    "7/4l2/7/3c3/7/7/2L4 w 1 2");
}

static void
test_drowning_after_lion_capture(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	tu_setup(&b, "7/7/3l3/Z5p/3L3/7/7 w 4 1");
	tu_play(&b, "d3d5", &fx);
	assert_true(fx.lion_captured);
	assert_int_equal(fx.ncaptured, 1);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("a4"));
	assert_fen(&b, "7/7/3L3/6p/7/7/7 b 0 1");
}

/* ---- Counters ---- */

static void
test_counters(void **state)
{
	(void)state;
	/* Quiet plies grow on every non-capturing move, pawn moves included;
	 * the move number grows after Black's move. */
	assert_after(FEN_START, "d2d3 d6d5 c1c3 e7e5",
	    "gmel1cz/ppp1ppp/3pe2/7/2EP3/PPP1PPP/GM1LECZ w 4 3");
	/* A capture resets it. */
	assert_after("4l2/7/7/7/2p4/1M5/4L2 w 9 12", "b2d4",
	    "4l2/7/7/3M3/7/7/4L2 b 0 12");
}

/* ---- Hash and FEN round trip over random play ---- */

static void
test_hash_random_play(void **state)
{
	struct board b, r;
	uint64_t seed = 987654321;
	int nchains = 0, ndrown = 0, npromo = 0, nlion = 0;

	(void)state;
	for (int game = 0; game < 200; game++) {
		tu_setup(&b, FEN_START);
		for (int ply = 0; ply < 150; ply++) {
			struct movelist ml;
			struct move_effects fx;
			char fen[FEN_MAX], err[128];
			move_t m;

			if (movegen_legal(&b, &ml) == 0)
				break;
			seed = seed * 6364136223846793005ULL +
			    1442695040888963407ULL;
			m = ml.moves[(seed >> 33) % ml.n];
			board_make(&b, m, &fx);
			assert_true(board_hash_compute(&b) == b.hash);
			nchains += MOVE_NJUMPS(m) > 1;
			ndrown += fx.ndrowned > 0;
			npromo += fx.promoted;
			if (fx.lion_captured) {
				nlion++;
				break;
			}
			/* The FEN round trip gives the same board. */
			fen_write(&b, fen, sizeof fen);
			assert_int_equal(fen_read(&r, fen, err, sizeof err), 0);
			assert_true(board_same_position(&b, &r));
			assert_true(r.hash == b.hash);
			assert_int_equal(r.quiet, b.quiet);
			assert_int_equal(r.fullmove, b.fullmove);
			assert_true(memcmp(r.sq, b.sq, sizeof r.sq) == 0);
			for (int c = 0; c < 2; c++) {
				assert_true(r.occ[c] == b.occ[c]);
				for (int t = 0; t < NPIECE_TYPES; t++)
					assert_true(r.pieces[c][t] ==
					    b.pieces[c][t]);
			}
		}
	}
	print_message("chains %d drownings %d promotions %d lion captures %d\n",
	    nchains, ndrown, npromo, nlion);
	assert_true(nchains > 0);
	assert_true(ndrown > 0);
	assert_true(npromo > 0);
	assert_true(nlion > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_squares),
		cmocka_unit_test(test_pieces),
		cmocka_unit_test(test_put_remove),
		cmocka_unit_test(test_same_position),
		cmocka_unit_test(test_draw_text),
		cmocka_unit_test(test_enter_river_survives_then_drowns),
		cmocka_unit_test(test_move_along_river_drowns),
		cmocka_unit_test(test_only_mover_drowns),
		cmocka_unit_test(test_mover_from_land_spared),
		cmocka_unit_test(test_monkey_drowning),
		cmocka_unit_test(test_crocodile_never_drowns),
		cmocka_unit_test(test_drowning_after_lion_capture),
		cmocka_unit_test(test_counters),
		cmocka_unit_test(test_hash_random_play),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
