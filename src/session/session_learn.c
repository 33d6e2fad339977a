/*
 * session_learn.c: lessons as a session mode. The lesson list, a lesson's
 * steps played on the board: a right move is played and Enter goes on, a
 * wrong or illegal one is not played and the message says which rule it
 * breaks. Progress is kept in $XDG_STATE_HOME/congo/learn. The view
 * (src/ui/ui_learn.c) draws the list and the panel from this state.
 */

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "session/session_int.h"
#include "session/session_player.h"
#include "util/i18n.h"
#include "util/util.h"

struct session_learn *
session_learn_get(struct session *s)
{
	if (s->learn == NULL) {
		s->learn = xcalloc(1, sizeof *s->learn);
		s->learn->puzzle = -1;
		s->learn->hint_sq = -1;
		s->learn->bottom = -1;
	}
	return s->learn;
}

void
session_learn_free(struct session *s)
{
	struct session_learn *L = s->learn;

	if (L == NULL)
		return;
	if (L->book_loaded)
		learn_book_free(&L->book);
	if (L->state_loaded)
		learn_state_free(&L->st);
	if (L->puzzles_loaded)
		vec_free(&L->puzzles);
	free(L->passed);
	learn_prover_free(L->pv);
	free(L);
	s->learn = NULL;
}

bool
session_learn_active(const struct session *s)
{
	return s->learn != NULL && (s->learn->mode == SL_LESSON ||
	    s->learn->mode == SL_PUZZLE);
}

void
session_learn_state_load(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	char err[1200];

	if (L->state_loaded)
		return;
	learn_state_init(&L->st);
	L->state_loaded = true;
	if (learn_state_path(L->state_path, sizeof L->state_path) != 0) {
		L->state_path[0] = '\0';
		session_msg(s, SM_ERROR, _("progress not kept: neither "
		    "XDG_STATE_HOME nor HOME is set"));
		return;
	}
	if (learn_state_load(&L->st, L->state_path, err, sizeof err) != 0) {
		session_msg(s, SM_ERROR, _("%s (progress not kept)"), err);
		learn_state_free(&L->st);
		learn_state_init(&L->st);
		L->state_path[0] = '\0';
	}
}

void
session_learn_state_save(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	char err[1200];

	if (L->state_path[0] == '\0')
		return;
	if (learn_state_save(&L->st, L->state_path, err, sizeof err) != 0)
		session_msg(s, SM_ERROR, "%s", err);
}

void
session_learn_said(struct session *s)
{
	struct session_learn *L = session_learn_get(s);

	snprintf(L->said, sizeof L->said, "%s", s->msg.text);
	L->said_tone = s->msg.tone;
}

void
session_learn_forget(struct session *s)
{
	struct session_learn *L = session_learn_get(s);

	L->said[0] = '\0';
	L->hint_sq = -1;
}

/* Both sides human, no clock (the players before are kept). */
static void
players_human(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	struct player_conf pc;
	int c;

	if (!L->players_saved) {
		L->saved[WHITE] = s->conf.white;
		L->saved[BLACK] = s->conf.black;
		L->clocked = s->clocked;
		L->players_saved = true;
	}
	s->clocked = false;     /* no clock in a lesson or a puzzle */
	for (c = 0; c < 2; c++) {
		if (s->player[c]->human)
			continue;
		pc = c == WHITE ? s->conf.white : s->conf.black;
		snprintf(pc.type, sizeof pc.type, "human");
		session_set_player(s, c, &pc);
	}
}

void
session_learn_game(struct session *s, const struct board *b,
    enum session_learn_mode mode)
{
	struct session_learn *L = session_learn_get(s);

	L->mode = mode;
	L->waiting = false;
	session_learn_forget(s);
	players_human(s);
	session_new_game(s, b);
	L->bottom = b->side;
	L->view_serial++;
}

void
session_learn_leave(struct session *s)
{
	struct session_learn *L = s->learn;
	int c;

	if (L == NULL || L->mode == SL_OFF)
		return;
	L->mode = SL_OFF;
	L->waiting = false;
	if (L->players_saved) {
		for (c = 0; c < 2; c++)
			session_set_player(s, c, &L->saved[c]);
		s->clocked = L->clocked;
		L->players_saved = false;
	}
	L->bottom = -1;
	L->view_serial++;
}

