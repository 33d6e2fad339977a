/*
 * rating_pair.c: the pairing rules of PROTOCOL.md SEEK: which two seeks
 * make a game, which seek a new one is paired with (the oldest that fits),
 * and who plays White.
 */

#include <stddef.h>

#include "rating/rating.h"

double
rating_seek_rating(const struct rating_seek *s)
{
	if (s->name == NULL || !s->has_rating)
		return RATING_START;
	return s->rating;
}

/* Names of accounts are ASCII; compare them without regard to case and
 * without the locale. */
static bool
same_name(const char *a, const char *b)
{
	for (;; a++, b++) {
		char ca = *a, cb = *b;
		if (ca >= 'A' && ca <= 'Z')
			ca = (char)(ca - 'A' + 'a');
		if (cb >= 'A' && cb <= 'Z')
			cb = (char)(cb - 'A' + 'a');
		if (ca != cb)
			return false;
		if (ca == '\0')
			return true;
	}
}

/* Does s accept an opponent whose rating in the category is opp? */
static bool
in_range(const struct rating_seek *s, double opp)
{
	long shown;

	if (!s->has_range)
		return true;
	shown = rating_round(opp);
	return shown >= s->range_min && shown <= s->range_max;
}

bool
rating_seeks_compatible(const struct rating_seek *a,
    const struct rating_seek *b)
{
	if (a == NULL || b == NULL || a == b)
		return false;
	if (a->variant != b->variant || a->base_ms != b->base_ms ||
	    a->inc_ms != b->inc_ms || a->rated != b->rated)
		return false;
	/* A rated game is between two accounts. */
	if (a->rated && (a->name == NULL || b->name == NULL))
		return false;
	if ((a->colour == RATING_WHITE && b->colour == RATING_WHITE) ||
	    (a->colour == RATING_BLACK && b->colour == RATING_BLACK))
		return false;
	if (!in_range(a, rating_seek_rating(b)) ||
	    !in_range(b, rating_seek_rating(a)))
		return false;
	/* Never against oneself: the same account or the same connection. */
	if (a->name != NULL && b->name != NULL && same_name(a->name, b->name))
		return false;
	if (a->owner != 0 && a->owner == b->owner)
		return false;
	return true;
}

int
rating_pair_pick(const struct rating_seek *seeks, size_t n, size_t newest,
    size_t *match)
{
	size_t i, best = n;

	if (seeks == NULL || newest >= n)
		return -1;
	for (i = 0; i < n; i++) {
		if (i == newest ||
		    !rating_seeks_compatible(&seeks[newest], &seeks[i]))
			continue;
		/* Ties of created go to the lower index: scanning upwards,
		 * only a strictly older seek replaces the best. */
		if (best == n || seeks[i].created < seeks[best].created)
			best = i;
	}
	if (best == n)
		return 0;
	if (match != NULL)
		*match = best;
	return 1;
}

enum rating_colour
rating_pair_colour(const struct rating_seek *a, const struct rating_seek *b,
    int random_bit)
{
	if (a->colour == RATING_WHITE || a->colour == RATING_BLACK)
		return a->colour;
	if (b->colour == RATING_WHITE)
		return RATING_BLACK;
	if (b->colour == RATING_BLACK)
		return RATING_WHITE;
	return random_bit ? RATING_WHITE : RATING_BLACK;
}
