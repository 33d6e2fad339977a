/*
 * store_backend.c: --db names the store: a postgresql:// (or postgres://)
 * URI for PostgreSQL, anything else a SQLite file.
 */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "net/store/store.h"
#ifdef HAVE_LIBPQ
#include "net/store/store_pg.h"
#endif

static void (*notice_fn)(void *ctx, int level, const char *msg);
static void *notice_ctx;

void
store_set_notice_log(void (*fn)(void *ctx, int level, const char *msg),
    void *ctx)
{
	notice_fn = fn;
	notice_ctx = ctx;
}

void
store_notice(int level, const char *fmt, ...)
{
	static const char *const names[] = { "error", "warn", "info",
		"debug" };
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (notice_fn != NULL)
		notice_fn(notice_ctx, level, msg);
	else
		fprintf(stderr, "congo-server: %s: %s\n", names[level < 0 ? 0 :
		    level > 3 ? 3 : level], msg);
}

bool
store_is_uri(const char *db)
{
	return strncmp(db, "postgresql://", 13) == 0 ||
	    strncmp(db, "postgres://", 11) == 0;
}

bool
store_db_secret(const char *db)
{
	const char *p, *end, *at = NULL, *q;

	if (!store_is_uri(db))
		return false;
	/* scheme://user:password@host (the last @ before the path). */
	p = strstr(db, "://") + 3;
	end = p + strcspn(p, "/?");
	for (q = p; q < end; q++)
		if (*q == '@')
			at = q;
	if (at != NULL && memchr(p, ':', (size_t)(at - p)) != NULL)
		return true;
	/* ?password=... or &password=... with a value. */
	for (q = db; (q = strstr(q, "password=")) != NULL; q += 9)
		if ((q[-1] == '?' || q[-1] == '&') && q[9] != '\0' &&
		    q[9] != '&')
			return true;
	return false;
}

void
store_db_name(const char *db, char *out, size_t n)
{
	if (!store_is_uri(db))
		snprintf(out, n, "%s", db);
	else
#ifdef HAVE_LIBPQ
		pg_name(db, out, n);
#else
		snprintf(out, n, "a PostgreSQL database");
#endif
}

int
store_open_any(const char *db, int how, const struct store_ops **ops,
    void **ctx, char *err, size_t errlen)
{
	if (store_is_uri(db)) {
#ifdef HAVE_LIBPQ
		*ops = &store_pg_ops;
		*ctx = store_pg_open(db, how, err, errlen);
		return *ctx != NULL ? 0 : -1;
#else
		snprintf(err, errlen, "--db names a PostgreSQL database: "
		    "this congo-server was built without PostgreSQL (libpq "
		    "was not found when it was configured): use a database "
		    "file, or rebuild with libpq installed (Debian: "
		    "libpq-dev)");
		return -1;
#endif
	}
	*ops = &store_sqlite_ops;
	*ctx = store_open(db, how, err, errlen);
	return *ctx != NULL ? 0 : -1;
}
