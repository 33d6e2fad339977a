/*
 * session_net_lobby.c: the lobby of a network session: the games on the
 * server (LIST, asked once online while the lobby shows, again on
 * refresh), and what a game of it leads to: its free seat taken, or
 * watched; a game created. The view (src/ui/ui_net_lobby.c) draws the
 * list and turns keys into these calls.
 */

#include <stdio.h>
#include <string.h>

#include "net/client/client.h"
#include "session/session_net.h"
#include "session/session_net_mine.h"
#include "session/session_seek.h"
#include "util/util.h"
#include "util/i18n.h"

void
session_lobby_refresh(struct session *s)
{
	struct session_lobby *l = &s->net->lobby;

	l->listed = false;
	l->listing = false;
	l->n = 0;
	/* your games and challenges too (an answer lost with a connection
	 * is asked again) */
	s->net->mine.asking = s->net->mine.chal_asking = false;
	s->net->mine.again = s->net->mine.chal_again = false;
	s->net->mine.at = 0;
	s->dirty = true;
}

void
session_lobby_ask(struct session *s, bool shown)
{
	struct session_net *u = s->net;
	struct session_lobby *l;

	if (u == NULL || u->c == NULL || !shown)
		return;
	session_mine_tick(s, util_now_ms(), shown);
	l = &u->lobby;
	if (l->listing || l->listed || net_client_state(u->c) != NET_ONLINE)
		return;
	l->n = 0;
	if (net_client_list(u->c, NULL) == 0)
		l->listing = true;
}

/* The seat of a game not over whose token this machine keeps (the side
 * to move's when both are), else -1: Enter takes the player back to it. */
static int
mine(const struct session *s, const struct session_lobby_game *it)
{
	const struct session_net *u = s->net;
	char tok[64];
	int w = WHITE, b = BLACK;
	bool hw, hb;

	if (strcmp(it->status, "open") != 0 && strcmp(it->status, "active") != 0)
		return -1;
	hw = net_tokens_find(u->host, u->port, it->game, &w, tok,
	    sizeof tok) == 0;
	hb = net_tokens_find(u->host, u->port, it->game, &b, tok,
	    sizeof tok) == 0;
	if (hw && hb)
		return it->ply % 2 == 0 ? WHITE : BLACK;
	return hw ? WHITE : hb ? BLACK : -1;
}

void
session_lobby_highlight(struct session *s)
{
	struct session_net *u = s->net;
	struct session_mine *m = &u->mine;

	if (m->chal_sel >= m->nchal)
		m->chal_sel = m->nchal - 1;
	if (m->sel >= m->n)
		m->sel = m->n - 1;
	/* A row is always highlighted: a seek's when there is no game, else
	 * one of your games, else a challenge. */
	if (session_lobby_part(s) == LOBBY_GAMES && u->lobby.n == 0) {
		if (u->seek.n > 0)
			u->seek.sel = 0;
		else if (m->n > 0)
			m->sel = 0;
		else if (m->nchal > 0)
			m->chal_sel = 0;
	}
	s->dirty = true;
}

bool
session_lobby_event(struct session *s, const struct net_event *e)
{
	struct session_lobby *l = &s->net->lobby;
	struct session_lobby_game *it;

	switch (e->kind) {
	case NEV_LIST:
		if (l->n >= SESSION_LOBBY_MAX)
			return true;
		it = &l->games[l->n++];
		snprintf(it->game, sizeof it->game, "%s", e->game);
		snprintf(it->white, sizeof it->white, "%s", e->white);
		snprintf(it->black, sizeof it->black, "%s", e->black);
		snprintf(it->status, sizeof it->status, "%s", e->status);
		snprintf(it->result, sizeof it->result, "%s", e->result);
		snprintf(it->variant, sizeof it->variant, "%s",
		    e->variant[0] != '\0' ? e->variant : "congo");
		/* as the game writes time controls: days a move, or minutes
		 * and seconds a move ("5+3", not the protocol's "300+3") */
		if (e->days > 0)
			snprintf(it->clock, sizeof it->clock, "%dd", e->days);
		else if (e->clock[0] != '\0')
			session_seek_minutes(e->clock, it->clock,
			    sizeof it->clock);
		else
			snprintf(it->clock, sizeof it->clock, "-");
		it->ply = e->ply;
		it->guest[0] = e->guest[0];
		it->guest[1] = e->guest[1];
		it->mine = mine(s, it);
		return true;
	case NEV_LIST_END:
		l->listing = false;
		l->listed = true;
		if (l->sel >= l->n)
			l->sel = l->n > 0 ? l->n - 1 : 0;
		session_lobby_highlight(s);
		return true;
	default:
		return false;
	}
}

