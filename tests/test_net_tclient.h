/*
 * test_net_tclient.h: a small blocking CGP/1 test client and server process
 * control for the integration tests (loopback only).
 */
#ifndef TEST_NET_TCLIENT_H
#define TEST_NET_TCLIENT_H

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#define TC_UNUSED __attribute__((unused))
#define TC_ANSWER_MS 5000         /* how long an answer may take */

struct tc {
	int fd;
	char buf[1 << 16];
	size_t len;
	char line[4096];          /* the last line read */
};

static TC_UNUSED long long
tc_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A free loopback port (bound and released: the server binds it next). */
static TC_UNUSED int
tc_free_port(void)
{
	struct sockaddr_in sa;
	socklen_t sl = sizeof sa;
	int fd = socket(AF_INET, SOCK_STREAM, 0), port;

	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 ||
	    getsockname(fd, (struct sockaddr *)&sa, &sl) < 0)
		return -1;
	port = ntohs(sa.sin_port);
	close(fd);
	return port;
}

/* The loopback address new connections come from (host order; 0: any),
 * so that a test can be several networks (127.0.N.1) for the limits. */
static TC_UNUSED uint32_t tc_from;

/* Connect (rcvbuf > 0 sets a small receive buffer first); fd or -1. */
static TC_UNUSED int
tc_dial(int port, int rcvbuf)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return -1;
	if (tc_from != 0) {
		memset(&sa, 0, sizeof sa);
		sa.sin_family = AF_INET;
		sa.sin_addr.s_addr = htonl(tc_from);
		if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
			close(fd);
			return -1;
		}
	}
	if (rcvbuf > 0)
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static TC_UNUSED struct tc *
tc_open(int port)
{
	struct tc *c = calloc(1, sizeof *c);

	if (c == NULL)
		return NULL;
	c->fd = tc_dial(port, 0);
	if (c->fd < 0) {
		free(c);
		return NULL;
	}
	return c;
}

static TC_UNUSED void
tc_free(struct tc *c)
{
	if (c == NULL)
		return;
	if (c->fd >= 0)
		close(c->fd);
	free(c);
}

