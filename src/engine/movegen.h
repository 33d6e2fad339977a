/*
 * movegen.h: moves and their generation.
 *
 * A move is an unsigned 128-bit integer:
 *   bits 0-5     from square
 *   bits 6-11    final square
 *   bits 12-17   number of monkey jumps (0 for every other move)
 *   bits 18-116  jump directions, 3 bits each, the first jump lowest
 * Every chain the rules allow fits, whatever the position (RULES.md sets no
 * limit on pieces): a jump keeps the parity of the monkey's file and of its
 * rank, so it lands only on squares of its start's parity class, and each
 * jumped piece is a distinct square strictly inside that class's bounding
 * box and outside the class. The class of a1 (files a c e g, ranks 1 3 5 7:
 * 16 squares spanning the board) leaves 49 - 16 = 33 such squares, the others
 * fewer (b2's: 25 - 9 = 16; a2's and b1's: 35 - 12 = 23). So a chain has at
 * most 33 jumps: 18 + 3 * 33 = 117 bits. A move with at most 15 jumps fits
 * in its low 64 bits (move_fits64), which is every move of real games.
 * Congo has no check: every move the rules allow is legal, so the generator
 * is exact. It never allocates.
 */
#ifndef CONGO_MOVEGEN_H
#define CONGO_MOVEGEN_H

#include "engine/board.h"

#define MOVE_NONE ((move_t)0)
#define MOVE_MAX_JUMPS 33
#define MOVE_JUMPS_SHIFT 18
#define MOVE_FROM(m) ((int)((m) & 63))
#define MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define MOVE_NJUMPS(m) ((int)(((m) >> 12) & 63))
#define MOVE_JUMP_DIR(m, i) \
	((int)(((m) >> (MOVE_JUMPS_SHIFT + 3 * (i))) & 7))
#define MOVE_MAKE(from, to) ((move_t)(from) | ((move_t)(to) << 6))
_Static_assert(MOVE_JUMPS_SHIFT + 3 * MOVE_MAX_JUMPS <= 128,
    "the longest monkey chain does not fit in a move");
_Static_assert(MOVE_MAX_JUMPS <= BOARD_MAX_CAPTURES,
    "struct move_effects cannot list the longest chain's captures");

/* Does a move fit in 64 bits (at most 15 jumps: the directions past bit 63
 * of a longer chain may all be 0, north, so the count decides)? For 64-bit
 * stores such as the search's hash table, which keep no move that does not. */
static inline bool
move_fits64(move_t m)
{
	return (m >> 64) == 0 && MOVE_NJUMPS(m) <= 15;
}

/*
 * Room for the moves of any ordinary position. A monkey among many enemy
 * pieces can have tens of thousands of distinct jump paths (over 23,000 were
 * found in a constructed position), so a list this size can be cut short in
 * such positions: it then holds the first MOVELIST_MAX moves and `truncated`
 * is set. movegen_visit, movegen_count, movegen_is_legal, notation_read and
 * perft are exact whatever the number.
 */
#define MOVELIST_MAX 2048

struct movelist {
	int n;
	bool truncated;
	move_t moves[MOVELIST_MAX];
};

/* Every legal move of the side to move. None when a lion is missing. */
int movegen_legal(const struct board *b, struct movelist *ml);
/* Every legal move, each passed to fn, however many there are. */
typedef void (*movegen_visitor)(void *ctx, move_t m);
void movegen_visit(const struct board *b, movegen_visitor fn, void *ctx);
/* Every legal move in a malloc'd array (free it), for interfaces only. */
move_t *movegen_all(const struct board *b, size_t *n);
/* Moves that capture or promote (for quiescence search). */
int movegen_captures(const struct board *b, struct movelist *ml);
/* The number of legal moves, without listing them (perft's last ply). */
uint64_t movegen_count(const struct board *b);
/* Could `attacker` capture the enemy lion if it were attacker's turn? */
bool movegen_attacks_lion(const struct board *b, int attacker);
/* Could the side not to move take the piece on sq at once, were it its
 * turn (a capture or a monkey's jump over it; its first list of captures,
 * MOVELIST_MAX)? */
bool movegen_can_be_taken(const struct board *b, int sq);
/* Is m among the legal moves? Checked directly, without a list. */
bool movegen_is_legal(const struct board *b, move_t m);
/* The squares a move lands on, in order (a monkey chain: every landing).
 * Returns how many (1 for an ordinary move). */
int move_landings(move_t m, int out[MOVE_MAX_JUMPS + 1]);

/* perft: leaves of the move tree to depth, last ply counted in bulk. */
uint64_t perft(const struct board *b, int depth);

#endif