void
session_lobby_move(struct session *s, int delta)
{
	struct session_lobby *l = &s->net->lobby;

	l->sel = util_clamp(l->sel + delta, 0, l->n - 1);
	s->dirty = true;
}

void
session_lobby_create(struct session *s, int seat)
{
	net_client_create(s->net->c, seat, NULL);
	session_msg(s, SM_NORMAL, "%s", _("creating a game..."));
}

int
session_lobby_create_typed(struct session *s, const char *arg)
{
	struct session_net *u = s->net;
	char w[5][32], secs[32] = "", why[160];
	const char *variant = variant_name(VARIANT_CONGO);
	int seat = WHITE, days = 0, k, i, kind;
	unsigned seen = 0;          /* the kinds of word given */
	bool twice = false;

	if (u == NULL || u->c == NULL)
		return -1;
	if (net_client_game_id(u->c)[0] != '\0') {
		session_msg(s, SM_ERROR, "%s", s->typed ? _("create: from the "
		    "lobby (quit goes back there)") : _(":create: from the lobby "
		    "(q goes back there)"));
		return -1;
	}
	k = sscanf(arg, "%31s %31s %31s %31s %31s", w[0], w[1], w[2], w[3],
	    w[4]);
	for (i = 0; i < k; i++) {
		if (strcmp(w[i], "white") == 0 || strcmp(w[i], "black") == 0) {
			seat = w[i][0] == 'w' ? WHITE : BLACK;
			kind = 1;
		} else if (variant_parse(w[i]) >= 0) {
			variant = variant_name(variant_parse(w[i]));
			kind = 2;
		} else if (strchr(w[i], '+') != NULL) {
			if (session_server_clock(w[i], secs, sizeof secs, why,
			    sizeof why) < 0) {
				session_msg(s, SM_ERROR, _("create: %s"), why);
				return -1;
			}
			kind = 4;
		} else if (session_seek_days(w[i], &days))
			kind = 4;
		else {
			session_msg(s, SM_ERROR, _("create: '%s' is neither "
			    "white, black, a clock (M+S), days a move (Nd) nor a "
			    "variant (congo, megapawn)."), w[i]);
			return -1;
		}
		twice |= (seen & (unsigned)kind) != 0;
		seen |= (unsigned)kind;
	}
	if (k == 5 || twice) {
		session_msg(s, SM_ERROR, "%s", _("create [white|black] [M+S|Nd] "
		    "[megapawn]: a seat, a clock or days a move, and the "
		    "variant, each at most once."));
		return -1;
	}
	net_client_create_game(u->c, seat, NULL, variant, secs[0] != '\0' ?
	    secs : NULL, days);
	session_msg(s, SM_NORMAL, "%s", _("creating a game..."));
	return 0;
}

int
session_lobby_open(struct session *s, bool watch)
{
	struct session_net *u = s->net;
	const struct session_lobby_game *it;

	char err[160];

	if (u->lobby.n <= 0 || u->lobby.sel < 0 || u->lobby.sel >= u->lobby.n) {
		session_msg(s, SM_ERROR, "%s", u->lobby.listed ? _("no game "
		    "to open: c creates one, s seeks one") : _("the games are "
		    "not listed yet: wait, or r asks again"));
		return -1;
	}
	it = &u->lobby.games[u->lobby.sel];
	if (!watch && it->mine >= 0) {
		/* the player's own game: back to its seat */
		if (net_client_rejoin(u->c, it->game, it->mine, NULL, err,
		    sizeof err) < 0) {
			session_msg(s, SM_ERROR, "%s", err);
			return -1;
		}
		u->from_lobby = true;   /* q comes back (correspondence) */
		session_msg(s, SM_NORMAL, it->mine == WHITE ? _("back to "
		    "your game %s as White...") : _("back to your game %s as "
		    "Black..."), it->game);
		return 0;
	}
	if (!watch && strcmp(it->status, "open") == 0 &&
	    (strcmp(it->white, "-") == 0 || strcmp(it->black, "-") == 0)) {
		net_client_join(u->c, it->game, strcmp(it->white, "-") == 0 ?
		    WHITE : BLACK);
		session_msg(s, SM_NORMAL, _("joining %s..."), it->game);
		return 0;
	}
	net_client_observe(u->c, it->game);
	u->from_lobby = true;   /* q comes back to the lobby */
	session_msg(s, SM_NORMAL, _("opening %s..."), it->game);
	return 0;
}
