/*
 * util_parse.c: the one number parser. Every number a user, a file or a
 * peer gives is read here: the whole text (blanks around it allowed), in
 * base 10, within limits the caller names, or an error that says which of
 * these failed. Nothing is half read. The errors are in the reader's
 * language (util/i18n.h), as a person reads them: an option, a command,
 * a file's line.
 */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/i18n.h"
#include "util/util.h"

static const char *
skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

/* True if only blanks follow. */
static int
only_blanks(const char *s)
{
	return *skip_blanks(s) == '\0';
}

/* Where the number in text starts, past blanks; NULL (err says a number
 * is missing) when there is none. */
static const char *
number_start(const char *text, char *err, size_t errlen)
{
	const char *s;

	if (text == NULL || *(s = skip_blanks(text)) == '\0') {
		util_error(err, errlen, _("a number is missing"));
		return NULL;
	}
	return s;
}

/* The text quoted in a message, cut to a readable length. */
static int
quoted(const char *text)
{
	size_t n = strlen(text);

	return n > 40 ? 40 : (int)n;
}

int
parse_long(const char *text, long lo, long hi, long *out, char *err,
    size_t errlen)
{
	const char *s;
	char *end;
	long v;

	if ((s = number_start(text, err, errlen)) == NULL)
		return -1;
	if (!(*s >= '0' && *s <= '9') && *s != '-' && *s != '+')
		return util_error(err, errlen,
		    _("'%.*s' is not a whole number"), quoted(text), text);
	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || !only_blanks(end))
		return util_error(err, errlen,
		    _("'%.*s' is not a whole number"), quoted(text), text);
	if (errno == ERANGE || v < lo || v > hi)
		return util_error(err, errlen,
		    _("%.*s is out of range (%ld to %ld)"), quoted(s), s, lo,
		    hi);
	*out = v;
	return 0;
}

int
parse_int(const char *text, int lo, int hi, int *out, char *err,
    size_t errlen)
{
	long v;

	if (parse_long(text, lo, hi, &v, err, errlen) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

int
parse_u64(const char *text, uint64_t lo, uint64_t hi, uint64_t *out,
    char *err, size_t errlen)
{
	const char *s;
	char *end;
	unsigned long long v;

	if ((s = number_start(text, err, errlen)) == NULL)
		return -1;
	if (!(*s >= '0' && *s <= '9') && *s != '+')
		return util_error(err, errlen,
		    _("'%.*s' is not a whole number of 0 or more"),
		    quoted(text), text);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (end == s || !only_blanks(end))
		return util_error(err, errlen,
		    _("'%.*s' is not a whole number of 0 or more"),
		    quoted(text), text);
	if (errno == ERANGE || v < lo || v > hi)
		return util_error(err, errlen,
		    _("%.*s is out of range (%llu to %llu)"), quoted(s), s,
		    (unsigned long long)lo, (unsigned long long)hi);
	*out = (uint64_t)v;
	return 0;
}

int
parse_double(const char *text, double lo, double hi, double *out,
    char *err, size_t errlen)
{
	const char *s, *p;
	char *end;
	double v;

	if ((s = number_start(text, err, errlen)) == NULL)
		return -1;
	/* decimal only: strtod would take "inf", "nan" and hex too */
	p = s + (*s == '-' || *s == '+');
	if (!((*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' &&
	    p[1] <= '9')))
		return util_error(err, errlen, _("'%.*s' is not a number"),
		    quoted(text), text);
	for (; *p != '\0' && !only_blanks(p); p++)
		if (!((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' ||
		    *p == 'E' || *p == '-' || *p == '+'))
			return util_error(err, errlen,
			    _("'%.*s' is not a number"), quoted(text), text);
	errno = 0;
	v = strtod(s, &end);
	if (end == s || !only_blanks(end))
		return util_error(err, errlen, _("'%.*s' is not a number"),
		    quoted(text), text);
	if (errno == ERANGE || !isfinite(v) || v < lo || v > hi)
		return util_error(err, errlen,
		    _("%.*s is out of range (%g to %g)"), quoted(s), s, lo, hi);
	*out = v;
	return 0;
}

int
parse_ms(const char *text, int64_t lo_ms, int64_t hi_ms, int64_t *out,
    char *err, size_t errlen)
{
	double sec;

	if (parse_double(text, (double)lo_ms / 1000.0, (double)hi_ms / 1000.0,
	    &sec, err, errlen) != 0)
		return -1;
	*out = llround(sec * 1000.0);
	if (*out < lo_ms)
		*out = lo_ms;
	if (*out > hi_ms)
		*out = hi_ms;
	return 0;
}
