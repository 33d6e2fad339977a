/*
 * session_worker.c: the AI thinks in its own thread. It never touches
 * curses: it posts its progress and its move through a pipe that the UI's
 * poll() loop watches, and the UI thread stops it (search_stop) and joins
 * it. Both ends of the pipe are non-blocking: while the UI thread joins,
 * it reads nothing, and a worker blocked on a full pipe would never end.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/movegen.h"
#include "ai/search.h"
#include "engine/notation.h"
#include "session/session.h"
#include "session/session_player.h"
#include "util/i18n.h"
#include "util/util.h"

/* One message is one write(2) on the pipe: atomic only up to PIPE_BUF. */
_Static_assert(sizeof(struct session_job_msg) <= PIPE_BUF,
    "a worker's message must fit in PIPE_BUF");

static void
options_of(const struct player_conf *pc, struct search_options *o)
{
	enum search_algorithm alg;

	search_options_default(o);
	if (search_algorithm_parse(pc->algorithm, &alg) == 0)
		o->algorithm = alg;
	if (pc->hash_mb > 0)
		o->hash_mb = pc->hash_mb;
	if (pc->threads > 0)
		o->threads = pc->threads;
	o->level = pc->level;
	o->seed = pc->seed ? pc->seed :
	    (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
}

void *
session_search_new(const struct player_conf *pc)
{
	struct search_options o;

	options_of(pc, &o);
	return search_new(&o);
}

void
session_search_free(void *s)
{
	if (s != NULL)
		search_free(s);
}

void
session_search_clear(void *s)
{
	if (s != NULL)
		search_clear(s);
}

/*
 * Smaller than PIPE_BUF: one write, all or nothing, never interleaved.
 * A full pipe drops progress; the final message waits for room, but only
 * until the job is cancelled (the UI then joins and reads no more).
 */
static void
post(struct session_worker *w, struct session_job_msg *m)
{
	struct pollfd pfd;
	ssize_t n;

	for (;;) {
		n = write(w->wr, m, sizeof *m);
		if (n == (ssize_t)sizeof *m)
			return;
		if (n < 0 && errno == EINTR)
			continue;
		if (n >= 0 || errno != EAGAIN || m->kind != MSG_DONE ||
		    atomic_load(&w->cancel))
			return;
		pfd.fd = w->wr;
		pfd.events = POLLOUT;
		(void)poll(&pfd, 1, 20);
	}
}

/* The score as the mover sees it ("+0.35", "wins in 3"), or, for
 * analysis, from White's side as lichess writes it ("-0.35"; "#3" White
 * takes the lion on its 3rd move, "#-3" Black does); a value of the
 * endgame tables says so ("wins the lion in 3 (tablebase)", "#-3
 * (tablebase)", "draw (tablebase)"). */
static void
score_text(const struct search_info *info, const struct session_job *j,
    char *buf, size_t n)
{
	bool white = j->kind == JOB_ANALYSIS;
	int sign = white && j->pos.side == BLACK ? -1 : 1;
	const char *tb = info->tablebase ? _(" (tablebase)") : "";

	if (info->depth == 0)
		buf[0] = '\0';
	else if (white && info->kind != SEARCH_SCORE_CP)
		snprintf(buf, n, "#%s%d%s", (info->kind == SEARCH_SCORE_WIN) ==
		    (sign > 0) ? "" : "-", info->score, tb);
	else if (info->kind == SEARCH_SCORE_WIN)
		snprintf(buf, n, "%s %d%s", info->tablebase ?
		    _("wins the lion in") : _("wins in"), info->score, tb);
	else if (info->kind == SEARCH_SCORE_LOSS)
		snprintf(buf, n, "%s %d%s", info->tablebase ?
		    _("loses the lion in") : _("loses in"), info->score, tb);
	else if (info->tablebase)
		snprintf(buf, n, _("draw (tablebase)"));
	else
		snprintf(buf, n, "%+.2f", sign * info->score / 100.0);
}

static void
info_to_msg(const struct search_info *info, const struct session_job *j,
    struct session_job_msg *m)
{
	size_t len = 0;
	int i;

	m->depth = info->depth;
	m->multipv = info->multipv;
	m->nlines = info->nlines;
	m->nodes = info->nodes;
	m->nps = info->nps;
	m->time_ms = info->time_ms;
	score_text(info, j, m->score, sizeof m->score);
	for (i = 0; i < info->npv && len + MOVE_TEXT_MAX + 1 < sizeof m->pv;
	    i++) {
		char mv[MOVE_TEXT_MAX];
		notation_write(info->pv[i], mv, sizeof mv);
		len += (size_t)snprintf(m->pv + len, sizeof m->pv - len, "%s%s",
		    i ? " " : "", mv);
	}
}

/* Called from the search, in the worker thread: progress to the UI. */
static void
on_info(const struct search_info *info, void *user)
{
	struct session_worker *w = user;
	struct session_job_msg m;

	if (atomic_load(&w->cancel))
		return;
	memset(&m, 0, sizeof m);
	m.kind = MSG_INFO;
	m.job = w->id;
	info_to_msg(info, &w->job, &m);
	m.move = info->npv > 0 ? info->pv[0] : MOVE_NONE;
	post(w, &m);
}

/* Rough piece values in pawns, for the guard's accounting only (the
 * search has its own). */
static const int rough_value[NPIECE_TYPES] = {
	[LION] = 100, [ZEBRA] = 5, [ELEPHANT] = 5, [GIRAFFE] = 6,
	[CROCODILE] = 8, [MONKEY] = 4, [PAWN] = 2, [SUPERPAWN] = 3,
	[MEGAPAWN] = 9,
};

/* Does m lose material to drowning: the mover's pieces drowned at the
 * end of its move worth more than what it took? */
static bool
drowns_own(const struct board *pos, move_t m, struct board *after)
{
	struct move_effects fx;
	int i, net = 0;

	*after = *pos;
	memset(&fx, 0, sizeof fx);
	board_make(after, m, &fx);
	if (fx.ndrowned == 0 || fx.lion_captured)
		return false;
	for (i = 0; i < fx.ndrowned; i++)
		net += rough_value[PIECE_TYPE(fx.drowned_piece[i])];
	for (i = 0; i < fx.ncaptured; i++)
		net -= rough_value[PIECE_TYPE(fx.captured_piece[i])];
	return net > 0;
}

/*
 * The advisor never suggests a move that loses a piece to drowning (issue
 * 25 item 14: its advice left a monkey in the river, where it drowned):
 * when the search's move does, the best of the moves that do not, each
 * searched shallowly from the opponent's side; the search's move when all
 * do. The AI players are not changed.
 */
static move_t
advice_guard(struct session_worker *w, move_t m)
{
	struct session_job *j = &w->job;
	struct movelist *ml;
	struct board after, *hist;
	struct search_limits lim;
	struct search_info info;
	move_t best = MOVE_NONE;
	int i, score, best_score = 0;

	if (m == MOVE_NONE || !drowns_own(&j->pos, m, &after))
		return m;
	ml = xmalloc(sizeof *ml);
	movegen_legal(&j->pos, ml);
	hist = xmalloc(sizeof *hist * ((size_t)j->nhistory + 1));
	if (j->nhistory > 0)
		memcpy(hist, j->history, sizeof *hist * (size_t)j->nhistory);
	hist[j->nhistory] = j->pos;
	search_limits_default(&lim);
	lim.depth = 3;
	lim.movetime_ms = 50;
	for (i = 0; i < ml->n && !atomic_load(&w->cancel); i++) {
		if (drowns_own(&j->pos, ml->moves[i], &after))
			continue;
		if (search_best_move(j->search, &after, hist, j->nhistory + 1,
		    &j->rules, &lim, NULL, NULL) == MOVE_NONE)
			score = 0;      /* over: the lion taken, or a draw */
		else {
			memset(&info, 0, sizeof info);
			search_last_info(j->search, &info);
			score = -info.raw_score;
		}
		if (board_lion_sq(&after, !j->pos.side) < 0)
			score = 1000000;
		if (best == MOVE_NONE || score > best_score) {
			best = ml->moves[i];
			best_score = score;
		}
	}
	free(hist);
	free(ml);
	return best != MOVE_NONE ? best : m;
}

void
session_worker_post(struct session_worker *w, struct session_job_msg *m)
{
	post(w, m);
}

static void *
worker_main(void *arg)
{
	struct session_worker *w = arg;
	struct session_job *j = &w->job;
	struct search_limits lim;
	struct search_info last;
	struct session_job_msg m;

	memset(&m, 0, sizeof m);
	m.kind = MSG_DONE;
	m.job = w->id;
	if (j->kind == JOB_GAME) {
		/* a game's analysis: its own walk, then done */
		if (!atomic_load(&w->cancel) && j->run != NULL)
			j->run(w, j->arg);
		post(w, &m);
		return NULL;
	}
	search_limits_default(&lim);
	lim.depth = j->conf.depth;
	lim.movetime_ms = j->conf.movetime_ms;
	lim.nodes = j->conf.nodes > 0 ? (uint64_t)j->conf.nodes : 0;
	if (j->kind == JOB_ANALYSIS) {
		/* Until stopped (or the deepest depth). */
		search_limits_default(&lim);
		lim.infinite = true;
	} else if (lim.depth == 0 && lim.movetime_ms == 0 && lim.nodes == 0)
		lim.movetime_ms = 1000;
	lim.play = j->kind == JOB_MOVE;   /* advice: the position's own */
	if (!atomic_load(&w->cancel)) {
		m.move = search_best_move(j->search, &j->pos, j->history,
		    j->nhistory, &j->rules, &lim, on_info, w);
		memset(&last, 0, sizeof last);
		search_last_info(j->search, &last);
		info_to_msg(&last, j, &m);
		if (j->kind == JOB_ADVICE) {
			move_t g = advice_guard(w, m.move);
			if (g != m.move) {
				/* the line and score were the drowning
				 * move's */
				m.move = g;
				m.pv[0] = '\0';
				m.score[0] = '\0';
			}
		}
	}
	post(w, &m);
	return NULL;
}

int
session_worker_init(struct session_worker *w)
{
	int fd[2];

	memset(w, 0, sizeof *w);
	if (pipe2(fd, O_CLOEXEC) < 0)
		return -1;
	if (fcntl(fd[0], F_SETFL, O_NONBLOCK) < 0 ||
	    fcntl(fd[1], F_SETFL, O_NONBLOCK) < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	w->rd = fd[0];
	w->wr = fd[1];
	atomic_init(&w->cancel, false);
	return 0;
}

void
session_worker_free(struct session_worker *w)
{
	session_worker_stop(w);
	close(w->rd);
	close(w->wr);
}

int
session_worker_start(struct session_worker *w, const struct session_job *job)
{
	session_worker_stop(w);
	w->job = *job;
	w->id++;
	atomic_store(&w->cancel, false);
	/* Armed here, so a stop that comes before the thread has really
	 * started the search is not lost (see search_stop). */
	search_prepare(w->job.search);
	if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
		free(w->job.history);
		w->job.history = NULL;
		return -1;
	}
	w->running = true;
	return 0;
}

bool
session_worker_busy(const struct session_worker *w)
{
	return w->running;
}

void
session_worker_stop(struct session_worker *w)
{
	if (!w->running)
		return;
	atomic_store(&w->cancel, true);
	search_stop(w->job.search);
	pthread_join(w->thread, NULL);
	w->running = false;
	w->id++;            /* whatever it posted is stale now */
	free(w->job.history);
	w->job.history = NULL;
}

int
session_worker_read(struct session_worker *w, struct session_job_msg *m)
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

int
session_watch(struct session *s, int in, int sigfd, struct pollfd *fds,
    int *pfd)
{
	int nfds = 0, i;

	fds[nfds++] = (struct pollfd){ .fd = in, .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = sigfd, .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = s->worker.rd, .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = s->analysis.worker.rd,
	    .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = session_analyse_fd(s),
	    .events = POLLIN };
	for (i = 0; i < 2; i++) {
		pfd[i] = s->player[i]->ops->pollfd != NULL ?
		    s->player[i]->ops->pollfd(s->player[i]) : -1;
		if (pfd[i] >= 0 && (i == 0 || pfd[1] != pfd[0]))
			fds[nfds++] = (struct pollfd){ .fd = pfd[i],
			    .events = POLLIN };
	}
	return nfds;
}
