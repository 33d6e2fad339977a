/*
 * client_conn.c: the client's connection: non-blocking connect, HELLO,
 * buffers, liveness, reconnection with backoff, and the public calls. The
 * server's lines are handled in client_msg.c.
 */

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/client/client_int.h"

struct net_client *
net_client_new(const struct net_client_opts *o)
{
	struct net_client *c = xcalloc(1, sizeof *c);

	c->o = *o;
	if (c->o.port <= 0)
		c->o.port = NET_DEFAULT_PORT;
	if (!cgp_valid_name(c->o.name))
		snprintf(c->o.name, sizeof c->o.name, "player");
	c->fd = -1;
	c->seat = -1;
	c->held = (struct vec)VEC_INIT(sizeof(struct net_event));
	board_init();
	return c;
}

void
net_client_free(struct net_client *c)
{
	if (c == NULL)
		return;
	cli_catchup_leave(c);   /* the program's end: kept for the next */
	cli_tls_free(c);
	if (c->fd >= 0)
		close(c->fd);
	net_resolve_cancel(c->res);
	if (c->ai != NULL)
		freeaddrinfo(c->ai);
	if (c->have_mirror)
		game_free(&c->mirror);
	free(c->out);
	free(c->q);
	vec_free(&c->held);
	free(c);
}

struct net_event *
cli_event(struct net_client *c, enum net_ev_kind kind)
{
	struct net_event *e;

	if (c->qlen == c->qcap) {
		int n = c->qcap ? c->qcap * 2 : 16, i;
		struct net_event *q = xcalloc((size_t)n, sizeof *q);
		for (i = 0; i < c->qlen; i++)
			q[i] = c->q[(c->qhead + i) % c->qcap];
		free(c->q);
		c->q = q;
		c->qcap = n;
		c->qhead = 0;
	}
	e = &c->q[(c->qhead + c->qlen) % c->qcap];
	c->qlen++;
	memset(e, 0, sizeof *e);
	e->kind = kind;
	e->seat = -1;
	e->side = -1;
	e->draw = -1;
	e->state = c->st;
	snprintf(e->game, sizeof e->game, "%s", c->game);
	e->seq = c->seq;
	return e;
}

bool
net_client_next(struct net_client *c, struct net_event *ev)
{
	if (c->qlen == 0)
		return false;
	*ev = c->q[c->qhead];
	c->qhead = (c->qhead + 1) % c->qcap;
	c->qlen--;
	return true;
}

void
cli_set_state(struct net_client *c, enum net_state st, const char *text)
{
	struct net_event *e;

	if (c->st == st && text == NULL)
		return;
	c->st = st;
	e = cli_event(c, NEV_STATUS);
	e->state = st;
	snprintf(e->text, sizeof e->text, "%.255s", text != NULL ? text : "");
}

/* cli_send's work: a line too long for CGP/1 is not sent. */
static void
vsend(struct net_client *c, const char *fmt, va_list ap)
{
	char line[CGP_LINE_MAX + 1];
	int n = vsnprintf(line, sizeof line - 1, fmt, ap);

	if (n < 0 || n > CGP_LINE_MAX - 1)
		return;
	line[n++] = '\n';
	if (c->outlen + (size_t)n > c->outcap) {
		size_t cap = c->outcap ? c->outcap * 2 : 1024;
		while (cap < c->outlen + (size_t)n)
			cap *= 2;
		c->out = xrealloc(c->out, cap);
		c->outcap = cap;
	}
	memcpy(c->out + c->outlen, line, (size_t)n);
	c->outlen += (size_t)n;
}

void
cli_send(struct net_client *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsend(c, fmt, ap);
	va_end(ap);
}

static void
flush_out(struct net_client *c, long long now)
{
	ssize_t w;

	while (c->connected && !c->tls_hs && c->outlen > 0) {
		if (c->tls != NULL) {
			w = cli_tls_write(c, c->out, c->outlen);
			if (w == CLI_TLS_AGAIN)
				return;
			if (w < 0) {
				cli_lost(c, cli_tls_error(c), true, now);
				return;
			}
			memmove(c->out, c->out + w, c->outlen - (size_t)w);
			c->outlen -= (size_t)w;
			continue;
		}
		w = send(c->fd, c->out, c->outlen, MSG_NOSIGNAL);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (errno != EAGAIN && errno != EWOULDBLOCK)
				cli_lost(c, strerror(errno), true, now);
			return;
		}
		memmove(c->out, c->out + w, c->outlen - (size_t)w);
		c->outlen -= (size_t)w;
	}
}

