/*
 * test_ai_algorithms.c: random and negamax behave as specified, players
 * parse from text, algorithms from names, and a stop request from another
 * thread ends a search within 50 ms.
 */
#include <pthread.h>

#include "test_ai_util.h"
#include "test_main.h"

static void
test_random_seeded(void **state)
{
	struct search_ctx *a = ta_ctx(SEARCH_RANDOM, 1, 42);
	struct search_ctx *b = ta_ctx(SEARCH_RANDOM, 1, 42);
	struct search_ctx *c = ta_ctx(SEARCH_RANDOM, 1, 43);
	struct movelist *ml = malloc(sizeof *ml);
	struct board pos;
	int count[64] = { 0 }, i, j, differ = 0;

	(void)state;
	assert_non_null(ml);
	ta_setup(&pos, FEN_START);
	movegen_legal(&pos, ml);
	assert_true(ml->n <= 64);
	for (i = 0; i < 3000; i++) {
		move_t ma = ta_search(a, &pos, 0, 0, 0);
		move_t mb = ta_search(b, &pos, 0, 0, 0);
		move_t mc = ta_search(c, &pos, 0, 0, 0);

		assert_int_equal(ma, mb);      /* same seed, same moves */
		differ += ma != mc;
		for (j = 0; j < ml->n; j++)
			if (ml->moves[j] == ma)
				break;
		assert_true(j < ml->n);        /* legal */
		count[j]++;
	}
	assert_true(differ > 2000);
	/* uniform: every move of the start position comes up, none far
	 * too often (3000 draws over about 30 moves: ~100 each) */
	for (j = 0; j < ml->n; j++) {
		assert_true(count[j] > 30);
		assert_true(count[j] < 250);
	}
	/* reseeding replays the same sequence */
	{
		struct search_options o = *search_get_options(c);
		move_t first[5];

		o.seed = 7;
		assert_int_equal(search_set_options(c, &o), 0);
		for (i = 0; i < 5; i++)
			first[i] = ta_search(c, &pos, 0, 0, 0);
		assert_int_equal(search_set_options(c, &o), 0);
		for (i = 0; i < 5; i++)
			assert_int_equal(ta_search(c, &pos, 0, 0, 0), first[i]);
	}
	free(ml);
	search_free(a);
	search_free(b);
	search_free(c);
}

static void
test_negamax_material(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_NEGAMAX, 1, 1);
	struct board b;

	(void)state;
	/* The giraffe d2 can take a monkey (10), a pawn (1) or a zebra (7):
	 * at depth 1 negamax takes the most valuable. */
	ta_setup(&b, "3l3/7/7/1m1p1z1/7/3G3/4L2 w 0 1");
	assert_string_equal(ta_text(ta_search(ctx, &b, 1, 0, 0)), "d2b4");
	/* No quiescence: at depth 1 the zebra takes a pawn that the lion
	 * takes back; at depth 2 negamax sees the recapture. alphabeta,
	 * with its quiescence, never takes it. */
	ta_setup(&b, "7/2pl3/3p3/7/4Z2/7/3L3 w 0 1");
	assert_string_equal(ta_text(ta_search(ctx, &b, 1, 0, 0)), "e3d5");
	assert_string_not_equal(ta_text(ta_search(ctx, &b, 2, 0, 0)), "e3d5");
	{
		struct search_ctx *ab = ta_ctx(SEARCH_ALPHABETA, 1, 1);

		assert_string_not_equal(ta_text(ta_search(ab, &b, 1, 0, 0)),
		    "e3d5");
		search_free(ab);
	}
	search_free(ctx);
}

static void
test_negamax_fixed_depth(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_NEGAMAX, 1, 1);
	struct search_info info;
	struct search_limits l;
	struct board b;
	move_t m;

	(void)state;
	ta_setup(&b, FEN_START);
	/* default depth 5, whatever the time and node limits say */
	search_limits_default(&l);
	l.movetime_ms = 1;
	l.nodes = 10;
	m = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
	assert_true(movegen_is_legal(&b, m));
	search_last_info(ctx, &info);
	assert_int_equal(info.depth, SEARCH_NEGAMAX_DEPTH);
	assert_true(info.nodes > 1000);
	/* an explicit depth */
	l.depth = 3;
	search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
	search_last_info(ctx, &info);
	assert_int_equal(info.depth, 3);
	/* it sees a lion capture in one too */
	ta_setup(&b, "4l2/7/3Z3/7/1m5/7/1E1L3 w 0 1");
	assert_string_equal(ta_text(ta_search(ctx, &b, 3, 0, 0)), "d5e7");
	search_free(ctx);
}

struct stopper {
	struct search_ctx *ctx;
	const struct board *b;
	move_t move;
	double returned_ms;
};

static void *
run_search(void *arg)
{
	struct stopper *s = arg;

	s->move = ta_search_infinite(s->ctx, s->b);
	s->returned_ms = ta_now_ms();
	return NULL;
}

/* The latency from search_stop to the search returning: the best of three
 * tries must be under 50 ms (it is well under 1 ms on an idle machine;
 * the bound is generous for loaded and sanitized builds). */
