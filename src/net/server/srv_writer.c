/*
 * srv_writer.c: the store thread. The event loop hands it changes
 * (writer_submit); it stores everything that has arrived in one transaction
 * (group commit: what arrives while one commit is in flight goes into the
 * next), then hands the changes back through an eventfd the event loop
 * polls, which applies them and answers. A slow sync delays only the
 * commands waiting for it: the loop never waits for this thread.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "net/server/srv_int.h"
#include "net/server/srv_queue.h"

#define BATCH_MAX 1024
#define HIST_MS 1000

struct writer {
	const struct store_ops *ops;
	void *ctx;
	const struct store_ops *qops;    /* its reads (ratings), a handle */
	void *qctx;                      /* of its own (STORE_QUERY) */
	pthread_t th;
	struct srv_queue *q;             /* its jobs: struct spend */
	pthread_mutex_t mu;              /* the counts: */
	int delay_ms;                    /* tests: a slow disk */
	long long commits, changes;      /* transactions, changes in them */
	long long hist[HIST_MS + 1];     /* commits by duration, 1 ms steps */
};

static void
store_batch(struct writer *w, struct spend *list)
{
	const struct store_change *ch[BATCH_MAX] = { NULL };
	struct spend *p[BATCH_MAX], *q[BATCH_MAX];
	bool ok[BATCH_MAX], conflict[BATCH_MAX];
	char err[256];
	int n = 0, m = 0, i;

	for (; list != NULL; list = list->next)
		p[n++] = list;
	long long t0 = util_now_ms(), ms;

	/* Ratings first, read on this thread's own handle: a result whose
	 * ratings cannot be read is refused, the rest go on. */
	for (i = 0; i < n; i++) {
		p[i]->conflict = false;
		p[i]->failed = sess_rate_apply(p[i], w->qops, w->qctx) < 0;
		if (!p[i]->failed) {
			q[m] = p[i];
			ch[m++] = &p[i]->ch;
		}
	}
	err[0] = '\0';
	if (w->delay_ms > 0)
		usleep((useconds_t)w->delay_ms * 1000);
	if (m > 0 && w->ops->commit_batch(w->ctx, ch, m, ok, conflict, err,
	    sizeof err) < 0)
		for (i = 0; i < m; i++)
			ok[i] = conflict[i] = false;
	for (i = 0; i < m; i++) {
		q[i]->failed = !ok[i];
		q[i]->conflict = conflict[i];
		if (!ok[i])
			snprintf(q[i]->err, sizeof q[i]->err, "%s",
			    err[0] != '\0' ? err : "refused");
	}
	ms = util_now_ms() - t0;
	pthread_mutex_lock(&w->mu);
	w->commits++;
	w->changes += n;
	w->hist[ms < HIST_MS ? ms : HIST_MS]++;
	pthread_mutex_unlock(&w->mu);
}

/* Up to BATCH_MAX of what is there at a time, everything queued stored
 * before it stops. */
static void *
writer_main(void *arg)
{
	struct writer *w = arg;
	struct spend *list;

	while ((list = srv_queue_wait(w->q, BATCH_MAX, true)) != NULL) {
		store_batch(w, list);
		if (srv_queue_done(w->q, list) < 0)
			break;
	}
	return NULL;
}

static void
drop_change(void *p)
{
	free(p);
}

struct writer *
writer_new(const struct store_ops *ops, void *ctx,
    const struct store_ops *qops, void *qctx, char *err, size_t errlen)
{
	struct writer *w = xcalloc(1, sizeof *w);

	w->ops = ops;
	w->ctx = ctx;
	w->qops = qops;
	w->qctx = qctx;
#ifdef CONGO_TEST_HOOKS
	/* The tests' slow disk: every commit takes this much longer
	 * (a test build only: configure --enable-test-hooks). */
	(void)parse_int(getenv("CONGO_TEST_COMMIT_DELAY_MS"), 0, 60000,
	    &w->delay_ms, NULL, 0);
#endif
	w->q = SRV_QUEUE_NEW(struct spend, err, errlen);
	if (w->q == NULL) {
		free(w);
		return NULL;
	}
	pthread_mutex_init(&w->mu, NULL);
	if (pthread_create(&w->th, NULL, writer_main, w) != 0) {
		snprintf(err, errlen, "cannot start the store thread");
		srv_queue_free(w->q, drop_change);
		pthread_mutex_destroy(&w->mu);
		free(w);
		return NULL;
	}
	return w;
}

int
writer_fd(const struct writer *w)
{
	return srv_queue_fd(w->q);
}

void
writer_submit(void *ctx, struct spend *p)
{
	struct srv *sv = ctx;

	srv_queue_push(sv->writer->q, p);
}

struct spend *
writer_take(struct writer *w)
{
	return srv_queue_take(w->q);
}

bool
writer_idle(struct writer *w)
{
	return srv_queue_idle(w->q);
}

/* The commits so far: how many, their changes, and the median and 99th
 * percentile of their durations in ms. */
void
writer_stats(struct writer *w, long long *commits, long long *changes,
    int *p50, int *p99)
{
	long long seen = 0;
	int i;

	pthread_mutex_lock(&w->mu);
	*commits = w->commits;
	*changes = w->changes;
	*p50 = *p99 = -1;
	for (i = 0; i <= HIST_MS; i++) {
		seen += w->hist[i];
		if (*p50 < 0 && seen * 2 >= w->commits && w->commits > 0)
			*p50 = i;
		if (*p99 < 0 && seen * 100 >= w->commits * 99 &&
		    w->commits > 0)
			*p99 = i;
	}
	pthread_mutex_unlock(&w->mu);
}

/* The commits' durations as a cumulative histogram: counts[i] commits took
 * at most bounds[i] ms (nb bounds, ascending), counts[nb] all of them;
 * *sum_ms their total (1 ms resolution). */
void
writer_histogram(struct writer *w, const int *bounds, int nb,
    long long *counts, long long *sum_ms)
{
	long long seen = 0;
	int i, k = 0;

	pthread_mutex_lock(&w->mu);
	*sum_ms = 0;
	for (i = 0; i <= HIST_MS; i++) {
		while (k < nb && bounds[k] < i)
			counts[k++] = seen;
		seen += w->hist[i];
		*sum_ms += (long long)i * w->hist[i];
	}
	while (k < nb)
		counts[k++] = seen;
	counts[nb] = seen;
	pthread_mutex_unlock(&w->mu);
}

/* Store what is queued, stop the thread; what it hands back is freed. */
void
writer_free(struct writer *w)
{
	if (w == NULL)
		return;
	srv_queue_stop(w->q);
	pthread_join(w->th, NULL);
	srv_queue_free(w->q, drop_change);
	pthread_mutex_destroy(&w->mu);
	if (w->qctx != NULL)
		w->qops->close(w->qctx);
	free(w);
}
