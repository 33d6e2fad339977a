/*
 * client_known.c: the certificates of servers that no authority vouches
 * for (self-signed), pinned on first use as ssh pins host keys: one line
 * each in $XDG_DATA_HOME/congo/known_servers, `HOST:PORT SHA256:<hex>`
 * (libtls's tls_peer_cert_hash of the certificate). A changed one is
 * refused by the connection (client_tls.c), naming the file and the line
 * to remove. Lines that are not of this form (comments) are left alone.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "net/client/client_int.h"
#include "util/util.h"

int
net_known_path(char *out, size_t n, char *err, size_t errlen)
{
	return net_data_file(out, n, "known_servers", err, errlen);
}

/* One line into its two words; false when it is not a pin. */
static bool
known_line(const char *line, char *where, size_t wn, char *hash, size_t hn)
{
	char w[300], h[160];

	if (sscanf(line, "%299s %159s", w, h) != 2 || w[0] == '#' ||
	    strncmp(h, "SHA256:", 7) != 0)
		return false;
	snprintf(where, wn, "%s", w);
	snprintf(hash, hn, "%s", h);
	return true;
}

int
net_known_check(const char *path, const char *host, int port,
    const char *hash, int *lineno)
{
	char line[512], where[300], w[300], h[160];
	FILE *f = fopen(path, "r");
	int n = 0, rc = NET_PIN_NONE;

	*lineno = 0;
	if (f == NULL)
		return NET_PIN_NONE;
	snprintf(where, sizeof where, "%s:%d", host, port);
	while (fgets(line, sizeof line, f) != NULL) {
		n++;
		if (!known_line(line, w, sizeof w, h, sizeof h) ||
		    strcmp(w, where) != 0)
			continue;
		*lineno = n;
		if (hash != NULL && strcmp(h, hash) == 0) {
			rc = NET_PIN_SAME;
			break;
		}
		rc = NET_PIN_CHANGED;   /* (another line may hold it still) */
	}
	fclose(f);
	return rc;
}

int
net_known_add(const char *path, const char *host, int port,
    const char *hash, int *lineno, char *err, size_t errlen)
{
	char tmp[1200], line[512];
	FILE *in, *out;
	int lock, n = 0;

	if ((lock = client_file_lock(path, err, errlen)) < 0)
		return -1;
	if ((out = client_file_begin(path, tmp, sizeof tmp, err, errlen)) ==
	    NULL) {
		close(lock);
		return -1;
	}
	if ((in = fopen(path, "r")) != NULL) {
		bool nl = true;
		while (fgets(line, sizeof line, in) != NULL) {
			fputs(line, out);
			nl = strchr(line, '\n') != NULL;
			n += nl;
		}
		fclose(in);
		if (!nl) {
			fputc('\n', out);      /* a last line without one */
			n++;
		}
	} else
		fputs("# congo: the certificates of servers pinned on first "
		    "use (HOST:PORT SHA256:...)\n", out), n++;
	fprintf(out, "%s:%d %s\n", host, port, hash);
	*lineno = n + 1;
	if (client_file_end(out, tmp, path, err, errlen) < 0) {
		close(lock);
		return -1;
	}
	close(lock);
	return 0;
}
