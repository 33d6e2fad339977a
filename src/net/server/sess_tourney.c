/*
 * sess_tourney.c: tournaments (issue 60; PROTOCOL.md "Tournaments"):
 * TOURNEY, TJOIN, TLEAVE, TPAUSE, TOURNEYS and STANDINGS, the tournaments
 * read at start-up, STATE's tourney=, and the feature's row. Running them
 * (the start, the arena's and the Swiss's pairings, the end) is
 * sess_tourney_run.c's; points sess_tourney_score.c's.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "clock/clock.h"
#include "net/server/sess_bot.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_tourney.h"
#include "net/server/sess_days.h"
#include "rating/rating.h"
#include "tourn/tourn.h"
#include "util/util.h"

struct tstate *
tourney_state(struct sess *s)
{
	return s->tourn;
}

struct tourney *
tourney_find(struct sess *s, const char *id)
{
	struct tstate *ts = s->tourn;

	for (int i = 0; ts != NULL && id != NULL && i < ts->n; i++)
		if (strcmp(ts->v[i].t.id, id) == 0)
			return &ts->v[i];
	return NULL;
}

struct tourney *
tourney_of_game(struct sess *s, const char *id, struct store_tpair **pair)
{
	struct tstate *ts = s->tourn;

	for (int i = 0; ts != NULL && i < ts->n; i++)
		for (int k = 0; k < ts->v[i].np; k++)
			if (ts->v[i].p[k].game[0] != '\0' &&
			    strcmp(ts->v[i].p[k].game, id) == 0) {
				if (pair != NULL)
					*pair = &ts->v[i].p[k];
				return &ts->v[i];
			}
	return NULL;
}

int
tourney_member(const struct tourney *t, const char *lname)
{
	for (int i = 0; i < t->nm; i++)
		if (strcmp(t->m[i].m.lname, lname) == 0)
			return i;
	return -1;
}

struct tourney *
tourney_add(struct tstate *ts, const struct store_tourney *st)
{
	struct tourney *t;

	if (ts->n == ts->cap) {
		ts->cap = ts->cap ? 2 * ts->cap : 8;
		ts->v = xrealloc(ts->v, (size_t)ts->cap * sizeof *ts->v);
	}
	t = &ts->v[ts->n++];
	memset(t, 0, sizeof *t);
	t->t = *st;
	return t;
}

struct tmem *
tourney_add_member(struct tourney *t, const struct store_tmember *m)
{
	struct tmem *x;

	if (t->nm == t->mcap) {
		t->mcap = t->mcap ? 2 * t->mcap : 16;
		t->m = xrealloc(t->m, (size_t)t->mcap * sizeof *t->m);
	}
	x = &t->m[t->nm++];
	memset(x, 0, sizeof *x);
	x->m = *m;
	x->last_opp = -1;
	x->rating = 1500;
	return x;
}

static void
tourney_init(struct sess *s)
{
	struct tstate *ts = xcalloc(1, sizeof *ts);

	net_new_game_id(ts->server);
	s->tourn = ts;
}

static void
tourney_free(struct sess *s)
{
	struct tstate *ts = s->tourn;

	if (ts == NULL)
		return;
	for (int i = 0; i < ts->n; i++) {
		free(ts->v[i].m);
		free(ts->v[i].p);
	}
	free(ts->v);
	free(ts->pend);
	free(ts);
	s->tourn = NULL;
}

/* A running game of p (in memory at start-up) whose side berserked: no
 * increment for it, and its time halved again while it has not moved
 * (its halved time is stored with the first MOVE after it). */
static void
berserk_again(struct sess *s, const struct store_tpair *p)
{
	struct sgame *g = p->game[0] != '\0' ? sess_find(s, p->game) : NULL;
	long base, inc;

	if (g == NULL || g->over || !g->timed)
		return;
	for (int k = 0; k < 2; k++) {
		if (!p->berserk[k])
			continue;
		g->clock.no_inc[k] = true;
		if (g->seq <= 2 && g->clock.left_ms[k] == g->clock.base_ms) {
			arena_berserk_clock((long)g->clock.base_ms,
			    (long)g->clock.inc_ms, &base, &inc);
			g->clock.left_ms[k] = base;
		}
	}
}

/* Start-up: every tournament, its members and pairings, from the store
 * (sess_tourney_sync.c); a game still running whose side berserked: its
 * clock as BERSERK left it. */
