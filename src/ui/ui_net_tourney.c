/*
 * ui_net_tourney.c: the lobby's "Tournaments" screen (issue 60), drawn,
 * and its keys: the server's tournaments (running, upcoming, finished:
 * kind, name, start, clock and variant, players), one chosen with
 * Up/Down, Enter shows its standings, J joins it, w withdraws, p pauses
 * (an arena's); and a tournament's live standings in the side panel
 * beside its game. What it holds and sends is the session's
 * (session_tourney.c).
 */

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "session/session_seek.h"
#include "session/session_tourney.h"
#include "ui/ui_net.h"
#include "util/util.h"
#include "util/i18n.h"

static const char *
status_word(const char *st)
{
	return strcmp(st, "upcoming") == 0 ? _("upcoming") :
	    strcmp(st, "running") == 0 ? _("running") : _("finished");
}

/* The column Kind: as wide as its widest translated word, at least 6. */
static int
kind_width(void)
{
	const char *const words[] = { _("arena"), _("Swiss"), NULL };

	return util_width_most(words, 6);
}

/* A tournament's row: " > arena  Friday    2030-01-01 20:00  3+2 congo
 * 60 min     4  upcoming". */
static void
row(const struct session_tourney *t, bool sel, char *buf, size_t n)
{
	char ctl[24], len[24], at[24];
	const char *kind;

	if (t->days > 0)
		snprintf(ctl, sizeof ctl, "%dd", t->days);
	else
		session_seek_minutes(t->clock, ctl, sizeof ctl);
	if (t->kind[0] == 'a')
		snprintf(len, sizeof len, _("%d min"), t->minutes);
	else
		snprintf(len, sizeof len, _("%d/%d rounds"), t->round,
		    t->rounds);
	if (strlen(t->start) >= 16)
		snprintf(at, sizeof at, "%.10s %.5s", t->start, t->start + 11);
	else
		snprintf(at, sizeof at, "%s", t->start);
	/* (the kind whole and by display width: French "arène", Dutch
	 * "Zwitsers"; its column as wide as its widest word, kind_width) */
	kind = t->kind[0] == 'a' ? _("arena") : _("Swiss");
	snprintf(buf, n, " %c %-*s %-16.16s %-16.16s %-6.6s %-8.8s %-12.12s "
	    "%4d  %s%s", sel ? '>' : ' ', util_pad(kind, kind_width()), kind,
	    t->name, at, ctl, t->variant, len, t->players,
	    status_word(t->status), t->rated ? _(", rated") : "");
}

static void
draw_list(struct ui_app *a, int y)
{
	const struct session_tourneys *t = a->s.net->tourney;
	char line[256];
	int cols = a->lay.cols, i, first, room = a->lay.rows - 4 - y;

	/* (the heads after Kind moved as far as its column grew) */
	term_widen(line, sizeof line,
	    /* TRANSLATORS: column heads over " %c %-6.6s %-16.16s %-16.16s
	     * %-6.6s %-8.8s %-12.12s %4d  %s": keep each over its column */
	    _("   Kind   Name             Start (UTC)      Clock  Variant  "
	    "Length    Players  Status"), 10, kind_width() - 6);
	term_putw_words(y++, 0, cols, ST_HEAD, 0, line);
	if (t == NULL || t->n == 0) {
		term_putw_words(y, 0, cols, ST_DIM, 0, t != NULL && t->listed ?
		    _("   (no tournament on this server yet)") :
		    _("   (asking the server...)"));
		return;
	}
	if (room < 1)
		room = 1;
	first = t->sel >= room ? t->sel - room + 1 : 0;
	for (i = first; i < t->n && i < first + room; i++, y++) {
		row(&t->list[i], i == t->sel, line, sizeof line);
		term_putw_words(y, 0, cols, i == t->sel ? ST_CURSOR :
		    ST_NORMAL, 0, line);
	}
}

