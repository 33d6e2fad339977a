/*
 * fault_probe.c: the two other sides of the database fault runs
 * (tests/fault/locked_db.sh, readonly_db.sh, full_disk.sh).
 *
 *   fault_probe lock --db FILE [--hold-ms 5000]
 *     Another program on the server's database: takes SQLite's write lock
 *     (BEGIN IMMEDIATE, trying for up to 10 s), prints "locked", holds it
 *     for the time given, rolls back, prints "released".
 *
 *   fault_probe watch --port P --seconds S [--ping-max-ms 50]
 *                     [--state-max-ms 50] [--hard-max-ms 1000]
 *                     [--ready FILE] [--until FILE]
 *     A game of its own (CREATE, JOIN on a second connection), then for
 *     S seconds (or until FILE exists) a PING every 20 ms and a STATE of
 *     that game every 100 ms,
 *     each timed from its line sent to its answer. Touches FILE once the
 *     game is made (the fault may start). Prints `pings=N ping_p99_ms=X
 *     ping_max_ms=X states=N state_p99_ms=Y state_max_ms=Y`; exit 1 when
 *     an answer was not OK, or the 99th percentile of either took longer
 *     than its limit, or one took longer than --hard-max-ms (1000: far
 *     less than a wait for the database, far more than a busy machine's
 *     scheduling), 2 when there is no server.
 */

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "fault_util.h"

struct pconn {
	int fd;
	char buf[16384];
	size_t len;
};

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
lock_db(const char *path, int hold_ms)
{
	double until = now_ms() + 10000;
	sqlite3 *db;
	int rc;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) !=
	    SQLITE_OK) {
		fprintf(stderr, "fault_probe: %s: %s\n", path,
		    sqlite3_errmsg(db));
		return 2;
	}
	while ((rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL,
	    NULL)) == SQLITE_BUSY && now_ms() < until)
		usleep(1000);
	if (rc != SQLITE_OK) {
		fprintf(stderr, "fault_probe: %s: BEGIN IMMEDIATE: %s\n", path,
		    sqlite3_errmsg(db));
		sqlite3_close(db);
		return 2;
	}
	printf("locked\n");
	fflush(stdout);
	usleep((useconds_t)hold_ms * 1000);
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(db);
	printf("released\n");
	return 0;
}

static int
dial(struct pconn *c, int port)
{
	struct sockaddr_in sa;
	int one = 1;

	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((unsigned short)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	c->len = 0;
	c->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->fd < 0 || connect(c->fd, (struct sockaddr *)&sa,
	    sizeof sa) < 0)
		return -1;
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return 0;
}

/* The next line (no LF) within ms; -1 gone or late. */
static int
get_line(struct pconn *c, char *out, size_t n, int ms)
{
	double until = now_ms() + ms;

	for (;;) {
		struct pollfd p = { c->fd, POLLIN, 0 };

		if (fault_take_line(c->buf, &c->len, out, n))
			return 0;
		if (c->len == sizeof c->buf || now_ms() >= until)
			return -1;
		if (poll(&p, 1, (int)(until - now_ms()) + 1) <= 0)
			continue;
		if (fault_recv_more(c->fd, c->buf, &c->len, sizeof c->buf) != 0)
			return -1;
	}
}

/* Send "tag text", wait (up to 30 s) for the answer with that tag: its
 * time in ms, or -1. */
static double
ask(struct pconn *c, const char *tag, const char *text, char *reply,
    size_t n)
{
	char line[600];
	double t0 = now_ms();
	size_t tl = strlen(tag);
	int len = snprintf(line, sizeof line, "%s %s\n", tag, text);

	if (send(c->fd, line, (size_t)len, MSG_NOSIGNAL) != len)
		return -1;
	for (;;) {
		if (get_line(c, reply, n, 30000) < 0)
			return -1;
		if ((strncmp(reply, "OK ", 3) == 0 &&
		    strncmp(reply + 3, tag, tl) == 0 && reply[3 + tl] == ' ') ||
		    (strncmp(reply, "ERR ", 4) == 0 &&
		    strncmp(reply + 4, tag, tl) == 0 && reply[4 + tl] == ' '))
			return now_ms() - t0;
	}
}

/* PING word: the time to its PONG word, or -1. */
static double
ping(struct pconn *c, const char *word, char *reply, size_t n)
{
	char line[64];
	double t0 = now_ms();
	int len = snprintf(line, sizeof line, "PING %s\n", word);

	if (send(c->fd, line, (size_t)len, MSG_NOSIGNAL) != len)
		return -1;
	for (;;) {
		if (get_line(c, reply, n, 30000) < 0)
			return -1;
		if (strncmp(reply, "PONG ", 5) == 0 &&
		    strcmp(reply + 5, word) == 0)
			return now_ms() - t0;
	}
}

static int
hello(struct pconn *c, int port)
{
	char line[600];

	if (dial(c, port) < 0 || get_line(c, line, sizeof line, 5000) < 0 ||
	    ask(c, "#h", "HELLO CGP/1 client=probe", line, sizeof line) < 0)
		return -1;
	return strncmp(line, "OK ", 3) == 0 ? 0 : -1;
}

