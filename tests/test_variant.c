/*
 * test_variant.c: the megapawn variant (RULES.md "Variants"), worked out by
 * hand: islands, the mPawn, the Megapawn, promotion, repetition that loses,
 * bare lions playing on, the end rules' order, and the FEN refusals.
 */
#include "test_util.h"
#include "test_main.h"

/* Read a megapawn FEN that must be valid. */
static void
mp_setup(struct board *b, const char *fen)
{
	char err[256] = "";

	if (fen_read_variant(b, VARIANT_MEGAPAWN, fen, strlen(fen), err,
	    sizeof err) != 0)
		fail_msg("fen_read_variant(megapawn, \"%s\"): %s", fen, err);
	assert_int_equal(b->variant, VARIANT_MEGAPAWN);
	assert_true(board_hash_compute(b) == b->hash);
}

static void
mp_assert_moves(const char *fen, const char *from, const char *want)
{
	struct board b;

	mp_setup(&b, fen);
	assert_moves(&b, from, want);
}

/* The start position and its 19 moves, counted by hand: elephants a2 g2,
 * crocodiles b2 c2 e2 f2, lion c2 e2, the pawns a4 b4 / b4 c4 d4 / d4 e4
 * f4 / f4 g4 and d2's d3. */
static void
test_start(void **state)
{
	struct board b;
	char fen[FEN_MAX];

	(void)state;
	mp_setup(&b, variant_start_fen(VARIANT_MEGAPAWN));
	fen_write(&b, fen, sizeof fen);
	assert_string_equal(fen, FEN_START_MEGAPAWN);
	assert_string_equal(tu_moves(&b, NULL), "a1a2 a3a4 a3b4 c1b2 c1c2 "
	    "c3b4 c3c4 c3d4 d1c2 d1e2 d2d3 e1e2 e1f2 e3d4 e3e4 e3f4 g1g2 "
	    "g3f4 g3g4");
	assert_string_equal(variant_name(VARIANT_MEGAPAWN), "megapawn");
	assert_int_equal(variant_parse("megapawn"), VARIANT_MEGAPAWN);
	assert_int_equal(variant_parse("congo"), VARIANT_CONGO);
	assert_int_equal(variant_parse("Megapawn"), -1);
	/* The same placement in the two variants hashes differently. */
	{
		struct board c;
		tu_setup(&c, FEN_START_MEGAPAWN);
		assert_false(c.hash == b.hash);
		assert_false(board_same_position(&c, &b));
	}
}

/* A piece that ends on an island never drowns; one in deep water (c4 d4
 * e4) drowns at the end of its owner's next move. In Congo a4 is river. */
static void
test_islands_drowning(void **state)
{
	struct board b, c;
	struct move_effects fx;

	(void)state;
	/* White zebra b2 to a4 (island), then the lion moves: it stays. */
	mp_setup(&b, "3l3/7/7/7/7/1Z5/3L3 w 0 1");
	tu_play(&b, "b2a4", &fx);
	tu_play(&b, "d7d6", &fx);
	tu_play(&b, "d1d2", &fx);
	assert_int_equal(fx.ndrowned, 0);
	assert_true(b.sq[tu_sq("a4")] == PIECE_MAKE(WHITE, ZEBRA));
	/* Congo: the same zebra drowns. */
	tu_setup(&c, "3l3/7/7/7/7/1Z5/3L3 w 0 1");
	tu_play(&c, "b2a4", &fx);
	tu_play(&c, "d7d6", &fx);
	tu_play(&c, "d1d2", &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("a4"));
	/* Megapawn, deep water: b2 to c4, then the lion moves: drowned. */
	mp_setup(&b, "3l3/7/7/7/7/1Z5/3L3 w 0 1");
	tu_play(&b, "b2c4", &fx);
	assert_int_equal(fx.ndrowned, 0);
	tu_play(&b, "d7d6", &fx);
	tu_play(&b, "d1d2", &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("c4"));
	/* An elephant on the island b4 moves into deep water (d4): it began
	 * its move on land, so it survives this move (in Congo it began in
	 * the river and drowns at once). */
	mp_setup(&b, "3l3/7/7/1E5/7/7/3L3 w 0 1");
	tu_play(&b, "b4d4", &fx);
	assert_int_equal(fx.ndrowned, 0);
	assert_true(b.sq[tu_sq("d4")] == PIECE_MAKE(WHITE, ELEPHANT));
	tu_setup(&c, "3l3/7/7/1E5/7/7/3L3 w 0 1");
	tu_play(&c, "b4d4", &fx);
	assert_int_equal(fx.ndrowned, 1);
	/* Black too: a black zebra on the island g4 stays while Black's lion
	 * moves, the one on e4 (deep) drowns. */
	mp_setup(&b, "3l3/7/7/4z1z/7/7/3L3 b 0 1");
	tu_play(&b, "d7d6", &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("e4"));
	assert_true(b.sq[tu_sq("g4")] == PIECE_MAKE(BLACK, ZEBRA));
}

