/*
 * ui_dialog.c: the yes/no dialog over the board, and the screen dispatch.
 */
#include <stdio.h>
#include <string.h>

#include "ui/ui_int.h"

void
ui_confirm(struct ui_app *a, const char *question, enum ui_cmd_type cmd)
{
	snprintf(a->confirm_text, sizeof a->confirm_text, "%s", question);
	a->confirm_cmd = cmd;
	a->screen = SCR_CONFIRM;
	a->dirty = true;
}

void
ui_confirm_draw(struct ui_app *a)
{
	char line[160];
	int w, h = 5, y, x, i;

	ui_board_draw(a);
	w = term_width(a->confirm_text) + 6;
	if (w < 30)
		w = 30;
	if (w > a->lay.cols)
		w = a->lay.cols;
	y = (a->lay.rows - h) / 2;
	x = (a->lay.cols - w) / 2;
	for (i = 0; i < h; i++)
		term_fill(y + i, x, w, ST_DIALOG, 0, ' ');
	term_fill(y, x, w, ST_DIALOG, 0, '-');
	term_fill(y + h - 1, x, w, ST_DIALOG, 0, '-');
	term_putw(y + 1, x + 3, w - 6, ST_DIALOG, TA_BOLD, a->confirm_text);
	snprintf(line, sizeof line, "y: yes    n or Esc: no");
	term_putw(y + 3, x + 3, w - 6, ST_DIALOG, 0, line);
}

void
ui_confirm_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_cmd cmd;

	memset(&cmd, 0, sizeof cmd);
	a->dirty = true;
	switch (ev->key) {
	case 'y':
	case 'Y':
		a->screen = SCR_BOARD;
		cmd.type = a->confirm_cmd;
		app_command(a, &cmd);
		return;
	case UK_CTRL('c'):
		a->quit = true;
		return;
	case UK_RESIZE:
	case UK_NONE:
		return;
	case 'q':
		/* q answered with q: the user does want to quit. */
		if (a->confirm_cmd == CMD_QUIT_NOW) {
			a->quit = true;
			return;
		}
		/* FALLTHROUGH */
	default:
		a->screen = SCR_BOARD;
		return;
	}
}

void
ui_draw(struct ui_app *a)
{
	int rows, cols;

	term_size(&rows, &cols);
	ui_layout_compute(&a->lay, rows, cols);
	term_erase();
	if (a->lay.too_small) {
		ui_toosmall_draw(a);
		term_cursor(0, 0, false);
	} else {
		ui_screens[a->screen].draw(a);
		if (a->screen == SCR_BOARD && a->in.cmdline) {
			char buf[UI_CMDLINE_MAX + 2];
			int w;
			snprintf(buf, sizeof buf, ":%s", a->in.cmd);
			w = term_width(buf);
			if (w >= cols)
				w = cols - 1;
			term_cursor(a->lay.status_y + 1, w, true);
		} else {
			term_cursor(0, 0, false);
		}
	}
	term_refresh();
	a->dirty = false;
}
