/*
 * test_session_lobby.c: the session's lobby, without a terminal, against a
 * fake CGP/1 server (test_session_fake.h): others' seeks listed and
 * accepted, the seek dialog, the server's lists (:whois, :top, :games, a
 * game's record), the games list, a game watched, joined and created.
 */
#include "test_session_fake.h"

/* Connected for the lobby: no game asked for at the start. */
static void
lobby(void)
{
}

/* In the lobby: others' seeks listed and accepted (the other colour),
 * the seek dialog's fields and what it sends, --seek, withdrawing. */
static void
test_seeks(void **state)
{
	struct session_seeks *k;
	char line[300], v[32];
	(void)state;

	connect_fake(lobby);
	k = &S.net->seek;
	snprintf(S.net->host, sizeof S.net->host, "127.0.0.1");
	WAIT(net_client_state(C) == NET_ONLINE);
	assert_int_equal(k->sel, -1);

	/* The lobby asks for the seeks, and lists them. */
	session_seeks_tick(&S, now_ms(), false);
	assert_false(k->asking);
	session_seeks_tick(&S, now_ms(), true);
	assert_true(k->asking);
	expect_line("#K SEEKS", NULL, 0);
	send_line("OK #K SEEKS n=2");
	send_line("ITEM #K seek=AAAAAAAA name=ann rating=1500 variant=congo "
	    "clock=300+3 rated=no color=white");
	send_line("ITEM #K seek=BBBBBBBB name=cy rating=- variant=megapawn "
	    "clock=90+0 rated=yes color=random");
	WAIT(!k->asking);
	assert_int_equal(k->n, 2);
	assert_string_equal(k->list[0].name, "ann");
	assert_string_equal(k->list[1].variant, "megapawn");
	assert_true(k->list[1].rated);
	session_seek_minutes(k->list[1].clock, v, sizeof v);
	assert_string_equal(v, "1.5+0");
	/* Not again before its time. */
	session_seeks_tick(&S, now_ms(), true);
	assert_false(k->asking);

	/* A rated seek needs an account. */
	assert_int_equal(session_seek_accept(&S, 1), -1);
	assert_string_equal(S.msg.text, "a rated game needs an account: "
	    "congo --connect 127.0.0.1 --register NAME");
	/* Ann's: the same terms, the other colour; the lobby shows it. */
	assert_int_equal(session_seek_accept(&S, 0), 0);
	expect_line("#S SEEK clock=300+3 rated=no name=bob variant=congo "
	    "color=black",
	    NULL, 0);
	assert_true(S.net->want_lobby);
	assert_string_equal(k->desc, "5+3 casual congo (ann's)");
	assert_true(session_seek_line(&S, now_ms(), line, sizeof line));
	assert_non_null(strstr(line, "Seeking 5+3 casual congo (ann's): "
	    "waiting 0:00"));
	send_line("OK #S SEEK seek=CCCCCCCC");
	settle();
	assert_true(session_seek_cancel(&S, false));
	assert_string_equal(S.msg.text, "seek withdrawn");
	assert_false(S.quit);
	expect_line("#U UNSEEK seek=CCCCCCCC", NULL, 0);
	assert_false(session_seek_cancel(&S, false));
	assert_false(session_seek_line(&S, now_ms(), line, sizeof line));

	/* The dialog: 5+3 and casual (no account) the first time. */
	session_seek_form_open(&S);
	assert_true(k->form.open);
	session_seek_value(&S, SF_CLOCK, v, sizeof v);
	assert_string_equal(v, "5+3");
	session_seek_value(&S, SF_RATED, v, sizeof v);
	assert_string_equal(v, "no");
	session_seek_form_change(&S, 1);        /* the variant */
	session_seek_value(&S, SF_VARIANT, v, sizeof v);
	assert_string_equal(v, "megapawn");
	assert_false(session_seek_form_type(&S, '1'));
	session_seek_form_field(&S, -1);        /* up: the range */
	assert_int_equal(k->form.field, SF_RANGE);
	assert_true(session_seek_form_type(&S, '1'));
	assert_true(session_seek_form_type(&S, 'x'));   /* not taken */
	assert_true(session_seek_form_type(&S, '9'));
	session_seek_value(&S, SF_RANGE, v, sizeof v);
	assert_string_equal(v, "19");
	assert_int_equal(session_seek_form_submit(&S), -1);
	assert_string_equal(S.msg.text, "a rating range is MIN-MAX, e.g. "
	    "1400-1700");
	assert_true(k->form.open);
	session_seek_form_type(&S, -1);
	session_seek_form_type(&S, -1);
	session_seek_form_type(&S, -1);         /* nothing left: nothing */
	for (const char *c = "1400-1700"; *c != '\0'; c++)
		session_seek_form_type(&S, *c);
	session_seek_form_field(&S, -1);        /* the colour */
	session_seek_form_change(&S, 1);
	session_seek_value(&S, SF_COLOR, v, sizeof v);
	assert_string_equal(v, "white");
	session_seek_form_field(&S, -1);        /* rated: needs an account */
	session_seek_form_change(&S, 1);
	assert_int_equal(session_seek_form_submit(&S), -1);
	assert_non_null(strstr(S.msg.text, "a rated game needs an account"));
	session_seek_form_change(&S, -1);
	session_seek_form_field(&S, -1);        /* the clock: 3+2 */
	session_seek_form_change(&S, -1);
	session_seek_form_change(&S, -1);
	session_seek_value(&S, SF_CLOCK, v, sizeof v);
	assert_string_equal(v, "3+2");
	S.net->want_lobby = false;
	assert_int_equal(session_seek_form_submit(&S), 0);
	assert_false(k->form.open);
	assert_true(S.net->want_lobby);
	expect_line("#S SEEK clock=180+2 rated=no name=bob variant=megapawn "
	    "color=white range=1400-1700", NULL, 0);
	assert_string_equal(k->desc, "3+2 casual megapawn as White, "
	    "opponents 1400-1700");
	session_seek_form_close(&S);

	/* --seek: the clock checked; withdrawing that seek quits. */
	assert_int_equal(session_seek_start(&S, "five", 0, false, "congo", -1,
	    line, sizeof line), -1);
	assert_non_null(strstr(line, "--seek: "));
	assert_int_equal(session_seek_start(&S, "0+0", 0, false, "congo", -1,
	    line, sizeof line), -1);
	assert_non_null(strstr(line, "--seek: "));
	assert_int_equal(session_seek_start(&S, "10+5", 0, false, "congo",
	    BLACK, line, sizeof line), 0);
	expect_line("#S SEEK clock=600+5 rated=no name=bob variant=congo "
	    "color=black",
	    NULL, 0);
	assert_string_equal(k->desc, "10+5 casual congo as Black");
	assert_true(k->quit);
	assert_true(session_seek_cancel(&S, false));
	assert_true(S.quit);
	disconnect_fake();
}

