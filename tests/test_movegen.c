/*
 * test_movegen.c: every piece's moves, compared in full to lists worked out
 * by hand from RULES.md "Pieces and letters", on open boards and with
 * blockers, on both sides of the river.
 *
 * Each case gives the position, the square and every move of the piece
 * there; the lions stand where they do not interfere (their own moves are
 * not in the list because only the moves from that square are compared).
 */
#include "test_util.h"

/* ---- Lion ---- */

static void
test_lion_open(void **state)
{
	(void)state;
	/* In the middle of its castle: all 8 neighbours are castle squares. */
	assert_fen_moves("7/4l2/7/7/7/3L3/7 w 0 1", "d2",
	    "d2c1 d2c2 d2c3 d2d1 d2d3 d2e1 d2e2 d2e3");
	assert_fen_moves("7/3l3/7/7/7/7/2L4 b 0 1", "d6",
	    "d6c5 d6c6 d6c7 d6d5 d6d7 d6e5 d6e6 d6e7");
	/* On the castle's edge it may not step out (b*, *4 are outside). */
	assert_fen_moves("7/4l2/7/7/2L4/7/7 w 0 1", "c3", "c3c2 c3d2 c3d3");
	assert_fen_moves("7/7/4l2/7/7/7/2L4 b 0 1", "e5", "e5d5 e5d6 e5e6");
}

static void
test_lion_blockers(void **state)
{
	(void)state;
	/* Own pawn d2 blocks, enemy pawn d3 is captured. */
	assert_fen_moves("7/4l2/7/7/2Lp3/3P3/7 w 0 1", "c3", "c3c2 c3d3");
	/* Black: own pawn d5 blocks, white zebra e7 is captured. */
	assert_fen_moves("4Z2/3l3/3p3/7/7/7/2L4 b 0 1", "d6",
	    "d6c5 d6c6 d6c7 d6d7 d6e5 d6e6 d6e7");
}

static void
test_lion_capture_file(void **state)
{
	(void)state;
	/* Open file: White takes d1d7. */
	assert_fen_moves("3l3/7/7/7/7/7/3L3 w 0 1", "d1",
	    "d1c1 d1c2 d1d2 d1d7 d1e1 d1e2");
	/* Black takes too, along the e file. */
	assert_fen_moves("4l2/7/7/7/7/7/4L2 b 0 1", "e7",
	    "e7d6 e7d7 e7e1 e7e6");
	/* Blocked by an enemy piece, by an own piece far away, by an own
	 * piece next to the lion: no lion capture. */
	assert_fen_moves("3l3/7/3p3/7/7/7/3L3 w 0 1", "d1",
	    "d1c1 d1c2 d1d2 d1e1 d1e2");
	assert_fen_moves("3l3/7/7/3P3/7/7/3L3 w 0 1", "d1",
	    "d1c1 d1c2 d1d2 d1e1 d1e2");
	assert_fen_moves("3l3/7/7/7/7/3Z3/3L3 w 0 1", "d1",
	    "d1c1 d1c2 d1e1 d1e2");
}

static void
test_lion_capture_diagonal(void **state)
{
	(void)state;
	/* c3-e5 and e3-c5 are the only diagonals joining the castles. */
	assert_fen_moves("7/7/4l2/7/2L4/7/7 w 0 1", "c3",
	    "c3c2 c3d2 c3d3 c3e5");
	assert_fen_moves("7/7/4l2/3P3/2L4/7/7 w 0 1", "c3",
	    "c3c2 c3d2 c3d3");
	assert_fen_moves("7/7/2l4/7/4L2/7/7 b 0 1", "c5",
	    "c5c6 c5d5 c5d6 c5e3");
	assert_fen_moves("7/7/2l4/3p3/4L2/7/7 b 0 1", "c5",
	    "c5c6 c5d5 c5d6");
}

static void
test_lion_capture_result(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	tu_setup(&b, "7/7/2l4/7/4L2/7/7 b 7 3");
	tu_play(&b, "c5e3", &fx);
	assert_true(fx.lion_captured);
	assert_int_equal(fx.ncaptured, 1);
	assert_int_equal(fx.captured_sq[0], tu_sq("e3"));
	assert_int_equal(fx.captured_piece[0], PIECE_MAKE(WHITE, LION));
	assert_int_equal(board_lion_sq(&b, WHITE), -1);
	assert_int_equal(board_lion_sq(&b, BLACK), tu_sq("e3"));
	assert_fen(&b, "7/7/7/7/4l2/7/7 w 0 4");
	/* With a lion missing there are no moves. */
	assert_moves(&b, NULL, "");
}

