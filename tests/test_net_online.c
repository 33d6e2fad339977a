/*
 * test_net_online.c: the session's online parts without sockets, on a fake
 * clock: server clocks (increment, a flag with nobody connected, a move that
 * comes too late, a restart that resumes), CLAIM, CANCEL, REMATCH, SAY and
 * its rate, open games expiring, variants, the command rate, the bounded log
 * of refusals and the draw offer's life.
 */
#include "test_net_util.h"
#include "test_main.h"

/* A forgetting waiting to be tried again (sess_forget.c) is a deadline
 * of the loop's: it sleeps until then, not a round or a second more.
 * (Before: no timer; it ran only on a round that something else woke.) */
static void
test_forget_is_a_deadline(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct store_op op;

	(void)state;
	assert_int_equal(sess_next_timer(f->s, f->now), -1);
	memset(&op, 0, sizeof op);
	op.kind = STORE_OP_NONE;
	sess_set_now(f->s, f->now);
	sess_forget_add(f->s, &op, "#r REGISTER name=A\n", 19);
	assert_int_equal(sess_next_timer(f->s, f->now), 1000);
	assert_int_equal(sess_next_timer(f->s, f->now + 400), 600);
	assert_int_equal(sess_next_timer(f->s, f->now + 1000), 0);
	t_free(f);
}

static void
test_clock_runs_and_increments(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	const char *l;

	(void)state;
	t_hello(f, 0, "10.0.0.1");
	l = t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white clock=60+2");
	t_val(l, "game", g.id, sizeof g.id);
	t_event(f, 0, " clock=60+2 wclock=60000 bclock=60000");
	/* Nobody's clock runs before both seats are taken. */
	f->now += 30000;
	assert_non_null(strstr(t_state(f, 0, g.id), " wclock=60000 "));
	assert_int_equal(sess_next_timer(f->s, f->now) > 30000, true);
	t_hello(f, 1, "10.0.1.2");
	t_ask(f, 1, "OK #j", "#j JOIN game=%s seat=black", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	/* Each side's first move is not timed (RULES.md "Time"): white has
	 * the first-move minute, its clock stands, no increment. */
	assert_int_equal(sess_next_timer(f->s, f->now), 60000);
	f->now += 5000;
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", g.id);
	l = t_event(f, 0, " MOVE ply=0 side=white move=c2c3 fen=");
	assert_non_null(strstr(l, " wclock=60000 bclock=60000"));
	f->now += 3000;
	l = t_state(f, 1, g.id);
	assert_int_equal(t_num(l, "wclock"), 60000);
	assert_int_equal(t_num(l, "bclock"), 60000);
	assert_int_equal(sess_next_timer(f->s, f->now), 57000);
	t_ask(f, 1, "OK #m MOVE", "#m MOVE game=%s ply=1 move=c6c5", g.id);
	t_event(f, 1, " wclock=60000 bclock=60000");
	t_drain(f, 0);
	/* White's runs from black's first move: 5 s, then 2 s back. */
	assert_int_equal(sess_next_timer(f->s, f->now), 60000);
	f->now += 5000;
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=2 move=d2d3", g.id);
	t_drain(f, 0);
	assert_non_null(strstr(t_last_event(f, g.id)->body,
	    " wclock=57000 bclock=60000"));
	/* Now black's runs; white's stands. */
	f->now += 1500;
	l = t_state(f, 1, g.id);
	assert_int_equal(t_num(l, "wclock"), 57000);
	assert_int_equal(t_num(l, "bclock"), 58500);
	assert_int_equal(sess_next_timer(f->s, f->now), 58500);
	t_free(f);
}

/* The game's RECORD (asked on conn) has the tag line want (issue 57: a
 * loss on time or an abandoned game was [Termination "none"], read back
 * as a resignation). */
static void
record_has(struct t_fake *f, int conn, const char *id, const char *want)
{
	const char *l = t_ask(f, conn, "OK #y RECORD", "#y RECORD game=%s",
	    id);
	int i, n = atoi(strstr(l, " n=") + 3);
	bool found = false;

	for (i = 0; i < n; i++) {
		l = t_expect(f, conn, "ITEM #y :");
		found |= strcmp(l + 9, want) == 0;
	}
	assert_true(found);
}

static void
test_flag_with_nobody_connected(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	const char *l;

	(void)state;
	t_start(f, &g, "clock=10+0");
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	t_say(f, 0, "MOVE game=%s ply=2 move=d2d3", g.id);
	sess_close(f->s, 0, f->now);
	sess_close(f->s, 1, f->now);
	/* Black's 10 s run out with nobody there. */
	assert_int_equal(sess_next_timer(f->s, f->now), 10000);
	f->now += 9999;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "MOVE");
	assert_int_equal(sess_next_timer(f->s, f->now), 1);
	f->now += 1;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "RESULT");
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=1-0 reason=time");
	assert_int_equal(sess_next_timer(f->s, f->now), -1);
	t_hello(f, 2, "10.0.2.1");
	l = t_state(f, 2, g.id);
	assert_non_null(strstr(l, " status=finished result=1-0 reason=time "));
	assert_int_equal(t_num(l, "bclock"), 0);
	assert_int_equal(t_num(l, "wclock"), 10000);
	/* Later, the clock stays stopped. */
	f->now += 60000;
	assert_int_equal(t_num(t_state(f, 2, g.id), "wclock"), 10000);
	/* Its record says how it ended. */
	record_has(f, 2, g.id, "[Termination \"time forfeit\"]");
	t_free(f);
}

