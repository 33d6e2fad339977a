/*
 * ui_board.c: the main screen: the board, and the status and message
 * lines; the side panel beside it is ui_panel.c's.
 */
#include <stdio.h>
#include <string.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "session/session_var.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"
#include "util/i18n.h"


static const char *const side_name[2] = { N_("White"), N_("Black") };

/* Circled letters: upper case for White, lower case for Black. */
static const char *const glyph_white[] = { "\u24C1", "\u24CF", "\u24BA",
	"\u24BC", "\u24B8", "\u24C2", "\u24C5", "\u24C8", "\u24C6" };
static const char *const glyph_black[] = { "\u24DB", "\u24E9", "\u24D4",
	"\u24D6", "\u24D2", "\u24DC", "\u24DF", "\u24E2", "\u24E0" };
_Static_assert(sizeof glyph_white / sizeof glyph_white[0] == NPIECE_TYPES &&
    sizeof glyph_black / sizeof glyph_black[0] == NPIECE_TYPES,
    "one symbol per piece type and colour");
static const char *const *const glyph_unicode[2] = { glyph_white,
	glyph_black };

int
tone_style(int tone)
{
	switch (tone) {
	case SM_ERROR:
		return ST_ERROR;
	case SM_GOOD:
		return ST_GOOD;
	case SM_DIM:
		return ST_DIM;
	default:
		return ST_NORMAL;
	}
}

/* The message line: a message too long for it is cut at a word with
 * "... (m)": the log (m) shows it whole, wrapped. */
void
ui_message_put(int y, int w, const char *text, int style)
{
	char buf[SESSION_MSG_MAX + 16];

	if (term_width(text) <= w) {
		term_putw(y, 0, w, style, 0, text);
		return;
	}
	snprintf(buf, sizeof buf, "%s", text);
	while (term_width(buf) > w - 9 && strrchr(buf, ' ') != NULL)
		*strrchr(buf, ' ') = '\0';
	strcat(buf, " ... (m)");
	term_putw(y, 0, w, style, 0, buf);
}

static void
draw_message(struct ui_app *a, const char *text, int style)
{
	ui_message_put(a->lay.status_y + 1, a->lay.cols, text, style);
}

/* What the board shows: the position, or a monkey chain being entered, or
 * the board editor's position. */
struct view {
	uint8_t sq[NSQ];
	int variant;
	int cursor;             /* the cursor's square, -1 when not shown */
	int piece_sq;           /* the chosen piece where it stands now */
	bb_t targets, jumped, last, danger, advice, drown;
	bb_t prey;              /* the pieces a selected monkey can jump */
};

/* A monkey captures by jumping: the pieces under its next landings two
 * squares away are marked as a capture's target is (>p<). */
static bb_t
monkey_prey(const struct ui_app *a, const struct board *b,
    const struct view *v, int at, bb_t targets)
{
	bb_t prey = 0;
	int sq;

	if (at < 0 || a->in.selected < 0 ||
	    PIECE_TYPE(b->sq[a->in.selected]) != MONKEY)
		return 0;
	for (sq = 0; sq < NSQ; sq++) {
		int df, dr, mid;
		if (!(targets & BB(sq)))
			continue;
		df = SQ_FILE(sq) - SQ_FILE(at);
		dr = SQ_RANK(sq) - SQ_RANK(at);
		if (df != 2 && df != -2 && dr != 2 && dr != -2)
			continue;
		mid = SQ(SQ_FILE(at) + df / 2, SQ_RANK(at) + dr / 2);
		if (v->sq[mid] != PIECE_NONE)
			prey |= BB(mid);
	}
	return prey;
}

