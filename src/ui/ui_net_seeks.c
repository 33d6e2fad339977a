/*
 * ui_net_seeks.c: the lobby's seeks and the seek dialog, drawn, and their
 * keys: who seeks (rating, variant, clock, rated or not; Enter on one
 * accepts it), the dialog's fields (variant, clock, rated, colour and the
 * opponents' rating range). What they hold and send is the session's
 * (session_seek.c).
 */

#include <stdio.h>
#include <string.h>

#include "session/session_net_mine.h"
#include "session/session_newgame.h"
#include "session/session_seek.h"
#include "ui/ui_net.h"
#include "util/util.h"
#include "util/i18n.h"

static void
draw_form(struct ui_app *a, int y)
{
	const struct session_seek_form *f = &a->s.net->seek.form;
	/* TRANSLATORS: the seek dialog's fields: at most 13 columns */
	static const char *const names[SF_NFIELDS] = { N_("Variant"),
		N_("Clock"), N_("Rated"), N_("Colour"), N_("Rating range") };
	char line[160], val[64], v[32];
	int cols = a->lay.cols, i, days;

	term_putw_words(y++, 0, cols, ST_HEAD, 0, _(" Seek a game"));
	y++;
	for (i = 0; i < SF_NFIELDS; i++, y++) {
		session_seek_value(&a->s, i, v, sizeof v);
		if (i == SF_CLOCK && session_seek_days(v, &days))
			snprintf(val, sizeof val, _("%s (days a move)"), v);
		else if (i == SF_CLOCK)
			snprintf(val, sizeof val, _("%s (minutes + seconds a "
			    "move)"), v);
		else if (i == SF_RANGE && v[0] == '\0')
			snprintf(val, sizeof val, "%s",
			    _("any (type e.g. 1400-1700)"));
		else
			snprintf(val, sizeof val, "%s", v);
		snprintf(line, sizeof line, " %c %-*s < %s >", i == f->field ?
		    '>' : ' ', util_pad(_(names[i]), 13), _(names[i]), val);
		term_putw_words(y, 0, cols, i == f->field ? ST_CURSOR : ST_NORMAL,
		    0, line);
	}
	y++;
	term_putw_items(y, 0, cols, ST_DIM, 0, _(" Enter: seek   Up/Down: a field   "
	    "Left/Right: its value   Esc: back"));
}

/* A seek's colour (the protocol's word) in the player's language. */
static const char *
color_shown(const char *c)
{
	return strcmp(c, "white") == 0 ? _("white") : strcmp(c, "black") ==
	    0 ? _("black") : strcmp(c, "random") == 0 ? _("random") : c;
}

int
ui_lobby_seeks_draw(struct ui_app *a, int y)
{
	const struct session_seeks *k = &a->s.net->seek;
	char line[200], clk[16];
	const char *rated;
	int cols = a->lay.cols, i, rw;

	if (k->form.open) {
		draw_form(a, y);
		return a->lay.rows;     /* the dialog takes the screen */
	}
	/* the column Rated as wide as its widest word (German
	 * "ungewertet"), the head Colour after it moved as far */
	rw = session_rated_width();
	term_widen(line, sizeof line,
	    /* TRANSLATORS: column heads over "           %-20.20s %6s
	     * %-8.8s  %-6.6s  %-6s  %s": keep each over its column */
	    _("   Seeks     Player               Rating  Variant   Clock   "
	    "Rated   Colour"), 68, rw - 6);
	term_putw_words(y++, 0, cols, ST_HEAD, 0, line);
	if (k->n == 0)
		term_putw_words(y++, 0, cols, ST_DIM, 0, _("   (nobody seeks a game: "
		    "s seeks one)"));
	for (i = 0; i < k->n && i < SESSION_SEEKS_SHOWN; i++, y++) {
		const struct session_lobby_seek *e = &k->list[i];
		char name[40], who[80], mine[40];
		size_t nl = strlen(e->name), gl = strlen("(guest)");
		bool guest = nl > gl && strcmp(e->name + nl - gl,
		    "(guest)") == 0;
		/* A bot's title beside its name (not translated: as
		 * lichess; issue 59); a guest's mark (the server's, in
		 * English) in the player's language; a long name cut with
		 * an ellipsis, never the mark. */
		snprintf(name, sizeof name, "%.*s", (int)(guest ? nl - gl : nl),
		    e->name);
		term_cell(who, sizeof who, name, guest ? _("(guest)") :
		    e->bot ? " BOT" : "", 20);
		/* yours marked under the head "Seeks", where a line of 80
		 * columns has room for it */
		term_cell(mine, sizeof mine, session_seek_mine(&a->s, e) ?
		    /* TRANSLATORS: one's own seek, at most 9 columns after
		     * the two spaces */
		    _("  (yours)") + strspn(_("  (yours)"), " ") : "", "", 9);
		session_seek_minutes(e->clock, clk, sizeof clk);
		/* TRANSLATORS: a cell of the column Rated (the column as
		 * wide as its widest word; short is best: yes/no) */
		rated = e->rated ? _("rated") : _("casual");
		snprintf(line, sizeof line, " %c %s %s %6s  %-8.8s "
		    " %-6.6s  %-*s  %s", i == k->sel ? '>' : ' ', mine,
		    who, e->rating, e->variant, clk, util_pad(rated, rw),
		    rated, color_shown(e->color));
		term_putw_words(y, 0, cols, i == k->sel ? ST_CURSOR : ST_NORMAL, 0,
		    line);
	}
	return y + 1;
}

static bool
form_key(struct ui_app *a, const struct ui_event *ev)
{
	switch (ev->key) {
	case UK_ESC:
	case 'q':
		session_seek_form_close(&a->s);
		break;
	case UK_UP:
	case 'k':
		session_seek_form_field(&a->s, -1);
		break;
	case UK_DOWN:
	case 'j':
	case '\t':
		session_seek_form_field(&a->s, 1);
		break;
	case UK_ENTER:
		session_seek_form_submit(&a->s);
		ui_net_view_sync(a);
		break;
	case UK_LEFT:
	case 'h':
		session_seek_form_change(&a->s, -1);
		break;
	case UK_RIGHT:
	case 'l':
	case ' ':
		session_seek_form_change(&a->s, 1);
		break;
	case UK_BACKSPACE:
		session_seek_form_type(&a->s, SESSION_TYPE_ERASE);
		break;
	case UK_CTRL('u'):
		session_seek_form_type(&a->s, SESSION_TYPE_CLEAR);
		break;
	default:
		session_seek_form_type(&a->s, ev->key);
		break;
	}
	return true;
}

bool
ui_lobby_seeks_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_net *u = a->net;
	struct session_seeks *k = &u->g->seek;
	struct session_cmd cmd;

	if (k->form.open)
		return form_key(a, ev);
	switch (ev->key) {
	case 's':
		session_seek_form_open(&a->s);
		return true;
	case 't':
	case 'g':
		memset(&cmd, 0, sizeof cmd);
		cmd.type = ev->key == 't' ? CMD_TOP : CMD_GAMES;
		ui_net_list_open(a, &cmd);
		return true;
	case UK_ENTER:
	case ' ':
		if (k->sel < 0 || k->sel >= k->n)
			return false;
		session_seek_accept(&a->s, k->sel);
		ui_net_view_sync(a);
		return true;
	default:
		return false;
	}
}
