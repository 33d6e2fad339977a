/*
 * search_time.c: how long to think on a clock. A share of the remaining
 * time (as if about 30 moves were left, fewer late in a long game) plus
 * most of the increment; a little more in the middlegame, much less for a
 * nearly forced move; a hard limit of a few soft budgets but never more
 * than a third of what is left; and a reserve kept back for the process,
 * the pipes and a busy machine, so the clock is never run out.
 */
#include "ai/search_internal.h"

void
search_time_budget(int64_t left_ms, int64_t inc_ms, int movestogo,
    int nlegal, int ply, struct search_budget *out)
{
	int64_t reserve, usable, soft, hard, mtg;

	if (left_ms < 1)
		left_ms = 1;
	if (inc_ms < 0)
		inc_ms = 0;
	/* 1/8 of a short clock, at most 150 ms of a long one */
	reserve = left_ms / 8 < 150 ? left_ms / 8 : 150;
	usable = left_ms - reserve;
	if (usable < 1)
		usable = 1;
	mtg = 32 - ply / 10;
	if (mtg < 16)
		mtg = 16;
	if (movestogo > 0 && movestogo < mtg)
		mtg = movestogo;
	soft = usable / mtg + inc_ms * 3 / 4;
	if (ply >= 8 && ply < 70)
		soft = soft * 5 / 4;          /* the middlegame */
	if (nlegal == 1)
		soft = 0;                     /* forced: move at once */
	else if (nlegal > 0 && nlegal <= 3)
		soft /= 2;
	hard = soft * 4;
	if (movestogo == 1)
		hard = usable * 3 / 4;
	else if (hard > usable / 3)
		hard = usable / 3;
	if (soft > hard)
		soft = hard;
	if (nlegal == 1)
		hard = hard < 10 ? hard : 10;
	if (hard < 1)
		hard = 1;
	out->soft_ms = soft > 0x7fffffff ? 0x7fffffff : (int)soft;
	out->hard_ms = hard > 0x7fffffff ? 0x7fffffff : (int)hard;
}
