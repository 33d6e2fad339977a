/*
 * test_game.c: the game record and RULES.md "End of the game": every rule,
 * their order, resign and agreed draws, undo/redo, and the result names.
 */
#include "test_util.h"

static const struct game_rules rules_default = GAME_RULES_DEFAULT;

/* Start a game from a FEN. */
static void
start(struct game *g, const char *fen, const struct game_rules *rules)
{
	struct board b;

	tu_setup(&b, fen);
	game_init(g, &b, rules ? rules : &rules_default);
}

/* Play space-separated moves, each of which must be accepted. */
#define play(g, moves) play_((g), (moves), __FILE__, __LINE__)
static void
play_(struct game *g, const char *moves, const char *file, int line)
{
	char buf[1024], err[256];

	snprintf(buf, sizeof buf, "%s", moves);
	for (char *p = strtok(buf, " "); p != NULL; p = strtok(NULL, " ")) {
		if (game_play_text(g, p, err, sizeof err) != 0) {
			print_error("%s:%d: %s refused: %s\n", file, line, p,
			    err);
			_fail(file, line);
		}
		assert_true(board_hash_compute(game_board(g)) ==
		    game_board(g)->hash);
	}
}

#define assert_result(g, res, why) do { \
	assert_int_equal((g)->result, (res)); \
	assert_int_equal((g)->reason, (why)); \
	assert_int_equal(game_over(g), (res) != RESULT_NONE); \
} while (0)

#define assert_refused(g, text) do { \
	char e_[256] = ""; \
	int n_ = (g)->nply; \
	assert_int_equal(game_play_text((g), (text), e_, sizeof e_), -1); \
	assert_true(e_[0] != '\0'); \
	assert_int_equal((g)->nply, n_); \
} while (0)

/* ---- 1. Lion captured ---- */

static void
test_lion_captured(void **state)
{
	struct game g;

	(void)state;
	/* By the lion capture. */
	start(&g, "3l3/7/7/7/7/7/3L3 w 0 1", NULL);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "d1d7");
	/* Black has no lion and so no move: the first rule decides. */
	assert_result(&g, RESULT_WHITE_WINS, REASON_LION_CAPTURED);
	assert_refused(&g, "d7d6");
	game_free(&g);

	/* By a monkey jump (which also drowns the monkey). */
	start(&g, "7/7/3lp2/5M1/2p4/7/2L4 w 0 1", NULL);
	play(&g, "f4d6d4");
	assert_result(&g, RESULT_WHITE_WINS, REASON_LION_CAPTURED);
	game_free(&g);

	/* By an ordinary capture: a zebra. */
	start(&g, "3l3/7/2Z4/7/7/7/4L2 w 0 1", NULL);
	play(&g, "c5d7");
	assert_result(&g, RESULT_WHITE_WINS, REASON_LION_CAPTURED);
	game_free(&g);

	/* Black wins by a pawn capture that also promotes. */
	start(&g, "4l2/7/7/7/7/4p2/3L3 b 0 1", NULL);
	play(&g, "e2d1");
	assert_result(&g, RESULT_BLACK_WINS, REASON_LION_CAPTURED);
	game_free(&g);
}

/* ---- 2. No move ---- */

/*
 * Black: lion e7 and 13 monkeys filling ranks 6-7. White pawns on rank 5
 * block every step; white crocodiles (which never drown) on rank 4 block
 * every landing square beyond them.
 */
#define NO_MOVES_FEN "mmmmlmm/mmmmmmm/PPPPPPP/CCCCCCC/7/7/3L3 b 0 1"

static void
test_no_moves(void **state)
{
	struct game g;
	struct board b;
	enum game_reason why;

	(void)state;
	tu_setup(&b, NO_MOVES_FEN);
	assert_moves(&b, NULL, "");
	assert_int_equal(game_status(&b, NULL, 0, false, &rules_default,
	    &why), RESULT_WHITE_WINS);
	assert_int_equal(why, REASON_NO_MOVES);
	start(&g, NO_MOVES_FEN, NULL);
	assert_result(&g, RESULT_WHITE_WINS, REASON_NO_MOVES);
	assert_refused(&g, "e7e6");
	game_free(&g);

	/* Reached in play: the zebra closes the last hole. */
	start(&g, "mmmmlmm/mmmmmmm/PPPPPPP/CCCCCC1/7/5Z1/3L3 w 0 1", NULL);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "f2g4");
	assert_result(&g, RESULT_WHITE_WINS, REASON_NO_MOVES);
	game_free(&g);
}

/* ---- 3. Bare lions ---- */

