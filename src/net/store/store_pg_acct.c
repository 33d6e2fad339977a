/*
 * store_pg_acct.c: the PostgreSQL store's reads of accounts, ratings and
 * finished games, on the event loop's connection (made again if lost);
 * the statements are store_acct_sql.c's, their ? numbered $1, $2...
 */

#ifdef HAVE_LIBPQ

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_pg.h"

#define MAX_PARAMS 8
#define MAX_COLS 16

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

STORE_ACCT_DEFINE(pg, rows)

#else
typedef int net_pg_acct_absent;
#endif
