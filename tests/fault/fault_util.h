/*
 * fault_util.h: what the fault runs' own programs share (fault_client.c,
 * fault_probe.c): the line a server sent, taken from the bytes read so far,
 * and their options read by a table.
 */
#ifndef CONGO_FAULT_UTIL_H
#define CONGO_FAULT_UTIL_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

/* The first whole line of buf (*len bytes) into out, without its LF, and
 * taken out of buf; false when no whole line has come yet. */
static inline bool
fault_take_line(char *buf, size_t *len, char *out, size_t n)
{
	char *lf = memchr(buf, '\n', *len);
	size_t k;

	if (lf == NULL)
		return false;
	k = (size_t)(lf - buf);
	snprintf(out, n, "%.*s", (int)k, buf);
	memmove(buf, lf + 1, *len - k - 1);
	*len -= k + 1;
	return true;
}

/* What fd has for buf (*len of cap bytes held) added to it: 0 (also when
 * a signal cut the read short: try again), -1 when the connection is gone
 * or buf is full. */
static inline int
fault_recv_more(int fd, char *buf, size_t *len, size_t cap)
{
	ssize_t got;

	if (*len == cap)
		return -1;
	got = recv(fd, buf + *len, cap - *len, 0);
	if (got < 0 && errno == EINTR)
		return 0;
	if (got <= 0)
		return -1;
	*len += (size_t)got;
	return 0;
}

/* One option of a fault program: --NAME VALUE, the value stored in *to as
 * kind says ('i' an int, 'f' a double, 'u' an unsigned long long, 's' the
 * string itself, to being a const char **). */
struct fault_opt {
	const char *name;
	char kind;
	void *to;
};

/* argv[*i], whose value is argv[*i + 1], is one of the n opts: its value
 * stored and *i on the value; false (nothing stored) when it is none. */
static inline bool
fault_opt_read(const struct fault_opt *opts, size_t n, char **argv, int *i)
{
	const char *v = argv[*i + 1];
	size_t k;

	for (k = 0; k < n && strcmp(argv[*i], opts[k].name) != 0; k++)
		;
	if (k == n)
		return false;
	if (opts[k].kind == 'i')
		*(int *)opts[k].to = atoi(v);
	else if (opts[k].kind == 'f')
		*(double *)opts[k].to = atof(v);
	else if (opts[k].kind == 'u')
		*(unsigned long long *)opts[k].to = strtoull(v, NULL, 10);
	else
		*(const char **)opts[k].to = v;
	++*i;
	return true;
}

#endif
