/*
 * ui_command.c: what the commands of the keys and the command line do:
 * undo, redo, save, load, advice, pause and pace, players, resign.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "record/record.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "util/util.h"

static const char *const side_name[2] = { "White", "Black" };
static const int delays[] = { 0, 100, 250, 500, 1000, 2000, 4000, 8000 };
#define NDELAYS ((int)(sizeof delays / sizeof delays[0]))

static void
undo(struct ui_app *a)
{
	int n = 0;

	if (a->game.nply == 0) {
		app_message(a, ST_ERROR, "nothing to undo");
		return;
	}
	app_cancel_turns(a);
	if (game_undo(&a->game) == 0)
		n++;
	if (app_human_count(a) == 0) {
		a->paused = true;
	} else {
		while (a->game.nply > 0 &&
		    !a->player[game_board(&a->game)->side]->human &&
		    game_undo(&a->game) == 0)
			n++;
	}
	ui_input_clear(&a->in);
	a->advice[0] = '\0';
	a->advice_move = MOVE_NONE;
	a->scroll = 0;
	a->last_move_at = app_now_ms();
	app_message(a, ST_NORMAL, "took back %d move%s%s", n, n == 1 ? "" : "s",
	    a->paused && app_human_count(a) == 0 ? " (paused: p resumes)" : "");
	app_turn(a);
}

static void
redo(struct ui_app *a)
{
	int n = 0;

	if (a->game.nredo == 0) {
		app_message(a, ST_ERROR, "nothing to redo");
		return;
	}
	app_cancel_turns(a);
	if (game_redo(&a->game) == 0)
		n++;
	if (app_human_count(a) > 0)
		while (a->game.nredo > 0 && !game_over(&a->game) &&
		    !a->player[game_board(&a->game)->side]->human &&
		    game_redo(&a->game) == 0)
			n++;
	ui_input_clear(&a->in);
	a->scroll = 0;
	a->last_move_at = app_now_ms();
	app_message(a, ST_NORMAL, "replayed %d move%s", n, n == 1 ? "" : "s");
	app_turn(a);
}

/*
 * A bare name goes into the save folder (created when missing); a path is
 * taken as it is, "~/" being the home folder.
 */
static int
resolve(const struct ui_app *a, const char *name, char *buf, size_t n,
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
	if (record_dir(a->conf.ui.save_dir, dir, sizeof dir, err, errlen) < 0)
		return -1;
	snprintf(buf, n, "%s/%s", dir, name);
	return 0;
}

static void
save(struct ui_app *a, const char *name)
{
	char path[CONF_PATH_MAX + 64], def[64], err[256], desc[64];

	if (name[0] == '\0') {
		record_default_name(def, sizeof def);
		name = def;
	}
	if (resolve(a, name, path, sizeof path, err, sizeof err) < 0) {
		app_message(a, ST_ERROR, "%s", err);
		return;
	}
	if (record_tag_get(&a->tags, "Event") == NULL) {
		char w[64];
		ui_player_describe(a->player[WHITE], w, sizeof w);
		ui_player_describe(a->player[BLACK], desc, sizeof desc);
		record_tags_default(&a->tags, w, desc);
	}
	if (record_save(path, &a->game, &a->tags, err, sizeof err) < 0) {
		app_message(a, ST_ERROR, "%s", err);
		return;
	}
	snprintf(a->save_name, sizeof a->save_name, "%s", path);
	app_message(a, ST_GOOD, "saved to %s", path);
}

