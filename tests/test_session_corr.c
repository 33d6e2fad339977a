/*
 * test_session_corr.c: correspondence games and challenges in the
 * session (issue 36), without a terminal, against the fake CGP/1 server
 * (test_session_fake.h): "Your games" and the challenges in the lobby
 * (their lines, as `congo --games` prints them; Up and Down over the
 * lobby; a game taken back by the account, without a token; a challenge
 * accepted and declined), a challenge arriving while one plays, a
 * challenge sent (--challenge) and left standing, a correspondence game's
 * deadline in the clock's place and q that leaves it without resigning,
 * the advisor and analysis refused in a rated game only and the computer
 * never at one's seat there (fair play), the plain mode's games,
 * challenges and accept/decline/withdraw GAME, and --create --days.
 */
#include <time.h>

#include "clock/clock.h"
#include "session/session_link.h"
#include "session/session_net_corr.h"
#include "session/session_net_list.h"
#include "session/session_net_mine.h"
#include "session/session_seek.h"
#include "test_session_fake.h"

#define DAY_MS (24 * 3600000LL)
#define OTHER "CCCCCCCC"
#define THIRD "DDDDDDDD"

/* The UTC time of Unix ms t, as the server writes it. */
static const char *
iso(long long t)
{
	static char buf[32];
	time_t tt = (time_t)(t / 1000);
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return buf;
}

static void
lobby(void)
{
}

/* The lines of your games and of the challenges, as the lobby shows them
 * and `congo --games` prints them: one word a field. */
static void
test_lines(void **state)
{
	struct session_mine_game g;
	struct session_challenge c;
	long long now = 1795620602000LL;
	char line[200], text[300];
	(void)state;

	snprintf(text, sizeof text, "game=%s variant=congo white=ann "
	    "black=bob status=active turn=black yourturn=1 deadline=%s days=3",
	    GAME, iso(now + 2 * DAY_MS + 14 * 3600000LL + 30000));
	session_mine_item(&g, text);
	assert_true(g.yourturn);
	assert_int_equal(g.turn, BLACK);
	/* the time control last, a seventh field: "3d" as the seeks say
	 * days a move, "5+3" a clock's minutes and seconds, "-" none */
	session_mine_line(&g, now, line, sizeof line, false);
	assert_string_equal(line, GAME "  your-turn   congo     ann           "
	    "bob           2d14h     3d");
	session_mine_item(&g, "game=" OTHER " variant=megapawn white=bob "
	    "black=cy status=active turn=black yourturn=0 wclock=298000 "
	    "bclock=5000 clock=300+3");
	session_mine_line(&g, now, line, sizeof line, false);
	assert_string_equal(line, OTHER "  their-turn  megapawn  bob           "
	    "cy            5.0       5+3");
	session_mine_item(&g, "game=" THIRD " variant=congo white=bob "
	    "black=- status=open turn=white yourturn=0");
	session_mine_line(&g, now, line, sizeof line, false);
	assert_string_equal(line, THIRD "  open        congo     bob           "
	    "-             -         -");
	/* a deadline passed (the server ends the game): nothing negative */
	snprintf(text, sizeof text, "game=%s variant=congo white=ann "
	    "black=bob status=active turn=white yourturn=0 deadline=%s", GAME,
	    iso(now - 5000));
	session_mine_item(&g, text);
	session_mine_line(&g, now, line, sizeof line, false);
	assert_non_null(strstr(line, "their-turn"));
	assert_non_null(strstr(line, "  0s"));
	/* for a person (the lobbies): the words, translated (issue 62:
	 * the German lobby said "your-turn", "finished", "active") */
	session_mine_line(&g, now, line, sizeof line, true);
	assert_non_null(strstr(line, "their turn"));
	assert_string_equal(session_status_shown("finished"), "finished");
	assert_string_equal(session_status_shown("weird"), "weird");

	memset(&c, 0, sizeof c);
	snprintf(c.game, sizeof c.game, "%s", GAME);
	snprintf(c.from, sizeof c.from, "ann");
	snprintf(c.to, sizeof c.to, "bob");
	snprintf(c.variant, sizeof c.variant, "congo");
	snprintf(c.control, sizeof c.control, "3d");
	c.to_me = true;
	c.expires = now + 13 * DAY_MS + 3600000LL;
	session_challenge_line(&c, now, line, sizeof line);
	assert_string_equal(line, GAME "  from ann           congo     3d     "
	    "casual  stands 13d1h");
	c.to_me = false;
	c.rated = true;
	snprintf(c.control, sizeof c.control, "5+3");
	session_challenge_line(&c, now, line, sizeof line);
	assert_string_equal(line, GAME "  to   bob           congo     5+3    "
	    "rated   stands 13d1h");
}

