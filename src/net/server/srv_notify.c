/*
 * srv_notify.c: congo-server --notify-command (issue 36). The session asks
 * (io.notify) to tell a player away of a move, a challenge or a result;
 * the command runs through /bin/sh -c on a helper thread, never on the
 * event loop, with CONGO_EVENT, CONGO_GAME and CONGO_PLAYER in its
 * environment and /dev/null as its input, in a process group of its own;
 * the thread waits for it (the next notice waits behind it), at most
 * NOTIFY_TIMEOUT_MS, then kills the group. A command that cannot be
 * started, fails or is killed is logged, never fatal; notices beyond
 * NOTIFY_QUEUE_MAX waiting are dropped (logged). When the server stops,
 * what is running and waiting has NOTIFY_STOP_MS in all (a command that
 * hangs must not keep the server from stopping); the rest is dropped,
 * logged.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "net/server/srv_int.h"
#include "util/util.h"

#define NOTIFY_QUEUE_MAX 256
#define NOTIFY_TIMEOUT_MS 60000
#define NOTIFY_STOP_MS 5000

extern char **environ;

struct njob {
	struct njob *next;
	char event[16], game[CGP_ID_LEN + 1], player[CGP_NAME_MAX + 1];
};

struct srv_notify {
	struct srv *sv;
	char *cmd;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct njob *head, *tail;
	int n;
	bool stop;
	long long stop_by;        /* when stopping: the last moment */
};

/* Wait on the condition at most ms (its clock is CLOCK_MONOTONIC), the
 * mutex held. */
static void
wait_ms(struct srv_notify *nt, long long ms)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec += (time_t)(ms / 1000);
	ts.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	(void)pthread_cond_timedwait(&nt->cv, &nt->mu, &ts);
}

/* The command's end, waited for until its deadline (or the stop's):
 * true with its status, false when it was killed (said in why). */
static bool
reap(struct srv_notify *nt, pid_t pid, int *st, char *why, size_t n)
{
	long long start = util_now_ms(), now, until, step = 10;
	pid_t r;

	for (;;) {
		r = waitpid(pid, st, WNOHANG);
		if (r == pid)
			return true;
		if (r < 0 && errno != EINTR) {
			snprintf(why, n, "waitpid: %s", strerror(errno));
			return false;
		}
		now = util_now_ms();
		pthread_mutex_lock(&nt->mu);
		until = start + NOTIFY_TIMEOUT_MS;
		if (nt->stop && nt->stop_by < until)
			until = nt->stop_by;
		if (now >= until) {
			pthread_mutex_unlock(&nt->mu);
			break;
		}
		/* (a short command is reaped at once; a long one is looked
		 * at every 250 ms at most, and at once when the server
		 * stops) */
		wait_ms(nt, until - now < step ? until - now : step);
		pthread_mutex_unlock(&nt->mu);
		if (step < 250)
			step *= 2;
	}
	kill(-pid, SIGKILL);
	while (waitpid(pid, st, 0) < 0 && errno == EINTR)
		;
	snprintf(why, n, "killed after %lld s", (util_now_ms() - start + 500) /
	    1000);
	return false;
}

