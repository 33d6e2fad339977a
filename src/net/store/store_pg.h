/*
 * store_pg.h: inside the PostgreSQL store (store_pg.c: schema, commits,
 * reads; store_pg_link.c: its connections, made again when lost;
 * store_pg_presence.c: which seats are held on which server;
 * store_pg_lost.c: a commit whose answer was lost; store_pg_batch.c:
 * statements with their values bound, sent as one batch). Built only
 * with libpq.
 */
#ifndef CONGO_NET_STORE_PG_H
#define CONGO_NET_STORE_PG_H

#include <stdbool.h>

#include <libpq-fe.h>

#include "net/store/store_acct.h"

#define PG_BACKOFF_MIN 100
#define PG_BACKOFF_MAX 1000
/* Seconds a connection attempt may take (libpq's connect_timeout). */
#define PG_CONNECT_TIMEOUT "2"
#define PG_CONNECT_MS 2000
/* The event loop's reads: how long one waits for a lock, how long one may
 * take at all. */
#define PG_READ_LOCK_WAIT "25ms"
#define PG_READ_TIMEOUT "1s"
/* Presence: a server says it is alive this often (ms), in a notice and
 * in congo_servers; one not heard of for PG_DEAD_MS is gone, and so are
 * the seats it held (its seeks are passed by after STORE_SERVER_LIVE_MS
 * already: pg_server_live). */
#define PG_BEAT_MS 1000
/* A batch of notices that failed (a deadlock, the database restarting)
 * is sent this many times in all before it is given up. */
#define PG_NOTIFY_TRIES 3
#define PG_DEAD_MS 15000

/*
 * A statement of the store's: its text, $1, $2... for its values, which
 * are bound (sent apart, never written into the text); and a batch of
 * them, sent at once in libpq's pipeline mode (store_pg_batch.c).
 */
struct pg_stmt {
	char *sql;
	size_t len, cap;
	char **v;                      /* its values, owned (NULL: NULL) */
	int n, vcap;
};
struct pg_batch {
	struct pg_stmt *s;
	int n, cap;
};

/* A seat held on another server, or left there (server ""); or held here
 * (in held: confirmed once our own notice of it came back, which places
 * it in the order every server sees the notices in). */
struct pg_seat {
	char game[CGP_ID_LEN + 1];
	int seat;
	char server[CGP_ID_LEN + 1];
	long long since;               /* ms (this process's clock) */
	bool confirmed;
	char net[64];                  /* its holder's network ("" unknown) */
};

/* Another server, as last heard of. */
struct pg_server {
	char id[CGP_ID_LEN + 1];
	long long beat;                /* ms (this process's clock) */
};

struct pgstore {
	PGconn *w;                     /* the store thread's */
	PGconn *r;                     /* the event loop's: reads, LISTEN;
					  with query, the reader thread's */
	bool query;                    /* STORE_QUERY: r only, reads only */
	char me[CGP_ID_LEN + 1];       /* this server, in its notices */
	char conninfo[1024];            /* --db: may hold a password, so
					  never shown: name is */
	char name[400];                /* pg_name's */
	char note[640];                /* a migration done, or "" */
	int fail_next;
	long long swept;               /* the minute congo_limits was swept */
	/* The database restarted, was stopped or ended our backends: each
	 * connection is made again by itself, at most every backoff ms
	 * (doubling to PG_BACKOFF_MAX while it fails). */
	long long r_retry;             /* ms: the next try for r */
	int r_backoff;
	/* r being made again without waiting (the event loop's: not with
	 * query): the connection, what libpq waits for, until when. */
	PGconn *rc;
	PostgresPollingStatusType rc_poll;
	long long rc_until;
	bool r_lost;                   /* r was lost: games to catch up */
	long long w_retry;             /* the store thread's own */
	int w_backoff;
	/* Presence (the event loop's). */
	struct vec held;               /* struct pg_seat: ours (server me) */
	struct vec remote;             /* struct pg_seat: others' */
	struct vec servers;            /* struct pg_server */
	long long beat_sent;           /* ms */
	bool asked;                    /* the others asked for ours at start */
	/* Notices are sent on r without waiting for their answer: one
	 * batch in flight (its answer read when r is next readable), the
	 * next gathered meanwhile. */
	bool r_sent;
	struct pg_batch nq;            /* statements for the next batch */
	/* The batch in flight (its statements), sent again before the next
	 * when it failed, up to PG_NOTIFY_TRIES times; why it failed, for
	 * the log (pg_notices), "" once said. */
	struct pg_batch nsent;
	bool n_failed;
	int n_tries;
	char n_why[200];
};

