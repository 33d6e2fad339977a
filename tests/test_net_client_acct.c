/*
 * test_net_client_acct.c: the client's accounts, seeks and takebacks: the
 * keys file (mode 0600, a name saved again replaces its key, the last one
 * of a server picked without a name, two writers at once lose nothing),
 * then against the real server on loopback: two players register, a
 * third connection logs in by itself from the keys file, both seek a
 * rated game and are paired, move, take a move back, and one resigns:
 * the result carries both ratings and their changes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "test_net_cli.h"
#include "test_tmp.h"
#include "test_main.h"

static int
group_setup(void **state)
{
	(void)state;
	return cli_group_setup("congo-acct");
}

static void
test_keys_file(void **state)
{
	char name[64], key[64], err[200], path[400];
	struct stat sb;

	(void)state;
	assert_int_equal(net_keys_find("h", 1, NULL, name, sizeof name, key,
	    sizeof key), -1);
	assert_int_equal(net_keys_save("h", 1, "Ann", "AAAAAAAAAAAAAAAAAAAAAAAAAA",
	    err, sizeof err), 0);
	assert_int_equal(net_keys_save("h", 1, "bob", "BBBBBBBBBBBBBBBBBBBBBBBBBB",
	    err, sizeof err), 0);
	assert_int_equal(net_keys_save("h", 2, "cid", "CCCCCCCCCCCCCCCCCCCCCCCCCC",
	    err, sizeof err), 0);
	/* no name: the last one kept for that server */
	assert_int_equal(net_keys_find("h", 1, "", name, sizeof name, key,
	    sizeof key), 0);
	assert_string_equal(name, "bob");
	assert_string_equal(key, "BBBBBBBBBBBBBBBBBBBBBBBBBB");
	/* a name, in any case: that account, as saved */
	assert_int_equal(net_keys_find("h", 1, "ANN", name, sizeof name, key,
	    sizeof key), 0);
	assert_string_equal(name, "Ann");
	assert_string_equal(key, "AAAAAAAAAAAAAAAAAAAAAAAAAA");
	assert_int_equal(net_keys_find("h", 2, "ann", name, sizeof name, key,
	    sizeof key), -1);
	/* saved again: the new key replaces the old */
	assert_int_equal(net_keys_save("h", 1, "ann", "DDDDDDDDDDDDDDDDDDDDDDDDDD",
	    err, sizeof err), 0);
	assert_int_equal(net_keys_find("h", 1, "Ann", name, sizeof name, key,
	    sizeof key), 0);
	assert_string_equal(key, "DDDDDDDDDDDDDDDDDDDDDDDDDD");
	/* not a key: refused */
	assert_int_equal(net_keys_save("h", 1, "eve", "short", err,
	    sizeof err), -1);
	snprintf(path, sizeof path, "%s/congo/keys", getenv("XDG_STATE_HOME"));
	assert_int_equal(stat(path, &sb), 0);
	assert_int_equal(sb.st_mode & 0777, 0600);
}

/* Writer w's key of its account i. */
static bool
save_key(int w, int i)
{
	char err[200], nm[32];

	snprintf(nm, sizeof nm, "p%c%02d", 'a' + w, i);
	return net_keys_save("two", 9, nm, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", err,
	    sizeof err) >= 0;
}

/* Two programs registering at once keep both keys: the file is locked
 * around its rewrite. */
static void
test_keys_two_writers(void **state)
{
	char name[64], key[64], nm[32];
	int w, i;

	(void)state;
	cli_two_writers(save_key);
	for (w = 0; w < 2; w++)
		for (i = 0; i < 40; i++) {
			snprintf(nm, sizeof nm, "p%c%02d", 'a' + w, i);
			if (net_keys_find("two", 9, nm, name, sizeof name, key,
			    sizeof key) != 0)
				fail_msg("the key of %s is lost", nm);
		}
}

