/*
 * test_search_time.c: the AI's clock budget (search_time_budget) on its
 * own: a sudden-death game played out move by move at the budget's hard
 * limit plus each move's overhead never runs the clock out, at 2 s, 10 s,
 * 1 minute and with increments; forced moves go at once; movestogo=1 may
 * spend most of what is left but never all; tiny clocks and nonsense
 * inputs stay positive and bounded.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include <cmocka.h>

#include "ai/search.h"
#include "test_main.h"

/* A game where every move takes the soft budget (hard: the hard limit)
 * and `over` ms more: the clock left after that many moves of this side,
 * or -1 when it ran out. */
static int64_t
play_out(int64_t base, int64_t inc, int64_t over, int moves, bool hard)
{
	struct search_budget b;
	int64_t left = base;
	int i;

	for (i = 0; i < moves; i++) {
		search_time_budget(left, inc, 0, 30, 2 * i, &b);
		assert_true(b.soft_ms >= 0 && b.soft_ms <= b.hard_ms);
		left -= (hard ? b.hard_ms : b.soft_ms) + over;
		if (left <= 0)
			return -1;
		left += inc;
	}
	return left;
}

static void
test_sudden_death_never_flags(void **state)
{
	(void)state;
	/* 100 moves a side (a long game: most end by 60), 10 ms of
	 * overhead each, every move to its soft budget. */
	assert_true(play_out(2000, 0, 10, 100, false) > 0);
	assert_true(play_out(10000, 0, 10, 100, false) > 0);
	assert_true(play_out(60000, 0, 10, 100, false) > 0);
	/* Every move to its hard limit, for a game of 60 moves a side. */
	assert_true(play_out(2000, 0, 10, 60, true) > 0);
	assert_true(play_out(10000, 0, 10, 60, true) > 0);
	assert_true(play_out(60000, 0, 10, 60, true) > 0);
	/* An increment pays for the overhead: as long as it likes. */
	assert_true(play_out(2000, 100, 20, 300, true) > 0);
	assert_true(play_out(300000, 2000, 30, 300, true) > 0);
}

static void
test_budget_uses_the_clock(void **state)
{
	struct search_budget b;

	(void)state;
	/* A long clock: a good share, not all of it. */
	search_time_budget(60000, 0, 0, 30, 20, &b);
	assert_true(b.soft_ms >= 1000 && b.soft_ms <= 3000);
	assert_true(b.hard_ms <= 60000 / 6);
	/* 2 s at the start: some tens of ms, the hard limit a few of them. */
	search_time_budget(2000, 0, 0, 30, 0, &b);
	assert_true(b.soft_ms >= 20 && b.soft_ms <= 80);
	assert_true(b.hard_ms <= 2000 / 6);
	/* The increment is mostly spent. */
	search_time_budget(1000, 1000, 0, 30, 40, &b);
	assert_true(b.soft_ms >= 750);
}

static void
test_forced_and_few_moves(void **state)
{
	struct search_budget b, b3, b30;

	(void)state;
	search_time_budget(60000, 0, 0, 1, 20, &b);
	assert_int_equal(b.soft_ms, 0);
	assert_true(b.hard_ms >= 1 && b.hard_ms <= 10);
	search_time_budget(60000, 0, 0, 3, 20, &b3);
	search_time_budget(60000, 0, 0, 30, 20, &b30);
	assert_true(b3.soft_ms * 2 <= b30.soft_ms + 1);
}

static void
test_movestogo(void **state)
{
	struct search_budget b;

	(void)state;
	/* The last move before a time control: most of it, never all. */
	search_time_budget(10000, 0, 1, 30, 60, &b);
	assert_true(b.hard_ms >= 5000 && b.hard_ms < 10000);
	assert_true(b.soft_ms <= b.hard_ms);
	search_time_budget(10000, 0, 10, 30, 60, &b);
	assert_true(b.soft_ms >= 500 && b.soft_ms <= 1500);
}

static void
test_tiny_and_bad(void **state)
{
	struct search_budget b;

	(void)state;
	search_time_budget(1, 0, 0, 30, 0, &b);
	assert_true(b.hard_ms >= 1 && b.hard_ms <= 1);
	search_time_budget(0, -5, -1, 0, -3, &b);
	assert_true(b.hard_ms >= 1 && b.soft_ms >= 0);
	search_time_budget(150, 0, 0, 30, 100, &b);
	assert_true(b.hard_ms <= 5);
	search_time_budget(INT64_MAX / 4, 0, 0, 30, 0, &b);
	assert_true(b.hard_ms > 0 && b.soft_ms <= b.hard_ms);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_sudden_death_never_flags),
	cmocka_unit_test(test_budget_uses_the_clock),
	cmocka_unit_test(test_forced_and_few_moves),
	cmocka_unit_test(test_movestogo),
	cmocka_unit_test(test_tiny_and_bad))
