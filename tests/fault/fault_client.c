/*
 * fault_client.c: the client side of the server fault runs (tests/fault/).
 *
 *   fault_client play --port P --log FILE [--games N] [--seconds S]
 *                     [--seed S] [--stop-after-507 N]
 *     N games at once (two connections each) play random legal moves as
 *     fast as the server answers. Every acknowledged move (OK MOVE) and
 *     every game created is appended to FILE at once, so that the record
 *     survives whatever happens to the server. A 507 STORAGE_FAILED or a
 *     503 BUSY is counted and the move tried again later. Ends when the
 *     time is up, when the server goes away (a kill), or after N 507s in
 *     a row. max_ms is the longest a MOVE waited for its answer.
 *
 *   fault_client check --port P --log FILE...
 *     Every game and every acknowledged move in the logs must be in the
 *     server's HISTORY at its ply. Moves stored but never acknowledged
 *     (the OK lost with the server) are allowed and counted.
 *
 * Prints one summary line `key=value ...`. Exit: 0 good, 1 a lost move or
 * a protocol surprise, 2 bad usage or no server to talk to.
 */

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "fault_util.h"

#define LINE 4096
#define MAXGAMES 4096
#define MAXPLY 4096

struct conn {
	int fd;
	char buf[65536];
	size_t len;
};

struct pgame {
	char id[16];
	struct conn c[2];
	struct game g;
	bool live;
};

static const char *host = "127.0.0.1";
static int port;
static unsigned long long rng_state = 1;
static int tagno;

