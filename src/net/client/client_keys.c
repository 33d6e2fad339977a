/*
 * client_keys.c: the account keys the client keeps, one line each in
 * $XDG_STATE_HOME/congo/keys (mode 0600): `HOST:PORT NAME KEY`. A key is
 * shown once by REGISTER: lost, the account is lost, so the file is
 * rewritten whole under a lock (two programs registering at once keep
 * both) and replaced by a rename.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "net/client/client_int.h"
#include "util/util.h"

#define KEYS_MAX 200            /* lines kept, the newest last */

static int
keys_path(char *out, size_t n, char *err, size_t errlen)
{
	return net_default_db(out, n, "keys", err, errlen);
}

/* One line into its three words; false when it is not a key line. */
static bool
key_line(const char *line, char *where, size_t wn, char *name, size_t nn,
    char *key, size_t kn)
{
	char w[300], nm[64], k[64];

	if (sscanf(line, "%299s %63s %63s", w, nm, k) != 3 ||
	    !cgp_valid_token(k) || strlen(nm) > CGP_NAME_MAX)
		return false;
	snprintf(where, wn, "%s", w);
	snprintf(name, nn, "%s", nm);
	snprintf(key, kn, "%s", k);
	return true;
}

int
net_keys_find(const char *host, int port, const char *name, char *name_out,
    size_t nn, char *key, size_t kn)
{
	char line[512], where[300], w[300], nm[64], k[64];
	FILE *f = client_file_read("keys", host, port, where, sizeof where);
	int found = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		if (!key_line(line, w, sizeof w, nm, sizeof nm, k, sizeof k) ||
		    strcmp(w, where) != 0)
			continue;
		if (name != NULL && name[0] != '\0' &&
		    strcasecmp(nm, name) != 0)
			continue;
		/* The last line wins. */
		snprintf(name_out, nn, "%s", nm);
		snprintf(key, kn, "%s", k);
		found = 0;
	}
	fclose(f);
	return found;
}

static int
save_locked(const char *path, const char *where, const char *name,
    const char *key, char *err, size_t errlen)
{
	char line[512], w[300], nm[64], k[64], last[1024];
	char (*keep)[512];
	int nkeep = 0, rc;
	FILE *in;

	keep = xcalloc(KEYS_MAX, sizeof *keep);
	in = fopen(path, "r");
	if (in != NULL) {
		while (fgets(line, sizeof line, in) != NULL) {
			if (!key_line(line, w, sizeof w, nm, sizeof nm, k,
			    sizeof k))
				continue;
			if (strcmp(w, where) == 0 && strcasecmp(nm, name) == 0)
				continue;
			snprintf(line, sizeof line, "%s %s %s\n", w, nm, k);
			client_file_keep(keep[0], sizeof keep[0], &nkeep,
			    KEYS_MAX, line);
		}
		fclose(in);
	}
	snprintf(last, sizeof last, "%s %s %s\n", where, name, key);
	rc = client_file_write(path, keep[0], sizeof keep[0], nkeep, last, err,
	    errlen);
	free(keep);
	return rc;
}

int
net_keys_save(const char *host, int port, const char *name, const char *key,
    char *err, size_t errlen)
{
	char path[1100], where[300];
	int fd, rc;

	if (!cgp_valid_token(key) || name[0] == '\0' ||
	    strlen(name) > CGP_NAME_MAX || strpbrk(name, " \t\n") != NULL) {
		snprintf(err, errlen, "not an account name and key");
		return -1;
	}
	if (keys_path(path, sizeof path, err, errlen) < 0)
		return -1;
	snprintf(where, sizeof where, "%s:%d", host, port);
	if ((fd = client_file_lock(path, err, errlen)) < 0)
		return -1;
	rc = save_locked(path, where, name, key, err, errlen);
	close(fd);              /* and the lock with it */
	return rc;
}
