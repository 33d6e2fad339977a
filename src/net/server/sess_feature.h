/*
 * sess_feature.h: a feature of the session (ratings, seeks, rematch,
 * notices...) as the core sees it: a row of hooks, listed once in
 * sess_features.c's table. The core (sess_pending.c: a change stored and
 * applied) calls each hook of every row in the table's order and names no
 * feature; a hook left NULL is skipped. A feature file includes the core's
 * header and this one, and defines its row.
 */
#ifndef CONGO_NET_SESS_FEATURE_H
#define CONGO_NET_SESS_FEATURE_H

#include <stdbool.h>

#include "net/proto/proto.h"

struct sess;
struct sgame;
struct spend;
struct store_change;
struct store_ops;
struct cgp_out;

struct sess_feature {
	const char *name;
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
	/* The change taken by g (its events and seats loaded): before the
	 * game's clock and timer follow it. */
	void (*on_seated)(struct sess *s, struct sgame *g,
	    const struct store_change *ch);
	/* The same, after the clock and timer followed it. */
	void (*on_applied)(struct sess *s, struct sgame *g,
	    const struct store_change *ch);
	/* A game made by a stored change: g (after its expiry is set). */
	void (*on_created)(struct sess *s, struct sgame *g);
	/* A change of the feature's own (no game's) back from storage,
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
};

/* The table: every feature, in the order their hooks run. */
extern const struct sess_feature *const sess_features[];

/* The hooks of every feature, in the table's order. The handler of
 * verb v (NULL: no feature's). */
void (*sess_features_verb(enum cgp_verb v))(struct sess *, int,
    const struct cgp_cmd *);
void sess_features_init(struct sess *s);
void sess_features_free(struct sess *s);
void sess_features_conn_closed(struct sess *s, int conn);
/* 0, or the first hook's other answer (SESS_READ_LATER). */
int sess_features_login_read(struct sess *s, int conn, const char *name);
void sess_features_login(struct sess *s, int conn);
void sess_features_state_kv(struct sess *s, struct sgame *g,
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
    const struct store_change *ch);
void sess_features_refused(struct sess *s, const struct store_change *ch,
    bool conflict);
void sess_features_dropped(struct sess *s, const struct store_change *ch);
void sess_features_done(struct sess *s, struct sgame *g);
void sess_features_remote(struct sess *s, struct sgame *g);

/* The rows (each in its feature's file). */
extern const struct sess_feature sess_feature_rate, sess_feature_rematch,
    sess_feature_seek, sess_feature_challenge, sess_feature_block,
    sess_feature_forget, sess_feature_notify;

#endif
