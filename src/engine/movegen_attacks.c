/*
 * movegen_attacks.c: can a side capture the enemy lion? The search treats
 * this like check; the UI highlights such a lion. Can the side not to move
 * take a given piece at once (the search's take-back penalty leaves such a
 * retreat alone)?
 */
#include "engine/movegen.h"
#include "engine/movegen_internal.h"

bool
movegen_attacks_lion(const struct board *b, int attacker)
{
	int them = attacker ^ 1;
	int l = board_lion_sq(b, them);
	const bb_t *p = b->pieces[attacker];
	bb_t all = b->occ[0] | b->occ[1];
	bb_t monkeys;

	if (l < 0 || !p[LION])
		return false;
	/* Leapers, by the reverse of their patterns. */
	if ((board_knight[l] & p[ZEBRA]) || (board_elephant[l] & p[ELEPHANT]) ||
	    (board_giraffe2[l] & p[GIRAFFE]) ||
	    (board_step[l] & p[CROCODILE]))
		return true;
	/* A pawn of attacker captures forward: look backward from the lion. */
	if ((mg_pawn_fwd[them][l] & (p[PAWN] | p[SUPERPAWN])) ||
	    (mg_side[l] & (p[SUPERPAWN] |
	    (p[PAWN] & mg_pawn_side[b->variant][attacker]))) ||
	    (board_mega[l] & p[MEGAPAWN]))
		return true;
	/* The lions face each other on a file or diagonal. */
	{
		int al = board_lion_sq(b, attacker);
		if ((mg_lion_line[l] & BB(al)) && !(mg_between[l][al] & all))
			return true;
	}
	/* A crocodile slides along the lion's file towards the river: it
	 * must stand beyond the lion, away from the river, with nothing
	 * between. */
	if (p[CROCODILE]) {
		int d = SQ_RANK(l) < RIVER_RANK ? DIR_S : DIR_N;
		for (int s = board_ray_next[d][l]; s >= 0;
		    s = board_ray_next[d][s]) {
			if (all & BB(s)) {
				if (p[CROCODILE] & BB(s))
					return true;
				break;
			}
		}
	}
	monkeys = p[MONKEY];
	while (monkeys) {
		if (mg_monkey_takes_lion(b, bb_pop(&monkeys), attacker))
			return true;
	}
	return false;
}

bool
movegen_can_be_taken(const struct board *b, int sq)
{
	struct board them = *b;
	struct movelist ml;

	them.side ^= 1;
	movegen_captures(&them, &ml);
	for (int i = 0; i < ml.n; i++) {
		struct board c = them;
		struct move_effects fx;

		board_make(&c, ml.moves[i], &fx);
		for (int j = 0; j < fx.ncaptured; j++)
			if (fx.captured_sq[j] == sq)
				return true;
	}
	return false;
}
