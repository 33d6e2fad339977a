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
 * Several servers on one store (tests/test_net_pg.sh load):
 *            [--port P]...    (each --port another server: game i's white
 *                              on server i mod N, its black on the next
 *                              one, so every MOVE -> EV crosses servers)
 *            [--think MIN-MAX] (each think drawn from MIN..MAX ms: a human
 *                              pace is 5000-20000; the first move too)
 *            [--reconnect S]  (each player, every S s on average (S/2 to
 *                              3S/2), while no move of its game is in
 *                              flight, drops its connection, connects to
 *                              another server (neither its own nor its
 *                              opponent's when there are 3 or more) and
 *                              takes its seat back: REJOIN game= token=
 *                              since=<the last seq it saw>, as PROTOCOL.md
 *                              says; the events it missed must come once)
 *            [--acked FILE]   (write every acknowledged move at the end,
 *                              one "game ply move" a line, for a check of
 *                              the store itself)
 *            [--no-check]     (no HISTORY check at the end: the caller
 *                              checks FILE later)
 *            [--plies N]      (the side to move resigns at ply N and a new
 *                              game begins: games of a bounded length, a
 *                              steady state of games in memory)
 *            [--refusals-ok]  (the store is made to fail meanwhile: 503,
 *                              507 and a 412 after them are counted, not
 *                              errors, and the command is sent again
 *                              0.5 s later; the store check decides)
 *   cgp_load --check FILE --port P   every move of FILE in P's HISTORY,
 *                              once, in order (a server started afresh on
 *                              the store after the run)
 *
 * Latency samples (MOVE sent -> the opponent's EV MOVE) are taken only on
 * a connection that had its seat before the move was sent (a replayed
 * event is counted apart), and split into across servers and same server.
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
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "net/proto/proto.h"

#include "cgp_load.h"

struct load L = {
	.host = "127.0.0.1", .ngames = 200, .seconds = 60, .rng = 12345
};
struct done *finished;

long long
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

	if (L.think_max > 0)
		return (L.think_min + (long long)(rnd() %
		    (unsigned)(L.think_max - L.think_min + 1))) * 1000LL;
	if (L.lockstep || t == 0)
		return t;
	return t / 2 + (long long)(rnd() % (unsigned)(t + 1));
}

void
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

int
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

static void say(struct lconn *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

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
	g->started = g->over = g->waiting = g->resigned = false;
	g->nacked = 0;
	memset(g->seen, 0, sizeof g->seen);
	g->id[0] = '\0';
	g->c[WHITE].seq = g->c[BLACK].seq = 0;
	g->c[WHITE].token[0] = g->c[BLACK].token[0] = '\0';
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
	/* Its player is between two servers. */
	if (g->c[side].rejoining || g->c[side].fd < 0)
		return;
	ply = g->mirror.nply;
	/* The mover's own server has told it of the last ply (with
	 * --port2 the other server may not have it yet). */
	if (ply > 0 && !g->seen[side][ply - 1])
		return;
	if (ply >= MAXPLY - 1)
		return;
	if (L.plies > 0 && ply >= L.plies) {
		/* Long enough: over (its RESULT makes the next game). */
		if (!g->resigned) {
			say(&g->c[side], "#q RESIGN game=%s", g->id);
			g->resigned = true;
		}
		return;
	}
	if (movegen_legal(game_board(&g->mirror), &ml) == 0)
		return;
	notation_write(ml.moves[rnd() % (unsigned)ml.n], text, sizeof text);
	g->sent_at[ply] = now;
	g->sent_srv[ply] = (signed char)g->c[side].srv;
	g->waiting = true;
	say(&g->c[side], "#m%d MOVE game=%s ply=%d move=%s", ply, g->id, ply,
	    text);
	snprintf(g->acked[ply], sizeof g->acked[ply], "%s", text);
}

static void
sample_add(struct samples *s, double ms)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 65536;
		s->v = realloc(s->v, sizeof *s->v * s->cap);
		if (s->v == NULL)
			exit(1);
	}
	s->v[s->n++] = ms;
}

/* A draw of S/2..3S/2 seconds from now, for the next reconnection. */
static long long
reconnect_after(long long now)
{
	long long s = L.reconnect * 1000000LL;

	return now + s / 2 + (long long)(rnd() % 1000000u) * (s / 1000000);
}

/* Drop c's connection, connect to another server and take the seat back
 * (REJOIN since= the last event it saw). Only while no MOVE of the game
 * is in flight, so every OK is still counted; otherwise later. */
