/*
 * movegen.h: moves and their generation.
 *
 * A move is a uint64_t:
 *   bits 0-5    from square
 *   bits 6-11   final square
 *   bits 12-15  number of monkey jumps (0 for every other move)
 *   bits 16-57  jump directions, 3 bits each, the first jump lowest
 * A monkey takes at most 14 pieces (the enemy has at most 14), so a chain fits.
 * Congo has no check: every move the rules allow is legal, so the generator
 * is exact. It never allocates.
 */
#ifndef CONGO_MOVEGEN_H
#define CONGO_MOVEGEN_H

#include "engine/board.h"

typedef uint64_t move_t;

#define MOVE_NONE ((move_t)0)
#define MOVE_MAX_JUMPS 14
#define MOVE_FROM(m) ((int)((m) & 63))
#define MOVE_TO(m) ((int)(((m) >> 6) & 63))
#define MOVE_NJUMPS(m) ((int)(((m) >> 12) & 15))
#define MOVE_JUMP_DIR(m, i) ((int)(((m) >> (16 + 3 * (i))) & 7))
#define MOVE_MAKE(from, to) ((move_t)(from) | ((move_t)(to) << 6))

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
/* Is m among the legal moves? Checked directly, without a list. */
bool movegen_is_legal(const struct board *b, move_t m);
/* The squares a move lands on, in order (a monkey chain: every landing).
 * Returns how many (1 for an ordinary move). */
int move_landings(move_t m, int out[MOVE_MAX_JUMPS + 1]);

/* perft: leaves of the move tree to depth, last ply counted in bulk. */
uint64_t perft(const struct board *b, int depth);

#endif
