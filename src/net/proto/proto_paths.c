/*
 * proto_paths.c: where network play keeps its files: under
 * $XDG_STATE_HOME/congo/ (~/.local/state/congo/), the folder made on demand
 * with mode 0700 (it holds seat tokens); the servers' pinned certificates
 * under $XDG_DATA_HOME/congo/ (~/.local/share/congo/).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "net/proto/proto.h"

/* mkdir -p, the last part (and any it makes) with mode 0700. */
static int
make_dirs(char *path)
{
	char *p;

	for (p = path + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	if (mkdir(path, 0700) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* file in $env/congo, or $HOME/fallback/congo, the folder made. */
static int
xdg_file(const char *env, const char *fallback, char *out, size_t n,
    const char *file, char *err, size_t errlen)
{
	const char *xdg = getenv(env), *home = getenv("HOME");
	char dir[1024];
	int k;

	if (xdg != NULL && xdg[0] == '/')
		k = snprintf(dir, sizeof dir, "%s/congo", xdg);
	else if (home != NULL && home[0] == '/')
		k = snprintf(dir, sizeof dir, "%s/%s/congo", home, fallback);
	else {
		snprintf(err, errlen, "neither %s nor HOME is set: name the "
		    "file yourself", env);
		return -1;
	}
	if (k < 0 || (size_t)k >= sizeof dir) {
		snprintf(err, errlen, "the state folder's name is too long");
		return -1;
	}
	if (make_dirs(dir) < 0) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	k = snprintf(out, n, "%s/%s", dir, file);
	if (k < 0 || (size_t)k >= n) {
		snprintf(err, errlen, "%s/%s: the name is too long", dir, file);
		return -1;
	}
	return 0;
}

int
net_default_db(char *out, size_t n, const char *file, char *err,
    size_t errlen)
{
	return xdg_file("XDG_STATE_HOME", ".local/state", out, n, file, err,
	    errlen);
}

int
net_data_file(char *out, size_t n, const char *file, char *err,
    size_t errlen)
{
	return xdg_file("XDG_DATA_HOME", ".local/share", out, n, file, err,
	    errlen);
}
