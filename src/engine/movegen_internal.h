/*
 * movegen_internal.h: tables and helpers shared by the movegen files only.
 */
#ifndef CONGO_MOVEGEN_INTERNAL_H
#define CONGO_MOVEGEN_INTERNAL_H

#include "engine/board.h"
#include "engine/movegen.h"

extern bb_t mg_between[NSQ][NSQ];  /* strictly between, file/diagonal */
extern bb_t mg_pawn_fwd[2][NSQ];   /* forward straight and diagonal */
extern bb_t mg_side[NSQ];          /* left and right */
extern bb_t mg_mpawn[2][NSQ];      /* megapawn's mPawn: all its targets */
/* Squares where a pawn of a colour also steps sideways (megapawn: across
 * the river; congo: none), for the lion-attack test. */
extern bb_t mg_pawn_side[NVARIANTS][2];
extern bb_t mg_lion_line[NSQ];     /* squares on a file or diagonal */

#define DIR_N 0
#define DIR_S 4

static inline int
bb_pop(bb_t *bb)
{
	int s = __builtin_ctzll(*bb);
	*bb &= *bb - 1;
	return s;
}

/*
 * How a piece type moves in a variant: its type, but megapawn's pawn moves
 * as MG_MPAWN. Loops look the kind up once a type, so the pawn's moves cost
 * no test of the variant per piece.
 */
#define MG_MPAWN NPIECE_TYPES
extern uint8_t mg_kind[NVARIANTS][NPIECE_TYPES];

/* The targets of a non-monkey piece of color us on sq (monkey: its steps),
 * by its kind (mg_kind). */
bb_t mg_targets(const struct board *b, int sq, int kind, int us);

/* Monkey jump chains from sq: pass each to fn (if not NULL); return how many. */
int mg_monkey_chains(const struct board *b, int sq, int us, movegen_visitor fn,
    void *ctx);

/* Can the monkey on sq reach a jump over the enemy lion? */
bool mg_monkey_takes_lion(const struct board *b, int sq, int us);

#endif
