/*
 * test_net_identity.c: names that cannot be worn by others (issue 33, 1),
 * on an SQLite store, driven through the session. A registered name is its
 * account's without regard to case: a guest's CREATE, JOIN and SEEK under
 * it get 409 NAME_TAKEN. A guest who played under a name before it was
 * registered stays a guest: shown NAME(guest) in LIST, GAMES and RECORD,
 * not counted by WHOIS, its seat not the account's. A connection logs in
 * once (409 ALREADY_LOGGED_IN); one connection or account never holds both
 * seats of a rated game (409 SAME_PLAYER); a guest's seek is shown
 * NAME(guest) in SEEKS, also once its name is registered; a logged-in account takes its
 * seat without the token (REJOIN game=), the older connection told
 * PRESENCE state=replaced, anyone else 401 BAD_TOKEN counted as a wrong
 * token; which seats are accounts' survives a restart; a database an
 * older server wrote (no account=1) credits only its rated games.
 */
#include <sqlite3.h>

#include "test_net_acct.h"
#include "test_main.h"

static void
login(struct t_fake *f, int conn, const char *name, const char *key)
{
	t_ask(f, conn, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
}

/* conn creates a game as white (its name= words in extra): its id. */
static void
create(struct t_fake *f, int conn, const char *extra, char *id)
{
	const char *l;

	l = t_ask(f, conn, "OK #c CREATE", "#c CREATE seat=white %s", extra);
	t_val(l, "game", id, 16);
	t_drain(f, conn);
}

static void
test_name_taken(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char key[40], id[16], game[16];
	const char *l;

	(void)state;
	t_hellos(f, 3);
	reg(f, 0, "Alice", key);
	/* A guest under alice's name, in any case: refused, nothing
	 * stored. */
	t_ask(f, 1, "ERR #c 409 NAME_TAKEN :Alice is a registered account",
	    "#c CREATE seat=white name=alice");
	t_ask(f, 1, "ERR #c 409 NAME_TAKEN",
	    "#c CREATE seat=black name=ALICE clock=300+0");
	/* without a seat too (PROTOCOL.md: CREATE with name= of an
	 * account) */
	t_ask(f, 1, "ERR #c 409 NAME_TAKEN", "#c CREATE name=ALICE");
	create(f, 2, "name=zed", game);
	t_ask(f, 1, "ERR #j 409 NAME_TAKEN",
	    "#j JOIN game=%s seat=black name=aLiCe", game);
	t_ask(f, 1, "ERR #s 409 NAME_TAKEN", "#s SEEK clock=300+0 name=Alice");
	t_ask(f, 1, "OK #s SEEKS n=0", "#s SEEKS");
	t_nothing(f, 2);
	/* Names no account has, and the guests' own, are free. */
	create(f, 1, "name=alice.b", id);
	create(f, 1, "", id);
	t_ask(f, 1, "ERR #r 409 NAME_TAKEN :that name is kept for guests",
	    "#r REGISTER name=Anonymous");
	/* The account itself plays under it; STATE says whose seat is an
	 * account's. */
	login(f, 0, "alice", key);
	t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white name=whatever");
	l = t_event(f, 0, " white=Alice ");
	assert_non_null(strstr(l, " waccount=1 "));
	assert_null(strstr(l, "baccount"));
	t_ask(f, 0, "OK #j JOIN", "#j JOIN game=%s seat=black", game);
	l = t_event(f, 0, " white=zed black=Alice ");
	assert_null(strstr(l, "waccount"));
	assert_non_null(strstr(l, " baccount=1 "));
	t_event(f, 2, " JOINED seat=black name=Alice account=1");
	/* CANCEL by one who holds no seat of it, at ply 0: said so (not
	 * that both sides have moved) */
	t_ask(f, 1, "ERR #x 403 NOT_YOUR_SEAT :you hold no seat in this game",
	    "#x CANCEL game=%s", game);
	t_db_free(f);
}

/* A guest played as carol before carol registered: her account gets none
 * of it, and the lists show the guest as a guest. */
static void
test_guest_before_register(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char key[40], id[16], mine[16];
	const char *l;
	int i, n;
	bool tag = false;

	(void)state;
	t_hellos(f, 3);
	create(f, 0, "name=carol", id);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black name=dave", id);
	t_drain(f, 1);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #x RESIGN", "#x RESIGN game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	reg(f, 2, "Carol", key);
	login(f, 2, "carol", key);
	/* Her own game: hers. */
	create(f, 2, "", mine);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black name=dave",
	    mine);
	t_drain(f, 1);
	t_ask(f, 1, "OK #x RESIGN", "#x RESIGN game=%s", mine);
	t_drain(f, 1);
	t_drain(f, 2);
	l = t_ask(f, 1, "OK #w WHOIS name=Carol ", "#w WHOIS name=carol");
	/* (WHOIS counts rated games played: hers is unrated and was
	 * resigned before both moved; GAMES lists it as hers.) */
	assert_non_null(strstr(l, " games=0 "));
	t_ask(f, 1, "OK #g GAMES n=1", "#g GAMES player=CAROL");
	l = t_expect(f, 1, "ITEM #g game=");
	assert_non_null(strstr(l, mine));
	assert_non_null(strstr(l, " white=Carol black=dave "));
	/* A name no account has: its games as before. */
	t_ask(f, 1, "OK #g GAMES n=2", "#g GAMES player=dave");
	for (i = 0; i < 2; i++) {
		/* (Both may have ended in the same millisecond.) */
		l = t_expect(f, 1, "ITEM #g game=");
		assert_non_null(strstr(l, strstr(l, id) != NULL ?
		    " white=carol(guest) black=dave " :
		    " white=Carol black=dave "));
		/* Which seats are accounts': carol's own game's white. */
		assert_true((strstr(l, " waccount=1") != NULL) ==
		    (strstr(l, id) == NULL));
		assert_null(strstr(l, "baccount"));
	}
	t_ask(f, 1, "OK #l LIST n=2", "#l LIST status=finished");
	for (i = 0; i < 2; i++) {
		l = t_expect(f, 1, "ITEM #l game=");
		assert_non_null(strstr(l, strstr(l, id) != NULL ?
		    " white=carol(guest) black=dave " :
		    " white=Carol black=dave "));
		assert_true((strstr(l, " waccount=1") != NULL) ==
		    (strstr(l, id) == NULL));
	}
	l = t_ask(f, 1, "OK #x RECORD", "#x RECORD game=%s", id);
	n = atoi(strstr(l, " n=") + 3);
	for (i = 0; i < n; i++) {
		l = t_expect(f, 1, "ITEM #x :");
		if (strncmp(l + 9, "[White ", 7) == 0) {
			assert_string_equal(l + 9, "[White \"carol(guest)\"]");
			tag = true;
		}
	}
	assert_true(tag);
	/* The guest's seat is not carol's to take without its token. */
	t_ask(f, 2, "ERR #r 401 BAD_TOKEN", "#r REJOIN game=%s", id);
	t_db_free(f);
}

