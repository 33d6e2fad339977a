/*
 * ui_learn.c: lessons in the game. The lesson list (a screen of its own),
 * a lesson's steps played on the board with the usual keys: a right move
 * is played and Enter goes on, a wrong or illegal one is not played and
 * the line below the board says which rule it breaks. Progress is kept in
 * $XDG_STATE_HOME/congo/learn.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui_learn.h"

struct ui_learn *
ui_learn_get(struct ui_app *a)
{
	if (a->learn == NULL) {
		a->learn = xcalloc(1, sizeof *a->learn);
		a->learn->puzzle = -1;
		a->learn->hint_sq = -1;
	}
	return a->learn;
}

void
ui_learn_opts_take(int *argc, char **argv, struct ui_learn_opts *o)
{
	int i, j = 1;

	memset(o, 0, sizeof *o);
	for (i = 1; i < *argc; i++) {
		if (strcmp(argv[i], "--learn") == 0)
			o->learn = true;
		else if (strcmp(argv[i], "--puzzle") == 0)
			o->puzzle = true;
		else
			argv[j++] = argv[i];
	}
	argv[j] = NULL;
	*argc = j;
}

void
ui_learn_usage(FILE *out)
{
	fputs("\nLearning:\n"
	    "  --learn            open the lessons (a newcomer starts here)\n"
	    "  --puzzle           solve puzzles: win the lion in 1 to 4 moves\n",
	    out);
}

void
ui_learn_state_load(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	char err[1200];

	if (L->state_loaded)
		return;
	learn_state_init(&L->st);
	L->state_loaded = true;
	if (learn_state_path(L->state_path, sizeof L->state_path) != 0) {
		L->state_path[0] = '\0';
		session_msg(&a->s, SM_ERROR, "progress not kept: neither "
		    "XDG_STATE_HOME nor HOME is set");
		return;
	}
	if (learn_state_load(&L->st, L->state_path, err,
	    sizeof err) != 0) {
		session_msg(&a->s, SM_ERROR, "%s (progress not kept)", err);
		learn_state_free(&L->st);
		learn_state_init(&L->st);
		L->state_path[0] = '\0';
	}
}

void
ui_learn_state_save(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	char err[1200];

	if (L->state_path[0] == '\0')
		return;
	if (learn_state_save(&L->st, L->state_path, err, sizeof err) != 0)
		session_msg(&a->s, SM_ERROR, "%s", err);
}

void
ui_learn_new_game(struct ui_app *a, const struct board *b)
{
	session_new_game(&a->s, b);
	app_sync(a);
	a->in.flipped = b->side == BLACK;
}

void
ui_learn_players_human(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	struct player_conf pc;
	int c;

	if (!L->players_saved) {
		L->saved[WHITE] = a->s.conf.white;
		L->saved[BLACK] = a->s.conf.black;
		L->clocked = a->s.clocked;
		L->players_saved = true;
	}
	a->s.clocked = false;     /* no clock in a lesson or a puzzle */
	for (c = 0; c < 2; c++) {
		if (a->s.player[c]->human)
			continue;
		pc = c == WHITE ? a->s.conf.white : a->s.conf.black;
		snprintf(pc.type, sizeof pc.type, "human");
		session_set_player(&a->s, c, &pc);
	}
}

void
ui_learn_leave(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	int c;

	if (L->mode == UL_OFF)
		return;
	L->mode = UL_OFF;
	L->waiting = false;
	if (a->screen == SCR_LEARN)
		a->screen = SCR_BOARD;
	if (L->players_saved) {
		for (c = 0; c < 2; c++)
			session_set_player(&a->s, c, &L->saved[c]);
		a->s.clocked = L->clocked;
		L->players_saved = false;
	}
	app_set_flip_default(a);
}

static bool
book_load(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	char path[1024], err[LEARN_ERR_MAX + 64];

	if (L->book_loaded)
		return true;
	learn_data_path("lessons.txt", path, sizeof path);
	learn_book_init(&L->book);
	if (learn_book_read(&L->book, path, err, sizeof err) != 0) {
		session_msg(&a->s, SM_ERROR, "%s%s", err, getenv("CONGO_DATADIR") == NULL ?
		    " (CONGO_DATADIR may name the folder of lessons.txt)" : "");
		return false;
	}
	L->book_loaded = true;
	return true;
}

