/*
 * server_int.h: the inside of the server (src/net/server), shared with its
 * tests and the web pages (src/web, on the server's loop); other modules
 * use server.h. CGP/1 is net/proto/proto.h, the stores net/store/store.h.
 *
 * 1. The session (sess_*.c): games, seats, turns, events, presence,
 *    observers, limits, seeks, accounts, as functions of (state,
 *    connection, line, time) whose output goes through callbacks. No
 *    sockets: the tests drive it directly.
 * 2. The event loop (srv_*.c): connections, the store thread.
 */
#ifndef CONGO_NET_SERVER_INT_H
#define CONGO_NET_SERVER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/types.h>

#include "util/util.h"

#include "net/proto/proto.h"
#include "net/server/server.h"
#include "net/store/store.h"

/* 1. The session. */
struct game_rules;

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
	/* Ratings, worked out off the event loop before the commit
	 * (sess_rate_apply): a rated result's (rate: its event rev, the
	 * score for white), the seated players' when this change seats one
	 * in a rated game (rstart; rname "" for a seat still empty); what
	 * they are after it (rnow, rknown). */
	bool rate, rstart, rknown;
	int rev;
	double rscore;
	char rname[2][CGP_NAME_MAX + 1];
	char rvariant[CGP_VARIANT_MAX], rspeed[12];
	double rnow[2][2];             /* rating, RD */
	bool conflict;                 /* refused: another server stored that
					  ply or seat first (the line is run
					  again on the game brought up to date) */
	char line[CGP_LINE_MAX + 1];   /* the command, for that */
	size_t linelen;
	char err[256];
	char game[CGP_ID_LEN + 1], start[CGP_FEN_MAX];
	char variant[CGP_VARIANT_MAX], clock[32], rematch_of[CGP_ID_LEN + 1];
	char name[CGP_NAME_MAX + 1], token[80];
	char name2[CGP_NAME_MAX + 1], token2[80];
	char kind[2][16], body[2][400];
	char extra[STORE_EXTRA_MAX][STORE_EXTRA_LEN];
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
	SREAD_NEWER };
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
	/* For nobody's command (sess_read_then): run (SREAD_CALL: reads of
	 * its own on the reader thread's handle), then on the loop; drop
	 * when it never comes back (the server stopping). */
	void (*run)(const struct store_ops *ops, void *ctx, void *arg);
	void (*then)(struct sess *s, struct sread *q, void *arg);
	void (*drop)(void *arg);
	void *arg;
};
/* The answer to q (kind and keys set) for conn's command: at once when it
 * was read for this line already or there is no reader thread (conn < 0
 * too), else NULL after asking the reader thread: the command then stops
 * (nothing done yet) and its line is given again once the answer is
 * here. */
const struct sread *sess_read(struct sess *s, int conn,
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
/* Run q against a store (the reader thread's handle, or the loop's). */
void sess_read_run(const struct store_ops *ops, void *ctx, struct sread *q);
/* A read back from the reader thread: kept for its connection's line
 * (SREAD_GAME: the game put in memory), or freed when that is gone. */
void sess_read_done(struct sess *s, struct sread *q);
/* SREAD_REFRESH (nobody's command: another server's news of a game) back:
 * its seats and events applied and told (sess_pending.c). */
void sess_refresh_done(struct sess *s, struct sread *q);
/* SREAD_NEWER (a command's: sess_store_newer) back: the same, applied
 * before its line runs again. */
void sess_newer_done(struct sess *s, struct sread *q);
/* What the reader thread recorded of a game: how many calls, and one. */
int sess_read_nrec(const struct sread *q);
/* 0 the game, 1 a seat (n, a name, b token), 2 an event (n seq, a kind,
 * b body). */
int sess_read_rec(const struct sread *q, int i, long *n, const char **a,
    const char **b);
/* The reads of a connection's line, once it is done or gone. */
void sess_reads_free(struct sess *s, int conn);
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
};

struct sess_limits {
	int max_connections;       /* in total */
	int max_per_address;       /* per network: an IPv4 /24, an IPv6 /64 */
	int games_per_minute;      /* CREATEs per network per minute */
	int max_observers;         /* per game */
	int max_failed_rejoins;    /* wrong tokens per network and game per
				      minute (the right one always works) */
	int commands_per_second;   /* per connection; 0: no limit */
	long long abandon_ms;      /* CLAIM after this absence; 0: 120 s */
	long long expire_ms;       /* an open game's life; 0: a day */
	long long first_move_ms;   /* a timed game's first moves; 0: 60 s */
	bool rated_same_network;   /* two players of one network may meet
				      in a rated game (a club behind one
				      address); false: 409 SAME_NETWORK */
};

