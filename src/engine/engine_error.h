/*
 * engine_error.h: error messages of the engine's readers.
 */
#ifndef CONGO_ENGINE_ERROR_H
#define CONGO_ENGINE_ERROR_H

#include <stddef.h>

/* Format a message into err (if not NULL) and return -1. */
int engine_error(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