static void
test_bare_lions(void **state)
{
	struct game g;

	(void)state;
	/* Lions out of each other's line: drawn at once. */
	start(&g, "3l3/7/7/7/7/7/2L4 w 0 1", NULL);
	assert_result(&g, RESULT_DRAW, REASON_BARE_LIONS);
	assert_refused(&g, "c1c2");
	game_free(&g);

	/* Facing lions: play goes on; stepping aside draws. */
	start(&g, "3l3/7/7/7/7/7/3L3 w 0 1", NULL);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "d1c1");
	assert_result(&g, RESULT_DRAW, REASON_BARE_LIONS);
	game_free(&g);

	/* Reached by a capture, lions not in line. */
	start(&g, "4l2/7/7/7/7/2p4/2L4 w 0 1", NULL);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "c1c2");
	assert_result(&g, RESULT_DRAW, REASON_BARE_LIONS);
	game_free(&g);

	/* Reached by a capture that leaves the lions facing: Black, to move,
	 * takes and wins. */
	start(&g, "4l2/7/7/7/7/7/3Ls2 w 0 1", NULL);
	play(&g, "d1e1");
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "e7e1");
	assert_result(&g, RESULT_BLACK_WINS, REASON_LION_CAPTURED);
	game_free(&g);

	/* A lion and one more piece is no draw. */
	start(&g, "3l3/7/7/7/7/P6/2L4 w 0 1", NULL);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	game_free(&g);
}

/* ---- 4. Repetition ---- */

#define SHUFFLE_FEN "4l2/p6/7/7/7/P6/2L4 w 0 1"

static void
test_repetition(void **state)
{
	struct game g;
	struct game_rules off = { false, 200 };

	(void)state;
	start(&g, SHUFFLE_FEN, NULL);
	/* The start position recurs after 4 and 8 plies: the third time
	 * draws; the position after ply 1 would only be third at ply 9. */
	play(&g, "c1c2 e7e6 c2c1 e6e7 c1c2 e7e6 c2c1");
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "e6e7");
	assert_result(&g, RESULT_DRAW, REASON_REPETITION);
	assert_int_equal(g.nply, 8);
	assert_refused(&g, "c1c2");
	game_free(&g);

	/* The option off: no draw. */
	start(&g, SHUFFLE_FEN, &off);
	play(&g, "c1c2 e7e6 c2c1 e6e7 c1c2 e7e6 c2c1 e6e7 c1c2 e7e6 c2c1 "
	    "e6e7");
	assert_result(&g, RESULT_NONE, REASON_NONE);
	game_free(&g);
}

static void
test_repetition_status(void **state)
{
	struct board hist[4], cur, other;
	enum game_reason why;

	(void)state;
	/* Same placement, other side to move: not the same position. (The
	 * current position has 4 quiet plies, as it would in play: a search
	 * may look back no further than the last capture.) */
	tu_setup(&cur, "4l2/p6/7/7/7/P6/2L4 w 4 3");
	tu_setup(&other, "4l2/p6/7/7/7/P6/2L4 b 0 1");
	tu_setup(&hist[1], "4l2/p6/7/7/7/P6/3L3 b 0 1");
	hist[0] = other;
	hist[2] = other;
	hist[3] = hist[1];
	assert_int_equal(game_status(&cur, hist, 4, false, &rules_default,
	    &why), RESULT_NONE);
	assert_int_equal(why, REASON_NONE);
	/* Two earlier occurrences with the same side: the third draws. */
	hist[0] = cur;
	hist[2] = cur;
	assert_int_equal(game_status(&cur, hist, 4, false, &rules_default,
	    &why), RESULT_DRAW);
	assert_int_equal(why, REASON_REPETITION);
	/* Only one earlier: not yet. */
	hist[2] = other;
	assert_int_equal(game_status(&cur, hist, 4, false, &rules_default,
	    &why), RESULT_NONE);
	/* Counters do not matter to the position. */
	tu_setup(&hist[2], "4l2/p6/7/7/7/P6/2L4 w 11 30");
	assert_int_equal(game_status(&cur, hist, 4, false, &rules_default,
	    &why), RESULT_DRAW);
	assert_int_equal(why, REASON_REPETITION);
}

/* ---- 5. Quiet moves ---- */

