/*
 * test_net_loop.c: the server's event loop reads nothing of the store once
 * it serves (issue 35). Through the session on an SQLite store, its reads
 * run by the test as the reader thread would: a game evicted before its
 * command ran again is read again there. On the real congo-server, whose
 * test build watches the loop's store handle
 * (CONGO_TEST_LOOP_READ_DELAY_MS: each read there logged and 4 s long,
 * holding up every connection): a restart with a rated game being played
 * reads its players' ratings on the reader thread, PING answered at once,
 * the game's STATE with the ratings soon after.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "test_net_util.h"
#define TC_SERVER_FIXTURE
#define TC_SERVER_NAME "congo-loop"
#include "test_net_tclient.h"
#include "test_main.h"

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

/* The reads a session asks its reader thread for (io.read_submit), kept
 * here and run by answer() as that thread would, on the store's own
 * functions; the session's own handle (the event loop's) counts its game
 * reads in loop_reads. */
static struct sread *asked;
static int loop_reads;

static void
ask(void *ctx, struct sread *q)
{
	(void)ctx;
	q->next = asked;
	asked = q;
}

static int
loop_load_game(void *ctx, struct sess *s, const char *id, char *err,
    size_t errlen)
{
	loop_reads++;
	return store_sqlite_ops.load_game(ctx, s, id, err, errlen);
}

static int
answer(struct t_fake *f, struct store *st)
{
	struct sread *q, *next;
	int n = 0;

	for (q = asked, asked = NULL; q != NULL; q = next, n++) {
		next = q->next;
		sess_read_run(&store_sqlite_ops, st, q);
		sess_set_now(f->s, f->now);
		sess_read_done(f->s, q);
	}
	return n;
}

/* A finished game read for a command, gone from memory again before the
 * command's line ran again (it waited for something else too): read again
 * on the reader thread as the first time, never on the event loop (it was
 * read there at once, every connection waiting for it). */
static void
test_evicted_read_again(void **state)
{
	struct store_ops ops = store_sqlite_ops;
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	struct t_game tg;
	char id[16];

	(void)state;
	t_start(f, &tg, "");
	t_say(f, 0, "#x RESIGN game=%s", tg.id);
	t_expect(f, 0, "OK #x RESIGN");
	snprintf(id, sizeof id, "%s", tg.id);
	t_free(f);
	ops.load_game = loop_load_game;
	f = t_new_store(NULL, NULL, &ops, st);
	f->s->io.read_submit = ask;
	loop_reads = 0;
	t_hello(f, 1, "10.0.0.2");
	t_say(f, 1, "#s STATE game=%s", id);
	t_nothing(f, 1);
	assert_int_equal(answer(f, st), 1);
	assert_int_equal(sess_ngames(f->s), 1);
	/* Its line waits past the game's keep, which leaves memory. */
	f->now += SESS_READ_KEEP_MS;
	assert_int_equal(sess_evict(f->s, f->now), 1);
	t_say(f, 1, "#s STATE game=%s", id);
	t_nothing(f, 1);
	assert_int_equal(loop_reads, 0);
	assert_int_equal(answer(f, st), 1);
	t_say(f, 1, "#s STATE game=%s", id);
	t_expect(f, 1, "OK #s STATE");
	assert_non_null(strstr(t_expect(f, 1, "EV "), " status=finished "));
	assert_int_equal(loop_reads, 0);
	t_free(f);
	store_close(st);
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

TEST_MAIN(tc_group_setup, tc_group_teardown,
	T_DB_TEST(test_evicted_read_again),
	cmocka_unit_test(test_start_ratings))