static void
tourney_load(struct sess *s)
{
	struct tstate *ts = s->tourn;
	int n;

	if (ts == NULL)
		return;
	n = tourney_read_store(s);
	for (int i = 0; i < ts->n; i++)
		for (int j = 0; j < ts->v[i].np; j++)
			berserk_again(s, &ts->v[i].p[j]);
	if (n > 0)
		sess_log(s, NET_LOG_INFO, "%d tournaments read", n);
}

/* start=now or a UTC ISO 8601 time: Unix ms, or -1. */
static long long
parse_start(struct sess *s, const char *v)
{
	struct tm tm;
	char *end;

	if (v == NULL || strcmp(v, "now") == 0)
		return sess_wall(s);
	memset(&tm, 0, sizeof tm);
	end = strptime(v, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (end == NULL || *end != '\0') {
		memset(&tm, 0, sizeof tm);
		end = strptime(v, "%Y-%m-%dT%H:%MZ", &tm);
		if (end == NULL || *end != '\0')
			return -1;
	}
	return (long long)timegm(&tm) * 1000;
}

static bool
valid_tname(const char *v)
{
	size_t n = v != NULL ? strlen(v) : 0;

	if (n < 1 || n > 40)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && v[i] != '-' && v[i] != '_')
			return false;
	return true;
}

/* A number key in [lo, hi]: its value, def when absent, -1 when bad. */
static long
num_key(const struct cgp_cmd *c, const char *key, long lo, long hi, long def)
{
	const char *v = cgp_get(c, key);
	char why[80];
	long x;

	if (v == NULL)
		return def;
	if (parse_long(v, lo, hi, &x, why, sizeof why) != 0)
		return -1;
	return x;
}

/* A Swiss's tiebreak= (the first; buchholz by default): NULL, or what is
 * wrong. */
static const char *
tiebreak_arg(const char *v, struct store_tourney *t)
{
	if (v == NULL)
		v = "buchholz";
	else if (t->kind[0] != 's')
		return "tiebreak= is a Swiss's";
	if (strcmp(v, "buchholz") != 0 && strcmp(v, "sb") != 0)
		return "tiebreak= is buchholz or sb";
	snprintf(t->tiebreak, sizeof t->tiebreak, "%s", v);
	return NULL;
}

/* TOURNEY's keys into t: NULL, or what is wrong. */
static const char *
tourney_args(struct sess *s, const struct cgp_cmd *c,
    struct store_tourney *t)
{
	const char *kind = cgp_get(c, "kind"), *name = cgp_get(c, "name");
	const char *clock = cgp_get(c, "clock"), *var = cgp_get(c, "variant");
	const char *rated = cgp_get(c, "rated"), *why;
	int64_t base, inc;
	char err[128];
	long v;

	if (kind == NULL || (strcmp(kind, "arena") != 0 &&
	    strcmp(kind, "swiss") != 0))
		return "kind= is arena or swiss";
	snprintf(t->kind, sizeof t->kind, "%s", kind);
	if (!valid_tname(name))
		return "name= is 1-40 of A-Za-z0-9_-";
	snprintf(t->name, sizeof t->name, "%s", name);
	if ((t->start = parse_start(s, cgp_get(c, "start"))) < 0)
		return "start= is now or a UTC time, 2026-12-24T20:00:00Z";
	if (kind[0] == 'a') {
		if ((v = num_key(c, "minutes", 10, 720, -1)) < 0)
			return "an arena needs minutes= (10-720)";
		t->minutes = (int)v;
	} else {
		if ((v = num_key(c, "rounds", 3, 15, -1)) < 0)
			return "a Swiss needs rounds= (3-15)";
		t->rounds = (int)v;
		if ((v = num_key(c, "days", 1, 14, 0)) < 0 ||
		    (v > 0 && !sess_corr_days_ok(v)))
			return "days= is 1, 2, 3, 5, 7, 10 or 14";
		t->days = (int)v;
	}
	if (t->days == 0) {
		if (clock == NULL || clock_parse_seconds(clock, &base, &inc,
		    err, sizeof err) != 0)
			return "clock= is B+I in seconds (or days= for a Swiss)";
		sess_control_text(base, inc, t->clock, sizeof t->clock);
	} else if (clock != NULL)
		return "clock= or days=, not both";
	if (var == NULL)
		var = "congo";
	if (!cgp_variant_known(var))
		return "variant= is congo or megapawn";
	snprintf(t->variant, sizeof t->variant, "%s", var);
	if (rated != NULL && strcmp(rated, "yes") != 0 &&
	    strcmp(rated, "no") != 0)
		return "rated= is yes or no";
	t->rated = rated != NULL && strcmp(rated, "yes") == 0;
	if ((why = tiebreak_arg(cgp_get(c, "tiebreak"), t)) != NULL)
		return why;
	if ((v = num_key(c, "minrated", 0, 100, 0)) < 0)
		return "minrated= is 0-100 (rated games in its category)";
	t->minrated = (int)v;
	return NULL;
}

