/*
 * sess_feature.h: a feature of the session (ratings, seeks, rematch,
 * notices...) as the core sees it: a row of hooks, listed once in
 * sess_features.c's table, which sess_new gives the core. The core
 * (sess_hooks.c) calls each hook of every row in the table's order and
 * names no feature; a hook left NULL is skipped. A feature file includes the core's
 * header and this one, and defines its row.
 */
#ifndef CONGO_NET_SESS_FEATURE_H
#define CONGO_NET_SESS_FEATURE_H

#include <stdbool.h>
#include <stddef.h>

#include "net/proto/proto.h"

struct sess;
struct sgame;
struct spend;
struct store_change;
struct store_ops;
struct cgp_out;
struct cgp_msg;
struct sess_new_game;
struct sread;

struct sess_feature {
	const char *name;
	/* The changes (events, for hides) the feature has something to do
	 * with (SESS_CH_*: any one of them): its on_spend, before_commit,
	 * on_stored, on_applied, on_done and hides are called for those
	 * alone; its turn_body, on_event and state_kv_last for the games
	 * whose what (struct sgame's: rated, days) it wants. 0: every one. */
	unsigned wants;
	/* Its path's hooks do something only when the session tells players
	 * away (io.notify, --notify-command): without it a change's hooks
	 * (struct spend's hooked) leave them out. */
	bool needs_notify;
	/* The games whose STATE its state_kv adds to (their what, struct
	 * sgame's: SESS_CH_RATED, SESS_CH_DAYS; any one); 0: every game. */
	unsigned state_wants;
	/* The verbs the feature answers (ended by CGP_V_UNKNOWN) and its
	 * handler of them (the line's time is s->now). */
	const enum cgp_verb *verbs;
	void (*on_verb)(struct sess *s, int conn, const struct cgp_cmd *c);
	/* The session made, and freed: the feature's own state. */
	void (*on_init)(struct sess *s);
	void (*on_free)(struct sess *s);
	/* A LOGIN's key is right (account name, as registered): what the
	 * feature reads first (0, or SESS_READ_LATER: the line comes again
	 * with the read done); then, once the OK is sent, what it tells. */
	int (*login_read)(struct sess *s, int conn, const char *name);
	void (*on_login)(struct sess *s, int conn);
	/* A connection closed, before its games hear of it. */
	void (*on_conn_closed)(struct sess *s, int conn);
	/* STATE's keys of g that the feature adds. */
	void (*state_kv)(struct sess *s, struct sgame *g, struct cgp_out *o);
	/* The same, after the clock's (the last keys). */
	void (*state_kv_last)(struct sess *s, struct sgame *g,
	    struct cgp_out *o);
	/* A change on its way to storage (sess_spend_new): what the feature
	 * adds to it (the ratings a RESULT works out). */
	void (*on_spend)(struct sess *s, struct spend *p);
	/* Just before the change is committed, on the thread that commits
	 * it (the store thread, or the event loop without one), with that
	 * thread's store handle: what it reads and adds to the change (the
	 * ratings a RESULT works out); -1 refuses the change. */
	int (*before_commit)(struct spend *p, const struct store_ops *ops,
	    void *ctx);
	/* A change stored and read into g (g NULL: not in memory), before
	 * the asker's seat is taken and anyone is told. */
	void (*on_stored)(struct sess *s, struct spend *p, struct sgame *g);
	/* A new game of two seats (ch->both_seats: a seek pairing, a
	 * rematch) taken by g, its events and seats loaded: before the
	 * game's clock and timer follow it. (Not called for other changes.) */
	void (*on_seated)(struct sess *s, struct sgame *g,
	    const struct store_change *ch);
	/* The same, after the clock and timer followed it. */
	void (*on_applied)(struct sess *s, struct sgame *g,
	    const struct store_change *ch);
	/* A game made by a stored change: g (after its expiry is set). */
	void (*on_created)(struct sess *s, struct sgame *g);
	/* A change of the feature's own (no game's: called only for those)
	 * back from storage,
	 * stored or not: true when it is the feature's, which handled it
	 * (the core then frees it). */
	bool (*own_done)(struct sess *s, const struct spend *p);
	/* Whether p was stored nobody knows (the database went away with
	 * its answer): its connection is closed after this. */
	void (*on_unknown)(struct sess *s, const struct spend *p);
	/* A change was refused (conflict: another server was first). */
	void (*on_refused)(struct sess *s, const struct store_change *ch,
	    bool conflict);
	/* A change dropped: refused, or chained to one refused. */
	void (*on_dropped)(struct sess *s, const struct store_change *ch);
	/* g's last change of a chain applied and answered. */
	void (*on_done)(struct sess *s, struct sgame *g);
	/* Another server's event applied to g (a seat taken there, say),
	 * before it is told. */
	void (*on_remote)(struct sess *s, struct sgame *g);
	/* The body of an event that starts a turn in g (a JOINED seating
	 * the second player, a MOVE, an UNDO) on its way to storage: what
	 * the feature adds to it (a correspondence deadline). */
	void (*turn_body)(struct sess *s, const struct sgame *g, char *body,
	    size_t n);
	/* A new game of two seats (a seek pairing, a rematch) on its way to
	 * storage: what the feature adds to its events (keep's bodies). */
	void (*new_game)(struct sess *s, struct store_change *ch,
	    struct sess_new_game *keep);
	/* A stored event of a kind the core does not replay, replayed into
	 * g (start-up, a game read): 1 not the feature's, 0 done, -1 with
	 * *why (what is wrong with it). */
	int (*replay_event)(struct sgame *g, const char *kind,
	    const struct cgp_msg *m, const char **why);
	/* A stored event (any kind) read into g, before it is kept. */
	void (*on_event)(struct sess *s, struct sgame *g, const char *kind,
	    const char *body);
	/* g read into memory after the start (another server's game). */
	void (*on_loaded)(struct sess *s, struct sgame *g);
	/* g's deadline of the feature's (ms, s->now's clock), -1 none. */
	long long (*due)(struct sess *s, const struct sgame *g);
	/* g's timer fired at now: 1 nothing of the feature's was due; else
	 * as sess_end_game's answer (its end on its way). */
	int (*fire)(struct sess *s, struct sgame *g, long long now);
	/* Before g is shown to a connection (REJOIN, OBSERVE, STATE): true
	 * when the command must wait (s->again set) for what the feature
	 * does first (a correspondence game past its deadline ended). */
	bool (*before_show)(struct sess *s, struct sgame *g);
	/* At the feature's own deadline (a retry due, say): when tick_due
	 * says, the loop sleeping until the earliest (the core's timer of
	 * the features, set again after each run; a feature with new work
	 * calls sess_tick_at). Without tick_due, whenever that timer runs;
	 * never every round of the event loop. */
	void (*on_tick)(struct sess *s, long long now_ms);
	/* When on_tick has something to do (ms, s->now's clock), -1 never. */
	long long (*tick_due)(const struct sess *s);
	/* An event of g (kind, body) kept from conn (a SAID of an account
	 * its account blocks); conn -1: might it be kept from anyone? */
	bool (*hides)(struct sess *s, int conn, const struct sgame *g,
	    const char *kind, const char *body);
	/* How long open game g stands before it is cancelled (ms; day:
	 * the server's expiry), -1 as long as any. */
	long long (*open_life)(const struct sess *s, const struct sgame *g,
	    long long day);
	/* A JOIN of g from conn: true after the feature refused it (an
	 * error answered). */
	bool (*join_refused)(struct sess *s, int conn,
	    const struct cgp_cmd *cmd, const struct sgame *g);
	/* A CANCEL of open game g from conn (not only its creator's): true
	 * when the feature answered it. */
	bool (*on_cancel)(struct sess *s, int conn, const struct cgp_cmd *cmd,
	    struct sgame *g);
	/* conn took seat of g again (REJOIN), once told its events. */
	void (*on_rejoin)(struct sess *s, int conn, struct sgame *g, int seat);
	/* Another server's notice (its words w, nw of them): true when
	 * it is the feature's (then no other hears it). */
	bool (*on_notice)(struct sess *s, const char *server, char **w,
	    int nw);
	/* Another server gone; the others want ours told again. */
	void (*on_server_gone)(struct sess *s, const char *server);
	void (*on_tell_all)(struct sess *s);
	/* A game read whole off the event loop (q: SREAD_GAME), on the
	 * reading thread with its store handle: what the feature reads
	 * with it (the players' ratings). */
	void (*on_game_read)(const struct store_ops *ops, void *ctx,
	    struct sread *q);
	/* A word for player (an account with no connection to game):
	 * event "challenge"... (sess_notify's). */
	void (*on_away)(struct sess *s, const char *event, const char *game,
	    const char *player);
	/* Every stored game loaded at start-up (before sess_start). */
	void (*on_load)(struct sess *s);
};

