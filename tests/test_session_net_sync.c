/*
 * test_session_net_sync.c: what the session learns of a network game
 * other than as it happens, against the fake CGP/1 server
 * (test_session_fake.h), each found by a network audit: the new game's
 * ratings after a rated rematch (not the last game's).
 */
#include "test_session_fake.h"

#define NEWGAME "BCDEFGHI"
#define TOKEN "AAAAAAAAAAAAAAAAAAAAAAAAAA"

/* Joined as Black: GAME's STATE (extra: more keys) and its history
 * (none). */
static void
joined(const char *extra)
{
	expect_line("#j JOIN game=" GAME " seat=black name=bob", NULL, 0);
	send_line("OK #j JOIN game=%s seat=black token=%s", GAME, TOKEN);
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=ann black=bob wpresent=1 "
	    "bpresent=1 waccount=1 baccount=1 %s", GAME, START, START, extra);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
}

/* A rated game over, its rematch: the panel's ratings are the new
 * game's, before its start (its STATE), not the last game's result. */
static void
test_rated_rematch(void **state)
{
	struct session_net *g;
	(void)state;

	connect_fake(join_black);
	g = S.net;
	joined("clock=300+5 wclock=300000 bclock=300000 rated=1 "
	    "wrating=1500 wrd=350 brating=1500 brd=350");
	assert_true(g->rated);
	assert_false(g->rated_over);
	send_line("EV %s 2 RESULT result=1-0 reason=resign wrating=1662 "
	    "wdiff=+162 brating=1338 bdiff=-162", GAME);
	wait_msg("White wins");
	assert_true(g->rated_over);
	assert_int_equal(g->rating[WHITE], 1662);
	assert_int_equal(g->diff[BLACK], -162);

	/* Both asked: the new game, colours swapped. */
	cmd(CMD_REMATCH, NULL);
	expect_line("#R REMATCH game=" GAME, NULL, 0);
	send_line("OK #R REMATCH game=%s", GAME);
	send_line("EV %s 3 REMATCH action=offer side=black", GAME);
	send_line("EV %s 4 REMATCH action=offer side=white", GAME);
	send_line("EV %s 4 REMATCHED game=%s seat=white token=%s", GAME,
	    NEWGAME, TOKEN);
	wait_msg("rematch: game " NEWGAME ", you play White");
	expect_line("#s STATE game=" NEWGAME, NULL, 0);
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=bob black=ann wpresent=1 "
	    "bpresent=1 clock=300+5 wclock=300000 bclock=300000 rated=1 "
	    "wrating=1338 wrd=290 brating=1662 brd=290", NEWGAME, START,
	    START);
	expect_line("#h HISTORY game=" NEWGAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(g->synced);
	assert_int_equal(g->seat, WHITE);
	assert_true(g->rated);
	assert_false(g->rated_over);
	assert_int_equal(g->rating[WHITE], 1338);
	assert_int_equal(g->rating[BLACK], 1662);
	assert_int_equal(g->rd[WHITE], 290);
	disconnect_fake();
}

FAKE_HOME_MAIN("test_session_net_sync",
	cmocka_unit_test(test_rated_rematch))
