/*
 * client_online.c: the client's side of CGP/1's online parts: the
 * clock as the server keeps it, SAY, REMATCH (and moving on to the rematch
 * the server made), CLAIM and CANCEL.
 */
#include <stdio.h>
#include <string.h>

#include "net/client/client_int.h"

void
cli_clock_keys(struct net_client *c, const struct cgp_msg *m,
    struct net_event *e, int side, long nply, long long now)
{
	long w = cgp_parse_num(cgp_msg_get(m, "wclock"), 1000000000L);
	long b = cgp_parse_num(cgp_msg_get(m, "bclock"), 1000000000L);
	const char *ctl = cgp_msg_get(m, "clock");
	int64_t base, inc;

	if (w < 0 || b < 0)
		return;
	e->timed = true;
	e->wclock = w;
	e->bclock = b;
	if (!c->timed) {
		/* A STATE brings the control; a MOVE alone does not. */
		if (ctl == NULL || clock_parse_seconds(ctl, &base, &inc, NULL,
		    0) < 0)
			base = inc = 0;
		clock_init(&c->clock, base, inc);
		c->timed = true;
	}
	clock_stop(&c->clock, now);
	clock_set(&c->clock, WHITE, w, now);
	clock_set(&c->clock, BLACK, b, now);
	/* Each side's first move is not timed (RULES.md "Time"). */
	if (side >= 0 && nply >= 2)
		clock_start(&c->clock, side, now);
}

bool
net_client_clock(const struct net_client *c, long long now, long long left[2],
    int *running)
{
	if (!c->timed)
		return false;
	left[0] = clock_left(&c->clock, WHITE, now);
	left[1] = clock_left(&c->clock, BLACK, now);
	*running = c->clock.running;
	return true;
}

void
cli_forget_game(struct net_client *c)
{
	if (c->have_mirror)
		game_free(&c->mirror);
	c->have_mirror = false;
	c->syncing = false;
	c->pending = false;
	c->timed = false;
	c->days = 0;
	c->deadline = 0;
	c->seq = 0;
	c->finished = false;
}

void
cli_take_seat(struct net_client *c, const char *game, const char *tok,
    int seat, enum net_ev_kind kind)
{
	struct net_event *e;
	char err[200];

	cli_forget_game(c);             /* a new game */
	snprintf(c->game, sizeof c->game, "%s", game);
	snprintf(c->token, sizeof c->token, "%s", tok);
	c->seat = seat;
	c->role = ROLE_SEAT;
	e = cli_event(c, kind);
	e->seat = seat;
	snprintf(e->tourney, sizeof e->tourney, "%s", c->pair_tourney);
	c->pair_tourney[0] = '\0';
	if (c->o.remember && net_tokens_save(c->o.host, c->o.port, c->game,
	    seat, c->token, err, sizeof err) < 0) {
		e = cli_event(c, NEV_ERROR);
		snprintf(e->text, sizeof e->text, "cannot remember the seat "
		    "token: %s", err);
	}
	cli_resync(c);
}

void
cli_rematched(struct net_client *c, const struct cgp_msg *m)
{
	const char *game = cgp_msg_get(m, "game"), *tok = cgp_msg_get(m,
	    "token");
	int seat = cgp_seat_parse(cgp_msg_get(m, "seat"));

	if (game == NULL || tok == NULL || seat < 0 || !cgp_valid_game(game) ||
	    !cgp_valid_token(tok))
		return;
	/* The server gave us the seat on this connection: its STATE starts
	 * the mirror. */
	cli_take_seat(c, game, tok, seat, NEV_REMATCHED);
}

int
net_client_say(struct net_client *c, const char *text, char *err,
    size_t errlen)
{
	/* a watcher talks to the watchers (congo-server's extension) */
	if (c->role != ROLE_OBSERVE && cli_seated_online(c, err, errlen) < 0)
		return -1;
	if (c->role == ROLE_OBSERVE && c->st != NET_ONLINE) {
		snprintf(err, errlen, "not connected to the server");
		return -1;
	}
	if (text == NULL || *text == '\0') {
		snprintf(err, errlen, "nothing to say");
		return -1;
	}
	if (cgp_text_check(text, strlen(text), err, errlen) != 0)
		return -1;
	cli_send(c, "#t SAY game=%s :%s", c->game, text);
	return 0;
}

int
net_client_rematch(struct net_client *c, char *err, size_t errlen)
{
	return cli_seat_send(c, err, errlen, "#R REMATCH game=%s", c->game);
}

int
net_client_claim(struct net_client *c, char *err, size_t errlen)
{
	return cli_seat_send(c, err, errlen, "#a CLAIM game=%s", c->game);
}

int
net_client_cancel(struct net_client *c, char *err, size_t errlen)
{
	return cli_seat_send(c, err, errlen, "#k CANCEL game=%s", c->game);
}