#define SAMPLES 65536

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The 99th percentile of n times (sorted in place). */
static double
p99(double *t, long n)
{
	if (n == 0)
		return 0;
	qsort(t, (size_t)n, sizeof *t, by_value);
	return t[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1];
}

static int
watch(int port, double seconds, double ping_max, double state_max,
    double hard_max, const char *ready, const char *until)
{
	static double pt[SAMPLES], st[SAMPLES];
	struct pconn a, b;
	char line[600], game[16], cmd[64], tag[24];
	double end, next_state, t, pmax = 0, smax = 0, pp, sp;
	long pings = 0, states = 0, bad = 0;
	const char *p;

	if (hello(&a, port) < 0 || hello(&b, port) < 0) {
		fprintf(stderr, "fault_probe: no server on port %d\n", port);
		return 2;
	}
	if (ask(&a, "#c", "CREATE seat=white name=probe", line,
	    sizeof line) < 0 || strncmp(line, "OK ", 3) != 0 ||
	    (p = strstr(line, " game=")) == NULL) {
		fprintf(stderr, "fault_probe: CREATE: %s\n", line);
		return 2;
	}
	snprintf(game, sizeof game, "%.8s", p + 6);
	snprintf(cmd, sizeof cmd, "JOIN game=%s seat=black name=probe2",
	    game);
	if (ask(&b, "#j", cmd, line, sizeof line) < 0 ||
	    strncmp(line, "OK ", 3) != 0) {
		fprintf(stderr, "fault_probe: JOIN: %s\n", line);
		return 2;
	}
	if (ready != NULL)
		close(open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	end = now_ms() + seconds * 1000;
	next_state = now_ms();
	snprintf(cmd, sizeof cmd, "STATE game=%s", game);
	while (now_ms() < end && (until == NULL || access(until, F_OK) != 0)) {
		snprintf(tag, sizeof tag, "w%ld", pings);
		t = ping(&b, tag, line, sizeof line);
		if (t < 0 || t > ping_max) {
			fprintf(stderr, "fault_probe: PING: %.1f ms: %s\n", t,
			    line);
			bad += t < 0 || t > hard_max;
		}
		if (pings < SAMPLES)
			pt[pings++] = t;
		if (t > pmax)
			pmax = t;
		if (now_ms() >= next_state) {
			snprintf(tag, sizeof tag, "#s%ld", states);
			t = ask(&b, tag, cmd, line, sizeof line);
			if (t < 0 || strncmp(line, "OK ", 3) != 0 ||
			    t > state_max) {
				fprintf(stderr, "fault_probe: STATE: %.1f ms: "
				    "%s\n", t, line);
				bad += t < 0 || t > hard_max ||
				    strncmp(line, "OK ", 3) != 0;
			}
			if (states < SAMPLES)
				st[states++] = t;
			if (t > smax)
				smax = t;
			next_state += 100;
		}
		usleep(20000);
	}
	pp = p99(pt, pings);
	sp = p99(st, states);
	printf("pings=%ld ping_p99_ms=%.1f ping_max_ms=%.1f states=%ld "
	    "state_p99_ms=%.1f state_max_ms=%.1f failed_or_over_%.0f_ms=%ld\n",
	    pings, pp, pmax, states, sp, smax, hard_max, bad);
	return bad == 0 && pp <= ping_max && sp <= state_max ? 0 : 1;
}

static void
usage(void)
{
	fputs("usage: fault_probe lock --db FILE [--hold-ms MS]\n"
	    "       fault_probe watch --port P --seconds S [--ping-max-ms MS] "
	    "[--state-max-ms MS] [--hard-max-ms MS] [--ready FILE]\n"
	    "                   [--until FILE]\n", stderr);
	exit(2);
}

int
main(int argc, char **argv)
{
	const char *db = NULL, *ready = NULL, *until = NULL;
	double seconds = 5, ping_max = 50, state_max = 50, hard_max = 1000;
	int port = 0, hold = 5000, i;
	const struct fault_opt opts[] = {
		{ "--db", 's', &db }, { "--hold-ms", 'i', &hold },
		{ "--port", 'i', &port }, { "--seconds", 'f', &seconds },
		{ "--ping-max-ms", 'f', &ping_max },
		{ "--state-max-ms", 'f', &state_max },
		{ "--hard-max-ms", 'f', &hard_max },
		{ "--ready", 's', &ready }, { "--until", 's', &until },
	};

	signal(SIGPIPE, SIG_IGN);
	if (argc < 2)
		usage();
	for (i = 2; i < argc; i++)
		if (i + 1 >= argc ||
		    !fault_opt_read(opts, sizeof opts / sizeof opts[0], argv, &i))
			usage();
	if (strcmp(argv[1], "lock") == 0 && db != NULL)
		return lock_db(db, hold);
	if (strcmp(argv[1], "watch") == 0 && port > 0)
		return watch(port, seconds, ping_max, state_max, hard_max,
		    ready, until);
	usage();
	return 2;
}
