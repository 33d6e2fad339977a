/*
 * board_make.c: changing a position: put, remove, and making a move
 * (captures, monkey chains, promotion, drowning, counters, hash).
 */
#include <string.h>

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/movegen_internal.h"

void
board_clear(struct board *b)
{
	memset(b, 0, sizeof *b);
	b->side = WHITE;
	b->fullmove = 1;
	b->hash = 0;
	b->variant = VARIANT_CONGO;
}

void
board_set_variant(struct board *b, int variant)
{
	if (variant < 0 || variant >= NVARIANTS)
		variant = VARIANT_CONGO;
	b->hash ^= board_zobrist_variant[b->variant] ^
	    board_zobrist_variant[variant];
	b->variant = (uint8_t)variant;
}

void
board_put(struct board *b, int sq, uint8_t piece)
{
	int c = PIECE_COLOR(piece), t = PIECE_TYPE(piece);

	b->pieces[c][t] |= BB(sq);
	b->occ[c] |= BB(sq);
	b->sq[sq] = piece;
	b->hash ^= board_zobrist_piece[piece][sq];
}

void
board_remove(struct board *b, int sq)
{
	uint8_t piece = b->sq[sq];
	int c, t;

	if (piece == PIECE_NONE)
		return;
	c = PIECE_COLOR(piece);
	t = PIECE_TYPE(piece);
	b->pieces[c][t] &= ~BB(sq);
	b->occ[c] &= ~BB(sq);
	b->sq[sq] = PIECE_NONE;
	b->hash ^= board_zobrist_piece[piece][sq];
}

uint64_t
board_hash_compute(const struct board *b)
{
	uint64_t h = b->side == BLACK ? board_zobrist_side : 0;

	h ^= board_zobrist_variant[b->variant];

	for (int s = 0; s < NSQ; s++)
		h ^= board_zobrist_piece[b->sq[s]][s];
	return h;
}

bool
board_same_position(const struct board *a, const struct board *b)
{
	return a->hash == b->hash && a->side == b->side &&
	    a->variant == b->variant && memcmp(a->sq, b->sq, sizeof a->sq) == 0;
}

int
board_lion_sq(const struct board *b, int color)
{
	bb_t l = b->pieces[color][LION];

	return l ? __builtin_ctzll(l) : -1;
}

static void
note_capture(struct move_effects *fx, int sq, uint8_t piece)
{
	if (fx != NULL && fx->ncaptured < BOARD_MAX_CAPTURES) {
		fx->captured_sq[fx->ncaptured] = (uint8_t)sq;
		fx->captured_piece[fx->ncaptured] = piece;
		fx->ncaptured++;
	}
}

void
board_make(struct board *b, move_t m, struct move_effects *fx)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), nj = MOVE_NJUMPS(m);
	int us = b->side;
	uint8_t piece = b->sq[from];
	bool took_lion = false, changed = false;
	bb_t drown, deep;

	if (fx != NULL)
		memset(fx, 0, sizeof *fx);
	if (nj == 0) {
		uint8_t cap = b->sq[to];
		if (cap != PIECE_NONE) {
			note_capture(fx, to, cap);
			took_lion = PIECE_TYPE(cap) == LION;
			board_remove(b, to);
			changed = true;
		}
	} else {
		/* Jumped pieces leave the board only once the chain is complete
		 * (the chain itself was checked by the generator). */
		int cur = from;
		for (int i = 0; i < nj; i++) {
			int d = MOVE_JUMP_DIR(m, i);
			int mid = board_ray_next[d][cur];
			uint8_t cap = b->sq[mid];
			note_capture(fx, mid, cap);
			took_lion |= PIECE_TYPE(cap) == LION;
			board_remove(b, mid);
			cur = board_ray_next[d][mid];
		}
		changed = true;
	}
	board_remove(b, from);
	if (PIECE_TYPE(piece) == PAWN &&
	    SQ_RANK(to) == (us == WHITE ? 6 : 0)) {
		piece = PIECE_MAKE(us, variant_table[b->variant].promotion);
		changed = true;
		if (fx != NULL)
			fx->promoted = true;
	}
	board_put(b, to, piece);

	/* Drowning: the mover's pieces in deep water (the river; megapawn's
	 * islands are land), but crocodiles and the piece just moved when it
	 * began this move on land. */
	deep = board_deep[b->variant];
	drown = b->occ[us] & deep & ~b->pieces[us][CROCODILE];
	if (!(deep & BB(from)))
		drown &= ~BB(to);
	while (drown) {
		int s = bb_pop(&drown);
		if (fx != NULL && fx->ndrowned < 8) {
			fx->drowned_sq[fx->ndrowned] = (uint8_t)s;
			fx->drowned_piece[fx->ndrowned] = b->sq[s];
			fx->ndrowned++;
		}
		board_remove(b, s);
		changed = true;
	}

	if (changed)
		b->quiet = 0;
	else if (b->quiet < UINT32_MAX)
		b->quiet++;
	if (us == BLACK && b->fullmove < UINT32_MAX)
		b->fullmove++;
	b->side = (uint8_t)(us ^ 1);
	b->hash ^= board_zobrist_side;
	if (fx != NULL)
		fx->lion_captured = took_lion;
}
