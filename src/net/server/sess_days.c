/*
 * sess_days.c: a game's time control in days (PROTOCOL.md
 * "Correspondence"), as the core and every feature reads it: the days of
 * a stored clock ("3d"), days= of a command, a seek's days, Unix times and
 * their UTC text; a game's speed (its ratings' category). The
 * correspondence feature (sess_corr.c) keeps the deadlines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net/server/sess_int.h"
#include "net/server/sess_days.h"
#include "rating/rating.h"

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

const char *
sess_speed(const struct sgame *g)
{
	if (g->days > 0)
		return rating_speed_name(RATING_CORRESPONDENCE);
	return rating_speed_name(rating_speed_of(g->clock.base_ms,
	    g->clock.inc_ms));
}
