/*
 * ui_graph.c: a game's analysis on the board screen: the evaluation graph
 * across the panel's full width (White's winning chances after each move
 * as bars of Unicode blocks, or of . : # in a locale without UTF-8), the
 * move shown marked on it and its value under it ("10. d3e4?  #-1"), a
 * click on it showing that move; the progress
 * bar and the time left while :analyse runs; the marks of the move list
 * in colour. The session (session_analyse.c) has the numbers.
 */
#include <langinfo.h>
#include <stdio.h>
#include <string.h>

#include "ai/analyse.h"
#include "engine/notation.h"
#include "ui/ui_int.h"
#include "util/i18n.h"

#define GRAPH_ROWS 3
/* Taller where the panel leaves this many lines below it for the moves. */
#define GRAPH_ROWS_TALL 6
#define GRAPH_TALL_ROOM 12

/* Where the graph was last drawn, for clicks (the view's own state, as
 * curses' screen is). */
static struct {
	int y, x, w, h;
	int nply, per;
} drawn;

static bool
utf8(void)
{
	return strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

/* The ply column c of w stands for (the last of those it covers). */
static int
column_ply(int c, int w, int nply)
{
	if (nply <= w)
		return c < nply ? c : -1;
	return (int)(((long)(c + 1) * nply - 1) / w);
}

/* The column of ply p, or -1. */
static int
ply_column(int p, int w, int nply)
{
	if (p < 0 || p >= nply)
		return -1;
	if (nply <= w)
		return p;
	return (int)((long)p * w / nply);
}

static int
mark_style(int mark)
{
	return mark == MARK_INACCURACY ? ST_HEAD : mark != MARK_NONE ?
	    ST_ERROR : ST_NORMAL;
}

/* "Analysing [=====     ] 45/121, 12 s left" */
static void
draw_progress(struct ui_app *a, int y, int done, int total, int64_t left)
{
	int x = a->lay.panel_x, w = a->lay.panel_w, bar, fill, i;
	char buf[256], tail[64];
	size_t len;

	if (left >= 0)
		snprintf(tail, sizeof tail, _(" %d/%d, %lld s left"), done, total,
		    (long long)((left + 999) / 1000));
	else
		snprintf(tail, sizeof tail, " %d/%d", done, total);
	/* room for "Analysing [" and "]", in the reader's language */
	bar = w - 2 - 3 - term_width(_("Analysing")) - (int)strlen(tail);
	if (bar > 40)
		bar = 40;
	if (bar < 4)
		bar = 0;
	len = (size_t)snprintf(buf, sizeof buf, "%s", _("Analysing"));
	if (bar > 0) {
		fill = total > 0 ? bar * done / total : 0;
		buf[len++] = ' ';
		buf[len++] = '[';
		for (i = 0; i < bar; i++)
			buf[len++] = i < fill ? '=' : ' ';
		buf[len++] = ']';
	}
	snprintf(buf + len, sizeof buf - len, "%s", tail);
	term_putw(y, x, w, ST_HEAD, 0, buf);
}

/* One cell of a bar: fill eighths of it (0..8). */
static const char *
cell(int fill, bool uni)
{
	static const char *const blocks[9] = { " ", "\u2581", "\u2582",
		"\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588" };

	if (fill < 0)
		fill = 0;
	if (fill > 8)
		fill = 8;
	if (uni)
		return blocks[fill];
	return fill == 0 ? " " : fill <= 3 ? "." : fill <= 6 ? ":" : "#";
}

/* "White 71% 13?! 5? 0??  Black ..." as "W 71% 13?! 5? 0??  B ...". */
static void
shorten(char *sum)
{
	/* TRANSLATORS: White's and Black's initials, for "W 71% 13?! 5?" */
	const char *side[2] = { _("White"), _("Black") };
	const char *letter[2] = { _("W"), _("B") };
	char word[32], *p;
	size_t wl, ll;

	for (int c = 0; c < 2; c++) {
		snprintf(word, sizeof word, "%s ", side[c]);
		wl = strlen(word);
		ll = strlen(letter[c]);
		if ((p = strstr(sum, word)) != NULL && ll < wl) {
			memcpy(p, letter[c], ll);
			memmove(p + ll, p + wl - 1, strlen(p + wl - 1) + 1);
		}
	}
}

/* Whether any ply of the game has a value yet. */
static bool
any_eval(const struct session *s, int nply)
{
	int cp, any = 0;

	for (int i = 0; i < nply && !any; i++)
		any = session_analyse_eval(s, i, &cp);
	return any;
}

/* The summary above the graph ("White 71% 13?! ..."), shortened, or on
 * two lines, where the panel is narrow; the next line returned. */
static int
draw_summary(struct ui_app *a, int y)
{
	char sum[200], *p2 = NULL;

	session_analyse_summary(&a->s, sum, sizeof sum);
	if ((int)strlen(sum) > a->lay.panel_w)
		shorten(sum);
	/* Still too wide (a 32-column panel): a side a line, never a
	 * count cut off, when the room allows; else the first side. */
	if ((int)strlen(sum) > a->lay.panel_w && (p2 = strstr(sum, "  ")) !=
	    NULL) {
		*p2 = '\0';
		p2 += 2;
		if (y + GRAPH_ROWS + 3 < a->lay.status_y)
			term_putw(y++, a->lay.panel_x, a->lay.panel_w, ST_HEAD,
			    0, sum);
		else
			p2 = sum;
	}
	term_putw(y++, a->lay.panel_x, a->lay.panel_w, ST_HEAD, 0,
	    p2 != NULL ? p2 : sum[0] != '\0' ? sum : _("Evaluation"));
	return y;
}

/* The bars, rows high from line y, column x, at most w wide, the ply
 * shown marked; where they are is kept for clicks. */
static void
draw_bars(struct ui_app *a, int y, int x, int w, int rows, int shown)
{
	const struct session *s = &a->s;
	int nply = s->game.nply, per, here, c, r, cp;
	bool uni = utf8();

	/* two columns a ply while they fit, else plies share columns */
	per = nply > 0 && nply * 2 <= w ? 2 : 1;
	if (per == 2)
		w = nply * 2;
	else if (nply > 0 && nply < w)
		w = nply;   /* a column a ply, none past the last */
	here = ply_column(shown, w / per, nply);
	for (c = 0; c < w; c++) {
		int slot = c / per, p = column_ply(slot, w / per, nply);
		int height = -1, mark = p >= 0 ? session_analyse_mark(s, p) : 0;
		bool cur = slot == here;

		if (p >= 0 && session_analyse_eval(s, p, &cp))
			height = (int)(analyse_win_percent(cp) * rows *
			    8 / 100 + 0.5);
		for (r = 0; r < rows; r++) {
			int fill = height - (rows - 1 - r) * 8;
			const char *ch = height < 0 ? (r == rows - 1 ?
			    "?" : " ") : cell(fill, uni);
			/* the 50% line (a tall graph's rows are even): at the
			 * foot of the row above the middle, where the bar
			 * does not reach */
			if (rows % 2 == 0 && r == rows / 2 - 1 && fill <= 0)
				ch = "_";
			term_put(y + r, x + c, cur ? ST_SELECTED :
			    mark_style(mark), cur ? TA_BOLD : 0, ch);
		}
	}
	drawn.y = y;
	drawn.x = x;
	drawn.w = w;
	drawn.h = rows;
	drawn.nply = nply;
	drawn.per = per;
}

/* The value of the move shown, where a row is left for it ("10. d3e4?
 * #-1"); the next line returned. */
static int
draw_shown_value(struct ui_app *a, int y, int x, int shown)
{
	const struct session *s = &a->s;
	char line[200], val[32];

	if (shown >= 0 && y + 2 < a->lay.status_y &&
	    session_analyse_eval_text(s, shown, val, sizeof val)) {
		char mv[MOVE_TEXT_MAX + 16];
		session_move_label(s, shown, mv, sizeof mv);
		snprintf(line, sizeof line, "%d%s %s  %s",
		    s->game.pos[shown].fullmove,
		    s->game.pos[shown].side == WHITE ? "." : "...", mv, val);
		term_putw(y++, x, a->lay.panel_w - 1, ST_DIM, 0, line);
	}
	return y;
}

int
ui_graph_draw(struct ui_app *a, int y)
{
	const struct session *s = &a->s;
	int x = a->lay.panel_x + 1, w = a->lay.panel_w - 2, nply = s->game.nply;
	int done, total, shown, rows;
	int64_t left;

	drawn.h = 0;
	if (session_analyse_progress(s, &done, &total, &left)) {
		draw_progress(a, y, done, total, left);
		return y + 1;
	}
	if (!any_eval(s, nply) || w < 8 || y + GRAPH_ROWS + 2 >= a->lay.status_y)
		return y;
	y = draw_summary(a, y);
	rows = y + GRAPH_ROWS_TALL + GRAPH_TALL_ROOM < a->lay.status_y ?
	    GRAPH_ROWS_TALL : GRAPH_ROWS;
	shown = session_shown_ply(s) - 1;
	draw_bars(a, y, x, w, rows, shown);
	y += rows;
	return draw_shown_value(a, y, x, shown);
}

bool
ui_graph_click(struct ui_app *a, int my, int mx)
{
	struct session_cmd cmd;
	int c, p;

	if (drawn.h == 0 || my < drawn.y || my >= drawn.y + drawn.h ||
	    mx < drawn.x || mx >= drawn.x + drawn.w ||
	    drawn.nply != a->s.game.nply)
		return false;
	c = mx - drawn.x;
	p = column_ply(c / drawn.per, drawn.w / drawn.per, drawn.nply);
	if (p < 0)
		return true;
	memset(&cmd, 0, sizeof cmd);
	cmd.type = CMD_REVIEW_TO;
	snprintf(cmd.arg, sizeof cmd.arg, "%d", p + 1);
	app_command(a, &cmd);
	return true;
}

void
ui_graph_marks(struct ui_app *a, int y, int x, int w, const int ply[2],
    const int col[2])
{
	char mv[MOVE_TEXT_MAX + 16];
	const char *sym;
	int k, mark, len, at;

	for (k = 0; k < 2; k++) {
		if (ply[k] < 0 || col[k] < 0)
			continue;
		mark = session_analyse_mark(&a->s, ply[k]);
		sym = session_move_glyph(&a->s, ply[k]);
		if (sym[0] == '\0' && mark == MARK_NONE)
			continue;
		if (sym[0] == '\0')
			sym = analyse_mark_symbol(mark);
		session_move_label(&a->s, ply[k], mv, sizeof mv);
		len = (int)strlen(mv);
		at = col[k] + len - (int)strlen(sym);
		if (at + (int)strlen(sym) <= w)
			term_put(y, x + at, mark == MARK_NONE && sym[0] == '!' ?
			    ST_GOOD : mark_style(mark), TA_BOLD, sym);
	}
}