/* Logged in (as the server would say after LOGIN). */
static void
login(const char *name)
{
	send_line("OK #i LOGIN name=%s", name);
	WAIT(strcmp(S.net->account, name) == 0);
}

/* The session asks for the lists of your games and your challenges. */
static void
lists_asked(void)
{
	expect_line("#M GAMES mine=yes", NULL, 0);
	expect_line("#H CHALLENGES", NULL, 0);
}

/* Online in the lobby (not logged in): the session's list of your games
 * and challenges. */
static struct session_mine *
online(void)
{
	connect_fake(lobby);
	WAIT(net_client_state(C) == NET_ONLINE);
	return &S.net->mine;
}

/* The lobby of bob: his games and challenges listed, Up and Down over
 * them, a game taken back without a token (another machine), a
 * challenge declined and one accepted. */
static void
test_lobby_mine(void **state)
{
	struct session_mine *m;
	long long now = util_wall_ms();
	char line[200];
	(void)state;

	m = online();
	/* Not logged in: not asked. */
	session_mine_tick(&S, now_ms(), true);
	assert_false(m->asking);
	login("bob");
	session_lobby_ask(&S, true);
	lists_asked();
	expect_line("#l LIST limit=100", NULL, 0);
	send_line("OK #M GAMES n=2");
	send_line("ITEM #M game=%s variant=congo white=ann black=bob "
	    "status=active turn=black yourturn=1 deadline=%s days=3", GAME,
	    iso(now + 3 * DAY_MS - 60000));
	send_line("ITEM #M game=%s variant=congo white=bob black=- "
	    "status=open turn=white yourturn=0 clock=600+5", THIRD);
	send_line("OK #H CHALLENGES n=2");
	send_line("ITEM #H game=%s from=ann to=bob variant=congo days=3 "
	    "rated=no expires=%s", OTHER, iso(now + 14 * DAY_MS));
	send_line("ITEM #H game=%s from=bob to=cy variant=congo clock=300+3 "
	    "rated=yes expires=%s", THIRD, iso(now + DAY_MS));
	send_line("OK #l LIST n=1");
	send_line("ITEM #l game=EEEEEEEE variant=congo status=open white=dan "
	    "black=- ply=0 days=2");
	WAIT(m->listed && !m->chal_asking && S.net->lobby.listed);
	/* a correspondence game's days a move in the games' clock column */
	assert_string_equal(S.net->lobby.games[0].clock, "2d");
	assert_int_equal(m->n, 2);
	assert_int_equal(m->nchal, 2);
	assert_true(m->chal[0].to_me);
	assert_false(m->chal[1].to_me);
	assert_string_equal(m->chal[1].control, "5+3");
	session_mine_line(&m->games[0], now, line, sizeof line, false);
	assert_non_null(strstr(line, "your-turn"));
	assert_non_null(strstr(line, "2d23h     3d"));
	/* an open game's time control, though no clock runs yet */
	session_mine_line(&m->games[1], now, line, sizeof line, false);
	assert_non_null(strstr(line, "open"));
	assert_string_equal(line + strlen(line) - 14, "-         10+5");
	/* Not asked again before its time. */
	session_mine_tick(&S, now_ms(), true);
	assert_false(m->asking);

	/* Up and Down: the challenges, your games, then the games. No game
	 * was listed when your games came: the first of them is the row
	 * highlighted. */
	assert_int_equal(session_lobby_part(&S), LOBBY_MINE);
	assert_int_equal(m->sel, 0);
	session_lobby_step(&S, 2);
	assert_int_equal(session_lobby_part(&S), LOBBY_GAMES);
	assert_int_equal(S.net->lobby.sel, 0);
	session_lobby_step(&S, 1);
	assert_int_equal(session_lobby_part(&S), LOBBY_GAMES);
	session_lobby_step(&S, -1);
	assert_int_equal(session_lobby_part(&S), LOBBY_MINE);
	assert_int_equal(m->sel, 1);
	session_lobby_step(&S, -2);
	assert_int_equal(session_lobby_part(&S), LOBBY_CHAL);
	assert_int_equal(m->chal_sel, 1);
	session_lobby_step(&S, -5);
	assert_int_equal(m->chal_sel, 0);
	/* the wrong key for it: said */
	assert_int_equal(session_mine_decline(&S, true), -1);
	assert_string_equal(S.msg.text, "ann challenges you: d declines it");
	session_lobby_step(&S, 1);
	assert_int_equal(session_mine_decline(&S, false), -1);
	assert_string_equal(S.msg.text, "your challenge to cy: w withdraws "
	    "it");
	/* withdrawn: CANCEL, and the lists asked again */
	assert_int_equal(session_mine_decline(&S, true), 0);
	expect_line("#k CANCEL game=" THIRD, NULL, 0);
	session_lobby_ask(&S, true);
	lists_asked();
	send_line("OK #k CANCEL game=%s", THIRD);
	send_line("OK #M GAMES n=1");
	send_line("ITEM #M game=%s variant=congo white=ann black=bob "
	    "status=active turn=black yourturn=1 deadline=%s", GAME,
	    iso(now + 3 * DAY_MS - 60000));
	send_line("OK #H CHALLENGES n=1");
	send_line("ITEM #H game=%s from=ann to=bob variant=congo days=3 "
	    "rated=no expires=%s", OTHER, iso(now + 14 * DAY_MS));
	WAIT(!m->asking && !m->chal_asking && m->nchal == 1);
	/* the highlight stays on a row */
	assert_int_equal(session_lobby_part(&S), LOBBY_CHAL);
	assert_int_equal(m->chal_sel, 0);
	/* declined */
	assert_int_equal(session_mine_decline(&S, false), 0);
	assert_string_equal(S.msg.text, "ann's challenge is declined");
	expect_line("#k CANCEL game=" OTHER, NULL, 0);

	/* Enter on your game: back to your seat by the account, no token */
	session_lobby_step(&S, 1);
	assert_int_equal(session_lobby_part(&S), LOBBY_MINE);
	assert_int_equal(session_mine_open(&S), 0);
	expect_line("#r REJOIN game=" GAME " seat=black", line, sizeof line);
	assert_null(strstr(line, "token="));
	assert_true(S.net->from_lobby);
	disconnect_fake();
}

