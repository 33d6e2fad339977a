/*
 * learn_paths.c: where the lesson and puzzle files are: $CONGO_DATADIR
 * when set (tests), else the directory given at configure time
 * ($(pkgdatadir)), else the source tree's data/ (a program run from its
 * build tree before `make install`, as the README says to), else data/
 * beside the program's own build tree or share/congo beside its bin/ (a
 * tree moved elsewhere), found from /proc/self/exe. A file in the
 * reader's language (lessons.de.txt) is looked for first where one is
 * asked for.
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "learn/learn.h"
#include "util/datadir.h"

#define NDIRS 4

/* The folders to look in, in order; the count. */
static int
data_dirs(char dirs[NDIRS][PATH_MAX])
{
	char exe[PATH_MAX], *slash;
	ssize_t len;
	int n = 0;

	snprintf(dirs[n++], PATH_MAX, "%s", PKGDATADIR);
	if (strcmp(SRCDATADIR, PKGDATADIR) != 0)
		snprintf(dirs[n++], PATH_MAX, "%s", SRCDATADIR);
	len = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (len > 0) {
		exe[len] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
			/* src/congo in a build tree: data/ beside src/ */
			snprintf(dirs[n++], PATH_MAX, "%.*s/../data",
			    PATH_MAX - 16, exe);
			/* bin/congo: share/congo beside bin/ */
			snprintf(dirs[n++], PATH_MAX, "%.*s/../share/congo",
			    PATH_MAX - 16, exe);
		}
	}
	return n;
}

int
learn_data_find(const char *name, char *out, size_t n, char *tried,
    size_t tn)
{
	const char *env = getenv("CONGO_DATADIR");
	char dirs[NDIRS][PATH_MAX];
	size_t len = 0;
	int i, nd;

	if (tried != NULL && tn > 0)
		tried[0] = '\0';
	if (env != NULL && *env != '\0') {
		snprintf(out, n, "%s/%s", env, name);
		if (tried != NULL)
			snprintf(tried, tn, "%s (CONGO_DATADIR)", env);
		return access(out, R_OK) == 0 ? 0 : -1;
	}
	nd = data_dirs(dirs);
	for (i = 0; i < nd; i++) {
		snprintf(out, n, "%s/%s", dirs[i], name);
		if (access(out, R_OK) == 0)
			return 0;
		if (tried != NULL && len < tn)
			len += (size_t)snprintf(tried + len, tn - len, "%s%s",
			    i ? ", " : "", dirs[i]);
	}
	snprintf(out, n, "%s/%s", dirs[0], name);
	return -1;
}

void
learn_data_path(const char *name, char *out, size_t n)
{
	learn_data_find(name, out, n, NULL, 0);
}

/* name with ".lang" before its extension, the first n bytes of lang */
static void
lang_name(const char *name, const char *lang, size_t n, char *out,
    size_t on)
{
	const char *dot = strrchr(name, '.');
	int base = dot != NULL ? (int)(dot - name) : (int)strlen(name);

	snprintf(out, on, "%.*s.%.*s%s", base, name, (int)n, lang,
	    dot != NULL ? dot : "");
}

void
learn_data_path_lang(const char *name, const char *lang, char *out,
    size_t n)
{
	char local[256];
	size_t len, cut;

	if (lang != NULL && lang[0] != '\0' && strcmp(lang, "en") != 0 &&
	    strncmp(lang, "en-", 3) != 0 && strchr(lang, '/') == NULL) {
		len = strlen(lang);
		cut = strcspn(lang, "-_");
		lang_name(name, lang, len, local, sizeof local);
		if (learn_data_find(local, out, n, NULL, 0) == 0)
			return;
		lang_name(name, lang, cut, local, sizeof local);
		if (cut < len && learn_data_find(local, out, n, NULL, 0) == 0)
			return;
	}
	learn_data_path(name, out, n);
}