static void
test_stop_latency(void **state)
{
	struct board b;
	double best = 1e9;
	int try, threads;

	(void)state;
	ta_setup(&b, FEN_START);
	for (threads = 1; threads <= 2; threads++) {
		for (try = 0; try < 3; try++) {
			struct stopper s = { 0 };
			struct timespec nap = { 0, 60 * 1000000L };
			pthread_t tid;
			double asked;

			s.ctx = ta_ctx(SEARCH_ALPHABETA, threads, 1);
			s.b = &b;
			search_prepare(s.ctx);
			assert_int_equal(pthread_create(&tid, NULL, run_search,
			    &s), 0);
			nanosleep(&nap, NULL);
			asked = ta_now_ms();
			search_stop(s.ctx);
			pthread_join(tid, NULL);
			if (s.returned_ms - asked < best)
				best = s.returned_ms - asked;
			assert_true(movegen_is_legal(&b, s.move));
			search_free(s.ctx);
		}
	}
	if (best >= 50.0)
		fail_msg("stop took %.1f ms", best);
}

/* A stop sent after search_prepare but before the worker starts is kept:
 * the search returns a legal move at once. A stop with no search running
 * is forgotten. */
static void
test_stop_before_start(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct search_limits l;
	struct search_info info;
	struct board b;
	move_t m;

	(void)state;
	ta_setup(&b, FEN_START);
	search_limits_default(&l);
	l.infinite = true;
	search_prepare(ctx);
	search_stop(ctx);
	m = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
	assert_true(movegen_is_legal(&b, m));
	/* a late stop does not spoil the next search */
	search_stop(ctx);
	l.infinite = false;
	l.depth = 4;
	m = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
	assert_true(movegen_is_legal(&b, m));
	search_last_info(ctx, &info);
	assert_int_equal(info.depth, 4);
	search_free(ctx);
}

static void
test_limits(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct search_info info;
	struct board b;
	move_t m;
	double t0;

	(void)state;
	ta_setup(&b, FEN_START);
	m = ta_search(ctx, &b, 0, 0, 5000);
	assert_true(movegen_is_legal(&b, m));
	search_last_info(ctx, &info);
	assert_true(info.nodes <= 5000 + 64);
	t0 = ta_now_ms();
	m = ta_search(ctx, &b, 0, 30, 0);
	assert_true(movegen_is_legal(&b, m));
	assert_true(ta_now_ms() - t0 < 2000);
	search_free(ctx);
}

static void
test_names_and_players(void **state)
{
	struct search_player p;
	enum search_algorithm a;
	char err[256];

	(void)state;
	assert_int_equal(search_algorithm_parse("alphabeta", &a), 0);
	assert_int_equal(a, SEARCH_ALPHABETA);
	assert_int_equal(search_algorithm_parse("NegaMax", &a), 0);
	assert_int_equal(a, SEARCH_NEGAMAX);
	assert_int_equal(search_algorithm_parse("random", &a), 0);
	assert_int_equal(a, SEARCH_RANDOM);
	assert_int_equal(search_algorithm_parse("minimax", &a), -1);
	assert_string_equal(search_algorithm_name(SEARCH_NEGAMAX), "negamax");

	assert_int_equal(search_player_parse("alphabeta:movetime=100,depth=8",
	    &p, err, sizeof err), 0);
	assert_int_equal(p.options.algorithm, SEARCH_ALPHABETA);
	assert_int_equal(p.limits.movetime_ms, 100);
	assert_int_equal(p.limits.depth, 8);
	assert_string_equal(p.text, "alphabeta:movetime=100,depth=8");
	assert_int_equal(search_player_parse("negamax:depth=4", &p, err,
	    sizeof err), 0);
	assert_int_equal(p.options.algorithm, SEARCH_NEGAMAX);
	assert_int_equal(p.limits.depth, 4);
	assert_int_equal(search_player_parse("random:seed=99", &p, err,
	    sizeof err), 0);
	assert_int_equal(p.options.seed, 99);
	assert_int_equal(search_player_parse(
	    "alphabeta:nodes=5000,hash=32,threads=2", &p, err, sizeof err), 0);
	assert_int_equal(p.limits.nodes, 5000);
	assert_int_equal(p.options.hash_mb, 32);
	assert_int_equal(p.options.threads, 2);
	assert_int_equal(search_player_parse("alphabeta", &p, err,
	    sizeof err), 0);
	assert_int_equal(p.limits.movetime_ms, 1000);
	assert_int_equal(search_player_parse("alphabeta:monkey=900", &p, err,
	    sizeof err), 0);
	assert_string_equal(p.options.tune, "monkey=900");

	assert_int_equal(search_player_parse("minimax:depth=3", &p, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "minimax"));
	assert_int_equal(search_player_parse("alphabeta:depth=0", &p, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "depth"));
	assert_int_equal(search_player_parse("alphabeta:depth", &p, err,
	    sizeof err), -1);
	assert_int_equal(search_player_parse("alphabeta:speed=3", &p, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "speed"));
	assert_int_equal(search_player_parse("negamax:depth=5x", &p, err,
	    sizeof err), -1);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_random_seeded),
	cmocka_unit_test(test_negamax_material),
	cmocka_unit_test(test_negamax_fixed_depth),
	cmocka_unit_test(test_stop_latency),
	cmocka_unit_test(test_stop_before_start),
	cmocka_unit_test(test_limits),
	cmocka_unit_test(test_names_and_players))
