/*
 * pool.h: a fixed set of threads that run one function together, each
 * with its own index, the caller as index 0, and return when all are
 * done (the trainer's batches: util_pool.c). The threads wait between
 * runs; no thread is started per run.
 */
#ifndef CONGO_UTIL_POOL_H
#define CONGO_UTIL_POOL_H

struct util_pool;

/* A pool of n threads in all (n - 1 started; n at least 1). */
struct util_pool *util_pool_new(int n);
int util_pool_size(const struct util_pool *p);
/* fn(arg, id) for every id in 0 .. size - 1 at once, id 0 on the
 * calling thread; returns when all have returned. */
void util_pool_run(struct util_pool *p, void (*fn)(void *arg, int id),
    void *arg);
/* The threads ended and joined. */
void util_pool_free(struct util_pool *p);

#endif
