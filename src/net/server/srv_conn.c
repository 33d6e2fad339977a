/*
 * srv_conn.c: one client connection: its input cut into lines of at most
 * 512 bytes, its output queued up to a cap (a client that stops reading is
 * dropped), its pings and its closing; over TLS too (srv_tls.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/server/srv_int.h"

#define CLOSE_GRACE_MS 5000
#define READS_PER_TURN 16     /* 16 x 512 bytes, then the others' turn */

void
conn_send(void *ctx, int id, const char *line, size_t len)
{
	struct srv *sv = ctx;
	struct conn *c = &sv->conns[id];
	size_t need;

	if (!c->used || c->dead)
		return;
	conn_touch(sv, id);
	if (c->outoff > 0 && c->outoff == c->outlen)
		c->outoff = c->outlen = 0;
	if (c->outlen - c->outoff + len > sv->o.out_cap) {
		/* It does not read what we send: drop it. */
		c->dead = true;
		return;
	}
	need = c->outlen + len;
	if (need > c->outcap) {
		if (c->outoff > 0) {
			memmove(c->out, c->out + c->outoff,
			    c->outlen - c->outoff);
			c->outlen -= c->outoff;
			c->outoff = 0;
			need = c->outlen + len;
		}
		if (need > c->outcap) {
			size_t cap = c->outcap ? c->outcap : 4096;
			while (cap < need)
				cap *= 2;
			c->out = xrealloc(c->out, cap);
			c->outcap = cap;
		}
	}
	memcpy(c->out + c->outlen, line, len);
	c->outlen += len;
	/* Sent once what this step makes is queued (srv_flush after a
	 * batch of commits, a connection's lines, the timers): a MOVE's OK
	 * and its event go out in one send, not two. */
}

void
conn_close_cb(void *ctx, int id)
{
	struct srv *sv = ctx;
	struct conn *c = &sv->conns[id];

	if (c->used && !c->closing) {
		conn_touch(sv, id);
		c->closing = true;
		c->close_by = srv_now() + CLOSE_GRACE_MS;
	}
}

int
conn_add(struct srv *sv, int fd, const char *addr, long long now)
{
	struct conn *c;
	int id;

	for (id = sv->free_from; id < sv->nconn; id++)
		if (!sv->conns[id].used)
			break;
	sv->free_from = id + 1;
	if (id == sv->nconn) {
		int i, n = sv->nconn ? sv->nconn * 2 : 64;
		sv->conns = xrealloc(sv->conns, sizeof *sv->conns *
		    (size_t)n);
		memset(sv->conns + sv->nconn, 0, sizeof *sv->conns *
		    (size_t)(n - sv->nconn));
		/* The armed timers moved with the array; the new slots'
		 * are in no list. */
		for (i = 0; i < n; i++)
			if (i < sv->nconn)
				stimer_moved(sv->timers, &sv->conns[i].timer);
			else
				sv->conns[i].timer = (struct stimer)
				    STIMER_INIT(STIMER_CONN);
		sv->nconn = n;
	}
	c = &sv->conns[id];
	free(c->out);
	memset(c, 0, sizeof *c);
	c->timer = (struct stimer)STIMER_INIT(STIMER_CONN);
	c->used = true;
	sv->nused++;
	conn_touch(sv, id);
	c->fd = fd;
	c->last_rx = now;
	snprintf(c->addr, sizeof c->addr, "%s", addr);
	if (srv_watch(sv, fd, id, EPOLLIN) == 0)
		c->evmask = EPOLLIN;
	else
		c->dead = true;         /* dropped by its timers */
	srv_log(sv, NET_LOG_DEBUG, "%s: connected (#%d)", addr, id);
	sess_open(sv->sess, id, addr, now);
	return id;
}

void
conn_drop(struct srv *sv, int id, const char *why)
{
	struct conn *c = &sv->conns[id];

	if (!c->used)
		return;
	srv_log(sv, why != NULL ? NET_LOG_INFO : NET_LOG_DEBUG,
	    "%s: closed (#%d)%s%s", c->addr, id, why != NULL ? ": " : "",
	    why != NULL ? why : "");
	srv_tls_conn_free(c);
	close(c->fd);
	sess_close(sv->sess, id, srv_now());
	free(c->out);
	stimer_cancel(sv->timers, &c->timer);
	memset(c, 0, sizeof *c);
	c->timer = (struct stimer)STIMER_INIT(STIMER_CONN);
	c->fd = -1;
	sv->nused--;
	if (id < sv->free_from)
		sv->free_from = id;
}

void
conn_touch(struct srv *sv, int id)
{
	struct conn *c = &sv->conns[id];

	if (c->touched)
		return;
	c->touched = true;
	if (sv->ntouch == sv->touchcap) {
		sv->touchcap = sv->touchcap ? 2 * sv->touchcap : 64;
		sv->touch = xrealloc(sv->touch, sizeof *sv->touch *
		    (size_t)sv->touchcap);
	}
	sv->touch[sv->ntouch++] = id;
}

/* Hand every whole line in the buffer to the session, until one must wait
 * for a commit (its own, or one of the game it writes to); how many went. */