static void
load(struct ui_app *a, const char *name)
{
	char path[CONF_PATH_MAX + 64], err[256];
	struct game g;
	struct record_tags tags;

	if (resolve(a, name, path, sizeof path, err, sizeof err) < 0) {
		app_message(a, ST_ERROR, "%s", err);
		return;
	}
	memset(&tags, 0, sizeof tags);
	if (record_load(path, &g, &tags, &a->conf.rules, err, sizeof err) < 0) {
		app_message(a, ST_ERROR, "%s", err);
		return;
	}
	app_cancel_turns(a);
	if (a->have_game)
		game_free(&a->game);
	a->game = g;
	a->have_game = true;
	a->start = g.pos[0];
	a->tags = tags;
	for (int c = 0; c < 2; c++)
		if (a->player[c]->ops->reset != NULL)
			a->player[c]->ops->reset(a, a->player[c]);
	a->advice[0] = '\0';
	a->advice_move = MOVE_NONE;
	a->scroll = 0;
	a->step = false;
	a->last_move_at = app_now_ms();
	snprintf(a->save_name, sizeof a->save_name, "%s", path);
	ui_input_init(&a->in, game_board(&a->game));
	a->paused = app_ai_vs_ai(a) && !game_over(&a->game);
	app_message(a, ST_GOOD, "loaded %s (%d plies)%s", path, a->game.nply,
	    a->paused ? ": paused, p resumes" : "");
	app_turn(a);
}

static void
set_player_cmd(struct ui_app *a, int color, const char *text)
{
	struct player_conf pc = color == WHITE ? a->conf.white : a->conf.black;
	char err[160], desc[64];

	if (ui_player_type_parse(text, &pc, err, sizeof err) < 0) {
		app_message(a, ST_ERROR, "%s", err);
		return;
	}
	if (app_set_player(a, color, &pc) < 0)
		return;
	ui_player_describe(a->player[color], desc, sizeof desc);
	app_message(a, ST_GOOD, "%s is now played by %s", side_name[color],
	    desc);
	app_turn(a);
}

static void
set_limit(struct ui_app *a, bool depth, const char *text)
{
	char *end;
	long v = strtol(text, &end, 10);
	int c, max = depth ? 64 : 3600000;

	if (*text == '\0' || *end != '\0' || v < 0 || v > max) {
		app_message(a, ST_ERROR, "%s must be 0..%d", depth ? "depth" :
		    "movetime", max);
		return;
	}
	for (c = 0; c < 2; c++) {
		struct player_conf *pc = c == WHITE ? &a->conf.white :
		    &a->conf.black;
		if (depth) {
			pc->depth = (int)v;
			a->player[c]->conf.depth = (int)v;
		} else {
			pc->movetime_ms = (int)v;
			a->player[c]->conf.movetime_ms = (int)v;
		}
	}
	app_message(a, ST_GOOD, "AI %s set to %ld%s (from the next move)",
	    depth ? "depth" : "time", v, depth ? "" : " ms");
}

static void
advice(struct ui_app *a)
{
	int side = game_board(&a->game)->side;
	struct player_conf pc;
	struct ui_job job;

	if (!app_human_turn(a)) {
		app_message(a, ST_ERROR, "advice is for a human's turn");
		return;
	}
	if (a->advising) {
		app_message(a, ST_NORMAL, "the advisor is still thinking");
		return;
	}
	pc = side == WHITE ? a->conf.white : a->conf.black;
	if (pc.advisor[0] != '\0')
		snprintf(pc.algorithm, sizeof pc.algorithm, "%s", pc.advisor);
	if (pc.depth == 0 && pc.movetime_ms == 0)
		pc.movetime_ms = 1000;
	if (a->advisor == NULL)
		a->advisor = ui_search_new(&pc);
	memset(&job, 0, sizeof job);
	job.kind = JOB_ADVICE;
	job.color = side;
	job.pos = *game_board(&a->game);
	job.rules = a->game.rules;
	job.conf = pc;
	job.search = a->advisor;
	if (a->game.nply > 0) {
		job.history = xreallocarray(NULL, (size_t)a->game.nply,
		    sizeof *job.history);
		memcpy(job.history, a->game.pos,
		    sizeof *job.history * (size_t)a->game.nply);
		job.nhistory = a->game.nply;
	}
	if (ui_worker_start(&a->worker, &job) < 0) {
		app_message(a, ST_ERROR, "cannot start the advisor");
		return;
	}
	a->advising = true;
	snprintf(a->advice, sizeof a->advice, "Advice for %s: thinking...",
	    side_name[side]);
	a->dirty = true;
}

