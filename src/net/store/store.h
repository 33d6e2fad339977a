/*
 * store.h: where the server keeps its games (src/net/store): one
 * interface (struct store_ops) and two stores, SQLite (store_sqlite*.c)
 * and PostgreSQL (store_pg*.c, built with libpq). A store knows CGP/1
 * (net/proto) and nothing else of src/net: what it hands the server's
 * session (games read, another server's news) goes through the functions
 * the session gives store_bind.
 */
#ifndef CONGO_NET_STORE_H
#define CONGO_NET_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "net/store/store_types.h"

struct sess;

/* The reads of accounts, ratings, blocks and an account's games, the
 * same in every store: store_acct.h. */

struct store_ops {
	/* Store durably before returning 0; -1 with err if nothing changed. */
	int (*commit)(void *ctx, const struct store_change *ch, char *err,
	    size_t errlen);
	/* Group commit (may be NULL): n changes in one transaction, each
	 * kept or refused on its own (ok[i]; conflict[i] when another server
	 * stored that ply or seat first, and replaced[i] too when the seat
	 * of by[] was taken since by another connection); returns -1 with
	 * err when the transaction itself failed (then nothing is kept), -2
	 * when whether it was kept is not known (its answer lost with the
	 * connection, the database not back in time to ask). */
	int (*commit_batch)(void *ctx, const struct store_change *const *ch,
	    int n, bool *ok, bool *conflict, bool *replaced, char *err,
	    size_t errlen);
	/* Reads, on the caller's thread (the reader thread's handle; the
	 * event loop's only for the start-up load), never waiting for a
	 * commit in flight. NULL when every game stays in memory. */
	/* Feed one stored game to the session (sess_load_*): 1, or 0 when
	 * there is no such game, or -1 with err when the store cannot be
	 * read now, -2 when what it holds does not add up. */
	int (*load_game)(void *ctx, struct sess *s, const char *id, char *err,
	    size_t errlen);
	/* The newest games (status 0 open, 1 active, 2 finished, -1 any), at
	 * most n: how many, or -1 with err. */
	int (*list)(void *ctx, int status, int n, struct store_item *out,
	    char *err, size_t errlen);
	/* Start-up: every open and active game to the session. */
	int (*load)(void *ctx, struct sess *s, char *err, size_t errlen);
	/* Something to log once opened, or NULL. */
	const char *(*note)(void *ctx);
	void (*close)(void *ctx);
	/* Several servers on one store (may be NULL): a descriptor that
	 * becomes readable when another server stored something (or, with
	 * *write, one being connected that waits to write), and what
	 * to do then (sess_remote for each game changed; called after every
	 * round, as notices may arrive with other answers). */
	int (*notice_fd)(void *ctx, bool *write);
	void (*notices)(void *ctx, struct sess *s);
	/* Another server's changes of a game after seq: its seats
	 * (sess_load_seat) and events (sess_remote_event). -1 with err. */
	int (*refresh)(void *ctx, struct sess *s, const char *id, long seq,
	    char *err, size_t errlen);
	/* Limits counted by every server on the store (may be NULL: each
	 * server counts alone): one more for key in minute win (Unix time /
	 * 60); the count with it, or -1 with err. */
	int (*count)(void *ctx, const char *key, long long win, char *err,
	    size_t errlen);
	/* Presence across the servers on the store (may be NULL: each
	 * server knows its own): a seat of game taken on this server
	 * (here) or left; and whether another server holds it: 1, or 0
	 * with *gone_ms the time (util_now_ms) it was left there, -1 when
	 * no other server had it. net: the network of the connection
	 * taking it (the prefix, never the address; NULL when left or
	 * unknown), which remote_net gives of a seat another server holds
	 * (may be NULL): 1 with it in out, else 0. */
	void (*presence)(void *ctx, const char *game, int seat, bool here,
	    const char *net);
	int (*remote_presence)(void *ctx, const char *game, int seat,
	    long long *gone_ms);
	int (*remote_net)(void *ctx, const char *game, int seat, char *out,
	    size_t n);
	/* The seat's holder as the store has it, written by a REJOIN
	 * (store_change.hold; may be NULL: a store of one server): 1 with
	 * its taking in out, 0 when none is written (a seat taken by CREATE,
	 * JOIN or a pairing), -1 with err. Off the event loop. */
	int (*holder)(void *ctx, const char *game, int seat, char *out,
	    size_t n, char *err, size_t errlen);
	/* Accounts and ratings (NULL: a store without them). An account by
	 * its name in lower case: 1, 0 when there is none, -1 with err.
	 * Ratings of lname (variant and speed NULL: every category), the
	 * best of a category (provisional ones left out), the finished
	 * games of a player newest first (before: a game id, the page
	 * after it): how many, or -1 with err. */
	int (*account)(void *ctx, const char *lname, struct store_account *a,
	    char *err, size_t errlen);
	int (*ratings)(void *ctx, const char *lname, const char *variant,
	    const char *speed, struct store_rating *out, int max, char *err,
	    size_t errlen);
	int (*top)(void *ctx, const char *variant, const char *speed,
	    bool bots, int limit, struct store_rating *out, char *err,
	    size_t errlen);
	int (*games_of)(void *ctx, const char *lname, const char *before,
	    int limit, struct store_game_item *out, char *err, size_t errlen);
	/* Seeks told to the other servers on the store (may be NULL: one
	 * server): "seek ...", "unseek <id>", "paired <id> <game> <seat>";
	 * theirs come back through sess_seek_remote. */
	void (*seek_notice)(void *ctx, const char *text);
	/* A player's rating in a category after each rated game, oldest
	 * first, at most max (the newest max): Unix times and ratings; how
	 * many, or -1 with err (may be NULL). */
	int (*history)(void *ctx, const char *lname, const char *variant,
	    const char *speed, int max, long long *at, double *rating,
	    char *err, size_t errlen);
	/* Has another server on the store (its id, as its seek notices
	 * name it) given a sign of life within STORE_SERVER_LIVE_MS? Its
	 * seeks are neither listed nor paired once it has not (may be
	 * NULL: one server, always). A store with it keeps the servers'
	 * signs of life in a table congo_servers(id, beat), which a
	 * pairing's statements check (sess_seek.c). */
	bool (*server_live)(void *ctx, const char *server);
	/* The accounts lname blocks (their names as registered), at most
	 * max: how many, or -1 with err (may be NULL: none kept). */
	int (*blocks)(void *ctx, const char *lname,
	    char (*out)[CGP_NAME_MAX + 1], int max, char *err, size_t errlen);
	/* The games of lname not finished, whichever server made them (GAMES
	 * mine=yes, CHALLENGES, a player's web page): those with a seat of
	 * the account's and the open challenges to it, newest first, at most
	 * max, each with its timing (store_item's turn...): how many, or -1
	 * with err (may be NULL: every such game is in memory). */
	int (*games_mine)(void *ctx, const char *lname, struct store_item *out,
	    int max, char *err, size_t errlen);
	/* Tournaments (store_tourn.h; may be NULL: a store without them):
	 * all (by status, then the newest start), at most max; one's
	 * members; its pairings, each with its game's result; the pairing
	 * lease (1 read into *l, 0 none held yet). How many, or -1 with
	 * err. */
	int (*tourneys)(void *ctx, struct store_tourney *out, int max,
	    char *err, size_t errlen);
	int (*tmembers)(void *ctx, const char *id, struct store_tmember *out,
	    int max, char *err, size_t errlen);
	int (*tpairs)(void *ctx, const char *id, struct store_tpair *out,
	    int max, char *err, size_t errlen);
	int (*tlease)(void *ctx, struct store_tlease_row *l, char *err,
	    size_t errlen);
};

