/*
 * util_error.c: the one error formatter. A function that fails writes its
 * message into the caller's buffer (which may be NULL) and returns a code.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

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