#define SESS_ABANDON_MS 120000LL
#define SESS_EXPIRE_MS 86400000LL
#define SESS_FIRST_MOVE_MS 60000LL

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
/*
 * Everything is loaded: the clocks of active games run again from their
 * stored times (the side to move's from now), open games expire a day
 * (expire_ms) after their creation (wall_ms: the Unix time in ms now),
 * and seats nobody holds count as gone since now.
 */
void sess_start(struct sess *s, long long now_ms, long long wall_ms);

/* Inside the session (sess_core.c, sess_game.c, sess_replay.c). */
#include "clock/clock.h"
#include "engine/game.h"
#include "util/util.h"

struct sev {
	long seq;
	char *text;                    /* "MOVE ply=0 side=white ..." */
};

struct sgame {
	char id[CGP_ID_LEN + 1];
	char start[CGP_FEN_MAX];       /* the start position, wire form */
	struct game g;                 /* moves, positions, result */
	long seq;                      /* stored events so far */
	long long created;
	bool seated[2];
	char name[2][CGP_NAME_MAX + 1];
	char token[2][CGP_HASH_LEN + 1];   /* SHA-256 of the seat tokens */
	int holder[2];                 /* connection holding the seat, or -1 */
	int offer;                     /* colour offering a draw, or -1 */
	int tb_offer;                  /* colour offering a takeback, or -1 */
	char variant[CGP_VARIANT_MAX]; /* "congo", "megapawn" */
	bool timed;                    /* created with clock= */
	bool rated;                    /* its seats are accounts' */
	bool account[2];               /* the seat is an account's (its
					  JOINED said account=1) */
	unsigned rating_have;          /* bit k: seat k's rating/rd read
					  for STATE (once a game, again
					  after its RESULT) */
	bool rating_reading;           /* (sess_rating_kv) */
	double rating[2], rd[2];
	struct game_clock clock;       /* with timed */
	unsigned moved;                /* bit k: side k has made a move in
					  this game (a takeback keeps it;
					  rebuilt from the stored MOVEs) */
	bool over;                     /* finished (by the rules or not) */
	enum game_result result;       /* with over; RESULT_NONE: "-" */
	char reason[24];               /* with over: "time", "resign"... */
	int creator;                   /* the seat its creator took, or -1 */
	unsigned long creator_conn;    /* the creating connection's serial */
	long long gone_since[2];       /* ms: the seat's player left then */
	bool rematch[2];               /* REMATCH sent by that seat */
	char rematch_game[CGP_ID_LEN + 1]; /* the rematch made, "" none */
	bool rematch_refused;          /* its storing failed: REMATCH again
					  makes it (not the offers) */
	/* Its seats' tokens, by the new seat, for telling a player again
	 * while this process runs (storage keeps no token it could tell):
	 * each drawn by the server holding that player when it asks (""
	 * another server's), as a seek's token is; their hashes, ours or
	 * told by the other servers (sess_rematch.c); does this server make
	 * the rematch (its player's REMATCH completed it) once it knows
	 * both? */
	char rematch_tok[2][CGP_TOKEN_LEN + 1];
	char rematch_hash[2][CGP_HASH_LEN + 1];
	bool rematch_maker;
	long long expires;             /* ms: an open game is cancelled then */
	long long first_by;            /* ms: a timed game whose side to move
					  has not moved yet is aborted then
					  (-1: none) */
	int first_ply;                 /* the ply first_by was set for */
	long long retry_at;            /* ms: storing its end failed; again */
	long long deadline;            /* ms: flag or expiry, -1 none */
	int hpos;                      /* its place in the timer heap, -1 */
	struct vec ev;                 /* struct sev, seq i+1 at index i */
	int *obs;                      /* observing connections */
	int nobs, obscap;
	int busy;                      /* changes being stored */
	long long ended_ms;            /* when it ended (or was read, over) */
	long long keep_until;          /* not evicted before (ms): a web page
					  read it and is about to show it */
	bool stale;                    /* another server changed it while busy */
	bool refreshing;               /* a read of its news is on its way */
};

