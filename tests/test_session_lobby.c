/*
 * test_session_lobby.c: the session's lobby, without a terminal, against a
 * fake CGP/1 server (test_session_fake.h): others' seeks listed and
 * accepted, the seek dialog, the server's lists (:whois, :top, :games, a
 * game's record and its review), the games list, a game watched, joined
 * and created.
 */
#include "test_session_fake.h"
#include "session/session_bots.h"
#include "session/session_link.h"
#include "session/session_net_list.h"
#include "session/session_player.h"
#include "session/session_seek.h"

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
	    "clock=300+3 rated=no color=white provisional=1");
	send_line("ITEM #K seek=BBBBBBBB name=cy rating=- variant=megapawn "
	    "clock=90+0 rated=yes color=random");
	WAIT(!k->asking);
	assert_int_equal(k->n, 2);
	assert_string_equal(k->list[0].name, "ann");
	/* a provisional rating with its ? (issue 62) */
	assert_string_equal(k->list[0].rating, "1500?");
	assert_string_equal(k->list[1].rating, "-");
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
	/* Ours (a guest's: by its id) listed as ours, asked for at once
	 * (issue 62: "nobody seeks a game" while one sought). */
	assert_string_equal(k->mine, "CCCCCCCC");
	session_seeks_tick(&S, now_ms(), true);
	assert_true(k->asking);
	expect_line("#K SEEKS", NULL, 0);
	send_line("OK #K SEEKS n=2");
	send_line("ITEM #K seek=AAAAAAAA name=ann rating=1500 variant=congo "
	    "clock=300+3 rated=no color=white");
	send_line("ITEM #K seek=CCCCCCCC name=bob(guest) rating=- "
	    "variant=congo clock=300+3 rated=no color=black");
	WAIT(!k->asking);
	/* ours first, in the rows shown however many others seek */
	assert_string_equal(k->list[0].id, "CCCCCCCC");
	assert_true(session_seek_mine(&S, &k->list[0]));
	assert_false(session_seek_mine(&S, &k->list[1]));
	assert_true(session_seek_cancel(&S, false));
	assert_false(session_seek_mine(&S, &k->list[0]));
	assert_string_equal(S.msg.text, "seek withdrawn");
	assert_false(S.quit);
	expect_line("#U UNSEEK seek=CCCCCCCC", NULL, 0);
	assert_false(session_seek_cancel(&S, false));
	assert_false(session_seek_line(&S, now_ms(), line, sizeof line));

	/* Refused because the seek it matches is of one's own network
	 * (409 SAME_NETWORK): said in words, not the protocol's; the lobby
	 * waits for nothing. */
	assert_int_equal(session_seek_accept(&S, 1), 0);        /* ann's */
	expect_line("#S SEEK clock=300+3 rated=no name=bob variant=congo "
	    "color=black",
	    NULL, 0);
	send_line("ERR #S 409 SAME_NETWORK :a rated seek that would be paired "
	    "with this one comes from your network (10.0.0.0/24): a rated "
	    "game is between two networks");
	WAIT(S.msg.tone == SM_ERROR);
	assert_string_equal(S.msg.text, "cannot seek: a rated game is between "
	    "two networks, and the rated seek that matches yours comes from "
	    "your own (an unrated seek can be paired with it)");
	assert_false(session_seek_line(&S, now_ms(), line, sizeof line));
	assert_false(S.quit);

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

	/* Nobody of that name: the list says so in words, not "asking the
	 * server..." for ever, nor the protocol's verb (issue 57). */
	assert_int_equal(list_cmd(CMD_WHOIS, "nobody"), 0);
	expect_line("#W WHOIS name=nobody", NULL, 0);
	send_line("ERR #W 404 NO_SUCH_PLAYER");
	WAIT(l->done);
	assert_string_equal(l->title, "No player named nobody");
	assert_null(strstr(l->title, "asking"));
	assert_string_equal(S.msg.text, "there is no player named nobody");
	assert_null(strstr(S.msg.text, "WHOIS"));

	assert_int_equal(list_cmd(CMD_TOP, "bullet megapawn"), 0);
	expect_line("#T TOP variant=megapawn speed=bullet limit=100", NULL, 0);
	send_line("OK #T TOP n=0");
	WAIT(l->done);
	assert_string_equal(l->title, "Best players, megapawn bullet");
	/* nobody listed: why, as the web page says it (issue 62) */
	assert_int_equal(l->n, 2);
	assert_string_equal(l->lines[0], "  Nobody has an established rating "
	    "yet:");
	assert_non_null(strstr(l->lines[1], "deviation is 110 or less"));

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
	assert_int_equal(session_net_list_record(&S, 1, true), -1);
	/* The record: gathered, then loaded for review (here as --plain
	 * has it: the commands named, not the keys). */
	S.typed = true;
	assert_int_equal(session_net_list_record(&S, 0, true), 0);
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
	assert_non_null(strstr(S.msg.text, "its record: back and forward "
	    "step through it, first to its start, quit back to the lobby"));
	S.typed = false;
	assert_string_equal(record_tag_get(&S.tags, "White"), "cy");
	disconnect_fake();
}

