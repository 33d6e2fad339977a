/*
 * test_net_tourney_minrated.c: a tournament's minimum of rated games
 * (issue 60; PROTOCOL.md "Tournaments", TOURNEY's minrated=), through the
 * session on an SQLite store: minrated= out of 0-100 refused; TOURNEYS
 * says minrated=N; TJOIN of an account with fewer rated games in the
 * tournament's category (variant and speed) refused 403 saying why, and
 * taken after one rated game of that category; a tournament without
 * minrated= taken as before, and its item without the key. And a
 * Swiss's tiebreak= (buchholz or sb first): checked, said by TOURNEYS,
 * and STANDINGS' order by it.
 */
#include <unistd.h>

#include "test_net_util.h"
#include "test_main.h"
#include "net/server/sess_tourney.h"

/* REGISTER and LOGIN name on conn. */
static void
login(struct t_fake *f, int conn, const char *name)
{
	char key[40];
	const char *l;

	l = t_ask(f, conn, "OK #r REGISTER name=", "#r REGISTER name=%s",
	    name);
	t_val(l, "key", key, sizeof key);
	t_ask(f, conn, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
}

static void
test_minrated(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char tid[16], tid2[16], id[16];
	const char *l;

	(void)state;
	t_hellos(f, 2);
	login(f, 0, "ann");
	login(f, 1, "bob");
	t_ask(f, 0, "ERR #t 400 BAD_SYNTAX :minrated= is 0-100",
	    "#t TOURNEY kind=arena name=Big start=2030-01-01T20:00Z "
	    "minutes=60 clock=180+2 rated=yes minrated=101");
	l = t_ask(f, 0, "OK #t TOURNEY tourney=",
	    "#t TOURNEY kind=arena name=Big start=2030-01-01T20:00Z "
	    "minutes=60 clock=180+2 rated=yes minrated=1");
	t_val(l, "tourney", tid, sizeof tid);
	l = t_ask(f, 0, "OK #u TOURNEY tourney=",
	    "#u TOURNEY kind=arena name=Open start=2030-01-01T20:00Z "
	    "minutes=60 clock=180+2 rated=yes");
	t_val(l, "tourney", tid2, sizeof tid2);
	t_ask(f, 0, "OK #l TOURNEYS n=2", "#l TOURNEYS");
	l = t_expect(f, 0, "ITEM #l ");
	if (strstr(l, tid) == NULL)
		l = t_expect(f, 0, "ITEM #l ");
	assert_non_null(strstr(l, " rated=yes minrated=1 players=0"));
	t_drain(f, 0);
	/* No rated blitz game yet: refused, saying why. */
	t_ask(f, 1, "ERR #j 403 NOT_YOUR_SEAT :that tournament needs 1 rated "
	    "congo blitz games, you have 0", "#j TJOIN tourney=%s", tid);
	t_ask(f, 1, "OK #j TJOIN", "#j TJOIN tourney=%s", tid2);
	/* A rated game of another speed does not count... */
	l = t_ask(f, 0, "OK #c CREATE game=",
	    "#c CREATE seat=white rated=yes clock=1800+0");
	t_val(l, "game", id, sizeof id);
	t_drain(f, 0);
	t_ask(f, 1, "OK #g JOIN", "#g JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_both_moved(f, id);
	t_ask(f, 1, "OK #g RESIGN", "#g RESIGN game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "ERR #j 403 NOT_YOUR_SEAT :that tournament needs 1 rated "
	    "congo blitz games, you have 0", "#j TJOIN tourney=%s", tid);
	/* ...one of its category does. */
	l = t_ask(f, 0, "OK #c CREATE game=",
	    "#c CREATE seat=white rated=yes clock=180+2");
	t_val(l, "game", id, sizeof id);
	t_drain(f, 0);
	t_ask(f, 1, "OK #g JOIN", "#g JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_both_moved(f, id);
	t_ask(f, 1, "OK #g RESIGN", "#g RESIGN game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "OK #j TJOIN", "#j TJOIN tourney=%s", tid);
	t_db_free(f);
}

/* A Swiss's tiebreak=: checked, stored, said by TOURNEYS when sb. */
static void
test_tiebreak_arg(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	const char *l;

	(void)state;
	t_hellos(f, 1);
	login(f, 0, "ann");
	t_ask(f, 0, "ERR #t 400 BAD_SYNTAX :tiebreak= is buchholz or sb",
	    "#t TOURNEY kind=swiss name=S start=2030-01-01T20:00Z rounds=5 "
	    "clock=180+2 tiebreak=median");
	t_ask(f, 0, "ERR #t 400 BAD_SYNTAX :tiebreak= is a Swiss's",
	    "#t TOURNEY kind=arena name=A start=2030-01-01T20:00Z minutes=60 "
	    "clock=180+2 tiebreak=sb");
	t_ask(f, 0, "OK #t TOURNEY tourney=",
	    "#t TOURNEY kind=swiss name=S start=2030-01-01T20:00Z rounds=5 "
	    "clock=180+2 tiebreak=sb");
	t_ask(f, 0, "OK #l TOURNEYS n=1", "#l TOURNEYS");
	l = t_expect(f, 0, "ITEM #l ");
	assert_non_null(strstr(l, " rounds=5 round=0 tiebreak=sb clock="));
	t_db_free(f);
}

/* STANDINGS' order: points, then the tie-break chosen first. */
static void
test_tiebreak_order(void **state)
{
	struct tmem m[3];
	struct tourney t;
	int order[3];

	(void)state;
	memset(&t, 0, sizeof t);
	memset(m, 0, sizeof m);
	snprintf(t.t.kind, sizeof t.t.kind, "swiss");
	t.m = m;
	t.nm = 3;
	m[0].points = 4, m[0].buchholz = 20, m[0].sb = 8;
	m[1].points = 4, m[1].buchholz = 16, m[1].sb = 12;
	m[2].points = 6, m[2].buchholz = 10, m[2].sb = 4;
	tourney_standings(&t, order);
	assert_int_equal(order[0], 2);
	assert_int_equal(order[1], 0);  /* Buchholz first (the default) */
	assert_int_equal(order[2], 1);
	snprintf(t.t.tiebreak, sizeof t.t.tiebreak, "sb");
	tourney_standings(&t, order);
	assert_int_equal(order[0], 2);
	assert_int_equal(order[1], 1);  /* Sonneborn-Berger first */
	assert_int_equal(order[2], 0);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_minrated),
	T_DB_TEST(test_tiebreak_arg),
	cmocka_unit_test(test_tiebreak_order))
