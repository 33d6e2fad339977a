/*
 * sess_int.h: the inside of the session (sess_*.c): its games, connections
 * and networks, and the calls its files make to one another. Its tests
 * that look inside include it too; the event loop uses sess.h.
 */
#ifndef CONGO_NET_SERVER_SESS_INT_H
#define CONGO_NET_SERVER_SESS_INT_H

#include "clock/clock.h"
#include "engine/game.h"
#include "util/util.h"

#include "net/server/sess.h"
#include "net/server/sess_feature.h"

/* The session's deadlines, one list: sess_timer.h. */
#include "net/server/sess_timer.h"

/* A feature's on_tick has work at when (ms, s->now's clock): sess_tick
 * runs the features' on_tick then (those whose tick_due has come), and
 * after each such run at their earliest tick_due again; a feature tells
 * when its work is new, the core polls nobody every round. */
struct sess;
void sess_tick_at(struct sess *s, long long when);

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
	/* Its taking as the store has it (STORE_TAKING_LEN): a REJOIN's on a
	 * store several servers share, "" for any other, "-" for a REJOIN's
	 * the store did not take (its changes are not checked). */
	char taking[2][STORE_TAKING_LEN + 1];
	int offer;                     /* colour offering a draw, or -1 */
	int tb_offer;                  /* colour offering a takeback, or -1 */
	char variant[CGP_VARIANT_MAX]; /* "congo", "megapawn" */
	bool timed;                    /* created with clock= */
	int days;                      /* created with days= (a
					  correspondence game), else 0 */
	long long deadline;            /* with days: the side to move's
					  deadline, Unix ms (0: none yet),
					  from the last stored event that
					  said deadline= */
	bool rated;                    /* its seats are accounts' */
	unsigned what;                 /* SESS_CH_RATED, SESS_CH_DAYS: for
					  the features' wants of its turn
					  bodies, events and STATE */
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
	char challenged[CGP_NAME_MAX + 1]; /* a challenge: the account its
					  other seat is for (its creator's
					  JOINED says for=), "" none */
	long long first_by;            /* ms: a timed game whose side to move
					  has not moved yet is aborted then
					  (-1: none) */
	int first_ply;                 /* the ply first_by was set for */
	long long retry_at;            /* ms: storing its end failed; again */
	struct stimer timer;           /* flag or expiry (STIMER_GAME) */
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
	bool bot;                      /* and that account a bot's (issue 59) */
	int paired;                    /* games its seeks were paired into */
	char seek_game[CGP_ID_LEN + 1];    /* the last of them, "" none */
	struct sread *reads;           /* read for the line being run */
	/* A line to run again before its input's next (a command another
	 * server's change beat): its copy. */
	char *held;
	size_t heldlen;
	/* A REJOIN's taking stored (rejoin_take, sess_game.c): the seat
	 * its line, run again, takes; game "" none. */
	char took_game[CGP_ID_LEN + 1];
	int took_seat;
	char took[STORE_TAKING_LEN + 1];
	/* The accounts its account blocks (read at LOGIN, sess_block.c). */
	char (*blocks)[CGP_NAME_MAX + 1];
	int nblocks;
};

struct saddr {                   /* a network (IPv4 /24, IPv6 /64) */
	char addr[64];
	int nconn;
	long long win_start;           /* the current minute */
	int creates;
	long long reg_start;           /* the hour registrations count in */
	int regs;
};