static void
view_make(struct ui_app *a, struct view *v)
{
	const struct session *s = &a->s;
	const struct board *b = session_board(s);
	int i, n, land[MOVE_MAX_JUMPS + 1];
	int ply = session_shown_ply(s);
	move_t better;
	bool live = s->review < 0;
	/* Reviewing, a move may start a variation: the choice shows. */
	bool pick = live || session_var_refused(s) == NULL;

	memset(v, 0, sizeof *v);
	v->piece_sq = -1;
	if (s->edit.open) {
		memcpy(v->sq, s->edit.b.sq, sizeof v->sq);
		v->variant = s->edit.b.variant;
		v->cursor = app_screen(a) == SCR_EDIT ? s->edit.cursor : -1;
		return;
	}
	memcpy(v->sq, b->sq, sizeof v->sq);
	v->variant = b->variant;
	v->cursor = app_screen(a) == SCR_BOARD && (!session_ai_vs_ai(s) ||
	    !live) && pick ? a->in.cursor : -1;
	if (pick) {
		v->piece_sq = ui_input_piece_sq(&a->in);
		v->targets = ui_input_targets(&a->in, b);
		v->jumped = ui_input_jumped(&a->in);
		if (a->in.nland > 0) {
			v->sq[v->piece_sq] = b->sq[a->in.selected];
			if (v->piece_sq != a->in.selected)
				v->sq[a->in.selected] = PIECE_NONE;
		}
		v->prey = monkey_prey(a, b, v, v->piece_sq, v->targets);
	}
	if (s->var > 0 || ply > 0) {
		move_t m = s->var > 0 ? s->tree.node[s->var].move :
		    s->game.moves[ply - 1];
		v->last |= BB(MOVE_FROM(m));
		n = move_landings(m, land);
		for (i = 0; i < n; i++)
			v->last |= BB(land[i]);
	}
	/* Reviewing an analysed move: the better move's squares, as the
	 * hint's (its words are on the message line). */
	if (!live && s->var <= 0 && ply > 0 &&
	    session_better_move(s, ply - 1, &better)) {
		v->advice |= BB(MOVE_FROM(better));
		n = move_landings(better, land);
		for (i = 0; i < n; i++)
			v->advice |= BB(land[i]);
	}
	if (live && ui_learn_hint_sq(a) >= 0 && a->in.selected < 0)
		v->advice |= BB(ui_learn_hint_sq(a));
	if (live && s->advice_move != MOVE_NONE && a->in.selected < 0) {
		v->advice |= BB(MOVE_FROM(s->advice_move));
		n = move_landings(s->advice_move, land);
		for (i = 0; i < n; i++)
			v->advice |= BB(land[i]);
	}
	for (i = 0; i < 2; i++) {
		int lion = board_lion_sq(b, i);
		if (lion >= 0 && (!live || !game_over(&s->game)) &&
		    movegen_attacks_lion(b, !i))
			v->danger |= BB(lion);
	}
	if (s->warn && (!live || !game_over(&s->game)))
		v->drown = session_drowning(b);
}

static void
glyph(const struct ui_app *a, uint8_t p, char *out, size_t n)
{
	if (a->unicode && glyph_unicode[PIECE_COLOR(p)][PIECE_TYPE(p)] != NULL)
		snprintf(out, n, "%s", glyph_unicode[PIECE_COLOR(p)][PIECE_TYPE(p)]);
	else
		snprintf(out, n, "%c", board_piece_letter(p));
}

/* The mark either side of a piece jumped, in danger, drowning or
 * advised, in that order; ' ' none. */
static char
side_mark(const struct view *v, int sq)
{
	bb_t b = BB(sq);

	return v->jumped & b ? 'x' : v->danger & b ? '!' : v->drown & b ? '~' :
	    v->advice & b ? '+' : ' ';
}

/* A square's style: its terrain's, then the last move, danger,
 * targets, the piece picked up and the cursor, each over the one
 * before; the last move underlined where there are too few colours. */
static int
cell_style(const struct view *v, int sq, bool castle, bool river,
    bool island, int *attrs)
{
	int style;

	if (castle)
		style = (SQ_FILE(sq) + SQ_RANK(sq)) % 2 ? ST_CASTLE : ST_CASTLE2;
	else if (island)
		style = ST_ISLAND;
	else if (river)
		style = ST_RIVER;
	else
		style = (SQ_FILE(sq) + SQ_RANK(sq)) % 2 ? ST_LAND : ST_LAND2;
	if (v->last & BB(sq)) {
		if (term_colors() >= 256)
			style = ST_LAST;
		else
			*attrs |= TA_UNDERLINE;
	}
	if (v->drown & BB(sq))
		style = ST_DANGER;
	if (v->danger & BB(sq))
		style = ST_DANGER;
	if ((v->targets | v->prey) & BB(sq))
		style = ST_TARGET;
	if (sq == v->piece_sq)
		style = ST_SELECTED;
	if (sq == v->cursor)
		style = ST_CURSOR;
	return style;
}

