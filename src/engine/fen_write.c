/*
 * fen_write.c: our 4-field FEN, `<placement> <side> <quiet> <move>`.
 */
#include <stdio.h>

#include "engine/fen.h"

void
fen_write(const struct board *b, char *buf, size_t n)
{
	char tmp[FEN_MAX];
	size_t len = 0;

	for (int r = 6; r >= 0; r--) {
		int empty = 0;
		for (int f = 0; f < 7; f++) {
			char c = board_piece_letter(b->sq[SQ(f, r)]);
			if (c == 0) {
				empty++;
				continue;
			}
			if (empty)
				tmp[len++] = (char)('0' + empty);
			empty = 0;
			tmp[len++] = c;
		}
		if (empty)
			tmp[len++] = (char)('0' + empty);
		if (r > 0)
			tmp[len++] = '/';
	}
	tmp[len] = '\0';
	/* A course position's move number 0 is written as 1: our form's
	 * move number starts at 1 (RULES.md), so what we write reads back. */
	snprintf(buf, n, "%s %c %lu %lu", tmp, b->side == WHITE ? 'w' : 'b',
	    (unsigned long)b->quiet,
	    (unsigned long)(b->fullmove == 0 ? 1 : b->fullmove));
}
