/*
 * test_session_tourney.c: tournaments in the session (issue 60,
 * session_tourney.c) against the fake server of test_session_fake.h:
 * TOURNEYS' and STANDINGS' lines parsed (and one that lacks a key
 * refused), the lobby's screen asking the list and one's standings, TJOIN
 * sent and its answer said, a tournament's PAIRED taking the seat and the
 * pairing said with the opponent's name, the standings asked beside the
 * game and again after its result, BERSERK offered only in an arena's
 * game before one's own first move and once, a Swiss's round said, and
 * the words of a tournament and a standing.
 */
#include "test_session_fake.h"
#include "session/session_tourney.h"

static void
lobby(void)
{
}

static void
test_parse(void **state)
{
	struct session_tourney t;
	struct session_standing st;
	(void)state;

	assert_true(session_tourney_parse("tourney=AAAAAAAA kind=arena "
	    "name=Friday status=upcoming start=2030-01-01T20:00:00Z "
	    "minutes=60 clock=180+2 variant=congo rated=yes players=4", &t));
	assert_string_equal(t.id, "AAAAAAAA");
	assert_string_equal(t.kind, "arena");
	assert_string_equal(t.name, "Friday");
	assert_int_equal(t.minutes, 60);
	assert_string_equal(t.clock, "180+2");
	assert_true(t.rated);
	assert_int_equal(t.players, 4);
	assert_true(session_tourney_parse("tourney=BBBBBBBB kind=swiss "
	    "name=Sun status=running start=2030-01-05T18:00:00Z rounds=5 "
	    "round=2 days=3 variant=megapawn rated=no players=16", &t));
	assert_int_equal(t.rounds, 5);
	assert_int_equal(t.round, 2);
	assert_int_equal(t.days, 3);
	assert_false(t.rated);
	/* no name: refused, not half read */
	assert_false(session_tourney_parse("tourney=CCCCCCCC kind=arena "
	    "status=running", &t));
	assert_true(session_standing_parse("rank=1 name=ann points=6 games=3 "
	    "fire=1 performance=1710", &st));
	assert_int_equal(st.rank, 1);
	assert_string_equal(st.name, "ann");
	assert_string_equal(st.points, "6");
	assert_int_equal(st.games, 3);
	assert_true(st.fire);
	assert_false(st.bot);
	assert_true(session_standing_parse("rank=2 name=bo points=2.5 "
	    "games=3 buchholz=7.5 sb=5.25", &st));
	assert_string_equal(st.points, "2.5");
	assert_false(st.fire);
	assert_false(session_standing_parse("rank=3 name=x games=1", &st));
}

static void
test_words(void **state)
{
	struct session_tourney t;
	struct session_standing st;
	char buf[256];
	(void)state;

	assert_true(session_tourney_parse("tourney=AAAAAAAA kind=arena "
	    "name=Friday status=upcoming start=2030-01-01T20:00:00Z "
	    "minutes=60 clock=180+2 variant=congo rated=yes players=1", &t));
	session_tourney_line(&t, buf, sizeof buf);
	assert_string_equal(buf, "arena Friday, 3+2 congo, rated, 2030-01-01 "
	    "20:00 UTC, 60 minutes, 1 player, upcoming");
	assert_true(session_tourney_parse("tourney=BBBBBBBB kind=swiss "
	    "name=Sun status=running start=2030-01-05T18:00:00Z rounds=5 "
	    "round=2 days=3 variant=congo rated=no players=16", &t));
	session_tourney_line(&t, buf, sizeof buf);
	assert_string_equal(buf, "Swiss Sun, 3 days a move congo, 2030-01-05 "
	    "18:00 UTC, round 2 of 5, 16 players, running");
	assert_true(session_standing_parse("rank=1 name=ann points=6 games=3 "
	    "fire=1", &st));
	session_standing_sentence(&st, buf, sizeof buf);
	assert_string_equal(buf, "1. ann, 6 points in 3 games, on fire");
	session_standing_short(&st, buf, sizeof buf);
	assert_string_equal(buf, " 1 ann              6 *");
	/* a computer player: its title kept, its name cut first */
	assert_true(session_standing_parse("rank=2 name=robotervierzehn "
	    "title=BOT points=4 games=3 fire=0", &st));
	assert_true(st.bot);
	session_standing_sentence(&st, buf, sizeof buf);
	assert_string_equal(buf, "2. robotervierzehn (BOT), 4 points in 3 "
	    "games");
	session_standing_short(&st, buf, sizeof buf);
	assert_string_equal(buf, " 2 roboterv BOT     4");
}