/* A guest seeks as erin, then erin registers: SEEKS shows the guest's
 * seek as a guest's, the account's own as hers. */
static void
test_guest_seek_shown(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char key[40];
	const char *l;
	int i;

	(void)state;
	t_hellos(f, 3);
	t_ask(f, 0, "OK #s SEEK", "#s SEEK clock=300+0 name=erin");
	reg(f, 1, "Erin", key);
	login(f, 1, "erin", key);
	t_ask(f, 1, "OK #s SEEK", "#s SEEK clock=600+5");
	t_ask(f, 2, "OK #l SEEKS n=2", "#l SEEKS");
	for (i = 0; i < 2; i++) {
		l = t_expect(f, 2, "ITEM #l seek=");
		assert_non_null(strstr(l, strstr(l, " clock=300+0 ") != NULL ?
		    " name=erin(guest) rating=- " : " name=Erin rating=1500 "));
	}
	t_db_free(f);
}

static void
test_login_once(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char ka[40], kb[40];

	(void)state;
	t_hello(f, 0, "10.0.0.1");
	reg(f, 0, "ann", ka);
	reg(f, 0, "bob", kb);
	login(f, 0, "ann", ka);
	t_ask(f, 0, "ERR #l 409 ALREADY_LOGGED_IN", "#l LOGIN name=bob key=%s",
	    kb);
	t_ask(f, 0, "ERR #l 409 ALREADY_LOGGED_IN", "#l LOGIN name=ann key=%s",
	    ka);
	t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white");
	assert_non_null(strstr(t_expect(f, 0, "EV "), " white=ann "));
	t_db_free(f);
}

