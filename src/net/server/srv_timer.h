/*
 * srv_timer.h: the event loop's deadlines as one list: a binary min-heap
 * of handles (small integers: a connection's slot), each with one
 * deadline in monotonic ms. Arm, rearm and cancel by handle in O(log n);
 * the earliest in O(1). Memory grows only with the number of handles
 * (srv_timers_reserve), never when a timer is armed or fires. Knows no
 * socket: the loop sleeps until srv_timers_next and takes what is due.
 */
#ifndef CONGO_SRV_TIMER_H
#define CONGO_SRV_TIMER_H

#include <stdbool.h>

struct srv_timers {
	long long *when;      /* a handle's deadline */
	int *pos;             /* a handle's place in heap, -1 unarmed */
	int *heap;            /* handles, earliest first */
	int n;                /* armed */
	int cap;              /* handles 0..cap-1 */
};

/* Room for handles 0..cap-1 (new ones unarmed); never shrinks. */
void srv_timers_reserve(struct srv_timers *t, int cap);
void srv_timers_free(struct srv_timers *t);
/* Arm handle h for when, or move its deadline there if armed. */
void srv_timer_arm(struct srv_timers *t, int h, long long when);
void srv_timer_cancel(struct srv_timers *t, int h);
bool srv_timer_armed(const struct srv_timers *t, int h);
/* The earliest deadline, -1 when none is armed. */
long long srv_timers_next(const struct srv_timers *t);
/* A handle due at now (its deadline <= now), disarmed; -1 when none. */
int srv_timers_due(struct srv_timers *t, long long now);

#endif