/* A challenge accepted from the lobby: JOIN of its free seat. */
static void
test_accept(void **state)
{
	long long now = util_wall_ms();
	struct session_mine *m = online();

	(void)state;
	login("bob");
	session_mine_tick(&S, now_ms(), true);
	lists_asked();
	send_line("OK #M GAMES n=0");
	send_line("OK #H CHALLENGES n=1");
	send_line("ITEM #H game=%s from=ann to=bob variant=congo days=1 "
	    "rated=no expires=%s", OTHER, iso(now + 14 * DAY_MS));
	WAIT(m->nchal == 1 && !m->chal_asking);
	/* no game listed: the challenge is the row highlighted */
	assert_int_equal(session_lobby_part(&S), LOBBY_CHAL);
	assert_int_equal(session_mine_open(&S), 0);
	assert_string_equal(S.msg.text, "accepting ann's challenge (game "
	    OTHER ")...");
	expect_line("#j JOIN game=" OTHER " seat=white", NULL, 0);
	send_line("ERR #j 409 SEAT_TAKEN :white is taken");
	expect_line("#j JOIN game=" OTHER " seat=black", NULL, 0);
	disconnect_fake();
}

/* The plain mode's games, challenges, accept/decline/withdraw GAME: the
 * lists asked wherever one is (an account needed), a challenge answered
 * by its game's id. */
