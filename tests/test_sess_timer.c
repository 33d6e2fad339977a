/*
 * test_sess_timer.c: the server's one list of deadlines
 * (sess_timer_heap.c), alone: the soonest first, a timer set again and
 * cancelled, the list following timers moved in memory (an array that
 * grew), and a random walk checked against a plain scan.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "net/server/sess_timer.h"
#include "test_main.h"

static void
test_empty(void **state)
{
	struct stimers t = { 0 };
	struct stimer e = STIMER_INIT(STIMER_CONN);

	(void)state;
	assert_null(stimer_first(&t));
	stimer_cancel(&t, &e);          /* in no list: nothing */
	assert_int_equal(e.pos, -1);
	assert_int_equal(e.when, -1);
	stimers_free(&t);
}

static void
test_order_reset_cancel(void **state)
{
	struct stimers t = { 0 };
	struct stimer e[3] = { STIMER_INIT(STIMER_GAME),
	    STIMER_INIT(STIMER_SEEKS), STIMER_INIT(STIMER_CONN) };

	(void)state;
	stimer_set(&t, &e[0], 300);
	stimer_set(&t, &e[1], 100);
	stimer_set(&t, &e[2], 200);
	assert_ptr_equal(stimer_first(&t), &e[1]);
	stimer_set(&t, &e[1], 400);     /* later: e[2] is first now */
	assert_ptr_equal(stimer_first(&t), &e[2]);
	stimer_set(&t, &e[0], 50);      /* earlier */
	assert_ptr_equal(stimer_first(&t), &e[0]);
	stimer_cancel(&t, &e[0]);
	assert_int_equal(e[0].pos, -1);
	assert_int_equal(e[0].when, -1);
	assert_ptr_equal(stimer_first(&t), &e[2]);
	stimer_cancel(&t, &e[2]);
	stimer_cancel(&t, &e[2]);       /* twice: nothing more */
	assert_ptr_equal(stimer_first(&t), &e[1]);
	assert_int_equal(stimer_first(&t)->when, 400);
	stimer_cancel(&t, &e[1]);
	assert_null(stimer_first(&t));
	stimers_free(&t);
}

/* Timers in an array that grows (as the loop's connections): after a
 * realloc, stimer_moved for each makes the list point at the new place. */
static void
test_moved(void **state)
{
	struct stimers t = { 0 };
	struct stimer *a = malloc(4 * sizeof *a), *b;
	int i;

	(void)state;
	for (i = 0; i < 4; i++) {
		a[i] = (struct stimer)STIMER_INIT(STIMER_CONN);
		stimer_set(&t, &a[i], 100 - i);
	}
	b = malloc(64 * sizeof *b);
	memcpy(b, a, 4 * sizeof *a);
	free(a);
	for (i = 0; i < 4; i++)
		stimer_moved(&t, &b[i]);
	assert_ptr_equal(stimer_first(&t), &b[3]);
	stimer_cancel(&t, &b[3]);
	assert_ptr_equal(stimer_first(&t), &b[2]);
	stimer_set(&t, &b[0], 10);
	assert_ptr_equal(stimer_first(&t), &b[0]);
	free(b);
	stimers_free(&t);
}

/* Random sets and cancels against an array scanned in full; what is due
 * taken in order, as sess_tick takes it. */
static void
test_random_walk(void **state)
{
	enum { N = 500 };
	struct stimers t = { 0 };
	static struct stimer e[N];
	long long ref[N], now = 0, min;
	struct stimer *f;
	int i, k, h;

	(void)state;
	srand(58);
	for (i = 0; i < N; i++) {
		e[i] = (struct stimer)STIMER_INIT(STIMER_GAME);
		ref[i] = -1;
	}
	for (k = 0; k < 20000; k++) {
		h = rand() % N;
		switch (rand() % 4) {
		case 0:
		case 1:
			ref[h] = now + rand() % 1000;
			stimer_set(&t, &e[h], ref[h]);
			break;
		case 2:
			ref[h] = -1;
			stimer_cancel(&t, &e[h]);
			break;
		default:
			now += rand() % 50;
			while ((f = stimer_first(&t)) != NULL &&
			    f->when <= now) {
				h = (int)(f - e);
				assert_true(ref[h] >= 0 && ref[h] <= now);
				for (i = 0; i < N; i++)
					assert_true(ref[i] < 0 ||
					    ref[i] >= ref[h]);
				ref[h] = -1;
				stimer_cancel(&t, f);
			}
		}
		for (min = -1, i = 0; i < N; i++) {
			assert_int_equal(e[i].pos >= 0, ref[i] >= 0);
			if (ref[i] >= 0 && (min < 0 || ref[i] < min))
				min = ref[i];
		}
		f = stimer_first(&t);
		assert_int_equal(f == NULL ? -1 : f->when, min);
	}
	stimers_free(&t);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_empty),
	cmocka_unit_test(test_order_reset_cancel),
	cmocka_unit_test(test_moved),
	cmocka_unit_test(test_random_walk))