struct sforget {                 /* a change to undo (sess_forget.c) */
	struct store_op op;            /* the write that undoes it */
	char what[CGP_LINE_MAX + 1];   /* its command's line, for the log */
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
	struct stimers timers;         /* every deadline, soonest first */
	struct stimer refusal_timer;   /* sess_refusal_due's */
	struct stimer seek_timer;      /* sess_seek_due's */
	struct stimer feature_timer;   /* the features' earliest tick_due */
	long long refusal_win;         /* ms: the second refusals are summed in */
	int refusals;                  /* refusals in it not logged one by one */
	bool refusal_quiet;            /* the last window was summarised */
	unsigned conn_gen;             /* generations handed out */
	struct vec logins;             /* wrong keys (sess_account.c) */
	char (*bot_names)[CGP_NAME_MAX + 1];   /* bots seen (sess_bot.c) */
	int nbot_names;
	struct sess_bot_tally *bot_tally;      /* challenges to bots, the
						  hour's (sess_bot.c) */
	int nbot_tally;
	bool stale_any;                /* a game another server changed could
					  not be read: again at stale_next */
	long long stale_next;
	struct vec seeks;              /* every server's (sess_seek.c) */
	long long seek_retry_at;       /* ours try again then (0: no) */
	long long seek_created;        /* the newest of ours: wall ms */
	long long wall_base;           /* Unix ms - s->now (sess_wall) */
	bool wall_known;               /* wall_base set (sess_start, or the
					  first sess_wall) */
	uint32_t salt;                 /* makes connections' owners unique
					  across the servers */
	bool again;                    /* the line must be given again */
	struct sread *loose_read;      /* a read for nobody's line */
	/* The reads the line being run asked for (its connection's), handed
	 * to the reader thread together as it ends: one answer, one run of
	 * the line again (sess_read_flush). */
	struct sread *line_reads;
	struct vec notified;           /* the last minute's notices
					  (sess_notify.c) */
	struct vec forget;             /* struct sforget (sess_forget.c) */
	long long forget_next;         /* ms: the next try */
	bool forget_busy;              /* one on its way to the store */
	/* Its features (sess_feature.h), ended by NULL: the table of
	 * sess_features.c, whose hooks the core calls (sess_hooks.c). */
	const struct sess_feature *const *features;
	unsigned hooked[SESS_CH_KINDS];   /* SESS_H_* a change of what wants */
	unsigned hooked_quiet[SESS_CH_KINDS];  /* those, io.notify NULL */
	/* The features' verbs: the handler of each (the first feature's
	 * of the table that answers it), built once (sess_features_init). */
	void (*verb[CGP_NVERBS])(struct sess *, int, const struct cgp_cmd *);
	struct tstate *tourn;          /* tournaments (sess_tourney.c) */
	const char *line;              /* the line being run, and its length */
	size_t linelen;
};

/* A session of the features given (sess_new gives the table's). */
struct sess_feature;
struct sess *sess_new_with(const struct sess_io *io,
    const struct sess_limits *lim, const struct game_rules *rules,
    const char *server_name, const struct sess_feature *const *features);

/* The core's calls (emit, submit, find, want): sess_core.h. */
#include "net/server/sess_core.h"

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
/* Close conn once what was queued for it is sent (nothing more is read
 * from it). */
