/*
 * test_net_pg.c: two congo-servers on one PostgreSQL (started by
 * tests/test_net_pg.sh on a throwaway cluster, which passes their ports and
 * the first one's pid): a game created on one is joined on the other;
 * moves and events reach players on both (NOTIFY); two servers racing for
 * the same ply store it once, the loser answers 412; kill -9 of one server
 * loses no acknowledged move and its player takes the seat back on the
 * other. Seeks and ratings are in test_net_pg_seek.c, the locked database
 * and late news in test_net_pg_lock.c.
 */
#include "test_net_pg.h"

int port_a, port_b, port_c, port_d;
pid_t pid_a;
char game[16], tokw[40], tokb[40];

/* An event of game id on c containing text, within T. */
const char *
ev2(struct tc *c, const char *id, const char *text)
{
	char prefix[32];

	snprintf(prefix, sizeof prefix, "EV %s ", id);
	for (;;) {
		if (tc_wait(c, prefix, T) == NULL)
			return NULL;
		if (strstr(c->line, text) != NULL)
			return c->line;
	}
}

/* An event of the shared game on c containing text, within T. */
const char *
ev(struct tc *c, const char *text)
{
	return ev2(c, game, text);
}

void
pg_ctl_needed(void)
{
	if (getenv("CONGO_PG_CTL") == NULL)
		skip();
}

int
pg_ctl(const char *fmt, ...)
{
	char cmd[700];
	va_list ap;
	int n;

	pg_ctl_needed();
	n = snprintf(cmd, sizeof cmd, "%s ", getenv("CONGO_PG_CTL"));
	va_start(ap, fmt);
	vsnprintf(cmd + n, sizeof cmd - (size_t)n, fmt, ap);
	va_end(ap);
	return system(cmd);
}

int
pg_tidy(void **state)
{
	(void)state;
	if (getenv("CONGO_PG_CTL") != NULL && pg_ctl("tidy") != 0)
		fprintf(stderr, "test_net_pg: the cluster could not be tidied\n");
	return 0;
}

/* A connection past HELLO to port from 127.0.net.1 (net 0: the usual
 * address). */
struct tc *
hello_from(int port, unsigned net)
{
	struct tc *c;

	tc_from = net != 0 ? (127u << 24) | (net << 8) | 1 : 0;
	c = tc_hello(port);
	tc_from = 0;
	assert_non_null(c);
	return c;
}

/* A game made on w's server (White, wname, with CREATE's extra words)
 * and joined on b's (Black, bname): its id into id, the seats' tokens
 * into tw and tb where not NULL. */
void
new_game_tok(struct tc *w, const char *wname, struct tc *b,
    const char *bname, const char *extra, char *id, char *tw, char *tb)
{
	tc_ask(w, "OK #c CREATE game=", "#c CREATE seat=white name=%s%s%s",
	    wname, extra[0] != '\0' ? " " : "", extra);
	tc_val(w->line, "game", id, 16);
	if (tw != NULL)
		tc_val(w->line, "token", tw, 40);
	tc_ask(b, "OK #j JOIN", "#j JOIN game=%s seat=black name=%s", id,
	    bname);
	if (tb != NULL)
		tc_val(b->line, "token", tb, 40);
}

void
new_game(struct tc *w, const char *wname, struct tc *b, const char *bname,
    const char *extra, char *id)
{
	new_game_tok(w, wname, b, bname, extra, id, NULL, NULL);
}

static void
test_cross_server(void **state)
{
	struct tc *w, *b;

	(void)state;
	assert_non_null(w = tc_hello(port_a));
	assert_non_null(b = tc_hello(port_b));
	/* Joined on the other server; white hears of it on the first. */
	new_game_tok(w, "ann", b, "bob", "", game, tokw, tokb);
	assert_non_null(ev(w, " JOINED seat=black name=bob"));
	/* Moves both ways. */
	tc_ask(w, "OK #m0 MOVE", "#m0 MOVE game=%s ply=0 move=c2c3", game);
	assert_non_null(ev(b, " MOVE ply=0 side=white move=c2c3 "));
	tc_ask(b, "OK #m1 MOVE", "#m1 MOVE game=%s ply=1 move=c6c5", game);
	assert_non_null(ev(w, " MOVE ply=1 side=black move=c6c5 "));
	/* Both see the same game. */
	tc_send(w, "#s STATE game=%s", game);
	assert_non_null(ev(w, " STATE "));
	assert_non_null(strstr(w->line, " ply=2 "));
	tc_send(b, "#s STATE game=%s", game);
	assert_non_null(ev(b, " STATE "));
	assert_non_null(strstr(b->line, " ply=2 "));
	/* A seat taken on one server is taken on the other. */
	tc_ask(b, "ERR #t ", "#t JOIN game=%s seat=white name=eve", game);
	tc_free(w);
	tc_free(b);
}