static void
open_list(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	if (!book_load(a))
		return;
	ui_learn_state_load(a);
	session_cancel_turns(&a->s);
	if (a->s.msg.tone != SM_ERROR)
		a->s.msg.text[0] = '\0';
	L->mode = UL_LIST;
	L->waiting = false;
	a->screen = SCR_LEARN;
}

static const struct learn_lesson *
cur_lesson(const struct ui_learn *L)
{
	return learn_book_lesson(&L->book, (size_t)L->lesson);
}

static void
start_step(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	const struct learn_lesson *l = cur_lesson(L);
	const struct learn_step *s = learn_lesson_step(l, (size_t)L->step);
	struct board b;
	char err[LEARN_ERR_MAX];

	if (learn_step_position(l, s, &b, err, sizeof err) != 0) {
		session_msg(&a->s, SM_ERROR, "%s: %s", l->id, err);
		open_list(a);
		return;
	}
	L->mode = UL_LESSON;
	L->waiting = false;
	ui_learn_forget(a);
	a->screen = SCR_BOARD;
	ui_learn_players_human(a);
	ui_learn_new_game(a, &b);
	session_msg(&a->s, SM_NORMAL, "%s", s->goal);
}

static void
start_lesson(struct ui_app *a, int i)
{
	struct ui_learn *L = ui_learn_get(a);
	const struct learn_lesson *l = learn_book_lesson(&L->book,
	    (size_t)i);
	if (l == NULL)
		return;
	if (!learn_variant_supported(l->variant)) {
		session_msg(&a->s, SM_ERROR, "This lesson needs the %s variant, "
		    "which this build does not play yet", l->variant);
		return;
	}
	L->lesson = i;
	L->step = 0;
	start_step(a);
}

/* Enter after a right move: the next step, or the lesson is done. */
static void
next_step(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	const struct learn_lesson *l = cur_lesson(L);

	if ((size_t)L->step + 1 < learn_lesson_nsteps(l)) {
		L->step++;
		start_step(a);
		return;
	}
	learn_state_mark_lesson(&L->st, l->id);
	ui_learn_state_save(a);
	open_list(a);
	if (L->cursor + 1 < (int)learn_book_count(&L->book))
		L->cursor++;
	if (a->s.msg.tone != SM_ERROR)
		session_msg(&a->s, SM_GOOD, "Lesson done: %s", l->title);
}

int
ui_learn_check_data(const struct ui_learn_opts *o, char *err, size_t n)
{
	const char *name = o->puzzle ? "puzzles.tsv" : "lessons.txt";
	char path[PATH_MAX + 32], tried[2048];

	if (!o->learn && !o->puzzle)
		return 0;
	if (learn_data_find(name, path, sizeof path, tried,
	    sizeof tried) == 0)
		return 0;
	snprintf(err, n, "--%s: no %s found; looked in %s. Install the game "
	    "(make install), or set CONGO_DATADIR to the folder that holds "
	    "%s (the source tree's data/)", o->puzzle ? "puzzle" : "learn",
	    name, tried, name);
	return -1;
}

void
ui_learn_begin(struct ui_app *a, const struct ui_learn_opts *o)
{
	if (o->puzzle) {
		ui_puzzle_next(a);
		return;
	}
	if (o->learn)
		open_list(a);
}

void
ui_learn_end(struct ui_app *a)
{
	struct ui_learn *L = a->learn;

	if (L == NULL)
		return;
	if (L->book_loaded)
		learn_book_free(&L->book);
	if (L->state_loaded)
		learn_state_free(&L->st);
	if (L->puzzles_loaded)
		vec_free(&L->puzzles);
	learn_prover_free(L->pv);
	free(L);
	a->learn = NULL;
}

/* A move typed on the command line: played through ui_learn_play, or
 * if it is not legal, why. False to leave it to the game. */
