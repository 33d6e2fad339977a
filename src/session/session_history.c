/*
 * session_history.c: the command line's history, the last 500 lines, kept
 * across runs in $XDG_STATE_HOME/congo/history (one line each, oldest
 * first), and the state folder it lives in.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "session/session.h"
#include "util/util.h"

int
session_state_path(const char *name, char *buf, size_t n)
{
	const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char dir[CONF_PATH_MAX];
	char *p;

	if (xdg != NULL && xdg[0] == '/')
		snprintf(dir, sizeof dir, "%s/congo", xdg);
	else if (home != NULL && home[0] != '\0')
		snprintf(dir, sizeof dir, "%s/.local/state/congo", home);
	else
		return -1;
	/* mkdir -p */
	for (p = dir + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return -1;
	if ((size_t)snprintf(buf, n, "%s/%s", dir, name) >= n)
		return -1;
	return 0;
}

static void
push(struct session_history *h, const char *line)
{
	if (h->n == SESSION_HISTORY_MAX) {
		free(h->line[0]);
		memmove(h->line, h->line + 1, sizeof *h->line * (size_t)(h->n - 1));
		h->n--;
	}
	h->line = xreallocarray(h->line, (size_t)h->n + 1, sizeof *h->line);
	h->line[h->n++] = xstrdup(line);
}

void
session_history_init(struct session_history *h, const char *path)
{
	char buf[1024];
	FILE *f;

	memset(h, 0, sizeof *h);
	snprintf(h->path, sizeof h->path, "%s", path != NULL ? path : "");
	if (h->path[0] == '\0' || (f = fopen(h->path, "r")) == NULL)
		return;
	while (fgets(buf, sizeof buf, f) != NULL) {
		buf[strcspn(buf, "\n")] = '\0';
		if (buf[0] != '\0')
			push(h, buf);
	}
	fclose(f);
}

void
session_history_free(struct session_history *h)
{
	for (int i = 0; i < h->n; i++)
		free(h->line[i]);
	free(h->line);
	h->line = NULL;
	h->n = 0;
}

/* Write the whole list again once the file holds twice the limit. */
static void
store(struct session_history *h, const char *line)
{
	FILE *f;
	char buf[1024];
	int lines = 0;

	if (h->path[0] == '\0')
		return;
	if ((f = fopen(h->path, "r")) != NULL) {
		while (fgets(buf, sizeof buf, f) != NULL)
			lines++;
		fclose(f);
	}
	if (lines >= SESSION_HISTORY_MAX) {
		if ((f = fopen(h->path, "w")) == NULL)
			return;
		for (int i = 0; i < h->n; i++)
			fprintf(f, "%s\n", h->line[i]);
	} else {
		if ((f = fopen(h->path, "a")) == NULL)
			return;
		fprintf(f, "%s\n", line);
	}
	fclose(f);
}

void
session_history_add(struct session_history *h, const char *line)
{
	if (line[0] == '\0' || strchr(line, '\n') != NULL ||
	    (h->n > 0 && strcmp(h->line[h->n - 1], line) == 0))
		return;
	push(h, line);
	store(h, line);
}

const char *
session_history_get(const struct session_history *h, int back)
{
	if (back < 0 || back >= h->n)
		return NULL;
	return h->line[h->n - 1 - back];
}
