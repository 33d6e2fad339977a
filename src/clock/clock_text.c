/*
 * clock_text.c: time controls and remaining times as text.
 */

#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/clock.h"
#include "util/util.h"

#define BASE_MAX_MS (86400LL * 1000)
#define INC_MAX_MS (600LL * 1000)

/* A non-negative decimal number, all of [s, end). */
static int
read_number(const char *s, const char *end, double *out)
{
	char buf[32];
	size_t len = (size_t)(end - s);
	const char *p;

	if (len == 0 || len >= sizeof buf)
		return -1;
	for (p = s; p < end; p++)
		if (!isdigit((unsigned char)*p) && *p != '.')
			return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return parse_double(buf, 0, DBL_MAX, out, NULL, 0);
}

static int
parse(const char *text, double base_unit_ms, const char *base_unit,
    int64_t *base_ms, int64_t *inc_ms, char *err, size_t errlen)
{
	const char *plus;
	double b, i;

	if (text == NULL || *text == '\0')
		return util_error(err, errlen, "empty time control (write B+I, "
		    "e.g. %s)", base_unit_ms > 1000 ? "5+3" : "300+5");
	plus = strchr(text, '+');
	if (plus == NULL)
		return util_error(err, errlen, "time control '%s' has no '+' (write "
		    "%s+seconds, e.g. %s)", text, base_unit,
		    base_unit_ms > 1000 ? "5+3" : "300+5");
	if (read_number(text, plus, &b) != 0)
		return util_error(err, errlen, "time control '%s': '%.*s' is not a "
		    "number of %s", text, (int)(plus - text), text, base_unit);
	if (read_number(plus + 1, plus + 1 + strlen(plus + 1), &i) != 0)
		return util_error(err, errlen, "time control '%s': '%s' is not a "
		    "number of seconds", text, plus + 1);
	b *= base_unit_ms;
	i *= 1000.0;
	if (b < 1000.0 || b > (double)BASE_MAX_MS)
		return util_error(err, errlen, "time control '%s': the time for the "
		    "game must be 1 s to 24 h", text);
	if (i > (double)INC_MAX_MS)
		return util_error(err, errlen, "time control '%s': the increment "
		    "must be 0 to 600 s", text);
	*base_ms = (int64_t)llround(b);
	*inc_ms = (int64_t)llround(i);
	return 0;
}

int
clock_parse_minutes(const char *text, int64_t *base_ms, int64_t *inc_ms,
    char *err, size_t errlen)
{
	return parse(text, 60000.0, "minutes", base_ms, inc_ms, err, errlen);
}

int
clock_parse_seconds(const char *text, int64_t *base_ms, int64_t *inc_ms,
    char *err, size_t errlen)
{
	return parse(text, 1000.0, "seconds", base_ms, inc_ms, err, errlen);
}

/* Seconds with as many decimals as the milliseconds need: 1234.5, 0.05, 10. */
static void
format_seconds(int64_t ms, char *buf, size_t n)
{
	char frac[8];
	int len;

	if (ms < 0)
		ms = 0;
	if (ms % 1000 == 0) {
		snprintf(buf, n, "%" PRId64, ms / 1000);
		return;
	}
	snprintf(frac, sizeof frac, "%03d", (int)(ms % 1000));
	for (len = 3; len > 0 && frac[len - 1] == '0'; len--)
		frac[len - 1] = '\0';
	snprintf(buf, n, "%" PRId64 ".%s", ms / 1000, frac);
}

/*
 * What clock_parse_seconds reads back to the same milliseconds, whatever
 * they are (the server stores this text: it must read it at every start).
 */
void
clock_format_control(int64_t base_ms, int64_t inc_ms, char *buf, size_t n)
{
	char b[32], i[32];

	format_seconds(base_ms, b, sizeof b);
	format_seconds(inc_ms, i, sizeof i);
	snprintf(buf, n, "%s+%s", b, i);
}

/* What clock_parse_minutes reads back to the same milliseconds: the
 * minutes in the fewest digits that do (5, 0.5, 0.05; 1 s is
 * 0.0166667), the seconds as format_seconds writes them. */
void
clock_format_minutes(int64_t base_ms, int64_t inc_ms, char *buf, size_t n)
{
	char b[32], i[32];
	int prec;

	for (prec = 6; prec < 15; prec++) {
		snprintf(b, sizeof b, "%.*g", prec, (double)base_ms / 60000.0);
		if (llround(strtod(b, NULL) * 60000.0) == base_ms)
			break;
	}
	format_seconds(inc_ms, i, sizeof i);
	snprintf(buf, n, "%s+%s", b, i);
}

void
clock_format(int64_t ms, char *buf, size_t n)
{
	int64_t s;

	if (ms < 0)
		ms = 0;
	if (ms < 10000) {
		snprintf(buf, n, "%" PRId64 ".%" PRId64, ms / 1000,
		    (ms % 1000) / 100);
		return;
	}
	s = ms / 1000;
	if (s >= 3600)
		snprintf(buf, n, "%" PRId64 ":%02" PRId64 ":%02" PRId64,
		    s / 3600, (s / 60) % 60, s % 60);
	else
		snprintf(buf, n, "%" PRId64 ":%02" PRId64, s / 60, s % 60);
}

void
clock_format_pgn(int64_t ms, char *buf, size_t n)
{
	int64_t s = ms > 0 ? ms / 1000 : 0;

	snprintf(buf, n, "%" PRId64 ":%02" PRId64 ":%02" PRId64, s / 3600,
	    (s / 60) % 60, s % 60);
}

int
clock_parse_pgn(const char *text, int64_t *ms)
{
	double parts[3], sec;
	int n = 0;
	const char *p = text, *q;

	for (;;) {
		if (n == 3)
			return -1;
		q = p;
		while (*q != '\0' && *q != ':')
			q++;
		if (read_number(p, q, &parts[n]) != 0)
			return -1;
		n++;
		if (*q == '\0')
			break;
		p = q + 1;
	}
	if (n < 2)
		return -1;
	if (n == 2)
		sec = parts[0] * 60 + parts[1];
	else
		sec = parts[0] * 3600 + parts[1] * 60 + parts[2];
	if (sec > 1e9)
		return -1;
	*ms = (int64_t)llround(sec * 1000.0);
	return 0;
}
