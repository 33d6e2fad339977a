/*
 * test_net_loop.c: the real congo-server's event loop reads nothing of the
 * store once it serves (issue 35): a test build's watch on the loop's
 * store handle (CONGO_TEST_LOOP_READ_DELAY_MS) logs each read there and
 * makes it 4 s long, so a read left on the loop shows in the log and
 * holds up every connection. A restart with a rated game being played
 * reads its players' ratings on the reader thread: PING is answered at
 * once, the game's STATE has the ratings soon after.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define TC_SERVER_FIXTURE
#define TC_SERVER_NAME "congo-loop"
#include "test_net_tclient.h"

#define T 5000                  /* ms to wait for an answer */
#define LOOP_READ "a store read on the event loop"

static void
start_server(void)
{
	char *argv[] = { server_bin, "--port", portstr, "--bind", "127.0.0.1",
		"--db", db, "--create", "--rated-same-network", "--log-level",
		"debug", NULL };

	tc_server_start(argv);
}

/* A connection of a new account, logged in. */
static struct tc *
account(const char *name)
{
	struct tc *c = tc_hello(port);
	char key[40];

	assert_non_null(c);
	tc_send(c, "#r REGISTER name=%s", name);
	assert_non_null(tc_wait(c, "OK #r REGISTER", T));
	tc_val(c->line, "key", key, sizeof key);
	tc_send(c, "#l LOGIN name=%s key=%s", name, key);
	assert_non_null(tc_wait(c, "OK #l LOGIN", T));
	return c;
}

/* Does the server's log say text? */
static bool
logged(const char *text)
{
	static char buf[1 << 16];
	FILE *f = fopen(logfile, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return strstr(buf, text) != NULL;
}

static void
test_start_ratings(void **state)
{
	struct tc *a, *b, *c;
	char id[16];
	long long t0, t;
	int i;

	(void)state;
#ifndef CONGO_TEST_HOOKS
	fprintf(stderr, "test_start_ratings: skipped, needs configure "
	    "--enable-test-hooks\n");
	skip();
#endif
	start_server();
	a = account("rita");
	b = account("sami");
	tc_send(a, "#c CREATE seat=white rated=yes clock=300+0");
	assert_non_null(tc_wait(a, "OK #c CREATE game=", T));
	tc_val(a->line, "game", id, sizeof id);
	tc_send(b, "#j JOIN game=%s seat=black", id);
	assert_non_null(tc_wait(b, "OK #j JOIN", T));
	tc_free(a);
	tc_free(b);
	tc_server_stop();

	setenv("CONGO_TEST_LOOP_READ_DELAY_MS", "4000", 1);
	t0 = tc_ms();
	start_server();
	unsetenv("CONGO_TEST_LOOP_READ_DELAY_MS");
	assert_non_null(c = tc_hello(port));
	tc_send(c, "PING r1");
	assert_non_null(tc_next(c, "PONG r1", T));
	t = tc_ms() - t0;
	print_message("a restart with a rated game being played, to its "
	    "first PONG: %lld ms\n", t);
	/* Two ratings read on the loop took 8 s. */
	assert_true(t < 3000);
	for (i = 0; i < 50; i++) {
		tc_send(c, "#s STATE game=%s", id);
		assert_non_null(tc_wait(c, "OK #s STATE", T));
		assert_non_null(tc_wait(c, "EV ", T));
		if (strstr(c->line, " wrating=1500 ") != NULL)
			break;
		usleep(100000);         /* (under the command rate) */
	}
	assert_non_null(strstr(c->line, " rated=1 wrating=1500 "));
	assert_non_null(strstr(c->line, " brating=1500 "));
	tc_free(c);
	tc_server_stop();
	assert_false(logged(LOOP_READ));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start_ratings),
	};

	return cmocka_run_group_tests(tests, tc_group_setup,
	    tc_group_teardown);
}
