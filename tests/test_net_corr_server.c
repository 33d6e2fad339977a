/*
 * test_net_corr_server.c: correspondence games on the real congo-server
 * (issue 36), SQLite, days a second long (--day-length 1) and
 * --notify-command appending "event game player" to a file: a player away
 * is told of the move to answer, once; the server is killed (-9) after an
 * acknowledged move, stays down past the side to move's deadline, and at
 * its next start ends the game at once on time, every acknowledged move
 * kept, both players (away) told of the result once; a first move not
 * made in time aborts the game.
 */
#define _GNU_SOURCE             /* timegm */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#define TC_SERVER_FIXTURE
#include "test_net_tclient.h"
#include "test_iso.h"
#include "test_tmp.h"

#define T TC_ANSWER_MS           /* ms to wait for an answer */

static char notified[300], cmd[600];

static void
start_server(void)
{
	char *argv[] = { server_bin, "--port", portstr, "--bind", "127.0.0.1",
		"--db", db, "--create", "--max-per-address", "40",
		"--games-per-minute", "100", "--log-level", "debug",
		"--day-length", "1", "--notify-command", cmd, NULL };

	tc_server_start(argv);
}

static void
kill_server(void)
{
	int st;

	assert_int_equal(kill(server_pid, SIGKILL), 0);
	st = tc_reap(server_pid, 5000);
	assert_true(WIFSIGNALED(st));
	server_pid = -1;
}

static int
group_setup(void **state)
{
	(void)state;
	if (tc_server_setup("congo-corr") != 0)
		return -1;
	snprintf(notified, sizeof notified, "%s/notified", dir);
	/* (It fails for eve: logged, never fatal.) */
	snprintf(cmd, sizeof cmd, "[ \"$CONGO_PLAYER\" != eve ] || exit 3; "
	    "printf '%%s %%s %%s\\n' \"$CONGO_EVENT\" \"$CONGO_GAME\" "
	    "\"$CONGO_PLAYER\" >> '%s'", notified);
	return 0;
}

static int
group_teardown(void **state)
{
	(void)state;
	return tc_server_teardown(SIGKILL);
}

/* A new connection registered and logged in as name; its key into key. */
static struct tc *
account(const char *name, char *key)
{
	struct tc *c = tc_hello(port);
	const char *l;

	assert_non_null(c);
	l = tc_ask(c, "OK #r REGISTER", "#r REGISTER name=%s", name);
	tc_val(l, "key", key, 40);
	tc_ask(c, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
	return c;
}

static struct tc *
login(const char *name, const char *key)
{
	struct tc *c = tc_hello(port);

	assert_non_null(c);
	tc_ask(c, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
	return c;
}

/* The notify file's text (up to n bytes), "" when there is none. */
static const char *
notices(char *buf, size_t n)
{
	FILE *fp = fopen(notified, "r");
	size_t k = 0;

	buf[0] = '\0';
	if (fp != NULL) {
		k = fread(buf, 1, n - 1, fp);
		fclose(fp);
	}
	buf[k] = '\0';
	return buf;
}

/* Wait until the notify file holds want (up to T ms). */
static const char *
wait_notices(const char *want, char *buf, size_t n)
{
	long long end = tc_ms() + T;

	while (strcmp(notices(buf, n), want) != 0 && tc_ms() < end)
		usleep(20000);
	return buf;
}

static long long
wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
test_down_past_deadline(void **state)
{
	struct tc *a, *b;
	char akey[40], bkey[40], id[16], v[40], buf[512], want[256];
	const char *l;
	long long deadline, end;

	(void)state;
	start_server();
	a = account("ann", akey);
	b = account("bob", bkey);
	l = tc_ask(a, "OK #c CREATE", "#c CREATE seat=white days=7");
	tc_val(l, "game", id, sizeof id);
	tc_ask(b, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	tc_ask(a, "OK #m0 MOVE", "#m0 MOVE game=%s ply=0 move=c2c3", id);
	tc_ask(b, "OK #m1 MOVE", "#m1 MOVE game=%s ply=1 move=c6c5", id);
	assert_string_equal(notices(buf, sizeof buf), "");   /* both here */
	tc_free(b);                       /* bob goes: told of ann's move */
	tc_send(a, "#m2 MOVE game=%s ply=2 move=d2d3", id);
	assert_non_null(tc_wait(a, "OK #m2 MOVE", T));
	snprintf(want, sizeof want, "move %s bob\n", id);
	assert_string_equal(wait_notices(want, buf, sizeof buf), want);
	tc_ask(a, "OK #s STATE", "#s STATE game=%s", id);
	assert_non_null(l = tc_wait(a, "EV ", T));
	assert_non_null(strstr(l, " days=7 deadline="));
	deadline = test_iso_ms(tc_val(l, "deadline", v, sizeof v));
	tc_free(a);
	kill_server();

	/* Down until bob's deadline has passed. */
	while (wall_ms() < deadline + 1000)
		usleep(100000);
	start_server();
	a = login("ann", akey);
	/* Ended at the start: the end is being stored as the server starts
	 * answering, so STATE says so within moments. */
	end = tc_ms() + T;
	for (;;) {
		tc_ask(a, "OK #s STATE", "#s STATE game=%s", id);
		assert_non_null(l = tc_wait(a, "EV ", T));
		if (strstr(l, " status=finished ") != NULL || tc_ms() > end)
			break;
		usleep(20000);
	}
	assert_non_null(strstr(l, " ply=3 "));     /* every move kept */
	assert_non_null(strstr(l, " status=finished result=1-0 "
	    "reason=time"));
	/* Both were away when it ended: each told once. */
	snprintf(want, sizeof want, "move %s bob\nresult %s ann\nresult %s "
	    "bob\n", id, id, id);
	assert_string_equal(wait_notices(want, buf, sizeof buf), want);
	tc_free(a);
	kill_server();
}

/* Does the server's log hold text (within T)? */
static bool
logged(const char *text)
{
	long long end = tc_ms() + T;
	char buf[65536];
	FILE *fp;
	size_t n;

	do {
		if ((fp = fopen(logfile, "r")) != NULL) {
			n = fread(buf, 1, sizeof buf - 1, fp);
			buf[n] = '\0';
			fclose(fp);
			if (strstr(buf, text) != NULL)
				return true;
		}
		usleep(20000);
	} while (tc_ms() < end);
	return false;
}

/* Nobody moves in the first day: aborted, the players there told; eve,
 * gone, is to be told by a command that fails: logged, the server goes
 * on. */
static void
test_first_move_aborts(void **state)
{
	struct tc *a, *b;
	char akey[40], bkey[40], id[16];
	const char *l;

	(void)state;
	start_server();
	a = account("dan", akey);
	b = account("eve", bkey);
	l = tc_ask(a, "OK #c CREATE", "#c CREATE seat=white days=1");
	tc_val(l, "game", id, sizeof id);
	tc_ask(b, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	tc_free(b);
	assert_non_null(l = tc_wait(a, "EV ", T + 2000));
	while (strstr(l, " RESULT ") == NULL)
		assert_non_null(l = tc_wait(a, "EV ", T));
	assert_non_null(strstr(l, " RESULT result=- reason=cancelled"));
	assert_true(logged("notify-command for eve"));
	assert_true(logged("failed: exit status 3"));
	tc_ask(a, "OK #s STATE", "#s STATE game=%s", id);
	tc_free(a);
	kill_server();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_down_past_deadline),
		cmocka_unit_test(test_first_move_aborts),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
