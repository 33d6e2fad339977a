/*
 * test_tmp.h: the tests' temporary folders, under $TMPDIR (/tmp when it is
 * unset or empty), as the shell tests' mktemp "${TMPDIR:-/tmp}/..." does.
 */
#ifndef CONGO_TEST_TMP_H
#define CONGO_TEST_TMP_H

#include <stdio.h>
#include <stdlib.h>

static inline const char *
test_tmpdir(void)
{
	const char *t = getenv("TMPDIR");

	return t != NULL && *t != '\0' ? t : "/tmp";
}

/* A fresh folder TMPDIR/NAME.XXXXXX into dir (n bytes): dir, or NULL if
 * it does not fit or cannot be made. */
static inline char *
test_mkdtemp(char *dir, size_t n, const char *name)
{
	int len = snprintf(dir, n, "%s/%s.XXXXXX", test_tmpdir(), name);

	if (len < 0 || (size_t)len >= n)
		return NULL;
	return mkdtemp(dir);
}

/* Removes the folder dir and all in it: 0, or -1 if that failed. */
static inline int
test_rmdir(const char *dir)
{
	char cmd[1100];
	int len = snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);

	if (len < 0 || (size_t)len >= sizeof cmd)
		return -1;
	return system(cmd) == 0 ? 0 : -1;
}

/* A test program's end: removes the folder dir; rc (the tests' status),
 * or 1 if they passed but the folder could not be removed. */
static inline int
test_rmdir_rc(const char *dir, int rc)
{
	if (test_rmdir(dir) != 0 && rc == 0)
		rc = 1;
	return rc;
}

/* A fresh folder TMPDIR/NAME.XXXXXX into dir (n bytes) whose state and
 * data subfolders are XDG_STATE_HOME and XDG_DATA_HOME: 0, or -1 if it
 * could not be made. */
static inline int
test_xdg_home(char *dir, size_t n, const char *name)
{
	char sub[4200];

	if (test_mkdtemp(dir, n, name) == NULL)
		return -1;
	snprintf(sub, sizeof sub, "%s/state", dir);
	setenv("XDG_STATE_HOME", sub, 1);
	snprintf(sub, sizeof sub, "%s/data", dir);
	setenv("XDG_DATA_HOME", sub, 1);
	return 0;
}

#endif
