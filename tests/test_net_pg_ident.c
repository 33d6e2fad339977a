/*
 * test_net_pg_ident.c: names that belong to accounts on two servers sharing
 * PostgreSQL (issue 33, 1). A guest who played as idcarol before she
 * registered stays a guest: not in her WHOIS games= or GAMES, shown
 * idcarol(guest) in LIST and GAMES; after she registers (on A) a guest on B
 * cannot take her name (409 NAME_TAKEN); logged in on B she takes her seat
 * of a game she plays on A without its token, and A's connection is told
 * PRESENCE state=replaced; a second LOGIN is refused. A rated JOIN on a
 * server that does not allow two players of one network to meet is refused
 * from the network of the seat held on the other server (409 SAME_NETWORK).
 */
#include "test_net_pg.h"

/* The ITEM of game id among the lines of c's reply to tag, or NULL. */
static const char *
item_of(struct tc *c, const char *tag, const char *id)
{
	char item[32];
	const char *hit = NULL;
	static char line[sizeof c->line];
	long n;

	snprintf(item, sizeof item, "ITEM %s ", tag);
	if (strncmp(reply(c, tag), "OK ", 3) != 0)
		return NULL;
	n = strtol(strstr(c->line, " n=") + 3, NULL, 10);
	while (n-- > 0) {
		if (tc_wait(c, item, T) == NULL)
			return NULL;
		if (hit == NULL && strstr(c->line, id) != NULL) {
			snprintf(line, sizeof line, "%s", c->line);
			hit = line;
		}
	}
	return hit;
}

void
test_identity_across(void **state)
{
	struct tc *g, *h, *a, *a2, *b;
	char id[16], mine[16], key[40];
	const char *l;

	(void)state;
	g = hello_from(port_b, 93);
	h = hello_from(port_a, 93);
	a = hello_from(port_a, 93);
	a2 = hello_from(port_b, 93);
	/* A guest game under the name, finished before it is registered. */
	new_game(g, "idcarol", h, "iddave", "", id);
	send_ok(g, "#m MOVE game=%s ply=0 move=c2c3", id);
	send_ok(h, "#x RESIGN game=%s", id);
	tc_ask(a, "OK #r REGISTER name=IdCarol key=",
	    "#r REGISTER name=IdCarol");
	tc_val(a->line, "key", key, sizeof key);
	send_ok(a, "#l LOGIN name=idcarol key=%s", key);
	tc_send(a, "#l2 LOGIN name=idcarol key=%s", key);
	assert_non_null(strstr(reply(a, "#l2"), "ERR #l2 409 ALREADY_LOGGED_IN"));
	/* Not hers: not counted, not in her games, shown as a guest. */
	tc_send(h, "#w WHOIS name=idcarol");
	l = reply(h, "#w");
	assert_non_null(strstr(l, "OK #w WHOIS name=IdCarol "));
	assert_non_null(strstr(l, " games=0 "));
	tc_send(h, "#g GAMES player=IDCAROL");
	assert_non_null(strstr(reply(h, "#g"), "OK #g GAMES n=0"));
	tc_send(h, "#g GAMES player=iddave");
	assert_non_null(l = item_of(h, "#g", id));
	assert_non_null(strstr(l, " white=idcarol(guest) black=iddave "));
	tc_send(g, "#l LIST status=finished limit=100");
	assert_non_null(l = item_of(g, "#l", id));
	assert_non_null(strstr(l, " white=idcarol(guest) black=iddave "));
	assert_null(strstr(l, "account="));
	/* A guest on the other server may not take it now. */
	tc_send(g, "#c CREATE seat=white name=IDCAROL");
	assert_non_null(strstr(reply(g, "#c"), "ERR #c 409 NAME_TAKEN"));
	tc_send(g, "#s SEEK clock=300+0 name=idCarol");
	assert_non_null(strstr(reply(g, "#s"), "ERR #s 409 NAME_TAKEN"));
	/* Hers on A, her seat taken on B without the token. */
	tc_ask(a, "OK #c CREATE game=", "#c CREATE seat=white");
	tc_val(a->line, "game", mine, sizeof mine);
	send_ok(h, "#j JOIN game=%s seat=black name=iddave", mine);
	assert_non_null(ev2(a, mine, " JOINED seat=black name=iddave"));
	/* B knows A holds White before she takes it there: a taking on B
	 * that reached the database before A's own notice of its taking
	 * would count as the older (a race of milliseconds that a loaded
	 * machine under the sanitizers lost). */
	assert_true(state_shows(g, mine, " wpresent=1 "));
	send_ok(a2, "#l LOGIN name=IDCAROL key=%s", key);
	tc_send(a2, "#r REJOIN game=%s", mine);
	l = reply(a2, "#r");
	assert_non_null(strstr(l, "OK #r REJOIN"));
	assert_non_null(strstr(l, " seat=white"));
	assert_non_null(ev2(a, mine, " PRESENCE seat=white state=replaced"));
	/* Not the guest's seat. */
	assert_non_null(b = tc_hello(port_b));
	tc_send(b, "#r REJOIN game=%s", mine);
	assert_non_null(strstr(reply(b, "#r"), "ERR #r 401 BAD_TOKEN"));
	send_ok(a2, "#x RESIGN game=%s", mine);
	/* WHOIS counts rated games played (this one is neither: unrated,
	 * and resigned before both moved); GAMES lists it as hers. */
	tc_send(h, "#w WHOIS name=idcarol");
	assert_non_null(strstr(reply(h, "#w"), " games=0 "));
	tc_send(h, "#g GAMES player=idcarol");
	assert_non_null(l = item_of(h, "#g", mine));
	assert_non_null(strstr(l, " white=IdCarol black=iddave "));
	assert_non_null(strstr(l, " waccount=1"));
	assert_null(strstr(l, "baccount"));
	tc_free(g);
	tc_free(h);
	tc_free(a);
	tc_free(a2);
	tc_free(b);
}

/* A rated game created on A from 127.94.1.1: D (started without
 * --rated-same-network) refuses a JOIN from 127.94.1.2, of the same /24,
 * as it would with the seat held on D (409 SAME_NETWORK); one from
 * 127.94.2.1 takes the seat. */
void
test_same_network_across(void **state)
{
	struct tc *w, *b, *c;
	char id[16], key[40];
	const char *l;

	(void)state;
	if (port_d == 0)
		skip();
	tc_from = (127u << 24) | (94u << 16) | (1u << 8) | 1;
	assert_non_null(w = tc_hello(port_a));
	tc_from++;
	assert_non_null(b = tc_hello(port_d));
	tc_from = (127u << 24) | (94u << 16) | (2u << 8) | 1;
	assert_non_null(c = tc_hello(port_d));
	tc_from = 0;
	account(w, "netann", key);
	account(b, "netbob", key);
	account(c, "netcid", key);
	tc_ask(w, "OK #c CREATE game=",
	    "#c CREATE seat=white rated=yes clock=300+0");
	tc_val(w->line, "game", id, sizeof id);
	/* D has heard that White's seat is held on A. */
	assert_true(state_shows(b, id, " wpresent=1 "));
	tc_send(b, "#j JOIN game=%s seat=black", id);
	l = reply(b, "#j");
	print_message("a JOIN on D from White's network: %s\n", l);
	assert_non_null(strstr(l, "ERR #j 409 SAME_NETWORK"));
	send_ok(c, "#j JOIN game=%s seat=black", id);
	tc_free(c);
	tc_free(b);
	tc_free(w);
}
