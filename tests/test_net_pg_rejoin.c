/*
 * test_net_pg_rejoin.c: REJOIN since=N on server B an instant after the
 * player's own move was stored on A with seq N (B has not read A's news
 * yet): B reads the game's news first, so its answer holds no STATE older
 * than N and a TAKEBACK offer sent right behind the REJOIN is taken. An
 * audit of two servers on one database found 13 to 19 rounds of 60 stale
 * (a STATE at ply 0, then 409 NOTHING_TO_TAKE_BACK); 20 rounds here.
 */
#include <stdio.h>
#include <string.h>

#include "test_net_pg.h"

void
test_rejoin_ahead(void **state)
{
	char id[16], tw[40], seq[16], prefix[32];
	struct tc *w, *b, *w2;
	const char *l;
	int i;

	(void)state;
	for (i = 0; i < 20; i++) {
		/* each round from a network of its own (games a minute) */
		w = hello_from(port_a, 200 + (unsigned)i);
		assert_non_null(b = tc_hello(port_b));
		assert_non_null(w2 = tc_hello(port_b));
		new_game_tok(w, "raw", b, "rab", "", id, tw, NULL);
		assert_non_null(ev2(w, id, " JOINED seat=black"));
		tc_ask(w, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", id);
		tc_val(w->line, "seq", seq, sizeof seq);
		tc_send(w2, "#rj REJOIN game=%s token=%s since=%s", id, tw, seq);
		tc_send(w2, "#tb TAKEBACK game=%s action=offer", id);
		/* Up to the TAKEBACK's answer: no STATE among the events. */
		snprintf(prefix, sizeof prefix, "EV %s ", id);
		for (;;) {
			assert_int_equal(tc_read(w2, T, false), 1);
			l = w2->line;
			if (strncmp(l, prefix, strlen(prefix)) == 0 &&
			    strstr(l, " STATE ") != NULL)
				fail_msg("round %d: REJOIN since=%s: %s", i, seq,
				    l);
			if (strncmp(l, "OK #tb ", 7) == 0)
				break;
			if (strncmp(l, "ERR #tb ", 8) == 0 ||
			    strncmp(l, "ERR #rj ", 8) == 0)
				fail_msg("round %d: %s", i, l);
		}
		tc_free(w);
		tc_free(b);
		tc_free(w2);
	}
}
