/*
 * client_corr.c: the client's side of correspondence games and
 * challenges (PROTOCOL.md CHALLENGE, CHALLENGES, "Correspondence"): a
 * challenge sent to an account (the open game it makes is ours to wait
 * in, as after CREATE), one to us told (EV CHALLENGED), declined or
 * withdrawn (CANCEL of a game we do not sit in), a seat of our account
 * taken back without its token (REJOIN by account, from another
 * machine), and the side to move's deadline kept as the server says it.
 */
#include <stdio.h>
#include <string.h>

#include "clock/clock.h"
#include "net/client/client_int.h"

static void
copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src != NULL ? src : "");
}

void
cli_challenge_send(struct net_client *c)
{
	cli_send(c, "#n CHALLENGE %s", c->chal_args);
}

void
net_client_challenge(struct net_client *c, const char *name,
    const char *variant, const char *clock, int days, bool rated,
    const char *color)
{
	char ctl[32] = "";

	if (days > 0)
		snprintf(ctl, sizeof ctl, " days=%d", days);
	else if (clock != NULL)
		snprintf(ctl, sizeof ctl, " clock=%.20s", clock);
	snprintf(c->chal_args, sizeof c->chal_args, "name=%.31s rated=%s%s%s"
	    "%.16s%s%.8s", name, rated ? "yes" : "no", ctl,
	    variant != NULL ? " variant=" : "", variant != NULL ? variant : "",
	    color != NULL ? " color=" : "", color != NULL ? color : "");
	c->role = ROLE_CHALLENGE;
	c->seat = -1;
	if (c->st == NET_ONLINE)
		cli_challenge_send(c);
}

int
net_client_cancel_game(struct net_client *c, const char *game, char *err,
    size_t errlen)
{
	char id[16];

	copy(id, sizeof id, game);
	cgp_upcase(id);
	if (!cgp_valid_game(id)) {
		snprintf(err, errlen, "'%s' is not a game id", game);
		return -1;
	}
	if (c->st != NET_ONLINE) {
		snprintf(err, errlen, "not connected to the server");
		return -1;
	}
	cli_send(c, "#k CANCEL game=%s", id);
	return 0;
}

int
net_client_decline(struct net_client *c, const char *game, const char *why,
    char *err, size_t errlen)
{
	char id[16];
	size_t i, n = strlen(why);

	copy(id, sizeof id, game);
	cgp_upcase(id);
	for (i = 0; i < n && why[i] >= 'a' && why[i] <= 'z'; i++)
		;
	if (!cgp_valid_game(id) || n == 0 || n > 16 || i < n) {
		snprintf(err, errlen, "'%s' is not a game id or '%s' a word",
		    game, why);
		return -1;
	}
	if (c->st != NET_ONLINE) {
		snprintf(err, errlen, "not connected to the server");
		return -1;
	}
	cli_send(c, "#k CANCEL game=%s why=%s", id, why);
	return 0;
}

int
net_client_rejoin_account(struct net_client *c, const char *game, int seat,
    char *err, size_t errlen)
{
	char id[16];

	copy(id, sizeof id, game);
	cgp_upcase(id);
	if (!cgp_valid_game(id)) {
		snprintf(err, errlen, "'%s' is not a game id (8 of A-Z, 2-7)",
		    game);
		return -1;
	}
	if (strcmp(c->game, id) != 0)
		cli_forget_game(c);
	c->pending = false;
	/* No token: the server seats a connection logged in as the seat's
	 * account (LOGIN goes before this after every reconnection). */
	c->token[0] = '\0';
	c->role = ROLE_SEAT;
	copy(c->game, sizeof c->game, id);
	c->seat = seat;
	if (c->st == NET_ONLINE)
		cli_establish(c);
	return 0;
}

bool
net_client_deadline(const struct net_client *c, long long *deadline,
    int *days)
{
	if (c->days <= 0 || c->game[0] == '\0')
		return false;
	*deadline = c->deadline;
	*days = c->days;
	return true;
}

void
cli_corr_keys(struct net_client *c, const struct cgp_msg *m,
    struct net_event *e, bool state)
{
	const char *v = cgp_msg_get(m, "deadline");
	int64_t t;

	if (state) {
		c->days = (int)cgp_parse_num(cgp_msg_get(m, "days"), 100);
		if (c->days < 0)
			c->days = 0;
		c->deadline = 0;
	}
	if (v != NULL && clock_parse_utc(v, &t) == 0)
		c->deadline = t;
	e->days = c->days;
	e->deadline = c->deadline;
}

void
cli_challenged(struct net_client *c, const struct cgp_msg *m)
{
	struct net_event *e;
	const char *v;

	if (!cgp_valid_game(m->game))
		return;
	e = cli_event(c, NEV_CHALLENGED);
	copy(e->game, sizeof e->game, m->game);
	copy(e->name, sizeof e->name, cgp_msg_get(m, "from"));
	copy(e->variant, sizeof e->variant, cgp_msg_get(m, "variant"));
	copy(e->clock, sizeof e->clock, cgp_msg_get(m, "clock"));
	e->days = (int)cgp_parse_num(cgp_msg_get(m, "days"), 100);
	if (e->days < 0)
		e->days = 0;
	v = cgp_msg_get(m, "rated");
	e->rated = v != NULL && strcmp(v, "yes") == 0;
	e->seat = cgp_seat_parse(cgp_msg_get(m, "seat"));
}

bool
cli_corr_err(struct net_client *c, const struct cgp_msg *m)
{
	struct net_event *e;

	if (strcmp(m->tag, "#n") != 0)
		return false;
	e = cli_event(c, NEV_ERROR);
	e->code = m->code;
	copy(e->name, sizeof e->name, m->name);
	copy(e->verb, sizeof e->verb, "CHALLENGE");
	copy(e->text, sizeof e->text, m->text[0] != '\0' ? m->text : m->name);
	if (c->role == ROLE_CHALLENGE)
		c->role = ROLE_NONE;
	return true;
}