/* A half-built mirror is no mirror. */
void
cli_drop_sync(struct net_client *c)
{
	if (c->syncing && c->have_mirror) {
		game_free(&c->mirror);
		c->have_mirror = false;
	}
	c->syncing = false;
}

/* The connection (its TLS too) closed and a lookup under way dropped,
 * with what was read and not yet sent, and the game's sync. */
static void
drop_link(struct net_client *c)
{
	cli_tls_free(c);
	c->tls_try = CLI_TLS_VERIFY;
	c->tls_first[0] = '\0';
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	net_resolve_cancel(c->res);
	c->res = NULL;
	c->connected = false;
	c->inlen = 0;
	c->outlen = 0;
	cli_drop_sync(c);
}

void
cli_hold(struct net_client *c)
{
	drop_link(c);
}

void
cli_lost(struct net_client *c, const char *why, bool retry, long long now)
{
	char text[sizeof c->why + 40];
	unsigned jitter;
	int delay;

	/* why may be the TLS context's own words (cli_tls_error), freed
	 * with the link: copied first. */
	if (why != c->why)
		snprintf(c->why, sizeof c->why, "%s", why);
	drop_link(c);
	if (!retry) {
		cli_set_state(c, NET_CLOSED, c->why);
		return;
	}
	if (c->backoff == 0)
		c->backoff = CLI_BACKOFF_MIN;
	/* Up to half the backoff again, from the kernel's random source:
	 * clients that lost one server do not all come back at once. */
	if (net_random(&jitter, sizeof jitter) < 0)
		jitter = (unsigned)now;
	delay = c->backoff + (int)(jitter % (unsigned)(c->backoff / 2 + 1));
	c->retry_at = now + delay;
	snprintf(text, sizeof text, "%s; trying again in %d s", c->why,
	    (delay + 999) / 1000);
	c->backoff = c->backoff * 2 > CLI_BACKOFF_MAX ? CLI_BACKOFF_MAX :
	    c->backoff * 2;
	cli_set_state(c, NET_RETRY, text);
}

/* Start connecting to the next address; false when none is left. */
static bool
dial(struct net_client *c, long long now)
{
	int one = 1;

	while (c->ai_next != NULL) {
		struct addrinfo *a = c->ai_next;
		c->ai_next = a->ai_next;
		c->fd = socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK |
		    SOCK_CLOEXEC, a->ai_protocol);
		if (c->fd < 0)
			continue;
		setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
		if (connect(c->fd, a->ai_addr, a->ai_addrlen) == 0 ||
		    errno == EINPROGRESS) {
			c->last_rx = now;
			return true;
		}
		snprintf(c->why, sizeof c->why, "%s", strerror(errno));
		close(c->fd);
		c->fd = -1;
	}
	return false;
}

/* The name's addresses, when the lookup is done: dial the first. */
static void
resolved(struct net_client *c, long long now)
{
	char text[400];
	int rc;

	if (!net_resolve_take(c->res, &c->ai, &rc))
		return;
	c->res = NULL;
	if (rc != 0) {
		snprintf(text, sizeof text, "%s: %s", c->o.host,
		    gai_strerror(rc));
		cli_lost(c, text, rc == EAI_AGAIN, now);
		return;
	}
	c->ai_next = c->ai;
	if (!dial(c, now)) {
		snprintf(text, sizeof text, "cannot connect to %s port %d: "
		    "%.100s", c->o.host, c->o.port, c->why);
		cli_lost(c, text, true, now);
	}
}

/* Connecting starts with looking the name up, in a thread (a slow DNS
 * server must not freeze the game): net_client_fd is its pipe meanwhile. */
void
net_client_start(struct net_client *c, long long now)
{
	char port[16], text[400];

	drop_link(c);
	if (c->ai != NULL)
		freeaddrinfo(c->ai);
	c->ai = NULL;
	snprintf(port, sizeof port, "%d", c->o.port);
	snprintf(text, sizeof text, "connecting to %s port %d%s", c->o.host,
	    c->o.port, c->o.tls ? " (TLS)" : "");
	cli_set_state(c, NET_CONNECTING, text);
	c->last_rx = now;
	c->res = net_resolve_start(c->o.host, port);
}

/* The TCP connection is up: HELLO (after the TLS handshake, over TLS),
 * then what we are here for. */
static void
on_connected(struct net_client *c, long long now)
{
	char err[300];

	c->connected = true;
	c->outlen = 0;
	if (c->o.tls && cli_tls_start(c, err, sizeof err) < 0) {
		cli_lost(c, err, false, now);
		return;
	}
	cli_send(c, "HELLO %s client=congo/%s", CGP_VERSION, PACKAGE_VERSION);
}

