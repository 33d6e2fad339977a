/*
 * srv_reader.c: the reader thread. The event loop hands it the reads its
 * commands need (reader_submit: an account, a game not in memory, LIST,
 * WHOIS, TOP, GAMES); it runs them one after another on a store handle of
 * its own (STORE_QUERY), whose reads may wait for another session's lock,
 * and hands them back through an eventfd the event loop polls. A slow or
 * locked database delays only the commands that read it: PING, STATE of a
 * game in memory and every move go on.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "net/server/srv_int.h"
#include "net/server/srv_queue.h"

struct reader {
	const struct store_ops *ops;
	void *ctx;
	pthread_t th;
	struct srv_queue *q;             /* its jobs: struct sread */
	int delay_ms;                    /* tests: a slow database */
};

static void *
reader_main(void *arg)
{
	struct reader *r = arg;
	struct sread *q;

	while ((q = srv_queue_wait(r->q, 1, false)) != NULL) {
		if (r->delay_ms > 0)
			usleep((useconds_t)r->delay_ms * 1000);
		sess_read_run(r->ops, r->ctx, q);
		if (srv_queue_done(r->q, q) < 0)
			break;
	}
	return NULL;
}

static void
drop_read(void *q)
{
	sess_read_free(q);
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
	r->q = SRV_QUEUE_NEW(struct sread, err, errlen);
	if (r->q == NULL) {
		free(r);
		return NULL;
	}
	if (pthread_create(&r->th, NULL, reader_main, r) != 0) {
		snprintf(err, errlen, "cannot start the reader thread");
		srv_queue_free(r->q, drop_read);
		free(r);
		return NULL;
	}
	return r;
}

int
reader_fd(const struct reader *r)
{
	return srv_queue_fd(r->q);
}

void
reader_submit(void *ctx, struct sread *q)
{
	struct srv *sv = ctx;

	srv_queue_push(sv->reader->q, q);
}

struct sread *
reader_take(struct reader *r)
{
	return srv_queue_take(r->q);
}

/* Stop the thread (after the read it is running), free what is queued or
 * back, close its store handle. */
void
reader_free(struct reader *r)
{
	if (r == NULL)
		return;
	srv_queue_stop(r->q);
	pthread_join(r->th, NULL);
	srv_queue_free(r->q, drop_read);
	r->ops->close(r->ctx);
	free(r);
}
