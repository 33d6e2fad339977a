/*
 * test_net_pg_corr.c: time across two servers on one PostgreSQL. A
 * running clock read by the server that does not hold the game runs
 * there too. A correspondence game (issue 36; test_net_pg.sh starts them
 * with --day-length 1):
 * white on server A, black on server B, both holding the game; the side
 * to move's deadline passes and each server's timer fires, but the store
 * keeps one end: each player is told RESULT reason=time once, and the
 * game's stored events hold one RESULT.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_net_pg.h"

/*
 * A running clock read by another server: both players on A, black's
 * clock running; B, asked for the game by an observer, runs it too (it
 * stood at its stored value, so B would never have flagged the game with
 * A gone; found by an audit of two servers on one database).
 */
void
test_clock_read_across(void **state)
{
	struct tc *w, *b, *o;
	char id[16], v[32];
	long long end;
	long ms = -1;

	(void)state;
	assert_non_null(w = tc_hello(port_a));
	assert_non_null(b = tc_hello(port_a));
	new_game(w, "cw", b, "cb", "clock=600+0", id);
	tc_ask(w, "OK #m0 MOVE", "#m0 MOVE game=%s ply=0 move=c2c3", id);
	tc_ask(b, "OK #m1 MOVE", "#m1 MOVE game=%s ply=1 move=c6c5", id);
	tc_ask(w, "OK #m2 MOVE", "#m2 MOVE game=%s ply=2 move=d2d3", id);
	assert_non_null(o = tc_hello(port_b));
	end = tc_ms() + T;
	while (tc_ms() < end) {
		assert_non_null(state_of(o, id));
		tc_val(o->line, "bclock", v, sizeof v);
		if ((ms = atol(v)) < 599700)
			break;
		usleep(100000);
	}
	print_message("black's clock on B: %ld ms\n", ms);
	assert_true(ms > 0 && ms < 599700);
	tc_free(w);
	tc_free(b);
	tc_free(o);
}

void
test_corr_across(void **state)
{
	struct tc *w, *b;
	char id[16], tw[40], tb[40];
	const char *l;

	(void)state;
	assert_non_null(w = tc_hello(port_a));
	assert_non_null(b = tc_hello(port_b));
	new_game_tok(w, "cw", b, "cb", "days=2", id, tw, tb);
	tc_send(w, "#m0 MOVE game=%s ply=0 move=c2c3", id);
	assert_non_null(ev2(b, id, " MOVE ply=0 "));
	tc_send(b, "#m1 MOVE game=%s ply=1 move=c6c5", id);
	assert_non_null(ev2(w, id, " MOVE ply=1 "));
	/* White's two (short) days pass. */
	assert_non_null(l = ev2(w, id, " RESULT "));
	assert_non_null(strstr(l, " RESULT result=0-1 reason=time"));
	assert_non_null(l = ev2(b, id, " RESULT "));
	assert_non_null(strstr(l, " RESULT result=0-1 reason=time"));
	assert_int_equal(tc_results(port_a, id, tw), 1);
	assert_int_equal(tc_results(port_b, id, tb), 1);
	tc_free(w);
	tc_free(b);
}
