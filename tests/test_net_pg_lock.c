/*
 * test_net_pg_lock.c: the servers while every table is locked by another
 * session, a server that hears another's news late and reads it off its
 * event loop, a game with nobody at it leaving a server's memory, and a
 * seat handed over while the lock of notifying commits is held, and
 * commits whose answers are lost with their connections.
 */
#include "test_net_pg.h"

/*
 * Every table of the database locked by another session for 3 s (LOCK
 * TABLE ... ACCESS EXCLUSIVE): both servers answer PING at once and STATE
 * of a game in memory at once (the count of a CREATE here gives up on the
 * lock after 25 ms); a MOVE waits for the lock and is stored when it goes,
 * and the other server's player sees it; LIST and TOP, read off the event
 * loop, wait for the lock too and are answered when it goes.
 */
void
test_tables_locked(void **state)
{
	char id[16];
	struct tc *w, *b, *pa, *pb, *cr, *rd;
	long long t0, worst = 0, d;
	const char *l, *t;
	int i;

	(void)state;
	pg_ctl_needed();
	w = hello_from(port_a, 94);
	b = hello_from(port_b, 94);
	pa = hello_from(port_a, 94);
	pb = hello_from(port_b, 94);
	cr = hello_from(port_a, 95);
	rd = hello_from(port_b, 95);
	new_game(w, "lw", b, "lb", "", id);
	tc_send(w, "#m0 MOVE game=%s ply=0 move=c2c3", id);
	assert_true(strncmp(reply(w, "#m0"), "OK ", 3) == 0);
	tc_ask(pa, "OK #o", "#o OBSERVE game=%s", id);
	tc_ask(pb, "OK #o", "#o OBSERVE game=%s", id);
	assert_int_equal(pg_ctl("lock 3"), 0);
	t0 = tc_ms();
	/* Black's move waits for the lock; so does a new game (its count
	 * of games a minute, in a locked table, gives up at once: this
	 * server's own count holds). */
	tc_send(b, "#m1 MOVE game=%s ply=1 move=c6c5", id);
	tc_send(cr, "#n CREATE seat=white name=lw2");
	tc_send(rd, "#l LIST limit=3");
	tc_send(rd, "#t TOP speed=blitz");
	for (i = 0; i < 10; i++) {
		struct tc *x = i % 2 ? pb : pa;
		long long t = tc_ms();
		char tag[16];
		tc_ask(x, "PONG ", "PING x%d", i);
		snprintf(tag, sizeof tag, "#s%d", i);
		tc_send(x, "%s STATE game=%s", tag, id);
		l = reply(x, tag);
		assert_true(strncmp(l, "OK ", 3) == 0);
		d = tc_ms() - t;
		if (d > worst)
			worst = d;
		usleep(100000);
	}
	print_message("tables locked: the slowest PING and STATE took %lld "
	    "ms (the lock held %lld ms so far)\n", worst, tc_ms() - t0);
	/* (a loop waiting on the lock: 3 s; room for a busy machine) */
	assert_true(worst < 1000);
	/* (the lock's 3 s and the commit: a busy machine's room) */
	l = reply_within(b, "#m1", 20000);
	print_message("the move stored %lld ms after the lock was taken: %s\n",
	    tc_ms() - t0, l);
	assert_true(strncmp(l, "OK ", 3) == 0);
	l = reply_within(rd, "#l", 20000);
	print_message("a LIST in the lock: %lld ms after the lock was taken: "
	    "%s\n", tc_ms() - t0, l);
	assert_true(strncmp(l, "OK #l LIST", 10) == 0);
	l = reply(rd, "#t");
	assert_true(strncmp(l, "OK #t TOP", 9) == 0);
	l = reply(cr, "#n");
	/* (said without its seat's token: no secret in a log) */
	t = strstr(l, " token=");
	print_message("a CREATE in the lock: %.*s%s\n", t != NULL ?
	    (int)(t - l) : (int)strlen(l), l, t != NULL ? " token=(kept)" :
	    "");
	assert_true(strncmp(l, "OK #n CREATE", 12) == 0 ||
	    strstr(l, " 503 BUSY") != NULL);
	assert_non_null(ev2(w, id, " MOVE ply=1 side=black "));
	tc_ask(w, "OK #g RESIGN", "#g RESIGN game=%s", id);
	tc_free(w);
	tc_free(b);
	tc_free(pa);
	tc_free(pb);
	tc_free(cr);
	tc_free(rd);
}

