/*
 * store_pg_acct.c: the PostgreSQL store's reads of accounts, ratings and
 * finished games, on the event loop's connection (made again if lost);
 * the statements are store_acct_sql.c's, their ? numbered $1, $2...
 */
#include "config.h"

#ifdef HAVE_LIBPQ

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_pg.h"

#define MAX_PARAMS 8
#define MAX_COLS 14

static int
rows(void *ctx, const char *sql, const char *const *params,
    const char *types, int max, store_row_fn row, void *arg, char *err,
    size_t errlen)
{
	struct pgstore *pg = ctx;
	const char *cols[MAX_COLS];
	char text[8192];          /* the GAMES read is long */
	size_t len = 0;
	int np = (int)strlen(types), k = 0, i, j, n = 0;
	PGresult *r;

	/* ? -> $1, $2... */
	for (i = 0; sql[i] != '\0' && len + 8 < sizeof text; i++) {
		if (sql[i] == '?')
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "$%d", ++k);
		else
			text[len++] = sql[i];
	}
	text[len] = '\0';
	if (sql[i] != '\0') {
		snprintf(err, errlen, "a statement longer than %zu bytes",
		    sizeof text);
		return -1;
	}
	if (np > MAX_PARAMS || k != np) {
		snprintf(err, errlen, "a statement with %d parameters, not %d",
		    k, np);
		return -1;
	}
	if (!pg_reader(pg, err, errlen))
		return -1;
	r = PQexecParams(pg->r, text, np, NULL, params, NULL, NULL, 0);
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		pg_fail(pg, pg->r, err, errlen, "cannot read it");
		PQclear(r);
		return -1;
	}
	for (i = 0; i < PQntuples(r) && n < max; i++) {
		for (j = 0; j < PQnfields(r) && j < MAX_COLS; j++)
			cols[j] = PQgetvalue(r, i, j);
		if (row(arg, n++, cols, err, errlen) != 0) {
			PQclear(r);
			return -1;
		}
	}
	PQclear(r);
	return n;
}

int
pg_account(void *ctx, const char *lname, struct store_account *a, char *err,
    size_t errlen)
{
	return store_acct_account(rows, ctx, lname, a, err, errlen);
}

int
pg_ratings(void *ctx, const char *lname, const char *variant,
    const char *speed, struct store_rating *out, int max, char *err,
    size_t errlen)
{
	return store_acct_ratings(rows, ctx, lname, variant, speed, out, max,
	    err, errlen);
}

int
pg_top(void *ctx, const char *variant, const char *speed, int limit,
    struct store_rating *out, char *err, size_t errlen)
{
	return store_acct_top(rows, ctx, variant, speed, limit, out, err,
	    errlen);
}

int
pg_games_of(void *ctx, const char *lname, const char *before, int limit,
    struct store_game_item *out, char *err, size_t errlen)
{
	return store_acct_games(rows, ctx, lname, before, limit, out, err,
	    errlen);
}

int
pg_history(void *ctx, const char *lname, const char *variant,
    const char *speed, int max, long long *at, double *rating, char *err,
    size_t errlen)
{
	return store_acct_history(rows, ctx, lname, variant, speed, max, at,
	    rating, err, errlen);
}

int
pg_blocks(void *ctx, const char *lname, char (*out)[CGP_NAME_MAX + 1],
    int max, char *err, size_t errlen)
{
	return store_acct_blocks(rows, ctx, lname, out, max, err, errlen);
}

int
pg_games_mine(void *ctx, const char *lname, struct store_item *out, int max,
    char *err, size_t errlen)
{
	return store_acct_mine(rows, ctx, lname, out, max, err, errlen);
}

#else
typedef int net_pg_acct_absent;
#endif
