/*
 * cgp_load.c: a load run against congo-server: N games played at once by
 * 2N connections on one poll() loop, random legal moves (the rules engine
 * picks them), for a while. Reports moves per second and the time from a
 * MOVE sent to the opponent's EV, and checks that no acknowledged move was
 * lost or duplicated (against the events each side saw and the server's
 * HISTORY at the end).
 *
 *   cgp_load [--host H] --port P [--games 200] [--seconds 60] [--think MS]
 *            [--lockstep]     (every game thinks exactly MS: the games'
 *                              moves arrive together, in bursts; by default
 *                              each think is drawn from MS/2..3MS/2, so
 *                              the games' moves spread as real players' do
 *                              at the same mean pace)
 *            [--resign]       (resign the games still on at the end)
 *            [--port2 P]      (black connects to another server: several
 *                              servers on one PostgreSQL)
 *   cgp_load --fsync DIR [N]   the disk's sync time: N (200) writes of 4 KiB
 *                              to a file in DIR, each followed by fdatasync
 *
 * Exit status: 0 when every check holds, 1 otherwise, 2 on bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
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
#include "net/server/server_int.h"

#define MAXPLY 1024

struct lgame;

struct lconn {
	int fd;
	int color;
	struct lgame *g;
	char in[8192];
	size_t inlen;
	char out[8192];
	size_t outlen;
	bool hello;
};

struct lgame {
	struct lconn c[2];
	char id[16];
	struct game mirror;      /* what the events said */
	bool started, over, created;
	int nacked;              /* moves OK'd to the mover */
	char acked[MAXPLY][MOVE_TEXT_MAX];
	unsigned char seen[2][MAXPLY];   /* EV MOVE per ply per side */
	long long sent_at[MAXPLY];
	long long think_until;
	bool waiting;            /* a MOVE not yet answered */
	bool resigned;           /* --resign: sent at the end */
	int games_done;
};

struct done {                /* a finished game, for the final check */
	char id[16];
	int nacked;
	char (*acked)[MOVE_TEXT_MAX];
	struct done *next;
};

static struct {
	const char *host;
	int port, ngames, seconds, think;
	long long moves, errors, events;
	double *lat;
	size_t nlat, latcap;
	int failures;
	unsigned rng;
	bool resign;             /* games still on at the end: resign them */
	int port2;               /* black's server, if another */
	bool ending;             /* the time is up: no new games */
	bool lockstep;           /* every think exactly --think */
} L = { "127.0.0.1", 0, 200, 60, 0, 0, 0, 0, NULL, 0, 0, 0, 12345, false,
	0, false, false };

static struct done *finished;       /* games over, kept for checking */

static long long
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static unsigned
rnd(void)
{
	L.rng = L.rng * 1103515245u + 12345u;
	return L.rng >> 8;
}

/* A player's thinking time, microseconds. */
static long long
think_us(void)
{
	long long t = L.think * 1000LL;

	if (L.lockstep || t == 0)
		return t;
	return t / 2 + (long long)(rnd() % (unsigned)(t + 1));
}

