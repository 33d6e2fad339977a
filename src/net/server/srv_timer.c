/*
 * srv_timer.c: the loop's deadlines, a binary min-heap of handles
 * (srv_timer.h). Nothing here allocates but srv_timers_reserve.
 */
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "net/server/srv_timer.h"

static void
place(struct srv_timers *t, int i, int h)
{
	t->heap[i] = h;
	t->pos[h] = i;
}

static void
sift_up(struct srv_timers *t, int i)
{
	int h = t->heap[i];

	while (i > 0 && t->when[h] < t->when[t->heap[(i - 1) / 2]]) {
		place(t, i, t->heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	place(t, i, h);
}

static void
sift_down(struct srv_timers *t, int i)
{
	int h = t->heap[i], k;

	for (;;) {
		k = 2 * i + 1;
		if (k >= t->n)
			break;
		if (k + 1 < t->n && t->when[t->heap[k + 1]] <
		    t->when[t->heap[k]])
			k++;
		if (!(t->when[t->heap[k]] < t->when[h]))
			break;
		place(t, i, t->heap[k]);
		i = k;
	}
	place(t, i, h);
}

void
srv_timers_reserve(struct srv_timers *t, int cap)
{
	int i;

	if (cap <= t->cap)
		return;
	t->when = xrealloc(t->when, sizeof *t->when * (size_t)cap);
	t->pos = xrealloc(t->pos, sizeof *t->pos * (size_t)cap);
	t->heap = xrealloc(t->heap, sizeof *t->heap * (size_t)cap);
	for (i = t->cap; i < cap; i++) {
		t->when[i] = -1;
		t->pos[i] = -1;
	}
	t->cap = cap;
}

void
srv_timers_free(struct srv_timers *t)
{
	free(t->when);
	free(t->pos);
	free(t->heap);
	memset(t, 0, sizeof *t);
}

void
srv_timer_arm(struct srv_timers *t, int h, long long when)
{
	if (h < 0 || h >= t->cap)
		return;
	t->when[h] = when;
	if (t->pos[h] < 0)
		place(t, t->n++, h);
	sift_up(t, t->pos[h]);
	sift_down(t, t->pos[h]);
}

void
srv_timer_cancel(struct srv_timers *t, int h)
{
	int i, last;

	if (h < 0 || h >= t->cap || (i = t->pos[h]) < 0)
		return;
	t->pos[h] = -1;
	t->when[h] = -1;
	if (--t->n == i)
		return;
	last = t->heap[t->n];
	place(t, i, last);
	sift_up(t, i);
	sift_down(t, t->pos[last]);
}

bool
srv_timer_armed(const struct srv_timers *t, int h)
{
	return h >= 0 && h < t->cap && t->pos[h] >= 0;
}

long long
srv_timers_next(const struct srv_timers *t)
{
	return t->n > 0 ? t->when[t->heap[0]] : -1;
}

int
srv_timers_due(struct srv_timers *t, long long now)
{
	int h;

	if (t->n == 0 || t->when[t->heap[0]] > now)
		return -1;
	h = t->heap[0];
	srv_timer_cancel(t, h);
	return h;
}
