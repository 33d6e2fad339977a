/*
 * store_block.c: the accounts an account blocks (STORE_BLOCKS_SQL), one
 * read for SQLite and PostgreSQL (store_sqlite_acct.c, store_pg_acct.c run
 * it), as store_acct_sql.c's are.
 */
#include <stdio.h>
#include <string.h>

#include "net/store/store_acct.h"

struct blocks_out {
	char (*out)[CGP_NAME_MAX + 1];
	int max;
};

static int
block_row(void *arg, int i, const char *const *cols, char *err,
    size_t errlen)
{
	struct blocks_out *b = arg;

	if (i >= b->max || !cgp_valid_name(cols[0])) {
		snprintf(err, errlen, "blocks.lblocked: '%.40s' is not a name",
		    cols[0]);
		return -1;
	}
	snprintf(b->out[i], sizeof b->out[i], "%s", cols[0]);
	return 0;
}

int
store_acct_blocks(store_rows_fn rows, void *ctx, const char *lname,
    char (*out)[CGP_NAME_MAX + 1], int max, char *err, size_t errlen)
{
	const char *params[1] = { lname };
	struct blocks_out b = { out, max };

	return rows(ctx, "SELECT coalesce(a.name, b.lblocked) FROM blocks b"
	    " LEFT JOIN accounts a ON a.lname = b.lblocked WHERE b.lname = ?"
	    " ORDER BY b.lblocked", params, "t", max, block_row, &b, err,
	    errlen);
}
