/*
 * ui_layout.c: where things go on the screen for a terminal size, and
 * which square a mouse click hit. Pure: no curses.
 */
#include <string.h>

#include "engine/board.h"
#include "ui/ui_int.h"

#define PANEL_WANT 48     /* a panel wider than this only wastes room */
#define PANEL_ROOM 40     /* large squares leave the panel this much: its
                             width at 80x24 (issue 62: narrower at 100x32) */

void
ui_layout_compute(struct ui_layout *l, int rows, int cols)
{
	int total, off;

	memset(l, 0, sizeof *l);
	l->rows = rows;
	l->cols = cols;
	/* The board takes what the height allows; the panel the rest. */
	l->cell_h = (rows - 3) / 7;
	if (l->cell_h > 7)
		l->cell_h = 7;
	if (l->cell_h < 1)
		l->cell_h = 1;
	/* Squares about twice as wide as high, as long as the panel keeps
	 * its room; a little narrower (down to 2h - 1, at least 7) before
	 * they are lower. */
	for (;;) {
		l->cell_w = 2 * l->cell_h + 1;
		while (l->cell_h >= 4 && l->cell_w > 7 &&
		    l->cell_w > 2 * l->cell_h - 1 &&
		    cols < 3 + 7 * l->cell_w + 2 + PANEL_ROOM)
			l->cell_w--;
		if (l->cell_h < 4 || cols >= 3 + 7 * l->cell_w + 2 + PANEL_ROOM)
			break;
		l->cell_h--;
	}
	if (l->cell_h < 4)
		l->cell_w = 5;
	if (l->cell_h == 3 && cols >= 2 + 7 * 7 + 2 + 30)
		l->cell_w = 7;
	l->board_y = 0;
	l->board_x = 3;
	/* A large screen: the board and the panel centred. */
	total = l->board_x + 7 * l->cell_w + 2 + PANEL_WANT;
	off = (cols - total) / 2;
	if (off > 0)
		l->board_x += off;
	l->panel_x = l->board_x + 7 * l->cell_w + 2;
	l->panel_w = cols - l->panel_x;
	if (off > 0)
		l->panel_w = PANEL_WANT;
	l->status_y = rows - 2;
	if (l->cell_h >= 4 && l->status_y - (7 * l->cell_h + 1) >= 2)
		l->board_y = (l->status_y - (7 * l->cell_h + 1)) / 2;
	/* No room for the panel: the board alone, centred. */
	if (l->panel_w < UI_PANEL_MIN && cols >= UI_COLS_COMPACT) {
		l->compact = true;
		l->board_x = 3 + (cols - (3 + 7 * l->cell_w)) / 2;
		l->panel_x = cols;
		l->panel_w = 0;
	}
	l->too_small = rows < UI_ROWS_MIN || cols < UI_COLS_COMPACT;
}

#define ASIDE_MIN 18       /* a narrower panel beside the board: below it */

void
ui_layout_aside(struct ui_layout *l)
{
	int right = l->cols - (3 + 7 * l->cell_w + 2);

	if (!l->compact || l->too_small || l->aside)
		return;
	l->aside = true;
	if (right >= ASIDE_MIN) {
		l->board_x = 3;
		l->panel_x = 3 + 7 * l->cell_w + 2;
		l->panel_w = right;
		l->aside_y = l->board_y;
	} else {
		l->panel_x = 0;
		l->panel_w = l->cols;
		l->aside_y = l->board_y + 7 * l->cell_h + 1;
	}
}

int
ui_layout_square(const struct ui_layout *l, bool flipped, int y, int x)
{
	int i, j;

	if (y < l->board_y || x < l->board_x)
		return -1;
	i = (y - l->board_y) / l->cell_h;
	j = (x - l->board_x) / l->cell_w;
	if (i > 6 || j > 6)
		return -1;
	return flipped ? SQ(6 - j, i) : SQ(j, 6 - i);
}
