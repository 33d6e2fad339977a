/*
 * web_pages.c: the pages as HTML, from plain data (web.h). Whatever a
 * player wrote goes through wbuf_html; the script is a file the server
 * serves (/static/congo.js), never inline: the pages' Content-Security-
 * Policy allows no other. The pages' own words are in the server's
 * language (_(), util/i18n.h; lang= the catalogue's, web_words.c); names,
 * ids, moves, FEN, numbers, dates and the JSON the script reads are not.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rating/rating.h"
#include "util/i18n.h"
#include "util/util.h"
#include "web/web.h"

static void
head(struct wbuf *b, const char *title, int refresh, bool script)
{
	char lang[16];

	wbuf_printf(b, "<!doctype html>\n<html lang=\"%s\"><head>"
	    "<meta charset=\"utf-8\">"
	    "<meta name=\"viewport\" content=\"width=device-width\">",
	    web_lang(lang));
	if (refresh > 0)
		wbuf_printf(b, "<meta http-equiv=\"refresh\" content=\"%d\">",
		    refresh);
	wbuf_puts(b, "<title>");
	wbuf_html(b, title);
	wbuf_puts(b, " - Congo</title>"
	    "<link rel=\"stylesheet\" href=\"/static/congo.css\">");
	if (script)
		wbuf_puts(b, "<script src=\"/static/congo.js\" defer></script>");
	wbuf_puts(b, "</head><body><nav><a href=\"/\">Congo</a></nav>\n");
}

static void
foot(struct wbuf *b)
{
	wbuf_puts(b, "</body></html>\n");
}

static void
player_link(struct wbuf *b, const char *name, int rating, bool prov)
{
	size_t n = strlen(name), m = strlen(WEB_GUEST_MARK);

	if (name[0] == '\0') {
		wbuf_printf(b, "<i>%s</i>", _("(open)"));
		return;
	}
	/* A guest: no page of its own (an account's would be another's). */
	if (n > m && strcmp(name + n - m, WEB_GUEST_MARK) == 0) {
		wbuf_html(b, name);
		return;
	}
	wbuf_puts(b, "<a href=\"/player/");
	wbuf_html(b, name);
	wbuf_puts(b, "\">");
	wbuf_html(b, name);
	wbuf_puts(b, "</a>");
	if (rating > 0)
		wbuf_printf(b, " (%d%s)", rating, prov ? "?" : "");
}

/* A bot's title after its name (not translated: as lichess; issue 59). */
static void
bot_title(struct wbuf *b, bool bot)
{
	if (bot)
		wbuf_puts(b, " <span class=\"title\">BOT</span>");
}

/* "300+5" (seconds, as stored) as the terminal shows it: "5+5", minutes
 * plus seconds a move ("0.5+0"); a correspondence game's "3d" as "3
 * days". */
static void
clock_text(struct wbuf *b, const char *clock)
{
	const char *plus = strchr(clock, '+');
	char text[32];
	size_t len = plus != NULL ? (size_t)(plus - clock) : 0;
	double base, inc;
	int days;

	if (clock[0] == '\0') {
		wbuf_puts(b, _("untimed"));
		return;
	}
	if (sscanf(clock, "%2d%1[d]", &days, text) == 2 && days > 0 &&
	    strlen(clock) == strcspn(clock, "d") + 1) {
		web_days_text(b, days);
		return;
	}
	if (len < sizeof text) {
		memcpy(text, clock, len);
		text[len] = '\0';
	}
	if (plus == NULL || len >= sizeof text ||
	    parse_double(text, 0, 1e9, &base, NULL, 0) != 0 ||
	    parse_double(plus + 1, 0, 1e9, &inc, NULL, 0) != 0) {
		wbuf_html(b, clock);
		return;
	}
	wbuf_printf(b, "%g+%g", base / 60.0, inc);
}

/* Games, with the day each ended when dates; not finished, with whose
 * move it is and its deadline or clocks (now: Unix ms). */