static void
test_quiet_moves(void **state)
{
	struct game g;
	struct game_rules four = { true, 4 }, off = { true, 0 };

	(void)state;
	/* Pawn moves do not reset the count. */
	start(&g, SHUFFLE_FEN, &four);
	play(&g, "a2a3 a6a5 c1c2");
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "e7e6");
	assert_result(&g, RESULT_DRAW, REASON_QUIET_MOVES);
	game_free(&g);

	/* The default is 200. */
	start(&g, "4l2/p6/7/7/7/P6/2L4 w 196 60", NULL);
	play(&g, "a2a3 a6a5 c1c2");
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "e7e6");
	assert_result(&g, RESULT_DRAW, REASON_QUIET_MOVES);
	game_free(&g);

	/* 0 turns it off. */
	start(&g, "4l2/p6/7/7/7/P6/2L4 w 300 60", &off);
	play(&g, "a2a3 a6a5 c1c2 e7e6");
	assert_result(&g, RESULT_NONE, REASON_NONE);
	game_free(&g);

	/* Reset by a capture. */
	start(&g, "4l2/p6/7/7/2p4/1M5/4L2 w 3 1", &four);
	play(&g, "b2d4");
	assert_int_equal(game_board(&g)->quiet, 0);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	game_free(&g);

	/* Reset by a drowning: without it the same move would draw. */
	start(&g, "4l2/p6/7/Z6/7/7/2L4 w 3 1", &four);
	play(&g, "c1c2");
	assert_int_equal(game_board(&g)->quiet, 0);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	game_free(&g);
	start(&g, "4l2/p6/7/7/7/P6/2L4 w 3 1", &four);
	play(&g, "c1c2");
	assert_result(&g, RESULT_DRAW, REASON_QUIET_MOVES);
	game_free(&g);

	/* Reset by a promotion. */
	start(&g, "4l2/2P4/7/7/7/p6/2L4 w 3 1", &four);
	play(&g, "c6c7");
	assert_int_equal(game_board(&g)->quiet, 0);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	game_free(&g);
}

static void
test_quiet_status(void **state)
{
	struct board b;
	enum game_reason why;

	(void)state;
	tu_setup(&b, "4l2/p6/7/7/7/P6/2L4 w 199 100");
	assert_int_equal(game_status(&b, NULL, 0, false, &rules_default,
	    &why), RESULT_NONE);
	tu_setup(&b, "4l2/p6/7/7/7/P6/2L4 w 200 100");
	assert_int_equal(game_status(&b, NULL, 0, false, &rules_default,
	    &why), RESULT_DRAW);
	assert_int_equal(why, REASON_QUIET_MOVES);
}

/* ---- Order of the rules ---- */

static void
test_order(void **state)
{
	struct game g;
	struct game_rules eight = { true, 8 };
	struct board b, after;
	enum game_reason why;

	(void)state;
	/* Repetition and quiet moves on the same ply: repetition. */
	start(&g, SHUFFLE_FEN, &eight);
	play(&g, "c1c2 e7e6 c2c1 e6e7 c1c2 e7e6 c2c1 e6e7");
	assert_int_equal(game_board(&g)->quiet, 8);
	assert_result(&g, RESULT_DRAW, REASON_REPETITION);
	game_free(&g);

	/* Bare lions and quiet moves: bare lions. */
	tu_setup(&b, "3l3/7/7/7/7/7/2L4 w 200 100");
	assert_int_equal(game_status(&b, NULL, 0, false, &rules_default,
	    &why), RESULT_DRAW);
	assert_int_equal(why, REASON_BARE_LIONS);

	/* Bare lions and repetition: bare lions. */
	{
		struct board h[2];

		h[0] = b;
		h[1] = b;
		assert_int_equal(game_status(&b, h, 2, false, &rules_default,
		    &why), RESULT_DRAW);
		assert_int_equal(why, REASON_BARE_LIONS);
	}

	/* Lion captured, with the loser left without moves and only one
	 * lion on the board: lion captured, for the mover. */
	tu_setup(&b, "3l3/7/7/7/7/7/3L3 w 0 1");
	after = b;
	tu_play(&after, "d1d7", NULL);
	assert_int_equal(game_status(&after, &b, 1, true, &rules_default,
	    &why), RESULT_WHITE_WINS);
	assert_int_equal(why, REASON_LION_CAPTURED);
	tu_setup(&b, "7/7/2l4/7/4L2/7/7 b 0 1");
	after = b;
	tu_play(&after, "c5e3", NULL);
	assert_int_equal(game_status(&after, &b, 1, true, &rules_default,
	    &why), RESULT_BLACK_WINS);
	assert_int_equal(why, REASON_LION_CAPTURED);

	/* No move beats the draw rules: the no-move position with a full
	 * quiet count. */
	tu_setup(&b, "mmmmlmm/mmmmmmm/PPPPPPP/CCCCCCC/7/7/3L3 b 200 90");
	assert_int_equal(game_status(&b, NULL, 0, false, &rules_default,
	    &why), RESULT_WHITE_WINS);
	assert_int_equal(why, REASON_NO_MOVES);
}

