/*
 * store_pg_put.c: one change of the PostgreSQL store as the SQL text of a
 * batch: a call of congo_put (store_pg_schema.c) with its extra
 * statements, an UNDO's ply, a rematch's second seat, a holder's check
 * (store_pg_hold.c).
 */

#ifdef HAVE_LIBPQ

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "net/store/store.h"
#include "net/store/store_sql.h"
#include "net/store/store_pg.h"
#include "util/util.h"

/* Append text to a growing buffer. */
void
pg_add(char **buf, size_t *len, size_t *cap, const char *t)
{
	size_t n = strlen(t);

	if (*len + n + 1 > *cap) {
		while (*len + n + 1 > *cap)
			*cap = *cap ? *cap * 2 : 4096;
		*buf = xrealloc(*buf, *cap);
	}
	memcpy(*buf + *len, t, n + 1);
	*len += n;
}

/* A quoted literal (or NULL) appended, with a comma before it unless first. */
void
pg_lit(struct pgstore *pg, char **buf, size_t *len, size_t *cap, const char *v,
    bool first)
{
	char *q;

	if (!first)
		pg_add(buf, len, cap, ", ");
	if (v == NULL) {
		pg_add(buf, len, cap, "NULL");
		return;
	}
	q = PQescapeLiteral(pg->w, v, strlen(v));
	pg_add(buf, len, cap, q != NULL ? q : "NULL");
	PQfreemem(q);
}

/*
 * An UNDO sets its game's ply (LIST's ply=) to the one it went back to
 * (congo_put counts MOVEs only): where congo_put stored this very event,
 * not on a conflict (another server's event with that seq).
 */
static void
undo_ply(struct pgstore *pg, char **buf, size_t *len, size_t *cap,
    const struct store_change *ch, int k)
{
	long ply = store_undo_ply(ch->kind[k], ch->body[k]);
	char num[80];

	if (ply < 0)
		return;
	snprintf(num, sizeof num, "UPDATE games SET ply = %ld WHERE id = ", ply);
	pg_add(buf, len, cap, num);
	pg_lit(pg, buf, len, cap, ch->game, true);
	snprintf(num, sizeof num, " AND EXISTS (SELECT 1 FROM events WHERE "
	    "seq = %ld", ch->seq[k]);
	pg_add(buf, len, cap, num);
	pg_add(buf, len, cap, " AND game = ");
	pg_lit(pg, buf, len, cap, ch->game, true);
	pg_add(buf, len, cap, " AND body = ");
	pg_lit(pg, buf, len, cap, ch->body[k], true);
	pg_add(buf, len, cap, ");");
}

/*
 * ch's typed writes (store_op.c's statements) as congo_put's extra text,
 * separated by chr(30), each ? replaced by its value: a text quoted by
 * libpq (PQescapeLiteral), a number as its digits. NULL when none.
 */
static char *
ops_text(struct pgstore *pg, const struct store_change *ch)
{
	struct store_stmt st[2];
	char *buf = NULL, one[2] = "";
	size_t len = 0, cap = 0;
	const char *q;
	int i, k, n, p;

	for (i = 0; i < ch->nop; i++) {
		n = store_op_stmts(&ch->op[i], st);
		for (k = 0; k < n; k++) {
			if (len > 0)
				pg_add(&buf, &len, &cap, "\036");
			for (q = st[k].sql, p = 0; *q != '\0'; q++) {
				if (*q != '?' || p >= st[k].n) {
					one[0] = *q;
					pg_add(&buf, &len, &cap, one);
				} else if (st[k].type[p] == 't')
					pg_lit(pg, &buf, &len, &cap,
					    st[k].v[p++], true);
				else
					pg_add(&buf, &len, &cap, st[k].v[p++]);
			}
		}
	}
	return buf;
}

/* One change as a call of congo_put, appended to the batch's text. */
void
pg_put(struct pgstore *pg, char **buf, size_t *len, size_t *cap,
    const struct store_change *ch)
{
	char num[7][24], *extra;
	const char *v[21];
	bool checked;
	int k;

	snprintf(num[0], sizeof num[0], "%d", ch->repetition);
	snprintf(num[1], sizeof num[1], "%d", ch->quiet_plies);
	snprintf(num[2], sizeof num[2], "%lld", ch->created);
	snprintf(num[3], sizeof num[3], "%d", ch->seat);
	snprintf(num[4], sizeof num[4], "%ld", ch->nev > 0 ? ch->seq[0] : 0);
	snprintf(num[5], sizeof num[5], "%ld", ch->nev > 1 ? ch->seq[1] : 0);
	v[0] = ch->game;
	v[1] = ch->new_game ? "t" : "f";
	v[2] = ch->start_fen != NULL ? ch->start_fen : "";
	v[3] = num[0];
	v[4] = num[1];
	v[5] = num[2];
	v[6] = num[3];
	v[7] = ch->name != NULL ? ch->name : "";
	v[8] = ch->token != NULL ? ch->token : "";
	v[9] = num[4];
	v[10] = ch->nev > 0 ? ch->kind[0] : NULL;
	v[11] = ch->nev > 0 ? ch->body[0] : NULL;
	v[12] = num[5];
	v[13] = ch->nev > 1 ? ch->kind[1] : NULL;
	v[14] = ch->nev > 1 ? ch->body[1] : NULL;
	v[15] = pg->me;
	snprintf(num[6], sizeof num[6], "%d", ch->creator);
	v[16] = ch->variant != NULL ? ch->variant : "congo";
	v[17] = ch->clock;
	v[18] = num[6];
	v[19] = ch->rematch_of;
	if (pg_hold(pg, buf, len, cap, ch))
		return;                 /* a REJOIN's taking: nothing else */
	/* The typed writes, in congo_put's transaction and savepoint. */
	extra = ops_text(pg, ch);
	v[20] = extra;
	pg_add(buf, len, cap, "SELECT ");
	checked = pg_by_open(pg, buf, len, cap, ch);
	pg_add(buf, len, cap, "congo_put(");
	for (k = 0; k < 21; k++)
		pg_lit(pg, buf, len, cap, v[k], k == 0);
	free(extra);
	pg_add(buf, len, cap, checked ? ") END;" : ");");
	for (k = 0; k < ch->nev && k < 2; k++)
		undo_ply(pg, buf, len, cap, ch, k);
	if (!ch->both_seats)
		return;
	/* Black's seat of a rematch, in the same transaction, only where
	 * congo_put made the game with white's (not on a conflict). */
	pg_add(buf, len, cap, "INSERT INTO seats SELECT ");
	pg_lit(pg, buf, len, cap, ch->game, true);
	pg_add(buf, len, cap, ", 1");
	pg_lit(pg, buf, len, cap, ch->name2, false);
	pg_lit(pg, buf, len, cap, ch->token2, false);
	pg_add(buf, len, cap, " WHERE EXISTS (SELECT 1 FROM seats WHERE game = ");
	pg_lit(pg, buf, len, cap, ch->game, true);
	pg_add(buf, len, cap, " AND seat = 0 AND token = ");
	pg_lit(pg, buf, len, cap, ch->token, true);
	pg_add(buf, len, cap, "); UPDATE games SET status = 1 WHERE status = 0 AND "
	    "id = ");
	pg_lit(pg, buf, len, cap, ch->game, true);
	pg_add(buf, len, cap, " AND (SELECT count(*) FROM seats WHERE game = ");
	pg_lit(pg, buf, len, cap, ch->game, true);
	pg_add(buf, len, cap, ") = 2;");
}

#else
typedef int net_pg_put_absent;
#endif
