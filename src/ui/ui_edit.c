/*
 * ui_edit.c: the board editor's screen (issue 24), a draw/key pair: the
 * editor's position on the board with its cursor, a panel (side to move,
 * variant, piece counts, the FEN, why leaving was refused, the keys), and
 * keys turned into the editor's commands (src/session/session_editor.c,
 * where its state and checks live). ':' opens the command line as on the
 * board (:fen shows or reads the editor's position).
 */
#include <stdio.h>
#include <string.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "session/session_editor.h"
#include "ui/ui_int.h"
#include "util/i18n.h"

static const char *const side_name[2] = { N_("White"), N_("Black") };

/* TRANSLATORS: the editor's keys, each line at most 30 columns (the
 * panel's narrowest); the keys are the same in every language */
static const char *const edit_help[] = {
	N_("Arrows     move the cursor"),
	N_("l z e g c m p s q  black piece"),
	N_("Shift+letter       white piece"),
	N_("x Space Del  empty the square"),
	N_("Tab  side to move   v variant"),
	N_("X  empty board   r  the start"),
	N_("u Ctrl-Z  undo the last change"),
	N_("Enter play   A analyse"),
	N_("Esc  leave (game unchanged)"),
};
#define NHELP ((int)(sizeof edit_help / sizeof edit_help[0]))

static void
draw_counts(struct ui_app *a, int c, int y)
{
	const struct board *b = &a->s.edit.b;
	int x = a->lay.panel_x, w = a->lay.panel_w;
	char buf[128];
	size_t len = 0;

	buf[0] = '\0';
	for (int t = 0; t < NPIECE_TYPES && len + 8 < sizeof buf; t++) {
		if (!variant_has_piece(b->variant, t))
			continue;
		len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%c%d",
		    len ? " " : "", board_piece_letter(PIECE_MAKE(c, t)),
		    bb_popcount(b->pieces[c][t]));
	}
	term_putw(y, x + 2, w - 2, c == WHITE ? ST_WPIECE : ST_BPIECE, 0, buf);
}

/* Text wrapped over up to four lines of the panel, at a space or after a
 * '/' (a FEN's ranks). */
static int
draw_wrapped(struct ui_app *a, int y, int style, const char *text)
{
	int x = a->lay.panel_x, w = a->lay.panel_w, lines = 0;
	const char *p = text;
	char buf[256];

	while (*p != '\0' && lines < 4 && w > 4) {
		int len = 0, last = 0;
		while (p[len] != '\0' && len < w - 2) {
			if (i18n_break_ok(p, len))
				last = len;
			else if (p[len] == '/')
				last = len + 1;
			len++;
		}
		if (p[len] != '\0' && last > 0)
			len = last;
		snprintf(buf, sizeof buf, "%.*s", len, p);
		term_putw(y++, x + 2, w - 2, style, TA_BOLD, buf);
		p += len;
		while (*p == ' ')
			p++;
		lines++;
	}
	return y;
}

static void
draw_panel(struct ui_app *a)
{
	const struct session_editor *e = &a->s.edit;
	const struct ui_layout *l = &a->lay;
	int x = l->panel_x, w = l->panel_w, y = l->board_y, i;
	char buf[256], fen[FEN_MAX];

	term_putw_words(y++, x, w, ST_HEAD, TA_BOLD, _("Board editor"));
	snprintf(buf, sizeof buf, _("%s to move, %s"), _(side_name[e->b.side]),
	    variant_name(e->b.variant));
	term_putw_words(y++, x + 2, w - 2, ST_NORMAL, 0, buf);
	draw_counts(a, WHITE, y++);
	draw_counts(a, BLACK, y++);
	fen_write(&e->b, fen, sizeof fen);
	y = draw_wrapped(a, y, ST_DIM, fen);
	if (e->error[0] != '\0')
		y = draw_wrapped(a, y, ST_ERROR, e->error);
	y++;
	for (i = 0; i < NHELP && y < l->status_y; i++)
		term_putw_words(y++, x, w, ST_DIM, 0, _(edit_help[i]));
}

