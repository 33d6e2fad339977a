/*
 * test_srv_timer.c: the loop's one list of deadlines (srv_timer.c), alone:
 * the earliest first, rearm and cancel by handle, what is due taken in
 * order, and a random walk checked against a plain scan.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "net/server/srv_timer.h"
#include "test_main.h"

static void
test_empty(void **state)
{
	struct srv_timers t = { 0 };

	(void)state;
	assert_int_equal(srv_timers_next(&t), -1);
	assert_int_equal(srv_timers_due(&t, 1000), -1);
	srv_timer_arm(&t, 3, 10);       /* no room: ignored */
	srv_timer_cancel(&t, 3);
	assert_false(srv_timer_armed(&t, 3));
	srv_timers_reserve(&t, 8);
	assert_int_equal(srv_timers_next(&t), -1);
	srv_timers_free(&t);
}

static void
test_order_rearm_cancel(void **state)
{
	struct srv_timers t = { 0 };

	(void)state;
	srv_timers_reserve(&t, 4);
	srv_timer_arm(&t, 0, 300);
	srv_timer_arm(&t, 1, 100);
	srv_timer_arm(&t, 2, 200);
	assert_int_equal(srv_timers_next(&t), 100);
	srv_timer_arm(&t, 1, 400);      /* later: 2 is first now */
	assert_int_equal(srv_timers_next(&t), 200);
	srv_timer_arm(&t, 0, 50);       /* earlier */
	assert_int_equal(srv_timers_next(&t), 50);
	srv_timer_cancel(&t, 0);
	assert_false(srv_timer_armed(&t, 0));
	assert_int_equal(srv_timers_next(&t), 200);
	srv_timers_reserve(&t, 100);    /* growing keeps what is armed */
	srv_timer_arm(&t, 99, 250);
	assert_int_equal(srv_timers_due(&t, 199), -1);
	assert_int_equal(srv_timers_due(&t, 260), 2);
	assert_int_equal(srv_timers_due(&t, 260), 99);
	assert_int_equal(srv_timers_due(&t, 260), -1);
	assert_true(srv_timer_armed(&t, 1));
	assert_int_equal(srv_timers_due(&t, 400), 1);
	assert_int_equal(srv_timers_next(&t), -1);
	srv_timers_free(&t);
}

/* Random arms, rearms and cancels against an array scanned in full. */
static void
test_random_walk(void **state)
{
	enum { N = 500 };
	struct srv_timers t = { 0 };
	long long ref[N], now = 0, min;
	int i, k, h, due;

	(void)state;
	srand(58);
	srv_timers_reserve(&t, N);
	for (i = 0; i < N; i++)
		ref[i] = -1;
	for (k = 0; k < 20000; k++) {
		h = rand() % N;
		switch (rand() % 4) {
		case 0:
		case 1:
			ref[h] = now + rand() % 1000;
			srv_timer_arm(&t, h, ref[h]);
			break;
		case 2:
			ref[h] = -1;
			srv_timer_cancel(&t, h);
			break;
		default:
			now += rand() % 50;
			while ((due = srv_timers_due(&t, now)) >= 0) {
				assert_true(ref[due] >= 0 && ref[due] <= now);
				for (i = 0; i < N; i++)
					assert_true(ref[i] < 0 ||
					    ref[i] >= ref[due]);
				ref[due] = -1;
			}
		}
		for (min = -1, i = 0; i < N; i++) {
			assert_int_equal(srv_timer_armed(&t, i), ref[i] >= 0);
			if (ref[i] >= 0 && (min < 0 || ref[i] < min))
				min = ref[i];
		}
		assert_int_equal(srv_timers_next(&t), min);
	}
	srv_timers_free(&t);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_empty),
	cmocka_unit_test(test_order_rearm_cancel),
	cmocka_unit_test(test_random_walk))