/* LIST on c has game id with want (" ply=N") in its line. */
static void
list_ply(struct tc *c, const char *id, const char *want)
{
	const char *p;
	char v[48];

	tc_ask(c, "OK #l LIST n=", "#l LIST status=active");
	snprintf(v, sizeof v, "ITEM #l game=%s ", id);
	assert_non_null(tc_wait(c, v, T));
	assert_non_null(p = strstr(c->line, want));
	p += strlen(want);
	assert_true(*p == ' ' || *p == '\0');
}

/*
 * "Both sides have moved" holds on both servers, worked out from the
 * stored moves: a RESIGN at ply 0 on one is an abort seen on the other;
 * after a takeback to ply 0 agreed across the two, CANCEL is refused on
 * each, LIST says ply 0 on both, and a RESIGN is a result.
 */
static void
test_abort_across(void **state)
{
	struct tc *w, *b;
	char id[16];

	(void)state;
	assert_non_null(w = tc_hello(port_a));
	assert_non_null(b = tc_hello(port_b));
	new_game(w, "aw", b, "ab", "", id);
	assert_non_null(ev2(w, id, " JOINED seat=black"));
	tc_ask(w, "OK #g RESIGN", "#g RESIGN game=%s", id);
	assert_non_null(ev2(b, id, " RESULT result=- reason=cancelled"));
	new_game(w, "aw", b, "ab", "", id);
	assert_non_null(ev2(w, id, " JOINED seat=black"));
	tc_send(w, "#m0 MOVE game=%s ply=0 move=c2c3", id);
	assert_non_null(ev2(b, id, " MOVE ply=0 "));
	tc_send(b, "#m1 MOVE game=%s ply=1 move=c6c5", id);
	assert_non_null(ev2(w, id, " MOVE ply=1 "));
	tc_send(w, "#t TAKEBACK game=%s action=offer", id);
	assert_non_null(ev2(b, id, " TAKEBACK action=offer side=white"));
	tc_send(b, "#a TAKEBACK game=%s action=accept", id);
	assert_non_null(ev2(w, id, " UNDO ply=0 "));
	assert_non_null(ev2(b, id, " UNDO ply=0 "));
	/* LIST (the games' rows, the same on both) says ply 0 again. */
	list_ply(w, id, " ply=0");
	list_ply(b, id, " ply=0");
	tc_ask(b, "ERR #x 403 NOT_YOUR_SEAT :both sides", "#x CANCEL game=%s",
	    id);
	tc_ask(w, "ERR #x 403 NOT_YOUR_SEAT :both sides", "#x CANCEL game=%s",
	    id);
	tc_send(b, "#g RESIGN game=%s", id);
	assert_non_null(ev2(w, id, " RESULT result=1-0 reason=resign"));
	tc_free(w);
	tc_free(b);
}

/* A game's variant and clock, made on one server, read on the other. */
static void
test_variant_clock_across(void **state)
{
	struct tc *a, *b;
	char id[16];

	(void)state;
	assert_non_null(a = tc_hello(port_a));
	assert_non_null(b = tc_hello(port_b));
	tc_ask(a, "OK #c CREATE game=",
	    "#c CREATE seat=white name=ann variant=megapawn clock=300+5");
	tc_val(a->line, "game", id, sizeof id);
	tc_ask(b, "OK #s STATE", "#s STATE game=%s", id);
	assert_non_null(tc_wait(b, "EV ", T));
	assert_non_null(strstr(b->line, " variant=megapawn"));
	assert_non_null(strstr(b->line, " clock=300+5"));
	tc_free(a);
	tc_free(b);
}