/* The answer of notices sent on r read, as far as it has come, then the
 * next batch sent; wait: all of it, nothing sent (pg_presence_bye, once
 * the event loop has stopped). store_pg_presence.c. */
void pg_notify_poll(struct pgstore *pg, bool wait);

/* One step of making the event loop's connection r again, never waiting:
 * true when r is there (store_pg_link.c). */
bool pg_reader_step(struct pgstore *pg);

/* A new statement of b beginning with the text sql; more text; a value
 * bound (its number), or bound and referred to in the text ("$n", then
 * "::cast" unless cast is NULL). */
struct pg_stmt *pg_stmt_new(struct pg_batch *b, const char *sql);
void pg_sql(struct pg_stmt *s, const char *t);
int pg_bind(struct pg_stmt *s, const char *v);
void pg_val(struct pg_stmt *s, const char *v, const char *cast);
/* b emptied (kept for reuse), freed; from's statements moved to the end
 * of to. */
void pg_batch_clear(struct pg_batch *b);
void pg_batch_free(struct pg_batch *b);
void pg_batch_move(struct pg_batch *to, struct pg_batch *from);
/* b's statements sent on c in pipeline mode, then a sync: false when
 * they could not all be (what was sent is answered all the same). */
bool pg_batch_send(PGconn *c, const struct pg_batch *b);
/* The next answer of a batch sent on c into *out (the caller's to clear):
 * 1; 2 at its end (the sync: c left out of pipeline mode); 0 when not
 * come yet (only when !wait: input consumed by the caller); -1 when the
 * connection was lost. */
int pg_batch_result(PGconn *c, bool wait, PGresult **out);

/* One change's statements appended to a batch (store_pg_put.c): their
 * last (the change's answer: one row, ok, conflict or replaced) is a call
 * of congo_put, or a REJOIN's taking. */
void pg_put(struct pgstore *pg, struct pg_batch *b,
    const struct store_change *ch);
/* Seats' holders across servers (store_pg_hold.c): a REJOIN's taking as
 * its whole statement (true), or nothing (false); the check that wraps a
 * holder's congo_put, opened in s before it (true: " END" to close it
 * after it): 'replaced' in place of its answer when the seat was taken
 * since by another. */
bool pg_hold(struct pg_batch *b, const struct store_change *ch);
bool pg_by_open(struct pg_stmt *s, const struct store_change *ch);
/* store_ops.holder: the seat's holder in congo_holds. */
int pg_holder(void *ctx, const char *game, int seat, char *out, size_t n,
    char *err, size_t errlen);


/* A query with one or two parameters (n; b NULL for one) on the reading
 * connection (pg->r): its rows, or NULL with err. */
PGresult *pg_query(struct pgstore *pg, const char *sql, int n, const char *a,
    const char *b, char *err, size_t errlen);
/* "name: what: libpq's message" into err (pg_redact's): -1. */
int pg_fail(const struct pgstore *pg, PGconn *c, char *err, size_t errlen,
    const char *what);
/* A value read back (a column's text) as a whole number in [lo, hi]
 * into *out: 0, or -1 with err "pg's name: name: why" ("name: why" when pg
 * is NULL), never read as 0. */
int pg_long(const struct pgstore *pg, const char *text, const char *name,
    long lo, long hi, long *out, char *err, size_t errlen);
