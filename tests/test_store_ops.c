/*
 * test_store_ops.c: the store's typed writes (store_types.h: accounts,
 * blocks, a game's rated flag, ratings, seek claims), each committed and
 * read back through the store's own reads, on the store CONGO_STORE_DB
 * names (a PostgreSQL URI: tests/test_store_ops.sh gives its throwaway
 * cluster's) or else a fresh SQLite file. Values with quotes, backslashes,
 * $1, statements and UTF-8 in them are stored as they are: bound, never
 * text of a statement (test_hostile).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "net/store/store.h"
#include "test_main.h"

#define TEST_STORE_NAME "test_store_ops"
#include "test_store_open.h"

static void
test_account(void **state)
{
	struct store_change ch;
	struct store_account a;

	(void)state;
	store_change_accounts(&ch);
	assert_int_equal(store_account_add(&ch, "o'hara", "O'Hara", "h1'x",
	    1700000000), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(ops->account(ctx, "o'hara", &a, err, sizeof err), 1);
	assert_string_equal(a.name, "O'Hara");
	assert_string_equal(a.keyhash, "h1'x");
	assert_int_equal(a.created, 1700000000);
	/* The same name again: refused (a duplicate key), nothing changed. */
	assert_int_equal(commit(&ch), -1);
	/* A new key. */
	store_change_accounts(&ch);
	assert_int_equal(store_account_rekey(&ch, "o'hara", "h2"), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(ops->account(ctx, "o'hara", &a, err, sizeof err), 1);
	assert_string_equal(a.keyhash, "h2");
	/* Forgotten only with its key's hash. */
	store_change_accounts(&ch);
	assert_int_equal(store_account_forget(&ch.op[0], "o'hara", "h1'x"),
	    0);
	ch.nop = 1;
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(ops->account(ctx, "o'hara", &a, err, sizeof err), 1);
	store_change_accounts(&ch);
	assert_int_equal(store_account_forget(&ch.forget, "o'hara", "h2"), 0);
	assert_int_equal(store_change_op(&ch, &ch.forget), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(ops->account(ctx, "o'hara", &a, err, sizeof err), 0);
}

static void
add_account(const char *lname, const char *name)
{
	struct store_change ch;

	store_change_accounts(&ch);
	assert_int_equal(store_account_add(&ch, lname, name, "k", 1), 0);
	assert_int_equal(commit(&ch), 0);
}

static void
test_block(void **state)
{
	char out[4][CGP_NAME_MAX + 1];
	struct store_change ch;

	(void)state;
	add_account("a'nn", "Ann");
	add_account("bob", "Bob");
	store_change_accounts(&ch);
	assert_int_equal(store_block_add(&ch, "a'nn", "bob"), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(commit(&ch), 0);     /* again: nothing new */
	assert_int_equal(ops->blocks(ctx, "a'nn", out, 4, err, sizeof err),
	    1);
	assert_string_equal(out[0], "Bob");   /* as registered */
	store_change_accounts(&ch);
	assert_int_equal(store_block_remove(&ch, "a'nn", "bob"), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(ops->blocks(ctx, "a'nn", out, 4, err, sizeof err),
	    0);
}

/* A new game id, white's seat taken by name, rated or not. */
static void
new_game(const char *id, const char *name, bool rated)
{
	struct store_change ch;

	memset(&ch, 0, sizeof ch);
	ch.game = id;
	ch.new_game = true;
	ch.start_fen = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w";
	ch.created = 1;
	ch.creator = -1;
	ch.seat = 0;
	ch.name = name;
	ch.token = "t";
	if (rated) {
		ch.rated = true;
		assert_int_equal(store_game_rated(&ch, id), 0);
	}
	assert_int_equal(commit(&ch), 0);
}

static void
test_game_rated(void **state)
{
	struct store_item it[8];
	int n, i, seen = 0;

	(void)state;
	add_account("cy", "Cy");
	new_game("RATEDAA2", "Cy", true);
	new_game("UNRATED2", "Cy", false);
	/* An account's seat in a rated game is its; in the other, as it was
	 * taken by no account, a guest's. */
	n = ops->list(ctx, -1, 8, it, err, sizeof err);
	assert_true(n >= 2);
	for (i = 0; i < n; i++)
		if (strcmp(it[i].id, "RATEDAA2") == 0) {
			assert_true(it[i].account[0]);
			seen++;
		} else if (strcmp(it[i].id, "UNRATED2") == 0) {
			assert_false(it[i].account[0]);
			seen++;
		}
	assert_int_equal(seen, 2);
}

static void
test_rating(void **state)
{
	struct store_rating r[2];
	struct store_change ch;
	long long at[4];
	double hist[4];

	(void)state;
	add_account("d'an", "Dan");
	store_change_accounts(&ch);
	assert_int_equal(store_rating_put(&ch, "d'an", "congo", "blitz",
	    "GAMEAAA2", 1612.3456789, 80.25, 0.0600001234, 1, 1700000001), 0);
	assert_int_equal(commit(&ch), 0);
	store_change_accounts(&ch);
	assert_int_equal(store_rating_put(&ch, "d'an", "congo", "blitz",
	    "GAMEBBB2", 1620.5, 75.125, 0.06, 2, 1700000002), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(ops->ratings(ctx, "d'an", "congo", "blitz", r, 2, err,
	    sizeof err), 1);
	assert_float_equal(r[0].rating, 1620.5, 1e-9);
	assert_float_equal(r[0].rd, 75.125, 1e-9);
	assert_float_equal(r[0].vol, 0.06, 1e-12);
	assert_int_equal(r[0].games, 2);
	/* The history: a row a game, the digits the session always wrote
	 * (%.6f). */
	assert_int_equal(ops->history(ctx, "d'an", "congo", "blitz", 4, at,
	    hist, err, sizeof err), 2);
	assert_int_equal(at[0], 1700000001);
	assert_float_equal(hist[0], 1612.345679, 1e-9);
	assert_float_equal(hist[1], 1620.5, 1e-9);
	/* The same game's n again: a duplicate key, refused. */
	assert_int_equal(commit(&ch), -1);
}

static void
test_seek_claims(void **state)
{
	const char *c1[4] = { "A'1", "B1", "o1.1", "o2.1" };
	const char *c2[4] = { "C1", "D1", "o1.1", "o3.1" };
	struct store_change ch;

	(void)state;
	store_change_accounts(&ch);
	assert_int_equal(store_seek_claims(&ch, c1), 0);
	assert_int_equal(commit(&ch), 0);
	/* A claim taken: refused. */
	store_change_accounts(&ch);
	assert_int_equal(store_seek_claims(&ch, c2), 0);
	assert_int_equal(commit(&ch), -1);
	/* Neither blocks the other: only the claims. */
	add_account("eve", "Eve");
	add_account("f'ay", "F'ay");
	store_change_accounts(&ch);
	c2[2] = "o4.1";
	assert_int_equal(store_seek_claims(&ch, c2), 0);
	assert_int_equal(store_seek_claim_unblocked(&ch, "C1", "eve", "f'ay"),
	    0);
	assert_int_equal(commit(&ch), 0);
	/* One blocks the other (either way round): the claim made again, a
	 * conflict. */
	store_change_accounts(&ch);
	assert_int_equal(store_block_add(&ch, "f'ay", "eve"), 0);
	assert_int_equal(commit(&ch), 0);
	store_change_accounts(&ch);
	c2[0] = "E1";
	c2[1] = "F1";
	c2[2] = "o5.1";
	c2[3] = "o6.1";
	assert_int_equal(store_seek_claims(&ch, c2), 0);
	assert_int_equal(store_seek_claim_unblocked(&ch, "E1", "eve", "f'ay"),
	    0);
	assert_int_equal(commit(&ch), -1);
}

static void
test_seek_live(void **state)
{
	const char *c[4] = { "G1", "H1", "o7.1", "o8.1" };
	struct store_change ch;

	(void)state;
	store_change_accounts(&ch);
	assert_int_equal(store_seek_claims(&ch, c), 0);
	assert_int_equal(store_seek_claim_live(&ch, "G1", "DEAD'SRV"), 0);
	/* A store of servers that tell their signs of life: a server never
	 * heard of is not alive, the pairing a conflict. A store of one:
	 * nothing to check. */
	assert_int_equal(commit(&ch), ops->server_live != NULL ? -1 : 0);
}

/*
 * Values that no statement's text could hold as they are: quotes, a
 * backslash, $1 and $1[1], a statement's end and another, the separator
 * of congo_put's extra statements (chr(30)), UTF-8. Each stored (three
 * accounts, blocks, a rating, a game's rated flag, all in one change) and
 * read back unchanged: bound, never text of a statement.
 */
static void
test_hostile(void **state)
{
	static const char lname[] = "h'); drop table games; --";
	static const char name[] = "\\'\"$1 \036\xce\xa9\xe8\xb1\xa1";
	static const char other[] = "$1[1]'\\\036";
	static const char blocked[] = "hostile-b";  /* (read back: a name) */
	static const char key[] = "'); DROP TABLE accounts; -- \036 $2 \\";
	static const char variant[] = "c'$1\\\036\xc3\xa9";
	static const char speed[] = "b');--\036";
	char out[4][CGP_NAME_MAX + 1];
	struct store_rating r[2];
	struct store_account a;
	struct store_change ch;

	(void)state;
	store_change_accounts(&ch);
	assert_int_equal(store_account_add(&ch, lname, name, key, 1700000003),
	    0);
	assert_int_equal(store_account_add(&ch, other, other, key, 1), 0);
	assert_int_equal(store_account_add(&ch, blocked, blocked, other, 1),
	    0);
	assert_int_equal(store_block_add(&ch, lname, blocked), 0);
	assert_int_equal(store_block_add(&ch, other, lname), 0);
	assert_int_equal(store_rating_put(&ch, lname, variant, speed,
	    "G'\036$1", 1500.5, 60.25, 0.06, 1, 1700000004), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(ops->account(ctx, lname, &a, err, sizeof err), 1);
	assert_string_equal(a.name, name);
	assert_string_equal(a.keyhash, key);
	assert_int_equal(a.created, 1700000003);
	assert_int_equal(ops->blocks(ctx, lname, out, 4, err, sizeof err), 1);
	assert_string_equal(out[0], blocked);
	assert_int_equal(ops->account(ctx, other, &a, err, sizeof err), 1);
	assert_string_equal(a.name, other);
	assert_int_equal(ops->ratings(ctx, lname, variant, speed, r, 2, err,
	    sizeof err), 1);
	assert_float_equal(r[0].rating, 1500.5, 1e-9);
	/* The tables all there still, games among them. */
	new_game("HOSTILE2", name, true);
	assert_int_equal(ops->account(ctx, "o'hara", &a, err, sizeof err), 0);
}

static void
test_full(void **state)
{
	struct store_change ch;
	int i;

	(void)state;
	store_change_accounts(&ch);
	for (i = 0; i < STORE_OP_MAX; i++)
		assert_int_equal(store_game_rated(&ch, "X"), 0);
	assert_int_equal(store_game_rated(&ch, "X"), -1);
	assert_int_equal(ch.nop, STORE_OP_MAX);
	/* A value too long for its field: left out. */
	store_change_accounts(&ch);
	assert_int_equal(store_block_add(&ch, "ann",
	    "a-name-much-longer-than-any-account-has"), -1);
	assert_int_equal(ch.nop, 0);
}

TEST_MAIN(setup, teardown,
	cmocka_unit_test(test_account),
	cmocka_unit_test(test_block),
	cmocka_unit_test(test_game_rated),
	cmocka_unit_test(test_rating),
	cmocka_unit_test(test_seek_claims),
	cmocka_unit_test(test_seek_live),
	cmocka_unit_test(test_hostile),
	cmocka_unit_test(test_full))