/* Wrong tokens for a game count on every server together: 10 a minute
 * from one network (the default), 6 on one server and 5 on the other are
 * one too many; the right token still works. */
static void
test_wrong_tokens_shared(void **state)
{
	struct tc *a, *b;
	const char *bad = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
	int i;

	(void)state;
	/* Counted by the wall clock's minute: not across its turn. */
	while (time(NULL) % 60 > 50)
		sleep(1);
	assert_non_null(a = tc_hello(port_a));
	assert_non_null(b = tc_hello(port_b));
	for (i = 0; i < 6; i++) {
		tc_ask(a, "ERR #w ", "#w REJOIN game=%s token=%s", game, bad);
		assert_non_null(strstr(a->line, " 401 "));
	}
	for (i = 0; i < 4; i++) {
		tc_ask(b, "ERR #w ", "#w REJOIN game=%s token=%s", game, bad);
		assert_non_null(strstr(b->line, " 401 "));
	}
	tc_ask(b, "ERR #w ", "#w REJOIN game=%s token=%s", game, bad);
	assert_non_null(strstr(b->line, " 429 "));
	tc_ask(a, "ERR #w ", "#w REJOIN game=%s token=%s", game, bad);
	assert_non_null(strstr(a->line, " 429 "));
	tc_ask(b, "OK #r REJOIN", "#r REJOIN game=%s token=%s", game, tokb);
	tc_free(a);
	tc_free(b);
}

/* New games from one network: at most 10 a minute on all servers
 * together (the default). */
static void
test_creates_shared(void **state)
{
	struct tc *c[2];
	long minute = (long)(time(NULL) / 60);
	int i, made = 0, refused = 0;

	(void)state;
	while (time(NULL) % 60 > 50)
		sleep(1);
	minute = (long)(time(NULL) / 60);
	assert_non_null(c[0] = tc_hello(port_a));
	assert_non_null(c[1] = tc_hello(port_b));
	for (i = 0; i < 14; i++) {
		struct tc *x = c[i % 2];
		tc_ask(x, "", "#c CREATE seat=white name=n%d", i);
		while (strncmp(x->line, "OK #c", 5) != 0 &&
		    strncmp(x->line, "ERR #c", 6) != 0)
			assert_non_null(tc_wait(x, "", T));
		made += strncmp(x->line, "OK #c CREATE", 12) == 0;
		refused += strncmp(x->line, "ERR #c 429", 10) == 0;
	}
	print_message("creates: %d made, %d refused\n", made, refused);
	assert_int_equal(made + refused, 14);
	/* Each server alone would let all 14 through (7 each); together
	 * at most 10 in a minute (fewer: games were made before). */
	assert_int_equal((long)(time(NULL) / 60), minute);
	assert_true(made <= 10);
	assert_true(refused >= 4);
	tc_free(c[0]);
	tc_free(c[1]);
}

/* White's seat taken on both servers (its token on each); the same ply sent
 * to both at once: stored once, the other answered 412 WRONG_PLY, or 403
 * when B's taking the seat reached A first (the seat moves to the newest
 * connection, on any server: A's is told 'replaced'). */
