/*
 * test_net_session.c: the server's session logic without sockets: HELLO,
 * seats, tokens, turns, the ply guard, draw offers, resign, results,
 * presence, observers, limits, storage failures, and the rebuild at start.
 */
#include "test_net_util.h"
#include "test_main.h"

/* conn 0 creates the game as white (ann), conn 1 joins as black (bob). */
static void
t_setup(struct t_fake *f, struct t_game *tg, const char *fen)
{
	const char *l;

	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.0.2");
	if (fen != NULL)
		t_say(f, 0, "#c CREATE seat=white name=ann fen=%s", fen);
	else
		t_say(f, 0, "#c CREATE seat=white name=ann");
	l = t_expect(f, 0, "OK #c CREATE game=");
	t_val(l, "game", tg->id, sizeof tg->id);
	t_val(l, "token", tg->tw, sizeof tg->tw);
	t_expect(f, 0, "EV ");
	l = t_ask(f, 1, "OK #j JOIN game=",
	    "#j JOIN game=%s seat=black name=bob", tg->id);
	t_val(l, "token", tg->tb, sizeof tg->tb);
	t_drain(f, 0);
	t_drain(f, 1);
}

static void
test_hello(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);

	(void)state;
	assert_int_equal(sess_open(f->s, 0, "10.0.0.1", f->now), 0);
	t_expect(f, 0, "HELLO CGP/1 server=congo-server/test");
	t_ask(f, 0, "ERR #a 426 HELLO_REQUIRED", "#a LIST");
	/* Any known verb before HELLO, even PONG and QUIT: 426. */
	t_exchanges(f, NULL, (const struct t_exchange[]){
		{ 0, "PONG x", "ERR * 426 HELLO_REQUIRED" },
		{ 0, "#q QUIT", "ERR #q 426 HELLO_REQUIRED" },
		{ 0, "#u FROB", "ERR #u 405 UNKNOWN_COMMAND" },
		{ 0, NULL, NULL } });
	assert_false(f->closed[0]);
	t_exchanges(f, NULL, (const struct t_exchange[]){
		{ 0, "HELLO", "ERR * 400 BAD_SYNTAX" },
		{ 0, "#h HELLO CGP/1 client=t",
		    "OK #h HELLO proto=CGP/1 server=congo-server/test" },
		{ 0, "HELLO CGP/1", "OK * HELLO" },
		{ 0, NULL, NULL } });
	t_say(f, 0, "%s", "");   /* an empty line */
	t_nothing(f, 0);
	t_exchanges(f, NULL, (const struct t_exchange[]){
		{ 0, "#p PING abc", "PONG abc" },
		{ 0, "PING", "PONG" },
		{ 0, "#x FROB", "ERR #x 405 UNKNOWN_COMMAND" },
		{ 0, "#x LIST oops", "ERR #x 400 BAD_SYNTAX" },
		{ 0, "#x LIST \x01", "ERR * 400 BAD_SYNTAX" },
		{ 0, NULL, NULL } });
	assert_false(f->closed[0]);
	t_ask(f, 0, "OK #q QUIT", "#q QUIT");
	assert_true(f->closed[0]);
	/* Nothing more is answered on a closing connection. */
	t_say(f, 0, "PING a");
	t_nothing(f, 0);
	sess_close(f->s, 0, f->now);

	assert_int_equal(sess_open(f->s, 1, "10.0.0.1", f->now), 0);
	t_expect(f, 1, "HELLO");
	t_ask(f, 1, "ERR * 505 VERSION_UNSUPPORTED", "HELLO CGP/2");
	assert_true(f->closed[1]);
	sess_close(f->s, 1, f->now);
	assert_int_equal(sess_nconns(f->s), 0);

	assert_int_equal(sess_open(f->s, 2, "10.0.0.1", f->now), 0);
	t_drain(f, 2);
	sess_line_too_long(f->s, 2);
	t_expect(f, 2, "ERR * 413 LINE_TOO_LONG");
	assert_true(f->closed[2]);
	t_free(f);
}