/* Run sql; true when it gave want. */
bool pg_run(PGconn *c, const char *sql, ExecStatusType want);
/* A connection to pg's database, waiting at most PG_CONNECT_TIMEOUT; its
 * notices to the log (pg_notice). */
PGconn *pg_connect(struct pgstore *pg);
/* The settings of the event loop's connection (LISTEN...), the store
 * thread's; false when they failed. */
bool pg_setup_reader(PGconn *c);
bool pg_setup_writer(PGconn *c);
/* The reader thread's (STORE_QUERY): no LISTEN; its reads wait for locks
 * up to STORE_QUERY_LOCK_WAIT_MS. */
bool pg_setup_query(PGconn *c);
/* *c usable, made again if it was lost (not before *retry): true when it
 * is. Every failed try doubles the wait, up to PG_BACKOFF_MAX. */
/* A batch's answers lost with the writer's connection (store_pg_lost.c):
 * made again, was it stored? 1 yes (ok and conflict of each change set),
 * 0 no (none of it: it may be sent again), -1 unknown (the database not
 * back within seconds). */
int pg_commit_lost(struct pgstore *pg, const struct store_change *const *ch,
    const int *sent, int nsent, bool *ok, bool *conflict);
bool pg_alive(struct pgstore *pg, PGconn **c, bool reader, long long *retry,
    int *backoff);
/* The event loop's connection, made again if lost; false (err set) when
 * the database cannot be reached now. */
bool pg_reader(struct pgstore *pg, char *err, size_t errlen);

/* The tables made (STORE_CREATE) or brought up to date (STORE_UPGRADE),
 * on pg->r (store_pg_schema.c); a migration done is told in pg->note. -1
 * with err. */
int pg_setup(struct pgstore *pg, int how, char *err, size_t errlen);

/* Accounts and ratings (store_pg_acct.c): store_ops' reads. */
STORE_ACCT_DECLARE(pg);

/* What may be said of a connection string (store_pg_redact.c): its
 * database, host and port into out ("PostgreSQL database congo on host
 * db.example port 5433"), never its user or password. */
void pg_name(const char *conninfo, char *out, size_t n);
/* msg (a buffer of len bytes) made one line, every password conninfo holds
 * taken out (as libpq reads it, as written, percent-decoded: "***"), and,
 * if libpq cannot read conninfo, what it quotes of it. */
void pg_redact(const char *conninfo, char *msg, size_t len);
/* libpq's notice processor (arg: the pgstore): a notice to the log as one
 * line of pg_redact's (store_notice). */
void pg_notice(void *arg, const char *message);

/* Presence (store_pg_presence.c). */
void pg_presence_init(struct pgstore *pg);
void pg_presence_free(struct pgstore *pg);
/* store_ops.presence, .remote_presence and .remote_net. */
void pg_presence(void *ctx, const char *game, int seat, bool here,
    const char *net);
int pg_remote_presence(void *ctx, const char *game, int seat,
    long long *gone_ms);
int pg_remote_net(void *ctx, const char *game, int seat, char *out,
    size_t n);
/* One notice on the presence channel. */
void pg_presence_notice(struct pgstore *pg, struct sess *s, char *text);
/* Every round: our beat, the others' deaths, the first ask. */
void pg_presence_round(struct pgstore *pg, struct sess *s);
/* The connection was made again: ours told again, theirs asked for (their
 * seeks forgotten until they are told again). */
void pg_presence_reconnected(struct pgstore *pg, struct sess *s);
/* store_ops.seek_notice: a seek told to the other servers. */
void pg_seek_notice(void *ctx, const char *text);
/* Stopping: the others forget our seats now. */
void pg_presence_bye(struct pgstore *pg);
/* store_ops.server_live: heard of within STORE_SERVER_LIVE_MS. */
bool pg_server_live(void *ctx, const char *server);
/* The servers' signs of life (congo_servers: a row a server, its last
 * beat by the database's clock), made if missing, at each start
 * (store_pg_schema.c); -1 with err. */
int pg_servers_table(struct pgstore *pg, char *err, size_t errlen);

#endif
