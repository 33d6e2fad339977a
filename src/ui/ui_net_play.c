/*
 * ui_net_play.c: the view's side of a network game. The game itself (the
 * remote player, the server's events applied, the commands sent, the
 * connection's state, the lobby) is the session's
 * (src/session/session_net*.c); here are the screen and the board's side
 * after a seat or a seek, the game announced, a rated result's changes
 * said, and the commands that need the view (quit, :info).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui_net.h"
#include "util/util.h"
#include "util/i18n.h"

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

/* After the game handled an event. */
static void
after_hook(void *ctx, const struct net_event *e)
{
	struct ui_app *a = ctx;

	if (session_link_after(&a->s, e)) {
		/* (issue 62) a game entered from the lobby: q comes back */
		if (a->screen == SCR_LOBBY)
			a->s.net->from_lobby = true;
		a->screen = SCR_BOARD;
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

/* q: back to the lobby, or asked first when this machine serves the
 * friend's game (session_link_quit); true when handled. */
static bool
quit_command(struct ui_app *a)
{
	bool to_lobby;

	if (!session_link_quit(&a->s, &to_lobby))
		return false;
	if (to_lobby)
		a->screen = SCR_LOBBY;
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
		session_link_info(&a->s);
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
 * chat goes as UTF-8, at most session_link_say_max() bytes, PROTOCOL.md SAY). */
int
ui_cmdline_width(const struct ui_app *a, int cols, char *used, size_t n)
{
	int w = cols - 2, uw;

	used[0] = '\0';
	if (a->net->on && strncmp(a->in.cmd, "say ", 4) == 0) {
		uw = snprintf(used, n, _("(%d/%d bytes)"),
		    (int)strlen(a->in.cmd + 4), session_link_say_max());
		if (uw + 24 < cols)
			w -= uw + 2;
	}
	return w;
}
