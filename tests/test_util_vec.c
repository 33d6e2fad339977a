/*
 * test_util_vec.c: the growable array and the allocators' contracts.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/util.h"

static void
test_push_grow_remove(void **state)
{
	struct vec v = VEC_INIT(sizeof(int));
	size_t i;

	(void)state;
	for (i = 0; i < 1000; i++)
		*(int *)vec_push(&v) = (int)i;
	assert_int_equal(v.len, 1000);
	assert_true(v.cap >= 1000);
	assert_int_equal(*(int *)vec_at(&v, 999), 999);
	vec_remove(&v, 0);
	assert_int_equal(v.len, 999);
	assert_int_equal(*(int *)vec_at(&v, 0), 1);
	assert_int_equal(*(int *)vec_at(&v, 998), 999);
	vec_clear(&v);
	assert_int_equal(v.len, 0);
	assert_int_equal(*(int *)vec_push(&v), 0); /* zeroed */
	vec_free(&v);
	assert_null(v.data);
	assert_int_equal(v.size, sizeof(int));
}

static void
test_strings(void **state)
{
	char *s;

	(void)state;
	s = xstrndup("abcdef", 3);
	assert_string_equal(s, "abc");
	free(s);
	assert_int_equal(xasprintf(&s, "%s-%d", "x", 42), 4);
	assert_string_equal(s, "x-42");
	free(s);
	s = xstrdup("");
	assert_string_equal(s, "");
	free(s);
}

static void
test_time_is_monotonic(void **state)
{
	int64_t a, b;

	(void)state;
	a = util_now_ms();
	b = util_now_ms();
	assert_true(b >= a);
	assert_true(util_wall_ms() > 1500000000000LL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_push_grow_remove),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_time_is_monotonic),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
