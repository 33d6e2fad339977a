/*
 * session_clock.c: the game's clock: each side's time noted at every ply
 * (for undo, review and the record), the side to move's running (not
 * before its first move, RULES.md "Time"), the clock set from text, and a
 * person told once when theirs runs low.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/session_player.h"
#include "util/i18n.h"
#include "util/util.h"

static const char *const side_name[2] = { N_("White"), N_("Black") };

static void
clk_grow(struct session *s, int n)
{
	if (n < s->clk_cap)
		return;
	s->clk_cap = n + 64;
	s->clk = xreallocarray(s->clk, (size_t)s->clk_cap, sizeof *s->clk);
}

void
session_clock_note(struct session *s)
{
	int64_t now = s->now();
	int n = s->game.nply;

	if (!s->clocked)
		return;
	clk_grow(s, n);
	s->clk[n][WHITE] = clock_left(&s->clock, WHITE, now);
	s->clk[n][BLACK] = clock_left(&s->clock, BLACK, now);
}

/*
 * RULES.md "Time": each side's first move is not timed, a clock first runs
 * on its side's second turn. At the side to move's turn, it has moved
 * before once two plies of the game are played (from its start position).
 */
bool
session_clock_timed(const struct session *s)
{
	return s->clocked && s->have_game && s->game.nply >= 2;
}

void
session_clock_follow(struct session *s)
{
	int64_t now = s->now();

	if (!s->clocked)
		return;
	if (game_over(&s->game) || s->paused || !session_clock_timed(s))
		clock_stop(&s->clock, now);
	else if (s->clock.running != game_board(&s->game)->side)
		clock_start(&s->clock, game_board(&s->game)->side, now);
}

void
session_clock_restore(struct session *s)
{
	int64_t now = s->now();
	int n = s->game.nply;

	s->flagged = -1;
	s->result_why[0] = '\0';
	if (!s->clocked)
		return;
	clock_stop(&s->clock, now);
	if (n < s->clk_cap) {
		clock_set(&s->clock, WHITE, s->clk[n][WHITE], now);
		clock_set(&s->clock, BLACK, s->clk[n][BLACK], now);
	}
	session_clock_follow(s);
}

int64_t
session_clock_left(const struct session *s, int color)
{
	return clock_left(&s->clock, color, s->now());
}

int64_t
session_clock_shown(const struct session *s, int color)
{
	if (s->review >= 0 && game_over(&s->game) && s->review < s->clk_cap)
		return s->clk[s->review][color];
	return session_clock_left(s, color);
}

/* The game about to start: the next clock, taken at once. */
int
session_set_clock(struct session *s, const char *text)
{
	if (session_set_next_clock(s, text) < 0)
		return -1;
	session_clock_take_next(s);
	return 0;
}

int
session_set_next_clock(struct session *s, const char *text)
{
	char err[160];
	int64_t base = 0, inc = 0;
	bool clocked = strcmp(text, "none") != 0 && strcmp(text, "0") != 0;

	if (clocked && clock_parse_minutes(text, &base, &inc, err,
	    sizeof err) < 0) {
		session_msg(s, SM_ERROR, _("clock: %s"), err);
		return -1;
	}
	s->next_set = true;
	s->next_clocked = clocked;
	s->next_base = base;
	s->next_inc = inc;
	return 0;
}

void
session_clock_take_next(struct session *s)
{
	if (!s->next_set)
		return;
	s->clocked = s->next_clocked;
	s->tc_base = s->next_base;
	s->tc_inc = s->next_inc;
	s->next_set = false;
}

bool
session_next_clock(const struct session *s, int64_t *base, int64_t *inc)
{
	bool clocked = s->next_set ? s->next_clocked : s->clocked;

	*base = s->next_set ? s->next_base : s->tc_base;
	*inc = s->next_set ? s->next_inc : s->tc_inc;
	return clocked;
}

void
session_clock_reset(struct session *s)
{
	s->flagged = -1;
	s->low_warned[WHITE] = s->low_warned[BLACK] = false;
	if (!s->clocked)
		return;
	clock_init(&s->clock, s->tc_base, s->tc_inc);
	session_clock_note(s);
	session_clock_follow(s);
}

void
session_clock_low(struct session *s, int64_t now)
{
	int c = s->clock.running;
	int64_t left;

	if (c < 0)
		return;
	left = clock_left(&s->clock, c, now);
	if (left > SESSION_LOW_TIME_MS) {
		s->low_warned[c] = false;
		return;
	}
	if (s->low_warned[c] || !s->player[c]->human)
		return;
	s->low_warned[c] = true;
	session_msg(s, SM_ERROR, ngettext("%s: %d second left on the clock",
	    "%s: %d seconds left on the clock",
	    (unsigned long)((left + 999) / 1000)), _(side_name[c]),
	    (int)((left + 999) / 1000));
}