/*
 * TJOIN of a tournament with minrated=: true when me has played that many
 * rated games in its category (variant and speed); false after answering
 * (403, or 503), or when the read was asked for (the line comes again).
 */
static bool
enough_rated(struct sess *s, int conn, const struct cgp_cmd *c,
    const struct store_tourney *t, const char *me)
{
	const struct store_rating *r;
	const struct sread *rd;
	struct sread q;
	int64_t base = 0, inc = 0;
	char err[128];
	const char *speed;
	int games = 0;

	if (t->minrated <= 0)
		return true;
	if (t->days > 0)
		speed = rating_speed_name(RATING_CORRESPONDENCE);
	else if (clock_parse_seconds(t->clock, &base, &inc, err,
	    sizeof err) == 0)
		speed = rating_speed_name(rating_speed_of(base, inc));
	else
		return true;
	sess_read_prepare(&q, SREAD_RATINGS, me, 2 * RATING_NSPEEDS * 4);
	if ((rd = sess_read(s, conn, &q)) == NULL)
		return false;
	if (rd->rc < 0) {
		sess_err(s, conn, c->tag, CGP_BUSY, "the server cannot read "
		    "your ratings now: try again");
		return false;
	}
	r = rd->rows;
	for (int i = 0; i < rd->rc; i++)
		if (strcmp(r[i].variant, t->variant) == 0 &&
		    strcmp(r[i].speed, speed) == 0)
			games = r[i].games;
	if (games >= t->minrated)
		return true;
	snprintf(err, sizeof err, "that tournament needs %d rated %s %s "
	    "games, you have %d", t->minrated, t->variant, speed, games);
	sess_err(s, conn, c->tag, CGP_NOT_YOUR_SEAT, err);
	return false;
}

static void
cmd_tourney(struct sess *s, int conn, const struct cgp_cmd *c)
{
	const char *me = sess_account(s, conn), *why;
	struct store_tourney t;
	struct store_change ch;
	struct cgp_out o;

	if (me == NULL) {
		sess_err(s, conn, c->tag, CGP_LOGIN_REQUIRED, "TOURNEY needs "
		    "LOGIN");
		return;
	}
	memset(&t, 0, sizeof t);
	if ((why = tourney_args(s, c, &t)) != NULL) {
		sess_err(s, conn, c->tag, CGP_BAD_SYNTAX, why);
		return;
	}
	if (tourney_state(s)->n >= TOURNEY_MAX || net_new_game_id(t.id) < 0) {
		sess_err(s, conn, c->tag, CGP_RATE_LIMITED, "too many "
		    "tournaments on this server");
		return;
	}
	snprintf(t.creator, sizeof t.creator, "%s", me);
	t.created = sess_wall(s);
	store_change_accounts(&ch);
	store_tourney_add(&ch, &t);
	tourney_add(tourney_state(s), &t)->made_here = true;
	sess_tick_at(s, s->now);        /* tourney_tick from now on */
	cgp_out_ok(&o, c->tag, "TOURNEY");
	cgp_out_kv(&o, "tourney", t.id);
	sess_submit(s, conn, c, &ch, &o, false, true);
	sess_log(s, NET_LOG_INFO, "tournament %s (%s %s) made by %s", t.id,
	    t.kind, t.name, me);
}