static bool
typed_move(struct ui_app *a, const char *text)
{
	struct ui_learn *L = ui_learn_get(a);
	const struct board *b = game_board(&a->s.game);
	char err[160], why[LEARN_TEXT_MAX], sq[3];
	int from, to;
	move_t m;

	if (L->waiting) {
		session_msg(&a->s, SM_GOOD, "Enter: go on");
		return true;
	}
	if (game_over(&a->s.game))
		return false;
	if (notation_read(b, text, &m, err, sizeof err) == 0)
		return ui_learn_play(a, m);
	if (strlen(text) < 4)
		return false;
	sq[0] = text[0];
	sq[1] = text[1];
	sq[2] = '\0';
	from = board_sq_parse(sq);
	sq[0] = text[2];
	sq[1] = text[3];
	to = board_sq_parse(sq);
	if (from < 0 || to < 0)
		return false;
	learn_explain_illegal(b, from, to, why, sizeof why);
	session_msg(&a->s, SM_ERROR, "%s: %s", text, why);
	ui_learn_said(a);
	return true;
}

/* A move that passes the step: its first accepted move, else the first
 * legal move its checks take; MOVE_NONE when none. */
static move_t
step_answer(struct ui_app *a, const struct learn_step *s)
{
	const struct board *b = game_board(&a->s.game);
	struct movelist ml;
	char why[LEARN_TEXT_MAX], err[160];
	move_t m;
	int i;

	if (s->naccept > 0 && notation_read(b, s->accept[0], &m, err,
	    sizeof err) == 0)
		return m;
	movegen_legal(b, &ml);
	for (i = 0; i < ml.n; i++)
		if (learn_step_check(s, b, ml.moves[i], why, sizeof why))
			return ml.moves[i];
	return MOVE_NONE;
}

/* a: the step's own hint, else which piece to move (marked on the
 * board), never the goal again. */
static void
lesson_hint(struct ui_app *a, const struct learn_step *s)
{
	struct ui_learn *L = ui_learn_get(a);
	const struct board *b = game_board(&a->s.game);
	move_t m = step_answer(a, s);
	char sq[3];

	if (m != MOVE_NONE)
		L->hint_sq = MOVE_FROM(m);
	if (s->hint[0] != '\0') {
		session_msg(&a->s, SM_GOOD, "Hint: %s", s->hint);
		return;
	}
	if (m == MOVE_NONE) {
		session_msg(&a->s, SM_GOOD, "Goal: %s", s->goal);
		return;
	}
	board_sq_name(MOVE_FROM(m), sq);
	session_msg(&a->s, SM_GOOD, "Hint: move the %s on %s (marked +)",
	    board_piece_name(PIECE_TYPE(b->sq[MOVE_FROM(m)])), sq);
}

bool
ui_learn_command(struct ui_app *a, const struct ui_cmd *cmd)
{
	struct ui_learn *L;
	const struct learn_step *s;

	if (a->learn == NULL && cmd->type != CMD_LEARN &&
	    cmd->type != CMD_PUZZLE && cmd->type != CMD_SOLUTION)
		return false;
	L = ui_learn_get(a);

	switch (cmd->type) {
	case CMD_LEARN:
		open_list(a);
		return true;
	case CMD_PUZZLE:
		ui_puzzle_next(a);
		return true;
	default:
		break;
	}
	if ((L->mode == UL_LESSON || L->mode == UL_PUZZLE) &&
	    cmd->type == CMD_MOVE && typed_move(a, cmd->arg))
		return true;
	if (L->mode == UL_PUZZLE) {
		switch (cmd->type) {
		case CMD_ADVICE:
			ui_puzzle_hint(a);
			return true;
		case CMD_SOLUTION:
			ui_puzzle_solution(a);
			return true;
		case CMD_UNDO:
		case CMD_REDO:
			session_msg(&a->s, SM_ERROR, "no taking back in a puzzle: "
			    ":solution shows the answer, :puzzle the next one");
			return true;
		default:
			break;
		}
	}
	if (L->mode == UL_LESSON) {
		s = learn_lesson_step(cur_lesson(L), (size_t)L->step);
		switch (cmd->type) {
		case CMD_ADVICE:
			lesson_hint(a, s);
			ui_learn_said(a);
			return true;
		case CMD_SOLUTION:
			if (s->naccept > 0)
				session_msg(&a->s, SM_GOOD, "Solution: %s", s->accept[0]);
			else if (step_answer(a, s) != MOVE_NONE) {
				char mv[MOVE_TEXT_MAX];
				notation_write(step_answer(a, s), mv, sizeof mv);
				session_msg(&a->s, SM_GOOD, "Solution: %s", mv);
			} else
				session_msg(&a->s, SM_GOOD, "Goal: %s", s->goal);
			ui_learn_said(a);
			return true;
		case CMD_UNDO:
		case CMD_REDO:
			start_step(a);
			return true;
		default:
			break;
		}
	}
	if (cmd->type == CMD_SOLUTION) {
		session_msg(&a->s, SM_ERROR, ":solution works in a puzzle or a lesson");
		return true;
	}
	/* Anything that sets up another game ends the lesson or puzzle. */
	switch (cmd->type) {
	case CMD_NEW:
	case CMD_NEW_NOW:
	case CMD_LOAD:
	case CMD_WHITE:
	case CMD_BLACK:
		ui_learn_leave(a);
		break;
	case CMD_FEN:
		if (cmd->arg[0] != '\0')
			ui_learn_leave(a);
		break;
	default:
		break;
	}
	return false;
}

