/*
 * sess_presence.c: who is at the board, across the servers sharing a store.
 * A seat is present when a connection here holds it or the store says
 * another server's does; a CLAIM counts the opponent's absence from the
 * later of its leaving here and its leaving there.
 */
#include <stdio.h>
#include <string.h>

#include "net/server/sess_int.h"

void
sess_seat_here(struct sess *s, struct sgame *g, int seat, bool here)
{
	int c = g->holder[seat];

	if (s->io.store != NULL && s->io.store->presence != NULL)
		s->io.store->presence(s->io.store_ctx, g->id, seat, here,
		    here && c >= 0 ? s->conns[c].net : NULL);
}

bool
sess_present(struct sess *s, struct sgame *g, int seat)
{
	long long gone;

	if (g->holder[seat] >= 0)
		return true;
	return s->io.store != NULL && s->io.store->remote_presence != NULL &&
	    s->io.store->remote_presence(s->io.store_ctx, g->id, seat,
	    &gone) == 1;
}

long long
sess_gone_since(struct sess *s, struct sgame *g, int seat)
{
	long long gone = -1, at = g->gone_since[seat];

	if (s->io.store != NULL && s->io.store->remote_presence != NULL &&
	    s->io.store->remote_presence(s->io.store_ctx, g->id, seat,
	    &gone) == 0 && gone > at)
		at = gone;
	return at;
}

void
sess_remote_presence(struct sess *s, const char *game, int seat, bool here,
    bool newer)
{
	struct sgame *g = sess_find(s, game);
	int old;

	if (g == NULL)
		return;
	old = g->holder[seat];
	if (here && old >= 0 && newer) {
		/* Its player took the seat on another server (REJOIN
		 * there): the connection here holds it no more. */
		sess_presence_event(s, g, seat, "replaced", old, -1);
		g->holder[seat] = -1;
		g->gone_since[seat] = s->now;
		sess_member_check(s, old, g);
		sess_seat_here(s, g, seat, false);
		return;
	}
	if (old >= 0)
		return;         /* held here: nothing changes */
	if (!here)
		g->gone_since[seat] = util_now_ms();
	sess_presence_event(s, g, seat, here ? "back" : "gone", -1,
	    -1);
}
