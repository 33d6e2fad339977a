/*
 * util_coverage.c: a build for line coverage (./configure
 * --enable-coverage) writes its counts when the process exits normally.
 * The tests kill servers with SIGKILL on purpose (a crash, then a restart
 * on the same store), and what such a server ran would never be counted:
 * make coverage would show as unrun the code the crash tests exist for.
 * So the server's loop calls util_coverage_flush each round: at most
 * every UTIL_COVERAGE_MS the counts so far are written (merged into the
 * .gcda files, as at exit) and started again from zero. In other builds
 * it does nothing. (Not the game's loop: a game idle uses no CPU, also in
 * this build, and tests/test_ui_analysis.sh measures that.)
 */

#include "util/util.h"

#ifdef CONGO_COVERAGE
/* libgcov's, linked by --coverage (gcc's <gcov.h> declares them). */
void __gcov_dump(void);
void __gcov_reset(void);

static int64_t flushed;

void
util_coverage_flush(int64_t now_ms)
{
	if (now_ms - flushed < UTIL_COVERAGE_MS)
		return;
	flushed = now_ms;
	__gcov_dump();
	__gcov_reset();
}

int
util_coverage_wait_ms(void)
{
	return UTIL_COVERAGE_MS;
}
#else
void
util_coverage_flush(int64_t now_ms)
{
	(void)now_ms;
}

int
util_coverage_wait_ms(void)
{
	return -1;
}
#endif