static void
test_ply_race(void **state)
{
	struct tc *wa, *wb;
	int round, ok, wrong;

	(void)state;
	assert_non_null(wa = tc_hello(port_a));
	assert_non_null(wb = tc_hello(port_b));
	tc_ask(wa, "OK #r REJOIN", "#r REJOIN game=%s token=%s", game, tokw);
	tc_ask(wb, "OK #r REJOIN", "#r REJOIN game=%s token=%s", game, tokw);
	for (round = 0; round < 1; round++) {
		ok = wrong = 0;
		tc_send(wa, "#x MOVE game=%s ply=2 move=d2d3", game);
		tc_send(wb, "#x MOVE game=%s ply=2 move=e2e3", game);
		assert_non_null(tc_wait(wa, "", T));
		while (strncmp(wa->line, "OK #x", 5) != 0 &&
		    strncmp(wa->line, "ERR #x", 6) != 0)
			assert_non_null(tc_wait(wa, "", T));
		ok += strncmp(wa->line, "OK #x MOVE", 10) == 0;
		wrong += strncmp(wa->line, "ERR #x 412 WRONG_PLY", 20) == 0 ||
		    strncmp(wa->line, "ERR #x 403 NOT_YOUR_SEAT", 24) == 0;
		assert_non_null(tc_wait(wb, "", T));
		while (strncmp(wb->line, "OK #x", 5) != 0 &&
		    strncmp(wb->line, "ERR #x", 6) != 0)
			assert_non_null(tc_wait(wb, "", T));
		ok += strncmp(wb->line, "OK #x MOVE", 10) == 0;
		wrong += strncmp(wb->line, "ERR #x 412 WRONG_PLY", 20) == 0 ||
		    strncmp(wb->line, "ERR #x 403 NOT_YOUR_SEAT", 24) == 0;
		print_message("race: %d OK, %d 412 (last: %s)\n", ok, wrong,
		    wb->line);
		assert_int_equal(ok, 1);
		assert_int_equal(wrong, 1);
	}
	/* One ply 2 in the history, on both servers (A's within a moment:
	 * when its connection lost the seat to B's, 403, it may not have
	 * had B's notice yet). */
	{
		long long end = tc_ms() + T;
		for (;;) {
			tc_ask(wa, "OK #h HISTORY", "#h HISTORY game=%s",
			    game);
			if (strstr(wa->line, " n=3 ") != NULL || tc_ms() > end)
				break;
			usleep(50000);
		}
	}
	assert_non_null(strstr(wa->line, " n=3 "));
	tc_ask(wb, "OK #h HISTORY", "#h HISTORY game=%s", game);
	assert_non_null(strstr(wb->line, " n=3 "));
	tc_free(wa);
	tc_free(wb);
}

/* The reply to the command tagged tag (OK or ERR), events passed over. */
const char *
reply(struct tc *c, const char *tag)
{
	return reply_within(c, tag, T);
}

const char *
reply_within(struct tc *c, const char *tag, int ms)
{
	char ok[32], er[32];
	long long end = tc_ms() + ms;

	snprintf(ok, sizeof ok, "OK %s ", tag);
	snprintf(er, sizeof er, "ERR %s ", tag);
	while (tc_ms() < end) {
		if (tc_read(c, (int)(end - tc_ms()), false) != 1)
			break;
		if (strncmp(c->line, ok, strlen(ok)) == 0 ||
		    strncmp(c->line, er, strlen(er)) == 0)
			return c->line;
	}
	return "(no reply)";
}

/*
 * A command sent to server B the instant server A answered OK for what it
 * depends on (a JOIN, a MOVE) is judged on what the store holds, not on
 * B's notice arriving first: it was refused 425 or 412 about one time in
 * ten. 30 games, each: black joins on A, white moves at once on B; white's
 * move is OK on B, black moves at once on A.
 */
static void
test_stale_after_ok(void **state)
{
	struct tc *w, *b;
	char id[16];
	const char *l;
	int i, refused = 0;

	(void)state;
	for (i = 0; i < 30; i++) {
		/* (fresh connections: at most 20 commands a second each) */
		assert_non_null(b = tc_hello(port_a));
		/* Each game made from a network of its own (the limit of
		 * games a minute is per network). */
		w = hello_from(port_b, 20 + i);
		tc_ask(w, "OK #c CREATE game=",
		    "#c CREATE seat=white name=sw");
		tc_val(w->line, "game", id, sizeof id);
		tc_ask(b, "OK #j JOIN", "#j JOIN game=%s seat=black name=sb",
		    id);
		tc_send(w, "#m0 MOVE game=%s ply=0 move=c2c3", id);
		l = reply(w, "#m0");
		if (strncmp(l, "OK ", 3) != 0) {
			fprintf(stderr, "game %d, white on B: %s\n", i, l);
			refused++;
			tc_free(w);
			tc_free(b);
			continue;
		}
		tc_send(b, "#m1 MOVE game=%s ply=1 move=c6c5", id);
		l = reply(b, "#m1");
		if (strncmp(l, "OK ", 3) != 0) {
			fprintf(stderr, "game %d, black on A: %s\n", i, l);
			refused++;
		}
		tc_send(w, "#g RESIGN game=%s", id);
		l = reply(w, "#g");
		assert_true(strncmp(l, "OK ", 3) == 0);
		tc_free(w);
		tc_free(b);
	}
	assert_int_equal(refused, 0);
}


