/*
 * srv_reader.c: the reader thread. The event loop hands it the reads its
 * commands need (reader_submit: an account, a game not in memory, LIST,
 * WHOIS, TOP, GAMES); it runs them one after another on a store handle of
 * its own (STORE_QUERY), whose reads may wait for another session's lock,
 * and hands them back through an eventfd the event loop polls. A slow or
 * locked database delays only the commands that read it: PING, STATE of a
 * game in memory and every move go on.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "net/server/srv_int.h"

struct reader {
	const struct store_ops *ops;
	void *ctx;
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct sread *in, **in_tail;     /* waiting to be read */
	struct sread *out, **out_tail;   /* read, for the loop */
	bool stop;
	int efd;
	int delay_ms;                    /* tests: a slow database */
};

static void *
reader_main(void *arg)
{
	struct reader *r = arg;
	struct sread *q;
	uint64_t one = 1;

	pthread_mutex_lock(&r->mu);
	for (;;) {
		while (r->in == NULL && !r->stop)
			pthread_cond_wait(&r->cv, &r->mu);
		if (r->stop)
			break;
		q = r->in;
		r->in = q->next;
		if (r->in == NULL)
			r->in_tail = &r->in;
		q->next = NULL;
		pthread_mutex_unlock(&r->mu);

		if (r->delay_ms > 0)
			usleep((useconds_t)r->delay_ms * 1000);
		sess_read_run(r->ops, r->ctx, q);

		pthread_mutex_lock(&r->mu);
		*r->out_tail = q;
		r->out_tail = &q->next;
		if (write(r->efd, &one, sizeof one) < 0 && errno != EAGAIN)
			break;
	}
	pthread_mutex_unlock(&r->mu);
	return NULL;
}

struct reader *
reader_new(const struct store_ops *ops, void *ctx, char *err, size_t errlen)
{
	struct reader *r = xcalloc(1, sizeof *r);

	r->ops = ops;
	r->ctx = ctx;
#ifdef CONGO_TEST_HOOKS
	/* The tests' slow database: every read takes this much longer (a
	 * test build only: configure --enable-test-hooks). */
	(void)parse_int(getenv("CONGO_TEST_READ_DELAY_MS"), 0, 60000,
	    &r->delay_ms, NULL, 0);
#endif
	r->in_tail = &r->in;
	r->out_tail = &r->out;
	r->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (r->efd < 0) {
		snprintf(err, errlen, "eventfd: %s", strerror(errno));
		free(r);
		return NULL;
	}
	pthread_mutex_init(&r->mu, NULL);
	pthread_cond_init(&r->cv, NULL);
	if (pthread_create(&r->th, NULL, reader_main, r) != 0) {
		snprintf(err, errlen, "cannot start the reader thread");
		pthread_mutex_destroy(&r->mu);
		pthread_cond_destroy(&r->cv);
		close(r->efd);
		free(r);
		return NULL;
	}
	return r;
}

int
reader_fd(const struct reader *r)
{
	return r->efd;
}

void
reader_submit(void *ctx, struct sread *q)
{
	struct srv *sv = ctx;
	struct reader *r = sv->reader;

	q->next = NULL;
	pthread_mutex_lock(&r->mu);
	*r->in_tail = q;
	r->in_tail = &q->next;
	pthread_cond_signal(&r->cv);
	pthread_mutex_unlock(&r->mu);
}

struct sread *
reader_take(struct reader *r)
{
	struct sread *list;
	uint64_t v;

	if (read(r->efd, &v, sizeof v) < 0 && errno != EAGAIN)
		return NULL;
	pthread_mutex_lock(&r->mu);
	list = r->out;
	r->out = NULL;
	r->out_tail = &r->out;
	pthread_mutex_unlock(&r->mu);
	return list;
}

/* Stop the thread (after the read it is running), free what is queued or
 * back, close its store handle. */
void
reader_free(struct reader *r)
{
	struct sread *lists[2], *q, *next;
	int i;

	if (r == NULL)
		return;
	pthread_mutex_lock(&r->mu);
	r->stop = true;
	pthread_cond_signal(&r->cv);
	pthread_mutex_unlock(&r->mu);
	pthread_join(r->th, NULL);
	lists[0] = r->in;
	lists[1] = r->out;
	for (i = 0; i < 2; i++)
		for (q = lists[i]; q != NULL; q = next) {
			next = q->next;
			sess_read_free(q);
		}
	r->ops->close(r->ctx);
	close(r->efd);
	pthread_mutex_destroy(&r->mu);
	pthread_cond_destroy(&r->cv);
	free(r);
}
