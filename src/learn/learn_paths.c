/*
 * learn_paths.c: where the lesson and puzzle files are: the directory
 * given at configure time ($(pkgdatadir)), or $CONGO_DATADIR (tests, and
 * running from the build tree).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "learn/learn.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/congo"
#endif

void
learn_data_path(const char *name, char *out, size_t n)
{
	const char *dir = getenv("CONGO_DATADIR");

	if (dir == NULL || *dir == '\0')
		dir = PKGDATADIR;
	snprintf(out, n, "%s/%s", dir, name);
}
