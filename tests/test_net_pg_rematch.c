/*
 * test_net_pg_rematch.c: a rematch with its two players on two servers on
 * one PostgreSQL. Each player is told its new seat and token on its own
 * connection, whichever server made the game (PROTOCOL.md REMATCH), and
 * both play it. Before, only the player whose REMATCH completed it was
 * told; the other never got a seat.
 */
#include "test_net_pg.h"

/* A REMATCHED of game old on c: the new game and token into id and tok,
 * its seat checked. */
static void
rematched(struct tc *c, const char *who, const char *old, const char *seat,
    char *id, char *tok)
{
	char want[32];
	const char *l = ev2(c, old, " REMATCHED game=");

	if (l == NULL)
		fail_msg("%s: no REMATCHED of %s on its own connection", who,
		    old);
	snprintf(want, sizeof want, " seat=%s ", seat);
	if (strstr(l, want) == NULL)
		fail_msg("%s: %s (wanted seat=%s)", who, l, seat);
	tc_val(l, "game", id, 16);
	tc_val(l, "token", tok, 40);
}

/* The finished game old between p (offering first) and q (completing):
 * both told their seats in the new game (p's seat ps); its id into id,
 * q's token into tq. */
static void
rematch_across(struct tc *p, const char *ps, struct tc *q, const char *qs,
    const char *old, char *id, char *tq)
{
	char idp[16], idq[16], tp[40];

	send_ok(p, "#a REMATCH game=%s", old);
	assert_non_null(ev2(q, old, " REMATCH action=offer "));
	send_ok(q, "#b REMATCH game=%s", old);
	rematched(q, "the player completing it", old, qs, idq, tq);
	rematched(p, "the player who offered first", old, ps, idp, tp);
	assert_string_equal(idp, idq);
	assert_string_not_equal(tp, tq);
	snprintf(id, 16, "%s", idp);
}

/* In game id, w (White) and b make a move each (m0, m1), each seen by
 * the other. */
static void
two_moves(struct tc *w, struct tc *b, const char *id, const char *m0,
    const char *m1)
{
	send_ok(w, "#m MOVE game=%s ply=0 move=%s", id, m0);
	assert_non_null(ev2(b, id, " MOVE ply=0 side=white "));
	send_ok(b, "#m MOVE game=%s ply=1 move=%s", id, m1);
	assert_non_null(ev2(w, id, " MOVE ply=1 side=black "));
}

/* In game id, c resigns; other sees the result. */
static void
resigns(struct tc *c, struct tc *other, const char *id)
{
	send_ok(c, "#g RESIGN game=%s", id);
	assert_non_null(ev2(other, id, " RESULT result=1-0 "));
}

/*
 * White on A, Black on B: A's player offers and B's completes the
 * rematch; then in the rematch B's player (now White) offers and A's
 * completes. Each time both are told their own seat and token, and both
 * play the new game; the token told on A takes its seat on B too.
 */
void
test_rematch_across(void **state)
{
	struct tc *a, *b, *x;
	char g1[16], g2[16], g3[16], tok[40];

	(void)state;
	a = hello_from(port_a, 88);
	b = hello_from(port_b, 89);
	new_game(a, "ra", b, "rb", "clock=300+0", g1);
	assert_non_null(ev2(a, g1, " JOINED seat=black"));
	two_moves(a, b, g1, "c2c3", "c6c5");
	resigns(b, a, g1);
	/* A offers, B completes: B is White now, A Black. */
	rematch_across(a, "black", b, "white", g1, g2, tok);
	two_moves(b, a, g2, "c2c3", "c6c5");
	resigns(a, b, g2);
	/* B offers, A completes: A is White again. */
	rematch_across(b, "black", a, "white", g2, g3, tok);
	two_moves(a, b, g3, "d2d3", "d6d5");
	/* The token told on A is the one B stored: it takes A's seat
	 * there. */
	assert_non_null(x = tc_hello(port_b));
	tc_ask(x, "OK #r REJOIN", "#r REJOIN game=%s token=%s", g3, tok);
	assert_non_null(strstr(x->line, " seat=white"));
	tc_free(x);
	tc_free(a);
	tc_free(b);
}
