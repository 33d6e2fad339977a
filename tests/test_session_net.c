/*
 * test_session_net.c: the session's network player, without a terminal,
 * against a fake CGP/1 server (test_session_fake.h). Joined as Black: the
 * seat, the players, a move each way (ours sent with its ply, the echo not
 * played twice), our draw offer declined by a move (we are told, issue 25
 * item 10), the opponent's offer, chat (our own line not shown twice), the
 * refusals of a network game, an ERR, and the end of the game; created as
 * White, watching (advice allowed), a --join refused, a --create refused,
 * a server that cannot be reached.
 */
#include "session/session_link.h"
#include "session/session_player.h"
#include "test_session_fake.h"

/* Created as White: waiting for an opponent, the opponent joins, goes,
 * the game cancelled; then a game lost on time, and its rematch. */
static void
test_created_game(void **state)
{
	struct session_net *g;
	char line[200];
	(void)state;

	connect_fake(create_white);
	g = S.net;
	expect_line("#c CREATE", line, sizeof line);
	assert_non_null(strstr(line, "seat=white"));
	send_line("OK #c CREATE game=%s seat=white token=%s", GAME,
	    "BBBBBBBBBBBBBBBBBBBBBBBBBB");
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=open white=bob black=- wpresent=1 bpresent=0",
	    GAME, START, START);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(g->synced);
	assert_int_equal(g->seat, WHITE);
	assert_true(S.player[WHITE]->human);
	assert_false(g->seated[BLACK]);
	session_player_label(S.player[BLACK], line, sizeof line);
	assert_string_equal(line, "(free seat)");
	assert_string_equal(session_net_nomove(&S),
	    "waiting for an opponent to join");

	/* The opponent joins: the game is on. A guest (no account=1) is
	 * shown as one. */
	send_line("EV %s 2 JOINED seat=black name=cy", GAME);
	wait_msg("cy(guest) joins as Black");
	assert_string_equal(g->status, "active");
	assert_null(session_net_nomove(&S));
	/* Our move, not yet stored: no other until the server took it. */
	session_human_move(&S, mv("c2c3"));
	expect_line("#m0 MOVE game=" GAME " ply=0 move=c2c3", NULL, 0);
	/* The opponent's connection goes. */
	send_line("EV %s 2 PRESENCE seat=black state=gone", GAME);
	wait_msg("opponent disconnected");
	session_player_label(S.player[BLACK], line, sizeof line);
	assert_string_equal(line, "cy(guest) (away)");
	/* Cancelled before both sides moved. */
	cmd(CMD_CANCEL, NULL);
	assert_string_equal(S.msg.text, "cancelling the game");
	expect_line("#k CANCEL game=" GAME, NULL, 0);
	send_line("OK #k CANCEL game=%s", GAME);
	send_line("EV %s 3 RESULT result=- reason=cancelled", GAME);
	wait_msg("the game is cancelled");
	assert_true(g->cancelled);
	assert_string_equal(S.result_why, "Game cancelled");
	assert_string_equal(g->status, "finished");
	disconnect_fake();
}

/* Cancelled by the server, not by us (issue 62): the first-move rule or
 * the opponent's abort is said, naming the side that did not move. */
static void
test_cancelled_not_by_us(void **state)
{
	struct session_net *g;
	char line[200];
	(void)state;

	connect_fake(create_white);
	g = S.net;
	expect_line("#c CREATE", line, sizeof line);
	send_line("OK #c CREATE game=%s seat=white token=%s", GAME,
	    "BBBBBBBBBBBBBBBBBBBBBBBBBB");
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=open white=bob black=- wpresent=1 bpresent=0",
	    GAME, START, START);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(g->synced);
	send_line("EV %s 2 JOINED seat=black name=cy", GAME);
	wait_msg("cy(guest) joins as Black");
	session_human_move(&S, mv("c2c3"));
	expect_line("#m0 MOVE game=" GAME " ply=0 move=c2c3", NULL, 0);
	send_line("OK #m0 MOVE game=%s ply=1 seq=3", GAME);
	send_line("EV %s 3 MOVE ply=0 side=white move=c2c3 fen=x", GAME);
	send_line("EV %s 4 RESULT result=- reason=cancelled", GAME);
	wait_msg("the game is cancelled: Black did not make a first move "
	    "in time, or the opponent called it off");
	assert_true(g->cancelled);
	disconnect_fake();
}

