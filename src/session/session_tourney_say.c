/*
 * session_tourney_say.c: tournaments in words (session_tourney.h): a
 * tournament's line as the lobby's screen and plain mode list it, a
 * standing as a sentence (plain mode's standings), and as the side
 * panel's short line beside a game.
 */

#include <stdio.h>
#include <string.h>

#include "session/session_seek.h"
#include "session/session_tourney.h"
#include "util/i18n.h"

/* "2030-01-01T20:00:00Z" as "2030-01-01 20:00 UTC". */
static void
when(const char *iso, char *buf, size_t n)
{
	if (strlen(iso) >= 16 && iso[10] == 'T')
		snprintf(buf, n, "%.10s %.5s UTC", iso, iso + 11);
	else
		snprintf(buf, n, "%s", iso);
}

static const char *
status_word(const char *st)
{
	return strcmp(st, "upcoming") == 0 ? _("upcoming") :
	    strcmp(st, "running") == 0 ? _("running") : _("finished");
}

void
session_tourney_line(const struct session_tourney *t, char *buf, size_t n)
{
	char ctl[32], at[40], len[48], who[32];

	if (t->days > 0)
		snprintf(ctl, sizeof ctl, ngettext("%d day a move",
		    "%d days a move", (unsigned long)t->days), t->days);
	else
		session_seek_minutes(t->clock, ctl, sizeof ctl);
	when(t->start, at, sizeof at);
	if (t->kind[0] == 'a')
		snprintf(len, sizeof len, ngettext("%d minute", "%d minutes",
		    (unsigned long)t->minutes), t->minutes);
	else if (t->round > 0)
		snprintf(len, sizeof len, _("round %1$d of %2$d"), t->round,
		    t->rounds);
	else
		snprintf(len, sizeof len, ngettext("%d round", "%d rounds",
		    (unsigned long)t->rounds), t->rounds);
	snprintf(who, sizeof who, ngettext("%d player", "%d players",
	    (unsigned long)t->players), t->players);
	/* TRANSLATORS: "arena Friday, 3+2 congo, rated, 2030-01-01 20:00
	 * UTC, 60 minutes, 4 players, upcoming" */
	snprintf(buf, n, _("%1$s %2$s, %3$s %4$s%5$s, %6$s, %7$s, %8$s, %9$s"),
	    t->kind[0] == 'a' ? _("arena") : _("Swiss"), t->name, ctl,
	    t->variant, t->rated ? _(", rated") : "", at, len, who,
	    status_word(t->status));
}

void
session_standing_name(const struct session_standing *st, int width,
    char *buf, size_t n)
{
	/* (names are ASCII: a column a byte) */
	if (st->bot)
		snprintf(buf, n, "%.*s BOT", width > 4 ? width - 4 : 0,
		    st->name);
	else
		snprintf(buf, n, "%.*s", width, st->name);
}

void
session_standing_sentence(const struct session_standing *st, char *buf,
    size_t n)
{
	char games[32], more[96], name[48];

	snprintf(games, sizeof games, ngettext("%d game", "%d games",
	    (unsigned long)st->games), st->games);
	snprintf(name, sizeof name, st->bot ? "%s (BOT)" : "%s", st->name);
	if (st->buchholz[0] != '\0' && st->sb[0] != '\0')
		/* TRANSLATORS: a Swiss's tie-breaks after its points: "1.
		 * ann, 2.5 points in 3 games, Buchholz 4.5, Sonneborn-Berger
		 * 3.75" */
		snprintf(more, sizeof more, _(", Buchholz %1$s, "
		    "Sonneborn-Berger %2$s"), st->buchholz, st->sb);
	else
		snprintf(more, sizeof more, "%s", st->fire ? _(", on fire") :
		    "");
	/* TRANSLATORS: "1. ann, 6 points in 3 games, on fire" (the points
	 * a text: "2.5" in a Swiss) */
	snprintf(buf, n, ngettext("%1$d. %2$s, %3$s point in %4$s%5$s",
	    "%1$d. %2$s, %3$s points in %4$s%5$s", strcmp(st->points, "1") ==
	    0 ? 1 : 2), st->rank, name, st->points, games, more);
}

void
session_standing_short(const struct session_standing *st, char *buf,
    size_t n)
{
	char name[16];

	session_standing_name(st, 12, name, sizeof name);
	/* the fire mark: a streak of two wins or more (points double) */
	snprintf(buf, n, "%2d %-12.12s %5s%s", st->rank, name, st->points,
	    st->fire ? " *" : "");
}
