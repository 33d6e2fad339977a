/*
 * test_uci.c: `congo --engine`, driven through uci_run with files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uci/uci.h"

#include "test_uci_util.h"
#include "test_main.h"

static void
expect(const char *commands, const char *want)
{
	char *got = run(commands);

	if (strcmp(got, want) != 0)
		fail_msg("commands:\n%s\nwant:\n%s\ngot:\n%s", commands, want,
		    got);
	free(got);
}

static void
expect_contains(const char *commands, const char *want)
{
	char *got = run(commands);

	if (strstr(got, want) == NULL)
		fail_msg("commands:\n%s\nwant a line with:\n%s\ngot:\n%s",
		    commands, want, got);
	free(got);
}

static void
test_handshake(void **state)
{
	(void)state;
	expect_contains("uci\n", "id name Congo ");
	expect_contains("uci\n", "\nuciok\n");
	expect("isready\n", "readyok\n");
	expect("ucinewgame\nisready\nquit\nisready\n", "readyok\n");
}

static void
test_position_and_fen(void **state)
{
	(void)state;
	expect("fen\n", "fen gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1\n");
	expect("position startpos moves d2d3 d6d5\nfen\n",
	    "fen gmelecz/ppp1ppp/3p3/7/3P3/PPP1PPP/GMELECZ w 2 2\n"
	    );
	expect("position fen 3l3/7/7/7/7/7/2L4 b 5 9\nfen\n",
	    "fen 3l3/7/7/7/7/7/2L4 b 5 9\n");
	/* The course's form and the .NET form are read too. */
	expect("position fen 3l3/7/7/7/7/7/2L4 b 9\nfen\n",
	    "fen 3l3/7/7/7/7/7/2L4 b 0 9\n");
	expect("position fen 3l3/7/7/7/7/7/2L4/w/-1\nfen\n",
	    "fen 3l3/7/7/7/7/7/2L4 w 0 1\n");
}

static void
test_bad_input_keeps_position(void **state)
{
	(void)state;
	expect("position startpos moves d2d3\nposition startpos moves d2d5\n"
	    "fen\n",
	    "error d2d5 is not a legal move (move 1 of the list)\n"
	    "fen gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 1 1\n");
	expect_contains("position fen 8/7/7/7/7/7/3L3 w\n",
	    "error bad FEN: rank 7 has 8 squares, not 7");
	expect_contains("position fen gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECX "
	    "w 0 1\n", "error bad FEN: unknown piece 'X'");
	expect_contains("position\n", "error ");
	expect_contains("position moves d2d3\n", "error ");
	expect_contains("bogus\n", "error unknown command 'bogus'");
	expect_contains("go perft x\n", "error ");
	expect_contains("go perft 0\n", "error ");
}

static void
test_moves_sorted(void **state)
{
	(void)state;
	expect("moves\n",
	    "moves a1a3 a1c3 a2a3 a2b3 b2a3 b2b3 b2c3 c1c3 c2b3 c2c3 c2d3 "
	    "d2c3 d2d3 d2e3 e1e3 e2d3 e2e3 e2f3 f2e3 f2f3 f2g3 g1f3 g2f3 "
	    "g2g3\n");
	/* A monkey chain is written with every landing. */
	expect("position fen 3l3/7/3p3/7/1p5/M6/2L4 w 0 1\nmoves\n",
	    "moves a2a1 a2a3 a2b1 a2b2 a2c4 a2c4e6 c1c2 c1d1 c1d2\n");
	/* Lions facing on a file: the lion capture is a move. */
	expect_contains("position fen 3l3/7/7/7/7/7/3L3 w 0 1\nmoves\n",
	    " d1d7 ");
}

/* A finished game accepts no more moves; perft ignores the draw rules. */
static void
test_game_over(void **state)
{
	(void)state;
	expect("position fen 3l3/7/7/7/7/7/2L4 w 0 1\nresult\nmoves\n",
	    "result draw bare-lions\nmoves\n");
	expect("position fen 3l3/7/7/7/7/7/2L4 w 0 1\ngo perft 1\n",
	    "c1c2: 1\nc1d1: 1\nc1d2: 1\nNodes searched: 3\n");
	/* Facing lions: not a draw, the side to move takes. */
	expect("position fen 3l3/7/7/7/7/7/3L3 w 0 1\nresult\n",
	    "result none\n");
	expect("position fen 3l3/7/7/7/7/7/3L3 w 0 1 moves d1d7\nresult\n"
	    "moves\n", "result white-wins lion-captured\nmoves\n");
	expect_contains("position fen 3l3/7/7/7/7/7/2L4 w 0 1 moves c1c2\n",
	    "error the game is over");
}

static void
test_perft_divide(void **state)
{
	char *got = run("go perft 3\n");

	(void)state;
	assert_non_null(strstr(got, "d2d3: "));
	assert_non_null(strstr(got, "\nNodes searched: 14332\n"));
	free(got);
}