static void
test_move_after_the_flag(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;

	(void)state;
	t_start(f, &g, "clock=5+1");
	t_both_moved(f, g.id);
	/* Exactly at zero: the move does not count (the timer was late). */
	f->now += 5000;
	t_ask(f, 0, "EV ", "#m MOVE game=%s ply=2 move=d2d3", g.id);
	assert_non_null(strstr(t_last, " RESULT result=0-1 reason=time"));
	t_expect(f, 0, "ERR #m 410 GAME_OVER :white's time ran out");
	t_event(f, 1, " RESULT result=0-1 reason=time");
	t_nothing(f, 0);
	t_free(f);

	/* Nor does a draw accepted after it. */
	f = t_new(NULL, NULL);
	t_start(f, &g, "clock=5+1");
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	t_say(f, 1, "DRAW game=%s action=offer", g.id);
	t_drain(f, 0);
	f->now += 6000;
	t_ask(f, 0, "EV ", "#d DRAW game=%s action=accept", g.id);
	assert_non_null(strstr(t_last, " RESULT result=0-1 reason=time"));
	t_expect(f, 0, "ERR #d 410 GAME_OVER");
	t_nothing(f, 0);
	t_free(f);
}

static void
test_clock_resumes_after_restart(void **state)
{
	struct t_fake *f = t_new(NULL, NULL), *f2 = t_new(NULL, NULL);
	struct t_game g;
	const char *l;

	(void)state;
	t_start(f, &g, "clock=300+5");
	f->now += 20000;
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	f->now += 40000;
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	f->now += 7000;
	t_say(f, 0, "MOVE game=%s ply=2 move=d2d3", g.id);
	f->now += 35000;
	t_say(f, 1, "MOVE game=%s ply=3 move=d6d5", g.id);
	f->now += 7000;
	/* Stored: white 298000, black 270000 (the first moves untimed);
	 * white to move. The server was down for a while: white resumes
	 * from its stored time. */
	f2->now = f->now + 3600000;
	t_reload(f, f2);
	assert_int_equal(sess_next_timer(f2->s, f2->now), 298000);
	t_hello(f2, 0, "10.0.0.1");
	f2->now += 1000;
	l = t_state(f2, 0, g.id);
	assert_int_equal(t_num(l, "wclock"), 297000);
	assert_int_equal(t_num(l, "bclock"), 270000);
	assert_non_null(strstr(l, " clock=300+5 "));
	t_say(f2, 0, "REJOIN game=%s token=%s", g.id, g.tw);
	t_drain(f2, 0);
	t_ask(f2, 0, "OK #m", "#m MOVE game=%s ply=4 move=e2e3", g.id);
	t_event(f2, 0, " wclock=302000 bclock=270000");
	t_free(f);
	t_free(f2);
}

