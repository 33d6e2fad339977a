/*
 * srv_writer.c: the store thread. The event loop hands it changes
 * (writer_submit); it stores everything that has arrived in one transaction
 * (group commit: what arrives while one commit is in flight goes into the
 * next), then hands the changes back through an eventfd the event loop
 * polls, which applies them and answers. A slow sync delays only the
 * commands waiting for it: the loop never waits for this thread.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "net/server/srv_int.h"

#define BATCH_MAX 1024
#define HIST_MS 1000

struct writer {
	const struct store_ops *ops;
	void *ctx;
	const struct store_ops *qops;    /* its reads (ratings), a handle */
	void *qctx;                      /* of its own (STORE_QUERY) */
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct spend *in, **in_tail;     /* waiting for the next commit */
	struct spend *out, **out_tail;   /* stored or refused, for the loop */
	bool storing;                    /* a commit in flight */
	bool stop;
	int efd;
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

static void *
writer_main(void *arg)
{
	struct writer *w = arg;
	struct spend *list, *last;
	uint64_t one = 1;
	int n;

	pthread_mutex_lock(&w->mu);
	for (;;) {
		while (w->in == NULL && !w->stop)
			pthread_cond_wait(&w->cv, &w->mu);
		if (w->in == NULL)
			break;
		/* Take up to BATCH_MAX of what is there. */
		list = w->in;
		for (last = list, n = 1; last->next != NULL && n < BATCH_MAX;
		    n++)
			last = last->next;
		w->in = last->next;
		if (w->in == NULL)
			w->in_tail = &w->in;
		last->next = NULL;
		w->storing = true;
		pthread_mutex_unlock(&w->mu);

		store_batch(w, list);

		pthread_mutex_lock(&w->mu);
		w->storing = false;
		*w->out_tail = list;
		w->out_tail = &last->next;
		if (write(w->efd, &one, sizeof one) < 0 && errno != EAGAIN)
			break;
	}
	pthread_mutex_unlock(&w->mu);
	return NULL;
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
	w->in_tail = &w->in;
	w->out_tail = &w->out;
	w->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (w->efd < 0) {
		snprintf(err, errlen, "eventfd: %s", strerror(errno));
		free(w);
		return NULL;
	}
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->cv, NULL);
	if (pthread_create(&w->th, NULL, writer_main, w) != 0) {
		snprintf(err, errlen, "cannot start the store thread");
		close(w->efd);
		free(w);
		return NULL;
	}
	return w;
}

int
writer_fd(const struct writer *w)
{
	return w->efd;
}

void
writer_submit(void *ctx, struct spend *p)
{
	struct srv *sv = ctx;
	struct writer *w = sv->writer;

	p->next = NULL;
	pthread_mutex_lock(&w->mu);
	*w->in_tail = p;
	w->in_tail = &p->next;
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
}

struct spend *
writer_take(struct writer *w)
{
	struct spend *list;
	uint64_t v;

	if (read(w->efd, &v, sizeof v) < 0 && errno != EAGAIN)
		return NULL;
	pthread_mutex_lock(&w->mu);
	list = w->out;
	w->out = NULL;
	w->out_tail = &w->out;
	pthread_mutex_unlock(&w->mu);
	return list;
}

bool
writer_idle(struct writer *w)
{
	bool idle;

	pthread_mutex_lock(&w->mu);
	idle = w->in == NULL && w->out == NULL && !w->storing;
	pthread_mutex_unlock(&w->mu);
	return idle;
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
	struct spend *p, *next;

	if (w == NULL)
		return;
	pthread_mutex_lock(&w->mu);
	w->stop = true;
	pthread_cond_signal(&w->cv);
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->th, NULL);
	for (p = w->out; p != NULL; p = next) {
		next = p->next;
		free(p);
	}
	close(w->efd);
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->cv);
	if (w->qctx != NULL)
		w->qops->close(w->qctx);
	free(w);
}