/* One account, one seat of a rated game: not by JOIN from another
 * connection of it, not by the other seat's token, not by seeking. */
static void
test_same_player(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char ka[40], kb[40], id[16], tb[40];
	const char *l;

	(void)state;
	t_hellos(f, 4);
	reg(f, 0, "ann", ka);
	reg(f, 2, "bob", kb);
	login(f, 0, "ann", ka);
	login(f, 1, "ANN", ka);
	login(f, 2, "bob", kb);
	create(f, 0, "rated=yes clock=300+0", id);
	t_ask(f, 0, "ERR #j 409 SAME_PLAYER", "#j JOIN game=%s seat=black",
	    id);
	t_ask(f, 1, "ERR #j 409 SAME_PLAYER", "#j JOIN game=%s seat=black",
	    id);
	l = t_ask(f, 2, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_val(l, "token", tb, sizeof tb);
	t_drain(f, 0);
	t_drain(f, 2);
	/* bob's token does not give ann's connections his seat too. */
	t_ask(f, 0, "ERR #r 409 SAME_PLAYER", "#r REJOIN game=%s token=%s", id,
	    tb);
	t_ask(f, 1, "ERR #r 409 SAME_PLAYER", "#r REJOIN game=%s token=%s", id,
	    tb);
	t_nothing(f, 2);
	/* Two rated seeks of one account are never paired. */
	t_hello(f, 4, "10.0.4.1");
	login(f, 4, "bob", kb);
	t_ask(f, 3, "OK #l LOGIN", "#l LOGIN name=bob key=%s", kb);
	t_ask(f, 3, "OK #s SEEK", "#s SEEK clock=180+2 rated=yes");
	t_ask(f, 4, "OK #s SEEK", "#s SEEK clock=180+2 rated=yes");
	t_nothing(f, 3);
	t_nothing(f, 4);
	t_db_free(f);
}

static void
test_rejoin_by_account(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char ka[40], kb[40], id[16], id2[16], want[96], want2[96];
	const char *l;
	int i;

	(void)state;
	t_hellos(f, 4);
	reg(f, 0, "ann", ka);
	reg(f, 3, "bob", kb);
	login(f, 0, "ann", ka);
	create(f, 0, "", id);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black name=gus", id);
	t_drain(f, 0);
	t_drain(f, 1);
	/* ann from another machine: her seat, no token. */
	login(f, 2, "Ann", ka);
	t_say(f, 2, "#r REJOIN game=%s", id);
	snprintf(want, sizeof want, "OK #r REJOIN game=%s seat=white", id);
	t_expect(f, 2, want);
	t_event(f, 2, " STATE ");
	t_event(f, 0, " PRESENCE seat=white state=replaced");
	t_ask(f, 2, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", id);
	t_ask(f, 0, "ERR #m 403 NOT_YOUR_SEAT",
	    "#m MOVE game=%s ply=1 move=c6c5", id);
	t_drain(f, 1);
	t_drain(f, 2);
	/* Another account, or a guest: a wrong token, counted. */
	login(f, 3, "bob", kb);
	for (i = 0; i < 3; i++) {
		t_ask(f, 3, "ERR #r 401 BAD_TOKEN", "#r REJOIN game=%s", id);
	}
	t_ask(f, 3, "ERR #r 429 RATE_LIMITED", "#r REJOIN game=%s", id);
	t_ask(f, 1, "ERR #r 401 BAD_TOKEN", "#r REJOIN game=%s", id);
	/* The guest's seat is nobody's account's. */
	t_ask(f, 2, "ERR #r 401 BAD_TOKEN", "#r REJOIN game=%s seat=black",
	    id);
	/* An unrated game of ann against herself: seat= chooses, else the
	 * seat this connection does not hold yet. */
	t_drain(f, 0);
	create(f, 0, "", id2);
	t_ask(f, 0, "OK #j JOIN", "#j JOIN game=%s seat=black", id2);
	t_drain(f, 0);
	t_say(f, 2, "#r REJOIN game=%s seat=black", id2);
	snprintf(want2, sizeof want2, "OK #r REJOIN game=%s seat=black", id2);
	t_expect(f, 2, want2);
	t_drain(f, 2);
	t_say(f, 2, "#r REJOIN game=%s", id2);
	snprintf(want2, sizeof want2, "OK #r REJOIN game=%s seat=white", id2);
	t_expect(f, 2, want2);
	t_db_free(f);

	/* After a restart the seat is still ann's. */
	f = t_db_restart(NULL);
	t_hello(f, 0, "10.0.0.1");
	login(f, 0, "ann", ka);
	t_ask(f, 0, want, "#r REJOIN game=%s", id);
	l = t_event(f, 0, " waccount=1 ");
	assert_null(strstr(l, "baccount"));
	t_db_free(f);
}

/* A database an older server wrote: no JOINED says account=1. Its rated
 * games' seats are their accounts' still; an unrated game under an
 * account's name is taken as a guest's (nothing tells them apart). */
static void
test_old_database(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char ka[40], kb[40], rated[16], casual[16];
	const char *l;
	sqlite3 *db;
	int i;

	(void)state;
	t_hellos(f, 2);
	reg(f, 0, "ann", ka);
	reg(f, 1, "bob", kb);
	login(f, 0, "ann", ka);
	login(f, 1, "bob", kb);
	create(f, 0, "rated=yes clock=300+0", rated);
	create(f, 0, "", casual);
	for (i = 0; i < 2; i++) {
		const char *id = i == 0 ? rated : casual;
		t_join_moves(f, id, "");
		t_say(f, 1, "#x RESIGN game=%s", id);
		t_drain(f, 0);
		t_drain(f, 1);
	}
	t_db_free(f);
	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "UPDATE events SET body = "
	    "replace(body, ' account=1', '') WHERE kind = 'JOINED'", NULL,
	    NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_changes(db), 4);
	sqlite3_close(db);
	f = t_db_restart(NULL);
	t_hello(f, 0, "10.0.0.1");
	t_say(f, 0, "#w WHOIS name=ann");
	assert_non_null(strstr(t_expect(f, 0, "OK #w WHOIS"), " games=1 "));
	t_drain(f, 0);
	t_ask(f, 0, "OK #g GAMES n=1", "#g GAMES player=bob");
	l = t_expect(f, 0, "ITEM #g game=");
	assert_non_null(strstr(l, rated));
	assert_non_null(strstr(l, " white=ann black=bob "));
	assert_non_null(strstr(l, " waccount=1 baccount=1"));
	t_ask(f, 0, "OK #l LIST n=2", "#l LIST status=finished");
	l = t_expect(f, 0, "ITEM #l game=");
	if (strstr(l, casual) == NULL)
		l = t_expect(f, 0, "ITEM #l game=");
	assert_non_null(strstr(l, " white=ann(guest) black=bob(guest) "));
	t_db_free(f);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_name_taken),
	T_DB_TEST(test_guest_before_register),
	T_DB_TEST(test_guest_seek_shown),
	T_DB_TEST(test_login_once),
	T_DB_TEST(test_same_player),
	T_DB_TEST(test_rejoin_by_account),
	T_DB_TEST(test_old_database))
