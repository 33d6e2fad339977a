/*
 * test_net_pg_seek.c: seeks across two (or three) servers on one
 * PostgreSQL: paired across servers, a seek freed by a refused pairing
 * paired again, 200 seeks racing, and rated games whose ratings are
 * Glicko-2's on both servers.
 */
#include "test_net_pg.h"
#include "rating/rating.h"

/* The seek id of an OK #s SEEK line into out. */
void
seek_of(struct tc *c, char *out, size_t n)
{
	assert_non_null(tc_wait(c, "OK #s SEEK seek=", T));
	tc_val(c->line, "seek", out, n);
}

/* c's next event is a PAIRED (with what): its game into game (16 bytes),
 * c's seat into seat (8 bytes) unless NULL. */
static void
paired_next(struct tc *c, const char *what, char *game, char *seat)
{
	assert_non_null(tc_wait(c, "EV ", T));
	assert_non_null(strstr(c->line, what));
	sscanf(c->line, "EV %15s", game);
	if (seat != NULL)
		tc_val(c->line, "seat", seat, 8);
}

/*
 * Seeks on two servers: paired within a second of the second arriving,
 * each seeker told its seat and token on its own server; an account made
 * on one server logs in on the other.
 */
void
test_seek_across(void **state)
{
	struct tc *a, *b;
	char sa[16], sb[16], ga[16], gb[16], seat_a[8], seat_b[8], key[40];
	long long t0;

	(void)state;
	a = hello_from(port_a, 92);
	b = hello_from(port_b, 93);
	tc_ask(a, "OK #r REGISTER name=across key=",
	    "#r REGISTER name=across");
	tc_val(a->line, "key", key, sizeof key);
	tc_ask(b, "OK #l LOGIN name=across", "#l LOGIN name=ACROSS key=%s",
	    key);
	tc_send(a, "#s SEEK clock=77+1 name=sa");
	seek_of(a, sa, sizeof sa);
	/* B knows it (SEEKS lists every server's). */
	for (t0 = tc_ms(); tc_ms() - t0 < T;) {
		tc_ask(b, "OK #l SEEKS n=", "#l SEEKS");
		if (strstr(b->line, " n=1") != NULL)
			break;
		usleep(20000);
	}
	assert_non_null(tc_wait(b, "ITEM #l seek=", T));
	assert_non_null(strstr(b->line, sa));
	t0 = tc_ms();
	tc_send(b, "#s SEEK clock=77+1");
	seek_of(b, sb, sizeof sb);
	paired_next(b, " 0 PAIRED seek=", gb, seat_b);
	paired_next(a, " 0 PAIRED seek=", ga, seat_a);
	print_message("paired across servers in %lld ms\n", tc_ms() - t0);
	assert_true(tc_ms() - t0 < 1000);
	assert_string_equal(ga, gb);
	assert_string_not_equal(seat_a, seat_b);
	assert_non_null(tc_wait(a, "EV ", T));
	assert_non_null(strstr(a->line, " STATE "));
	assert_non_null(strstr(a->line, " status=active "));
	tc_free(a);
	tc_free(b);
}

/* Does c's server list seek a, and seek b (SEEKS, once)? */
static void
seeks_listed_now(struct tc *c, const char *a, bool *has_a, const char *b,
    bool *has_b)
{
	int n, i;

	*has_a = *has_b = false;
	tc_ask(c, "OK #k SEEKS n=", "#k SEEKS");
	n = atoi(strstr(c->line, " n=") + 3);
	for (i = 0; i < n; i++) {
		assert_non_null(tc_wait(c, "ITEM #k ", T));
		*has_a |= strstr(c->line, a) != NULL;
		*has_b |= strstr(c->line, b) != NULL;
	}
}

/* Does c's server list seek id (SEEKS) within T? */
bool
seek_listed(struct tc *c, const char *id)
{
	long long t0 = tc_ms();
	bool seen = false, unused;

	while (!seen && tc_ms() - t0 < T) {
		seeks_listed_now(c, id, &seen, id, &unused);
		if (!seen)
			usleep(100000);     /* (20 commands a second at most) */
	}
	return seen;
}

