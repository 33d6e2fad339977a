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

#define MAX_COLS 14

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

int
store_sqlite_account(void *ctx, const char *lname, struct store_account *a,
    char *err, size_t errlen)
{
	return store_acct_account(rows, ctx, lname, a, err, errlen);
}

int
store_sqlite_ratings(void *ctx, const char *lname, const char *variant,
    const char *speed, struct store_rating *out, int max, char *err,
    size_t errlen)
{
	return store_acct_ratings(rows, ctx, lname, variant, speed, out, max,
	    err, errlen);
}

int
store_sqlite_top(void *ctx, const char *variant, const char *speed,
    int limit, struct store_rating *out, char *err, size_t errlen)
{
	return store_acct_top(rows, ctx, variant, speed, limit, out, err,
	    errlen);
}

int
store_sqlite_games(void *ctx, const char *lname, const char *before,
    int limit, struct store_game_item *out, char *err, size_t errlen)
{
	return store_acct_games(rows, ctx, lname, before, limit, out, err,
	    errlen);
}

int
store_sqlite_history(void *ctx, const char *lname, const char *variant,
    const char *speed, int max, long long *at, double *rating, char *err,
    size_t errlen)
{
	return store_acct_history(rows, ctx, lname, variant, speed, max, at,
	    rating, err, errlen);
}

int
store_sqlite_blocks(void *ctx, const char *lname,
    char (*out)[CGP_NAME_MAX + 1], int max, char *err, size_t errlen)
{
	return store_acct_blocks(rows, ctx, lname, out, max, err, errlen);
}

int
store_sqlite_mine(void *ctx, const char *lname, struct store_item *out,
    int max, char *err, size_t errlen)
{
	return store_acct_mine(rows, ctx, lname, out, max, err, errlen);
}
