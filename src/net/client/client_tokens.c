/*
 * client_tokens.c: seat tokens the client remembers, one line each in
 * $XDG_STATE_HOME/congo/tokens (mode 0600): `HOST:PORT GAME SEAT TOKEN`,
 * and after it the last event of the game seen there, once the program
 * left the game (client_catchup.c: what was said since is news).
 * Also the parsing of HOST[:PORT] and tls://HOST[:PORT].
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "net/client/client_int.h"
#include "util/util.h"

#define TOKENS_MAX 200          /* lines kept, the newest last */

int
net_parse_address(const char *text, char *host, size_t n, int *port,
    char *err, size_t errlen)
{
	const char *colon, *end;
	size_t hl;
	int p;

	if (text == NULL || text[0] == '\0') {
		snprintf(err, errlen, "an address is HOST or HOST:PORT");
		return -1;
	}
	if (text[0] == '[') {
		end = strchr(text, ']');
		if (end == NULL) {
			snprintf(err, errlen, "'%s': a ']' is missing", text);
			return -1;
		}
		text++;
		hl = (size_t)(end - text);
		colon = end[1] == ':' ? end + 1 : NULL;
		if (end[1] != '\0' && colon == NULL) {
			snprintf(err, errlen, "'%s': ':PORT' after ']'", text);
			return -1;
		}
	} else {
		colon = strrchr(text, ':');
		/* A bare IPv6 address has several colons and no port. */
		if (colon != NULL && strchr(text, ':') != colon)
			colon = NULL;
		hl = colon != NULL ? (size_t)(colon - text) : strlen(text);
	}
	if (hl == 0 || hl >= n) {
		snprintf(err, errlen, "'%s' is not a host name", text);
		return -1;
	}
	memcpy(host, text, hl);
	host[hl] = '\0';
	if (colon != NULL) {
		if (parse_int(colon + 1, 1, 65535, &p, NULL, 0) != 0)
			return util_error(err, errlen,
			    "'%s' is not a port (1-65535)", colon + 1);
		*port = p;
	}
	return 0;
}

int
net_parse_server(const char *text, char *host, size_t n, int *port,
    bool *tls, char *err, size_t errlen)
{
	*tls = text != NULL && strncmp(text, "tls://", 6) == 0;
	if (*tls) {
		text += 6;
		*port = NET_DEFAULT_TLS_PORT;
	}
	return net_parse_address(text, host, n, port, err, errlen);
}

static int
tokens_path(char *out, size_t n, char *err, size_t errlen)
{
	return net_default_db(out, n, "tokens", err, errlen);
}

int
net_tokens_find(const char *host, int port, const char *game, int *seat,
    char *token, size_t n)
{
	char line[256], where[300], g[16], s[16], t[64];
	FILE *f = client_file_read("tokens", host, port, where, sizeof where);
	int found = -1, want = *seat;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		char w[300];
		if (sscanf(line, "%299s %15s %15s %63s", w, g, s, t) != 4)
			continue;
		cgp_upcase(g);
		if (strcmp(w, where) != 0 || strcmp(g, game) != 0 ||
		    cgp_seat_parse(s) < 0 || !cgp_valid_token(t) ||
		    (want >= 0 && cgp_seat_parse(s) != want))
			continue;
		/* The last line for the game wins. */
		*seat = cgp_seat_parse(s);
		snprintf(token, n, "%s", t);
		found = 0;
	}
	fclose(f);
	return found;
}

static int save_locked(const char *path, const char *host, int port,
    const char *game, int seat, const char *token, long seq, char *err,
    size_t errlen);

int
net_tokens_save(const char *host, int port, const char *game, int seat,
    const char *token, char *err, size_t errlen)
{
	char path[1100];
	int fd, rc;

	if (tokens_path(path, sizeof path, err, errlen) < 0)
		return -1;
	/* Two games on one machine (both seats, a rematch) save at once:
	 * one at a time, or one's new file replaces the other's and a token
	 * is lost. */
	if ((fd = client_file_lock(path, err, errlen)) < 0)
		return -1;
	rc = save_locked(path, host, port, game, seat, token, 0, err, errlen);
	close(fd);              /* and the lock with it */
	return rc;
}

int
net_tokens_mark(const char *host, int port, const char *game, int seat,
    long seq, char *err, size_t errlen)
{
	char path[1100], token[64];
	int fd, rc = 0, s = seat;

	if (tokens_path(path, sizeof path, err, errlen) < 0)
		return -1;
	if ((fd = client_file_lock(path, err, errlen)) < 0)
		return -1;
	/* Its line again, with the token it has (none: nothing to mark). */
	if (seat >= 0 && net_tokens_find(host, port, game, &s, token,
	    sizeof token) == 0)
		rc = save_locked(path, host, port, game, seat, token, seq, err,
		    errlen);
	close(fd);
	return rc;
}

long
net_tokens_seen(const char *host, int port, const char *game, int seat)
{
	char line[256], where[300], w[300], g[16], s[16], t[64];
	FILE *f = client_file_read("tokens", host, port, where, sizeof where);
	long seq, seen = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL) {
		int n = sscanf(line, "%299s %15s %15s %63s %ld", w, g, s, t,
		    &seq);
		if (n < 4)
			continue;
		cgp_upcase(g);
		/* The last line for the seat wins. */
		if (strcmp(w, where) == 0 && strcmp(g, game) == 0 &&
		    cgp_seat_parse(s) == seat)
			seen = n == 5 && seq > 0 ? seq : 0;
	}
	fclose(f);
	return seen;
}

static int
save_locked(const char *path, const char *host, int port, const char *game,
    int seat, const char *token, long seq, char *err, size_t errlen)
{
	char line[256], where[300], g[16], last[1024];
	char (*keep)[256];
	int nkeep = 0, rc;
	FILE *in;

	keep = xcalloc(TOKENS_MAX, sizeof *keep);
	snprintf(where, sizeof where, "%s:%d", host, port);
	in = fopen(path, "r");
	if (in != NULL) {
		while (fgets(line, sizeof line, in) != NULL) {
			char w[300], s[16], t[64];
			if (sscanf(line, "%299s %15s %15s %63s", w, g, s, t) !=
			    4)
				continue;
			if (strcmp(w, where) == 0 && strcmp(g, game) == 0 &&
			    cgp_seat_parse(s) == seat)
				continue;
			client_file_keep(keep[0], sizeof keep[0], &nkeep,
			    TOKENS_MAX, line);
		}
		fclose(in);
	}
	if (seq > 0)
		snprintf(last, sizeof last, "%s %s %s %s %ld\n", where, game,
		    cgp_seat_name(seat), token, seq);
	else
		snprintf(last, sizeof last, "%s %s %s %s\n", where, game,
		    cgp_seat_name(seat), token);
	rc = client_file_write(path, keep[0], sizeof keep[0], nkeep, last, err,
	    errlen);
	free(keep);
	return rc;
}
