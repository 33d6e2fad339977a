/*
 * test_session_net.c: the session's network player, without a terminal,
 * against a fake CGP/1 server: a listening socket on the loopback that
 * this test scripts line by line (the session itself has no socket: it
 * drives the net client). Joined as Black: the seat, the players, a move
 * each way (ours sent with its ply, the echo not played twice), our draw
 * offer declined by a move (we are told, issue 25 item 10), the
 * opponent's offer, chat (our own line not shown twice), the refusals of
 * a network game, an ERR, and the end of the game.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "net/client/client.h"
#include "record/record.h"
#include "session/session_net.h"
#include "util/util.h"

#define GAME "ABCDEFGH"
#define START "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1"

/* The fake server: its listening socket, the connection, and what came. */
static int lfd = -1, sfd = -1, port;
static char inbuf[8192];
static size_t inlen;
static struct session S;
static struct net_client *C;
static int after_calls, done_calls;

static long long
now_ms(void)
{
	return util_now_ms();
}

static void
listen_loopback(void)
{
	struct sockaddr_in a;
	socklen_t len = sizeof a;
	int one = 1;

	lfd = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(lfd >= 0);
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	a.sin_port = 0;
	assert_int_equal(bind(lfd, (struct sockaddr *)&a, sizeof a), 0);
	assert_int_equal(listen(lfd, 1), 0);
	assert_int_equal(getsockname(lfd, (struct sockaddr *)&a, &len), 0);
	port = ntohs(a.sin_port);
}

/* The server sends a line (LF added). */
static void
send_line(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	line[n++] = '\n';
	assert_int_equal(write(sfd, line, (size_t)n), n);
}

/* One round: the client's socket and the server's, for at most ms. */
static void
pump(int ms)
{
	struct pollfd p[3];
	int n = 0, cfd, t, i;
	short ev;
	ssize_t r;

	cfd = net_client_fd(C);
	ev = net_client_events(C);
	if (cfd >= 0 && ev != 0)
		p[n++] = (struct pollfd){ .fd = cfd, .events = ev };
	if (sfd >= 0)
		p[n++] = (struct pollfd){ .fd = sfd, .events = POLLIN };
	else
		p[n++] = (struct pollfd){ .fd = lfd, .events = POLLIN };
	t = net_client_timeout(C, now_ms());
	if (t < 0 || t > ms)
		t = ms;
	if (poll(p, (nfds_t)n, t) < 0 && errno != EINTR)
		fail_msg("poll: %s", strerror(errno));
	for (i = 0; i < n; i++) {
		if (p[i].revents == 0)
			continue;
		if (p[i].fd == lfd) {
			sfd = accept(lfd, NULL, NULL);
			assert_true(sfd >= 0);
		} else if (p[i].fd == sfd) {
			r = read(sfd, inbuf + inlen, sizeof inbuf - 1 - inlen);
			assert_true(r > 0);
			inlen += (size_t)r;
		} else if (p[i].fd == cfd) {
			/* Readable once online: the remote player's own
			 * handler, as the game's loop calls it. */
			struct session_player *rp = S.player[WHITE];
			if (p[i].revents == POLLIN && rp->ops->readable !=
			    NULL && net_client_state(C) == NET_ONLINE)
				rp->ops->readable(&S, rp);
			else
				net_client_io(C, p[i].revents, now_ms());
		}
	}
	net_client_tick(C, now_ms());
	session_net_events(&S);
}

/* The next line the client sent, which must begin with want. */
static void
expect_line(const char *want, char *out, size_t n)
{
	long long until = now_ms() + 5000;
	char *lf;
	size_t len;

	while ((lf = memchr(inbuf, '\n', inlen)) == NULL) {
		if (now_ms() > until)
			fail_msg("no line from the client (waiting for '%s')",
			    want);
		pump(50);
	}
	len = (size_t)(lf - inbuf);
	if (out != NULL)
		snprintf(out, n, "%.*s", (int)len, inbuf);
	if (strncmp(inbuf, want, strlen(want)) != 0)
		fail_msg("the client sent '%.*s', not '%s...'", (int)len, inbuf,
		    want);
	memmove(inbuf, lf + 1, inlen - len - 1);
	inlen -= len + 1;
}

/* Pump until the session's message holds text. */
static void
wait_msg(const char *text)
{
	long long until = now_ms() + 5000;

	while (strstr(S.msg.text, text) == NULL) {
		if (now_ms() > until)
			fail_msg("the message is '%s', not '%s'", S.msg.text,
			    text);
		pump(20);
	}
}