static void
pause_toggle(struct ui_app *a)
{
	a->paused = !a->paused;
	a->step = false;
	if (a->paused) {
		app_message(a, ST_NORMAL, "paused: p or Space resumes, "
		    ". plays one move");
		return;
	}
	app_message(a, ST_NORMAL, "resumed");
	if (a->held != MOVE_NONE)
		a->held_at = app_now_ms() + a->delay_ms;
	app_turn(a);
}

static void
step(struct ui_app *a)
{
	if (game_over(&a->game)) {
		app_message(a, ST_ERROR, "the game is over");
		return;
	}
	if (app_human_turn(a)) {
		app_message(a, ST_ERROR, "your move: . steps the AI");
		return;
	}
	a->paused = true;
	if (a->held != MOVE_NONE) {
		app_play(a, a->held, true);
		return;
	}
	a->step = true;
	if (!a->thinking)
		app_turn(a);
}

static void
speed(struct ui_app *a, int dir)
{
	int i = 0;

	while (i < NDELAYS - 1 && delays[i] < a->delay_ms)
		i++;
	if (delays[i] != a->delay_ms && dir > 0)
		i--;
	i -= dir;
	if (i < 0)
		i = 0;
	if (i >= NDELAYS)
		i = NDELAYS - 1;
	a->delay_ms = delays[i];
	app_message(a, ST_NORMAL, "AI moves every %d ms at least", a->delay_ms);
}

static void
fen_cmd(struct ui_app *a, const char *arg)
{
	char buf[FEN_MAX], err[160];
	struct board b;

	if (arg[0] == '\0') {
		fen_write(game_board(&a->game), buf, sizeof buf);
		app_message(a, ST_NORMAL, "%s", buf);
		return;
	}
	if (fen_read(&b, arg, err, sizeof err) < 0) {
		app_message(a, ST_ERROR, "%s", err);
		return;
	}
	app_new_game(a, &b);
	app_message(a, ST_GOOD, "new game from %s", arg);
}

static void
resign(struct ui_app *a, bool now)
{
	int side = game_board(&a->game)->side, who;

	if (game_over(&a->game)) {
		app_message(a, ST_ERROR, "the game is over");
		return;
	}
	if (app_human_count(a) == 0) {
		app_message(a, ST_ERROR, "no human plays: nobody to resign");
		return;
	}
	who = app_human_count(a) == 2 ? side :
	    a->player[WHITE]->human ? WHITE : BLACK;
	if (!now) {
		char q[64];
		snprintf(q, sizeof q, "%s resigns?", side_name[who]);
		ui_confirm(a, q, CMD_RESIGN_NOW);
		return;
	}
	app_cancel_turns(a);
	game_resign(&a->game, who);
	{
		char res[96];
		game_result_text(a->game.result, a->game.reason, res,
		    sizeof res);
		app_message(a, ST_GOOD, "%s", res);
	}
}

