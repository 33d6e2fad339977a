/*
 * search_time.c: how long to think on a clock. A share of the remaining
 * time (as if about 30 moves were left, however long the game) plus
 * most of the increment; a little more in the middlegame, much less for a
 * nearly forced move; a hard limit of a few soft budgets but never more
 * than a sixth of what may be spent; and a reserve, with a share for
 * each move's overhead (the process, the pipes, a busy machine), kept
 * back so the clock is never run out.
 */
#include "ai/search_internal.h"

/* What a move costs besides thinking (the process, the pipes, the
 * opponent's program, a busy machine), paid from the clock unless the
 * increment does. */
#define MOVE_OVERHEAD_MS 15

void
search_time_budget(int64_t left_ms, int64_t inc_ms, int movestogo,
    int nlegal, int ply, struct search_budget *out)
{
	int64_t reserve, usable, soft, hard, mtg, over;

	if (left_ms < 1)
		left_ms = 1;
	if (inc_ms < 0)
		inc_ms = 0;
	/* The moves still to make: about 30, never fewer without a
	 * movestogo (a sudden-death game may go on long after ply 150: with
	 * 20, a 2 s game of 100 moves a side ran out at move 95 in
	 * tests/test_search_time.c's model). */
	mtg = 32 - ply / 10;
	if (mtg < 30)
		mtg = 30;
	if (movestogo > 0 && movestogo < mtg)
		mtg = movestogo;
	/* 1/8 of a short clock, at most 150 ms of a long one, and each of
	 * those moves' overhead, are never thought with. */
	reserve = left_ms / 8 < 150 ? left_ms / 8 : 150;
	over = inc_ms >= MOVE_OVERHEAD_MS ? 0 : MOVE_OVERHEAD_MS - inc_ms;
	usable = left_ms - reserve - over * mtg;
	if (usable < 0)
		usable = 0;
	soft = usable / mtg + inc_ms * 3 / 4;
	if (ply >= 8 && ply < 70)
		soft = soft * 5 / 4;          /* the middlegame */
	if (nlegal == 1)
		soft = 0;                     /* forced: move at once */
	else if (nlegal > 0 && nlegal <= 3)
		soft /= 2;
	hard = soft * 4;
	/* One move never takes more than a sixth of what may be spent (a
	 * third ran a 2 s clock out: 30-50% of the rest a move at its end). */
	if (movestogo == 1)
		hard = usable * 3 / 4;
	else if (hard > usable / 6 + inc_ms * 3 / 4)
		hard = usable / 6 + inc_ms * 3 / 4;
	/* The increment comes only once the move is made: never more than
	 * what is on the clock now, less the reserve and this move's
	 * overhead. */
	if (hard > left_ms - reserve - MOVE_OVERHEAD_MS)
		hard = left_ms - reserve - MOVE_OVERHEAD_MS;
	if (soft > hard)
		soft = hard;
	if (soft < 0)
		soft = 0;
	if (nlegal == 1)
		hard = hard < 10 ? hard : 10;
	if (hard < 1)
		hard = 1;
	out->soft_ms = soft > 0x7fffffff ? 0x7fffffff : (int)soft;
	out->hard_ms = hard > 0x7fffffff ? 0x7fffffff : (int)hard;
}