const char *
state_of(struct tc *c, const char *id)
{
	char prefix[32];

	snprintf(prefix, sizeof prefix, "EV %s ", id);
	tc_send(c, "#s STATE game=%s", id);
	do {
		if (tc_read(c, T, false) != 1)
			return NULL;
	} while (strncmp(c->line, prefix, strlen(prefix)) != 0 ||
	    strstr(c->line, " STATE ") == NULL);
	return c->line;
}

bool
state_shows(struct tc *c, const char *id, const char *kv)
{
	long long end = tc_ms() + T;
	const char *l;

	while (tc_ms() < end) {
		if ((l = state_of(c, id)) == NULL)
			return false;
		if (strstr(l, kv) != NULL)
			return true;
		usleep(50000);
	}
	return false;
}

/*
 * Presence across servers: White on A, Black on B. A sees bpresent=1 and
 * refuses White's CLAIM while Black is connected to B (it won a game whose
 * opponent had moved 3 s before); Black leaving B is a PRESENCE event on
 * A; Black back on B too; White taking its seat on B replaces its
 * connection on A.
 */
static void
test_presence_across(void **state)
{
	struct tc *w, *b, *w2;
	char id[16], tw[40], tb[40];
	const char *l;

	(void)state;
	w = hello_from(port_a, 91);
	b = hello_from(port_b, 91);
	new_game_tok(w, "pw", b, "pb", "", id, tw, tb);
	tc_send(w, "#m MOVE game=%s ply=0 move=c2c3", id);
	assert_true(strncmp(reply(w, "#m"), "OK ", 3) == 0);
	tc_send(b, "#m MOVE game=%s ply=1 move=c6c5", id);
	assert_true(strncmp(reply(b, "#m"), "OK ", 3) == 0);
	/* A knows Black is connected, to B. */
	assert_true(state_shows(w, id, " bpresent=1 "));
	tc_send(w, "#k CLAIM game=%s", id);
	l = reply(w, "#k");
	print_message("claim with black on B: %s\n", l);
	assert_non_null(strstr(l, "ERR #k 428 CLAIM_TOO_EARLY"));
	assert_non_null(strstr(l, "black is connected"));
	/* Black leaves B: A tells White. */
	tc_free(b);
	assert_non_null(ev2(w, id, " PRESENCE seat=black state=gone"));
	assert_true(state_shows(w, id, " bpresent=0 "));
	tc_send(w, "#k2 CLAIM game=%s", id);
	l = reply(w, "#k2");
	assert_non_null(strstr(l, "ERR #k2 428 CLAIM_TOO_EARLY"));
	assert_non_null(strstr(l, "has been gone"));
	/* Back on B: A tells White. */
	assert_non_null(b = tc_hello(port_b));
	tc_ask(b, "OK #r REJOIN", "#r REJOIN game=%s token=%s", id, tb);
	assert_non_null(ev2(w, id, " PRESENCE seat=black state=back"));
	/* White takes its seat on B: its connection on A is replaced. */
	assert_non_null(w2 = tc_hello(port_b));
	tc_ask(w2, "OK #r REJOIN", "#r REJOIN game=%s token=%s", id, tw);
	assert_non_null(ev2(w, id, " PRESENCE seat=white state=replaced"));
	tc_ask(w2, "OK #g RESIGN", "#g RESIGN game=%s", id);
	tc_free(w);
	tc_free(w2);
	tc_free(b);
}

void
move_through(struct tc *c, const char *id, int ply, const char *mv)
{
	long long end = tc_ms() + 30000;
	const char *l;
	int n = 0;
	char tag[16];

	for (;;) {
		snprintf(tag, sizeof tag, "#o%d", n++);
		tc_send(c, "%s MOVE game=%s ply=%d move=%s", tag, id, ply, mv);
		l = reply(c, tag);
		if (strncmp(l, "OK ", 3) == 0)
			break;
		if (strstr(l, " 503 BUSY") == NULL &&
		    strstr(l, " 507 STORAGE_FAILED") == NULL)
			fail_msg("ply %d: %s", ply, l);
		assert_true(tc_ms() < end);
		usleep(100000);
	}
	if (n > 1)
		print_message("ply %d stored after %d tries\n", ply, n);
}

