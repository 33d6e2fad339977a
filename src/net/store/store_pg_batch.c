/*
 * store_pg_batch.c: the PostgreSQL store's statements with their values
 * bound, never written into their text: each statement a text with $1,
 * $2... and its values apart (struct pg_stmt), a batch of them sent at
 * once in libpq's pipeline mode (one round trip: every statement, then a
 * sync), its answers read back in order. The writer's commits
 * (store_pg.c) and the presence notices (store_pg_presence.c) are such
 * batches.
 */

#ifdef HAVE_LIBPQ

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_pg.h"
#include "util/util.h"

struct pg_stmt *
pg_stmt_new(struct pg_batch *b, const char *sql)
{
	struct pg_stmt *s;

	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 16;
		b->s = xreallocarray(b->s, (size_t)b->cap, sizeof *b->s);
	}
	s = &b->s[b->n++];
	memset(s, 0, sizeof *s);
	pg_sql(s, sql);
	return s;
}

void
pg_sql(struct pg_stmt *s, const char *t)
{
	size_t n = strlen(t);

	if (s->len + n + 1 > s->cap) {
		while (s->len + n + 1 > s->cap)
			s->cap = s->cap ? s->cap * 2 : 256;
		s->sql = xrealloc(s->sql, s->cap);
	}
	memcpy(s->sql + s->len, t, n + 1);
	s->len += n;
}

int
pg_bind(struct pg_stmt *s, const char *v)
{
	if (s->n == s->vcap) {
		s->vcap = s->vcap ? s->vcap * 2 : 8;
		s->v = xreallocarray(s->v, (size_t)s->vcap, sizeof *s->v);
	}
	s->v[s->n++] = v != NULL ? xstrdup(v) : NULL;
	return s->n;
}

void
pg_val(struct pg_stmt *s, const char *v, const char *cast)
{
	char ref[48];

	snprintf(ref, sizeof ref, "$%d%s%s", pg_bind(s, v),
	    cast != NULL ? "::" : "", cast != NULL ? cast : "");
	pg_sql(s, ref);
}

void
pg_batch_clear(struct pg_batch *b)
{
	int i, k;

	for (i = 0; i < b->n; i++) {
		for (k = 0; k < b->s[i].n; k++)
			free(b->s[i].v[k]);
		free(b->s[i].v);
		free(b->s[i].sql);
	}
	b->n = 0;
}

void
pg_batch_free(struct pg_batch *b)
{
	pg_batch_clear(b);
	free(b->s);
	b->s = NULL;
	b->cap = 0;
}

void
pg_batch_move(struct pg_batch *to, struct pg_batch *from)
{
	int i;

	for (i = 0; i < from->n; i++) {
		struct pg_stmt *s = pg_stmt_new(to, "");
		free(s->sql);
		*s = from->s[i];
	}
	from->n = 0;
}

bool
pg_batch_send(PGconn *c, const struct pg_batch *b)
{
	int i;

	if (PQpipelineStatus(c) == PQ_PIPELINE_OFF &&
	    !PQenterPipelineMode(c))
		return false;
	for (i = 0; i < b->n; i++)
		if (!PQsendQueryParams(c, b->s[i].sql, b->s[i].n, NULL,
		    (const char *const *)b->s[i].v, NULL, NULL, 0))
			break;
	/* (after a statement that could not be sent, the sync still ends
	 * what was: its answers read, the pipeline left) */
	return PQpipelineSync(c) == 1 && i == b->n;
}

int
pg_batch_result(PGconn *c, bool wait, PGresult **out)
{
	PGresult *r;
	int nulls = 0;

	*out = NULL;
	for (;;) {
		if (PQstatus(c) == CONNECTION_BAD)
			return -1;
		if (!wait && PQisBusy(c))
			return 0;
		if ((r = PQgetResult(c)) == NULL) {
			/* The end of one statement's answers; twice running,
			 * nothing more to come (no sync on its way). */
			if (++nulls < 2)
				continue;
			(void)PQexitPipelineMode(c);
			return -1;
		}
		if (PQresultStatus(r) == PGRES_PIPELINE_SYNC) {
			PQclear(r);
			(void)PQexitPipelineMode(c);
			return 2;
		}
		*out = r;
		return 1;
	}
}

#else
typedef int net_pg_batch_absent;
#endif
