/*
 * fuzz_board.h: is a position consistent with itself? Bitboards, mailbox,
 * colour sets and the incremental hash must all say the same thing. Shared
 * by the harnesses and tests/test_property.c.
 */
#ifndef CONGO_FUZZ_BOARD_H
#define CONGO_FUZZ_BOARD_H

#include <stdio.h>

#include "engine/board.h"

/* NULL if b is consistent, else what is wrong (in a static buffer). */
static inline const char *
fuzz_board_problem(const struct board *b)
{
	static char msg[128];
	bb_t all[2] = { 0, 0 };
	int c, t, s;

	if (b->side > 1)
		return "side to move is neither white nor black";
	if (b->variant >= NVARIANTS)
		return "unknown variant";
	for (c = 0; c < 2; c++)
		for (t = 0; t < NPIECE_TYPES; t++) {
			if (b->pieces[c][t] & ~BB_ALL)
				return "a piece bit past g7";
			if (all[c] & b->pieces[c][t])
				return "two piece types on one square";
			all[c] |= b->pieces[c][t];
		}
	if (all[0] != b->occ[0] || all[1] != b->occ[1])
		return "occ[] is not the union of the piece bitboards";
	if (b->occ[0] & b->occ[1])
		return "a square occupied by both colours";
	for (s = 0; s < NSQ; s++) {
		uint8_t p = b->sq[s];

		if (p == PIECE_NONE) {
			if ((b->occ[0] | b->occ[1]) & BB(s)) {
				snprintf(msg, sizeof msg, "square %d empty in "
				    "the mailbox but set in occ", s);
				return msg;
			}
			continue;
		}
		if (p >= PIECE_NCODES || PIECE_TYPE(p) >= NPIECE_TYPES) {
			snprintf(msg, sizeof msg, "square %d holds code %d",
			    s, p);
			return msg;
		}
		if (!variant_has_piece(b->variant, PIECE_TYPE(p))) {
			snprintf(msg, sizeof msg, "square %d holds a %s in %s",
			    s, board_piece_name(PIECE_TYPE(p)),
			    variant_name(b->variant));
			return msg;
		}
		if (!(b->pieces[PIECE_COLOR(p)][PIECE_TYPE(p)] & BB(s))) {
			snprintf(msg, sizeof msg, "square %d: mailbox and "
			    "bitboards differ", s);
			return msg;
		}
	}
	if (b->hash != board_hash_compute(b))
		return "incremental hash differs from board_hash_compute";
	return NULL;
}

#endif