static void
test_create_join(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	char id[16], tok[40];
	const char *l;

	(void)state;
	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.0.2");
	t_hello(f, 2, "10.0.0.3");
	l = t_ask(f, 0, "OK #1 CREATE game=", "#1 CREATE seat=white name=ann");
	t_val(l, "game", id, sizeof id);
	assert_true(cgp_valid_game(id));
	t_val(l, "token", tok, sizeof tok);
	assert_true(cgp_valid_token(tok));
	l = t_event(f, 0, " 1 STATE variant=congo start=gmelecz/ppppppp/7/7/7/"
	    "PPPPPPP/GMELECZ_w_0_1 fen=gmelecz/ppppppp/7/7/7/PPPPPPP/"
	    "GMELECZ_w_0_1 ply=0 turn=white status=open white=ann black=- "
	    "wpresent=1 bpresent=0");
	t_nothing(f, 0);

	/* Moving before the game starts. */
	t_exchanges(f, id, (const struct t_exchange[]){
		{ 0, "#2 MOVE game=%s ply=0 move=c2c3",
		    "ERR #2 425 NOT_STARTED :waiting for black to join" },
		{ 1, "#3 JOIN game=%s seat=white", "ERR #3 409 SEAT_TAKEN" },
		{ 1, "#3 JOIN game=%s", "ERR #3 400 BAD_SYNTAX" },
		{ 1, "#3 JOIN game=%s seat=red", "ERR #3 400 BAD_SYNTAX" },
		{ 1, "#3 JOIN game=%s seat=black name=b:b",
		    "ERR #3 400 BAD_SYNTAX" },
		{ 1, "#3 JOIN game=AAAAAAAA seat=black",
		    "ERR #3 404 NO_SUCH_GAME" },
		{ 1, "#3 JOIN game=AAAA seat=black", "ERR #3 400 BAD_SYNTAX" },
		{ 1, "#3 JOIN seat=black", "ERR #3 400 BAD_SYNTAX" },
		{ 0, NULL, NULL } });
	t_nothing(f, 0);

	/* Game ids are accepted in lower case too. */
	for (l = id, tok[0] = '\0'; *l != '\0'; l++)
		sprintf(tok + strlen(tok), "%c", *l >= 'A' && *l <= 'Z' ?
		    *l - 'A' + 'a' : *l);
	l = t_ask(f, 1, "OK #4 JOIN game=",
	    "#4 JOIN game=%s seat=black name=bob", tok);
	assert_non_null(strstr(l, " seat=black token="));
	l = t_event(f, 1, " 2 STATE ");
	assert_non_null(strstr(l, " status=active white=ann black=bob "
	    "wpresent=1 bpresent=1"));
	t_event(f, 1, " 2 JOINED seat=black name=bob");
	t_event(f, 0, " 2 JOINED seat=black name=bob");
	t_nothing(f, 2);

	/* A game without a seat; with a bad FEN; an already decided one. */
	l = t_ask(f, 2, "OK #5 CREATE game=", "#5 CREATE");
	assert_null(strstr(l, "token="));
	t_nothing(f, 2);
	t_ask(f, 2, "ERR #6 400 BAD_SYNTAX :fen=:", "#6 CREATE fen=xyz_w");
	t_ask(f, 2, "ERR #6 400 BAD_SYNTAX", "#6 CREATE fen=a;b");
	t_ask(f, 2,
	    "ERR #6 400 BAD_SYNTAX :fen=: that position is " "already decided",
	    "#6 CREATE fen=2l4/7/7/7/7/7/3L3_w");
	t_ask(f, 2, "ERR #6 400 BAD_SYNTAX", "#6 CREATE seat=green");
	assert_int_equal(sess_ngames(f->s), 2);
	t_free(f);
}

