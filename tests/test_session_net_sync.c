/*
 * test_session_net_sync.c: what the session learns of a network game
 * other than as it happens, against the fake CGP/1 server
 * (test_session_fake.h), each found by a network audit: the chat said
 * while the player was away, shown when the seat is taken again (in a new
 * run or back from the lobby: the game's chat in the panel, what the
 * player did not see said, the last event seen kept with the seat's
 * token for the next run; after a reconnection: what came after the last
 * event seen, nothing twice; a watcher's too); a game found over in its
 * STATE (watched, taken again) reads as its RESULT does, for every
 * reason; the new game's ratings after a rated rematch (not the last
 * game's).
 */
#include "session/session_link.h"
#include "test_session_fake.h"

#define NEWGAME "BCDEFGHI"
#define TOKEN "AAAAAAAAAAAAAAAAAAAAAAAAAA"

/* GAME's STATE as event seq: at ply (White to move) with fen, ann
 * against black, both there (extra: more keys). */
static void
state_ev(long seq, int ply, const char *fen, const char *black,
    const char *extra)
{
	send_line("EV %s %ld STATE variant=congo start=%s fen=%s ply=%d "
	    "turn=white status=active white=ann black=%s wpresent=1 "
	    "bpresent=1 waccount=1 baccount=1 %s", GAME, seq, START, fen, ply,
	    black, extra);
}

/* GAME's history asked for, none given: the game in step. */
static void
history_none(void)
{
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
}

/* The seat taken again, every event after since asked for (and the
 * STATE): the REJOIN answered. */
static void
rejoin_answered(long since)
{
	char want[96];

	snprintf(want, sizeof want, "#r REJOIN game=%s token=%s since=%ld",
	    GAME, TOKEN, since);
	expect_line(want, NULL, 0);
	expect_line("#s STATE game=" GAME, NULL, 0);
	send_line("OK #r REJOIN game=%s seat=black", GAME);
}

/* Joined as Black: GAME's STATE (extra: more keys) and its history
 * (none). */
static void
joined(const char *extra)
{
	expect_line("#j JOIN game=" GAME " seat=black name=bob", NULL, 0);
	send_line("OK #j JOIN game=%s seat=black token=%s", GAME, TOKEN);
	state_ev(1, 0, START, "bob", extra);
	history_none();
}

/* How many messages of the log hold text. */
static int
logged(const char *text)
{
	const struct session_msg *m;
	int back, n = 0;

	for (back = 0; (m = session_log_get(&S, back)) != NULL; back++)
		n += strstr(m->text, text) != NULL;
	return n;
}

static void
rejoin_black(void)
{
	char err[160];

	assert_int_equal(net_client_rejoin(C, GAME, BLACK, TOKEN, err,
	    sizeof err), 0);
}

/* The seat taken again in a new run (congo --game): the REJOIN asks for
 * every event (since=0); the chat of the replay, after the STATE that
 * names the players, fills the panel, and what was said after the
 * player's own last act (a move here) is said as it is live (what came
 * before it, the player saw); the rest of the replay (the seats taken,
 * moves, a draw offer long declined) is neither said nor played, the
 * STATE and HISTORY bring the game. Then the link breaks and comes back:
 * only what came after the last event seen is asked, and a line seen
 * already is not shown again. */