static void
test_mine_answer(void **state)
{
	long long now = util_wall_ms();
	struct session_mine *m = online();

	(void)state;
	assert_string_equal(session_mine_ask(&S, true, true), "needs an "
	    "account: log in (congo --login NAME, or network.account in "
	    "congo.conf)");
	login("bob");
	assert_null(session_mine_ask(&S, true, true));
	lists_asked();
	assert_true(m->asking && m->chal_asking);
	send_line("OK #M GAMES n=0");
	send_line("OK #H CHALLENGES n=2");
	send_line("ITEM #H game=%s from=ann to=bob variant=congo days=3 "
	    "rated=no expires=%s", OTHER, iso(now + 14 * DAY_MS));
	send_line("ITEM #H game=%s from=bob to=cy variant=congo clock=300+3 "
	    "rated=yes expires=%s", THIRD, iso(now + DAY_MS));
	WAIT(!m->asking && !m->chal_asking);
	assert_int_equal(session_mine_answer(&S, "accept", ""), -1);
	assert_string_equal(S.msg.text, "accept needs a game: accept GAME "
	    "(challenges lists them)");
	assert_int_equal(session_mine_answer(&S, "decline", "ZZZZZZZZ"), -1);
	assert_string_equal(S.msg.text, "decline: no challenge ZZZZZZZZ "
	    "listed (challenges lists them)");
	assert_int_equal(session_mine_answer(&S, "accept", THIRD), -1);
	assert_string_equal(S.msg.text, "accept: " THIRD " is your challenge "
	    "to cy (withdraw " THIRD " withdraws it)");
	assert_int_equal(session_mine_answer(&S, "withdraw", OTHER), -1);
	assert_string_equal(S.msg.text, "withdraw: " OTHER " is ann's "
	    "challenge to you (decline " OTHER " declines it)");
	assert_int_equal(session_mine_answer(&S, "withdraw", "dddddddd"), 0);
	expect_line("#k CANCEL game=" THIRD, NULL, 0);
	assert_int_equal(session_mine_answer(&S, "decline", THIRD), -1);
	assert_string_equal(S.msg.text, "decline: " THIRD " is your "
	    "challenge to cy (withdraw " THIRD " withdraws it)");
	assert_int_equal(session_mine_answer(&S, "accept", OTHER), 0);
	expect_line("#j JOIN game=" OTHER " seat=white", NULL, 0);
	assert_int_equal(m->chal_sel, -1);
	disconnect_fake();
}

/* A list asked while its answer is on the way (challenges typed again
 * after a withdraw GAME) is asked again once it has come, and only the
 * later answer is taken as said; an error answered (a limit's 429) lets
 * the next ask ask again, with no list to say. */
static void
test_mine_again(void **state)
{
	struct session_mine *m = online();

	(void)state;
	login("bob");
	assert_null(session_mine_ask(&S, false, true));
	expect_line("#H CHALLENGES", NULL, 0);
	assert_null(session_mine_ask(&S, false, true));
	assert_true(m->chal_again);
	send_line("OK #H CHALLENGES n=1");
	send_line("ITEM #H game=%s from=bob to=cy variant=congo days=3 "
	    "rated=no", THIRD);
	expect_line("#H CHALLENGES", NULL, 0);
	assert_true(m->chal_asking);
	send_line("OK #H CHALLENGES n=0");
	WAIT(!m->chal_asking);
	assert_int_equal(m->nchal, 0);
	assert_false(m->chal_failed);
	/* an error: asked again at the next ask */
	assert_null(session_mine_ask(&S, true, false));
	expect_line("#M GAMES mine=yes", NULL, 0);
	send_line("ERR #M 429 TOO_MANY_COMMANDS :at most 20 commands a second");
	WAIT(!m->asking);
	assert_true(m->failed);
	assert_null(session_mine_ask(&S, true, false));
	assert_false(m->failed);
	expect_line("#M GAMES mine=yes", NULL, 0);
	disconnect_fake();
}

/* Asked while the connection is being made again (the way back to the
 * lobby is a new connection): your games, the challenges and a :games
 * list wait, shown as being asked, and are asked once it is online, not
 * refused as "not connected". */
