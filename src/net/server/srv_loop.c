/*
 * srv_loop.c: the server's event loop: one epoll set of every descriptor
 * (its interests changed only when a connection's change: output queued
 * or sent, input paused), non-blocking everywhere; the listening sockets
 * are srv_listen.c's, the protocol the session's.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <malloc.h>

#include "net/server/sess_feature.h"
#include "net/server/srv_int.h"
#include "net/server/srv_queue.h"
#include "web/web_host.h"

#define STOP_FLUSH_MS 2000
#define PCONN_WAKE (-1)       /* srv_stop's pipe */
#define PCONN_WRITER (-1000)  /* the store thread's eventfd */
#define PCONN_NOTICE (-1001)  /* other servers' changes (PostgreSQL) */
#define PCONN_WEB (-1002)     /* the web pages' (libmicrohttpd's epoll) */
#define PCONN_READER (-1003)  /* the reader thread's eventfd */
#define PCONN_WEBS SRV_TAG_WEBS /* the web pages over TLS (--https) */
#define PCONN_TLS (-100)      /* --tls-listen's sockets: -100, -101... */

long long
srv_now(void)
{
	return util_now_ms();
}

/* io.submit and io.read_submit: a change for the store thread, a read for
 * the reader thread. */
static void
submit_change(void *ctx, struct spend *p)
{
	struct srv *sv = ctx;

	srv_queue_push(sv->writes, p);
}

static void
submit_read(void *ctx, struct sread *q)
{
	struct srv *sv = ctx;

	srv_queue_push(sv->reads, q);
}

/* io.timer_due: a connection's deadline came (sess_tick took its timer
 * out of the list): touched, its timers run at the end of the round. */
static void
conn_due(void *ctx, struct stimer *e)
{
	struct srv *sv = ctx;
	struct conn *c = (struct conn *)(void *)((char *)e -
	    offsetof(struct conn, timer));

	conn_touch(sv, (int)(c - sv->conns));
}

/* srv_open's phases, each -1 with err. The store: the loop's handle, the
 * store thread's (it reads ratings before its commits) and the reader
 * thread's (what commands need), each a handle of its own. */
static int
open_store(struct srv *sv, const struct srv_opts *o, char *err,
    size_t errlen)
{
	const struct store_ops *qops;
	void *qctx;

	/* libpq's notices in this log, one line each (store_pg_redact.c). */
	store_set_notice_log(srv_log_cb, sv);
	if (store_open_any(o->db, (o->db_create ? STORE_CREATE : 0) |
	    (o->db_upgrade ? STORE_UPGRADE : 0), &sv->ops, &sv->store, err,
	    errlen) < 0)
		return -1;
	if (store_open_any(o->db, STORE_QUERY, &qops, &qctx, err,
	    errlen) < 0)
		return -1;
	sv->writes = writer_start(sv->ops, sv->store, qops, qctx, err,
	    errlen);
	if (sv->writes == NULL) {
		qops->close(qctx);
		return -1;
	}
	if (store_open_any(o->db, STORE_QUERY, &qops, &qctx, err,
	    errlen) < 0)
		return -1;
	if ((sv->reads = reader_start(qops, qctx, err, errlen)) == NULL) {
		qops->close(qctx);
		return -1;
	}
	return 0;
}

/* The session over the loop's callbacks, its games loaded and running. */
static int
open_session(struct srv *sv, const struct srv_opts *o, const char *server,
    char *err, size_t errlen)
{
	struct sess_io io;

	memset(&io, 0, sizeof io);
	io.ctx = sv;
	io.send = conn_send;
	io.close = conn_close_cb;
	io.store = srv_hook_store(sv->ops);   /* (a test build's watch) */
	io.store_ctx = sv->store;
	io.log = srv_log_cb;
	io.submit = submit_change;
	io.read_submit = submit_read;
	io.game_event = o->http[0] != '\0' || o->https[0] != '\0' ?
	    srv_web_event : NULL;
	io.watched = o->http[0] != '\0' || o->https[0] != '\0' ?
	    srv_web_watched : NULL;
	if (o->notify_command[0] != '\0') {
		if ((sv->notify = srv_notify_new(sv, o->notify_command, err,
		    errlen)) == NULL)
			return -1;
		io.notify = srv_notify_cb;
	}
	io.timer_due = conn_due;
	sv->sess = sess_new(&io, &o->lim, &o->rules, server);
	sv->timers = sess_timers(sv->sess);
	if (sv->ops->load(sv->store, sv->sess, err, errlen) < 0)
		return -1;
	sess_features_load(sv->sess);   /* ratings: on the reader thread */
	/* Clocks run again, open games expire, from now. */
	sess_start(sv->sess, srv_now(), util_wall_ms());
	return 0;
}

