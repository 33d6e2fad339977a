/*
 * ui_board.c: the main screen: the board, the side panel (players, piece
 * counts, move list) and the status and message lines.
 */
#include <stdio.h>
#include <string.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"


static const char *const side_name[2] = { "White", "Black" };

/* Circled letters: upper case for White, lower case for Black. */
static const char *const glyph_unicode[2][NPIECE_TYPES] = {
	{ "\u24C1", "\u24CF", "\u24BA", "\u24BC", "\u24B8", "\u24C2",
	  "\u24C5", "\u24C8" },
	{ "\u24DB", "\u24E9", "\u24D4", "\u24D6", "\u24D2", "\u24DC",
	  "\u24DF", "\u24E2" },
};

/* What the board shows: the position, or a monkey chain being entered. */
struct view {
	uint8_t sq[NSQ];
	int piece_sq;           /* the chosen piece where it stands now */
	bb_t targets, jumped, last, danger, advice;
};

static void
view_make(struct ui_app *a, struct view *v)
{
	const struct board *b = game_board(&a->game);
	int i, n, land[MOVE_MAX_JUMPS + 1];
	int from;

	memcpy(v->sq, b->sq, sizeof v->sq);
	v->piece_sq = ui_input_piece_sq(&a->in);
	v->targets = ui_input_targets(&a->in, b);
	v->jumped = ui_input_jumped(&a->in);
	if (a->in.nland > 0) {
		v->sq[v->piece_sq] = b->sq[a->in.selected];
		if (v->piece_sq != a->in.selected)
			v->sq[a->in.selected] = PIECE_NONE;
	}
	v->last = 0;
	if (a->game.nply > 0) {
		move_t m = a->game.moves[a->game.nply - 1];
		from = MOVE_FROM(m);
		v->last |= BB(from);
		n = move_landings(m, land);
		for (i = 0; i < n; i++)
			v->last |= BB(land[i]);
	}
	v->advice = 0;
	if (a->advice_move != MOVE_NONE && a->in.selected < 0) {
		v->advice |= BB(MOVE_FROM(a->advice_move));
		n = move_landings(a->advice_move, land);
		for (i = 0; i < n; i++)
			v->advice |= BB(land[i]);
	}
	v->danger = 0;
	for (i = 0; i < 2; i++) {
		int lion = board_lion_sq(b, i);
		if (lion >= 0 && !game_over(&a->game) &&
		    movegen_attacks_lion(b, !i))
			v->danger |= BB(lion);
	}
}

static void
glyph(const struct ui_app *a, uint8_t p, char *out, size_t n)
{
	if (a->unicode)
		snprintf(out, n, "%s", glyph_unicode[PIECE_COLOR(p)][PIECE_TYPE(p)]);
	else
		snprintf(out, n, "%c", board_piece_letter(p));
}

