/*
 * web_when.c: the pages' words for time (issue 36): a correspondence
 * game's days a move, the time left to a deadline as the terminal shows it
 * ("2 d 14 h"), and a game's side to move with its deadline or its clocks,
 * for the game page and the lists (the live games, a player's games in
 * progress). The game page's script writes the same (web_static.c).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "web/web.h"

void
web_days_text(struct wbuf *b, int days)
{
	wbuf_printf(b, "%d day%s", days, days == 1 ? "" : "s");
}

void
web_left_text(struct wbuf *b, long long ms)
{
	long long s = ms <= 0 ? 0 : (ms + 999) / 1000;

	if (s >= 86400)
		wbuf_printf(b, "%lld d %lld h", s / 86400, s % 86400 / 3600);
	else if (s >= 3600)
		wbuf_printf(b, "%lld h %02lld min", s / 3600, s % 3600 / 60);
	else
		wbuf_printf(b, "%lld min %02lld s", s / 60, s % 60);
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

/* m:ss of ms left, as the game page's clocks. */
static void
clock_left(struct wbuf *b, long long ms)
{
	long long s = ms <= 0 ? 0 : (ms + 999) / 1000;

	wbuf_printf(b, "%lld:%02lld", s / 60, s % 60);
}

void
web_turn_text(struct wbuf *b, const struct web_game_row *r, long long now)
{
	bool known = strcmp(r->turn, "white") == 0 ||
	    strcmp(r->turn, "black") == 0;

	if (r->status == 0) {
		wbuf_puts(b, "waiting for a player");
		return;
	}
	if (r->status != 1)
		return;
	if (known) {
		wbuf_puts(b, r->turn);
		wbuf_puts(b, " to move");
	}
	if (r->days > 0 && r->deadline > 0) {
		wbuf_puts(b, known ? " by " : "by ");
		web_utc_text(b, r->deadline / 1000, true);
		if (now > 0) {
			wbuf_puts(b, ", ");
			web_left_text(b, r->deadline - now);
			wbuf_puts(b, " left");
		}
	} else if (r->clocks) {
		wbuf_puts(b, known ? ", white " : "white ");
		clock_left(b, r->wclock);
		wbuf_puts(b, ", black ");
		clock_left(b, r->bclock);
	}
}
