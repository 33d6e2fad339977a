/*
 * web_http.h: the libmicrohttpd side (web_http.c, web_sse.c,
 * web_metrics.c).
 */
#ifndef CONGO_WEB_HTTP_H
#define CONGO_WEB_HTTP_H

#include "util/util.h"
#include "web/web_host.h"

#define WEB_SSE_LIFE_MS 3600000LL        /* a stream is closed after it */
#define WEB_SSE_KEEPALIVE_MS 15000LL
#define WEB_HEADER_MS 15000LL    /* a request's headers complete within */
/* --https (GnuTLS): TLS 1.3, and TLS 1.2 with an ephemeral key exchange
 * and an AEAD cipher only (AES-GCM, ChaCha20-Poly1305), as CGP/1's. */
#define WEB_TLS_PRIORITIES "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:" \
	"-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:-CIPHER-ALL:+AES-256-GCM:" \
	"+AES-128-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD"

#ifdef HAVE_MICROHTTPD
#include <microhttpd.h>

struct wnet {                    /* HTTP connections of a network */
	char net[64];
	int n;
};

/* An HTTP connection (web_conn.c; MHD's socket context). */
struct wconn {
	char net[64];
	int fd;
	long long since;               /* ms: waiting for headers since */
	long long requests;            /* requests whose headers came */
	bool waiting;                  /* in w->waiting */
	bool closing;                  /* shut down, MHD to let it go */
	struct wconn *prev, *next;     /* w->waiting, oldest first */
};

/* A game an event stream follows. */
struct wsub {
	char game[WEB_ID_LEN + 1];
	int sent;                      /* plies the viewer has */
	bool dirty;                    /* the game changed since */
};

/* An event stream: /game/<id>/events, one game; /events?g=ID:PLY,...,
 * several (a browser's tabs share it: congo-worker.js), each message
 * naming its game. */
#define WEB_SSE_GAMES 16
struct wstream {
	struct web *w;
	struct MHD_Connection *conn;
	struct wsub sub[WEB_SSE_GAMES];
	int nsub;
	bool multi;                    /* /events: messages name the game */
	bool dirty;                    /* a sub is */
	bool suspended, done;
	struct wbuf out;
	size_t off;
	long long opened;              /* ms */
	struct wstream *prev, *next;
};

/* A request waiting for the store (web_defer.c): suspended while the
 * server's reader thread reads, then resumed with its page made (code), or
 * to be routed again (code 0: a game now in memory, its ratings read). */
enum wjob_kind { WJ_INDEX, WJ_PLAYER, WJ_HEALTH, WJ_GAME, WJ_RATINGS };
struct wticket;
struct wjob {
	struct web *w;
	struct MHD_Connection *c;
	struct wticket *t;             /* its read on the way, or NULL */
	bool suspended;
	bool loaded;                   /* WJ_GAME came back */
	bool have_ratings;             /* WJ_RATINGS came back: rr */
	bool index_wait;               /* waits for the front page read on
	                                * its way (its own, or another's) */
	struct web_ratings rr;
	int code;                      /* the page made: its HTTP status */
	const char *type;
	struct wbuf page;
	struct wjob *prev, *next;      /* w->jobs */
};

/* The connections counted against the limits (web_conn.c): --http's and
 * --https's together, as one client's. */
struct wlimit {
	struct vec nets;               /* struct wnet */
	int conns;
	int closing;                   /* shut down, not yet let go */
	int peak;                      /* conns at most since the last trim */
};
/* The heap given back (malloc_trim) once this many connections more than
 * half of the peak have closed (web_http.c, web_trim). */
#define WEB_TRIM_CONNS 512

struct web {
	struct web_host host;          /* the server */
	int max_connections, max_per_address;
	size_t out_cap;                /* a stream's queue at most */
	char *tls_cert, *tls_key;      /* the files of --https's */
	struct MHD_Daemon *d;          /* NULL: --https lost at a reload */
	int fd, port;
	bool tls;                      /* --https (web_tls.c): HSTS */
	struct wlimit *lim;            /* &own, or --http's */
	struct wlimit own;
	struct wstream *streams;
	int nstreams;
	bool dirty;                    /* a stream has news */
	long long keepalive_at;        /* ms */
	struct wbuf index;             /* the front page, made at index_at */
	long long index_at;
	bool index_reading;            /* a newer front page on its way */
	/* The tournament page made last (its viewers fetch it every 2 s):
	 * served again for tpage_id within a second of tpage_at. */
	struct wbuf tpage;
	char tpage_id[64];
	long long tpage_at;
	struct wjob *jobs;             /* requests with a page being read */
	struct wticket *tickets;       /* reads on their way */
	long long life_ms, ka_ms;      /* a stream's life, keepalives */
	bool readable;                 /* fd readable this round */
	long long mhd_due;             /* ms: MHD's timeout, -1 none */
	long long requests, refused_net, streams_closed;
	/* Connections waiting for a request's headers, oldest first
	 * (web_conn.c), closed header_ms after they began waiting. */
	struct wconn *waiting, *waiting_tail;
	long long header_ms;
	long long header_timeouts, evicted, refused_total;
	long long mhd_win, mhd_unlogged;       /* MHD's log, bounded */
};