/* The label of side c's player, as the panel and the plain mode say it. */
static const char *
label(int c)
{
	static char buf[2][96];

	session_player_label(S.player[c], buf[c], sizeof buf[c]);
	return buf[c];
}

/* The RECORD of game BBBBBBBB (dan beat by cy on time, rated) sent for
 * the list's line 0, asked for from the lobby or not. */
static void
send_record(bool lobby)
{
	assert_int_equal(session_net_list_record(&S, 0, lobby), 0);
	expect_line("#D RECORD game=BBBBBBBB", NULL, 0);
	send_line("OK #D RECORD n=13");
	send_line("ITEM #D :[Event \"Rated game\"]");
	send_line("ITEM #D :[Round \"BBBBBBBB\"]");
	send_line("ITEM #D :[White \"dan\"]");
	send_line("ITEM #D :[Black \"cy\"]");
	send_line("ITEM #D :[Result \"0-1\"]");
	send_line("ITEM #D :[TimeControl \"180+2\"]");
	send_line("ITEM #D :[ServerTermination \"time\"]");
	send_line("ITEM #D :[WhiteElo \"1500\"]");
	send_line("ITEM #D :[WhiteRatingDiff \"-12\"]");
	send_line("ITEM #D :[BlackElo \"1600\"]");
	send_line("ITEM #D :[BlackRatingDiff \"+12\"]");
	send_line("ITEM #D :");
	send_line("ITEM #D :1. d2d3 {[%%clk 0:02:58]} a6a5 {[%%clk 0:02:59]} "
	    "2. e2e3 0-1");
}

/* A record of a :games list reviewed while watching a game: the board,
 * the players, the result, the clocks and ratings are the record's, the
 * watched game's moves wait; q brings the watched game back whole, its
 * move made meanwhile too. From the lobby, q goes back there; a seat
 * taken ends the review by itself. */
