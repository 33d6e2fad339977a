/*
 * walk_trace.c: a logger of function entries for tests/tools/walk.py (not
 * built by make, not run by make check). Linked into a congo-server built
 * with -finstrument-functions, it writes the thread and the address of
 * every function entered, "TID ADDRESS" in hex a line, to the file named
 * by $WALK_TRACE (none: nothing written). Each entry is one write(2) so that the driver can
 * slice the file by its size before and after a command.
 *
 * It also stands in for send(2) (the server's one way out to a plain
 * connection, srv_conn.c:conn_flush): before the bytes go, a line "TID S
 * HEX" (the bytes in hex, at most 4096 of them) marks where in the trace
 * they went, so that walk.py ends a walk at the send of its answer and
 * its events, not at whatever the loop did after.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

void __cyg_profile_func_enter(void *fn, void *site)
    __attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *fn, void *site)
    __attribute__((no_instrument_function));

static int trace_fd = -2;

static void
trace_open(void)
{
	if (trace_fd == -2) {
		const char *path = getenv("WALK_TRACE");
		trace_fd = path != NULL ? open(path, O_WRONLY | O_CREAT |
		    O_APPEND | O_CLOEXEC, 0600) : -1;
	}
}

ssize_t
send(int fd, const void *data, size_t len, int flags)
{
	static const char hex[] = "0123456789abcdef";
	static char buf[32 + 2 * 4096 + 2];
	const unsigned char *b = data;
	size_t i, k = len < 4096 ? len : 4096;
	int n;

	trace_open();
	if (trace_fd >= 0) {
		/* one thread (the loop's) sends: the static buffer is its */
		n = snprintf(buf, 32, "%lx S ", (unsigned long)gettid());
		for (i = 0; i < k; i++) {
			buf[n++] = hex[b[i] >> 4];
			buf[n++] = hex[b[i] & 15];
		}
		buf[n++] = '\n';
		if (write(trace_fd, buf, (size_t)n) < 0)
			trace_fd = -1;
	}
	return syscall(SYS_sendto, fd, data, len, flags, NULL, 0);
}

void
__cyg_profile_func_enter(void *fn, void *site)
{
	char buf[48];
	int n;

	(void)site;
	trace_open();
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
