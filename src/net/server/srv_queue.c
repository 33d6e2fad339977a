/*
 * srv_queue.c: the job queue between the event loop and a store thread
 * (srv_queue.h), and that thread: two intrusive lists under one mutex, a
 * condition variable the thread waits on, an eventfd the loop polls, and
 * the runs' counts and durations under the same mutex.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "net/server/srv_queue.h"
#include "util/util.h"

#define HIST_MS 1000

struct srv_queue {
	size_t next_off;               /* of a job's link */
	struct srv_queue_run r;        /* the thread's work */
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	void *in, *in_last;            /* waiting for the thread */
	void *out, *out_last;          /* back, for the loop */
	bool busy;                     /* the thread runs some */
	bool stop;
	int efd;
	int delay_ms;                  /* tests: each run this much slower */
	long long runs, jobs;          /* runs so far, the jobs in them */
	long long hist[HIST_MS + 1];   /* runs by duration, 1 ms steps */
};

static void **
link_of(const struct srv_queue *q, void *job)
{
	return (void **)(void *)((char *)job + q->next_off);
}

void
srv_queue_push(struct srv_queue *q, void *job)
{
	*link_of(q, job) = NULL;
	pthread_mutex_lock(&q->mu);
	if (q->in == NULL)
		q->in = job;
	else
		*link_of(q, q->in_last) = job;
	q->in_last = job;
	pthread_cond_signal(&q->cv);
	pthread_mutex_unlock(&q->mu);
}

/* Up to q->max jobs, a list in order (the last one's next NULL), waiting
 * for one; NULL once stopped (with drain: once stopped and nothing is left
 * to run). The queue is busy until done. */
static void *
wait_jobs(struct srv_queue *q)
{
	void *list = NULL, *last;
	int n;

	pthread_mutex_lock(&q->mu);
	while (q->in == NULL && !q->stop)
		pthread_cond_wait(&q->cv, &q->mu);
	if (q->in != NULL && (!q->stop || q->r.drain)) {
		list = q->in;
		for (last = list, n = 1; *link_of(q, last) != NULL &&
		    n < q->r.max; n++)
			last = *link_of(q, last);
		q->in = *link_of(q, last);
		if (q->in == NULL)
			q->in_last = NULL;
		*link_of(q, last) = NULL;
		q->busy = true;
	}
	pthread_mutex_unlock(&q->mu);
	return list;
}

/* The list back to the loop (the eventfd made readable); -1 when the
 * eventfd cannot be written. */
static int
done_jobs(struct srv_queue *q, void *list)
{
	uint64_t one = 1;
	void *last;
	int rc = 0;

	pthread_mutex_lock(&q->mu);
	q->busy = false;
	if (list != NULL) {
		for (last = list; *link_of(q, last) != NULL;)
			last = *link_of(q, last);
		if (q->out == NULL)
			q->out = list;
		else
			*link_of(q, q->out_last) = list;
		q->out_last = last;
		if (write(q->efd, &one, sizeof one) < 0 && errno != EAGAIN)
			rc = -1;
	}
	pthread_mutex_unlock(&q->mu);
	return rc;
}

static void *
queue_main(void *arg)
{
	struct srv_queue *q = arg;
	void *list, *job;
	long long t0, ms, n;

	while ((list = wait_jobs(q)) != NULL) {
		for (n = 0, job = list; job != NULL; job = *link_of(q, job))
			n++;
		t0 = util_now_ms();
		if (q->delay_ms > 0)
			usleep((useconds_t)q->delay_ms * 1000);
		q->r.run(q->r.arg, list);
		ms = util_now_ms() - t0;
		pthread_mutex_lock(&q->mu);
		q->runs++;
		q->jobs += n;
		q->hist[ms < HIST_MS ? ms : HIST_MS]++;
		pthread_mutex_unlock(&q->mu);
		if (done_jobs(q, list) < 0)
			break;
	}
	return NULL;
}

