/*
 * client_file.c: the small files of the client's own (its tokens, its
 * keys) are rewritten whole: under a lock file, into PATH.new (mode 0600),
 * made durable and renamed over PATH, so that a crash or a second program
 * never leaves half a file nor loses the other's line; and opened to be
 * read, with the host:port their lines are kept under.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "net/client/client_int.h"

int
client_file_lock(const char *path, char *err, size_t errlen)
{
	char lock[1200];
	int fd;

	/* cut short, the lock's name would be another file's */
	if ((size_t)snprintf(lock, sizeof lock, "%s.lock", path) >=
	    sizeof lock) {
		snprintf(err, errlen, "%.60s...: the path is too long (%zu "
		    "bytes, at most %zu)", path, strlen(path),
		    sizeof lock - 1 - strlen(".lock"));
		return -1;
	}
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0 || flock(fd, LOCK_EX) < 0) {
		snprintf(err, errlen, "%s: %s", lock, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

FILE *
client_file_begin(const char *path, char *tmp, size_t tmpn, char *err,
    size_t errlen)
{
	FILE *out;
	int fd;

	/* a path whose temporary name does not fit is refused: cut short,
	 * that name would be another file's, written and renamed over path */
	if ((size_t)snprintf(tmp, tmpn, "%s.new", path) >= tmpn) {
		snprintf(err, errlen, "%.60s...: the path is too long (%zu "
		    "bytes, at most %zu)", path, strlen(path),
		    tmpn - 1 - strlen(".new"));
		return NULL;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || fchmod(fd, 0600) < 0 ||
	    (out = fdopen(fd, "w")) == NULL) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	return out;
}

int
client_file_end(FILE *out, const char *tmp, const char *path, char *err,
    size_t errlen)
{
	if (fflush(out) != 0 || fsync(fileno(out)) != 0) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		fclose(out);
		unlink(tmp);
		return -1;
	}
	fclose(out);
	if (rename(tmp, path) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

void
client_file_keep(char *keep, size_t stride, int *n, int max, const char *line)
{
	if (*n == max - 1) {
		memmove(keep, keep + stride, stride * (size_t)(max - 2));
		(*n)--;
	}
	snprintf(keep + stride * (size_t)(*n)++, stride, "%s", line);
}

int
client_file_write(const char *path, const char *keep, size_t stride, int n,
    const char *last, char *err, size_t errlen)
{
	char tmp[1200];
	FILE *out = client_file_begin(path, tmp, sizeof tmp, err, errlen);

	if (out == NULL)
		return -1;
	for (int i = 0; i < n; i++)
		fputs(keep + stride * (size_t)i, out);
	fputs(last, out);
	return client_file_end(out, tmp, path, err, errlen);
}

FILE *
client_file_read(const char *name, const char *host, int port, char *where,
    size_t wn)
{
	char path[1100], err[200];

	if (net_default_db(path, sizeof path, name, err, sizeof err) < 0)
		return NULL;
	snprintf(where, wn, "%s:%d", host, port);
	return fopen(path, "r");
}
