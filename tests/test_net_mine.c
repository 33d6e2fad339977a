/*
 * test_net_mine.c: an account's games and challenges from any server
 * (issue 36): two sessions on one SQLite store, the second started before
 * the first made them, so none is in its memory. There, LOGIN tells the
 * challenge waiting for the account, GAMES mine=yes lists its games,
 * CHALLENGES its challenges, and its eleventh standing challenge is
 * refused (429): each read from the store (store_ops.games_mine), then the
 * games read whole. The store's read itself: open challenges to the
 * account by its name (a '_' in it no wildcard), its seats (one taken by
 * the JOINED that starts a correspondence game too), never a finished game
 * or a guest's seat.
 */
#include <unistd.h>

#include "test_net_util.h"
#include "test_main.h"

static struct t_fake *
new_session(struct store *st)
{
	struct sess_limits lim = t_limits;

	lim.games_per_minute = 100;
	lim.max_per_address = 20;
	return t_new_store(&lim, NULL, &store_sqlite_ops, st);
}

/* id of the game conn's last OK (CREATE or CHALLENGE) made. */
static void
made(struct t_fake *f, int conn, const char *ok, char *id)
{
	t_val(t_expect(f, conn, ok), "game", id, 16);
	t_drain(f, conn);
}

/* The row of id in the store's n rows, or NULL. */
static const struct store_item *
row_of(const struct store_item *rows, int n, const char *id)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(rows[i].id, id) == 0)
			return &rows[i];
	return NULL;
}

static bool
listed(const struct store_item *rows, int n, const char *id)
{
	return row_of(rows, n, id) != NULL;
}

static void
test_mine_elsewhere(void **state)
{
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f1, *f2;
	char ka[40], kb[40], kc[40], a[16], c[16], x[16], err[256], want[96];
	static struct store_item ids[SESS_MINE_MAX];
	const struct store_item *r;
	const char *l;
	int i, n;

	(void)state;
	/* The second server first, its start's games read (none). */
	f2 = new_session(st);
	assert_int_equal(store_load(st, f2->s, err, sizeof err), 0);
	sess_start(f2->s, f2->now, (long long)time(NULL) * 1000);
	f1 = new_session(st);
	t_account(f1, 0, "10.0.0.1", "ann", ka);
	t_account(f1, 1, "10.0.1.1", "bob", kb);
	t_account(f1, 2, "10.0.2.1", "carl", kc);
	/* On the first: a game of ann's, her turn; carl's challenge to her;
	 * ten of hers to bob; a finished one. */
	t_say(f1, 0, "#c CREATE seat=white days=3");
	made(f1, 0, "OK #c CREATE", a);
	t_say(f1, 1, "#j JOIN game=%s seat=black", a);
	t_expect(f1, 1, "OK #j JOIN");
	t_drain(f1, 0);
	t_drain(f1, 1);
	t_say(f1, 2, "#c CHALLENGE name=ann days=2 color=black");
	made(f1, 2, "OK #c CHALLENGE", c);
	t_drain(f1, 0);
	for (i = 0; i < 10; i++) {
		t_say(f1, 0, "#c CHALLENGE name=bob clock=300+0");
		made(f1, 0, "OK #c CHALLENGE", x);
	}
	t_say(f1, 0, "#c CREATE seat=black clock=60+0");
	made(f1, 0, "OK #c CREATE", x);
	t_say(f1, 2, "#j JOIN game=%s seat=white", x);
	t_expect(f1, 2, "OK #j JOIN");
	t_drain(f1, 0);
	t_drain(f1, 2);
	t_say(f1, 0, "#r RESIGN game=%s", x);
	t_expect(f1, 0, "OK #r RESIGN");
	t_drain(f1, 0);
	t_drain(f1, 1);
	t_drain(f1, 2);

	/* ann on the second: carl's challenge told at her LOGIN. */
	assert_int_equal(sess_ngames(f2->s), 0);
	t_hello(f2, 0, "10.9.0.1");
	t_say(f2, 0, "#l LOGIN name=ann key=%s", ka);
	t_expect(f2, 0, "OK #l LOGIN");
	snprintf(want, sizeof want, "EV %s 0 CHALLENGED from=carl ", c);
	l = t_expect(f2, 0, want);
	assert_non_null(strstr(l, " days=2 rated=no seat=white"));
	t_nothing(f2, 0);
	/* Her games: a (her turn) first, then her ten open challenges and
	 * carl's to her (PROTOCOL.md: open challenges included); not the
	 * finished one. */
	t_say(f2, 0, "#m GAMES mine=yes");
	t_expect(f2, 0, "OK #m GAMES n=12");
	snprintf(want, sizeof want, "ITEM #m game=%s ", a);
	l = t_expect(f2, 0, want);
	assert_non_null(strstr(l, " status=active turn=white yourturn=1 "
	    "deadline="));
	snprintf(want, sizeof want, "ITEM #m game=%s ", c);
	for (i = n = 0; i < 11; i++) {
		l = t_expect(f2, 0, "ITEM #m game=");
		assert_non_null(strstr(l, " status=open "));
		n += strncmp(l, want, strlen(want)) == 0;
	}
	assert_int_equal(n, 1);
	t_nothing(f2, 0);
	/* Her challenges: eleven (ten hers, carl's); the eleventh of hers
	 * refused here too. */
	t_say(f2, 0, "#s CHALLENGES");
	t_expect(f2, 0, "OK #s CHALLENGES n=11");
	t_drain(f2, 0);
	t_say(f2, 0, "#x CHALLENGE name=bob clock=300+0");
	t_expect(f2, 0, "ERR #x 429");
	/* And what the store itself says of her. */
	n = store_sqlite_ops.games_mine(st, "ann", ids, SESS_MINE_MAX, err,
	    sizeof err);
	assert_int_equal(n, 12);
	assert_true(listed(ids, n, a) && listed(ids, n, c));
	assert_false(listed(ids, n, x));
	/* With its timing: a, white (ann) to move within three days. */
	assert_non_null(r = row_of(ids, n, a));
	assert_int_equal(r->status, 1);
	assert_string_equal(r->white, "ann");
	assert_string_equal(r->black, "bob");
	assert_string_equal(r->clock, "3d");
	assert_string_equal(r->turn, "white");
	assert_true(r->deadline > (long long)time(NULL) * 1000 + 2000 * 86400);
	t_free(f1);
	t_free(f2);
	store_close(st);
}

