/*
 * notation.h: move text (RULES.md "Move text"): `d2d3`, monkey jumps `b1d3f5`.
 */
#ifndef CONGO_NOTATION_H
#define CONGO_NOTATION_H

#include <stddef.h>

#include "engine/movegen.h"

/* Longest move text: the start and MOVE_MAX_JUMPS landings, 2 characters
 * each, and a NUL. */
#define MOVE_TEXT_MAX (2 * (MOVE_MAX_JUMPS + 1) + 1)

/* Write the move text of m (lower case). Returns its length. */
int notation_write(move_t m, char *buf, size_t n);

/*
 * Read move text (either case) and find the legal move it names in b.
 * Returns 0 and sets *out, or -1 with a message in err such as
 * "'x9' is not a square" or "d2d5 is not a legal move".
 */
int notation_read(const struct board *b, const char *text, move_t *out,
    char *err, size_t errlen);

#endif
