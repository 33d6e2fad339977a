/*
 * test_net_challenge.c: challenges to a named account (issue 36,
 * PROTOCOL.md CHALLENGE, CHALLENGES), driven through the session on an
 * SQLite store: a challenge to an offline account is told at its LOGIN,
 * taken by its JOIN only and played; declined (reason=declined); withdrawn;
 * expired by its timer; at most 10 an account; kept across a restart.
 */
#include <unistd.h>

#include "test_net_util.h"
#include "test_main.h"

static void
login(struct t_fake *f, int conn, const char *addr, const char *name,
    const char *key)
{
	t_hello(f, conn, addr);
	t_ask(f, conn, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
}

/* ann (conn 0) challenges bob: the game's id. */
static void
challenge(struct t_fake *f, const char *words, char *id)
{
	const char *l;

	l = t_ask(f, 0, "OK #c CHALLENGE game=", "#c CHALLENGE name=bob %s",
	    words);
	assert_non_null(strstr(l, " token="));
	t_val(l, "game", id, 16);
	t_drain(f, 0);
}

/* A session on the test's database: a new one, or after a restart. */
static struct t_fake *
new_session(long long expire_ms, bool restart)
{
	struct sess_limits lim = t_limits;

	lim.games_per_minute = 100;
	lim.expire_ms = expire_ms;
	return restart ? t_db_restart(&lim) : t_db_new(&lim);
}

/* bob offline: ann's challenge waits for his LOGIN; carl may not take it;
 * bob's JOIN does, and the game is played. Told at once when bob is on. */
static void
test_offline_accept(void **state)
{
	struct t_fake *f = new_session(0, false);
	char ka[40], kb[40], kc[40], id[16], id2[16], want[128];
	const char *l;

	(void)state;
	t_account(f, 0, "10.0.0.1", "ann", ka);
	t_account(f, 1, "10.0.1.1", "bob", kb);
	t_account(f, 2, "10.0.2.1", "carl", kc);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);

	challenge(f, "clock=300+5 color=white rated=yes", id);
	t_nothing(f, 2);
	t_ask(f, 0, "ERR #x 404 NO_SUCH_PLAYER",
	    "#x CHALLENGE name=nobody clock=300+5");
	t_ask(f, 0, "ERR #x 409 SAME_PLAYER",
	    "#x CHALLENGE name=ann clock=300+5");
	t_ask(f, 0, "ERR #x 400 BAD_SYNTAX", "#x CHALLENGE name=bob days=4");
	t_ask(f, 0, "ERR #x 400 BAD_SYNTAX",
	    "#x CHALLENGE name=bob clock=300+5 color=green");
	t_ask(f, 2, "ERR #j 403 NOT_YOUR_SEAT", "#j JOIN game=%s seat=black",
	    id);

	login(f, 1, "10.0.1.1", "bob", kb);
	l = t_expect(f, 1, "EV ");
	snprintf(want, sizeof want, "EV %s 0 CHALLENGED from=ann "
	    "variant=congo clock=300+5 rated=yes seat=black", id);
	assert_string_equal(l, want);
	t_nothing(f, 1);
	t_ask(f, 1, "OK #l CHALLENGES n=1", "#l CHALLENGES");
	l = t_expect(f, 1, "ITEM #l ");
	snprintf(want, sizeof want, "ITEM #l game=%s from=ann to=bob "
	    "variant=congo clock=300+5 rated=yes expires=", id);
	assert_non_null(strstr(l, want));
	t_ask(f, 0, "OK #l CHALLENGES n=1", "#l CHALLENGES");
	t_drain(f, 0);
	t_ask(f, 2, "OK #l CHALLENGES n=0", "#l CHALLENGES");

	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #m MOVE", "#m MOVE game=%s ply=1 move=c6c5", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "OK #l CHALLENGES n=0", "#l CHALLENGES");

	/* bob on: told at once, on each of his connections. */
	login(f, 3, "10.0.3.1", "bob", kb);
	challenge(f, "clock=60+0 color=black", id2);
	t_event(f, 1, " CHALLENGED from=ann variant=congo "
	    "clock=60+0 rated=no seat=white");
	t_event(f, 3, " CHALLENGED from=ann ");
	t_db_free(f);
}

