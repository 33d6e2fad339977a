/*
 * sess.h: the session's API (src/net/server/sess_*.c) for the event loop
 * (srv_*.c), congo-server's main and the tests: games, seats, turns,
 * events, presence, observers, limits, seeks, accounts, as functions of
 * (state, connection, line, time) whose output goes through callbacks. No
 * sockets: the tests drive it directly. The session's own structs are in
 * sess_int.h (for the sess_*.c files and the tests that look inside), the
 * loop's in srv_int.h; other modules use server.h. CGP/1 is
 * net/proto/proto.h, the stores net/store/store.h.
 */
#ifndef CONGO_NET_SERVER_SESS_H
#define CONGO_NET_SERVER_SESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

#include "net/proto/proto.h"
#include "net/server/server.h"
#include "net/store/store.h"


struct game_rules;
struct sess_feature;
struct stimer;
struct stimers;

/*
 * A change on its way to storage, with what to do once it is stored: the
 * session applies it (through the same code that rebuilds games at
 * start-up), answers the connection that asked, and tells the game.
 */
struct spend {
	struct store_change ch;        /* its strings point into the buffers */
	int conn;                      /* who asked, or -1 */
	unsigned conn_gen;             /* that connection's generation */
	enum cgp_verb verb;
	bool state_to_origin;          /* a STATE to the asker after its OK */
	bool quiet;                    /* events not broadcast (CREATE) */
	char ok[CGP_SLINE_MAX];        /* the OK line with its LF */
	size_t oklen;
	char tag[CGP_TAG_MAX + 2];
	bool failed;                   /* set by the store */
	/* The session's features, whose before_commit hooks the thread that
	 * commits it calls (sess_features_commit). */
	const struct sess_feature *const *features;
	unsigned what;                 /* what it is (SESS_CH_*) */
	unsigned hooked;               /* its path's hooks (SESS_H_*) */
	/* Ratings, worked out off the event loop before the commit
	 * (sess_rate_apply): a rated result's (rate: its event rev, the
	 * score for white), the seated players' when this change seats one
	 * in a rated game (rstart; rname "" for a seat still empty); what
	 * they are after it (rnow, rknown). */
	bool rate, rstart, rknown;
	int rev;
	double rscore;
	char rname[2][CGP_NAME_MAX + 1];
	char rvariant[CGP_VARIANT_MAX], rspeed[RATING_SPEED_MAX];
	double rnow[2][2];             /* rating, RD */
	bool conflict;                 /* refused: another server stored that
					  ply or seat first (the line is run
					  again on the game brought up to date) */
	bool replaced;                 /* refused: the seat its connection
					  held was taken by another since
					  (store_change's by[]) */
	bool unknown;                  /* failed, but whether it was stored
					  is not known (commit_batch's -2) */
	char line[CGP_LINE_MAX + 1];   /* the command, for that */
	size_t linelen;
	char err[256];
	char game[CGP_ID_LEN + 1], start[CGP_FEN_MAX];
	char variant[CGP_VARIANT_MAX], clock[32], rematch_of[CGP_ID_LEN + 1];
	char name[CGP_NAME_MAX + 1], token[80];
	char name2[CGP_NAME_MAX + 1], token2[80];
	char kind[2][16], body[2][400];
	bool forgetting;               /* sess_forget.c's: undoes a change
					  whose outcome was not known */
	char seek[2][CGP_ID_LEN + 1];
	struct spend *next;
	struct spend *then;            /* submitted once this one is stored,
					  dropped when it is refused */
};


/*
 * A read of the store a command needs (sess_read.c): asked for on the event
 * loop, run on the reader thread, its answer kept with the connection until
 * the command is done; the command's line is given again when it is here.
 */
enum sread_kind { SREAD_ACCOUNT, SREAD_GAME, SREAD_LIST, SREAD_COUNT,
	SREAD_RATINGS, SREAD_TOP, SREAD_GAMES_OF, SREAD_REFRESH, SREAD_CALL,
	SREAD_NEWER, SREAD_BLOCKS, SREAD_MINE };