/* Pump until cond holds (5 s at most). */
#define WAIT(cond) do {							\
	long long until_ = now_ms() + 5000;				\
	while (!(cond)) {						\
		if (now_ms() > until_)					\
			fail_msg("still not so: %s", #cond);		\
		pump(20);						\
	}								\
} while (0)

/* Pump a little: whatever the server sent is handled. */
static void
settle(void)
{
	int i;

	for (i = 0; i < 10; i++)
		pump(10);
}

static void
cmd(enum session_cmd_type t, const char *arg)
{
	struct session_cmd c;

	memset(&c, 0, sizeof c);
	c.type = t;
	snprintf(c.arg, sizeof c.arg, "%s", arg != NULL ? arg : "");
	if (!session_net_command(&S, &c))
		session_command(&S, &c);
}

static move_t
mv(const char *text)
{
	char err[160];
	move_t m;

	if (notation_read(game_board(&S.game), text, &m, err,
	    sizeof err) != 0)
		fail_msg("%s: %s", text, err);
	return m;
}

static bool
hook_event(void *ctx, const struct net_event *e)
{
	assert_ptr_equal(ctx, &S);
	(void)e;
	return false;       /* the view takes nothing from the session */
}

static void
hook_after(void *ctx, const struct net_event *e)
{
	(void)ctx;
	(void)e;
	after_calls++;
}

/* The view's command hook: a question answered yes runs its command so. */
static bool
hook_command(void *ctx, const struct session_cmd *c)
{
	return session_net_command(ctx, c);
}

static void
hook_done(void *ctx)
{
	(void)ctx;
	done_calls++;
}

/* A session and a client on the fake server, HELLO said; the what's
 * command (JOIN, CREATE, OBSERVE) is the caller's. */
static void
connect_fake(void (*what)(void))
{
	struct congo_conf conf;
	struct net_client_opts o;
	struct session_net *g;
	struct board b;
	char err[200];
	long long until;

	inlen = 0;
	sfd = -1;
	listen_loopback();
	config_defaults(&conf);
	conf.ui.ai_delay_ms = 0;
	assert_int_equal(session_init(&S, &conf, err, sizeof err), 0);
	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	session_new_game(&S, &b);
	memset(&o, 0, sizeof o);
	snprintf(o.host, sizeof o.host, "127.0.0.1");
	o.port = port;
	snprintf(o.name, sizeof o.name, "bob");
	C = net_client_new(&o);
	g = session_net_begin(&S, C);
	g->hooks.ctx = &S;
	g->hooks.event = hook_event;
	S.hooks.ctx = &S;
	S.hooks.command = hook_command;
	session_net_install(&S, -1);
	what();
	net_client_start(C, now_ms());
	until = now_ms() + 5000;
	while (sfd < 0 && now_ms() < until)
		pump(50);
	assert_true(sfd >= 0);
	send_line("HELLO CGP/1 server=fake/1");
	expect_line("HELLO CGP/1 client=congo/", NULL, 0);
	send_line("OK * HELLO proto=CGP/1 server=fake/1");
}

static void
disconnect_fake(void)
{
	session_cancel_turns(&S);
	net_client_free(C);
	session_net_end(&S);
	session_free(&S);
	close(sfd);
	close(lfd);
	sfd = lfd = -1;
}

static void
create_white(void)
{
	net_client_create(C, WHITE, NULL);
}