static void
games_table(struct wbuf *b, const char *id, const struct web_game_row *g,
    int n, bool finished, bool dates, long long now)
{
	int i;

	wbuf_printf(b, "<table id=\"%s\"><tr>", id);
	if (dates)
		wbuf_printf(b, "<th>%s</th>", _("date"));
	/* TRANSLATORS: the web pages' tables' heads */
	wbuf_printf(b, "<th>%s</th><th>%s</th><th>%s</th><th>%s</th>"
	    "<th>%s</th><th>%s</th>", _("game"), _("white"), _("black"),
	    _("variant"), _("clock"), finished ? _("result") : _("ply"));
	if (!finished)
		wbuf_printf(b, "<th>%s</th>", _("to move"));
	wbuf_puts(b, "</tr>\n");
	for (i = 0; i < n; i++) {
		wbuf_puts(b, "<tr>");
		if (dates) {
			wbuf_puts(b, "<td>");
			if (g[i].ended > 0)
				web_utc_text(b, g[i].ended, false);
			wbuf_puts(b, "</td>");
		}
		wbuf_puts(b, "<td><a href=\"/game/");
		wbuf_html(b, g[i].id);
		wbuf_puts(b, "\">");
		wbuf_html(b, g[i].id);
		wbuf_puts(b, "</a></td><td>");
		player_link(b, g[i].white, g[i].wrating, g[i].wprov);
		bot_title(b, g[i].wbot);
		wbuf_puts(b, "</td><td>");
		player_link(b, g[i].black, g[i].brating, g[i].bprov);
		bot_title(b, g[i].bbot);
		wbuf_puts(b, "</td><td>");
		wbuf_html(b, g[i].variant);
		if (g[i].rated)
			wbuf_printf(b, ", %s", _("rated"));
		wbuf_puts(b, "</td><td>");
		clock_text(b, g[i].clock);
		wbuf_puts(b, "</td><td>");
		if (finished) {
			wbuf_html(b, g[i].result[0] != '\0' ? g[i].result :
			    "-");
			if (g[i].reason[0] != '\0') {
				wbuf_puts(b, " (");
				wbuf_html(b, web_reason_word(g[i].reason));
				wbuf_puts(b, ")");
			}
		} else {
			wbuf_printf(b, "%d</td><td>", g[i].ply);
			web_turn_text(b, &g[i], now);
		}
		wbuf_puts(b, "</td></tr>\n");
	}
	if (n == 0)
		wbuf_printf(b, "<tr><td colspan=\"%d\">%s</td></tr>\n",
		    (dates ? 7 : 6) + !finished, _("none"));
	wbuf_puts(b, "</table>\n");
}

static void
ratings_table(struct wbuf *b, const struct web_rating_row *r, int n,
    bool names)
{
	int i;

	wbuf_puts(b, "<table class=\"ratings\"><tr>");
	if (names)
		wbuf_printf(b, "<th>#</th><th>%s</th>", _("player"));
	/* TRANSLATORS: RD is the rating's deviation (Glicko) */
	wbuf_printf(b, "<th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n",
	    _("category"), _("rating"), _("RD"), _("games"));
	for (i = 0; i < n; i++) {
		wbuf_puts(b, "<tr>");
		if (names) {
			wbuf_printf(b, "<td>%d</td><td>", i + 1);
			player_link(b, r[i].name, 0, false);
			wbuf_puts(b, "</td>");
		}
		wbuf_puts(b, "<td>");
		wbuf_html(b, r[i].variant);
		wbuf_puts(b, " ");
		wbuf_html(b, r[i].speed);
		wbuf_printf(b, "</td><td>%.0f%s</td><td>%.0f</td><td>%d</td>"
		    "</tr>\n", r[i].rating, r[i].rd > RATING_PROVISIONAL_RD ?
		    "?" : "", r[i].rd, r[i].games);
	}
	if (n == 0)
		wbuf_printf(b, "<tr><td colspan=\"5\">%s</td></tr>\n",
		    _("none"));
	wbuf_puts(b, "</table>\n");
}

/* The computer players seeking (issue 59): each bot once, with its
 * rating and the clocks it offers, so that a human finds one at once. */