/*
 * What another server stored, read off the event loop. Server C reads
 * every notice from the tables and its reads take 1.5 s more (test hooks),
 * so after White's move on A it still has the game at ply 2 for a while;
 * every table is then locked. Black's
 * MOVE for ply 2 on C makes C read the game's news (sess_store_newer): the
 * read waits for the lock on C's reader thread while C answers PING and
 * STATE at once, and the move is stored when the lock goes. (A read on
 * the event loop gave up on the lock after 25 ms and answered 412.)
 */
void
test_news_off_loop(void **state)
{
	char id[16], tag[16];
	struct tc *w, *b, *p;
	long long t0, worst = 0, d;
	const char *l;
	int i;

	(void)state;
	pg_ctl_needed();
	if (port_c == 0)
		skip();
	w = hello_from(port_a, 96);
	b = hello_from(port_c, 96);
	p = hello_from(port_c, 96);
	new_game(w, "nw", b, "nb", "", id);
	send_ok(w, "#m0 MOVE game=%s ply=0 move=c2c3", id);
	send_ok(b, "#m1 MOVE game=%s ply=1 move=c6c5", id);
	send_ok(w, "#m2 MOVE game=%s ply=2 move=c3c4", id);
	assert_int_equal(pg_ctl("lock 3"), 0);
	t0 = tc_ms();
	tc_send(b, "#m3 MOVE game=%s ply=3 move=d6d5", id);
	for (i = 0; i < 6; i++) {
		long long t = tc_ms();
		tc_ask(p, "PONG ", "PING n%d", i);
		snprintf(tag, sizeof tag, "#s%d", i);
		tc_send(p, "%s STATE game=%s", tag, id);
		ok(p, tag);
		d = tc_ms() - t;
		if (d > worst)
			worst = d;
		usleep(100000);
	}
	print_message("news read in a lock: the slowest PING and STATE on "
	    "the server reading took %lld ms\n", worst);
	/* (a loop waiting on the lock: 3 s; room for a busy machine) */
	assert_true(worst < 1000);
	/* (the lock's 3 s, C's read 1.5 s more, its commit 0.8 s more:
	 * 5.3 s by design; room for a busy machine) */
	l = reply_within(b, "#m3", 20000);
	print_message("the move on the server behind: %lld ms after the lock "
	    "was taken: %s\n", tc_ms() - t0, l);
	assert_true(strncmp(l, "OK ", 3) == 0);
	assert_non_null(ev2(w, id, " MOVE ply=3 side=black "));
	send_ok(w, "#g RESIGN game=%s", id);
	tc_free(w);
	tc_free(b);
	tc_free(p);
}

bool
log_says(const char *path, const char *text, long long ms)
{
	long long end = tc_ms() + ms;
	char line[1024];
	FILE *f;

	do {
		if ((f = fopen(path, "r")) != NULL) {
			while (fgets(line, sizeof line, f) != NULL)
				if (strstr(line, text) != NULL) {
					fclose(f);
					return true;
				}
			fclose(f);
		}
		usleep(100000);
	} while (tc_ms() < end);
	return false;
}

/*
 * A game being played leaves the memory of a server where nobody is at it
 * (B: after 2 s in this test) while another server (A) holds its seats;
 * the game goes on there, and B reads it again, as it is, when asked.
 */