static void
test_missed_chat(void **state)
{
	struct session_net *g;
	char fen[CGP_FEN_MAX];
	(void)state;

	connect_fake(rejoin_black);
	g = S.net;
	rejoin_answered(0);
	send_line("EV %s 1 JOINED seat=white name=ann account=1", GAME);
	send_line("EV %s 2 JOINED seat=black name=bob account=1", GAME);
	wire_after("c2c3", fen);
	send_line("EV %s 3 MOVE ply=0 side=white move=c2c3 fen=%s", GAME, fen);
	send_line("EV %s 4 SAID side=white :good luck", GAME);
	send_line("EV %s 5 SAID side=black :thanks", GAME);
	send_line("EV %s 6 DRAW action=offer side=white", GAME);
	wire_after("c2c3 c6c5", fen);
	send_line("EV %s 7 MOVE ply=1 side=black move=c6c5 fen=%s", GAME, fen);
	send_line("EV %s 8 SAID side=white :where did you go?", GAME);
	send_line("EV %s 8 PRESENCE seat=black state=back", GAME);
	send_line("OK #s STATE game=%s", GAME);
	state_ev(8, 2, fen, "bob", "draw=-");
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=2 plies=2");
	send_line("ITEM #h ply=0 side=white move=c2c3");
	send_line("ITEM #h ply=1 side=black move=c6c5");
	WAIT(g->synced);
	settle();
	assert_int_equal(g->seat, BLACK);
	assert_int_equal(S.game.nply, 2);
	/* the chat, named (the STATE came first), ours in the panel only */
	assert_int_equal(g->nchat, 3);
	assert_string_equal(g->chat[0], "ann: good luck");
	assert_string_equal(g->chat[1], "bob: thanks");
	assert_string_equal(g->chat[2], "ann: where did you go?");
	assert_string_equal(S.msg.text, "ann says: where did you go?");
	assert_int_equal(logged("ann says: where did you go?"), 1);
	assert_int_equal(logged("good luck"), 0);       /* seen then */
	assert_int_equal(logged("says: thanks"), 0);
	/* the rest of the replay: not said, no draw offer standing */
	assert_int_equal(logged("joins as"), 0);
	assert_int_equal(logged("offers a draw"), 0);
	assert_int_equal(g->offer, -1);
	assert_int_equal((int)inlen, 0);        /* no STATE asked again */

	/* The link breaks; said meanwhile: one line. The server replays
	 * from the last event seen; one it sends again is not shown twice. */
	fake_relink();
	rejoin_answered(8);
	send_line("EV %s 8 SAID side=white :where did you go?", GAME);
	send_line("EV %s 9 SAID side=white :are you there?", GAME);
	send_line("OK #s STATE game=%s", GAME);
	state_ev(9, 2, fen, "bob", "draw=-");
	wait_msg("ann says: are you there?");
	settle();
	assert_int_equal(g->nchat, 4);
	assert_string_equal(g->chat[3], "ann: are you there?");
	assert_int_equal(logged("ann says: where did you go?"), 1);
	assert_int_equal((int)inlen, 0);        /* the game here: no sync */
	disconnect_fake();
}

/* The last run's seat: its token kept, and the last event it saw. */
static void
rejoin_kept(void)
{
	char err[160];

	assert_int_equal(net_tokens_save("127.0.0.1", port, GAME, BLACK,
	    TOKEN, err, sizeof err), 0);
	assert_int_equal(net_tokens_mark("127.0.0.1", port, GAME, BLACK, 3,
	    err, sizeof err), 0);
	assert_int_equal(net_client_rejoin(C, GAME, -1, NULL, err,
	    sizeof err), 0);
}

/* A new run (congo --game) takes the seat the last one left: what that
 * run saw (its last event kept with the token) goes to the panel only,
 * what came after it is said; this run's last event is kept in turn. */
static void
test_missed_chat_next_run(void **state)
{
	struct session_net *g;
	(void)state;

	fake_remember = true;
	connect_fake(rejoin_kept);
	g = S.net;
	rejoin_answered(0);
	send_line("EV %s 1 JOINED seat=black name=bob account=1", GAME);
	send_line("EV %s 2 SAID side=white :hi bob", GAME);
	send_line("EV %s 3 SAID side=white :still there?", GAME);
	send_line("EV %s 4 SAID side=white :bye for now", GAME);
	state_ev(4, 0, START, "bob", "");
	wait_msg("ann says: bye for now");
	history_none();
	assert_int_equal(g->nchat, 3);
	assert_int_equal(logged("still there?"), 0);
	assert_int_equal(logged("hi bob"), 0);
	disconnect_fake();
	fake_remember = false;
	assert_int_equal(net_tokens_seen("127.0.0.1", port, GAME, BLACK), 4);
}

