/*
 * match_engine.c: an engine program as a match player. `PATH --engine` runs
 * as a child process on two pipes; the runner writes `position startpos
 * moves ...` and `go ...` and reads lines until `bestmove`. Every read has
 * a deadline, so an engine that hangs or dies loses its game instead of
 * stopping the match.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ai/match.h"
#include "util/util.h"

int
match_engine_start(struct match_engine *e, const char *path, char *err,
    size_t errlen)
{
	int in[2], out[2];
	pid_t pid;

	memset(e, 0, sizeof *e);
	e->pid = -1;
	e->to_fd = e->from_fd = -1;
	if (pipe(in) != 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	if (pipe(out) != 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execl(path, path, "--engine", (char *)NULL);
		fprintf(stderr, "congo: cannot run engine %s: %s\n", path,
		    strerror(errno));
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	fcntl(in[1], F_SETFD, FD_CLOEXEC);
	fcntl(out[0], F_SETFD, FD_CLOEXEC);
	e->pid = pid;
	e->to_fd = in[1];
	e->from_fd = out[0];
	snprintf(e->path, sizeof e->path, "%s", path);
	return 0;
}

int
match_engine_send(struct match_engine *e, const char *fmt, ...)
{
	char *line;
	va_list ap;
	size_t off = 0, len;
	int n;

	va_start(ap, fmt);
	n = xvasprintf(&line, fmt, ap);
	va_end(ap);
	len = (size_t)n;
	while (off < len) {
		ssize_t w = write(e->to_fd, line + off, len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			free(line);
			return -1;
		}
		off += (size_t)w;
	}
	free(line);
	return 0;
}

/*
 * The next line (without its newline) into line; 0, or -1 on end of file
 * or error, -2 when deadline_ms (util_now_ms time) passed first.
 */
int
match_engine_read(struct match_engine *e, char *line, size_t n,
    int64_t deadline_ms)
{
	for (;;) {
		char *nl = memchr(e->buf, '\n', e->len);
		struct pollfd pfd;
		int64_t wait;
		ssize_t r;
		int pr;

		if (nl != NULL) {
			size_t l = (size_t)(nl - e->buf);
			size_t c = l < n - 1 ? l : n - 1;

			memcpy(line, e->buf, c);
			line[c] = '\0';
			if (c > 0 && line[c - 1] == '\r')
				line[c - 1] = '\0';
			memmove(e->buf, nl + 1, e->len - l - 1);
			e->len -= l + 1;
			return 0;
		}
		if (e->len == sizeof e->buf)
			e->len = 0;   /* an endless line: drop it */
		wait = deadline_ms - util_now_ms();
		if (wait < 0)
			return -2;
		pfd.fd = e->from_fd;
		pfd.events = POLLIN;
		pr = poll(&pfd, 1, wait > 60000 ? 60000 : (int)wait);
		if (pr < 0 && errno == EINTR)
			continue;
		if (pr < 0)
			return -1;
		if (pr == 0)
			continue;
		r = read(e->from_fd, e->buf + e->len, sizeof e->buf - e->len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		e->len += (size_t)r;
	}
}

/* Read until a line starting with want (e.g. "readyok"); an `error` line on
 * the way is copied into err. 0, -1 (eof), -2 (timeout), -3 (error line). */
int
match_engine_expect(struct match_engine *e, const char *want, char *line,
    size_t n, int64_t deadline_ms, char *err, size_t errlen)
{
	size_t wl = strlen(want);
	int bad = 0, r;

	for (;;) {
		r = match_engine_read(e, line, n, deadline_ms);
		if (r != 0)
			return r;
		if (strncmp(line, "error", 5) == 0 && bad == 0) {
			snprintf(err, errlen, "%s said: %s", e->path, line);
			bad = -3;
		}
		if (strncmp(line, want, wl) == 0 &&
		    (line[wl] == '\0' || line[wl] == ' '))
			return bad;
	}
}

void
match_engine_stop(struct match_engine *e)
{
	int status, i;

	if (e->pid <= 0)
		return;
	match_engine_send(e, "quit\n");
	close(e->to_fd);
	for (i = 0; i < 100; i++) {
		if (waitpid(e->pid, &status, WNOHANG) == e->pid)
			break;
		usleep(10000);
	}
	if (i == 100) {
		kill(e->pid, SIGKILL);
		waitpid(e->pid, &status, 0);
	}
	close(e->from_fd);
	e->pid = -1;
}