/* ---- Zebra ---- */

static void
test_zebra(void **state)
{
	(void)state;
	assert_fen_moves("3l3/7/7/7/2Z4/7/4L2 w 0 1", "c3",
	    "c3a2 c3a4 c3b1 c3b5 c3d1 c3d5 c3e2 c3e4");
	/* Own pawn d5 blocks, enemy e4 is taken, c4 next to it is leapt. */
	assert_fen_moves("3l3/7/3P3/2P1p2/2Z4/7/4L2 w 0 1", "c3",
	    "c3a2 c3a4 c3b1 c3b5 c3d1 c3e2 c3e4");
	/* Black zebra on its side by the edge: own lion e7 blocks. */
	assert_fen_moves("4l2/6z/7/5P1/7/7/2L4 b 0 1", "g6", "g6e5 g6f4");
	/* Black zebra on White's side. */
	assert_fen_moves("4l2/7/7/7/7/1z5/2L4 b 0 1", "b2",
	    "b2a4 b2c4 b2d1 b2d3");
}

/* ---- Elephant ---- */

static void
test_elephant(void **state)
{
	(void)state;
	assert_fen_moves("3l3/7/7/7/7/1E5/4L2 w 0 1", "b2",
	    "b2a2 b2b1 b2b3 b2b4 b2c2 b2d2");
	/* Own c2 blocks c2 but d2 is leapt to; enemy b3 taken; own b4. */
	assert_fen_moves("3l3/7/7/1P5/1p5/1EP4/4L2 w 0 1", "b2",
	    "b2a2 b2b1 b2b3 b2d2");
	/* White elephant across the river. */
	assert_fen_moves("2l4/4E2/7/7/7/7/2L4 w 0 1", "e6",
	    "e6c6 e6d6 e6e4 e6e5 e6e7 e6f6 e6g6");
	/* Black: c4 taken, c3 leapt to, own d5 blocks, e5 taken by the leap. */
	assert_fen_moves("3l3/7/2epP2/2P4/7/7/4L2 b 0 1", "c5",
	    "c5a5 c5b5 c5c3 c5c4 c5c6 c5c7 c5e5");
}

/* ---- Giraffe ---- */

static void
test_giraffe(void **state)
{
	(void)state;
	assert_fen_moves("3l3/7/7/7/2G4/7/3L3 w 0 1", "c3",
	    "c3a1 c3a3 c3a5 c3b2 c3b3 c3b4 c3c1 c3c2 c3c4 c3c5 c3d2 c3d3 "
	    "c3d4 c3e1 c3e3 c3e5");
	/*
	 * Enemies on b3 and c4 next to it cannot be taken by the step; the
	 * leap takes a3 and e5 over b3 and own d4; own c5 blocks the leap.
	 */
	assert_fen_moves("3l3/7/2P1p2/2pP3/ppG4/7/3L3 w 0 1", "c3",
	    "c3a1 c3a3 c3a5 c3b2 c3b4 c3c1 c3c2 c3d2 c3d3 c3e1 c3e3 c3e5");
	/* Black giraffe near White's edge: the leap takes the lion d2, the
	 * step cannot take e1 or f3, own g3 blocks. */
	assert_fen_moves("7/3l3/7/7/5Pp/3L1g1/4Z2 b 0 1", "f2",
	    "f2d2 f2d4 f2e2 f2e3 f2f1 f2f4 f2g1 f2g2");
	/* A white giraffe next to the black lion cannot take it by a step. */
	assert_fen_moves("4l2/5G1/7/7/7/7/2L4 w 0 1", "f6",
	    "f6d4 f6d6 f6e5 f6e6 f6f4 f6f5 f6f7 f6g5 f6g6 f6g7");
}

/* ---- Crocodile ---- */

