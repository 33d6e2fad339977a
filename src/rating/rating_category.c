/*
 * rating_category.c: speeds (the category's half besides the variant) and
 * ratings and their changes as the protocol shows them.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rating/rating.h"

#define SHOWN_MAX 1000000.0

/* The speeds' names in enum rating_speed's order. */
#define SPEED_NAMES(X) X("bullet") X("blitz") X("rapid") X("classical") \
    X("correspondence")

#define SPEED_NAME(n) n,
static const char *const speed_names[] = { SPEED_NAMES(SPEED_NAME) };

/* Every name fits RATING_SPEED_MAX with its NUL: a longer one cut short
 * in a buffer or the store would be another speed (issue 57: "corresponde"
 * stored, and TOP speed=correspondence found nobody). */
#define SPEED_FITS(n) _Static_assert(sizeof n <= RATING_SPEED_MAX, \
    "the speed " n " does not fit RATING_SPEED_MAX");
SPEED_NAMES(SPEED_FITS)
_Static_assert(sizeof speed_names / sizeof speed_names[0] == RATING_NSPEEDS,
    "a name for each speed");

bool
rating_provisional(const struct rating *r)
{
	/* A rating whose RD is not even a number is not one to trust. */
	return !(r->rd <= RATING_PROVISIONAL_RD);
}

long
rating_round(double value)
{
	if (!isfinite(value))
		return 0;
	if (value > SHOWN_MAX)
		value = SHOWN_MAX;
	if (value < -SHOWN_MAX)
		value = -SHOWN_MAX;
	return lround(value);
}

long
rating_diff(double before, double after)
{
	return rating_round(after) - rating_round(before);
}

void
rating_format(const struct rating *r, char *buf, size_t n)
{
	snprintf(buf, n, "%ld%s", rating_round(r->r),
	    rating_provisional(r) ? "?" : "");
}

void
rating_format_diff(double before, double after, char *buf, size_t n)
{
	long d = rating_diff(before, after);

	snprintf(buf, n, "%c%ld", d < 0 ? '-' : '+', d < 0 ? -d : d);
}

enum rating_speed
rating_speed_of(int64_t base_ms, int64_t inc_ms)
{
	/* Thresholds on base + 40 x inc, in milliseconds. */
	int64_t est;

	if (base_ms < 0)
		base_ms = 0;
	if (inc_ms < 0)
		inc_ms = 0;
	if (inc_ms > (INT64_MAX - base_ms) / 40)
		return RATING_CLASSICAL;
	est = base_ms + 40 * inc_ms;
	if (est < 180 * 1000)
		return RATING_BULLET;
	if (est < 480 * 1000)
		return RATING_BLITZ;
	if (est < 1500 * 1000)
		return RATING_RAPID;
	return RATING_CLASSICAL;
}

const char *
rating_speed_name(int speed)
{
	if (speed < 0 || speed >= RATING_NSPEEDS)
		return "?";
	return speed_names[speed];
}

int
rating_speed_parse(const char *name)
{
	int i;

	if (name == NULL)
		return -1;
	for (i = 0; i < RATING_NSPEEDS; i++)
		if (strcmp(name, speed_names[i]) == 0)
			return i;
	return -1;
}