static void
draw_cell(struct ui_app *a, const struct view *v, int sq, int y0, int x0)
{
	const struct ui_layout *l = &a->lay;
	bool castle = (board_castle[WHITE] | board_castle[BLACK]) & BB(sq);
	bool river = SQ_RANK(sq) == RIVER_RANK;
	bool mono = !term_has_color();
	int base, style, mid = l->cell_h / 2, cx = x0 + l->cell_w / 2;
	int i, attrs = 0, tokattrs = 0;
	uint8_t p = v->sq[sq];
	char row[16], g[8], left = ' ', right = ' ';

	if (castle)
		base = (SQ_FILE(sq) + SQ_RANK(sq)) % 2 ? ST_CASTLE : ST_CASTLE2;
	else if (river)
		base = ST_RIVER;
	else
		base = (SQ_FILE(sq) + SQ_RANK(sq)) % 2 ? ST_LAND : ST_LAND2;
	style = base;
	if (v->last & BB(sq)) {
		if (term_colors() >= 256)
			style = ST_LAST;
		else
			attrs |= TA_UNDERLINE;
	}
	if (v->danger & BB(sq))
		style = ST_DANGER;
	if (v->targets & BB(sq))
		style = ST_TARGET;
	if (sq == v->piece_sq)
		style = ST_SELECTED;
	if (sq == a->in.cursor && a->screen == SCR_BOARD && !app_ai_vs_ai(a))
		style = ST_CURSOR;
	if (mono && (style == ST_CURSOR || style == ST_SELECTED))
		tokattrs |= TA_REVERSE;

	/* The rows above and below the pieces: the river's waves. */
	for (i = 0; i < l->cell_h; i++) {
		int k;
		if (i == mid)
			continue;
		for (k = 0; k < l->cell_w; k++)
			row[k] = river && (x0 + k + i) % 2 == 0 ? '~' : ' ';
		row[l->cell_w] = '\0';
		term_put(y0 + i, x0, style, 0, row);
	}

	/* The piece row: terrain marks at the edges, markers by the piece. */
	memset(row, ' ', (size_t)l->cell_w);
	row[l->cell_w] = '\0';
	if (castle) {
		row[0] = '[';
		row[l->cell_w - 1] = ']';
	} else if (river && l->cell_h == 1) {
		row[0] = '~';
		row[l->cell_w - 1] = '~';
	}
	term_put(y0 + mid, x0, style, attrs, row);

	if (sq == v->piece_sq) {
		left = '*';
		right = '*';
	} else if ((v->targets & BB(sq)) && p != PIECE_NONE) {
		left = '>';
		right = '<';
	} else if (v->jumped & BB(sq)) {
		left = 'x';
		right = 'x';
	} else if (v->danger & BB(sq)) {
		left = '!';
		right = '!';
	} else if (v->advice & BB(sq)) {
		left = '+';
		right = '+';
	}
	if (p != PIECE_NONE) {
		int ts = PIECE_COLOR(p) == WHITE ? ST_WPIECE : ST_BPIECE;
		char c[2] = { left, '\0' };
		term_put(y0 + mid, cx - 1, ts, tokattrs | attrs, c);
		glyph(a, p, g, sizeof g);
		term_put(y0 + mid, cx, ts, tokattrs | attrs, g);
		c[0] = right;
		term_put(y0 + mid, cx + 1, ts, tokattrs | attrs, c);
	} else if (v->targets & BB(sq)) {
		term_put(y0 + mid, cx, style, attrs | TA_BOLD,
		    a->unicode ? "\u00B7" : ".");
	} else if (v->advice & BB(sq)) {
		term_put(y0 + mid, cx, style, attrs | TA_BOLD, "+");
	}
}

static void
draw_board(struct ui_app *a)
{
	const struct ui_layout *l = &a->lay;
	struct view v;
	bool fl = a->in.flipped;
	int i, j;
	char lab[16];

	view_make(a, &v);
	for (i = 0; i < 7; i++) {
		int rank = fl ? i : 6 - i;
		snprintf(lab, sizeof lab, "%d", rank + 1);
		term_put(l->board_y + i * l->cell_h + l->cell_h / 2,
		    l->board_x - 2, ST_LABEL, 0, lab);
		for (j = 0; j < 7; j++) {
			int file = fl ? 6 - j : j;
			draw_cell(a, &v, SQ(file, rank), l->board_y + i * l->cell_h,
			    l->board_x + j * l->cell_w);
		}
	}
	for (j = 0; j < 7; j++) {
		int file = fl ? 6 - j : j;
		snprintf(lab, sizeof lab, "%c", 'a' + file);
		term_put(l->board_y + 7 * l->cell_h,
		    l->board_x + j * l->cell_w + l->cell_w / 2, ST_LABEL, 0, lab);
	}
}

static void
piece_counts(const struct board *b, int c, char *buf, size_t n)
{
	size_t len = 0;
	int t;

	buf[0] = '\0';
	for (t = 0; t < NPIECE_TYPES && len < n; t++) {
		int k = bb_popcount(b->pieces[c][t]);
		len += (size_t)snprintf(buf + len, n - len, "%s%c%d",
		    t ? " " : "", board_piece_letter(PIECE_MAKE(c, t)), k);
	}
}