static void
test_crocodile_land(void **state)
{
	(void)state;
	/* Slides b2 b3 b4 towards the river, the river square included. */
	assert_fen_moves("3l3/7/7/7/7/7/1C2L2 w 0 1", "b1",
	    "b1a1 b1a2 b1b2 b1b3 b1b4 b1c1 b1c2");
	/* Takes the first enemy, goes no further. */
	assert_fen_moves("3l3/7/7/7/1p5/7/1C2L2 w 0 1", "b1",
	    "b1a1 b1a2 b1b2 b1b3 b1c1 b1c2");
	/* Stops before an own piece. */
	assert_fen_moves("3l3/7/7/7/1P5/7/1C2L2 w 0 1", "b1",
	    "b1a1 b1a2 b1b2 b1c1 b1c2");
	/* May take an enemy standing in the river at the end of the slide. */
	assert_fen_moves("3l3/7/7/1p5/7/7/1C2L2 w 0 1", "b1",
	    "b1a1 b1a2 b1b2 b1b3 b1b4 b1c1 b1c2");
	assert_after("3l3/7/7/1p5/7/7/1C2L2 w 4 1", "b1b4",
	    "3l3/7/7/1C5/7/7/4L2 b 0 1");
	/* Slides only towards the river: no b3b1. */
	assert_fen_moves("3l3/7/7/7/1C5/7/4L2 w 0 1", "b3",
	    "b3a2 b3a3 b3a4 b3b2 b3b4 b3c2 b3c3 b3c4");
}

static void
test_crocodile_across(void **state)
{
	(void)state;
	/* A white crocodile on Black's side slides down to the river. */
	assert_fen_moves("3l1C1/7/7/7/7/7/2L4 w 0 1", "f7",
	    "f7e6 f7e7 f7f4 f7f5 f7f6 f7g6 f7g7");
	assert_fen_moves("3l1C1/7/5P1/7/7/7/2L4 w 0 1", "f7",
	    "f7e6 f7e7 f7f6 f7g6 f7g7");
	assert_fen_moves("3l1C1/7/5p1/7/7/7/2L4 w 0 1", "f7",
	    "f7e6 f7e7 f7f5 f7f6 f7g6 f7g7");
	/* Black on its own side: down to b4, never up the file. */
	assert_fen_moves("4l2/1c5/7/7/7/7/4L2 b 0 1", "b6",
	    "b6a5 b6a6 b6a7 b6b4 b6b5 b6b7 b6c5 b6c6 b6c7");
	/* Black on White's side: up towards the river, takes f3. */
	assert_fen_moves("4l2/7/7/7/5P1/7/3L1c1 b 0 1", "f1",
	    "f1e1 f1e2 f1f2 f1f3 f1g1 f1g2");
}

static void
test_crocodile_river(void **state)
{
	(void)state;
	/* In the river: steps, and rook slides along rank 4 only. */
	assert_fen_moves("3l3/7/7/3C3/7/7/3L3 w 0 1", "d4",
	    "d4a4 d4b4 d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5 d4f4 d4g4");
	/* Own b4 stops it, enemy f4 taken, enemy d5 taken by a step, own e3. */
	assert_fen_moves("3l3/7/3p3/1P1C1p1/4Z2/7/3L3 w 0 1", "d4",
	    "d4c3 d4c4 d4c5 d4d3 d4d5 d4e4 d4e5 d4f4");
	assert_fen_moves("3l3/7/7/c6/7/7/4L2 b 0 1", "a4",
	    "a4a3 a4a5 a4b3 a4b4 a4b5 a4c4 a4d4 a4e4 a4f4 a4g4");
	assert_fen_moves("3l3/7/7/c3P2/7/7/4L2 b 0 1", "a4",
	    "a4a3 a4a5 a4b3 a4b4 a4b5 a4c4 a4d4 a4e4");
}

/* ---- Monkey steps (jumps: test_monkey.c) ---- */

static void
test_monkey_steps(void **state)
{
	(void)state;
	assert_fen_moves("3l3/7/7/7/7/2M4/4L2 w 0 1", "c2",
	    "c2b1 c2b2 c2b3 c2c1 c2c3 c2d1 c2d2 c2d3");
	/* Enemy d3 cannot be taken by a step nor jumped (e4 occupied). */
	assert_fen_moves("3l3/7/7/4p2/3p3/1PM4/4L2 w 0 1", "c2",
	    "c2b1 c2b3 c2c1 c2c3 c2d1 c2d2");
}

/* ---- Pawn ---- */

static void
test_pawn_forward(void **state)
{
	(void)state;
	assert_fen_moves("3l3/7/7/7/7/3P3/4L2 w 0 1", "d2", "d2c3 d2d3 d2e3");
	/* Straight forward captures too; own c3 blocks. */
	assert_fen_moves("3l3/7/7/7/2Pp3/3P3/4L2 w 0 1", "d2", "d2d3 d2e3");
	assert_fen_moves("3l3/7/7/7/7/P6/4L2 w 0 1", "a2", "a2a3 a2b3");
	assert_fen_moves("3l3/4p2/7/7/7/7/4L2 b 0 1", "e6", "e6d5 e6e5 e6f5");
}

