/*
 * engine_error.c: error messages of the engine's readers.
 */
#include <stdarg.h>
#include <stdio.h>

#include "engine/engine_error.h"

int
engine_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err != NULL && errlen > 0) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}
