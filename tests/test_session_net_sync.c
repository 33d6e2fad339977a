/*
 * test_session_net_sync.c: what the session learns of a network game
 * other than as it happens, against the fake CGP/1 server
 * (test_session_fake.h), each found by a network audit: a game found
 * over in its STATE (watched, taken again) reads as its RESULT does, for
 * every reason; the new game's ratings after a rated rematch (not the
 * last game's).
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

/* Watching GAME: OBSERVE answered, its STATE (status, extra: more
 * keys) and its history (none). */
static void
watched(const char *status, const char *extra)
{
	expect_line("#o OBSERVE game=" GAME, NULL, 0);
	send_line("OK #o OBSERVE game=%s", GAME);
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=%s white=ann black=cy wpresent=1 bpresent=1 "
	    "%s", GAME, START, START, status, extra);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
}

/* Every end the server gives (PROTOCOL.md RESULT): the result shown and
 * said when it comes as it happens (RESULT) and when it is found in the
 * STATE of a game over (watched, or taken again, after it ended) are the
 * same. */
static void
test_result_from_state(void **state)
{
	static const struct {
		const char *result, *reason, *shown;
	} ends[] = {
		{ "0-1", "resign", "Black wins: resignation" },
		{ "1-0", "time", "White wins: Black lost on time" },
		{ "0-1", "time", "Black wins: White lost on time" },
		{ "1-0", "abandoned", "White wins: Black abandoned the game" },
		{ "0-1", "abandoned", "Black wins: White abandoned the game" },
		{ "1/2", "agreement", "Draw: agreement" },
		{ "-", "cancelled", "Game cancelled" },
		{ "1-0", "lion-captured", "White wins: lion captured" },
		{ "0-1", "no-moves", "Black wins: no moves left" },
		{ "1/2", "bare-lions", "Draw: bare lions" },
		{ "1/2", "repetition", "Draw: repetition" },
		{ "0-1", "repetition", "Black wins: White repeated a position" },
		{ "1/2", "quiet-moves", "Draw: quiet moves" },
	};
	char live[96], live_msg[SESSION_MSG_MAX], shown[96], keys[64];
	size_t i;
	(void)state;

	for (i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		/* as it happens */
		connect_fake(observe);
		watched("active", "");
		send_line("EV %s 2 RESULT result=%s reason=%s", GAME,
		    ends[i].result, ends[i].reason);
		WAIT(strcmp(S.net->status, "finished") == 0);
		session_result_text(&S, live, sizeof live);
		snprintf(live_msg, sizeof live_msg, "%s", S.msg.text);
		disconnect_fake();
		assert_string_equal(live, ends[i].shown);

		/* found over */
		connect_fake(observe);
		snprintf(keys, sizeof keys, "result=%s reason=%s",
		    ends[i].result, ends[i].reason);
		watched("finished", keys);
		session_result_text(&S, shown, sizeof shown);
		if (strcmp(shown, live) != 0 ||
		    strcmp(S.msg.text, live_msg) != 0)
			fail_msg("%s %s: '%s' ('%s') from its STATE, '%s' "
			    "('%s') from its RESULT", ends[i].result,
			    ends[i].reason, shown, S.msg.text, live,
			    live_msg);
		disconnect_fake();
	}
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
	cmocka_unit_test(test_result_from_state),
	cmocka_unit_test(test_rated_rematch))
