/*
 * srv_writer.c: the store thread. The event loop hands it changes
 * (writer_submit); it stores everything that has arrived in one transaction
 * (group commit: what arrives while one commit is in flight goes into the
 * next), then hands the changes back through an eventfd the event loop
 * polls, which applies them and answers. A slow sync delays only the
 * commands waiting for it: the loop never waits for this thread.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/srv_int.h"
#include "net/server/srv_queue.h"

#define BATCH_MAX 1024

struct writer {
	const struct store_ops *ops;
	void *ctx;
	const struct store_ops *qops;    /* its reads (ratings), a handle */
	void *qctx;                      /* of its own (STORE_QUERY) */
};

/* On the thread: up to BATCH_MAX changes in one transaction. */
static void
store_batch(void *arg, void *first)
{
	struct writer *w = arg;
	struct spend *list = first;
	const struct store_change *ch[BATCH_MAX] = { NULL };
	struct spend *p[BATCH_MAX], *q[BATCH_MAX];
	bool ok[BATCH_MAX], conflict[BATCH_MAX], replaced[BATCH_MAX];
	char err[256];
	int n = 0, m = 0, i, rc;

	for (; list != NULL; list = list->next)
		p[n++] = list;

	/* Ratings first, read on this thread's own handle: a result whose
	 * ratings cannot be read is refused, the rest go on. */
	for (i = 0; i < n; i++) {
		p[i]->conflict = p[i]->replaced = p[i]->unknown = false;
		p[i]->failed = (p[i]->hooked & SESS_H_COMMIT) &&
		    sess_features_commit(p[i], w->qops, w->qctx) < 0;
		if (!p[i]->failed) {
			q[m] = p[i];
			ch[m++] = &p[i]->ch;
		}
	}
	err[0] = '\0';
	rc = m > 0 ? w->ops->commit_batch(w->ctx, ch, m, ok, conflict,
	    replaced, err, sizeof err) : 0;
	if (rc < 0)
		for (i = 0; i < m; i++)
			ok[i] = conflict[i] = replaced[i] = false;
	for (i = 0; i < m; i++) {
		q[i]->failed = !ok[i];
		q[i]->unknown = rc == -2;
		q[i]->conflict = conflict[i];
		q[i]->replaced = replaced[i];
		if (!ok[i])
			snprintf(q[i]->err, sizeof q[i]->err, "%s",
			    err[0] != '\0' ? err : "refused");
	}
}

static void
drop_change(void *p)
{
	free(p);
}

/* Once the thread is gone: its handle for reads closed. */
static void
end_writer(void *arg)
{
	struct writer *w = arg;

	if (w->qctx != NULL)
		w->qops->close(w->qctx);
	free(w);
}

struct srv_queue *
writer_start(const struct store_ops *ops, void *ctx,
    const struct store_ops *qops, void *qctx, char *err, size_t errlen)
{
	struct writer *w = xcalloc(1, sizeof *w);
	/* Up to BATCH_MAX changes a transaction; everything queued stored
	 * before it stops. */
	const struct srv_queue_run run = { "store",
	    "CONGO_TEST_COMMIT_DELAY_MS", BATCH_MAX, true,
	    store_batch, drop_change, end_writer, w };
	struct srv_queue *q;

	w->ops = ops;
	w->ctx = ctx;
	w->qops = qops;
	w->qctx = qctx;
	if ((q = SRV_QUEUE_NEW(struct spend, &run, err, errlen)) == NULL)
		free(w);
	return q;
}
