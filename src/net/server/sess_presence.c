/*
 * sess_presence.c: who is at the board, across the servers sharing a store.
 * A seat is present when a connection here holds it or the store says
 * another server's does; a CLAIM counts the opponent's absence from the
 * later of its leaving here and its leaving there.
 */
#include <stdio.h>
#include <stdlib.h>
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

/* Its player took the seat on another server (REJOIN there): the
 * connection here holds it no more. */
static void
seat_replaced(struct sess *s, struct sgame *g, int seat)
{
	int old = g->holder[seat];

	sess_presence_event(s, g, seat, "replaced", old, -1);
	g->holder[seat] = -1;
	g->gone_since[seat] = s->now;
	sess_member_check(s, old, g);
	sess_seat_here(s, g, seat, false);
}

/* Another server's word that it holds a seat held here by a REJOIN whose
 * taking the store holds: the store says which taking is later, not the
 * notices' order. A notice is sent after its taking is stored, and may be
 * committed well after it (another server's CREATE's notice, held up
 * behind others, came after this server's REJOIN's, which had been
 * answered OK): that notice replaced the connection here while the store
 * held its taking, and the other server's connection was refused too
 * ('replaced', store_pg_hold.c): nobody could play the seat. */
struct holder_check {
	char game[CGP_ID_LEN + 1];
	int seat;
	char taking[STORE_TAKING_LEN + 1];     /* the one held here */
	char stored[STORE_TAKING_LEN + 1];     /* the store's */
	int rc;
	char err[256];
};

static void
holder_check_run(const struct store_ops *ops, void *ctx, void *arg)
{
	struct holder_check *j = arg;

	j->rc = ops->holder(ctx, j->game, j->seat, j->stored,
	    sizeof j->stored, j->err, sizeof j->err);
}

static void
holder_check_then(struct sess *s, struct sread *q, void *arg)
{
	struct holder_check *j = arg;
	struct sgame *g = sess_find(s, j->game);

	(void)q;
	if (g != NULL && g->holder[j->seat] >= 0 &&
	    strcmp(g->taking[j->seat], j->taking) == 0) {
		if (j->rc == 1 && strcmp(j->stored, j->taking) != 0)
			seat_replaced(s, g, j->seat);
		else if (j->rc < 0)
			sess_log(s, NET_LOG_ERROR, "game %s: %s: its holder "
			    "cannot be read (%s); kept here until the store "
			    "refuses its changes", g->id,
			    cgp_seat_name(j->seat), j->err);
		else
			sess_log(s, NET_LOG_INFO, "game %s: %s: another "
			    "server says it holds the seat, the store names "
			    "the taking here: kept", g->id,
			    cgp_seat_name(j->seat));
	}
	free(j);
}

void
sess_remote_presence(struct sess *s, const char *game, int seat, bool here,
    bool newer)
{
	struct sgame *g = sess_find(s, game);
	struct holder_check *j;
	struct sread want;
	int old;

	if (g == NULL)
		return;
	old = g->holder[seat];
	if (here && old >= 0 && strlen(g->taking[seat]) == STORE_TAKING_LEN &&
	    s->io.store->holder != NULL) {
		/* (also when the notices' order says ours is later: ours
		 * was held up in turn, theirs is later in the store) */
		j = xcalloc(1, sizeof *j);
		snprintf(j->game, sizeof j->game, "%s", g->id);
		j->seat = seat;
		memcpy(j->taking, g->taking[seat], sizeof j->taking);
		memset(&want, 0, sizeof want);
		want.kind = SREAD_CALL;
		want.run = holder_check_run;
		sess_read_then(s, &want, holder_check_then, free, j);
		return;
	}
	if (here && old >= 0 && newer) {
		seat_replaced(s, g, seat);
		return;
	}
	if (old >= 0)
		return;         /* held here: nothing changes */
	if (!here)
		g->gone_since[seat] = util_now_ms();
	sess_presence_event(s, g, seat, here ? "back" : "gone", -1,
	    -1);
}
