/*
 * srv_int.h: the event loop's inside (srv_*.c): the connections, the loop,
 * the TLS glue, the web pages' host, the store thread and the reader
 * thread. It drives the session through sess.h.
 */
#ifndef CONGO_NET_SERVER_SRV_INT_H
#define CONGO_NET_SERVER_SRV_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/types.h>

#include "net/server/sess.h"
#include "net/server/sess_timer.h"

/* 2. The event loop (srv_loop.c, srv_conn.c, srv_writer.c). */
#define SRV_MAX_LISTEN 4

struct srv_queue;

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
	/* CGP/1 over TLS (srv_tls.c), else tls is NULL: the certificate it
	 * was accepted with, its handshake under way until hs_by; a read
	 * that waits to write, a write that waits to read; input libtls may
	 * hold that epoll cannot see. */
	struct tls *tls;
	struct srv_tls *tctx;
	bool hs, tls_rd_out, tls_wr_in, tls_more;
	long long hs_by;
	bool touched;             /* in srv's touch list this round */
	struct stimer timer;      /* its deadline, in the session's list */
};

struct srv {
	struct srv_opts o;
	struct sess *sess;
	const struct store_ops *ops;   /* SQLite or PostgreSQL */
	void *store;
	struct srv_queue *writes; /* the store thread's (srv_writer.c) */
	struct srv_queue *reads;  /* the reader thread's (srv_reader.c) */
	struct srv_notify *notify;    /* --notify-command's thread, or NULL */
	int lfd[SRV_MAX_LISTEN];
	int nlfd;
	int tlfd[SRV_MAX_LISTEN]; /* --tls-listen's sockets */
	int ntlfd;
	int tls_port;
	struct srv_tls *tls;      /* the certificate new connections get */
	int port;
	int wake[2];              /* srv_stop writes here */
	long long accept_pause;   /* ms: out of descriptors until then */
	long long evicted;        /* ms: finished games last let go */
	long long trimmed;        /* ms: memory last given back */
	int nevicted;             /* games let go since */
	struct conn *conns;
	int nconn;                /* slots in use or not */
	int nused;                /* slots in use */
	int free_from;            /* no free slot below this one */
	/* A connection's deadline (a PING to send or answered, a handshake,
	 * a close's grace) as one timer a slot, in the session's list of
	 * timers (sess_timers: one list, the games' clocks and the
	 * connections'); the connections whose state changed this round
	 * (conn_touch), whose output, deadline and epoll interests are
	 * brought up to date: no round walks them all. */
	struct stimers *timers;
	int *touch;
	int ntouch, touchcap;
	int epfd;                 /* every descriptor the loop waits on */
	bool listening;           /* the listeners are in epfd */
	bool stop_watched;        /* every input out of epfd (stopping) */
	struct web *web;          /* the web pages (--http), or NULL */
	struct web *webs;         /* and over TLS (--https), or NULL */
	struct epoll_event ev[256];
};