static void
test_board_drawing(void **state)
{
	(void)state;
	expect_contains("d\n", "7  g m e l e c z");
	expect_contains("d\n", "4  ~ ~ ~ ~ ~ ~ ~");
	expect_contains("d\n", "White to move");
}


/* setoption UCI_Variant: the variant's start, moves, perft, fen, result. */
static void
test_variant(void **state)
{
	static const char mp[] = "setoption name UCI_Variant value megapawn\n";
	char cmd[512];

	(void)state;
	expect_contains("uci\n", "\noption name UCI_Variant type combo default "
	    "congo var congo var megapawn\n");
	snprintf(cmd, sizeof cmd, "%sfen\nposition startpos\nfen\n", mp);
	expect(cmd, "fen ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE w 0 1\n"
	    "fen ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE w 0 1\n");
	snprintf(cmd, sizeof cmd, "%smoves\n", mp);
	expect(cmd, "moves a1a2 a3a4 a3b4 c1b2 c1c2 c3b4 c3c4 c3d4 d1c2 d1e2 "
	    "d2d3 e1e2 e1f2 e3d4 e3e4 e3f4 g1g2 g3f4 g3g4\n");
	snprintf(cmd, sizeof cmd, "%sgo perft 4\n", mp);
	expect_contains(cmd, "\nNodes searched: 173454\n");
	/* The mPawn steps sideways across the river; promotion to Q. */
	snprintf(cmd, sizeof cmd, "%sposition fen 3l3/2P4/7/7/7/7/4L2 w 0 1 "
	    "moves c6c7\nfen\n", mp);
	expect(cmd, "fen 2Ql3/7/7/7/7/7/4L2 b 0 1\n");
	/* Repetition loses: Black repeats the start, White another
	 * position. */
	snprintf(cmd, sizeof cmd, "%sposition startpos moves a1a2 d7c6 a2a1 "
	    "c6d7\nresult\nmoves\n", mp);
	expect(cmd, "result white-wins repetition\nmoves\n");
	snprintf(cmd, sizeof cmd, "%sposition fen 3l3/7/7/7/7/7/E2L3 w 0 1 "
	    "moves a1a2 d7c6 a2a3 c6d7 a3a2\nresult\n", mp);
	expect(cmd, "result black-wins repetition\n");
	/* Bare lions play on. */
	snprintf(cmd, sizeof cmd, "%sposition fen 3l3/7/7/7/7/7/2L4 w 0 1\n"
	    "result\n", mp);
	expect(cmd, "result none\n");
	expect("position fen 3l3/7/7/7/7/7/2L4 w 0 1\nresult\n",
	    "result draw bare-lions\n");
	/* Each variant refuses the other's piece. */
	snprintf(cmd, sizeof cmd, "%sposition fen 3ls2/7/7/7/7/7/3L3 w 0 1\n",
	    mp);
	expect(cmd, "error bad FEN: the superpawn 's' is not a piece of the "
	    "megapawn variant\n");
	expect("position fen 3lq2/7/7/7/7/7/3L3 w 0 1\n", "error bad FEN: "
	    "the megapawn 'q' is not a piece of the congo variant\n");
	/* Back to congo; an unknown variant changes nothing. */
	snprintf(cmd, sizeof cmd, "%ssetoption name uci_variant value congo\n"
	    "fen\n", mp);
	expect(cmd, "fen gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1\n");
	snprintf(cmd, sizeof cmd, "%ssetoption name UCI_Variant value chess\n"
	    "ucinewgame\nfen\n", mp);
	expect(cmd, "error unknown variant 'chess' (congo or megapawn)\n"
	    "fen ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE w 0 1\n");
	/* go follows the variant: a legal megapawn move. */
	snprintf(cmd, sizeof cmd, "%ssetoption name Depth value 2\ngo\n", mp);
	{
		char *got = run(cmd), *bm = strstr(got, "bestmove ");
		assert_non_null(bm);
		assert_true(strncmp(bm, "bestmove a1a2", 13) == 0 ||
		    strstr("a3a4 a3b4 c1b2 c1c2 c3b4 c3c4 c3d4 d1c2 d1e2 d2d3 "
		    "e1e2 e1f2 e3d4 e3e4 e3f4 g1g2 g3f4 g3g4",
		    (char[5]){ bm[9], bm[10], bm[11], bm[12], 0 }) != NULL);
		free(got);
	}
}

/* A line holding a NUL byte is refused whole (a FEN cut at the NUL would
 * be another position). */
