/*
 * test_session_fake.h: a fake CGP/1 server for the session's network
 * tests (test_session_net, test_session_lobby): a listening socket on the
 * loopback that the test scripts line by line, and the session and net
 * client that talk to it (the session itself has no socket: it drives the
 * net client). Header only, one per test program.
 */
#ifndef TEST_SESSION_FAKE_H
#define TEST_SESSION_FAKE_H

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
#include "session/session_player.h"
#include "util/util.h"
#include "test_main.h"
#include "test_tmp.h"

#define SF_UNUSED __attribute__((unused))
#define GAME "ABCDEFGH"
#define START "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1"

/* The fake server: its listening socket, the connection, and what came. */
static int lfd = -1, sfd = -1, port;
static char inbuf[8192];
static size_t inlen;
static struct session S;
static struct net_client *C;
static int after_calls, done_calls;
/* The next client keeps its seats' tokens (in the fake home). */
static SF_UNUSED bool fake_remember;

static SF_UNUSED long long
now_ms(void)
{
	return util_now_ms();
}

static SF_UNUSED void
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
static void send_line(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

static SF_UNUSED void
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
static SF_UNUSED void
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
static SF_UNUSED void
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
static SF_UNUSED void
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
static SF_UNUSED void
settle(void)
{
	int i;

	for (i = 0; i < 10; i++)
		pump(10);
}

static SF_UNUSED void
cmd(enum session_cmd_type t, const char *arg)
{
	struct session_cmd c;

	memset(&c, 0, sizeof c);
	c.type = t;
	snprintf(c.arg, sizeof c.arg, "%s", arg != NULL ? arg : "");
	if (!session_net_command(&S, &c))
		session_command(&S, &c);
}

static SF_UNUSED move_t
mv(const char *text)
{
	char err[160];
	move_t m;

	if (notation_read(game_board(&S.game), text, &m, err,
	    sizeof err) != 0)
		fail_msg("%s: %s", text, err);
	return m;
}

static SF_UNUSED bool
hook_event(void *ctx, const struct net_event *e)
{
	assert_ptr_equal(ctx, &S);
	(void)e;
	return false;       /* the view takes nothing from the session */
}

static SF_UNUSED void
hook_after(void *ctx, const struct net_event *e)
{
	(void)ctx;
	(void)e;
	after_calls++;
}

/* The view's command hook: a question answered yes runs its command so. */
static SF_UNUSED bool
hook_command(void *ctx, const struct session_cmd *c)
{
	return session_net_command(ctx, c);
}

static SF_UNUSED void
hook_done(void *ctx)
{
	(void)ctx;
	done_calls++;
}

/* S a session (the defaults, no delay before an AI's move) on a new game,
 * C a net client (not started) for the fake server's port, under name
 * (NULL: none). */
static SF_UNUSED void
fake_client_new(const char *name)
{
	struct congo_conf conf;
	struct net_client_opts o;
	struct board b;
	char err[200];

	config_defaults(&conf);
	conf.ui.ai_delay_ms = 0;
	assert_int_equal(session_init(&S, &conf, err, sizeof err), 0);
	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	session_new_game(&S, &b);
	memset(&o, 0, sizeof o);
	snprintf(o.host, sizeof o.host, "127.0.0.1");
	o.port = port;
	if (name != NULL)
		snprintf(o.name, sizeof o.name, "%s", name);
	o.remember = fake_remember;
	C = net_client_new(&o);
}

/* The client's connection taken (within 5 s) and HELLO said both ways. */
static SF_UNUSED void
fake_hello(void)
{
	long long until = now_ms() + 5000;

	while (sfd < 0 && now_ms() < until)
		pump(50);
	assert_true(sfd >= 0);
	send_line("HELLO CGP/1 server=fake/1");
	expect_line("HELLO CGP/1 client=congo/", NULL, 0);
	/* A server with accounts: seats not said to be accounts' are
	 * guests'. */
	send_line("OK * HELLO proto=CGP/1 server=fake/1 accounts=yes");
}

/* The server's end of the link closed: the client connects again by
 * itself, HELLO said. */
static SF_UNUSED void
fake_relink(void)
{
	close(sfd);
	sfd = -1;
	fake_hello();
}

/* A session and a client on the fake server, HELLO said; the what's
 * command (JOIN, CREATE, OBSERVE) is the caller's. */
static SF_UNUSED void
connect_fake(void (*what)(void))
{
	struct session_net *g;

	inlen = 0;
	sfd = -1;
	listen_loopback();
	fake_client_new("bob");
	g = session_net_begin(&S, C);
	g->hooks.ctx = &S;
	g->hooks.event = hook_event;
	S.hooks.ctx = &S;
	S.hooks.command = hook_command;
	session_net_install(&S, -1);
	what();
	net_client_start(C, now_ms());
	fake_hello();
}

static SF_UNUSED void
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

static SF_UNUSED void
create_white(void)
{
	net_client_create(C, WHITE, NULL);
}

static SF_UNUSED void
observe(void)
{
	net_client_observe(C, GAME);
}

static SF_UNUSED void
join_black(void)
{
	net_client_join(C, GAME, BLACK);
}

/* The position after moves (the start's, as "c2c3 c6c5"), as the wire
 * writes it, into out (CGP_FEN_MAX bytes). */
static SF_UNUSED void
wire_after(const char *moves, char *out)
{
	struct game gm;
	struct board b;
	char err[160], fen[FEN_MAX], mv[16];
	int n;

	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	game_init(&gm, &b, NULL);
	while (sscanf(moves, " %15s%n", mv, &n) == 1) {
		assert_int_equal(game_play_text(&gm, mv, err, sizeof err), 0);
		moves += n;
	}
	fen_write(game_board(&gm), fen, sizeof fen);
	cgp_fen_to_wire(fen, out, CGP_FEN_MAX);
	game_free(&gm);
}

/* The player's own state dir and home: a fresh temporary folder (dir,
 * n bytes), which test_rmdir_rc takes away; -1 if none could be made. */
static SF_UNUSED int
fake_home(char *dir, size_t n, const char *name)
{
	if (test_mkdtemp(dir, n, name) == NULL)
		return -1;
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("HOME", dir, 1);
	return 0;
}

/* The main() of a test program over the fake server: its tests run in
 * a fake_home named name (nothing of the player's own state is touched),
 * which is removed after them. */
#define FAKE_HOME_MAIN(name, ...)					\
	static char fake_home_dir[64];					\
	TEST_MAIN_IN_DIR(fake_home_dir, (board_init(),			\
	    fake_home(fake_home_dir, sizeof fake_home_dir, name)),	\
	    __VA_ARGS__)

#endif
