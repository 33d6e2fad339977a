/*
 * sess_tourney_berserk.c: BERSERK (issue 60; PROTOCOL.md BERSERK): in an
 * arena's game, a seated player before its own first move halves its own
 * time and drops its increment (src/tourn's arena_berserk_clock); the mark is stored with the
 * pairing (its win of 7 moves or more scores 1 more) and told to all as
 * EV <game> <seq> BERSERK side= wclock= bclock=.
 */
#include <stdio.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_tourney.h"
#include "tourn/tourn.h"

void
tourney_cmd_berserk(struct sess *s, int conn, const struct cgp_cmd *c)
{
	struct store_tpair *p;
	struct store_change ch;
	struct tourney *t;
	struct sgame *g;
	struct cgp_out o;
	long base, inc;
	int seat;

	if ((g = sess_want_game(s, conn, c)) == NULL)
		return;
	t = tourney_of_game(s, g->id, &p);
	if (t == NULL || t->t.kind[0] != 'a' || !g->timed) {
		sess_err(s, conn, c->tag, CGP_BAD_SYNTAX, "BERSERK is for an "
		    "arena's game");
		return;
	}
	if ((seat = sess_seat_of(g, conn, -1)) < 0) {
		sess_err(s, conn, c->tag, CGP_NOT_YOUR_SEAT, "not your seat");
		return;
	}
	if (g->over) {
		sess_err(s, conn, c->tag, CGP_GAME_OVER, "the game is over");
		return;
	}
	if ((g->moved & (1u << seat)) != 0 || p->berserk[seat]) {
		sess_err(s, conn, c->tag, CGP_BAD_SYNTAX, "BERSERK comes "
		    "before your first move, once");
		return;
	}
	arena_berserk_clock((long)g->clock.left_ms[seat], (long)g->clock.inc_ms,
	    &base, &inc);
	g->clock.left_ms[seat] = base;
	g->clock.no_inc[seat] = inc == 0;
	p->berserk[seat] = true;
	store_change_accounts(&ch);
	store_tberserk(&ch, t->t.id, g->id, seat);
	cgp_out_ok(&o, c->tag, "BERSERK");
	cgp_out_kv(&o, "game", g->id);
	sess_submit(s, conn, c, &ch, &o, false, true);
	cgp_out_ev(&o, g->id, g->seq, "BERSERK");
	cgp_out_kv(&o, "side", cgp_seat_name(seat));
	cgp_out_kvi(&o, "wclock", (long)clock_left(&g->clock, 0, s->now));
	cgp_out_kvi(&o, "bclock", (long)clock_left(&g->clock, 1, s->now));
	sess_broadcast(s, g, &o, -1);
}