static void
test_record_review(void **state)
{
	struct session_net_list *l;
	char text[160], fen[CGP_FEN_MAX];
	long long left;
	int rating[2], diff[2];
	bool run, to_lobby;
	(void)state;

	connect_fake(observe);
	expect_line("#o OBSERVE game=" GAME, NULL, 0);
	send_line("OK #o OBSERVE game=%s", GAME);
	wait_msg("watching game");
	wire_after("c2c3", fen);
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=1 "
	    "turn=black status=active white=ann black=cy wpresent=1 "
	    "bpresent=1 baccount=1 clock=300+5 wclock=290000 bclock=280000",
	    GAME, START, fen);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=1 plies=1");
	send_line("ITEM #h ply=0 side=white move=c2c3");
	WAIT(S.net->synced);
	assert_int_equal(S.game.nply, 1);
	assert_string_equal(label(BLACK), "cy (playing)");
	assert_true(session_link_clock(&S, BLACK, &left, &run));

	assert_int_equal(list_cmd(CMD_GAMES, "cy"), 0);
	l = S.net->list;
	expect_line("#G GAMES player=cy limit=100", NULL, 0);
	send_line("OK #G GAMES n=1");
	send_line("ITEM #G game=BBBBBBBB variant=congo white=dan black=cy "
	    "result=0-1 reason=time rated=1 ended=2026-11-20T09:00:00Z");
	WAIT(l->done);
	send_record(false);
	WAIT(l->loaded);
	/* Its players, result, moves and clocks, not the watched game's. */
	assert_string_equal(label(WHITE), "dan");
	assert_string_equal(label(BLACK), "cy");
	assert_non_null(strstr(S.msg.text, "game BBBBBBBB, its record: [ and "
	    "] step through it, { to its start, q back to the game"));
	assert_string_equal(session_net_record_game(&S), "BBBBBBBB");
	session_result_text(&S, text, sizeof text);
	assert_string_equal(text, "Black wins: White lost on time");
	/* a loss on time, not a resignation (issue 57) */
	assert_int_equal(S.game.reason, REASON_TIME);
	session_result_label(&S, text, sizeof text);
	assert_string_equal(text, "0-1 on time");
	assert_int_equal(S.game.nply, 3);
	assert_false(session_link_clock(&S, WHITE, &left, &run));
	assert_true(S.clocked);
	assert_int_equal(session_clock_shown(&S, WHITE), 178000);
	assert_true(session_net_record_ratings(&S, rating, diff));
	assert_int_equal(rating[WHITE], 1488);
	assert_int_equal(diff[BLACK], 12);
	assert_string_equal(record_tag_get(&S.tags, "White"), "dan");

	/* The watched game goes on: its move waits, the record stays. */
	send_line("EV %s 2 MOVE ply=1 side=black move=b6b5 fen=x", GAME);
	settle();
	assert_int_equal(S.game.nply, 3);
	assert_string_equal(label(WHITE), "dan");
	notation_write(S.game.moves[1], text, sizeof text);
	assert_string_equal(text, "a6a5");

	/* q: the watched game again, as the server has it. */
	assert_true(session_link_quit(&S, &to_lobby));
	assert_false(to_lobby);
	assert_string_equal(S.msg.text, "back to game " GAME);
	assert_null(session_net_record_game(&S));
	assert_string_equal(label(WHITE), "ann(guest) (playing)");
	assert_string_equal(label(BLACK), "cy (playing)");
	assert_int_equal(S.game.nply, 2);
	notation_write(S.game.moves[1], text, sizeof text);
	assert_string_equal(text, "b6b5");
	assert_false(game_over(&S.game));
	assert_string_equal(S.result_why, "");
	assert_false(S.clocked);
	assert_true(session_link_clock(&S, WHITE, &left, &run));
	assert_null(record_tag_get(&S.tags, "White"));
	assert_false(session_net_record_ratings(&S, rating, diff));
	/* The next q is the game's own again (watching: nothing to leave). */
	assert_false(session_link_quit(&S, &to_lobby));

	/* From the lobby: q goes back there. */
	send_record(true);
	WAIT(session_net_record_game(&S) != NULL);
	assert_non_null(strstr(S.msg.text, "q back to the lobby"));
	assert_true(session_link_quit(&S, &to_lobby));
	assert_true(to_lobby);
	assert_string_equal(S.msg.text, "back to the lobby");

	/* A seat taken (a rematch, a game joined) ends the review. */
	send_record(false);
	WAIT(session_net_record_game(&S) != NULL);
	session_net_install(&S, WHITE);
	assert_null(session_net_record_game(&S));
	assert_string_equal(S.player[WHITE]->ops->kind, "human");
	assert_string_equal(label(BLACK), "cy (network)");
	assert_int_equal(S.game.nply, 2);
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

/* "Play the computer" (issue 59): the bots of the lobby's seeks, each
 * once with its speeds, one chosen and its speed; Enter: a guest's seek
 * of the bot's terms with bots=yes, an account's challenge to the bot;
 * with no bot listed, a 5+3 seek with bots=yes. */
