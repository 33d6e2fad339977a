/*
 * board_text.c: squares, piece letters and names, and the board as text.
 */
#include <stdio.h>
#include <string.h>

#include "engine/board.h"

static const char letters[] = "LZEGCMPSQ";
static const char *const names[] = {
	"lion", "zebra", "elephant", "giraffe", "crocodile", "monkey", "pawn",
	"superpawn", "megapawn"
};
_Static_assert(sizeof letters - 1 == NPIECE_TYPES,
    "one letter per piece type");
_Static_assert(sizeof names / sizeof names[0] == NPIECE_TYPES,
    "one name per piece type");

void
board_sq_name(int sq, char out[3])
{
	if (sq < 0 || sq >= NSQ) {
		strcpy(out, "??");
		return;
	}
	out[0] = (char)('a' + SQ_FILE(sq));
	out[1] = (char)('1' + SQ_RANK(sq));
	out[2] = '\0';
}

int
board_sq_parse(const char *s)
{
	int f, r;

	if (s == NULL || s[0] == '\0')
		return -1;
	f = s[0] >= 'A' && s[0] <= 'G' ? s[0] - 'A' : s[0] - 'a';
	r = s[1] - '1';
	if (f < 0 || f > 6 || r < 0 || r > 6)
		return -1;
	return SQ(f, r);
}

char
board_piece_letter(uint8_t piece)
{
	char c;

	if (piece == PIECE_NONE || piece >= PIECE_NCODES ||
	    PIECE_TYPE(piece) >= NPIECE_TYPES)
		return 0;
	c = letters[PIECE_TYPE(piece)];
	return PIECE_COLOR(piece) == WHITE ? c : (char)(c - 'A' + 'a');
}

uint8_t
board_piece_from_letter(char c)
{
	const char *p;
	int color = WHITE;

	if (c >= 'a' && c <= 'z') {
		color = BLACK;
		c = (char)(c - 'a' + 'A');
	}
	if (c == '\0' || (p = strchr(letters, c)) == NULL)
		return PIECE_NONE;
	return PIECE_MAKE(color, (int)(p - letters));
}

const char *
board_piece_name(int type)
{
	return type >= 0 && type < NPIECE_TYPES ? names[type] : "?";
}

/* The ranks and the files; with words, the river named and the side to
 * move (in English: the engine's). */
static void
draw(const struct board *b, char *buf, size_t n, bool words)
{
	size_t len = 0;

	if (n == 0)
		return;
	buf[0] = '\0';
	for (int r = 6; r >= 0 && len < n; r--) {
		len += (size_t)snprintf(buf + len, n - len, "%d ", r + 1);
		for (int f = 0; f < 7 && len < n; f++) {
			int s = SQ(f, r);
			char c = board_piece_letter(b->sq[s]);
			bool castle = (board_castle[0] | board_castle[1]) & BB(s);
			if (c == 0 && (variant_get(b->variant)->islands &
			    BB(s)))
				c = variant_get(b->variant)->island_symbol;
			if (c == 0)
				c = r == RIVER_RANK ? '~' : (castle ? '+' : '.');
			len += (size_t)snprintf(buf + len, n - len, " %c", c);
		}
		if (len < n)
			len += (size_t)snprintf(buf + len, n - len, "%s\n",
			    words && r == RIVER_RANK ? "   river" : "");
	}
	if (len < n)
		len += (size_t)snprintf(buf + len, n - len,
		    "   a b c d e f g\n");
	if (words && len < n)
		snprintf(buf + len, n - len, "%s to move\n",
		    b->side == WHITE ? "White" : "Black");
}

void
board_draw_text(const struct board *b, char *buf, size_t n)
{
	draw(b, buf, n, true);
}

void
board_draw_grid(const struct board *b, char *buf, size_t n)
{
	draw(b, buf, n, false);
}