/* ---- 6. Resign, agreed draw ---- */

static void
test_resign_and_agree(void **state)
{
	struct game g;

	(void)state;
	start(&g, FEN_START, NULL);
	play(&g, "d2d3");
	game_resign(&g, WHITE);
	assert_result(&g, RESULT_BLACK_WINS, REASON_RESIGN);
	assert_refused(&g, "d6d5");
	game_free(&g);

	start(&g, FEN_START, NULL);
	game_resign(&g, BLACK);
	assert_result(&g, RESULT_WHITE_WINS, REASON_RESIGN);
	assert_refused(&g, "d2d3");
	game_free(&g);

	start(&g, FEN_START, NULL);
	game_agree_draw(&g);
	assert_result(&g, RESULT_DRAW, REASON_AGREEMENT);
	assert_refused(&g, "d2d3");
	game_free(&g);
}

/* ---- Playing, undo, redo ---- */

static void
test_play_errors(void **state)
{
	struct game g;
	char err[256];

	(void)state;
	start(&g, FEN_START, NULL);
	assert_int_equal(game_play_text(&g, "d2d5", err, sizeof err), -1);
	assert_contains(err, "d2d5 is not a legal move");
	assert_int_equal(game_play_text(&g, "zz", err, sizeof err), -1);
	assert_true(err[0] != '\0');
	assert_int_equal(game_play(&g, MOVE_MAKE(tu_sq("d2"), tu_sq("d5")),
	    err, sizeof err), -1);
	assert_true(err[0] != '\0');
	assert_int_equal(g.nply, 0);
	assert_int_equal(game_play(&g, MOVE_MAKE(tu_sq("d2"), tu_sq("d3")),
	    err, sizeof err), 0);
	assert_int_equal(g.nply, 1);
	assert_true(g.moves[0] == MOVE_MAKE(tu_sq("d2"), tu_sq("d3")));
	assert_fen(game_board(&g),
	    "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 1 1");
	game_free(&g);
}

static void
test_undo_redo(void **state)
{
	struct game g;

	(void)state;
	start(&g, FEN_START, NULL);
	assert_int_equal(game_undo(&g), -1);
	assert_int_equal(game_redo(&g), -1);
	play(&g, "d2d3 d6d5");
	assert_int_equal(g.nply, 2);
	assert_int_equal(game_undo(&g), 0);
	assert_int_equal(g.nply, 1);
	assert_int_equal(g.nredo, 1);
	assert_fen(game_board(&g),
	    "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 1 1");
	assert_int_equal(game_redo(&g), 0);
	assert_int_equal(g.nply, 2);
	assert_int_equal(game_redo(&g), -1);
	assert_fen(game_board(&g),
	    "gmelecz/ppp1ppp/3p3/7/3P3/PPP1PPP/GMELECZ w 2 2");
	assert_int_equal(game_undo(&g), 0);
	assert_int_equal(game_undo(&g), 0);
	assert_int_equal(game_undo(&g), -1);
	assert_int_equal(g.nply, 0);
	assert_fen(game_board(&g), FEN_START);
	assert_int_equal(game_redo(&g), 0);
	/* A new move drops what could be redone. */
	play(&g, "c6c5");
	assert_int_equal(g.nredo, 0);
	assert_int_equal(game_redo(&g), -1);
	assert_fen(game_board(&g),
	    "gmelecz/pp1pppp/2p4/7/3P3/PPP1PPP/GMELECZ w 2 2");
	game_free(&g);

	/* Undoing the winning move reopens the game; redo ends it again. */
	start(&g, "3l3/7/7/7/7/7/3L3 w 0 1", NULL);
	play(&g, "d1d7");
	assert_result(&g, RESULT_WHITE_WINS, REASON_LION_CAPTURED);
	assert_int_equal(game_undo(&g), 0);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "d1c1");
	assert_result(&g, RESULT_DRAW, REASON_BARE_LIONS);
	assert_int_equal(game_undo(&g), 0);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	play(&g, "d1d7");
	assert_result(&g, RESULT_WHITE_WINS, REASON_LION_CAPTURED);
	game_free(&g);

	/* Undo inside a repetition: the count follows the history. */
	start(&g, SHUFFLE_FEN, NULL);
	play(&g, "c1c2 e7e6 c2c1 e6e7 c1c2 e7e6 c2c1 e6e7");
	assert_result(&g, RESULT_DRAW, REASON_REPETITION);
	assert_int_equal(game_undo(&g), 0);
	assert_result(&g, RESULT_NONE, REASON_NONE);
	assert_int_equal(game_redo(&g), 0);
	assert_result(&g, RESULT_DRAW, REASON_REPETITION);
	game_free(&g);
}

