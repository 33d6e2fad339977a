/*
 * ui_dialog.c: the dialogs over the board (the session's yes/no question,
 * the new-game dialog) and the drawing of the current screen.
 */
#include <stdio.h>
#include <string.h>

#include "session/session_newgame.h"
#include "session/session_player.h"
#include "ui/ui_int.h"
#include "util/i18n.h"

/* A box of h lines centred over the board; returns its top and left. */
static void
box(struct ui_app *a, int w, int h, int *y, int *x)
{
	int i;

	if (w > a->lay.cols)
		w = a->lay.cols;
	*y = (a->lay.rows - h) / 2;
	*x = (a->lay.cols - w) / 2;
	if (*y < 0)
		*y = 0;
	for (i = 0; i < h; i++)
		term_fill(*y + i, *x, w, ST_DIALOG, 0, ' ');
	term_fill(*y, *x, w, ST_DIALOG, 0, '-');
	term_fill(*y + h - 1, *x, w, ST_DIALOG, 0, '-');
}

/* Word-wrap text into lines of at most w columns (a word longer than a
 * line is cut); the number of lines, at most max. */
static int
wrap_text(const char *text, int w, char line[][160], int max)
{
	const char *s = text;
	int n = 0;

	if (w > 159)
		w = 159;
	while (*s != '\0' && n < max) {
		int len = (int)strlen(s), cut = len;
		if (term_width(s) > w) {
			cut = w;
			while (cut > 0 && !i18n_break_ok(s, cut))
				cut--;
			if (cut == 0)
				cut = w;
		}
		snprintf(line[n++], 160, "%.*s", cut, s);
		s += cut;
		while (*s == ' ')
			s++;
	}
	return n;
}

/* The longest word of text (its columns). */
static int
longest_word(const char *text)
{
	char word[160];
	int best = 0, n;

	while (sscanf(text, "%159s%n", word, &n) == 1) {
		if (term_width(word) > best)
			best = term_width(word);
		text += n;
	}
	return best;
}

/* The question in a box as wide as its text needs (at most 72 columns,
 * or its longest word's, a fingerprint, when the screen has room),
 * wrapped: a command it names is never cut. */
void
ui_confirm_draw(struct ui_app *a)
{
	const char *keys = _("y: yes    n or Esc: no");
	char line[8][160];
	int w, y, x, i, n, tw, lw;

	ui_board_draw(a);
	tw = term_width(a->s.question);
	lw = longest_word(a->s.question) + 6;
	w = a->lay.cols - 4 < 72 ? a->lay.cols - 4 : 72;
	if (lw > w)
		w = lw < a->lay.cols - 4 ? lw : a->lay.cols - 4;
	if (tw + 6 < w)
		w = tw + 6;
	if (w < 30)
		w = a->lay.cols < 30 ? a->lay.cols : 30;
	n = wrap_text(a->s.question, w - 6, line, 8);
	box(a, w, n + 4, &y, &x);
	for (i = 0; i < n; i++)
		term_putw(y + 1 + i, x + 3, w - 6, ST_DIALOG, 0, line[i]);
	term_putw(y + n + 2, x + 3, w - 6, ST_DIALOG, 0, keys);
}

void
ui_confirm_key(struct ui_app *a, const struct ui_event *ev)
{
	bool new_game;

	a->s.dirty = true;
	switch (ev->key) {
	case 'y':
	case 'Y':
		new_game = a->s.answer_cmd.type == CMD_NEW_DIALOG;
		session_answer(&a->s, true);
		app_sync(a);
		if (new_game && !a->s.ng.open)
			app_set_flip_default(a);
		return;
	case 'n':
	case 'N':
	case UK_ESC:
		session_answer(&a->s, false);
		return;
	case UK_CTRL('c'):
		a->s.quit = true;
		return;
	case UK_RESIZE:
	case UK_NONE:
	case UK_CLICK:
		return;
	case 'q':
		/* q answered with q: the user does want to quit. */
		if (a->s.answer_cmd.type == CMD_QUIT_NOW) {
			a->s.quit = true;
			return;
		}
		/* FALLTHROUGH */
	default:
		/* A question takes y or n and nothing else: a key meant for
		 * the game (':' to type a command) answers nothing. */
		session_msg(&a->s, SM_ERROR, _("answer y or n (Esc: no)"));
		return;
	}
}