/* Correspondence seeks (days= for clock=, issue 36): another's listed
 * and accepted, the dialog's days a move, --seek --days N. */
static void
test_seeks_days(void **state)
{
	struct session_seeks *k;
	char line[300], v[32];
	int i;
	(void)state;

	connect_fake(lobby);
	k = &S.net->seek;
	WAIT(net_client_state(C) == NET_ONLINE);
	session_seeks_tick(&S, now_ms(), true);
	expect_line("#K SEEKS", NULL, 0);
	send_line("OK #K SEEKS n=1");
	send_line("ITEM #K seek=AAAAAAAA name=ann rating=1500 variant=congo "
	    "days=3 rated=no color=white");
	WAIT(!k->asking);
	assert_int_equal(k->n, 1);
	session_seek_minutes(k->list[0].clock, v, sizeof v);
	assert_string_equal(v, "3d");
	assert_int_equal(session_seek_accept(&S, 0), 0);
	expect_line("#S SEEK days=3 rated=no name=bob variant=congo "
	    "color=black", NULL, 0);
	send_line("OK #S SEEK seek=CCCCCCCC");
	settle();
	assert_true(session_seek_cancel(&S, false));
	expect_line("#U UNSEEK seek=CCCCCCCC", NULL, 0);

	/* The dialog's clock goes on past 30+0 to the days a move. */
	session_seek_form_open(&S);
	session_seek_form_field(&S, 1);         /* the clock: 5+3 */
	for (i = 0; i < 5; i++)
		session_seek_form_change(&S, 1);
	session_seek_value(&S, SF_CLOCK, v, sizeof v);
	assert_string_equal(v, "1d");
	session_seek_form_change(&S, -2);
	session_seek_form_change(&S, -1);
	session_seek_form_change(&S, -1);       /* and round to 14d */
	session_seek_value(&S, SF_CLOCK, v, sizeof v);
	assert_string_equal(v, "10+5");
	for (i = 0; i < 7; i++)
		session_seek_form_change(&S, -1);
	session_seek_value(&S, SF_CLOCK, v, sizeof v);
	assert_string_equal(v, "14d");
	assert_int_equal(session_seek_form_submit(&S), 0);
	expect_line("#S SEEK days=14 rated=no name=bob variant=congo", NULL,
	    0);
	send_line("OK #S SEEK seek=DDDDDDDD");
	settle();
	assert_true(session_seek_cancel(&S, false));
	expect_line("#U UNSEEK seek=DDDDDDDD", NULL, 0);

	/* --seek --days N (no clock), not with one, and one of them. */
	assert_int_equal(session_seek_start(&S, "5+3", 7, false, "congo", -1,
	    line, sizeof line), -1);
	assert_string_equal(line, "--seek: a clock (M+S) or --days N, not "
	    "both");
	assert_int_equal(session_seek_start(&S, "", 0, false, "congo", -1,
	    line, sizeof line), -1);
	assert_non_null(strstr(line, "--days N"));
	assert_int_equal(session_seek_start(&S, "", 7, false, "megapawn",
	    WHITE, line, sizeof line), 0);
	expect_line("#S SEEK days=7 rated=no name=bob variant=megapawn "
	    "color=white", NULL, 0);
	assert_string_equal(k->desc, "7 d casual megapawn as White");
	disconnect_fake();
}