/* The screen: the list asked at once, Enter asks the standings; J sends
 * TJOIN of the one chosen, its answer said. */
static void
test_screen(void **state)
{
	struct session_tourneys *t;
	(void)state;

	connect_fake(lobby);
	WAIT(net_client_state(C) == NET_ONLINE);
	/* a guest: told to log in, nothing sent */
	assert_int_equal(session_tourney_send(&S, "TJOIN", "AAAAAAAA"), -1);
	assert_non_null(strstr(S.msg.text, "tournaments are for accounts"));
	send_line("OK #i LOGIN name=bob");
	WAIT(strcmp(S.net->account, "bob") == 0);
	session_tourney_open(&S);
	t = S.net->tourney;
	assert_true(t->open);
	session_tourney_tick(&S, now_ms());
	expect_line("#Y TOURNEYS", NULL, 0);
	send_line("OK #Y TOURNEYS n=3");
	send_line("ITEM #Y tourney=CCCCCCCC kind=arena name=Old "
	    "status=finished start=2020-01-01T20:00:00Z minutes=60 clock=60+0 "
	    "variant=congo rated=no players=9");
	send_line("ITEM #Y tourney=BBBBBBBB kind=swiss name=Sun "
	    "status=upcoming start=2030-01-05T18:00:00Z rounds=5 round=0 "
	    "clock=300+3 variant=congo rated=no players=0");
	send_line("ITEM #Y tourney=AAAAAAAA kind=arena name=Evening "
	    "status=running start=2030-01-01T20:00:00Z minutes=60 clock=60+0 "
	    "variant=congo rated=no players=1");
	WAIT(t->listed && !t->asking);
	assert_int_equal(t->n, 3);
	/* running first, then upcoming, then finished */
	assert_string_equal(t->list[0].name, "Evening");
	assert_string_equal(t->list[1].name, "Sun");
	assert_string_equal(t->list[2].name, "Old");
	session_tourney_step(&S, 1);
	assert_string_equal(session_tourney_chosen(&S)->name, "Sun");
	/* asked again, listed otherwise: Sun stays the one chosen */
	session_tourney_open(&S);
	session_tourney_tick(&S, now_ms());
	expect_line("#Y TOURNEYS", NULL, 0);
	send_line("OK #Y TOURNEYS n=2");
	send_line("ITEM #Y tourney=BBBBBBBB kind=swiss name=Sun "
	    "status=upcoming start=2030-01-05T18:00:00Z rounds=5 round=0 "
	    "clock=300+3 variant=congo rated=no players=0");
	send_line("ITEM #Y tourney=AAAAAAAA kind=arena name=Evening "
	    "status=running start=2030-01-01T20:00:00Z minutes=60 clock=60+0 "
	    "variant=congo rated=no players=1");
	WAIT(!t->asking && t->n == 2);
	assert_string_equal(session_tourney_chosen(&S)->name, "Sun");
	session_tourney_step(&S, 1);            /* the last stays */
	assert_string_equal(session_tourney_chosen(&S)->name, "Sun");
	session_tourney_step(&S, -1);
	assert_ptr_equal(session_tourney_find(&S, "evening"), &t->list[0]);
	assert_ptr_equal(session_tourney_find(&S, "BBBBBBBB"), &t->list[1]);
	assert_null(session_tourney_find(&S, "nothing"));

	session_tourney_detail(&S, true);
	assert_true(t->detail);
	session_tourney_tick(&S, now_ms());
	expect_line("#Z STANDINGS tourney=AAAAAAAA", NULL, 0);
	send_line("OK #Z STANDINGS tourney=AAAAAAAA status=running n=1");
	send_line("ITEM #Z rank=1 name=ann points=0 games=0 fire=0 "
	    "performance=0");
	WAIT(t->st_listed && !t->st_asking);
	assert_int_equal(t->nst, 1);
	assert_string_equal(t->st[0].name, "ann");
	session_tourney_close(&S);              /* Esc: back to the list */
	assert_false(t->detail);
	assert_true(t->open);

	assert_int_equal(session_tourney_send(&S, "TJOIN", NULL), 0);
	expect_line("#y TJOIN tourney=AAAAAAAA", NULL, 0);
	send_line("OK #y TJOIN tourney=AAAAAAAA");
	wait_msg("you joined the tournament Evening");
	assert_string_equal(t->joined, "AAAAAAAA");
	/* withdraw without a name: the one joined */
	assert_int_equal(session_tourney_send(&S, "TLEAVE", NULL), 0);
	expect_line("#v TLEAVE tourney=AAAAAAAA", NULL, 0);
	send_line("ERR #v 410 GONE :the tournament is over");
	wait_msg("cannot withdraw: the tournament is over");
	/* p on the screen: TPAUSE of the one chosen */
	assert_int_equal(session_tourney_send(&S, "TPAUSE", "AAAAAAAA"), 0);
	expect_line("#p TPAUSE tourney=AAAAAAAA", NULL, 0);
	send_line("OK #p TPAUSE tourney=AAAAAAAA");
	wait_msg("paused in the tournament Evening: not paired until you "
	    "join again");
	/* a list asked as the link breaks: asked again once it is back */
	session_tourney_open(&S);
	session_tourney_tick(&S, now_ms());
	expect_line("#Y TOURNEYS", NULL, 0);
	assert_true(t->asking);
	fake_relink();
	WAIT(net_client_state(C) == NET_ONLINE && !t->asking);
	session_tourney_tick(&S, now_ms());
	expect_line("#Y TOURNEYS", NULL, 0);
	session_tourney_close(&S);
	assert_false(t->open);
	disconnect_fake();
}

