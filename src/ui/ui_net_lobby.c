/*
 * ui_net_lobby.c: the lobby: the games on the server (LIST), to join a
 * free seat, watch, or create a game. Shown by `congo --connect HOST` when
 * no game is named.
 */
#include <stdio.h>
#include <string.h>

#include "net/client/client.h"
#include "ui/ui_net.h"
#include "util/util.h"

void
ui_lobby_draw(struct ui_app *a)
{
	struct ui_net *u = a->net;
	char line[256];
	int rows = a->lay.rows, cols = a->lay.cols, y, i, first, room, top;

	snprintf(line, sizeof line, " Congo games on %.100s port %d  (%.60s)",
	    u->host, u->port, u->conn[0] != '\0' ? u->conn : "offline");
	term_putw(0, 0, cols, ST_STATUS, 0, line);
	if (session_seek_line(&a->s, util_now_ms(), line, sizeof line))
		term_putw(1, 0, cols, ST_HEAD, TA_BOLD, line);
	y = ui_lobby_seeks_draw(a, 2);
	if (y >= rows - 1) {
		/* the seek dialog */
		term_putw(rows - 1, 0, cols, a->s.msg.text[0] != '\0' ?
		    a->s.msg.tone : ST_DIM, 0, a->s.msg.text);
		return;
	}
	term_putw(y++, 0, cols, ST_HEAD, 0,
	    "   Game      Variant   Clock   White            Black"
	    "            Ply  Status");
	room = rows - 4 - y;
	if (room < 1)
		room = 1;
	first = u->sel >= room ? u->sel - room + 1 : 0;
	top = y;
	if (u->nitems == 0)
		term_putw(y, 0, cols, ST_DIM, 0, u->listing ?
		    "   (asking the server...)" : u->listed ?
		    "   (no games yet: c creates one)" : "   (not connected)");
	for (i = first; i < u->nitems && y < top + room; i++, y++) {
		const struct ui_lobby_item *it = &u->items[i];
		snprintf(line, sizeof line, " %c %-8s  %-8.8s  %-6.6s  "
		    "%-16.16s %-16.16s %4d  %s%s%s", i == u->sel &&
		    u->g->seek.sel < 0 ? '>' : ' ',
		    it->game, it->variant, it->clock, it->white, it->black,
		    it->ply, it->status, it->result[0] != '\0' ? " " : "",
		    it->result);
		term_putw(y, 0, cols, i == u->sel && u->g->seek.sel < 0 ?
		    ST_CURSOR : ST_NORMAL, 0, line);
	}
	term_putw(rows - 3, 0, cols, ST_DIM, 0,
	    " Enter: accept the seek, take the free seat (or watch a full "
	    "game)   o: watch");
	term_putw(rows - 2, 0, cols, ST_DIM, 0,
	    " s: seek a game   c: create as White   C: as Black   t: the best"
	    "   g: your games   r: refresh   q: quit");
	term_putw(rows - 1, 0, cols, a->s.msg.text[0] != '\0' ? a->s.msg.tone :
	    ST_DIM, 0, a->s.msg.text);
}

static void
refresh(struct ui_net *u)
{
	u->listed = false;
	u->listing = false;
	u->nitems = 0;
}

void
ui_lobby_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_net *u = a->net;
	const struct ui_lobby_item *it = u->nitems > 0 ? &u->items[u->sel] :
	    NULL;

	a->s.dirty = true;
	a->s.msg.text[0] = '\0';
	if (ui_lobby_seeks_key(a, ev)) {
		ui_net_events(a);
		return;
	}
	switch (ev->key) {
	case UK_UP:
	case 'k':
		if (u->sel > 0)
			u->sel--;
		break;
	case UK_DOWN:
	case 'j':
		if (u->sel + 1 < u->nitems)
			u->sel++;
		break;
	case 'r':
		refresh(u);
		break;
	case 'c':
	case 'C':
		net_client_create(u->c, ev->key == 'c' ? WHITE : BLACK, NULL);
		session_msg(&a->s, SM_NORMAL, "creating a game...");
		break;
	case UK_ENTER:
	case ' ':
		if (it == NULL)
			break;
		if (strcmp(it->status, "open") == 0 &&
		    (strcmp(it->white, "-") == 0 ||
		    strcmp(it->black, "-") == 0)) {
			net_client_join(u->c, it->game,
			    strcmp(it->white, "-") == 0 ? WHITE : BLACK);
			session_msg(&a->s, SM_NORMAL, "joining %s...", it->game);
			break;
		}
		/* FALLTHROUGH */
	case 'o':
		if (it == NULL)
			break;
		net_client_observe(u->c, it->game);
		u->from_lobby = true;   /* q comes back here */
		session_msg(&a->s, SM_NORMAL, "opening %s...", it->game);
		break;
	case 'q':
	case UK_ESC:
		if (session_seek_cancel(&a->s, ev->key == 'q'))
			break;
		a->s.quit = true;
		break;
	default:
		break;
	}
	ui_net_events(a);
}