static void
problem(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("cgp_load: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	L.failures++;
}

static int
dial(int to)
{
	struct addrinfo hints, *res;
	char port[16];
	int fd, one = 1;

	memset(&hints, 0, sizeof hints);
	hints.ai_socktype = SOCK_STREAM;
	snprintf(port, sizeof port, "%d", to);
	if (getaddrinfo(L.host, port, &hints, &res) != 0)
		return -1;
	fd = socket(res->ai_family, SOCK_STREAM, 0);
	if (fd < 0 || connect(fd, res->ai_addr, res->ai_addrlen) < 0) {
		freeaddrinfo(res);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	freeaddrinfo(res);
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	fcntl(fd, F_SETFL, O_NONBLOCK);
	return fd;
}

static void
say(struct lconn *c, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(c->out + c->outlen, sizeof c->out - c->outlen - 1, fmt,
	    ap);
	va_end(ap);
	if (n < 0 || c->outlen + (size_t)n + 1 >= sizeof c->out) {
		problem("output buffer full");
		return;
	}
	c->outlen += (size_t)n;
	c->out[c->outlen++] = '\n';
}

static void
flush(struct lconn *c)
{
	while (c->outlen > 0) {
		ssize_t w = send(c->fd, c->out, c->outlen, MSG_NOSIGNAL);
		if (w <= 0)
			return;
		memmove(c->out, c->out + w, c->outlen - (size_t)w);
		c->outlen -= (size_t)w;
	}
}

static void
new_game(struct lgame *g)
{
	struct board b;
	char err[64];

	if (g->created)
		game_free(&g->mirror);
	fen_read(&b, FEN_START, err, sizeof err);
	game_init(&g->mirror, &b, NULL);
	g->created = true;
	g->started = g->over = g->waiting = false;
	g->nacked = 0;
	memset(g->seen, 0, sizeof g->seen);
	g->id[0] = '\0';
	say(&g->c[WHITE], "#c CREATE seat=white name=w");
}

/* Keep a finished game's moves for the final check; start another. */
static void
game_over_restart(struct lgame *g)
{
	struct done *d = malloc(sizeof *d);

	if (d != NULL) {
		snprintf(d->id, sizeof d->id, "%s", g->id);
		d->nacked = g->nacked;
		d->acked = malloc(sizeof *d->acked * (size_t)(g->nacked + 1));
		if (d->acked != NULL)
			memcpy(d->acked, g->acked,
			    sizeof *d->acked * (size_t)g->nacked);
		d->next = finished;
		finished = d;
	}
	g->games_done++;
	new_game(g);
}

static void
maybe_move(struct lgame *g, long long now)
{
	struct movelist ml;
	char text[MOVE_TEXT_MAX];
	int side, ply;

	/* White's mirror (from its events) must have caught up with what
	 * was acknowledged, or it would pick the side to move wrong. */
	if (!g->started || g->over || g->waiting || game_over(&g->mirror) ||
	    g->mirror.nply != g->nacked)
		return;
	if (now < g->think_until)
		return;
	side = game_board(&g->mirror)->side;
	ply = g->mirror.nply;
	/* The mover's own server has told it of the last ply (with
	 * --port2 the other server may not have it yet). */
	if (ply > 0 && !g->seen[side][ply - 1])
		return;
	if (ply >= MAXPLY - 1)
		return;
	if (movegen_legal(game_board(&g->mirror), &ml) == 0)
		return;
	notation_write(ml.moves[rnd() % (unsigned)ml.n], text, sizeof text);
	g->sent_at[ply] = now;
	g->waiting = true;
	say(&g->c[side], "#m%d MOVE game=%s ply=%d move=%s", ply, g->id, ply,
	    text);
	snprintf(g->acked[ply], sizeof g->acked[ply], "%s", text);
}

static void
lat_add(double ms)
{
	if (L.nlat == L.latcap) {
		L.latcap = L.latcap ? L.latcap * 2 : 65536;
		L.lat = realloc(L.lat, sizeof *L.lat * L.latcap);
		if (L.lat == NULL)
			exit(1);
	}
	L.lat[L.nlat++] = ms;
}

static void
handle(struct lgame *g, struct lconn *c, const struct cgp_msg *m,
    long long now)
{
	const char *v;
	long ply;
	char err[128];

	switch (m->type) {
	case CGP_M_HELLO:
		return;     /* ours went with the connection */
	case CGP_M_PING:
		say(c, "PONG %s", m->word);
		return;
	case CGP_M_ERR:
		L.errors++;
		problem("game %s %s: ERR %s %d %s %s", g->id,
		    c->color ? "black" : "white", m->tag, m->code, m->name,
		    m->text);
		g->waiting = false;
		return;
	case CGP_M_OK:
		if (strcmp(m->verb, "HELLO") == 0) {
			c->hello = true;
			if (c->color == WHITE)
				new_game(g);
		} else if (strcmp(m->verb, "CREATE") == 0) {
			snprintf(g->id, sizeof g->id, "%s",
			    cgp_msg_get(m, "game"));
			say(&g->c[BLACK], "#j JOIN game=%s seat=black name=b",
			    g->id);
		} else if (strcmp(m->verb, "MOVE") == 0) {
			ply = cgp_parse_num(m->tag + 2, MAXPLY);
			if (ply < 0 || ply >= MAXPLY || ply != g->nacked) {
				problem("game %s: OK for ply %ld, expected %d",
				    g->id, ply, g->nacked);
				return;
			}
			g->nacked++;
			L.moves++;
			g->waiting = false;
			g->think_until = now + think_us();
			if (g->over && !L.ending)
				game_over_restart(g);
		}
		return;
	case CGP_M_EV:
		if (strcmp(m->game, g->id) != 0)
			return;
		L.events++;
		if (strcmp(m->verb, "JOINED") == 0 && c->color == WHITE &&
		    strcmp(cgp_msg_get(m, "seat"), "black") == 0) {
			g->started = true;
			g->think_until = now;
		} else if (strcmp(m->verb, "MOVE") == 0) {
			ply = cgp_parse_num(cgp_msg_get(m, "ply"), MAXPLY - 1);
			if (ply < 0)
				return;
			if (g->seen[c->color][ply]++ != 0) {
				problem("game %s: %s saw ply %ld twice", g->id,
				    c->color ? "black" : "white", ply);
				return;
			}
			/* The opponent's copy times the trip. */
			v = cgp_msg_get(m, "side");
			if (v != NULL && cgp_seat_parse(v) != c->color)
				lat_add((now - g->sent_at[ply]) / 1000.0);
			if (c->color == WHITE) {
				if (ply != g->mirror.nply ||
				    game_play_text(&g->mirror,
				    cgp_msg_get(m, "move"), err,
				    sizeof err) < 0)
					problem("game %s: ply %ld does not "
					    "follow: %s", g->id, ply, err);
			}
		} else if (strcmp(m->verb, "RESULT") == 0 &&
		    c->color == WHITE) {
			/* A new game once the last move's OK is in. */
			g->over = true;
			if (!g->waiting && !L.ending)
				game_over_restart(g);
		}
		return;
	default:
		return;
	}
}

static void
readable(struct lgame *g, struct lconn *c, long long now)
{
	struct cgp_msg *m = malloc(sizeof *m);
	char err[64];

	for (;;) {
		ssize_t r = recv(c->fd, c->in + c->inlen,
		    sizeof c->in - c->inlen, 0);
		char *lf;
		if (r <= 0) {
			if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
				problem("game %s: connection lost", g->id);
				close(c->fd);
				c->fd = -1;
			}
			break;
		}
		c->inlen += (size_t)r;
		while ((lf = memchr(c->in, '\n', c->inlen)) != NULL) {
			size_t len = (size_t)(lf - c->in);
			if (cgp_parse_msg(c->in, len, m, err, sizeof err) == 0)
				handle(g, c, m, now);
			c->inlen -= len + 1;
			memmove(c->in, lf + 1, c->inlen);
		}
	}
	free(m);
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void
print_load(void)
{
	double la[3];

	if (getloadavg(la, 3) == 3)
		printf("load average: %.2f %.2f %.2f\n", la[0], la[1], la[2]);
}

/* The median time of a 4 KiB write and fdatasync in dir (what a commit
 * costs at least on that disk). */
static int
fsync_test(const char *dir, int n)
{
	char path[1024], block[4096];
	double *t = calloc((size_t)n, sizeof *t);
	int fd, i;

	snprintf(path, sizeof path, "%s/cgp_load.fsync", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || t == NULL) {
		fprintf(stderr, "cgp_load: %s: %s\n", path, strerror(errno));
		return 1;
	}
	memset(block, 'x', sizeof block);
	for (i = 0; i < n; i++) {
		long long t0 = now_us();
		if (pwrite(fd, block, sizeof block, (off_t)(i % 64) * 4096) !=
		    (ssize_t)sizeof block || fdatasync(fd) < 0) {
			fprintf(stderr, "cgp_load: %s: %s\n", path,
			    strerror(errno));
			return 1;
		}
		t[i] = (now_us() - t0) / 1000.0;
	}
	close(fd);
	unlink(path);
	qsort(t, (size_t)n, sizeof *t, cmp);
	printf("fsync: median %.3f ms, p90 %.3f ms (%d writes+fdatasync in "
	    "%s): 1/median = %.0f syncs/s\n", t[n / 2], t[n * 9 / 10], n, dir,
	    1000.0 / t[n / 2]);
	print_load();
	free(t);
	return 0;
}

/* Every acknowledged move is in the server's history, once, in order. */
static void
check_history(int fd, const char *id, int nacked,
    char (*acked)[MOVE_TEXT_MAX])
{
	char buf[1 << 16], line[600];
	size_t len = 0;
	int from = 0, items = 0, want = -1;
	struct cgp_msg *m = malloc(sizeof *m);

	while (from < nacked) {
		int n = snprintf(line, sizeof line, "#h HISTORY game=%s from=%d\n",
		    id, from);
		if (send(fd, line, (size_t)n, MSG_NOSIGNAL) != n)
			break;
		want = -1;
		items = 0;
		while (want < 0 || items < want) {
			char *lf = memchr(buf, '\n', len);
			if (lf == NULL) {
				struct pollfd p = { fd, POLLIN, 0 };
				ssize_t r;
				if (poll(&p, 1, 5000) <= 0)
					goto out;
				r = recv(fd, buf + len, sizeof buf - len, 0);
				if (r <= 0)
					goto out;
				len += (size_t)r;
				continue;
			}
			if (cgp_parse_msg(buf, (size_t)(lf - buf), m, NULL,
			    0) == 0) {
				if (m->type == CGP_M_OK &&
				    strcmp(m->verb, "HISTORY") == 0)
					want = (int)cgp_parse_num(
					    cgp_msg_get(m, "n"), 1000);
				else if (m->type == CGP_M_ERR) {
					problem("game %s: HISTORY from=%d "
					    "refused: %.200s", id, from,
					    buf);
					goto out;
				} else if (m->type == CGP_M_ITEM) {
					long p = cgp_parse_num(
					    cgp_msg_get(m, "ply"), MAXPLY);
					const char *mv = cgp_msg_get(m, "move");
					if (p >= nacked)
						problem("game %s ply %ld: "
						    "stored, never acknowledged",
						    id, p);
					else if (p != from + items ||
					    mv == NULL ||
					    strcmp(mv, acked[p]) != 0)
						problem("game %s ply %ld: "
						    "server has %s, acked %s",
						    id, p, mv ? mv : "?",
						    p >= 0 && p < MAXPLY ?
						    acked[p] : "?");
					items++;
				}
			}
			len -= (size_t)(lf - buf) + 1;
			memmove(buf, lf + 1, len);
		}
		if (want == 0)
			break;
		from += items;
	}
out:
	if (from < nacked)
		problem("game %s: the server's history stops at %d of %d",
		    id, from, nacked);
	free(m);
}

int
main(int argc, char **argv)
{
	struct lgame *games;
	struct pollfd *p;
	long long start, end, now, t0;
	int i, k, n, fd;
	long long total_acked = 0, ngames_checked = 0;

	if (argc >= 3 && strcmp(argv[1], "--fsync") == 0)
		return fsync_test(argv[2], argc >= 4 && atoi(argv[3]) > 0 ?
		    atoi(argv[3]) : 200);
	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && strcmp(argv[i], "--host") == 0)
			L.host = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--port") == 0)
			L.port = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--port2") == 0)
			L.port2 = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--games") == 0)
			L.ngames = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--seconds") == 0)
			L.seconds = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--think") == 0)
			L.think = atoi(argv[++i]);
		else if (strcmp(argv[i], "--resign") == 0)
			L.resign = true;
		else if (strcmp(argv[i], "--lockstep") == 0)
			L.lockstep = true;
		else {
			fprintf(stderr, "usage: cgp_load [--host H] --port P "
			    "[--games N] [--seconds S] [--think MS] "
			    "[--lockstep] [--resign] [--port2 P]\n");
			return 2;
		}
	}
	if (L.port <= 0 || L.ngames <= 0 || L.seconds <= 0) {
		fprintf(stderr, "cgp_load: --port is needed\n");
		return 2;
	}
	board_init();
	games = calloc((size_t)L.ngames, sizeof *games);
	p = calloc((size_t)L.ngames * 2, sizeof *p);
	if (games == NULL || p == NULL)
		return 1;
	for (i = 0; i < L.ngames; i++)
		for (k = 0; k < 2; k++) {
			games[i].c[k].color = k;
			games[i].c[k].g = &games[i];
			/* --port2: black on another server. */
			games[i].c[k].fd = dial(k == BLACK && L.port2 > 0 ?
			    L.port2 : L.port);
			say(&games[i].c[k], "HELLO CGP/1 client=cgp_load");
			if (games[i].c[k].fd < 0) {
				fprintf(stderr, "cgp_load: cannot connect "
				    "(%d made): %s\n", i * 2 + k,
				    strerror(errno));
				return 1;
			}
		}
	start = now_us();
	end = start + L.seconds * 1000000LL;
	while ((now = now_us()) < end) {
		for (i = 0; i < L.ngames; i++) {
			maybe_move(&games[i], now);
			for (k = 0; k < 2; k++) {
				struct lconn *c = &games[i].c[k];
				flush(c);
				p[i * 2 + k].fd = c->fd;
				p[i * 2 + k].events = (short)(POLLIN |
				    (c->outlen > 0 ? POLLOUT : 0));
			}
		}
		n = poll(p, (nfds_t)L.ngames * 2, L.think > 0 ? 5 : 50);
		if (n < 0 && errno != EINTR)
			break;
		now = now_us();
		for (i = 0; n > 0 && i < L.ngames * 2; i++)
			if (p[i].revents & (POLLIN | POLLHUP | POLLERR))
				readable(&games[i / 2], &games[i / 2].c[i % 2],
				    now);
	}
	L.ending = true;
	t0 = now_us();
	/* Let answers in flight land (2 s), so every OK is counted. */
	while ((now = now_us()) < t0 + 2000000) {
		/* --resign: every game still on ends once no move of it is
		 * in flight (nothing is left active). */
		for (i = 0; L.resign && i < L.ngames; i++) {
			struct lgame *g = &games[i];
			if (g->id[0] != '\0' && g->started && !g->over &&
			    !g->waiting && !g->resigned) {
				say(&g->c[WHITE], "#q RESIGN game=%s", g->id);
				g->resigned = true;
			}
		}
		for (i = 0; i < L.ngames * 2; i++) {
			flush(&games[i / 2].c[i % 2]);
			p[i].fd = games[i / 2].c[i % 2].fd;
			p[i].events = POLLIN;
		}
		if (poll(p, (nfds_t)L.ngames * 2, 100) <= 0)
			continue;
		for (i = 0; i < L.ngames * 2; i++)
			if (p[i].revents & POLLIN)
				readable(&games[i / 2], &games[i / 2].c[i % 2],
				    now);
	}
	/* Every acknowledged move the server keeps, once, in order; the
	 * opponent saw each once. */
	fd = dial(L.port);
	if (fd < 0) {
		problem("cannot connect for the check");
	} else {
		char hello[] = "HELLO CGP/1 client=cgp_load-check\n";
		fcntl(fd, F_SETFL, 0);
		if (send(fd, hello, sizeof hello - 1, MSG_NOSIGNAL) < 0)
			problem("check connection");
		for (i = 0; i < L.ngames; i++) {
			struct lgame *g = &games[i];
			if (g->id[0] == '\0')
				continue;
			for (k = 0; k < g->nacked; k++)
				if (g->seen[BLACK][k] != 1 ||
				    g->seen[WHITE][k] != 1)
					problem("game %s ply %d seen %d/%d "
					    "times", g->id, k, g->seen[WHITE][k],
					    g->seen[BLACK][k]);
			check_history(fd, g->id, g->nacked, g->acked);
			total_acked += g->nacked;
			ngames_checked++;
		}
		for (struct done *d = finished; d != NULL; d = d->next) {
			if (d->acked != NULL)
				check_history(fd, d->id, d->nacked, d->acked);
			total_acked += d->nacked;
			ngames_checked++;
		}
		close(fd);
	}
	qsort(L.lat, L.nlat, sizeof *L.lat, cmp);
	printf("games at once: %d (%d connections), %d s, think %d ms%s\n",
	    L.ngames, L.ngames * 2, L.seconds, L.think, L.think == 0 ? "" :
	    L.lockstep ? " (lockstep: all games move together)" :
	    " (each think drawn from half to one and a half of it)");
	printf("moves acknowledged: %lld (%.0f moves/s), events %lld, "
	    "games checked %lld (%lld moves)\n", L.moves,
	    L.moves / (double)L.seconds, L.events, ngames_checked,
	    total_acked);
	if (L.nlat > 0)
		printf("MOVE -> opponent's EV: p50 %.2f ms, p99 %.2f ms, max "
		    "%.2f ms (%zu samples)\n", L.lat[L.nlat / 2],
		    L.lat[(size_t)(L.nlat * 0.99)], L.lat[L.nlat - 1], L.nlat);
	printf("errors: %lld, failed checks: %d\n", L.errors, L.failures);
	print_load();
	return L.failures == 0 && L.errors == 0 ? 0 : 1;
}
