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

/* The same, the tests run in a folder that make (an int expression: 0
 * when it made the folder, its path in dir) makes and test_rmdir_rc
 * (test_tmp.h) removes after them; 99 when it could not be made. */
#define TEST_MAIN_IN_DIR(dir, make, ...)				\
	int								\
	main(void)							\
	{								\
		const struct CMUnitTest tests[] = { __VA_ARGS__ };	\
									\
		if ((make) != 0)					\
			return 99;					\
		return test_rmdir_rc(dir,				\
		    cmocka_run_group_tests(tests, NULL, NULL));		\
	}

#endif