/* The event of ply on c (another server's move), within 30 s. */
static void
sees_move(struct tc *c, const char *id, int ply)
{
	char want[48], prefix[32];
	long long end = tc_ms() + 30000;

	snprintf(want, sizeof want, " MOVE ply=%d ", ply);
	snprintf(prefix, sizeof prefix, "EV %s ", id);
	while (tc_ms() < end) {
		if (tc_read(c, (int)(end - tc_ms()), false) != 1)
			break;
		if (strncmp(c->line, prefix, strlen(prefix)) == 0 &&
		    strstr(c->line, want) != NULL)
			return;
	}
	fail_msg("no MOVE ply=%d on the other server", ply);
}

/*
 * The database restarted (pg_ctl restart -m fast), stopped for 3 s, and
 * the servers' backends ended (pg_terminate_backend), under a game played
 * across both servers: each server connects again by itself, commands in
 * the outage get 503/507 and never hang, the one after the backends ended
 * is stored at once, the player on the other server
 * sees every move (its LISTEN was lost: it catches up from the tables),
 * and every acknowledged move is stored.
 */
static void
test_database_outages(void **state)
{
	static const char *const mv[] = { "c2c3", "c6c5", "d2d3", "d6d5",
	    "e2e3", "e6e5", "b2b3", "b6b5" };
	char id[16], tw[40];
	struct tc *w, *b, *w2;
	int ply = 0, k;

	(void)state;
	pg_ctl_needed();
	w = hello_from(port_a, 90);
	b = hello_from(port_b, 90);
	new_game_tok(w, "outw", b, "outb", "", id, tw, NULL);
	for (k = 0; k < 3; k++) {
		const char *what = k == 0 ? "restart" : k == 1 ? "stop" :
		    "terminate";
		print_message("database: %s\n", what);
		assert_int_equal(pg_ctl("%s", what), 0);
		if (k == 1) {
			/* Stopped: a move is refused at once, not hung. */
			const char *l;
			long long t0 = tc_ms();
			tc_send(w, "#d MOVE game=%s ply=%d move=%s", id, ply,
			    mv[ply]);
			l = reply(w, "#d");
			print_message("while stopped: %s (%lld ms)\n", l,
			    tc_ms() - t0);
			assert_true(strstr(l, " 503 BUSY") != NULL ||
			    strstr(l, " 507 STORAGE_FAILED") != NULL);
			/* White comes back meanwhile: its REJOIN cannot
			 * write the seat's holder, and takes the seat all
			 * the same (it plays on once the database is up). */
			w2 = hello_from(port_a, 90);
			tc_ask(w2, "OK #r REJOIN", "#r REJOIN game=%s token=%s",
			    id, tw);
			tc_free(w);
			w = w2;
			sleep(3);
			assert_int_equal(pg_ctl("start"), 0);
		}
		if (k == 2) {
			/* Its connections ended, the database up: the next
			 * command is stored at once, whether its server found
			 * the connection gone before using it or lost the
			 * answer with it (store_pg_lost.c). */
			send_ok(ply % 2 == 0 ? w : b, "#t MOVE game=%s ply=%d "
			    "move=%s", id, ply, mv[ply]);
			sees_move(ply % 2 == 0 ? b : w, id, ply);
			ply++;
			continue;
		}
		move_through(ply % 2 == 0 ? w : b, id, ply, mv[ply]);
		sees_move(ply % 2 == 0 ? b : w, id, ply);
		ply++;
		move_through(ply % 2 == 0 ? w : b, id, ply, mv[ply]);
		sees_move(ply % 2 == 0 ? b : w, id, ply);
		ply++;
	}
	/* Every acknowledged move is there, on both servers. */
	tc_ask(w, "OK #h HISTORY", "#h HISTORY game=%s", id);
	assert_non_null(strstr(w->line, " n=5"));
	tc_ask(b, "OK #h HISTORY", "#h HISTORY game=%s", id);
	assert_non_null(strstr(b->line, " n=5"));
	tc_ask(w, "OK #g RESIGN", "#g RESIGN game=%s", id);
	tc_free(w);
	tc_free(b);
}

