/*
 * store_tourn.c: the tournaments' reads (store_tourn.h), one text for
 * SQLite and PostgreSQL (store_sqlite_acct.c, store_pg_acct.c run them,
 * as store_acct_sql.c's): the tournaments, one's members, its pairings
 * with their games' results as the games' rows hold them, and the pairing
 * lease's holder.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "net/store/store_acct.h"
#include "util/util.h"

/* A column as a number in [lo, hi], or -1 with an error naming it. */
static int
col_ll(const char *col, const char *text, long long lo, long long hi,
    long long *out, char *err, size_t errlen)
{
	char why[160];
	long v;

	if (parse_long(text, (long)lo, (long)hi, &v, why, sizeof why) != 0)
		return util_error(err, errlen, "%s: %s", col, why);
	*out = v;
	return 0;
}

static int
col_int(const char *col, const char *text, int *out, char *err,
    size_t errlen)
{
	long long v = 0;

	if (col_ll(col, text, 0, INT_MAX, &v, err, errlen) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

static int
col_bool(const char *col, const char *text, bool *out, char *err,
    size_t errlen)
{
	int v;

	if (col_int(col, text, &v, err, errlen) != 0)
		return -1;
	*out = v != 0;
	return 0;
}

static void
col_text(char *to, size_t n, const char *v)
{
	snprintf(to, n, "%s", v);
}
#define TEXT(field, v) col_text((field), sizeof (field), (v))

struct rows_out {
	void *out;
	int max;
};

static int
tourney_row(void *arg, int i, const char *const *c, char *err,
    size_t errlen)
{
	struct rows_out *o = arg;
	struct store_tourney *t = (struct store_tourney *)o->out + i;
	int rated;

	if (i >= o->max)
		return util_error(err, errlen, "tourneys: too many rows");
	memset(t, 0, sizeof *t);
	TEXT(t->id, c[0]);
	TEXT(t->kind, c[1]);
	TEXT(t->name, c[2]);
	TEXT(t->creator, c[3]);
	TEXT(t->clock, c[8]);
	TEXT(t->variant, c[10]);
	TEXT(t->tiebreak, c[15]);
	if (col_ll("tourneys.start", c[4], 0, INT64_MAX, &t->start, err,
	    errlen) != 0 || col_ll("tourneys.created", c[5], 0, INT64_MAX,
	    &t->created, err, errlen) != 0 ||
	    col_int("tourneys.minutes", c[6], &t->minutes, err, errlen) != 0 ||
	    col_int("tourneys.rounds", c[7], &t->rounds, err, errlen) != 0 ||
	    col_int("tourneys.days", c[9], &t->days, err, errlen) != 0 ||
	    col_int("tourneys.rated", c[11], &rated, err, errlen) != 0 ||
	    col_int("tourneys.status", c[12], &t->status, err, errlen) != 0 ||
	    col_int("tourneys.round", c[13], &t->round, err, errlen) != 0 ||
	    col_int("tourneys.minrated", c[14], &t->minrated, err,
	    errlen) != 0)
		return -1;
	t->rated = rated != 0;
	return 0;
}

int
store_tourn_list(store_rows_fn rows, void *ctx, struct store_tourney *out,
    int max, char *err, size_t errlen)
{
	struct rows_out o = { out, max };
	char lim[24];
	const char *params[1] = { lim };

	snprintf(lim, sizeof lim, "%d", max);
	return rows(ctx, "SELECT id, kind, name, creator, start, created,"
	    " minutes, rounds, clock, days, variant, rated, status, round,"
	    " minrated, tiebreak FROM tourneys ORDER BY status, start DESC, id LIMIT ?", params,
	    "i", max, tourney_row, &o, err, errlen);
}

static int
member_row(void *arg, int i, const char *const *c, char *err,
    size_t errlen)
{
	struct rows_out *o = arg;
	struct store_tmember *m = (struct store_tmember *)o->out + i;

	if (i >= o->max)
		return util_error(err, errlen, "tourney_members: too many rows");
	memset(m, 0, sizeof *m);
	TEXT(m->lname, c[0]);
	TEXT(m->name, c[1]);
	if (col_ll("tourney_members.joined", c[2], 0, INT64_MAX, &m->joined,
	    err, errlen) != 0 ||
	    col_bool("tourney_members.paused", c[3], &m->paused, err,
	    errlen) != 0 ||
	    col_bool("tourney_members.withdrawn", c[4], &m->withdrawn, err,
	    errlen) != 0 ||
	    col_int("tourney_members.absences", c[5], &m->absences, err,
	    errlen) != 0 ||
	    col_int("tourney_members.points", c[6], &m->points, err,
	    errlen) != 0 ||
	    col_bool("tourney_members.fire", c[7], &m->fire, err, errlen) != 0)
		return -1;
	return 0;
}

int
store_tourn_members(store_rows_fn rows, void *ctx, const char *id,
    struct store_tmember *out, int max, char *err, size_t errlen)
{
	struct rows_out o = { out, max };
	const char *params[1] = { id };

	return rows(ctx, "SELECT lname, name, joined, paused, withdrawn,"
	    " absences, points, fire FROM tourney_members WHERE tourney = ?"
	    " ORDER BY joined, lname", params, "t", max, member_row, &o, err,
	    errlen);
}

/* reason= of a RESULT event's body into to. */
static void
reason_of(char *to, size_t n, const char *body)
{
	const char *p = strstr(body, "reason=");
	size_t k;

	to[0] = '\0';
	if (p == NULL)
		return;
	p += 7;
	k = strcspn(p, " ");
	if (k >= n)
		k = n - 1;
	memcpy(to, p, k);
	to[k] = '\0';
}

static int
pair_row(void *arg, int i, const char *const *c, char *err, size_t errlen)
{
	struct rows_out *o = arg;
	struct store_tpair *p = (struct store_tpair *)o->out + i;

	if (i >= o->max)
		return util_error(err, errlen, "tourney_pairings: too many rows");
	memset(p, 0, sizeof *p);
	TEXT(p->game, c[2]);
	TEXT(p->white, c[3]);
	TEXT(p->black, c[4]);
	TEXT(p->result, c[7]);
	reason_of(p->reason, sizeof p->reason, c[9]);
	if (col_int("tourney_pairings.round", c[0], &p->round, err,
	    errlen) != 0 ||
	    col_int("tourney_pairings.n", c[1], &p->n, err, errlen) != 0 ||
	    col_bool("tourney_pairings.bw", c[5], &p->berserk[0], err,
	    errlen) != 0 ||
	    col_bool("tourney_pairings.bb", c[6], &p->berserk[1], err,
	    errlen) != 0 ||
	    col_int("games.ply", c[8], &p->plies, err, errlen) != 0)
		return -1;
	return 0;
}

int
store_tourn_pairs(store_rows_fn rows, void *ctx, const char *id,
    struct store_tpair *out, int max, char *err, size_t errlen)
{
	struct rows_out o = { out, max };
	const char *params[1] = { id };

	return rows(ctx, "SELECT p.round, p.n, p.game, p.white, p.black,"
	    " p.bw, p.bb, coalesce(g.result, ''), coalesce(g.ply, 0),"
	    " coalesce((SELECT e.body FROM events e WHERE e.game = p.game AND"
	    " e.kind = 'RESULT' ORDER BY e.seq DESC LIMIT 1), '')"
	    " FROM tourney_pairings p LEFT JOIN games g ON g.id = p.game"
	    " WHERE p.tourney = ? ORDER BY p.round, p.n", params, "t", max,
	    pair_row, &o, err, errlen);
}

static int
lease_row(void *arg, int i, const char *const *c, char *err, size_t errlen)
{
	struct store_tlease_row *l = arg;

	(void)i;
	TEXT(l->server, c[0]);
	return col_ll("tourney_lease.until", c[1], 0, INT64_MAX, &l->until,
	    err, errlen);
}

int
store_tourn_lease(store_rows_fn rows, void *ctx, struct store_tlease_row *l,
    char *err, size_t errlen)
{
	const char *params[1] = { NULL };

	memset(l, 0, sizeof *l);
	return rows(ctx, "SELECT server, until FROM tourney_lease WHERE"
	    " id = 1", params, "", 1, lease_row, l, err, errlen);
}
