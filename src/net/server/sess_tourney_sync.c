/*
 * sess_tourney_sync.c: the tournaments as the store has them (issue 60;
 * PROTOCOL.md "Tournaments": "with several servers on one store, one
 * server at a time pairs (a lease in the store), another takes over within
 * 10 s of its death"). Read at start-up, and again every SYNC_MS off the
 * event loop (the reader thread): each member's rating at the start (for
 * the Swiss's order and the arena's performance), the members who joined
 * on another server. With several servers, the pairing lease with it: its
 * holder keeps it (a change of its own every read) and runs the
 * tournaments; the others only keep their copy as the store has it, and
 * take the lease once it has run out (its holder dead), then run them from
 * the store's rows: a round begun is made whole, nothing paired twice.
 * A lease never taken goes to the server where the tournament was made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/clock.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_tourney.h"
#include "net/server/sess_days.h"
#include "rating/rating.h"
#include "util/util.h"

#define SYNC_MS 1000
#define HIST_MAX 256

/* What a read found: the tournaments (their members and pairings), the
 * lease. */
struct tsnap {
	struct tourney *v;
	int n;
	struct store_tlease_row lease;
	int lease_rc;
	bool several;
	/* the finished ones already in memory, not read again */
	char (*done)[CGP_ID_LEN + 1];
	int ndone;
};

/* lname's rating in t's category when t started (or now, before): its
 * last rated game's before the start, RATING_START without one. */
static int
rating_at_start(const struct store_ops *ops, void *ctx,
    const struct store_tourney *t, const char *lname)
{
	long long *at = xcalloc(HIST_MAX, sizeof *at);
	double *r = xcalloc(HIST_MAX, sizeof *r), best = RATING_START;
	int64_t base = 0, inc = 0;
	char err[160];
	int speed, n;

	if (t->days > 0)
		speed = RATING_CORRESPONDENCE;
	else if (clock_parse_seconds(t->clock, &base, &inc, err,
	    sizeof err) == 0)
		speed = (int)rating_speed_of(base, inc);
	else
		speed = -1;
	n = speed < 0 || ops->history == NULL ? 0 : ops->history(ctx, lname,
	    t->variant, rating_speed_name(speed), HIST_MAX, at, r, err,
	    sizeof err);
	for (int i = 0; i < n; i++) {
		long long ms = at[i] < 100000000000LL ? at[i] * 1000 : at[i];
		if (ms < t->start || (i == 0 && n == HIST_MAX))
			best = r[i];
	}
	free(at);
	free(r);
	return (int)(best + 0.5);
}

/* One tournament's members and pairings into t (t->t set). */
static void
read_one(const struct store_ops *ops, void *ctx, struct tourney *t)
{
	struct store_tmember *m = xcalloc(TOURNEY_MEMBERS_MAX, sizeof *m);
	char err[256];
	int k;

	k = ops->tmembers(ctx, t->t.id, m, TOURNEY_MEMBERS_MAX, err,
	    sizeof err);
	for (int j = 0; j < k; j++) {
		struct tmem *x = tourney_add_member(t, &m[j]);
		x->rating = rating_at_start(ops, ctx, &t->t, x->m.lname);
		x->rating_known = true;
	}
	t->p = xcalloc(TOURNEY_PAIRS_MAX, sizeof *t->p);
	t->pcap = TOURNEY_PAIRS_MAX;
	t->np = ops->tpairs(ctx, t->t.id, t->p, TOURNEY_PAIRS_MAX, err,
	    sizeof err);
	if (k < 0 || t->np < 0)
		t->np = 0;
	free(m);
}

static bool
is_done(const struct tsnap *q, const char *id)
{
	for (int i = 0; i < q->ndone; i++)
		if (strcmp(q->done[i], id) == 0)
			return true;
	return false;
}

/* The read (any thread: the store's handle ctx). */
static void
snap_read(const struct store_ops *ops, void *ctx, struct tsnap *q)
{
	struct store_tourney *all = xcalloc(TOURNEY_MAX, sizeof *all);
	char err[256];
	int n;

	q->lease_rc = q->several && ops->tlease != NULL ? ops->tlease(ctx,
	    &q->lease, err, sizeof err) : -1;
	n = ops->tourneys != NULL ? ops->tourneys(ctx, all, TOURNEY_MAX, err,
	    sizeof err) : 0;
	q->v = xcalloc((size_t)(n > 0 ? n : 1), sizeof *q->v);
	for (int i = 0; i < n; i++) {
		struct tourney *t = &q->v[q->n++];
		t->t = all[i];
		if (!is_done(q, t->t.id))
			read_one(ops, ctx, t);
		else
			t->np = -1;     /* (kept as it is in memory) */
	}
	free(all);
}

