/*
 * test_net_pg_corr.c: a correspondence game across two servers on one
 * PostgreSQL (issue 36; test_net_pg.sh starts them with --day-length 1):
 * white on server A, black on server B, both holding the game; the side
 * to move's deadline passes and each server's timer fires, but the store
 * keeps one end: each player is told RESULT reason=time once, and the
 * game's stored events hold one RESULT.
 */
#include "test_net_pg.h"

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