struct sconn {
	bool used, hello, closing;
	char addr[64];
	char net[64];                  /* its network, "10.1.2.0/24" */
	unsigned long serial;          /* never reused, unlike the number */
	long long cmd_win;             /* the second commands are counted in */
	int cmds;
	long long said[5];             /* when the last SAYs were, a ring */
	int nsaid;
	struct sgame **games;          /* games it holds a seat in or observes */
	int ngames, gcap;
	unsigned gen;                  /* which connection of this number */
	int waiting;                   /* its changes being stored */
	char account[CGP_NAME_MAX + 1];    /* logged in as, "" none */
	int paired;                    /* games its seeks were paired into */
	char seek_game[CGP_ID_LEN + 1];    /* the last of them, "" none */
	struct sread *reads;           /* read for the line being run */
	/* A line to run again before its input's next (a command another
	 * server's change beat): its copy. */
	char *held;
	size_t heldlen;
};

struct saddr {                   /* a network (IPv4 /24, IPv6 /64) */
	char addr[64];
	int nconn;
	long long win_start;           /* the current minute */
	int creates;
	long long reg_start;           /* the hour registrations count in */
	int regs;
};

struct sfail {                   /* wrong tokens of a network for a game */
	char net[64];
	char game[CGP_ID_LEN + 1];
	long long win_start;
	int fails;
};

/* The limits refusals are counted by (sess_refusals). */
#define SESS_NLIMITS 9

struct sess {
	struct sess_io io;
	struct sess_limits lim;
	struct game_rules rules;
	char server[64];
	struct sconn *conns;
	int conncap, nconns;
	struct vec addrs;              /* struct saddr */
	struct sgame **games;          /* in creation order */
	int ngames, gamecap;
	int *index;                    /* hash of ids: game number + 1, 0 free */
	int icap;
	long long store_failures;      /* commits refused since the last one kept */
	long long store_errors;        /* commits refused in all */
	long long refused_by[SESS_NLIMITS];    /* refusals by limit */
	long long now;                 /* ms, as of the call under way */
	unsigned long serials;         /* connections opened */
	struct vec fails;              /* struct sfail */
	struct sgame **heap;           /* games with a deadline, soonest first */
	int nheap, heapcap;
	long long refusal_win;         /* ms: the second refusals are summed in */
	int refusals;                  /* refusals in it not logged one by one */
	bool refusal_quiet;            /* the last window was summarised */
	unsigned conn_gen;             /* generations handed out */
	struct vec logins;             /* wrong keys (sess_account.c) */
	bool stale_any;                /* a game another server changed could
					  not be read: again at stale_next */
	long long stale_next;
	struct vec seeks;              /* every server's (sess_seek.c) */
	long long seek_retry_at;       /* ours try again then (0: no) */
	long long seek_created;        /* the newest of ours: wall ms */
	uint32_t salt;                 /* makes connections' owners unique
					  across the servers */
	bool again;                    /* the line must be given again */
	struct sread *loose_read;      /* a read for nobody's line */
	const char *line;              /* the line being run, and its length */
	size_t linelen;
};