/* The rows above and below the pieces: the river's waves. */
static void
draw_waves(const struct ui_layout *l, int y0, int x0, int style, bool river,
    char wave)
{
	char row[16];

	for (int i = 0; i < l->cell_h; i++) {
		if (i == l->cell_h / 2)
			continue;
		for (int k = 0; k < l->cell_w; k++)
			row[k] = river && (x0 + k + i) % 2 == 0 ? wave : ' ';
		row[l->cell_w] = '\0';
		term_put(y0 + i, x0, style, 0, row);
	}
}

/* The piece on the piece row, between its marks (picked up, a target,
 * or side_mark's), or a target's dot or an advised square's '+'. */
static void
draw_token(struct ui_app *a, const struct view *v, int sq, int y, int cx,
    int style, int attrs, int tokattrs)
{
	uint8_t p = v->sq[sq];
	char g[8], left = ' ', right = ' ';

	if (sq == v->piece_sq) {
		left = '*';
		right = '*';
	} else if (((v->targets | v->prey) & BB(sq)) && p != PIECE_NONE) {
		left = '>';
		right = '<';
	} else {
		left = right = side_mark(v, sq);
	}
	if (p != PIECE_NONE) {
		int ts = PIECE_COLOR(p) == WHITE ? ST_WPIECE : ST_BPIECE;
		char c[2] = { left, '\0' };
		term_put(y, cx - 1, ts, tokattrs | attrs, c);
		glyph(a, p, g, sizeof g);
		term_put(y, cx, ts, tokattrs | attrs, g);
		c[0] = right;
		term_put(y, cx + 1, ts, tokattrs | attrs, c);
	} else if (v->targets & BB(sq)) {
		term_put(y, cx, style, attrs | TA_BOLD,
		    a->unicode ? "\u00B7" : ".");
	} else if (v->advice & BB(sq)) {
		term_put(y, cx, style, attrs | TA_BOLD, "+");
	}
}

static void
draw_cell(struct ui_app *a, const struct view *v, int sq, int y0, int x0)
{
	const struct ui_layout *l = &a->lay;
	bool castle = (board_castle[WHITE] | board_castle[BLACK]) & BB(sq);
	bool river = SQ_RANK(sq) == RIVER_RANK;
	bool island = river && (variant_get(v->variant)->islands & BB(sq));
	char wave = island ? '^' : '~';
	bool mono = !term_has_color();
	int style, mid = l->cell_h / 2, cx = x0 + l->cell_w / 2;
	int attrs = 0, tokattrs = 0;
	char row[16];

	style = cell_style(v, sq, castle, river, island, &attrs);
	if (mono && (style == ST_CURSOR || style == ST_SELECTED))
		tokattrs |= TA_REVERSE;
	draw_waves(l, y0, x0, style, river, wave);

	/* The piece row: terrain marks at the edges, markers by the piece. */
	memset(row, ' ', (size_t)l->cell_w);
	row[l->cell_w] = '\0';
	if (castle) {
		row[0] = '[';
		row[l->cell_w - 1] = ']';
	} else if (river && l->cell_h == 1) {
		row[0] = wave;
		row[l->cell_w - 1] = wave;
	}
	term_put(y0 + mid, x0, style, attrs, row);
	draw_token(a, v, sq, y0 + mid, cx, style, attrs, tokattrs);
}