/* c's (who's) PAIRED event within T: the game's id into game. */
void
paired_into(struct tc *c, const char *who, char *game)
{
	const char *l;

	while ((l = tc_wait(c, "EV ", T)) != NULL &&
	    strstr(l, " 0 PAIRED ") == NULL)
		;
	if (l == NULL)
		fail_msg("%s: no PAIRED in %d ms", who, T);
	sscanf(l, "EV %15s", game);
}

/* One go of test_seek_freed (clocks with an increment of inc s): false
 * when C stored its pairing first after all (a slow machine), x and y
 * then playing each other. */
static bool
seek_freed_once(int inc)
{
	struct tc *x, *y, *w, *z;
	char x1[16], y1[16], y2[16], w2[16], z1[16], gx[16], gz[16], gy[16],
	    gw[16];
	bool ran;

	x = hello_from(port_a, 94u + (unsigned)inc);
	w = hello_from(port_a, 94u + (unsigned)inc);
	y = hello_from(port_c, 97u + (unsigned)inc);
	z = hello_from(port_c, 97u + (unsigned)inc);
	tc_send(y, "#s SEEK clock=72+%d name=y", inc);
	seek_of(y, y2, sizeof y2);
	tc_send(x, "#s SEEK clock=71+%d name=x", inc);
	seek_of(x, x1, sizeof x1);
	assert_true(seek_listed(w, y2));
	assert_true(seek_listed(z, x1));
	tc_send(y, "#s SEEK clock=71+%d name=y", inc);
	seek_of(y, y1, sizeof y1);
	tc_send(w, "#s SEEK clock=72+%d name=w", inc);
	seek_of(w, w2, sizeof w2);
	tc_send(z, "#s SEEK clock=71+%d name=z", inc);
	seek_of(z, z1, sizeof z1);
	paired_into(y, "y", gy);
	paired_into(x, "x", gx);
	ran = strcmp(gy, gx) != 0;
	if (ran) {
		paired_into(w, "w", gw);
		assert_string_equal(gy, gw);
		paired_into(z, "z", gz);
		assert_string_equal(gz, gx);
		print_message("y1 refused: x1 and z1 paired into %s\n", gz);
	} else
		print_message("C stored y1 and x1 first: again\n");
	tc_free(x);
	tc_free(y);
	tc_free(w);
	tc_free(z);
	return ran;
}

/*
 * A seek freed when a pairing with it is refused is paired with a seek
 * that arrived meanwhile. Server C's commits take 0.8 s more (a test
 * build's hook). x1 (on A) waits; y1 (on C) is paired with it, slowly;
 * meanwhile A pairs y2, Y's other seek, with w2 (the newer seek pairs),
 * so C's pairing of y1 is refused (Y has its game), and z1 arrives on C,
 * where x1 and y1 are being paired. When C's pairing is refused, z1 tries
 * again and is paired with x1 (A leaves that to C, z1 being the newer).
 * Before, only the refused pair's seeks tried again, and x1 and z1 waited
 * for a seek yet to come. (Should A's store be slower than C's, the race
 * goes the other way: tried again, up to 3 times.)
 */
void
test_seek_freed(void **state)
{
	int i;

	(void)state;
#ifndef CONGO_TEST_HOOKS
	skip();         /* C's slow commits are a test build's hook */
#endif
	if (port_c == 0)
		skip();
	for (i = 0; i < 3 && !seek_freed_once(i); i++)
		;
	assert_true(i < 3);
}

/* How many lines of the file at path hold text. */
static int
log_count(const char *path, const char *text)
{
	char line[1024];
	FILE *f = fopen(path, "r");
	int n = 0;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		n += strstr(line, text) != NULL;
	fclose(f);
	return n;
}

/*
 * A seek that is stale on a server (another server paired it, and the
 * notice saying so was lost while the connection to the database was
 * being made again): made here by a notice of a server that does not
 * exist, its claim already stored. B's seek pairs with it and conflicts;
 * B tries again twice a second at most (before: again at once, at the
 * store's speed, for ever: 822 tries in 3 s), and pairs its seek with a
 * real one when it comes.
 */