void
app_command(struct ui_app *a, const struct ui_cmd *cmd)
{
	char err[160], name[64];
	move_t m;
	const char *why;

	a->dirty = true;
	if (ui_net_command(a, cmd))
		return;
	switch (cmd->type) {
	case CMD_NONE:
	case NCMDS:
		break;
	case CMD_MOVE:
		why = app_nomove_reason(a);
		if (why != NULL) {
			app_message(a, ST_ERROR, "%s", why);
			break;
		}
		if (notation_read(game_board(&a->game), cmd->arg, &m, err,
		    sizeof err) < 0) {
			app_message(a, ST_ERROR, "%s", err);
			break;
		}
		app_play(a, m, false);
		break;
	case CMD_HELP:
		a->screen = SCR_HELP;
		a->help_scroll = 0;
		break;
	case CMD_QUIT:
		if (app_in_game(a))
			ui_confirm(a, "Quit this game?", CMD_QUIT_NOW);
		else
			a->quit = true;
		break;
	case CMD_QUIT_NOW:
		a->quit = true;
		break;
	case CMD_NEW:
		if (app_in_game(a)) {
			ui_confirm(a, "Start a new game?", CMD_NEW_NOW);
			break;
		}
		/* FALLTHROUGH */
	case CMD_NEW_NOW:
		app_new_game(a, &a->start);
		app_message(a, ST_GOOD, "new game");
		break;
	case CMD_UNDO:
		undo(a);
		break;
	case CMD_REDO:
		redo(a);
		break;
	case CMD_FLIP:
		a->in.flipped = !a->in.flipped;
		break;
	case CMD_PROMPT_SAVE:
		record_default_name(name, sizeof name);
		{
			char text[CONF_PATH_MAX + 8];
			const char *base = a->save_name[0] != '\0' ?
			    strrchr(a->save_name, '/') : NULL;
			snprintf(text, sizeof text, "save %s",
			    base != NULL ? base + 1 : name);
			ui_input_cmdline_open(&a->in, text);
		}
		break;
	case CMD_PROMPT_LOAD:
		{
			char text[CONF_PATH_MAX + 8];
			const char *base = a->save_name[0] != '\0' ?
			    strrchr(a->save_name, '/') : NULL;
			snprintf(text, sizeof text, "load %s",
			    base != NULL ? base + 1 : "");
			ui_input_cmdline_open(&a->in, text);
		}
		break;
	case CMD_SAVE:
		save(a, cmd->arg);
		break;
	case CMD_LOAD:
		load(a, cmd->arg);
		break;
	case CMD_RESIGN:
		resign(a, false);
		break;
	case CMD_RESIGN_NOW:
		resign(a, true);
		break;
	case CMD_DRAW:
		if (game_over(&a->game))
			app_message(a, ST_ERROR, "the game is over");
		else if (app_human_count(a) < 2)
			app_message(a, ST_ERROR, "the AI plays on: "
			    "draws are agreed between humans");
		else {
			game_agree_draw(&a->game);
			app_message(a, ST_GOOD, "Draw: agreed");
		}
		break;
	case CMD_ADVICE:
		advice(a);
		break;
	case CMD_PAUSE:
		pause_toggle(a);
		break;
	case CMD_STEP:
		step(a);
		break;
	case CMD_FASTER:
		speed(a, 1);
		break;
	case CMD_SLOWER:
		speed(a, -1);
		break;
	case CMD_DELAY:
		{
			char *end;
			long v = strtol(cmd->arg, &end, 10);
			if (*end != '\0' || v < 0 || v > 60000) {
				app_message(a, ST_ERROR, "delay must be 0..60000 ms");
				break;
			}
			a->delay_ms = (int)v;
			app_message(a, ST_NORMAL, "AI moves every %d ms at least",
			    a->delay_ms);
		}
		break;
	case CMD_REDRAW:
		term_redraw_all();
		break;
	case CMD_SCROLL_UP:
		a->scroll += (a->lay.status_y - 6) / 2 + 1;
		break;
	case CMD_SCROLL_DOWN:
		a->scroll -= (a->lay.status_y - 6) / 2 + 1;
		if (a->scroll < 0)
			a->scroll = 0;
		break;
	case CMD_FEN:
		fen_cmd(a, cmd->arg);
		break;
	case CMD_WHITE:
		set_player_cmd(a, WHITE, cmd->arg);
		break;
	case CMD_BLACK:
		set_player_cmd(a, BLACK, cmd->arg);
		break;
	case CMD_DEPTH:
		set_limit(a, true, cmd->arg);
		break;
	case CMD_MOVETIME:
		set_limit(a, false, cmd->arg);
		break;
	case CMD_UNICODE:
		a->unicode = !a->unicode;
		break;
	}
}
