/*
 * ui_net_lobby.c: the lobby, drawn, and its keys: the games on the server
 * (LIST), to join a free seat, watch, or create a game; the seeks above
 * them. Shown by `congo --connect HOST` when no game is named. What it
 * holds and asks is the session's (session_net_lobby.c, session_seek.c).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/ui_net.h"
#include "util/util.h"

void
ui_lobby_draw(struct ui_app *a)
{
	struct ui_net *u = a->net;
	const struct session_lobby *l = &u->g->lobby;
	char line[256];
	int rows = a->lay.rows, cols = a->lay.cols, y, i, first, room, top;

	snprintf(line, sizeof line, " Congo games on %.100s port %d  (%.60s)",
	    u->g->host, u->g->port, u->g->conn[0] != '\0' ? u->g->conn : "offline");
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
	first = l->sel >= room ? l->sel - room + 1 : 0;
	top = y;
	if (l->n == 0)
		term_putw(y, 0, cols, ST_DIM, 0, l->listing ?
		    "   (asking the server...)" : l->listed ?
		    "   (no games yet: c creates one)" : "   (not connected)");
	for (i = first; i < l->n && y < top + room; i++, y++) {
		const struct session_lobby_game *it = &l->games[i];
		char wn[48], bn[48];
		/* Guests marked as such: name(guest). */
		snprintf(line, sizeof line, " %c %-8s  %-8.8s  %-6.6s  "
		    "%-16.16s %-16.16s %4d  %s%s%s%s", i == l->sel &&
		    u->g->seek.sel < 0 ? '>' : ' ',
		    it->game, it->variant, it->clock,
		    session_net_shown(it->white, it->guest[0], wn, sizeof wn),
		    session_net_shown(it->black, it->guest[1], bn, sizeof bn),
		    it->ply, it->status, it->result[0] != '\0' ? " " : "",
		    it->result, it->mine == WHITE ? "  (yours, White)" :
		    it->mine == BLACK ? "  (yours, Black)" : "");
		term_putw(y, 0, cols, i == l->sel && u->g->seek.sel < 0 ?
		    ST_CURSOR : ST_NORMAL, 0, line);
	}
	term_putw(rows - 3, 0, cols, ST_DIM, 0,
	    " Enter: accept the seek, take the free seat, back to yours, or "
	    "watch   o: watch");
	term_putw(rows - 2, 0, cols, ST_DIM, 0,
	    " s: seek  c: create  C: as Black  t: best  g: your games  "
	    "r: refresh  q: quit");
	term_putw(rows - 1, 0, cols, a->s.msg.text[0] != '\0' ? a->s.msg.tone :
	    ST_DIM, 0, a->s.msg.text);
}

void
ui_lobby_key(struct ui_app *a, const struct ui_event *ev)
{
	a->s.dirty = true;
	a->s.msg.text[0] = '\0';
	if (ui_lobby_seeks_key(a, ev)) {
		session_net_events(&a->s);
		return;
	}
	switch (ev->key) {
	case UK_UP:
	case 'k':
		session_lobby_move(&a->s, -1);
		break;
	case UK_DOWN:
	case 'j':
		session_lobby_move(&a->s, 1);
		break;
	case 'r':
		session_lobby_refresh(&a->s);
		break;
	case 'c':
	case 'C':
		session_lobby_create(&a->s, ev->key == 'c' ? WHITE : BLACK);
		break;
	case UK_ENTER:
	case ' ':
	case 'o':
		session_lobby_open(&a->s, ev->key == 'o');
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
	session_net_events(&a->s);
}