/* The reply to tag on c must be OK (else the test fails, saying it). */
void
ok(struct tc *c, const char *tag)
{
	const char *l = reply(c, tag);

	if (strncmp(l, "OK ", 3) != 0)
		fail_msg("%s: %s", tag, l);
}

void
send_ok(struct tc *c, const char *fmt, ...)
{
	char line[1024], tag[32];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	assert_true(n > 0 && (size_t)n < sizeof line);
	snprintf(tag, sizeof tag, "%.*s", (int)strcspn(line, " "), line);
	assert_int_equal(tc_send(c, "%s", line), 0);
	ok(c, tag);
}

/* kill -9 of server A: what it acknowledged is kept; its player takes the
 * seat back on B and the game goes on. */
static void
test_kill_and_rejoin(void **state)
{
	struct tc *w, *b, *s;
	char sid[16];
	long long killed;

	(void)state;
	ghost_seek_before(&s, sid);
	assert_non_null(w = tc_hello(port_a));
	assert_non_null(b = tc_hello(port_b));
	tc_ask(w, "OK #r REJOIN", "#r REJOIN game=%s token=%s", game, tokw);
	tc_ask(b, "OK #r REJOIN", "#r REJOIN game=%s token=%s", game, tokb);
	tc_ask(b, "OK #m3 MOVE", "#m3 MOVE game=%s ply=3 move=c5c4", game);
	assert_non_null(ev(w, " MOVE ply=3 side=black "));
	tc_ask(w, "OK #m4 MOVE", "#m4 MOVE game=%s ply=4 move=b1c2", game);
	assert_int_equal(kill(pid_a, SIGKILL), 0);
	killed = tc_ms();
	/* Its connection is cut (the script reaps the process). */
	assert_true(tc_closed(w, T));
	tc_free(w);
	tc_free(s);
	/* Its seek: gone from B's list within 3 s, never paired. */
	ghost_seek_after(killed, sid);
	assert_non_null(ev(b, " MOVE ply=4 side=white move=b1c2 "));
	/* A said nothing more: B counts White gone once A is silent for
	 * its dead time (15 s), and says so. */
	{
		long long t0 = tc_ms();
		bool seen = false;
		char prefix[32];
		snprintf(prefix, sizeof prefix, "EV %s ", game);
		while (!seen && tc_ms() - t0 < 30000 &&
		    tc_wait(b, prefix, 30000) != NULL)
			seen = strstr(b->line, " PRESENCE seat=white "
			    "state=gone") != NULL;
		print_message("white gone on B %lld ms after A was killed\n",
		    tc_ms() - t0);
		assert_true(seen);
	}
	/* White comes back on B. */
	assert_non_null(w = tc_hello(port_b));
	tc_ask(w, "OK #r REJOIN game=", "#r REJOIN game=%s token=%s since=0",
	    game, tokw);
	assert_non_null(ev(w, " MOVE ply=4 side=white move=b1c2 "));
	tc_ask(b, "OK #m5 MOVE", "#m5 MOVE game=%s ply=5 move=d6d5", game);
	assert_non_null(ev(w, " MOVE ply=5 side=black move=d6d5 "));
	tc_ask(w, "OK #h HISTORY", "#h HISTORY game=%s", game);
	assert_non_null(strstr(w->line, " n=6 "));
	tc_free(w);
	tc_free(b);
}

/* A rematch on PostgreSQL: the new game and both its seats in one
 * transaction; each player's new token takes its seat. */
