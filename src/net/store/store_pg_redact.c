/*
 * store_pg_redact.c: what the PostgreSQL store may say of its connection
 * string. A password never leaves it: not the URI's user:password@, not a
 * password= keyword or query parameter, not libpq's own messages, which may
 * quote the string or a token of it. The database is named by its host,
 * port and name only (pg_name); every message of libpq is made one line and
 * rid of the passwords before it reaches a log, an error or a page
 * (pg_redact). libpq's notices (and the errors a server sends an idle
 * connection, which it gives as notices) go to the server's log as such
 * lines (pg_notice), not raw to stderr.
 */

#ifdef HAVE_LIBPQ

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_pg.h"
#include "util/util.h"

/* A value of PQconninfoParse's options, or NULL. */
static const char *
opt(const PQconninfoOption *o, const char *key)
{
	for (; o != NULL && o->keyword != NULL; o++)
		if (strcmp(o->keyword, key) == 0)
			return o->val != NULL && o->val[0] != '\0' ? o->val :
			    NULL;
	return NULL;
}

void
pg_name(const char *conninfo, char *out, size_t n)
{
	PQconninfoOption *o = PQconninfoParse(conninfo, NULL);
	const char *host, *port, *db;

	if (o == NULL) {
		snprintf(out, n, "a PostgreSQL connection string that libpq "
		    "cannot read");
		return;
	}
	host = opt(o, "host");
	if (host == NULL)
		host = opt(o, "hostaddr");
	port = opt(o, "port");
	db = opt(o, "dbname");
	snprintf(out, n, "PostgreSQL database %.100s on %s%.200s%s%.40s",
	    db != NULL ? db : "(libpq's default)",
	    host != NULL ? "host " : "libpq's default host",
	    host != NULL ? host : "", port != NULL ? " port " : "",
	    port != NULL ? port : "");
	PQconninfoFree(o);
}

/* Every occurrence of secret in msg replaced by "***". */
static void
scrub(char *msg, size_t len, const char *secret, size_t slen)
{
	char *p = msg;

	if (slen == 0)
		return;
	while ((p = strstr(p, secret)) != NULL) {
		size_t rest = strlen(p + slen);

		if (slen >= 3) {
			memcpy(p, "***", 3);
			memmove(p + 3, p + slen, rest + 1);
			p += 3;
		} else if (strlen(msg) + 3 - slen < len) {
			memmove(p + 3, p + slen, rest + 1);
			memcpy(p, "***", 3);
			p += 3;
		} else {
			memset(p, '*', slen);   /* no room: as long */
			p += slen;
		}
	}
}

/* s[0..n) percent-decoded into out (at most outlen - 1 bytes). */
static void
decode(const char *s, size_t n, char *out, size_t outlen)
{
	size_t i, k = 0;
	unsigned v;

	for (i = 0; i < n && k + 1 < outlen; i++) {
		if (s[i] == '%' && i + 2 < n && sscanf(s + i + 1, "%2x",
		    &v) == 1) {
			out[k++] = (char)v;
			i += 2;
		} else {
			out[k++] = s[i];
		}
	}
	out[k] = '\0';
}

/* A password as written in conninfo (from start, n bytes) scrubbed from
 * msg, as written and percent-decoded. */
static void
scrub_written(char *msg, size_t len, const char *start, size_t n)
{
	char plain[512];

	if (n == 0)
		return;
	if (n >= sizeof plain)
		n = sizeof plain - 1;
	memcpy(plain, start, n);
	plain[n] = '\0';
	scrub(msg, len, plain, n);
	decode(start, n, plain, sizeof plain);
	scrub(msg, len, plain, strlen(plain));
}

/*
 * The passwords conninfo holds, as libpq reads them and as they are written
 * (read by hand too: a string libpq cannot read has its password found all
 * the same), scrubbed from msg.
 */
static void
scrub_all(const char *conninfo, char *msg, size_t len, bool *readable)
{
	PQconninfoOption *o = PQconninfoParse(conninfo, NULL);
	const char *p, *q, *end;

	*readable = o != NULL;
	if (o != NULL) {
		if ((p = opt(o, "password")) != NULL)
			scrub(msg, len, p, strlen(p));
		PQconninfoFree(o);
	}
	/* scheme://user:password@host... (up to the last @ before the
	 * path or the query). */
	if ((p = strstr(conninfo, "://")) != NULL) {
		const char *at = NULL, *c;

		p += 3;
		end = p + strcspn(p, "/?");
		for (q = p; q < end; q++)
			if (*q == '@')
				at = q;
		c = at != NULL ? memchr(p, ':', (size_t)(at - p)) : NULL;
		if (c != NULL)
			scrub_written(msg, len, c + 1, (size_t)(at - c - 1));
	}
	/* password=... as a keyword or a query parameter. */
	for (p = conninfo; (p = strstr(p, "password")) != NULL; p += 8) {
		q = p + 8;
		q += strspn(q, " ");
		if (*q != '=')
			continue;
		q++;
		q += strspn(q, " ");
		if (*q == '\'') {
			end = strchr(q + 1, '\'');
			q++;
			if (end == NULL)
				end = q + strlen(q);
		} else {
			end = q + strcspn(q, " &");
		}
		scrub_written(msg, len, q, (size_t)(end - q));
	}
}

void
pg_redact(const char *conninfo, char *msg, size_t len)
{
	bool readable;
	char *p, *w;

	/* One line: line breaks and tabs as spaces, runs of them as one. */
	for (p = w = msg; *p != '\0'; p++) {
		char ch = *p == '\n' || *p == '\r' || *p == '\t' ? ' ' : *p;

		if ((unsigned char)ch < ' ')
			ch = '?';
		if (ch == ' ' && (w == msg || w[-1] == ' '))
			continue;
		*w++ = ch;
	}
	while (w > msg && w[-1] == ' ')
		w--;
	*w = '\0';
	if (conninfo == NULL)
		return;
	scrub_all(conninfo, msg, len, &readable);
	if (readable)
		return;
	/* libpq quotes what it could not read of the string (a token, a
	 * parameter): nothing of it is repeated. */
	{
		char *out = xmalloc(len), *o = out;
		bool in = false;

		for (p = msg; *p != '\0' && o + 4 < out + len; p++) {
			if (*p == '"' && !in) {
				memcpy(o, "\"...", 4);
				o += 4;
				in = true;
			} else if (*p == '"') {
				*o++ = '"';
				in = false;
			} else if (!in) {
				*o++ = *p;
			}
		}
		*o = '\0';
		snprintf(msg, len, "%s", out);
		free(out);
	}
}

void
pg_notice(void *arg, const char *message)
{
	const struct pgstore *pg = arg;
	char msg[600];

	snprintf(msg, sizeof msg, "%s", message);
	pg_redact(pg->conninfo, msg, sizeof msg);
	store_notice(NET_LOG_WARN, "%s: %s", pg->name, msg);
}

#else
typedef int net_pg_redact_absent;
#endif
