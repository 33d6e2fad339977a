/*
 * session_tables.c: the endgame tables as a game sees them (congo(6)
 * TABLEBASES): a folder set in congo.conf that does not exist, one that
 * holds no table of the game's variant, and a table refused as corrupt or
 * misnamed are said in the game's message log, where the engine says
 * them as "info string" (today the game was silent). The tables are read
 * here, at the game's start, rather than at the first probe of a search.
 * No curses.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/board.h"
#include "session/session.h"
#include "session/session_int.h"
#include "tb/tb.h"
#include "util/i18n.h"

void
session_tables_check(struct session *s, int variant)
{
	const char *dir = s->conf.tablebases.path, *home = getenv("HOME");
	const char *errs, *p;
	char path[CONF_PATH_MAX + 256];
	struct stat st;
	bool there = true;
	int n;

	if (dir[0] != '\0') {
		if (strncmp(dir, "~/", 2) == 0 && home != NULL)
			snprintf(path, sizeof path, "%s/%s", home, dir + 2);
		else
			snprintf(path, sizeof path, "%s", dir);
		if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
			session_msg(s, SM_ERROR, _("tablebases: %s: %s (the "
			    "default folders are used)"), path, stat(path,
			    &st) != 0 ? strerror(errno) : _("not a folder"));
			there = false;
		}
	}
	n = tb_load(variant);
	errs = tb_errors();
	/* one message a line: "FILE: reason" */
	for (p = errs; *p != '\0'; ) {
		size_t len = strcspn(p, "\n");
		session_msg(s, SM_ERROR, _("tablebases: %.*s (not used)"),
		    (int)len, p);
		p += len;
		p += *p == '\n';
	}
	if (dir[0] == '\0' || !there)
		return;
	if (n > 0 && strcmp(tb_path(variant), path) != 0)
		session_msg(s, SM_ERROR, _("tablebases: no %s tables in %s; "
		    "those of %s are used"), variant_get(variant)->name, path,
		    tb_path(variant));
	else if (n == 0)
		session_msg(s, SM_ERROR, _("tablebases: no %s tables in %s"),
		    variant_get(variant)->name, path);
}

void
session_tables_path(const char *path)
{
	if (path != NULL && path[0] != '\0')
		tb_set_path(path);
}
