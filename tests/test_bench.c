/*
 * test_bench.c: the search's signature, as Stockfish's bench: `congo
 * --bench search` searches fixed positions to a fixed depth with one
 * thread and a cleared table, and the total node count must be the one
 * written here. A change of the search (move order, pruning, evaluation,
 * the table) changes it; one that should not (a refactoring, MultiPV 1,
 * a new option left at its default) must not.
 *
 * When a change is meant to change the search: run
 *     src/congo --bench search 7
 * copy its "Total nodes" into BENCH_SIGNATURE below, and say in the
 * commit message why the count changed (and what a match against the
 * previous commit gave).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "bench/bench.h"
#include "test_main.h"

#define BENCH_SIGNATURE_DEPTH 7
#define BENCH_SIGNATURE 234265ULL

static void
test_signature(void **state)
{
	uint64_t nodes = 0;

	(void)state;
	assert_int_equal(bench_search_run(BENCH_SIGNATURE_DEPTH, NULL, &nodes,
	    NULL, NULL), 0);
	if (nodes != BENCH_SIGNATURE)
		fail_msg("congo --bench search %d: %llu nodes, the signature "
		    "says %llu. If the search was meant to change, write the "
		    "new count into BENCH_SIGNATURE in tests/test_bench.c and "
		    "say why in the commit",
		    BENCH_SIGNATURE_DEPTH, (unsigned long long)nodes,
		    (unsigned long long)BENCH_SIGNATURE);
}

/* The same count twice in one process: nothing carries over. */
static void
test_repeatable(void **state)
{
	uint64_t a = 0, b = 0;

	(void)state;
	assert_int_equal(bench_search_run(4, NULL, &a, NULL, NULL), 0);
	assert_int_equal(bench_search_run(4, NULL, &b, NULL, NULL), 0);
	assert_true(a > 0);
	assert_true(a == b);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_repeatable),
	cmocka_unit_test(test_signature))