/* The next event of kind for client i (past those seen), within ms. */
static const struct net_event *
await(struct who *w, int n, int i, enum net_ev_kind kind, int ms)
{
	long long end = tc_ms() + ms;
	int k;

	for (;;) {
		for (k = w[i].seen; k < w[i].nev; k++)
			if (w[i].ev[k].kind == kind) {
				w[i].seen = k + 1;
				return &w[i].ev[k];
			}
		if (tc_ms() > end)
			break;
		cli_pump_once(w, n, 50);
	}
	for (k = 0; k < w[i].nev; k++)
		if (w[i].ev[k].kind == NEV_ERROR)
			print_error("client %d: %s %s\n", i, w[i].ev[k].verb,
			    w[i].ev[k].text);
	fail_msg("client %d: no event %d", i, (int)kind);
	return NULL;
}

/* The MOVE event of ply for client i (its own moves come back too). */
static void
await_move(struct who *w, int i, int ply)
{
	const struct net_event *e;

	do
		e = await(w, 2, i, NEV_MOVE, 5000);
	while (e->ply != ply);
}

static struct net_client *
client(const char *login, bool reg)
{
	struct net_client_opts o;

	cli_opts(&o, "127.0.0.1");
	snprintf(o.name, sizeof o.name, "guest");
	if (login != NULL)
		snprintf(o.login, sizeof o.login, "%s", login);
	o.register_first = reg;
	return net_client_new(&o);
}