/*
 * How a store is opened (store_open_any, store_open, store_pg_open):
 * STORE_CREATE makes a missing or empty database (--create); STORE_UPGRADE
 * brings a database of an older version to this one (--upgrade). Without
 * STORE_UPGRADE an older database is refused with a message that says to
 * run congo-server --upgrade; a newer one is refused always.
 */
enum { STORE_CREATE = 1, STORE_UPGRADE = 2, STORE_QUERY = 4 };
/* STORE_QUERY: a second handle on a store another handle of this process
 * opened, for the reads of the server's reader thread only (no writes, no
 * notices, no schema work): its reads wait for another session's lock up
 * to STORE_QUERY_LOCK_WAIT_MS and take at most STORE_QUERY_TIMEOUT_MS in
 * all, then fail (the command gets 503 BUSY). */
#define STORE_QUERY_LOCK_WAIT_MS 10000
#define STORE_QUERY_TIMEOUT_MS 15000

/* Open the store --db names: a file (SQLite) or a postgresql:// URI
 * (PostgreSQL, when built with libpq), how as above. -1 with err naming
 * it. A migration done is told by the store's note. */
int store_open_any(const char *db, int how, const struct store_ops **ops,
    void **ctx, char *err, size_t errlen);

/* The server's session (net/server), which stores read games into and
 * tell another server's news to; the store sees it only through these. */
