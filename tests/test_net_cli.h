/*
 * test_net_cli.h: what the tests of the client library against a real
 * congo-server share (test_net_client.c, test_net_client_acct.c): the
 * server fixture of test_net_tclient.h with a state folder of the test's
 * own (where the keys and tokens files go), clients driven by one poll,
 * and two processes writing one file at once.
 */
#ifndef TEST_NET_CLI_H
#define TEST_NET_CLI_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "net/client/client_int.h"
#define TC_SERVER_FIXTURE
#include "test_net_tclient.h"

#define NEVS 512

/* A client and the events it has given (seen: those a test went past). */
struct who {
	struct net_client *c;
	struct net_event ev[NEVS];
	int nev, seen;
};

/* The group's setup: the server's folder (tc_server_setup), and
 * XDG_STATE_HOME a folder in it. */
static TC_UNUSED int
cli_group_setup(const char *name)
{
	char xdg[300];

	if (tc_server_setup(name) != 0)
		return -1;
	snprintf(xdg, sizeof xdg, "%s/state", dir);
	setenv("XDG_STATE_HOME", xdg, 1);
	return 0;
}

static TC_UNUSED int
cli_group_teardown(void **state)
{
	(void)state;
	return tc_server_teardown(SIGTERM);
}

/* Options for a client of the test's server at host (its port). */
static TC_UNUSED void
cli_opts(struct net_client_opts *o, const char *host)
{
	memset(o, 0, sizeof *o);
	snprintf(o->host, sizeof o->host, "%s", host);
	o->port = port;
}

/* One round for the n clients of w: a poll of at most ms (less when a
 * client's timer is due sooner), their input and timers, their new
 * events kept. */
static TC_UNUSED void
cli_pump_once(struct who *w, int n, int ms)
{
	struct pollfd p[4];
	int i, t = ms;

	assert_true(n <= 4);
	for (i = 0; i < n; i++) {
		int ct = net_client_timeout(w[i].c, tc_ms());
		if (ct >= 0 && ct < t)
			t = ct;
		p[i].fd = net_client_fd(w[i].c);
		p[i].events = net_client_events(w[i].c);
		p[i].revents = 0;
	}
	poll(p, (nfds_t)n, t);
	for (i = 0; i < n; i++) {
		if (p[i].fd >= 0 && p[i].revents != 0)
			net_client_io(w[i].c, p[i].revents, tc_ms());
		net_client_tick(w[i].c, tc_ms());
		while (w[i].nev < NEVS &&
		    net_client_next(w[i].c, &w[i].ev[w[i].nev]))
			w[i].nev++;
	}
}

/* Two processes each call save(writer, i) for i 0 to 39 at once; both
 * must finish with every save done (save true). */
static TC_UNUSED void
cli_two_writers(bool (*save)(int writer, int i))
{
	pid_t pid[2];
	int w, i, status;

	for (w = 0; w < 2; w++) {
		pid[w] = fork();
		assert_true(pid[w] >= 0);
		if (pid[w] == 0) {
			for (i = 0; i < 40; i++)
				if (!save(w, i))
					_exit(1);
			_exit(0);
		}
	}
	for (w = 0; w < 2; w++) {
		assert_int_equal(waitpid(pid[w], &status, 0), pid[w]);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
}
#endif