void sess_ask_close(struct sess *s, int conn);
/* Log a refusal: at most one line a second, the rest summed up. */
void sess_refused(struct sess *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The same for a message made elsewhere (the web pages'), counted by its
 * words as sess_refused's by its format's. */
void sess_refused_text(struct sess *s, const char *msg);
/* The refusal summary due at now, if any (sess_tick). */
void sess_refusal_flush(struct sess *s, long long now);
long long sess_refusal_due(const struct sess *s);
/* Per connection: another SAY? (a command within its rate: sess_core.c) */
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
/* A stored change was applied to g (new: it made g, for conn; st: its
 * sess_status): a clock starts for the side to move (the opponent's move
 * stored now, or both seats taken), an expiry is set, the timer follows. */
void sess_applied(struct sess *s, struct sgame *g, bool new_game, int conn,
    int st);
/* The clock keys of STATE / MOVE (remaining ms at s->now). */
void sess_clock_kv(struct sess *s, struct sgame *g, struct cgp_out *o,
    bool control);
/* The OK of a command that writes one event of g (at seq). */
void sess_ok_line(struct cgp_out *o, const struct cgp_cmd *cmd,
    const struct sgame *g, long seq);
/* A verb's handler (sess_core.c's table gives each its own): the line's
 * time is s->now. */
typedef void sess_verb_fn(struct sess *s, int conn, const struct cgp_cmd *c);
sess_verb_fn sess_cmd_game;
void sess_cmd_move(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_cmd_end(struct sess *s, int conn, const struct cgp_cmd *c);
/* STATE, LIST, HISTORY (sess_query.c). */
sess_verb_fn sess_cmd_state, sess_cmd_list, sess_cmd_history;
void sess_cmd_online(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_cmd_takeback(struct sess *s, int conn, const struct cgp_cmd *c);
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
/* The same from a store handle of any thread: 1, 0 new (the start
 * values), -1 with err. */
int sess_rating_read(const struct store_ops *ops, void *ctx, const char *name,
    const char *variant, const char *speed, struct rating *out, int *games,
    char *err, size_t errlen);
void sess_rating_kv(struct sess *s, struct sgame *g, struct cgp_out *o);
void sess_rate_spend(struct sess *s, struct spend *p);
/* p stored and applied to g: the ratings it worked out are g's. */
void sess_rate_known(struct sess *s, struct spend *p, struct sgame *g);
/* Another server's seek notice, to the seek feature (sess_store.c). */
void sess_seek_remote(struct sess *s, const char *server, const char *text);
/* WHOIS, TOP, GAMES, RECORD (sess_query_acct.c); a Unix time as
 * "2026-01-02T03:04:05Z". */
void sess_iso8601(long long t, char *buf, size_t n);
sess_verb_fn sess_cmd_whois, sess_cmd_top, sess_cmd_games, sess_cmd_record;
/* The record of g as congo writes it (free it), NULL if it cannot be. */
char *sess_record_text(struct sess *s, struct sgame *g);
/* key= of the last RESULT event of g into out ("" when none). */
void sess_result_key(const struct sgame *g, const char *key, char *out,
    size_t n);
/* The refusals so far by limit: names and counts, SESS_NLIMITS. */
int sess_refusals(const struct sess *s, const char **names,
    long long *counts);
/* Across servers: sess_rematch.h. */
/* A timed game read into memory after the start (another server's, or
 * one back in memory): the side to move's clock runs from its stored
 * time, from now, and flags here (sess_start's rule for a restart). g may
 * be NULL or any game. */
void sess_clock_loaded(struct sess *s, struct sgame *g);
/* CREATE, or a CHALLENGE of account ch_to with the challenger in seat
 * ch_seat (sess_game.c). */
void sess_create(struct sess *s, int conn, const struct cgp_cmd *cmd,
    long long now_ms, const char *ch_to, int ch_seat);
/* An open game's life (ms): the server's expiry, or a feature's
 * (sess_clock.c). */
long long sess_open_life(const struct sess *s, const struct sgame *g);
/* Blocks (sess_block.c): BLOCK, UNBLOCK, BLOCKS; does conn's account
 * block name; the blocks of account name read (how many into *out, valid
 * for the line; SESS_READ_LATER; -1); a LOGIN's (0 or SESS_READ_LATER).
 * An event of g told to all but those a feature keeps it from (a SAID,
 * those who block its sayer: sess_core.c, the hides hook). */
#define SESS_BLOCKS_MAX 100
void sess_cmd_block(struct sess *s, int conn, const struct cgp_cmd *c);
bool sess_blocked(struct sess *s, int conn, const char *name);
int sess_block_read(struct sess *s, int conn, const char *name,
    char (**out)[CGP_NAME_MAX + 1]);
int sess_block_login(struct sess *s, int conn, const char *name);
void sess_broadcast_event(struct sess *s, struct sgame *g, struct cgp_out *o,
    const char *kind, const char *body);
/* The session's functions for the stores (sess_store.c; store_bind). */
extern const struct store_up sess_store_up;

#endif
