/*
 * util_error.c: the one error formatter. A function that fails writes its
 * message into the caller's buffer (which may be NULL) and returns a code;
 * the bad input it names is shown printable (util_shown).
 */

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/util.h"

int
util_verror(int code, char *err, size_t errlen, const char *fmt, va_list ap)
{
	if (err != NULL && errlen > 0)
		vsnprintf(err, errlen, fmt, ap);
	return code;
}

int
util_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	util_verror(-1, err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

int
util_error_code(int code, char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	util_verror(code, err, errlen, fmt, ap);
	va_end(ap);
	return code;
}

const char *
util_shown(const char *s, size_t len, char *out, size_t n)
{
	size_t j = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (j + 8 >= n) {
			strcpy(out + j, "...");
			return out;
		}
		if (isprint(c))
			out[j++] = (char)c;
		else
			j += (size_t)snprintf(out + j, n - j, "\\x%02x", c);
	}
	out[j] = '\0';
	return out;
}