/* TJOIN, TLEAVE, TPAUSE. */
static void
cmd_member(struct sess *s, int conn, const struct cgp_cmd *c)
{
	const char *me = sess_account(s, conn), *verb = cgp_verb_name(c->verb);
	struct tourney *t = tourney_find(s, cgp_get(c, "tourney"));
	struct store_tmember m;
	struct store_change ch;
	struct cgp_out o;
	char lme[CGP_NAME_MAX + 1];
	int i;

	if (me == NULL) {
		sess_err(s, conn, c->tag, CGP_LOGIN_REQUIRED, "needs LOGIN");
		return;
	}
	if (t == NULL) {
		sess_err(s, conn, c->tag, CGP_NO_SUCH_TOURNEY, "no such "
		    "tournament");
		return;
	}
	if (t->t.status == 2) {
		sess_err(s, conn, c->tag, CGP_GAME_OVER, "that tournament is "
		    "over");
		return;
	}
	if (c->verb == CGP_V_TPAUSE && t->t.kind[0] != 'a') {
		sess_err(s, conn, c->tag, CGP_BAD_SYNTAX, "TPAUSE is an "
		    "arena's");
		return;
	}
	sess_lower(me, lme, sizeof lme);
	i = tourney_member(t, lme);
	if (c->verb == CGP_V_TJOIN && i < 0 && !enough_rated(s, conn, c,
	    &t->t, me))
		return;
	store_change_accounts(&ch);
	if (c->verb == CGP_V_TJOIN) {
		if (i < 0 && t->nm >= TOURNEY_MEMBERS_MAX) {
			sess_err(s, conn, c->tag, CGP_RATE_LIMITED, "that "
			    "tournament is full");
			return;
		}
		if (i < 0) {
			memset(&m, 0, sizeof m);
			snprintf(m.lname, sizeof m.lname, "%s", lme);
			snprintf(m.name, sizeof m.name, "%s", me);
			m.joined = sess_wall(s);
			i = tourney_add_member(t, &m) - t->m;
			t->m[i].free_since = s->now;
		}
		t->m[i].m.paused = false;
		t->m[i].m.withdrawn = false;
		store_tmember_put(&ch, t->t.id, &t->m[i].m);
	} else if (i < 0) {
		sess_err(s, conn, c->tag, CGP_NO_SUCH_PLAYER, "you are not a "
		    "member of that tournament");
		return;
	} else if (c->verb == CGP_V_TLEAVE && t->t.status == 0) {
		store_tmember_remove(&ch, t->t.id, lme);
		memmove(&t->m[i], &t->m[i + 1], (size_t)(t->nm - i - 1) *
		    sizeof *t->m);
		t->nm--;
	} else {
		if (c->verb == CGP_V_TLEAVE)
			t->m[i].m.withdrawn = true;
		else
			t->m[i].m.paused = true;
		store_tmember_put(&ch, t->t.id, &t->m[i].m);
	}
	cgp_out_ok(&o, c->tag, verb);
	cgp_out_kv(&o, "tourney", t->t.id);
	sess_submit(s, conn, c, &ch, &o, false, true);
}

static const char *
status_name(int st)
{
	return st == 0 ? "upcoming" : st == 1 ? "running" : "finished";
}

static void
cmd_tourneys(struct sess *s, int conn, const struct cgp_cmd *c)
{
	struct tstate *ts = tourney_state(s);
	const char *want = cgp_get(c, "status");
	struct cgp_out o;
	char when[32];
	int n = 0;

	if (want != NULL && strcmp(want, "upcoming") != 0 &&
	    strcmp(want, "running") != 0 && strcmp(want, "finished") != 0) {
		sess_err(s, conn, c->tag, CGP_BAD_SYNTAX, "status= is "
		    "upcoming, running or finished");
		return;
	}
	for (int i = 0; i < ts->n; i++)
		n += want == NULL || strcmp(want,
		    status_name(ts->v[i].t.status)) == 0;
	cgp_out_ok(&o, c->tag, "TOURNEYS");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (int i = 0; i < ts->n; i++) {
		const struct store_tourney *t = &ts->v[i].t;
		if (want != NULL && strcmp(want, status_name(t->status)) != 0)
			continue;
		cgp_out_item(&o, c->tag);
		cgp_out_kv(&o, "tourney", t->id);
		cgp_out_kv(&o, "kind", t->kind);
		cgp_out_kv(&o, "name", t->name);
		cgp_out_kv(&o, "status", status_name(t->status));
		sess_iso8601(t->start / 1000, when, sizeof when);
		cgp_out_kv(&o, "start", when);
		if (t->kind[0] == 'a')
			cgp_out_kvi(&o, "minutes", t->minutes);
		else {
			cgp_out_kvi(&o, "rounds", t->rounds);
			cgp_out_kvi(&o, "round", t->round);
			if (strcmp(t->tiebreak, "sb") == 0)
				cgp_out_kv(&o, "tiebreak", "sb");
		}
		if (t->days > 0)
			cgp_out_kvi(&o, "days", t->days);
		else
			cgp_out_kv(&o, "clock", t->clock);
		cgp_out_kv(&o, "variant", t->variant);
		cgp_out_kv(&o, "rated", t->rated ? "yes" : "no");
		if (t->minrated > 0)
			cgp_out_kvi(&o, "minrated", t->minrated);
		cgp_out_kvi(&o, "players", ts->v[i].nm);
		sess_emit(s, conn, &o);
	}
}

