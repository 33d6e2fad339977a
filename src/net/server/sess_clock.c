/*
 * sess_clock.c: the session's timers. Each game has at most one deadline:
 * the side to move's flag in an active game with a clock, or the expiry of
 * an open game. It is a timer of the session's list (sess_timer.c), with
 * the others, so the event loop sleeps exactly until the nearest one
 * (sess_next_timer) and sess_tick ends the games whose time has come, with
 * nobody connected or not.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_days.h"

#define RETRY_MS 1000LL     /* storing an end failed: try again after */

void
sess_timer_remove(struct sess *s, struct sgame *g)
{
	stimer_cancel(&s->timers, &g->timer);
}

/*
 * RULES.md "Time": each side's first move is not timed. With the side to
 * move's first move still to come (ply 0 or 1), its clock stands and the
 * game is aborted if that move does not come within first_move_ms of its
 * turn's start (PROTOCOL.md "Clocks"). Once both sides have moved, a
 * takeback to ply 0 or 1 brings back neither: the clocks run, and the
 * game can no longer be aborted.
 */
static bool
first_moves(const struct sgame *g)
{
	return g->g.nply < 2 && !sess_both_moved(g);
}

/* (st: g's sess_status, asked once by the caller) */
static void
first_move_due(struct sess *s, struct sgame *g, int st)
{
	long long lim = s->lim.first_move_ms > 0 ? s->lim.first_move_ms :
	    SESS_FIRST_MOVE_MS;

	if (st != 1 || !g->timed || !first_moves(g)) {
		g->first_by = -1;
		return;
	}
	if (g->first_ply != g->g.nply) {
		g->first_ply = g->g.nply;
		g->first_by = s->now + lim;
	}
}

static void
timer_update(struct sess *s, struct sgame *g, int st)
{
	long long d = -1;

	if (g->days > 0)
		d = st == 1 ? sess_features_due(s, g) : st == 0 && g->expires > 0 ?
		    g->expires : -1;
	else if (st == 1 && g->timed && g->clock.running >= 0)
		d = s->now + clock_until_flag(&g->clock, s->now);
	else if (st == 1 && g->timed && g->first_by > 0)
		d = g->first_by;
	else if (st == 0 && g->expires > 0)
		d = g->expires;
	if (d >= 0 && g->retry_at > d)
		d = g->retry_at;
	if (d < 0) {
		sess_timer_remove(s, g);
		return;
	}
	stimer_set(&s->timers, &g->timer, d);
}

void
sess_timer_update(struct sess *s, struct sgame *g)
{
	timer_update(s, g, sess_status(g));
}

long long
sess_open_life(const struct sess *s, const struct sgame *g)
{
	return sess_features_open_life(s, g, s->lim.expire_ms > 0 ?
	    s->lim.expire_ms : SESS_EXPIRE_MS);
}

void
sess_applied(struct sess *s, struct sgame *g, bool new_game, int conn,
    int st)
{
	if (new_game) {
		if (conn >= 0)
			g->creator_conn = s->conns[conn].serial;
		g->gone_since[0] = g->gone_since[1] = s->now;
		g->expires = s->now + sess_open_life(s, g);
		sess_features_created(s, g);   /* a challenge told */
	}
	/* The opponent's move is stored now, or both seats are taken: the
	 * side to move's time runs from here, once its first move is made
	 * (until then the minute for that move does). The status is the
	 * caller's, which has just applied the change (the hook above tells,
	 * and changes no seat). */
	first_move_due(s, g, st);
	if (st == 1 && g->timed && g->clock.running < 0 && !first_moves(g))
		clock_start(&g->clock, game_board(&g->g)->side, s->now);
	timer_update(s, g, st);
}

void
sess_tick_at(struct sess *s, long long when)
{
	if (s->feature_timer.pos < 0 || when < s->feature_timer.when)
		stimer_set(&s->timers, &s->feature_timer, when);
}

/* The features' timer at their earliest tick_due, none: cancelled. */
static void
features_rearm(struct sess *s)
{
	long long due = sess_features_tick_due(s);

	if (due < 0)
		stimer_cancel(&s->timers, &s->feature_timer);
	else
		stimer_set(&s->timers, &s->feature_timer, due);
}

/* The features' on_tick run (those due), their timer set again. */
static void
features_tick(struct sess *s, long long now_ms)
{
	sess_features_tick(s, now_ms);
	features_rearm(s);
}