static void
reconnect(struct lgame *g, struct lconn *c, long long now)
{
	struct lconn *o = &g->c[!c->color];
	int k, to = -1;

	if (!g->started || g->over || g->waiting || c->rejoining ||
	    c->fd < 0 || c->token[0] == '\0' || c->seq <= 0) {
		c->next_reconnect = now + 1000000;
		return;
	}
	for (k = 1; k < L.nports && to < 0; k++) {
		int s = (c->srv + k) % L.nports;
		if (s != o->srv || L.nports < 3)
			to = s;
	}
	if (to < 0)
		to = c->srv;
	close(c->fd);
	c->inlen = c->outlen = 0;
	c->srv = to;
	c->fd = dial(L.ports[to]);
	if (c->fd < 0) {
		problem("game %s: cannot connect to port %d: %s", g->id,
		    L.ports[to], strerror(errno));
		return;
	}
	c->rejoining = true;
	c->rejoin_sent = now;
	L.reconnects++;
	say(c, "HELLO CGP/1 client=cgp_load");
	say(c, "#r REJOIN game=%s token=%s since=%ld", g->id, c->token,
	    c->seq);
	c->next_reconnect = reconnect_after(now);
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
		/* The store away: the move (or whatever it was) again soon.
		 * A move whose commit's answer was lost may be stored after
		 * all: its ply is then behind, 412, and the game stays. */
		if (L.refusals_ok && (m->code == 503 || m->code == 507 ||
		    m->code == 412)) {
			L.refused++;
			g->waiting = false;
			g->think_until = now + 500000;
			return;
		}
		L.errors++;
		if (strcmp(m->tag, "#r") == 0)
			c->rejoining = false;
		problem("game %s %s: ERR %s %d %s %s", g->id,
		    c->color ? "black" : "white", m->tag, m->code, m->name,
		    m->text);
		g->waiting = false;
		return;
	case CGP_M_OK:
		if (strcmp(m->verb, "HELLO") == 0) {
			c->hello = true;
			/* A new game on white's first connection, not on its
			 * reconnections (REJOIN follows those). */
			if (c->color == WHITE && !c->rejoining)
				new_game(g);
		} else if (strcmp(m->verb, "REJOIN") == 0) {
			c->rejoining = false;
			c->live_since = now;
			sample_add(&L.rejoin, (now - c->rejoin_sent) / 1000.0);
		} else if (strcmp(m->verb, "CREATE") == 0) {
			snprintf(g->id, sizeof g->id, "%s",
			    cgp_msg_get(m, "game"));
			v = cgp_msg_get(m, "token");
			snprintf(c->token, sizeof c->token, "%s", v ? v : "");
			say(&g->c[BLACK], "#j JOIN game=%s seat=black name=b",
			    g->id);
		} else if (strcmp(m->verb, "JOIN") == 0) {
			v = cgp_msg_get(m, "token");
			snprintf(c->token, sizeof c->token, "%s", v ? v : "");
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
		/* Where a REJOIN takes up (PRESENCE carries the game's seq,
		 * not one of this connection's events). */
		if (strcmp(m->verb, "PRESENCE") != 0 && m->seq > c->seq)
			c->seq = m->seq;
		if (strcmp(m->verb, "JOINED") == 0 && c->color == WHITE &&
		    !g->started &&
		    strcmp(cgp_msg_get(m, "seat"), "black") == 0) {
			g->started = true;
			/* With a think range the first move waits too, or
			 * every game would open at once. */
			g->think_until = L.think_max > 0 ? now + think_us() :
			    now;
		} else if (strcmp(m->verb, "MOVE") == 0) {
			ply = cgp_parse_num(cgp_msg_get(m, "ply"), MAXPLY - 1);
			if (ply < 0)
				return;
			if (g->seen[c->color][ply]++ != 0) {
				problem("game %s: %s saw ply %ld twice", g->id,
				    c->color ? "black" : "white", ply);
				return;
			}
			/* The opponent's copy times the trip, if it was
			 * seated before the move went (not a replay). */
			v = cgp_msg_get(m, "side");
			if (v != NULL && cgp_seat_parse(v) != c->color) {
				if (g->sent_at[ply] < c->live_since)
					L.replayed++;
				else
					sample_add(g->sent_srv[ply] == c->srv ?
					    &L.lat_same : &L.lat,
					    (now - g->sent_at[ply]) / 1000.0);
			}
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
usage(void)
{
	fprintf(stderr, "usage: cgp_load [--host H] --port P [--port P]... "
	    "[--games N] [--seconds S] [--think MS|MIN-MAX] [--lockstep] "
	    "[--resign] [--port2 P] [--reconnect S] [--acked FILE] "
	    "[--no-check] [--plies N] [--refusals-ok]\n"
	    "       cgp_load --check FILE --port P\n"
	    "       cgp_load --fsync DIR [N]\n");
	return 2;
}

int
main(int argc, char **argv)
{
	struct lgame *games;
	struct pollfd *p;
	long long start, end, now, t0, next_report, last_moves = 0, next_due;
	int i, k, n, fd, report_every;
	long long total_acked = 0, ngames_checked = 0, nfinished = 0;
	const char *check = NULL;
	struct rusage ru;

	if (argc >= 3 && strcmp(argv[1], "--fsync") == 0)
		return fsync_test(argv[2], argc >= 4 && atoi(argv[3]) > 0 ?
		    atoi(argv[3]) : 200);
	for (i = 1; i < argc; i++) {
		if (i + 1 < argc && strcmp(argv[i], "--host") == 0)
			L.host = argv[++i];
		else if (i + 1 < argc && (strcmp(argv[i], "--port") == 0 ||
		    strcmp(argv[i], "--port2") == 0)) {
			if (L.nports == MAXSRV)
				return usage();
			L.ports[L.nports++] = atoi(argv[++i]);
		} else if (i + 1 < argc && strcmp(argv[i], "--games") == 0)
			L.ngames = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--seconds") == 0)
			L.seconds = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--think") == 0) {
			const char *t = argv[++i], *dash = strchr(t, '-');
			L.think = atoi(t);
			if (dash != NULL) {
				L.think_min = L.think;
				L.think_max = atoi(dash + 1);
				L.think = (L.think_min + L.think_max) / 2;
				if (L.think_max < L.think_min ||
				    L.think_min < 0)
					return usage();
			}
		} else if (i + 1 < argc && strcmp(argv[i], "--reconnect") == 0)
			L.reconnect = atoi(argv[++i]);
		else if (i + 1 < argc && strcmp(argv[i], "--acked") == 0)
			L.acked_path = argv[++i];
		else if (i + 1 < argc && strcmp(argv[i], "--check") == 0)
			check = argv[++i];
		else if (strcmp(argv[i], "--no-check") == 0)
			L.no_check = true;
		else if (strcmp(argv[i], "--refusals-ok") == 0)
			L.refusals_ok = true;
		else if (strcmp(argv[i], "--resign") == 0)
			L.resign = true;
		else if (i + 1 < argc && strcmp(argv[i], "--plies") == 0)
			L.plies = atoi(argv[++i]);
		else if (strcmp(argv[i], "--lockstep") == 0)
			L.lockstep = true;
		else
			return usage();
	}
	if (L.nports == 0 || L.ports[0] <= 0) {
		fprintf(stderr, "cgp_load: --port is needed\n");
		return 2;
	}
	L.port = L.ports[0];
	if (check != NULL)
		return check_file(check);
	if (L.ngames <= 0 || L.seconds <= 0 || L.reconnect < 0)
		return usage();
	board_init();
	games = calloc((size_t)L.ngames, sizeof *games);
	p = calloc((size_t)L.ngames * 2, sizeof *p);
	if (games == NULL || p == NULL)
		return 1;
	now = now_us();
	for (i = 0; i < L.ngames; i++)
		for (k = 0; k < 2; k++) {
			struct lconn *c = &games[i].c[k];
			c->color = k;
			c->g = &games[i];
			/* White on server i mod N, black on the next. */
			c->srv = (i + k) % L.nports;
			c->fd = dial(L.ports[c->srv]);
			c->live_since = now;
			c->next_reconnect = L.reconnect > 0 ?
			    reconnect_after(now) : 0;
			say(c, "HELLO CGP/1 client=cgp_load");
			if (c->fd < 0) {
				fprintf(stderr, "cgp_load: cannot connect "
				    "(%d made): %s\n", i * 2 + k,
				    strerror(errno));
				return 1;
			}
		}
	start = now_us();
	end = start + L.seconds * 1000000LL;
	report_every = L.seconds >= 100 ? 60 : L.seconds >= 20 ? 10 : 0;
	next_report = start + report_every * 1000000LL;
	while ((now = now_us()) < end) {
		if (report_every > 0 && now >= next_report) {
			printf("  %3lld s: %lld moves (%.1f/s), %lld "
			    "reconnects\n", (now - start) / 1000000, L.moves,
			    (L.moves - last_moves) / (double)report_every,
			    L.reconnects);
			fflush(stdout);
			last_moves = L.moves;
			next_report += report_every * 1000000LL;
		}
		/* Asleep until the next think ends or the next reconnection
		 * is due (a move held back for an event waits for that). */
		next_due = now + (L.think > 0 && L.think_max == 0 ? 5000 :
		    50000);
		for (i = 0; i < L.ngames; i++) {
			maybe_move(&games[i], now);
			if (L.think_max > 0 && games[i].think_until > now &&
			    games[i].think_until < next_due)
				next_due = games[i].think_until;
			for (k = 0; k < 2; k++) {
				struct lconn *c = &games[i].c[k];
				if (L.reconnect > 0 &&
				    now >= c->next_reconnect)
					reconnect(&games[i], c, now);
				if (L.reconnect > 0 &&
				    c->next_reconnect < next_due)
					next_due = c->next_reconnect;
				flush(c);
				p[i * 2 + k].fd = c->fd;
				p[i * 2 + k].events = (short)(POLLIN |
				    (c->outlen > 0 ? POLLOUT : 0));
			}
		}
		if (L.think_max > 0)
			next_due = now + 50000 < next_due ? now + 50000 :
			    next_due;
		n = poll(p, (nfds_t)L.ngames * 2, next_due <= now ? 1 :
		    (int)((next_due - now + 999) / 1000));
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
	/* The opponent saw each acknowledged move once (replays after a
	 * REJOIN included); every one the server keeps, once, in order. */
	for (i = 0; i < L.ngames; i++) {
		struct lgame *g = &games[i];
		if (g->id[0] == '\0')
			continue;
		for (k = 0; k < g->nacked; k++)
			if (g->seen[BLACK][k] != 1 || g->seen[WHITE][k] != 1)
				problem("game %s ply %d seen %d/%d times",
				    g->id, k, g->seen[WHITE][k],
				    g->seen[BLACK][k]);
		total_acked += g->nacked;
		ngames_checked++;
	}
	for (struct done *d = finished; d != NULL; d = d->next) {
		total_acked += d->nacked;
		ngames_checked++;
		nfinished++;
	}
	if (L.acked_path != NULL)
		write_acked(L.acked_path, games);
	if (!L.no_check && (fd = check_conn()) >= 0) {
		for (i = 0; i < L.ngames; i++)
			if (games[i].id[0] != '\0')
				check_history(fd, games[i].id, games[i].nacked,
				    games[i].acked);
		for (struct done *d = finished; d != NULL; d = d->next)
			if (d->acked != NULL)
				check_history(fd, d->id, d->nacked, d->acked);
		close(fd);
	}
	printf("games at once: %d (%d connections", L.ngames, L.ngames * 2);
	if (L.nports > 1)
		printf(" on %d servers: white on server i mod %d, black on "
		    "the next", L.nports, L.nports);
	printf("), %d s, ", L.seconds);
	if (L.think_max > 0)
		printf("think %d-%d ms (each drawn in that range)\n",
		    L.think_min, L.think_max);
	else
		printf("think %d ms%s\n", L.think, L.think == 0 ? "" :
		    L.lockstep ? " (lockstep: all games move together)" :
		    " (each think drawn from half to one and a half of it)");
	printf("moves acknowledged: %lld (%.1f moves/s), events %lld, "
	    "games %lld (%lld moves%s), %lld of them finished\n", L.moves,
	    L.moves / (double)L.seconds, L.events, ngames_checked,
	    total_acked, L.no_check ? "" : " checked against HISTORY",
	    nfinished);
	if (L.reconnect > 0)
		printf("reconnects: %lld (every %d s a player on average, to "
		    "another server, REJOIN since=), moves seen first in a "
		    "replay: %lld\n", L.reconnects, L.reconnect, L.replayed);
	print_samples(L.nports > 1 ? "MOVE -> opponent's EV across servers" :
	    "MOVE -> opponent's EV", &L.lat);
	print_samples(L.nports > 1 ? "MOVE -> opponent's EV, same server "
	    "(after a reconnection)" : "MOVE -> opponent's EV (same "
	    "server)", &L.lat_same);
	print_samples("reconnect: connect, HELLO, REJOIN -> its OK",
	    &L.rejoin);
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		printf("cgp_load's own CPU: %.1f s\n", ru.ru_utime.tv_sec +
		    ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec +
		    ru.ru_stime.tv_usec) / 1e6);
	if (L.refusals_ok)
		printf("refused while the store was made to fail (503, 507, "
		    "412 after them): %lld\n", L.refused);
	printf("errors: %lld, failed checks: %d\n", L.errors, L.failures);
	print_load();
	return L.failures == 0 && L.errors == 0 ? 0 : 1;
}
