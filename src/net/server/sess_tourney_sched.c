/*
 * sess_tourney_sched.c: the daily tournaments of congo.conf's
 * server.tournaments (issue 60): each made, created by no account, an
 * hour before its start (TOURNEY_AHEAD_MS) so that players can join, when
 * it is not made yet. Its id is the entry's and the day's (a hash), so
 * that it is made once: a second insert of it is refused by the store;
 * where several servers share the store the change carries the pairing
 * lease too, and only a server that may hold it makes one (the others
 * read it from the store).
 */
#include <stdio.h>
#include <string.h>

#include "clock/clock.h"
#include "net/server/sess_int.h"
#include "net/server/sess_tourney.h"
#include "net/server/sess_days.h"

#define TOURNEY_AHEAD_MS (60 * 60 * 1000LL)
#define SCHED_EVERY_MS 1000LL
#define DAY_MS 86400000LL

/* The entry's id on the day of start: 8 of A-Z2-7 from an FNV-1a hash. */
static void
sched_id(const struct tsched_conf *e, long long start, char *id)
{
	static const char b32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
	char key[128];
	unsigned long long h = 1469598103934665603ULL;

	snprintf(key, sizeof key, "%s|%s|%lld", e->kind, e->name, start);
	for (const char *p = key; *p != '\0'; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	for (int i = 0; i < CGP_ID_LEN; i++, h >>= 5)
		id[i] = b32[h & 31];
	id[CGP_ID_LEN] = '\0';
}

/* e's next start after wall, or -1 when more than an hour away. */
static long long
next_start(const struct tsched_conf *e, long long wall)
{
	long long start = wall / DAY_MS * DAY_MS + e->at * 60000LL;

	if (start <= wall)
		start += DAY_MS;
	return start - wall <= TOURNEY_AHEAD_MS ? start : -1;
}

static bool
sched_row(const struct tsched_conf *e, long long start, long long wall,
    struct store_tourney *t)
{
	int64_t base, inc;
	char err[128];

	memset(t, 0, sizeof *t);
	sched_id(e, start, t->id);
	snprintf(t->kind, sizeof t->kind, "%s", e->kind);
	snprintf(t->name, sizeof t->name, "%s", e->name);
	t->start = start;
	t->created = wall;
	t->minutes = e->kind[0] == 'a' ? e->minutes : 0;
	t->rounds = e->kind[0] == 's' ? e->rounds : 0;
	if (clock_parse_minutes(e->clock, &base, &inc, err, sizeof err) != 0)
		return false;
	sess_control_text(base, inc, t->clock, sizeof t->clock);
	snprintf(t->variant, sizeof t->variant, "%s", e->variant);
	t->rated = e->rated;
	t->minrated = e->minrated;
	return true;
}

/* A tournament upcoming or running: the lease held by its runner. */
static bool
lease_needed(const struct tstate *ts)
{
	for (int i = 0; i < ts->n; i++)
		if (ts->v[i].t.status != 2)
			return true;
	return false;
}

void
tourney_schedule(struct sess *s, long long now)
{
	struct tstate *ts = tourney_state(s);
	bool several = sess_several(s);
	struct store_tourney t;
	struct store_change ch;
	long long wall, start;
	int i;

	if (s->lim.ntsched == 0 || now < ts->next_sched)
		return;
	ts->next_sched = now + SCHED_EVERY_MS;
	wall = sess_wall(s);
	for (i = 0; i < s->lim.ntsched; i++) {
		const struct tsched_conf *e = &s->lim.tsched[i];
		if ((start = next_start(e, wall)) < 0 ||
		    !sched_row(e, start, wall, &t) ||
		    tourney_find(s, t.id) != NULL || ts->n >= TOURNEY_MAX)
			continue;
		/* Several servers: the lease's holder, or any while none
		 * is needed (the lease in the change: one of them wins). */
		if (several && !ts->holder && lease_needed(ts))
			continue;
		store_change_accounts(&ch);
		if (several)
			store_tlease(&ch, ts->server, wall, TOURNEY_LEASE_MS);
		store_tourney_add(&ch, &t);
		if (!several)
			tourney_add(ts, &t)->made_here = true;
		sess_spend_submit(s, sess_spend_new(s, -1, NULL, &ch, NULL,
		    false, true));
		sess_log(s, NET_LOG_INFO, "tournament %s (%s %s) from the "
		    "configuration (made unless it is already)", t.id, t.kind,
		    t.name);
	}
}