static void
test_register_seek_takeback(void **state)
{
	char *argv[] = { server_bin, "--port", portstr, "--bind", "127.0.0.1",
		"--db", db, "--create", "--log-level", "debug",
		"--rated-same-network", NULL };     /* (all on 127.0.0.1) */
	char name[64], key[64], err[200];
	const struct net_event *e;
	struct who w[3];
	int i, white = 0;

	(void)state;
	server_pid = tc_spawn(logfile, argv);
	assert_true(server_pid > 0);
	memset(w, 0, sizeof w);
	/* two accounts, each key kept */
	w[0].c = client("ann", true);
	w[1].c = client("bob", true);
	net_client_start(w[0].c, tc_ms());
	e = await(w, 1, 0, NEV_ACCOUNT, 10000);
	assert_string_equal(e->name, "ann");
	assert_string_equal(e->text, "registered");
	net_client_start(w[1].c, tc_ms());
	e = await(w, 2, 1, NEV_ACCOUNT, 10000);
	assert_string_equal(e->name, "bob");
	assert_string_equal(net_client_account(w[1].c), "bob");
	assert_int_equal(net_keys_find("127.0.0.1", port, "ann", name,
	    sizeof name, key, sizeof key), 0);
	/* a later connection logs in by itself: the last account kept */
	w[2].c = client(NULL, false);
	net_client_start(w[2].c, tc_ms());
	e = await(w, 3, 2, NEV_ACCOUNT, 10000);
	assert_string_equal(e->name, "bob");
	assert_string_equal(e->text, "");
	net_client_free(w[2].c);

	/* both seek the same rated game: paired, each in a seat */
	net_client_seek(w[0].c, "congo", "60+0", 0, true, NULL, NULL);
	await(w, 2, 0, NEV_SEEKING, 5000);
	assert_true(net_client_seeking(w[0].c, &(long long){ 0 }));
	net_client_seek(w[1].c, NULL, "60+0", 0, true, NULL, NULL);
	for (i = 0; i < 2; i++) {
		e = await(w, 2, i, NEV_SEATED, 5000);
		assert_true(e->seat == WHITE || e->seat == BLACK);
		if (i == 0)
			white = e->seat == WHITE ? 0 : 1;
		e = await(w, 2, i, NEV_STATE, 5000);
		assert_true(e->rated);
		assert_int_equal(e->rating[0], 1500);
		assert_int_equal(e->rd[1], 350);
		await(w, 2, i, NEV_SYNC, 5000);
	}
	assert_int_equal(net_client_seat(w[white].c), WHITE);
	assert_int_equal(net_client_seat(w[1 - white].c), BLACK);

	/* a move each, then White takes its move back */
	assert_int_equal(net_client_move(w[white].c, 0, "c2c3", err,
	    sizeof err), 0);
	await_move(w, 1 - white, 0);
	assert_int_equal(net_client_move(w[1 - white].c, 1, "b6c5", err,
	    sizeof err), 0);
	await_move(w, white, 1);
	assert_int_equal(net_client_takeback(w[white].c, "offer", err,
	    sizeof err), 0);
	e = await(w, 2, 1 - white, NEV_TAKEBACK, 5000);
	assert_string_equal(e->action, "offer");
	assert_int_equal(e->side, WHITE);
	assert_int_equal(net_client_takeback(w[1 - white].c, "accept", err,
	    sizeof err), 0);
	for (i = 0; i < 2; i++) {
		e = await(w, 2, i, NEV_UNDO, 5000);
		assert_int_equal(e->ply, 0);
		await(w, 2, i, NEV_SYNC, 5000);
		assert_int_equal(net_client_game(w[i].c)->nply, 0);
	}
	/* an offer declined: the offerer is told */
	assert_int_equal(net_client_move(w[white].c, 0, "c2c3", err,
	    sizeof err), 0);
	await_move(w, 1 - white, 0);
	assert_int_equal(net_client_takeback(w[white].c, "offer", err,
	    sizeof err), 0);
	await(w, 2, 1 - white, NEV_TAKEBACK, 5000);
	assert_int_equal(net_client_takeback(w[1 - white].c, "decline", err,
	    sizeof err), 0);
	do
		e = await(w, 2, white, NEV_TAKEBACK, 5000);
	while (strcmp(e->action, "decline") != 0);
	assert_int_equal(e->side, BLACK);

	/* Black moves, then resigns: a rated result, both changes */
	assert_int_equal(net_client_move(w[1 - white].c, 1, "b6c5", err,
	    sizeof err), 0);
	await_move(w, white, 1);
	assert_int_equal(net_client_resign(w[1 - white].c, err, sizeof err),
	    0);
	for (i = 0; i < 2; i++) {
		e = await(w, 2, i, NEV_RESULT, 5000);
		assert_string_equal(e->result, "1-0");
		assert_true(e->rated);
		assert_true(e->rating[WHITE] > 1500);
		assert_true(e->rating[BLACK] < 1500);
		assert_true(e->diff[WHITE] > 0);
		assert_int_equal(e->diff[WHITE] + e->diff[BLACK], 0);
	}

	/* the lists: WHOIS, GAMES and the game's RECORD */
	/* Black lost: its rating is under 1500 */
	assert_int_equal(net_client_query(w[0].c, "WHOIS", white == 0 ?
	    "name=bob" : "name=ann"), 0);
	e = await(w, 2, 0, NEV_ITEMS, 5000);
	assert_string_equal(e->verb, "WHOIS");
	assert_true(net_kv_get(e->text, "name", name, sizeof name));
	assert_string_equal(name, white == 0 ? "bob" : "ann");
	e = await(w, 2, 0, NEV_ITEM, 5000);
	assert_true(net_kv_get(e->text, "rating", name, sizeof name));
	assert_true(atoi(name) < 1500);
	await(w, 2, 0, NEV_ITEMS_END, 5000);
	snprintf(key, sizeof key, "game=%s", net_client_game_id(w[0].c));
	assert_int_equal(net_client_query(w[0].c, "RECORD", key), 0);
	e = await(w, 2, 0, NEV_ITEMS, 5000);
	assert_string_equal(e->verb, "RECORD");
	e = await(w, 2, 0, NEV_ITEM, 5000);
	assert_true(e->text[0] == '[');
	await(w, 2, 0, NEV_ITEMS_END, 5000);
	/* a refused list ends too */
	assert_int_equal(net_client_query(w[0].c, "WHOIS", "name=nobody"), 0);
	e = await(w, 2, 0, NEV_ERROR, 5000);
	assert_string_equal(e->verb, "WHOIS");
	await(w, 2, 0, NEV_ITEMS_END, 5000);
	for (i = 0; i < 2; i++)
		net_client_free(w[i].c);
}

