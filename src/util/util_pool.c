/*
 * util_pool.c: a fixed set of threads that run one function together
 * (pool.h). A run is a generation: the caller publishes the function and
 * bumps the generation under the lock, each thread runs it once for that
 * generation and counts itself done, the caller waits for the count.
 */

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "util/pool.h"
#include "util/util.h"

struct util_pool {
	pthread_mutex_t lock;
	pthread_cond_t go, done;
	unsigned long gen;
	int n, pending;
	bool quit;
	void (*fn)(void *arg, int id);
	void *arg;
	pthread_t *tid;
	struct pool_seat { struct util_pool *p; int id; } *seat;
};

static void *
pool_thread(void *v)
{
	struct pool_seat *s = v;
	struct util_pool *p = s->p;
	unsigned long seen = 0;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		void (*fn)(void *, int);
		void *arg;

		while (p->gen == seen && !p->quit)
			pthread_cond_wait(&p->go, &p->lock);
		if (p->quit)
			break;
		seen = p->gen;
		fn = p->fn;
		arg = p->arg;
		pthread_mutex_unlock(&p->lock);
		fn(arg, s->id);
		pthread_mutex_lock(&p->lock);
		if (--p->pending == 0)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct util_pool *
util_pool_new(int n)
{
	struct util_pool *p = xcalloc(1, sizeof *p);

	p->n = n < 1 ? 1 : n;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->go, NULL);
	pthread_cond_init(&p->done, NULL);
	p->tid = xcalloc((size_t)p->n, sizeof *p->tid);
	p->seat = xcalloc((size_t)p->n, sizeof *p->seat);
	for (int k = 1; k < p->n; k++) {
		p->seat[k].p = p;
		p->seat[k].id = k;
		if (pthread_create(&p->tid[k], NULL, pool_thread,
		    &p->seat[k]) != 0)
			fatal("cannot start a thread");
	}
	return p;
}

int
util_pool_size(const struct util_pool *p)
{
	return p->n;
}

void
util_pool_run(struct util_pool *p, void (*fn)(void *arg, int id), void *arg)
{
	pthread_mutex_lock(&p->lock);
	p->fn = fn;
	p->arg = arg;
	p->pending = p->n - 1;
	p->gen++;
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->lock);
	fn(arg, 0);
	pthread_mutex_lock(&p->lock);
	while (p->pending > 0)
		pthread_cond_wait(&p->done, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

void
util_pool_free(struct util_pool *p)
{
	if (p == NULL)
		return;
	pthread_mutex_lock(&p->lock);
	p->quit = true;
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->lock);
	for (int k = 1; k < p->n; k++)
		pthread_join(p->tid[k], NULL);
	pthread_cond_destroy(&p->go);
	pthread_cond_destroy(&p->done);
	pthread_mutex_destroy(&p->lock);
	free(p->tid);
	free(p->seat);
	free(p);
}