static void
test_pawn_river(void **state)
{
	(void)state;
	/* A pawn in the river is not across it: no retreat. */
	assert_fen_moves("3l3/7/7/3P3/7/7/4L2 w 0 1", "d4", "d4c5 d4d5 d4e5");
	assert_fen_moves("3l3/7/7/2p4/7/7/4L2 b 0 1", "c4", "c4b3 c4c3 c4d3");
}

static void
test_pawn_retreat(void **state)
{
	(void)state;
	/* Across: back one or two straight. */
	assert_fen_moves("4l2/7/3P3/7/7/7/2L4 w 0 1", "d5",
	    "d5c6 d5d3 d5d4 d5d6 d5e6");
	/* Never over a piece. */
	assert_fen_moves("4l2/7/3P3/3p3/7/7/2L4 w 0 1", "d5",
	    "d5c6 d5d6 d5e6");
	/* Never onto a piece, own or enemy (a retreat never captures). */
	assert_fen_moves("4l2/7/3P3/7/3P3/7/2L4 w 0 1", "d5",
	    "d5c6 d5d4 d5d6 d5e6");
	assert_fen_moves("4l2/7/3P3/7/3p3/7/2L4 w 0 1", "d5",
	    "d5c6 d5d4 d5d6 d5e6");
	/* From rank 6 the retreat may end in the river; e7 (the lion) is
	 * taken diagonally. */
	assert_fen_moves("4l2/3P3/7/7/7/7/2L4 w 0 1", "d6",
	    "d6c7 d6d4 d6d5 d6d7 d6e7");
	/* Black across the river retreats upwards. */
	assert_fen_moves("3l3/7/7/7/2p4/7/4L2 b 0 1", "c3",
	    "c3b2 c3c2 c3c4 c3c5 c3d2");
	assert_fen_moves("3l3/7/2P4/7/2p4/7/4L2 b 0 1", "c3",
	    "c3b2 c3c2 c3c4 c3d2");
	assert_fen_moves("3l3/7/7/7/7/2p4/4L2 b 0 1", "c2",
	    "c2b1 c2c1 c2c3 c2c4 c2d1");
}

static void
test_pawn_promotion(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	assert_fen_moves("3zl2/2P4/7/7/7/7/2L4 w 0 1", "c6",
	    "c6b7 c6c4 c6c5 c6c7 c6d7");
	/* By a move: the pawn is a superpawn at once; the quiet count resets. */
	tu_setup(&b, "3zl2/2P4/7/7/7/7/2L4 w 9 5");
	tu_play(&b, "c6c7", &fx);
	assert_true(fx.promoted);
	assert_int_equal(fx.ncaptured, 0);
	assert_int_equal(b.sq[tu_sq("c7")], PIECE_MAKE(WHITE, SUPERPAWN));
	assert_fen(&b, "2Szl2/7/7/7/7/7/2L4 b 0 5");
	/* By a capture. */
	tu_setup(&b, "3zl2/2P4/7/7/7/7/2L4 w 9 5");
	tu_play(&b, "c6d7", &fx);
	assert_true(fx.promoted);
	assert_int_equal(fx.ncaptured, 1);
	assert_int_equal(fx.captured_piece[0], PIECE_MAKE(BLACK, ZEBRA));
	assert_fen(&b, "3Sl2/7/7/7/7/7/2L4 b 0 5");
	/* Black promotes on rank 1; a black pawn on b2 may also retreat. */
	assert_fen_moves("3l3/7/7/7/7/1p5/4L2 b 0 1", "b2",
	    "b2a1 b2b1 b2b3 b2b4 b2c1");
	tu_setup(&b, "3l3/7/7/7/7/1p5/4L2 b 3 8");
	tu_play(&b, "b2b1", &fx);
	assert_true(fx.promoted);
	assert_fen(&b, "3l3/7/7/7/7/7/1s2L2 w 0 9");
	/* The new superpawn moves as one next turn (Black to move again). */
	tu_setup(&b, "3l3/7/7/7/7/7/1s2L2 b 0 9");
	assert_moves(&b, "b1", "b1a1 b1a2 b1b2 b1b3 b1c1 b1c2 b1d3");
	/* A pawn move that does not promote is quiet. */
	tu_setup(&b, "3l3/7/7/7/7/1p5/4L2 b 3 8");
	tu_play(&b, "b2b3", &fx);
	assert_false(fx.promoted);
	assert_fen(&b, "3l3/7/7/7/1p5/7/4L2 w 4 9");
}