static void
bots_list(struct wbuf *b, const struct web_index *x)
{
	int i, j, n = 0;

	wbuf_printf(b, "<h2>%s</h2>\n<ul id=\"bots\">\n",
	    _("Computer players"));
	for (i = 0; i < x->nseeks; i++) {
		const struct web_seek_row *s = &x->seeks[i];
		bool seen = false;
		if (!s->bot)
			continue;
		for (j = 0; j < i && !seen; j++)
			seen = x->seeks[j].bot &&
			    strcmp(x->seeks[j].name, s->name) == 0;
		if (seen)
			continue;
		wbuf_puts(b, "<li>");
		player_link(b, s->name, s->rating, false);
		wbuf_puts(b, " <span class=\"title\">BOT</span>:");
		for (j = i; j < x->nseeks; j++)
			if (x->seeks[j].bot &&
			    strcmp(x->seeks[j].name, s->name) == 0) {
				wbuf_puts(b, " ");
				clock_text(b, x->seeks[j].clock);
			}
		wbuf_puts(b, "</li>\n");
		n++;
	}
	if (n == 0)
		wbuf_printf(b, "<li>%s</li>\n", _("none"));
	wbuf_puts(b, "</ul>\n");
}

void
web_page_index(struct wbuf *b, const struct web_index *x)
{
	int i;

	head(b, _("Games"), 10, false);
	wbuf_printf(b, "<h1>Congo</h1>\n<h2>%s</h2>\n", _("Live games"));
	games_table(b, "live", x->live, x->nlive, false, false, x->now);
	wbuf_printf(b, "<h2>%s</h2>\n<table id=\"seeks\"><tr>"
	    "<th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>\n",
	    _("Open seeks"), _("player"), _("variant"), _("clock"),
	    _("rated"), _("colour"));
	for (i = 0; i < x->nseeks; i++) {
		const struct web_seek_row *s = &x->seeks[i];
		wbuf_puts(b, "<tr><td>");
		player_link(b, s->name, s->rating, false);
		if (s->bot)     /* (a title, not translated: as lichess) */
			wbuf_puts(b, " <span class=\"title\">BOT</span>");
		wbuf_puts(b, "</td><td>");
		wbuf_html(b, s->variant);
		wbuf_puts(b, "</td><td>");
		clock_text(b, s->clock);
		wbuf_printf(b, "</td><td>%s</td><td>", s->rated ? _("yes") :
		    _("no"));
		wbuf_html(b, strcmp(s->colour, "white") == 0 ? _("white") :
		    strcmp(s->colour, "black") == 0 ? _("black") :
		    strcmp(s->colour, "random") == 0 ? _("random") : s->colour);
		wbuf_puts(b, "</td></tr>\n");
	}
	if (x->nseeks == 0)
		wbuf_printf(b, "<tr><td colspan=\"5\">%s</td></tr>\n",
		    _("none"));
	wbuf_puts(b, "</table>\n");
	bots_list(b, x);
	/* The tournaments (issue 60): running, upcoming, a few finished. */
	wbuf_printf(b, "<h2>%s</h2>\n", _("Tournaments"));
	web_tourneys_table(b, x->tourneys, x->ntourneys, 5);
	wbuf_printf(b, "<p><a href=\"/tournaments\">%s</a></p>\n",
	    _("all tournaments"));
	wbuf_printf(b, "<h2>%s</h2>\n", _("Recent results"));
	games_table(b, "recent", x->recent, x->nrecent, true, false, 0);
	wbuf_printf(b, "<h2>%s</h2>\n", _("Leaderboards"));
	for (i = 0; i < x->ncat; i++) {
		wbuf_puts(b, "<h3>");
		wbuf_html(b, x->cat[i]);
		wbuf_puts(b, "</h3>\n");
		ratings_table(b, x->top[i], x->ntop[i], true);
	}
	if (x->ncat == 0)
		wbuf_printf(b, "<p>%s</p>\n", _("Nobody has an established "
		    "rating yet (a rating is listed once its deviation is 110 "
		    "or less, after about 20 rated games)."));
	if (x->server != NULL) {
		wbuf_puts(b, "<footer>");
		wbuf_html(b, x->server);
		wbuf_puts(b, "</footer>\n");
	}
	foot(b);
}

