/*
 * ui_learn.c: the view of lessons: the lesson list (a screen of its own),
 * the panel beside the board during a lesson, and the keys that go to the
 * session's lesson and puzzle flow (src/session/session_learn.c).
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui_learn.h"
#include "util/i18n.h"

void
ui_learn_begin(struct ui_app *a, const struct session_learn_opts *o)
{
	session_learn_begin(&a->s, o);
	app_sync(a);
}

void
ui_learn_end(struct ui_app *a)
{
	session_learn_free(&a->s);
}

void
ui_learn_sync(struct ui_app *a)
{
	const struct session_learn *L = a->s.learn;

	if (L == NULL || L->view_serial == a->learn_seen)
		return;
	a->learn_seen = L->view_serial;
	switch (L->mode) {
	case SL_LIST:
		a->screen = SCR_LEARN;
		break;
	case SL_LESSON:
	case SL_PUZZLE:
		a->screen = SCR_BOARD;
		if (L->bottom >= 0)
			a->in.flipped = L->bottom == BLACK;
		break;
	case SL_OFF:
		if (a->screen == SCR_LEARN)
			a->screen = SCR_BOARD;
		app_set_flip_default(a);
		break;
	}
}

bool
ui_learn_command(struct ui_app *a, const struct session_cmd *cmd)
{
	if (!session_learn_command(&a->s, cmd))
		return false;
	app_sync(a);
	return true;
}

bool
ui_learn_play(struct ui_app *a, move_t m)
{
	switch (session_learn_play(&a->s, m)) {
	case SL_NOT_MINE:
		return false;
	case SL_REFUSED:
		ui_input_clear(&a->in);
		break;
	case SL_TAKEN:
		break;
	}
	app_sync(a);
	return true;
}

bool
ui_learn_illegal(struct ui_app *a, const char *msg)
{
	(void)msg;
	return session_learn_illegal(&a->s, a->in.selected, a->in.land,
	    a->in.nland, a->in.cursor);
}

bool
ui_learn_key(struct ui_app *a, const struct ui_event *ev)
{
	const struct session_learn *L = a->s.learn;

	if (!session_learn_active(&a->s) || !L->waiting || a->in.cmdline)
		return false;
	if (ev->key != UK_ENTER && ev->key != ' ' && ev->key != 'n')
		return false;
	session_learn_enter(&a->s);
	app_sync(a);
	return true;
}

int
ui_learn_hint_sq(const struct ui_app *a)
{
	return session_learn_hint_sq(&a->s);
}

/* A line of keys ("a: a hint  :solution  u: start the step again") is
 * wrapped between its items (two spaces apart), never inside one; other
 * text at cut. */
static int
item_break(const char *s, int cut)
{
	int i;

	if (s[cut] == ' ' && s[cut + 1] == ' ')
		return cut;
	for (i = cut - 1; i > 0; i--)
		if (s[i] == ' ' && s[i + 1] == ' ')
			return i;
	return cut;
}

/* The first line indented by `first`, the others by two; without draw,
 * only the lines are counted. */
static int
wrap(int y, int x, int w, int bottom, int style, int first,
    const char *text, bool draw)
{
	char line[256];
	const char *s = text;
	int ind = first;

	if (w < 8)
		return y;
	if (w > (int)sizeof line - 1)
		w = (int)sizeof line - 1;
	while (*s != '\0' && y < bottom) {
		int n = (int)strlen(s), cut = n;
		if (n > w - ind) {
			cut = w - ind;
			while (cut > 0 && !i18n_break_ok(s, cut))
				cut--;
			if (cut == 0)
				cut = w - ind;
			cut = item_break(s, cut);
		}
		snprintf(line, sizeof line, "%*s%.*s", ind, "", cut, s);
		if (draw)
			term_putw(y, x, w, style, 0, line);
		y++;
		s += cut;
		while (*s == ' ')
			s++;
		ind = 2;
	}
	return y;
}

int
ui_learn_wrap(int y, int x, int w, int bottom, int style, const char *text)
{
	return wrap(y, x, w, bottom, style, 2, text, true);
}

