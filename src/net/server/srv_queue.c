/*
 * srv_queue.c: the job queue between the event loop and a store thread
 * (srv_queue.h): two intrusive lists under one mutex, a condition variable
 * the thread waits on, an eventfd the loop polls.
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

struct srv_queue {
	size_t next_off;               /* of a job's link */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	void *in, *in_last;            /* waiting for the thread */
	void *out, *out_last;          /* back, for the loop */
	bool busy;                     /* the thread runs some */
	bool stop;
	int efd;
};

static void **
link_of(const struct srv_queue *q, void *job)
{
	return (void **)(void *)((char *)job + q->next_off);
}

struct srv_queue *
srv_queue_new(size_t next_off, char *err, size_t errlen)
{
	struct srv_queue *q = xcalloc(1, sizeof *q);

	q->next_off = next_off;
	q->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (q->efd < 0) {
		snprintf(err, errlen, "eventfd: %s", strerror(errno));
		free(q);
		return NULL;
	}
	pthread_mutex_init(&q->mu, NULL);
	pthread_cond_init(&q->cv, NULL);
	return q;
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

void *
srv_queue_wait(struct srv_queue *q, int max, bool drain)
{
	void *list = NULL, *last;
	int n;

	pthread_mutex_lock(&q->mu);
	while (q->in == NULL && !q->stop)
		pthread_cond_wait(&q->cv, &q->mu);
	if (q->in != NULL && (!q->stop || drain)) {
		list = q->in;
		for (last = list, n = 1; *link_of(q, last) != NULL && n < max;
		    n++)
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

int
srv_queue_done(struct srv_queue *q, void *list)
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
srv_queue_stop(struct srv_queue *q)
{
	pthread_mutex_lock(&q->mu);
	q->stop = true;
	pthread_cond_signal(&q->cv);
	pthread_mutex_unlock(&q->mu);
}

void
srv_queue_free(struct srv_queue *q, void (*drop)(void *job))
{
	void *lists[2], *job, *next;
	int i;

	if (q == NULL)
		return;
	lists[0] = q->in;
	lists[1] = q->out;
	for (i = 0; i < 2; i++)
		for (job = lists[i]; job != NULL; job = next) {
			next = *link_of(q, job);
			drop(job);
		}
	close(q->efd);
	pthread_mutex_destroy(&q->mu);
	pthread_cond_destroy(&q->cv);
	free(q);
}