static void
test_bots(void **state)
{
	struct session_bots_pick *p;
	struct session_bot b[SESSION_BOTS_MAX];
	struct session_seeks *k;
	char v[64], line[200];
	int n;
	(void)state;

	connect_fake(lobby);
	k = &S.net->seek;
	p = &S.net->bots;
	WAIT(net_client_state(C) == NET_ONLINE);
	session_bots_open(&S);
	assert_true(p->open);
	/* none listed: Enter seeks 5+3 with bots=yes */
	assert_int_equal(session_bots_list(&S, b, SESSION_BOTS_MAX), 0);
	assert_int_equal(session_bots_sel(&S, b, 0), -1);
	assert_int_equal(session_bots_play(&S), 0);
	assert_false(p->open);
	expect_line("#S SEEK clock=300+3 rated=no name=bob variant=congo "
	    "bots=yes", NULL, 0);
	send_line("OK #S SEEK seek=SSSSSSSS");
	WAIT(strcmp(k->mine, "SSSSSSSS") == 0);
	assert_true(session_seek_cancel(&S, false));
	expect_line("#U UNSEEK", NULL, 0);
	send_line("OK #U UNSEEK");

	/* Opening asks for the seeks at once. */
	session_bots_open(&S);
	session_seeks_tick(&S, now_ms(), true);
	expect_line("#K SEEKS", NULL, 0);
	send_line("OK #K SEEKS n=5");
	send_line("ITEM #K seek=AAAAAAAA name=robo rating=1612 variant=congo "
	    "clock=60+0 rated=no color=random title=BOT");
	send_line("ITEM #K seek=BBBBBBBB name=ann rating=1500 variant=congo "
	    "clock=60+0 rated=no color=random");
	send_line("ITEM #K seek=CCCCCCCC name=robo rating=1612 variant=megapawn "
	    "clock=300+3 rated=no color=random title=BOT");
	send_line("ITEM #K seek=DDDDDDDD name=robo rating=1612 variant=congo "
	    "clock=60+0 rated=no color=random title=BOT");
	send_line("ITEM #K seek=EEEEEEEE name=zed rating=- variant=congo "
	    "clock=180+2 rated=no color=random title=BOT");
	WAIT(!k->asking);
	n = session_bots_list(&S, b, SESSION_BOTS_MAX);
	assert_int_equal(n, 2);
	assert_string_equal(b[0].name, "robo");
	assert_string_equal(b[0].rating, "1612");
	assert_int_equal(b[0].nspeeds, 2);      /* 1+0 once */
	assert_true(session_bots_named(&S, "ROBO"));
	assert_false(session_bots_named(&S, "ann"));
	session_bots_speed_text(&S, b[0].speed[1], v, sizeof v);
	assert_string_equal(v, "5+3 megapawn");
	assert_int_equal(session_bots_sel(&S, b, n), 0);
	session_bots_speed(&S, 1);
	assert_int_equal(session_bots_speed_sel(&S, &b[0]), 1);
	session_bots_speed(&S, 1);              /* round again */
	assert_int_equal(session_bots_speed_sel(&S, &b[0]), 0);
	session_bots_speed(&S, -1);
	assert_int_equal(session_bots_speed_sel(&S, &b[0]), 1);
	session_bots_step(&S, 1);
	assert_int_equal(session_bots_sel(&S, b, n), 1);
	assert_int_equal(p->speed, 0);
	session_bots_step(&S, 1);               /* the last stays */
	assert_int_equal(session_bots_sel(&S, b, n), 1);
	session_bots_step(&S, -1);
	session_bots_speed(&S, 1);

	/* A guest: the bot's terms sought with bots=yes, unrated. */
	assert_int_equal(session_bots_play(&S), 0);
	assert_false(p->open);
	expect_line("#S SEEK clock=300+3 rated=no name=bob variant=megapawn "
	    "bots=yes", NULL, 0);
	send_line("OK #S SEEK seek=SSSSSSSS");
	WAIT(strcmp(k->mine, "SSSSSSSS") == 0);
	assert_true(session_seek_cancel(&S, false));
	expect_line("#U UNSEEK", NULL, 0);
	send_line("OK #U UNSEEK");

	/* Logged in: a challenge to that bot at that speed. */
	send_line("OK #i LOGIN name=bob");
	WAIT(strcmp(S.net->account, "bob") == 0);
	session_bots_open(&S);
	session_bots_step(&S, 1);               /* zed, 3+2 */
	assert_int_equal(session_bots_play(&S), 0);
	expect_line("#n CHALLENGE name=zed rated=no clock=180+2 "
	    "variant=congo", line, sizeof line);
	assert_non_null(strstr(S.msg.text, "challenged zed"));
	disconnect_fake();
}

FAKE_HOME_MAIN("test_session_lobby",
	cmocka_unit_test(test_seeks),
	cmocka_unit_test(test_seeks_days),
	cmocka_unit_test(test_lists),
	cmocka_unit_test(test_record_review),
	cmocka_unit_test(test_lobby),
	cmocka_unit_test(test_bots))