void
cli_redial(struct net_client *c, const char *why, long long now)
{
	char text[700];

	cli_tls_free(c);
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->connected = false;
	c->inlen = c->outlen = 0;
	c->ai_next = c->ai;
	if (!dial(c, now)) {
		snprintf(text, sizeof text, "%s; cannot connect again: %.100s",
		    why, c->why);
		cli_lost(c, text, true, now);
	}
}

static void
read_lines(struct net_client *c, long long now)
{
	struct cgp_msg *m = xcalloc(1, sizeof *m);
	char err[80];
	ssize_t r;

	for (;;) {
		char *lf;
		if (c->tls != NULL) {
			r = cli_tls_read(c, c->in + c->inlen, sizeof c->in -
			    1 - c->inlen);
			if (r == CLI_TLS_AGAIN)
				break;
			if (r < 0) {
				cli_lost(c, cli_tls_error(c), c->st !=
				    NET_CLOSED, now);
				break;
			}
		} else
			r = recv(c->fd, c->in + c->inlen, sizeof c->in - 1 -
			    c->inlen, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		if (r <= 0) {
			cli_lost(c, r == 0 ? "the server closed the connection"
			    : strerror(errno), c->st != NET_CLOSED, now);
			break;
		}
		c->inlen += (size_t)r;
		c->last_rx = now;
		c->ping_at = 0;
		while (c->fd >= 0 &&
		    (lf = memchr(c->in, '\n', c->inlen)) != NULL) {
			size_t len = (size_t)(lf - c->in);
			if (len > 0 && c->in[len - 1] == '\r')
				len--;
			if (cgp_parse_msg(c->in, len, m, err, sizeof err) == 0)
				cli_handle(c, m, now);
			if (c->fd < 0)
				break;
			c->inlen -= (size_t)(lf - c->in) + 1;
			memmove(c->in, lf + 1, c->inlen);
		}
		if (c->fd >= 0 && c->inlen == sizeof c->in - 1) {
			cli_lost(c, "the server sent a line too long", true,
			    now);
			break;
		}
		if (c->fd < 0)
			break;
	}
	free(m);
}

void
net_client_io(struct net_client *c, short revents, long long now)
{
	int e = 0;
	socklen_t el = sizeof e;

	if (c->res != NULL) {
		resolved(c, now);
		return;
	}
	if (c->fd < 0)
		return;
	if (!c->connected) {
		if (!(revents & (POLLOUT | POLLERR | POLLHUP)))
			return;
		if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &e, &el) < 0 ||
		    e != 0) {
			char text[400];
			close(c->fd);
			c->fd = -1;
			snprintf(c->why, sizeof c->why, "%s", strerror(e));
			if (dial(c, now))
				return;
			snprintf(text, sizeof text, "cannot connect to %s port "
			    "%d: %.100s", c->o.host, c->o.port, c->why);
			cli_lost(c, text, true, now);
			return;
		}
		on_connected(c, now);
		if (c->fd < 0)
			return;
	}
	if (c->tls_hs && cli_tls_handshake(c, now) != 0)
		return;
	if ((revents & (POLLIN | POLLHUP | POLLERR)) || (c->tls_rd_out &&
	    (revents & POLLOUT)) || c->tls != NULL)
		read_lines(c, now);
	if (c->fd >= 0)
		flush_out(c, now);
}

int
net_client_fd(const struct net_client *c)
{
	return c->res != NULL ? net_resolve_fd(c->res) : c->fd;
}

short
net_client_events(const struct net_client *c)
{
	if (c->res != NULL)
		return POLLIN;
	if (c->fd < 0)
		return 0;
	if (!c->connected)
		return POLLOUT;
	if (c->tls_hs)
		return c->tls_rd_out ? POLLOUT : POLLIN;
	return (short)(POLLIN | (c->outlen > 0 || c->tls_rd_out ? POLLOUT :
	    0));
}

void
net_client_leave(struct net_client *c, long long now)
{
	cli_catchup_leave(c);   /* what the player saw of the game */
	/* CGP/1 has no end to OBSERVE: a fresh connection watches nothing. */
	c->role = ROLE_NONE;
	if (c->have_mirror)
		game_free(&c->mirror);
	c->have_mirror = false;
	c->game[0] = '\0';
	c->seat = -1;
	c->seq = 0;
	c->finished = false;
	cli_catchup_end(c, false);
	c->timed = false;
	c->days = 0;
	c->deadline = 0;
	c->pending = false;
	c->backoff = 0;
	cli_lost(c, "back to the lobby", true, now);
	c->retry_at = now;
}

