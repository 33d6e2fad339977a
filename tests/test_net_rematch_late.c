/*
 * test_net_rematch_late.c: REMATCH long after the end (issue 33): a
 * finished game stays where its seats are for as long as both players stay
 * connected, so REMATCH works a minute on (it said "you hold no seat in
 * this game": the game had left memory after SESS_GRACE_MS and came back
 * from the store without its seats). The clock is the test's: sess_evict
 * is run as if minutes had gone by. Once a player has gone, or the
 * rematch is made, the game leaves memory after the grace as before.
 */
#define _GNU_SOURCE
#include <unistd.h>

#include "test_net_util.h"

/* minutes after now (a game's end is on the monotonic clock) */
static long long
later(int minutes)
{
	return util_now_ms() + (long long)minutes * SESS_GRACE_MS;
}

/* A session on a new store, a game between conns 0 (white) and 1 (black)
 * there, resigned by black: its id into id. */
static struct t_fake *
finished(struct store **st, char *id, size_t n)
{
	char err[512];
	struct t_fake *f;
	const char *l;

	*st = store_open(t_dbpath, STORE_CREATE, err, sizeof err);
	assert_non_null(*st);
	f = t_new_store(NULL, NULL, &store_sqlite_ops, *st);
	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.1.1");
	t_say(f, 0, "#c CREATE seat=white name=ann");
	l = t_expect(f, 0, "OK #c CREATE");
	t_val(l, "game", id, n);
	t_say(f, 1, "#j JOIN game=%s seat=black name=bob", id);
	t_expect(f, 1, "OK #j JOIN");
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 1, "#g RESIGN game=%s", id);
	t_expect(f, 1, "OK #g RESIGN");
	t_drain(f, 0);
	t_drain(f, 1);
	return f;
}

static void
test_rematch_late(void **state)
{
	char id[16];
	struct store *st;
	struct t_fake *f = finished(&st, id, sizeof id);

	(void)state;
	/* Five minutes on, both still connected: the game is still here
	 * and the rematch is made, each told its seat. */
	sess_evict(f->s, later(5));
	t_say(f, 0, "#r REMATCH game=%s", id);
	t_expect(f, 0, "OK #r REMATCH");
	t_drain(f, 1);
	t_say(f, 1, "#r REMATCH game=%s", id);
	t_expect(f, 1, "OK #r REMATCH");
	assert_non_null(strstr(f->out[0], " REMATCHED game="));
	assert_non_null(strstr(f->out[1], " REMATCHED game="));
	t_drain(f, 0);
	t_drain(f, 1);
	assert_int_equal(sess_ngames(f->s), 2);
	/* Made: the old game goes after the grace (the new one, being
	 * played, stays). */
	sess_evict(f->s, later(5));
	assert_int_equal(sess_ngames(f->s), 1);
	assert_null(sess_find(f->s, id));
	t_free(f);
	store_close(st);
}

/* A player gone: the game goes after the grace, as before. */
static void
test_player_gone(void **state)
{
	char id[16];
	struct store *st;
	struct t_fake *f = finished(&st, id, sizeof id);

	(void)state;
	assert_non_null(sess_find(f->s, id));
	sess_close(f->s, 1, f->now);
	assert_non_null(sess_find(f->s, id));
	sess_evict(f->s, later(0));
	assert_non_null(sess_find(f->s, id));   /* the grace */
	sess_evict(f->s, later(1));
	assert_null(sess_find(f->s, id));
	t_free(f);
	store_close(st);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rematch_late, t_db_setup,
		    t_db_teardown),
		cmocka_unit_test_setup_teardown(test_player_gone, t_db_setup,
		    t_db_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