static int
list_cmd(enum session_cmd_type t, const char *arg)
{
	struct session_cmd c;

	memset(&c, 0, sizeof c);
	c.type = t;
	snprintf(c.arg, sizeof c.arg, "%s", arg);
	return session_net_list_open(&S, &c);
}

/* The server's lists: :whois, :top (either word the variant or the
 * speed), :games (whose), and a game's RECORD loaded for review. */
static void
test_lists(void **state)
{
	struct session_net_list *l;
	(void)state;

	connect_fake(lobby);
	WAIT(net_client_state(C) == NET_ONLINE);
	assert_null(S.net->list);

	assert_int_equal(list_cmd(CMD_WHOIS, "ann"), 0);
	l = S.net->list;
	assert_non_null(l);
	assert_string_equal(l->title, "Player ann (asking the server...)");
	expect_line("#W WHOIS name=ann", NULL, 0);
	send_line("OK #W WHOIS name=ann created=2026-11-01T10:00:00Z games=12 "
	    "n=1");
	send_line("ITEM #W variant=congo speed=blitz rating=1612 rd=80 "
	    "games=12 provisional=0");
	WAIT(l->done);
	assert_string_equal(l->title, "Player ann: 12 rated games, since 2026-11-01");
	assert_int_equal(l->n, 1);
	assert_non_null(strstr(l->lines[0], "congo     blitz       1612   rd 80"
	    "      12 games"));

	assert_int_equal(list_cmd(CMD_TOP, "bullet megapawn"), 0);
	expect_line("#T TOP variant=megapawn speed=bullet limit=100", NULL, 0);
	send_line("OK #T TOP n=0");
	WAIT(l->done);
	assert_string_equal(l->title, "Best players, megapawn bullet");
	assert_int_equal(l->n, 1);
	assert_string_equal(l->lines[0], "  (none)");

	/* Whose games? Not logged in: a name is needed. */
	assert_int_equal(list_cmd(CMD_GAMES, ""), -1);
	assert_non_null(strstr(S.msg.text, ":games: whose?"));
	assert_int_equal(list_cmd(CMD_GAMES, "cy"), 0);
	expect_line("#G GAMES player=cy limit=100", NULL, 0);
	send_line("OK #G GAMES n=1");
	send_line("ITEM #G game=%s variant=congo white=cy black=dan "
	    "result=1-0 reason=resign rated=0 ended=2026-11-20T09:00:00Z",
	    GAME);
	WAIT(l->done);
	assert_string_equal(l->games[0], GAME);
	assert_non_null(strstr(l->lines[0], "congo    cy             dan     "
	    "       1-0 resign         casual 2026-11-20"));
	/* A line without a game has no record to ask. */
	assert_int_equal(session_net_list_record(&S, 1), -1);
	/* The record: gathered, then loaded for review. */
	assert_int_equal(session_net_list_record(&S, 0), 0);
	assert_non_null(strstr(S.msg.text, "asking for the record of"));
	expect_line("#D RECORD game=" GAME, NULL, 0);
	send_line("OK #D RECORD n=5");
	send_line("ITEM #D :[White \"cy\"]");
	send_line("ITEM #D :[Black \"dan\"]");
	send_line("ITEM #D :[Result \"1-0\"]");
	send_line("ITEM #D :");
	send_line("ITEM #D :1. c2c3 c6c5 2. d2d3 1-0");
	WAIT(l->loaded);
	assert_int_equal(S.game.nply, 3);
	assert_non_null(strstr(S.msg.text, "its record: [ and ]"));
	assert_string_equal(record_tag_get(&S.tags, "White"), "cy");
	disconnect_fake();
}