int
conn_lines(struct srv *sv, int id, long long now)
{
	struct conn *c = &sv->conns[id];
	size_t start = 0;
	int n = 0;
	char *lf;

	if (c->used)
		conn_touch(sv, id);
	/* A line given again first (another server's change beat it). */
	if (c->used && !c->closing && !c->dead && sess_conn_held(sv->sess,
	    id) && (n = 1, sess_held_run(sv->sess, id, now)))
		return n;
	while (c->used && !c->closing && !c->dead &&
	    (lf = memchr(c->in + start, '\n', c->inlen - start)) != NULL &&
	    !sess_conn_waiting(sv->sess, id)) {
		size_t len = (size_t)(lf - (c->in + start));
		if (len > 0 && c->in[start + len - 1] == '\r')
			len--;
		if (sess_line(sv->sess, id, c->in + start, len, now) ==
		    SESS_LINE_AGAIN) {
			n++;    /* it came whole; it waits for a commit */
			break;
		}
		start = (size_t)(lf - c->in) + 1;
		n++;
	}
	if (!c->used)
		return n;
	memmove(c->in, c->in + start, c->inlen - start);
	c->inlen -= start;
	if (c->inlen == sizeof c->in && !c->closing &&
	    memchr(c->in, '\n', c->inlen) == NULL) {
		/* 512 bytes and no LF: the line is too long. */
		srv_log(sv, NET_LOG_INFO, "%s: line too long", c->addr);
		sess_line_too_long(sv->sess, id);
		c->inlen = 0;
	}
	return n;
}

/* recv, or tls_read on a TLS connection: bytes, 0 at the end, -1 with
 * why, SRV_TLS_AGAIN when nothing is there yet. */
static ssize_t
conn_recv(struct conn *c, void *buf, size_t len, char *why, size_t n)
{
	ssize_t r;

	if (c->tls != NULL)
		return srv_tls_read(c, buf, len, why, n);
	while ((r = recv(c->fd, buf, len, 0)) < 0 && errno == EINTR)
		continue;
	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return SRV_TLS_AGAIN;
	if (r < 0)
		snprintf(why, n, "%s", strerror(errno));
	return r;
}

void
conn_read(struct srv *sv, int id, long long now)
{
	struct conn *c = &sv->conns[id];
	char why[300];
	size_t room;
	ssize_t r;
	int turn;

	if (c->used)
		conn_touch(sv, id);
	if (c->used && c->tls != NULL && c->hs) {
		if (srv_tls_handshake(sv, id) != 0)
			return;
		/* The greeting queued at the accept goes now. */
		conn_flush(sv, id);
	}
	c->tls_more = false;
	for (turn = 0; turn < READS_PER_TURN; turn++) {
		if (!c->used || c->closing || c->dead)
			return;
		if (c->inlen == sizeof c->in) {
			/* Full: lines wait for a commit (libtls may hold
			 * more, which epoll does not see). */
			c->tls_more = c->tls != NULL;
			return;
		}
		room = sizeof c->in - c->inlen;
		r = conn_recv(c, c->in + c->inlen, room, why, sizeof why);
		if (r == SRV_TLS_AGAIN)
			return;
		if (r < 0) {
			conn_drop(sv, id, why);
			return;
		}
		if (r == 0) {
			conn_drop(sv, id, NULL);
			return;
		}
		c->inlen += (size_t)r;
		/* Only complete lines count as life: a client trickling a
		 * byte now and then is silent (PROTOCOL.md "Liveness"). */
		if (conn_lines(sv, id, now) > 0 && sv->conns[id].used) {
			c->last_rx = now;
			c->ping_sent = 0;
		}
		/* Less than there was room for: the socket is drained (epoll
		 * says so again if more comes), no recv to hear EAGAIN. Not
		 * so of TLS: a record may hold more than there was room for. */
		if ((size_t)r < room && c->tls == NULL)
			return;
	}
	if (c->used && c->tls != NULL)
		c->tls_more = true;     /* the others' turn; more next round */
}

bool
conn_flush(struct srv *sv, int id)
{
	struct conn *c = &sv->conns[id];
	ssize_t w;

	if (c->used)
		conn_touch(sv, id);
	while (c->outoff < c->outlen) {
		if (c->tls != NULL) {
			if (c->hs)
				return false;   /* sent once it is done */
			w = srv_tls_write(c, c->out + c->outoff, c->outlen -
			    c->outoff);
			if (w == SRV_TLS_AGAIN)
				return false;
			if (w < 0) {
				c->dead = true;
				return false;
			}
			c->outoff += (size_t)w;
			continue;
		}
		w = send(c->fd, c->out + c->outoff, c->outlen - c->outoff,
		    MSG_NOSIGNAL);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return false;
			c->dead = true;
			return false;
		}
		c->outoff += (size_t)w;
	}
	c->outoff = c->outlen = 0;
	return true;
}

void
conn_timers(struct srv *sv, int id, long long now)
{
	struct conn *c = &sv->conns[id];
	struct cgp_out o;
	char word[16];

	if (!c->used)
		return;
	if (c->dead) {
		conn_drop(sv, id, "it does not read what it is sent");
		return;
	}
	if (c->tls != NULL && c->hs && now >= c->hs_by) {
		conn_drop(sv, id, "no TLS handshake within 10 s");
		return;
	}
	if (c->closing) {
		if (c->outoff == c->outlen || now >= c->close_by)
			conn_drop(sv, id, NULL);
		return;
	}
	if (sv->o.ping_after_ms <= 0)
		return;
	if (c->ping_sent != 0) {
		if (now - c->ping_sent >= sv->o.ping_after_ms)
			conn_drop(sv, id, "no answer to PING");
		return;
	}
	if (now - c->last_rx >= sv->o.ping_after_ms) {
		snprintf(word, sizeof word, "p%u", ++c->pings);
		cgp_out_begin(&o, "PING");
		cgp_out_word(&o, word);
		cgp_out_end(&o);
		conn_send(sv, id, o.buf, o.len);
		c->ping_sent = now;
	}
}