/* A tournament's pairing: the seat taken, the pairing said, the
 * standings beside the game; BERSERK only before one's first move, once;
 * the standings asked again after the result. */
static void
test_pairing(void **state)
{
	struct session_tourneys *t;
	char line[200];
	(void)state;

	connect_fake(lobby);
	WAIT(net_client_state(C) == NET_ONLINE);
	send_line("OK #i LOGIN name=bob");
	WAIT(strcmp(S.net->account, "bob") == 0);
	/* not a tournament's game: no berserk */
	assert_false(session_tourney_can_berserk(&S));
	send_line("EV %s 0 PAIRED seat=black token=%s tourney=AAAAAAAA", GAME,
	    "BBBBBBBBBBBBBBBBBBBBBBBBBB");
	expect_line("#s STATE game=" GAME, NULL, 0);
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=ann black=bob wpresent=1 "
	    "bpresent=1 clock=60+0 wclock=60000 bclock=60000 "
	    "tourney=AAAAAAAA", GAME, START, START);
	wait_msg("you play Black against ann");
	t = S.net->tourney;
	assert_string_equal(session_tourney_of_game(&S), "AAAAAAAA");
	/* its kind not known: the list asked; the standings too */
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
	session_tourney_tick(&S, now_ms());
	expect_line("#Y TOURNEYS", NULL, 0);
	assert_false(session_tourney_can_berserk(&S));  /* arena? not yet */
	send_line("OK #Y TOURNEYS n=1");
	send_line("ITEM #Y tourney=AAAAAAAA kind=arena name=Evening "
	    "status=running start=2030-01-01T20:00:00Z minutes=60 clock=60+0 "
	    "variant=congo rated=no players=2");
	WAIT(!t->asking);
	session_tourney_tick(&S, now_ms());
	expect_line("#Z STANDINGS tourney=AAAAAAAA", NULL, 0);
	send_line("OK #Z STANDINGS tourney=AAAAAAAA status=running n=2");
	send_line("ITEM #Z rank=1 name=ann points=0 games=0 fire=0");
	send_line("ITEM #Z rank=2 name=bob points=0 games=0 fire=0");
	WAIT(t->st_listed && !t->st_asking);
	assert_string_equal(t->kind, "arena");
	/* Black before its first move, White's played: still allowed */
	send_line("EV %s 2 MOVE ply=0 side=white move=c2c3 fen=x wclock=60000 "
	    "bclock=60000", GAME);
	WAIT(S.game.nply == 1);
	assert_true(session_tourney_can_berserk(&S));
	cmd(CMD_BERSERK, NULL);
	expect_line("#z BERSERK game=" GAME, NULL, 0);
	send_line("OK #z BERSERK game=%s", GAME);
	send_line("EV %s 2 BERSERK side=black wclock=60000 bclock=30000",
	    GAME);
	wait_msg("berserk: your time is halved");
	WAIT(t->berserk[BLACK]);
	/* the clocks as the event says them (Black's halved) */
	{
		long long left[2];
		int run;
		assert_true(net_client_clock(C, now_ms(), left, &run));
		assert_true(left[BLACK] <= 30000 && left[BLACK] > 29000);
		assert_true(left[WHITE] > 30000);
	}
	assert_false(session_tourney_can_berserk(&S));  /* once */
	cmd(CMD_BERSERK, NULL);
	assert_non_null(strstr(S.msg.text, "before your first move, once"));
	/* the result: the standings asked again */
	send_line("EV %s 3 RESULT result=0-1 reason=resign", GAME);
	WAIT(game_over(&S.game));
	session_tourney_tick(&S, now_ms());
	expect_line("#Z STANDINGS tourney=AAAAAAAA", line, sizeof line);
	disconnect_fake();
}