void
session_learn_quit(struct session *s)
{
	struct board b;

	s->msg.text[0] = '\0';
	session_learn_leave(s);
	fen_read(&b, FEN_START, NULL, 0);
	session_new_game(s, &b);
}

static bool
book_load(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	char path[1024], err[LEARN_ERR_MAX + 64], lang[16];

	if (L->book_loaded)
		return true;
	/* the lessons in the reader's language (lessons.de.txt), else
	 * the English ones */
	learn_data_path_lang("lessons.txt", i18n_lang(lang), path,
	    sizeof path);
	learn_book_init(&L->book);
	if (learn_book_read(&L->book, path, err, sizeof err) != 0) {
		learn_book_free(&L->book);
		session_msg(s, SM_ERROR, "%s%s", err,
		    getenv("CONGO_DATADIR") == NULL ?
		    _(" (CONGO_DATADIR may name the folder of lessons.txt)") : "");
		return false;
	}
	L->book_loaded = true;
	return true;
}

bool
session_learn_open_list(struct session *s)
{
	struct session_learn *L = session_learn_get(s);

	if (!book_load(s))
		return false;
	session_learn_state_load(s);
	session_cancel_turns(s);
	if (s->msg.tone != SM_ERROR)
		s->msg.text[0] = '\0';
	/* over a game in progress: it stays until a lesson or a puzzle
	 * replaces it (asked first), and back goes back to it */
	if (L->mode == SL_OFF)
		L->over_game = session_in_game(s);
	L->mode = SL_LIST;
	L->waiting = false;
	L->view_serial++;
	return true;
}

const struct learn_lesson *
session_learn_lesson(const struct session *s)
{
	const struct session_learn *L = s->learn;

	if (L == NULL || !L->book_loaded)
		return NULL;
	return learn_book_lesson(&L->book, (size_t)L->lesson);
}

const struct learn_step *
session_learn_step(const struct session *s)
{
	const struct learn_lesson *l = session_learn_lesson(s);

	return l != NULL ? learn_lesson_step(l, (size_t)s->learn->step) : NULL;
}

/* The step a lesson is at: while the mode is SL_LESSON there is one
 * (start_step sets that mode only after reading the step's position, the
 * book stays loaded and L->step stays below the lesson's steps), so a
 * NULL here is a broken invariant, not input. */
static const struct learn_step *
lesson_step(const struct session *s)
{
	const struct learn_step *st = session_learn_step(s);

	assert(st != NULL);
	return st;
}

/* The lesson's title and intro into the message log, in pieces that a
 * message holds, cut at words. */
static void
log_intro(struct session *s, const struct learn_lesson *l)
{
	const char *p = l->intro;
	int n, max = SESSION_MSG_MAX - 8;

	session_msg(s, SM_NORMAL, _("Lesson: %s"), l->title);
	while (*p != '\0') {
		n = (int)strlen(p);
		if (n > max) {
			for (n = max; n > 0 && p[n] != ' '; n--)
				;
			if (n == 0)
				n = max;
		}
		session_msg(s, SM_NORMAL, "%.*s", n, p);
		p += n;
		while (*p == ' ')
			p++;
	}
}

static void
start_step(struct session *s)
{
	const struct learn_lesson *l = session_learn_lesson(s);
	const struct learn_step *st = session_learn_step(s);
	struct board b;
	char err[LEARN_ERR_MAX];

	if (learn_step_position(l, st, &b, err, sizeof err) != 0) {
		session_msg(s, SM_ERROR, "%s: %s", l->id, err);
		session_learn_open_list(s);
		return;
	}
	session_learn_game(s, &b, SL_LESSON);
	/* The intro whole in the message log, where a narrow panel that
	 * cuts it sends the reader ("... (m)"). */
	if (s->learn->step == 0)
		log_intro(s, l);
	session_msg(s, SM_NORMAL, "%s", st->goal);
}

