/*
 * test_net_pg_rejoin.c: REJOIN since=N on server B an instant after the
 * player's own move was stored on A with seq N (B has not read A's news
 * yet): B reads the game's news first, so its answer holds no STATE older
 * than N and a TAKEBACK offer sent right behind the REJOIN is taken. An
 * audit of two servers on one database found 13 to 19 rounds of 60 stale
 * (a STATE at ply 0, then 409 NOTHING_TO_TAKE_BACK); 20 rounds here.
 */
#include <stdio.h>
#include <stdlib.h>
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

/*
 * A REJOIN answered OK on B, and at once the connection it replaced, on
 * A, moves, says, offers a draw or resigns for the seat: refused (403
 * NOT_YOUR_SEAT), whether or not A has heard of the REJOIN yet, and A's
 * connection is told PRESENCE state=replaced. The audit found 36 to 41
 * rounds of 60 accepted (A heard a few ms later); 20 rounds here.
 */
void
test_replaced_acts(void **state)
{
	static const char *const act[] = { "MOVE", "SAY", "DRAW", "RESIGN" };
	static const char *const args[] = { " ply=0 move=c2c3",
	    " :still here", " action=offer", "" };
	char id[16], tw[40], line[96];
	struct tc *w, *b, *w2;
	bool told;
	int i;

	(void)state;
	for (i = 0; i < 20; i++) {
		told = false;
		w = hello_from(port_a, 230 + (unsigned)i);
		assert_non_null(b = tc_hello(port_b));
		assert_non_null(w2 = tc_hello(port_b));
		new_game_tok(w, "rpw", b, "rpb", "", id, tw, NULL);
		assert_non_null(ev2(w, id, " JOINED seat=black"));
		tc_ask(w2, "OK #rj REJOIN", "#rj REJOIN game=%s token=%s", id,
		    tw);
		snprintf(line, sizeof line, "#x %s game=%s%s", act[i % 4], id,
		    args[i % 4]);
		tc_send(w, "%s", line);
		for (;;) {
			assert_int_equal(tc_read(w, T, false), 1);
			if (strncmp(w->line, "OK #x ", 6) == 0)
				fail_msg("round %d: after the REJOIN's OK on B: "
				    "%s", i, w->line);
			if (strncmp(w->line, "ERR #x ", 7) == 0)
				break;
			told |= strstr(w->line, " PRESENCE seat=white "
			    "state=replaced") != NULL;
		}
		assert_non_null(strstr(w->line, " 403 NOT_YOUR_SEAT"));
		assert_true(told || ev2(w, id, " PRESENCE seat=white "
		    "state=replaced") != NULL);
		/* B's connection holds the seat and plays. */
		if (i % 4 == 0)
			tc_ask(w2, "OK #m MOVE", "#m MOVE game=%s ply=0 "
			    "move=c2c3", id);
		tc_free(w);
		tc_free(b);
		tc_free(w2);
	}
}

/*
 * Another server's notice that it took a seat, committed after the REJOIN
 * that took the seat here (a CREATE's notice held up behind others on a
 * loaded machine): the store holds the REJOIN's taking, so B reads it and
 * its connection keeps the seat and plays. Before, the notice replaced it
 * while the store refused the other server's connection too ('replaced'):
 * nobody could play White (seen once in 8 runs beside make check). The
 * late notice is sent by hand, from a server that does not exist. A
 * word that is not newer by the notices' order, with the store naming
 * another taking, and a REJOIN on A after that do take the seat from
 * B's connection.
 */
void
test_stale_claim(void **state)
{
	const char *log = getenv("CONGO_PG_LOG_B");
	char id[16], tw[40], text[96];
	struct tc *w, *b, *w2, *w3;

	(void)state;
	pg_ctl_needed();
	if (log == NULL)
		skip();
	w = hello_from(port_a, 250);
	assert_non_null(b = tc_hello(port_b));
	assert_non_null(w2 = tc_hello(port_b));
	new_game_tok(w, "scw", b, "scb", "", id, tw, NULL);
	/* A's notice of its CREATE heard on B, so that B's REJOIN's notice
	 * comes after it everywhere (A's connection replaced)... */
	assert_true(state_shows(b, id, " wpresent=1 "));
	tc_ask(w2, "OK #rj REJOIN", "#rj REJOIN game=%s token=%s", id, tw);
	assert_non_null(ev2(w, id, " PRESENCE seat=white state=replaced"));
	/* ...and before the late one, which is newer by the notices'
	 * order. */
	assert_int_equal(pg_ctl("sql \"SELECT pg_notify('congo_presence', "
	    "'ZZZZZZZV here %s:0')\"", id), 0);
	snprintf(text, sizeof text, "game %s: white: another server says it "
	    "holds the seat", id);
	if (!log_says(log, text, 3 * T))
		fail_msg("B did not keep its REJOIN's connection");
	tc_ask(w2, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", id);
	/* The other way round (B's notice held up, A's later REJOIN heard
	 * first, then B's: by their order B's is the later): a server's
	 * word that it holds the seat, not newer by the notices' order (an
	 * answer to a server that asks), while the store names another
	 * taking. B reads it, and its connection is replaced. */
	assert_int_equal(pg_ctl("sql \"UPDATE congo_holds SET holder = "
	    "'ZZZZZZZZZZZZZZZZ' WHERE game = '%s' AND seat = 0; "
	    "SELECT pg_notify('congo_presence', 'ZZZZZZZV held %s:0')\"", id,
	    id), 0);
	assert_non_null(ev2(w2, id, " PRESENCE seat=white state=replaced"));
	tc_ask(w2, "ERR #s 403", "#s SAY game=%s :here?", id);
	/* Back on B; a later REJOIN, on A: the store names it, so B's
	 * connection is replaced (after B read the holder) and A's plays. */
	tc_ask(w2, "OK #rj2 REJOIN", "#rj2 REJOIN game=%s token=%s", id, tw);
	w3 = hello_from(port_a, 250);
	tc_ask(w3, "OK #rj REJOIN", "#rj REJOIN game=%s token=%s", id, tw);
	assert_non_null(ev2(w2, id, " PRESENCE seat=white state=replaced"));
	tc_ask(w2, "ERR #g 403", "#g RESIGN game=%s", id);
	tc_ask(w3, "OK #g RESIGN", "#g RESIGN game=%s", id);
	tc_free(w);
	tc_free(b);
	tc_free(w2);
	tc_free(w3);
}