/* A seek withdrawn is gone: the other seeker is not paired with it. */
static void
test_unseek(void **state)
{
	struct who w[2];
	const struct net_event *e;
	long long since;
	int k;

	(void)state;
	memset(w, 0, sizeof w);
	w[0].c = client("ann", false);
	w[1].c = client("bob", false);
	for (k = 0; k < 2; k++)
		net_client_start(w[k].c, tc_ms());
	await(w, 2, 0, NEV_ACCOUNT, 10000);
	await(w, 2, 1, NEV_ACCOUNT, 10000);
	net_client_seek(w[0].c, NULL, "120+1", 0, false, NULL, NULL);
	await(w, 2, 0, NEV_SEEKING, 5000);
	net_client_unseek(w[0].c);
	assert_false(net_client_seeking(w[0].c, &since));
	assert_int_equal(net_client_query(w[1].c, "SEEKS", ""), 0);
	e = await(w, 2, 1, NEV_ITEMS, 5000);
	assert_true(strstr(e->text, "n=0") != NULL);
	net_client_seek(w[1].c, NULL, "120+1", 0, false, NULL, NULL);
	await(w, 2, 1, NEV_SEEKING, 5000);
	for (k = 0; k < 20; k++)
		cli_pump_once(w, 2, 50);
	for (k = 0; k < w[1].nev; k++)
		assert_int_not_equal(w[1].ev[k].kind, NEV_SEATED);
	for (k = 0; k < 2; k++)
		net_client_free(w[k].c);
}

/* A correspondence challenge (issue 36): sent to bob, who is told and
 * accepts it; the deadline of each turn; bob's games from another
 * machine (GAMES mine=yes) and his seat taken back there without a token
 * (REJOIN by account); a challenge declined, one withdrawn. */
