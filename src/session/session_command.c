/*
 * session_command.c: what the commands do: undo, redo, advice, pause and
 * pace, players and limits, resign, the clock, and the questions that some
 * of them ask first (files: session_file.c; review: session_review.c).
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "record/record.h"
#include "session/session.h"
#include "session/session_editor.h"
#include "session/session_int.h"
#include "session/session_keep.h"
#include "session/session_net.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "session/session_var.h"
#include "util/i18n.h"
#include "util/util.h"

static const char *const side_name[2] = { N_("White"), N_("Black") };
static const int delays[] = { 0, 100, 250, 500, 1000, 2000, 4000, 8000 };
#define NDELAYS ((int)(sizeof delays / sizeof delays[0]))


void
session_ask(struct session *s, const char *question, enum session_cmd_type cmd,
    const char *arg)
{
	snprintf(s->question, sizeof s->question, "%s", question);
	memset(&s->answer_cmd, 0, sizeof s->answer_cmd);
	s->answer_cmd.type = cmd;
	snprintf(s->answer_cmd.arg, sizeof s->answer_cmd.arg, "%s",
	    arg != NULL ? arg : "");
	s->asking = true;
	s->dirty = true;
}

void
session_answer(struct session *s, bool yes)
{
	struct session_cmd cmd = s->answer_cmd;

	if (!s->asking)
		return;
	s->asking = false;
	s->dirty = true;
	if (s->hold_turns) {
		/* the game waited for this answer: it begins now (or the
		 * kept one, resumed, begins instead) */
		s->hold_turns = false;
		if (!yes)
			session_turn(s);
	}
	if (yes)
		session_command(s, &cmd);
	else if (cmd.type == CMD_TLS_TRUST) {
		/* (its no is an answer too: the connection closed) */
		snprintf(cmd.arg, sizeof cmd.arg, "no");
		session_command(s, &cmd);
	} else if (cmd.type == CMD_SAVE_NOW) {
		/* say that the no was heard: nothing written */
		const char *b = strrchr(cmd.arg, '/');

		session_msg(s, SM_NORMAL, _("not saved: %s is left as it was"),
		    b != NULL ? b + 1 : cmd.arg);
	}
}

/* After the position changed under the players' feet. */
void
session_position_changed(struct session *s)
{
	s->advice[0] = '\0';
	s->advice_move = MOVE_NONE;
	s->last_move_at = s->now();
	s->review = -1;
	session_var_leave_all(s);
	s->serial++;
	session_clock_restore(s);
}

static void
undo(struct session *s)
{
	int n = 0;

	if (session_var_undo(s))
		return;
	if (s->game.nply == 0) {
		session_msg(s, SM_ERROR, _("nothing to undo"));
		return;
	}
	session_cancel_turns(s);
	if (game_undo(&s->game) == 0)
		n++;
	if (session_human_count(s) == 0) {
		s->paused = true;
	} else {
		while (s->game.nply > 0 &&
		    !s->player[game_board(&s->game)->side]->human &&
		    game_undo(&s->game) == 0)
			n++;
	}
	session_position_changed(s);
	session_msg(s, SM_NORMAL, ngettext("took back %d move%s",
	    "took back %d moves%s", (unsigned long)n), n,
	    s->paused && session_human_count(s) == 0 ?
	    session_paused_hint(s) : "");
	session_turn(s);
	session_keep(s);
}

static void
redo(struct session *s)
{
	int n = 0;

	if (session_var_redo(s))
		return;
	if (s->game.nredo == 0) {
		session_msg(s, SM_ERROR, _("nothing to redo"));
		return;
	}
	session_cancel_turns(s);
	if (game_redo(&s->game) == 0)
		n++;
	if (session_human_count(s) > 0)
		while (s->game.nredo > 0 && !game_over(&s->game) &&
		    !s->player[game_board(&s->game)->side]->human &&
		    game_redo(&s->game) == 0)
			n++;
	session_position_changed(s);
	session_msg(s, SM_NORMAL, ngettext("replayed %d move",
	    "replayed %d moves", (unsigned long)n), n);
	session_turn(s);
	session_keep(s);
}