struct srv_queue *
srv_queue_new(size_t next_off, const struct srv_queue_run *r, char *err,
    size_t errlen)
{
	struct srv_queue *q = xcalloc(1, sizeof *q);

	q->next_off = next_off;
	q->r = *r;
#ifdef CONGO_TEST_HOOKS
	/* The tests' slow database (a test build only: configure
	 * --enable-test-hooks). */
	if (r->delay_env != NULL)
		(void)parse_int(getenv(r->delay_env), 0, 60000, &q->delay_ms,
		    NULL, 0);
#endif
	q->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (q->efd < 0) {
		snprintf(err, errlen, "eventfd: %s", strerror(errno));
		free(q);
		return NULL;
	}
	pthread_mutex_init(&q->mu, NULL);
	pthread_cond_init(&q->cv, NULL);
	if (pthread_create(&q->th, NULL, queue_main, q) != 0) {
		snprintf(err, errlen, "cannot start the %s thread", r->what);
		close(q->efd);
		pthread_mutex_destroy(&q->mu);
		pthread_cond_destroy(&q->cv);
		free(q);
		return NULL;
	}
	return q;
}

int
srv_queue_fd(const struct srv_queue *q)
{
	return q->efd;
}

void *
srv_queue_take(struct srv_queue *q)
{
	void *list;
	uint64_t v;

	if (read(q->efd, &v, sizeof v) < 0 && errno != EAGAIN)
		return NULL;
	pthread_mutex_lock(&q->mu);
	list = q->out;
	q->out = q->out_last = NULL;
	pthread_mutex_unlock(&q->mu);
	return list;
}

bool
srv_queue_idle(struct srv_queue *q)
{
	bool idle;

	pthread_mutex_lock(&q->mu);
	idle = q->in == NULL && q->out == NULL && !q->busy;
	pthread_mutex_unlock(&q->mu);
	return idle;
}

void
srv_queue_stats(struct srv_queue *q, long long *runs, long long *jobs,
    int *p50, int *p99)
{
	long long seen = 0;
	int i;

	pthread_mutex_lock(&q->mu);
	*runs = q->runs;
	*jobs = q->jobs;
	*p50 = *p99 = -1;
	for (i = 0; i <= HIST_MS; i++) {
		seen += q->hist[i];
		if (*p50 < 0 && seen * 2 >= q->runs && q->runs > 0)
			*p50 = i;
		if (*p99 < 0 && seen * 100 >= q->runs * 99 && q->runs > 0)
			*p99 = i;
	}
	pthread_mutex_unlock(&q->mu);
}

void
srv_queue_histogram(struct srv_queue *q, const int *bounds, int nb,
    long long *counts, long long *sum_ms)
{
	long long seen = 0;
	int i, k = 0;

	pthread_mutex_lock(&q->mu);
	*sum_ms = 0;
	for (i = 0; i <= HIST_MS; i++) {
		while (k < nb && bounds[k] < i)
			counts[k++] = seen;
		seen += q->hist[i];
		*sum_ms += (long long)i * q->hist[i];
	}
	while (k < nb)
		counts[k++] = seen;
	counts[nb] = seen;
	pthread_mutex_unlock(&q->mu);
}

void
srv_queue_free(struct srv_queue *q)
{
	void *lists[2], *job, *next;
	int i;

	if (q == NULL)
		return;
	pthread_mutex_lock(&q->mu);
	q->stop = true;
	pthread_cond_signal(&q->cv);
	pthread_mutex_unlock(&q->mu);
	pthread_join(q->th, NULL);
	lists[0] = q->in;
	lists[1] = q->out;
	for (i = 0; i < 2; i++)
		for (job = lists[i]; job != NULL; job = next) {
			next = *link_of(q, job);
			q->r.drop(job);
		}
	q->r.end(q->r.arg);
	close(q->efd);
	pthread_mutex_destroy(&q->mu);
	pthread_cond_destroy(&q->cv);
	free(q);
}
