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

#endif
