/*
 * test_net_corr_server.c: correspondence games on the real congo-server
 * (issue 36), days a second long (--day-length 1) and --notify-command
 * appending "event game player" to a file. On SQLite, one server; run by
 * tests/test_net_corr_pg.sh on test_net_pg.sh's throwaway PostgreSQL
 * (CONGO_PG_DIR), two servers sharing it, each player on its own. A player
 * away is told of the move to answer, once; the servers are killed (-9)
 * after an acknowledged move, stay down past the side to move's deadline,
 * and at their next start the game ends at once on time, once (one RESULT
 * stored, both players, away, told once), every acknowledged move kept; a
 * first move not made in time aborts the game; a challenge to an account
 * with no connection is told to it by the command, once, and taken a
 * (short) day later on the other server, its challenger then told of the
 * move to make, once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#include "test_net_tclient.h"
#include "test_iso.h"
#include "test_tmp.h"
#include "test_main.h"

#define T 5000                  /* ms to wait for an answer */

static char server_bin[1024];
static char dir[256], db[600], notified[300], cmd[600];
static char logfile[2][300], portstr[2][16];
static int port[2];
static pid_t server_pid[2] = { -1, -1 };
static int nserv = 1;           /* 2 on PostgreSQL */

/* The server of player k (0 or 1): the first or, on PostgreSQL, the
 * other. */
#define SERVER_OF(k) ((k) % nserv)

/* Server i started (--create: on a store that may be new). */
static void
spawn(int i, bool create)
{
	char *argv[] = { server_bin, "--port", portstr[i], "--bind",
		"127.0.0.1", "--db", db, "--max-per-address", "40",
		"--games-per-minute", "100", "--log-level", "debug",
		"--day-length", "1", "--notify-command", cmd,
		create ? "--create" : NULL, NULL };

	server_pid[i] = tc_spawn(logfile[i], argv);
	assert_true(server_pid[i] > 0);
}

/* Until server i answers. */
static void
answers(int i)
{
	long long end = tc_ms() + 10000;
	int fd;

	while ((fd = tc_dial(port[i], 0)) < 0) {
		assert_true(tc_ms() < end);
		assert_int_equal(waitpid(server_pid[i], NULL, WNOHANG), 0);
		usleep(20000);
	}
	close(fd);
}

/* Every server started on the store, all at once once it is made (the
 * first start makes it, on the first server alone: two making one
 * database's tables at once would clash). */
static void
start_servers(void)
{
	static bool made;
	int i;

	for (i = 0; i < nserv; i++)
		if (server_pid[i] > 0) {        /* (a test that failed) */
			kill(server_pid[i], SIGKILL);
			tc_reap(server_pid[i], 5000);
			server_pid[i] = -1;
		}
	if (!made) {
		spawn(0, true);
		answers(0);
		made = true;
	} else
		spawn(0, false);
	for (i = 1; i < nserv; i++)
		spawn(i, false);
	for (i = 0; i < nserv; i++)
		answers(i);
}

static void
kill_servers(void)
{
	int i, st;

	for (i = 0; i < nserv; i++)
		assert_int_equal(kill(server_pid[i], SIGKILL), 0);
	for (i = 0; i < nserv; i++) {
		st = tc_reap(server_pid[i], 5000);
		assert_true(WIFSIGNALED(st));
		server_pid[i] = -1;
	}
}