void
test_idle_game_leaves(void **state)
{
	const char *log = getenv("CONGO_PG_LOG_B");
	struct tc *w, *b, *o;
	char id[16], text[96];

	(void)state;
#ifndef CONGO_TEST_HOOKS
	/* (B's 2 s is a test build's hook: 60 s in others) */
	print_message("test_idle_game_leaves: skipped, needs configure "
	    "--enable-test-hooks\n");
	skip();
#endif
	if (log == NULL)
		skip();
	w = hello_from(port_a, 98);
	b = hello_from(port_a, 98);
	o = hello_from(port_b, 98);
	new_game(w, "iw", b, "ib", "clock=300+0", id);
	send_ok(w, "#m0 MOVE game=%s ply=0 move=c2c3", id);
	/* Watched on B, then not. */
	send_ok(o, "#o OBSERVE game=%s", id);
	assert_non_null(ev2(o, id, " STATE "));
	tc_free(o);
	snprintf(text, sizeof text, "game %s leaves memory", id);
	if (!log_says(log, text, 3 * T))
		fail_msg("B kept game %s", id);
	/* Played on meanwhile on A; B reads it as it is now. */
	send_ok(b, "#m1 MOVE game=%s ply=1 move=c6c5", id);
	send_ok(w, "#m2 MOVE game=%s ply=2 move=c3c4", id);
	o = hello_from(port_b, 98);
	send_ok(o, "#o OBSERVE game=%s", id);
	assert_non_null(ev2(o, id, " STATE "));
	assert_non_null(strstr(o->line, " ply=3 "));
	assert_non_null(strstr(o->line, " status=active "));
	/* And follows it again. */
	send_ok(b, "#m3 MOVE game=%s ply=3 move=c5c4", id);
	assert_non_null(ev2(o, id, " MOVE ply=3 side=black "));
	send_ok(w, "#g RESIGN game=%s", id);
	tc_free(w);
	tc_free(b);
	tc_free(o);
}

/* Within T, a backend that waits (wait: a condition on pg_stat_activity)
 * with a query like %like%: true once there is one (count: what is counted
 * of them, "*", or "pg_cancel_backend(pid)" to cancel them too). */
static bool
waiter(const char *count, const char *wait, const char *like)
{
	long long t0 = tc_ms();

	while (pg_ctl("sql \"SELECT 1 / count(%s) FROM pg_stat_activity WHERE "
	    "%s AND query LIKE '%%%s%%'\"", count, wait, like) != 0) {
		if (tc_ms() - t0 >= T)
			return false;
		usleep(20000);
	}
	return true;
}

/* The same of a backend waiting on a lock. */
static bool
lock_waiter(const char *count, const char *like)
{
	return waiter(count, "wait_event_type = 'Lock'", like);
}

/*
 * The lock every commit that notifies takes in turn, held for 3 s by
 * another session's commit (as a slow disk's sync holds it a moment on a
 * busy machine) when Black, playing on B, leaves: B's notice of that
 * waits for the lock (cancelled meanwhile, it is sent again) and A hears
 * it (White there gets PRESENCE state=gone). (The notice gave up on the
 * lock after 25 ms, lost with its batch: A never heard it, and a REJOIN's
 * taking so told was held on both servers.) Then White takes its seat on
 * B: A's connection is replaced and B's holds it.
 */
void
test_presence_notify_lock(void **state)
{
	char id[16], tw[40];
	struct tc *w, *b, *w2;
	long long t0;

	(void)state;
	pg_ctl_needed();
	w = hello_from(port_a, 99);
	b = hello_from(port_b, 99);
	new_game_tok(w, "nw", b, "nb", "", id, tw, NULL);
	/* Each server has heard of the other's seat. */
	assert_true(state_shows(w, id, " bpresent=1 "));
	assert_true(state_shows(b, id, " wpresent=1 "));
	assert_int_equal(pg_ctl("notifylock 3"), 0);
	t0 = tc_ms();
	tc_free(b);
	/* The batches of notices waiting for the lock (B's with the
	 * leaving) are cancelled once, as an administrator might: each is
	 * sent again. */
	assert_true(lock_waiter("pg_cancel_backend(pid)", "congo_presence"));
	print_message("cancelled %lld ms after the lock was taken\n",
	    tc_ms() - t0);
	assert_non_null(ev2(w, id, " PRESENCE seat=black state=gone"));
	print_message("gone on A %lld ms after the lock was taken\n",
	    tc_ms() - t0);
	assert_true(state_shows(w, id, " bpresent=0 "));
	/* White takes its seat on B: A hands it over, B holds it. */
	assert_non_null(w2 = tc_hello(port_b));
	tc_ask(w2, "OK #r REJOIN", "#r REJOIN game=%s token=%s", id, tw);
	assert_non_null(ev2(w, id, " PRESENCE seat=white state=replaced"));
	assert_true(state_shows(w, id, " wpresent=1 "));
	tc_ask(w2, "OK #g RESIGN", "#g RESIGN game=%s", id);
	tc_free(w);
	tc_free(w2);
}

/* c's connection closed by the server (within its 6 s of asking the
 * database, and 2 T) with no answer to the command of tag. */
