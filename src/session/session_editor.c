/*
 * session_editor.c: the board editor's model (issue 24): a position of its
 * own, a cursor on it, pieces put and taken by their letters, the side to
 * move, the variant, a cleared board or the start; leaving it to play or to
 * analyse checks the set-up (board_check_setup) and refuses it with the
 * problem named. The game under it is untouched until then. :fen shows and
 * reads the editor's position while it is open.
 */

#include <stdio.h>
#include <string.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "session/session.h"
#include "session/session_editor.h"
#include "session/session_int.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "util/i18n.h"

static const char *const side_name[2] = { N_("White"), N_("Black") };

static void
refused_clear(struct session *s)
{
	s->edit.code = SETUP_OK;
	s->edit.error[0] = '\0';
	s->dirty = true;
}

/* The position before a change, for undo. */
static void
undo_push(struct session_editor *e)
{
	e->undo[e->undo_top] = e->b;
	e->undo_cursor[e->undo_top] = (int8_t)e->cursor;
	e->undo_top = (e->undo_top + 1) % SESSION_EDIT_UNDO;
	if (e->nundo < SESSION_EDIT_UNDO)
		e->nundo++;
}

int
session_edit_undo(struct session *s)
{
	struct session_editor *e = &s->edit;

	refused_clear(s);
	if (e->nundo == 0) {
		session_msg(s, SM_ERROR, _("nothing to undo in the editor"));
		return -1;
	}
	e->undo_top = (e->undo_top + SESSION_EDIT_UNDO - 1) %
	    SESSION_EDIT_UNDO;
	e->nundo--;
	e->b = e->undo[e->undo_top];
	e->cursor = e->undo_cursor[e->undo_top];
	session_msg(s, SM_NORMAL, _("undone (%d more to undo)"), e->nundo);
	return 0;
}

void
session_edit_open(struct session *s)
{
	struct session_editor *e = &s->edit;

	if (s->have_game)
		e->b = *session_board(s);
	else
		fen_read(&e->b, FEN_START, NULL, 0);
	e->cursor = board_lion_sq(&e->b, e->b.side);
	if (e->cursor < 0)
		e->cursor = SQ(3, 0);
	e->open = true;
	e->nundo = 0;
	e->undo_top = 0;
	refused_clear(s);
	/* A timed game under it waits: its clock (and its AI) paused
	 * until the editor is left (a network game's runs at the server:
	 * the editor is not opened there, the command table's NO_NET). */
	e->paused_game = s->have_game && s->clocked &&
	    !game_over(&s->game) && !s->paused;
	if (e->paused_game) {
		s->paused = true;
		s->step = false;
		session_turn(s);        /* stops the clock */
		session_msg(s, SM_NORMAL, _("board editor (the game's clock is "
		    "paused): letters put pieces (Shift: White), Enter plays, "
		    "Esc leaves, ? keys"));
		return;
	}
	session_msg(s, SM_NORMAL, _("board editor: letters put pieces (Shift: "
	    "White), Enter plays, Esc leaves, ? keys"));
}

/* The editor left for the game under it: what it paused runs again. */
static void
resume_game(struct session *s)
{
	if (!s->edit.paused_game)
		return;
	s->edit.paused_game = false;
	s->paused = false;
	if (s->held != MOVE_NONE)
		s->held_at = s->now() + s->delay_ms;
	session_turn(s);
}

void
session_edit_cancel(struct session *s)
{
	s->edit.open = false;
	refused_clear(s);
	resume_game(s);
	session_msg(s, SM_NORMAL, _("left the editor: the game is as it was"));
}

void
session_edit_cursor(struct session *s, int df, int dr)
{
	struct session_editor *e = &s->edit;
	int f = SQ_FILE(e->cursor) + df, r = SQ_RANK(e->cursor) + dr;

	f = f < 0 ? 0 : f > 6 ? 6 : f;
	r = r < 0 ? 0 : r > 6 ? 6 : r;
	e->cursor = SQ(f, r);
	s->dirty = true;
}

