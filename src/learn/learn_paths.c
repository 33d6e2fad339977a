/*
 * learn_paths.c: where the lesson and puzzle files are: the directory
 * given at configure time ($(pkgdatadir)), or $CONGO_DATADIR (tests);
 * a program run from its build tree before `make install` (as the README
 * says to) finds the files in the source tree's data/.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "learn/learn.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/congo"
#endif
#ifndef SRCDATADIR
#define SRCDATADIR PKGDATADIR
#endif

void
learn_data_path(const char *name, char *out, size_t n)
{
	const char *dir = getenv("CONGO_DATADIR");

	if (dir != NULL && *dir != '\0') {
		snprintf(out, n, "%s/%s", dir, name);
		return;
	}
	snprintf(out, n, "%s/%s", PKGDATADIR, name);
	if (access(out, R_OK) != 0) {
		char src[4096];

		snprintf(src, sizeof src, "%s/%s", SRCDATADIR, name);
		if (access(src, R_OK) == 0)
			snprintf(out, n, "%s", src);
	}
}