/* A field's value as the dialog shows it: the typed ones say what they
 * are ("custom 5+0", "FEN: (type or paste one)"). */
static void
newgame_shown(const struct session *s, int field, char *buf, size_t n)
{
	const char *choice = session_newgame_choices(field)[s->ng.choice[field]];
	char val[NG_TEXT_MAX];

	session_newgame_value(s, field, val, sizeof val);
	if (field == NG_CLOCK && strcmp(choice, "custom") == 0)
		snprintf(buf, n, _("custom %s"), val);
	else if (field == NG_START && strcmp(choice, "FEN") == 0)
		snprintf(buf, n, "FEN %s", val[0] != '\0' ? val :
		    _("(type or paste one)"));
	else if (field == NG_WHITE || field == NG_BLACK)
		/* "human", "AI level 3 (Learner)": translated */
		session_player_name_shown(val, buf, n);
	else    /* "none", "standard": a choice's word */
		snprintf(buf, n, "%s", val[0] != '\0' ? _(val) : "");
}

void
ui_newgame_draw(struct ui_app *a)
{
	const struct session_newgame *ng = &a->s.ng;
	const char *keys = _("Up/Down/Tab field, Left/Right value, Enter "
	    "starts, Esc cancels");
	const char *choice = session_newgame_choices(ng->field)[
	    ng->choice[ng->field]];
	const char *typing = NULL;
	char line[NG_NFIELDS][256], val[NG_TEXT_MAX + 32], kl[2][160];
	char tl[2][160];
	int w, h, y, x, i, tw, nk, nt = 0;

	ui_board_draw(a);
	if (ng->field == NG_CLOCK && strcmp(choice, "custom") == 0)
		typing = _("Type the clock: minutes+seconds (5+3, 0.5+0)");
	else if (ng->field == NG_START && strcmp(choice, "FEN") == 0)
		typing = _("Type or paste the position's FEN");
	/* As wide as the longest line needs, within the screen. */
	w = term_width(keys);
	for (i = 0; i < NG_NFIELDS; i++) {
		newgame_shown(&a->s, i, val, sizeof val);
		const char *label = session_newgame_label(i);
		int pad = 8 - term_width(label);

		/* (padded by columns: a label may have an ä or an é) */
		snprintf(line[i], sizeof line[i], "%c %s%*s %s %s %s",
		    ng->field == i ? '>' : ' ', label, pad > 0 ? pad : 0, "",
		    ng->field == i ? "<" : " ", val,
		    ng->field == i ? ">" : " ");
		tw = term_width(line[i]);
		if (tw > w)
			w = tw;
	}
	if (term_width(ng->error) > w)
		w = term_width(ng->error);
	w += 4;
	if (w > a->lay.cols)
		w = a->lay.cols;
	/* The hint and the keys wrapped at a word over two lines each on a
	 * narrow screen (40 columns), never cut: the box grows. */
	nk = wrap_text(keys, w - 4, kl, 2);
	if (typing != NULL)
		nt = wrap_text(typing, w - 4, tl, 2);
	h = NG_NFIELDS + 5 + (nt > 1 ? nt : 1) + nk;
	box(a, w, h, &y, &x);
	term_putw_words(y + 1, x + 2, w - 4, ST_DIALOG, TA_BOLD, _("New game"));
	for (i = 0; i < NG_NFIELDS; i++) {
		bool cur = ng->field == i;
		term_putw(y + 2 + i, x + 2, w - 4, cur ? ST_CURSOR : ST_DIALOG,
		    cur ? TA_BOLD : 0, line[i]);
	}
	for (i = 0; i < nt; i++)
		term_putw(y + NG_NFIELDS + 3 + i, x + 2, w - 4, ST_DIALOG, 0,
		    tl[i]);
	if (ng->error[0] != '\0')
		term_putw(y + h - 2 - nk, x + 2, w - 4, ST_DIALOG, TA_BOLD,
		    ng->error);
	for (i = 0; i < nk; i++)
		term_putw(y + h - 1 - nk + i, x + 2, w - 4, ST_DIALOG, 0,
		    kl[i]);
}

