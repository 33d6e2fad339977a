/*
 * test_net_client.c: the client library against the real server on
 * loopback: create, join, play, a move in flight when the server is killed
 * (-9): the clients reconnect by themselves and the move is stored exactly
 * once; remembered tokens; observers; addresses.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "engine/notation.h"
#include "test_net_cli.h"
#include "test_tmp.h"
#include "test_main.h"

static void
start_server(void)
{
	char *argv[] = { server_bin, "--port", portstr, "--bind", "127.0.0.1",
		"--db", db, "--create", "--log-level", "debug", NULL };

	tc_server_start(argv);
}

static int
group_setup(void **state)
{
	(void)state;
	return cli_group_setup("congo-cli");
}

#define NCLI 3

/* Run the clients until cond holds or ms pass. */
static bool
pump(struct who *w, int n, int ms, bool (*cond)(struct who *, void *),
    void *arg)
{
	long long end = tc_ms() + ms;

	while (tc_ms() < end) {
		if (cond != NULL && cond(w, arg))
			return true;
		cli_pump_once(w, n, 100);
	}
	return cond != NULL && cond(w, arg);
}

/* Has client i an event of this kind (from index *from on)? */
struct want {
	int i;
	enum net_ev_kind kind;
	int from;
	int ply;        /* NEV_MOVE/NEV_SYNC: that ply, or -1 */
};

static bool
online(struct who *w, void *arg)
{
	(void)arg;
	return net_client_state(w[0].c) == NET_ONLINE;
}

static bool
has_event(struct who *w, void *arg)
{
	struct want *x = arg;
	int k;

	for (k = x->from; k < w[x->i].nev; k++)
		if (w[x->i].ev[k].kind == x->kind &&
		    (x->ply < 0 || w[x->i].ev[k].ply == x->ply)) {
			x->from = k + 1;
			return true;
		}
	return false;
}

static bool
wait_for(struct who *w, int n, int i, enum net_ev_kind kind, int ply,
    int ms)
{
	struct want x = { i, kind, 0, ply };

	return pump(w, n, ms, has_event, &x);
}

static bool
synced_at(struct who *w, void *arg)
{
	int *want = arg, i;

	for (i = 0; i < 2; i++) {
		const struct game *g = net_client_game(w[i].c);
		if (g == NULL || g->nply != *want ||
		    net_client_pending(w[i].c) >= 0 ||
		    net_client_state(w[i].c) != NET_ONLINE)
			return false;
	}
	return true;
}

static const char *const moves[] = {
	"c2c3", "b6c5", "b1c2", "a6b5", "d2e3", "d6d5", "a2a3", "d5c4",
	"f2g3", "c4c3", "c2c4a6", "d7d1",
};

static void
move(struct who *w, int ply)
{
	char err[128];
	int rc = net_client_move(w[ply % 2].c, ply, moves[ply], err,
	    sizeof err);

	if (rc < 0)
		print_error("%s\n", err);
	assert_int_equal(rc, 0);
}

static void
test_addresses(void **state)
{
	char host[64], err[128];
	int p = 7153;

	(void)state;
	assert_int_equal(net_parse_address("example.org", host, sizeof host,
	    &p, err, sizeof err), 0);
	assert_string_equal(host, "example.org");
	assert_int_equal(p, 7153);
	assert_int_equal(net_parse_address("10.1.2.3:8000", host, sizeof host,
	    &p, err, sizeof err), 0);
	assert_string_equal(host, "10.1.2.3");
	assert_int_equal(p, 8000);
	assert_int_equal(net_parse_address("[::1]:9", host, sizeof host, &p,
	    err, sizeof err), 0);
	assert_string_equal(host, "::1");
	assert_int_equal(p, 9);
	assert_int_equal(net_parse_address("::1", host, sizeof host, &p, err,
	    sizeof err), 0);
	assert_string_equal(host, "::1");
	assert_int_equal(net_parse_address("h:0", host, sizeof host, &p, err,
	    sizeof err), -1);
	assert_int_equal(net_parse_address("h:x", host, sizeof host, &p, err,
	    sizeof err), -1);
	assert_string_equal(err, "'x' is not a port (1-65535)");
	assert_int_equal(net_parse_address("h:99999999999999999999", host,
	    sizeof host, &p, err, sizeof err), -1);
	assert_string_equal(err, "'99999999999999999999' is not a port "
	    "(1-65535)");
	assert_int_equal(net_parse_address(":80", host, sizeof host, &p, err,
	    sizeof err), -1);
	assert_int_equal(net_parse_address("[::1", host, sizeof host, &p, err,
	    sizeof err), -1);
}

