/*
 * client_resolve.c: a host name looked up in a thread of its own, so that the
 * game's event loop never blocks in getaddrinfo (a slow DNS server can take
 * many seconds). The caller polls a pipe that becomes readable when the
 * answer is there; a lookup no longer wanted is abandoned, and its thread
 * frees it when getaddrinfo returns.
 */

#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/client/client_int.h"

struct net_resolve {
	pthread_mutex_t mu;
	char host[256], port[16];
	int fd[2];                /* [0] readable once done */
	struct addrinfo *ai;      /* the answer (rc 0) */
	int rc;                   /* getaddrinfo's result */
	bool done, abandoned;     /* under mu */
};

static void
resolve_free(struct net_resolve *r)
{
	if (r->ai != NULL)
		freeaddrinfo(r->ai);
	if (r->fd[0] >= 0) {
		close(r->fd[0]);
		close(r->fd[1]);
	}
	pthread_mutex_destroy(&r->mu);
	free(r);
}

/* Look up r's name; say so on the pipe (nothing else touches r then). */
static void
lookup(struct net_resolve *r)
{
	struct addrinfo hints, *ai = NULL;
	bool abandoned;
	int rc;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	rc = getaddrinfo(r->host, r->port, &hints, &ai);
	pthread_mutex_lock(&r->mu);
	r->ai = rc == 0 ? ai : NULL;
	r->rc = rc;
	r->done = true;
	abandoned = r->abandoned;
	/* Wakes the caller's poll. Its timer re-checks done as well, so a
	 * byte that could not be written would only delay the answer. */
	if (!abandoned)
		(void)!write(r->fd[1], "x", 1);
	pthread_mutex_unlock(&r->mu);
	if (abandoned)
		resolve_free(r);
}

static void *
resolver(void *arg)
{
	lookup(arg);
	return NULL;
}

struct net_resolve *
net_resolve_start(const char *host, const char *port)
{
	struct net_resolve *r = xcalloc(1, sizeof *r);
	pthread_attr_t attr;
	pthread_t tid;
	int started;

	snprintf(r->host, sizeof r->host, "%s", host);
	snprintf(r->port, sizeof r->port, "%s", port);
	pthread_mutex_init(&r->mu, NULL);
	if (pipe2(r->fd, O_NONBLOCK | O_CLOEXEC) < 0) {
		/* no fd to spare (EMFILE): a failed lookup, not the end of
		 * the game; the caller's timer takes it as EAI_SYSTEM */
		r->fd[0] = r->fd[1] = -1;
		r->rc = EAI_SYSTEM;
		r->done = true;
		return r;
	}
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	started = pthread_create(&tid, &attr, resolver, r);
	pthread_attr_destroy(&attr);
	if (started != 0)
		lookup(r);    /* no thread to spare: look it up here */
	return r;
}

int
net_resolve_fd(const struct net_resolve *r)
{
	return r->fd[0];
}

bool
net_resolve_take(struct net_resolve *r, struct addrinfo **ai, int *rc)
{
	bool done;

	pthread_mutex_lock(&r->mu);
	done = r->done;
	pthread_mutex_unlock(&r->mu);
	if (!done)
		return false;
	/* done was set under mu: the thread touches r no more. */
	*ai = r->ai;
	*rc = r->rc;
	r->ai = NULL;
	resolve_free(r);
	return true;
}

void
net_resolve_cancel(struct net_resolve *r)
{
	bool done;

	if (r == NULL)
		return;
	pthread_mutex_lock(&r->mu);
	done = r->done;
	r->abandoned = true;
	pthread_mutex_unlock(&r->mu);
	if (done)
		resolve_free(r);   /* else the thread frees it */
}