static void
test_moves_and_ply_guard(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	const char *l;

	(void)state;
	t_setup(f, &g, NULL);
	t_hello(f, 2, "10.0.0.3");

	t_exchanges(f, g.id, (const struct t_exchange[]){
		{ 1, "#m MOVE game=%s ply=0 move=c6c5",
		    "ERR #m 420 NOT_YOUR_TURN" },
		{ 2, "#m MOVE game=%s ply=0 move=c2c3",
		    "ERR #m 403 NOT_YOUR_SEAT" },
		{ 0, "#m MOVE game=%s ply=1 move=c2c3",
		    "ERR #m 412 WRONG_PLY current=0" },
		{ 0, "#m MOVE game=%s ply=0 move=c2c5",
		    "ERR #m 422 ILLEGAL_MOVE" },
		{ 0, "#m MOVE game=%s ply=0 move=x2c3",
		    "ERR #m 400 BAD_SYNTAX" },
		{ 0, "#m MOVE game=%s ply=zero move=c2c3",
		    "ERR #m 400 BAD_SYNTAX" },
		{ 0, "#m MOVE game=%s move=c2c3",
		    "ERR #m 400 BAD_SYNTAX :ply= is missing" },
		{ 0, "#m MOVE game=%s ply=0",
		    "ERR #m 400 BAD_SYNTAX :move= is missing" },
		{ 0, "#m MOVE game=ZZZZZZZZ ply=0 move=c2c3",
		    "ERR #m 404 NO_SUCH_GAME" },
		{ 0, NULL, NULL } });
	t_nothing(f, 1);

	t_ask(f, 0, "OK #m MOVE game=", "#m MOVE game=%s ply=0 move=C2C3",
	    g.id);
	assert_non_null(strstr(t_last, " ply=1 seq=3"));
	t_event(f, 0, " 3 MOVE ply=0 side=white move=c2c3 "
	    "fen=gmelecz/ppppppp/7/7/2P4/PP1PPPP/GMELECZ_b_1_1");
	t_event(f, 1, " 3 MOVE ply=0 side=white move=c2c3");
	/* The same move resent (say after a lost OK) changes nothing. */
	t_ask(f, 0, "ERR #r 412 WRONG_PLY current=1",
	    "#r MOVE game=%s ply=0 move=c2c3", g.id);
	t_nothing(f, 1);
	t_ask(f, 0, "ERR #m 420 NOT_YOUR_TURN",
	    "#m MOVE game=%s ply=1 move=d2d3", g.id);
	t_ask(f, 1, "OK #n MOVE", "#n MOVE game=%s ply=1 move=c6c5", g.id);
	assert_non_null(strstr(t_last, " ply=2 seq=4"));
	t_expect(f, 0, "EV ");
	t_expect(f, 1, "EV ");

	/* HISTORY and STATE. */
	t_ask(f, 2, "OK #h HISTORY game=", "#h HISTORY game=%s", g.id);
	assert_non_null(strstr(t_last, " n=2"));
	t_expect(f, 2, "ITEM #h ply=0 side=white move=c2c3");
	t_expect(f, 2, "ITEM #h ply=1 side=black move=c6c5");
	t_ask(f, 2, "OK #h HISTORY", "#h HISTORY game=%s from=1", g.id);
	t_expect(f, 2, "ITEM #h ply=1 side=black move=c6c5");
	t_nothing(f, 2);
	t_ask(f, 2, "ERR #h 400 BAD_SYNTAX", "#h HISTORY game=%s from=x",
	    g.id);
	t_ask(f, 2, "OK #s STATE game=", "#s STATE game=%s", g.id);
	l = t_event(f, 2, " 4 STATE ");
	assert_non_null(strstr(l, " ply=2 turn=white status=active"));
	t_free(f);
}

static void
test_monkey_and_lion(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;

	(void)state;
	/* A white monkey on a1 takes b2 and c4 in one move. */
	t_setup(f, &g, "3l3/7/7/2p4/7/1p5/M2L3_w_0_1");
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=0 move=a1c3c5", g.id);
	t_event(f, 0, " MOVE ply=0 side=white move=a1c3c5 "
	    "fen=3l3/7/2M4/7/7/7/3L3_b_0_1");
	t_drain(f, 1);
	/* The lions face each other on the d file: black takes. */
	t_ask(f, 1, "OK #l MOVE", "#l MOVE game=%s ply=1 move=d7d1", g.id);
	t_event(f, 1, " 4 MOVE ply=1 side=black move=d7d1");
	t_event(f, 1, " 5 RESULT result=0-1 reason=lion-captured");
	t_expect(f, 0, "EV ");
	t_event(f, 0, "RESULT result=0-1");
	t_exchanges(f, g.id, (const struct t_exchange[]){
		{ 0, "#z MOVE game=%s ply=2 move=c5c6",
		    "ERR #z 410 GAME_OVER" },
		{ 0, "#z RESIGN game=%s", "ERR #z 410 GAME_OVER" },
		{ 0, "#s STATE game=%s", "OK #s" },
		{ 0, NULL, NULL } });
	t_event(f, 0, " status=finished result=0-1 reason=lion-captured ");
	t_free(f);
}