long long srv_now(void);      /* CLOCK_MONOTONIC in ms */
void srv_log(struct srv *sv, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same before there is a server (the options' log and level). */
void srv_log_opts(const struct srv_opts *o, int level, const char *fmt, ...)
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
/* Its state changes this round: into the touch list. */
void conn_touch(struct srv *sv, int id);
/* Hand the whole lines waiting in its buffer to the session (those that
 * had to wait for a commit). */
int conn_lines(struct srv *sv, int id, long long now);

/* The listening sockets (srv_listen.c): --port's and --tls-listen's
 * opened (-1 with err); what one of them (lfd) has waiting accepted, a TLS
 * one's handshake started; all closed. */
int srv_listen(struct srv *sv, char *err, size_t errlen);
void srv_accept(struct srv *sv, int lfd, bool tls, long long now);
void srv_unlisten(struct srv *sv);
/* "ADDR:PORT", "[V6]:PORT", ":PORT" ("*" or "": every address) into host and
 * *port; -1 when it is not that. */
int srv_split_addr(const char *addr, char *host, size_t n, int *port);
/* The web pages (srv_web.c: their struct web_host over the session):
 * --http's, or --https's (counted with sv->web's), opened with the
 * options; NULL with err. */
struct web *srv_web_open(struct srv *sv, bool tls, char *err,
    size_t errlen);
/* The session's hooks (sess_io's game_event and watched): the pages'
 * streams of a game. */
void srv_web_event(void *srv, const char *game);
bool srv_web_watched(void *srv, const char *game);
/* CGP/1 over TLS (srv_tls.c). A handshake's deadline; what a read or a
 * write returns when libtls waits for the socket (the wait is recorded in
 * the conn for srv_tls_interest). */
#define SRV_TLS_HANDSHAKE_MS 10000
/* TLS 1.2's suites: an ephemeral key exchange (forward secrecy) and an
 * AEAD cipher, AES-GCM or ChaCha20-Poly1305; TLS 1.3 as libtls has it.
 * Written out: libtls's "secure" is the OpenSSL library's default where
 * libtls is libretls (Debian's), 27 suites with static RSA and CBC. The
 * web pages' (GnuTLS) are web_http.c's, the same set. */
#define SRV_TLS_CIPHERS "ECDHE+AESGCM:ECDHE+CHACHA20"
#define SRV_TLS_AGAIN (-2)
struct srv_tls;
/* The certificate and key of the options read (nothing without
 * --tls-listen); again on SIGHUP (a failure logged, the old one kept),
 * for --https too (its daemon started again: web_reload). */
int srv_tls_open(struct srv *sv, char *err, size_t errlen);
void srv_tls_reload(struct srv *sv);
/* The loop's tag of --https's descriptor (web_fd; a new one after
 * SIGHUP). */
#define SRV_TAG_WEBS (-1004)
void srv_tls_free(struct srv *sv);
/* A socket accepted on a TLS listener: its handshake starts (-1: none). */
int srv_tls_accept(struct srv *sv, int id, long long now);
/* The handshake goes on: 0 done, SRV_TLS_AGAIN, -1 failed (dropped). */
int srv_tls_handshake(struct srv *sv, int id);
/* tls_read and tls_write: bytes, 0 at the end (read), -1 (why set),
 * SRV_TLS_AGAIN. */
ssize_t srv_tls_read(struct conn *c, void *buf, size_t len, char *why,
    size_t n);
ssize_t srv_tls_write(struct conn *c, const void *buf, size_t len);
void srv_tls_conn_free(struct conn *c);
/* The epoll events a TLS connection waits for, plain: as if it were not. */
unsigned srv_tls_interest(const struct conn *c, unsigned plain);

/* --notify-command (srv_notify.c): its helper thread, NULL with err when
 * it cannot start; io.notify; stopped once the notices waiting ran. */
struct srv_notify *srv_notify_new(struct srv *sv, const char *cmd, char *err,
    size_t errlen);
void srv_notify_cb(void *ctx, const char *event, const char *game,
    const char *player);
void srv_notify_free(struct srv_notify *nt);

/* The session's store (io.store) for a test build watching the loop's
 * handle (srv_hook.c, CONGO_TEST_LOOP_READ_DELAY_MS); else ops. */
const struct store_ops *srv_hook_store(const struct store_ops *ops);

/* The reader thread (srv_reader.c): the store's reads for commands, one
 * at a time, on ops and ctx, a handle of the store of its own
 * (STORE_QUERY), closed when the queue is freed. Its queue (srv_queue.h)
 * hands back struct sread. */
struct srv_queue *reader_start(const struct store_ops *ops, void *ctx,
    char *err, size_t errlen);

/* The store thread (srv_writer.c): what arrives stored in one transaction
 * (group commit) on ops and ctx, ratings read first on qops and qctx, a
 * handle of its own (STORE_QUERY) closed when the queue is freed. Its
 * queue hands back struct spend, stored or refused; its runs are the
 * commits. */
struct srv_queue *writer_start(const struct store_ops *ops, void *ctx,
    const struct store_ops *qops, void *qctx, char *err, size_t errlen);

#endif
