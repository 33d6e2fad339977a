/*
 * clock_run.c: running, pressing and reading a game clock.
 */

#include "clock/clock.h"

void
clock_init(struct game_clock *c, int64_t base_ms, int64_t inc_ms)
{
	c->base_ms = base_ms;
	c->inc_ms = inc_ms;
	c->left_ms[0] = c->left_ms[1] = base_ms;
	c->no_inc[0] = c->no_inc[1] = false;
	c->running = -1;
	c->since = 0;
}

/* Take the running side's elapsed time off its clock and restart `since`. */
static void
settle(struct game_clock *c, int64_t now)
{
	int64_t used;

	if (c->running < 0)
		return;
	used = now > c->since ? now - c->since : 0;
	c->left_ms[c->running] -= used;
	if (c->left_ms[c->running] < 0)
		c->left_ms[c->running] = 0;
	c->since = now;
}

void
clock_start(struct game_clock *c, int color, int64_t now)
{
	settle(c, now);
	c->running = color;
	c->since = now;
}

void
clock_stop(struct game_clock *c, int64_t now)
{
	settle(c, now);
	c->running = -1;
}

bool
clock_press(struct game_clock *c, int64_t now)
{
	int mover = c->running;

	if (mover < 0)
		return true; /* a stopped clock: nothing to charge */
	settle(c, now);
	if (c->left_ms[mover] <= 0) {
		c->running = -1;
		return false;
	}
	if (!c->no_inc[mover])
		c->left_ms[mover] += c->inc_ms;
	c->running = !mover;
	c->since = now;
	return true;
}

int64_t
clock_left(const struct game_clock *c, int color, int64_t now)
{
	int64_t left = c->left_ms[color];

	if (color == c->running && now > c->since)
		left -= now - c->since;
	return left > 0 ? left : 0;
}

void
clock_set(struct game_clock *c, int color, int64_t left_ms, int64_t now)
{
	c->left_ms[color] = left_ms > 0 ? left_ms : 0;
	if (color == c->running)
		c->since = now;
}

int
clock_flagged(const struct game_clock *c, int64_t now)
{
	if (c->running < 0)
		return -1;
	return clock_left(c, c->running, now) <= 0 ? c->running : -1;
}

int64_t
clock_until_flag(const struct game_clock *c, int64_t now)
{
	if (c->running < 0)
		return -1;
	return clock_left(c, c->running, now);
}

int64_t
clock_until_tick(const struct game_clock *c, int64_t now)
{
	int64_t left, step, rem;

	if (c->running < 0)
		return -1;
	left = clock_left(c, c->running, now);
	if (left <= 0)
		return 0;
	/* The display shows whole seconds (rounded down) above 10 s and
	 * tenths below: it changes when left crosses a multiple of step. */
	step = left > 10000 ? 1000 : 100;
	rem = left % step;
	if (rem == 0)
		rem = step;
	return rem;
}