#define SEEK_PAUSE_MS 1000      /* sess_seek.c's SEEK_RETRY_MS */
void
test_seek_stale(void **state)
{
	const char *log = getenv("CONGO_PG_LOG_B");
	char xs[16], gx[16], gy[16];
	struct tc *x, *y, *w;
	long long t0, waited;
	int before, tries;

	(void)state;
	pg_ctl_needed();
	if (log == NULL)
		skip();
	assert_non_null(w = tc_hello(port_b));
	assert_int_equal(pg_ctl("sql \"INSERT INTO seek_claims(id) "
	    "VALUES ('STALE234'); SELECT pg_notify('congo_presence', "
	    "'ZZZZZZZZ seek STALE234 ghost 0 12345:0 congo 73000 0 0 0 0 0 0 "
	    "0 0.000 1 %064d')\"", 0), 0);
	assert_true(seek_listed(w, "STALE234"));
	before = log_count(log, " and STALE234 paired");
	x = hello_from(port_b, 91);
	tc_send(x, "#s SEEK clock=73+0 name=x");
	seek_of(x, xs, sizeof xs);
	t0 = tc_ms();
	/* The third try, whenever it comes: not before the pause (the
	 * second, at once, is for a seek paired elsewhere whose notice is
	 * on its way). */
	while ((tries = log_count(log, " and STALE234 paired") - before) < 3 &&
	    tc_ms() - t0 < 10000)
		usleep(20000);
	waited = tc_ms() - t0;
	print_message("a stale seek: B's third try with it after %lld ms\n",
	    waited);
	assert_true(tries >= 3);
	assert_true(waited >= SEEK_PAUSE_MS * 9 / 10);
	/* A real seek on A: paired with x, the stale one passed by. */
	assert_non_null(y = tc_hello(port_a));
	tc_send(y, "#s SEEK clock=73+0 name=y");
	paired_into(x, "x", gx);
	paired_into(y, "y", gy);
	assert_string_equal(gx, gy);
	tc_free(x);
	tc_free(y);
	tc_free(w);
}

/* The server on port stores at once, its store thread's connection cut
 * and idle since: a CREATE answered OK (then cancelled), from a network
 * of its own (net: 10 games a minute). Before, the first command that
 * needed the store found the connection gone and got 507. */
static void
stores_at_once(int port, unsigned net)
{
	char id[16];
	const char *l;
	struct tc *c;

	c = hello_from(port, net);
	tc_send(c, "#g CREATE seat=white name=probe");
	l = reply(c, "#g");
	if (strncmp(l, "OK ", 3) != 0)
		fail_msg("the first CREATE after the cut: %s", l);
	tc_val(l, "game", id, sizeof id);
	send_ok(c, "#x CANCEL game=%s", id);
	tc_free(c);
}

/*
 * The servers' connections to the database cut (pg_terminate_backend):
 * each server, connected again, forgets the other servers' seeks and asks
 * for them again, so one whose notice was lost meanwhile does not stay
 * (here a seek of a server that does not exist, gone within 5 s, where
 * before it stayed until that server counted as dead, 15 s), and A's real
 * seek is listed on B again. The first command that stores is stored.
 */
void
test_seek_reconnect(void **state)
{
	char zs[16];
	struct tc *z, *w;
	long long t0;
	bool stale = true, real = false;

	(void)state;
	pg_ctl_needed();
	assert_non_null(w = tc_hello(port_b));
	assert_non_null(z = tc_hello(port_a));
	tc_send(z, "#s SEEK clock=74+0 name=z");
	seek_of(z, zs, sizeof zs);
	assert_int_equal(pg_ctl("sql \"SELECT pg_notify('congo_presence', "
	    "'ZZZZZZZY seek STALE235 ghost 0 12346:0 congo 75000 0 0 0 0 0 0 "
	    "0 0.000 1 %064d')\"", 0), 0);
	assert_true(seek_listed(w, "STALE235"));
	assert_true(seek_listed(w, zs));
	assert_int_equal(pg_ctl("terminate"), 0);
	t0 = tc_ms();
	while (tc_ms() - t0 < 5000 && (stale || !real)) {
		seeks_listed_now(w, "STALE235", &stale, zs, &real);
		if (stale || !real)
			usleep(100000);     /* (20 commands a second at most) */
	}
	print_message("after the connections were cut: the stale seek %s, "
	    "A's listed again on B after %lld ms\n", stale ? "stayed" :
	    "forgotten", tc_ms() - t0);
	assert_false(stale);
	assert_true(real);
	tc_ask(z, "OK #u UNSEEK", "#u UNSEEK seek=%s", zs);
	/* Each server's store thread finds its connection gone before it
	 * uses it, and makes it again. */
	stores_at_once(port_a, 81);
	stores_at_once(port_b, 82);
	tc_free(z);
	tc_free(w);
}

