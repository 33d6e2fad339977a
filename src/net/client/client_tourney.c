/*
 * client_tourney.c: the client's side of tournaments (issue 60;
 * PROTOCOL.md "Tournaments"): TJOIN, TLEAVE, TPAUSE and BERSERK sent and
 * their answers told (NEV_TOURNEY with the verb, a NEV_ERROR naming it),
 * the server's EV TOURNEY (started, round, bye, finished), EV BERSERK in
 * our game (the clocks as it says them), and a PAIRED of a tournament:
 * its seat taken as a seek's pairing, unless a game of ours is not over
 * (its token kept, the pairing told).
 */
#include <stdio.h>
#include <string.h>

#include "net/client/client_int.h"

static void
copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src != NULL ? src : "");
}

/* The tag letter of each verb: told_verb names them in a refusal. */
static const struct {
	const char *verb;
	char tag;
} verbs[] = {
	{ "TJOIN", 'y' }, { "TLEAVE", 'v' }, { "TPAUSE", 'p' },
	{ "BERSERK", 'z' },
};

const char *
cli_tourney_verb(char tag)
{
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		if (verbs[i].tag == tag)
			return verbs[i].verb;
	return NULL;
}

int
net_client_tourney(struct net_client *c, const char *verb,
    const char *tourney)
{
	for (size_t i = 0; i < 3; i++)
		if (strcmp(verbs[i].verb, verb) == 0) {
			if (c->st != NET_ONLINE || !cgp_valid_game(tourney))
				return -1;
			cli_send(c, "#%c %s tourney=%s", verbs[i].tag, verb,
			    tourney);
			return 0;
		}
	return -1;
}

int
net_client_berserk(struct net_client *c, char *err, size_t errlen)
{
	return cli_seat_send(c, err, errlen, "#z BERSERK game=%s", c->game);
}

bool
cli_tourney_ok(struct net_client *c, const struct cgp_msg *m)
{
	const char *want = m->tag[0] == '#' ? cli_tourney_verb(m->tag[1]) :
	    NULL;
	struct net_event *e;

	if (want == NULL || strcmp(want, m->verb) != 0)
		return false;
	e = cli_event(c, NEV_TOURNEY);
	copy(e->verb, sizeof e->verb, m->verb);
	copy(e->tourney, sizeof e->tourney, cgp_msg_get(m, "tourney"));
	copy(e->game, sizeof e->game, cgp_msg_get(m, "game"));
	return true;
}

void
cli_tourney_ev(struct net_client *c, const struct cgp_msg *m)
{
	struct net_event *e;

	if (!cgp_valid_game(m->game))
		return;
	e = cli_event(c, NEV_TOURNEY);
	copy(e->tourney, sizeof e->tourney, m->game);
	copy(e->action, sizeof e->action, cgp_msg_get(m, "state"));
	e->ply = (int)cgp_parse_num(cgp_msg_get(m, "n"), 1000);
}

void
cli_berserk_ev(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e = cli_event(c, NEV_BERSERK);
	int nply = c->have_mirror ? c->mirror.nply : 0;
	int turn = c->have_mirror ? game_board(&c->mirror)->side : 0;

	e->side = cgp_seat_parse(cgp_msg_get(m, "side"));
	cli_clock_keys(c, m, e, turn, nply, now);
}

/* Busy in a game of ours not over (or one being taken): a pairing
 * waits for the player. */
static bool
busy(const struct net_client *c)
{
	switch (c->role) {
	case ROLE_SEAT:
		return !c->finished && (!c->have_mirror ||
		    !game_over(&c->mirror));
	case ROLE_CREATE:
	case ROLE_JOIN:
	case ROLE_CHALLENGE:
		return true;
	default:
		return false;
	}
}

bool
cli_tourney_paired(struct net_client *c, const struct cgp_msg *m)
{
	const char *tok = cgp_msg_get(m, "token");
	const char *t = cgp_msg_get(m, "tourney");
	int seat = cgp_seat_parse(cgp_msg_get(m, "seat"));
	struct net_event *e;
	char err[200];

	if (t == NULL || tok == NULL || seat < 0 || !cgp_valid_game(m->game) ||
	    !cgp_valid_token(tok))
		return false;
	if (busy(c) || c->o.pair_tourney_told) {
		e = cli_event(c, NEV_TOURNEY);
		copy(e->tourney, sizeof e->tourney, t);
		copy(e->action, sizeof e->action, "paired");
		copy(e->game, sizeof e->game, m->game);
		e->seat = seat;
		if (net_tokens_save(c->o.host, c->o.port, m->game, seat, tok,
		    err, sizeof err) < 0) {
			e = cli_event(c, NEV_ERROR);
			snprintf(e->text, sizeof e->text, "cannot remember the "
			    "seat token: %s", err);
		}
		return true;
	}
	if (c->role == ROLE_SEEK && c->seek_id[0] != '\0')
		cli_send(c, "#U UNSEEK seek=%s", c->seek_id);
	c->seek_id[0] = '\0';
	copy(c->pair_tourney, sizeof c->pair_tourney, t);
	cli_take_seat(c, m->game, tok, seat, NEV_SEATED);
	return true;
}
