/*
 * test_tmp.h: a test's own temporary folder, made under $TMPDIR (or /tmp
 * without it) as mktemp -d makes it, so that tests running side by side
 * (make -j2 check) never share one and a user's TMPDIR is respected.
 */
#ifndef CONGO_TEST_TMP_H
#define CONGO_TEST_TMP_H

#include <stdio.h>
#include <stdlib.h>

/* Makes $TMPDIR/NAME.XXXXXX in dir (n bytes); dir, or NULL when it does
 * not fit or cannot be made. */
static inline char *
test_mkdtemp(char *dir, size_t n, const char *name)
{
	const char *t = getenv("TMPDIR");
	int len;

	if (t == NULL || *t == '\0')
		t = "/tmp";
	len = snprintf(dir, n, "%s/%s.XXXXXX", t, name);
	if (len < 0 || (size_t)len >= n)
		return NULL;
	return mkdtemp(dir);
}

#endif
