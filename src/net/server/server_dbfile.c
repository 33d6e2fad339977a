/*
 * server_dbfile.c: congo-server --db-file FILE, the database's address read
 * from a file (issue 57): a PostgreSQL URI with its password stays off the
 * command line, which every user of the machine reads (ps, /proc/PID/
 * cmdline). The file is the running user's (or root's) and nobody else's
 * (mode 0600 or 0400), else refused naming it; its first line that is
 * neither empty nor a # comment is the address, as --db takes it. And the
 * one warning of --db with a password in it, which still works.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "net/server/server.h"
#include "util/util.h"
#include "net/store/store.h"

#define DBFILE_MAX 4096          /* a URI and a few comments */

/* The first line of buf that is neither empty nor a comment, trimmed,
 * into out. -1 when there is none or it is too long (why in err). */
static int
first_line(const char *path, const char *buf, char *out, size_t n,
    char *err, size_t errlen)
{
	const char *p = buf, *e;
	size_t len;

	for (; *p != '\0'; p = *e != '\0' ? e + 1 : e) {
		e = p + strcspn(p, "\n");
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		len = (size_t)(e - p);
		while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t' ||
		    p[len - 1] == '\r'))
			len--;
		if (len == 0 || *p == '#')
			continue;
		if (len >= n) {
			snprintf(err, errlen, "--db-file %s: the address in it "
			    "is too long (at most %zu bytes)", path, n - 1);
			return -1;
		}
		memcpy(out, p, len);
		out[len] = '\0';
		return 0;
	}
	snprintf(err, errlen, "--db-file %s: no address in it (a file name "
	    "or a postgresql:// URI on a line of its own)", path);
	return -1;
}

int
server_db_file(const char *path, char *db, size_t n, char *err,
    size_t errlen)
{
	char buf[DBFILE_MAX + 1];
	struct stat st;
	size_t len;
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0) {
		snprintf(err, errlen, "--db-file %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "--db-file %s: not a regular file", path);
		close(fd);
		return -1;
	}
	if (st.st_uid != geteuid() && st.st_uid != 0) {
		snprintf(err, errlen, "--db-file %s: owned by user %u, not by "
		    "the user congo-server runs as (%u) or root: refused, "
		    "another user could change where the games go", path,
		    (unsigned)st.st_uid, (unsigned)geteuid());
		close(fd);
		return -1;
	}
	if ((st.st_mode & 077) != 0) {
		snprintf(err, errlen, "--db-file %s: mode %04o lets other "
		    "users read it (a password in it): refused; chmod 600 %s",
		    path, (unsigned)(st.st_mode & 07777), path);
		close(fd);
		return -1;
	}
	len = util_read_all(fd, buf, DBFILE_MAX);
	close(fd);
	buf[len] = '\0';
	if (len == DBFILE_MAX || strlen(buf) != len) {
		snprintf(err, errlen, "--db-file %s: not a text file of at most "
		    "%d bytes", path, DBFILE_MAX - 1);
		rc = -1;
	} else {
		rc = first_line(path, buf, db, n, err, errlen);
	}
	sodium_memzero(buf, sizeof buf);           /* a password, maybe */
	return rc;
}
