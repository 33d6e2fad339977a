/*
 * ui_worker.c: the AI thinks in its own thread. It never touches curses:
 * it posts its progress and its move through a pipe that the UI's poll()
 * loop watches, and the UI thread stops it (search_stop) and joins it.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "ui/ui_int.h"

/*
 * Until the AI module's search lands, a side played by the AI moves at
 * random, which is enough to play and to watch.
 */
struct ui_search {
	unsigned int seed;
};

void *
ui_search_new(const struct player_conf *pc)
{
	struct ui_search *s = calloc(1, sizeof *s);

	if (s != NULL)
		s->seed = pc->seed ? (unsigned int)pc->seed :
		    (unsigned int)time(NULL) ^ (unsigned int)getpid();
	return s;
}

void
ui_search_free(void *s)
{
	free(s);
}

void
ui_search_clear(void *s)
{
	(void)s;
}

static void
post(struct ui_worker *w, struct ui_msg *m)
{
	const char *p = (const char *)m;
	size_t left = sizeof *m;
	ssize_t n;

	/* Smaller than PIPE_BUF: one write, never interleaved. */
	while (left > 0) {
		n = write(w->wr, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		p += n;
		left -= (size_t)n;
	}
}

static move_t
think_random(struct ui_worker *w)
{
	struct ui_search *s = w->job.search;
	struct movelist ml;
	unsigned int r;

	movegen_legal(&w->job.pos, &ml);
	if (ml.n == 0)
		return MOVE_NONE;
	r = (unsigned int)rand_r(&s->seed);
	return ml.moves[r % (unsigned int)ml.n];
}

static void *
worker_main(void *arg)
{
	struct ui_worker *w = arg;
	struct ui_msg m;

	memset(&m, 0, sizeof m);
	m.kind = MSG_DONE;
	m.job = w->id;
	if (!atomic_load(&w->cancel))
		m.move = think_random(w);
	post(w, &m);
	return NULL;
}

int
ui_worker_init(struct ui_worker *w)
{
	int fd[2];

	memset(w, 0, sizeof *w);
	if (pipe(fd) < 0)
		return -1;
	fcntl(fd[0], F_SETFL, fcntl(fd[0], F_GETFL) | O_NONBLOCK);
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	w->rd = fd[0];
	w->wr = fd[1];
	atomic_init(&w->cancel, false);
	return 0;
}

void
ui_worker_free(struct ui_worker *w)
{
	ui_worker_stop(w);
	close(w->rd);
	close(w->wr);
}

int
ui_worker_start(struct ui_worker *w, const struct ui_job *job)
{
	ui_worker_stop(w);
	w->job = *job;
	w->id++;
	atomic_store(&w->cancel, false);
	if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
		free(w->job.history);
		w->job.history = NULL;
		return -1;
	}
	w->running = true;
	return 0;
}

bool
ui_worker_busy(const struct ui_worker *w)
{
	return w->running;
}

void
ui_worker_stop(struct ui_worker *w)
{
	if (!w->running)
		return;
	atomic_store(&w->cancel, true);
	pthread_join(w->thread, NULL);
	w->running = false;
	w->id++;            /* whatever it posted is stale now */
	free(w->job.history);
	w->job.history = NULL;
}

int
ui_worker_read(struct ui_worker *w, struct ui_msg *m)
{
	ssize_t n;

	for (;;) {
		n = read(w->rd, m, sizeof *m);
		if (n < 0 && errno == EINTR)
			continue;
		if (n != (ssize_t)sizeof *m)
			return 0;
		if (m->job != w->id)
			continue;  /* from a stopped job */
		if (m->kind == MSG_DONE && w->running) {
			pthread_join(w->thread, NULL);
			w->running = false;
			free(w->job.history);
			w->job.history = NULL;
		}
		return 1;
	}
}
