/*
 * client_catchup.c: what the client missed of its game, asked on each
 * (re)connection (PROTOCOL.md REJOIN, OBSERVE): the stored events after
 * the last one seen (since=; a seat's from the first in a new run, so
 * that the chat said while the player was away comes too), then a STATE.
 * With the game here the events are applied as they come; without it (a
 * new run, the lobby left for it, a sync the link cut) the STATE and
 * HISTORY bring the game again: until that STATE the events are only
 * counted, and their chat (SAID) is held, then given after the STATE,
 * which names the players. A line the player saw already is marked seen:
 * one said before the player's own last act in the game (a move, a line,
 * an offer, the seat taken), or before the program left the game (for the
 * lobby; or its end, the last event seen kept with the seat's token).
 */
#include <stdio.h>
#include <string.h>

#include "net/client/client_int.h"

void
cli_catchup_send(struct net_client *c, const char *cmd, const char *who,
    bool seat)
{
	bool mirror = c->have_mirror && !c->syncing;

	if (!mirror && !seat && c->seq == 0) {
		/* a watcher new to the game: its STATE, nothing missed */
		cli_send(c, "%s game=%s", cmd, c->game);
		return;
	}
	cli_send(c, "%s game=%s%s%s since=%ld", cmd, c->game,
	    who[0] != '\0' ? " " : "", who, c->seq);
	/* names and presence (and without the game, the game) */
	cli_send(c, "#s STATE game=%s", c->game);
	if (mirror)
		return;
	c->catchup = true;
	c->seen_upto = strcmp(c->game, c->left_game) == 0 ? c->left_seq : 0;
	if (seat && c->o.remember && c->seat >= 0) {
		long kept = net_tokens_seen(c->o.host, c->o.port, c->game,
		    c->seat);
		if (kept > c->seen_upto)
			c->seen_upto = kept;
	}
}

void
cli_catchup_leave(struct net_client *c)
{
	char err[200];

	if (c->game[0] == '\0')
		return;
	snprintf(c->left_game, sizeof c->left_game, "%s", c->game);
	c->left_seq = c->seq;
	/* for the next run too: with the seat's token (a failure to write
	 * it costs only lines said again) */
	if (c->o.remember && c->role == ROLE_SEAT && c->seat >= 0 &&
	    c->seq > 0 && c->token[0] != '\0')
		net_tokens_mark(c->o.host, c->o.port, c->game, c->seat, c->seq,
		    err, sizeof err);
}

bool
cli_catchup_take(struct net_client *c, const struct cgp_msg *m, bool said)
{
	const char *by = cgp_msg_get(m, "side");
	struct net_event *e;

	if (!c->catchup)
		return false;
	if (by == NULL)
		by = cgp_msg_get(m, "seat");    /* JOINED */
	/* the player's own act: there then, it saw what was said before */
	if (c->seat >= 0 && cgp_seat_parse(by) == c->seat &&
	    m->seq > c->seen_upto)
		c->seen_upto = m->seq;
	if (said) {
		/* the SAID just queued, moved aside until the STATE */
		e = &c->q[(c->qhead + c->qlen - 1) % c->qcap];
		*(struct net_event *)vec_push(&c->held) = *e;
		c->qlen--;
	}
	return true;
}

void
cli_catchup_end(struct net_client *c, bool give)
{
	size_t i;

	c->catchup = false;
	for (i = 0; give && i < c->held.len; i++) {
		struct net_event *h = vec_at(&c->held, i);
		if (strcmp(h->game, c->game) != 0)
			continue;
		h->seen = h->seq <= c->seen_upto;
		*cli_event(c, h->kind) = *h;
	}
	vec_clear(&c->held);
}