static void
snap_free(struct tsnap *q)
{
	for (int i = 0; i < q->n; i++) {
		free(q->v[i].m);
		free(q->v[i].p);
	}
	free(q->v);
	free(q->done);
	free(q);
}

/* t's busy members (a game not over), its start told, its points. */
static void
settle(struct sess *s, struct tourney *t)
{
	for (int j = 0; j < t->nm; j++) {
		t->m[j].busy = false;
		t->m[j].free_since = s->now;
	}
	for (int j = 0; j < t->np; j++) {
		int w = tourney_member(t, t->p[j].white);
		int b = tourney_member(t, t->p[j].black);
		bool on = t->p[j].game[0] != '\0' && t->p[j].result[0] == '\0';
		if (w >= 0 && on)
			t->m[w].busy = true;
		if (b >= 0 && on)
			t->m[b].busy = true;
	}
	t->told_start = t->t.status > 0;
	tourney_score(t);
}

/* Memory as the store has it (replace: a server not running them, or
 * taking them over), or only what the store has that memory has not
 * (the holder's: members who joined on another server, ratings). A
 * tournament or member only in memory (its change on its way to the
 * store) is kept. */
static void
snap_apply(struct sess *s, struct tsnap *q, bool replace)
{
	struct tstate *ts = tourney_state(s);

	for (int i = 0; i < q->n; i++) {
		struct tourney *nt = &q->v[i], *t = tourney_find(s, nt->t.id);
		if (nt->np < 0)
			continue;
		if (t == NULL) {
			t = tourney_add(ts, &nt->t);
			t->m = nt->m, t->nm = nt->nm, t->mcap = nt->nm;
			t->p = nt->p, t->np = nt->np, t->pcap = nt->pcap;
			nt->m = NULL, nt->p = NULL;
			settle(s, t);
			continue;
		}
		for (int j = 0; j < nt->nm; j++) {
			int k = tourney_member(t, nt->m[j].m.lname);
			if (k < 0)
				k = (int)(tourney_add_member(t,
				    &nt->m[j].m) - t->m);
			else if (replace)
				t->m[k].m = nt->m[j].m;
			t->m[k].rating = nt->m[j].rating;
			t->m[k].rating_known = true;
		}
		if (!replace)
			continue;
		t->t = nt->t;
		free(t->p);
		t->p = nt->p, t->np = nt->np, t->pcap = nt->pcap;
		nt->p = NULL;
		t->inflight = 0;
		t->checked = false;
		settle(s, t);
	}
}

/* The lease taken or kept: a change of its own (refused when another
 * server holds it). */
static void
lease_ask(struct sess *s)
{
	struct store_change ch;

	store_change_accounts(&ch);
	store_tlease(&ch, tourney_state(s)->server, sess_wall(s),
	    TOURNEY_LEASE_MS);
	sess_spend_submit(s, sess_spend_new(s, -1, NULL, &ch, NULL, false,
	    true));
}

/* A tournament upcoming or running. */
static bool
unfinished(const struct tstate *ts)
{
	for (int i = 0; i < ts->n; i++)
		if (ts->v[i].t.status != 2)
			return true;
	return false;
}

/* A lease never taken on the store: the server where a tournament to
 * run was made takes it first (its players are there); any server once
 * its start is TOURNEY_LEASE_MS past (that server gone). */
static bool
first_here(const struct tstate *ts, long long wall)
{
	for (int i = 0; i < ts->n; i++)
		if (ts->v[i].t.status != 2 && (ts->v[i].made_here ||
		    wall > ts->v[i].t.start + TOURNEY_LEASE_MS))
			return true;
	return false;
}

/* A member whose rating has not been read yet. */
static bool
rating_unknown(const struct tstate *ts)
{
	for (int i = 0; i < ts->n; i++)
		for (int j = 0; ts->v[i].t.status != 2 && j < ts->v[i].nm; j++)
			if (!ts->v[i].m[j].rating_known)
				return true;
	return false;
}

