/*
 * test_whole.h: quick by default, whole on request. The exhaustive sweeps
 * of make check (test_tb_every, test_learn_data, test_naive,
 * test_ai_settings) check a sample by default, so that make check stays
 * quick for a developer, and everything with CONGO_TEST_WHOLE=1 in the
 * environment (.ci/run sets it for its make check). Each says in its log
 * which it ran.
 *
 * Under valgrind (make check-valgrind sets CONGO_TEST_LIGHT=1) each runs
 * 30 to 150 times slower: the heavy tests there check a smaller sample
 * still (test_light_pick), enough to run every path under memcheck; make
 * check runs them as above.
 */
#ifndef CONGO_TEST_WHOLE_H
#define CONGO_TEST_WHOLE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is the whole sweep asked for (CONGO_TEST_WHOLE set, and not to 0)? The
 * first call says which in the log. */
static inline bool
test_whole(void)
{
	static int said;
	const char *v = getenv("CONGO_TEST_WHOLE");
	bool whole = v != NULL && *v != '\0' && strcmp(v, "0") != 0;

	if (!said++)
		fprintf(stderr, "%s\n", whole ? "the whole sweep "
		    "(CONGO_TEST_WHOLE)" : "a quick sample (CONGO_TEST_WHOLE=1 "
		    "for the whole sweep)");
	return whole;
}

/* quick or whole, as asked. */
static inline long
test_whole_pick(long quick, long whole)
{
	return test_whole() ? whole : quick;
}

/* Is a light run asked for (CONGO_TEST_LIGHT set, and not to 0)? */
static inline bool
test_light(void)
{
	static int said;
	const char *v = getenv("CONGO_TEST_LIGHT");
	bool light = v != NULL && *v != '\0' && strcmp(v, "0") != 0;

	if (light && !said++)
		fprintf(stderr, "a light sample (CONGO_TEST_LIGHT)\n");
	return light;
}

/* light under CONGO_TEST_LIGHT, else quick or whole as asked. */
static inline long
test_light_pick(long light, long quick, long whole)
{
	return test_light() ? light : test_whole_pick(quick, whole);
}

#endif