/* What a change is, for the features' wants: the core works it out once
 * a change (sess_spend_new: its spend's what), SESS_CH_OVER as it is done,
 * SESS_CH_SAID of an event kept from someone (hides). */
enum {
	SESS_CH_RATED = 1 << 0,        /* of a rated game, or makes one */
	SESS_CH_END = 1 << 1,          /* brings a RESULT */
	SESS_CH_OPS = 1 << 2,          /* writes of the store's other
					  tables (ops: accounts, ratings,
					  pairings...), or a forget */
	SESS_CH_SEATS = 1 << 3,        /* a new game, a seat, a hold; or a
					  change of no game */
	SESS_CH_OVER = 1 << 4,         /* its game is over (on_done) */
	SESS_CH_SAID = 1 << 5,         /* a SAID event (hides) */
	SESS_CH_DAYS = 1 << 6,         /* of a correspondence game (in
					  memory: not a new game's change) */
	SESS_CH_KINDS = 1 << 7         /* how many combinations */
};

/* The hooks of a change's path (and hides) that some feature wanting a
 * change of what w is has: a bit each in the session's hooked[w], built
 * once (sess_features_init); the core calls a path's hook only when its
 * bit is set (a spend carries its own, hooked), and the hook calls only
 * the features that want it. */
enum {
	SESS_H_SPEND = 1 << 0,
	SESS_H_COMMIT = 1 << 1,
	SESS_H_STORED = 1 << 2,
	SESS_H_APPLIED = 1 << 3,
	SESS_H_DONE = 1 << 4,
	SESS_H_HIDES = 1 << 5,
	SESS_H_TURN_BODY = 1 << 6,
	SESS_H_EVENT = 1 << 7,
	SESS_H_STATE_LAST = 1 << 8
};

