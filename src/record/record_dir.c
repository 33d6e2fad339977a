/*
 * record_dir.c: where saved games go, and their default names.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "record/record.h"

/* mkdir -p: each missing folder of path. */
static int
make_dirs(char *path, char *err, size_t errlen)
{
	struct stat st;

	for (char *p = path + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char saved = *p;
		*p = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			*p = saved;
			return -1;
		}
		*p = saved;
		if (saved == '\0')
			break;
	}
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENOTDIR));
		return -1;
	}
	return 0;
}

int
record_dir(const char *save_dir, char *out, size_t n, char *err,
    size_t errlen)
{
	const char *home = getenv("HOME");
	const char *data = getenv("XDG_DATA_HOME");
	int w;

	if (save_dir != NULL && save_dir[0] != '\0') {
		if (strncmp(save_dir, "~/", 2) == 0 && home != NULL &&
		    home[0] != '\0')
			w = snprintf(out, n, "%s/%s", home, save_dir + 2);
		else
			w = snprintf(out, n, "%s", save_dir);
	} else if (data != NULL && data[0] == '/')
		w = snprintf(out, n, "%s/congo", data);
	else if (home != NULL && home[0] != '\0')
		w = snprintf(out, n, "%s/.local/share/congo", home);
	else {
		snprintf(err, errlen, "no folder for saved games: set "
		    "ui.save_dir, XDG_DATA_HOME or HOME");
		return -1;
	}
	if (w < 0 || (size_t)w >= n) {
		snprintf(err, errlen, "folder name for saved games too long");
		return -1;
	}
	/* Drop trailing slashes ("/" itself stays). */
	while (w > 1 && out[w - 1] == '/')
		out[--w] = '\0';
	return make_dirs(out, err, errlen);
}

void
record_default_name(char *out, size_t n)
{
	time_t now = time(NULL);
	struct tm tm;
	char stamp[32];

	if (localtime_r(&now, &tm) == NULL ||
	    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
		strcpy(stamp, "game");
	snprintf(out, n, "congo-%s.pgn", stamp);
}