static void
run(struct srv_notify *nt, const struct njob *j)
{
	char ev[40], game[40], player[60], why[80];
	char *argv[] = { "sh", "-c", nt->cmd, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, dflt;
	char **env;
	size_t n = 0, i, k = 0;
	pid_t pid;
	int rc, st;

	snprintf(ev, sizeof ev, "CONGO_EVENT=%s", j->event);
	snprintf(game, sizeof game, "CONGO_GAME=%s", j->game);
	snprintf(player, sizeof player, "CONGO_PLAYER=%s", j->player);
	while (environ[n] != NULL)
		n++;
	env = xcalloc(n + 4, sizeof *env);
	for (i = 0; i < n; i++)
		if (strncmp(environ[i], "CONGO_EVENT=", 12) != 0 &&
		    strncmp(environ[i], "CONGO_GAME=", 11) != 0 &&
		    strncmp(environ[i], "CONGO_PLAYER=", 13) != 0)
			env[k++] = environ[i];
	env[k++] = ev;
	env[k++] = game;
	env[k++] = player;
	env[k] = NULL;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	/* Not the server's blocked signals nor its ignored SIGPIPE: the
	 * command gets a plain process's. */
	sigemptyset(&none);
	sigemptyset(&dflt);
	sigaddset(&dflt, SIGPIPE);
	sigaddset(&dflt, SIGTERM);
	sigaddset(&dflt, SIGINT);
	sigaddset(&dflt, SIGHUP);
	posix_spawnattr_init(&at);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &dflt);
	/* its own process group: killed whole (a pipeline too) */
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK |
	    POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
	rc = posix_spawn(&pid, "/bin/sh", &fa, &at, argv, env);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	free(env);
	if (rc != 0) {
		srv_log(nt->sv, NET_LOG_WARN, "notify-command for %s (game "
		    "%s, %s) could not start: %s", j->player, j->game, j->event,
		    strerror(rc));
		return;
	}
	if (!reap(nt, pid, &st, why, sizeof why)) {
		srv_log(nt->sv, NET_LOG_WARN, "notify-command for %s (game "
		    "%s, %s): %s", j->player, j->game, j->event, why);
		return;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		srv_log(nt->sv, NET_LOG_DEBUG, "notify-command: %s told of "
		    "%s in game %s", j->player, j->event, j->game);
	else if (WIFEXITED(st))
		srv_log(nt->sv, NET_LOG_WARN, "notify-command for %s (game "
		    "%s, %s) failed: exit status %d", j->player, j->game,
		    j->event, WEXITSTATUS(st));
	else
		srv_log(nt->sv, NET_LOG_WARN, "notify-command for %s (game "
		    "%s, %s) failed: signal %d", j->player, j->game, j->event,
		    WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static void *
loop(void *arg)
{
	struct srv_notify *nt = arg;
	struct njob *j;

	pthread_mutex_lock(&nt->mu);
	for (;;) {
		while (nt->head == NULL && !nt->stop)
			pthread_cond_wait(&nt->cv, &nt->mu);
		if (nt->head == NULL)
			break;
		if (nt->stop && util_now_ms() >= nt->stop_by) {
			srv_log(nt->sv, NET_LOG_WARN, "notify-command: the "
			    "server stops; %d notices not run", nt->n);
			break;
		}
		j = nt->head;
		nt->head = j->next;
		if (nt->head == NULL)
			nt->tail = NULL;
		nt->n--;
		pthread_mutex_unlock(&nt->mu);
		run(nt, j);
		free(j);
		pthread_mutex_lock(&nt->mu);
	}
	pthread_mutex_unlock(&nt->mu);
	return NULL;
}

struct srv_notify *
srv_notify_new(struct srv *sv, const char *cmd, char *err, size_t errlen)
{
	struct srv_notify *nt = xcalloc(1, sizeof *nt);
	pthread_condattr_t ca;
	int rc;

	nt->sv = sv;
	nt->cmd = xstrdup(cmd);
	pthread_mutex_init(&nt->mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&nt->cv, &ca);
	pthread_condattr_destroy(&ca);
	if ((rc = pthread_create(&nt->thread, NULL, loop, nt)) != 0) {
		snprintf(err, errlen, "notify thread: %s", strerror(rc));
		pthread_mutex_destroy(&nt->mu);
		pthread_cond_destroy(&nt->cv);
		free(nt->cmd);
		free(nt);
		return NULL;
	}
	return nt;
}

void
srv_notify_cb(void *ctx, const char *event, const char *game,
    const char *player)
{
	struct srv *sv = ctx;
	struct srv_notify *nt = sv->notify;
	struct njob *j;

	if (nt == NULL)
		return;
	pthread_mutex_lock(&nt->mu);
	if (nt->n >= NOTIFY_QUEUE_MAX) {
		pthread_mutex_unlock(&nt->mu);
		srv_log(sv, NET_LOG_WARN, "notify-command: %d notices waiting; "
		    "%s's (game %s, %s) dropped", NOTIFY_QUEUE_MAX, player,
		    game, event);
		return;
	}
	j = xcalloc(1, sizeof *j);
	snprintf(j->event, sizeof j->event, "%s", event);
	snprintf(j->game, sizeof j->game, "%s", game);
	snprintf(j->player, sizeof j->player, "%s", player);
	if (nt->tail != NULL)
		nt->tail->next = j;
	else
		nt->head = j;
	nt->tail = j;
	nt->n++;
	pthread_cond_signal(&nt->cv);
	pthread_mutex_unlock(&nt->mu);
}

void
srv_notify_free(struct srv_notify *nt)
{
	struct njob *j;

	if (nt == NULL)
		return;
	pthread_mutex_lock(&nt->mu);
	nt->stop = true;
	nt->stop_by = util_now_ms() + NOTIFY_STOP_MS;
	pthread_cond_signal(&nt->cv);
	pthread_mutex_unlock(&nt->mu);
	/* the notices waiting run first, within NOTIFY_STOP_MS */
	pthread_join(nt->thread, NULL);
	while ((j = nt->head) != NULL) {
		nt->head = j->next;
		free(j);
	}
	pthread_mutex_destroy(&nt->mu);
	pthread_cond_destroy(&nt->cv);
	free(nt->cmd);
	free(nt);
}