static void
test_rematch(void **state)
{
	struct tc *w, *b, *x;
	char nid[16], ntok[40];

	(void)state;
	assert_non_null(w = tc_hello(port_b));
	assert_non_null(b = tc_hello(port_b));
	tc_ask(w, "OK #r REJOIN", "#r REJOIN game=%s token=%s", game, tokw);
	tc_ask(b, "OK #r REJOIN", "#r REJOIN game=%s token=%s", game, tokb);
	tc_ask(b, "OK #g RESIGN", "#g RESIGN game=%s", game);
	tc_ask(b, "OK #a REMATCH", "#a REMATCH game=%s", game);
	tc_send(w, "#b REMATCH game=%s", game);
	assert_non_null(ev(w, " REMATCHED game="));
	assert_non_null(strstr(w->line, " seat=black "));
	tc_val(w->line, "game", nid, sizeof nid);
	tc_val(w->line, "token", ntok, sizeof ntok);
	assert_non_null(ev(b, " REMATCHED game="));
	assert_non_null(strstr(b->line, " seat=white "));
	/* Stored whole: a third connection takes black's seat by token. */
	assert_non_null(x = tc_hello(port_b));
	tc_ask(x, "OK #r REJOIN", "#r REJOIN game=%s token=%s", nid, ntok);
	assert_non_null(strstr(x->line, " seat=black"));
	tc_ask(x, "EV ", "#s STATE game=%s", nid);
	while (strstr(x->line, " STATE ") == NULL)
		assert_non_null(tc_wait(x, "EV ", T));
	assert_non_null(strstr(x->line, " status=active white=bob black=ann "));
	tc_free(x);
	tc_free(w);
	tc_free(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cross_server),
		cmocka_unit_test(test_text_across),
		cmocka_unit_test(test_spectators_across),
		cmocka_unit_test(test_bots_across),
		cmocka_unit_test(test_abort_across),
		cmocka_unit_test(test_variant_clock_across),
		cmocka_unit_test(test_clock_read_across),
		cmocka_unit_test(test_rejoin_ahead),
		cmocka_unit_test(test_replaced_acts),
		cmocka_unit_test(test_stale_claim),
		cmocka_unit_test(test_corr_across),
		cmocka_unit_test(test_wrong_tokens_shared),
		cmocka_unit_test(test_creates_shared),
		cmocka_unit_test(test_ply_race),
		cmocka_unit_test(test_stale_after_ok),
		cmocka_unit_test(test_presence_across),
		cmocka_unit_test_teardown(test_presence_notify_lock, pg_tidy),
		cmocka_unit_test(test_seek_across),
		cmocka_unit_test(test_seek_race),
		cmocka_unit_test(test_seek_freed),
		cmocka_unit_test(test_seek_stale),
		cmocka_unit_test(test_seek_reconnect),
		cmocka_unit_test(test_seek_dead_server),
		cmocka_unit_test(test_rated_across),
		cmocka_unit_test(test_identity_across),
		cmocka_unit_test(test_same_network_across),
		cmocka_unit_test(test_challenge_across),
		cmocka_unit_test(test_mine_across),
		cmocka_unit_test(test_block_seek_across),
		cmocka_unit_test(test_block_seek_late),
		cmocka_unit_test(test_rematch_across),
		cmocka_unit_test_teardown(test_tables_locked, pg_tidy),
		cmocka_unit_test_teardown(test_news_off_loop, pg_tidy),
		cmocka_unit_test(test_idle_game_leaves),
		cmocka_unit_test_teardown(test_database_outages, pg_tidy),
		cmocka_unit_test_teardown(test_commit_unknown, pg_tidy),
		cmocka_unit_test_teardown(test_register_lost, pg_tidy),
		cmocka_unit_test_teardown(test_register_forgotten, pg_tidy),
		cmocka_unit_test(test_kill_and_rejoin),
		cmocka_unit_test(test_rematch),
	};
	const char *a = getenv("CONGO_PG_PORT_A"), *b = getenv("CONGO_PG_PORT_B");
	const char *p = getenv("CONGO_PG_PID_A"), *c;

	if (a == NULL || b == NULL || p == NULL) {
		fprintf(stderr, "test_net_pg: run by tests/test_net_pg.sh\n");
		return 77;
	}
	port_a = atoi(a);
	port_b = atoi(b);
	if ((c = getenv("CONGO_PG_PORT_C")) != NULL)
		port_c = atoi(c);
	if ((c = getenv("CONGO_PG_PORT_D")) != NULL)
		port_d = atoi(c);
	pid_a = (pid_t)atoi(p);
	signal(SIGPIPE, SIG_IGN);
	/* CONGO_PG_ONLY=test_seek_race: that test alone (a pattern). */
	if ((c = getenv("CONGO_PG_ONLY")) != NULL)
		cmocka_set_test_filter(c);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
