/*
 * test_net_pg_spect.c: the watchers' own chat across servers sharing one
 * PostgreSQL (issue 62): a watcher's SAY on A is heard by a watcher of
 * the game on B (SAID side=spectator name=..), and the other way; the
 * players, on A and on B, never hear it, and it is not stored (a watcher
 * reading the game from the tables does not see it).
 */
#include <stdio.h>
#include <string.h>

#include "test_net_pg.h"

/* Spaces kept as they are (two together), UTF-8, a percent sign. */
static const char line_a[] = "what  a move: 100% \xe2\x98\x83 c6xc4";

/* c's SAID of game id from a watcher, within T: name= and the words. */
static void
heard(struct tc *c, const char *id, const char *name, const char *text)
{
	char want[300];
	const char *l;

	snprintf(want, sizeof want, " SAID side=spectator name=%s :", name);
	l = ev2(c, id, want);
	assert_non_null(l);
	assert_string_equal(strstr(l, want) + strlen(want), text);
}

/* c's events of game id up to white's SAID text: no watcher's line. */
static void
none_until(struct tc *c, const char *id, const char *text)
{
	char prefix[32];

	snprintf(prefix, sizeof prefix, "EV %s ", id);
	for (;;) {
		assert_non_null(tc_wait(c, prefix, T));
		if (strstr(c->line, "side=spectator") != NULL)
			fail_msg("a player heard the watchers: %s", c->line);
		if (strstr(c->line, " SAID side=white :") != NULL &&
		    strcmp(strstr(c->line, " :") + 2, text) == 0)
			return;
	}
}

void
test_spectators_across(void **state)
{
	struct tc *w, *b, *oa, *ob, *od;
	char id[16], key[40];

	(void)state;
	w = hello_from(port_a, 0);
	b = hello_from(port_b, 0);
	new_game(w, "spw", b, "spb", "", id);
	oa = hello_from(port_a, 0);
	account(oa, "specwatch", key);
	tc_ask(oa, "OK #o OBSERVE", "#o OBSERVE game=%s", id);
	ob = hello_from(port_b, 0);
	tc_ask(ob, "OK #o OBSERVE", "#o OBSERVE game=%s", id);
	/* A's watcher to B's, and B's to A's. */
	tc_ask(oa, "OK #t SAY", "#t SAY game=%s :%s", id, line_a);
	heard(oa, id, "specwatch", line_a);
	heard(ob, id, "specwatch", line_a);
	tc_ask(ob, "OK #t SAY", "#t SAY game=%s :seen from B", id);
	heard(ob, id, "anonymous", "seen from B");
	heard(oa, id, "anonymous", "seen from B");
	/* The players, on A and on B, hear the next player's line and no
	 * watcher's before it. */
	tc_ask(w, "OK #s SAY", "#s SAY game=%s :players only", id);
	none_until(w, id, "players only");
	none_until(b, id, "players only");
	/* Not stored: read from the tables, the game has no watcher's line. */
	od = hello_from(port_c != 0 ? port_c : port_b, 0);
	tc_ask(od, "OK #o OBSERVE", "#o OBSERVE game=%s since=0", id);
	none_until(od, id, "players only");
	tc_free(w);
	tc_free(b);
	tc_free(oa);
	tc_free(ob);
	tc_free(od);
}