void sess_log(struct sess *s, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
struct sgame *sess_find(struct sess *s, const char *id);
/* A game not in memory read from the store (sess_load_*): 1, 0 when it has
 * none, -1 when it cannot be read now, -2 when it does not add up (both
 * logged). */
int sess_fetch(struct sess *s, const char *id);
struct sgame *sess_add_game(struct sess *s, const char *id);
/* A game leaves memory whatever its state (one that could not be read
 * whole); nothing happens when there is none. */
void sess_drop_game(struct sess *s, const char *id);
/* Start-up: a stored game that does not add up is refused (logged with
 * err, dropped from memory, left in the store as it is), and the rest are
 * served: one bad game never stops a start. */
void sess_refuse_game(struct sess *s, const char *id, const char *err);
void sess_free_game(struct sgame *g);
/* The network of an address ("10.1.2.0/24", "2001:db8:0:1::/64"; anything
 * else as it is) into out. */
void sess_net_of(const char *addr, char *out, size_t n);
/* A JOIN of seat in g from conn: true (after answering 409 SAME_NETWORK)
 * when g is rated and its other seat is held here from conn's network,
 * unless the server allows it (sess_limits.rated_same_network). */
bool sess_same_network(struct sess *s, const struct sgame *g, int conn,
    int seat, const char *tag);
/* The counters of a network (net: as sess_net_of gives). */
struct saddr *sess_addr(struct sess *s, const char *net, long long now_ms);
/* Log a refusal: at most one line a second, the rest summed up. */
void sess_refused(struct sess *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The same for a message made elsewhere (the web pages'), counted by its
 * words as sess_refused's by its format's. */
void sess_refused_text(struct sess *s, const char *msg);
/* The refusal summary due at now, if any (sess_tick). */
void sess_refusal_flush(struct sess *s, long long now);
long long sess_refusal_due(const struct sess *s);
/* Per connection: another command within its rate? Another SAY? */
bool sess_cmd_allowed(struct sess *s, struct sconn *c, long long now);
bool sess_say_allowed(struct sconn *c, long long now);
/* Wrong tokens: the counter of a network for a game. */
/* A limit's count with one more (local: this server's own count, with
 * it): with several servers on one store, the larger of that and the
 * count of all of them (store->count, a read of conn's command: or
 * SESS_READ_LATER, see sess_read), as the store's failure to count must
 * not lift a limit. */
int sess_shared_count(struct sess *s, int conn, const char *key, int local);
/* The same in another window: a minute (Unix time / 60), or an hour
 * written -1 - (Unix time / 3600). */
int sess_shared_count_in(struct sess *s, int conn, const char *key,
    int local, long long win);
struct sfail *sess_fails(struct sess *s, const char *net, const char *game,
    long long now);
/* Finish o and queue it for conn. */
void sess_emit(struct sess *s, int conn, struct cgp_out *o);
void sess_err(struct sess *s, int conn, const char *tag, int code,
    const char *text);
/* To every connection in the game but except (-1: none). */
void sess_broadcast(struct sess *s, struct sgame *g, struct cgp_out *o,
    int except);
void sess_state(struct sess *s, struct sgame *g, struct cgp_out *o);
/* The stored events after since, or one STATE when since < 0 or too far. */
void sess_catch_up(struct sess *s, int conn, struct sgame *g, long since);
void sess_member_add(struct sess *s, int conn, struct sgame *g);
void sess_member_check(struct sess *s, int conn, struct sgame *g);
int sess_status(const struct sgame *g);   /* 0 open 1 active 2 finished */
/* Have both sides made a move in g (at some time: a takeback does not
 * undo it)? Before, an end is an abort (PROTOCOL.md "Accounts and
 * ratings"): no result, no rating change. */
bool sess_both_moved(const struct sgame *g);
/* The game ends (by the rules, RESIGN, agreement, time...): the result
 * kept, the clock stopped, the offers and timer gone. */
void sess_finish(struct sess *s, struct sgame *g, enum game_result r,
    const char *reason);
/* "result=1-0 reason=time" into buf. */
void sess_result_body(char *buf, size_t n, enum game_result r,
    const char *reason);
/* Store and announce the end of g: for a command (cmd, from conn) its OK
 * goes first; for a timer, cmd is NULL and conn -1. 0, or -1 when storing
 * failed (then 507 answers the command). */
int sess_end_game(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, enum game_result r, const char *reason);
/* Timers: g's deadline worked out again (after any change). */
void sess_timer_update(struct sess *s, struct sgame *g);
void sess_timer_remove(struct sess *s, struct sgame *g);
/* A stored change was applied to g (new: it made g, for conn): a clock
 * starts for the side to move (the opponent's move is stored now, or both
 * seats are taken), an open game's expiry is set, the timer follows. */
void sess_applied(struct sess *s, struct sgame *g, bool new_game, int conn);
/* The clock keys of STATE / MOVE (remaining ms at s->now). */
void sess_clock_kv(struct sess *s, struct sgame *g, struct cgp_out *o,
    bool control);
const char *sess_status_name(int st);
const char *sess_result_text(enum game_result r);   /* 1-0 0-1 1/2 */
void sess_add_event(struct sgame *g, long seq, const char *kind,
    const char *body);
/* Store a change (ok: its OK line), then apply it and answer (sess_done):
 * at once without io.submit, else once the store has it. */
void sess_submit(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct store_change *ch, struct cgp_out *ok, bool state_to_origin,
    bool quiet);
/* The same in two steps, for a chain of changes (p->then): a change made
 * ready (ok may be NULL: nothing to answer), then submitted. */
struct spend *sess_spend_new(struct sess *s, int conn,
    const struct cgp_cmd *cmd, const struct store_change *ch,
    struct cgp_out *ok, bool state_to_origin, bool quiet);
void sess_spend_submit(struct sess *s, struct spend *p);
/* sess_want_game for a command that writes: NULL and nothing said when a
 * change of the game is being stored (the line is given again later). */
struct sgame *sess_want_game_w(struct sess *s, int conn,
    const struct cgp_cmd *cmd);
/* game=: the game, or NULL after answering 400 or 404. */
struct sgame *sess_want_game(struct sess *s, int conn,
    const struct cgp_cmd *cmd);
long sess_want_since(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *key);
int sess_seat_of(const struct sgame *g, int conn, int want);
void sess_cmd_game(struct sess *s, int conn, const struct cgp_cmd *c,
    long long now_ms);
void sess_cmd_move(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_cmd_end(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_cmd_query(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_cmd_online(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_cmd_takeback(struct sess *s, int conn, const struct cgp_cmd *c);
/* One event of g stored (its OK to cmd's connection first; cmd NULL: a
 * timer's), then applied and told to all (sess_online.c). */
void sess_submit_event(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, const char *kind, const char *body);
/* Accounts (sess_account.c): REGISTER and LOGIN; the account a connection
 * plays as (NULL: none); an account read from the store (1, 0 none, -1
 * logged); names. */
void sess_cmd_account(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_logins_init(struct sess *s);
const char *sess_account(struct sess *s, int conn);
/* The store's accounts (REGISTER, LOGIN, WHOIS...), or NULL after
 * answering 503 when it keeps none. */
const struct store_ops *sess_accounts(struct sess *s, int conn,
    const struct cgp_cmd *cmd);
struct store_account;
int sess_read_account(struct sess *s, int conn, const char *name,
    struct store_account *a);
/* sess_read_account's answer when the read was asked for: the command
 * stops, its line comes again with the answer (sess_read). */
#define SESS_READ_LATER (-9)
bool sess_valid_account(const char *s);
void sess_lower(const char *s, char *out, size_t n);
/* Identity: sess_ident.h. */
/* Rated games (sess_rate.c): a game's speed ("blitz"); a player's rating
 * in a category (1, 0 new: the start values, -1 unreadable); STATE's
 * rating keys; a RESULT's ratings added to a change on its way. */
struct rating;
struct spend;
const char *sess_speed(const struct sgame *g);
/* The ratings of g's seated players that its STATE lacks (a seat taken on
 * another server, a read that failed), read off the event loop: one read a
 * game at a time; the next STATE has them. */
void sess_rating_ask(struct sess *s, struct sgame *g);
int sess_player_rating(struct sess *s, const char *name, const char *variant,
    const char *speed, struct rating *out, int *games);
/* The same from a store handle of any thread: 1, 0 new (the start
 * values), -1 with err. */
int sess_rating_read(const struct store_ops *ops, void *ctx, const char *name,
    const char *variant, const char *speed, struct rating *out, int *games,
    char *err, size_t errlen);
/* Start-up: the ratings of every rated game read (STATE shows them). */
void sess_ratings_at_start(struct sess *s);
void sess_rating_kv(struct sess *s, struct sgame *g, struct cgp_out *o);
void sess_rate_spend(struct sess *s, struct spend *p);
/* Off the event loop (the store thread, with a store handle of its own),
 * before p's commit: the ratings p needs read and worked out, a result's
 * added to its RESULT and its statements; -1 (err) when a result's
 * cannot be read: then p is refused, never stored without them. */
int sess_rate_apply(struct spend *p, const struct store_ops *ops, void *ctx);
/* p stored and applied to g: the ratings it worked out are g's. */
void sess_rate_known(struct sess *s, struct spend *p, struct sgame *g);
/* Seeks (sess_seek.c): SEEK, UNSEEK, SEEKS; a game made for two seeks
 * stored (its seekers seated and told) or refused (conflict: another
 * server paired one first); a connection gone; another server's seek
 * notice; ours told again (another server asked); a server gone. */
void sess_seeks_init(struct sess *s);
void sess_cmd_seek(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_seek_paired(struct sess *s, struct sgame *g,
    const char *const *ids);
void sess_seek_unpaired(struct sess *s, const char *const *ids,
    bool conflict);
void sess_seek_closed(struct sess *s, int conn);
void sess_seek_remote(struct sess *s, const char *server, const char *text);
void sess_seek_tell_all(struct sess *s);
void sess_seek_server_gone(struct sess *s, const char *server);
/* Our seeks try pairing again when a failed store's pause is over
 * (sess_tick); when that is due, -1 never. */
void sess_seek_tick(struct sess *s, long long now_ms);
long long sess_seek_due(const struct sess *s);
/* WHOIS, TOP, GAMES, RECORD (sess_query_acct.c). */
void sess_cmd_players(struct sess *s, int conn, const struct cgp_cmd *c);
/* The record of g as congo writes it (free it), NULL if it cannot be. */
char *sess_record_text(struct sess *s, struct sgame *g);
/* key= of the last RESULT event of g into out ("" when none). */
void sess_result_key(const struct sgame *g, const char *key, char *out,
    size_t n);
/* Every seek known (this server's and the others'), to fn. */
typedef void (*sess_seek_fn)(void *arg, const char *name, int rating,
    const char *variant, const char *clock, bool rated, const char *colour);
void sess_seeks_each(struct sess *s, sess_seek_fn fn, void *arg);
/* The refusals so far by limit: names and counts, SESS_NLIMITS. */
int sess_refusals(const struct sess *s, const char **names,
    long long *counts);
/* A stored TAKEBACK or UNDO replayed into g; -1 when it does not fit. */
int sess_replay_takeback(struct sgame *g, const char *kind,
    const struct cgp_msg *m);
/* A player back in a finished game gets its seat in the rematch made. */
/* The rematch ng of game old_id is stored: its players are seated and
 * told (REMATCHED); or it was refused, and REMATCH may try again. */
void sess_rematch_made(struct sess *s, struct sgame *ng, const char *old_id);
void sess_rematch_refused(struct sess *s, const char *old_id);
void sess_rematch_rejoined(struct sess *s, int conn, struct sgame *g,
    int seat);
/* Across servers: sess_rematch.h. */
struct sconn *sess_conn(struct sess *s, int conn);
/* The session's functions for the stores (sess_store.c; store_bind). */
extern const struct store_up sess_store_up;

/* 2. The event loop (srv_loop.c, srv_conn.c, srv_writer.c). */
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
	/* CGP/1 over TLS (srv_tls.c), else tls is NULL: the certificate it
	 * was accepted with, its handshake under way until hs_by; a read
	 * that waits to write, a write that waits to read; input libtls may
	 * hold that epoll cannot see. */
	struct tls *tls;
	struct srv_tls *tctx;
	bool hs, tls_rd_out, tls_wr_in, tls_more;
	long long hs_by;
};

struct srv {
	struct srv_opts o;
	struct sess *sess;
	const struct store_ops *ops;   /* SQLite or PostgreSQL */
	void *store;
	struct writer *writer;    /* the store thread */
	struct reader *reader;    /* the reader thread */
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
	int epfd;                 /* every descriptor the loop waits on */
	bool listening;           /* the listeners are in epfd */
	struct web *web;          /* the web pages (--http), or NULL */
	struct web *webs;         /* and over TLS (--https), or NULL */
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

/* The reader thread (srv_reader.c): the store's reads for commands. */
struct reader;
/* ops and ctx: a handle of the store of its own (STORE_QUERY), which the
 * reader closes when freed. */
struct reader *reader_new(const struct store_ops *ops, void *ctx, char *err,
    size_t errlen);
/* Readable when reads are back. */
int reader_fd(const struct reader *r);
/* io.read_submit: ctx is the struct srv. */
void reader_submit(void *ctx, struct sread *q);
/* The reads done since the last call, in order. */
struct sread *reader_take(struct reader *r);
void reader_free(struct reader *r);

/* The store thread (srv_writer.c). */
struct writer;
/* ops and ctx: the store it commits to; qops and qctx: a handle of its
 * own for its reads (STORE_QUERY), closed when it is freed. */
struct writer *writer_new(const struct store_ops *ops, void *ctx,
    const struct store_ops *qops, void *qctx, char *err, size_t errlen);
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
