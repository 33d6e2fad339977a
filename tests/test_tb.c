/* test_tb.c: placeholder, filled below. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tb/tb.h"

static void
test_none(void **state)
{
	(void)state;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