/* A tie-break in quarter-points as a decimal ("3", "2.5", "1.75"). */
static void
quarters_text(int q, char *buf, size_t n)
{
	static const char *const frac[4] = { "", ".25", ".5", ".75" };

	snprintf(buf, n, "%d%s", q / 4, frac[q % 4]);
}

static void
cmd_standings(struct sess *s, int conn, const struct cgp_cmd *c)
{
	struct tourney *t = tourney_find(s, cgp_get(c, "tourney"));
	struct cgp_out o;
	char pts[16];
	int *order;

	if (t == NULL) {
		sess_err(s, conn, c->tag, CGP_NO_SUCH_TOURNEY, "no such "
		    "tournament");
		return;
	}
	tourney_score(t);
	order = xcalloc((size_t)t->nm + 1, sizeof *order);
	tourney_standings(t, order);
	cgp_out_ok(&o, c->tag, "STANDINGS");
	cgp_out_kv(&o, "tourney", t->t.id);
	cgp_out_kv(&o, "status", status_name(t->t.status));
	cgp_out_kvi(&o, "n", t->nm);
	sess_emit(s, conn, &o);
	for (int r = 0; r < t->nm; r++) {
		const struct tmem *x = &t->m[order[r]];
		cgp_out_item(&o, c->tag);
		cgp_out_kvi(&o, "rank", r + 1);
		cgp_out_kv(&o, "name", x->m.name);
		if (sess_bot_named(s, x->m.name))
			cgp_out_kv(&o, "title", "BOT");
		tourney_points_text(t, x->points, pts, sizeof pts);
		cgp_out_kv(&o, "points", pts);
		cgp_out_kvi(&o, "games", x->games);
		if (t->t.kind[0] == 'a') {
			cgp_out_kvi(&o, "fire", x->fire);
			cgp_out_kvi(&o, "performance", x->perf);
		} else {
			quarters_text(x->buchholz, pts, sizeof pts);
			cgp_out_kv(&o, "buchholz", pts);
			quarters_text(x->sb, pts, sizeof pts);
			cgp_out_kv(&o, "sb", pts);
		}
		sess_emit(s, conn, &o);
	}
	free(order);
}

static void
tourney_verb(struct sess *s, int conn, const struct cgp_cmd *c)
{
	switch (c->verb) {
	case CGP_V_TOURNEY:
		cmd_tourney(s, conn, c);
		break;
	case CGP_V_TOURNEYS:
		cmd_tourneys(s, conn, c);
		break;
	case CGP_V_STANDINGS:
		cmd_standings(s, conn, c);
		break;
	case CGP_V_BERSERK:
		tourney_cmd_berserk(s, conn, c);
		break;
	default:
		cmd_member(s, conn, c);
		break;
	}
}

/* STATE's tourney= of a tournament's game. */
static void
tourney_state_kv(struct sess *s, struct sgame *g, struct cgp_out *o)
{
	struct tourney *t = tourney_of_game(s, g->id, NULL);

	if (t != NULL)
		cgp_out_kv(o, "tourney", t->t.id);
}

static const enum cgp_verb tourney_verbs[] = {
	CGP_V_TOURNEY, CGP_V_TJOIN, CGP_V_TLEAVE, CGP_V_TPAUSE,
	CGP_V_TOURNEYS, CGP_V_STANDINGS, CGP_V_BERSERK, CGP_V_UNKNOWN
};

/* Tournaments as a feature of the session (sess_feature.h). */
const struct sess_feature sess_feature_tourney = {
	.name = "tourney",
	.wants = SESS_CH_OPS | SESS_CH_END,      /* a pairing, a result */
	.verbs = tourney_verbs,
	.on_verb = tourney_verb,
	.on_init = tourney_init,
	.on_free = tourney_free,
	.on_load = tourney_load,
	.state_kv = tourney_state_kv,
	.on_seated = tourney_seated,
	.on_applied = tourney_applied,
	.on_refused = tourney_refused,
	.on_tick = tourney_tick,
	.tick_due = tourney_due,
};