/* A Swiss: its round said, then the pairing with the round's number; no
 * berserk there. */
static void
test_swiss(void **state)
{
	(void)state;

	connect_fake(lobby);
	WAIT(net_client_state(C) == NET_ONLINE);
	send_line("OK #i LOGIN name=bob");
	WAIT(strcmp(S.net->account, "bob") == 0);
	send_line("EV BBBBBBBB 0 TOURNEY state=round n=2");
	wait_msg("round 2 begins");
	send_line("EV %s 0 PAIRED seat=white token=%s tourney=BBBBBBBB", GAME,
	    "BBBBBBBBBBBBBBBBBBBBBBBBBB");
	expect_line("#s STATE game=" GAME, NULL, 0);
	S.net->tourney->list[0].kind[0] = 's';  /* as TOURNEYS would say */
	snprintf(S.net->tourney->list[0].id, 16, "BBBBBBBB");
	snprintf(S.net->tourney->list[0].name, 48, "Sun");
	S.net->tourney->n = 1;
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=bob black=Ann wpresent=1 "
	    "bpresent=1 tourney=BBBBBBBB", GAME, START, START);
	wait_msg("Round 2: you play White against Ann");
	assert_false(session_tourney_can_berserk(&S));
	disconnect_fake();
}

/* Round 1, the list not come yet: the round said makes it a Swiss's
 * pairing; a move's question ("Play it anyway?") waiting when the game
 * ends is dropped: the next round's game is not held by it. */
static void
test_swiss_next(void **state)
{
	(void)state;

	connect_fake(lobby);
	WAIT(net_client_state(C) == NET_ONLINE);
	send_line("OK #i LOGIN name=bob");
	WAIT(strcmp(S.net->account, "bob") == 0);
	send_line("EV CCCCCCCC 0 TOURNEY state=round n=1");
	wait_msg("round 1 begins");
	send_line("EV %s 0 PAIRED seat=white token=%s tourney=CCCCCCCC", GAME,
	    "BBBBBBBBBBBBBBBBBBBBBBBBBB");
	expect_line("#s STATE game=" GAME, NULL, 0);
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=bob black=Ann wpresent=1 "
	    "bpresent=1 tourney=CCCCCCCC", GAME, START, START);
	wait_msg("Round 1: you play White against Ann");
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
	session_ask(&S, "Your pawn on d4 drowns after this move. Play it "
	    "anyway? (y/n)", CMD_MOVE_NOW, "c2c3");
	assert_true(S.asking);
	send_line("EV %s 2 RESULT result=0-1 reason=time", GAME);
	WAIT(game_over(&S.game));
	assert_false(S.asking);
	disconnect_fake();
}

/* A round's game cancelled (the opponent never came): the next round's
 * game is not "cancelled" too (every move of it was refused, and the
 * player lost it). */
static void
test_after_cancelled(void **state)
{
	const char *g2 = "DDDDDDDD";

	(void)state;
	connect_fake(lobby);
	WAIT(net_client_state(C) == NET_ONLINE);
	send_line("OK #i LOGIN name=bob");
	WAIT(strcmp(S.net->account, "bob") == 0);
	send_line("EV %s 0 PAIRED seat=black token=%s tourney=CCCCCCCC", GAME,
	    "BBBBBBBBBBBBBBBBBBBBBBBBBB");
	expect_line("#s STATE game=" GAME, NULL, 0);
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=Ann black=bob wpresent=0 "
	    "bpresent=1 tourney=CCCCCCCC", GAME, START, START);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
	send_line("EV %s 2 RESULT result=- reason=cancelled", GAME);
	WAIT(S.net->cancelled);
	send_line("EV %s 0 PAIRED seat=white token=%s tourney=CCCCCCCC", g2,
	    "EEEEEEEEEEEEEEEEEEEEEEEEEE");
	expect_line("#s STATE game=DDDDDDDD", NULL, 0);
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=bob black=Ann wpresent=1 "
	    "bpresent=1 tourney=CCCCCCCC", g2, START, START);
	expect_line("#h HISTORY game=DDDDDDDD from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
	assert_false(S.net->cancelled);
	assert_null(session_net_nomove(&S));
	disconnect_fake();
}

FAKE_HOME_MAIN("test_session_tourney",
	cmocka_unit_test(test_parse),
	cmocka_unit_test(test_words),
	cmocka_unit_test(test_screen),
	cmocka_unit_test(test_pairing),
	cmocka_unit_test(test_swiss),
	cmocka_unit_test(test_swiss_next),
	cmocka_unit_test(test_after_cancelled))