static void
observe(void)
{
	net_client_observe(C, GAME);
}

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
	S.player[BLACK]->ops->describe(S.player[BLACK], line, sizeof line);
	assert_string_equal(line, "(free seat)");
	assert_string_equal(session_net_nomove(&S),
	    "waiting for an opponent to join");

	/* The opponent joins: the game is on. */
	send_line("EV %s 2 JOINED seat=black name=cy", GAME);
	wait_msg("cy joins as Black");
	assert_string_equal(g->status, "active");
	assert_null(session_net_nomove(&S));
	/* Our move, not yet stored: no other until the server took it. */
	session_human_move(&S, mv("c2c3"));
	expect_line("#m0 MOVE game=" GAME " ply=0 move=c2c3", NULL, 0);
	/* The opponent's connection goes. */
	send_line("EV %s 2 PRESENCE seat=black state=gone", GAME);
	wait_msg("opponent disconnected");
	S.player[BLACK]->ops->describe(S.player[BLACK], line, sizeof line);
	assert_string_equal(line, "cy (away)");
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
	    "bpresent=1", GAME, START, START);
	expect_line("#h HISTORY game=" GAME " from=0", NULL, 0);
	send_line("OK #h HISTORY n=1 plies=1");
	send_line("ITEM #h ply=0 side=white move=c2c3");
	WAIT(g->synced);
	assert_int_equal(S.game.nply, 1);
	assert_int_equal(g->seat, -1);
	assert_string_equal(S.player[WHITE]->ops->kind, "remote");
	assert_string_equal(S.player[BLACK]->ops->kind, "remote");
	S.player[BLACK]->ops->describe(S.player[BLACK], line, sizeof line);
	assert_string_equal(line, "cy (playing)");
	assert_null(session_net_noanalysis(&S));
	cmd(CMD_SAY, "hi");
	assert_string_equal(S.msg.text, ":say: you are watching");
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
	/* Lost on time: a reason the rules do not have. */
	send_line("EV %s 4 RESULT result=1-0 reason=time", GAME);
	wait_msg("White wins");
	assert_string_equal(S.result_why, "Black lost on time");
	assert_null(strstr(S.msg.text, "rematch"));
	disconnect_fake();
}

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
	expect_line("#S SEEK clock=300+3 rated=no variant=congo color=black",
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
	expect_line("#S SEEK clock=180+2 rated=no variant=megapawn "
	    "color=white range=1400-1700", NULL, 0);
	assert_string_equal(k->desc, "3+2 casual megapawn as White, "
	    "opponents 1400-1700");
	session_seek_form_close(&S);

	/* --seek: the clock checked; withdrawing that seek quits. */
	assert_int_equal(session_seek_start(&S, "five", false, "congo", -1,
	    line, sizeof line), -1);
	assert_non_null(strstr(line, "--seek: "));
	assert_int_equal(session_seek_start(&S, "0+0", false, "congo", -1,
	    line, sizeof line), -1);
	assert_non_null(strstr(line, "--seek: "));
	assert_int_equal(session_seek_start(&S, "10+5", false, "congo", BLACK,
	    line, sizeof line), 0);
	expect_line("#S SEEK clock=600+5 rated=no variant=congo color=black",
	    NULL, 0);
	assert_string_equal(k->desc, "10+5 casual congo as Black");
	assert_true(k->quit);
	assert_true(session_seek_cancel(&S, false));
	assert_true(S.quit);
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
	assert_string_equal(l->title, "Player ann: 12 games, since 2026-11-01");
	assert_int_equal(l->n, 1);
	assert_non_null(strstr(l->lines[0], "congo     blitz       1612"));

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
	    "white=cy black=dan ply=7 clock=300+5");
	WAIT(l->listed);
	assert_false(l->listing);
	assert_int_equal(l->n, 2);
	assert_string_equal(l->games[0].clock, "-");
	assert_string_equal(l->games[1].variant, "megapawn");
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

