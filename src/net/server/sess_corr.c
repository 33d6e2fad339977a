/*
 * sess_corr.c: correspondence games (PROTOCOL.md "Correspondence"). A game
 * created with days=N has no clock: each move is due within N days of the
 * opponent's. The side to move's deadline is stored with the event that
 * starts its turn (the JOINED that seats the second player, each MOVE, a
 * TAKEBACK) as deadline=<UTC ISO 8601>, so it survives restarts and every
 * server sharing the store reads the same one; the game's timer (one of
 * the session's list, sess_timer.c) fires at it: a loss on time, or an
 * abort when the side to move has not made its first move yet. The time
 * control itself is stored as the game's clock, "Nd".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_days.h"

/* Unix ms of "2026-11-25T15:30:02Z", -1 when it is not one. */
static long long
parse_iso(const char *v, size_t len)
{
	struct tm tm;
	char buf[32];
	const char *end;
	time_t t;

	if (len != 20)
		return -1;
	memcpy(buf, v, len);
	buf[len] = '\0';
	memset(&tm, 0, sizeof tm);
	end = strptime(buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (end == NULL || *end != '\0')
		return -1;
	t = timegm(&tm);
	return t < 0 ? -1 : (long long)t * 1000;
}

static void
add_deadline(struct sess *s, int days, char *body, size_t n)
{
	char when[32];
	size_t len = strlen(body);

	sess_corr_iso(sess_wall(s) + days * sess_day_ms(s), when,
	    sizeof when);
	snprintf(body + len, n - len, "%sdeadline=%s", len > 0 ? " " : "",
	    when);
}

static void
sess_corr_start(struct sess *s, struct store_change *ch,
    struct sess_new_game *keep)
{
	int days = sess_corr_days(ch->clock);

	if (days > 0 && ch->nev == 2)
		add_deadline(s, days, keep->body[1], sizeof keep->body[1]);
}

static void
sess_corr_body(struct sess *s, const struct sgame *g, char *body, size_t n)
{
	if (g->days > 0)
		add_deadline(s, g->days, body, n);
}

static void
sess_corr_note(struct sess *s, struct sgame *g, const char *kind,
    const char *body)
{
	const char *p = body, *v;
	long long t;

	(void)s;
	(void)kind;
	if (g->days <= 0)
		return;
	/* The key at the start of the body or after a space. */
	while ((p = strstr(p, "deadline=")) != NULL) {
		if (p == body || p[-1] == ' ')
			break;
		p++;
	}
	if (p == NULL)
		return;
	v = p + strlen("deadline=");
	if ((t = parse_iso(v, strcspn(v, " "))) > 0)
		g->deadline = t;
}

static void
sess_corr_kv(struct sess *s, struct sgame *g, struct cgp_out *o)
{
	char when[32];

	(void)s;
	if (g->days <= 0)
		return;
	cgp_out_kvi(o, "days", g->days);
	if (sess_status(g) == 1 && g->deadline > 0) {
		sess_corr_iso(g->deadline, when, sizeof when);
		cgp_out_kv(o, "deadline", when);
	}
}

static long long
sess_corr_due(struct sess *s, const struct sgame *g)
{
	long long d;

	if (g->days <= 0 || sess_status(g) != 1 || g->deadline <= 0)
		return -1;
	d = s->now + (g->deadline - sess_wall(s));
	return d < 1 ? 1 : d;
}

static int
sess_corr_fire(struct sess *s, struct sgame *g, long long now)
{
	int side;

	(void)now;
	if (g->days <= 0 || sess_status(g) != 1 || g->deadline <= 0 ||
	    sess_wall(s) < g->deadline)
		return 1;
	side = game_board(&g->g)->side;
	if (!sess_both_moved(g)) {
		/* Its first move not made in time: aborted, as the 60 s
		 * rule aborts a clocked game. */
		sess_log(s, NET_LOG_INFO, "game %s: %s made no first move in "
		    "%d days; aborted", g->id, cgp_seat_name(side), g->days);
		return sess_end_game(s, g, -1, NULL, RESULT_NONE, "cancelled");
	}
	sess_log(s, NET_LOG_INFO, "game %s: %s's deadline passed; lost on "
	    "time", g->id, cgp_seat_name(side));
	return sess_end_game(s, g, -1, NULL, side == WHITE ?
	    RESULT_BLACK_WINS : RESULT_WHITE_WINS, "time");
}

static bool
sess_corr_end_first(struct sess *s, struct sgame *g)
{
	if (g->over || g->days <= 0 || sess_status(g) != 1 ||
	    g->deadline <= 0 || sess_wall(s) < g->deadline)
		return false;
	if (g->busy == 0)
		sess_corr_fire(s, g, s->now);
	if (g->busy == 0)
		return false;   /* ended at once, or refused: shown as it is */
	s->again = true;
	return true;
}

static void
sess_corr_loaded(struct sess *s, struct sgame *g)
{
	if (g != NULL && g->days > 0 && !g->over)
		sess_timer_update(s, g);
}

const struct sess_feature sess_feature_corr = {
	.name = "correspondence",
	.wants = SESS_CH_DAYS,             /* its turns, events and STATE */
	.state_kv_last = sess_corr_kv,
	.turn_body = sess_corr_body,
	.new_game = sess_corr_start,
	.on_event = sess_corr_note,
	.on_loaded = sess_corr_loaded,
	.due = sess_corr_due,
	.fire = sess_corr_fire,
	.before_show = sess_corr_end_first,
};