/* Move list lines: "  1. d2d3 d6d5". Returns how many; fills line k. */
static int
move_line(const struct game *g, int k, char *buf, size_t n)
{
	const struct board *s = &g->pos[0];
	int off = s->side == BLACK, nlines = (g->nply + off + 1) / 2;
	char m1[MOVE_TEXT_MAX], m2[MOVE_TEXT_MAX];
	int p1, p2;

	if (k < 0 || k >= nlines)
		return nlines;
	p1 = 2 * k - off;   /* the ply of White's move on this line */
	p2 = p1 + 1;
	if (p1 >= 0)
		notation_write(g->moves[p1], m1, sizeof m1);
	else
		snprintf(m1, sizeof m1, "...");
	m2[0] = '\0';
	if (p2 < g->nply)
		notation_write(g->moves[p2], m2, sizeof m2);
	snprintf(buf, n, "%3d. %s %s", s->fullmove + k, m1, m2);
	return nlines;
}

static void
draw_panel(struct ui_app *a)
{
	const struct ui_layout *l = &a->lay;
	const struct board *b = game_board(&a->game);
	int x = l->panel_x, w = l->panel_w, y = 0, c, i;
	int nlines, first, room;
	char buf[256], desc[96];

	for (c = 0; c < 2; c++) {
		bool turn = b->side == c && !game_over(&a->game);
		ui_player_describe(a->player[c], desc, sizeof desc);
		term_put(y, x, ST_TURN, 0, turn ? ">" : " ");
		term_put(y, x + 2, c == WHITE ? ST_WPIECE : ST_BPIECE, 0,
		    c == WHITE ? " White " : " Black ");
		snprintf(buf, sizeof buf, " %s%s", desc,
		    turn && a->thinking ? " (thinking)" : "");
		term_putw(y, x + 9, w - 9, ST_NORMAL, 0, buf);
		y++;
		piece_counts(b, c, buf, sizeof buf);
		term_putw(y, x + 2, w - 2, ST_NORMAL, 0, buf);
		y++;
	}
	if (a->game.rules.quiet_plies > 0)
		snprintf(buf, sizeof buf, "move %d   quiet plies %d/%d",
		    b->fullmove, b->quiet, a->game.rules.quiet_plies);
	else
		snprintf(buf, sizeof buf, "move %d", b->fullmove);
	term_putw(y++, x + 2, w - 2, ST_DIM, 0, buf);
	if (ui_net_panel(a, buf, sizeof buf))
		term_putw(y++, x + 2, w - 2, ST_HEAD, 0, buf);
	if (ui_learn_panel(a, y + 1, x, w, l->status_y))
		return;
	room = l->status_y - (y + 1);
	nlines = move_line(&a->game, -1, NULL, 0);
	if (a->scroll > nlines - room)
		a->scroll = nlines - room > 0 ? nlines - room : 0;
	if (a->scroll < 0)
		a->scroll = 0;
	first = nlines - room - a->scroll;
	if (first < 0)
		first = 0;
	snprintf(buf, sizeof buf, "Moves%s", a->scroll ? " (PgDn: newer)" :
	    first > 0 ? " (PgUp: older)" : "");
	term_putw(y++, x, w, ST_HEAD, 0, buf);
	if (nlines == 0 && room > 0)
		term_putw(y, x, w, ST_DIM, 0, "  (none yet)");
	for (i = 0; i < room && first + i < nlines; i++) {
		move_line(&a->game, first + i, buf, sizeof buf);
		term_putw(y + i, x, w, ST_NORMAL,
		    first + i == nlines - 1 ? TA_BOLD : 0, buf);
	}
}