/* A server never reached: not a wait for ever. */
static void
test_unreachable(void **state)
{
	struct congo_conf conf;
	struct net_client_opts o;
	struct board b;
	char err[200];
	(void)state;

	/* A port nothing listens on: one taken and given back. */
	listen_loopback();
	close(lfd);
	lfd = -1;
	config_defaults(&conf);
	assert_int_equal(session_init(&S, &conf, err, sizeof err), 0);
	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	session_new_game(&S, &b);
	memset(&o, 0, sizeof o);
	snprintf(o.host, sizeof o.host, "127.0.0.1");
	o.port = port;
	C = net_client_new(&o);
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

/* The wire FEN after c2c3 c6c5. */
static void
after_two(char *out)
{
	struct game gm;
	struct board b;
	char err[160], fen[FEN_MAX];

	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	game_init(&gm, &b, NULL);
	assert_int_equal(game_play_text(&gm, "c2c3", err, sizeof err), 0);
	assert_int_equal(game_play_text(&gm, "c6c5", err, sizeof err), 0);
	fen_write(game_board(&gm), fen, sizeof fen);
	cgp_fen_to_wire(fen, out, CGP_FEN_MAX);
	game_free(&gm);
}

static void
test_network_game(void **state)
{
	struct congo_conf conf;
	struct net_client_opts o;
	struct session_net *g;
	struct board b;
	char err[200], line[600], fen2[CGP_FEN_MAX];
	(void)state;

	listen_loopback();
	config_defaults(&conf);
	conf.ui.ai_delay_ms = 0;
	assert_int_equal(session_init(&S, &conf, err, sizeof err), 0);
	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	session_new_game(&S, &b);

	memset(&o, 0, sizeof o);
	snprintf(o.host, sizeof o.host, "127.0.0.1");
	o.port = port;
	snprintf(o.name, sizeof o.name, "bob");
	C = net_client_new(&o);
	g = session_net_begin(&S, C);
	assert_ptr_equal(S.net, g);
	g->hooks.ctx = &S;
	g->hooks.event = hook_event;
	g->hooks.after = hook_after;
	g->hooks.done = hook_done;
	S.hooks.ctx = &S;
	S.hooks.command = hook_command;
	session_net_install(&S, -1);
	assert_false(S.player[WHITE]->human);
	assert_string_equal(S.player[WHITE]->ops->kind, "remote");
	assert_string_equal(S.player[BLACK]->ops->kind, "remote");

	/* Join: HELLO, JOIN, the STATE and the history (none). */
	net_client_join(C, GAME, BLACK);
	net_client_start(C, now_ms());
	{
		long long until = now_ms() + 5000;
		while (sfd < 0 && now_ms() < until)
			pump(50);
		assert_true(sfd >= 0);
	}
	send_line("HELLO CGP/1 server=fake/1");
	expect_line("HELLO CGP/1 client=congo/", NULL, 0);
	send_line("OK * HELLO proto=CGP/1 server=fake/1");
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
	S.player[WHITE]->ops->describe(S.player[WHITE], line, sizeof line);
	assert_string_equal(line, "ann (network)");
	assert_true(after_calls > 0 && done_calls > 0);
	/* White to move: not ours. */
	assert_null(session_net_nomove(&S));
	assert_non_null(session_net_noanalysis(&S));

	/* A move each way: White's played here; ours goes with its ply. */
	send_line("EV %s 2 MOVE ply=0 side=white move=c2c3 fen=x", GAME);
	WAIT(S.game.nply == 1);
	assert_int_equal(S.game.nply, 1);
	session_human_move(&S, mv("c6c5"));
	assert_int_equal(S.game.nply, 2);
	expect_line("#m1 MOVE game=" GAME " ply=1 move=c6c5", NULL, 0);
	/* Sent, not yet stored: Black could not move again anyway. */
	send_line("OK #m1 MOVE game=%s ply=2 seq=3", GAME);
	send_line("EV %s 3 MOVE ply=1 side=black move=c6c5 fen=x", GAME);
	WAIT(net_client_pending(C) < 0);
	settle();
	assert_int_equal(S.game.nply, 2);   /* the echo is not played again */

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
	assert_string_equal(g->chat[0], "bob: hello ann");
	send_line("EV %s 8 SAID side=white :hi bob", GAME);
	wait_msg("ann says: hi bob");
	assert_int_equal(g->nchat, 2);
	/* A line the protocol cannot carry is refused here. */
	cmd(CMD_SAY, "caf\xc3\xa9");
	assert_non_null(strstr(S.msg.text, "printable ASCII only"));

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
	after_two(fen2);
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

	session_cancel_turns(&S);
	net_client_free(C);
	session_net_end(&S);
	assert_null(S.net);
	session_free(&S);
	close(sfd);
	close(lfd);
}

static void
test_say_refused(void **state)
{
	char buf[200];
	(void)state;

	assert_null(session_net_say_refused("plain words", buf, sizeof buf));
	assert_non_null(session_net_say_refused("tab\there", buf, sizeof buf));
	assert_non_null(strstr(buf, "'\t'"));
	assert_non_null(session_net_say_refused("\xc3\xa9t\xc3\xa9", buf,
	    sizeof buf));
	assert_non_null(strstr(buf, "'\xc3\xa9' '\xc3\xa9' cannot be sent"));
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_network_game),
		cmocka_unit_test(test_created_game),
		cmocka_unit_test(test_observer),
		cmocka_unit_test(test_seeks),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_lobby),
		cmocka_unit_test(test_join_refused),
		cmocka_unit_test(test_unreachable),
		cmocka_unit_test(test_say_refused),
		cmocka_unit_test(test_not_networking),
	};
	char dir[64];

	board_init();
	/* Nothing of the player's own state is touched. */
	snprintf(dir, sizeof dir, "/tmp/test_session_net.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return 99;
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("HOME", dir, 1);
	{
		int rc = cmocka_run_group_tests(tests, NULL, NULL);
		char rm[128];
		snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
		if (system(rm) != 0 && rc == 0)
			rc = 1;
		return rc;
	}
}