#define RACERS 100

static int
cmp_ll(const void *x, const void *y)
{
	long long a = *(const long long *)x, b = *(const long long *)y;

	return a < b ? -1 : a > b;
}

/*
 * 200 seeks from 100 connections over the two servers at once (each
 * connection one of each of two clocks; a seek arriving once its seeker
 * is paired is refused, 409): every seeker paired at most once,
 * every game of two seeks of the same clock, and nothing lost: a seeker
 * not paired still has both seeks listed. The pairing latency (from the
 * later of the two seeks' OK to the later PAIRED) is printed.
 */
void
test_seek_race(void **state)
{
	static struct tc *c[RACERS];
	static char sk[RACERS][2][16], game[RACERS][16];
	static long long ok_at[RACERS][2], paired_at[RACERS];
	static int npaired[RACERS], which[RACERS];
	long long lat[RACERS], quiet, end;
	struct pollfd pf[RACERS];
	int i, j, k, n, games = 0, unpaired = 0, listed;

	(void)state;
	for (i = 0; i < RACERS; i++) {
		tc_from = (127u << 24) | ((uint32_t)(100 + i) << 8) | 1;
		assert_non_null(c[i] = tc_hello(i % 2 ? port_b : port_a));
	}
	tc_from = 0;
	for (i = 0; i < RACERS; i++) {
		tc_send(c[i], "#a SEEK clock=61+0 name=r%d", i);
		tc_send(c[i], "#b SEEK clock=62+0 name=r%d", i);
	}
	quiet = end = tc_ms();
	end += 30000;
	while (tc_ms() < end && tc_ms() - quiet < 3000) {
		for (i = 0; i < RACERS; i++) {
			pf[i].fd = c[i]->fd;
			pf[i].events = POLLIN;
		}
		if (poll(pf, RACERS, 200) <= 0)
			continue;
		for (i = 0; i < RACERS; i++) {
			if (!(pf[i].revents & POLLIN))
				continue;
			while (tc_read(c[i], 1, false) == 1) {
				const char *l = c[i]->line;
				quiet = tc_ms();
				for (k = 0; k < 2; k++)
					if (strncmp(l, k ? "OK #b SEEK" :
					    "OK #a SEEK", 10) == 0) {
						tc_val(l, "seek", sk[i][k], 16);
						ok_at[i][k] = tc_ms();
					}
				if (strstr(l, " 0 PAIRED ") == NULL)
					continue;
				npaired[i]++;
				if (npaired[i] > 1)
					print_message("racer %d (seeks %s %s) "
					    "paired again: %s (first %s)\n", i,
					    sk[i][0], sk[i][1], l, game[i]);
				paired_at[i] = tc_ms();
				sscanf(l, "EV %15s", game[i]);
				/* (its first seek's OK came before) */
				which[i] = strstr(l, sk[i][0]) == NULL;
			}
		}
	}
	for (i = 0; i < RACERS; i++) {
		assert_true(npaired[i] <= 1);
		if (npaired[i] == 0) {
			unpaired++;
			continue;
		}
		for (j = 0, n = 0, k = i; j < RACERS; j++)
			if (npaired[j] == 1 && strcmp(game[j], game[i]) == 0) {
				n++;
				if (j != i)
					k = j;
			}
		assert_int_equal(n, 2);
		assert_int_equal(which[i], which[k]);   /* the same clock */
		if (i < k) {
			long long a = ok_at[i][which[i]], b = ok_at[k][which[k]];
			long long p = paired_at[i] > paired_at[k] ?
			    paired_at[i] : paired_at[k];
			lat[games++] = p - (a > b ? a : b);
		}
	}
	/* Nothing lost: the unpaired seekers' seeks are listed. */
	tc_ask(c[0], "OK #l SEEKS n=", "#l SEEKS");
	listed = atoi(strstr(c[0]->line, " n=") + 3);
	qsort(lat, (size_t)games, sizeof lat[0], cmp_ll);
	print_message("seek race: %d games from %d seekers, %d unpaired, %d "
	    "seeks listed; pairing latency p50 %lld ms, p99 %lld ms\n", games,
	    RACERS, unpaired, listed, games > 0 ? lat[games / 2] : -1LL,
	    games > 0 ? lat[games * 99 / 100] : -1LL);
	assert_int_equal(games * 2 + unpaired, RACERS);
	assert_int_equal(listed, unpaired * 2);
	assert_true(games >= RACERS / 2 - 1);
	for (i = 0; i < RACERS; i++)
		tc_free(c[i]);
}