/* q in a live game entered from the lobby: back to the lobby, told that
 * the clock runs and how to come back (issue 62: q quit congo). */
static void
test_quit_to_lobby(void **state)
{
	bool to_lobby;

	(void)state;
	connect_fake(create_white);
	expect_line("#c CREATE", NULL, 0);
	send_line("OK #c CREATE game=%s seat=white token=%s", GAME,
	    "BBBBBBBBBBBBBBBBBBBBBBBBBB");
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=open white=bob black=- wpresent=1 bpresent=0",
	    GAME, START, START);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(S.net->synced);
	send_line("EV %s 2 JOINED seat=black name=cy", GAME);
	wait_msg("cy(guest) joins as Black");
	assert_false(session_link_quit(&S, &to_lobby));  /* not from there */
	S.net->from_lobby = true;
	assert_true(session_link_quit(&S, &to_lobby));
	assert_true(to_lobby);
	assert_string_equal(S.msg.text, "game " GAME " goes on and your clock "
	    "runs: Enter on it here takes you back");
	disconnect_fake();
}

/* Watching: both sides remote, nothing of a player's to send. */
static void
test_observer(void **state)
{
	struct session_net *g;
	char line[200];
	(void)state;

	connect_fake(observe);
	g = S.net;
	expect_line("#o OBSERVE game=" GAME, NULL, 0);
	send_line("OK #o OBSERVE game=%s", GAME);
	wait_msg("watching game");
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=ann black=cy wpresent=1 "
	    "bpresent=1 baccount=1", GAME, START, START);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=1 plies=1");
	send_line("ITEM #h ply=0 side=white move=c2c3");
	WAIT(g->synced);
	assert_int_equal(S.game.nply, 1);
	assert_int_equal(g->seat, -1);
	assert_string_equal(S.player[WHITE]->ops->kind, "remote");
	assert_string_equal(S.player[BLACK]->ops->kind, "remote");
	session_player_label(S.player[BLACK], line, sizeof line);
	assert_string_equal(line, "cy (playing)");
	/* White did not log in: a guest. */
	session_player_label(S.player[WHITE], line, sizeof line);
	assert_string_equal(line, "ann(guest) (playing)");
	assert_null(session_net_noanalysis(&S));
	/* Advice for the side to move, nobody's here, is allowed watching
	 * (congo(6), Fair play; a network audit found it refused). */
	cmd(CMD_ADVICE, NULL);
	assert_true(S.advising);
	assert_string_equal(S.advice, "Advice for Black: thinking...");
	/* Watching, one talks to the other watchers (issue 62: the
	 * spectators' chat, congo-server's extension), and hears them
	 * (not stored: said though its seq is the game's latest). */
	cmd(CMD_SAY, "hi");
	assert_string_equal(S.msg.text, "you say: hi");
	expect_line("#", line, sizeof line);   /* (a STATE asked before) */
	if (strncmp(line, "#s STATE ", 9) == 0)
		expect_line("#t SAY game=" GAME " :hi", NULL, 0);
	else
		assert_string_equal(line, "#t SAY game=" GAME " :hi");
	send_line("OK #t SAY game=%s", GAME);
	send_line("EV %s 1 SAID side=spectator name=dan :what a move", GAME);
	wait_msg("dan (watching) says: what a move");
	assert_int_equal(g->nchat, 1);
	assert_string_equal(g->chat[0], "dan (watching): what a move");
	cmd(CMD_DRAW, NULL);
	assert_string_equal(S.msg.text, "you are watching");
	cmd(CMD_CLAIM, NULL);
	assert_string_equal(S.msg.text, ":claim: you are watching");
	/* A player's takeback offer is only told. */
	send_line("EV %s 2 TAKEBACK action=offer side=white", GAME);
	wait_msg("White offers a takeback");
	/* Moves come as they are played; a draw offer is no question. */
	send_line("EV %s 3 MOVE ply=1 side=black move=c6c5 fen=x", GAME);
	WAIT(S.game.nply == 2);
	assert_false(S.advising);       /* the position it was for is gone */
	/* Lost on time: a reason the rules do not have. */
	send_line("EV %s 4 RESULT result=1-0 reason=time", GAME);
	wait_msg("White wins");
	assert_string_equal(S.result_why, "Black lost on time");
	assert_null(strstr(S.msg.text, "rematch"));
	/* Kept as a loss on time, and so saved (issue 57: a record of
	 * [Termination "none"], read back as a resignation). */
	assert_int_equal(S.game.reason, REASON_TIME);
	cmd(CMD_PGN, NULL);
	assert_non_null(S.clip_long);
	assert_non_null(strstr(S.clip_long, "[Termination \"time forfeit\"]"));
	disconnect_fake();
}