static void
draw_status(struct ui_app *a)
{
	const struct ui_layout *l = &a->lay;
	const struct board *b = game_board(&a->game);
	char buf[UI_MSG_MAX * 2], txt[128], mv[MOVE_TEXT_MAX];
	const char *hint = "? help  q quit";
	int len;

	if (game_over(&a->game)) {
		game_result_text(a->game.result, a->game.reason, txt, sizeof txt);
	} else {
		snprintf(txt, sizeof txt, "%s to move", side_name[b->side]);
	}
	len = snprintf(buf, sizeof buf, " %s", txt);
	if (a->game.nply > 0) {
		notation_write(a->game.moves[a->game.nply - 1], mv, sizeof mv);
		len += snprintf(buf + len, sizeof buf - (size_t)len,
		    "  |  last %s", mv);
	}
	if (a->paused)
		len += snprintf(buf + len, sizeof buf - (size_t)len,
		    "  |  paused (p resumes, . steps)");
	else if (app_ai_vs_ai(a) && !game_over(&a->game))
		len += snprintf(buf + len, sizeof buf - (size_t)len,
		    "  |  delay %d ms", a->delay_ms);
	if (ui_net_status(a, txt, sizeof txt))
		len += snprintf(buf + len, sizeof buf - (size_t)len,
		    "  |  %s", txt);
	(void)len;
	term_putw(l->status_y, 0, l->cols, ST_STATUS, 0, buf);
	if ((int)strlen(buf) + (int)strlen(hint) + 2 < l->cols)
		term_put(l->status_y, l->cols - (int)strlen(hint) - 1,
		    ST_STATUS, 0, hint);

	if (a->in.cmdline) {
		snprintf(buf, sizeof buf, ":%s", a->in.cmd);
		term_putw(l->status_y + 1, 0, l->cols, ST_NORMAL, 0, buf);
		return;
	}
	if (a->msg[0] != '\0')
		term_putw(l->status_y + 1, 0, l->cols, a->msg_style, 0, a->msg);
	else if ((a->thinking || a->held != MOVE_NONE) && a->ai_line[0] != '\0')
		term_putw(l->status_y + 1, 0, l->cols, ST_DIM, 0, a->ai_line);
	else if (a->advice[0] != '\0')
		term_putw(l->status_y + 1, 0, l->cols, ST_GOOD, 0, a->advice);
	else if (app_human_turn(a) && a->in.selected >= 0)
		term_putw(l->status_y + 1, 0, l->cols, ST_DIM, 0,
		    a->in.nland > 0 ?
		    "Monkey: next landing, or Enter on it/Esc to stop there; "
		    "Backspace undoes a jump" :
		    "Choose a destination; Esc cancels");
	else if (app_human_turn(a))
		term_putw(l->status_y + 1, 0, l->cols, ST_DIM, 0,
		    "Arrows/hjkl move, Enter selects, : types a move (:d2d3), "
		    "? help");
	else if (game_over(&a->game))
		term_putw(l->status_y + 1, 0, l->cols, ST_DIM, 0,
		    "Game over: n new game, u takes back, S saves, q quits");
	else if (app_ai_vs_ai(a))
		term_putw(l->status_y + 1, 0, l->cols, ST_DIM, 0,
		    "p or Space pauses, . one move, + - pace, ? help");
	else
		term_putw(l->status_y + 1, 0, l->cols, ST_DIM, 0, "");
}

void
ui_board_draw(struct ui_app *a)
{
	draw_board(a);
	draw_panel(a);
	draw_status(a);
}

void
ui_board_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_input_ctx ctx;
	struct ui_action act;
	struct ui_event e = *ev;

	ctx.b = game_board(&a->game);
	ctx.nomove = app_nomove_reason(a);
	ctx.space_pauses = app_ai_vs_ai(a);
	/* Keys other than movement clear the old message. */
	if (ui_learn_key(a, ev))
		return;
	if (!a->in.cmdline)
		a->msg[0] = '\0';
	ui_input_key(&a->in, &ctx, &e, &act);
	switch (act.type) {
	case ACT_NONE:
		break;
	case ACT_REDRAW:
	case ACT_SELECT:
	case ACT_CHAIN_STEP:
	case ACT_CANCEL:
		a->dirty = true;
		break;
	case ACT_MOVE:
		if (ui_learn_play(a, act.move))
			break;
		app_play(a, act.move, false);
		break;
	case ACT_COMMAND:
		app_command(a, &act.cmd);
		break;
	case ACT_ERROR:
		if (ui_learn_illegal(a, act.msg))
			break;
		app_message(a, ST_ERROR, "%s", act.msg);
		break;
	}
	a->dirty = true;
}

void
ui_toosmall_draw(struct ui_app *a)
{
	char buf[128];
	int y = a->lay.rows / 2 - 1;

	if (y < 0)
		y = 0;
	term_putw(y, 0, a->lay.cols, ST_ERROR, 0, "terminal too small");
	snprintf(buf, sizeof buf, "need %dx%d, have %dx%d", UI_COLS_MIN,
	    UI_ROWS_MIN, a->lay.cols, a->lay.rows);
	term_putw(y + 1, 0, a->lay.cols, ST_NORMAL, 0, buf);
	term_putw(y + 2, 0, a->lay.cols, ST_DIM, 0, "q quits");
}
