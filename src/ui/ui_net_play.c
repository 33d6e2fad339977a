/*
 * ui_net_play.c: the view's side of a network game. The game itself (the
 * remote player, the server's events applied, the commands sent, the
 * connection's state, the lobby) is the session's
 * (src/session/session_net*.c); here are the screen and the board's side
 * after a seat or a seek, the game announced, a rated result's changes
 * said, and the commands that need the view (quit, :info).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/client/client.h"
#include "ui/ui_net.h"
#include "util/util.h"

void
ui_net_install(struct ui_app *a, int seat)
{
	session_net_install(&a->s, seat);
	ui_net_view_sync(a);
}

void
ui_net_view_sync(struct ui_app *a)
{
	struct session_net *g = a->s.net;

	if (g == NULL || g->view_serial == a->net->seen_view)
		return;
	ui_net_list_sync(a);
	a->net->seen_view = g->view_serial;
	app_set_flip_default(a);
	if (g->want_lobby) {
		/* a seek sent: the lobby shows it waiting */
		g->want_lobby = false;
		a->screen = SCR_LOBBY;
	}
	a->s.dirty = true;
}

/* The game announced once seated: how a friend joins a hosted game (the
 * whole command on the message line; :info lists every address), else
 * the game and the colour. */
static void
announce(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	char cmd[160];

	if (!u->g->fresh)
		return;
	u->g->fresh = false;
	if (u->hosting) {
		ui_net_friend_command(u, 0, e->game, cmd, sizeof cmd);
		session_msg(&a->s, SM_GOOD, "Your friend runs: %s%s", cmd,
		    u->naddrs > 1 ? "  (:info)" : "");
	} else
		session_msg(&a->s, SM_GOOD, "Game %s on %s: you play %s",
		    e->game, u->host, e->seat == WHITE ? "White" : "Black");
}

/* After the game handled an event. */
static void
after_hook(void *ctx, const struct net_event *e)
{
	struct ui_app *a = ctx;

	switch (e->kind) {
	case NEV_SEATED:
		a->screen = SCR_BOARD;
		announce(a, e);
		break;
	case NEV_OBSERVING:
		a->screen = SCR_BOARD;
		break;
	case NEV_RESULT:
		ui_net_rating_change(a, e);
		break;
	default:
		break;
	}
	ui_net_view_sync(a);
}

/* After a batch: the lobby asks for the list once online. */
static void
done_hook(void *ctx)
{
	struct ui_app *a = ctx;

	ui_net_view_sync(a);
	session_lobby_ask(&a->s, a->screen == SCR_LOBBY);
}

void
ui_net_hooks(struct ui_app *a)
{
	struct session_net_hooks *h = &a->s.net->hooks;

	h->ctx = a;
	h->after = after_hook;
	h->done = done_hook;
}

void
ui_net_events(struct ui_app *a)
{
	session_net_events(&a->s);
}

/* ---- hooks ---- */

const char *
ui_net_nomove(const struct ui_app *a)
{
	return session_net_nomove(&a->s);
}

const char *
ui_net_noanalysis(const struct ui_app *a)
{
	return session_net_noanalysis(&a->s);
}

/* q while watching a game chosen in the lobby: the lobby again. */
static void
back_to_lobby(struct ui_app *a)
{
	struct ui_net *u = a->net;

	u->g->from_lobby = false;
	u->g->leaving = true;
	u->g->synced = false;
	u->g->nchat = 0;
	u->g->offer = -1;
	u->g->status[0] = '\0';
	u->g->announced[0] = '\0';
	session_lobby_refresh(&a->s);
	net_client_leave(u->c, util_now_ms());
	a->screen = SCR_LOBBY;
	session_msg(&a->s, SM_NORMAL, "back to the lobby");
}

/* q: back to the lobby, or asked first when this machine serves the
 * friend's game; true when handled. */
static bool
quit_command(struct ui_app *a)
{
	struct ui_net *u = a->net;
	struct session_net *g = u->g;
	char q[160];

	if (g->from_lobby && g->seat < 0) {
		back_to_lobby(a);
		return true;
	}
	if (!u->hosting || g->seat < 0 || !g->seated[1 - g->seat] ||
	    game_over(&a->s.game))
		return false;
	snprintf(q, sizeof q, "Quit this game? This machine serves it: your "
	    "friend's game stops with it (congo --host --game %s resumes it)",
	    g->announced[0] != '\0' ? g->announced : "ID");
	session_ask(&a->s, q, CMD_QUIT_NOW, NULL);
	return true;
}

bool
ui_net_command(struct ui_app *a, const struct session_cmd *cmd)
{
	if (!a->net->on)
		return false;
	if (ui_net_acct_command(a, cmd))
		return true;
	switch (cmd->type) {
	case CMD_INFO:
		ui_net_info(a);
		return true;
	case CMD_QUIT:
		return quit_command(a);
	default:
		return session_net_command(&a->s, cmd);
	}
}

/* The command line's columns for the text (it scrolls sideways within
 * them): the screen's but the prompt's and the cursor's, and, while a
 * chat line is typed, its byte count's ("(12/200 bytes)", into used:
 * chat goes as UTF-8, at most CGP_SAY_MAX bytes, PROTOCOL.md SAY). */
int
ui_cmdline_width(const struct ui_app *a, int cols, char *used, size_t n)
{
	int w = cols - 2, uw;

	used[0] = '\0';
	if (a->net->on && strncmp(a->in.cmd, "say ", 4) == 0) {
		uw = snprintf(used, n, "(%d/%d bytes)",
		    (int)strlen(a->in.cmd + 4), CGP_SAY_MAX);
		if (uw + 24 < cols)
			w -= uw + 2;
	}
	return w;
}
