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
#include "test_main.h"

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
	/* a score is judged as it is, the ceiling is the win%'s only */
	assert_int_equal(analyse_cp(9000, VARIANT_CONGO), 3982);
	assert_int_equal(analyse_cp(-9000, VARIANT_MEGAPAWN), -3000);
	near(analyse_winning_chances(0), 0);
	near(analyse_winning_chances(100), 0.18205);
	near(analyse_winning_chances(2000), 0.99874);
}

/*
 * lichess's thresholds on the -1..+1 scale of winning chances: a drop of
 * 0.1 an inaccuracy, 0.2 a mistake, 0.3 a blunder (5, 10, 15 points of
 * win%). From 0, chances(-54) = -0.09909, chances(-55) = -0.10091;
 * chances(-110) = -0.19979, -111: -0.20156; -168: -0.29980, -169: -0.30147.
 */
static void
test_classify(void **state)
{
	(void)state;
	assert_int_equal(analyse_classify(0), MARK_NONE);
	assert_int_equal(analyse_classify(0.0999), MARK_NONE);
	assert_int_equal(analyse_classify(0.1), MARK_INACCURACY);
	assert_int_equal(analyse_classify(0.1999), MARK_INACCURACY);
	assert_int_equal(analyse_classify(0.2), MARK_MISTAKE);
	assert_int_equal(analyse_classify(0.2999), MARK_MISTAKE);
	assert_int_equal(analyse_classify(0.3), MARK_BLUNDER);
	assert_int_equal(analyse_classify(1.9), MARK_BLUNDER);
	/* each threshold on either side, from 0 (mover's side) */
	assert_int_equal(analyse_judge(0, 0, -54, 0), MARK_NONE);
	assert_int_equal(analyse_judge(0, 0, -55, 0), MARK_INACCURACY);
	assert_int_equal(analyse_judge(0, 0, -110, 0), MARK_INACCURACY);
	assert_int_equal(analyse_judge(0, 0, -111, 0), MARK_MISTAKE);
	assert_int_equal(analyse_judge(0, 0, -168, 0), MARK_MISTAKE);
	assert_int_equal(analyse_judge(0, 0, -169, 0), MARK_BLUNDER);
	/* the same from +55: 0.10091 lost */
	assert_int_equal(analyse_judge(55, 0, 0, 0), MARK_INACCURACY);
	assert_int_equal(analyse_judge(54, 0, 0, 0), MARK_NONE);
	/* a gain is never marked */
	assert_int_equal(analyse_judge(-300, 0, 300, 0), MARK_NONE);
	/* no ceiling in the judgement: 2000 -> 460 drops 0.30930 (with
	 * 2000 counted 1000: 0.26146), 2000 -> 590 0.20324 */
	assert_int_equal(analyse_judge(2000, 0, 460, 0), MARK_BLUNDER);
	assert_int_equal(analyse_judge(2000, 0, 590, 0), MARK_MISTAKE);
	assert_int_equal(analyse_judge(2000, 0, 690, 0), MARK_INACCURACY);
}

/*
 * lichess's mate rules (Advice.scala's MateAdvice), mover's side, mate +N
 * the mover's forced win, -N the opponent's.
 */
