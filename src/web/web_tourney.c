/*
 * web_tourney.c: the tournaments' pages (issue 60) as HTML, from plain
 * data (web.h): the list (/tournaments, and the front page's), and one
 * tournament's (/tournament/<id>): what it is, its standings (rank, name,
 * points, games; an arena's fire and performance, a Swiss's Buchholz and
 * Sonneborn-Berger) and its games. Names are escaped (wbuf_html); the
 * page's script (/static/congo.js) fetches the page again every few
 * seconds while the tournament is not finished and puts its standings and
 * games in place, without a reload.
 */

#include <stdio.h>
#include <string.h>

#include "util/i18n.h"
#include "web/web.h"

static const char *
status_word(int status)
{
	/* TRANSLATORS: a tournament's status on the web pages */
	return status == 0 ? _("upcoming") : status == 1 ? _("running") :
	    _("finished");
}

static const char *
kind_word(const char *kind)
{
	/* TRANSLATORS: the kinds of tournament (lichess's words) */
	return strcmp(kind, "arena") == 0 ? _("Arena") :
	    strcmp(kind, "swiss") == 0 ? _("Swiss") : kind;
}

static void
tourney_link(struct wbuf *b, const struct web_tourney_row *t)
{
	wbuf_puts(b, "<a href=\"/tournament/");
	wbuf_html(b, t->id);
	wbuf_puts(b, "\">");
	wbuf_html(b, t->name);
	wbuf_puts(b, "</a>");
}

/* "3+2", "3 days a move". */
static void
control_text(struct wbuf *b, const struct web_tourney_row *t)
{
	if (t->days > 0) {
		struct wbuf d;
		wbuf_init(&d);
		web_days_text(&d, t->days);
		/* TRANSLATORS: a correspondence game's time ("3 days") */
		wbuf_printf(b, _("correspondence, %s a move"), d.s);
		wbuf_free(&d);
	} else
		web_clock_text(b, t->clock);
}

/* An arena's minutes, a Swiss's rounds. */
static void
length_text(struct wbuf *b, const struct web_tourney_row *t)
{
	if (strcmp(t->kind, "arena") == 0)
		/* TRANSLATORS: an arena's length */
		wbuf_printf(b, _("%d minutes"), t->minutes);
	else if (t->round > 0)
		/* TRANSLATORS: a Swiss's round paired of its rounds */
		wbuf_printf(b, _("round %d of %d"), t->round, t->rounds);
	else
		wbuf_printf(b, _("%d rounds"), t->rounds);
}

void
web_tourneys_table(struct wbuf *b, const struct web_tourney_row *t, int n,
    int max)
{
	int i, shown = 0, finished = 0;

	wbuf_printf(b, "<table id=\"tourneys\"><tr><th>%s</th><th>%s</th>"
	    "<th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th>"
	    "<th>%s</th></tr>\n", _("tournament"), _("kind"), _("status"),
	    _("start"), _("clock"), _("variant"), _("length"), _("players"));
	for (i = 0; i < n; i++) {
		if (t[i].status == 2 && max >= 0 && finished++ >= max)
			continue;
		shown++;
		wbuf_printf(b, "<tr class=\"t%d\"><td>", t[i].status);
		tourney_link(b, &t[i]);
		wbuf_printf(b, "</td><td>%s</td><td>%s</td><td>",
		    kind_word(t[i].kind), status_word(t[i].status));
		web_utc_text(b, t[i].start, true);
		wbuf_puts(b, "</td><td>");
		control_text(b, &t[i]);
		wbuf_puts(b, "</td><td>");
		wbuf_html(b, t[i].variant);
		if (t[i].rated)
			wbuf_printf(b, ", %s", _("rated"));
		wbuf_puts(b, "</td><td>");
		length_text(b, &t[i]);
		wbuf_printf(b, "</td><td>%d</td></tr>\n", t[i].players);
	}
	if (shown == 0)
		wbuf_printf(b, "<tr><td colspan=\"8\">%s</td></tr>\n",
		    _("none"));
	wbuf_puts(b, "</table>\n");
}

void
web_page_tourneys(struct wbuf *b, const struct web_tourney_row *t, int n)
{
	web_head(b, _("Tournaments"), 0, false);
	wbuf_printf(b, "<h1>%s</h1>\n", _("Tournaments"));
	web_tourneys_table(b, t, n, -1);
	web_foot(b);
}

