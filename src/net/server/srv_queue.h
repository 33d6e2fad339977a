/*
 * srv_queue.h: one of the store's threads (the reader, srv_reader.c; the
 * writer, srv_writer.c) and its job queue, as Redis's bio.c has. The loop
 * pushes jobs; the thread waits for them, runs them and
 * hands them back; an eventfd the loop polls says some are back; the loop
 * takes them all, in order. A job is any struct with a `next` pointer of
 * its own type (the list is intrusive: nothing is allocated), whose offset
 * the queue is made with; SRV_QUEUE_NEW says it.
 */
#ifndef CONGO_NET_SERVER_SRV_QUEUE_H
#define CONGO_NET_SERVER_SRV_QUEUE_H

#include <stdbool.h>
#include <stddef.h>

struct srv_queue;

/* The thread's work: run(arg, list) with up to max jobs, a list in order
 * (the last one's next NULL); drain: once stopped, what is queued is still
 * run (else only the run under way ends). When the queue is freed, drop
 * each job left, then end(arg). what names the thread in err; in a
 * test build (configure --enable-test-hooks) the environment variable
 * delay_env (NULL: none) makes each run that many ms slower. */
struct srv_queue_run {
	const char *what;
	const char *delay_env;
	int max;
	bool drain;
	void (*run)(void *arg, void *list);
	void (*drop)(void *job);
	void (*end)(void *arg);
	void *arg;
};

/* A queue of jobs whose link is at next_off, and its thread, started; NULL
 * with err (no eventfd, no thread; r->end is not called). */
struct srv_queue *srv_queue_new(size_t next_off, const struct srv_queue_run *r,
    char *err, size_t errlen);
#define SRV_QUEUE_NEW(type, r, err, errlen) \
	srv_queue_new(offsetof(type, next), r, err, errlen)
/* The loop: a job for the thread. */
void srv_queue_push(struct srv_queue *q, void *job);
/* The loop: readable when jobs are back; the jobs back since the last
 * call, a list in order. */
int srv_queue_fd(const struct srv_queue *q);
void *srv_queue_take(struct srv_queue *q);
/* Nothing waiting, running, or back to be taken. */
bool srv_queue_idle(struct srv_queue *q);
/* The runs so far: how many, their jobs, and the median and 99th
 * percentile of their durations in ms (-1 before the first). */
void srv_queue_stats(struct srv_queue *q, long long *runs, long long *jobs,
    int *p50, int *p99);
/* The runs' durations as a cumulative histogram: counts[i] runs took at
 * most bounds[i] ms (nb bounds, ascending), counts[nb] all of them;
 * *sum_ms their total (1 ms resolution). */
void srv_queue_histogram(struct srv_queue *q, const int *bounds, int nb,
    long long *counts, long long *sum_ms);
/* The thread stopped (after its run under way, or with drain what is
 * queued) and joined; each job left (waiting or back) dropped, end(arg),
 * the queue freed. */
void srv_queue_free(struct srv_queue *q);

#endif