static void
test_resign(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;

	(void)state;
	t_setup(f, &g, NULL);
	t_hello(f, 2, "10.0.0.3");
	t_ask(f, 2, "ERR #r 403 NOT_YOUR_SEAT", "#r RESIGN game=%s", g.id);
	/* Either side may resign, on its turn or not (once both have
	 * moved: before, it is an abort, test_net_fair). */
	t_both_moved(f, g.id);
	t_ask(f, 1, "OK #r RESIGN game=", "#r RESIGN game=%s", g.id);
	t_event(f, 1, " 5 RESULT result=1-0 reason=resign");
	t_event(f, 0, " 5 RESULT result=1-0 reason=resign");
	t_ask(f, 1, "ERR #j 410 GAME_OVER", "#j JOIN game=%s seat=black",
	    g.id);
	t_free(f);
}

static void
test_draw_offers(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;

	(void)state;
	t_setup(f, &g, NULL);
	t_exchanges(f, g.id, (const struct t_exchange[]){
		{ 0, "#d DRAW game=%s", "ERR #d 400 BAD_SYNTAX" },
		{ 0, "#d DRAW game=%s action=maybe", "ERR #d 400 BAD_SYNTAX" },
		{ 0, "#d DRAW game=%s action=accept",
		    "ERR #d 422 ILLEGAL_MOVE" },
		{ 0, "#d DRAW game=%s action=offer", "OK #d DRAW game=" },
		{ 0, NULL, NULL } });
	t_event(f, 0, " 3 DRAW action=offer side=white");
	t_event(f, 1, " 3 DRAW action=offer side=white");
	/* Offering again changes nothing. */
	t_ask(f, 0, "OK #d DRAW", "#d DRAW game=%s action=offer", g.id);
	t_nothing(f, 0);
	t_nothing(f, 1);
	t_ask(f, 0, "ERR #d 422 ILLEGAL_MOVE",
	    "#d DRAW game=%s action=decline", g.id);
	t_ask(f, 1, "OK #e DRAW", "#e DRAW game=%s action=decline", g.id);
	t_event(f, 1, " 4 DRAW action=decline side=black");
	t_expect(f, 0, "EV ");
	t_ask(f, 1, "ERR #e 422 ILLEGAL_MOVE", "#e DRAW game=%s action=accept",
	    g.id);

	/* White offers, moves; the offer stands until black moves. */
	t_ask(f, 0, "OK #d", "#d DRAW game=%s action=offer", g.id);
	t_expect(f, 0, "EV ");
	t_ask(f, 0, "OK #m", "#m MOVE game=%s ply=0 move=c2c3", g.id);
	t_expect(f, 0, "EV ");
	t_ask(f, 0, "OK #s", "#s STATE game=%s", g.id);
	t_event(f, 0, " draw=white");
	t_drain(f, 1);
	t_ask(f, 1, "OK #m", "#m MOVE game=%s ply=1 move=c6c5", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "ERR #e 422 ILLEGAL_MOVE", "#e DRAW game=%s action=accept",
	    g.id);

	/* An offer met by the other side's offer is a draw. */
	t_ask(f, 1, "OK #e", "#e DRAW game=%s action=offer", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 0, "OK #a DRAW", "#a DRAW game=%s action=accept", g.id);
	t_event(f, 0, " RESULT result=1/2 reason=agreement");
	t_event(f, 1, " RESULT result=1/2");
	t_ask(f, 0, "ERR #a 410 GAME_OVER", "#a DRAW game=%s action=offer",
	    g.id);
	t_free(f);
}

