/*
 * test_analyse.c: a whole game's analysis (issue 24): the win percentage,
 * the marks, a move's and a game's accuracy on cases worked by hand, and
 * the walk over a real game at a node limit giving the same scores and
 * marks every run.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/analyse.h"
#include "ai/search.h"
#include "engine/fen.h"
#include "tb/tb.h"

#define near(a, b) assert_true(fabs((a) - (b)) < 1e-3)

/*
 * 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1):
 *   cp 100: exp(-0.368208) = 0.69195, 2 / 1.69195 - 1 = 0.18205,
 *   50 + 9.1026 = 59.1026; cp -100 mirrors it: 40.8974;
 *   cp 300: exp(-1.104624) = 0.33136, 2 / 1.33136 - 1 = 0.50225: 75.1126;
 *   beyond 1000 counts as 1000: exp(-3.68208) = 0.02518: 97.5447.
 */
static void
test_win_percent(void **state)
{
	(void)state;
	near(analyse_win_percent(0), 50.0);
	near(analyse_win_percent(100), 59.1026);
	near(analyse_win_percent(-100), 40.8974);
	near(analyse_win_percent(300), 75.1126);
	near(analyse_win_percent(1000), 97.5447);
	near(analyse_win_percent(5000), 97.5447);
	near(analyse_win_percent(-5000), 2.4553);
	/* the search's scale: a pawn is worth 226 in Congo, 300 for the
	 * megapawn variant's mPawn; a lion won is the ceiling */
	assert_int_equal(analyse_cp(226, VARIANT_CONGO), 100);
	assert_int_equal(analyse_cp(-452, VARIANT_CONGO), -200);
	assert_int_equal(analyse_cp(300, VARIANT_MEGAPAWN), 100);
	assert_int_equal(analyse_cp(SEARCH_WIN - 5, VARIANT_CONGO), 1000);
	assert_int_equal(analyse_cp(-SEARCH_WIN + 9, VARIANT_CONGO), -1000);
	assert_int_equal(analyse_cp(9000, VARIANT_CONGO), 1000);
}

static void
test_classify(void **state)
{
	(void)state;
	assert_int_equal(analyse_classify(0), MARK_NONE);
	assert_int_equal(analyse_classify(9.999), MARK_NONE);
	assert_int_equal(analyse_classify(10), MARK_INACCURACY);
	assert_int_equal(analyse_classify(19.99), MARK_INACCURACY);
	assert_int_equal(analyse_classify(20), MARK_MISTAKE);
	assert_int_equal(analyse_classify(29.99), MARK_MISTAKE);
	assert_int_equal(analyse_classify(30), MARK_BLUNDER);
	assert_int_equal(analyse_classify(97), MARK_BLUNDER);
	assert_int_equal(analyse_mark_nag(MARK_INACCURACY), 6);
	assert_int_equal(analyse_mark_nag(MARK_MISTAKE), 2);
	assert_int_equal(analyse_mark_nag(MARK_BLUNDER), 4);
	assert_int_equal(analyse_mark_nag(MARK_NONE), 0);
	assert_int_equal(analyse_mark_of_nag(4), MARK_BLUNDER);
	assert_int_equal(analyse_mark_of_nag(1), MARK_NONE);
	assert_string_equal(analyse_mark_symbol(MARK_BLUNDER), "??");
	assert_string_equal(analyse_mark_symbol(MARK_INACCURACY), "?!");
	assert_string_equal(analyse_mark_name(MARK_MISTAKE), "Mistake");
}

/*
 * 103.1668 * exp(-0.04354 * drop) - 3.1669, + 1 (lichess's bonus):
 *   drop 10: exp(-0.4354) = 0.64702, 66.7497 - 3.1669 + 1 = 64.5828;
 *   drop 30: exp(-1.3062) = 0.27087, 27.9448 - 2.1669 = 25.7779;
 *   drop 100: 1.3281 - 2.1669 < 0: 0. No drop (or a gain): 100.
 */
static void
test_move_accuracy(void **state)
{
	(void)state;
	near(analyse_move_accuracy(50, 50), 100);
	near(analyse_move_accuracy(40, 60), 100);
	assert_true(fabs(analyse_move_accuracy(60, 50) - 64.5828) < 0.01);
	assert_true(fabs(analyse_move_accuracy(80, 50) - 25.7779) < 0.01);
	near(analyse_move_accuracy(100, 0), 0);
}

/*
 * A game of three plies, White first, White's scores after them 0, 300,
 * 0 (the start counts 15): White's chances 51.3804, 50, 75.1126, 50.
 * Windows of 2 (3 plies / 10, at least 2): deviations 0.6902, 12.556
 * (counted 12), 12.556 (12).
 *   ply 0, White: drop 1.3804, accuracy 94.9818, weight 0.6902;
 *   ply 1, Black: 50 -> 24.8874, drop 25.1126, accuracy 32.4017;
 *   ply 2, White: 75.1126 -> 50, the same drop: 32.4017, weight 12.
 * White: weighted (94.9818 * 0.6902 + 32.4017 * 12) / 12.6902 = 35.8054,
 * harmonic 2 / (1 / 94.9818 + 1 / 32.4017) = 48.3199, their mean
 * 42.0626. Black, one move: 32.4017.
 */