static void
set_player_cmd(struct session *s, int color, const char *text)
{
	struct player_conf pc = color == WHITE ? s->conf.white : s->conf.black;
	char err[160], desc[96];

	if (session_player_type_parse(text, &pc, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	if (session_set_player(s, color, &pc) < 0)
		return;
	session_player_label(s->player[color], desc, sizeof desc);
	session_msg(s, SM_GOOD, _("%s is now played by %s"), _(side_name[color]),
	    desc);
	session_turn(s);
}

static void
set_limit(struct session *s, bool depth, const char *text)
{
	int c, max = depth ? 64 : 3600000;
	long v;

	if (parse_long(text, 0, max, &v, NULL, 0) != 0) {
		session_msg(s, SM_ERROR, depth ? _("depth must be 0..%d") :
		    _("movetime must be 0..%d"), max);
		return;
	}
	for (c = 0; c < 2; c++) {
		struct player_conf *pc = c == WHITE ? &s->conf.white :
		    &s->conf.black;
		if (depth) {
			pc->depth = (int)v;
			s->player[c]->conf.depth = (int)v;
		} else {
			pc->movetime_ms = (int)v;
			s->player[c]->conf.movetime_ms = (int)v;
		}
	}
	session_msg(s, SM_GOOD, depth ? _("AI depth set to %ld (from the next "
	    "move)") : _("AI time set to %ld ms (from the next move)"), v);
}

static void
advice(struct session *s)
{
	int side = game_board(&s->game)->side;
	struct player_conf pc;
	struct session_job job;

	if (game_over(&s->game)) {
		session_msg(s, SM_ERROR, s->typed ? _("the game is over: no "
		    "advice (new starts a new game, back reviews it)") :
		    _("the game is over: no advice (n starts a new game, [ "
		    "reviews it)"));
		return;
	}
	/* A human's turn here; or a network game watched, whose side to
	 * move is nobody's here (allowed, congo(6)'s Fair play). */
	if ((!session_human_turn(s) && !session_net_watching(s)) ||
	    s->review >= 0) {
		session_msg(s, SM_ERROR, _("advice is for a human's turn"));
		return;
	}
	if (s->advising) {
		session_msg(s, SM_NORMAL, _("the advisor is still thinking"));
		return;
	}
	pc = side == WHITE ? s->conf.white : s->conf.black;
	if (pc.advisor[0] != '\0')
		snprintf(pc.algorithm, sizeof pc.algorithm, "%s", pc.advisor);
	if (pc.depth == 0 && pc.movetime_ms == 0)
		pc.movetime_ms = 1000;
	/* Each side's advisor has that side's settings. */
	if (s->advisor[side] == NULL)
		s->advisor[side] = session_search_new(&pc);
	memset(&job, 0, sizeof job);
	job.kind = JOB_ADVICE;
	job.color = side;
	job.pos = *game_board(&s->game);
	job.rules = s->game.rules;
	job.conf = pc;
	job.search = s->advisor[side];
	if (s->game.nply > 0) {
		job.history = xmalloc(sizeof *job.history *
		    (size_t)s->game.nply);
		memcpy(job.history, s->game.pos,
		    sizeof *job.history * (size_t)s->game.nply);
		job.nhistory = s->game.nply;
	}
	if (session_worker_start(&s->worker, &job) < 0) {
		session_msg(s, SM_ERROR, _("cannot start the advisor"));
		return;
	}
	s->advising = true;
	snprintf(s->advice, sizeof s->advice, _("Advice for %s: thinking..."),
	    _(side_name[side]));
	s->dirty = true;
}

static void
pause_toggle(struct session *s)
{
	s->paused = !s->paused;
	s->step = false;
	if (s->paused) {
		session_turn(s);        /* stops the clocks */
		session_msg(s, SM_NORMAL, s->typed ? _("paused: pause "
		    "resumes, step plays one move") : session_ai_vs_ai(s) ?
		    _("paused: p resumes (or Space), . plays one move") :
		    _("paused: p resumes, . plays one move"));
		return;
	}
	session_msg(s, SM_NORMAL, _("resumed"));
	if (s->held != MOVE_NONE)
		s->held_at = s->now() + s->delay_ms;
	session_turn(s);
}

static void
step(struct session *s)
{
	if (game_over(&s->game)) {
		session_msg(s, SM_ERROR, _("the game is over"));
		return;
	}
	if (session_human_turn(s)) {
		session_msg(s, SM_ERROR, s->typed ? _("your move: step steps "
		    "the AI") : _("your move: . steps the AI"));
		return;
	}
	s->paused = true;
	if (s->held != MOVE_NONE) {
		session_play(s, s->held, true);
		return;
	}
	s->step = true;
	if (!s->thinking)
		session_turn(s);
}

static void
speed(struct session *s, int dir)
{
	int i = 0;

	while (i < NDELAYS - 1 && delays[i] < s->delay_ms)
		i++;
	if (delays[i] != s->delay_ms && dir > 0)
		i--;
	i -= dir;
	if (i < 0)
		i = 0;
	if (i >= NDELAYS)
		i = NDELAYS - 1;
	s->delay_ms = delays[i];
	session_msg(s, SM_NORMAL, _("AI moves every %d ms at least"), s->delay_ms);
}

static void
fen_cmd(struct session *s, const char *arg)
{
	char buf[FEN_MAX], err[160];
	struct board b;

	if (arg[0] == '\0') {
		/* Shown, and the view puts it on the clipboard (OSC 52). */
		fen_write(s->edit.open ? &s->edit.b : session_board(s), buf,
		    sizeof buf);
		session_msg(s, SM_NORMAL, "%s", buf);
		snprintf(s->clip, sizeof s->clip, "%s", buf);
		s->want_clip = true;
		return;
	}
	/* The variant of the game being played. */
	if (strcmp(arg, "startpos") == 0)
		arg = variant_start_fen(s->start.variant);
	if (fen_read_variant(&b, s->start.variant, arg, strlen(arg), err,
	    sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	session_clock_take_next(s);
	session_new_game(s, &b);
	session_msg(s, SM_GOOD, _("new game from %s"), arg);
}

static void
resign(struct session *s, bool now)
{
	int side = game_board(&s->game)->side, who;
	char res[96];

	if (game_over(&s->game)) {
		session_msg(s, SM_ERROR, _("the game is over"));
		return;
	}
	if (session_human_count(s) == 0) {
		session_msg(s, SM_ERROR, _("no human plays: nobody to resign"));
		return;
	}
	who = session_human_count(s) == 2 ? side :
	    s->player[WHITE]->human ? WHITE : BLACK;
	if (!now) {
		if (session_human_count(s) == 2)
			snprintf(res, sizeof res, _("Resign? (%s loses)"),
			    _(side_name[who]));
		else
			snprintf(res, sizeof res, _("Resign?"));
		session_ask(s, res, CMD_RESIGN_NOW, NULL);
		return;
	}
	session_cancel_turns(s);
	game_resign(&s->game, who);
	session_turn(s);
	session_result_text(s, res, sizeof res);
	session_msg(s, SM_GOOD, "%s", res);
	session_keep(s);
}

static void
clock_cmd(struct session *s, const char *arg)
{
	char a[32], b[32];

	if (arg[0] == '\0') {
		if (!s->clocked) {
			session_msg(s, SM_NORMAL, _("no clock (:clock 5+3 sets "
			    "one for the next game)"));
			return;
		}
		clock_format(session_clock_left(s, WHITE), a, sizeof a);
		clock_format(session_clock_left(s, BLACK), b, sizeof b);
		session_msg(s, SM_NORMAL, _("White %s, Black %s"), a, b);
		return;
	}
	/* (this game's clock, and whether it has one, stay as they are) */
	if (session_set_next_clock(s, arg) < 0)
		return;
	session_msg(s, SM_GOOD, s->typed ? _("clock %s from the next game "
	    "(new)") : _("clock %s from the next game (n)"), arg);
}

/* Commands a network game handles, or refuses, itself. */
static bool
hooked(struct session *s, const struct session_cmd *cmd)
{
	return s->hooks.command != NULL && s->hooks.command(s->hooks.ctx, cmd);
}

/* A typed move that is not legal: when it is two squares and the piece
 * on the first is the mover's, the rule it breaks, as the cursor's
 * (session_explain_illegal); else the reader's message. */
static void
illegal_said(struct session *s, const char *text, const char *err)
{
	const struct board *b = game_board(&s->game);
	int from, to;

	if (strlen(text) != 4 || (from = board_sq_parse(text)) < 0 ||
	    (to = board_sq_parse(text + 2)) < 0 ||
	    b->sq[from] == PIECE_NONE || PIECE_COLOR(b->sq[from]) != b->side)
		session_msg(s, SM_ERROR, "%s", err);
	else
		session_explain_illegal(s, from, NULL, 0, to);
}

static void
move_cmd(struct session *s, const char *text, bool checked)
{
	char err[160];
	const char *why = session_nomove_reason(s);
	move_t m;

	if (s->review >= 0 && session_var_refused(s) == NULL) {
		/* Reviewing: the move starts or goes on with a variation. */
		if (notation_read(session_board(s), text, &m, err,
		    sizeof err) < 0)
			session_msg(s, SM_ERROR, "%s", err);
		else
			session_var_play(s, m);
		return;
	}
	if (why != NULL) {
		session_msg(s, SM_ERROR, "%s", why);
		return;
	}
	if (notation_read(game_board(&s->game), text, &m, err,
	    sizeof err) < 0) {
		illegal_said(s, text, err);
		return;
	}
	if (checked)
		session_play(s, m, false);
	else
		session_human_move(s, m);
}

/* The table's handlers: what each command does (session_cmdtab.c). */

void
session_cmd_move(struct session *s, const struct session_cmd *cmd)
{
	move_cmd(s, cmd->arg, cmd->type == CMD_MOVE_NOW);
}

/* Help and the log: the view shows them. */
void
session_cmd_show(struct session *s, const struct session_cmd *cmd)
{
	if (cmd->type == CMD_HELP)
		s->want_help = true;
	else
		s->want_log = true;
}

void
session_cmd_new(struct session *s, const struct session_cmd *cmd)
{
	if (cmd->type == CMD_NEW) {
		session_newgame_open(s);
		return;
	}
	if (cmd->type == CMD_NEW_DIALOG) {
		/* the question answered yes: the dialog is still open */
		if (s->ng.open)
			session_newgame_start(s);
		return;
	}
	session_clock_take_next(s);
	session_new_game(s, &s->start);
	session_msg(s, SM_GOOD, _("new game"));
}

void
session_cmd_undo(struct session *s, const struct session_cmd *cmd)
{
	if (cmd->type == CMD_UNDO)
		undo(s);
	else
		redo(s);
}

void
session_cmd_save(struct session *s, const struct session_cmd *cmd)
{
	session_save(s, cmd->arg, cmd->type == CMD_SAVE_NOW);
}

void
session_cmd_load(struct session *s, const struct session_cmd *cmd)
{
	session_load_cmd(s, cmd->arg, cmd->type == CMD_LOAD_NOW);
}

void
session_cmd_resume(struct session *s, const struct session_cmd *cmd)
{
	(void)cmd;
	session_keep_resume(s);
}

void
session_cmd_resign(struct session *s, const struct session_cmd *cmd)
{
	resign(s, cmd->type == CMD_RESIGN_NOW);
}

void
session_cmd_draw(struct session *s, const struct session_cmd *cmd)
{
	(void)cmd;
	if (game_over(&s->game))
		session_msg(s, SM_ERROR, _("the game is over"));
	else if (session_human_count(s) < 2)
		session_msg(s, SM_ERROR, _("the AI plays on: "
		    "draws are agreed between humans"));
	else {
		game_agree_draw(&s->game);
		session_turn(s);
		session_msg(s, SM_GOOD, _("Draw: agreed"));
		session_keep(s);
	}
}

void
session_cmd_fen(struct session *s, const struct session_cmd *cmd)
{
	fen_cmd(s, cmd->arg);
}

void
session_cmd_edit(struct session *s, const struct session_cmd *cmd)
{
	(void)cmd;
	session_edit_open(s);
}

void
session_cmd_clock(struct session *s, const struct session_cmd *cmd)
{
	clock_cmd(s, cmd->arg);
}

/* [ ] { }, a ply of the graph, the marked moves. */
void
session_cmd_review(struct session *s, const struct session_cmd *cmd)
{
	switch (cmd->type) {
	case CMD_REVIEW_TO: {
		char err[96];
		int ply;
		if (parse_int(cmd->arg, 0, INT_MAX, &ply, err, sizeof err) != 0)
			session_msg(s, SM_ERROR, _("review: %s"), err);
		else
			session_review_to(s, ply);
		break;
	}
	case CMD_GO:
		session_review_go(s, cmd->arg);
		break;
	case CMD_NEXT_MISTAKE:
	case CMD_PREV_MISTAKE:
		session_analyse_jump(s, cmd->type == CMD_NEXT_MISTAKE ? 1 : -1);
		break;
	default:
		session_review(s, cmd->type);
		break;
	}
}

void
session_cmd_continue(struct session *s, const struct session_cmd *cmd)
{
	session_continue(s, cmd->type == CMD_CONTINUE_NOW);
}

void
session_cmd_variation(struct session *s, const struct session_cmd *cmd)
{
	session_var_command(s, cmd);
}

void
session_cmd_analyse(struct session *s, const struct session_cmd *cmd)
{
	session_analyse_command(s, cmd->arg);
}

void
session_cmd_advice(struct session *s, const struct session_cmd *cmd)
{
	(void)cmd;
	advice(s);
}

void
session_cmd_analyze(struct session *s, const struct session_cmd *cmd)
{
	session_analysis_command(s, cmd->arg);
}

void
session_cmd_player(struct session *s, const struct session_cmd *cmd)
{
	set_player_cmd(s, cmd->type == CMD_WHITE ? WHITE : BLACK, cmd->arg);
}

void
session_cmd_limit(struct session *s, const struct session_cmd *cmd)
{
	set_limit(s, cmd->type == CMD_DEPTH, cmd->arg);
}

/* Pause, a step, the pace of two AIs. */
void
session_cmd_pace(struct session *s, const struct session_cmd *cmd)
{
	char err[96];
	int v;

	switch (cmd->type) {
	case CMD_PAUSE:
		pause_toggle(s);
		return;
	case CMD_STEP:
		step(s);
		return;
	case CMD_FASTER:
	case CMD_SLOWER:
		speed(s, cmd->type == CMD_FASTER ? 1 : -1);
		return;
	default:
		break;
	}
	if (parse_int(cmd->arg, 0, 60000, &v, err, sizeof err) != 0) {
		session_msg(s, SM_ERROR, _("delay must be 0..60000 ms: %s"), err);
		return;
	}
	s->delay_ms = v;
	session_msg(s, SM_NORMAL, _("AI moves every %d ms at least"), s->delay_ms);
}

void
session_cmd_quit(struct session *s, const struct session_cmd *cmd)
{
	if (cmd->type == CMD_QUIT && session_in_game(s))
		session_ask(s, s->kept ? _("Quit this game? It is kept: the "
		    "next congo offers to resume it.") : _("Quit this game?"),
		    CMD_QUIT_NOW, NULL);
	else
		s->quit = true;
}

static void command_run(struct session *s, const struct session_cmd *cmd);

void
session_command(struct session *s, const struct session_cmd *cmd)
{
	command_run(s, cmd);
	session_tree_sync(s);
	/* A move, a review step, undo, a new game...: analysis follows. */
	session_analysis_sync(s);
}

/*
 * Refused when the table does not allow it in the session's mode; then a
 * network game (its hook) and the editor take what they do their own way;
 * the rest is the table's handler (none: the view's own, flip, scroll...).
 */
static void
command_run(struct session *s, const struct session_cmd *cmd)
{
	const struct session_cmd_entry *e;

	s->dirty = true;
	if (!session_cmd_allowed(s, cmd) || hooked(s, cmd) ||
	    session_edit_command(s, cmd))
		return;
	e = session_cmd_entry(cmd->type);
	if (e != NULL && e->exec != NULL)
		e->exec(s, cmd);
}