static void
snap_run(const struct store_ops *ops, void *ctx, void *arg)
{
	snap_read(ops, ctx, arg);
}

static void
snap_drop(void *arg)
{
	snap_free(arg);
}

static void
snap_then(struct sess *s, struct sread *r, void *arg)
{
	struct tstate *ts = tourney_state(s);
	struct tsnap *q = arg;
	long long wall = sess_wall(s);
	bool mine;

	(void)r;
	ts->reading = false;
	if (!q->several) {
		snap_apply(s, q, false);
		snap_free(q);
		sess_tick_at(s, ts->next_sync);
		return;
	}
	mine = q->lease_rc == 1 && strcmp(q->lease.server, ts->server) == 0 &&
	    q->lease.until > wall;
	if (mine && !ts->holder)
		sess_log(s, NET_LOG_INFO, "tournaments: this server pairs them "
		    "now (lease %s)", ts->server);
	if (!mine && ts->holder)
		sess_log(s, NET_LOG_INFO, "tournaments: server %s pairs them "
		    "now", q->lease.server);
	snap_apply(s, q, !(mine && ts->holder));
	ts->holder = mine;
	/* Kept while held; taken once it has run out (or was never taken);
	 * neither while no tournament is to run (no write then). */
	if (unfinished(ts) && (mine || (q->lease_rc == 0 &&
	    first_here(ts, wall)) || (q->lease_rc == 1 &&
	    q->lease.until <= wall))) {
		lease_ask(s);
		/* (taken: read again soon, to run them at once) */
		if (!mine)
			ts->next_sync = s->now + SYNC_MS / 5;
	}
	snap_free(q);
	/* (the features' timer was left unset while the read ran) */
	sess_tick_at(s, ts->next_sync);
}

/*
 * When the tournaments' tick is next due, -1 never: their run every
 * TICK_MS while one is upcoming or running (a finished one asks for
 * nothing), and the store's read every SYNC_MS where several servers
 * share it (a tournament made on another must be seen with no event of
 * its own here) or a member's rating is still unread. Not while a read
 * runs: its answer sets the next (snap_then).
 */
long long
tourney_due(const struct sess *s)
{
	const struct tstate *ts = s->tourn;
	long long due;

	if (ts == NULL || !s->wall_known)
		return -1;
	due = unfinished(ts) ? ts->next_tick : -1;
	if (s->lim.ntsched > 0 && (due < 0 || ts->next_sched < due))
		due = ts->next_sched;
	if (!ts->reading && s->io.store != NULL &&
	    s->io.store->tourneys != NULL &&
	    (sess_several(s) || rating_unknown(ts)) &&
	    (due < 0 || ts->next_sync < due))
		due = ts->next_sync;
	return due;
}

void
tourney_sync_tick(struct sess *s, long long now)
{
	struct tstate *ts = tourney_state(s);
	struct sread want;
	struct tsnap *q;

	if (ts->reading || now < ts->next_sync || s->io.store == NULL ||
	    s->io.store->tourneys == NULL)
		return;
	ts->next_sync = now + SYNC_MS;
	/* (one server: only the ratings of members who joined) */
	if (!sess_several(s) && !rating_unknown(ts))
		return;
	q = xcalloc(1, sizeof *q);
	q->several = sess_several(s);
	q->done = xcalloc((size_t)ts->n + 1, sizeof *q->done);
	for (int i = 0; i < ts->n; i++)
		if (ts->v[i].t.status == 2)
			snprintf(q->done[q->ndone++], sizeof q->done[0], "%s",
			    ts->v[i].t.id);
	memset(&want, 0, sizeof want);
	want.kind = SREAD_CALL;
	want.run = snap_run;
	ts->reading = true;
	sess_read_then(s, &want, snap_then, snap_drop, q);
}

bool
tourney_running_here(struct sess *s)
{
	return !sess_several(s) || tourney_state(s)->holder;
}

/* Start-up: every tournament from the store (the event loop's handle,
 * before the start). */
int
tourney_read_store(struct sess *s)
{
	struct tsnap *q;
	int n;

	if (s->io.store == NULL || s->io.store->tourneys == NULL)
		return 0;
	q = xcalloc(1, sizeof *q);
	snap_read(s->io.store, s->io.store_ctx, q);
	n = q->n;
	snap_apply(s, q, true);
	snap_free(q);
	return n;
}