static void
test_game_accuracy(void **state)
{
	const int cp[] = { 0, 300, 0 };
	const int up[] = { 30, 20, 40, -300 };
	double acc[2];

	(void)state;
	analyse_game_accuracy(cp, 3, WHITE, acc);
	assert_true(fabs(acc[WHITE] - 42.0626) < 0.001);
	assert_true(fabs(acc[BLACK] - 32.4017) < 0.001);
	/* Black first, scores 0, -300, 0: the start still counts 15 for
	 * White, so Black's first move gains (100, weight 0.6902); White's
	 * then drops 25.1126 (32.4017); Black's last as White's above.
	 * Black: weighted (100 * 0.6902 + 32.4017 * 12) / 12.6902 = 36.0781,
	 * harmonic 48.9448: 42.5115. */
	analyse_game_accuracy((const int[]){ 0, -300, 0 }, 3, BLACK, acc);
	assert_true(fabs(acc[BLACK] - 42.5115) < 0.001);
	assert_true(fabs(acc[WHITE] - 32.4017) < 0.001);
	/* nobody lost anything: 100 both */
	analyse_game_accuracy(up, 4, WHITE, acc);
	near(acc[WHITE], 100);
	near(acc[BLACK], 100);
	analyse_game_accuracy(cp, 1, WHITE, acc);
	near(acc[BLACK], -1);
	analyse_game_accuracy(cp, 0, WHITE, acc);
	near(acc[WHITE], -1);
}

/*
 * Marks from positions' scores (White's side): 20, 20, 400, 300, 250.
 *   ply 0, White plays the search's move: never marked;
 *   ply 1, Black, 48.1598 -> 18.6513: a drop of 29.51, a mistake;
 *   ply 2, White, 81.3487 -> 75.1126: 6.24, nothing;
 *   ply 3, Black gains, but its tablebase win became a draw: a blunder.
 */
static void
test_score_plies(void **state)
{
	struct analyse_pos pos[5];
	struct analyse_ply ply[4];
	struct analyse_result r = { 4, WHITE, pos, ply, { 0, 0 }, { { 0 } } };
	const int cp[] = { 20, 20, 400, 300, 250 };

	(void)state;
	memset(pos, 0, sizeof pos);
	memset(ply, 0, sizeof ply);
	for (int i = 0; i < 5; i++) {
		pos[i].white_cp = cp[i];
		pos[i].best = (move_t)(100 + i);
		pos[i].tb = -2;
	}
	for (int i = 0; i < 4; i++)
		ply[i].played = (move_t)(200 + i);
	ply[0].played = pos[0].best;
	pos[3].tb = TB_WIN;
	pos[4].tb = TB_DRAW;
	analyse_score_plies(&r);
	assert_int_equal(ply[0].mark, MARK_NONE);
	assert_true(ply[0].best == MOVE_NONE);
	assert_int_equal(ply[1].mark, MARK_MISTAKE);
	assert_true(fabs(ply[1].drop - 29.5085) < 0.001);
	assert_true(ply[1].best == (move_t)101);
	assert_int_equal(ply[2].mark, MARK_NONE);
	assert_true(fabs(ply[2].drop - 6.2362) < 0.001);
	assert_int_equal(ply[3].mark, MARK_BLUNDER);
	assert_true(ply[3].tb_blunder);
	near(ply[3].drop, 0);
	assert_int_equal(r.count[BLACK][MARK_MISTAKE], 1);
	assert_int_equal(r.count[BLACK][MARK_BLUNDER], 1);
	assert_int_equal(r.count[WHITE][MARK_NONE], 2);
	assert_true(r.accuracy[WHITE] > 0 && r.accuracy[BLACK] > 0);
}

/* A real game walked twice at 2000 nodes a position: the same. */
static void
test_walk_same(void **state)
{
	struct search_options o;
	struct search_ctx *ctx;
	struct analyse_limits lim;
	struct analyse_result a, b;
	struct game g;
	struct board start;
	char err[128];
	int i;

	(void)state;
	board_init();
	assert_int_equal(fen_read(&start, "gmelecz/ppppppp/7/7/7/PPPPPPP/"
	    "GMELECZ w 0 1", err, sizeof err), 0);
	game_init(&g, &start, NULL);
	for (i = 0; i < 10; i++) {
		/* the first legal move of each position */
		struct movelist ml;
		assert_true(movegen_legal(game_board(&g), &ml) > 0);
		assert_int_equal(game_play(&g, ml.moves[i % ml.n], err,
		    sizeof err), 0);
	}
	search_options_default(&o);
	ctx = search_new(&o);
	analyse_limits_default(&lim);
	lim.nodes = 2000;
	assert_int_equal(analyse_game(ctx, &g, &lim, NULL, NULL, NULL, &a), 0);
	assert_int_equal(analyse_game(ctx, &g, &lim, NULL, NULL, NULL, &b), 0);
	assert_int_equal(a.nply, 10);
	for (i = 0; i <= 10; i++) {
		assert_int_equal(a.pos[i].white_cp, b.pos[i].white_cp);
		assert_true(a.pos[i].best == b.pos[i].best);
		assert_true(a.pos[i].best != MOVE_NONE);
	}
	for (i = 0; i < 10; i++) {
		assert_int_equal(a.ply[i].mark, b.ply[i].mark);
		assert_true(a.ply[i].played == g.moves[i]);
	}
	near(a.accuracy[WHITE], b.accuracy[WHITE]);
	analyse_result_free(&a);
	analyse_result_free(&b);
	search_free(ctx);
	game_free(&g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_win_percent),
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_move_accuracy),
		cmocka_unit_test(test_game_accuracy),
		cmocka_unit_test(test_score_plies),
		cmocka_unit_test(test_walk_same),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