/* The loop's own descriptors in epoll, the listening sockets. */
static int
open_watch(struct srv *sv, char *err, size_t errlen)
{
	if (pipe2(sv->wake, O_NONBLOCK | O_CLOEXEC) < 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	if (srv_watch(sv, sv->wake[0], PCONN_WAKE, EPOLLIN) < 0 ||
	    srv_watch(sv, srv_queue_fd(sv->writes), PCONN_WRITER,
	    EPOLLIN) < 0 ||
	    srv_watch(sv, srv_queue_fd(sv->reads), PCONN_READER, EPOLLIN) < 0) {
		snprintf(err, errlen, "epoll: %s", strerror(errno));
		return -1;
	}
	if (srv_tls_open(sv, err, errlen) < 0 || srv_listen(sv, err,
	    errlen) < 0)
		return -1;
	return 0;
}

/* The web pages, --http's and --https's. */
static int
open_web(struct srv *sv, const struct srv_opts *o, char *err,
    size_t errlen)
{
	if (o->http[0] != '\0') {
		if ((sv->web = srv_web_open(sv, false, err, errlen)) == NULL)
			return -1;
		if (srv_watch(sv, web_fd(sv->web), PCONN_WEB, EPOLLIN) < 0) {
			snprintf(err, errlen, "epoll: %s", strerror(errno));
			return -1;
		}
		srv_log(sv, NET_LOG_INFO, "web pages on %s port %d", o->http,
		    web_port(sv->web));
	}
	if (o->https[0] != '\0') {
		/* Its connections count with --http's against the limits. */
		if ((sv->webs = srv_web_open(sv, true, err, errlen)) == NULL)
			return -1;
		if (srv_watch(sv, web_fd(sv->webs), PCONN_WEBS, EPOLLIN) < 0) {
			snprintf(err, errlen, "epoll: %s", strerror(errno));
			return -1;
		}
		srv_log(sv, NET_LOG_INFO, "web pages over TLS on %s port %d, "
		    "certificate %s", o->https, web_port(sv->webs),
		    o->tls_cert);
	}
	return 0;
}

/* What was opened, in the log. */
static void
open_log(struct srv *sv, const struct srv_opts *o, const char *server,
    long long t_open)
{
	char dbname[400];

	store_db_name(o->db, dbname, sizeof dbname);
	if (sv->ops->note(sv->store) != NULL)
		srv_log(sv, NET_LOG_INFO, "%s", sv->ops->note(sv->store));
	if (sv->port >= 0)
		srv_log(sv, NET_LOG_INFO, "%s: %d open and active games from "
		    "%s in %lld ms; listening on %s port %d", server,
		    sess_ngames(sv->sess), dbname, srv_now() - t_open,
		    o->bind[0] != '\0' ? o->bind : "every address", sv->port);
	else
		srv_log(sv, NET_LOG_INFO, "%s: %d open and active games from "
		    "%s in %lld ms; no plain port (--port none)", server,
		    sess_ngames(sv->sess), dbname, srv_now() - t_open);
	if (sv->tls_port >= 0)
		srv_log(sv, NET_LOG_INFO, "CGP/1 over TLS on %s (port %d), "
		    "certificate %s", o->tls_listen, sv->tls_port,
		    o->tls_cert);
}

struct srv *
srv_open(const struct srv_opts *o, char *err, size_t errlen)
{
	struct srv *sv = xcalloc(1, sizeof *sv);
	char server[64];
	long long t_open = srv_now();

	sv->o = *o;
	sv->wake[0] = sv->wake[1] = -1;
	sv->epfd = epoll_create1(EPOLL_CLOEXEC);
	if (sv->epfd < 0) {
		snprintf(err, errlen, "epoll: %s", strerror(errno));
		goto bad;
	}
	snprintf(server, sizeof server, "congo-server/%s", PACKAGE_VERSION);
	if (open_store(sv, o, err, errlen) < 0 ||
	    open_session(sv, o, server, err, errlen) < 0 ||
	    open_watch(sv, err, errlen) < 0 || open_web(sv, o, err,
	    errlen) < 0)
		goto bad;
	open_log(sv, o, server, t_open);
	return sv;
bad:
	srv_close(sv);
	return NULL;
}

int
srv_port(const struct srv *sv)
{
	return sv->port;
}

int
srv_tls_port(const struct srv *sv)
{
	return sv->tls_port;
}

void
srv_stop(struct srv *sv)
{
	/* The pipe is non-blocking: EAGAIN means it is full, so the loop is
	 * woken already; nothing else can fail on a pipe we hold open. */
	while (write(sv->wake[1], "x", 1) < 0 && errno == EINTR)
		continue;
}

int
srv_watch(struct srv *sv, int fd, int tag, unsigned events)
{
	struct epoll_event ev;

	memset(&ev, 0, sizeof ev);
	ev.events = events;
	ev.data.u64 = (uint64_t)(int64_t)tag;
	return epoll_ctl(sv->epfd, EPOLL_CTL_ADD, fd, &ev);
}

static void
rewatch(struct srv *sv, int fd, int tag, unsigned events)
{
	struct epoll_event ev;

	memset(&ev, 0, sizeof ev);
	ev.events = events;
	ev.data.u64 = (uint64_t)(int64_t)tag;
	if (epoll_ctl(sv->epfd, EPOLL_CTL_MOD, fd, &ev) < 0 && errno == ENOENT)
		epoll_ctl(sv->epfd, EPOLL_CTL_ADD, fd, &ev);
}

/* Its epoll interests: input (not while it closes, or while its buffer is
 * full of lines waiting for a commit) and output (while some is queued). */
static void
conn_interest(struct srv *sv, int id, bool stopping)
{
	struct conn *c = &sv->conns[id];
	unsigned want;

	want = (c->closing || stopping || c->inlen == sizeof c->in ? 0 :
	    EPOLLIN) | (c->outoff < c->outlen ? EPOLLOUT : 0);
	if (c->tls != NULL)
		want = srv_tls_interest(c, want);
	if (want != c->evmask) {
		rewatch(sv, c->fd, id, want);
		c->evmask = want;
	}
}

static long long
sooner(long long a, long long b)
{
	return a < 0 || (b >= 0 && b < a) ? b : a;
}

/* conn_timers's conditions (srv_conn.c) as a time, here where the timer is
 * armed: early is harmless (it does nothing and the timer is armed
 * again), late is not; -1 never. */
static long long
conn_deadline(const struct srv *sv, int id, long long now)
{
	const struct conn *c = &sv->conns[id];
	long long at = -1;

	if (!c->used)
		return -1;
	if (c->dead)
		return now;
	if (c->tls != NULL && c->hs)
		at = c->hs_by;
	if (c->closing)
		return c->outoff == c->outlen ? now : sooner(at, c->close_by);
	if (sv->o.ping_after_ms <= 0)
		return at;
	return sooner(at, (c->ping_sent != 0 ? c->ping_sent : c->last_rx) +
	    sv->o.ping_after_ms);
}

/* Its one timer at conn_deadline, or none. A deadline that only moved
 * later (a line came in, say) keeps the one armed: early is harmless
 * (conn_timers does nothing and it is armed again as it fires), so the
 * list is not reordered for every line a connection sends. */
static void
conn_arm(struct srv *sv, int id, long long now)
{
	struct stimer *e = &sv->conns[id].timer;
	long long at = conn_deadline(sv, id, now);

	if (at < 0)
		stimer_cancel(sv->timers, e);
	else if (e->pos < 0 || e->when > at)
		stimer_set(sv->timers, e, at);
}

/* Bring the epoll set up to date: the listeners while accepting, the
 * store's notices, each connection's input (not while it closes, or
 * while its buffer is full of lines waiting for a commit) and output
 * (while some is queued). Only what changed costs a system call. */
static void
interests(struct srv *sv, bool stopping, long long now)
{
	bool listen = !stopping && now >= sv->accept_pause, write = false;
	int i, fd;

	if (listen != sv->listening) {
		for (i = 0; i < sv->nlfd; i++) {
			if (listen)
				srv_watch(sv, sv->lfd[i], -2 - i, EPOLLIN);
			else
				epoll_ctl(sv->epfd, EPOLL_CTL_DEL, sv->lfd[i],
				    NULL);
		}
		for (i = 0; i < sv->ntlfd; i++) {
			if (listen)
				srv_watch(sv, sv->tlfd[i], PCONN_TLS - i,
				    EPOLLIN);
			else
				epoll_ctl(sv->epfd, EPOLL_CTL_DEL, sv->tlfd[i],
				    NULL);
		}
		sv->listening = listen;
	}
	/* PostgreSQL's socket may be another after a reconnection (even
	 * one of the same number): put it in every round. The old one left
	 * the set when it was closed (its number may be a client's now). */
	fd = sv->ops->notice_fd != NULL ? sv->ops->notice_fd(sv->store,
	    &write) : -1;
	if (fd >= 0)
		rewatch(sv, fd, PCONN_NOTICE, write ? EPOLLOUT : EPOLLIN);
	/* Stopping takes every connection's input out; else only those
	 * touched this round can want something else. Each touched one's
	 * deadline is armed again (a change after after_round's too). */
	if (stopping && !sv->stop_watched) {
		for (i = 0; i < sv->nconn; i++)
			if (sv->conns[i].used)
				conn_interest(sv, i, true);
		sv->stop_watched = true;
	}
	for (i = 0; i < sv->ntouch; i++) {
		int id = sv->touch[i];
		if (id >= sv->nconn || !sv->conns[id].touched)
			continue;
		sv->conns[id].touched = false;
		if (sv->conns[id].used) {
			conn_arm(sv, id, now);
			conn_interest(sv, id, stopping);
		}
	}
	sv->ntouch = 0;
}

/* Changes back from the store thread: apply and answer them, then give the
 * lines that waited for them another go. */
static void
stored(struct srv *sv, long long now)
{
	bool held;
	int i;

	/* A clock runs from when the move before was stored: now. Which
	 * connections hold a line given again is asked only when one does. */
	held = sess_done_all(sv->sess, srv_queue_take(sv->writes), now);
	for (i = 0; i < sv->nconn; i++)
		if (sv->conns[i].used && (sv->conns[i].inlen > 0 ||
		    (held && sess_conn_held(sv->sess, i))))
			conn_lines(sv, i, now);
	/* The answers and events of the batch out now, not at the end of
	 * the round: one send a connection. */
	srv_flush(sv);
}

/* Reads back from the reader thread: each kept for its connection, whose
 * line then runs again. */
static void
read_back(struct srv *sv, long long now)
{
	struct sread *q = srv_queue_take(sv->reads), *next;
	int conn;

	for (; q != NULL; q = next) {
		next = q->next;
		conn = q->conn;
		sess_read_done_at(sv->sess, q, now);
		if (conn >= 0 && conn < sv->nconn && sv->conns[conn].used &&
		    (sv->conns[conn].inlen > 0 ||
		    sess_conn_held(sv->sess, conn)))
			conn_lines(sv, conn, now);
	}
	srv_flush(sv);
}

void
srv_flush(struct srv *sv)
{
	int i;

	for (i = 0; i < sv->nconn; i++) {
		struct conn *c = &sv->conns[i];
		if (c->used && !c->dead && c->outoff < c->outlen)
			conn_flush(sv, i);
	}
}

/* Flush every connection; run the timers. */
static void
after_round(struct srv *sv, long long now)
{
	int i, k;

	/* Flags and expiries first: a game may end with nobody here. */
	sess_tick(sv->sess, now);
	if (sv->ops->notices != NULL) {
		sv->ops->notices(sv->store, sv->sess);
		for (i = 0; i < sv->nconn; i++)
			if (sv->conns[i].used && (sv->conns[i].inlen > 0 ||
			    sess_conn_held(sv->sess, i)))
				conn_lines(sv, i, now);
	}
	if (now - sv->evicted >= 100) {
		sv->nevicted += sess_evict(sv->sess, now);
		sv->evicted = now;
	}
	/* What finished games leave goes back to the system, not only to
	 * malloc's free lists: memory follows the games being played. */
	if (sv->nevicted > 0 && now - sv->trimmed >= 1000) {
		malloc_trim(0);
		sv->nevicted = 0;
		sv->trimmed = now;
	}

	/* The connections whose deadline came (touched by sess_tick, above:
	 * conn_due), and those touched this round (the list grows as a PING
	 * is queued): what they have queued sent, their timers run when
	 * their deadline came (conn_timers does something exactly then);
	 * interests, at the top of the next round, arms them again (they
	 * stay touched until then). */
	for (k = 0; k < sv->ntouch; k++) {
		struct conn *c = &sv->conns[sv->touch[k]];
		long long at;
		i = sv->touch[k];
		if (!c->used)
			continue;
		if (!c->dead && c->outoff < c->outlen)
			conn_flush(sv, i);
		at = conn_deadline(sv, i, now);
		if (at >= 0 && at <= now)
			conn_timers(sv, i, now);
	}
}

/* A connection's events: its input (a TLS read may wait to write, a TLS
 * write to read: each is tried again on either). */
static void
conn_event(struct srv *sv, int id, unsigned re, long long now)
{
	struct conn *c = &sv->conns[id];
	bool rd_out = c->tls_rd_out, wr_in = c->tls_wr_in;

	if ((re & (EPOLLIN | EPOLLHUP | EPOLLERR)) ||
	    (rd_out && (re & EPOLLOUT)))
		conn_read(sv, id, now);
	if (c->used && ((re & EPOLLOUT) || (wr_in && (re & EPOLLIN))))
		conn_flush(sv, id);
}

/* TLS connections whose input libtls may still hold (epoll cannot see
 * it): is there one that can take it now; read them. */
static bool
tls_more(const struct srv *sv)
{
	int i;

	if (sv->tls == NULL)
		return false;   /* no --tls-listen: no TLS connection */
	for (i = 0; i < sv->nconn; i++) {
		const struct conn *c = &sv->conns[i];
		if (c->used && c->tls_more && !c->closing && !c->dead &&
		    c->inlen < sizeof c->in)
			return true;
	}
	return false;
}

static void
tls_pending(struct srv *sv, long long now)
{
	int i;

	if (sv->tls == NULL)
		return;
	for (i = 0; i < sv->nconn; i++) {
		struct conn *c = &sv->conns[i];
		if (c->used && c->tls_more && !c->closing && !c->dead &&
		    c->inlen < sizeof c->in)
			conn_read(sv, i, now);
	}
}

/* srv_run's phases. The stop: once asked, the listeners closed and what
 * is queued given STOP_FLUSH_MS to go; true when the loop is over. */
static bool
run_stopped(struct srv *sv, bool stopping, long long *stop_by,
    long long now)
{
	bool pending;
	int i;

	if (!stopping)
		return false;
	if (*stop_by == 0) {
		srv_log(sv, NET_LOG_INFO, "stopping: sending what is "
		    "queued, then closing");
		srv_unlisten(sv);
		*stop_by = now + STOP_FLUSH_MS;
	}
	pending = !srv_queue_idle(sv->writes);
	for (i = 0; i < sv->nconn; i++)
		if (sv->conns[i].used && !sv->conns[i].dead &&
		    sv->conns[i].outoff < sv->conns[i].outlen)
			pending = true;
	return !pending || now >= *stop_by;
}

/* How long epoll may wait: until the nearest deadline (a connection's
 * PING or close, a game's flag or expiry, a feature's tick, the web
 * pages'), at the latest a second (the session's housekeeping: evictions,
 * the database's notices). */
static long long
run_wait(struct srv *sv, bool stopping, long long now)
{
	long long wait = stopping ? 50 : 1000, next;

	next = sess_next_timer(sv->sess, now);   /* the connections' too */
	if (next >= 0 && next < wait)
		wait = next;
	next = sv->web != NULL ? web_timeout(sv->web) : -1;
	if (next >= 0 && next < wait)
		wait = next;
	next = sv->webs != NULL ? web_timeout(sv->webs) : -1;
	if (next >= 0 && next < wait)
		wait = next;
	if (util_coverage_wait_ms() >= 0 &&
	    wait > util_coverage_wait_ms())
		wait = util_coverage_wait_ms();
	if (tls_more(sv))
		wait = 0;       /* input libtls holds: now */
	return wait;
}

/* One event of epoll's; true when it is srv_stop's. */
static bool
run_event(struct srv *sv, int id, unsigned re, long long now)
{
	char buf[64];

	if (id == PCONN_WAKE) {
		while (read(sv->wake[0], buf, sizeof buf) > 0)
			;
		return true;
	} else if (id == PCONN_WEB) {
		web_readable(sv->web);  /* served below */
	} else if (id == PCONN_WEBS) {
		web_readable(sv->webs);
	} else if (id == PCONN_WRITER || id == PCONN_NOTICE ||
	    id == PCONN_READER) {
		;       /* above; notices below, every round */
	} else if (id <= PCONN_TLS && id > PCONN_TLS - SRV_MAX_LISTEN) {
		if (PCONN_TLS - id < sv->ntlfd)
			srv_accept(sv, sv->tlfd[PCONN_TLS - id], true, now);
	} else if (id <= -2) {
		if (-2 - id < sv->nlfd)
			srv_accept(sv, sv->lfd[-2 - id], false, now);
	} else if (id < sv->nconn && sv->conns[id].used) {
		conn_event(sv, id, re, now);
	}
	return false;
}

/* The loop over: every connection dropped, the pages closed. */
static void
run_end(struct srv *sv)
{
	long long commits, changes;
	int p50, p99, i;

	for (i = 0; i < sv->nconn; i++)
		if (sv->conns[i].used)
			conn_drop(sv, i, NULL);
	web_close(sv->webs);           /* (it counts with --http's) */
	sv->webs = NULL;
	web_close(sv->web);
	sv->web = NULL;
	srv_queue_stats(sv->writes, &commits, &changes, &p50, &p99);
	srv_log(sv, NET_LOG_INFO, "stopped; %lld changes stored in "
	    "%lld commits (p50 %d ms, p99 %d ms a commit); %d games in "
	    "memory; closing the database", changes, commits, p50, p99,
	    sess_ngames(sv->sess));
}

int
srv_run(struct srv *sv, volatile sig_atomic_t *stop, const sigset_t *sigmask)
{
	long long now, stop_by = 0;
	bool stopping = false;
	int n, i;

	for (;;) {
		now = srv_now();
		if (stop != NULL && *stop)
			stopping = true;
		if (sv->o.reload != NULL && *sv->o.reload) {
			*sv->o.reload = 0;
			srv_tls_reload(sv);
		}
		if (run_stopped(sv, stopping, &stop_by, now))
			break;
		interests(sv, stopping, now);
		n = epoll_pwait(sv->epfd, sv->ev, (int)(sizeof sv->ev /
		    sizeof sv->ev[0]), (int)run_wait(sv, stopping, now),
		    sigmask);
		if (n < 0 && errno != EINTR) {
			srv_log(sv, NET_LOG_ERROR, "epoll: %s",
			    strerror(errno));
			return -1;
		}
		now = srv_now();
		/* The store thread's hand-back first, as its line waits. */
		for (i = 0; i < n; i++)
			if ((int)(int64_t)sv->ev[i].data.u64 == PCONN_WRITER)
				stored(sv, now);
		for (i = 0; i < n; i++)
			if ((int)(int64_t)sv->ev[i].data.u64 == PCONN_READER)
				read_back(sv, now);
		for (i = 0; i < n; i++)
			if (run_event(sv, (int)(int64_t)sv->ev[i].data.u64,
			    sv->ev[i].events, now))
				stopping = true;
		tls_pending(sv, now);
		after_round(sv, now);
		if (sv->web != NULL)
			web_run(sv->web, now);
		if (sv->webs != NULL)
			web_run(sv->webs, now);
		util_coverage_flush(now);
	}
	run_end(sv);
	return 0;
}

void
srv_close(struct srv *sv)
{
	int i;

	if (sv == NULL)
		return;
	for (i = 0; i < sv->nconn; i++)
		if (sv->conns[i].used) {
			srv_tls_conn_free(&sv->conns[i]);
			close(sv->conns[i].fd);
			free(sv->conns[i].out);
		}
	srv_unlisten(sv);
	web_close(sv->webs);
	web_close(sv->web);
	srv_tls_free(sv);
	srv_queue_free(sv->reads);
	srv_queue_free(sv->writes);
	srv_notify_free(sv->notify);
	sess_free(sv->sess);
	if (sv->store != NULL)
		sv->ops->close(sv->store);
	store_set_notice_log(NULL, NULL);      /* (sv is going) */
	if (sv->wake[0] >= 0) {
		close(sv->wake[0]);
		close(sv->wake[1]);
	}
	if (sv->epfd >= 0)
		close(sv->epfd);
	free(sv->conns);
	free(sv->touch);
	free(sv);
}