/* ---- Superpawn ---- */

static void
test_superpawn(void **state)
{
	(void)state;
	assert_fen_moves("3l3/7/7/7/4L2/2S4/7 w 0 1", "c2",
	    "c2b1 c2b2 c2b3 c2c1 c2c3 c2d1 c2d2 c2d3");
	assert_fen_moves("4l2/7/3S3/7/7/7/2L4 w 0 1", "d5",
	    "d5b3 d5c4 d5c5 d5c6 d5d3 d5d4 d5d6 d5e4 d5e5 d5e6 d5f3");
	/*
	 * Sideways takes c5, own e5 blocks; forward takes d6; retreats never
	 * take (e4) nor land on own pieces (d3), nor pass pieces (c4 -> b3,
	 * e4 -> f3).
	 */
	assert_fen_moves("4l2/3p3/2pSP2/2P1p2/3Z3/7/2L4 w 0 1", "d5",
	    "d5c5 d5c6 d5d4 d5d6 d5e6");
	/* Straight two back blocked by d4. */
	assert_fen_moves("4l2/7/3S3/3P3/7/7/2L4 w 0 1", "d5",
	    "d5b3 d5c4 d5c5 d5c6 d5d6 d5e4 d5e5 d5e6 d5f3");
	/* Black superpawns retreat upwards, even on their own side. */
	assert_fen_moves("7/4s2/2l4/7/7/7/4L2 b 0 1", "e6",
	    "e6d5 e6d6 e6d7 e6e5 e6e7 e6f5 e6f6 e6f7");
	assert_fen_moves("3l3/7/7/7/4L2/7/s6 b 0 1", "a1",
	    "a1a2 a1a3 a1b1 a1b2 a1c3");
}

/* ---- Other movegen entry points ---- */

static void
test_start_position(void **state)
{
	struct board b;

	(void)state;
	tu_setup(&b, FEN_START);
	assert_moves(&b, NULL,
	    "a2a3 a2b3 b2a3 b2b3 b2c3 c2b3 c2c3 c2d3 d2c3 d2d3 d2e3 "
	    "e2d3 e2e3 e2f3 f2e3 f2f3 f2g3 g2f3 g2g3 "
	    "a1a3 a1c3 c1c3 e1e3 g1f3");
	tu_setup(&b, "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ b 0 1");
	assert_int_equal(movegen_count(&b), 24);
}

static void
test_captures_only(void **state)
{
	struct board b;
	struct movelist ml;
	char all[4096] = "", want[4096];
	size_t len = 0;

	(void)state;
	/* Captures or promotions: the three promotions of c6 (one takes d7);
	 * a2 is out of reach. */
	tu_setup(&b, "3zl2/2P4/7/7/7/p6/2L4 w 0 1");
	movegen_captures(&b, &ml);
	for (int i = 0; i < ml.n; i++) {
		char t[MOVE_TEXT_MAX];

		notation_write(ml.moves[i], t, sizeof t);
		len += snprintf(all + len, sizeof all - len, " %s", t);
	}
	tu_sort_words(all, want, sizeof want);
	assert_string_equal(want, "c6b7 c6c7 c6d7");
	/*
	 * The crocodile takes b4 by its slide and c2 by a step; the monkey
	 * jumps c2 to c3, then b4 to a5.
	 */
	tu_setup(&b, "3l3/7/7/1p5/7/2p4/1CM1L2 w 0 1");
	movegen_captures(&b, &ml);
	len = 0;
	all[0] = '\0';
	for (int i = 0; i < ml.n; i++) {
		char t[MOVE_TEXT_MAX];

		notation_write(ml.moves[i], t, sizeof t);
		len += snprintf(all + len, sizeof all - len, " %s", t);
	}
	tu_sort_words(all, want, sizeof want);
	assert_string_equal(want, "b1b4 b1c2 c1c3 c1c3a5");
}

static void
test_attacks_lion(void **state)
{
	struct board b;

	(void)state;
	tu_setup(&b, FEN_START);
	assert_false(movegen_attacks_lion(&b, WHITE));
	assert_false(movegen_attacks_lion(&b, BLACK));
	tu_setup(&b, "3l3/7/7/7/7/7/3L3 w 0 1");
	assert_true(movegen_attacks_lion(&b, WHITE));
	assert_true(movegen_attacks_lion(&b, BLACK));
	/* A zebra on c5 reaches d7; it is Black's turn but the question is
	 * whether White could. */
	tu_setup(&b, "3l3/7/2Z4/7/7/7/4L2 b 0 1");
	assert_true(movegen_attacks_lion(&b, WHITE));
	assert_false(movegen_attacks_lion(&b, BLACK));
	/* A monkey jumping the lion. */
	tu_setup(&b, "7/7/3l3/3M3/7/7/2L4 b 0 1");
	assert_true(movegen_attacks_lion(&b, WHITE));
	/* A giraffe's step cannot take the lion. */
	tu_setup(&b, "4l2/5G1/7/7/7/7/2L4 w 0 1");
	assert_false(movegen_attacks_lion(&b, WHITE));
}