struct sread_rec;
struct sread {
	struct sread *next;
	int conn;
	unsigned gen;
	enum sread_kind kind;
	char key[128];                 /* lname, game id, variant, a limit's */
	char key2[24];                 /* speed, before=, a variant or "" */
	char key3[16];                 /* SREAD_RATINGS: a speed or "" */
	int status;                    /* LIST's */
	int limit;                     /* rows at most */
	long long win;                 /* SREAD_COUNT's window */
	/* The answer: rows, or 1 / 0 (an account, a game), -1 unreadable
	 * now, -2 a game that does not add up (err says why). */
	int rc;
	char err[512];
	struct store_account acct;
	void *rows;                    /* store_item, store_rating... */
	struct sread_rec *rec;         /* SREAD_GAME: what the store read */
	int nrec, caprec;
	bool rknown;                   /* SREAD_GAME of a rated game: its */
	double rnow[2][2];             /* players' ratings and RDs now */
	long long ms;                  /* how long it took */
	/* The session's features, whose on_game_read hooks the reading
	 * thread calls (set by sess_read, sess_read_submit). */
	const struct sess_feature *const *features;
	/* For nobody's command (sess_read_then): run (SREAD_CALL: reads of
	 * its own on the reader thread's handle), then on the loop; drop
	 * when it never comes back (the server stopping). */
	void (*run)(const struct store_ops *ops, void *ctx, void *arg);
	void (*then)(struct sess *s, struct sread *q, void *arg);
	void (*drop)(void *arg);
	void *arg;
	/* The other reads of its line (sess_read's), run after it and handed
	 * back with it. */
	struct sread *batch;
};
/* The answer to q (kind and keys set) for conn's command: at once when it
 * was read for this line already or there is no reader thread (conn < 0
 * too), else NULL after asking the reader thread: the command then stops
 * (nothing done yet) and its line is given again once the answer is
 * here. */
const struct sread *sess_read(struct sess *s, int conn,
    const struct sread *q);
/* q made a read of kind keyed by the account or player name (in lower
 * case), limit rows at most; its other keys empty. */
void sess_read_prepare(struct sread *q, enum sread_kind kind,
    const char *name, int limit);
/* The same asked for again, the answer kept for this line dropped (a game
 * read that left memory before the line ran again). */
const struct sread *sess_read_again(struct sess *s, int conn,
    const struct sread *q);
/* A read for nobody's command (the web pages): want run off the event
 * loop (or at once without a reader thread), then then(s, answer, arg) on
 * the loop (a game read is in memory by then); drop(arg) instead when it
 * never comes back. */
void sess_read_then(struct sess *s, const struct sread *want,
    void (*then)(struct sess *s, struct sread *q, void *arg),
    void (*drop)(void *arg), void *arg);
/* The same for conn's command (whose later lines wait meanwhile): they run
 * after then. */
void sess_read_then_conn(struct sess *s, int conn, const struct sread *q,
    void (*then)(struct sess *s, struct sread *q, void *arg),
    void (*drop)(void *arg), void *arg);
/* Nobody's read (conn -1, or a then's) on its way: to the reader thread,
 * or run at once without one (a session without an event loop, as the
 * unit tests make); back through sess_read_done. */
void sess_read_submit(struct sess *s, struct sread *q);
/* The reads the line just run asked for (sess_read) to the reader thread,
 * as one job: the line runs again once, with every answer. */
void sess_read_flush(struct sess *s);
/* Run q (and the reads of its batch) against a store (the reader thread's
 * handle, or the loop's). */
void sess_read_run(const struct store_ops *ops, void *ctx, struct sread *q);
/* A read back from the reader thread (with its batch): kept for its
 * connection's line (SREAD_GAME: the game put in memory), or freed when
 * that is gone. */
void sess_read_done(struct sess *s, struct sread *q);
/* The same, handed back at now_ms. */
void sess_read_done_at(struct sess *s, struct sread *q, long long now_ms);
/* SREAD_REFRESH (nobody's command: another server's news of a game) back:
 * its seats and events applied and told (sess_pending.c). */
void sess_refresh_done(struct sess *s, struct sread *q);
/* SREAD_NEWER (a command's: sess_store_newer) back: the same, applied
 * before its line runs again. */
void sess_newer_done(struct sess *s, struct sread *q);
/* What the reader thread recorded of a game: how many calls, and one. */
int sess_read_nrec(const struct sread *q);
/* The game's row SREAD_GAME read (its strings the read's), NULL none. */
const struct store_game_row *sess_read_game(const struct sread *q);
/* 0 the game, 1 a seat (n, a name, b token), 2 an event (n seq, a kind,
 * b body). */
int sess_read_rec(const struct sread *q, int i, long *n, const char **a,
    const char **b);
/* The reads of a connection's line (c, its: NULL or not used, none),
 * once it is done or gone. */
struct sconn;
void sess_reads_free(struct sconn *c);
void sess_read_free(struct sread *q);