int
net_client_timeout(const struct net_client *c, long long now)
{
	long long t;

	if (c->res != NULL)
		return 50;  /* the lookup: its fd, and a look now and then */
	if (c->st == NET_RETRY)
		t = c->retry_at - now;
	else if (c->fd >= 0)
		t = (c->ping_at != 0 ? c->last_rx + CLI_QUIET_DEAD :
		    c->last_rx + CLI_QUIET_PING) - now;
	else
		return -1;
	if (c->fd >= 0 && (!c->connected || c->tls_hs || c->outlen > 0) &&
	    t > 50)
		t = 50;     /* a poll() that only watches reading */
	return t < 0 ? 0 : t > 60000 ? 60000 : (int)t;
}

void
net_client_tick(struct net_client *c, long long now)
{
	if (c->st == NET_RETRY && now >= c->retry_at) {
		net_client_start(c, now);
		return;
	}
	if (c->res != NULL) {
		resolved(c, now);
		if (c->res != NULL && now - c->last_rx >= 10000)
			cli_lost(c, "looking the host name up takes too long",
			    true, now);
		return;
	}
	if (c->fd < 0)
		return;
	if (!c->connected || c->tls_hs || c->outlen > 0) {
		struct pollfd p = { c->fd, net_client_events(c), 0 };
		if (poll(&p, 1, 0) > 0)
			net_client_io(c, p.revents, now);
		if (c->fd < 0)
			return;
	}
	if (c->connected && now - c->last_rx >= CLI_QUIET_DEAD) {
		cli_lost(c, "the server does not answer", true, now);
		return;
	}
	if ((!c->connected || c->tls_hs) && now - c->last_rx >= 10000) {
		cli_lost(c, c->tls_hs ? "the TLS handshake takes too long" :
		    "connecting takes too long", true, now);
		return;
	}
	if (c->connected && c->ping_at == 0 &&
	    now - c->last_rx >= CLI_QUIET_PING) {
		cli_send(c, "PING alive");
		c->ping_at = now;
		flush_out(c, now);
	}
}

enum net_state
net_client_state(const struct net_client *c)
{
	return c->st;
}

bool
net_client_connecting(const struct net_client *c)
{
	return c->st == NET_CONNECTING || c->st == NET_RETRY;
}

const char *
net_client_why(const struct net_client *c)
{
	return c->why;
}

const char *
net_client_game_id(const struct net_client *c)
{
	return c->game;
}

int
net_client_seat(const struct net_client *c)
{
	return c->role == ROLE_SEAT || c->role == ROLE_JOIN ||
	    c->role == ROLE_CREATE ? c->seat : -1;
}

const struct game *
net_client_game(const struct net_client *c)
{
	return c->have_mirror && !c->syncing ? &c->mirror : NULL;
}

int
net_client_pending(const struct net_client *c)
{
	return c->pending ? c->pending_ply : -1;
}

/* What to do on connection; sent now if online. */
void
net_client_create(struct net_client *c, int seat, const char *fen)
{
	net_client_create_game(c, seat, fen, NULL, NULL, 0);
}

void
net_client_create_game(struct net_client *c, int seat, const char *fen,
    const char *variant, const char *clock, int days)
{
	c->role = ROLE_CREATE;
	c->seat = seat;
	c->fen[0] = '\0';
	if (fen != NULL)
		cgp_fen_to_wire(fen, c->fen, sizeof c->fen);
	snprintf(c->variant, sizeof c->variant, "%s",
	    variant != NULL ? variant : "");
	snprintf(c->clockspec, sizeof c->clockspec, "%s",
	    clock != NULL ? clock : "");
	c->create_days = days > 0 ? days : 0;
	if (c->st == NET_ONLINE)
		cli_establish(c);
}

void
net_client_join(struct net_client *c, const char *game, int seat)
{
	char id[sizeof c->game];

	snprintf(id, sizeof id, "%s", game);
	cgp_upcase(id);
	if (strcmp(c->game, id) != 0) {
		/* Another game than the one this connection played (its seq
		 * kept dropped the new game's events). */
		cli_forget_game(c);
	}
	c->role = ROLE_JOIN;
	snprintf(c->game, sizeof c->game, "%s", id);
	/* No seat given: White if free, else Black (a 409 moves on). */
	c->join_any = seat < 0;
	c->seat = seat < 0 ? WHITE : seat;
	if (c->st == NET_ONLINE)
		cli_establish(c);
}