static void
test_asked_while_connecting(void **state)
{
	struct session_mine *m = online();
	struct session_cmd cmd = { CMD_GAMES, "ann" };

	(void)state;
	login("bob");
	close(sfd);
	sfd = -1;
	WAIT(net_client_state(C) != NET_ONLINE);
	assert_null(session_mine_ask(&S, true, true));
	assert_true(m->asking);
	assert_true(m->chal_asking);
	assert_int_equal(session_net_list_open(&S, &cmd), 0);
	assert_non_null(strstr(S.net->list->title, "Games of ann"));
	assert_false(S.net->list->done);
	assert_null(strstr(S.msg.text, "not connected"));
	fake_hello();
	expect_line("#G GAMES player=ann limit=100", NULL, 0);
	expect_line("#M GAMES mine=yes", NULL, 0);
	expect_line("#H CHALLENGES", NULL, 0);
	assert_true(m->asking);
	send_line("OK #G GAMES n=0");
	send_line("OK #M GAMES n=0");
	send_line("OK #H CHALLENGES n=0");
	WAIT(!m->asking && !m->chal_asking && S.net->list->done);
	assert_false(m->wait);
	assert_int_equal(S.net->list->wait.type, CMD_NONE);
	disconnect_fake();
}

/* The view's hook: analysis refused where the network game says. */
static const char *
hook_noanalysis(void *ctx)
{
	return session_net_noanalysis(ctx);
}

/* Seated as Black in GAME: its STATE (extra keys: the control, rated)
 * and its history (none, or White's c2c3). */
static void
seated(const char *extra, bool moved)
{
	char fen[CGP_FEN_MAX];

	S.hooks.noanalysis = hook_noanalysis;
	if (moved)
		wire_after("c2c3", fen);
	else
		snprintf(fen, sizeof fen, "%s", START);
	expect_line("#j JOIN game=" GAME " seat=black name=bob", NULL, 0);
	send_line("OK #j JOIN game=%s seat=black token=%s", GAME,
	    "AAAAAAAAAAAAAAAAAAAAAAAAAA");
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=%d "
	    "turn=%s status=active white=ann black=bob wpresent=1 "
	    "bpresent=1 waccount=1 baccount=1 %s", GAME, START, fen,
	    moved ? 1 : 0, moved ? "black" : "white", extra);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	if (moved) {
		send_line("OK #h HISTORY n=1 plies=1");
		send_line("ITEM #h ply=0 side=white move=c2c3");
	} else
		send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
}

/* A correspondence game: the deadline in the clock's place (coarse, then
 * finer), the status bar's word, no claim, a challenge told while one
 * plays, q that leaves without resigning. */
static void
test_corr_game(void **state)
{
	long long now = util_wall_ms(), deadline;
	char buf[64], extra[160];
	bool run, low, to_lobby;
	int days;
	(void)state;

	connect_fake(join_black);
	snprintf(extra, sizeof extra, "days=3 deadline=%s",
	    iso(now + 2 * DAY_MS + 14 * 3600000LL + 30 * 60000));
	seated(extra, true);
	assert_int_equal(game_board(&S.game)->side, BLACK);
	assert_true(session_corr_clock(&S, BLACK, buf, sizeof buf, &run,
	    &low));
	assert_string_equal(buf, "2 d 14 h");
	assert_true(run);
	assert_false(low);
	assert_true(session_corr_clock(&S, WHITE, buf, sizeof buf, &run,
	    &low));
	assert_string_equal(buf, "3 d");
	assert_false(run);
	assert_true(session_corr_timeout(&S) > 0);
	assert_true(session_corr_status(&S, buf, sizeof buf));
	assert_string_equal(buf, "3 d a move: q leaves, the game goes on");
	/* our move: White's turn and deadline now; under an hour: low */
	session_human_move(&S, mv("b6b5"));
	expect_line("#m1 MOVE game=" GAME " ply=1 move=b6b5", NULL, 0);
	send_line("OK #m1 MOVE game=%s ply=2 seq=3", GAME);
	send_line("EV %s 3 MOVE ply=1 side=black move=b6b5 fen=x "
	    "deadline=%s", GAME, iso(now + 50 * 60000 + 30000));
	WAIT(net_client_deadline(C, &deadline, &days) &&
	    deadline < now + 3600000LL);
	assert_true(session_corr_clock(&S, WHITE, buf, sizeof buf, &run,
	    &low));
	/* (the seconds go on) */
	assert_true(strncmp(buf, "50 min 2", 8) == 0 && strlen(buf) == 11);
	assert_true(low);
	assert_true(session_corr_clock(&S, BLACK, buf, sizeof buf, &run,
	    &low));
	assert_string_equal(buf, "3 d");
	/* the opponent away: no claim in a correspondence game */
	send_line("EV %s 3 PRESENCE seat=white state=gone", GAME);
	wait_msg("opponent disconnected");
	assert_int_equal(session_net_timeout(&S, now_ms()), -1);
	cmd(CMD_CLAIM, NULL);
	assert_string_equal(S.msg.text, ":claim: a correspondence game ends "
	    "at its deadline, not by a claim");
	/* a challenge told, once (it comes again at each LOGIN); in a view
	 * without a lobby to accept it in (the plain one), how to join */
	send_line("EV %s 0 CHALLENGED from=dan variant=congo clock=300+3 "
	    "rated=no seat=black", THIRD);
	wait_msg("dan challenges you: casual congo, 5+3 (accept " THIRD
	    " in the lobby, or congo --join " THIRD ", accepts it)");
	S.net->lobby_keys = true;
	send_line("EV %s 0 CHALLENGED from=cy variant=megapawn days=7 "
	    "rated=yes seat=white", OTHER);
	wait_msg("cy challenges you: rated megapawn, 7 days a move (the "
	    "lobby accepts it)");
	session_msg(&S, SM_NORMAL, "-");
	send_line("EV %s 0 CHALLENGED from=cy variant=megapawn days=7 "
	    "rated=yes seat=white", OTHER);
	settle();
	assert_string_equal(S.msg.text, "-");
	/* casual: analysis allowed */
	assert_null(session_net_noanalysis(&S));
	assert_null(session_net_nohelp(&S));
	/* q leaves (the views' quit goes to session_link_quit): no
	 * question, nothing sent, the game goes on */
	assert_true(session_link_quit(&S, &to_lobby));
	assert_false(to_lobby);
	assert_true(S.quit);
	assert_false(S.asking);
	assert_string_equal(S.msg.text, "game " GAME " goes on: Your games in "
	    "the lobby (or congo --games) lists it");
	settle();
	assert_int_equal((int)inlen, 0);
	disconnect_fake();
}

