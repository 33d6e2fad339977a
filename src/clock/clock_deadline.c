/*
 * clock_deadline.c: a correspondence game's deadline (PROTOCOL.md
 * "Correspondence"): the server's UTC time read, and the time left until
 * it written as a clock writes it, coarse while days are left and finer
 * near the end ("2 d 14 h", "5 h 7 min", "12 min 5 s", "35 s").
 */

#include <stdio.h>
#include <string.h>

#include "clock/clock.h"
#include "util/i18n.h"

#define MIN_MS 60000LL
#define HOUR_MS (60 * MIN_MS)
#define DAY_MS (24 * HOUR_MS)

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil). */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* n digits of s as a number, -1 if any is not a digit. */
static int
digits(const char *s, int n)
{
	int v = 0, i;

	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

int
clock_parse_utc(const char *text, int64_t *unix_ms)
{
	static const int mdays[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30,
		31, 30, 31 };
	int y, mo, d, h, mi, se;

	/* 2026-11-25T15:30:02Z */
	if (text == NULL || strlen(text) != 20 || text[4] != '-' ||
	    text[7] != '-' || text[10] != 'T' || text[13] != ':' ||
	    text[16] != ':' || text[19] != 'Z')
		return -1;
	y = digits(text, 4);
	mo = digits(text + 5, 2);
	d = digits(text + 8, 2);
	h = digits(text + 11, 2);
	mi = digits(text + 14, 2);
	se = digits(text + 17, 2);
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 60)
		return -1;
	*unix_ms = ((days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * MIN_MS +
	    (int64_t)se * 1000;
	return 0;
}

void
clock_format_deadline(int64_t left_ms, bool compact, char *buf, size_t n)
{
	long long l = left_ms > 0 ? left_ms : 0;

	/* The compact form is read by scripts (congo --games): never
	 * translated; the other is a person's, in short units. */
	if (l >= DAY_MS)
		snprintf(buf, n, compact ? "%lldd%lldh" :
		    /* TRANSLATORS: days and hours left, short units */
		    _("%lld d %lld h"), l / DAY_MS, l % DAY_MS / HOUR_MS);
	else if (l >= HOUR_MS)
		snprintf(buf, n, compact ? "%lldh%02lldm" :
		    _("%lld h %lld min"), l / HOUR_MS, l % HOUR_MS / MIN_MS);
	else if (l >= MIN_MS)
		snprintf(buf, n, compact ? "%lldm%02llds" :
		    _("%lld min %lld s"), l / MIN_MS, l % MIN_MS / 1000);
	else
		snprintf(buf, n, compact ? "%llds" : _("%lld s"), l / 1000);
}

int64_t
clock_deadline_tick(int64_t left_ms)
{
	if (left_ms <= 0)
		return -1;
	/* minutes shown from an hour up, seconds below */
	return left_ms >= HOUR_MS ? left_ms % MIN_MS + 1 : left_ms % 1000 + 1;
}