int
net_client_rejoin(struct net_client *c, const char *game, int seat,
    const char *token, char *err, size_t errlen)
{
	char id[16], tok[64];

	snprintf(id, sizeof id, "%s", game);
	cgp_upcase(id);
	if (!cgp_valid_game(id)) {
		snprintf(err, errlen, "'%s' is not a game id (8 of A-Z, 2-7)",
		    game);
		return -1;
	}
	if (token == NULL && seat < 0) {
		int w = WHITE, b = BLACK;
		char t2[64];
		/* Both seats kept here (two players on one machine): which
		 * one is not ours to guess. */
		if (net_tokens_find(c->o.host, c->o.port, id, &w, t2,
		    sizeof t2) == 0 && net_tokens_find(c->o.host, c->o.port,
		    id, &b, t2, sizeof t2) == 0) {
			snprintf(err, errlen, "both seats of game %s are kept "
			    "here: which? --seat white or --seat black", id);
			return -1;
		}
	}
	if (token != NULL)
		snprintf(tok, sizeof tok, "%s", token);
	else if (net_tokens_find(c->o.host, c->o.port, id, &seat, tok,
	    sizeof tok) < 0) {
		snprintf(err, errlen, "no %s%sseat remembered for game %s on "
		    "%s port %d (join it with --join)", seat >= 0 ?
		    cgp_seat_name(seat) : "", seat >= 0 ? " " : "", id,
		    c->o.host, c->o.port);
		return -1;
	}
	cgp_upcase(tok);
	if (!cgp_valid_token(tok)) {
		snprintf(err, errlen, "that is not a seat token");
		return -1;
	}
	c->role = ROLE_SEAT;
	snprintf(c->game, sizeof c->game, "%s", id);
	snprintf(c->token, sizeof c->token, "%.26s", tok);
	c->seat = seat;
	if (c->st == NET_ONLINE)
		cli_establish(c);
	return 0;
}

void
net_client_observe(struct net_client *c, const char *game)
{
	c->role = ROLE_OBSERVE;
	snprintf(c->game, sizeof c->game, "%s", game);
	cgp_upcase(c->game);
	c->seat = -1;
	if (c->st == NET_ONLINE)
		cli_establish(c);
}

static int
need_seat(struct net_client *c, char *err, size_t errlen)
{
	if (c->role != ROLE_SEAT) {
		snprintf(err, errlen, "you hold no seat in a game");
		return -1;
	}
	return 0;
}

int
net_client_move(struct net_client *c, int ply, const char *text, char *err,
    size_t errlen)
{
	if (need_seat(c, err, errlen) < 0)
		return -1;
	if (c->pending) {
		snprintf(err, errlen, "the server has not answered the last "
		    "move yet");
		return -1;
	}
	c->pending = true;
	c->pending_ply = ply;
	snprintf(c->pending_move, sizeof c->pending_move, "%s", text);
	/* Offline, it goes after the REJOIN of the reconnection. */
	if (c->st == NET_ONLINE)
		cli_send(c, "#m%d MOVE game=%s ply=%d move=%s", ply, c->game,
		    ply, text);
	return 0;
}

int
cli_seated_online(struct net_client *c, char *err, size_t errlen)
{
	if (need_seat(c, err, errlen) < 0)
		return -1;
	if (c->st != NET_ONLINE) {
		snprintf(err, errlen, "not connected to the server");
		return -1;
	}
	return 0;
}

int
cli_seat_send(struct net_client *c, char *err, size_t errlen,
    const char *fmt, ...)
{
	va_list ap;

	if (cli_seated_online(c, err, errlen) < 0)
		return -1;
	va_start(ap, fmt);
	vsend(c, fmt, ap);
	va_end(ap);
	return 0;
}

int
net_client_resign(struct net_client *c, char *err, size_t errlen)
{
	return cli_seat_send(c, err, errlen, "#x RESIGN game=%s", c->game);
}

int
net_client_draw(struct net_client *c, const char *action, char *err,
    size_t errlen)
{
	return cli_seat_send(c, err, errlen, "#d DRAW game=%s action=%s",
	    c->game, action);
}

int
net_client_list(struct net_client *c, const char *status)
{
	if (c->st != NET_ONLINE)
		return -1;
	if (status != NULL)
		cli_send(c, "#l LIST status=%s limit=100", status);
	else
		cli_send(c, "#l LIST limit=100");
	return 0;
}