/* A '_' in a name is no LIKE wildcard: a challenge to a_n is not abn's;
 * a guest's seat under a name is not that account's. */
static void
test_mine_names(void **state)
{
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f = new_session(st);
	char k[40], a[16], b[16], err[256];
	struct store_item ids[8];
	const struct store_item *r;
	char want[64];
	long long d;

	(void)state;
	t_account(f, 0, "10.0.0.1", "a_n", k);
	t_account(f, 1, "10.0.1.1", "carl", k);
	t_say(f, 1, "#c CHALLENGE name=a_n clock=300+0 color=white");
	made(f, 1, "OK #c CHALLENGE", a);
	t_hello(f, 2, "10.0.2.1");
	t_say(f, 2, "#c CREATE seat=white name=abn clock=300+0");
	made(f, 2, "OK #c CREATE", b);
	t_account(f, 3, "10.0.3.1", "abn", k);
	assert_int_equal(store_sqlite_ops.games_mine(st, "a_n", ids, 8, err,
	    sizeof err), 1);
	assert_string_equal(ids[0].id, a);
	/* GAMES mine=yes lists the challenge to a_n as CHALLENGES does. */
	t_drain(f, 0);
	t_ask(f, 0, "OK #s CHALLENGES n=1", "#s CHALLENGES");
	t_drain(f, 0);
	t_ask(f, 0, "OK #m GAMES n=1", "#m GAMES mine=yes");
	snprintf(want, sizeof want, "ITEM #m game=%s ", a);
	assert_non_null(strstr(t_expect(f, 0, want), " white=carl black=- "
	    "status=open "));
	/* abn's: neither the challenge to a_n nor the guest's game. */
	assert_int_equal(store_sqlite_ops.games_mine(st, "abn", ids, 8, err,
	    sizeof err), 0);
	/* carl's: his challenge; a correspondence game he joined (the
	 * JOINED that starts it says his first deadline too). */
	t_drain(f, 0);
	t_say(f, 0, "#c CREATE seat=white days=1");
	made(f, 0, "OK #c CREATE", b);
	t_say(f, 1, "#j JOIN game=%s seat=black", b);
	t_expect(f, 1, "OK #j JOIN");
	t_drain(f, 0);
	t_drain(f, 1);
	assert_int_equal(store_sqlite_ops.games_mine(st, "carl", ids, 8, err,
	    sizeof err), 2);
	assert_true(listed(ids, 2, a) && listed(ids, 2, b));
	assert_non_null(r = row_of(ids, 2, b));
	assert_string_equal(r->turn, "white");
	assert_true((d = r->deadline) > 0);
	/* a_n moves: black's turn, a later deadline; carl moves in a, a
	 * clocked game: black's turn, no deadline. */
	t_say(f, 0, "#m MOVE game=%s ply=0 move=c2c3", b);
	t_expect(f, 0, "OK #m MOVE");
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 0, "#j JOIN game=%s seat=black", a);
	t_expect(f, 0, "OK #j JOIN");
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 1, "#m MOVE game=%s ply=0 move=c2c3", a);
	t_expect(f, 1, "OK #m MOVE");
	t_drain(f, 0);
	t_drain(f, 1);
	assert_int_equal(store_sqlite_ops.games_mine(st, "carl", ids, 8, err,
	    sizeof err), 2);
	assert_non_null(r = row_of(ids, 2, b));
	assert_string_equal(r->turn, "black");
	assert_true(r->deadline >= d);
	assert_non_null(r = row_of(ids, 2, a));
	assert_string_equal(r->turn, "black");
	assert_int_equal(r->deadline, 0);
	/* (LIST shows his seat as his account's, not a guest's.) */
	t_say(f, 1, "#l LIST status=active");
	t_expect(f, 1, "OK #l LIST n=2");
	snprintf(want, sizeof want, "ITEM #l game=%s ", b);   /* newest */
	assert_non_null(strstr(t_expect(f, 1, want), " white=a_n "
	    "black=carl "));
	assert_non_null(strstr(t_expect(f, 1, "ITEM #l "), " white=carl "
	    "black=a_n "));
	t_free(f);
	store_close(st);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_mine_elsewhere),
	T_DB_TEST(test_mine_names))
