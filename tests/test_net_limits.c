/*
 * test_net_limits.c: the session's limits without sockets, on a fake
 * clock: connections per network (an IPv4 /24, an IPv6 /64), wrong tokens
 * per network and game (the right token always works), commands per
 * connection, and refusals logged at a bounded rate.
 */
#include "test_net_util.h"
#include "test_main.h"

static void
test_failed_rejoin_limit(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	int i;

	(void)state;
	t_start(f, &g, "");
	t_hello(f, 2, "10.0.0.7");
	t_hello(f, 3, "10.0.0.8");      /* the same network */
	t_hello(f, 4, "10.0.9.1");      /* another one */
	for (i = 0; i < t_limits.max_failed_rejoins; i++) {
		t_say(f, 2, "#r REJOIN game=%s token=AAAAAAAAAAAAAAAAAAAAAAAAAA",
		    g.id);
		t_expect(f, 2, "ERR #r 401 BAD_TOKEN");
	}
	/* Wrong tokens from the network for this game wait now... */
	t_ask(f, 2, "ERR #r 429 RATE_LIMITED",
	    "#r REJOIN game=%s token=AAAAAAAAAAAAAAAAAAAAAAAAAA", g.id);
	t_ask(f, 3, "ERR #r 429 RATE_LIMITED",
	    "#r REJOIN game=%s token=BBBBBBBBBBBBBBBBBBBBBBBBBB", g.id);
	/* ...another network's do not... */
	t_ask(f, 4, "ERR #r 401 BAD_TOKEN",
	    "#r REJOIN game=%s token=BBBBBBBBBBBBBBBBBBBBBBBBBB", g.id);
	/* ...and the right token always works, from the same network too. */
	t_ask(f, 3, "OK #r REJOIN", "#r REJOIN game=%s token=%s", g.id, g.tw);
	t_ask(f, 2, "OK #r REJOIN", "#r REJOIN game=%s token=%s", g.id, g.tb);
	f->now += 60000;
	t_ask(f, 4, "ERR #r 401 BAD_TOKEN",
	    "#r REJOIN game=%s token=AAAAAAAAAAAAAAAAAAAAAAAAAA", g.id);
	t_free(f);
}

static void
test_connection_limits(void **state)
{
	struct sess_limits lim = { 4, 2, 2, 10, 10, 0, 0, 0, 0, false,
	    0, 0, NULL, 0 };
	struct t_fake *f = t_new(&lim, NULL);
	int i;

	(void)state;
	/* Two connections a network: 10.0.0.1 and 10.0.0.200 are one. */
	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.0.200");
	assert_int_equal(sess_open(f->s, 2, "10.0.0.77", f->now),
	    CGP_RATE_LIMITED);
	t_expect(f, 2, "ERR * 429 RATE_LIMITED");
	assert_true(f->closed[2]);
	sess_close(f->s, 2, f->now);
	assert_int_equal(sess_open(f->s, 2, "::ffff:10.0.0.9", f->now),
	    CGP_RATE_LIMITED);
	sess_close(f->s, 2, f->now);
	t_expect(f, 2, "ERR * 429 RATE_LIMITED");
	t_hello(f, 3, "10.0.1.2");
	/* IPv6: a /64 is one network. */
	t_hello(f, 4, "2001:db8:0:7::1");
	assert_int_equal(sess_open(f->s, 5, "10.0.2.4", f->now), CGP_BUSY);
	t_expect(f, 5, "ERR * 503 BUSY");
	sess_close(f->s, 5, f->now);
	sess_close(f->s, 3, f->now);
	t_hello(f, 3, "2001:db8:0:7:ffff::2");
	sess_close(f->s, 3, f->now);
	t_hello(f, 3, "2001:db8:0:7:1:2:3:4");
	assert_int_equal(sess_open(f->s, 5, "2001:db8:0:7::9", f->now),
	    CGP_BUSY);
	sess_close(f->s, 5, f->now);
	sess_close(f->s, 0, f->now);
	assert_int_equal(sess_open(f->s, 5, "2001:db8:0:7::9", f->now),
	    CGP_RATE_LIMITED);
	sess_close(f->s, 5, f->now);
	sess_close(f->s, 3, f->now);
	t_drain(f, 5);
	t_hello(f, 5, "2001:db8:0:8::9");
	t_hello(f, 0, "10.0.0.1");
	sess_close(f->s, 1, f->now);
	assert_int_equal(sess_open(f->s, 6, "10.0.0.1", f->now), 0);

	/* Two games a minute from one address. */
	for (i = 0; i < 2; i++) {
		t_ask(f, 0, "OK #c CREATE", "#c CREATE");
	}
	t_ask(f, 0, "ERR #c 429 RATE_LIMITED", "#c CREATE");
	f->now += 60000;
	t_ask(f, 0, "OK #c CREATE", "#c CREATE");
	t_free(f);
}