/* Islands are river squares to the crocodile: from land it slides up to
 * the island and stops; on an island it slides along the river. */
static void
test_islands_crocodile(void **state)
{
	(void)state;
	/* a2: steps a1 a3 b1 b2 b3, slide a3 a4 (stops at the river). */
	mp_assert_moves("3l3/7/7/7/7/C6/3L3 w 0 1", "a2",
	    "a2a1 a2a3 a2b1 a2b2 a2b3 a2a4");
	/* On the island a4: steps a3 a5 b3 b4 b5, along the river b4..g4
	 * (d4 holds a black pawn: captured, not passed). */
	mp_assert_moves("3l3/7/7/C2p3/7/7/3L3 w 0 1", "a4",
	    "a4a3 a4a5 a4b3 a4b4 a4b5 a4c4 a4d4");
	/* A crocodile never drowns, island or not. */
	{
		struct board b;
		struct move_effects fx;
		mp_setup(&b, "3l3/7/7/C1C4/7/7/3L3 w 0 1");
		tu_play(&b, "d1d2", &fx);
		assert_int_equal(fx.ndrowned, 0);
	}
}

/* The mPawn: forward (straight or diagonal) before the river, in it, on an
 * island; once across also sideways; never back. */
static void
test_mpawn(void **state)
{
	(void)state;
	/* Before the river (d3): forward only. */
	mp_assert_moves("3l3/7/7/7/3P3/7/4L2 w 0 1", "d3", "d3c4 d3d4 d3e4");
	/* In the river, deep (d4) and on an island (b4): forward only. */
	mp_assert_moves("3l3/7/7/3P3/7/7/4L2 w 0 1", "d4", "d4c5 d4d5 d4e5");
	mp_assert_moves("3l3/7/7/1P5/7/7/4L2 w 0 1", "b4", "b4a5 b4b5 b4c5");
	mp_assert_moves("3l3/7/7/P6/7/7/4L2 w 0 1", "a4", "a4a5 a4b5");
	/* Across (b5): forward and sideways, no retreat (a Congo pawn would
	 * retreat to b4 and b3). */
	mp_assert_moves("4l2/7/1P5/7/7/7/4L2 w 0 1", "b5",
	    "b5a6 b5b6 b5c6 b5a5 b5c5");
	assert_fen_moves("4l2/7/1P5/7/7/7/4L2 w 0 1", "b5",
	    "b5a6 b5b6 b5c6 b5b4 b5b3");
	/* Across, captures forward and sideways; own pieces block. */
	mp_assert_moves("4l2/1z5/pPZ4/7/7/7/4L2 w 0 1", "b5",
	    "b5a6 b5b6 b5c6 b5a5");
	/* Black: d5 before the river, d3 across (sideways c3 e3). */
	mp_assert_moves("3l3/7/3p3/7/7/7/4L2 b 0 1", "d5", "d5c4 d5d4 d5e4");
	mp_assert_moves("3l3/7/7/7/3p3/7/4L2 b 0 1", "d3",
	    "d3c2 d3d2 d3e2 d3c3 d3e3");
	/* A black mPawn beside the white lion, across: it attacks it
	 * sideways (the search's "check"), in Congo it does not. */
	{
		struct board b;
		mp_setup(&b, "2l4/7/7/7/7/2pL3/7 b 0 1");
		assert_true(movegen_attacks_lion(&b, BLACK));
		assert_true(tu_has_move(&b, "c2d2"));
		tu_setup(&b, "2l4/7/7/7/7/2pL3/7 b 0 1");
		assert_false(movegen_attacks_lion(&b, BLACK));
	}
}