struct sess;
struct store_up {
	/* A game read, then its seats and events in seq order (replayed
	 * through the rules engine); -1 with err when they do not add up. */
	int (*load_game)(struct sess *s, const struct store_game_row *row,
	    char *err, size_t errlen);
	int (*load_seat)(struct sess *s, const char *id, int seat,
	    const char *name, const char *token, char *err, size_t errlen);
	int (*load_event)(struct sess *s, const char *id, long seq,
	    const char *kind, const char *body, char *err, size_t errlen);
	/* A stored game that does not add up: logged, not served. */
	void (*refuse_game)(struct sess *s, const char *id, const char *err);
	/* The last event's seq of a game in memory (*busy: a change of ours
	 * to it is being stored), or -1 when it is not in memory. */
	long (*game_seq)(struct sess *s, const char *id, bool *busy);
	/* Another server stored changes of game id up to seq; one event of
	 * it applied and told; every game in memory read again. */
	void (*remote)(struct sess *s, const char *id, long seq);
	int (*remote_event)(struct sess *s, const char *id, long seq,
	    const char *kind, const char *body, char *err, size_t errlen);
	void (*catch_up_all)(struct sess *s);
	/* Another server's seat taken (here) or left; newer: taken there
	 * after it was taken here. */
	void (*remote_presence)(struct sess *s, const char *game, int seat,
	    bool here, bool newer);
	/* Another server's seek notice; a server gone; ours wanted again. */
	void (*seek_remote)(struct sess *s, const char *server,
	    const char *text);
	void (*seek_server_gone)(struct sess *s, const char *server);
	void (*seek_tell_all)(struct sess *s);
	/* A line for the server's log (NET_LOG_*). */
	void (*log)(struct sess *s, int level, const char *msg);
};
/* The session's functions, given once before a store reads a game (the
 * server's session does it in sess_new). */
void store_bind(const struct store_up *up);
/* Functions for this thread only, in place of store_bind's (NULL: those):
 * the server's reader thread records what a store reads. */
void store_bind_thread(const struct store_up *up);
/* Those functions (store_*.c). */
const struct store_up *store_sess(void);
/* sess_log through store_sess(): printf-style. */
void store_log(struct sess *s, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* SQLite storage. */
struct store;

/*
 * Open the database at path (how: STORE_CREATE, STORE_UPGRADE): WAL,
 * synchronous=FULL. NULL with a message naming the file when it cannot be
 * opened, is not a congo-server database, or is of another version.
 */
struct store *store_open(const char *path, int how, char *err,
    size_t errlen);
/* Feed every open and active game to the session (sess_load_*); finished
 * ones are read when asked for (store_sqlite_ops.load_game). */
int store_load(struct store *st, struct sess *s, char *err, size_t errlen);
/* Something store_open wants logged, or NULL. */
const char *store_note(const struct store *st);
extern const struct store_ops store_sqlite_ops;
/* Checkpoint and close. */
void store_close(struct store *st);
/* Is --db a PostgreSQL URI? */
bool store_is_uri(const char *db);
/* Does --db hold a password (a PostgreSQL URI's user:password@ or its
 * password= parameter)? */
bool store_db_secret(const char *db);
/* --db as it may be shown (a log, a page, an error): a file's name, or a
 * PostgreSQL database by its name, host and port, never a password
 * (store_pg_redact.c). */
void store_db_name(const char *db, char *out, size_t n);
/* Where the stores' own lines go (libpq's notices, one line each, no
 * password): fn(ctx, level, msg), called from whichever thread uses the
 * connection; NULL: stderr, "congo-server: warn: msg". */
void store_set_notice_log(void (*fn)(void *ctx, int level, const char *msg),
    void *ctx);
void store_notice(int level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* PostgreSQL (store_pg.c, built with libpq): the URI's database, its schema
 * made (STORE_CREATE) or brought up to date (STORE_UPGRADE); NULL with
 * err. */
extern const struct store_ops store_pg_ops;
void *store_pg_open(const char *uri, int how, char *err, size_t errlen);
/* Tests: make the next commits fail (n of them; -1 for all). */
void store_fail_next(struct store *st, int n);

#endif
