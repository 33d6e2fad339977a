/*
 * sess_timer.h: the server's deadlines, one list (sess_timer.c, a
 * min-heap): game clocks, seeks, the refusals' summary, the features'
 * ticks, and the event loop's connections (their PING or close: the loop
 * puts them in the session's list, sess_timers). Each timer is embedded
 * in what it is for.
 */
#ifndef CONGO_NET_SERVER_SESS_TIMER_H
#define CONGO_NET_SERVER_SESS_TIMER_H

/* A timer's kind says what runs when it is due (sess_tick). */
enum stimer_kind {
	STIMER_GAME,                   /* a game's flag, first move, expiry
					  (struct sgame's) */
	STIMER_SEEKS,                  /* our seeks pair again */
	STIMER_REFUSALS,               /* the summary of refused requests */
	STIMER_FEATURES,               /* a feature's on_tick (sess_tick_at) */
	STIMER_CONN                    /* the loop's: a connection's deadline
					  (io.timer_due) */
};
struct stimer {
	long long when;                /* ms, -1 when not set */
	enum stimer_kind kind;
	int pos;                       /* its place in the list, -1 none */
};
struct stimers {
	struct stimer **heap;          /* soonest first */
	int n, cap;
};
/* A timer of kind k in no list: struct stimer t = STIMER_INIT(k), or
 * t = (struct stimer)STIMER_INIT(k) (as util.h's VEC_INIT). */
#define STIMER_INIT(k) { -1, (k), -1 }
/* e due at when (added, or moved when it was set). */
void stimer_set(struct stimers *t, struct stimer *e, long long when);
void stimer_cancel(struct stimers *t, struct stimer *e);
/* e was moved in memory (the array it is in grew): the list follows. */
void stimer_moved(struct stimers *t, struct stimer *e);
/* The soonest, NULL when none is set. */
struct stimer *stimer_first(const struct stimers *t);
void stimers_free(struct stimers *t);
/* What runs when timer e of s is due at now_ms (by its kind: a game's
 * flag or expiry, the features' ticks, the refusals' summary;
 * sess_clock.c). sess_tick (sess_timer.c) calls it for each due. */
struct sess;
void sess_clock_due(struct sess *s, struct stimer *e, long long now_ms);
#endif
