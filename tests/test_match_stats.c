/*
 * test_match_stats.c: the match runner's statistics (src/ai/match_stats.c)
 * against values worked by hand: Elo with its 95% error bar from game
 * pairs (pentanomial), the normalized Elo and LOS of the pairs, the SPRT's
 * log-likelihood ratio of pairs and of games, and the pairs counted from
 * a match's games (2k, 2k+1).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "test_main.h"

#define NEAR(a, b, eps) assert_true(fabs((a) - (b)) < (eps))

/*
 * Ten pairs: 1 scored 0, 2 scored 1/2, 3 scored 1, 3 scored 3/2, 1 scored
 * 2 (of 2 points). As a pair's fraction of its 2 points (0, 1/4, ... 1):
 *   mean x = (0 + 2(.25) + 3(.5) + 3(.75) + 1) / 10 = 5.25 / 10 = 0.525
 *   var = (1(.525)^2 + 2(.275)^2 + 3(.025)^2 + 3(.225)^2 + 1(.475)^2) / 10
 *       = (0.275625 + 0.15125 + 0.001875 + 0.151875 + 0.225625) / 10
 *       = 0.080625
 *   se of the mean = sqrt(0.080625 / 10) = 0.0897914
 *   Elo(x) = -400 log10(1/0.525 - 1) = -400 log10(0.9047619) = +17.386
 *   error = (Elo(x + 1.96 se) - Elo(x - 1.96 se)) / 2
 *         = (Elo(0.7009912) - Elo(0.3490088)) / 2
 *         = (148.0114 - (-108.2955)) / 2 = 128.153
 */
static const int ten[5] = { 1, 2, 3, 3, 1 };

static void
test_elo_pairs(void **state)
{
	double elo, err;

	(void)state;
	assert_true(match_elo_pairs(ten, &elo, &err));
	NEAR(elo, 17.386, 0.001);
	NEAR(err, 128.153, 0.001);
}

/*
 * nElo: the mean's distance from 1/2 in a game's standard deviations
 * (sqrt(2 var): a pair is the mean of two games) times 800 / ln 10 =
 * 347.4355:  0.025 / sqrt(0.16125) = 0.025 / 0.4015595 = 0.0622573, times
 * 347.4355 = +21.630. Its error: 1.96 / sqrt(2 n) x 347.4355 = 1.96 /
 * sqrt(20) x 347.4355 = 152.270. LOS = Phi(0.025 / 0.0897914) =
 * Phi(0.278423) = 0.60966.
 */
static void
test_normalized(void **state)
{
	double nelo, err, los;
	static const int even[5] = { 0, 0, 4, 0, 0 };

	(void)state;
	assert_true(match_pairs_normalized(ten, &nelo, &err, &los));
	NEAR(nelo, 21.630, 0.001);
	NEAR(err, 152.270, 0.001);
	NEAR(los, 0.60966, 0.00001);
	/* every pair 1 point: no variance, no nElo, LOS one half */
	assert_false(match_pairs_normalized(even, &nelo, &err, &los));
	NEAR(los, 0.5, 1e-12);
}

/*
 * The SPRT of the ten pairs for elo0 0, elo1 10: s0 = 1/2, s1 = 1 / (1 +
 * 10^(-10/400)) = 0.5143868; LLR = n (s1 - s0) (2x - s0 - s1) / (2 var)
 * = 10 x 0.0143868 x (1.05 - 1.0143868) / 0.16125 = 0.0317748.
 * The trinomial of ten games W 3 D 4 L 3: x = 0.5, var = (3(.25) +
 * 4(0) + 3(.25)) / 10 = 0.15, LLR = 10 x 0.0143868 x (1 - 1.0143868) /
 * 0.3 = -0.0068997.
 */
static void
test_sprt(void **state)
{
	static const int wins[5] = { 0, 0, 0, 0, 5 };

	(void)state;
	NEAR(match_sprt_llr_pairs(ten, 0, 10), 0.0317748, 1e-6);
	NEAR(match_sprt_llr(3, 4, 3, 0, 10), -0.0068997, 1e-6);
	/*
	 * Five pairs won 2-0, the empty cells taken as 1/2 each: f = .5 .5
	 * .5 .5 5, n = 7, x = (.125 + .25 + .375 + 5) / 7 = 0.8214286,
	 * var = (.5(.8214)^2 + .5(.5714)^2 + .5(.3214)^2 + .5(.0714)^2 +
	 * 5(.1786)^2) / 7 = 0.1020408; for elo1 200 (s1 = 0.7597469):
	 * 7 x 0.2597469 x (1.6428571 - 1.2597469) / 0.2040816 = 3.41325.
	 */
	NEAR(match_sprt_llr_pairs(wins, 0, 200), 3.41325, 1e-5);
	assert_true(match_sprt_llr_pairs((const int[5]){ 0, 0, 0, 0, 0 }, 0,
	    10) == 0.0);
}

/* Pairs are counted from games 2k and 2k+1 when both are done: a pair
 * A won both of, one it drew both of, one lost and won, one unfinished. */
static void
test_count_pairs(void **state)
{
	struct match m;
	struct match_game g[8];
	static const double score[8] = { 1, 1, .5, .5, 0, 1, 1, 0 };
	int pairs[5], i;

	(void)state;
	memset(&m, 0, sizeof m);
	memset(g, 0, sizeof g);
	m.cfg.games = 8;
	m.game = g;
	for (i = 0; i < 8; i++) {
		g[i].done = i != 7;
		g[i].a_score = score[i];
	}
	assert_int_equal(match_pairs(&m, pairs), 3);
	assert_int_equal(pairs[0], 0);
	assert_int_equal(pairs[1], 0);
	assert_int_equal(pairs[2], 2);
	assert_int_equal(pairs[3], 0);
	assert_int_equal(pairs[4], 1);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_elo_pairs),
	cmocka_unit_test(test_normalized),
	cmocka_unit_test(test_sprt),
	cmocka_unit_test(test_count_pairs))