/* g's deadline has come: the side to move flags, or the open game goes. */
static void
fire(struct sess *s, struct sgame *g, long long now)
{
	int st = sess_status(g), flagged;
	int rc = 0;

	g->retry_at = 0;
	if (g->busy > 0) {
		/* A change is being stored (a move that came in time?): look
		 * again once it is applied. */
		g->retry_at = now + 100;
		sess_timer_update(s, g);
		return;
	}
	if (st == 1 && g->days > 0) {
		/* 1: not due after all (a move came in time). */
		rc = sess_features_fire(s, g, now);
	} else if (st == 1 && g->timed &&
	    (flagged = clock_flagged(&g->clock, now)) >= 0) {
		rc = sess_end_game(s, g, -1, NULL, flagged == WHITE ?
		    RESULT_BLACK_WINS : RESULT_WHITE_WINS, "time");
	} else if (st == 1 && g->timed && first_moves(g) && g->first_by > 0 &&
	    now >= g->first_by) {
		sess_log(s, NET_LOG_INFO, "game %s: %s made no first move in "
		    "%lld s; aborted", g->id,
		    cgp_seat_name(game_board(&g->g)->side),
		    (s->lim.first_move_ms > 0 ? s->lim.first_move_ms :
		    SESS_FIRST_MOVE_MS) / 1000);
		rc = sess_end_game(s, g, -1, NULL, RESULT_NONE, "cancelled");
	} else if (st == 0 && g->expires > 0 && now >= g->expires) {
		sess_log(s, NET_LOG_INFO, "game %s: nobody joined in %lld s; "
		    "cancelled", g->id, sess_open_life(s, g) / 1000);
		rc = sess_end_game(s, g, -1, NULL, RESULT_NONE, "cancelled");
	}
	/* The end is on its way to storage: should it be refused, the
	 * timer comes back after RETRY_MS (stored, the game is over). */
	if (rc == 0 || rc < 0)
		g->retry_at = now + RETRY_MS;
	if (!g->over)
		sess_timer_update(s, g);
}

void
sess_clock_due(struct sess *s, struct stimer *e, long long now_ms)
{
	switch (e->kind) {
	case STIMER_GAME:
		fire(s, (struct sgame *)(void *)((char *)e -
		    offsetof(struct sgame, timer)), now_ms);
		break;
	case STIMER_SEEKS:
	case STIMER_FEATURES:
		features_tick(s, now_ms);
		break;
	case STIMER_REFUSALS:
		sess_refusal_flush(s, now_ms);
		break;
	case STIMER_CONN:
		break;          /* the loop's (sess_tick) */
	}
}

void
sess_clock_kv(struct sess *s, struct sgame *g, struct cgp_out *o,
    bool control)
{
	char text[32];

	if (!g->timed)
		return;
	if (control) {
		clock_format_control(g->clock.base_ms, g->clock.inc_ms, text,
		    sizeof text);
		cgp_out_kv(o, "clock", text);
	}
	cgp_out_kvi(o, "wclock", (long)clock_left(&g->clock, WHITE, s->now));
	cgp_out_kvi(o, "bclock", (long)clock_left(&g->clock, BLACK, s->now));
}

/* An active timed game read from the store: its side to move's clock
 * runs on from its stored time, from now (PROTOCOL.md "Clocks"), or its
 * first move has a minute again from now. */
static void
resume(struct sess *s, struct sgame *g)
{
	if (sess_status(g) != 1 || !g->timed)
		return;
	if (!first_moves(g)) {
		if (g->clock.running < 0)
			clock_start(&g->clock, game_board(&g->g)->side,
			    s->now);
	} else
		first_move_due(s, g, 1);
}

void
sess_clock_loaded(struct sess *s, struct sgame *g)
{
	if (g == NULL || g->over)
		return;
	resume(s, g);
	sess_timer_update(s, g);
}

void
sess_start(struct sess *s, long long now_ms, long long wall_ms)
{
	int i, st;

	s->now = now_ms;
	/* Correspondence deadlines are Unix times (sess_wall). */
	s->wall_base = wall_ms - now_ms;
	s->wall_known = true;
	for (i = 0; i < s->ngames; i++) {
		struct sgame *g = s->games[i];
		g->gone_since[0] = g->gone_since[1] = now_ms;
		st = sess_status(g);
		if (st == 1)
			resume(s, g);
		else if (st == 0) {
			g->expires = now_ms + (g->created * 1000 +
			    sess_open_life(s, g) - wall_ms);
			if (g->expires < 1)
				g->expires = 1;  /* due at once, not "none" */
		}
		sess_timer_update(s, g);
	}
	features_rearm(s);      /* what the features loaded (tournaments) */
}