void
session_edit_goto(struct session *s, int sq)
{
	if (sq >= 0 && sq < NSQ)
		s->edit.cursor = sq;
	s->dirty = true;
}

int
session_edit_put(struct session *s, char letter)
{
	struct session_editor *e = &s->edit;
	uint8_t p = board_piece_from_letter(letter);
	char name[3];

	refused_clear(s);
	board_sq_name(e->cursor, name);
	if (p == PIECE_NONE) {
		session_msg(s, SM_ERROR, _("'%c' is no piece: L Z E G C M P S Q "
		    "(Shift for White)"), letter);
		return -1;
	}
	if (!variant_has_piece(e->b.variant, PIECE_TYPE(p))) {
		session_msg(s, SM_ERROR, _("the %s is not a piece of %s"),
		    game_piece_word(PIECE_TYPE(p)),
		    variant_name(e->b.variant));
		return -1;
	}
	undo_push(e);
	/* The same piece again takes it away. */
	if (e->b.sq[e->cursor] == p) {
		board_remove(&e->b, e->cursor);
		session_msg(s, SM_NORMAL, _("%s: empty"), name);
		return 0;
	}
	if (e->b.sq[e->cursor] != PIECE_NONE)
		board_remove(&e->b, e->cursor);
	board_put(&e->b, e->cursor, p);
	session_msg(s, SM_NORMAL, PIECE_COLOR(p) == WHITE ?
	    _("%1$s: white %2$s") : _("%1$s: black %2$s"), name,
	    game_piece_word(PIECE_TYPE(p)));
	return 0;
}

void
session_edit_remove(struct session *s)
{
	struct session_editor *e = &s->edit;

	refused_clear(s);
	if (e->b.sq[e->cursor] != PIECE_NONE) {
		undo_push(e);
		board_remove(&e->b, e->cursor);
	}
}

/* An empty board of the editor's variant, the side kept. */
void
session_edit_clear(struct session *s)
{
	struct session_editor *e = &s->edit;
	int variant = e->b.variant, side = e->b.side;

	undo_push(e);
	board_clear(&e->b);
	board_set_variant(&e->b, variant);
	if (side == BLACK) {
		e->b.side = BLACK;
		e->b.hash ^= board_zobrist_side;
	}
	refused_clear(s);
	session_msg(s, SM_NORMAL, _("the board is empty"));
}

void
session_edit_reset(struct session *s)
{
	struct session_editor *e = &s->edit;
	int v = e->b.variant;
	const char *fen = variant_start_fen(v);

	undo_push(e);
	fen_read_variant(&e->b, v, fen, strlen(fen), NULL, 0);
	refused_clear(s);
	session_msg(s, SM_NORMAL, _("the start of %s"), variant_name(v));
}

void
session_edit_side(struct session *s)
{
	struct session_editor *e = &s->edit;

	undo_push(e);
	e->b.side = !e->b.side;
	e->b.hash ^= board_zobrist_side;
	refused_clear(s);
	session_msg(s, SM_NORMAL, _("%s to move"), _(side_name[e->b.side]));
}

/* The next variant; the pieces stay (one the variant lacks is named
 * when the editor is left). */
void
session_edit_variant(struct session *s)
{
	struct session_editor *e = &s->edit;

	undo_push(e);
	board_set_variant(&e->b, (e->b.variant + 1) % NVARIANTS);
	refused_clear(s);
	session_msg(s, SM_NORMAL, _("variant %s"), variant_name(e->b.variant));
}

int
session_edit_check(struct session *s)
{
	struct session_editor *e = &s->edit;
	char err[sizeof e->error - 32];

	e->code = board_check_setup(&e->b, err, sizeof err);
	if (e->code == SETUP_OK) {
		e->error[0] = '\0';
		return 0;
	}
	snprintf(e->error, sizeof e->error, _("Illegal set-up: %s"), err);
	session_msg(s, SM_ERROR, "%s", e->error);
	return -1;
}

