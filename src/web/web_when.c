/*
 * web_when.c: the pages' words for time (issue 36): a correspondence
 * game's days a move, the time left to a deadline as the terminal shows it
 * ("2 d 14 h"), and a game's side to move with its deadline or its clocks,
 * for the game page and the lists (the live games, a player's games in
 * progress), in the server's language (util/i18n.h). The game page's
 * script writes the same (web_static.c) with the page's words
 * (web_words.c).
 */

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "util/i18n.h"
#include "web/web.h"

void
web_days_text(struct wbuf *b, int days)
{
	wbuf_printf(b, ngettext("%d day", "%d days", days), days);
}

void
web_left_text(struct wbuf *b, long long ms)
{
	long long s = ms <= 0 ? 0 : (ms + 999) / 1000;

	if (s >= 86400)
		/* TRANSLATORS: days, hours left (short units: GLOSSARY) */
		wbuf_printf(b, _("%lld d %lld h"), s / 86400,
		    s % 86400 / 3600);
	else if (s >= 3600)
		wbuf_printf(b, _("%lld h %02lld min"), s / 3600,
		    s % 3600 / 60);
	else
		wbuf_printf(b, _("%lld min %02lld s"), s / 60, s % 60);
}

void
web_utc_text(struct wbuf *b, long long t, bool minute)
{
	time_t tt = (time_t)t;
	struct tm tm;
	char text[32];

	if (gmtime_r(&tt, &tm) == NULL || strftime(text, sizeof text,
	    minute ? "%Y-%m-%d %H:%M UTC" : "%Y-%m-%d", &tm) == 0)
		snprintf(text, sizeof text, "?");
	wbuf_puts(b, text);
}

/* The seconds of ms left, as the game page's clocks count them. */
static long long
clock_s(long long ms)
{
	return ms <= 0 ? 0 : (ms + 999) / 1000;
}

void
web_turn_text(struct wbuf *b, const struct web_game_row *r, long long now)
{
	bool known = strcmp(r->turn, "white") == 0 ||
	    strcmp(r->turn, "black") == 0;
	struct wbuf t;

	if (r->status == 0) {
		wbuf_puts(b, _("waiting for a player"));
		return;
	}
	if (r->status != 1)
		return;
	if (known)
		wbuf_puts(b, strcmp(r->turn, "white") == 0 ?
		    _("white to move") : _("black to move"));
	if (r->days > 0 && r->deadline > 0) {
		char when[32];
		wbuf_init(&t);
		web_utc_text(&t, r->deadline / 1000, true);
		snprintf(when, sizeof when, "%s", t.len > 0 ? t.s : "?");
		wbuf_free(&t);
		wbuf_puts(b, known ? " " : "");
		/* TRANSLATORS: a deadline (a date and time, UTC) */
		wbuf_printf(b, _("by %s"), when);
		if (now > 0) {
			wbuf_init(&t);
			web_left_text(&t, r->deadline - now);
			wbuf_puts(b, ", ");
			/* TRANSLATORS: the time left ("2 d 14 h") */
			wbuf_printf(b, _("%s left"), t.len > 0 ? t.s : "");
			wbuf_free(&t);
		}
	} else if (r->clocks) {
		char w[24], k[24];
		snprintf(w, sizeof w, "%lld:%02lld", clock_s(r->wclock) / 60,
		    clock_s(r->wclock) % 60);
		snprintf(k, sizeof k, "%lld:%02lld", clock_s(r->bclock) / 60,
		    clock_s(r->bclock) % 60);
		wbuf_puts(b, known ? ", " : "");
		/* TRANSLATORS: the two clocks (m:ss) */
		wbuf_printf(b, _("white %s, black %s"), w, k);
	}
}
