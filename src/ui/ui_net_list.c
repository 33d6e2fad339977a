/*
 * ui_net_list.c: the server's lists in the game, drawn, and their keys:
 * :whois NAME (a player's ratings), :top [VARIANT] [SPEED] (the best),
 * :games [NAME] (the games played, newest first). A list opens over the
 * screen and fills as its lines come; Enter on a game asks its RECORD,
 * which opens for review. What they hold is the session's
 * (session_net_list.c).
 */

#include <stdio.h>
#include <string.h>

#include "session/session_net_list.h"
#include "session/session_net_mine.h"
#include "ui/ui_net.h"
#include "util/i18n.h"

void
ui_net_list_open(struct ui_app *a, const struct session_cmd *cmd)
{
	if (session_net_list_open(&a->s, cmd) < 0)
		return;
	if (a->screen != SCR_NETLIST)
		a->net->list_back = a->screen;
	a->screen = SCR_NETLIST;
}

/* A record of the list loaded: the board shows it (q: back to the game,
 * or to the lobby when the list was opened there). */
void
ui_net_list_sync(struct ui_app *a)
{
	struct session_net_list *l = a->s.net != NULL ? a->s.net->list : NULL;

	if (l == NULL || !l->loaded)
		return;
	l->loaded = false;
	a->screen = SCR_BOARD;
}

void
ui_net_list_draw(struct ui_app *a)
{
	const struct session_net_list *l = a->s.net != NULL ? a->s.net->list :
	    NULL;
	int rows = a->lay.rows, cols = a->lay.cols, room = rows - 4, first, y,
	    i;

	if (l == NULL)
		return;
	term_putw_words(0, 0, cols, ST_STATUS, 0, l->title);
	if (strcmp(l->verb, "GAMES") == 0) {
		char head[200];

		/* (the head Ended moved as far as the column Rated grew to
		 * its widest word, session_rated_width) */
		term_widen(head, sizeof head,
		    /* TRANSLATORS: column heads over "  %-8s  %-8s %-14.14s
		     * %-14.14s %-3s %-14.14s %-6s %.10s": keep each over its
		     * column */
		    _("   Game      Variant  "
		    "White          Black          Res Reason         Rated  "
		    "Ended"), 78, session_rated_width() - 6);
		term_putw_words(1, 0, cols, ST_HEAD, 0, head);
	}
	if (room < 1)
		room = 1;
	first = l->sel >= room ? l->sel - room + 1 : 0;
	for (i = first, y = 2; i < l->n && y < 2 + room; i++, y++) {
		char line[200];
		snprintf(line, sizeof line, "%c%s", i == l->sel &&
		    l->games[i][0] != '\0' ? '>' : ' ', l->lines[i]);
		term_putw_words(y, 0, cols, i == l->sel && l->games[i][0] != '\0' ?
		    ST_CURSOR : ST_NORMAL, 0, line);
	}
	term_putw_items(rows - 2, 0, cols, ST_DIM, 0, strcmp(l->verb, "GAMES") == 0 ?
	    _(" Enter: the game's record, for review   Esc or q: close") :
	    _(" Esc or q: close"));
	term_putw_words(rows - 1, 0, cols, a->s.msg.text[0] != '\0' ? a->s.msg.tone :
	    ST_DIM, 0, a->s.msg.text);
}

void
ui_net_list_key(struct ui_app *a, const struct ui_event *ev)
{
	struct session_net_list *l = a->s.net != NULL ? a->s.net->list :
	    NULL;

	a->s.dirty = true;
	if (l == NULL) {
		a->screen = SCR_BOARD;
		return;
	}
	switch (ev->key) {
	case UK_UP:
	case 'k':
		if (l->sel > 0)
			l->sel--;
		break;
	case UK_DOWN:
	case 'j':
		if (l->sel + 1 < l->n)
			l->sel++;
		break;
	case UK_ENTER:
		if (l->sel < l->n && l->games[l->sel][0] != '\0')
			session_net_list_record(&a->s, l->sel,
			    a->net->list_back == SCR_LOBBY);
		break;
	case 'q':
	case UK_ESC:
		a->screen = a->net->list_back;
		break;
	default:
		break;
	}
	session_net_events(&a->s);
}