static void
ms_text(struct wbuf *b, long long ms)
{
	long long s = ms < 0 ? 0 : (ms + 999) / 1000;

	wbuf_printf(b, "%lld:%02lld", s / 60, s % 60);
}

/* ,"key":"value" */
static void
json_field(struct wbuf *b, const char *key, const char *value)
{
	wbuf_printf(b, ",\"%s\":\"", key);
	wbuf_json(b, value);
	wbuf_puts(b, "\"");
}

void
web_sse_state(struct wbuf *b, const struct web_game *g, int from)
{
	int i;

	if (from < 0)
		from = 0;
	if (from > g->nply)
		from = g->nply;
	wbuf_printf(b, "{\"from\":%d,\"ply\":%d,\"fens\":[", from, g->nply);
	for (i = from; i <= g->nply; i++) {
		wbuf_puts(b, i > from ? ",\"" : "\"");
		wbuf_json(b, g->fens[i]);
		wbuf_puts(b, "\"");
	}
	wbuf_puts(b, "],\"moves\":[");
	for (i = from; i < g->nply; i++) {
		wbuf_puts(b, i > from ? ",\"" : "\"");
		wbuf_json(b, g->moves[i]);
		wbuf_puts(b, "\"");
	}
	wbuf_printf(b, "],\"timed\":%s,\"wclock\":%lld,\"bclock\":%lld,"
	    "\"running\":%d,\"days\":%d,\"deadline\":%lld,\"now\":%lld,"
	    "\"status\":%d,\"result\":\"",
	    g->timed ? "true" : "false", g->wclock, g->bclock, g->running,
	    g->row.days, g->row.deadline, g->now, g->row.status);
	wbuf_json(b, g->row.result);
	wbuf_puts(b, "\"");
	json_field(b, "reason", g->row.reason);
	json_field(b, "white", g->row.white);
	json_field(b, "black", g->row.black);
	json_field(b, "wafter", g->row.wafter);
	json_field(b, "wdiff", g->row.wdiff);
	json_field(b, "bafter", g->row.bafter);
	json_field(b, "bdiff", g->row.bdiff);
	wbuf_puts(b, "}");
}

/* The last move and the side to move ("last move 2... c6c5, white to
 * move"), as the page's script writes it too. */
static void
turn_text(struct wbuf *b, const struct web_game *g)
{
	const char *sp = strchr(g->fens[g->nply], ' ');
	int n = g->nply;

	if (n > 0) {
		struct wbuf m;
		wbuf_init(&m);
		wbuf_printf(&m, "%d%s ", (n - 1) / 2 + 1, n % 2 == 1 ? "." :
		    "...");
		wbuf_html(&m, g->moves[n - 1]);
		/* TRANSLATORS: the game's last move ("2... c6c5") */
		wbuf_printf(b, _("last move %s"), m.s);
		wbuf_free(&m);
	}
	if (g->row.status == 1 && sp != NULL && (sp[1] == 'w' ||
	    sp[1] == 'b'))
		wbuf_printf(b, "%s%s", n > 0 ? ", " : "",
		    sp[1] == 'w' ? _("white to move") : _("black to move"));
}

/* A rated game's rating changes, once it is over ("" before). */
static void
rating_changes(struct wbuf *b, const struct web_game_row *r)
{
	const char *who[2] = { r->white, r->black };
	const char *after[2] = { r->wafter, r->bafter };
	const char *diff[2] = { r->wdiff, r->bdiff };
	struct wbuf t;
	int k;

	if (r->wdiff[0] == '\0' && r->bdiff[0] == '\0')
		return;
	wbuf_init(&t);
	for (k = 0; k < 2; k++) {
		wbuf_puts(&t, k > 0 ? ", " : "");
		wbuf_html(&t, who[k]);
		wbuf_puts(&t, " ");
		wbuf_html(&t, after[k]);
		wbuf_puts(&t, " (");
		wbuf_html(&t, diff[k]);
		wbuf_puts(&t, ")");
	}
	/* TRANSLATORS: the players' new ratings ("alice 1520 (+12), bob
	 * 1480 (-12)") */
	wbuf_printf(b, _("ratings: %s"), t.s);
	wbuf_free(&t);
}

