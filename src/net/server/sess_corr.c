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

#include "net/server/sess_int.h"

#define DAY_MS 86400000LL

bool
sess_corr_days_ok(long n)
{
	return n == 1 || n == 2 || n == 3 || n == 5 || n == 7 || n == 10 ||
	    n == 14;
}

int
sess_corr_days(const char *clock)
{
	char *end;
	long n;

	if (clock == NULL || clock[0] < '0' || clock[0] > '9')
		return 0;
	n = strtol(clock, &end, 10);
	if (strcmp(end, "d") != 0 || !sess_corr_days_ok(n))
		return 0;
	return (int)n;
}

long long
sess_wall(struct sess *s)
{
	if (!s->wall_known) {
		s->wall_base = util_wall_ms() - s->now;
		s->wall_known = true;
	}
	return s->now + s->wall_base;
}

long long
sess_day_ms(const struct sess *s)
{
	return s->lim.day_ms > 0 ? s->lim.day_ms : DAY_MS;
}

void
sess_corr_iso(long long t, char *buf, size_t n)
{
	time_t tt = (time_t)(t / 1000);
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

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

int
sess_seek_days(int64_t base_ms, int64_t inc_ms)
{
	return inc_ms == SESS_DAYS_INC && sess_corr_days_ok((long)base_ms) ?
	    (int)base_ms : 0;
}

void
sess_control_text(int64_t base_ms, int64_t inc_ms, char *buf, size_t n)
{
	if (sess_seek_days(base_ms, inc_ms) > 0)
		snprintf(buf, n, "%dd", (int)base_ms);
	else
		clock_format_control(base_ms, inc_ms, buf, n);
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

void
sess_corr_start(struct sess *s, struct store_change *ch,
    struct sess_new_game *keep)
{
	int days = sess_corr_days(ch->clock);

	if (days > 0 && ch->nev == 2)
		add_deadline(s, days, keep->body[1], sizeof keep->body[1]);
}

void
sess_corr_body(struct sess *s, const struct sgame *g, char *body, size_t n)
{
	if (g->days > 0)
		add_deadline(s, g->days, body, n);
}

void
sess_corr_note(struct sgame *g, const char *body)
{
	const char *p = body, *v;
	long long t;

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

void
sess_corr_kv(struct sess *s, const struct sgame *g, struct cgp_out *o)
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

long long
sess_corr_due(struct sess *s, const struct sgame *g)
{
	long long d;

	if (g->days <= 0 || sess_status(g) != 1 || g->deadline <= 0)
		return -1;
	d = s->now + (g->deadline - sess_wall(s));
	return d < 1 ? 1 : d;
}

int
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

bool
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

int
sess_want_days(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *v = cgp_get(cmd, "days");
	char as_listed[8];
	long n;

	if (v == NULL)
		return 0;
	/* Only the listed numbers, written as they are ("07" is none). */
	n = cgp_parse_num(v, 100);
	snprintf(as_listed, sizeof as_listed, "%ld", n);
	if (strcmp(as_listed, v) != 0)
		n = -1;
	if (!sess_corr_days_ok(n) || cgp_get(cmd, "clock") != NULL) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, !sess_corr_days_ok(n) ?
		    "days= is 1, 2, 3, 5, 7, 10 or 14" :
		    "days= or clock=, not both");
		return -1;
	}
	return (int)n;
}

void
sess_corr_loaded(struct sess *s, struct sgame *g)
{
	if (g != NULL && g->days > 0 && !g->over)
		sess_timer_update(s, g);
}