/* The lobby: the games listed once it shows, one watched, a free seat
 * taken, the list asked again, a game created. */
static void
test_lobby(void **state)
{
	struct session_lobby *l;
	char line[48];
	(void)state;

	connect_fake(lobby);
	l = &S.net->lobby;
	WAIT(net_client_state(C) == NET_ONLINE);
	session_lobby_ask(&S, false);
	assert_false(l->listing);
	session_lobby_ask(&S, true);
	assert_true(l->listing);
	expect_line("#l LIST limit=100", NULL, 0);
	send_line("OK #l LIST n=2");
	send_line("ITEM #l game=ABCDEFGH variant=congo status=open white=ann "
	    "black=- ply=0");
	send_line("ITEM #l game=BCDEFGHI variant=megapawn status=active "
	    "white=cy black=dan ply=7 clock=300+5 baccount=1");
	WAIT(l->listed);
	assert_false(l->listing);
	assert_int_equal(l->n, 2);
	assert_string_equal(l->games[0].clock, "-");
	/* minutes and seconds, as everywhere else (not the protocol's
	 * seconds: a network audit) */
	assert_string_equal(l->games[1].clock, "5+5");
	/* a part of a minute as the panel writes it: not rounded to 0.0 */
	session_seek_minutes("1.2+0", line, sizeof line);
	assert_string_equal(line, "0.02+0");
	session_seek_minutes("45+2", line, sizeof line);
	assert_string_equal(line, "0.75+2");
	assert_string_equal(l->games[1].variant, "megapawn");
	/* dan's seat is an account's, the others guests': shown so. */
	assert_true(l->games[0].guest[0]);
	assert_true(l->games[1].guest[0]);
	assert_false(l->games[1].guest[1]);
	assert_string_equal(session_net_shown(l->games[1].white,
	    l->games[1].guest[0], line, sizeof line), "cy(guest)");
	assert_string_equal(session_net_shown(l->games[1].black,
	    l->games[1].guest[1], line, sizeof line), "dan");
	session_lobby_ask(&S, true);            /* listed: not again */
	assert_false(l->listing);
	session_lobby_move(&S, 5);
	assert_int_equal(l->sel, 1);
	session_lobby_move(&S, -5);
	assert_int_equal(l->sel, 0);
	session_lobby_move(&S, 1);

	/* A full game: watched, and q will come back here. */
	assert_int_equal(session_lobby_open(&S, false), 0);
	assert_true(S.net->from_lobby);
	assert_string_equal(S.msg.text, "opening BCDEFGHI...");
	expect_line("#o OBSERVE game=BCDEFGHI", NULL, 0);
	/* An open one: its free seat. */
	session_lobby_move(&S, -1);
	assert_int_equal(session_lobby_open(&S, false), 0);
	assert_string_equal(S.msg.text, "joining ABCDEFGH...");
	expect_line("#j JOIN game=ABCDEFGH seat=black name=bob", NULL, 0);

	/* r: asked again. */
	session_lobby_refresh(&S);
	assert_int_equal(l->n, 0);
	assert_false(l->listed);
	assert_int_equal(session_lobby_open(&S, true), -1);
	session_lobby_ask(&S, true);
	expect_line("#l LIST limit=100", NULL, 0);
	send_line("OK #l LIST n=0");
	WAIT(l->listed);
	assert_int_equal(l->n, 0);
	session_lobby_create(&S, BLACK);
	assert_string_equal(S.msg.text, "creating a game...");
	expect_line("#c CREATE", NULL, 0);
	disconnect_fake();
}

FAKE_HOME_MAIN("test_session_lobby",
	cmocka_unit_test(test_seeks),
	cmocka_unit_test(test_seeks_days),
	cmocka_unit_test(test_lists),
	cmocka_unit_test(test_lobby))