void
ui_newgame_key(struct ui_app *a, const struct ui_event *ev)
{
	struct session *s = &a->s;

	s->dirty = true;
	switch (ev->key) {
	case UK_UP:
		session_newgame_field(s, -1);
		break;
	case UK_DOWN:
	case '\t':
		session_newgame_field(s, 1);
		break;
	case UK_LEFT:
		session_newgame_change(s, -1);
		break;
	case UK_RIGHT:
		session_newgame_change(s, 1);
		break;
	case ' ':
		if (!session_newgame_type(s, ' '))
			session_newgame_change(s, 1);
		break;
	case UK_ENTER:
		if (session_newgame_enter(s) == 1)
			break;      /* asked: the answer starts it */
		app_sync(a);
		app_set_flip_default(a);
		break;
	case UK_ESC:
		session_newgame_cancel(s);
		break;
	case UK_CTRL('c'):
		s->quit = true;
		break;
	case UK_BACKSPACE:
		session_newgame_type(s, SESSION_TYPE_ERASE);
		break;
	case UK_CTRL('u'):
		session_newgame_type(s, SESSION_TYPE_CLEAR);
		break;
	default:
		if (ev->key > 0 && ev->key < 127)
			session_newgame_type(s, ev->key);
		break;
	}
}

/* The games of a file of several: one to load. */
void
ui_pick_draw(struct ui_app *a)
{
	const struct session_pick *p = &a->s.pick;
	int rows = a->lay.rows, cols = a->lay.cols, room = rows - 4, first, i;
	char line[160];

	snprintf(line, sizeof line, ngettext(" %d game in %.100s",
	    " %d games in %.100s", (unsigned long)p->n), p->n, p->path);
	term_putw(0, 0, cols, ST_STATUS, 0, line);
	first = p->sel >= room ? p->sel - room + 1 : 0;
	for (i = first; i < p->n && i - first < room; i++)
		term_putw(2 + i - first, 0, cols, i == p->sel ? ST_CURSOR :
		    ST_NORMAL, 0, p->line[i]);
	term_putw_items(rows - 1, 0, cols, ST_DIM, 0,
	    _(" Enter loads the game, Up/Down choose, Esc or q: none"));
}

void
ui_pick_key(struct ui_app *a, const struct ui_event *ev)
{
	int page = a->lay.rows - 5;

	switch (ev->key) {
	case UK_UP:
	case 'k':
		session_pick_move(&a->s, -1);
		break;
	case UK_DOWN:
	case 'j':
		session_pick_move(&a->s, 1);
		break;
	case UK_PGUP:
		session_pick_move(&a->s, -page);
		break;
	case UK_PGDN:
		session_pick_move(&a->s, page);
		break;
	case UK_HOME:
		session_pick_move(&a->s, -a->s.pick.n);
		break;
	case UK_END:
		session_pick_move(&a->s, a->s.pick.n);
		break;
	case UK_ENTER:
		session_pick_choose(&a->s);
		app_sync(a);
		app_set_flip_default(a);
		break;
	case UK_ESC:
	case 'q':
		session_pick_close(&a->s);
		break;
	case UK_CTRL('c'):
		a->s.quit = true;
		break;
	default:
		break;
	}
}

void
ui_draw(struct ui_app *a)
{
	int rows, cols;

	app_sync(a);
	term_size(&rows, &cols);
	ui_layout_compute(&a->lay, rows, cols);
	term_erase();
	if (a->lay.too_small) {
		ui_toosmall_draw(a);
		term_cursor(0, 0, false);
	} else {
		ui_screens[app_screen(a)].draw(a);
		if ((app_screen(a) == SCR_BOARD ||
		    app_screen(a) == SCR_EDIT) && a->in.cmdline) {
			char used[32];
			int w = term_width_n(a->in.cmd, a->in.pos) + 1;
			int lw = ui_cmdline_width(a, cols, used, sizeof used);
			if (w > lw + 1)
				w = lw + 1;
			term_cursor(a->lay.status_y + 1, w, true);
		} else {
			term_cursor(0, 0, false);
		}
	}
	term_refresh();
	a->s.dirty = false;
}
