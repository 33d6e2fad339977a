/*
 * clock.h: a game clock as RULES.md "Time" defines it: B+I, each player has
 * B for the whole game and I is added after each of their moves (Fischer);
 * only the side to move's clock runs; a move completed before the clock
 * reaches zero counts.
 *
 * Pure arithmetic on monotonic milliseconds that the caller passes in
 * (util_now_ms()), so the game model, the server and the AI's time budget
 * share it and tests can drive time by hand. No curses, no sockets.
 */
#ifndef CONGO_CLOCK_H
#define CONGO_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct game_clock {
	int64_t base_ms;     /* B */
	int64_t inc_ms;      /* I */
	int64_t left_ms[2];  /* remaining, by color, as of `since` for the runner */
	bool no_inc[2];      /* that color earns no increment (an arena's
	                        berserk; clock_init: false) */
	int running;         /* the color whose clock runs, or -1 (stopped) */
	int64_t since;       /* when the running clock last started */
};

/* Both sides at base_ms, stopped. */
void clock_init(struct game_clock *c, int64_t base_ms, int64_t inc_ms);

/* Start `color`'s clock at now (stops the other). */
void clock_start(struct game_clock *c, int color, int64_t now);
/* Stop whatever runs, keeping its remaining time (a pause). */
void clock_stop(struct game_clock *c, int64_t now);

/*
 * The running side completed a move at now: its elapsed time is taken off.
 * If its time was not used up, the increment is added, it returns true and
 * the opponent's clock starts. Otherwise the move does not count: the
 * clock stays at 0 (flagged, stopped) and it returns false.
 */
bool clock_press(struct game_clock *c, int64_t now);

/* Remaining time of color at now (never below 0). */
int64_t clock_left(const struct game_clock *c, int color, int64_t now);
/* Set a side's remaining time as of now (undo, a stored game, the
 * server's word); a running clock runs on from there. */
void clock_set(struct game_clock *c, int color, int64_t left_ms, int64_t now);

/* The running side if its time is used up at now, else -1. */
int clock_flagged(const struct game_clock *c, int64_t now);
/* Milliseconds until the running side flags (-1 when stopped). */
int64_t clock_until_flag(const struct game_clock *c, int64_t now);
/*
 * Milliseconds until the running side's display changes (a second above
 * 10 s, a tenth below it), for a timer that wakes the view: -1 when stopped.
 */
int64_t clock_until_tick(const struct game_clock *c, int64_t now);

/*
 * Parse a time control. clock_parse_minutes reads the game's form "M+S"
 * (minutes, a decimal allowed, plus seconds: "5+3", "0.5+0");
 * clock_parse_seconds reads the protocol's and records' "B+I" in seconds
 * ("300+5"). 0 on success, -1 with a message naming the problem.
 * Limits: base 1 s .. 86400 s, increment 0 .. 600 s.
 */
int clock_parse_minutes(const char *text, int64_t *base_ms, int64_t *inc_ms,
    char *err, size_t errlen);
int clock_parse_seconds(const char *text, int64_t *base_ms, int64_t *inc_ms,
    char *err, size_t errlen);
/* "300+5" (seconds, as records and the protocol write it). */
void clock_format_control(int64_t base_ms, int64_t inc_ms, char *buf,
    size_t n);
/* "5+5" (minutes, a decimal allowed, plus seconds: as --clock, :clock and
 * congo.conf take it, and as a player is shown it). */
void clock_format_minutes(int64_t base_ms, int64_t inc_ms, char *buf,
    size_t n);

/* A remaining time for a person: "1:02:03", "4:58", below 10 s "9.3". */
void clock_format(int64_t ms, char *buf, size_t n);
/* PGN's %clk form, "0:04:58" (whole seconds, rounded down). */
void clock_format_pgn(int64_t ms, char *buf, size_t n);
/* Read "H:MM:SS" (or "M:SS", fractions allowed); -1 if malformed. */
int clock_parse_pgn(const char *text, int64_t *ms);

/*
 * A correspondence game's deadline (clock_deadline.c). The server's UTC
 * time "2026-11-25T15:30:02Z" as Unix ms (-1 if it is not one); the time
 * left until it for a person, coarse while days are left: "2 d 14 h",
 * "5 h 7 min", "12 min 5 s", "35 s" (compact, one word: "2d14h",
 * "5h07m", "12m05s", "35s"); ms until that text changes (-1 when the
 * time is up).
 */
int clock_parse_utc(const char *text, int64_t *unix_ms);
void clock_format_deadline(int64_t left_ms, bool compact, char *buf,
    size_t n);
int64_t clock_deadline_tick(int64_t left_ms);

#endif
