/*
 * plain_net.c: network play in `congo --plain`: the session's connection
 * (session_link.c: the client, --host's congo-server, the timers) and the
 * hooks on its network game, as the full-screen game has them, less the
 * screen: whether the lobby is what the player is in is kept here.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "plain/plain_int.h"
#include "session/session_learn.h"
#include "session/session_link.h"
#include "session/session_net.h"

/* A record of a list loaded: the game it shows is reviewed (q: the lobby
 * again when the list was asked for there); a seek sent: the lobby. */
static void
sync_view(struct plain *p)
{
	struct session_net *g = p->s->net;

	if (g == NULL || g->view_serial == p->seen_view)
		return;
	p->seen_view = g->view_serial;
	if (g->list != NULL && g->list->loaded) {
		g->list->loaded = false;
		if (p->lobby || p->list_from_lobby)
			g->from_lobby = true;
		p->lobby = false;
	}
	if (g->want_lobby) {
		g->want_lobby = false;
		p->lobby = true;
	}
	p->s->dirty = true;
}

static void
after_hook(void *ctx, const struct net_event *e)
{
	struct plain *p = ctx;

	if (session_link_after(p->s, e))
		p->lobby = false;
	sync_view(p);
}

static void
done_hook(void *ctx)
{
	struct plain *p = ctx;

	sync_view(p);
	session_lobby_ask(p->s, p->lobby);
}

static bool
command_hook(void *ctx, const struct session_cmd *cmd)
{
	struct plain *p = ctx;
	bool to_lobby;

	if (p->s->net == NULL)
		return false;
	switch (cmd->type) {
	case CMD_WHOIS:
	case CMD_TOP:
	case CMD_GAMES:
		if (session_net_list_open(p->s, cmd) == 0) {
			p->list_from_lobby = p->lobby;
			p->lobby = false;
		}
		return true;
	case CMD_INFO:
		session_link_info(p->s);
		return true;
	case CMD_QUIT:
		if (!session_link_quit(p->s, &to_lobby))
			return false;
		if (to_lobby)
			p->lobby = true;
		return true;
	default:
		return session_net_command(p->s, cmd);
	}
}

static const char *
nomove_hook(void *ctx)
{
	struct plain *p = ctx;

	return session_net_nomove(p->s);
}

/* Analysis is refused in one's own network game (until it is over), and
 * in a lesson or puzzle (it would give the answer away). */
static const char *
noanalysis_hook(void *ctx)
{
	struct plain *p = ctx;

	if (session_learn_active(p->s))
		return P_("not during a lesson or puzzle");
	return session_net_noanalysis(p->s);
}

void
plain_net_hooks(struct plain *p)
{
	p->s->hooks.ctx = p;
	p->s->hooks.command = command_hook;
	p->s->hooks.nomove = nomove_hook;
	p->s->hooks.noanalysis = noanalysis_hook;
}

int
plain_net_start(struct plain *p, const struct session_net_opts *no,
    const struct session_net_game *ng, char *err, size_t errlen)
{
	struct session_net_hooks *h;
	int seat;
	bool lobby;

	if (session_link_start(p->s, no, ng, &seat, &lobby, err, errlen) < 0)
		return -1;
	h = &p->s->net->hooks;
	h->ctx = p;
	h->after = after_hook;
	h->done = done_hook;
	p->lobby = lobby;
	session_net_install(p->s, seat);
	sync_view(p);
	return 0;
}

int
plain_net_timeout(struct plain *p)
{
	return session_link_timeout(p->s, p->lobby);
}

void
plain_net_tick(struct plain *p)
{
	session_link_tick(p->s, p->lobby);
}