/* Back to the lobby and then to the game's seat: its chat again in the
 * panel, said only what came while the player was in the lobby. */
static void
test_missed_chat_lobby(void **state)
{
	struct session_net *g;
	char err[160];
	(void)state;

	connect_fake(join_black);
	g = S.net;
	joined("");
	send_line("EV %s 2 SAID side=white :hi bob", GAME);
	wait_msg("ann says: hi bob");

	/* The lobby: a new connection, no game. */
	session_link_lobby(&S);
	inlen = 0;
	fake_relink();
	WAIT(strcmp(g->conn, "online") == 0 && !g->leaving);
	assert_int_equal(g->nchat, 0);

	/* Said meanwhile; then the seat taken again from there. */
	assert_int_equal(net_client_rejoin(C, GAME, BLACK, TOKEN, err,
	    sizeof err), 0);
	rejoin_answered(0);
	send_line("EV %s 1 JOINED seat=black name=bob account=1", GAME);
	send_line("EV %s 2 SAID side=white :hi bob", GAME);
	send_line("EV %s 3 SAID side=white :gone already?", GAME);
	state_ev(3, 0, START, "bob", "");
	wait_msg("ann says: gone already?");
	history_none();
	assert_int_equal(g->nchat, 2);
	assert_string_equal(g->chat[0], "ann: hi bob");
	assert_int_equal(logged("ann says: hi bob"), 1);        /* once */
	disconnect_fake();
}

/* Watching, the link broken while the game was being brought (its
 * HISTORY not yet come): OBSERVE again from the last event seen, its chat
 * shown after the STATE, which brings the game. */
static void
test_watcher_missed_chat(void **state)
{
	char line[200];
	(void)state;

	connect_fake(observe);
	expect_line("#o OBSERVE game=" GAME, line, sizeof line);
	assert_null(strstr(line, "since="));    /* new to the game */
	send_line("OK #o OBSERVE game=%s", GAME);
	state_ev(5, 0, START, "cy", "");
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	fake_relink();
	expect_line("#o OBSERVE game=" GAME " since=5", NULL, 0);
	expect_line("#s STATE game=" GAME, NULL, 0);
	send_line("OK #o OBSERVE game=%s", GAME);
	send_line("EV %s 6 SAID side=black :hello watchers", GAME);
	state_ev(6, 0, START, "cy", "");
	wait_msg("cy says: hello watchers");
	history_none();
	assert_int_equal(S.net->nchat, 1);
	disconnect_fake();
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
	history_none();
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

/* A network game's record (:pgn, :save) has each move's clock as the
 * server's MOVE said it (issue 62: none at all). */
static void
test_record_clocks(void **state)
{
	(void)state;
	connect_fake(join_black);
	joined("clock=300+5 wclock=300000 bclock=300000");
	send_line("EV %s 2 MOVE ply=0 side=white move=c2c3 fen=x "
	    "wclock=300000 bclock=300000", GAME);
	send_line("EV %s 3 MOVE ply=1 side=black move=c6c5 fen=x "
	    "wclock=300000 bclock=300000", GAME);
	send_line("EV %s 4 MOVE ply=2 side=white move=d2d3 fen=x "
	    "wclock=296000 bclock=300000", GAME);
	WAIT(S.game.nply == 3);
	cmd(CMD_PGN, NULL);
	assert_non_null(S.clip_long);
	assert_non_null(strstr(S.clip_long, "1. c2c3 {[%clk 0:05:00]} c6c5 "
	    "{[%clk 0:05:00]} 2. d2d3 {[%clk 0:04:56]}"));
	disconnect_fake();
}

FAKE_HOME_MAIN("test_session_net_sync",
	cmocka_unit_test(test_record_clocks),
	cmocka_unit_test(test_missed_chat),
	cmocka_unit_test(test_missed_chat_next_run),
	cmocka_unit_test(test_missed_chat_lobby),
	cmocka_unit_test(test_watcher_missed_chat),
	cmocka_unit_test(test_result_from_state),
	cmocka_unit_test(test_rated_rematch))