void
ui_board_squares(struct ui_app *a)
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
draw_status(struct ui_app *a)
{
	const struct session *s = &a->s;
	const struct ui_layout *l = &a->lay;
	const struct board *b = game_board(&s->game);
	char buf[SESSION_MSG_MAX * 2], txt[128], mv[MOVE_TEXT_MAX];
	/* (q leaves a record of a list reviewed, not the game) */
	const char *hint = session_net_record_game(s) != NULL ?
	    _("? help  q back") : _("? help  q quit");
	int len;

	if (s->var > 0) {
		len = snprintf(buf, sizeof buf, _(" variation, ply %d (off the "
		    "game after ply %d)  |  [ ] step, ( next, ) leaves, "
		    "P promotes, D deletes, } the game"),
		    s->tree.node[s->var].ply, s->review);
	} else if (s->review >= 0) {
		len = snprintf(buf, sizeof buf, _(" reviewing ply %d of %d  |  "
		    "[ ] step, { start, :continue plays on from here, } back "
		    "to the game"), s->review, s->game.nply);
	} else {
		if (game_over(&s->game))
			session_result_text(s, txt, sizeof txt);
		else
			snprintf(txt, sizeof txt, _("%s to move"),
			    _(side_name[b->side]));
		len = snprintf(buf, sizeof buf, " %s", txt);
		if (s->game.nply > 0 && !l->compact) {
			notation_write(s->game.moves[s->game.nply - 1], mv,
			    sizeof mv);
			len += snprintf(buf + len, sizeof buf - (size_t)len,
			    _("  |  last %s"), mv);
		}
		if (a->net->on)
			;       /* the server's pace: no pause, no delay */
		else if (s->paused)
			len += snprintf(buf + len, sizeof buf - (size_t)len,
			    _("  |  paused (p resumes, . steps)"));
		else if (session_ai_vs_ai(s) && !game_over(&s->game))
			len += snprintf(buf + len, sizeof buf - (size_t)len,
			    _("  |  delay %d ms"), s->delay_ms);
	}
	if (ui_net_status(a, txt, sizeof txt))
		len += snprintf(buf + len, sizeof buf - (size_t)len,
		    "  |  %s", txt);
	/* No panel: the clocks on the status bar. */
	if (l->compact && s->clocked && (s->review < 0 ||
	    !game_over(&s->game))) {
		char w[16], k[16];
		clock_format(session_clock_shown(s, WHITE), w, sizeof w);
		clock_format(session_clock_shown(s, BLACK), k, sizeof k);
		len += snprintf(buf + len, sizeof buf - (size_t)len,
		    "  |  W %s B %s", w, k);
	}
	(void)len;
	/* The command line is open: its messages (Tab's candidates) take
	 * the status bar. */
	if (a->in.cmdline && s->msg.text[0] != '\0')
		snprintf(buf, sizeof buf, " %s", s->msg.text);
	if (a->in.cmdline && s->msg.text[0] != '\0')
		term_cut_words(buf, l->cols);
	else if (!l->compact)
		/* "? help  q quit" always: the bar's items make room */
		term_cut_items_bare(buf, l->cols - term_width(hint) - 3);
	else
		term_cut_items(buf, l->cols);
	term_putw(l->status_y, 0, l->cols, ST_STATUS, 0, buf);
	if (term_width(buf) + term_width(hint) + 2 < l->cols)
		term_put(l->status_y, l->cols - term_width(hint) - 1,
		    ST_STATUS, 0, hint);

	ui_message_line(a);
}

/* The line under the status bar: the command line, a message, the AI's
 * progress, advice, or a hint of what to do. */
void
ui_message_line(struct ui_app *a)
{
	const struct session *s = &a->s;
	const struct ui_layout *l = &a->lay;
	char buf[SESSION_MSG_MAX * 2];
	const char *line2 = NULL;
	int style2 = ST_DIM;

	if (a->in.cmdline) {
		/* A line longer than the screen scrolls sideways with the
		 * cursor. */
		int w, from = 0, i, uw;
		const char *t = a->in.cmd;
		int cur = term_width_n(t, a->in.pos);
		char used[32];

		w = ui_cmdline_width(a, l->cols, used, sizeof used);
		uw = w < l->cols - 2 ? (int)strlen(used) : 0;
		if (cur > w)
			from = cur - w;
		for (i = 0; from > 0 && t[0] != '\0'; from--) {
			do
				t++;
			while (((unsigned char)*t & 0xC0) == 0x80);
			i++;
		}
		snprintf(buf, sizeof buf, "%s%s", i > 0 ? "<" : ":", t);
		term_putw(l->status_y + 1, 0, l->cols - (uw > 0 ? uw + 1 : 0),
		    ST_NORMAL, 0, buf);
		if (uw > 0)
			term_putw(l->status_y + 1, l->cols - uw - 1, uw + 1,
			    ST_DIM, 0, used);
		if (a->in.replace) {
			const char *sp = strchr(t, ' ');
			if (sp != NULL)
				term_put(l->status_y + 1, 1 +
				    (int)(sp + 1 - t), ST_CURSOR, 0, sp + 1);
		}
		return;
	}
	if (s->msg.text[0] != '\0') {
		line2 = s->msg.text;
		style2 = tone_style(s->msg.tone);
	} else if ((s->thinking || s->held != MOVE_NONE) &&
	    s->ai_line[0] != '\0')
		line2 = s->ai_line;
	else if (s->advice[0] != '\0') {
		line2 = s->advice;
		style2 = ST_GOOD;
	} else if (s->review >= 0)
		line2 = _("Reviewing: nothing is undone; a move played here "
		    "starts a variation");
	else if (session_human_turn(s) && a->in.selected >= 0)
		line2 = a->in.nland == 0 ?
		    _("Choose a destination; Esc cancels") :
		    (ui_input_targets(&a->in, game_board(&s->game)) &
		    BB(a->in.selected)) ?
		    _("Monkey: next landing (its start too); Enter/Esc: stop; "
		    "Backspace: undo a jump") :
		    _("Monkey: next landing, or Enter on it/Esc to stop there; "
		    "Backspace undoes a jump");
	else if (session_human_turn(s))
		line2 = _("Arrows/hjkl move, Enter selects, : types a move "
		    "(:d2d3), ? help");
	else if (game_over(&s->game))
		line2 = _("Game over: n new game, u takes back, [ reviews, "
		    "S saves, q quits");
	else if (session_ai_vs_ai(s))
		line2 = _("p or Space pauses, . one move, + - pace, [ reviews, "
		    "? help");
	draw_message(a, line2 != NULL ? line2 : "", style2);
}

