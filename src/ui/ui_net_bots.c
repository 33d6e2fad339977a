/*
 * ui_net_bots.c: the lobby's "Play the computer" screen (issue 59), drawn,
 * and its keys: the computer players online (name, rating, the speeds
 * they seek), one chosen with Up/Down and its speed with Left/Right,
 * Enter plays it; with none online it says so and how to play the
 * computer without the server. What it holds and sends is the session's
 * (session_bots.c).
 */

#include <stdio.h>
#include <string.h>

#include "session/session_bots.h"
#include "ui/ui_learn.h"
#include "ui/ui_net.h"
#include "util/i18n.h"

/* A bot's speeds, "1+0 congo, 5+3 congo", in buf. */
static void
speeds_text(const struct ui_app *a, const struct session_bot *b, char *buf,
    size_t n)
{
	char one[48];
	int k;

	buf[0] = '\0';
	for (k = 0; k < b->nspeeds; k++) {
		session_bots_speed_text(&a->s, b->speed[k], one, sizeof one);
		if (strlen(buf) + strlen(one) + 3 >= n)
			break;
		if (k > 0)
			strcat(buf, ", ");
		strcat(buf, one);
	}
}

/* No bot online: said, and what Enter does instead; the next free
 * row. */
static int
draw_none(struct ui_app *a, int y)
{
	int cols = a->lay.cols, bottom = a->lay.rows - 3;

	y = ui_learn_wrap(y, 1, cols - 2, bottom, ST_NORMAL, _("No computer "
	    "player is online on this server now."));
	return ui_learn_wrap(y + 1, 1, cols - 2, bottom, ST_DIM, _("Enter "
	    "seeks a 5+3 game that a computer player takes when one comes; or "
	    "play the computer on this machine, without the server: congo "
	    "(without --connect).")) + 1;
}

void
ui_lobby_bots_draw(struct ui_app *a, int y)
{
	struct session_bot list[SESSION_BOTS_MAX];
	char line[256], sp[160], who[48], v[48];
	int cols = a->lay.cols, n, i, sel;

	n = session_bots_list(&a->s, list, SESSION_BOTS_MAX);
	sel = session_bots_sel(&a->s, list, n);
	term_putw_words(y++, 0, cols, ST_HEAD, 0, _(" Play the computer"));
	y++;
	if (n == 0)
		y = draw_none(a, y);
	else {
		term_putw_words(y++, 0, cols, ST_HEAD, 0,
		    /* TRANSLATORS: column heads over "   %-24.24s %6s  %s":
		     * keep each over its column */
		    _("   Computer player          Rating  Speeds"));
		for (i = 0; i < n && y < a->lay.rows - 6; i++, y++) {
			snprintf(who, sizeof who, "%.40s BOT", list[i].name);
			speeds_text(a, &list[i], sp, sizeof sp);
			snprintf(line, sizeof line, " %c %-24.24s %6s  %s",
			    i == sel ? '>' : ' ', who, list[i].rating, sp);
			term_putw_words(y, 0, cols, i == sel ? ST_CURSOR :
			    ST_NORMAL, 0, line);
		}
		y++;
		session_bots_speed_text(&a->s, list[sel].speed[
		    session_bots_speed_sel(&a->s, &list[sel])], v, sizeof v);
		/* TRANSLATORS: the speed chosen: at most 13 columns before
		 * the '<' */
		snprintf(line, sizeof line, _(" Speed          < %s >"), v);
		term_putw_words(y++, 0, cols, ST_NORMAL, 0, line);
		y++;
	}
	term_putw_items(y, 0, cols, ST_DIM, 0, n > 0 ?
	    _(" Enter: play   Up/Down: a computer player   Left/Right: its "
	    "speed   Esc: back") : _(" Enter: seek   Esc: back"));
}

bool
ui_lobby_bots_key(struct ui_app *a, const struct ui_event *ev)
{
	switch (ev->key) {
	case UK_ESC:
	case 'q':
		session_bots_close(&a->s);
		break;
	case UK_UP:
	case 'k':
		session_bots_step(&a->s, -1);
		break;
	case UK_DOWN:
	case 'j':
		session_bots_step(&a->s, 1);
		break;
	case UK_LEFT:
	case 'h':
		session_bots_speed(&a->s, -1);
		break;
	case UK_RIGHT:
	case 'l':
	case ' ':
	case '\t':
		session_bots_speed(&a->s, 1);
		break;
	case UK_ENTER:
		(void)session_bots_play(&a->s);
		ui_net_view_sync(a);
		break;
	default:
		break;
	}
	return true;
}
