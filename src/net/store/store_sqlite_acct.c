/*
 * store_sqlite_acct.c: the SQLite store's reads of accounts, ratings and
 * finished games (WHOIS, TOP, GAMES, LOGIN), on the event loop's
 * connection; the statements are store_acct_sql.c's.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_sqlite.h"
#include "util/util.h"

#define MAX_COLS 16

static int
rows(void *ctx, const char *sql, const char *const *params,
    const char *types, int max, store_row_fn row, void *arg, char *err,
    size_t errlen)
{
	struct store *st = ctx;
	const char *cols[MAX_COLS];
	sqlite3_stmt *q;
	int i, n = 0, rc = SQLITE_OK, nc;

	if (sqlite3_prepare_v2(st->rdb, sql, -1, &q, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "%s: cannot read it: %s", st->path,
		    sqlite3_errmsg(st->rdb));
		return -1;
	}
	for (i = 0; types[i] != '\0' && rc == SQLITE_OK; i++) {
		long v;
		char why[160];
		if (types[i] != 'i') {
			rc = sqlite3_bind_text(q, i + 1, params[i], -1,
			    SQLITE_STATIC);
			continue;
		}
		if (parse_long(params[i], LONG_MIN, LONG_MAX, &v, why,
		    sizeof why) != 0) {
			sqlite3_finalize(q);
			return util_error(err, errlen, "parameter %d: %s",
			    i + 1, why);
		}
		rc = sqlite3_bind_int64(q, i + 1, v);
	}
	while (rc == SQLITE_OK && n < max &&
	    (rc = sqlite3_step(q)) == SQLITE_ROW) {
		nc = sqlite3_column_count(q);
		for (i = 0; i < nc && i < MAX_COLS; i++) {
			const unsigned char *t = sqlite3_column_text(q, i);
			cols[i] = t != NULL ? (const char *)t : "";
		}
		if (row(arg, n++, cols, err, errlen) != 0) {
			sqlite3_finalize(q);
			return -1;
		}
		rc = SQLITE_OK;
	}
	if (rc != SQLITE_OK && rc != SQLITE_DONE) {
		snprintf(err, errlen, "%s: cannot read it: %s", st->path,
		    sqlite3_errmsg(st->rdb));
		sqlite3_finalize(q);
		return -1;
	}
	sqlite3_finalize(q);
	return n;
}

STORE_ACCT_DEFINE(store_sqlite, rows)
