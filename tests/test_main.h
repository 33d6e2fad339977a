/*
 * test_main.h: the main() of a cmocka test that only runs its list of tests,
 * with a group setup and teardown (NULL for none):
 *
 *	TEST_MAIN(NULL, NULL,
 *		cmocka_unit_test(test_one),
 *		cmocka_unit_test(test_two))
 *
 * The array keeps the name tests, which cmocka prints as the group's name.
 */
#ifndef CONGO_TEST_MAIN_H
#define CONGO_TEST_MAIN_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEST_MAIN(setup, teardown, ...)					\
	int								\
	main(void)							\
	{								\
		const struct CMUnitTest tests[] = { __VA_ARGS__ };	\
									\
		return cmocka_run_group_tests(tests, setup, teardown);	\
	}

#endif
