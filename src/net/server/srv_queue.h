/*
 * srv_queue.h: the job queue between the event loop and one of the store's
 * threads (the reader, srv_reader.c; the writer, srv_writer.c), as Redis's
 * bio.c has. The loop pushes jobs; the thread waits for them, runs them and
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

/* A queue of jobs whose link is at next_off; NULL with err (no eventfd). */
struct srv_queue *srv_queue_new(size_t next_off, char *err, size_t errlen);
#define SRV_QUEUE_NEW(type, err, errlen) \
	srv_queue_new(offsetof(type, next), err, errlen)
/* The loop: a job for the thread. */
void srv_queue_push(struct srv_queue *q, void *job);
/* The thread: up to max jobs, a list in order (the last one's next
 * NULL), waiting for one; NULL once stopped (drain: once stopped and
 * nothing is left to run). The queue is busy until srv_queue_done. */
void *srv_queue_wait(struct srv_queue *q, int max, bool drain);
/* The thread: the list back to the loop (the eventfd made readable); -1
 * when the eventfd cannot be written. */
int srv_queue_done(struct srv_queue *q, void *list);
/* The loop: readable when jobs are back; the jobs back since the last
 * call, a list in order. */
int srv_queue_fd(const struct srv_queue *q);
void *srv_queue_take(struct srv_queue *q);
/* Nothing waiting, running, or back to be taken. */
bool srv_queue_idle(struct srv_queue *q);
/* srv_queue_wait returns NULL from now on (after what is left, with
 * drain). */
void srv_queue_stop(struct srv_queue *q);
/* Once the thread is gone: each job left (waiting or back) to drop, the
 * queue freed. */
void srv_queue_free(struct srv_queue *q, void (*drop)(void *job));

#endif
