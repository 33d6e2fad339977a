/*
 * fen.h: positions as text (RULES.md "FEN").
 */
#ifndef CONGO_FEN_H
#define CONGO_FEN_H

#include <stddef.h>

#include "engine/board.h"

#define FEN_START "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1"
#define FEN_START_MEGAPAWN "ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE w 0 1"
#define FEN_MAX 96

/*
 * Read any of the three forms: `<placement> <side> [<quiet> <move>]`, the
 * course form `<placement> <side> <move>` (the number taken as it is, 0
 * included, so the 4-field form accepts a move number of 0 too), and the .NET form of nine
 * '/'-separated sections ending in `w/-1` or `b/-1`. On error returns -1,
 * leaves *b untouched and writes a message naming the problem into err.
 */
int fen_read(struct board *b, const char *text, char *err, size_t errlen);

/*
 * The same for a position of a variant (enum variant), from the len bytes
 * at text: a NUL byte among them is refused (a line read with its length
 * cannot lose what follows one), and so are the pieces the variant does not
 * have (S in megapawn, Q in congo). fen_read is this for Congo and a C
 * string.
 */
int fen_read_variant(struct board *b, int variant, const char *text,
    size_t len, char *err, size_t errlen);

/* Write our 4-field form. buf should hold FEN_MAX bytes. */
void fen_write(const struct board *b, char *buf, size_t n);

#endif