static void
test_long_game(void **state)
{
	struct game g;
	uint64_t seed = 777;

	(void)state;
	/* The history grows on the heap: play a long game of random moves
	 * with the draw rules off and undo all of it. */
	for (int round = 0; round < 5; round++) {
		struct game_rules none = { false, 0 };
		int n = 0;

		start(&g, FEN_START, &none);
		while (!game_over(&g) && n < 600) {
			struct movelist ml;
			char err[256];

			movegen_legal(game_board(&g), &ml);
			seed = seed * 6364136223846793005ULL +
			    1442695040888963407ULL;
			assert_int_equal(game_play(&g,
			    ml.moves[(seed >> 33) % ml.n], err, sizeof err), 0);
			n++;
		}
		assert_int_equal(g.nply, n);
		while (game_undo(&g) == 0)
			;
		assert_int_equal(g.nply, 0);
		assert_fen(game_board(&g), FEN_START);
		game_free(&g);
	}
}

/* ---- Names ---- */

static void
test_names(void **state)
{
	char buf[128], small[8];

	(void)state;
	assert_string_equal(game_result_name(RESULT_NONE), "none");
	assert_string_equal(game_result_name(RESULT_WHITE_WINS), "white-wins");
	assert_string_equal(game_result_name(RESULT_BLACK_WINS), "black-wins");
	assert_string_equal(game_result_name(RESULT_DRAW), "draw");
	assert_string_equal(game_reason_name(REASON_LION_CAPTURED),
	    "lion-captured");
	assert_string_equal(game_reason_name(REASON_NO_MOVES), "no-moves");
	assert_string_equal(game_reason_name(REASON_BARE_LIONS), "bare-lions");
	assert_string_equal(game_reason_name(REASON_REPETITION), "repetition");
	assert_string_equal(game_reason_name(REASON_QUIET_MOVES),
	    "quiet-moves");
	assert_non_null(game_reason_name(REASON_RESIGN));
	assert_non_null(game_reason_name(REASON_AGREEMENT));
	assert_true(game_reason_name(REASON_RESIGN)[0] != '\0');
	assert_string_not_equal(game_reason_name(REASON_RESIGN),
	    game_reason_name(REASON_AGREEMENT));

	game_result_text(RESULT_WHITE_WINS, REASON_LION_CAPTURED, buf,
	    sizeof buf);
	assert_string_equal(buf, "White wins: lion captured");
	game_result_text(RESULT_DRAW, REASON_REPETITION, buf, sizeof buf);
	assert_string_equal(buf, "Draw: repetition");
	game_result_text(RESULT_BLACK_WINS, REASON_NO_MOVES, buf, sizeof buf);
	assert_true(strncmp(buf, "Black wins", 10) == 0);
	game_result_text(RESULT_DRAW, REASON_BARE_LIONS, buf, sizeof buf);
	assert_true(strncmp(buf, "Draw", 4) == 0);
	assert_contains(buf, "bare lions");
	game_result_text(RESULT_DRAW, REASON_QUIET_MOVES, buf, sizeof buf);
	assert_contains(buf, "quiet");
	game_result_text(RESULT_BLACK_WINS, REASON_RESIGN, buf, sizeof buf);
	assert_true(strncmp(buf, "Black wins", 10) == 0);
	game_result_text(RESULT_DRAW, REASON_AGREEMENT, buf, sizeof buf);
	assert_true(strncmp(buf, "Draw", 4) == 0);
	/* Cut, not overrun. */
	memset(small, 'x', sizeof small);
	game_result_text(RESULT_WHITE_WINS, REASON_LION_CAPTURED, small,
	    sizeof small);
	assert_non_null(memchr(small, '\0', sizeof small));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lion_captured),
		cmocka_unit_test(test_no_moves),
		cmocka_unit_test(test_bare_lions),
		cmocka_unit_test(test_repetition),
		cmocka_unit_test(test_repetition_status),
		cmocka_unit_test(test_quiet_moves),
		cmocka_unit_test(test_quiet_status),
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_resign_and_agree),
		cmocka_unit_test(test_play_errors),
		cmocka_unit_test(test_undo_redo),
		cmocka_unit_test(test_long_game),
		cmocka_unit_test(test_names),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
