/*
 * srv_reader.c: the reader thread. The event loop hands it the reads its
 * commands need (reader_submit: an account, a game not in memory, LIST,
 * WHOIS, TOP, GAMES); it runs them one after another on a store handle of
 * its own (STORE_QUERY), whose reads may wait for another session's lock,
 * and hands them back through an eventfd the event loop polls. A slow or
 * locked database delays only the commands that read it: PING, STATE of a
 * game in memory and every move go on.
 */
#include <stdlib.h>

#include "net/server/srv_int.h"
#include "net/server/srv_queue.h"

struct reader {
	const struct store_ops *ops;
	void *ctx;
};

/* On the thread: one job, a read and the others of its line (batch). */
static void
run_read(void *arg, void *q)
{
	struct reader *r = arg;

	sess_read_run(r->ops, r->ctx, q);
}

static void
drop_read(void *q)
{
	sess_read_free(q);
}

/* Once the thread is gone: its store handle closed. */
static void
end_reader(void *arg)
{
	struct reader *r = arg;

	r->ops->close(r->ctx);
	free(r);
}

struct srv_queue *
reader_start(const struct store_ops *ops, void *ctx, char *err,
    size_t errlen)
{
	struct reader *r = xcalloc(1, sizeof *r);
	/* One job a run (a read, or the reads of a line: sess_read_flush);
	 * stopping, the reads waiting are dropped. */
	const struct srv_queue_run run = { "reader",
	    "CONGO_TEST_READ_DELAY_MS", 1, false, run_read,
	    drop_read, end_reader, r };
	struct srv_queue *q;

	r->ops = ops;
	r->ctx = ctx;
	if ((q = SRV_QUEUE_NEW(struct sread, &run, err, errlen)) == NULL)
		free(r);
	return q;
}