static void
standings_table(struct wbuf *b, const struct web_tourney *x)
{
	bool arena = strcmp(x->t.kind, "arena") == 0;
	int i;

	wbuf_printf(b, "<table id=\"standings\"><tr><th>#</th><th>%s</th>"
	    "<th>%s</th><th>%s</th>", _("player"), _("points"), _("games"));
	if (arena)
		/* TRANSLATORS: an arena's performance rating (its ties) */
		wbuf_printf(b, "<th>%s</th>", _("performance"));
	else
		/* TRANSLATORS: the tie-breaks' names: Buchholz (cut 1),
		 * Sonneborn-Berger */
		wbuf_printf(b, "<th>%s</th><th>%s</th>", _("Buchholz"),
		    _("SB"));
	wbuf_puts(b, "</tr>\n");
	for (i = 0; i < x->nst; i++) {
		const struct web_standing *s = &x->st[i];
		wbuf_printf(b, "<tr><td>%d</td><td>", i + 1);
		web_player_link(b, s->name, 0, false);
		web_bot_title(b, s->bot);
		if (s->fire)
			wbuf_printf(b, " <span class=\"fire\" title=\"%s\">"
			    "&#x1f525;</span>", _("on fire: a win scores "
			    "double"));
		if (s->withdrawn)
			wbuf_printf(b, " <i>(%s)</i>", _("withdrawn"));
		else if (s->paused)
			wbuf_printf(b, " <i>(%s)</i>", _("paused"));
		wbuf_puts(b, "</td><td class=\"points\">");
		wbuf_html(b, s->points);
		wbuf_printf(b, "</td><td>%d</td><td>", s->games);
		if (arena) {
			if (s->games > 0)
				wbuf_printf(b, "%d", s->perf);
		} else {
			wbuf_html(b, s->buchholz);
			wbuf_puts(b, "</td><td>");
			wbuf_html(b, s->sb);
		}
		wbuf_puts(b, "</td></tr>\n");
	}
	if (x->nst == 0)
		wbuf_printf(b, "<tr><td colspan=\"%d\">%s</td></tr>\n",
		    arena ? 5 : 6, _("none"));
	wbuf_puts(b, "</table>\n");
}

static void
seat_text(struct wbuf *b, const char *name, bool bot, bool berserk)
{
	web_player_link(b, name, 0, false);
	web_bot_title(b, bot);
	if (berserk)
		/* TRANSLATORS: the seat berserked (half its time) */
		wbuf_printf(b, " <span class=\"berserk\">%s</span>",
		    _("berserk"));
}

static void
games_table(struct wbuf *b, const struct web_tourney *x)
{
	bool swiss = strcmp(x->t.kind, "swiss") == 0;
	int i;

	wbuf_puts(b, "<table id=\"tgames\"><tr>");
	if (swiss)
		wbuf_printf(b, "<th>%s</th>", _("round"));
	wbuf_printf(b, "<th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n",
	    _("game"), _("white"), _("black"), _("result"));
	for (i = 0; i < x->np; i++) {
		const struct web_tpair_row *p = &x->p[i];
		wbuf_puts(b, "<tr>");
		if (swiss)
			wbuf_printf(b, "<td>%d</td>", p->round);
		wbuf_puts(b, "<td>");
		if (p->game[0] != '\0') {
			wbuf_puts(b, "<a href=\"/game/");
			wbuf_html(b, p->game);
			wbuf_puts(b, "\">");
			wbuf_html(b, p->game);
			wbuf_puts(b, "</a>");
		}
		wbuf_puts(b, "</td><td>");
		seat_text(b, p->white, p->wbot, p->berserk[0]);
		wbuf_puts(b, "</td><td>");
		if (p->black[0] != '\0')
			seat_text(b, p->black, p->bbot, p->berserk[1]);
		wbuf_puts(b, "</td><td class=\"result\">");
		if (p->game[0] == '\0')
			/* TRANSLATORS: a Swiss's round without a game */
			wbuf_puts(b, _("bye"));
		else if (p->result[0] == '\0')
			wbuf_puts(b, _("in progress"));
		else {
			wbuf_html(b, p->result);
			if (p->reason[0] != '\0') {
				wbuf_puts(b, " (");
				wbuf_html(b, web_reason_word(p->reason));
				wbuf_puts(b, ")");
			}
		}
		wbuf_puts(b, "</td></tr>\n");
	}
	if (x->np == 0)
		wbuf_printf(b, "<tr><td colspan=\"%d\">%s</td></tr>\n",
		    swiss ? 5 : 4, _("none"));
	wbuf_puts(b, "</table>\n");
}

void
web_page_tourney(struct wbuf *b, const struct web_tourney *x)
{
	const struct web_tourney_row *t = &x->t;

	web_head(b, t->name, 0, t->status != 2);
	wbuf_puts(b, "<h1>");
	wbuf_html(b, t->name);
	/* The part the script puts in place again (data-live: it does
	 * while the tournament is not finished). */
	wbuf_printf(b, "</h1>\n<div id=\"tourney\" data-live=\"%d\" "
	    "data-status=\"%d\">\n<p class=\"info\">%s, <span id=\"tstatus\">"
	    "%s</span>, ", t->status != 2, t->status, kind_word(t->kind),
	    status_word(t->status));
	/* TRANSLATORS: a tournament's start ("2026-11-29 20:00 UTC") */
	wbuf_printf(b, "%s ", _("start:"));
	web_utc_text(b, t->start, true);
	wbuf_puts(b, ", ");
	length_text(b, t);
	wbuf_puts(b, ", ");
	control_text(b, t);
	wbuf_puts(b, ", ");
	wbuf_html(b, t->variant);
	wbuf_printf(b, ", %s", t->rated ? _("rated") : _("casual"));
	wbuf_printf(b, "</p>\n<h2>%s</h2>\n", _("Standings"));
	standings_table(b, x);
	wbuf_printf(b, "<h2>%s</h2>\n", _("Games"));
	if (x->ngames > x->np) {
		wbuf_puts(b, "<p>");
		/* TRANSLATORS: a tournament's games listed of all (many) */
		wbuf_printf(b, _("the newest %d of %d games"), x->np,
		    x->ngames);
		wbuf_puts(b, "</p>\n");
	}
	games_table(b, x);
	wbuf_puts(b, "</div>\n");
	web_foot(b);
}
