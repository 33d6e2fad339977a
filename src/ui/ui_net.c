/*
 * ui_net.c: network play in the game: the start and the loop's hooks
 * over the session's connection (session_link.c: the client, `congo
 * --host`'s congo-server, the timers), the panel's and the status bar's
 * lines. Its options are the front end's (src/cli/cli_game_opts.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/clock.h"
#include "session/session_net_corr.h"
#include "session/session_tourney.h"
#include "util/i18n.h"
#include "ui/ui_net.h"
#include "util/util.h"

int
ui_net_start(struct ui_app *a, const struct session_start *st, char *err,
    size_t errlen)
{
	struct ui_net *n = a->net;
	struct session_net_opts o = st->o.net;
	struct session_net_game ng;
	int seat;
	bool lobby;

	memset(n, 0, sizeof *n);
	n->app = a;
	session_opts_net_game(&st->o, &ng);
	o.tls_ask = true;       /* the full screen: a person answers */
	if (session_link_start(&a->s, &o, &ng, &seat, &lobby, err,
	    errlen) < 0)
		return -1;
	n->on = true;
	n->g = a->s.net;
	n->g->lobby_keys = true;  /* Enter and d on a challenge */
	ui_net_hooks(a);
	if (lobby)
		a->screen = SCR_LOBBY;
	ui_net_install(a, seat);
	return 0;
}

void
ui_net_go(struct ui_app *a)
{
	if (a->net->on)
		session_link_go(&a->s);
}

void
ui_net_stop(struct ui_app *a)
{
	struct ui_net *n = a->net;
	char fatal[512];

	session_link_stop(&a->s, fatal, sizeof fatal);
	n->on = false;
	n->g = NULL;
	if (fatal[0] != '\0') {
		/* a dead end: the reason, once the terminal is given back */
		snprintf(a->exit_msg, sizeof a->exit_msg, "%s", fatal);
		a->exit_status = 1;
	}
}

int
ui_net_timeout(struct ui_app *a)
{
	return a->net->on ? session_link_timeout(&a->s,
	    a->screen == SCR_LOBBY) : -1;
}

void
ui_net_tick(struct ui_app *a)
{
	if (a->net->on)
		session_link_tick(&a->s, a->screen == SCR_LOBBY);
}

bool
ui_net_clock_text(const struct ui_app *a, int color, char *buf, size_t n,
    bool *running, bool *low)
{
	long long left;

	if (!a->net->on)
		return false;
	if (session_link_clock(&a->s, color, &left, running)) {
		clock_format(left, buf, n);
		*low = left < 10000 && *running;
		return true;
	}
	return session_corr_clock(&a->s, color, buf, n, running, low);
}

bool
ui_net_chat(const struct ui_app *a, int i, char *buf, size_t n)
{
	/* (the game's, not a record's) */
	if (!a->net->on || i < 0 || i >= a->net->g->nchat ||
	    session_net_record_game(&a->s) != NULL)
		return false;
	snprintf(buf, n, "%s", a->net->g->chat[i]);
	return true;
}

bool
ui_net_panel(const struct ui_app *a, char *buf, size_t n)
{
	const char *id;

	if (!a->net->on)
		return false;
	if ((id = session_net_record_game(&a->s)) != NULL) {
		snprintf(buf, n, _("Record of game %s"), id);
		return true;
	}
	id = session_link_game_id(&a->s);
	if (id[0] == '\0')
		snprintf(buf, n, _("Network: %s"), a->net->g->host);
	else if (a->net->g->seat < 0)
		snprintf(buf, n, _("Game %s (watching)"), id);
	else
		snprintf(buf, n, _("Game %s"), id);
	return true;
}

bool
ui_net_status(const struct ui_app *a, char *buf, size_t n)
{
	struct ui_net *u = a->net;
	const struct session_net *g = u->g;
	char corr[128];
	int opp;
	const char *who = NULL, *conn;
	bool over;

	if (!u->on)
		return false;
	opp = g->seat >= 0 ? 1 - g->seat : -1;
	over = strcmp(g->status, "finished") == 0 || game_over(&a->s.game);
	/* the connection's state, kept in English (session_net_status.c) */
	conn = g->conn[0] != '\0' ? _(g->conn) : "";
	if (session_net_record_game(&a->s) != NULL) {
		/* a record reviewed: nothing of the game's own */
		snprintf(buf, n, _("%s, q leaves the record"), conn);
		return true;
	}
	if (g->cancelled) {
		snprintf(buf, n, _("%s, game cancelled"), conn);
		return true;
	}
	/* a correspondence game, a challenge: leaving never resigns */
	if (session_corr_status(&a->s, corr, sizeof corr))
		who = corr;
	else if (session_link_online(&a->s) && opp >= 0 && !over) {
		if (!g->seated[opp])
			who = _("waiting for an opponent");
		else if (!g->present[opp])
			who = g->claim_told ? _("opponent gone (:claim wins)") :
			    _("opponent disconnected");
	}
	snprintf(buf, n, "%s%s%s%s%s", conn, who != NULL ?
	    ", " : "", who != NULL ? who : "", !over && g->offer >= 0 &&
	    g->offer == opp ? _(", draw offered (:draw accepts)") : "",
	    session_tourney_can_berserk(&a->s) ? _(", B: berserk") : "");
	return true;
}