static void
test_challenge_corr(void **state)
{
	struct who w[3];
	const struct net_event *e;
	char game[16], v[64], err[200];
	long long deadline, now = util_wall_ms();
	int k, days;

	(void)state;
	memset(w, 0, sizeof w);
	w[0].c = client("ann", false);
	w[1].c = client("bob", false);
	for (k = 0; k < 2; k++)
		net_client_start(w[k].c, tc_ms());
	await(w, 2, 0, NEV_ACCOUNT, 10000);
	await(w, 2, 1, NEV_ACCOUNT, 10000);
	net_client_challenge(w[0].c, "bob", NULL, NULL, 1, false, "white");
	e = await(w, 2, 0, NEV_SEATED, 5000);
	assert_int_equal(e->seat, WHITE);
	snprintf(game, sizeof game, "%s", net_client_game_id(w[0].c));
	e = await(w, 2, 0, NEV_STATE, 5000);
	assert_string_equal(e->status, "open");
	assert_int_equal(e->days, 1);
	assert_true(net_client_deadline(w[0].c, &deadline, &days));
	assert_int_equal(days, 1);
	assert_true(deadline == 0);      /* nobody's turn yet */
	/* bob is told, and lists it */
	e = await(w, 2, 1, NEV_CHALLENGED, 5000);
	assert_string_equal(e->game, game);
	assert_string_equal(e->name, "ann");
	assert_int_equal(e->days, 1);
	assert_int_equal(e->seat, BLACK);
	assert_false(e->rated);
	assert_int_equal(net_client_query(w[1].c, "CHALLENGES", ""), 0);
	e = await(w, 2, 1, NEV_ITEMS, 5000);
	assert_string_equal(e->verb, "CHALLENGES");
	e = await(w, 2, 1, NEV_ITEM, 5000);
	assert_true(net_kv_get(e->text, "game", v, sizeof v));
	assert_string_equal(v, game);
	assert_true(net_kv_get(e->text, "to", v, sizeof v));
	assert_string_equal(v, "bob");
	await(w, 2, 1, NEV_ITEMS_END, 5000);
	/* accepted: White's deadline, a day from now */
	net_client_join(w[1].c, game, BLACK);
	e = await(w, 2, 1, NEV_STATE, 5000);
	assert_string_equal(e->status, "active");
	assert_int_equal(e->days, 1);
	assert_true(e->deadline > now + 23 * 3600000LL &&
	    e->deadline < now + 25 * 3600000LL);
	await(w, 2, 1, NEV_SYNC, 5000);
	e = await(w, 2, 0, NEV_JOINED, 5000);
	assert_true(e->deadline > now);
	assert_true(net_client_deadline(w[0].c, &deadline, &days));
	assert_true(deadline > now);
	assert_int_equal(net_client_move(w[0].c, 0, "c2c3", err, sizeof err),
	    0);
	do
		e = await(w, 2, 1, NEV_MOVE, 5000);
	while (e->ply != 0);
	assert_true(e->deadline > now);

	/* bob on another machine: his games, then his seat without a token */
	w[2].c = client("bob", false);
	net_client_start(w[2].c, tc_ms());
	await(w, 3, 2, NEV_ACCOUNT, 10000);
	assert_int_equal(net_client_query(w[2].c, "MINE", ""), 0);
	e = await(w, 3, 2, NEV_ITEMS, 5000);
	assert_string_equal(e->verb, "MINE");
	e = await(w, 3, 2, NEV_ITEM, 5000);
	assert_true(net_kv_get(e->text, "game", v, sizeof v));
	assert_string_equal(v, game);
	assert_true(net_kv_get(e->text, "yourturn", v, sizeof v));
	assert_string_equal(v, "1");
	assert_true(net_kv_get(e->text, "deadline", v, sizeof v));
	await(w, 3, 2, NEV_ITEMS_END, 5000);
	assert_int_equal(net_client_rejoin_account(w[2].c, game, -1, err,
	    sizeof err), 0);
	e = await(w, 3, 2, NEV_SEATED, 5000);
	assert_int_equal(e->seat, BLACK);
	await(w, 3, 2, NEV_SYNC, 5000);
	assert_int_equal(net_client_game(w[2].c)->nply, 1);
	assert_true(net_client_deadline(w[2].c, &deadline, &days));
	assert_true(deadline > now);
	assert_int_equal(net_client_move(w[2].c, 1, "b6b5", err, sizeof err),
	    0);
	await(w, 3, 2, NEV_MOVE_OK, 5000);
	e = await(w, 3, 1, NEV_PRESENCE, 5000);
	assert_string_equal(e->presence, "replaced");

	/* a challenge declined, another withdrawn */
	net_client_leave(w[0].c, tc_ms());
	await(w, 3, 0, NEV_ACCOUNT, 10000);
	net_client_challenge(w[0].c, "bob", NULL, "300+5", 0, false, NULL);
	await(w, 3, 0, NEV_SEATED, 5000);
	snprintf(game, sizeof game, "%s", net_client_game_id(w[0].c));
	e = await(w, 3, 2, NEV_CHALLENGED, 5000);
	assert_string_equal(e->clock, "300+5");
	assert_int_equal(net_client_cancel_game(w[2].c, game, err,
	    sizeof err), 0);
	e = await(w, 3, 0, NEV_RESULT, 5000);
	assert_string_equal(e->reason, "declined");
	net_client_leave(w[0].c, tc_ms());
	await(w, 3, 0, NEV_ACCOUNT, 10000);
	net_client_challenge(w[0].c, "bob", "megapawn", NULL, 3, false, NULL);
	await(w, 3, 0, NEV_SEATED, 5000);
	snprintf(game, sizeof game, "%s", net_client_game_id(w[0].c));
	assert_int_equal(net_client_cancel_game(w[0].c, game, err,
	    sizeof err), 0);
	e = await(w, 3, 0, NEV_RESULT, 5000);
	assert_string_equal(e->reason, "cancelled");
	/* refused: told, and no longer challenging */
	net_client_challenge(w[0].c, "nobody", NULL, NULL, 1, false, NULL);
	e = await(w, 3, 0, NEV_ERROR, 5000);
	assert_string_equal(e->verb, "CHALLENGE");
	assert_int_equal(e->code, 404);
	for (k = 0; k < 3; k++)
		net_client_free(w[k].c);
}

TEST_MAIN(group_setup, cli_group_teardown,
	cmocka_unit_test(test_keys_file),
	cmocka_unit_test(test_keys_two_writers),
	cmocka_unit_test(test_register_seek_takeback),
	cmocka_unit_test(test_unseek),
	cmocka_unit_test(test_challenge_corr))
