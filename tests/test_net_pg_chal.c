/*
 * test_net_pg_chal.c: challenges on two servers sharing PostgreSQL (issue
 * 36): a challenge made on A to an account not logged in anywhere is told
 * at its LOGIN on B, taken there by JOIN and played; one made while the
 * account is on B is told at once (A's notice), and declined there; a
 * block made on B refuses a challenge made on A.
 */
#include "test_net_pg.h"

static void
registered(struct tc **c, int port, unsigned net, const char *name,
    char *key)
{
	*c = hello_from(port, net);
	tc_ask(*c, "OK #r REGISTER", "#r REGISTER name=%s", name);
	tc_val((*c)->line, "key", key, 40);
	tc_send(*c, "#l LOGIN name=%s key=%s", name, key);
	ok(*c, "#l");
}

void
test_challenge_across(void **state)
{
	struct tc *a, *b;
	char ka[40], kb[40], id[16], want[96];
	const char *l;

	(void)state;
	registered(&a, port_a, 94, "chann", ka);
	registered(&b, port_b, 95, "chbob", kb);
	tc_free(b);
	l = tc_ask(a, "OK #c CHALLENGE game=",
	    "#c CHALLENGE name=chbob clock=300+5 color=white");
	tc_val(l, "game", id, sizeof id);
	/* chbob logs in on B: told of it. */
	b = hello_from(port_b, 95);
	send_ok(b, "#l LOGIN name=chbob key=%s", kb);
	snprintf(want, sizeof want, "EV %s 0 CHALLENGED from=chann ", id);
	assert_non_null(l = tc_wait(b, want, T));
	assert_non_null(strstr(l, " clock=300+5 rated=no seat=black"));
	tc_send(b, "#s CHALLENGES");
	assert_non_null(strstr(reply(b, "#s"), "OK #s CHALLENGES n=1"));
	send_ok(b, "#j JOIN game=%s seat=black", id);
	assert_non_null(ev2(a, id, " JOINED seat=black name=chbob"));
	send_ok(a, "#m MOVE game=%s ply=0 move=c2c3", id);
	assert_non_null(ev2(b, id, " MOVE ply=0 "));

	/* chbob on B: a second challenge is told at once; he declines. */
	l = tc_ask(a, "OK #c CHALLENGE game=",
	    "#c CHALLENGE name=chbob clock=60+0 color=black");
	tc_val(l, "game", id, sizeof id);
	snprintf(want, sizeof want, "EV %s 0 CHALLENGED from=chann ", id);
	assert_non_null(tc_wait(b, want, T));
	send_ok(b, "#d CANCEL game=%s", id);
	assert_non_null(ev2(a, id, " RESULT result=- reason=declined"));
	/* chbob blocks chann on B: her next challenge on A is refused (the
	 * blocks read from the database there). */
	tc_send(b, "#b BLOCK name=chann");
	assert_non_null(strstr(reply(b, "#b"), "OK #b BLOCK name=chann"));
	tc_send(a, "#c CHALLENGE name=chbob clock=60+0");
	assert_non_null(strstr(reply(a, "#c"), "ERR #c 403 BLOCKED"));
	send_ok(b, "#u UNBLOCK name=chann");
	tc_free(a);
	tc_free(b);
}
