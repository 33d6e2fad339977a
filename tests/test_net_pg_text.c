/*
 * test_net_pg_text.c: a player's own words through the PostgreSQL store
 * unchanged (issue 58): quotes, backslashes, $1, a statement's end and
 * another, UTF-8 in a SAY are bound as values, never text of a statement.
 * Heard on another server (its notice), on a server that reads every
 * notice from the tables (C), and replayed from the tables by a server
 * that did not hold the game (D: OBSERVE since=0).
 */
#include <string.h>

#include "test_net_pg.h"

/* Hostile to a statement that held it as text (at most 200 bytes). */
static const char words[] = "it's \"quoted\" \\ back\\\\slash $1 $2[1] "
    "'); DROP TABLE events; -- \xce\xa9\xce\xbc\xce\xad\xce\xb3\xce\xb1 "
    "\xe8\xb1\xa1\xe6\xa3\x8b \xe2\x98\x83 E'\\x27' %s %%";

/* c's SAID of game id (from white), within T: its words exactly. */
static void
said(struct tc *c, const char *id)
{
	const char *l = ev2(c, id, " SAID side=white :");
	const char *at;

	assert_non_null(l);
	at = strstr(l, " SAID side=white :") + strlen(" SAID side=white :");
	assert_string_equal(at, words);
}

void
test_text_across(void **state)
{
	struct tc *w, *b, *oc = NULL, *od;
	char id[16];

	(void)state;
	w = hello_from(port_a, 0);
	b = hello_from(port_b, 0);
	new_game(w, "txa", b, "txb", "", id);
	if (port_c != 0) {
		oc = hello_from(port_c, 0);
		tc_ask(oc, "OK #o OBSERVE", "#o OBSERVE game=%s", id);
	}
	tc_ask(w, "OK #s SAY", "#s SAY game=%s :%s", id, words);
	said(b, id);
	if (oc != NULL)
		said(oc, id);
	/* Read from the tables by a server that never held the game. */
	od = hello_from(port_d != 0 ? port_d : port_b, 0);
	tc_ask(od, "OK #o OBSERVE", "#o OBSERVE game=%s since=0", id);
	said(od, id);
	/* The tables all there: the game plays on. */
	tc_ask(w, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", id);
	assert_non_null(ev2(b, id, " MOVE ply=0 side=white move=c2c3 "));
	tc_free(w);
	tc_free(b);
	if (oc != NULL)
		tc_free(oc);
	tc_free(od);
}