void
session_learn_start(struct session *s, int i)
{
	struct session_learn *L = session_learn_get(s);
	const struct learn_lesson *l;

	if (!book_load(s))
		return;
	l = learn_book_lesson(&L->book, (size_t)i);
	if (l == NULL)
		return;
	s->msg.text[0] = '\0';
	if (!learn_variant_supported(l->variant)) {
		session_msg(s, SM_ERROR, _("This lesson needs the %s variant, "
		    "which this build does not play yet"), l->variant);
		return;
	}
	L->lesson = i;
	L->step = 0;
	start_step(s);
}

/* Is a game in progress on the board, the list or :puzzle over it? */
static bool
game_behind(const struct session *s)
{
	const struct session_learn *L = s->learn;

	return L != NULL && (L->mode == SL_OFF || (L->mode == SL_LIST &&
	    L->over_game)) && session_in_game(s);
}

void
session_learn_pick(struct session *s, int i)
{
	char arg[16];

	if (game_behind(s)) {
		snprintf(arg, sizeof arg, "%d", i);
		session_ask(s, _("Leave this game for the lesson?"),
		    CMD_LESSON_NOW, arg);
		return;
	}
	session_learn_start(s, i);
}

void
session_learn_pick_puzzle(struct session *s)
{
	if (game_behind(s)) {
		session_ask(s, _("Leave this game for a puzzle?"),
		    CMD_PUZZLE_NOW, "");
		return;
	}
	session_puzzle_next(s);
}

void
session_learn_back(struct session *s)
{
	struct session_learn *L = session_learn_get(s);

	if (L->mode != SL_LIST || !L->over_game || !session_in_game(s)) {
		session_learn_quit(s);
		return;
	}
	L->over_game = false;
	L->mode = SL_OFF;
	L->view_serial++;
	s->dirty = true;
	session_msg(s, SM_NORMAL, "%s", _("back to the game"));
	session_turn(s);
}

/* Enter after a right move: the next step, or the lesson is done. */
static void
next_step(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	const struct learn_lesson *l = session_learn_lesson(s);

	if ((size_t)L->step + 1 < learn_lesson_nsteps(l)) {
		L->step++;
		start_step(s);
		return;
	}
	learn_state_mark_lesson(&L->st, l->id);
	session_learn_state_save(s);
	session_learn_open_list(s);
	if (L->cursor + 1 < (int)learn_book_count(&L->book))
		L->cursor++;
	if (s->msg.tone != SM_ERROR)
		session_msg(s, SM_GOOD, _("Lesson done: %s"), l->title);
}

bool
session_learn_enter(struct session *s)
{
	struct session_learn *L = s->learn;

	if (!session_learn_active(s) || !L->waiting)
		return false;
	if (L->mode == SL_LESSON)
		next_step(s);
	else
		session_puzzle_next(s);
	return true;
}

/* A move typed on the command line: played through session_learn_play,
 * or if it is not legal, why. False to leave it to the game. */
static bool
typed_move(struct session *s, const char *text)
{
	struct session_learn *L = session_learn_get(s);
	const struct board *b = game_board(&s->game);
	char err[160], why[LEARN_TEXT_MAX], sq[3];
	int from, to;
	move_t m;

	if (L->waiting) {
		session_msg(s, SM_GOOD, _("Enter: go on"));
		return true;
	}
	if (game_over(&s->game))
		return false;
	if (notation_read(b, text, &m, err, sizeof err) == 0)
		return session_learn_play(s, m) != SL_NOT_MINE;
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
	session_msg(s, SM_ERROR, "%s: %s", text, why);
	session_learn_said(s);
	return true;
}

/* A move that passes the step: its first accepted move, else the first
 * legal move its checks take; MOVE_NONE when none. */
static move_t
step_answer(struct session *s, const struct learn_step *st)
{
	const struct board *b = game_board(&s->game);
	struct movelist ml;
	char why[LEARN_TEXT_MAX], err[160];
	move_t m;
	int i;

	if (st->naccept > 0 && notation_read(b, st->accept[0], &m, err,
	    sizeof err) == 0)
		return m;
	movegen_legal(b, &ml);
	for (i = 0; i < ml.n; i++)
		if (learn_step_check(st, b, ml.moves[i], why, sizeof why))
			return ml.moves[i];
	return MOVE_NONE;
}

/* The step's own hint, else which piece to move (marked on the board),
 * never the goal again. */
