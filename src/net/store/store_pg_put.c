/*
 * store_pg_put.c: one change of the PostgreSQL store as statements of a
 * batch (store_pg_batch.c), every value bound: a call of congo_put
 * (store_pg_schema.c) with its typed writes and their values, an UNDO's
 * ply, a rematch's second seat, a holder's check (store_pg_hold.c).
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

/*
 * An UNDO sets its game's ply (LIST's ply=) to the one it went back to
 * (congo_put counts MOVEs only): where congo_put stored this very event,
 * not on a conflict (another server's event with that seq).
 */
static void
undo_ply(struct pg_batch *b, const struct store_change *ch, int k)
{
	long ply = store_undo_ply(ch->kind[k], ch->body[k]);
	struct pg_stmt *s;
	char num[2][24];
	int g;

	if (ply < 0)
		return;
	snprintf(num[0], sizeof num[0], "%ld", ply);
	snprintf(num[1], sizeof num[1], "%ld", ch->seq[k]);
	s = pg_stmt_new(b, "UPDATE games SET ply = ");
	pg_val(s, num[0], "integer");
	pg_sql(s, " WHERE id = ");
	pg_val(s, ch->game, NULL);
	g = s->n;
	pg_sql(s, " AND EXISTS (SELECT 1 FROM events WHERE seq = ");
	pg_val(s, num[1], "bigint");
	snprintf(num[0], sizeof num[0], " AND game = $%d", g);
	pg_sql(s, num[0]);
	pg_sql(s, " AND body = ");
	pg_val(s, ch->body[k], NULL);
	pg_sql(s, ")");
}

/* The cast of a typed write's value of type t (store_stmt's 'i' or 'r';
 * 't' text, as bound). */
static const char *
cast_of(char t)
{
	return t == 'i' ? "::bigint" : t == 'r' ? "::double precision" : "";
}

/*
 * ch's typed writes (store_op.c's statements), run by congo_put in its
 * transaction and savepoint: their texts separated by chr(30) (its extra)
 * and their values after it (its variadic vals), each ? of a text
 * replaced by $1[k] (EXECUTE ... USING vals: the k-th value), with a cast
 * for a number. Returns the text (NULL when none); the statements into
 * st (*nst of them), whose values the caller binds after it, in order.
 */
static char *
ops_text(const struct store_change *ch, struct store_stmt *st, int *nst)
{
	struct pg_stmt t;
	char one[2] = "", ref[48];
	const char *q;
	int i, k, n, p, nv = 0;

	memset(&t, 0, sizeof t);
	*nst = 0;
	for (i = 0; i < ch->nop; i++) {
		n = store_op_stmts(&ch->op[i], &st[*nst]);
		if (n <= 0)
			continue;
		for (k = *nst; k < *nst + n; k++) {
			if (t.len > 0)
				pg_sql(&t, "\036");
			for (q = st[k].sql, p = 0; *q != '\0'; q++) {
				if (*q != '?' || p >= st[k].n) {
					one[0] = *q;
					pg_sql(&t, one);
					continue;
				}
				snprintf(ref, sizeof ref, "$1[%d]%s", ++nv,
				    cast_of(st[k].type[p++]));
				pg_sql(&t, ref);
			}
		}
		*nst += n;
	}
	return t.sql;
}

/*
 * Black's seat of a rematch, in the same transaction, only where congo_put
 * made the game with white's (not on a conflict); the game then begun.
 */
static void
pg_seat2(struct pg_batch *b, const struct store_change *ch)
{
	struct pg_stmt *s;
	char ref[96];
	int g;

	s = pg_stmt_new(b, "INSERT INTO seats SELECT ");
	pg_val(s, ch->game, "text");
	g = s->n;
	pg_sql(s, ", 1, ");
	pg_val(s, ch->name2, "text");
	pg_sql(s, ", ");
	pg_val(s, ch->token2, "text");
	snprintf(ref, sizeof ref, " WHERE EXISTS (SELECT 1 FROM seats WHERE "
	    "game = $%d AND seat = 0 AND token = ", g);
	pg_sql(s, ref);
	pg_val(s, ch->token, NULL);
	pg_sql(s, ")");
	s = pg_stmt_new(b, "UPDATE games SET status = 1 WHERE status = 0 AND "
	    "id = ");
	pg_val(s, ch->game, NULL);
	snprintf(ref, sizeof ref, " AND (SELECT count(*) FROM seats WHERE "
	    "game = $%d) = 2", s->n);
	pg_sql(s, ref);
}

/* One change's statements appended to b: one of them (the call of
 * congo_put, or a REJOIN's taking) answers with a row, the others with
 * none. */
void
pg_put(struct pgstore *pg, struct pg_batch *b, const struct store_change *ch)
{
	struct store_stmt st[2 * STORE_OP_MAX];
	struct pg_stmt *s;
	char num[7][24], *extra;
	const char *v[21];
	bool checked;
	int k, p, nst;

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
	if (pg_hold(b, ch))
		return;                 /* a REJOIN's taking: nothing else */
	/* The typed writes, in congo_put's transaction and savepoint. */
	extra = ops_text(ch, st, &nst);
	v[20] = extra;
	s = pg_stmt_new(b, "SELECT ");
	checked = pg_by_open(s, ch);
	pg_sql(s, "congo_put(");
	for (k = 0; k < 21; k++) {
		pg_sql(s, k > 0 ? ", " : "");
		pg_val(s, v[k], NULL);
	}
	for (k = 0; k < nst; k++)
		for (p = 0; p < st[k].n; p++) {
			pg_sql(s, ", ");
			pg_val(s, st[k].v[p], NULL);
		}
	free(extra);
	pg_sql(s, checked ? ") END" : ")");
	/* (its answer last: the rest are no rows) */
	for (k = 0; k < ch->nev && k < 2; k++)
		undo_ply(b, ch, k);
	if (ch->both_seats)
		pg_seat2(b, ch);
}

#else
typedef int net_pg_put_absent;
#endif