void
ui_board_draw(struct ui_app *a)
{
	/* Compact: the board makes room for a lesson or the analysis. */
	if (a->lay.compact && (session_learn_active(&a->s) ||
	    a->s.analysis.on))
		ui_layout_aside(&a->lay);
	ui_moves_drawn(&a->s, 0, 0, 0, 0, 0);     /* none until drawn */
	ui_board_squares(a);
	if (!a->lay.compact)
		ui_panel_draw(a);
	else if (a->lay.aside)
		ui_panel_aside(a);
	draw_status(a);
}

void
ui_board_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_input_ctx ctx;
	struct ui_action act;
	struct ui_event e = *ev;

	ctx.b = game_board(&a->s.game);
	ctx.nomove = session_nomove_reason(&a->s);
	if (a->s.review >= 0 && session_var_refused(&a->s) == NULL) {
		/* Reviewing: a move of the position shown, a variation. */
		ctx.b = session_board(&a->s);
		ctx.nomove = NULL;
	}
	ctx.space_pauses = session_ai_vs_ai(&a->s);
	a->s.dirty = true;
	if (ui_learn_key(a, ev))
		return;
	if (a->in.cmdline && e.key == '\t') {
		app_complete(a);
		return;
	}
	/* A key clears the old message (Tab's candidates stay until the
	 * next key). */
	a->s.msg.text[0] = '\0';
	a->in.history = &a->s.history;
	ui_input_key(&a->in, &ctx, &e, &act);
	if (a->in.entered[0] != '\0') {
		session_history_add(&a->s.history, a->in.entered);
		a->in.entered[0] = '\0';
	}
	switch (act.type) {
	case ACT_NONE:
	case ACT_REDRAW:
	case ACT_SELECT:
	case ACT_CHAIN_STEP:
	case ACT_CANCEL:
		break;
	case ACT_MOVE:
		if (ui_learn_play(a, act.move))
			break;
		if (a->s.review >= 0) {
			struct session_cmd c;
			memset(&c, 0, sizeof c);
			c.type = CMD_MOVE;
			notation_write(act.move, c.arg, sizeof c.arg);
			app_command(a, &c);
			break;
		}
		session_human_move(&a->s, act.move);
		break;
	case ACT_COMMAND:
		app_command(a, &act.cmd);
		break;
	case ACT_ERROR:
		if (ui_learn_illegal(a, act.msg))
			break;
		if (act.illegal) {  /* the rule it breaks */
			session_explain_illegal(&a->s, a->in.selected,
			    a->in.land, a->in.nland, a->in.cursor);
			break;
		}
		session_msg(&a->s, SM_ERROR, "%s", act.msg);
		break;
	}
	app_sync(a);
}

void
ui_toosmall_draw(struct ui_app *a)
{
	char buf[128];
	int y = a->lay.rows / 2 - 1;

	if (y < 0)
		y = 0;
	term_putw(y, 0, a->lay.cols, ST_ERROR, 0, _("terminal too small"));
	snprintf(buf, sizeof buf, _("need %dx%d, have %dx%d"), UI_COLS_COMPACT,
	    UI_ROWS_MIN, a->lay.cols, a->lay.rows);
	term_putw(y + 1, 0, a->lay.cols, ST_NORMAL, 0, buf);
	term_putw(y + 2, 0, a->lay.cols, ST_DIM, 0, _("q quits"));
}