static void
test_rejoin_and_presence(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	char bad[40];

	(void)state;
	t_setup(f, &g, NULL);
	t_say(f, 0, "#m MOVE game=%s ply=0 move=c2c3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);

	/* Black drops: white sees it. */
	sess_close(f->s, 1, f->now);
	t_event(f, 0, " 3 PRESENCE seat=black state=gone");

	/* A stranger with a wrong token. */
	t_hello(f, 2, "10.0.0.9");
	snprintf(bad, sizeof bad, "%s", g.tb);
	bad[0] = bad[0] == 'A' ? 'B' : 'A';
	t_ask(f, 2, "ERR #r 401 BAD_TOKEN", "#r REJOIN game=%s token=%s", g.id,
	    bad);
	t_ask(f, 2, "ERR #r 401 BAD_TOKEN", "#r REJOIN game=%s token=short",
	    g.id);
	/* No token, and no account's seat: a wrong token (PROTOCOL.md). */
	t_ask(f, 2, "ERR #r 401 BAD_TOKEN :without token=",
	    "#r REJOIN game=%s", g.id);
	t_ask(f, 2, "ERR #r 400 BAD_SYNTAX",
	    "#r REJOIN game=%s token=%s since=x", g.id, g.tb);
	t_nothing(f, 0);

	/* Black comes back with its token and what it missed. */
	t_hello(f, 3, "10.0.0.2");
	t_ask(f, 3, "OK #r REJOIN game=", "#r REJOIN game=%s token=%s since=2",
	    g.id, g.tb);
	assert_non_null(strstr(t_last, " seat=black"));
	t_event(f, 3, " 3 MOVE ply=0 side=white move=c2c3");
	t_nothing(f, 3);
	t_event(f, 0, " 3 PRESENCE seat=black state=back");
	t_ask(f, 3, "OK #m", "#m MOVE game=%s ply=1 move=c6c5", g.id);

	/* The same token from another connection takes the seat over. */
	t_hello(f, 4, "10.0.0.2");
	t_ask(f, 4, "OK #r REJOIN", "#r REJOIN game=%s token=%s", g.id, g.tb);
	t_event(f, 4, " 4 STATE ");
	assert_non_null(strstr(t_last, " ply=2 "));
	t_drain(f, 3);
	/* ... the older one was told, and can no longer move for it. */
	t_say(f, 0, "#m MOVE game=%s ply=2 move=d2d3", g.id);
	t_drain(f, 0);
	t_expect(f, 4, "EV ");
	t_nothing(f, 3);
	t_ask(f, 3, "ERR #m 403 NOT_YOUR_SEAT",
	    "#m MOVE game=%s ply=3 move=d6d5", g.id);
	/* REJOIN with since past the end gives STATE. */
	t_ask(f, 4, "OK #r", "#r REJOIN game=%s token=%s since=99", g.id,
	    g.tb);
	t_event(f, 4, " STATE ");
	t_free(f);
}

static void
test_replaced(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;

	(void)state;
	t_setup(f, &g, NULL);
	t_hello(f, 2, "10.0.0.1");
	t_ask(f, 2, "OK #r REJOIN", "#r REJOIN game=%s token=%s", g.id, g.tw);
	t_expect(f, 2, "EV ");
	t_event(f, 0, " 2 PRESENCE seat=white state=replaced");
	t_nothing(f, 1);
	/* The replaced connection no longer hears the game. */
	t_ask(f, 2, "OK #m", "#m MOVE game=%s ply=0 move=c2c3", g.id);
	t_nothing(f, 0);
	t_expect(f, 1, "EV ");
	/* Closing it does not mark white gone. */
	sess_close(f->s, 0, f->now);
	t_nothing(f, 1);
	t_free(f);
}

static void
test_observers(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;

	(void)state;
	t_setup(f, &g, NULL);
	t_hello(f, 2, "10.0.0.3");
	t_hello(f, 3, "10.0.0.4");
	t_hello(f, 4, "10.0.0.5");
	t_ask(f, 2, "OK #o OBSERVE game=", "#o OBSERVE game=%s", g.id);
	t_event(f, 2, " 2 STATE ");
	t_ask(f, 3, "OK #o OBSERVE", "#o OBSERVE game=%s since=0", g.id);
	t_event(f, 3, " 1 JOINED seat=white name=ann");
	t_event(f, 3, " 2 JOINED seat=black name=bob");
	t_nothing(f, 3);
	/* The limit is two observers. */
	t_ask(f, 4, "ERR #o 503 BUSY", "#o OBSERVE game=%s", g.id);
	/* Observing twice takes no second place. */
	t_ask(f, 2, "OK #o", "#o OBSERVE game=%s since=2", g.id);
	t_nothing(f, 2);
	/* Observers hear moves and presence, and cannot play. */
	t_say(f, 0, "#m MOVE game=%s ply=0 move=c2c3", g.id);
	t_event(f, 2, " 3 MOVE ply=0");
	t_expect(f, 3, "EV ");
	t_ask(f, 2, "ERR #m 403 NOT_YOUR_SEAT",
	    "#m MOVE game=%s ply=1 move=c6c5", g.id);
	t_ask(f, 2, "ERR #d 403 NOT_YOUR_SEAT", "#d DRAW game=%s action=offer",
	    g.id);
	sess_close(f->s, 1, f->now);
	t_event(f, 2, " PRESENCE seat=black state=gone");
	/* A departed observer frees its place. */
	sess_close(f->s, 3, f->now);
	t_ask(f, 4, "OK #o", "#o OBSERVE game=%s", g.id);
	t_free(f);
}

static void
test_storage_failure(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;

	(void)state;
	t_hello(f, 2, "10.0.0.3");
	f->fail = 1;
	t_ask(f, 2, "ERR #c 507 STORAGE_FAILED", "#c CREATE seat=white");
	assert_int_equal(sess_ngames(f->s), 0);

	t_setup(f, &g, NULL);
	f->fail = 1;
	t_ask(f, 0, "ERR #m 507 STORAGE_FAILED",
	    "#m MOVE game=%s ply=0 move=c2c3", g.id);
	t_nothing(f, 1);
	/* Nothing changed: the same move at the same ply goes through. */
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", g.id);
	assert_non_null(strstr(t_last, " ply=1 seq=3"));
	t_drain(f, 1);
	f->fail = 1;
	t_ask(f, 1, "ERR #d 507 STORAGE_FAILED",
	    "#d DRAW game=%s action=offer", g.id);
	f->fail = 1;
	t_ask(f, 1, "ERR #r 507 STORAGE_FAILED", "#r RESIGN game=%s", g.id);
	t_ask(f, 1, "OK #s", "#s STATE game=%s", g.id);
	t_event(f, 1, " 3 STATE ");
	assert_non_null(strstr(t_last, " status=active "));
	assert_non_null(strstr(t_last, " draw=-"));
	t_hello(f, 3, "10.0.0.4");
	f->fail = 1;
	t_ask(f, 3, "ERR #j 409 SEAT_TAKEN", "#j JOIN game=%s seat=white",
	    g.id);
	t_free(f);
}

/* A full disk refuses every command: the log gets the 1st, 10th, 100th...
 * failure in a row, and a line when storing works again. */
static void
test_storage_failure_log(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	int i, before;

	(void)state;
	t_setup(f, &g, NULL);
	before = f->nlog;
	f->fail = 250;
	for (i = 0; i < 250; i++) {
		t_ask(f, 0, "ERR #m 507 STORAGE_FAILED",
		    "#m MOVE game=%s ply=0 move=c2c3", g.id);
		if (i == 0) {
			assert_int_equal(f->nlog, before + 1);
			assert_non_null(strstr(f->lastlog, "storing failed: "
			    "disk on fire"));
		}
	}
	assert_int_equal(f->nlog, before + 3);
	assert_non_null(strstr(f->lastlog, "disk on fire (100 times in a "
	    "row)"));
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", g.id);
	assert_int_equal(f->nlog, before + 4);
	assert_non_null(strstr(f->lastlog, "storing works again (250 "
	    "commands refused before)"));
	t_free(f);
}

static void
test_list(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	char id2[16];
	const char *l;

	(void)state;
	t_setup(f, &g, NULL);
	t_hello(f, 2, "10.0.0.3");
	l = t_ask(f, 2, "OK #c", "#c CREATE seat=black name=cy");
	t_val(l, "game", id2, sizeof id2);
	t_drain(f, 2);
	t_ask(f, 2, "OK #l LIST n=2", "#l LIST");
	t_expect(f, 2, "ITEM #l game=");
	assert_non_null(strstr(t_last, id2));
	assert_non_null(strstr(t_last, " status=open white=- black=cy ply=0"));
	t_expect(f, 2, "ITEM #l game=");
	assert_non_null(strstr(t_last, " status=active white=ann black=bob"));
	t_ask(f, 2, "OK #l LIST n=1", "#l LIST status=open");
	t_expect(f, 2, "ITEM #l");
	t_ask(f, 2, "OK #l LIST n=0", "#l LIST status=finished");
	t_ask(f, 2, "OK #l LIST n=1", "#l LIST limit=1");
	t_expect(f, 2, "ITEM");
	t_ask(f, 2, "OK #l LIST n=2", "#l LIST limit=100000");
	t_drain(f, 2);
	t_ask(f, 2, "ERR #l 400 BAD_SYNTAX", "#l LIST status=gone");
	t_ask(f, 2, "ERR #l 400 BAD_SYNTAX", "#l LIST limit=-3");
	t_free(f);
}

static void
test_history_pages(void **state)
{
	static const struct game_rules endless = { false, 0 };
	static const char *const shuffle[4] = { "g1f3", "g7f5", "f3g1",
		"f5g7" };
	struct t_fake *f = t_new(NULL, &endless);
	struct t_game g;
	int ply;

	(void)state;
	t_setup(f, &g, NULL);
	for (ply = 0; ply < 210; ply++) {
		t_ask(f, ply % 2, "OK * MOVE", "MOVE game=%s ply=%d move=%s",
		    g.id, ply, shuffle[ply % 4]);
		t_drain(f, 0);
		t_drain(f, 1);
	}
	t_ask(f, 0, "OK #h HISTORY", "#h HISTORY game=%s", g.id);
	assert_non_null(strstr(t_last, " n=200 plies=210"));
	t_drain(f, 0);
	t_ask(f, 0, "OK #h HISTORY", "#h HISTORY game=%s from=200", g.id);
	assert_non_null(strstr(t_last, " n=10"));
	t_expect(f, 0, "ITEM #h ply=200 side=white move=g1f3");
	t_drain(f, 0);
	t_ask(f, 0, "OK #h HISTORY", "#h HISTORY game=%s from=500", g.id);
	assert_non_null(strstr(t_last, " n=0"));
	t_free(f);
}

static void
test_rebuild(void **state)
{
	struct t_fake *f = t_new(NULL, NULL), *f2 = t_new(NULL, NULL);
	struct t_game g;
	char state1[2048];

	(void)state;
	t_setup(f, &g, NULL);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f, 1, "DRAW game=%s action=offer", g.id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	t_say(f, 0, "DRAW game=%s action=decline", g.id);
	t_say(f, 0, "DRAW game=%s action=offer", g.id);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	t_ask(f, 0, "OK #s", "#s STATE game=%s", g.id);
	t_expect(f, 0, "EV ");
	snprintf(state1, sizeof state1, "%s", t_last);
	assert_non_null(strstr(state1, " 7 STATE "));
	assert_non_null(strstr(state1, " draw=white"));

	t_reload(f, f2);
	assert_int_equal(sess_ngames(f2->s), 1);
	t_hello(f2, 0, "10.0.0.1");
	t_ask(f2, 0, "OK * REJOIN", "REJOIN game=%s token=%s", g.id, g.tw);
	t_expect(f2, 0, "EV ");
	/* The same state, but nobody is connected to black's seat. */
	assert_string_equal(t_last, state1);
	t_hello(f2, 1, "10.0.0.2");
	t_ask(f2, 1, "OK * REJOIN", "REJOIN game=%s token=%s since=0", g.id,
	    g.tb);
	t_event(f2, 1, " 1 JOINED");
	t_drain(f2, 1);
	t_drain(f2, 0);
	t_ask(f2, 1, "OK #a DRAW", "#a DRAW game=%s action=accept", g.id);
	t_event(f2, 1, " 8 RESULT result=1/2 ");
	t_free(f);
	t_free(f2);
}

static void
test_rebuild_errors(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	char err[256];
	const char *start = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1";
	const char *tok = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	char hash[CGP_HASH_LEN + 1];

	struct store_game_row row = { "AAAAAAAA", "xyz_w", NULL, NULL, NULL,
		1, 200, -1, 0, false };

	(void)state;
	net_token_hash(tok, hash);
	assert_int_equal(sess_load_game(f->s, &row, err, sizeof err), -1);
	assert_non_null(strstr(err, "AAAAAAAA"));
	row.start = start;
	row.variant = "chess";
	assert_int_equal(sess_load_game(f->s, &row, err, sizeof err), -1);
	assert_non_null(strstr(err, "chess"));
	row.variant = NULL;
	row.clock = "0+5";
	assert_int_equal(sess_load_game(f->s, &row, err, sizeof err), -1);
	row.clock = NULL;
	assert_int_equal(sess_load_game(f->s, &row, err, sizeof err), 0);
	assert_int_equal(sess_load_game(f->s, &row, err, sizeof err), -1);
	assert_int_equal(sess_load_seat(f->s, "AAAAAAAA", 0, "ann", "bad",
	    err, sizeof err), -1);
	/* Seats keep the token's hash, never the token. */
	assert_int_equal(sess_load_seat(f->s, "AAAAAAAA", 0, "ann", tok,
	    err, sizeof err), -1);
	assert_int_equal(sess_load_seat(f->s, "AAAAAAAA", 0, "ann", hash,
	    err, sizeof err), 0);
	assert_int_equal(sess_load_event(f->s, "AAAAAAAA", 2, "JOINED",
	    "seat=white name=ann", err, sizeof err), -1);
	assert_non_null(strstr(err, "sequence"));
	assert_int_equal(sess_load_event(f->s, "AAAAAAAA", 1, "JOINED",
	    "seat=white name=ann", err, sizeof err), 0);
	assert_int_equal(sess_load_event(f->s, "AAAAAAAA", 2, "MOVE",
	    "ply=0 side=white move=c2c5 fen=x", err, sizeof err), -1);
	assert_non_null(strstr(err, "event 2"));
	assert_int_equal(sess_load_event(f->s, "AAAAAAAA", 2, "MOVE",
	    "ply=0 side=white move=c2c3 fen=x", err, sizeof err), -1);
	assert_non_null(strstr(err, "differs"));
	assert_int_equal(sess_load_event(f->s, "BBBBBBBB", 1, "MOVE",
	    "ply=0", err, sizeof err), -1);
	t_free(f);
}

static void
test_token_helpers(void **state)
{
	char a[CGP_TOKEN_LEN + 1], b[CGP_TOKEN_LEN + 1], id[CGP_ID_LEN + 1];

	(void)state;
	assert_int_equal(net_new_token(a), 0);
	assert_int_equal(net_new_token(b), 0);
	assert_true(cgp_valid_token(a));
	assert_true(net_token_equal(a, a));
	assert_false(net_token_equal(a, b));
	assert_false(net_token_equal(a, ""));
	assert_false(net_token_equal("", ""));
	memcpy(b, a, sizeof b);
	b[CGP_TOKEN_LEN - 1] ^= 1;
	assert_false(net_token_equal(a, b));
	assert_int_equal(net_new_game_id(id), 0);
	assert_true(cgp_valid_game(id));
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_hello),
	cmocka_unit_test(test_create_join),
	cmocka_unit_test(test_moves_and_ply_guard),
	cmocka_unit_test(test_monkey_and_lion),
	cmocka_unit_test(test_resign),
	cmocka_unit_test(test_draw_offers),
	cmocka_unit_test(test_rejoin_and_presence),
	cmocka_unit_test(test_replaced),
	cmocka_unit_test(test_observers),
	cmocka_unit_test(test_storage_failure),
	cmocka_unit_test(test_storage_failure_log),
	cmocka_unit_test(test_list),
	cmocka_unit_test(test_history_pages),
	cmocka_unit_test(test_rebuild),
	cmocka_unit_test(test_rebuild_errors),
	cmocka_unit_test(test_token_helpers))