/* The position as it will be played: counters from a fresh start. */
static struct board
edited(const struct session *s)
{
	struct board b = s->edit.b;

	b.quiet = 0;
	if (b.fullmove == 0)
		b.fullmove = 1;
	return b;
}

int
session_edit_play(struct session *s)
{
	struct board b;
	char fen[FEN_MAX];

	if (session_edit_check(s) < 0)
		return -1;
	b = edited(s);
	fen_write(&b, fen, sizeof fen);
	/* The new-game dialog chooses the players and the clock; the
	 * editor stays under it until a game starts (Esc comes back). */
	session_newgame_open_fen(s, b.variant, fen);
	return 0;
}

static int analyse_now(struct session *s);

int
session_edit_analyse(struct session *s)
{
	if (session_edit_check(s) < 0)
		return -1;
	/* A game in progress is not left unasked. */
	if (session_in_game(s)) {
		session_ask(s, _("Leave this game to analyse the edited "
		    "position?"), CMD_EDIT_ANALYSE, NULL);
		return 0;
	}
	return analyse_now(s);
}

static int
analyse_now(struct session *s)
{
	struct player_conf pc[2];
	struct board b;
	char err[160];
	int c;

	if (session_edit_check(s) < 0)
		return -1;
	b = edited(s);
	for (c = 0; c < 2; c++) {
		pc[c] = c == WHITE ? s->conf.white : s->conf.black;
		if (session_player_type_parse("human", &pc[c], err,
		    sizeof err) < 0) {
			session_msg(s, SM_ERROR, "%s", err);
			return -1;
		}
		if (session_set_player(s, c, &pc[c]) < 0)
			return -1;
	}
	s->edit.open = false;
	s->edit.paused_game = false;
	s->paused = false;
	/* An analysis board has no clock; the game's stays the next one's
	 * (as :clock M+S sets it). */
	if (s->clocked && !s->next_set) {
		s->next_set = true;
		s->next_clocked = true;
		s->next_base = s->tc_base;
		s->next_inc = s->tc_inc;
	}
	s->clocked = false;
	session_new_game(s, &b);
	if (!s->analysis.on)
		session_analysis_toggle(s);
	session_msg(s, SM_GOOD, _("analysing the edited position: both sides "
	    "human, A turns the analysis off"));
	return 0;
}

int
session_edit_fen(struct session *s, const char *text)
{
	struct session_editor *e = &s->edit;
	char err[160];
	struct board b;

	if (strcmp(text, "startpos") == 0)
		text = variant_start_fen(e->b.variant);
	if (fen_read_variant(&b, e->b.variant, text, strlen(text), err,
	    sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return -1;
	}
	undo_push(e);
	e->b = b;
	refused_clear(s);
	session_msg(s, SM_GOOD, _("the editor holds %s"), text);
	return 0;
}

/* Commands while the editor is open that it does its own way (the
 * command table allows only those that do not play on the game under
 * it). */
bool
session_edit_command(struct session *s, const struct session_cmd *cmd)
{
	if (!s->edit.open)
		return false;
	switch (cmd->type) {
	case CMD_FEN:
		if (cmd->arg[0] != '\0') {
			session_edit_fen(s, cmd->arg);
			return true;
		}
		return false;       /* shown as the game's is */
	case CMD_EDIT:
		session_edit_cancel(s);
		return true;
	case CMD_EDIT_ANALYSE:
		analyse_now(s);
		return true;
	default:
		/* The others are the game's, those the editor refuses
		 * refused by the command table's modes. */
		return false;
	}
}

/* The table's handler of the editor's analyse (session_command hands the
 * editor's commands to session_edit_command first). */
void
session_cmd_edit_analyse(struct session *s, const struct session_cmd *cmd)
{
	(void)session_edit_command(s, cmd);
}