/* Fair play: in a rated game one plays, no advisor, no analysis (nor a
 * game's analysis); once it is over, both again. */
static void
test_fair_play(void **state)
{
	(void)state;

	connect_fake(join_black);
	seated("clock=300+5 wclock=300000 bclock=300000 rated=1 "
	    "wrating=1500 brating=1500", true);
	assert_true(S.net->rated);
	assert_string_equal(session_net_nohelp(&S),
	    "not in a rated game (fair play)");
	assert_non_null(session_net_noanalysis(&S));
	cmd(CMD_ADVICE, NULL);
	assert_string_equal(S.msg.text, "no advice: not in a rated game "
	    "(fair play)");
	assert_false(S.advising);
	cmd(CMD_ANALYZE, NULL);
	assert_string_equal(S.msg.text, "no analysis: not in a rated game "
	    "(fair play)");
	assert_false(S.analysis.on);
	cmd(CMD_ANALYSE_GAME, NULL);
	assert_string_equal(S.msg.text, "not in a rated game (fair play)");
	/* a live game: q is the views' as before (asked first) */
	assert_false(session_link_quit(&S, &(bool){ false }));
	assert_false(S.quit);
	/* over: allowed */
	send_line("EV %s 2 RESULT result=1-0 reason=resign wrating=1600 "
	    "wdiff=+100 brating=1400 bdiff=-100", GAME);
	wait_msg("White wins");
	assert_null(session_net_nohelp(&S));
	disconnect_fake();
}

/* Black given to the computer (--black ai), then the game joined. */
static void
join_black_ai(void)
{
	snprintf(S.conf.black.type, sizeof S.conf.black.type, "ai");
	S.net->local_given[BLACK] = true;
	net_client_join(C, GAME, BLACK);
}

/* Fair play: the computer never plays the player's seat of a rated game
 * (it is given back to the player, said); in a casual one it does. */
static void
test_fair_seat(void **state)
{
	(void)state;

	connect_fake(join_black_ai);
	seated("clock=300+5 wclock=300000 bclock=300000 rated=1 "
	    "wrating=1500 brating=1500", true);
	assert_false(S.player[BLACK]->thinks);
	assert_false(S.paused);
	assert_string_equal(S.msg.text, "a rated game: you play Black "
	    "yourself, not the computer (fair play)");
	settle();
	assert_int_equal((int)inlen, 0);        /* no move of the AI's */
	disconnect_fake();

	connect_fake(join_black_ai);
	seated("clock=300+5 wclock=300000 bclock=300000", true);
	assert_true(S.player[BLACK]->thinks);
	assert_false(session_net_fair_seat(&S));
	disconnect_fake();
}