static void
status_text(struct wbuf *b, const struct web_game_row *r)
{
	if (r->status == 2) {
		wbuf_html(b, r->result[0] != '\0' ? r->result : "-");
		if (r->reason[0] != '\0') {
			wbuf_puts(b, " (");
			wbuf_html(b, web_reason_word(r->reason));
			wbuf_puts(b, ")");
		}
	} else
		wbuf_puts(b, r->status == 1 ? _("in progress") :
		    _("waiting for a player"));
}

void
web_page_game(struct wbuf *b, const struct web_game *g)
{
	const struct web_game_row *r = &g->row;
	char title[96];
	int i;

	snprintf(title, sizeof title, _("Game %s"), r->id);
	head(b, title, 0, true);
	wbuf_puts(b, "<h1>");
	player_link(b, r->white, r->wrating, r->wprov);
	bot_title(b, r->wbot);
	wbuf_puts(b, " &ndash; ");
	player_link(b, r->black, r->brating, r->bprov);
	bot_title(b, r->bbot);
	wbuf_printf(b, "</h1>\n<p class=\"info\">%s ", _("game"));
	wbuf_html(b, r->id);
	wbuf_puts(b, ", ");
	wbuf_html(b, r->variant);
	if (r->rated)
		wbuf_printf(b, ", %s", _("rated"));
	wbuf_puts(b, ", ");
	if (r->days > 0) {
		struct wbuf d;
		wbuf_init(&d);
		web_days_text(&d, r->days);
		/* TRANSLATORS: a correspondence game's time ("3 days") */
		wbuf_printf(b, _("correspondence, %s a move"), d.s);
		wbuf_free(&d);
	} else
		clock_text(b, r->clock);
	if (g->tourney[0] != '\0') {
		/* (issue 60) */
		wbuf_printf(b, ", %s <a href=\"/tournament/", _("tournament"));
		wbuf_html(b, g->tourney);
		wbuf_puts(b, "\">");
		wbuf_html(b, g->tourney_name);
		wbuf_puts(b, "</a>");
	}
	wbuf_puts(b, " &middot; <a href=\"/game/");
	wbuf_html(b, r->id);
	wbuf_puts(b, "/record\" download>");
	wbuf_printf(b, "%s</a></p>\n<div class=\"game\"><div>", _("record"));
	if (web_board_svg(b, g->fens[g->nply], g->islands) < 0)
		wbuf_printf(b, "<p>%s</p>",
		    _("(the position cannot be drawn)"));
	wbuf_puts(b, "<p id=\"view\">");
	/* TRANSLATORS: the ply shown of the game's plies */
	wbuf_printf(b, _("ply %d of %d"), g->nply, g->nply);
	wbuf_puts(b, "</p></div><div class=\"side\">");
	if (g->timed) {
		wbuf_printf(b, "<p class=\"clocks\">%s <span id=\"wclock\""
		    "%s>", _("white"), g->running == 0 ? " class=\"run\"" : "");
		ms_text(b, g->wclock);
		wbuf_printf(b, "</span> %s <span id=\"bclock\"%s>",
		    _("black"), g->running == 1 ? " class=\"run\"" : "");
		ms_text(b, g->bclock);
		wbuf_puts(b, "</span></p>");
	}
	wbuf_printf(b, "<p>%s <span id=\"status\">", _("status:"));
	status_text(b, r);
	wbuf_puts(b, "</span></p><p id=\"deadline\">");
	/* A correspondence game's deadline (the script keeps it). */
	if (r->days > 0 && r->status == 1 && r->deadline > 0)
		web_turn_text(b, r, g->now);
	wbuf_puts(b, "</p><p id=\"turn\">");
	turn_text(b, g);
	wbuf_puts(b, "</p><p id=\"rchange\">");
	rating_changes(b, r);
	wbuf_puts(b, "</p><ol id=\"moves\">");
	for (i = 0; i < g->nply; i += 2) {
		wbuf_puts(b, "<li>");
		wbuf_html(b, g->moves[i]);
		if (i + 1 < g->nply) {
			wbuf_puts(b, " ");
			wbuf_html(b, g->moves[i + 1]);
		}
		wbuf_puts(b, "</li>");
	}
	wbuf_printf(b, "</ol><p class=\"hint\">&larr; &rarr; %s</p></div>"
	    "</div>\n", _("step through the moves"));
	web_script_words(b);
	wbuf_puts(b, "<script type=\"application/json\" id=\"data\" "
	    "data-game=\"");
	wbuf_html(b, r->id);
	wbuf_puts(b, "\">");
	web_sse_state(b, g, 0);
	wbuf_puts(b, "</script>\n");
	foot(b);
}