static void
lesson_hint(struct session *s, const struct learn_step *st)
{
	struct session_learn *L = session_learn_get(s);
	const struct board *b = game_board(&s->game);
	move_t m = step_answer(s, st);
	char sq[3];

	if (m != MOVE_NONE)
		L->hint_sq = MOVE_FROM(m);
	if (st->hint[0] != '\0')
		session_msg(s, SM_GOOD, _("Hint: %s"), st->hint);
	else if (m == MOVE_NONE)
		session_msg(s, SM_GOOD, _("Goal: %s"), st->goal);
	else {
		board_sq_name(MOVE_FROM(m), sq);
		session_msg(s, SM_GOOD, s->typed ? _("Hint: move the %s on "
		    "%s") : _("Hint: move the %s on %s (marked +)"),
		    game_piece_word(PIECE_TYPE(b->sq[MOVE_FROM(m)])), sq);
	}
	session_learn_said(s);
}

static void
lesson_solution(struct session *s, const struct learn_step *st)
{
	char mv[MOVE_TEXT_MAX];
	move_t m;

	if (st->naccept > 0)
		session_msg(s, SM_GOOD, _("Solution: %s"), st->accept[0]);
	else if ((m = step_answer(s, st)) != MOVE_NONE) {
		notation_write(m, mv, sizeof mv);
		session_msg(s, SM_GOOD, _("Solution: %s"), mv);
	} else
		session_msg(s, SM_GOOD, _("Goal: %s"), st->goal);
	session_learn_said(s);
}

bool
session_learn_command(struct session *s, const struct session_cmd *cmd)
{
	struct session_learn *L;

	/* Refused where the command table says (taking back in a puzzle,
	 * :solution outside one): said, and taken. */
	if (!session_cmd_allowed(s, cmd))
		return true;
	if (s->learn == NULL && cmd->type != CMD_LEARN &&
	    cmd->type != CMD_PUZZLE && cmd->type != CMD_SOLUTION &&
	    cmd->type != CMD_LESSON_NOW && cmd->type != CMD_PUZZLE_NOW)
		return false;
	L = session_learn_get(s);

	switch (cmd->type) {
	case CMD_LEARN:
		session_learn_open_list(s);
		return true;
	case CMD_PUZZLE:
		/* over a game in progress: asked first, as n asks */
		if (game_behind(s)) {
			session_ask(s, _("Leave this game for a puzzle?"),
			    CMD_PUZZLE_NOW, cmd->arg);
			return true;
		}
		session_puzzle_choose(s, cmd->arg);
		return true;
	case CMD_PUZZLE_NOW:
		L->over_game = false;
		session_puzzle_choose(s, cmd->arg);
		return true;
	case CMD_LESSON_NOW:
		L->over_game = false;
		session_learn_start(s, atoi(cmd->arg));
		return true;
	default:
		break;
	}
	if (session_learn_active(s) && cmd->type == CMD_MOVE &&
	    typed_move(s, cmd->arg))
		return true;
	if (L->mode == SL_PUZZLE) {
		switch (cmd->type) {
		case CMD_ADVICE:
			session_puzzle_hint(s);
			return true;
		case CMD_SOLUTION:
			session_puzzle_solution(s);
			return true;
		default:
			break;
		}
	}
	if (L->mode == SL_LESSON) {
		switch (cmd->type) {
		case CMD_ADVICE:
			lesson_hint(s, lesson_step(s));
			return true;
		case CMD_SOLUTION:
			lesson_solution(s, lesson_step(s));
			return true;
		case CMD_UNDO:
		case CMD_REDO:
			start_step(s);
			return true;
		default:
			break;
		}
	}
	/* Anything that sets up another game ends the lesson or puzzle. */
	switch (cmd->type) {
	case CMD_NEW:
	case CMD_NEW_NOW:
	case CMD_LOAD:
	case CMD_WHITE:
	case CMD_BLACK:
		session_learn_leave(s);
		break;
	case CMD_FEN:
		if (cmd->arg[0] != '\0')
			session_learn_leave(s);
		break;
	default:
		break;
	}
	return false;
}