/* bob declines one; ann withdraws another (from a second connection);
 * a third passes its time (the timer) and is cancelled. */
static void
test_decline_withdraw_expire(void **state)
{
	struct t_fake *f = new_session(5000, false);
	char ka[40], kb[40], id[16];

	(void)state;
	t_account(f, 0, "10.0.0.1", "ann", ka);
	t_account(f, 1, "10.0.1.1", "bob", kb);
	challenge(f, "clock=300+5", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #d CANCEL", "#d CANCEL game=%s", id);
	t_event(f, 1, " RESULT result=- reason=declined");
	t_event(f, 0, " RESULT result=- reason=declined");
	t_ask(f, 1, "ERR #j 410 GAME_OVER", "#j JOIN game=%s seat=black", id);

	challenge(f, "clock=300+5", id);
	t_drain(f, 1);
	login(f, 2, "10.0.0.2", "ann", ka);
	t_drain(f, 2);
	t_ask(f, 2, "OK #w CANCEL", "#w CANCEL game=%s", id);
	t_event(f, 2, " RESULT result=- reason=cancelled");
	t_drain(f, 0);
	t_drain(f, 1);

	challenge(f, "clock=300+5", id);
	t_drain(f, 1);
	f->now += 6000;
	sess_tick(f->s, f->now);
	t_event(f, 0, " RESULT result=- reason=cancelled");
	t_ask(f, 1, "OK #l CHALLENGES n=0", "#l CHALLENGES");
	t_db_free(f);
}

/* A correspondence challenge (days=): told with its days, and it stands
 * 14 days (expiry 5 s in this session: 70 s), not one. */
static void
test_correspondence(void **state)
{
	struct t_fake *f = new_session(5000, false);
	char ka[40], kb[40], id[16], want[128];
	const char *l;

	(void)state;
	t_account(f, 0, "10.0.0.1", "ann", ka);
	t_account(f, 1, "10.0.1.1", "bob", kb);
	challenge(f, "days=3 color=white", id);
	l = t_expect(f, 1, "EV ");
	snprintf(want, sizeof want, "EV %s 0 CHALLENGED from=ann "
	    "variant=congo days=3 rated=no seat=black", id);
	assert_string_equal(l, want);
	f->now += 6000;
	sess_tick(f->s, f->now);
	t_ask(f, 1, "OK #l CHALLENGES n=1", "#l CHALLENGES");
	f->now += 65000;
	sess_tick(f->s, f->now);
	t_event(f, 0, " RESULT result=- reason=cancelled");
	t_db_free(f);
}

/* At most 10 standing challenges an account; LOGIN needed. */
static void
test_limit(void **state)
{
	struct t_fake *f = new_session(0, false);
	char ka[40], kb[40], id[16];
	int i;

	(void)state;
	t_account(f, 0, "10.0.0.1", "ann", ka);
	t_account(f, 1, "10.0.1.1", "bob", kb);
	t_hello(f, 2, "10.0.2.1");
	/* Without LOGIN: 401 LOGIN_REQUIRED (PROTOCOL.md), for each command
	 * that needs it. */
	t_ask(f, 2, "ERR #x 401 LOGIN_REQUIRED",
	    "#x CHALLENGE name=bob clock=300+5");
	t_ask(f, 2, "ERR #x 401 LOGIN_REQUIRED", "#x CHALLENGES");
	t_ask(f, 2, "ERR #x 401 LOGIN_REQUIRED", "#x BLOCK name=bob");
	t_ask(f, 2, "ERR #x 401 LOGIN_REQUIRED", "#x UNBLOCK name=bob");
	t_ask(f, 2, "ERR #x 401 LOGIN_REQUIRED", "#x BLOCKS");
	t_ask(f, 2, "ERR #x 401 LOGIN_REQUIRED", "#x GAMES mine=yes");
	t_ask(f, 2, "ERR #x 401 LOGIN_REQUIRED",
	    "#x SEEK clock=300+5 rated=yes");
	t_ask(f, 2, "ERR #x 401 LOGIN_REQUIRED",
	    "#x CREATE rated=yes clock=300+5");
	for (i = 0; i < 10; i++)
		challenge(f, "clock=300+5", id);
	t_ask(f, 0, "ERR #x 429 RATE_LIMITED",
	    "#x CHALLENGE name=bob clock=300+5");
	t_say(f, 0, "CANCEL game=%s", id);
	t_drain(f, 0);
	challenge(f, "clock=300+5", id);
	t_db_free(f);
}

/* A standing challenge survives a restart (kill -9: nothing but what is
 * stored): told at bob's LOGIN, listed, taken. */
static void
test_restart(void **state)
{
	struct t_fake *f = new_session(0, false);
	char ka[40], kb[40], id[16];
	const char *l;

	(void)state;
	t_account(f, 0, "10.0.0.1", "ann", ka);
	t_account(f, 1, "10.0.1.1", "bob", kb);
	sess_close(f->s, 1, f->now);
	challenge(f, "clock=300+5 color=black", id);
	t_db_free(f);

	f = new_session(0, true);
	sess_start(f->s, f->now, (long long)time(NULL) * 1000);
	login(f, 1, "10.0.1.1", "bob", kb);
	t_event(f, 1, " CHALLENGED from=ann variant=congo "
	    "clock=300+5 rated=no seat=white");
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=white", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", id);
	/* Still ann's seat (an account's, not a guest's) in the lists. */
	t_drain(f, 1);
	t_ask(f, 1, "OK #w LIST n=1", "#w LIST");
	l = t_expect(f, 1, "ITEM #w ");
	assert_non_null(strstr(l, " black=ann "));
	t_db_free(f);
}

