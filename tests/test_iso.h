/*
 * test_iso.h: a UTC time as CGP/1 writes it (2024-05-01T12:00:00Z) read
 * back in Unix ms, by the tests' own reader (not the server's). Needs
 * _GNU_SOURCE (timegm) before the first include; after cmocka.h.
 */
#ifndef CONGO_TEST_ISO_H
#define CONGO_TEST_ISO_H

#include <string.h>
#include <time.h>

static inline long long
test_iso_ms(const char *v)
{
	struct tm tm;

	memset(&tm, 0, sizeof tm);
	assert_int_equal(sscanf(v, "%4d-%2d-%2dT%2d:%2d:%2dZ", &tm.tm_year,
	    &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec), 6);
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return (long long)timegm(&tm) * 1000;
}

#endif