static void
test_claim(void **state)
{
	struct sess_limits lim = t_limits;
	struct t_fake *f;
	struct t_game g;

	(void)state;
	lim.abandon_ms = 60000;
	f = t_new(&lim, NULL);
	t_hello(f, 0, "10.0.0.1");
	t_say(f, 0, "#c CREATE seat=white");
	t_val(t_expect(f, 0, "OK #c"), "game", g.id, sizeof g.id);
	t_drain(f, 0);
	t_ask(f, 0, "ERR #a 425 NOT_STARTED", "#a CLAIM game=%s", g.id);
	t_free(f);

	f = t_new(&lim, NULL);
	t_start(f, &g, "");
	/* (Before both sides have moved a CLAIM aborts: test_net_fair.) */
	t_both_moved(f, g.id);
	t_hello(f, 2, "10.0.2.1");
	t_ask(f, 2, "ERR #a 403 NOT_YOUR_SEAT", "#a CLAIM game=%s", g.id);
	t_ask(f, 0, "ERR #a 428 CLAIM_TOO_EARLY left=60 :black is connected",
	    "#a CLAIM game=%s", g.id);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	f->now += 45500;
	t_ask(f, 0, "ERR #a 428 CLAIM_TOO_EARLY left=15 ", "#a CLAIM game=%s",
	    g.id);
	/* Back and gone again: the absence counts from the last leaving. */
	t_hello(f, 1, "10.0.1.2");
	t_say(f, 1, "REJOIN game=%s token=%s", g.id, g.tb);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	f->now += 59999;
	t_ask(f, 0, "ERR #a 428 CLAIM_TOO_EARLY left=1 ", "#a CLAIM game=%s",
	    g.id);
	f->now += 1;
	t_ask(f, 0, "OK #a CLAIM game=", "#a CLAIM game=%s", g.id);
	t_event(f, 0, " RESULT result=1-0 reason=abandoned");
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=1-0 reason=abandoned");
	t_ask(f, 0, "ERR #a 410 GAME_OVER", "#a CLAIM game=%s", g.id);
	record_has(f, 0, g.id, "[Termination \"abandoned\"]");
	t_free(f);
}

static void
test_cancel(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	char id2[16];

	(void)state;
	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.1.2");
	t_say(f, 0, "#c CREATE seat=black");
	t_val(t_expect(f, 0, "OK #c"), "game", g.id, sizeof g.id);
	t_drain(f, 0);
	t_say(f, 1, "#o OBSERVE game=%s", g.id);
	t_drain(f, 1);
	t_ask(f, 1, "ERR #x 403 NOT_YOUR_SEAT", "#x CANCEL game=%s", g.id);
	t_ask(f, 0, "OK #x CANCEL game=", "#x CANCEL game=%s", g.id);
	t_event(f, 0, " RESULT result=- reason=cancelled");
	t_event(f, 1, " RESULT result=- reason=cancelled");
	assert_non_null(strstr(t_state(f, 1, g.id), " status=finished "
	    "result=- reason=cancelled "));
	t_ask(f, 0, "ERR #x 410 GAME_OVER", "#x CANCEL game=%s", g.id);
	t_ask(f, 1, "ERR #j 410 GAME_OVER", "#j JOIN game=%s seat=white",
	    g.id);

	/* A game made without a seat: its creating connection cancels. */
	t_say(f, 1, "#c CREATE");
	t_val(t_expect(f, 1, "OK #c"), "game", id2, sizeof id2);
	t_ask(f, 0, "ERR #x 403", "#x CANCEL game=%s", id2);
	t_ask(f, 1, "OK #x CANCEL", "#x CANCEL game=%s", id2);
	t_free(f);

	/* Started, before both sides have moved: either player aborts it
	 * (no result); an observer cannot. */
	f = t_new(NULL, NULL);
	t_start(f, &g, "");
	t_hello(f, 2, "10.0.2.1");
	t_say(f, 2, "OBSERVE game=%s", g.id);
	t_drain(f, 2);
	t_ask(f, 2, "ERR #x 403", "#x CANCEL game=%s", g.id);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "OK #x CANCEL game=", "#x CANCEL game=%s", g.id);
	t_event(f, 1, " RESULT result=- reason=cancelled");
	t_free(f);

	/* Once both have moved, not even the creator can. */
	f = t_new(NULL, NULL);
	t_start(f, &g, "");
	t_both_moved(f, g.id);
	t_ask(f, 0, "ERR #x 403 NOT_YOUR_SEAT :both sides have moved",
	    "#x CANCEL game=%s", g.id);
	t_ask(f, 1, "ERR #x 403 NOT_YOUR_SEAT", "#x CANCEL game=%s", g.id);
	t_free(f);
}

