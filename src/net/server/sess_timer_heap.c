/*
 * sess_timer_heap.c: the list of sess_timer.h as a binary min-heap of
 * pointers to timers embedded in what they are for, each knowing its
 * place (stimer.pos): set, move and cancel in O(log n), the soonest in
 * O(1). Memory grows only when a timer joins the list. Knows no session
 * (tests/test_sess_timer.c links it alone).
 */
#include <stdlib.h>

#include "net/server/sess_timer.h"
#include "util/util.h"

static void
place(struct stimers *t, int i, struct stimer *e)
{
	t->heap[i] = e;
	e->pos = i;
}

static void
sift_up(struct stimers *t, int i)
{
	struct stimer *e = t->heap[i];

	while (i > 0 && e->when < t->heap[(i - 1) / 2]->when) {
		place(t, i, t->heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	place(t, i, e);
}

static void
sift_down(struct stimers *t, int i)
{
	struct stimer *e = t->heap[i];
	int k;

	for (;;) {
		k = 2 * i + 1;
		if (k >= t->n)
			break;
		if (k + 1 < t->n && t->heap[k + 1]->when < t->heap[k]->when)
			k++;
		if (!(t->heap[k]->when < e->when))
			break;
		place(t, i, t->heap[k]);
		i = k;
	}
	place(t, i, e);
}

void
stimer_set(struct stimers *t, struct stimer *e, long long when)
{
	e->when = when;
	if (e->pos < 0) {
		t->heap = xgrow(t->heap, t->n, &t->cap, 64, sizeof *t->heap);
		e->pos = t->n++;
		t->heap[e->pos] = e;
	}
	sift_up(t, e->pos);
	sift_down(t, e->pos);
}

void
stimer_cancel(struct stimers *t, struct stimer *e)
{
	struct stimer *last;
	int i = e->pos;

	e->when = -1;
	if (i < 0)
		return;
	e->pos = -1;
	if (--t->n == i)
		return;
	last = t->heap[t->n];
	place(t, i, last);
	sift_up(t, i);
	sift_down(t, last->pos);
}

void
stimer_moved(struct stimers *t, struct stimer *e)
{
	if (e->pos >= 0)
		t->heap[e->pos] = e;
}

struct stimer *
stimer_first(const struct stimers *t)
{
	return t->n > 0 ? t->heap[0] : NULL;
}

void
stimers_free(struct stimers *t)
{
	free(t->heap);
	t->heap = NULL;
	t->n = t->cap = 0;
}