enum session_learn_result
session_learn_play(struct session *s, move_t m)
{
	struct session_learn *L = s->learn;
	const struct learn_step *st;
	struct board b;
	char why[LEARN_TEXT_MAX], mv[MOVE_TEXT_MAX];

	if (L == NULL)
		return SL_NOT_MINE;
	if (L->mode == SL_PUZZLE)
		return session_puzzle_play(s, m);
	if (L->mode != SL_LESSON)
		return SL_NOT_MINE;
	if (L->waiting) {
		session_msg(s, SM_GOOD, _("Enter: go on"));
		return SL_TAKEN;
	}
	st = lesson_step(s);
	b = *game_board(&s->game);
	notation_write(m, mv, sizeof mv);
	if (!learn_step_check(st, &b, m, why, sizeof why)) {
		session_msg(s, SM_ERROR, _("%s: %s (taken back; try again)"), mv,
		    why);
		session_learn_said(s);
		return SL_REFUSED;
	}
	session_play(s, m, true);
	L->waiting = true;
	/* "Right! " unless the lesson's words say it ("Right: f3 ..."). */
	session_msg(s, SM_GOOD, _("%s%s%sEnter: go on"),
	    strncmp(st->done, "Right", 5) == 0 ? "" : _("Right! "), st->done,
	    st->done[0] != '\0' ? "  " : "");
	session_learn_said(s);
	return SL_TAKEN;
}

bool
session_learn_illegal(struct session *s, int selected, const int *land,
    int nland, int to)
{
	struct session_learn *L = s->learn;

	if (!session_learn_active(s) || selected < 0 || L->waiting ||
	    to < 0)
		return false;
	session_explain_illegal(s, selected, land, nland, to);
	session_learn_said(s);
	return true;
}

void
session_explain_illegal(struct session *s, int selected, const int *land,
    int nland, int to)
{
	const struct board *b = session_board(s);
	char why[LEARN_TEXT_MAX], f[3], t[3];
	int from;

	if (selected < 0 || to < 0)
		return;
	from = nland > 0 ? land[nland - 1] : selected;
	if (nland > 0) {
		/* The monkey stands on its last landing; jumped pieces stay. */
		struct board tb = *b;
		uint8_t p = tb.sq[selected];
		board_remove(&tb, selected);
		if (tb.sq[from] == PIECE_NONE)
			board_put(&tb, from, p);
		learn_explain_illegal(&tb, from, to, why, sizeof why);
	} else {
		learn_explain_illegal(b, from, to, why, sizeof why);
	}
	/* "e2f2: A lion may not leave its castle": the move and the rule. */
	board_sq_name(from, f);
	board_sq_name(to, t);
	session_msg(s, SM_ERROR, "%s%s: %s", f, t, why);
}

int
session_learn_hint_sq(const struct session *s)
{
	const struct session_learn *L = s->learn;

	if (!session_learn_active(s) || L->waiting || s->review >= 0)
		return -1;
	return L->hint_sq;
}

/* The table's handler of :learn, :puzzle and :solution (a view hands
 * every command to session_learn_command first). */
void
session_cmd_learn(struct session *s, const struct session_cmd *cmd)
{
	(void)session_learn_command(s, cmd);
}

int
session_learn_check_data(const struct session_learn_opts *o, char *err,
    size_t n)
{
	const char *name = o->puzzle ? "puzzles.tsv" : "lessons.txt";
	char path[PATH_MAX + 32], tried[2048];

	if (!o->learn && !o->puzzle)
		return 0;
	if (learn_data_find(name, path, sizeof path, tried,
	    sizeof tried) == 0)
		return 0;
	snprintf(err, n, _("--%s: no %s found; looked in %s. Install the game "
	    "(make install), or set CONGO_DATADIR to the folder that holds "
	    "%s (the source tree's data/)"), o->puzzle ? "puzzle" : "learn",
	    name, tried, name);
	return -1;
}

void
session_learn_begin(struct session *s, const struct session_learn_opts *o)
{
	char arg[SESSION_CMD_ARG_MAX];

	if (o->puzzle) {
		snprintf(arg, sizeof arg, "%s %s", o->streak ? "streak" : "",
		    o->theme != NULL ? o->theme : "");
		session_puzzle_choose(s, arg);
	} else if (o->learn)
		session_learn_open_list(s);
}
