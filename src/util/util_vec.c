/*
 * util_vec.c: the growable array that the history, move lists of records,
 * server tables and message logs share (one copy of the doubling code).
 */

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

void
vec_reserve(struct vec *v, size_t n)
{
	size_t cap;

	if (n <= v->cap)
		return;
	cap = v->cap < 8 ? 8 : v->cap;
	while (cap < n)
		cap *= 2;
	v->data = xreallocarray(v->data, cap, v->size);
	v->cap = cap;
}

void *
vec_push(struct vec *v)
{
	char *p;

	vec_reserve(v, v->len + 1);
	p = (char *)v->data + v->len * v->size;
	memset(p, 0, v->size);
	v->len++;
	return p;
}

void *
vec_at(const struct vec *v, size_t i)
{
	assert(i < v->len);
	return (char *)v->data + i * v->size;
}

void
vec_remove(struct vec *v, size_t i)
{
	char *p;

	assert(i < v->len);
	p = (char *)v->data + i * v->size;
	memmove(p, p + v->size, (v->len - i - 1) * v->size);
	v->len--;
}

void
vec_clear(struct vec *v)
{
	v->len = 0;
}

void
vec_free(struct vec *v)
{
	free(v->data);
	v->data = NULL;
	v->len = v->cap = 0;
}

long
vec_find_str(const struct vec *v, const char *s)
{
	size_t i;

	for (i = 0; i < v->len; i++)
		if (strcmp(vec_at(v, i), s) == 0)
			return (long)i;
	return -1;
}