static void
test_command_rate(void **state)
{
	struct sess_limits lim = t_limits;
	struct t_fake *f;
	struct t_game g;
	int i;

	(void)state;
	lim.commands_per_second = 6;
	f = t_new(&lim, NULL);
	t_start(f, &g, "");     /* HELLO and CREATE / JOIN: 2 each */
	f->now += 1000;
	for (i = 0; i < 6; i++) {
		t_ask(f, 0, "PONG", "#p PING %d", i);
	}
	t_ask(f, 0, "ERR #s 429 RATE_LIMITED", "#s STATE game=%s", g.id);
	/* Lines that do not parse count too. */
	t_ask(f, 0, "ERR #b 429 RATE_LIMITED", "#b FROB");
	t_ask(f, 1, "OK #s", "#s STATE game=%s", g.id);
	f->now += 1000;
	t_drain(f, 1);
	/* Stored moves do not count: the opponent paces them. */
	for (i = 0; i < 7; i++) {
		t_ask(f, 0, "OK #m", "#m MOVE game=%s ply=%d move=%c2%c3",
		    g.id, 2 * i, 'a' + i, 'a' + i);
		t_drain(f, 1);
		t_ask(f, 1, "OK #m", "#m MOVE game=%s ply=%d move=%c6%c5",
		    g.id, 2 * i + 1, 'a' + i, 'a' + i);
		t_drain(f, 0);
		t_drain(f, 1);
	}
	t_ask(f, 0, "OK #s", "#s STATE game=%s", g.id);
	t_free(f);
}

static void
test_refusals_logged_at_a_bounded_rate(void **state)
{
	struct sess_limits lim = t_limits;
	struct t_fake *f;
	int i, before;

	(void)state;
	lim.max_per_address = 1;
	f = t_new(&lim, NULL);
	t_hello(f, 0, "10.0.0.1");
	before = f->nlog;
	for (i = 1; i <= 10; i++) {
		assert_int_equal(sess_open(f->s, 1, "10.0.0.2", f->now),
		    CGP_RATE_LIMITED);
		sess_close(f->s, 1, f->now);
		f->now += 10;
	}
	/* One line as it happened, the rest summed up a second later. */
	assert_int_equal(f->nlog, before + 1);
	assert_non_null(strstr(f->lastlog, "10.0.0.2: refused"));
	assert_int_equal(sess_next_timer(f->s, f->now), 1000 - 100);
	f->now += 900;
	sess_tick(f->s, f->now);
	assert_int_equal(f->nlog, before + 2);
	assert_non_null(strstr(f->lastlog, "9 more requests refused"));
	/* A flood that goes on: a summary a second, nothing else. */
	for (i = 0; i < 300; i++) {
		assert_int_equal(sess_open(f->s, 1, "10.0.0.2", f->now),
		    CGP_RATE_LIMITED);
		sess_close(f->s, 1, f->now);
		f->now += 10;
		sess_tick(f->s, f->now);
	}
	assert_true(f->nlog <= before + 2 + 3);
	assert_true(f->nlog >= before + 2 + 2);
	/* Quiet for a second: the next one is logged as it is again. */
	f->now += 2000;
	sess_tick(f->s, f->now);
	sess_tick(f->s, f->now + 1000);
	before = f->nlog;
	f->now += 1000;
	assert_int_equal(sess_open(f->s, 1, "10.0.0.2", f->now),
	    CGP_RATE_LIMITED);
	assert_int_equal(f->nlog, before + 1);
	t_free(f);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_failed_rejoin_limit),
	cmocka_unit_test(test_connection_limits),
	cmocka_unit_test(test_command_rate),
	cmocka_unit_test(test_refusals_logged_at_a_bounded_rate))
