/*
 * session_command.c: what the commands do: undo, redo, save, load, advice,
 * pause and pace, players and limits, resign, review, the clock, and the
 * questions that some of them ask first.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "record/record.h"
#include "session/session.h"
#include "util/util.h"

static const char *const side_name[2] = { "White", "Black" };
static const int delays[] = { 0, 100, 250, 500, 1000, 2000, 4000, 8000 };
#define NDELAYS ((int)(sizeof delays / sizeof delays[0]))


void
session_ask(struct session *s, const char *question, enum ui_cmd_type cmd,
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
	struct ui_cmd cmd = s->answer_cmd;

	if (!s->asking)
		return;
	s->asking = false;
	s->dirty = true;
	if (yes)
		session_command(s, &cmd);
}

/* After the position changed under the players' feet. */
static void
position_changed(struct session *s)
{
	s->advice[0] = '\0';
	s->advice_move = MOVE_NONE;
	s->last_move_at = s->now();
	s->review = -1;
	s->serial++;
	session_clock_restore(s);
}

static void
undo(struct session *s)
{
	int n = 0;

	if (s->game.nply == 0) {
		session_msg(s, SM_ERROR, "nothing to undo");
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
	position_changed(s);
	session_msg(s, SM_NORMAL, "took back %d move%s%s", n, n == 1 ? "" : "s",
	    s->paused && session_human_count(s) == 0 ?
	    " (paused: p resumes)" : "");
	session_turn(s);
}

static void
redo(struct session *s)
{
	int n = 0;

	if (s->game.nredo == 0) {
		session_msg(s, SM_ERROR, "nothing to redo");
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
	position_changed(s);
	session_msg(s, SM_NORMAL, "replayed %d move%s", n, n == 1 ? "" : "s");
	session_turn(s);
}

/*
 * A bare name goes into the save folder (created when missing); a path is
 * taken as it is, "~/" being the home folder.
 */
static int
resolve(const struct session *s, const char *name, char *buf, size_t n,
    char *err, size_t errlen)
{
	char dir[CONF_PATH_MAX];
	const char *home = getenv("HOME");

	if (name[0] == '~' && name[1] == '/' && home != NULL) {
		snprintf(buf, n, "%s%s", home, name + 1);
		return 0;
	}
	if (strchr(name, '/') != NULL) {
		snprintf(buf, n, "%s", name);
		return 0;
	}
	if (record_dir(s->conf.ui.save_dir, dir, sizeof dir, err, errlen) < 0)
		return -1;
	snprintf(buf, n, "%s/%s", dir, name);
	return 0;
}

static void
save(struct session *s, const char *name)
{
	char path[CONF_PATH_MAX + 64], def[64], err[256], desc[64];
	int64_t *clk = NULL;
	int i;

	if (name[0] == '\0') {
		record_default_name(def, sizeof def);
		name = def;
	}
	if (resolve(s, name, path, sizeof path, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	if (record_tag_get(&s->tags, "Event") == NULL) {
		char w[64];
		session_player_describe(s->player[WHITE], w, sizeof w);
		session_player_describe(s->player[BLACK], desc, sizeof desc);
		record_tags_default(&s->tags, w, desc);
	}
	if (s->clocked) {
		clock_format_control(s->tc_base, s->tc_inc, desc, sizeof desc);
		record_tag_set(&s->tags, "TimeControl", desc);
		clk = xcalloc((size_t)s->game.nply + 1, sizeof *clk);
		for (i = 0; i < s->game.nply; i++)
			clk[i] = i + 1 < s->clk_cap ?
			    s->clk[i + 1][s->game.pos[i].side] : -1;
	}
	if (s->flagged >= 0)
		record_tag_set(&s->tags, "Termination", "time-forfeit");
	if (record_save_clk(path, &s->game, &s->tags, clk, err,
	    sizeof err) < 0) {
		free(clk);
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	free(clk);
	snprintf(s->save_name, sizeof s->save_name, "%s", path);
	session_msg(s, SM_GOOD, "saved to %s", path);
}

/* The record's players, when they name ours ("human", "alphabeta 1s"). */
static void
players_of(struct session *s, char *said, size_t n)
{
	static const char *const tag[2] = { "White", "Black" };
	struct player_conf pc;
	char word[32], err[160];
	const char *v;
	int c;
	size_t len = 0;

	said[0] = '\0';
	for (c = 0; c < 2; c++) {
		v = record_tag_get(&s->tags, tag[c]);
		if (v == NULL)
			continue;
		snprintf(word, sizeof word, "%.*s", (int)strcspn(v, " "), v);
		pc = c == WHITE ? s->conf.white : s->conf.black;
		if (session_player_type_parse(word, &pc, err, sizeof err) < 0) {
			len += (size_t)snprintf(said + len, n - len,
			    "%s%s \"%s\" is not a player here: %s kept",
			    len ? "; " : "", tag[c], v,
			    s->player[c]->human ? "human" : "the AI");
			continue;
		}
		if (strcmp(pc.type, s->player[c]->conf.type) != 0 ||
		    strcmp(pc.algorithm, s->player[c]->conf.algorithm) != 0)
			session_set_player(s, c, &pc);
	}
}

int
session_load(struct session *s, const char *path, int index)
{
	char err[512], said[256], tc[32];
	struct game g;
	struct record_tags tags;
	int64_t *clk = NULL, base, inc;
	FILE *f;
	int i, n;

	memset(&tags, 0, sizeof tags);
	f = fopen(path, "r");
	if (f == NULL) {
		session_msg(s, SM_ERROR, "%s: %m", path);
		return -1;
	}
	if (record_read_game(f, path, index, &g, &tags, &s->conf.rules, &clk,
	    err, sizeof err) < 0) {
		fclose(f);
		session_msg(s, SM_ERROR, "%s", err);
		return -1;
	}
	fclose(f);
	if (s->have_game) {
		session_cancel_turns(s);
		game_free(&s->game);
	}
	s->game = g;
	s->have_game = true;
	s->start = g.pos[0];
	s->tags = tags;
	for (int c = 0; c < 2; c++)
		if (s->player[c]->ops->reset != NULL)
			s->player[c]->ops->reset(s, s->player[c]);
	players_of(s, said, sizeof said);
	/* The record's clock, its times move by move. */
	s->clocked = false;
	if (record_tag_get(&tags, "TimeControl") != NULL &&
	    clock_parse_seconds(record_tag_get(&tags, "TimeControl"), &base,
	    &inc, err, sizeof err) == 0) {
		s->clocked = true;
		s->tc_base = base;
		s->tc_inc = inc;
		clock_init(&s->clock, base, inc);
		n = s->game.nply + s->game.nredo;
		if (n + 1 >= s->clk_cap) {
			s->clk_cap = n + 64;
			s->clk = xreallocarray(s->clk, (size_t)s->clk_cap,
			    sizeof *s->clk);
		}
		s->clk[0][WHITE] = s->clk[0][BLACK] = base;
		for (i = 0; i < s->game.nply; i++) {
			int mover = s->game.pos[i].side;
			s->clk[i + 1][!mover] = s->clk[i][!mover];
			s->clk[i + 1][mover] = clk != NULL && clk[i] >= 0 ?
			    clk[i] : s->clk[i][mover];
		}
	}
	free(clk);
	s->advice[0] = '\0';
	s->advice_move = MOVE_NONE;
	s->step = false;
	s->asking = false;
	s->review = -1;
	s->flagged = -1;
	s->last_move_at = s->now();
	s->serial++;
	s->reset_serial++;
	snprintf(s->save_name, sizeof s->save_name, "%s", path);
	/* Ready to review: at the last position, nothing plays by itself. */
	s->paused = session_ai_vs_ai(s) && !game_over(&s->game);
	session_clock_restore(s);
	tc[0] = '\0';
	if (s->clocked)
		clock_format_control(s->tc_base, s->tc_inc, tc, sizeof tc);
	session_msg(s, SM_GOOD, "loaded %s (%d plies%s%s)%s%s%s; [ reviews",
	    path, s->game.nply, tc[0] ? ", clock " : "", tc,
	    s->paused ? ": paused, p resumes" : "", said[0] ? ". " : "",
	    said);
	session_turn(s);
	return 0;
}

static void
load_cmd(struct session *s, const char *arg)
{
	char name[UI_CMD_ARG_MAX], path[CONF_PATH_MAX + 64], err[256];
	const char *sp = strrchr(arg, ' ');
	int index = 0, n;

	snprintf(name, sizeof name, "%s", arg);
	if (sp != NULL && sp[1] != '\0' && strspn(sp + 1, "0123456789") ==
	    strlen(sp + 1)) {
		index = atoi(sp + 1);
		name[sp - arg] = '\0';
		if (index < 1) {
			session_msg(s, SM_ERROR, "games are counted from 1");
			return;
		}
	}
	if (resolve(s, name, path, sizeof path, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	if (index == 0 && (n = record_count_games(path, err,
	    sizeof err)) > 1) {
		session_msg(s, SM_ERROR, "%s holds %d games: :load %s N picks "
		    "game N", path, n, name);
		return;
	}
	session_load(s, path, index);
}

static void
set_player_cmd(struct session *s, int color, const char *text)
{
	struct player_conf pc = color == WHITE ? s->conf.white : s->conf.black;
	char err[160], desc[64];

	if (session_player_type_parse(text, &pc, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	if (session_set_player(s, color, &pc) < 0)
		return;
	session_player_describe(s->player[color], desc, sizeof desc);
	session_msg(s, SM_GOOD, "%s is now played by %s", side_name[color],
	    desc);
	session_turn(s);
}

static void
set_limit(struct session *s, bool depth, const char *text)
{
	char *end;
	long v = strtol(text, &end, 10);
	int c, max = depth ? 64 : 3600000;

	if (*text == '\0' || *end != '\0' || v < 0 || v > max) {
		session_msg(s, SM_ERROR, "%s must be 0..%d", depth ? "depth" :
		    "movetime", max);
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
	session_msg(s, SM_GOOD, "AI %s set to %ld%s (from the next move)",
	    depth ? "depth" : "time", v, depth ? "" : " ms");
}

static void
advice(struct session *s)
{
	int side = game_board(&s->game)->side;
	struct player_conf pc;
	struct ui_job job;

	if (!session_human_turn(s) || s->review >= 0) {
		session_msg(s, SM_ERROR, "advice is for a human's turn");
		return;
	}
	if (s->advising) {
		session_msg(s, SM_NORMAL, "the advisor is still thinking");
		return;
	}
	pc = side == WHITE ? s->conf.white : s->conf.black;
	if (pc.advisor[0] != '\0')
		snprintf(pc.algorithm, sizeof pc.algorithm, "%s", pc.advisor);
	if (pc.depth == 0 && pc.movetime_ms == 0)
		pc.movetime_ms = 1000;
	/* Each side's advisor has that side's settings. */
	if (s->advisor[side] == NULL)
		s->advisor[side] = ui_search_new(&pc);
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
	if (ui_worker_start(&s->worker, &job) < 0) {
		session_msg(s, SM_ERROR, "cannot start the advisor");
		return;
	}
	s->advising = true;
	snprintf(s->advice, sizeof s->advice, "Advice for %s: thinking...",
	    side_name[side]);
	s->dirty = true;
}

static void
pause_toggle(struct session *s)
{
	s->paused = !s->paused;
	s->step = false;
	if (s->paused) {
		session_turn(s);        /* stops the clocks */
		session_msg(s, SM_NORMAL, "paused: p resumes%s, . plays one "
		    "move", session_ai_vs_ai(s) ? " (or Space)" : "");
		return;
	}
	session_msg(s, SM_NORMAL, "resumed");
	if (s->held != MOVE_NONE)
		s->held_at = s->now() + s->delay_ms;
	session_turn(s);
}

static void
step(struct session *s)
{
	if (game_over(&s->game)) {
		session_msg(s, SM_ERROR, "the game is over");
		return;
	}
	if (session_human_turn(s)) {
		session_msg(s, SM_ERROR, "your move: . steps the AI");
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
	session_msg(s, SM_NORMAL, "AI moves every %d ms at least", s->delay_ms);
}

static void
fen_cmd(struct session *s, const char *arg)
{
	char buf[FEN_MAX], err[160];
	struct board b;

	if (arg[0] == '\0') {
		fen_write(session_board(s), buf, sizeof buf);
		session_msg(s, SM_NORMAL, "%s", buf);
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
	session_new_game(s, &b);
	session_msg(s, SM_GOOD, "new game from %s", arg);
}

static void
resign(struct session *s, bool now)
{
	int side = game_board(&s->game)->side, who;
	char res[96];

	if (game_over(&s->game)) {
		session_msg(s, SM_ERROR, "the game is over");
		return;
	}
	if (session_human_count(s) == 0) {
		session_msg(s, SM_ERROR, "no human plays: nobody to resign");
		return;
	}
	who = session_human_count(s) == 2 ? side :
	    s->player[WHITE]->human ? WHITE : BLACK;
	if (!now) {
		snprintf(res, sizeof res, "%s resigns?", side_name[who]);
		session_ask(s, res, CMD_RESIGN_NOW, NULL);
		return;
	}
	session_cancel_turns(s);
	game_resign(&s->game, who);
	session_turn(s);
	session_result_text(s, res, sizeof res);
	session_msg(s, SM_GOOD, "%s", res);
}

/* ---- review ---- */

static void
review_to(struct session *s, int ply)
{
	int live = s->game.nply;

	if (ply >= live) {
		if (s->review >= 0)
			session_msg(s, SM_NORMAL, "back to the live game");
		s->review = -1;
		s->dirty = true;
		return;
	}
	if (ply < 0)
		ply = 0;
	if (s->review < 0)
		s->review_seen = live;
	s->review = ply;
	s->dirty = true;
	s->msg.text[0] = '\0';
}

static void
review(struct session *s, enum ui_cmd_type t)
{
	int at = session_shown_ply(s);

	if (s->game.nply == 0) {
		session_msg(s, SM_ERROR, "no moves to review yet");
		return;
	}
	switch (t) {
	case CMD_REVIEW_BACK:
		review_to(s, at - 1);
		break;
	case CMD_REVIEW_FORWARD:
		review_to(s, at + 1);
		break;
	case CMD_REVIEW_START:
		review_to(s, 0);
		break;
	default:
		review_to(s, s->game.nply);
		break;
	}
}

static void
continue_from(struct session *s, bool now)
{
	char q[160];
	int drop;

	if (s->review < 0) {
		session_msg(s, SM_ERROR, "not reviewing: [ steps back through "
		    "the game first");
		return;
	}
	drop = s->game.nply - s->review;
	if (!now) {
		snprintf(q, sizeof q, "Continue from ply %d? The %d later "
		    "move%s go (Ctrl-R redoes them).", s->review, drop,
		    drop == 1 ? "" : "s");
		session_ask(s, q, CMD_CONTINUE_NOW, NULL);
		return;
	}
	session_cancel_turns(s);
	while (s->game.nply > s->review && game_undo(&s->game) == 0)
		;
	position_changed(s);
	if (session_ai_vs_ai(s))
		s->paused = true;
	session_msg(s, SM_GOOD, "playing on from ply %d%s", s->game.nply,
	    s->paused ? " (paused: p resumes)" : "");
	session_turn(s);
}

static void
clock_cmd(struct session *s, const char *arg)
{
	char a[32], b[32];

	if (arg[0] == '\0') {
		if (!s->clocked) {
			session_msg(s, SM_NORMAL, "no clock (:clock 5+3 sets "
			    "one for the next game)");
			return;
		}
		clock_format(session_clock_left(s, WHITE), a, sizeof a);
		clock_format(session_clock_left(s, BLACK), b, sizeof b);
		session_msg(s, SM_NORMAL, "White %s, Black %s", a, b);
		return;
	}
	if (session_set_clock(s, arg) < 0)
		return;
	session_msg(s, SM_GOOD, "clock %s from the next game (n)", arg);
}

/* Commands a network game handles, or refuses, itself. */
static bool
hooked(struct session *s, const struct ui_cmd *cmd)
{
	return s->hooks.command != NULL && s->hooks.command(s->hooks.ctx, cmd);
}

static void
move_cmd(struct session *s, const char *text, bool checked)
{
	char err[160];
	const char *why = session_nomove_reason(s);
	move_t m;

	if (why != NULL) {
		session_msg(s, SM_ERROR, "%s", why);
		return;
	}
	if (notation_read(game_board(&s->game), text, &m, err,
	    sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	if (checked)
		session_play(s, m, false);
	else
		session_human_move(s, m);
}

void
session_command(struct session *s, const struct ui_cmd *cmd)
{
	s->dirty = true;
	if (hooked(s, cmd))
		return;
	switch (cmd->type) {
	case CMD_MOVE:
		move_cmd(s, cmd->arg, false);
		break;
	case CMD_MOVE_NOW:
		move_cmd(s, cmd->arg, true);
		break;
	case CMD_QUIT:
		if (session_in_game(s))
			session_ask(s, "Quit this game?", CMD_QUIT_NOW, NULL);
		else
			s->quit = true;
		break;
	case CMD_QUIT_NOW:
		s->quit = true;
		break;
	case CMD_NEW:
		session_newgame_open(s);
		break;
	case CMD_NEW_NOW:
		session_new_game(s, &s->start);
		session_msg(s, SM_GOOD, "new game");
		break;
	case CMD_UNDO:
		undo(s);
		break;
	case CMD_REDO:
		redo(s);
		break;
	case CMD_SAVE:
		save(s, cmd->arg);
		break;
	case CMD_LOAD:
		load_cmd(s, cmd->arg);
		break;
	case CMD_RESIGN:
	case CMD_RESIGN_NOW:
		resign(s, cmd->type == CMD_RESIGN_NOW);
		break;
	case CMD_DRAW:
		if (game_over(&s->game))
			session_msg(s, SM_ERROR, "the game is over");
		else if (session_human_count(s) < 2)
			session_msg(s, SM_ERROR, "the AI plays on: "
			    "draws are agreed between humans");
		else {
			game_agree_draw(&s->game);
			session_turn(s);
			session_msg(s, SM_GOOD, "Draw: agreed");
		}
		break;
	case CMD_ADVICE:
		advice(s);
		break;
	case CMD_PAUSE:
		pause_toggle(s);
		break;
	case CMD_STEP:
		step(s);
		break;
	case CMD_FASTER:
	case CMD_SLOWER:
		speed(s, cmd->type == CMD_FASTER ? 1 : -1);
		break;
	case CMD_DELAY: {
		char *end;
		long v = strtol(cmd->arg, &end, 10);
		if (cmd->arg[0] == '\0' || *end != '\0' || v < 0 ||
		    v > 60000) {
			session_msg(s, SM_ERROR, "delay must be 0..60000 ms");
			break;
		}
		s->delay_ms = (int)v;
		session_msg(s, SM_NORMAL, "AI moves every %d ms at least",
		    s->delay_ms);
		break;
	}
	case CMD_FEN:
		fen_cmd(s, cmd->arg);
		break;
	case CMD_WHITE:
	case CMD_BLACK:
		set_player_cmd(s, cmd->type == CMD_WHITE ? WHITE : BLACK,
		    cmd->arg);
		break;
	case CMD_DEPTH:
	case CMD_MOVETIME:
		set_limit(s, cmd->type == CMD_DEPTH, cmd->arg);
		break;
	case CMD_REVIEW_BACK:
	case CMD_REVIEW_FORWARD:
	case CMD_REVIEW_START:
	case CMD_REVIEW_END:
		review(s, cmd->type);
		break;
	case CMD_CONTINUE:
	case CMD_CONTINUE_NOW:
		continue_from(s, cmd->type == CMD_CONTINUE_NOW);
		break;
	case CMD_CLOCK:
		clock_cmd(s, cmd->arg);
		break;
	case CMD_HELP:
		s->want_help = true;
		break;
	case CMD_LOG:
		s->want_log = true;
		break;
	default:
		/* The view's own: flip, redraw, scroll, prompts, unicode. */
		break;
	}
}
