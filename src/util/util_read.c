/*
 * util_read.c: a file's bytes read whole into a buffer (read(2) again
 * after EINTR and a short read), for the small files the programs read
 * at start: a certificate, a key, a database's address.
 */
#include <errno.h>
#include <unistd.h>

#include "util/util.h"

size_t
util_read_all(int fd, char *buf, size_t cap)
{
	size_t len = 0;
	ssize_t r;

	while (len < cap) {
		r = read(fd, buf + len, cap - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	return len;
}