/* The Megapawn: every square of the 5x5 block, leaping, move or capture. */
static void
test_megapawn_reach(void **state)
{
	struct board b;

	(void)state;
	/* Centre d4, surrounded by own and enemy pieces at distance one:
	 * it leaps over them; own ones are not targets. */
	mp_assert_moves("3l3/7/2z4/2ZQp2/7/7/4L2 w 0 1", "d4",
	    "d4b2 d4c2 d4d2 d4e2 d4f2 d4b3 d4c3 d4d3 d4e3 d4f3 "
	    "d4b4 d4e4 d4f4 d4b5 d4c5 d4d5 d4e5 d4f5 "
	    "d4b6 d4c6 d4d6 d4e6 d4f6");
	/* Corner a1: the 8 squares of its 3x3 block. */
	mp_assert_moves("3l3/7/7/7/7/7/Q3L2 w 0 1", "a1",
	    "a1a2 a1a3 a1b1 a1b2 a1b3 a1c1 a1c2 a1c3");
	/* A black Megapawn two squares from the white lion attacks it. */
	mp_setup(&b, "3l3/7/7/7/3q3/7/4L2 b 0 1");
	assert_true(movegen_attacks_lion(&b, BLACK));
	assert_true(tu_has_move(&b, "d3e1"));
	mp_setup(&b, "3l3/7/7/3q3/7/7/4L2 b 0 1");
	assert_false(movegen_attacks_lion(&b, BLACK));
}

/* A pawn reaching the far rank becomes a Megapawn (Congo: a Superpawn). */
static void
test_promotion(void **state)
{
	struct board b;
	struct move_effects fx;
	char fen[FEN_MAX];

	(void)state;
	mp_setup(&b, "3l3/2P4/7/7/7/7/4L2 w 0 1");
	tu_play(&b, "c6c7", &fx);
	assert_true(fx.promoted);
	assert_true(b.sq[tu_sq("c7")] == PIECE_MAKE(WHITE, MEGAPAWN));
	fen_write(&b, fen, sizeof fen);
	assert_string_equal(fen, "2Ql3/7/7/7/7/7/4L2 b 0 1");
	/* By capture, Black. */
	mp_setup(&b, "3l3/7/7/7/7/4p2/3L1Z1 b 0 1");
	tu_play(&b, "e2f1", &fx);
	assert_true(fx.promoted);
	assert_int_equal(fx.ncaptured, 1);
	assert_true(b.sq[tu_sq("f1")] == PIECE_MAKE(BLACK, MEGAPAWN));
	/* Congo: a Superpawn. */
	tu_setup(&b, "3l3/2P4/7/7/7/7/4L2 w 0 1");
	tu_play(&b, "c6c7", &fx);
	assert_true(b.sq[tu_sq("c7")] == PIECE_MAKE(WHITE, SUPERPAWN));
}

static void
play_all(struct game *g, const char *const *moves)
{
	char err[160];

	for (; *moves != NULL; moves++)
		if (game_play_text(g, *moves, err, sizeof err) != 0)
			fail_msg("%s: %s", *moves, err);
}

/* Black repeats the start: White wins at once (Congo plays on). */
static void
test_repetition_black_loses(void **state)
{
	static const char *const moves[] = { "a1a2", "d7c6", "a2a1", "c6d7",
	    NULL };
	struct game_rules rules = GAME_RULES_DEFAULT;
	struct board b;
	struct game g;
	char err[160], text[64];

	(void)state;
	mp_setup(&b, FEN_START_MEGAPAWN);
	game_init(&g, &b, &rules);
	assert_int_equal(g.variant, VARIANT_MEGAPAWN);
	play_all(&g, moves);
	assert_int_equal(g.result, RESULT_WHITE_WINS);
	assert_int_equal(g.reason, REASON_REPETITION);
	game_result_text(g.result, g.reason, text, sizeof text);
	assert_string_equal(text, "White wins: Black repeated a position");
	assert_int_equal(game_play_text(&g, "a1a2", err, sizeof err), -1);
	game_free(&g);
	/* The repetition option off: no loss. */
	rules.repetition = false;
	game_init(&g, &b, &rules);
	play_all(&g, moves);
	assert_int_equal(g.result, RESULT_NONE);
	game_free(&g);
	/* Congo: a second occurrence is nothing yet. */
	rules.repetition = true;
	tu_setup(&b, "3l3/7/7/7/7/7/E2L3 w 0 1");
	game_init(&g, &b, &rules);
	{
		static const char *const cm[] = { "a1a2", "d7c6", "a2a1",
		    "c6d7", NULL };
		play_all(&g, cm);
	}
	assert_int_equal(g.result, RESULT_NONE);
	game_free(&g);
}

/* White reaches a position seen before (a2 with Black's lion on d7, Black
 * to move, after the first move) by another way: Black wins. */