static void
draw_standings(struct ui_app *a, int y)
{
	const struct session_tourneys *t = a->s.net->tourney;
	const struct session_tourney *c = session_tourney_chosen(&a->s);
	char line[256], one[160];
	int cols = a->lay.cols, i;
	bool swiss;

	if (c == NULL)
		return;
	swiss = c->kind[0] == 's';
	session_tourney_line(c, one, sizeof one);
	snprintf(line, sizeof line, " %s", one);
	term_putw_words(y++, 0, cols, ST_NORMAL, 0, line);
	y++;
	term_putw_words(y++, 0, cols, ST_HEAD, 0, swiss ?
	    /* TRANSLATORS: column heads over "  %4d  %-20.20s %7s %6d
	     * %9s %7s" (a Swiss's: its tie-breaks, Buchholz cut 1 and
	     * Sonneborn-Berger) */
	    _("  Rank  Player                Points  Games  Buchholz      SB") :
	    /* TRANSLATORS: column heads over "  %4d  %-20.20s %7s %6d  %s" */
	    _("  Rank  Player                Points  Games"));
	if (!t->st_listed || strcmp(t->sid, c->id) != 0) {
		term_putw_words(y, 0, cols, ST_DIM, 0,
		    _("   (asking the server...)"));
		return;
	}
	if (t->nst == 0)
		term_putw_words(y, 0, cols, ST_DIM, 0, _("   (no player has "
		    "joined yet: J joins)"));
	for (i = 0; i < t->nst && y < a->lay.rows - 4; i++, y++) {
		const struct session_standing *st = &t->st[i];
		char name[24];

		session_standing_name(st, 20, name, sizeof name);
		if (swiss)
			snprintf(line, sizeof line, "  %4d  %-20.20s %7s %6d "
			    "%9s %7s", st->rank, name, st->points,
			    st->games, st->buchholz, st->sb);
		else
			snprintf(line, sizeof line, "  %4d  %-20.20s %7s %6d  "
			    "%s", st->rank, name, st->points, st->games,
			    st->fire ? _("on fire") : "");
		term_putw_words(y, 0, cols, strcasecmp(st->name,
		    a->s.net->account) == 0 ? ST_GOOD : ST_NORMAL, 0, line);
	}
}

void
ui_lobby_tourney_draw(struct ui_app *a, int y)
{
	const struct session_tourneys *t = a->s.net->tourney;
	int rows = a->lay.rows, cols = a->lay.cols;
	bool detail = t != NULL && t->detail;

	term_putw_words(y++, 0, cols, ST_HEAD, 0, detail ?
	    _(" Tournaments: standings") : _(" Tournaments"));
	y++;
	if (detail)
		draw_standings(a, y);
	else
		draw_list(a, y);
	term_putw_items(rows - 2, 0, cols, ST_DIM, 0, detail ?
	    _(" J: join   w: withdraw   p: pause (arena)   Esc: the list") :
	    _(" Enter: its standings   J: join   Up/Down: a tournament   "
	    "w: withdraw   p: pause (arena)   Esc: back"));
}

bool
ui_lobby_tourney_key(struct ui_app *a, const struct ui_event *ev)
{
	switch (ev->key) {
	case UK_ESC:
	case 'q':
		session_tourney_close(&a->s);
		break;
	case UK_UP:
	case 'k':
		session_tourney_step(&a->s, -1);
		break;
	case UK_DOWN:
	case 'j':
		session_tourney_step(&a->s, 1);
		break;
	case UK_ENTER:
	case ' ':
		session_tourney_detail(&a->s, true);
		break;
	case 'J':
		(void)session_tourney_send(&a->s, "TJOIN", NULL);
		break;
	case 'w':
	case 'W':
	case 'p':
	case 'P':
		if (session_tourney_chosen(&a->s) != NULL)
			(void)session_tourney_send(&a->s, ev->key == 'w' ||
			    ev->key == 'W' ? "TLEAVE" : "TPAUSE",
			    session_tourney_chosen(&a->s)->id);
		break;
	default:
		break;
	}
	return true;
}

int
ui_net_tourney_panel(struct ui_app *a, int y)
{
	const struct session_tourneys *t = a->s.net != NULL ?
	    a->s.net->tourney : NULL;
	const char *id = session_tourney_of_game(&a->s);
	int x = a->lay.panel_x, w = a->lay.panel_w, i, shown = 0, most;
	char buf[96], line[96];

	if (!a->net->on || id == NULL || t == NULL ||
	    session_net_record_game(&a->s) != NULL)
		return y;
	most = (a->lay.status_y - y) / 3;
	if (most > 6)
		most = 6;
	if (most < 2)
		return y;
	snprintf(buf, sizeof buf, _("Standings %s"), session_tourney_find(
	    &a->s, id) != NULL ? session_tourney_find(&a->s, id)->name : id);
	term_putw(y++, x, w, ST_HEAD, 0, buf);
	if (strcmp(t->sid, id) != 0 || !t->st_listed) {
		term_putw(y++, x + 2, w - 2, ST_DIM, 0,
		    _("(asking the server...)"));
		return y;
	}
	for (i = 0; i < t->nst && shown < most; i++) {
		bool me = strcasecmp(t->st[i].name, a->s.net->account) == 0;
		/* the top ones, and one's own line in the last row */
		if (shown == most - 1 && !me) {
			int k;
			for (k = i; k < t->nst && strcasecmp(t->st[k].name,
			    a->s.net->account) != 0; k++)
				;
			if (k < t->nst) {
				i = k;
				me = true;
			}
		}
		session_standing_short(&t->st[i], line, sizeof line);
		term_putw(y++, x + 2, w - 2, me ? ST_GOOD : ST_NORMAL,
		    me ? TA_BOLD : 0, line);
		shown++;
	}
	return y;
}