bool
ui_learn_play(struct ui_app *a, move_t m)
{
	struct ui_learn *L = a->learn;
	const struct learn_step *s;
	struct board b;
	char why[LEARN_TEXT_MAX], mv[MOVE_TEXT_MAX];

	if (L == NULL)
		return false;
	if (L->mode == UL_PUZZLE)
		return ui_puzzle_play(a, m);
	if (L->mode != UL_LESSON)
		return false;
	if (L->waiting) {
		session_msg(&a->s, SM_GOOD, "Enter: go on");
		return true;
	}
	s = learn_lesson_step(cur_lesson(L), (size_t)L->step);
	b = *game_board(&a->s.game);
	notation_write(m, mv, sizeof mv);
	if (!learn_step_check(s, &b, m, why, sizeof why)) {
		ui_input_clear(&a->in);
		session_msg(&a->s, SM_ERROR, "%s: %s (taken back; try again)", mv,
		    why);
		ui_learn_said(a);
		return true;
	}
	session_play(&a->s, m, true);
	L->waiting = true;
	/* "Right! " unless the lesson's words say it ("Right: f3 ..."). */
	session_msg(&a->s, SM_GOOD, "%s%s%sEnter: go on",
	    strncmp(s->done, "Right", 5) == 0 ? "" : "Right! ", s->done,
	    s->done[0] != '\0' ? "  " : "");
	ui_learn_said(a);
	return true;
}

bool
ui_learn_illegal(struct ui_app *a, const char *msg)
{
	struct ui_learn *L = a->learn;
	const struct board *b = game_board(&a->s.game);
	char why[LEARN_TEXT_MAX];
	int from;

	if (L == NULL)
		return false;
	if (L->mode != UL_LESSON && L->mode != UL_PUZZLE)
		return false;
	if (a->in.selected < 0 || L->waiting)
		return false;
	from = a->in.nland > 0 ? a->in.land[a->in.nland - 1] : a->in.selected;
	if (a->in.nland > 0) {
		/* The monkey stands on its last landing; jumped pieces stay. */
		struct board t = *b;
		uint8_t p = t.sq[a->in.selected];
		board_remove(&t, a->in.selected);
		if (t.sq[from] == PIECE_NONE)
			board_put(&t, from, p);
		learn_explain_illegal(&t, from, a->in.cursor, why, sizeof why);
	} else {
		learn_explain_illegal(b, from, a->in.cursor, why, sizeof why);
	}
	/* "e2f2: A lion may not leave its castle": the move and the rule. */
	{
		char f[3], t[3];
		board_sq_name(from, f);
		board_sq_name(a->in.cursor, t);
		(void)msg;
		session_msg(&a->s, SM_ERROR, "%s%s: %s", f, t, why);
		ui_learn_said(a);
	}
	return true;
}

bool
ui_learn_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_learn *L = a->learn;

	if (L == NULL || (L->mode != UL_LESSON && L->mode != UL_PUZZLE))
		return false;
	if (!L->waiting || a->in.cmdline)
		return false;
	if (ev->key != UK_ENTER && ev->key != ' ' && ev->key != 'n')
		return false;
	if (L->mode == UL_LESSON)
		next_step(a);
	else
		ui_puzzle_next(a);
	return true;
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
			while (cut > 0 && s[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = w - ind;
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

void
ui_learn_said(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);

	snprintf(L->said, sizeof L->said, "%s", a->s.msg.text);
	L->said_tone = a->s.msg.tone;
}

void
ui_learn_forget(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);

	L->said[0] = '\0';
	L->hint_sq = -1;
}