static void
test_repetition_white_loses(void **state)
{
	static const char *const moves[] = { "a1a2", "d7c6", "a2a3", "c6d7",
	    "a3a2", NULL };
	struct board b;
	struct game g;
	char text[64];

	(void)state;
	mp_setup(&b, "3l3/7/7/7/7/7/E2L3 w 0 1");
	game_init(&g, &b, NULL);
	play_all(&g, moves);
	assert_int_equal(g.result, RESULT_BLACK_WINS);
	assert_int_equal(g.reason, REASON_REPETITION);
	game_result_text(g.result, g.reason, text, sizeof text);
	assert_string_equal(text, "Black wins: White repeated a position");
	/* Undo takes the loss back; another move plays on. */
	assert_int_equal(game_undo(&g), 0);
	assert_int_equal(g.result, RESULT_NONE);
	assert_int_equal(game_play_text(&g, "a3a4", text, sizeof text), 0);
	assert_int_equal(g.result, RESULT_NONE);
	game_free(&g);
}

/* Repetition comes before the quiet-move draw. */
static void
test_repetition_before_quiet(void **state)
{
	static const char *const moves[] = { "a1a2", "d7c6", "a2a1", "c6d7",
	    NULL };
	struct game_rules rules = { true, 4 };
	struct board b;
	struct game g;

	(void)state;
	mp_setup(&b, FEN_START_MEGAPAWN);
	game_init(&g, &b, &rules);
	play_all(&g, moves);
	assert_int_equal(g.result, RESULT_WHITE_WINS);
	assert_int_equal(g.reason, REASON_REPETITION);
	game_free(&g);
	/* Without a repeat the same ply count is a quiet-move draw. */
	game_init(&g, &b, &rules);
	{
		static const char *const q[] = { "a1a2", "d7c6", "a2a1",
		    "c6d5", NULL };
		play_all(&g, q);
	}
	assert_int_equal(g.result, RESULT_DRAW);
	assert_int_equal(g.reason, REASON_QUIET_MOVES);
	game_free(&g);
}

/* Bare lions play on in megapawn; in Congo they draw at once. */
static void
test_bare_lions(void **state)
{
	struct board b;
	struct game g;

	(void)state;
	mp_setup(&b, "3l3/7/7/7/7/7/2L4 w 0 1");
	game_init(&g, &b, NULL);
	assert_int_equal(g.result, RESULT_NONE);
	assert_int_equal(game_play_text(&g, "c1d2", NULL, 0), 0);
	assert_int_equal(g.result, RESULT_NONE);
	/* Black steps into the line of White's lion: White takes it. */
	assert_int_equal(game_play_text(&g, "d7c6", NULL, 0), 0);
	assert_int_equal(g.result, RESULT_NONE);
	assert_int_equal(game_play_text(&g, "d2c3", NULL, 0), 0);
	assert_int_equal(game_play_text(&g, "c6d6", NULL, 0), 0);
	assert_int_equal(game_play_text(&g, "c3d3", NULL, 0), 0);
	assert_int_equal(g.result, RESULT_NONE);
	assert_int_equal(game_play_text(&g, "d6d3", NULL, 0), 0);
	assert_int_equal(g.result, RESULT_BLACK_WINS);
	assert_int_equal(g.reason, REASON_LION_CAPTURED);
	game_free(&g);
	tu_setup(&b, "3l3/7/7/7/7/7/2L4 w 0 1");
	game_init(&g, &b, NULL);
	assert_int_equal(g.result, RESULT_DRAW);
	assert_int_equal(g.reason, REASON_BARE_LIONS);
	game_free(&g);
}

/* FEN: each variant refuses the other's piece, naming letter and variant;
 * a NUL byte is refused wherever it stands. */
static void
test_fen_refusals(void **state)
{
	static const char q[] = "3lq2/7/7/7/7/7/3L3 w 0 1";
	static const char s[] = "3ls2/7/7/7/7/7/3L3 w 0 1";
	static const char nul[] = "3l3/7/7/7/7/7/3L3 w\0 0 1";
	struct board b;
	char err[256];

	(void)state;
	assert_int_equal(fen_read(&b, q, err, sizeof err), -1);
	assert_non_null(strstr(err, "'q'"));
	assert_non_null(strstr(err, "congo"));
	assert_int_equal(fen_read_variant(&b, VARIANT_MEGAPAWN, s, strlen(s),
	    err, sizeof err), -1);
	assert_non_null(strstr(err, "'s'"));
	assert_non_null(strstr(err, "megapawn"));
	assert_int_equal(fen_read_variant(&b, VARIANT_MEGAPAWN, q, strlen(q),
	    err, sizeof err), 0);
	assert_int_equal(fen_read_variant(&b, VARIANT_CONGO, s, strlen(s),
	    err, sizeof err), 0);
	/* Upper case too. */
	assert_int_equal(fen_read(&b, "3l3/7/7/7/7/7/3LQ2 w 0 1", err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "'Q'"));
	/* The NUL: the whole line is refused, not read up to it. */
	assert_int_equal(fen_read_variant(&b, VARIANT_CONGO, nul,
	    sizeof nul - 1, err, sizeof err), -1);
	assert_non_null(strstr(err, "NUL"));
	assert_int_equal(fen_read_variant(&b, VARIANT_CONGO, nul,
	    strlen(nul), err, sizeof err), 0);
	/* An unknown variant. */
	assert_int_equal(fen_read_variant(&b, 7, q, strlen(q), err,
	    sizeof err), -1);
}