static void
challenge_ann(void)
{
	char err[160];

	assert_int_equal(session_challenge_start(&S, "ann", NULL, 3, false,
	    "congo", BLACK, err, sizeof err), 0);
}

/* --challenge: sent, waited for in its game, left standing with q, and
 * declined. */
static void
test_challenge_sent(void **state)
{
	char buf[128];
	bool to_lobby;
	(void)state;

	connect_fake(challenge_ann);
	expect_line("#n CHALLENGE name=ann rated=no days=3 variant=congo "
	    "color=black", NULL, 0);
	send_line("OK #n CHALLENGE game=%s seat=black token=%s", GAME,
	    "AAAAAAAAAAAAAAAAAAAAAAAAAA");
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=open white=- black=bob wpresent=0 bpresent=1 "
	    "days=3", GAME, START, START);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
	assert_int_equal(S.net->seat, BLACK);
	assert_true(session_corr_status(&S, buf, sizeof buf));
	assert_string_equal(buf, "waiting for ann to accept (q leaves, the "
	    "challenge stands)");
	assert_true(session_corr_clock(&S, WHITE, buf, sizeof buf,
	    &(bool){ false }, &(bool){ false }));
	assert_string_equal(buf, "3 d");
	/* q: left standing (nothing sent) */
	assert_true(session_link_quit(&S, &to_lobby));
	assert_false(to_lobby);
	assert_true(S.quit);
	assert_string_equal(S.msg.text, "your challenge to ann stands (game "
	    GAME ")");
	S.quit = false;
	settle();
	assert_int_equal((int)inlen, 0);
	send_line("EV %s 2 RESULT result=- reason=declined", GAME);
	wait_msg("ann declines the challenge (q quits)");
	assert_string_equal(S.result_why, "Challenge declined");
	assert_false(session_corr_status(&S, buf, sizeof buf));
	disconnect_fake();
}

static void
challenge_nobody(void)
{
	char err[160];

	assert_int_equal(session_challenge_start(&S, "nobody", "5+3", 0, true,
	    "megapawn", -1, err, sizeof err), 0);
	assert_int_equal(session_challenge_start(&S, "nobody", "x", 0, true,
	    "megapawn", -1, err, sizeof err), -1);
	assert_non_null(strstr(err, "--clock: "));
}

static void
create_corr(void)
{
	net_client_create_game(C, WHITE, NULL, "megapawn", NULL, 5);
}

/* --create --days N: CREATE with days= and no clock=. */
static void
test_create_days(void **state)
{
	(void)state;

	connect_fake(create_corr);
	expect_line("#c CREATE seat=white name=bob variant=megapawn days=5",
	    NULL, 0);
	disconnect_fake();
}

/* A challenge refused ends --challenge with the reason. */
static void
test_challenge_refused(void **state)
{
	(void)state;

	connect_fake(challenge_nobody);
	expect_line("#n CHALLENGE name=nobody rated=yes clock=300+3 "
	    "variant=megapawn", NULL, 0);
	send_line("ERR #n 404 NO_SUCH_PLAYER :no such account");
	WAIT(S.quit);
	assert_string_equal(S.net->fatal, "cannot challenge nobody: no such "
	    "account");
	disconnect_fake();
}

/* The terms typed after seek and challenge: a control, then rated and a
 * variant in any order; the refusals name the word. */
static void
test_terms(void **state)
{
	struct session_terms t;
	char err[200];

	(void)state;
	assert_true(session_terms_parse("seek", "5+3", &t, err, sizeof err));
	assert_string_equal(t.clock, "5+3");
	assert_int_equal(t.days, 0);
	assert_false(t.rated);
	assert_string_equal(t.variant, "congo");
	assert_true(session_terms_parse("seek", "2d megapawn rated", &t, err,
	    sizeof err));
	assert_string_equal(t.clock, "");
	assert_int_equal(t.days, 2);
	assert_true(t.rated);
	assert_string_equal(t.variant, "megapawn");
	assert_false(session_terms_parse("seek", "4d", &t, err, sizeof err));
	assert_string_equal(err, "seek: '4d' is neither a clock (M+S, such as "
	    "5+3) nor days a move (1d, 2d, 3d, 5d, 7d, 10d or 14d).");
	assert_false(session_terms_parse("challenge", "5+3 blitz", &t, err,
	    sizeof err));
	assert_string_equal(err, "challenge: 'blitz' is neither rated nor a "
	    "variant (congo, megapawn).");
	/* too few or too many words: the caller's usage */
	assert_false(session_terms_parse("seek", "", &t, err, sizeof err));
	assert_string_equal(err, "");
	assert_false(session_terms_parse("seek", "5+3 rated congo x", &t, err,
	    sizeof err));
	assert_string_equal(err, "");
}

