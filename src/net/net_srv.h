/*
 * net_srv.h: inside the server's event loop (net_server.c, net_conn.c).
 */
#ifndef CONGO_NET_SRV_H
#define CONGO_NET_SRV_H

#include <poll.h>
#include <sys/epoll.h>

#include "net/net.h"
#include "net/net_internal.h"

#define SRV_MAX_LISTEN 4

struct conn {
	bool used;
	bool closing;             /* close once the output is sent */
	bool dead;                /* close now (output over the cap, error) */
	int fd;
	char addr[64];
	char in[CGP_LINE_MAX];
	size_t inlen;
	char *out;
	size_t outoff, outlen, outcap;
	unsigned evmask;          /* what epoll watches for on fd */
	long long last_rx;        /* ms */
	long long ping_sent;      /* ms, 0 if no PING is waiting */
	long long close_by;       /* ms: closing connections get 5 s */
	unsigned pings;
};

struct srv {
	struct srv_opts o;
	struct sess *sess;
	const struct store_ops *ops;   /* SQLite or PostgreSQL */
	void *store;
	struct writer *writer;    /* the store thread */
	int lfd[SRV_MAX_LISTEN];
	int nlfd;
	int port;
	int wake[2];              /* srv_stop writes here */
	long long accept_pause;   /* ms: out of descriptors until then */
	long long evicted;        /* ms: finished games last let go */
	long long trimmed;        /* ms: memory last given back */
	int nevicted;             /* games let go since */
	struct conn *conns;
	int nconn;                /* slots in use or not */
	int epfd;                 /* every descriptor the loop waits on */
	bool listening;           /* the listeners are in epfd */
	struct web *web;          /* the web pages (--http), or NULL */
	struct epoll_event ev[256];
};

long long srv_now(void);      /* CLOCK_MONOTONIC in ms */
void srv_log(struct srv *sv, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void srv_log_cb(void *ctx, int level, const char *msg);

/* Session callbacks. */
void conn_send(void *ctx, int id, const char *line, size_t len);
void conn_close_cb(void *ctx, int id);
/* Take a new socket into a free slot; -1 if no room. */
int conn_add(struct srv *sv, int fd, const char *addr, long long now);
/* Read what is there and hand whole lines to the session. */
void conn_read(struct srv *sv, int id, long long now);
/* Wait for fd in the loop's epoll set (tag: a connection, or below 0
 * the loop's own); -1 when the system refuses. */
int srv_watch(struct srv *sv, int fd, int tag, unsigned events);
/* Write what is queued; true when all of it went. */
bool conn_flush(struct srv *sv, int id);
/* conn_flush every connection with something queued. */
void srv_flush(struct srv *sv);
/* Close the socket and tell the session. */
void conn_drop(struct srv *sv, int id, const char *why);
/* Pings, closing deadlines. */
void conn_timers(struct srv *sv, int id, long long now);
/* Hand the whole lines waiting in its buffer to the session (those that
 * had to wait for a commit). */
int conn_lines(struct srv *sv, int id, long long now);

/* The store thread (net_writer.c). */
struct writer;
struct writer *writer_new(const struct store_ops *ops, void *ctx, char *err,
    size_t errlen);
/* Readable when stored changes are back. */
int writer_fd(const struct writer *w);
/* io.submit: ctx is the struct srv. */
void writer_submit(void *ctx, struct spend *p);
/* The changes stored or refused since the last call, in order. */
struct spend *writer_take(struct writer *w);
/* Nothing queued, being stored, or waiting to be taken. */
bool writer_idle(struct writer *w);
void writer_stats(struct writer *w, long long *commits, long long *changes,
    int *p50, int *p99);
void writer_histogram(struct writer *w, const int *bounds, int nb,
    long long *counts, long long *sum_ms);
void writer_free(struct writer *w);

#endif
