/*
 * web_buf.c: a growable text, and the escaping every page goes through.
 */

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/web.h"

void
wbuf_init(struct wbuf *b)
{
	b->s = NULL;
	b->len = b->cap = 0;
}

void
wbuf_free(struct wbuf *b)
{
	free(b->s);
	wbuf_init(b);
}

static void
grow(struct wbuf *b, size_t n)
{
	size_t cap = b->cap != 0 ? b->cap : 1024;
	char *p;

	if (b->len + n + 1 <= b->cap)
		return;
	while (cap < b->len + n + 1)
		cap *= 2;
	if ((p = realloc(b->s, cap)) == NULL)
		abort();
	b->s = p;
	b->cap = cap;
}

void
wbuf_add(struct wbuf *b, const char *s, size_t n)
{
	grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
wbuf_puts(struct wbuf *b, const char *s)
{
	wbuf_add(b, s, strlen(s));
}

void
wbuf_printf(struct wbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void
wbuf_html(struct wbuf *b, const char *s)
{
	static const char *const entity[UCHAR_MAX + 1] = {
		['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;",
		['"'] = "&quot;", ['\''] = "&#39;",
	};
	const char *e;

	for (; *s != '\0'; s++)
		if ((e = entity[(unsigned char)*s]) != NULL)
			wbuf_puts(b, e);
		else
			wbuf_add(b, s, 1);
}

void
wbuf_json(struct wbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			wbuf_printf(b, "\\%c", *p);
		else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&')
			wbuf_printf(b, "\\u%04x", *p);
		else
			wbuf_add(b, (const char *)p, 1);
	}
}

bool
web_valid_id(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > 12)
		return false;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s))
			return false;
	return true;
}

bool
web_valid_name(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n >= WEB_NAME_MAX)
		return false;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-' &&
		    *s != '.')
			return false;
	return true;
}