/* The one item of LIST, which must show ann and bob as the accounts they
 * are (never NAME(guest)), as GAMES player= does. */
static void
list_accounts(struct t_fake *f, const char *id)
{
	char want[64];
	const char *l;

	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 2, "OK #w LIST n=", "#w LIST status=active");
	snprintf(want, sizeof want, "ITEM #w game=%s ", id);
	while (strncmp(l = t_expect(f, 2, "ITEM #w "), want,
	    strlen(want)) != 0)
		;
	assert_null(strstr(l, "(guest)"));
	assert_true(strstr(l, " white=ann black=bob ") != NULL ||
	    strstr(l, " white=bob black=ann ") != NULL);
	/* (a client marks a seat without them a guest's) */
	assert_non_null(strstr(l, " waccount=1"));
	assert_non_null(strstr(l, " baccount=1"));
	t_drain(f, 2);
}

/* A challenge accepted (a clock, a correspondence one) and seeks of two
 * accounts paired (a clock, rated or not; days): both seats shown as the
 * accounts' in LIST. */
static void
test_list_accounts(void **state)
{
	static const char *const seeks[] = { "clock=180+2 rated=no",
	    "clock=180+2 rated=yes", "days=3" };
	struct t_fake *f = new_session(0, false);
	char ka[40], kb[40], id[16];
	const char *l;
	int k;

	(void)state;
	t_account(f, 0, "10.0.0.1", "ann", ka);
	t_account(f, 1, "10.0.1.1", "bob", kb);
	t_hello(f, 2, "10.0.2.1");
	challenge(f, "clock=300+5 color=white", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	list_accounts(f, id);
	challenge(f, "days=3 color=white", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	list_accounts(f, id);
	/* Seeks paired: an unrated, a rated, a correspondence one. */
	for (k = 0; k < 3; k++) {
		t_say(f, 0, "#s SEEK %s", seeks[k]);
		t_expect(f, 0, "OK #s SEEK seek=");
		t_say(f, 1, "#s SEEK %s", seeks[k]);
		t_expect(f, 1, "OK #s SEEK seek=");
		l = t_event(f, 1, " PAIRED ");
		snprintf(id, sizeof id, "%.8s", l + 3);
		list_accounts(f, id);
		t_ask(f, 0, "OK #x CANCEL", "#x CANCEL game=%s", id);
		t_drain(f, 0);
		t_drain(f, 1);
	}
	t_db_free(f);
}

/* bob blocks ann: her challenges refused, her seek never paired with his,
 * her chat not sent to him (carl still sees it); kept across a restart;
 * UNBLOCK undoes it. */
static void
test_blocking(void **state)
{
	struct t_fake *f = new_session(0, false);
	char ka[40], kb[40], kc[40], id[16];
	const char *l;

	(void)state;
	t_account(f, 0, "10.0.0.1", "ann", ka);
	t_account(f, 1, "10.0.1.1", "bob", kb);
	t_account(f, 2, "10.0.2.1", "carl", kc);
	t_ask(f, 1, "OK #b BLOCK name=ann", "#b BLOCK name=ANN");
	t_ask(f, 1, "ERR #b 404 NO_SUCH_PLAYER", "#b BLOCK name=nobody");
	t_ask(f, 1, "ERR #b 400 BAD_SYNTAX", "#b BLOCK name=bob");
	/* A string that cannot be an account's name (too short, a guest's
	 * '.'): 400 for BLOCK and UNBLOCK alike, never an OK. */
	t_ask(f, 1, "ERR #b 400 BAD_SYNTAX", "#b BLOCK name=x");
	t_ask(f, 1, "ERR #u 400 BAD_SYNTAX", "#u UNBLOCK name=x");
	t_ask(f, 1, "ERR #u 400 BAD_SYNTAX", "#u UNBLOCK name=a.b");
	t_ask(f, 1, "ERR #u 400 BAD_SYNTAX",
	    "#u UNBLOCK name=abcdefghijklmnopqrstu");
	/* UNBLOCK of no account (and not listed): 404, as BLOCK; of an
	 * account not blocked, OK (nothing to undo). */
	t_ask(f, 1, "ERR #u 404 NO_SUCH_PLAYER", "#u UNBLOCK name=nobody");
	t_ask(f, 1, "OK #u UNBLOCK name=carl", "#u UNBLOCK name=CARL");
	t_ask(f, 1, "OK #k BLOCKS n=1", "#k BLOCKS");
	t_expect(f, 1, "ITEM #k name=ann");
	t_ask(f, 0, "OK #k BLOCKS n=0", "#k BLOCKS");

	t_ask(f, 0, "ERR #c 403 BLOCKED :bob takes no challenges",
	    "#c CHALLENGE name=bob clock=300+5");
	t_nothing(f, 1);
	t_ask(f, 1, "OK #c CHALLENGE", "#c CHALLENGE name=ann clock=300+5");
	t_drain(f, 0);
	t_drain(f, 1);

	/* Seeks: ann's and bob's never meet; carl takes ann's. */
	t_ask(f, 0, "OK #s SEEK", "#s SEEK clock=180+2");
	t_ask(f, 1, "OK #s SEEK", "#s SEEK clock=180+2");
	t_nothing(f, 0);
	t_nothing(f, 1);
	t_ask(f, 2, "OK #s SEEK", "#s SEEK clock=180+2");
	l = t_event(f, 2, " PAIRED ");
	snprintf(id, sizeof id, "%.8s", l + 3);
	t_event(f, 0, " PAIRED ");
	t_nothing(f, 1);
	t_drain(f, 0);
	t_drain(f, 2);

	/* Chat: bob watching does not get ann's; carl does. */
	t_ask(f, 1, "OK #o OBSERVE", "#o OBSERVE game=%s", id);
	t_drain(f, 1);
	t_ask(f, 0, "OK #y SAY", "#y SAY game=%s :hello", id);
	t_event(f, 0, " SAID side=");
	t_event(f, 2, " SAID side=");
	t_nothing(f, 1);
	t_ask(f, 2, "OK #y SAY", "#y SAY game=%s :hi", id);
	l = t_expect(f, 1, "EV ");
	assert_non_null(strstr(l, " SAID side=") && strstr(l, ":hi"));
	t_drain(f, 0);
	t_drain(f, 2);
	t_db_free(f);

	/* Stored: after a restart bob's LOGIN brings them back. */
	f = new_session(0, true);
	sess_start(f->s, f->now, (long long)time(NULL) * 1000);
	login(f, 1, "10.0.1.1", "bob", kb);
	t_drain(f, 1);
	login(f, 0, "10.0.0.1", "ann", ka);
	t_drain(f, 0);
	t_ask(f, 1, "OK #k BLOCKS n=1", "#k BLOCKS");
	t_ask(f, 0, "ERR #c 403 BLOCKED",
	    "#c CHALLENGE name=bob clock=300+5");
	t_drain(f, 1);
	t_ask(f, 1, "OK #u UNBLOCK name=ann", "#u UNBLOCK name=ANN");
	t_ask(f, 1, "OK #k BLOCKS n=0", "#k BLOCKS");
	t_ask(f, 0, "OK #c CHALLENGE", "#c CHALLENGE name=bob clock=300+5");
	t_db_free(f);
}

/* The replay of a game's events (REJOIN since=, OBSERVE since=) leaves out
 * a blocked account's chat as live chat does; the others' stays. */
static void
test_block_replay(void **state)
{
	struct t_fake *f = new_session(0, false);
	char ka[40], kb[40], kc[40], id[16], line[2048];
	int said;

	(void)state;
	t_account(f, 0, "10.0.0.1", "ann", ka);
	t_account(f, 1, "10.0.1.1", "bob", kb);
	t_account(f, 2, "10.0.2.1", "carl", kc);
	challenge(f, "clock=300+5 color=white", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_ask(f, 2, "OK #o OBSERVE", "#o OBSERVE game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_drain(f, 2);
	t_ask(f, 0, "OK #y SAY", "#y SAY game=%s :from-ann", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #y SAY", "#y SAY game=%s :from-bob", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_drain(f, 2);
	t_ask(f, 1, "OK #b BLOCK name=ann", "#b BLOCK name=ann");
	/* bob's replays: his own line, never ann's. */
	t_ask(f, 1, "OK #r REJOIN", "#r REJOIN game=%s since=0", id);
	for (said = 0; t_next(f, 1, line, sizeof line);) {
		assert_null(strstr(line, "from-ann"));
		said += strstr(line, " SAID side=black :from-bob") != NULL;
	}
	assert_int_equal(said, 1);
	t_ask(f, 1, "OK #o OBSERVE", "#o OBSERVE game=%s since=0", id);
	for (said = 0; t_next(f, 1, line, sizeof line);) {
		assert_null(strstr(line, "from-ann"));
		said += strstr(line, ":from-bob") != NULL;
	}
	assert_int_equal(said, 1);
	/* carl, who blocks nobody, gets both. */
	t_ask(f, 2, "OK #o OBSERVE", "#o OBSERVE game=%s since=0", id);
	for (said = 0; t_next(f, 2, line, sizeof line);)
		said += strstr(line, " SAID ") != NULL;
	assert_int_equal(said, 2);
	t_db_free(f);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_block_replay),
	T_DB_TEST(test_offline_accept),
	T_DB_TEST(test_decline_withdraw_expire),
	T_DB_TEST(test_correspondence),
	T_DB_TEST(test_limit),
	T_DB_TEST(test_restart),
	T_DB_TEST(test_blocking),
	T_DB_TEST(test_list_accounts))