int
ui_learn_hint_sq(const struct ui_app *a)
{
	const struct ui_learn *L = a->learn;

	if (L == NULL || (L->mode != UL_LESSON && L->mode != UL_PUZZLE) ||
	    L->waiting || a->s.review >= 0)
		return -1;
	return L->hint_sq;
}

bool
ui_learn_panel(struct ui_app *a, int y, int x, int w, int bottom)
{
	struct ui_learn *L = a->learn;
	const struct learn_lesson *l;
	const struct learn_step *s;
	const char *help;
	char buf[LEARN_TEXT_MAX + 32];
	int need;

	if (L == NULL)
		return false;
	if (L->mode == UL_PUZZLE) {
		ui_puzzle_panel(a, y, x, w, bottom);
		return true;
	}
	if (L->mode != UL_LESSON)
		return false;
	l = cur_lesson(L);
	s = learn_lesson_step(l, (size_t)L->step);
	help = L->waiting ? "Enter: go on" : "a: a hint  :solution  u: start "
	    "the step again  :learn: the lessons";
	snprintf(buf, sizeof buf, "Lesson: %s", l->title);
	y = ui_learn_wrap_head(y, x, w, bottom, ST_HEAD, buf);
	snprintf(buf, sizeof buf, "  step %d of %zu", L->step + 1,
	    learn_lesson_nsteps(l));
	term_putw(y++, x, w, ST_DIM, 0, buf);
	/* A short panel keeps the goal and what was said whole: the intro
	 * (shown when the step began) goes first, then the keys' line. */
	need = 1 + wrap_count(w, s->goal) + 1 + wrap_count(w, help);
	if (L->said[0] != '\0')
		need += 1 + wrap_count(w, L->said);
	if (y + need + wrap_count(w, l->intro) <= bottom)
		y = ui_learn_wrap(y, x, w, bottom, ST_NORMAL, l->intro);
	if (y < bottom)
		term_putw(y++, x, w, ST_HEAD, 0, "Goal");
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
	struct ui_learn *L = ui_learn_get(a);
	int rows = a->lay.rows, cols = a->lay.cols, n, i, first, room, y = 0;
	int done;
	char buf[LEARN_TEXT_MAX + 64];

	n = (int)learn_book_count(&L->book);
	for (i = 0, done = 0; i < n; i++)
		done += learn_state_lesson_done(&L->st,
		    learn_book_lesson(&L->book, (size_t)i)->id);
	snprintf(buf, sizeof buf, " Lessons: learn Congo one rule at a time "
	    "(%d of %d done)", done, n);
	term_putw(y++, 0, cols, ST_HEAD, 0, buf);
	term_putw(y++, 0, cols, ST_DIM, 0, " Up/Down choose, Enter starts, "
	    "p puzzles, q or Esc back to the game");
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
		snprintf(buf, sizeof buf, " %s %2d. %s%s%s", done ? "[x]" : "[ ]",
		    first + i + 1, l->title, strcmp(l->variant, "congo") != 0 ?
		    "  (" : "", strcmp(l->variant, "congo") != 0 ?
		    (ok ? "megapawn)" : "megapawn: not in this build)") : "");
		term_putw(y + i, 0, cols, !ok ? ST_DIM : done ? ST_GOOD :
		    ST_NORMAL, first + i == L->cursor ? TA_REVERSE : 0, buf);
	}
	if (a->s.msg.text[0] != '\0')
		term_putw(rows - 1, 0, cols, a->s.msg.tone == SM_ERROR ?
		    ST_ERROR : ST_GOOD, 0, a->s.msg.text);
}

void
ui_learn_list_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_learn *L = ui_learn_get(a);
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
		a->s.msg.text[0] = '\0';
		start_lesson(a, L->cursor);
		break;
	case 'p':
		/* the board once a puzzle is set up; with none left the
		 * list stays and says so */
		ui_puzzle_next(a);
		break;
	case 'q':
	case UK_ESC:
	{
		struct board b;
		a->s.msg.text[0] = '\0';
		ui_learn_leave(a);
		fen_read(&b, FEN_START, NULL, 0);
		session_new_game(&a->s, &b);
		app_sync(a);
		app_set_flip_default(a);
		break;
	}
	case UK_CTRL('l'):
		term_redraw_all();
		break;
	default:
		break;
	}
}