/* The lines text takes in the panel. */
static int
wrap_count(int w, const char *text)
{
	return wrap(0, 0, w, 1000, ST_NORMAL, 2, text, false);
}

int
ui_learn_wrap_head(int y, int x, int w, int bottom, int style,
    const char *text)
{
	return wrap(y, x, w, bottom, style, 0, text, true);
}

/*
 * The compact layout's narrow panel: the title, the goal and what was
 * said whole, the intro in the rows left (cut at a word with "... (m)":
 * the message log holds it whole), the keys if there is room.
 */
static bool
compact_panel(struct ui_app *a, const struct learn_lesson *l,
    const struct learn_step *s, int y, int x, int w, int bottom)
{
	const struct session_learn *L = a->s.learn;
	char buf[LEARN_INTRO_MAX + 16];
	int need, room, len;

	snprintf(buf, sizeof buf, "%s (%d/%zu)", l->title, L->step + 1,
	    learn_lesson_nsteps(l));
	y = ui_learn_wrap_head(y, x, w, bottom, ST_HEAD, buf);
	need = wrap_count(w, s->goal);
	if (L->said[0] != '\0')
		need += wrap_count(w, L->said);
	room = bottom - y - need;
	snprintf(buf, sizeof buf, "%s", l->intro);
	len = (int)strlen(buf);
	while (len > 0 && wrap_count(w, buf) > room) {
		/* a word less, and the mark that there is more */
		while (len > 0 && buf[len - 1] != ' ')
			len--;
		while (len > 0 && buf[len - 1] == ' ')
			len--;
		snprintf(buf + len, sizeof buf - (size_t)len, _(" ... (m)"));
	}
	if (len > 0)
		y = ui_learn_wrap(y, x, w, bottom, ST_NORMAL, buf);
	y = ui_learn_wrap(y, x, w, bottom, ST_GOOD, s->goal);
	if (L->said[0] != '\0')
		y = ui_learn_wrap(y, x, w, bottom, tone_style(L->said_tone),
		    L->said);
	if (y + 1 < bottom)
		ui_learn_wrap(y + 1, x, w, bottom, ST_DIM, ui_learn_keys(L,
		    L->waiting ? _("Enter: go on") : _("a: a hint  :solution")));
	return true;
}

const char *
ui_learn_keys(const struct session_learn *L, const char *keys)
{
	size_t n = strlen(L->said), k = strlen(keys);

	return n >= k && strcmp(L->said + n - k, keys) == 0 ? "" : keys;
}

bool
ui_learn_panel(struct ui_app *a, int y, int x, int w, int bottom)
{
	const struct session_learn *L = a->s.learn;
	const struct learn_lesson *l;
	const struct learn_step *s;
	const char *help;
	char buf[LEARN_TEXT_MAX + 32];
	int need;

	if (L == NULL)
		return false;
	if (L->mode == SL_PUZZLE) {
		ui_puzzle_panel(a, y, x, w, bottom);
		return true;
	}
	if (L->mode != SL_LESSON)
		return false;
	l = session_learn_lesson(&a->s);
	s = session_learn_step(&a->s);
	if (a->lay.compact)
		return compact_panel(a, l, s, y, x, w, bottom);
	help = ui_learn_keys(L, L->waiting ? _("Enter: go on") : _("a: a "
	    "hint  :solution  u: start the step again  :learn: the lessons"));
	snprintf(buf, sizeof buf, _("Lesson: %s"), l->title);
	y = ui_learn_wrap_head(y, x, w, bottom, ST_HEAD, buf);
	snprintf(buf, sizeof buf, _("  step %d of %zu"), L->step + 1,
	    learn_lesson_nsteps(l));
	term_putw_words(y++, x, w, ST_DIM, 0, buf);
	/* A short panel keeps the goal and what was said whole: the intro
	 * (shown when the step began) goes first, then the keys' line. */
	need = 1 + wrap_count(w, s->goal) + 1 + wrap_count(w, help);
	if (L->said[0] != '\0')
		need += 1 + wrap_count(w, L->said);
	if (y + need + wrap_count(w, l->intro) <= bottom)
		y = ui_learn_wrap(y, x, w, bottom, ST_NORMAL, l->intro);
	if (y < bottom)
		term_putw_words(y++, x, w, ST_HEAD, 0, _("Goal"));
	y = ui_learn_wrap(y, x, w, bottom, ST_GOOD, s->goal);
	if (L->said[0] != '\0' && y + 1 < bottom)
		y = ui_learn_wrap(y + 1, x, w, bottom,
		    tone_style(L->said_tone), L->said);
	if (y < bottom)
		y++;
	ui_learn_wrap(y, x, w, bottom, ST_DIM, help);
	return true;
}