/* Could the side not to move take this piece at once: by a leap, by a
 * monkey's jump over it (no landing there), not by a giraffe's step? */
static void
test_can_be_taken(void **state)
{
	struct board b;

	(void)state;
	/* Black's zebra on c5 reaches d3, not e1; White to move. */
	tu_setup(&b, "3l3/7/2z4/7/3E3/7/4L2 w 0 1");
	assert_true(movegen_can_be_taken(&b, SQ(3, 2)));
	assert_false(movegen_can_be_taken(&b, SQ(4, 0)));
	/* Black's monkey on d5 jumps d4 (landing d3), not d3 itself. */
	tu_setup(&b, "3l3/7/3m3/3E3/7/7/4L2 w 0 1");
	assert_true(movegen_can_be_taken(&b, SQ(3, 3)));
	tu_setup(&b, "3l3/7/3m3/7/3E3/7/4L2 w 0 1");
	assert_false(movegen_can_be_taken(&b, SQ(3, 2)));
	/* A giraffe takes only two away: its step next to d3 cannot. */
	tu_setup(&b, "3l3/7/7/3g3/3E3/7/4L2 w 0 1");
	assert_false(movegen_can_be_taken(&b, SQ(3, 2)));
	tu_setup(&b, "3l3/7/3g3/7/3E3/7/4L2 w 0 1");
	assert_true(movegen_can_be_taken(&b, SQ(3, 2)));
}

static void
test_no_lion_no_moves(void **state)
{
	struct board b;
	struct movelist ml;

	(void)state;
	board_init();
	board_clear(&b);
	board_put(&b, tu_sq("d1"), PIECE_MAKE(WHITE, LION));
	board_put(&b, tu_sq("a2"), PIECE_MAKE(WHITE, PAWN));
	board_put(&b, tu_sq("a6"), PIECE_MAKE(BLACK, PAWN));
	assert_int_equal(movegen_legal(&b, &ml), 0);
	assert_int_equal(movegen_count(&b), 0);
	b.side = BLACK;
	b.hash ^= board_zobrist_side;
	assert_int_equal(movegen_legal(&b, &ml), 0);
	assert_int_equal(movegen_count(&b), 0);
}

static void
test_is_legal(void **state)
{
	struct board b;

	(void)state;
	tu_setup(&b, FEN_START);
	assert_true(movegen_is_legal(&b, MOVE_MAKE(tu_sq("d2"), tu_sq("d3"))));
	assert_false(movegen_is_legal(&b, MOVE_MAKE(tu_sq("d2"), tu_sq("d4"))));
	assert_false(movegen_is_legal(&b, MOVE_MAKE(tu_sq("d7"), tu_sq("d6"))));
	assert_false(movegen_is_legal(&b, MOVE_NONE));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lion_open),
		cmocka_unit_test(test_lion_blockers),
		cmocka_unit_test(test_lion_capture_file),
		cmocka_unit_test(test_lion_capture_diagonal),
		cmocka_unit_test(test_lion_capture_result),
		cmocka_unit_test(test_zebra),
		cmocka_unit_test(test_elephant),
		cmocka_unit_test(test_giraffe),
		cmocka_unit_test(test_crocodile_land),
		cmocka_unit_test(test_crocodile_across),
		cmocka_unit_test(test_crocodile_river),
		cmocka_unit_test(test_monkey_steps),
		cmocka_unit_test(test_can_be_taken),
		cmocka_unit_test(test_pawn_forward),
		cmocka_unit_test(test_pawn_river),
		cmocka_unit_test(test_pawn_retreat),
		cmocka_unit_test(test_pawn_promotion),
		cmocka_unit_test(test_superpawn),
		cmocka_unit_test(test_start_position),
		cmocka_unit_test(test_captures_only),
		cmocka_unit_test(test_attacks_lion),
		cmocka_unit_test(test_no_lion_no_moves),
		cmocka_unit_test(test_is_legal),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