struct sess_io {
	void *ctx;
	/* Queue a line (with its LF) for a connection. */
	void (*send)(void *ctx, int conn, const char *line, size_t len);
	/* Close a connection once what was queued for it is sent. */
	void (*close)(void *ctx, int conn);
	const struct store_ops *store;   /* NULL: keep games in memory only */
	void *store_ctx;
	/* Log a message (never holds a token); may be NULL. */
	void (*log)(void *ctx, int level, const char *msg);
	/* Asynchronous storage (may be NULL: store->commit at once): take p,
	 * store it off the caller's thread, and hand it back through
	 * sess_done once stored or refused. */
	void (*submit)(void *ctx, struct spend *p);
	/* A game's events were told to its connections (may be NULL): the
	 * web pages' streams follow it. */
	void (*game_event)(void *ctx, const char *game);
	/* Reads off the event loop (may be NULL: read at once): take r, run
	 * it on another thread (sess_read_run) and hand it back through
	 * sess_read_done. */
	void (*read_submit)(void *ctx, struct sread *r);
	/* Does anything outside the session follow the game (the web
	 * pages' streams)? May be NULL: nothing does. */
	bool (*watched)(void *ctx, const char *game);
	/* Tell a player away (congo-server --notify-command; may be NULL:
	 * nobody is told): event "move", "challenge" or "result", the game,
	 * the account's name. Must not block: the command runs off the
	 * loop. */
	void (*notify)(void *ctx, const char *event, const char *game,
	    const char *player);
	/* A timer of the caller's in the session's list (sess_timers, of
	 * kind STIMER_CONN) is due: sess_tick took it out of the list. */
	void (*timer_due)(void *ctx, struct stimer *t);
};

struct sess;

/* A session; rules apply to the games it creates (NULL: the defaults). */
struct sess *sess_new(const struct sess_io *io, const struct sess_limits *lim,
    const struct game_rules *rules, const char *server_name);
void sess_free(struct sess *s);

/*
 * A new connection (conn: a small number >= 0 chosen by the caller, unique
 * while open). Sends the greeting and returns 0, or sends `ERR * 503 BUSY`
 * or `ERR * 429 RATE_LIMITED`, asks to close it and returns that code (the
 * caller still calls sess_close when it is gone).
 */
int sess_open(struct sess *s, int conn, const char *addr, long long now_ms);
/* The connection is gone: its seats are vacated (PRESENCE gone). */
void sess_close(struct sess *s, int conn, long long now_ms);
/* One line from a connection, without its LF (a CR dropped). */
int sess_line(struct sess *s, int conn, const char *line, size_t len,
    long long now_ms);
/* sess_line's answer: the line was handled, or it must be given again
 * later (it writes to a game whose change is still being stored). */
#define SESS_LINE_DONE 0
#define SESS_LINE_AGAIN 1
/* A stored (or refused) change back from io.submit: apply, answer, tell;
 * frees p. */
void sess_done(struct sess *s, struct spend *p);
/* sess_done of each of a list (linked by next) handed back at now_ms;
 * true when a connection then holds a line (sess_conn_held). */
bool sess_done_all(struct sess *s, struct spend *p, long long now_ms);
/* Another server stored changes of game id up to seq: a copy in memory is
 * brought up to date (store refresh) and this server's connections told. */
void sess_remote(struct sess *s, const char *id, long seq);
/* One event another server stored: applied as start-up would, then told
 * to this server's connections in the game. */
int sess_remote_event(struct sess *s, const char *id, long seq,
    const char *kind, const char *body, char *err, size_t errlen);
/* Is a change of this connection still being stored? Its next lines wait
 * (replies come in the order of the commands). */
bool sess_conn_waiting(const struct sess *s, int conn);
/* conn's held line (struct sconn) run, unless it waits: true while one is
 * held (its input's lines wait behind it); sess_conn_held: is one? */
bool sess_held_run(struct sess *s, int conn, long long now_ms);
bool sess_conn_held(const struct sess *s, int conn);
/* The connection sent more than 512 bytes without an LF: 413 and close. */
void sess_line_too_long(struct sess *s, int conn);

/*
 * Several servers on one store: before refusing a command for what this
 * server knows of g (a seat not taken, a ply not reached), read what the
 * store holds, since another server may have stored it an instant ago and
 * told its client so before its notice arrived here; off the event loop
 * (sess_read, SREAD_NEWER): true when the command must stop (its line
 * comes again with the news applied), false when it goes on.
 */
struct sgame;
bool sess_store_newer(struct sess *s, int conn, struct sgame *g);
/* Is the store shared with other servers (it reads their news)? */
bool sess_store_shared(const struct sess *s);
/* Presence across servers (sess_presence.c). A seat of g taken on this
 * server or left (the store tells the others); is it held here or on
 * another server; since when has it been left everywhere (ms); another
 * server's seat taken or left (PRESENCE to the game's connections here;
 * newer: taken there after it was taken here, so "replaced" to the
 * connection here that held it). */
void sess_seat_here(struct sess *s, struct sgame *g, int seat, bool here);
/* EV .. PRESENCE seat= state= to conn to alone, or (to < 0) to all in g
 * but except (sess_game.c). */
void sess_presence_event(struct sess *s, struct sgame *g, int seat,
    const char *state, int to, int except);
