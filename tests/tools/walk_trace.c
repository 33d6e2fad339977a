/*
 * walk_trace.c: a logger of function entries for tests/tools/walk.py (not
 * built by make, not run by make check). Linked into a congo-server built
 * with -finstrument-functions, it writes the thread and the address of
 * every function entered, "TID ADDRESS" in hex a line, to the file named
 * by $WALK_TRACE (none: nothing written). Each entry is one write(2) so that the driver can
 * slice the file by its size before and after a command.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void __cyg_profile_func_enter(void *fn, void *site)
    __attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *fn, void *site)
    __attribute__((no_instrument_function));

static int trace_fd = -2;

void
__cyg_profile_func_enter(void *fn, void *site)
{
	char buf[48];
	int n;

	(void)site;
	if (trace_fd == -2) {
		const char *path = getenv("WALK_TRACE");
		trace_fd = path != NULL ? open(path, O_WRONLY | O_CREAT |
		    O_APPEND | O_CLOEXEC, 0600) : -1;
	}
	if (trace_fd < 0)
		return;
	n = snprintf(buf, sizeof buf, "%lx %lx\n", (unsigned long)gettid(),
	    (unsigned long)fn);
	if (write(trace_fd, buf, (size_t)n) < 0)
		trace_fd = -1;
}

void
__cyg_profile_func_exit(void *fn, void *site)
{
	(void)fn;
	(void)site;
}
