/*
 * store_backend.c: --db names the store: a postgresql:// (or postgres://)
 * URI for PostgreSQL, anything else a SQLite file.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "net/store/store.h"

bool
store_is_uri(const char *db)
{
	return strncmp(db, "postgresql://", 13) == 0 ||
	    strncmp(db, "postgres://", 11) == 0;
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
		snprintf(err, errlen, "%.300s: this congo-server was built "
		    "without PostgreSQL (libpq was not found when it was "
		    "configured): use a database file, or rebuild with libpq "
		    "installed (Debian: libpq-dev)", db);
		return -1;
#endif
	}
	*ops = &store_sqlite_ops;
	*ctx = store_open(db, how, err, errlen);
	return *ctx != NULL ? 0 : -1;
}