static void
join_once(void)
{
	net_client_join(C, GAME, WHITE);
	S.net->join_once = true;
}

/* The connection's state, and the dead ends that end the program with a
 * reason: a --join refused. */
static void
test_join_refused(void **state)
{
	(void)state;

	connect_fake(join_once);
	WAIT(strcmp(S.net->conn, "online") == 0);
	assert_true(S.net->reached);
	expect_line("#j JOIN game=" GAME " seat=white name=bob", NULL, 0);
	send_line("ERR #j 409 SEAT_TAKEN :white is taken");
	WAIT(S.quit);
	assert_string_equal(S.net->fatal, "cannot join: white is taken");
	disconnect_fake();
}

static void
create_once(void)
{
	net_client_create(C, WHITE, NULL);
	S.net->create_once = true;
}

/* A --create refused (a name an account holds): the program ends with
 * the reason, not on a board waiting for nothing. */
static void
test_create_refused(void **state)
{
	(void)state;

	connect_fake(create_once);
	WAIT(strcmp(S.net->conn, "online") == 0);
	expect_line("#c CREATE", NULL, 0);
	send_line("ERR #c 409 NAME_TAKEN :ann is a registered account: LOGIN "
	    "as it, or play under another name");
	WAIT(S.quit);
	assert_string_equal(S.net->fatal, "cannot create a game: ann is a "
	    "registered account: LOGIN as it, or play under another name");
	disconnect_fake();
}

/* A server never reached: not a wait for ever. */
static void
test_unreachable(void **state)
{
	(void)state;

	/* A port nothing listens on: one taken and given back. */
	listen_loopback();
	close(lfd);
	lfd = -1;
	fake_client_new(NULL);
	session_net_begin(&S, C);
	snprintf(S.net->host, sizeof S.net->host, "127.0.0.1");
	S.net->port = port;
	session_net_install(&S, -1);
	net_client_create(C, WHITE, NULL);
	net_client_start(C, now_ms());
	{
		long long until = now_ms() + 5000;
		while (!S.quit && now_ms() < until) {
			struct pollfd p = { net_client_fd(C),
			    net_client_events(C), 0 };
			int t = net_client_timeout(C, now_ms());
			poll(&p, p.fd >= 0 && p.events ? 1 : 0,
			    t < 0 || t > 50 ? 50 : t);
			if (p.revents != 0)
				net_client_io(C, p.revents, now_ms());
			net_client_tick(C, now_ms());
			session_net_events(&S);
		}
	}
	assert_true(S.quit);
	assert_true(S.net->fatal[0] != '\0');
	assert_false(S.net->reached);
	session_cancel_turns(&S);
	net_client_free(C);
	session_net_end(&S);
	session_free(&S);
}