/* Suspend the request (*con_cls its job) until what kind needs is read:
 * a player's page (a: name, b: before= or NULL), the health check, a game
 * not in memory (a: its id), a rated game's ratings (rr). */
enum MHD_Result web_defer(struct web *w, struct MHD_Connection *c,
    void **con_cls, enum wjob_kind kind, const char *a, const char *b,
    const struct web_ratings *rr);
/* The front page for this request once the read on its way is back:
 * suspended meanwhile, however many wait (one read for all). */
enum MHD_Result web_index_wait(struct web *w, struct MHD_Connection *c,
    void **con_cls);
/* The page a job made, sent. */
enum MHD_Result web_job_reply(struct wjob *j);
/* MHD_OPTION_NOTIFY_COMPLETED: a request's job freed. */
void web_job_completed(void *cls, struct MHD_Connection *c, void **con_cls,
    enum MHD_RequestTerminationCode toe);
/* Closing: the reads on their way forgotten, the requests resumed (503). */
void web_defer_end_all(struct web *w);

/* The connections' limits (web_conn.c): MHD's accept policy, its
 * connection notices, its request-completed notice; a request's headers
 * came (the access handler); ms until a connection's headers are due (-1
 * none); the connections past their deadline closed (true if any). */
enum MHD_Result web_conn_accept(void *cls, const struct sockaddr *sa,
    socklen_t len);
void web_conn_notify(void *cls, struct MHD_Connection *c, void **sock_ctx,
    enum MHD_ConnectionNotificationCode code);
void web_conn_completed(void *cls, struct MHD_Connection *c, void **con_cls,
    enum MHD_RequestTerminationCode toe);
void web_conn_request(struct web *w, struct MHD_Connection *c);
long long web_conn_due(const struct web *w, long long now);
bool web_conn_expire(struct web *w, long long now);

/* The headers of every response (c's: HSTS over TLS). */
void web_headers(struct MHD_Connection *c, struct MHD_Response *r,
    const char *type);
/* Start w's daemon (web_http.c) on a listening socket (lfd >= 0, taken)
 * or an address (sa), with TLS the certificate and key in memory (PEM,
 * NUL-terminated): false with err. */
bool web_start(struct web *w, int lfd, const struct sockaddr *sa,
    const char *cert, const char *key, char *err, size_t errlen);

/* --https (web_tls.c): the files of --tls-cert and --tls-key read (the key
 * to be given back to web_tls_unload: zeroed); false with err. */
bool web_tls_load(const struct web *w, char **cert, char **key, char *err,
    size_t errlen);
void web_tls_unload(char *cert, char *key);
/* Is c on an HTTPS daemon? */
bool web_conn_tls(struct MHD_Connection *c);
/* MHD's work done for the requests and streams of a daemon going away
 * (web_close, web_reload), which it then stops. */
void web_stop(struct web *w);
/* The suspended requests of a daemon going away answered (503), their
 * reads still expected (web_defer.c). */
void web_defer_end_jobs(struct web *w);
enum MHD_Result web_reply(struct MHD_Connection *c, int code,
    const char *type, struct wbuf *b);
enum MHD_Result web_error(struct MHD_Connection *c, int code,
    const char *text);
/* A stream of game (in memory; its id as the server spells it). */
enum MHD_Result web_sse_open(struct web *w, struct MHD_Connection *c,
    const char *game);
/* /events?g=ID:PLY,ID:PLY...: the games in memory of the list, each from
 * the viewer's ply on. */
enum MHD_Result web_sse_open_many(struct web *w, struct MHD_Connection *c);
/* Messages for the streams with news, keepalives, streams too old
 * ended: true when a stream was resumed. */
bool web_sse_push(struct web *w, long long now);
void web_sse_free(struct web *w);
/* Every stream ends now (before MHD stops). */
void web_sse_end_all(struct web *w);
enum MHD_Result web_metrics(struct web *w, struct MHD_Connection *c);

/* The server's clock (ms) and log, through its host. */
long long web_now(const struct web *w);
void web_log(const struct web *w, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void web_refused(const struct web *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif

/* x taken off the doubly linked list (prev, next) that head starts. */
#define WEB_UNLINK(head, x) do {					\
	if ((x)->prev != NULL)						\
		(x)->prev->next = (x)->next;				\
	else								\
		(head) = (x)->next;					\
	if ((x)->next != NULL)						\
		(x)->next->prev = (x)->prev;				\
} while (0)

#endif