static void
test_tokens_file(void **state)
{
	char tok[64], err[200], path[400];
	struct stat sb;
	int seat = -1;

	(void)state;
	assert_int_equal(net_tokens_find("h", 1, "AAAAAAAA", &seat, tok,
	    sizeof tok), -1);
	seat = -1;
	assert_int_equal(net_tokens_save("h", 1, "AAAAAAAA", 1,
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ", err, sizeof err), 0);
	assert_int_equal(net_tokens_save("h", 2, "AAAAAAAA", 0,
	    "BBCDEFGHIJKLMNOPQRSTUVWXYZ", err, sizeof err), 0);
	seat = -1;
	assert_int_equal(net_tokens_find("h", 1, "AAAAAAAA", &seat, tok,
	    sizeof tok), 0);
	assert_int_equal(seat, 1);
	seat = 0;
	assert_int_equal(net_tokens_find("h", 1, "AAAAAAAA", &seat, tok,
	    sizeof tok), -1);
	assert_string_equal(tok, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
	seat = -1;
	assert_int_equal(net_tokens_find("h", 2, "AAAAAAAA", &seat, tok,
	    sizeof tok), 0);
	assert_int_equal(seat, 0);
	/* The last event seen at a seat, kept with its token (and none
	 * for a seat without one); the token found as before. */
	assert_int_equal(net_tokens_seen("h", 1, "AAAAAAAA", 1), 0);
	assert_int_equal(net_tokens_mark("h", 1, "AAAAAAAA", 1, 42, err,
	    sizeof err), 0);
	assert_int_equal(net_tokens_mark("h", 1, "AAAAAAAA", 0, 7, err,
	    sizeof err), 0);
	assert_int_equal(net_tokens_seen("h", 1, "AAAAAAAA", 1), 42);
	assert_int_equal(net_tokens_seen("h", 1, "AAAAAAAA", 0), 0);
	assert_int_equal(net_tokens_seen("h", 2, "AAAAAAAA", 0), 0);
	seat = 1;
	assert_int_equal(net_tokens_find("h", 1, "AAAAAAAA", &seat, tok,
	    sizeof tok), 0);
	assert_string_equal(tok, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
	seat = 0;
	assert_int_equal(net_tokens_find("h", 1, "AAAAAAAA", &seat, tok,
	    sizeof tok), -1);
	/* a token saved again (the seat taken anew) starts over */
	assert_int_equal(net_tokens_save("h", 1, "AAAAAAAA", 1,
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ", err, sizeof err), 0);
	assert_int_equal(net_tokens_seen("h", 1, "AAAAAAAA", 1), 0);
	snprintf(path, sizeof path, "%s/congo/tokens",
	    getenv("XDG_STATE_HOME"));
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
}

/* w[0] ann and w[1] bob, clients of the test's server that remember their
 * tokens; o left as bob's options. */
static void
ann_and_bob(struct who *w, struct net_client_opts *o)
{
	cli_opts(o, "127.0.0.1");
	o->remember = true;
	snprintf(o->name, sizeof o->name, "ann");
	w[0].c = net_client_new(o);
	snprintf(o->name, sizeof o->name, "bob");
	w[1].c = net_client_new(o);
}

static void
test_play_through_a_crash(void **state)
{
	struct net_client_opts o;
	struct who w[NCLI];
	const struct game *g;
	char err[200], game[16];
	int i, ply, st;

	(void)state;
	memset(w, 0, sizeof w);
	start_server();
	ann_and_bob(w, &o);

	net_client_create(w[0].c, WHITE, NULL);
	net_client_start(w[0].c, tc_ms());
	assert_true(wait_for(w, 1, 0, NEV_SEATED, -1, 5000));
	snprintf(game, sizeof game, "%s", net_client_game_id(w[0].c));
	assert_int_equal(strlen(game), 8);
	assert_true(wait_for(w, 1, 0, NEV_SYNC, 0, 5000));

	net_client_join(w[1].c, game, BLACK);
	net_client_start(w[1].c, tc_ms());
	assert_true(wait_for(w, 2, 1, NEV_SYNC, 0, 5000));
	assert_true(wait_for(w, 2, 0, NEV_JOINED, -1, 5000));

	for (ply = 0; ply < 7; ply++) {
		move(w, ply);
		assert_true(wait_for(w, 2, (ply + 1) % 2, NEV_MOVE, ply,
		    5000));
		assert_true(wait_for(w, 2, ply % 2, NEV_MOVE_OK, ply, 5000));
	}
	/* A move in flight, and the server dies. */
	move(w, 7);
	pump(w, 2, 5, NULL, NULL);
	kill(server_pid, SIGKILL);
	st = tc_reap(server_pid, 5000);
	assert_true(WIFSIGNALED(st));
	assert_true(wait_for(w, 2, 0, NEV_STATUS, -1, 3000));
	/* Both see the loss and wait; the server comes back. */
	pump(w, 2, 300, NULL, NULL);
	assert_int_not_equal(net_client_state(w[1].c), NET_ONLINE);
	start_server();
	ply = 8;
	if (!pump(w, 2, 20000, synced_at, &ply)) {
		for (i = 0; i < 2; i++) {
			g = net_client_game(w[i].c);
			print_error("client %d: state %d, ply %d, pending %d, "
			    "why %s\n", i, net_client_state(w[i].c),
			    g != NULL ? g->nply : -1,
			    net_client_pending(w[i].c), net_client_why(w[i].c));
		}
		fail();
	}
	/* The moves, once each, in both mirrors. */
	for (i = 0; i < 2; i++) {
		char t[MOVE_TEXT_MAX];
		g = net_client_game(w[i].c);
		assert_int_equal(g->nply, 8);
		for (ply = 0; ply < 8; ply++) {
			notation_write(g->moves[ply], t, sizeof t);
			assert_string_equal(t, moves[ply]);
		}
	}
	/* Play on to the end through the monkey's chain. */
	for (ply = 8; ply < 12; ply++) {
		move(w, ply);
		assert_true(wait_for(w, 2, (ply + 1) % 2, NEV_MOVE, ply,
		    5000));
	}
	assert_true(wait_for(w, 2, 0, NEV_RESULT, -1, 5000));
	g = net_client_game(w[0].c);
	assert_int_equal(g->result, RESULT_BLACK_WINS);
	assert_int_equal(g->reason, REASON_LION_CAPTURED);

	/* A third client takes white's seat with the remembered token. */
	snprintf(o.name, sizeof o.name, "ann");
	w[2].c = net_client_new(&o);
	assert_int_equal(net_client_rejoin(w[2].c, game, WHITE, NULL, err,
	    sizeof err), 0);
	net_client_start(w[2].c, tc_ms());
	assert_true(wait_for(w, 3, 2, NEV_SYNC, 12, 5000));
	assert_int_equal(net_client_seat(w[2].c), WHITE);
	g = net_client_game(w[2].c);
	assert_int_equal(g->result, RESULT_BLACK_WINS);
	assert_true(wait_for(w, 3, 0, NEV_PRESENCE, -1, 5000));
	assert_int_equal(net_client_rejoin(w[2].c, "NOPE", -1, NULL, err,
	    sizeof err), -1);
	assert_int_equal(net_client_rejoin(w[2].c, "AAAAAAAA", -1, NULL, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "no seat remembered"));
	for (i = 0; i < 3; i++)
		net_client_free(w[i].c);
}

static void
test_observe_and_list(void **state)
{
	struct net_client_opts o;
	struct who w[NCLI];
	char err[128];
	int k, items = 0;

	(void)state;
	memset(w, 0, sizeof w);
	cli_opts(&o, "127.0.0.1");
	w[0].c = net_client_new(&o);
	net_client_start(w[0].c, tc_ms());
	/* Online within a deadline, not after a fixed wait (valgrind and a
	 * loaded machine are slow). */
	assert_true(pump(w, 1, 10000, online, NULL));
	assert_int_equal(net_client_list(w[0].c, "finished"), 0);
	assert_true(wait_for(w, 1, 0, NEV_LIST_END, -1, 5000));
	for (k = 0; k < w[0].nev; k++)
		if (w[0].ev[k].kind == NEV_LIST) {
			items++;
			assert_string_equal(w[0].ev[k].status, "finished");
			assert_string_equal(w[0].ev[k].result, "0-1");
			net_client_observe(w[0].c, w[0].ev[k].game);
		}
	assert_int_equal(items, 1);
	assert_true(wait_for(w, 1, 0, NEV_SYNC, 12, 5000));
	assert_int_equal(net_client_seat(w[0].c), -1);
	assert_int_equal(net_client_move(w[0].c, 12, "a1a2", err, sizeof err),
	    -1);
	net_client_free(w[0].c);

	/* Nobody there: the client keeps trying. */
	snprintf(o.host, sizeof o.host, "127.0.0.1");
	o.port = tc_free_port();
	w[0].c = net_client_new(&o);
	w[0].nev = 0;
	net_client_start(w[0].c, tc_ms());
	pump(w, 1, 200, NULL, NULL);
	assert_int_equal(net_client_state(w[0].c), NET_RETRY);
	assert_true(net_client_timeout(w[0].c, tc_ms()) > 0);
	net_client_free(w[0].c);
}

static bool
settled(struct who *w, void *arg)
{
	enum net_state st = net_client_state(w[0].c);

	(void)arg;
	return st != NET_CONNECTING;
}

/*
 * In a child process: a client to a port nobody listens on, driven at a
 * fixed time, until it gives up this try. Its delay before the next try.
 */
static int
retry_delay_in_child(void)
{
	const long long now = 1000000;
	struct net_client_opts o;
	int fd[2], d = -1, st;
	pid_t pid;

	assert_int_equal(pipe(fd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct net_client *c;
		long long end = tc_ms() + 15000;

		memset(&o, 0, sizeof o);
		snprintf(o.host, sizeof o.host, "127.0.0.1");
		o.port = tc_free_port();
		c = net_client_new(&o);
		net_client_start(c, now);
		while (net_client_state(c) == NET_CONNECTING &&
		    tc_ms() < end) {
			struct pollfd p = { net_client_fd(c),
			    net_client_events(c), 0 };
			poll(&p, 1, 50);
			if (p.revents != 0)
				net_client_io(c, p.revents, now);
			else
				net_client_tick(c, now);
		}
		if (net_client_state(c) == NET_RETRY)
			d = net_client_timeout(c, now);
		_exit(write(fd[1], &d, sizeof d) == sizeof d ? 0 : 1);
	}
	close(fd[1]);
	assert_int_equal(read(fd[0], &d, sizeof d), (ssize_t)sizeof d);
	close(fd[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return d;
}

/* The host name is looked up in a thread: start returns at once, the fd
 * to poll is the lookup's until the answer is in, then the socket's. */
static void
test_lookup_in_a_thread(void **state)
{
	struct net_client_opts o;
	struct who w[1];
	int k;

	(void)state;
	memset(w, 0, sizeof w);
	cli_opts(&o, "localhost");
	w[0].c = net_client_new(&o);
	net_client_start(w[0].c, tc_ms());
	assert_int_equal(net_client_state(w[0].c), NET_CONNECTING);
	assert_true(net_client_fd(w[0].c) >= 0);
	assert_int_equal(net_client_events(w[0].c), POLLIN);
	assert_int_equal(net_client_timeout(w[0].c, tc_ms()), 50);
	/* Online within a deadline, not after a fixed wait (valgrind and a
	 * loaded machine are slow). */
	assert_true(pump(w, 1, 10000, online, NULL));
	net_client_free(w[0].c);

	/* A name that does not exist (RFC 2606): the reason names it. */
	snprintf(o.host, sizeof o.host, "no-such-host.invalid");
	w[0].c = net_client_new(&o);
	w[0].nev = 0;
	net_client_start(w[0].c, tc_ms());
	assert_true(pump(w, 1, 15000, settled, NULL));
	assert_true(net_client_state(w[0].c) == NET_CLOSED ||
	    net_client_state(w[0].c) == NET_RETRY);
	assert_non_null(strstr(net_client_why(w[0].c),
	    "no-such-host.invalid"));
	net_client_free(w[0].c);

	/* Freed while looking up: the thread cleans up after itself. */
	w[0].c = net_client_new(&o);
	net_client_start(w[0].c, tc_ms());
	net_client_free(w[0].c);

	/* Nobody there: clients in two processes that lost the same server
	 * retry after different delays (the jitter comes from getrandom; an
	 * unseeded rand() gave every process the same one). */
	for (k = 0; k < 16; k++) {
		int d0 = retry_delay_in_child(), d1 = retry_delay_in_child();
		/* A sample whose client never reached the retry state (its
		 * "free" port was taken meanwhile by another test's server,
		 * or a loaded machine passed the deadline) says nothing. */
		if (d0 < 0 || d1 < 0)
			continue;
		/* 500 ms backoff, plus up to half as much again. */
		assert_true(d0 >= 500 && d0 <= 750);
		assert_true(d1 >= 500 && d1 <= 750);
		if (d0 != d1)
			break;
	}
	assert_true(k < 16);
}

/* The last event of a kind client i has, or NULL. */
static const struct net_event *
last_of(struct who *w, int i, enum net_ev_kind kind)
{
	int k;

	for (k = w[i].nev - 1; k >= 0; k--)
		if (w[i].ev[k].kind == kind)
			return &w[i].ev[k];
	return NULL;
}

/* A timed megapawn game: clocks, SAY, CLAIM too early, resign, a rematch
 * with the colours swapped; an open game cancelled. */
static void
test_online_parts(void **state)
{
	struct net_client_opts o;
	struct who w[NCLI];
	const struct net_event *e;
	char err[200], game[16], g2[16];
	long long left[2];
	int run;
	struct want said = { 0, NEV_SAID, 0, -1 };

	(void)state;
	memset(w, 0, sizeof w);
	ann_and_bob(w, &o);
	net_client_create_game(w[0].c, WHITE, NULL, "megapawn", "60+1", 0);
	net_client_start(w[0].c, tc_ms());
	assert_true(wait_for(w, 1, 0, NEV_SYNC, 0, 5000));
	e = last_of(w, 0, NEV_STATE);
	assert_non_null(e);
	assert_string_equal(e->variant, "megapawn");
	assert_true(e->timed);
	assert_string_equal(e->clock, "60+1");
	assert_int_equal(e->wclock, 60000);
	assert_true(net_client_clock(w[0].c, tc_ms(), left, &run));
	assert_int_equal(run, -1);      /* open: no clock runs */
	snprintf(game, sizeof game, "%s", net_client_game_id(w[0].c));
	net_client_join(w[1].c, game, BLACK);
	net_client_start(w[1].c, tc_ms());
	assert_true(wait_for(w, 2, 1, NEV_SYNC, 0, 5000));
	/* Each side's first move is not timed: no clock runs yet. */
	assert_true(net_client_clock(w[1].c, tc_ms(), left, &run));
	assert_int_equal(run, -1);
	assert_int_equal(left[0], 60000);

	assert_int_equal(net_client_move(w[0].c, 0, "a3a4", err, sizeof err),
	    0);
	assert_true(wait_for(w, 2, 1, NEV_MOVE, 0, 5000));
	e = last_of(w, 1, NEV_MOVE);
	assert_true(e->timed);
	assert_int_equal(e->wclock, 60000);     /* no increment either */
	assert_int_equal(e->bclock, 60000);
	assert_true(net_client_clock(w[1].c, tc_ms(), left, &run));
	assert_int_equal(run, -1);
	assert_int_equal(net_client_move(w[1].c, 1, "c5c4", err, sizeof err),
	    0);
	assert_true(wait_for(w, 2, 0, NEV_MOVE, 1, 5000));
	/* From its second move on, White's clock runs. */
	assert_true(net_client_clock(w[0].c, tc_ms(), left, &run));
	assert_int_equal(run, WHITE);
	assert_true(left[0] <= 60000 && left[0] > 50000);

	assert_int_equal(net_client_say(w[1].c, "good luck", err, sizeof err),
	    0);
	assert_true(wait_for(w, 2, 0, NEV_SAID, -1, 5000));
	e = last_of(w, 0, NEV_SAID);
	assert_int_equal(e->side, BLACK);
	assert_string_equal(e->text, "good luck");
	/* UTF-8 goes through the server and back (issue 34); a control
	 * character does not leave. */
	said.from = w[0].nev;
	assert_int_equal(net_client_say(w[1].c, "caf\xc3\xa9 \xe2\x99\x9e", err,
	    sizeof err), 0);
	assert_true(pump(w, 2, 5000, has_event, &said));
	e = last_of(w, 0, NEV_SAID);
	assert_string_equal(e->text, "caf\xc3\xa9 \xe2\x99\x9e");
	assert_int_equal(net_client_say(w[1].c, "caf\x01", err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "U+0001"));

	assert_int_equal(net_client_claim(w[1].c, err, sizeof err), 0);
	assert_true(wait_for(w, 2, 1, NEV_ERROR, -1, 5000));
	e = last_of(w, 1, NEV_ERROR);
	assert_int_equal(e->code, 428);
	assert_string_equal(e->verb, "CLAIM");
	assert_int_equal(e->left, 120);

	assert_int_equal(net_client_resign(w[0].c, err, sizeof err), 0);
	assert_true(wait_for(w, 2, 1, NEV_RESULT, -1, 5000));
	assert_int_equal(net_client_rematch(w[0].c, err, sizeof err), 0);
	assert_true(wait_for(w, 2, 1, NEV_REMATCH, -1, 5000));
	assert_int_equal(last_of(w, 1, NEV_REMATCH)->side, WHITE);
	assert_int_equal(net_client_rematch(w[1].c, err, sizeof err), 0);
	assert_true(wait_for(w, 2, 0, NEV_REMATCHED, -1, 5000));
	assert_true(wait_for(w, 2, 1, NEV_REMATCHED, -1, 5000));
	assert_int_equal(last_of(w, 0, NEV_REMATCHED)->seat, BLACK);
	assert_int_equal(last_of(w, 1, NEV_REMATCHED)->seat, WHITE);
	snprintf(g2, sizeof g2, "%s", net_client_game_id(w[1].c));
	assert_string_not_equal(g2, game);
	assert_string_equal(net_client_game_id(w[0].c), g2);
	assert_int_equal(net_client_seat(w[0].c), BLACK);
	/* The new game is mirrored (a SYNC after the REMATCHED) and bob,
	 * white now, moves in it. */
	{
		struct want x = { 1, NEV_SYNC, 0, 0 };
		for (x.from = w[1].nev - 1; x.from > 0 &&
		    w[1].ev[x.from].kind != NEV_REMATCHED; x.from--)
			;
		assert_true(pump(w, 2, 5000, has_event, &x));
	}
	e = last_of(w, 1, NEV_STATE);
	assert_non_null(e);
	assert_string_equal(e->variant, "megapawn");
	assert_string_equal(e->game, g2);
	assert_int_equal(net_client_move(w[1].c, 0, "c3c4", err, sizeof err),
	    0);
	assert_true(wait_for(w, 2, 1, NEV_MOVE_OK, 0, 5000));

	/* An open game its creator cancels. */
	net_client_free(w[0].c);
	snprintf(o.name, sizeof o.name, "cid");
	w[0].c = net_client_new(&o);
	w[0].nev = 0;
	net_client_create(w[0].c, BLACK, NULL);
	net_client_start(w[0].c, tc_ms());
	assert_true(wait_for(w, 1, 0, NEV_SYNC, 0, 5000));
	assert_int_equal(net_client_cancel(w[0].c, err, sizeof err), 0);
	assert_true(wait_for(w, 1, 0, NEV_RESULT, -1, 5000));
	e = last_of(w, 0, NEV_RESULT);
	assert_string_equal(e->result, "-");
	assert_string_equal(e->reason, "cancelled");
	net_client_free(w[0].c);
	net_client_free(w[1].c);
}

/* Writer w's token of its game i. */
static bool
save_token(int w, int i)
{
	char err[200], game[16];

	snprintf(game, sizeof game, "%cAAAAA%02d", 'P' + w, i);
	return net_tokens_save("two", 9, game, w,
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ", err, sizeof err) >= 0;
}

/* Two processes saving tokens at once (both seats on one machine, a
 * rematch) lose none: the file is locked around its rewrite. */
static void
test_tokens_two_writers(void **state)
{
	char tok[64], game[24];
	int w, i, seat;

	(void)state;
	cli_two_writers(save_token);
	for (w = 0; w < 2; w++)
		for (i = 0; i < 40; i++) {
			snprintf(game, sizeof game, "%cAAAAA%02d", 'P' + w, i);
			seat = -1;
			if (net_tokens_find("two", 9, game, &seat, tok,
			    sizeof tok) != 0)
				fail_msg("the token of %s is lost", game);
			assert_int_equal(seat, w);
		}
}

/* Feed the client one line as from the server (no socket). */
static void
feed(struct net_client *c, const char *line)
{
	struct cgp_msg *m = malloc(sizeof *m);
	char err[200];

	assert_non_null(m);
	if (cgp_parse_msg(line, strlen(line), m, err, sizeof err) != 0)
		fail_msg("cannot parse '%s': %s", line, err);
	cli_handle(c, m, 1000);
	free(m);
}

/* The next event is an error for verb with code and text. */
static void
next_error(struct net_client *c, int code, const char *verb,
    const char *text)
{
	struct net_event ev;

	assert_true(net_client_next(c, &ev));
	assert_int_equal(ev.kind, NEV_ERROR);
	assert_int_equal(ev.code, code);
	assert_string_equal(ev.verb, verb);
	assert_string_equal(ev.text, text);
}

/* What the client makes of each refusal, by the command it answers. */
static void
test_server_refusals(void **state)
{
	struct net_client_opts o;
	struct net_client *c;
	struct net_event ev;
	static const struct {
		const char *line, *verb;
		int code;
	} simple[] = {
		{ "ERR #x3 410 GAME_OVER :the game is over", "RESIGN", 410 },
		{ "ERR #d3 420 NOT_YOUR_TURN :no offer to answer", "DRAW", 420 },
		{ "ERR #t3 429 RATE_LIMITED :one line a second", "SAY", 429 },
		{ "ERR #R3 410 GAME_OVER :not over yet", "REMATCH", 410 },
		{ "ERR #k3 403 NOT_YOUR_SEAT :not yours", "CANCEL", 403 },
		{ "ERR #q3 400 BAD_SYNTAX :what", "", 400 },
		{ "ERR * 503 BUSY :too many connections", "", 503 },
	};
	size_t i;

	(void)state;
	memset(&o, 0, sizeof o);
	snprintf(o.host, sizeof o.host, "127.0.0.1");
	o.port = 1;
	snprintf(o.name, sizeof o.name, "t");
	c = net_client_new(&o);
	for (i = 0; i < sizeof simple / sizeof simple[0]; i++) {
		feed(c, simple[i].line);
		next_error(c, simple[i].code, simple[i].verb,
		    strchr(simple[i].line, ':') + 1);
	}
	/* CLAIM too early: how long is left comes with it */
	feed(c, "ERR #a3 428 CLAIM_TOO_EARLY left=42 :wait");
	assert_true(net_client_next(c, &ev));
	assert_string_equal(ev.verb, "CLAIM");
	assert_int_equal(ev.left, 42);
	/* a refused LIST ends the list */
	c->list_left = 3;
	feed(c, "ERR #l3 429 RATE_LIMITED :slow down");
	next_error(c, 429, "LIST", "slow down");
	assert_true(net_client_next(c, &ev));
	assert_int_equal(ev.kind, NEV_LIST_END);
	assert_int_equal(c->list_left, 0);
	/* a refused HISTORY stops the sync */
	c->syncing = true;
	feed(c, "ERR #h3 404 NO_SUCH_GAME :gone");
	next_error(c, 404, "HISTORY", "gone");
	assert_false(c->syncing);
	/* a refused JOIN, and a REJOIN with a bad token: back to the lobby */
	c->role = ROLE_JOIN;
	feed(c, "ERR #j3 409 SEAT_TAKEN :taken");
	next_error(c, 409, "JOIN", "taken");
	assert_int_equal(c->role, ROLE_NONE);
	c->role = ROLE_SEAT;
	feed(c, "ERR #r3 401 BAD_TOKEN :no");
	next_error(c, 401, "REJOIN", "no");
	assert_int_equal(c->role, ROLE_NONE);
	/* a MOVE answered 412 when the server already has a later ply (the
	 * move was stored before the link broke): no error for the player */
	c->pending = true;
	c->pending_ply = 4;
	feed(c, "ERR #m3 412 WRONG_PLY current=5 :ply 4 is played");
	assert_false(c->pending);
	assert_false(net_client_next(c, &ev));
	/* any other refused MOVE is shown */
	c->pending = true;
	feed(c, "ERR #m4 422 ILLEGAL_MOVE :a1a2 is not legal");
	assert_false(c->pending);
	next_error(c, 422, "MOVE", "a1a2 is not legal");
	/* the server PINGs: the client answers at once */
	c->outlen = 0;
	feed(c, "PING 77");
	assert_true(c->outlen == 8 && memcmp(c->out, "PONG 77\n", 8) == 0);
	feed(c, "PONG 78");
	assert_false(net_client_next(c, &ev));
	/* REJOIN refused for too many tries: wait and try again */
	c->role = ROLE_SEAT;
	feed(c, "ERR #r5 429 RATE_LIMITED :too many");
	next_error(c, 429, "REJOIN", "too many");
	assert_int_equal(net_client_state(c), NET_RETRY);
	assert_true(net_client_next(c, &ev));
	assert_int_equal(ev.kind, NEV_STATUS);
	assert_int_equal(ev.state, NET_RETRY);
	/* a server of another protocol: given up, with the reason */
	feed(c, "ERR * 505 VERSION_UNSUPPORTED :CGP/2 only");
	next_error(c, 505, "HELLO", "CGP/2 only");
	assert_int_equal(net_client_state(c), NET_CLOSED);
	assert_non_null(strstr(net_client_why(c), "does not speak CGP/1"));
	net_client_free(c);
}

TEST_MAIN(group_setup, cli_group_teardown,
	cmocka_unit_test(test_addresses),
	cmocka_unit_test(test_server_refusals),
	cmocka_unit_test(test_tokens_file),
	cmocka_unit_test(test_tokens_two_writers),
	cmocka_unit_test(test_play_through_a_crash),
	cmocka_unit_test(test_observe_and_list),
	cmocka_unit_test(test_online_parts),
	cmocka_unit_test(test_lookup_in_a_thread))