static void
closed_unanswered(struct tc *c, const char *tag)
{
	char ok[40], err[40];
	int r;

	snprintf(ok, sizeof ok, "OK %s ", tag);
	snprintf(err, sizeof err, "ERR %s ", tag);
	while ((r = tc_read(c, 6000 + 2 * T, false)) == 1)
		if (strncmp(c->line, ok, strlen(ok)) == 0 ||
		    strncmp(c->line, err, strlen(err)) == 0)
			fail_msg("answered while its outcome is not known: %s",
			    c->line);
	assert_int_equal(r, 0);
}

/*
 * A commit whose answer is lost with its connection while the database
 * stays away longer than the server asks it (store_pg_lost.c: 6 s): the
 * server cannot say whether the move was stored, so it sends no ERR (an
 * ERR says nothing changed) and closes the connection, as if it had died.
 * The player comes back with REJOIN since= and sends the move again,
 * which the ply makes harmless. Here Black's move waits on locked tables
 * when the database stops (its transaction rolled back): sent again, it
 * is stored once. The database stops at once, as in a crash (pg_ctl -m
 * immediate): a fast stop ended the lock's holder first, now and then
 * early enough for the move's commit to go through before its own backend
 * ended (then answered OK, rightly), and the test failed.
 */
void
test_commit_unknown(void **state)
{
	char id[16], tb[40], seq[16];
	struct tc *w, *b, *b2;
	long long t0;

	(void)state;
	pg_ctl_needed();
	w = hello_from(port_a, 170);
	b = hello_from(port_a, 170);
	new_game_tok(w, "uw", b, "ub", "", id, NULL, tb);
	tc_ask(w, "OK #m0 MOVE", "#m0 MOVE game=%s ply=0 move=c2c3", id);
	tc_val(w->line, "seq", seq, sizeof seq);
	assert_int_equal(pg_ctl("lock 60"), 0);
	tc_send(b, "#m1 MOVE game=%s ply=1 move=c6c5", id);
	assert_true(lock_waiter("*", "congo_put"));
	assert_int_equal(pg_ctl("crash"), 0);
	t0 = tc_ms();
	/* No answer to the move: the connection closes. */
	closed_unanswered(b, "#m1");
	print_message("closed %lld ms after the database stopped\n",
	    tc_ms() - t0);
	assert_int_equal(pg_ctl("start"), 0);
	/* Back, and the move sent again: stored once, and soon. The store
	 * thread had backed off for seconds while it asked (5 s: moves were
	 * refused that long after the database was back); now 1 s at most,
	 * and at once when another connection is made again. */
	b2 = hello_from(port_a, 170);
	for (t0 = tc_ms(); tc_ms() - t0 < 3 * T; usleep(200000)) {
		tc_send(b2, "#r REJOIN game=%s token=%s since=%s", id, tb, seq);
		if (strncmp(reply(b2, "#r"), "OK ", 3) == 0)
			break;
	}
	move_through(b2, id, 1, "c6c5");
	print_message("stored %lld ms after the database was back\n",
	    tc_ms() - t0);
	assert_true(tc_ms() - t0 < 3000);
	tc_ask(w, "OK #h HISTORY", "#h HISTORY game=%s", id);
	assert_non_null(strstr(w->line, " n=2"));
	tc_ask(w, "OK #g RESIGN", "#g RESIGN game=%s", id);
	tc_free(w);
	tc_free(b);
	tc_free(b2);
}

/* c's command line (tag #t), its commit held by another session's
 * transaction that did hold_sql, the commit's backend then ended, the
 * other session next: its answer, which must begin with want. */
static const char *
answer_lost(struct tc *c, const char *hold_sql, const char *line,
    const char *want)
{
	const char *l;

	assert_int_equal(pg_ctl("hold 60 \"%s\"", hold_sql), 0);
	tc_send(c, "#t %s", line);
	assert_true(lock_waiter("*", "congo_put"));
	assert_true(lock_waiter("pg_terminate_backend(pid, 5000)",
	    "congo_put"));
	assert_int_equal(pg_ctl("release"), 0);
	l = reply(c, "#t");
	if (strncmp(l, want, strlen(want)) != 0)
		fail_msg("%s after its commit's answer was lost: %s", line, l);
	return l;
}