static void
test_judge_mates(void **state)
{
	(void)state;
	/* the opponent's forced win appears: a blunder, a mistake below
	 * -700 before, an inaccuracy below -999 */
	assert_int_equal(analyse_judge(0, 0, -1000, -3), MARK_BLUNDER);
	assert_int_equal(analyse_judge(500, 0, -1000, -9), MARK_BLUNDER);
	assert_int_equal(analyse_judge(-700, 0, -1000, -3), MARK_BLUNDER);
	assert_int_equal(analyse_judge(-701, 0, -1000, -3), MARK_MISTAKE);
	assert_int_equal(analyse_judge(-999, 0, -1000, -3), MARK_MISTAKE);
	assert_int_equal(analyse_judge(-1000, 0, -1000, -3), MARK_INACCURACY);
	/* one's own forced win lost: a blunder, a mistake still above 700
	 * after, an inaccuracy above 999 */
	assert_int_equal(analyse_judge(1000, 4, 0, 0), MARK_BLUNDER);
	assert_int_equal(analyse_judge(1000, 4, 700, 0), MARK_BLUNDER);
	assert_int_equal(analyse_judge(1000, 4, 701, 0), MARK_MISTAKE);
	assert_int_equal(analyse_judge(1000, 4, 999, 0), MARK_MISTAKE);
	assert_int_equal(analyse_judge(1000, 4, 1000, 0), MARK_INACCURACY);
	assert_int_equal(analyse_judge(1000, 4, 3000, 0), MARK_INACCURACY);
	/* ... or turned into the opponent's: a blunder, whatever its cp */
	assert_int_equal(analyse_judge(1000, 4, -1000, -2), MARK_BLUNDER);
	assert_int_equal(analyse_judge(1000, 1, 1000, -12), MARK_BLUNDER);
	/* a forced win kept, even slower (lichess's MateDelayed: nothing) */
	assert_int_equal(analyse_judge(1000, 2, 1000, 7), MARK_NONE);
	/* one appears for the mover, or the opponent's goes: nothing */
	assert_int_equal(analyse_judge(-300, 0, 1000, 5), MARK_NONE);
	assert_int_equal(analyse_judge(-1000, -3, -400, 0), MARK_NONE);
	/* the opponent's forced win kept, even faster: nothing */
	assert_int_equal(analyse_judge(-1000, -5, -1000, -1), MARK_NONE);
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
	analyse_game_accuracy(ANALYSE_CP_INITIAL, cp, 3, WHITE, acc);
	assert_true(fabs(acc[WHITE] - 42.0626) < 0.001);
	assert_true(fabs(acc[BLACK] - 32.4017) < 0.001);
	/* Black first, scores 0, -300, 0: the start still counts 15 for
	 * White, so Black's first move gains (100, weight 0.6902); White's
	 * then drops 25.1126 (32.4017); Black's last as White's above.
	 * Black: weighted (100 * 0.6902 + 32.4017 * 12) / 12.6902 = 36.0781,
	 * harmonic 48.9448: 42.5115. */
	analyse_game_accuracy(ANALYSE_CP_INITIAL, (const int[]){ 0, -300, 0 },
	    3, BLACK, acc);
	assert_true(fabs(acc[BLACK] - 42.5115) < 0.001);
	assert_true(fabs(acc[WHITE] - 32.4017) < 0.001);
	/* nobody lost anything: 100 both */
	analyse_game_accuracy(ANALYSE_CP_INITIAL, up, 4, WHITE, acc);
	near(acc[WHITE], 100);
	near(acc[BLACK], 100);
	analyse_game_accuracy(ANALYSE_CP_INITIAL, cp, 1, WHITE, acc);
	near(acc[BLACK], -1);
	analyse_game_accuracy(ANALYSE_CP_INITIAL, cp, 0, WHITE, acc);
	near(acc[WHITE], -1);
	/* a game from a position White wins (1000, a tablebase's win in
	 * 15): its first move, to a draw (0), drops 97.5447 -> 50: accuracy
	 * 103.1668 * exp(-0.04354 * 47.5447) - 2.1669 = 10.8500, not the
	 * 94.98 of a start counted +0.15 */
	analyse_game_accuracy(ANALYSE_CP_CEILING, cp, 1, WHITE, acc);
	assert_true(fabs(acc[WHITE] - 10.8500) < 0.001);
}

/*
 * Marks from positions' scores (White's side, mate in brackets):
 * 20, 20, 400, 300, -1000 [-15], -1000 [-14], 0, -1000 [-1], and the game
 * ends with White's lion taken (-1000, won).
 *   ply 0, White plays the search's move: never marked;
 *   ply 1, Black, chances -0.03679 -> -0.62885: a drop of 0.59, a
 *          blunder (29.5 points of win%: only a mistake by the 30/20/10
 *          points of issue 24);
 *   ply 2, White, 0.62885 -> 0.50225: 0.12660 (6.3 points), an
 *          inaccuracy (none by 10 points);
 *   ply 3, Black gains a forced win: nothing;
 *   ply 4, White's move keeps Black's forced win: nothing;
 *   ply 5, Black's forced win in 14 lost to a draw: a blunder;
 *   ply 6, White plays the search's move into Black's forced win: the
 *          scores would make it a blunder, it is not marked (judged
 *          says so);
 *   ply 7, Black takes the lion in another way than the search's: won,
 *          never marked.
 */