void
account(struct tc *c, const char *name, char *key)
{
	tc_ask(c, "OK #r REGISTER", "#r REGISTER name=%s", name);
	tc_val(c->line, "key", key, 40);
	tc_ask(c, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
}

/* Both seek a rated 77+1 game on their servers and are paired: the game
 * into id, x's seat (0 white) returned. */
static int
rated_pair(struct tc *x, struct tc *y, char *id)
{
	char seat[8], idy[16];

	tc_ask(x, "OK #s SEEK", "#s SEEK clock=77+1 rated=yes");
	tc_ask(y, "OK #s SEEK", "#s SEEK clock=77+1 rated=yes");
	paired_next(x, " 0 PAIRED ", id, seat);
	paired_next(y, " 0 PAIRED ", idy, NULL);
	assert_string_equal(id, idy);
	return strcmp(seat, "white") == 0 ? 0 : 1;
}

/* key=value of a line as a number. */
static long
num(const char *line, const char *key)
{
	char v[32];

	tc_val(line, key, v, sizeof v);
	return atol(v);
}

/* The STATE after PAIRED on c: the players' ratings before the game (the
 * store thread read them with the game's commit, or the other server as
 * it took the seat). */
static void
state_ratings(struct tc *c, const struct rating *w, const struct rating *b)
{
	do
		assert_non_null(tc_wait(c, "EV ", T));
	while (strstr(c->line, " STATE ") == NULL);
	if (strstr(c->line, " rated=1 ") == NULL ||
	    num(c->line, "wrating") != rating_round(w->r) ||
	    num(c->line, "brating") != rating_round(b->r))
		fail_msg("STATE: %s (wanted wrating=%ld brating=%ld)", c->line,
		    rating_round(w->r), rating_round(b->r));
}

/*
 * Two accounts on two servers: registered on one, logged in on the other;
 * rated seeks paired across; a move taken back; a result whose ratings are
 * Glicko-2's (src/rating, the client's own reckoning) to the point; the
 * game in GAMES and RECORD; WHOIS; after enough games, TOP.
 */
void
test_rated_across(void **state)
{
	struct tc *x, *y, *p[2];
	char kx[40], ky[40], id[16], want[96];
	struct rating r[2], after[2];
	const char *l;
	int xs, g, k, n;

	(void)state;
	x = hello_from(port_a, 96);
	y = hello_from(port_b, 97);
	account(x, "xavier", kx);
	account(y, "yvonne", ky);
	/* At most 3 accounts a network an hour, on all servers together:
	 * two more from y's network on A, then a fourth on B is refused. */
	{
		struct tc *z;
		tc_from = (127u << 24) | (97u << 8) | 2;
		assert_non_null(z = tc_hello(port_a));
		tc_from = 0;
		tc_ask(z, "OK #r REGISTER", "#r REGISTER name=zed1");
		tc_ask(z, "OK #r2 REGISTER", "#r2 REGISTER name=zed2");
		tc_ask(y, "ERR #r3 429 RATE_LIMITED",
		    "#r3 REGISTER name=zed3");
		tc_free(z);
	}
	rating_init(&r[0]);
	rating_init(&r[1]);
	for (g = 0; g < 20; g++) {
		xs = rated_pair(x, y, id);
		p[xs] = x;
		p[1 - xs] = y;
		state_ratings(x, p[0] == x ? &r[0] : &r[1],
		    p[0] == x ? &r[1] : &r[0]);
		state_ratings(y, p[0] == x ? &r[0] : &r[1],
		    p[0] == x ? &r[1] : &r[0]);
		send_ok(p[0], "#m MOVE game=%s ply=0 move=c2c3", id);
		tc_send(p[1], "#m MOVE game=%s ply=1 move=c6c5", id);
		l = reply(p[1], "#m");
		if (strncmp(l, "OK ", 3) != 0)
			fail_msg("game %d, black's move: %s", g, l);
		if (g == 0) {
			/* White takes its first move back. */
			send_ok(p[0], "#t TAKEBACK game=%s action=offer", id);
			assert_non_null(ev2(p[1], id, " TAKEBACK action=offer "
			    "side=white"));
			send_ok(p[1], "#t TAKEBACK game=%s action=accept", id);
			assert_non_null(ev2(p[0], id, " UNDO ply=0 "));
			send_ok(p[0], "#m MOVE game=%s ply=0 move=d2d3", id);
			send_ok(p[1], "#m MOVE game=%s ply=1 move=c6c5", id);
		}
		/* x wins two games of three. */
		k = g % 3 == 2 ? (x == p[0] ? 0 : 1) : (x == p[0] ? 1 : 0);
		tc_send(p[k], "#g RESIGN game=%s", id);
		l = reply(p[k], "#g");
		assert_true(strncmp(l, "OK ", 3) == 0);
		l = ev2(p[k], id, " RESULT ");
		assert_non_null(l);
		/* The client's own Glicko-2, from the ratings before. */
		{
			struct rating w = p[0] == x ? r[0] : r[1];
			struct rating b = p[0] == x ? r[1] : r[0];
			struct rating w2, b2;
			assert_int_equal(rating_after_game(&w2, &b2, &w, &b,
			    k == 0 ? 0.0 : 1.0), 0);
			if (labs(num(l, "wrating") - rating_round(w2.r)) > 0 ||
			    labs(num(l, "brating") - rating_round(b2.r)) > 0)
				fail_msg("game %d: %s, Glicko-2 says %.1f %.1f",
				    g, l, w2.r, b2.r);
			after[p[0] == x ? 0 : 1] = w2;
			after[p[0] == x ? 1 : 0] = b2;
			snprintf(want, sizeof want, " wdiff=%+ld ",
			    rating_round(w2.r) - rating_round(w.r));
			assert_non_null(strstr(l, want));
		}
		r[0] = after[0];
		r[1] = after[1];
		/* (under the 20 commands a second of each connection) */
		usleep(400000);
		if (g == 0) {
			tc_ask(x, "OK #q GAMES n=1", "#q GAMES player=yvonne");
			assert_non_null(tc_wait(x, "ITEM #q game=", T));
			assert_non_null(strstr(x->line, id));
			assert_non_null(strstr(x->line, " rated=1 "));
			tc_ask(y, "OK #x RECORD", "#x RECORD game=%s", id);
			n = (int)num(y->line, "n");
			for (k = 0; k < n; k++) {
				assert_non_null(tc_wait(y, "ITEM #x :", T));
				/* each move with its clock (issue 62) */
				if (strncmp(y->line + 9, "1. ", 3) == 0)
					assert_non_null(strstr(y->line,
					    "1. d2d3 {[%clk "));
				if (strncmp(y->line + 9, "1. ", 3) == 0)
					assert_non_null(strstr(y->line,
					    "]} c6c5 {[%clk "));
			}
		}
	}
	print_message("after 20 rated games: xavier %.1f (RD %.1f), yvonne "
	    "%.1f (RD %.1f)\n", r[0].r, r[0].rd, r[1].r, r[1].rd);
	tc_ask(y, "OK #w WHOIS name=xavier", "#w WHOIS name=XAVIER");
	assert_non_null(strstr(y->line, " games=20 n=1"));
	assert_non_null(tc_wait(y, "ITEM #w variant=congo speed=bullet", T));
	assert_int_equal(num(y->line, "rating"), rating_round(r[0].r));
	snprintf(want, sizeof want, " provisional=%d",
	    rating_provisional(&r[0]) ? 1 : 0);
	assert_non_null(strstr(y->line, want));
	tc_ask(x, "OK #t TOP n=", "#t TOP variant=congo speed=bullet");
	if (!rating_provisional(&r[0])) {
		assert_non_null(tc_wait(x, "ITEM #t rank=1 name=xavier", T));
		assert_int_equal(num(x->line, "rating"), rating_round(r[0].r));
	}
	tc_free(x);
	tc_free(y);
}

/* No PAIRED on c within ms (a seek that must not be paired). */
static void
not_paired(struct tc *c, const char *who, int ms)
{
	long long end = tc_ms() + ms;

	while (tc_ms() < end) {
		if (tc_read(c, (int)(end - tc_ms()), false) != 1)
			continue;
		if (strstr(c->line, " 0 PAIRED ") != NULL)
			fail_msg("%s: paired with a dead server's seek: %s",
			    who, c->line);
	}
}

/* A seeker on B (from network 127.0.net.0/24) seeking clock is not
 * paired (with a dead server's seek) within 1.5 s; its seek withdrawn. */
static void
b_seeker_unpaired(unsigned net, const char *clock, const char *who)
{
	struct tc *x;
	char xs[16];

	x = hello_from(port_b, net);
	tc_send(x, "#s SEEK clock=%s name=x", clock);
	seek_of(x, xs, sizeof xs);
	not_paired(x, who, 1500);
	send_ok(x, "#u UNSEEK seek=%s", xs);
	tc_free(x);
}

/*
 * A seek of a server that is not alive in the database (a notice of a
 * server that never said it was alive there; as a server killed an
 * instant before B paired with its seek): B lists it (its notice has just
 * come), but B's pairing with it checks that server's last sign of life
 * in the same transaction and is refused; B's seeker is not paired into
 * a game nobody will play. Before, it was (its first 60 s lost).
 */
void
test_seek_dead_server(void **state)
{
	struct tc *w;

	(void)state;
	pg_ctl_needed();
	assert_non_null(w = tc_hello(port_b));
	assert_int_equal(pg_ctl("sql \"SELECT pg_notify('congo_presence', "
	    "'ZZZZZZZW seek GHOST234 ghost 0 12347:0 congo 76000 0 0 0 0 0 0 "
	    "0 0.000 1 %064d')\"", 0), 0);
	assert_true(seek_listed(w, "GHOST234"));
	b_seeker_unpaired(90, "76+0", "a seeker on B");
	tc_free(w);
}

/* Before A is killed: a seek there (its connection into *c, its id into
 * id), listed on B. */
void
ghost_seek_before(struct tc **c, char *id)
{
	struct tc *w;

	assert_non_null(*c = tc_hello(port_a));
	tc_send(*c, "#s SEEK clock=79+0 name=doomed");
	seek_of(*c, id, 16);
	assert_non_null(w = tc_hello(port_b));
	assert_true(seek_listed(w, id));
	tc_free(w);
}

/*
 * After A was killed (at killed, tc_ms): B's SEEKS stops listing A's seek
 * id within 3 s of A's last sign of life (before the kill), and a new
 * seeker on B is not paired with it. Before: listed for 15 s, and paired.
 * The slack is the time a SEEKS takes on this machine now (measured), and
 * a second for B's loop.
 */
void
ghost_seek_after(long long killed, const char *id)
{
	struct tc *w;
	bool listed = true, unused;
	long long t, rtt = 0, gone;

	assert_non_null(w = tc_hello(port_b));
	while (listed && tc_ms() - killed < 20000) {
		t = tc_ms();
		seeks_listed_now(w, id, &listed, id, &unused);
		if (tc_ms() - t > rtt)
			rtt = tc_ms() - t;
		if (listed)
			usleep(100000);     /* (20 commands a second at most) */
	}
	gone = tc_ms() - killed;
	print_message("a killed server's seek no longer listed on B %lld ms "
	    "after the kill (a SEEKS took up to %lld ms)\n", gone, rtt);
	assert_false(listed);
	if (gone > 3000 + rtt + 1000)
		fail_msg("listed %lld ms after the kill (3 s and %lld ms of "
		    "slack at most)", gone, rtt + 1000);
	b_seeker_unpaired(87, "79+0", "a seeker on B after the kill");
	tc_free(w);
}