/*
 * A REGISTER whose commit's answer is lost with its connection while the
 * database stays up: its INSERT waits on another session's uncommitted
 * row of the same name (a row lock: reads go on), and that waiting backend
 * is ended (pg_terminate_backend, as an administrator or a crash of that
 * backend would). A REGISTER has no event to look for; it names a row
 * (the account it adds, with its key's hash). So the server asks on a
 * new connection, finds it not stored, sends it again once the other
 * session is gone (release), and answers OK with the key, which logs in on
 * the other server. (Before, it could not tell, closed the connection and
 * answered nothing, though it might have stored the account: a name taken
 * with a key nobody had.) So too a CREATE without a seat, by its game's
 * row.
 */
void
test_register_lost(void **state)
{
	struct tc *a, *b;
	char key[40], id[16];

	(void)state;
	pg_ctl_needed();
	a = hello_from(port_a, 171);
	tc_val(answer_lost(a, "INSERT INTO accounts(lname, name, keyhash, "
	    "created) VALUES ('lostreg', 'LostReg', 'x', 0)",
	    "REGISTER name=LostReg", "OK #t REGISTER name=LostReg key="),
	    "key", key, sizeof key);
	b = hello_from(port_b, 171);
	/* (503 BUSY says try again: server b's own store connection may be
	 * the one made again just then, on a loaded machine) */
	for (int i = 0;; i++) {
		const char *l;

		tc_send(b, "#l LOGIN name=lostreg key=%s", key);
		l = reply(b, "#l");
		if (strncmp(l, "OK ", 3) == 0)
			break;
		if (i == 5 || strncmp(l, "ERR #l 503 ", 11) != 0)
			fail_msg("#l: %s", l);
		usleep(200000);
	}
	/* A CREATE without a seat has no event either: its game's row
	 * (inserts into games wait on a SHARE lock; reads go on). */
	tc_val(answer_lost(a, "LOCK TABLE games IN SHARE MODE", "CREATE",
	    "OK #t CREATE game="), "game", id, sizeof id);
	send_ok(b, "#j JOIN game=%s seat=black", id);
	send_ok(a, "#x CANCEL game=%s", id);
	tc_free(a);
	tc_free(b);
}

/*
 * A REGISTER stored, its answer lost, and the database away longer than
 * the server asks (6 s): nobody can say it was stored, so nobody was told
 * the key, and the name would be taken for good. The commit is made to
 * wait for a synchronous standby that never comes (stored, its answer not
 * yet sent) and the database then stops as in a crash: the connection is
 * closed unanswered. Once the database is back the server deletes that
 * account (sess_forget.c): the name can be registered again. (Before:
 * 409 NAME_TAKEN for good.) The REGISTER first waits on another
 * session's row of the same name, so that its reads and count are done
 * before commits wait for the standby.
 */
void
test_register_forgotten(void **state)
{
	struct tc *a, *b;
	long long t0;
	const char *l;

	(void)state;
	pg_ctl_needed();
	a = hello_from(port_a, 172);
	assert_int_equal(pg_ctl("hold 60 \"INSERT INTO accounts(lname, name, "
	    "keyhash, created) VALUES ('forgetme', 'ForgetMe', 'x', 0)\""), 0);
	tc_send(a, "#r REGISTER name=ForgetMe");
	assert_true(lock_waiter("*", "congo_put"));
	assert_int_equal(pg_ctl("nosync"), 0);
	assert_int_equal(pg_ctl("release"), 0);
	/* (its batch's last statement, which waits: statements are sent
	 * one by one in pipeline mode) */
	assert_true(waiter("*", "wait_event = 'SyncRep'", "COMMIT"));
	assert_int_equal(pg_ctl("crash"), 0);
	closed_unanswered(a, "#r");
	assert_int_equal(pg_ctl("tidy"), 0);
	/* The account goes within seconds; then the name is free. */
	b = hello_from(port_b, 173);
	for (t0 = tc_ms();; usleep(200000)) {
		tc_send(b, "#w WHOIS name=ForgetMe");
		l = reply(b, "#w");
		if (strstr(l, " 404 NO_SUCH_PLAYER") != NULL)
			break;
		if (tc_ms() - t0 >= 3 * T)
			fail_msg("the account whose key reached nobody is "
			    "still there: %s", l);
	}
	print_message("gone %lld ms after the database was back\n",
	    tc_ms() - t0);
	tc_ask(b, "OK #r REGISTER name=ForgetMe key=",
	    "#r REGISTER name=ForgetMe");
	tc_free(a);
	tc_free(b);
}