void
web_page_player(struct wbuf *b, const struct web_player *p)
{
	struct wbuf t;
	int i;

	head(b, p->name, 0, false);
	wbuf_puts(b, "<h1>");
	wbuf_html(b, p->name);
	bot_title(b, p->bot);
	wbuf_init(&t);
	web_utc_text(&t, p->created, false);
	wbuf_puts(b, "</h1>\n<p class=\"info\">");
	wbuf_printf(b, _("account since %s"), t.s);
	wbuf_free(&t);
	wbuf_puts(b, ", ");
	wbuf_printf(b, _("rated games played: %d"), p->ngames_total);
	wbuf_printf(b, ", %s <span id=\"wdl\">", _("finished games:"));
	/* TRANSLATORS: a player's finished games */
	wbuf_printf(b, _("%d won, %d drawn, %d lost"), p->wins, p->draws,
	    p->losses);
	wbuf_printf(b, "</span></p>\n<h2>%s</h2>\n", _("Ratings"));
	ratings_table(b, p->ratings, p->nratings, false);
	for (i = 0; i < p->nratings; i++) {
		wbuf_puts(b, "<figure><figcaption>");
		wbuf_html(b, p->ratings[i].variant);
		wbuf_puts(b, " ");
		wbuf_html(b, p->ratings[i].speed);
		wbuf_puts(b, "</figcaption>");
		web_chart_svg(b, p->hist != NULL ? p->hist[i] : NULL,
		    p->nhist != NULL ? p->nhist[i] : 0);
		wbuf_puts(b, "</figure>\n");
	}
	wbuf_printf(b, "<h2>%s</h2>\n", _("Games in progress"));
	games_table(b, "playing", p->live, p->nlive, false, false, p->now);
	wbuf_printf(b, "<h2>%s</h2>\n", _("Games"));
	games_table(b, "games", p->games, p->ngames, true, true, 0);
	if (p->next_before != NULL) {
		wbuf_puts(b, "<p><a rel=\"next\" href=\"/player/");
		wbuf_html(b, p->name);
		wbuf_puts(b, "?before=");
		wbuf_html(b, p->next_before);
		wbuf_printf(b, "\">%s</a></p>\n", _("older games"));
	}
	foot(b);
}

void
web_page_error(struct wbuf *b, int code, const char *text)
{
	char title[32];

	snprintf(title, sizeof title, "%d", code);
	head(b, title, 0, false);
	wbuf_printf(b, "<h1>%d</h1>\n<p>", code);
	wbuf_html(b, _(text));
	wbuf_puts(b, "</p>\n");
	foot(b);
}

/* What web_tourney.c shares of these pages. */
void
web_head(struct wbuf *b, const char *title, int refresh, bool script)
{
	head(b, title, refresh, script);
}

void
web_foot(struct wbuf *b)
{
	foot(b);
}

void
web_player_link(struct wbuf *b, const char *name, int rating, bool prov)
{
	player_link(b, name, rating, prov);
}

void
web_clock_text(struct wbuf *b, const char *clock)
{
	clock_text(b, clock);
}

void
web_bot_title(struct wbuf *b, bool bot)
{
	bot_title(b, bot);
}