/*
 * TAKEBACK: nothing to take back before one's first move; an offer told to
 * all, declined, lapsed by a move; accepted, the plies back to the
 * offerer's last move undone (two when the offerer is to move) by an UNDO
 * stored like a move, the clocks back to their values at that ply, and
 * HISTORY, STATE and a restart's replay agree.
 */
static void
test_takeback(void **state)
{
	struct t_fake *f = t_new(NULL, NULL), *f2 = t_new(NULL, NULL);
	struct t_game g;
	const char *l;

	(void)state;
	t_start(f, &g, "clock=60+2");
	t_ask(f, 1, "ERR #t 409 NOTHING_TO_TAKE_BACK",
	    "#t TAKEBACK game=%s action=offer", g.id);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	f->now += 5000;
	t_say(f, 0, "MOVE game=%s ply=2 move=d2d3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	/* Offered, declined. */
	t_ask(f, 0, "OK #t TAKEBACK", "#t TAKEBACK game=%s action=offer",
	    g.id);
	t_event(f, 1, " TAKEBACK action=offer side=white");
	t_drain(f, 0);
	t_ask(f, 0, "ERR #a 409 NOTHING_TO_TAKE_BACK",
	    "#a TAKEBACK game=%s action=accept", g.id);
	t_ask(f, 1, "OK #d TAKEBACK", "#d TAKEBACK game=%s action=decline",
	    g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	/* Offered again; black's move lapses it. */
	t_say(f, 0, "TAKEBACK game=%s action=offer", g.id);
	f->now += 4000;
	t_say(f, 1, "MOVE game=%s ply=3 move=d6d5", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "ERR #a 409 NOTHING_TO_TAKE_BACK",
	    "#a TAKEBACK game=%s action=accept", g.id);
	/* White to move offers: two plies back, to ply 2, accepted. */
	t_say(f, 0, "TAKEBACK game=%s action=offer", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "OK #a TAKEBACK", "#a TAKEBACK game=%s action=accept",
	    g.id);
	t_event(f, 1, " UNDO ply=2 fen=gmelecz/pp1pppp/2p4/7/2P4/"
	    "PP1PPPP/GMELECZ_w_2_2 wclock=60000 bclock=60000");
	t_event(f, 0, " UNDO ply=2 ");
	l = t_state(f, 0, g.id);
	assert_non_null(strstr(l, " ply=2 turn=white "));
	/* White's clock runs again from its value at ply 2. */
	f->now += 1000;
	assert_int_equal(t_num(t_state(f, 1, g.id), "wclock"), 59000);
	t_say(f, 0, "#h HISTORY game=%s", g.id);
	assert_non_null(strstr(t_expect(f, 0, "OK #h HISTORY"), " n=2 "));
	t_drain(f, 0);
	/* The undone ply is played again, differently. */
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=2 move=e2e3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	/* A restart replays it all to the same game. */
	f2->now = f->now;
	t_reload(f, f2);
	t_hello(f2, 0, "10.0.0.1");
	l = t_state(f2, 0, g.id);
	assert_non_null(strstr(l, " ply=3 turn=black "));
	assert_non_null(strstr(l, " fen=gmelecz/pp1pppp/2p4/7/2P1P2/PP1P1PP/"));
	t_free(f);
	t_free(f2);
}

/*
 * TAKEBACK's other answers: a bad action, a connection with no seat, an
 * open game, an offer made twice (OK, told once), both sides offering
 * (taken as accepted: back to the first offerer's last move), a game over.
 */
static void
test_takeback_edges(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	const char *l;
	char id[16];

	(void)state;
	/* an open game: nobody to ask */
	t_hello(f, 2, "10.0.2.3");
	t_say(f, 2, "#c CREATE seat=white name=cy");
	l = t_expect(f, 2, "OK #c CREATE game=");
	t_val(l, "game", id, sizeof id);
	t_drain(f, 2);
	t_ask(f, 2, "ERR #t 425 NOT_STARTED",
	    "#t TAKEBACK game=%s action=offer", id);
	t_start(f, &g, "");
	t_ask(f, 0, "ERR #t 400 BAD_SYNTAX :action= is offer, accept or "
	    "decline", "#t TAKEBACK game=%s action=undo", g.id);
	t_ask(f, 0, "ERR #t 400 BAD_SYNTAX", "#t TAKEBACK game=%s", g.id);
	t_ask(f, 2, "ERR #t 403 NOT_YOUR_SEAT",
	    "#t TAKEBACK game=%s action=offer", g.id);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	t_say(f, 0, "MOVE game=%s ply=2 move=d2d3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	/* offered twice: the second is an OK, nothing told again */
	t_ask(f, 1, "OK #t TAKEBACK", "#t TAKEBACK game=%s action=offer",
	    g.id);
	t_event(f, 0, " TAKEBACK action=offer side=black");
	t_drain(f, 1);
	t_ask(f, 1, "OK #u TAKEBACK", "#u TAKEBACK game=%s action=offer",
	    g.id);
	assert_null(strstr(f->out[0], "TAKEBACK"));
	/* both offer: Black's last move (ply 1) and White's after it undone */
	t_ask(f, 0, "OK #o TAKEBACK", "#o TAKEBACK game=%s action=offer",
	    g.id);
	t_event(f, 1, " UNDO ply=1 ");
	l = t_state(f, 0, g.id);
	assert_non_null(strstr(l, " ply=1 turn=black "));
	t_drain(f, 0);
	t_drain(f, 1);
	/* over: no takeback */
	t_ask(f, 0, "OK #r RESIGN", "#r RESIGN game=%s", g.id);
	t_drain(f, 1);
	t_ask(f, 1, "ERR #t 410 GAME_OVER", "#t TAKEBACK game=%s action=offer",
	    g.id);
	t_free(f);
}

/*
 * A side of a timed game that makes no first move within the first-move
 * time (60 s by default; here 30 s) aborts it: no result, with nobody
 * connected too. Its time runs from its turn's start (the join for white,
 * white's first move for black); an untimed game waits for ever.
 */
static void
test_first_move_aborts(void **state)
{
	struct sess_limits lim = t_limits;
	struct t_fake *f;
	struct t_game g;

	(void)state;
	lim.first_move_ms = 30000;
	f = t_new(&lim, NULL);
	t_start(f, &g, "clock=300+0");
	assert_int_equal(sess_next_timer(f->s, f->now), 30000);
	f->now += 29000;
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	assert_int_equal(sess_next_timer(f->s, f->now), 30000);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	f->now += 29999;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "MOVE");
	f->now += 1;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "RESULT");
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=- reason=cancelled");
	t_event(f, 0, " RESULT result=- reason=cancelled");
	t_free(f);

	/* White never moves. */
	f = t_new(&lim, NULL);
	t_start(f, &g, "clock=300+0");
	f->now += 30000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=- reason=cancelled");
	t_free(f);

	/* Untimed: no such limit. */
	f = t_new(&lim, NULL);
	t_start(f, &g, "");
	assert_int_equal(sess_next_timer(f->s, f->now), -1);
	t_free(f);
}

static void
test_rematch(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	char nid[16], tok0[40], tok1[40], seat[8];
	const char *l;

	(void)state;
	t_start(f, &g, "clock=120+3");
	t_hello(f, 2, "10.0.2.1");
	t_say(f, 2, "OBSERVE game=%s", g.id);
	t_drain(f, 2);
	t_ask(f, 0, "ERR #r 403 NOT_YOUR_SEAT :the game is not over",
	    "#r REMATCH game=%s", g.id);
	t_say(f, 0, "RESIGN game=%s", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_drain(f, 2);
	t_ask(f, 2, "ERR #r 403", "#r REMATCH game=%s", g.id);
	t_ask(f, 0, "OK #r REMATCH", "#r REMATCH game=%s", g.id);
	t_event(f, 0, " REMATCH action=offer side=white");
	t_event(f, 1, " REMATCH action=offer side=white");
	t_expect(f, 2, "EV ");
	/* Again: nothing new. */
	t_ask(f, 0, "OK #r REMATCH", "#r REMATCH game=%s", g.id);
	t_nothing(f, 1);
	t_ask(f, 1, "OK #r REMATCH", "#r REMATCH game=%s", g.id);
	t_event(f, 1, " REMATCH action=offer side=black");
	/* Each player alone gets a seat and a token, colours swapped. */
	l = t_event(f, 1, g.id);
	assert_non_null(strstr(l, " REMATCHED game="));
	t_val(l, "game", nid, sizeof nid);
	t_val(l, "token", tok1, sizeof tok1);
	assert_string_equal(t_val(l, "seat", seat, sizeof seat), "white");
	t_expect(f, 0, "EV ");
	l = t_event(f, 0, " REMATCHED game=");
	assert_string_equal(t_val(l, "seat", seat, sizeof seat), "black");
	t_val(l, "token", tok0, sizeof tok0);
	assert_string_not_equal(tok0, tok1);
	t_event(f, 2, " REMATCH action=offer side=black");
	t_nothing(f, 2);
	assert_int_equal(sess_ngames(f->s), 2);
	/* The new game: same start and clock, bob white, running. */
	l = t_state(f, 2, nid);
	assert_non_null(strstr(l, " status=active white=bob black=ann "));
	assert_non_null(strstr(l, " clock=120+3 wclock=120000 "));
	assert_non_null(strstr(l, " start=gmelecz/ppppppp/7/7/7/PPPPPPP/"));
	/* (its first move untimed: the first-move minute is what runs) */
	assert_int_equal(sess_next_timer(f->s, f->now), SESS_FIRST_MOVE_MS);
	/* Bob plays white with the seat he was given. */
	t_drain(f, 1);
	t_ask(f, 1, "OK #m", "#m MOVE game=%s ply=0 move=c2c3", nid);
	t_hello(f, 3, "10.0.3.1");
	t_ask(f, 3, "OK #r REJOIN game=", "#r REJOIN game=%s token=%s", nid,
	    tok0);
	assert_non_null(strstr(t_last, " seat=black"));
	t_free(f);
}

static void
test_rematch_for_an_absent_player(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	const char *l;

	(void)state;
	t_start(f, &g, "");
	t_say(f, 1, "RESIGN game=%s", g.id);
	t_say(f, 0, "REMATCH game=%s", g.id);
	sess_close(f->s, 0, f->now);
	t_drain(f, 1);
	t_ask(f, 1, "OK #r", "#r REMATCH game=%s", g.id);
	t_expect(f, 1, "EV ");
	t_event(f, 1, " REMATCHED ");
	/* Ann comes back to the old game: her new seat is told her. */
	t_drain(f, 0);
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #r REJOIN", "#r REJOIN game=%s token=%s", g.id, g.tw);
	t_expect(f, 0, "EV ");           /* STATE */
	l = t_expect(f, 0, "EV ");
	assert_non_null(strstr(l, " REMATCHED game="));
	assert_non_null(strstr(l, " seat=black token="));
	t_free(f);
}

/* The new game of a rematch is stored whole (both seats, one commit) or
 * not at all; refused, a REMATCH makes it again, and nothing half-made is
 * ever stored or told. */
static void
test_rematch_refused_then_made(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	char nid[16];
	const char *l;
	int i, nrec, seats = 0, games = 0;

	(void)state;
	t_start(f, &g, "");
	t_say(f, 1, "RESIGN game=%s", g.id);
	t_say(f, 0, "REMATCH game=%s", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	/* Black's offer is stored, the game after it is refused. */
	nrec = f->nrec;
	f->fail_skip = 1;
	f->fail = 1;
	t_ask(f, 1, "OK #r REMATCH", "#r REMATCH game=%s", g.id);
	t_event(f, 1, " REMATCH action=offer side=black");
	t_nothing(f, 1);
	t_expect(f, 0, "EV ");
	t_nothing(f, 0);
	assert_int_equal(f->nrec, nrec + 1);
	assert_int_equal(sess_ngames(f->s), 1);
	/* Asked again, it is made: both seats in one commit. */
	t_ask(f, 0, "OK #r REMATCH", "#r REMATCH game=%s", g.id);
	l = t_event(f, 0, " REMATCHED game=");
	assert_non_null(strstr(l, " seat=black "));
	t_val(l, "game", nid, sizeof nid);
	t_event(f, 1, " seat=white ");
	for (i = nrec + 1; i < f->nrec; i++) {
		assert_string_equal(f->rec[i].game, nid);
		games += f->rec[i].kind == 0;
		seats += f->rec[i].kind == 1;
	}
	assert_int_equal(games, 1);
	assert_int_equal(seats, 2);
	/* And once only. */
	t_ask(f, 1, "OK #r REMATCH", "#r REMATCH game=%s", g.id);
	assert_int_equal(sess_ngames(f->s), 2);
	t_free(f);
}

static void
test_say(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	char big[260];
	int i;

	(void)state;
	t_start(f, &g, "");
	t_hello(f, 2, "10.0.2.1");
	t_say(f, 2, "OBSERVE game=%s", g.id);
	t_drain(f, 2);
	/* (a watcher's SAY is the spectators' chat: test_net_spectator) */
	t_hello(f, 4, "10.0.4.1");
	t_ask(f, 4, "ERR #t 403 NOT_YOUR_SEAT", "#t SAY game=%s :hi", g.id);
	t_ask(f, 0, "ERR #t 400 BAD_SYNTAX", "#t SAY game=%s", g.id);
	memset(big, 'x', 201);
	big[201] = '\0';
	t_ask(f, 0, "ERR #t 400 BAD_SYNTAX", "#t SAY game=%s :%s", g.id, big);
	t_ask(f, 0, "OK #t SAY game=",
	    "#t SAY game=%s :good luck: have fun, a=b", g.id);
	t_event(f, 0, " 3 SAID side=white :good luck: have fun, a=b");
	t_event(f, 1, " SAID side=white :good luck");
	t_expect(f, 2, "EV ");
	assert_string_equal(t_last_event(f, g.id)->body,
	    "side=white :good luck: have fun, a=b");
	/* Five in ten seconds, then 429 until the oldest is 10 s old. */
	t_drain(f, 1);
	for (i = 0; i < 4; i++) {
		f->now += 1000;
		t_ask(f, 1, "OK #t", "#t SAY game=%s :%d", g.id, i);
		t_drain(f, 1);
	}
	t_ask(f, 1, "OK #t", "#t SAY game=%s :one more", g.id);
	t_drain(f, 1);
	t_ask(f, 1, "ERR #t 429 RATE_LIMITED", "#t SAY game=%s :too many",
	    g.id);
	f->now += 6999;
	t_ask(f, 1, "ERR #t 429 RATE_LIMITED", "#t SAY game=%s :still", g.id);
	f->now += 1;
	t_drain(f, 1);
	t_ask(f, 1, "OK #t", "#t SAY game=%s :now", g.id);
	/* A player back hears what was said. */
	t_hello(f, 3, "10.0.3.1");
	t_ask(f, 3, "OK * REJOIN", "REJOIN game=%s token=%s since=2", g.id,
	    g.tw);
	t_event(f, 3, " 3 SAID side=white :good luck");
	t_free(f);
}

static void
test_expiry(void **state)
{
	struct sess_limits lim = t_limits;
	struct t_fake *f, *f2;
	char id[16], id2[16];
	long long wall;

	(void)state;
	lim.expire_ms = 3600000;
	f = t_new(&lim, NULL);
	t_hello(f, 0, "10.0.0.1");
	t_say(f, 0, "#c CREATE seat=white");
	t_val(t_expect(f, 0, "OK #c"), "game", id, sizeof id);
	t_drain(f, 0);
	assert_int_equal(sess_next_timer(f->s, f->now), 3600000);
	f->now += 3599999;
	sess_tick(f->s, f->now);
	t_nothing(f, 0);
	f->now += 1;
	sess_tick(f->s, f->now);
	t_event(f, 0, " RESULT result=- reason=cancelled");
	assert_string_equal(t_last_event(f, id)->body,
	    "result=- reason=cancelled");

	/* After a restart, from the time it was created. */
	t_say(f, 0, "#c CREATE seat=black");
	t_val(t_expect(f, 0, "OK #c"), "game", id2, sizeof id2);
	f2 = t_new(&lim, NULL);
	wall = (long long)time(NULL) * 1000 + 1800000;
	t_reload_at(f, f2, wall);
	assert_true(sess_next_timer(f2->s, f2->now) <= 1800000);
	assert_true(sess_next_timer(f2->s, f2->now) > 1790000);
	f2->now += 1800000;
	sess_tick(f2->s, f2->now);
	t_hello(f2, 0, "10.0.0.1");
	assert_non_null(strstr(t_state(f2, 0, id2), " status=finished "
	    "result=- reason=cancelled"));
	t_free(f);
	t_free(f2);
}

static void
test_variants(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	char id[16];

	(void)state;
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #c", "#c CREATE seat=white variant=megapawn");
	t_event(f, 0, " STATE variant=megapawn start=ezclcze/3p3/"
	    "p1p1p1p/7/P1P1P1P/3P3/EZCLCZE_w_0_1 ");
	t_ask(f, 0, "OK #l LIST n=1", "#l LIST");
	t_expect(f, 0, "ITEM #l game=");
	assert_non_null(strstr(t_last, " variant=megapawn status=open "));
	assert_null(strstr(t_last, "clock="));
	t_ask(f, 0, "OK #c", "#c CREATE clock=600+0");
	t_ask(f, 0, "OK #l LIST n=1", "#l LIST limit=1");
	t_expect(f, 0, "ITEM #l game=");
	assert_non_null(strstr(t_last, " variant=congo status=open "));
	assert_non_null(strstr(t_last, " ply=0 clock=600+0"));
	t_ask(f, 0, "ERR #c 400 BAD_SYNTAX :variant=chess: not a variant",
	    "#c CREATE variant=chess");
	t_ask(f, 0, "ERR #c 400 BAD_SYNTAX :fen=: ",
	    "#c CREATE variant=megapawn fen=ezclcze/3s3/7/7/7/3P3/"
	    "EZCLCZE_w");
	assert_non_null(strstr(t_last, "'s' is not a piece of the megapawn"));
	t_ask(f, 0, "ERR #c 400 BAD_SYNTAX :fen=: ",
	    "#c CREATE fen=gmelecz/ppppppp/7/7/7/PPPQPPP/GMELECZ_w");
	assert_non_null(strstr(t_last, "'Q' is not a piece of the congo"));
	/* A megapawn is a megapawn game's piece, and moves as one: the
	 * server plays the variant's rules. */
	t_say(f, 0, "#c CREATE seat=white variant=megapawn fen=ezclcze/3p3/"
	    "7/7/7/3Q3/EZCLCZE_w");
	t_val(t_expect(f, 0, "OK #c CREATE"), "game", id, sizeof id);
	t_hello(f, 1, "10.0.1.1");
	t_ask(f, 1, "OK #j", "#j JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=0 move=d2f4", id);
	t_drain(f, 0);
	t_ask(f, 0, "ERR #c 400 BAD_SYNTAX :clock=:", "#c CREATE clock=0+5");
	t_ask(f, 0, "ERR #c 400 BAD_SYNTAX :clock=:", "#c CREATE clock=five");
	t_free(f);
}

static void
test_draw_offer_stands(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;

	(void)state;
	t_start(f, &g, "");
	t_say(f, 0, "DRAW game=%s action=offer", g.id);
	/* The offerer's own move does not withdraw it... */
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	assert_non_null(strstr(t_state(f, 1, g.id), " draw=white"));
	t_ask(f, 1, "OK #a DRAW", "#a DRAW game=%s action=accept", g.id);
	t_free(f);

	f = t_new(NULL, NULL);
	t_start(f, &g, "");
	t_say(f, 0, "DRAW game=%s action=offer", g.id);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	/* ...the opponent's move declines it. */
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	assert_non_null(strstr(t_state(f, 1, g.id), " draw=-"));
	t_ask(f, 1, "ERR #a 422", "#a DRAW game=%s action=accept", g.id);
	t_free(f);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_clock_runs_and_increments),
	cmocka_unit_test(test_flag_with_nobody_connected),
	cmocka_unit_test(test_move_after_the_flag),
	cmocka_unit_test(test_clock_resumes_after_restart),
	cmocka_unit_test(test_claim),
	cmocka_unit_test(test_cancel),
	cmocka_unit_test(test_first_move_aborts),
	cmocka_unit_test(test_takeback),
	cmocka_unit_test(test_takeback_edges),
	cmocka_unit_test(test_rematch),
	cmocka_unit_test(test_rematch_for_an_absent_player),
	cmocka_unit_test(test_rematch_refused_then_made),
	cmocka_unit_test(test_say),
	cmocka_unit_test(test_expiry),
	cmocka_unit_test(test_variants),
	cmocka_unit_test(test_draw_offer_stands),
	cmocka_unit_test(test_forget_is_a_deadline))
