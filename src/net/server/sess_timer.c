/*
 * sess_timer.c: the session's deadlines as one list, as Redis's ae has: a
 * binary heap of timers, soonest first, each embedded in what it is for
 * (struct stimer: its time, its kind, its place). The event loop sleeps
 * until the first (sess_next_timer); sess_tick runs those due
 * (sess_clock_due, by kind): a round with none due asks nothing else. A
 * feature with a deadline adds a timer of its kind instead of a scan. The
 * event loop's connections are timers of this list too (STIMER_CONN): the
 * loop sleeps until the first of all, and one call runs what is due.
 * The heap itself: sess_timer_heap.c.
 */
#include <stdlib.h>

#include "net/server/sess_int.h"

void
sess_set_now(struct sess *s, long long now_ms)
{
	s->now = now_ms;
}

struct stimers *
sess_timers(struct sess *s)
{
	return &s->timers;
}

long long
sess_next_timer(struct sess *s, long long now_ms)
{
	struct stimer *e = stimer_first(&s->timers);

	if (e == NULL)
		return -1;
	return e->when > now_ms ? e->when - now_ms : 0;
}

void
sess_tick(struct sess *s, long long now_ms)
{
	struct stimer *e;

	s->now = now_ms;
	/* The refusals' summary and the features' own work (forgettings,
	 * seeks, tournaments) are timers of the list below, not a call a
	 * round; the stale games' retry runs while one is stale. */
	if (s->stale_any)
		sess_stale_retry(s, now_ms);
	while ((e = stimer_first(&s->timers)) != NULL && e->when <= now_ms) {
		if (e->kind == STIMER_CONN) {
			/* The loop's: out of the list, and its again. */
			stimer_cancel(&s->timers, e);
			if (s->io.timer_due != NULL)
				s->io.timer_due(s->io.ctx, e);
			continue;
		}
		sess_clock_due(s, e, now_ms);
		if (e->pos == 0 && e->when <= now_ms)
			/* Not due after all (a clock still running): later. */
			stimer_set(&s->timers, e, now_ms + 1);
	}
}