static void
test_score_plies(void **state)
{
	struct analyse_pos pos[9];
	struct analyse_ply ply[8];
	struct analyse_result r = { 8, WHITE, pos, ply, { 0, 0 }, { { 0 } } };
	const int cp[] = { 20, 20, 400, 300, -1000, -1000, 0, -1000, -1000 };

	(void)state;
	memset(pos, 0, sizeof pos);
	memset(ply, 0, sizeof ply);
	for (int i = 0; i < 9; i++) {
		pos[i].white_cp = cp[i];
		pos[i].best = (move_t)(100 + i);
		pos[i].tb = -2;
	}
	for (int i = 0; i < 8; i++)
		ply[i].played = (move_t)(200 + i);
	ply[0].played = pos[0].best;
	pos[4].mate = -15;
	pos[5].mate = -14;
	pos[7].mate = -1;
	ply[6].played = pos[6].best;
	pos[8].won = true;
	pos[8].best = MOVE_NONE;
	analyse_score_plies(&r);
	assert_int_equal(ply[0].mark, MARK_NONE);
	assert_true(ply[0].best == MOVE_NONE);
	assert_int_equal(ply[1].mark, MARK_BLUNDER);
	assert_true(fabs(ply[1].drop - 29.5085) < 0.001);
	assert_true(ply[1].best == (move_t)101);
	assert_int_equal(ply[2].mark, MARK_INACCURACY);
	assert_true(fabs(ply[2].drop - 6.2362) < 0.001);
	assert_int_equal(ply[3].mark, MARK_NONE);
	assert_int_equal(ply[4].mark, MARK_NONE);
	assert_int_equal(ply[5].mark, MARK_BLUNDER);
	assert_int_equal(ply[6].mark, MARK_NONE);
	assert_int_equal(ply[6].judged, MARK_BLUNDER);
	assert_true(ply[6].best == MOVE_NONE);
	assert_int_equal(ply[7].mark, MARK_NONE);
	assert_int_equal(ply[7].judged, MARK_NONE);
	assert_int_equal(r.count[BLACK][MARK_BLUNDER], 2);
	assert_int_equal(r.count[BLACK][MARK_NONE], 2);
	assert_int_equal(r.count[WHITE][MARK_INACCURACY], 1);
	assert_int_equal(r.count[WHITE][MARK_NONE], 3);
	assert_true(r.accuracy[WHITE] > 0 && r.accuracy[BLACK] > 0);
}

/*
 * A game from a position White wins (a forced win in 15, as the tables
 * say it): the first move throws it away to a draw. The searched value of
 * that first position counts for the accuracy, not lichess's +0.15 of
 * the start: 10.85, with the blunder.
 */
static void
test_accuracy_from_position(void **state)
{
	struct analyse_pos pos[2];
	struct analyse_ply ply[1];
	struct analyse_result r = { 1, WHITE, pos, ply, { 0, 0 }, { { 0 } } };

	(void)state;
	memset(pos, 0, sizeof pos);
	memset(ply, 0, sizeof ply);
	pos[0].white_cp = ANALYSE_CP_CEILING;
	pos[0].mate = 15;
	pos[0].best = (move_t)100;
	pos[1].white_cp = 0;
	pos[1].best = (move_t)101;
	ply[0].played = (move_t)200;
	analyse_score_plies(&r);
	assert_int_equal(ply[0].mark, MARK_BLUNDER);
	assert_true(fabs(r.accuracy[WHITE] - 10.8500) < 0.001);
	near(r.accuracy[BLACK], -1);
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

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_win_percent),
	cmocka_unit_test(test_classify),
	cmocka_unit_test(test_judge_mates),
	cmocka_unit_test(test_move_accuracy),
	cmocka_unit_test(test_game_accuracy),
	cmocka_unit_test(test_score_plies),
	cmocka_unit_test(test_accuracy_from_position),
	cmocka_unit_test(test_walk_same))