/*
 * Every entry of the variant table (board_variant.c) holds together: its
 * name reads back, its start position reads as that variant and passes the
 * set-up checks with exactly the pieces start_count says, it has its
 * promotion piece, its islands are river squares, and the help has all its
 * lines. A third variant's entry is checked here without a new test.
 */
static void
test_table(void **state)
{
	(void)state;
	assert_int_equal(variant_get(-1), variant_get(VARIANT_CONGO));
	assert_int_equal(variant_get(NVARIANTS), variant_get(VARIANT_CONGO));
	for (int v = 0; v < NVARIANTS; v++) {
		const struct variant_desc *d = variant_get(v);
		const char *fen = d->start_fen;
		struct board b;
		char err[200];

		assert_int_equal(variant_parse(d->name), v);
		assert_string_equal(variant_name(v), d->name);
		assert_string_equal(variant_start_fen(v), fen);
		assert_non_null(d->title);
		assert_non_null(d->long_title);
		if (fen_read_variant(&b, v, fen, strlen(fen), err,
		    sizeof err) != 0)
			fail_msg("%s: its start: %s", d->name, err);
		assert_int_equal(b.variant, v);
		for (int c = 0; c < 2; c++)
			for (int t = 0; t < NPIECE_TYPES; t++)
				assert_int_equal(bb_popcount(b.pieces[c][t]),
				    d->start_count[t]);
		assert_true(variant_has_piece(v, d->promotion));
		assert_true(variant_has_piece(v, PAWN));
		assert_true(variant_has_piece(v, LION));
		assert_int_equal(d->islands & ~BB_RIVER, 0);
		assert_int_equal(board_deep[v], BB_RIVER & ~d->islands);
		assert_non_null(d->help_river);
		for (int i = 0; i < VARIANT_HELP_PAWN_LINES; i++)
			assert_non_null(d->help_pawn[i]);
		for (int i = 0; i < VARIANT_HELP_DROWN_LINES; i++)
			assert_non_null(d->help_drown[i]);
	}
	/* the rules RULES.md gives each */
	assert_int_equal(variant_get(VARIANT_CONGO)->repetition,
	    VREP_THIRD_DRAWS);
	assert_true(variant_get(VARIANT_CONGO)->bare_lions_draw);
	assert_int_equal(variant_get(VARIANT_MEGAPAWN)->repetition,
	    VREP_LOSES);
	assert_false(variant_get(VARIANT_MEGAPAWN)->bare_lions_draw);
	assert_false(variant_has_piece(VARIANT_CONGO, MEGAPAWN));
	assert_false(variant_has_piece(VARIANT_MEGAPAWN, SUPERPAWN));
	assert_int_equal(variant_parse("Congo"), -1);
	{
		static const char *const names[] = { VARIANT_NAMES };

		assert_int_equal(sizeof names / sizeof names[0], NVARIANTS);
		for (int v = 0; v < NVARIANTS; v++)
			assert_string_equal(names[v], variant_name(v));
	}
	assert_int_equal(variant_parse(NULL), -1);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_start),
	cmocka_unit_test(test_islands_drowning),
	cmocka_unit_test(test_islands_crocodile),
	cmocka_unit_test(test_mpawn),
	cmocka_unit_test(test_megapawn_reach),
	cmocka_unit_test(test_promotion),
	cmocka_unit_test(test_repetition_black_loses),
	cmocka_unit_test(test_repetition_white_loses),
	cmocka_unit_test(test_repetition_before_quiet),
	cmocka_unit_test(test_bare_lions),
	cmocka_unit_test(test_fen_refusals),
	cmocka_unit_test(test_table))