static void
test_network_game(void **state)
{
	struct session_net *g;
	char line[600], fen2[CGP_FEN_MAX];
	(void)state;

	/* Join: HELLO, JOIN, the STATE and the history (none). */
	connect_fake(join_black);
	g = S.net;
	assert_non_null(g);
	g->hooks.after = hook_after;
	g->hooks.done = hook_done;
	assert_false(S.player[WHITE]->human);
	assert_string_equal(S.player[WHITE]->ops->kind, "remote");
	assert_string_equal(S.player[BLACK]->ops->kind, "remote");
	expect_line("#j JOIN game=" GAME " seat=black name=bob", NULL, 0);
	send_line("OK #j JOIN game=%s seat=black token=%s", GAME,
	    "AAAAAAAAAAAAAAAAAAAAAAAAAA");
	send_line("EV %s 1 STATE variant=congo start=%s fen=%s ply=0 "
	    "turn=white status=active white=ann black=bob wpresent=1 "
	    "bpresent=1", GAME, START, START);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=0 plies=0");
	WAIT(g->synced);
	assert_int_equal(g->seat, BLACK);
	assert_true(g->fresh);
	assert_string_equal(g->announced, GAME);
	assert_true(g->synced);
	assert_string_equal(g->status, "active");
	assert_string_equal(g->names[WHITE], "ann");
	assert_true(g->present[WHITE]);
	assert_true(S.player[BLACK]->human);
	assert_string_equal(S.player[WHITE]->ops->kind, "remote");
	/* Shown with the seat's state; a record keeps the name alone. */
	session_player_label(S.player[WHITE], line, sizeof line);
	assert_string_equal(line, "ann(guest) (network)");
	/* A bot's seat (STATE's wtitle=BOT): its title after the name;
	 * a record keeps the name alone (issue 59). */
	g->bot[WHITE] = true;
	session_player_label(S.player[WHITE], line, sizeof line);
	assert_string_equal(line, "ann(guest) BOT (network)");
	g->bot[WHITE] = false;
	S.player[WHITE]->ops->describe(S.player[WHITE], line, sizeof line);
	assert_string_equal(line, "ann");
	/* The board editor is not opened over a live network game: its
	 * clock runs at the server (issue 57). */
	cmd(CMD_EDIT, NULL);
	assert_false(S.edit.open);
	assert_non_null(strstr(S.msg.text, "network game"));
	/* Our own seat: the account's name, not "human" (issue 57). */
	session_player_label(S.player[BLACK], line, sizeof line);
	assert_string_equal(line, "bob(guest) (you)");
	assert_true(after_calls > 0 && done_calls > 0);
	/* White to move: not ours. A casual game: analysis allowed (issue
	 * 36: refused in rated games only). */
	assert_null(session_net_nomove(&S));
	assert_null(session_net_noanalysis(&S));

	/* A move each way: White's played here; ours goes with its ply. */
	send_line("EV %s 2 MOVE ply=0 side=white move=c2c3 fen=x", GAME);
	WAIT(S.game.nply == 1);
	assert_int_equal(S.game.nply, 1);
	/* the opponent's move said, and a bell asked of the view (issue
	 * 62); ours is not */
	assert_string_equal(S.msg.text, "White: pawn c2c3");
	assert_true(S.bell);
	S.bell = false;
	session_human_move(&S, mv("c6c5"));
	assert_int_equal(S.game.nply, 2);
	expect_line("#m1 MOVE game=" GAME " ply=1 move=c6c5", NULL, 0);
	/* Sent, not yet stored: Black could not move again anyway. */
	send_line("OK #m1 MOVE game=%s ply=2 seq=3", GAME);
	send_line("EV %s 3 MOVE ply=1 side=black move=c6c5 fen=x", GAME);
	WAIT(net_client_pending(C) < 0);
	settle();
	assert_int_equal(S.game.nply, 2);   /* the echo is not played again */
	assert_false(S.bell);
	/* The record (:pgn, :save) names the seats as the server does, not
	 * "human" and "ann(guest) (network)". */
	cmd(CMD_PGN, NULL);
	assert_non_null(S.clip_long);
	assert_non_null(strstr(S.clip_long, "[White \"ann\"]"));
	assert_non_null(strstr(S.clip_long, "[Black \"bob\"]"));

	/* Our draw offer, declined by White's move: we are told. */
	cmd(CMD_DRAW, NULL);
	assert_string_equal(S.msg.text, "draw offered");
	expect_line("#d DRAW game=" GAME " action=offer", NULL, 0);
	send_line("OK #d DRAW game=%s", GAME);
	send_line("EV %s 4 DRAW action=offer side=black", GAME);
	WAIT(g->offer == BLACK);
	assert_int_equal(g->offer, BLACK);
	send_line("EV %s 5 MOVE ply=2 side=white move=d2d3 fen=x", GAME);
	wait_msg("White declines the draw (a move instead)");
	assert_int_equal(S.game.nply, 3);
	assert_int_equal(g->offer, -1);

	/* White's offer: we are asked; a :draw would accept it. */
	send_line("EV %s 6 DRAW action=offer side=white", GAME);
	wait_msg("White offers a draw: :draw accepts, a move declines");
	assert_int_equal(g->offer, WHITE);

	/* Chat: ours shown once (the server's echo is not shown again),
	 * theirs shown; both kept for the panel. */
	cmd(CMD_SAY, "hello ann");
	assert_string_equal(S.msg.text, "you say: hello ann");
	expect_line("#t SAY game=" GAME " :hello ann", NULL, 0);
	send_line("OK #t SAY game=%s", GAME);
	send_line("EV %s 7 SAID side=black :hello ann", GAME);
	WAIT(g->nchat == 1);
	settle();
	assert_string_equal(S.msg.text, "you say: hello ann");
	assert_int_equal(g->nchat, 1);
	assert_string_equal(g->chat[0], "bob(guest): hello ann");
	send_line("EV %s 8 SAID side=white :hi bob", GAME);
	wait_msg("ann(guest) says: hi bob");
	assert_int_equal(g->nchat, 2);
	/* A line the protocol cannot carry is refused here. */
	cmd(CMD_SAY, "caf\xc3\xa9\x01");
	assert_non_null(strstr(S.msg.text, "no control characters"));

	/* What a network game does not do. */
	cmd(CMD_REDO, NULL);
	assert_string_equal(S.msg.text, "not allowed in a network game");
	cmd(CMD_PAUSE, NULL);
	assert_non_null(strstr(S.msg.text, "not allowed in a network game"));
	cmd(CMD_REMATCH, NULL);
	assert_string_equal(S.msg.text, ":rematch: the game is not over");
	cmd(CMD_CANCEL, NULL);
	assert_non_null(strstr(S.msg.text, "can no longer be cancelled"));

	/* An ERR of the server is said with its command. */
	send_line("ERR #a 428 CLAIM_TOO_EARLY left=42 :not yet");
	wait_msg("too early to claim: the server allows it in 42 s");

	/* The opponent goes and comes back. */
	send_line("EV %s 8 PRESENCE seat=white state=gone", GAME);
	wait_msg("opponent disconnected");
	assert_true(g->gone_at > 0);
	assert_true(session_net_timeout(&S, g->gone_at) > 0);
	session_net_tick(&S, g->gone_at + SESSION_CLAIM_AFTER_MS);
	assert_non_null(strstr(S.msg.text, ":claim wins the game"));
	send_line("EV %s 8 PRESENCE seat=white state=back", GAME);
	wait_msg("opponent is back");
	assert_int_equal(g->gone_at, 0);

	/* Takebacks: ours declined; White's accepted (a question), the
	 * game taken back and brought again from the server. */
	cmd(CMD_TAKEBACK, NULL);
	assert_string_equal(S.msg.text, "takeback offered: waiting for White's "
	    "answer");
	assert_true(g->tb_offered);
	expect_line("#b TAKEBACK game=" GAME " action=offer", NULL, 0);
	send_line("OK #b TAKEBACK game=%s", GAME);
	send_line("EV %s 9 TAKEBACK action=decline side=white", GAME);
	wait_msg("White declines the takeback");
	assert_false(g->tb_offered);
	send_line("EV %s 10 TAKEBACK action=offer side=white", GAME);
	WAIT(S.asking);
	assert_non_null(strstr(S.question, "White asks to take back a move"));
	assert_true(g->tb_asked);
	session_answer(&S, true);
	expect_line("#b TAKEBACK game=" GAME " action=accept", NULL, 0);
	assert_false(g->tb_asked);
	send_line("OK #b TAKEBACK game=%s", GAME);
	wire_after("c2c3 c6c5", fen2);
	send_line("EV %s 11 UNDO ply=2 fen=%s", GAME, fen2);
	wait_msg("takeback accepted: the game goes back to ply 2");
	assert_false(g->synced);
	expect_line("#s STATE game=" GAME, NULL, 0);
	send_line("EV %s 11 STATE variant=congo start=%s fen=%s ply=2 "
	    "turn=white status=active white=ann black=bob wpresent=1 "
	    "bpresent=1", GAME, START, fen2);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=2 plies=2");
	send_line("ITEM #h ply=0 side=white move=c2c3");
	send_line("ITEM #h ply=1 side=black move=c6c5");
	WAIT(g->synced);
	assert_int_equal(S.game.nply, 2);
	/* An offer lapses with a move. */
	send_line("EV %s 12 TAKEBACK action=offer side=white", GAME);
	WAIT(S.asking);
	send_line("EV %s 13 MOVE ply=2 side=white move=d2d3 fen=x", GAME);
	wait_msg("the takeback offer lapsed: a move was made");
	WAIT(S.game.nply == 3);
	assert_false(S.asking);
	assert_false(g->tb_asked);

	/* The end: White resigns. */
	send_line("EV %s 14 RESULT result=0-1 reason=resign", GAME);
	wait_msg("rematch asks for another game");
	assert_true(game_over(&S.game));
	assert_int_equal(S.game.result, RESULT_BLACK_WINS);
	assert_string_equal(g->status, "finished");
	cmd(CMD_DRAW, NULL);
	assert_string_equal(S.msg.text, "the game is over");
	session_result_text(&S, line, sizeof line);
	assert_non_null(strstr(line, "Black wins"));

	/* A rematch asked by White. */
	send_line("EV %s 15 REMATCH action=offer side=white", GAME);
	wait_msg("White asks for a rematch");

	disconnect_fake();
	assert_null(S.net);
}

