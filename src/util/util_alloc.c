/*
 * util_alloc.c: the project's one out-of-memory policy. An allocation that
 * fails is fatal: every caller may assume success.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

static const char *progname = PACKAGE;
static void (*fatal_hook)(void);

void
util_set_progname(const char *name)
{
	progname = name;
}

const char *
util_progname(void)
{
	return progname;
}

void
util_set_fatal_hook(void (*hook)(void))
{
	fatal_hook = hook;
}

void
fatal(const char *fmt, ...)
{
	va_list ap;
	void (*hook)(void) = fatal_hook;

	fatal_hook = NULL; /* a failure inside the hook must not recurse */
	if (hook != NULL)
		hook();
	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n == 0 ? 1 : n);

	if (p == NULL)
		fatal("out of memory (%zu bytes)", n);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	p = calloc(nmemb, size);
	if (p == NULL)
		fatal("out of memory (%zu x %zu bytes)", nmemb, size);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n == 0 ? 1 : n);

	if (q == NULL)
		fatal("out of memory (%zu bytes)", n);
	return q;
}

void *
xreallocarray(void *p, size_t nmemb, size_t size)
{
	if (size != 0 && nmemb > SIZE_MAX / size)
		fatal("array too large (%zu x %zu bytes)", nmemb, size);
	return xrealloc(p, nmemb * size);
}

void *
xgrow(void *p, int n, int *cap, int first, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : first;
	return xreallocarray(p, (size_t)*cap, size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

int
xvasprintf(char **out, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		fatal("bad format '%s'", fmt);
	*out = xmalloc((size_t)n + 1);
	vsnprintf(*out, (size_t)n + 1, fmt, ap);
	return n;
}

int
xasprintf(char **out, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = xvasprintf(out, fmt, ap);
	va_end(ap);
	return n;
}