static void
draw_status(struct ui_app *a)
{
	const struct session *s = &a->s;
	const struct ui_layout *l = &a->lay;
	char buf[SESSION_MSG_MAX], sq[3];

	board_sq_name(s->edit.cursor, sq);
	snprintf(buf, sizeof buf, _(" Editing %s: %s to move, %s  |  Enter "
	    "plays, A analyses, Esc leaves"), sq, _(side_name[s->edit.b.side]),
	    variant_name(s->edit.b.variant));
	term_putw_items(l->status_y, 0, l->cols, ST_STATUS, 0, buf);
	if (a->in.cmdline || s->msg.text[0] != '\0') {
		ui_message_line(a);
		return;
	}
	if (s->edit.error[0] != '\0')
		term_putw(l->status_y + 1, 0, l->cols, ST_ERROR, 0,
		    s->edit.error);
	else
		term_putw_items(l->status_y + 1, 0, l->cols, ST_DIM, 0,
		    _("Letters put pieces (Shift: White), x empties, u undo, "
		    "Tab side, v variant, ?"));
}

void
ui_edit_draw(struct ui_app *a)
{
	ui_board_squares(a);
	if (!a->lay.compact)
		draw_panel(a);
	draw_status(a);
}

/* The command line, as on the board. */
static void
cmdline_key(struct ui_app *a, const struct ui_event *ev)
{
	struct session_cmd cmd;

	if (app_cmdline_key(a, ev, &a->s.edit.b,
	    _("the board editor is open"), &cmd))
		app_command(a, &cmd);
}

void
ui_edit_key(struct ui_app *a, const struct ui_event *ev)
{
	struct session *s = &a->s;
	int key = ev->key, flip = a->in.flipped ? -1 : 1;

	s->dirty = true;
	if (a->in.cmdline) {
		cmdline_key(a, ev);
		return;
	}
	s->msg.text[0] = '\0';
	switch (key) {
	case UK_UP:
		session_edit_cursor(s, 0, flip);
		return;
	case UK_DOWN:
		session_edit_cursor(s, 0, -flip);
		return;
	case UK_LEFT:
		session_edit_cursor(s, -flip, 0);
		return;
	case UK_RIGHT:
		session_edit_cursor(s, flip, 0);
		return;
	case UK_CLICK:
		session_edit_goto(s, ev->sq);
		return;
	case 'x':
	case ' ':
	case UK_DELETE:
	case UK_BACKSPACE:
		session_edit_remove(s);
		return;
	case 'X':
		session_edit_clear(s);
		return;
	case 'r':
		session_edit_reset(s);
		return;
	case '\t':
		session_edit_side(s);
		return;
	case 'v':
		session_edit_variant(s);
		return;
	case UK_ENTER:
		session_edit_play(s);
		return;
	case 'A':
		session_edit_analyse(s);
		app_sync(a);
		app_set_flip_default(a);
		return;
	case 'u':
	case 26:            /* Ctrl-Z, when the terminal sends it */
		session_edit_undo(s);
		return;
	/* Esc only: Shift+E is the white elephant (it used to leave the
	 * editor too, losing the set-up; :edit still leaves). */
	case UK_ESC:
		session_edit_cancel(s);
		return;
	case ':':
		ui_input_cmdline_open(&a->in, "", false);
		return;
	case '?':
		app_screen_over(a, SCR_HELP);
		return;
	case 'f':
		a->in.flipped = !a->in.flipped;
		return;
	default:
		break;
	}
	if (key > 0 && key < 127 && board_piece_from_letter((char)key) !=
	    PIECE_NONE)
		session_edit_put(s, (char)key);
	else if (key > 32 && key < 127)
		session_msg(s, SM_ERROR, _("'%c' means nothing in the editor "
		    "(? lists its keys)"), key);
}
