/*
 * session_host.h: `congo --host`'s server (session_host.c): congo-server
 * run as a child process of the game, found next to the congo program or
 * on PATH, on a free port or the one asked, its database and log in the
 * user's state folder; the game then talks to it over the socket as any
 * client does, and stops it when the game ends. The child never outlives
 * congo: stopped with SIGTERM at the end, and on Linux sent SIGTERM by the
 * kernel should congo die first.
 */
#ifndef CONGO_SESSION_HOST_H
#define CONGO_SESSION_HOST_H

#include <stddef.h>
#include <sys/types.h>

struct session_host {
	pid_t pid;               /* the server's, 0 when none runs */
	int port;
	char log[1100];          /* its log, or "" */
};

/* Start congo-server listening on port (0: a free one; -1: the default
 * port), and wait until it listens. -1 with err (congo-server missing:
 * how to get it; a server that would not start: its own words). */
int session_host_start(struct session_host *h, int port, char *err,
    size_t errlen);
/* SIGTERM, then wait for it (SIGKILL after a deadline). Idempotent. */
void session_host_stop(struct session_host *h);
/* Where congo-server is: next to the running program, else on PATH.
 * -1 when neither has it. */
int session_host_find(char *out, size_t n);

#endif
