/*
 * store_sqlite_op.c: a change's typed writes (store_op.c's statements) on
 * the SQLite store, each value bound, in the change's transaction.
 */
#include <stdlib.h>

#include "net/store/store_sqlite.h"

/* One statement, its parameters bound: 0, or -1 (the database's error
 * kept for the caller: a duplicate key is a conflict). */
static int
run(struct store *st, const struct store_stmt *s)
{
	sqlite3_stmt *q;
	int i, rc;

	if (sqlite3_prepare_v2(st->db, s->sql, -1, &q, NULL) != SQLITE_OK)
		return -1;
	for (i = 0, rc = SQLITE_OK; i < s->n && rc == SQLITE_OK; i++)
		/* (a real as its text: the column's type makes it the
		 * number, as it did of the statement's digits) */
		rc = s->type[i] == 'i' ? sqlite3_bind_int64(q, i + 1,
		    strtoll(s->v[i], NULL, 10)) : sqlite3_bind_text(q, i + 1,
		    s->v[i], -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		while ((rc = sqlite3_step(q)) == SQLITE_ROW)
			;
	sqlite3_finalize(q);
	return rc == SQLITE_DONE ? 0 : -1;
}

int
store_sqlite_ops_put(struct store *st, const struct store_change *ch)
{
	struct store_stmt s[2];
	int i, k, n;

	for (i = 0; i < ch->nop; i++) {
		/* A store of one server: every seek is its own, its server
		 * alive. */
		if (ch->op[i].kind == STORE_OP_SEEK_LIVE)
			continue;
		if ((n = store_op_stmts(&ch->op[i], s)) < 0)
			return -1;
		for (k = 0; k < n; k++)
			if (run(st, &s[k]) < 0)
				return -1;
	}
	return 0;
}