/* The hooks of every feature of s's table (sess_new's, sess_features.c),
 * in the table's order (sess_hooks.c). sess_features_init also makes the
 * session's table of the features' verbs (struct sess's verb). */
void sess_features_init(struct sess *s);
void sess_features_free(struct sess *s);
void sess_features_conn_closed(struct sess *s, int conn);
/* 0, or the first hook's other answer (SESS_READ_LATER). */
int sess_features_login_read(struct sess *s, int conn, const char *name);
void sess_features_login(struct sess *s, int conn);
void sess_features_state_kv(struct sess *s, struct sgame *g,
    struct cgp_out *o);
void sess_features_state_kv_last(struct sess *s, struct sgame *g,
    struct cgp_out *o);
void sess_features_created(struct sess *s, struct sgame *g);
bool sess_features_own_done(struct sess *s, const struct spend *p);
void sess_features_unknown(struct sess *s, const struct spend *p);
void sess_features_spend(struct sess *s, struct spend *p);
/* 0, or -1 when a hook refused the change (the hooks after it not
 * called). */
int sess_features_commit(struct spend *p, const struct store_ops *ops,
    void *ctx);
void sess_features_stored(struct sess *s, struct spend *p, struct sgame *g);
void sess_features_seated(struct sess *s, struct sgame *g,
    const struct store_change *ch);
void sess_features_applied(struct sess *s, struct sgame *g,
    const struct store_change *ch, unsigned what);
void sess_features_refused(struct sess *s, const struct store_change *ch,
    bool conflict);
void sess_features_dropped(struct sess *s, const struct store_change *ch);
void sess_features_done(struct sess *s, struct sgame *g, unsigned what);
void sess_features_remote(struct sess *s, struct sgame *g);

void sess_features_turn_body(struct sess *s, const struct sgame *g,
    char *body, size_t n);
void sess_features_new_game(struct sess *s, struct store_change *ch,
    struct sess_new_game *keep);
/* 1 when no feature replays kind; else the first one's answer. */
int sess_features_replay(struct sess *s, struct sgame *g, const char *kind,
    const struct cgp_msg *m, const char **why);
void sess_features_event(struct sess *s, struct sgame *g, const char *kind,
    const char *body);
void sess_features_loaded(struct sess *s, struct sgame *g);
/* The first feature's deadline of g, -1 none. */
long long sess_features_due(struct sess *s, const struct sgame *g);
/* 1 when nothing was due, else the first answer of another. */
int sess_features_fire(struct sess *s, struct sgame *g, long long now);
bool sess_features_before_show(struct sess *s, struct sgame *g);
void sess_features_tick(struct sess *s, long long now_ms);
/* The earliest of the features' tick_due, -1 none. */
long long sess_features_tick_due(const struct sess *s);
/* The first answer other than -1, else day. */
long long sess_features_open_life(const struct sess *s,
    const struct sgame *g, long long day);
/* true when a feature answered. */
bool sess_features_join_refused(struct sess *s, int conn,
    const struct cgp_cmd *cmd, const struct sgame *g);
bool sess_features_cancel(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g);
void sess_features_rejoined(struct sess *s, int conn, struct sgame *g,
    int seat);
void sess_features_notice(struct sess *s, const char *server, char **w,
    int nw);
void sess_features_server_gone(struct sess *s, const char *server);
void sess_features_tell_all(struct sess *s);
void sess_features_game_read(const struct sess_feature *const *t,
    const struct store_ops *ops, void *ctx, struct sread *q);
void sess_features_away(struct sess *s, const char *event,
    const char *game, const char *player);
void sess_features_load(struct sess *s);
bool sess_features_hides(struct sess *s, int conn, const struct sgame *g,
    const char *kind, const char *body);

/* The rows (each in its feature's file). */
extern const struct sess_feature sess_feature_rate, sess_feature_rematch,
    sess_feature_seek, sess_feature_challenge, sess_feature_block,
    sess_feature_forget, sess_feature_notify, sess_feature_takeback,
    sess_feature_corr, sess_feature_tourney, sess_feature_bot,
    sess_feature_spectator;

#endif