void
ui_learn_list_draw(struct ui_app *a)
{
	struct session_learn *L = session_learn_get(&a->s);
	int rows = a->lay.rows, cols = a->lay.cols, n, i, first, room, y = 0;
	int done;
	char buf[LEARN_TEXT_MAX + 64];

	n = (int)learn_book_count(&L->book);
	for (i = 0, done = 0; i < n; i++)
		done += learn_state_lesson_done(&L->st,
		    learn_book_lesson(&L->book, (size_t)i)->id);
	snprintf(buf, sizeof buf, _(" Lessons: learn Congo one rule at a time "
	    "(%d of %d done)"), done, n);
	term_putw_words(y++, 0, cols, ST_HEAD, 0, buf);
	term_putw_items(y++, 0, cols, ST_DIM, 0, _(" Enter starts, p puzzles, "
	    "Up/Down choose, q or Esc back to the game"));
	y++;
	room = rows - y - 2;
	if (L->cursor >= n)
		L->cursor = n - 1;
	if (L->cursor < 0)
		L->cursor = 0;
	first = L->cursor - room + 1;
	if (first < 0)
		first = 0;
	for (i = 0; i < room && first + i < n; i++) {
		const struct learn_lesson *l = learn_book_lesson(&L->book,
		    (size_t)(first + i));
		bool done = learn_state_lesson_done(&L->st, l->id);
		bool ok = learn_variant_supported(l->variant);
		snprintf(buf, sizeof buf, " %s %2d. %s%s", done ? "[x]" : "[ ]",
		    first + i + 1, l->title, strcmp(l->variant, "congo") == 0 ?
		    "" : ok ? "  (megapawn)" :
		    _("  (megapawn: not in this build)"));
		term_putw_words(y + i, 0, cols, !ok ? ST_DIM : done ? ST_GOOD :
		    ST_NORMAL, first + i == L->cursor ? TA_REVERSE : 0, buf);
	}
	if (a->s.msg.text[0] != '\0')
		term_putw(rows - 1, 0, cols, a->s.msg.tone == SM_ERROR ?
		    ST_ERROR : ST_GOOD, 0, a->s.msg.text);
}

void
ui_learn_list_key(struct ui_app *a, const struct ui_event *ev)
{
	struct session_learn *L = session_learn_get(&a->s);
	int n = (int)learn_book_count(&L->book);

	a->s.dirty = true;
	switch (ev->key) {
	case UK_UP:
	case 'k':
		if (L->cursor > 0)
			L->cursor--;
		break;
	case UK_DOWN:
	case 'j':
		if (L->cursor + 1 < n)
			L->cursor++;
		break;
	case UK_HOME:
		L->cursor = 0;
		break;
	case UK_END:
		L->cursor = n - 1;
		break;
	case UK_ENTER:
	case ' ':
		session_learn_pick(&a->s, L->cursor);
		break;
	case 'p':
		/* the board once a puzzle is set up; with none left the
		 * list stays and says so */
		session_learn_pick_puzzle(&a->s);
		break;
	case 'q':
	case UK_ESC:
		session_learn_back(&a->s);
		break;
	case UK_CTRL('l'):
		term_redraw_all();
		break;
	default:
		break;
	}
	app_sync(a);
}