bool sess_present(struct sess *s, struct sgame *g, int seat);
long long sess_gone_since(struct sess *s, struct sgame *g, int seat);
void sess_remote_presence(struct sess *s, const char *game, int seat,
    bool here, bool newer);
/* The store's notices may have been lost (its connection was made again):
 * every game in memory is brought up to date from the store, its news
 * told to this server's connections. */
void sess_catch_up_all(struct sess *s);
/* The games whose reading failed, read again (at most every 250 ms). */
void sess_stale_retry(struct sess *s, long long now_ms);
/* A change whose outcome was not known (sess_forget.c): its forget op
 * run once the database answers again (what: its command's line, for the
 * log); each tick tries the next, once a second; done with the spend. */
void sess_forget_add(struct sess *s, const struct store_op *op,
    const char *what, size_t whatlen);
void sess_forget_retry(struct sess *s, long long now_ms);
void sess_forget_done(struct sess *s, const struct spend *p);
/* Finished games leave memory (the store reads them again when asked
 * for): at once when no connection holds a seat in or observes one, else
 * SESS_GRACE_MS after its end, or once its rematch can no longer be made
 * (its rematch made, or a player gone) when that is later. Only with a
 * store that reads games. With
 * several servers on one store, a game being played leaves too once
 * nobody here has been at it for SESS_IDLE_MS while another server holds
 * one of its seats (that server keeps its clocks; this one reads it again
 * when asked for). */
#define SESS_GRACE_MS 60000
#define SESS_IDLE_MS 60000
/* A game read for a command stays at least this long (its line runs
 * again meanwhile). */
#define SESS_READ_KEEP_MS 2000
/* Returns how many games left. */
int sess_evict(struct sess *s, long long now_ms);

/* Counts for logs and tests. */
int sess_ngames(const struct sess *s);
int sess_nconns(const struct sess *s);

/*
 * Timers (clocks that flag, open games that expire, the summary of refused
 * requests in the log): milliseconds until sess_tick has something to do
 * (0: now), -1 when nothing is due ever. sess_tick does what is due,
 * whether or not anybody is connected.
 */
long long sess_next_timer(struct sess *s, long long now_ms);
/* The list of those timers (sess_timer.h), where the event loop keeps its
 * connections' deadlines too: one list, one wait, one call a round. */
struct stimers *sess_timers(struct sess *s);
/* The time for what follows (a stored change handed back, sess_done). */
void sess_set_now(struct sess *s, long long now_ms);
void sess_tick(struct sess *s, long long now_ms);

/*
 * Rebuilding games at start-up, from storage, in order: each game, then its
 * seats, then its events in seq order. Every MOVE is replayed through the
 * rules engine. -1 with err when the stored data does not add up.
 */
int sess_load_game(struct sess *s, const struct store_game_row *row,
    char *err, size_t errlen);
int sess_load_seat(struct sess *s, const char *id, int seat,
    const char *name, const char *token, char *err, size_t errlen);
int sess_load_event(struct sess *s, const char *id, long seq,
    const char *kind, const char *body, char *err, size_t errlen);
/* The same of game g (NULL: not in memory) found already, id its id. */
int sess_load_seat_of(struct sess *s, struct sgame *g, const char *id,
    int seat, const char *name, const char *token, char *err,
    size_t errlen);
int sess_load_event_of(struct sess *s, struct sgame *g, const char *id,
    long seq, const char *kind, const char *body, char *err,
    size_t errlen);
/*
 * Everything is loaded: the clocks of active games run again from their
 * stored times (the side to move's from now), open games expire a day
 * (expire_ms) after their creation (wall_ms: the Unix time in ms now),
 * and seats nobody holds count as gone since now.
 */
void sess_start(struct sess *s, long long now_ms, long long wall_ms);

/* A word to player (an account) about game: event "move", "challenge" or
 * "result" (io.notify); a move's or a challenge's at most once a minute
 * per account and game (a result's always). The caller has checked the
 * player has no connection to it. */
void sess_notify(struct sess *s, const char *event, const char *game,
    const char *player);

/* Used by the loop, the store thread and congo-server's one-shot commands
 * too. An account's name is valid; lowercased into out (its key). */
bool sess_valid_account(const char *s);
void sess_lower(const char *s, char *out, size_t n);
/* Start-up: the ratings of every rated game asked for, off the event loop
 * (STATE shows them once they are back). */
void sess_ratings_at_start(struct sess *s);
/* Off the event loop (the store thread, with a store handle of its own),
 * before p's commit: the ratings p needs read and worked out, a result's
 * added to its RESULT and its statements; -1 (err) when a result's
 * cannot be read: then p is refused, never stored without them. */
int sess_rate_apply(struct spend *p, const struct store_ops *ops, void *ctx);

#endif