static void
test_say_refused(void **state)
{
	char buf[200], big[210];
	(void)state;

	assert_null(session_net_say_refused("plain words", buf, sizeof buf));
	/* UTF-8 goes (issue 34); control characters, bytes that are not
	 * UTF-8 and more than 200 bytes do not, named. */
	assert_null(session_net_say_refused("\xc3\xa9t\xc3\xa9 \xe2\x99\x9e "
	    "\xf0\x9f\x99\x82", buf, sizeof buf));
	assert_non_null(session_net_say_refused("tab\there", buf, sizeof buf));
	assert_non_null(strstr(buf, "no control characters: U+0009 at byte 4"));
	assert_non_null(session_net_say_refused("x\xc2\x85", buf, sizeof buf));
	assert_non_null(strstr(buf, "U+0085 at byte 2"));
	assert_non_null(session_net_say_refused("ab\xc3", buf, sizeof buf));
	assert_non_null(strstr(buf, "is UTF-8: byte 3 is not"));
	assert_non_null(session_net_say_refused("\xc0\xaf", buf, sizeof buf));
	assert_non_null(session_net_say_refused("\xed\xa0\x80", buf,
	    sizeof buf));
	memset(big, 'a', 201);
	big[201] = '\0';
	assert_non_null(session_net_say_refused(big, buf, sizeof buf));
	assert_non_null(strstr(buf, "at most 200 bytes, not 201"));
	big[200] = '\0';
	assert_null(session_net_say_refused(big, buf, sizeof buf));
}

static void
test_not_networking(void **state)
{
	struct session s;
	struct congo_conf conf;
	struct session_cmd c;
	char err[160];
	(void)state;

	config_defaults(&conf);
	assert_int_equal(session_init(&s, &conf, err, sizeof err), 0);
	memset(&c, 0, sizeof c);
	c.type = CMD_UNDO;
	assert_null(s.net);
	assert_false(session_net_command(&s, &c));
	assert_null(session_net_nomove(&s));
	assert_null(session_net_noanalysis(&s));
	assert_int_equal(session_net_timeout(&s, 0), -1);
	session_net_events(&s);
	session_free(&s);
}

FAKE_HOME_MAIN("test_session_net",
	cmocka_unit_test(test_network_game),
	cmocka_unit_test(test_created_game),
	cmocka_unit_test(test_cancelled_not_by_us),
	cmocka_unit_test(test_quit_to_lobby),
	cmocka_unit_test(test_observer),
	cmocka_unit_test(test_join_refused),
	cmocka_unit_test(test_create_refused),
	cmocka_unit_test(test_unreachable),
	cmocka_unit_test(test_say_refused),
	cmocka_unit_test(test_not_networking))