static unsigned long long
rnd(void)
{
	unsigned long long z = (rng_state += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* -1 when the server is not there. */
static int
dial(struct conn *c)
{
	struct addrinfo hints, *res, *a;
	char ps[16];
	int one = 1;

	memset(&hints, 0, sizeof hints);
	hints.ai_socktype = SOCK_STREAM;
	snprintf(ps, sizeof ps, "%d", port);
	if (getaddrinfo(host, ps, &hints, &res) != 0)
		return -1;
	c->fd = -1;
	c->len = 0;
	for (a = res; a != NULL && c->fd < 0; a = a->ai_next) {
		c->fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, 0);
		if (c->fd < 0)
			continue;
		if (connect(c->fd, a->ai_addr, a->ai_addrlen) != 0) {
			close(c->fd);
			c->fd = -1;
		}
	}
	freeaddrinfo(res);
	if (c->fd < 0)
		return -1;
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	return 0;
}

/* The next line (without LF) into out; -1 when the connection is gone. */
static int
get_line(struct conn *c, char *out, size_t n)
{
	while (!fault_take_line(c->buf, &c->len, out, n))
		if (fault_recv_more(c->fd, c->buf, &c->len, sizeof c->buf) != 0)
			return -1;
	return 0;
}

static int say(struct conn *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int ask(struct conn *c, char *reply, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void append(int fd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
say(struct conn *c, const char *fmt, ...)
{
	char line[LINE];
	va_list ap;
	size_t off = 0;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	line[n++] = '\n';
	while (off < (size_t)n) {
		ssize_t w = send(c->fd, line + off, (size_t)n - off,
		    MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		off += (size_t)w;
	}
	return 0;
}

/* Send a tagged command and wait for its OK or ERR (events skipped). */
static int
ask(struct conn *c, char *reply, size_t n, const char *fmt, ...)
{
	char cmd[LINE], tag[24];
	size_t tl;
	va_list ap;

	snprintf(tag, sizeof tag, "#f%d", ++tagno);
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	if (say(c, "%s %s", tag, cmd) < 0)
		return -1;
	tl = strlen(tag);
	for (;;) {
		if (get_line(c, reply, n) < 0)
			return -1;
		if ((strncmp(reply, "OK ", 3) == 0 &&
		    strncmp(reply + 3, tag, tl) == 0 && reply[3 + tl] == ' ') ||
		    (strncmp(reply, "ERR ", 4) == 0 &&
		    strncmp(reply + 4, tag, tl) == 0 && reply[4 + tl] == ' '))
			return 0;
		if (strncmp(reply, "PING ", 5) == 0)
			say(c, "PONG %s", reply + 5);
	}
}

static const char *
val(const char *line, const char *key, char *out, size_t n)
{
	char pat[32];
	const char *p;

	snprintf(pat, sizeof pat, " %s=", key);
	p = strstr(line, pat);
	if (p == NULL)
		return NULL;
	p += strlen(pat);
	snprintf(out, n, "%.*s", (int)strcspn(p, " "), p);
	return out;
}

static int
hello(struct conn *c)
{
	char line[LINE];

	if (dial(c) < 0 || get_line(c, line, sizeof line) < 0)
		return -1;
	if (ask(c, line, sizeof line, "HELLO CGP/1 client=fault") < 0)
		return -1;
	return strncmp(line, "OK ", 3) == 0 ? 0 : -1;
}

static void
append(int fd, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (write(fd, line, (size_t)n) != n) {
		perror("fault_client: log");
		exit(2);
	}
}

/* A fresh game on pg's two connections; -1 server gone, 1 refused. */
static int
new_game(struct pgame *pg, int logfd)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	char line[LINE];
	struct board b;

	if (ask(&pg->c[0], line, sizeof line, "CREATE seat=white name=w") < 0)
		return -1;
	if (strncmp(line, "OK ", 3) != 0 ||
	    val(line, "game", pg->id, sizeof pg->id) == NULL)
		return 1;
	append(logfd, "G %s\n", pg->id);
	if (ask(&pg->c[1], line, sizeof line, "JOIN game=%s seat=black "
	    "name=b", pg->id) < 0)
		return -1;
	if (strncmp(line, "OK ", 3) != 0)
		return 1;
	if (pg->live)
		game_free(&pg->g);
	fen_read(&b, FEN_START, NULL, 0);
	game_init(&pg->g, &b, &rules);
	pg->live = true;
	return 0;
}

static int
play(const char *logpath, int ngames, double seconds, int stop507)
{
	static struct pgame games[64];
	char line[LINE], text[MOVE_TEXT_MAX], err[160];
	double end = now_s() + seconds;
	long long acked = 0, e507 = 0, e503 = 0, run507 = 0, errs = 0;
	long long made = 0;
	double t0, max_ms = 0;
	const char *why = "time";
	int logfd, i, r;

	logfd = open(logpath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (logfd < 0) {
		perror(logpath);
		return 2;
	}
	if (ngames > 64)
		ngames = 64;
	for (i = 0; i < ngames; i++) {
		if (hello(&games[i].c[0]) < 0 || hello(&games[i].c[1]) < 0) {
			if (i > 0)
				goto gone;	/* killed while we connected */
			fprintf(stderr, "fault_client: no server on port %d\n",
			    port);
			return 2;
		}
		r = new_game(&games[i], logfd);
		if (r < 0)
			goto gone;
		if (r > 0) {
			fprintf(stderr, "fault_client: CREATE/JOIN refused: "
			    "the disk is full already?\n");
			return 1;
		}
		made++;
	}
	while (now_s() < end) {
		for (i = 0; i < ngames; i++) {
			struct pgame *pg = &games[i];
			const struct board *b = game_board(&pg->g);
			struct movelist ml;
			move_t m;
			int side = b->side;

			if (game_over(&pg->g) || pg->g.nply >= MAXPLY - 1) {
				r = new_game(pg, logfd);
				if (r < 0)
					goto gone;
				if (r > 0) {
					e507++;
					continue;
				}
				made++;
				b = game_board(&pg->g);
				side = b->side;
			}
			movegen_legal(b, &ml);
			m = ml.moves[rnd() % (unsigned)ml.n];
			notation_write(m, text, sizeof text);
			t0 = now_s();
			if (ask(&pg->c[side], line, sizeof line, "MOVE game=%s "
			    "ply=%d move=%s", pg->id, pg->g.nply, text) < 0)
				goto gone;
			if ((now_s() - t0) * 1000 > max_ms)
				max_ms = (now_s() - t0) * 1000;
			if (strncmp(line, "OK ", 3) == 0) {
				/* Logged before anything else happens. */
				append(logfd, "M %s %d %s\n", pg->id,
				    pg->g.nply, text);
				if (game_play(&pg->g, m, err, sizeof err) < 0) {
					fprintf(stderr, "fault_client: %s\n",
					    err);
					return 1;
				}
				acked++;
				run507 = 0;
			} else if (strstr(line, " 507 ") != NULL) {
				e507++;
				if (stop507 > 0 && ++run507 >= stop507) {
					why = "507s";
					goto out;
				}
				usleep(2000);
			} else if (strstr(line, " 503 ") != NULL) {
				e503++;
				usleep(2000);
			} else {
				fprintf(stderr, "fault_client: %s answered "
				    "%s\n", text, line);
				errs++;
				return 1;
			}
		}
	}
	goto out;
gone:
	why = "server-gone";
out:
	printf("end=%s games=%lld acked=%lld e507=%lld e503=%lld errors=%lld "
	    "max_ms=%.0f\n", why, made, acked, e507, e503, errs, max_ms);
	close(logfd);
	return 0;
}

struct cgame {
	char id[16];
	int nply;                 /* acknowledged */
	char (*mv)[MOVE_TEXT_MAX];
};

static struct cgame *
find(struct cgame *g, int n, const char *id)
{
	for (int i = 0; i < n; i++)
		if (strcmp(g[i].id, id) == 0)
			return &g[i];
	return NULL;
}

static int
check(char **logs, int nlogs)
{
	static struct cgame games[MAXGAMES];
	char line[LINE], v[64];
	long long acked = 0, extra = 0, lost = 0, missing = 0;
	int ng = 0, i, k;
	struct conn c;

	for (i = 0; i < nlogs; i++) {
		FILE *f = fopen(logs[i], "r");
		char id[16], mv[MOVE_TEXT_MAX];
		int ply;

		if (f == NULL) {
			perror(logs[i]);
			return 2;
		}
		while (fgets(line, sizeof line, f) != NULL) {
			struct cgame *g;

			if (sscanf(line, "G %15s", id) == 1) {
				if (ng == MAXGAMES || find(games, ng, id))
					continue;
				g = &games[ng++];
				snprintf(g->id, sizeof g->id, "%s", id);
				g->mv = calloc(MAXPLY, sizeof *g->mv);
			} else if (sscanf(line, "M %15s %d %31s", id, &ply,
			    mv) == 3) {
				g = find(games, ng, id);
				if (g == NULL || ply != g->nply || ply >= MAXPLY) {
					fprintf(stderr, "fault_client: %s: bad "
					    "log line %s", logs[i], line);
					return 2;
				}
				snprintf(g->mv[g->nply++], MOVE_TEXT_MAX, "%s",
				    mv);
				acked++;
			}
		}
		fclose(f);
	}
	if (hello(&c) < 0) {
		fprintf(stderr, "fault_client: no server on port %d\n", port);
		return 2;
	}
	for (i = 0; i < ng; i++) {
		struct cgame *g = &games[i];
		int from = 0, plies = -1;

		do {
			int n;

			if (ask(&c, line, sizeof line, "HISTORY game=%s "
			    "from=%d", g->id, from) < 0) {
				fprintf(stderr, "fault_client: server gone\n");
				return 2;
			}
			if (strncmp(line, "OK ", 3) != 0) {
				fprintf(stderr, "fault_client: game %s: %s\n",
				    g->id, line);
				missing++;
				lost += g->nply;
				break;
			}
			n = atoi(val(line, "n", v, sizeof v) ? v : "0");
			plies = atoi(val(line, "plies", v, sizeof v) ? v :
			    "0");
			for (k = 0; k < n; k++) {
				int ply;

				if (get_line(&c, line, sizeof line) < 0)
					return 2;
				if (strncmp(line, "ITEM ", 5) != 0) {
					k--;
					continue;
				}
				ply = atoi(val(line, "ply", v, sizeof v) ? v :
				    "-1");
				if (ply >= 0 && ply < g->nply &&
				    (val(line, "move", v, sizeof v) == NULL ||
				    strcmp(v, g->mv[ply]) != 0)) {
					fprintf(stderr, "fault_client: game %s "
					    "ply %d: acknowledged %s, stored "
					    "%s\n", g->id, ply, g->mv[ply],
					    line);
					lost++;
				}
			}
			from += n;
			if (n == 0)
				break;
		} while (from < plies);
		if (plies >= 0 && plies < g->nply) {
			fprintf(stderr, "fault_client: game %s: %d plies "
			    "acknowledged, %d stored\n", g->id, g->nply,
			    plies);
			lost += g->nply - plies;
		} else if (plies > g->nply) {
			extra += plies - g->nply;
		}
	}
	printf("games=%d acked=%lld lost=%lld missing_games=%lld "
	    "unacked_stored=%lld\n", ng, acked, lost, missing, extra);
	return lost == 0 && missing == 0 ? 0 : 1;
}

static void
usage(void)
{
	fputs("usage: fault_client play --port P --log FILE [--games N] "
	    "[--seconds S] [--seed S] [--stop-after-507 N]\n"
	    "       fault_client check --port P --log FILE...\n", stderr);
	exit(2);
}

int
main(int argc, char **argv)
{
	char *logs[256];
	int nlogs = 0, ngames = 8, stop507 = 0, i;
	double seconds = 60;
	const struct fault_opt opts[] = {
		{ "--port", 'i', &port }, { "--host", 's', &host },
		{ "--games", 'i', &ngames }, { "--seconds", 'f', &seconds },
		{ "--seed", 'u', &rng_state },
		{ "--stop-after-507", 'i', &stop507 },
	};

	signal(SIGPIPE, SIG_IGN);
	board_init();
	if (argc < 2)
		usage();
	for (i = 2; i < argc; i++) {
		if (i + 1 >= argc)
			usage();
		if (strcmp(argv[i], "--log") == 0) {
			while (i + 1 < argc && argv[i + 1][0] != '-' &&
			    nlogs < 256)
				logs[nlogs++] = argv[++i];
		} else if (!fault_opt_read(opts, sizeof opts / sizeof opts[0],
		    argv, &i))
			usage();
	}
	if (port <= 0 || nlogs == 0 || ngames < 1)
		usage();
	if (strcmp(argv[1], "play") == 0)
		return play(logs[0], ngames, seconds, stop507);
	if (strcmp(argv[1], "check") == 0)
		return check(logs, nlogs);
	usage();
	return 2;
}
