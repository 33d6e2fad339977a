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

struct sess;
struct sgame;
struct spend;
struct store_change;

struct sess_feature {
	const char *name;
	/* A change on its way to storage (sess_spend_new): what the feature
	 * adds to it (the ratings a RESULT works out). */
	void (*on_spend)(struct sess *s, struct spend *p);
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
	/* A change was refused (conflict: another server was first). */
	void (*on_refused)(struct sess *s, const struct store_change *ch,
	    bool conflict);
	/* A change dropped: refused, or chained to one refused. */
	void (*on_dropped)(struct sess *s, const struct store_change *ch);
	/* g's last change of a chain applied and answered. */
	void (*on_done)(struct sess *s, struct sgame *g);
};

/* The table: every feature, in the order their hooks run. */
extern const struct sess_feature *const sess_features[];

/* The hooks of every feature, in the table's order. */
void sess_features_spend(struct sess *s, struct spend *p);
void sess_features_stored(struct sess *s, struct spend *p, struct sgame *g);
void sess_features_seated(struct sess *s, struct sgame *g,
    const struct store_change *ch);
void sess_features_applied(struct sess *s, struct sgame *g,
    const struct store_change *ch);
void sess_features_refused(struct sess *s, const struct store_change *ch,
    bool conflict);
void sess_features_dropped(struct sess *s, const struct store_change *ch);
void sess_features_done(struct sess *s, struct sgame *g);

/* The rows (each in its feature's file). */
extern const struct sess_feature sess_feature_rate, sess_feature_rematch,
    sess_feature_seek, sess_feature_notify;

#endif
