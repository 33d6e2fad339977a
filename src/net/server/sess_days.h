/*
 * sess_days.h: time controls in days and the wall clock (sess_days.c), for the files that read a game's days or deadline
 * (split from sess_int.h, which the core's files include).
 */
#ifndef SESS_DAYS_H
#define SESS_DAYS_H

#include <stdbool.h>
#include <stdint.h>

struct sess;
struct cgp_cmd;

/* Time controls in days (sess_days.c, PROTOCOL.md "Correspondence";
 * the deadlines are the feature sess_corr.c's). The
 * days of a time control stored as a game's clock ("3d"), 0 for any other
 * (a clock "300+5", NULL); is N one of 1 2 3 5 7 10 14? */
int sess_corr_days(const char *clock);
bool sess_corr_days_ok(long n);
/* days= of a CREATE or SEEK: N, 0 when absent, -1 after answering 400
 * (not one of the list, or with clock= too). */
int sess_want_days(struct sess *s, int conn, const struct cgp_cmd *cmd);
/* A correspondence seek's time control as a clock (struct sseek, the
 * seeks' notices and rows): base_ms the days, inc_ms this mark, which no
 * clock has (an increment is at most 600 s), so only seeks of the same
 * days pair. Its days, 0 for a clock; its time control as a game's clock
 * ("3d", "300+5"). */
#define SESS_DAYS_INC 1000000007LL
int sess_seek_days(int64_t base_ms, int64_t inc_ms);
void sess_control_text(int64_t base_ms, int64_t inc_ms, char *buf,
    size_t n);
/* The Unix time in ms at s->now. */
long long sess_wall(struct sess *s);
/* A day's length (sess_limits.day_ms, else 86400 s) in ms. */
long long sess_day_ms(const struct sess *s);
/* "2026-11-25T15:30:02Z" of Unix ms t. */
void sess_corr_iso(long long t, char *buf, size_t n);
#endif
