/*
 * test_net_rematch_late.c: REMATCH long after the end (issue 33): a
 * finished game stays where its seats are for as long as both players stay
 * connected, so REMATCH works a minute on (it said "you hold no seat in
 * this game": the game had left memory after SESS_GRACE_MS and came back
 * from the store without its seats). The clock is the test's: sess_evict
 * is run as if minutes had gone by. Once a player has gone, or the
 * rematch is made, the game leaves memory after the grace as before.
 * And a rematch across servers whose other player's token hash comes
 * after its last REMATCH.
 */
#include <unistd.h>

#include "test_net_util.h"
#include "test_main.h"

/* minutes after now (a game's end is on the monotonic clock) */
static long long
later(int minutes)
{
	return util_now_ms() + (long long)minutes * SESS_GRACE_MS;
}

/* A session on a new store (its functions ops), a game between conns 0
 * (white) and 1 (black) there, resigned by black: its id into id. */
static struct t_fake *
finished_on(const struct store_ops *ops, char *id, size_t n)
{
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f = t_new_store(NULL, NULL, ops, st);
	const char *l;

	f->st = st;
	t_hellos(f, 2);
	l = t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white name=ann");
	t_val(l, "game", id, n);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black name=bob", id);
	t_both_moved(f, id);
	t_ask(f, 1, "OK #g RESIGN", "#g RESIGN game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	return f;
}

static struct t_fake *
finished(char *id, size_t n)
{
	return finished_on(&store_sqlite_ops, id, n);
}

static void
test_rematch_late(void **state)
{
	char id[16];
	struct t_fake *f = finished(id, sizeof id);

	(void)state;
	/* Five minutes on, both still connected: the game is still here
	 * and the rematch is made, each told its seat. */
	sess_evict(f->s, later(5));
	t_ask(f, 0, "OK #r REMATCH", "#r REMATCH game=%s", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #r REMATCH", "#r REMATCH game=%s", id);
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
	t_db_free(f);
}

/* A player gone: the game goes after the grace, as before. */
static void
test_player_gone(void **state)
{
	char id[16];
	struct t_fake *f = finished(id, sizeof id);

	(void)state;
	assert_non_null(sess_find(f->s, id));
	sess_close(f->s, 1, f->now);
	assert_non_null(sess_find(f->s, id));
	sess_evict(f->s, later(0));
	assert_non_null(sess_find(f->s, id));   /* the grace */
	sess_evict(f->s, later(1));
	assert_null(sess_find(f->s, id));
	t_db_free(f);
}

/* What the session told the other servers (store_ops.seek_notice). */
static char told[8][256];
static int ntold;

static void
tell(void *ctx, const char *text)
{
	(void)ctx;
	if (ntold < 8)
		snprintf(told[ntold++], sizeof told[0], "%s", text);
}

static const char *
told_of(const char *prefix)
{
	int i;

	for (i = 0; i < ntold; i++)
		if (strncmp(told[i], prefix, strlen(prefix)) == 0)
			return told[i];
	return NULL;
}

/*
 * Across servers (sess_rematch.c), as a server sharing a store with
 * another (seek_notice) sees it: Ann, now on the other server, offered
 * there; Bob's REMATCH here completes it, but the hash of Ann's new seat's
 * token (drawn by her server) has not come yet: Bob's offer is stored and
 * this server waits (before, it drew Ann's token itself, which her server
 * could never tell her). Bob's own hash is told. When Ann's comes, the
 * game is made: Bob told his seat, Ann's server told the game, and the
 * token her server holds takes her seat.
 */
static void
test_hash_told_late(void **state)
{
	struct store_ops ops = store_sqlite_ops;
	char id[16], nid[16], tok[CGP_TOKEN_LEN + 1], hash[CGP_HASH_LEN + 1];
	char text[256], want[64], err[256], line[2048];
	struct t_fake *f;
	struct sgame *g;
	const char *l;
	bool rematched = false;

	(void)state;
	ops.seek_notice = tell;
	ntold = 0;
	f = finished_on(&ops, id, sizeof id);
	sess_close(f->s, 0, f->now);
	g = sess_find(f->s, id);
	assert_non_null(g);
	assert_int_equal(sess_remote_event(f->s, id, g->seq + 1, "REMATCH",
	    "action=offer side=white", err, sizeof err), 0);
	t_drain(f, 1);
	t_ask(f, 1, "OK #r REMATCH", "#r REMATCH game=%s", id);
	while (t_next(f, 1, line, sizeof line))
		rematched |= strstr(line, " REMATCHED ") != NULL;
	assert_false(rematched);
	snprintf(want, sizeof want, "rematch %s 0 ", id);
	assert_non_null(told_of(want));
	/* Ann's server's word: the hash of her token (seat 1, black). */
	assert_int_equal(net_new_token(tok), 0);
	net_token_hash(tok, hash);
	snprintf(text, sizeof text, "rematch %s 1 %s", id, hash);
	sess_seek_remote(f->s, "SRVB2345", text);
	l = t_event(f, 1, " REMATCHED game=");
	assert_non_null(strstr(l, " seat=white "));
	t_val(l, "game", nid, sizeof nid);
	snprintf(want, sizeof want, "rematched %s %s 1", id, nid);
	assert_non_null(told_of(want));
	t_hello(f, 2, "10.0.2.1");
	t_say(f, 2, "#j REJOIN game=%s token=%s", nid, tok);
	assert_non_null(strstr(t_expect(f, 2, "OK #j REJOIN"), " seat=black"));
	t_db_free(f);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_rematch_late),
	T_DB_TEST(test_player_gone),
	T_DB_TEST(test_hash_told_late))