/* A challenge typed in the lobby (:challenge, the plain lobby's): sent
 * with its terms; the server's refusal is said and the lobby goes on (a
 * --challenge refused ends the program: test_challenge_refused). */
static void
test_challenge_typed(void **state)
{
	(void)state;
	online();
	login("bob");
	assert_int_equal(session_challenge_typed(&S, "ann"), -1);
	assert_non_null(strstr(S.msg.text, "challenge NAME M+S [rated] "
	    "[megapawn], or"));
	assert_int_equal(session_challenge_typed(&S, "nobody 5+3 megapawn "
	    "rated"), 0);
	expect_line("#n CHALLENGE name=nobody rated=yes clock=300+3 "
	    "variant=megapawn", NULL, 0);
	/* one at a time */
	assert_int_equal(session_challenge_typed(&S, "ann 5+3"), -1);
	assert_non_null(strstr(S.msg.text, "from the lobby"));
	send_line("ERR #n 404 NO_SUCH_PLAYER :no such account");
	WAIT(strstr(S.msg.text, "cannot challenge") != NULL);
	assert_string_equal(S.msg.text, "cannot challenge nobody: no such "
	    "account");
	assert_false(S.quit);
	assert_string_equal(S.net->fatal, "");
	assert_false(S.net->chal_once);
	assert_false(S.net->from_lobby);
	/* and another is sent */
	assert_int_equal(session_challenge_typed(&S, "ann 3d"), 0);
	expect_line("#n CHALLENGE name=ann rated=no days=3 variant=congo",
	    NULL, 0);
	assert_true(S.net->from_lobby);
	disconnect_fake();
}

/* create typed in the lobby (:create, the plain lobby's): the seat, the
 * clock or days and the variant asked for; a word that is none said. */
static void
test_create_typed(void **state)
{
	(void)state;
	online();
	assert_int_equal(session_lobby_create_typed(&S, "purple"), -1);
	assert_string_equal(S.msg.text, "create: 'purple' is neither white, "
	    "black, a clock (M+S), days a move (Nd) nor a variant (congo, "
	    "megapawn).");
	assert_int_equal(session_lobby_create_typed(&S, "5+3 2d"), -1);
	assert_non_null(strstr(S.msg.text, "each at most once"));
	assert_int_equal(session_lobby_create_typed(&S, "black white"), -1);
	assert_non_null(strstr(S.msg.text, "each at most once"));
	assert_int_equal(session_lobby_create_typed(&S, "0+1"), -1);
	assert_int_equal(session_lobby_create_typed(&S, "black 3+2 megapawn"),
	    0);
	expect_line("#c CREATE seat=black name=bob variant=megapawn "
	    "clock=180+2", NULL, 0);
	assert_int_equal((int)inlen, 0);
	disconnect_fake();
}

FAKE_HOME_MAIN("test_session_corr",
	cmocka_unit_test(test_lines),
	cmocka_unit_test(test_lobby_mine),
	cmocka_unit_test(test_accept),
	cmocka_unit_test(test_mine_answer),
	cmocka_unit_test(test_mine_again),
	cmocka_unit_test(test_asked_while_connecting),
	cmocka_unit_test(test_corr_game),
	cmocka_unit_test(test_fair_play),
	cmocka_unit_test(test_fair_seat),
	cmocka_unit_test(test_challenge_sent),
	cmocka_unit_test(test_challenge_refused),
	cmocka_unit_test(test_terms),
	cmocka_unit_test(test_challenge_typed),
	cmocka_unit_test(test_create_typed),
	cmocka_unit_test(test_create_days))