static int
group_setup(void **state)
{
	const char *b = getenv("CONGO_BUILDDIR"), *pg = getenv("CONGO_PG_DIR");
	int i;

	(void)state;
	snprintf(server_bin, sizeof server_bin, "%s/src/congo-server",
	    b != NULL ? b : ".");
	if (test_mkdtemp(dir, sizeof dir, "congo-corr") == NULL)
		return -1;
	if (pg != NULL) {
		/* test_net_pg.sh's cluster (its "cluster" mode). */
		snprintf(db, sizeof db, "postgresql:///congo?host=%s&user=congo",
		    pg);
		nserv = 2;
	} else
		snprintf(db, sizeof db, "%s/games.db", dir);
	snprintf(notified, sizeof notified, "%s/notified", dir);
	/* (It fails for eve: logged, never fatal.) */
	snprintf(cmd, sizeof cmd, "[ \"$CONGO_PLAYER\" != eve ] || exit 3; "
	    "printf '%%s %%s %%s\\n' \"$CONGO_EVENT\" \"$CONGO_GAME\" "
	    "\"$CONGO_PLAYER\" >> '%s'", notified);
	for (i = 0; i < nserv; i++) {
		snprintf(logfile[i], sizeof logfile[i], "%s/server%d.log", dir,
		    i);
		if ((port[i] = tc_free_port()) <= 0)
			return -1;
		snprintf(portstr[i], sizeof portstr[i], "%d", port[i]);
	}
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

static int
group_teardown(void **state)
{
	char rm[600];
	int i;

	(void)state;
	for (i = 0; i < nserv; i++)
		if (server_pid[i] > 0) {
			kill(server_pid[i], SIGKILL);
			tc_reap(server_pid[i], 5000);
		}
	if (getenv("CONGO_KEEP_TMP") != NULL) {
		fprintf(stderr, "kept %s\n", dir);
		return 0;
	}
	snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
	return system(rm) == 0 ? 0 : -1;
}

/* Each account from a network of its own (at most 3 registered a network
 * an hour, counted in the database on PostgreSQL). */
static uint32_t
net_of(const char *name)
{
	uint32_t h = 0;

	while (*name != '\0')
		h = h * 31 + (unsigned char)*name++;
	return (127u << 24) | ((40u + h % 200u) << 8) | 1;
}

/* A new connection to server k registered and logged in as name; its key
 * into key. */
static struct tc *
account(int k, const char *name, char *key)
{
	struct tc *c;
	const char *l;

	tc_from = net_of(name);
	c = tc_hello(port[SERVER_OF(k)]);
	tc_from = 0;
	assert_non_null(c);
	tc_send(c, "#r REGISTER name=%s", name);
	assert_non_null(l = tc_wait(c, "OK #r REGISTER", T));
	tc_val(l, "key", key, 40);
	tc_send(c, "#l LOGIN name=%s key=%s", name, key);
	assert_non_null(tc_wait(c, "OK #l LOGIN", T));
	return c;
}

static struct tc *
login(int k, const char *name, const char *key)
{
	struct tc *c;

	tc_from = net_of(name);
	c = tc_hello(port[SERVER_OF(k)]);
	tc_from = 0;
	assert_non_null(c);
	tc_send(c, "#l LOGIN name=%s key=%s", name, key);
	assert_non_null(tc_wait(c, "OK #l LOGIN", T));
	return c;
}

/* The notify file's text (up to n bytes), "" when there is none. */
static const char *
notices(char *buf, size_t n)
{
	FILE *fp = fopen(notified, "r");
	size_t k = 0;

	buf[0] = '\0';
	if (fp != NULL) {
		k = fread(buf, 1, n - 1, fp);
		fclose(fp);
	}
	buf[k] = '\0';
	return buf;
}

/* Wait until the notify file holds want (up to T ms). */
static const char *
wait_notices(const char *want, char *buf, size_t n)
{
	long long end = tc_ms() + T;

	while (strcmp(notices(buf, n), want) != 0 && tc_ms() < end)
		usleep(20000);
	return buf;
}

static long long
wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Until game id's STATE on c shows kv (" bpresent=1 "), within T: what
 * the other server holds is known here by its notice, a moment later. */
static void
state_shows(struct tc *c, const char *id, const char *kv)
{
	long long end = tc_ms() + T;
	const char *l;

	for (;;) {
		tc_send(c, "#p STATE game=%s", id);
		assert_non_null(tc_wait(c, "OK #p STATE", T));
		assert_non_null(l = tc_wait(c, "EV ", T));
		while (strstr(l, " STATE ") == NULL)
			assert_non_null(l = tc_wait(c, "EV ", T));
		if (strstr(l, kv) != NULL)
			return;
		assert_true(tc_ms() < end);
		usleep(20000);
	}
}

/* tc_results, asked again until the game's end has reached that
 * server (within T): the RESULTs its replay holds. */
static int
results_soon(int p, const char *id, const char *tok)
{
	long long end = tc_ms() + T;
	int n;

	while ((n = tc_results(p, id, tok)) == 0 && tc_ms() < end)
		usleep(50000);
	return n;
}

/* A game of days days a move that a creates as White and b joins as
 * Black: its id into id (16 bytes), the seats' tokens into tw and tb (40
 * bytes; NULL: not wanted). */
static void
corr_game(struct tc *a, struct tc *b, int days, char *id, char *tw,
    char *tb)
{
	const char *l;

	tc_send(a, "#c CREATE seat=white days=%d", days);
	assert_non_null(l = tc_wait(a, "OK #c CREATE", T));
	tc_val(l, "game", id, 16);
	if (tw != NULL)
		tc_val(l, "token", tw, 40);
	tc_send(b, "#j JOIN game=%s seat=black", id);
	assert_non_null(l = tc_wait(b, "OK #j JOIN", T));
	if (tb != NULL)
		tc_val(l, "token", tb, 40);
}

static void
test_down_past_deadline(void **state)
{
	struct tc *a, *b;
	char akey[40], bkey[40], id[16], tw[40], tb[40], v[40], buf[512];
	char want[256];
	const char *l;
	long long deadline, end;

	(void)state;
	start_servers();
	a = account(0, "ann", akey);
	b = account(1, "bob", bkey);
	corr_game(a, b, 7, id, tw, tb);
	state_shows(a, id, " bpresent=1 ");
	tc_send(a, "#m0 MOVE game=%s ply=0 move=c2c3", id);
	assert_non_null(tc_wait(a, "OK #m0 MOVE", T));
	tc_send(b, "#m1 MOVE game=%s ply=1 move=c6c5", id);
	assert_non_null(tc_wait(b, "OK #m1 MOVE", T));
	assert_non_null(tc_wait(a, "EV ", T));   /* (ann has bob's move) */
	while (strstr(a->line, " MOVE ply=1 ") == NULL)
		assert_non_null(tc_wait(a, "EV ", T));
	assert_string_equal(notices(buf, sizeof buf), "");   /* both here */
	tc_free(b);                       /* bob goes: told of ann's move */
	/* (Once ann's server knows he went: on PostgreSQL, the other's
	 * notice.) */
	assert_non_null(l = tc_wait(a, "EV ", T));
	while (strstr(l, " PRESENCE seat=black state=gone") == NULL)
		assert_non_null(l = tc_wait(a, "EV ", T));
	tc_send(a, "#m2 MOVE game=%s ply=2 move=d2d3", id);
	assert_non_null(tc_wait(a, "OK #m2 MOVE", T));
	snprintf(want, sizeof want, "move %s bob\n", id);
	assert_string_equal(wait_notices(want, buf, sizeof buf), want);
	tc_send(a, "#s STATE game=%s", id);
	assert_non_null(tc_wait(a, "OK #s STATE", T));
	assert_non_null(l = tc_wait(a, "EV ", T));
	assert_non_null(strstr(l, " days=7 deadline="));
	deadline = test_iso_ms(tc_val(l, "deadline", v, sizeof v));
	tc_free(a);
	kill_servers();

	/* Down until bob's deadline has passed. */
	while (wall_ms() < deadline + 1000)
		usleep(100000);
	start_servers();
	a = login(0, "ann", akey);
	/* Ended at the start: the end is being stored as the servers start
	 * answering, so STATE says so within moments. */
	end = tc_ms() + T;
	for (;;) {
		tc_send(a, "#s STATE game=%s", id);
		/* (the game's first answer waits for that end, which two
		 * servers started together on PostgreSQL both store: one
		 * refused as a conflict, its game read again. On a loaded
		 * machine that took over T twice in five runs.) */
		assert_non_null(tc_wait(a, "OK #s STATE", 3 * T));
		assert_non_null(l = tc_wait(a, "EV ", T));
		if (strstr(l, " status=finished ") != NULL || tc_ms() > end)
			break;
		usleep(20000);
	}
	assert_non_null(strstr(l, " ply=3 "));     /* every move kept */
	assert_non_null(strstr(l, " status=finished result=1-0 "
	    "reason=time"));
	/* Once, on one server: one RESULT stored, as each server sees it
	 * (the other server learns of the end from the store: soon, not at
	 * once). */
	assert_int_equal(results_soon(port[SERVER_OF(0)], id, tw), 1);
	assert_int_equal(results_soon(port[SERVER_OF(1)], id, tb), 1);
	/* Both were away when it ended: each told once, by the server that
	 * stored the end. */
	snprintf(want, sizeof want, "move %s bob\nresult %s ann\nresult %s "
	    "bob\n", id, id, id);
	assert_string_equal(wait_notices(want, buf, sizeof buf), want);
	tc_free(a);
	kill_servers();
}

/* Does a server's log hold text (within T)? */
static bool
logged(const char *text)
{
	long long end = tc_ms() + T;
	char line[4096];
	bool found;
	FILE *fp;
	int i;

	/* The whole log, a line at a time: a server's log outgrows any one
	 * buffer (the first 64 KB of it was read before, and a line past
	 * them was never found). */
	do {
		for (i = 0; i < nserv; i++) {
			if ((fp = fopen(logfile[i], "r")) == NULL)
				continue;
			found = false;
			while (!found && fgets(line, sizeof line, fp) != NULL)
				found = strstr(line, text) != NULL;
			fclose(fp);
			if (found)
				return true;
		}
		usleep(20000);
	} while (tc_ms() < end);
	return false;
}

/* Nobody moves in the first day: aborted, the players there told; eve,
 * gone, is to be told by a command that fails: logged, the server goes
 * on. */
static void
test_first_move_aborts(void **state)
{
	struct tc *a, *b;
	char akey[40], bkey[40], id[16];
	const char *l;

	(void)state;
	start_servers();
	a = account(0, "dan", akey);
	b = account(1, "eve", bkey);
	corr_game(a, b, 1, id, NULL, NULL);
	tc_free(b);
	assert_non_null(l = tc_wait(a, "EV ", T + 2000));
	while (strstr(l, " RESULT ") == NULL)
		assert_non_null(l = tc_wait(a, "EV ", T));
	assert_non_null(strstr(l, " RESULT result=- reason=cancelled"));
	assert_true(logged("notify-command for eve"));
	assert_true(logged("failed: exit status 3"));
	tc_send(a, "#s STATE game=%s", id);
	assert_non_null(tc_wait(a, "OK #s STATE", T));
	tc_free(a);
	kill_servers();
}

/*
 * fay challenges gus, who has no connection: the command tells gus, once
 * (on PostgreSQL the other server, told of the challenge, says nothing).
 * fay leaves. A (short) day later gus logs in on the other server, is told
 * of it and takes it; fay, away, is told of the move she has to make,
 * once. She comes back from another address, takes her seat by her
 * account and moves.
 */
static void
test_challenge_notified(void **state)
{
	struct tc *a, *b;
	char akey[40], bkey[40], id[16], buf[512], want[256];
	const char *l;
	long long made;

	(void)state;
	unlink(notified);               /* (the tests before's) */
	start_servers();
	a = account(0, "fay", akey);
	b = account(1, "gus", bkey);
	tc_free(b);
	tc_send(a, "#c CHALLENGE name=gus days=3 color=white");
	assert_non_null(l = tc_wait(a, "OK #c CHALLENGE game=", T));
	made = wall_ms();
	tc_val(l, "game", id, sizeof id);
	tc_free(a);
	snprintf(want, sizeof want, "challenge %s gus\n", id);
	assert_string_equal(wait_notices(want, buf, sizeof buf), want);
	/* The next day. */
	while (wall_ms() < made + 1500)
		usleep(50000);
	b = login(1, "gus", bkey);
	snprintf(want, sizeof want, "EV %s 0 CHALLENGED from=fay ", id);
	assert_non_null(l = tc_wait(b, want, T));
	assert_non_null(strstr(l, " days=3 rated=no seat=black"));
	tc_send(b, "#j JOIN game=%s seat=black", id);
	assert_non_null(tc_wait(b, "OK #j JOIN", T));
	snprintf(want, sizeof want, "challenge %s gus\nmove %s fay\n", id, id);
	assert_string_equal(wait_notices(want, buf, sizeof buf), want);
	a = login(0, "fay", akey);
	tc_send(a, "#r REJOIN game=%s", id);
	assert_non_null(tc_wait(a, "OK #r REJOIN", T));
	tc_send(a, "#m MOVE game=%s ply=0 move=c2c3", id);
	assert_non_null(tc_wait(a, "OK #m MOVE", T));
	assert_non_null(l = tc_wait(b, "EV ", T));
	while (strstr(l, " MOVE ply=0 ") == NULL)
		assert_non_null(l = tc_wait(b, "EV ", T));
	/* Nothing more was said (gus is here). */
	assert_string_equal(notices(buf, sizeof buf), want);
	tc_free(a);
	tc_free(b);
	kill_servers();
}

TEST_MAIN(group_setup, group_teardown,
	cmocka_unit_test(test_down_past_deadline),
	cmocka_unit_test(test_first_move_aborts),
	cmocka_unit_test(test_challenge_notified))