static TC_UNUSED int
tc_raw(struct tc *c, const void *data, size_t n)
{
	const char *p = data;

	while (n > 0) {
		ssize_t w = send(c->fd, p, n, MSG_NOSIGNAL);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Send the line fmt makes (under 4095 bytes) and its LF. */
static int tc_vsend(struct tc *c, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

static TC_UNUSED int
tc_vsend(struct tc *c, const char *fmt, va_list ap)
{
	char line[4096];
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);

	if (n < 0 || (size_t)n >= sizeof line - 1) {
		fprintf(stderr, "tc_send: a line too long for the test client\n");
		return -1;
	}
	line[n++] = '\n';
	return tc_raw(c, line, (size_t)n);
}

static int tc_send(struct tc *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static TC_UNUSED int
tc_send(struct tc *c, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = tc_vsend(c, fmt, ap);
	va_end(ap);
	return rc;
}

/*
 * The next line into c->line, answering PINGs unless keep_pings. 1 a line,
 * 0 the server closed, -1 timeout or error.
 */
static TC_UNUSED int
tc_read(struct tc *c, int timeout_ms, bool keep_pings)
{
	long long end = tc_ms() + timeout_ms;

	for (;;) {
		char *lf = memchr(c->buf, '\n', c->len);
		if (lf != NULL) {
			size_t k = (size_t)(lf - c->buf);
			if (k >= sizeof c->line)
				k = sizeof c->line - 1;
			memcpy(c->line, c->buf, k);
			c->line[k] = '\0';
			c->len -= (size_t)(lf - c->buf) + 1;
			memmove(c->buf, lf + 1, c->len);
			if (!keep_pings && strncmp(c->line, "PING ", 5) == 0) {
				tc_send(c, "PONG %s", c->line + 5);
				continue;
			}
			return 1;
		}
		long long left = end - tc_ms();
		if (left <= 0)
			return -1;
		struct pollfd p = { c->fd, POLLIN, 0 };
		int r = poll(&p, 1, (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		ssize_t n = recv(c->fd, c->buf + c->len,
		    sizeof c->buf - c->len - 1, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		c->len += (size_t)n;
	}
}

/* Read lines until one starts with prefix; NULL on timeout or close. */
static TC_UNUSED const char *
tc_wait(struct tc *c, const char *prefix, int timeout_ms)
{
	long long end = tc_ms() + timeout_ms;

	for (;;) {
		long long left = end - tc_ms();
		if (left <= 0 || tc_read(c, (int)left, false) != 1) {
			fprintf(stderr, "tc_wait: no '%s' (last '%s')\n",
			    prefix, c->line);
			return NULL;
		}
		if (strncmp(c->line, prefix, strlen(prefix)) == 0)
			return c->line;
	}
}

/* Send the request fmt; a line starting with want must come within
 * TC_ANSWER_MS (else the test fails): tc_send then tc_wait. */
static const char *tc_ask(struct tc *c, const char *want, const char *fmt,
    ...) __attribute__((format(printf, 3, 4)));

static TC_UNUSED const char *
tc_ask(struct tc *c, const char *want, const char *fmt, ...)
{
	va_list ap;
	int rc;
	const char *l;

	va_start(ap, fmt);
	rc = tc_vsend(c, fmt, ap);
	va_end(ap);
	assert_int_equal(rc, 0);
	l = tc_wait(c, want, TC_ANSWER_MS);
	assert_non_null(l);
	return l;
}

/* The next line must start with prefix (PINGs aside). */
static TC_UNUSED const char *
tc_next(struct tc *c, const char *prefix, int timeout_ms)
{
	if (tc_read(c, timeout_ms, false) != 1) {
		fprintf(stderr, "tc_next: nothing, wanted '%s'\n", prefix);
		return NULL;
	}
	if (strncmp(c->line, prefix, strlen(prefix)) != 0) {
		fprintf(stderr, "tc_next: got '%s'\nwanted '%s'\n", c->line,
		    prefix);
		return NULL;
	}
	return c->line;
}

/* Does the server close this connection within timeout_ms? */
static TC_UNUSED bool
tc_closed(struct tc *c, int timeout_ms)
{
	long long end = tc_ms() + timeout_ms;
	int r;

	for (;;) {
		long long left = end - tc_ms();
		if (left <= 0)
			return false;
		r = tc_read(c, (int)left, true);
		if (r == 0)
			return true;
		if (r < 0)
			return false;
	}
}

/* A value from the last line into out. */
static TC_UNUSED const char *
tc_val(const char *line, const char *key, char *out, size_t n)
{
	char pat[64];
	const char *p;
	size_t k = 0;

	snprintf(pat, sizeof pat, " %s=", key);
	p = strstr(line, pat);
	if (p == NULL) {
		out[0] = '\0';
		return NULL;
	}
	p += strlen(pat);
	while (p[k] != '\0' && p[k] != ' ' && k + 1 < n)
		k++;
	memcpy(out, p, k);
	out[k] = '\0';
	return out;
}

/* Connected and past HELLO. */
static TC_UNUSED struct tc *
tc_hello(int port)
{
	struct tc *c = tc_open(port);

	if (c == NULL)
		return NULL;
	if (tc_next(c, "HELLO CGP/1 ", 3000) == NULL ||
	    tc_send(c, "HELLO CGP/1 client=test") < 0 ||
	    tc_next(c, "OK * HELLO proto=CGP/1", 3000) == NULL) {
		tc_free(c);
		return NULL;
	}
	return c;
}

/* The RESULT events stored for game id, read by REJOIN since=0 with a
 * seat's token on the server at port (then PING: everything before its
 * PONG). */
static TC_UNUSED int
tc_results(int port, const char *id, const char *tok)
{
	struct tc *c = tc_hello(port);
	int n = 0;

	assert_non_null(c);
	tc_ask(c, "OK #r REJOIN", "#r REJOIN game=%s token=%s since=0", id,
	    tok);
	tc_send(c, "PING corr");
	for (;;) {
		assert_int_equal(tc_read(c, TC_ANSWER_MS, false), 1);
		if (strcmp(c->line, "PONG corr") == 0)
			break;
		if (strstr(c->line, " RESULT ") != NULL)
			n++;
	}
	tc_free(c);
	return n;
}

/* Start a program with stderr appended to logfile; its pid. */
static TC_UNUSED pid_t
tc_spawn(const char *logfile, char *const argv[])
{
	pid_t parent = getpid(), pid = fork();

	if (pid == 0) {
		int fd;

		/* The server ends with the test, whatever happens to it: a
		 * failed test that started another server (which took
		 * server_pid), or a test killed by the watchdog, left one
		 * running after make check. */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 ||
		    getppid() != parent)
			_exit(127);
		fd = open(logfile, O_WRONLY | O_CREAT | O_APPEND, 0600);
		if (fd >= 0) {
			dup2(fd, 2);
			close(fd);
		}
		execv(argv[0], argv);
		fprintf(stderr, "cannot run %s: %s\n", argv[0],
		    strerror(errno));
		_exit(127);
	}
	return pid;
}

/* Wait for a child up to timeout_ms; its wait status, or -1. */
static TC_UNUSED int
tc_reap(pid_t pid, int timeout_ms)
{
	long long end = tc_ms() + timeout_ms;
	int st;

	while (tc_ms() < end) {
		pid_t r = waitpid(pid, &st, WNOHANG);
		if (r == pid)
			return st;
		if (r < 0)
			return -1;
		usleep(10000);
	}
	return -1;
}

#ifdef TC_SERVER_FIXTURE
/*
 * The tests that spawn a real congo-server (they define TC_SERVER_FIXTURE
 * before including this, after cmocka.h): its program, a folder of its own
 * with its database and log, a free loopback port, its pid.
 */
#include "test_tmp.h"

static char server_bin[1024], dir[256], db[300], logfile[300], portstr[16];
static int port;
static pid_t server_pid = -1;

/* The paths above, the folder TMPDIR/NAME.XXXXXX, a free port; SIGPIPE
 * ignored. 0, or -1. */
static TC_UNUSED int
tc_server_setup(const char *name)
{
	const char *b = getenv("CONGO_BUILDDIR");

	snprintf(server_bin, sizeof server_bin, "%s/src/congo-server",
	    b != NULL ? b : ".");
	if (test_mkdtemp(dir, sizeof dir, name) == NULL)
		return -1;
	snprintf(db, sizeof db, "%s/games.db", dir);
	snprintf(logfile, sizeof logfile, "%s/server.log", dir);
	port = tc_free_port();
	snprintf(portstr, sizeof portstr, "%d", port);
	signal(SIGPIPE, SIG_IGN);
	return port > 0 ? 0 : -1;
}

/* The server started with argv (its output in logfile) and ready: it
 * answers on port within 10 s, and has not exited meanwhile. */
static TC_UNUSED void
tc_server_start(char **argv)
{
	long long end = tc_ms() + 10000;
	int fd;

	/* One left running by a test that failed before stopping it. */
	if (server_pid > 0 && waitpid(server_pid, NULL, WNOHANG) == 0) {
		kill(server_pid, SIGKILL);
		tc_reap(server_pid, 5000);
	}
	server_pid = tc_spawn(logfile, argv);
	assert_true(server_pid > 0);
	while ((fd = tc_dial(port, 0)) < 0) {
		assert_true(tc_ms() < end);
		assert_int_equal(waitpid(server_pid, NULL, WNOHANG), 0);
		usleep(20000);
	}
	close(fd);
}

/* The server stopped with SIGTERM: it exits 0 within 5 s. */
static TC_UNUSED void
tc_server_stop(void)
{
	int st;

	/* (kill(-1, ...) would signal every process of the user.) */
	assert_true(server_pid > 0);
	assert_int_equal(kill(server_pid, SIGTERM), 0);
	st = tc_reap(server_pid, 5000);
	assert_true(st != -1);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	server_pid = -1;
}

/* The server stopped with sig, the folder removed (kept, and named, when
 * CONGO_KEEP_TMP is set). 0, or -1. */
static TC_UNUSED int
tc_server_teardown(int sig)
{
	if (server_pid > 0) {
		kill(server_pid, sig);
		tc_reap(server_pid, 5000);
	}
	if (getenv("CONGO_KEEP_TMP") != NULL) {
		fprintf(stderr, "kept %s\n", dir);
		return 0;
	}
	return test_rmdir(dir);
}

#ifdef TC_SERVER_NAME
/* cmocka's group setup and teardown of a file whose tests need nothing
 * more: the folder TMPDIR/TC_SERVER_NAME.XXXXXX..., removed at the end
 * (a server left running killed). */
static int
tc_group_setup(void **state)
{
	(void)state;
	return tc_server_setup(TC_SERVER_NAME);
}

static int
tc_group_teardown(void **state)
{
	(void)state;
	return tc_server_teardown(SIGKILL);
}
#endif
#endif

#endif