static void
test_nul_byte(void **state)
{
	static const char in_bytes[] = "position fen 3l3/7/7/7/7/7/3L3 w\0 0 1"
	    "\nfen\n";
	FILE *in = tmpfile(), *out = tmpfile();
	char buf[512];
	size_t n;

	(void)state;
	assert_non_null(in);
	assert_non_null(out);
	assert_int_equal(fwrite(in_bytes, 1, sizeof in_bytes - 1, in),
	    sizeof in_bytes - 1);
	rewind(in);
	assert_int_equal(uci_run(in, out), 0);
	rewind(out);
	n = fread(buf, 1, sizeof buf - 1, out);
	buf[n] = '\0';
	assert_string_equal(buf, "error the line holds a NUL byte\n"
	    "fen gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1\n");
	fclose(in);
	fclose(out);
}

/* The pv's first move and the score (cp, or +-100000-n for win/loss n)
 * of line k (multipv k) of depth d in out; 0 when there is no such
 * line. */
static int
mpv_line(const char *out, int d, int k, char *first, int *score)
{
	char want[80], kind[8];
	const char *p;
	int v;

	snprintf(want, sizeof want, "info depth %d multipv %d score ", d, k);
	p = strstr(out, want);
	if (p == NULL)
		return 0;
	p += strlen(want);
	if (sscanf(p, "%7s %d", kind, &v) != 2)
		return 0;
	*score = strcmp(kind, "win") == 0 ? 100000 - v :
	    strcmp(kind, "loss") == 0 ? -100000 + v : v;
	p = strstr(p, " pv ");
	if (p == NULL || sscanf(p + 4, "%15s", first) != 1)
		return 0;
	return 1;
}

/* setoption MultiPV: N lines a depth, `info depth D multipv K`, distinct
 * first moves ordered by score, line 1 the bestmove; the range checked. */
static void
test_multipv(void **state)
{
	static const char *const positions[] = {
		"position startpos\n",
		"position fen 3e3/pml2pc/pz2ge1/3p3/PPG4/1PMLZ1C/4EE1 w 0 23\n",
		"position fen gmele2/pppz1pc/3p1p1/7/1PPP1CP/PP1L3/GME1E1Z w 7 9\n",
	};
	char cmd[400], first[3][16], best[16], one[16];
	int score[3], d, k, j;
	size_t i;
	char *out;

	(void)state;
	expect_contains("uci\n", "option name MultiPV type spin default 1 "
	    "min 1 max 5\n");
	expect("setoption name MultiPV value 0\n", "error MultiPV must be "
	    "1..5 (the lines reported), not '0'\n");
	expect("setoption name multipv value 6\n", "error MultiPV must be "
	    "1..5 (the lines reported), not '6'\n");
	expect("setoption name MultiPV value three\n", "error MultiPV must "
	    "be 1..5 (the lines reported), not 'three'\n");
	for (i = 0; i < sizeof positions / sizeof positions[0]; i++) {
		snprintf(cmd, sizeof cmd, "setoption name MultiPV value 3\n"
		    "%sgo depth 5\n", positions[i]);
		out = run(cmd);
		for (d = 1; d <= 5; d++) {
			for (k = 0; k < 3; k++) {
				if (!mpv_line(out, d, k + 1, first[k], &score[k]))
					fail_msg("no line %d of depth %d:\n%s",
					    k + 1, d, out);
				for (j = 0; j < k; j++) {
					assert_string_not_equal(first[j],
					    first[k]);
					assert_true(score[j] >= score[k]);
				}
			}
			assert_false(mpv_line(out, d, 4, first[0], &score[0]));
		}
		assert_int_equal(sscanf(strstr(out, "bestmove "), "bestmove "
		    "%15s", best), 1);
		mpv_line(out, 5, 1, first[0], &score[0]);
		assert_string_equal(best, first[0]);
		free(out);
		/* one line: no multipv, the same move at the same depth */
		snprintf(cmd, sizeof cmd, "%sgo depth 5\n", positions[i]);
		out = run(cmd);
		assert_null(strstr(out, "multipv"));
		assert_int_equal(sscanf(strstr(out, "bestmove "), "bestmove "
		    "%15s", one), 1);
		assert_string_equal(best, one);
		free(out);
	}
	/* more lines than moves: one a move (the lone lion has three) */
	out = run("setoption name MultiPV value 5\nposition fen "
	    "4l2/5p1/7/7/7/7/2L4 w 0 1\ngo depth 3\n");
	assert_true(mpv_line(out, 3, 3, first[0], &score[0]));
	assert_false(mpv_line(out, 3, 4, first[0], &score[0]));
	assert_non_null(strstr(out, "bestmove c1"));
	free(out);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_handshake),
	cmocka_unit_test(test_multipv),
	cmocka_unit_test(test_position_and_fen),
	cmocka_unit_test(test_bad_input_keeps_position),
	cmocka_unit_test(test_moves_sorted),
	cmocka_unit_test(test_game_over),
	cmocka_unit_test(test_perft_divide),
	cmocka_unit_test(test_board_drawing),
	cmocka_unit_test(test_variant),
	cmocka_unit_test(test_nul_byte))
