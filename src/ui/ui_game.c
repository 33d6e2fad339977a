/*
 * ui_game.c: what the commands do to the game: play, undo, redo, new,
 * save, load, resign, pause, advice, and handing turns to the players.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "record/record.h"
#include "ui/ui_int.h"

static const char *const side_name[2] = { "White", "Black" };
static const int delays[] = { 0, 100, 250, 500, 1000, 2000, 4000, 8000 };
#define NDELAYS ((int)(sizeof delays / sizeof delays[0]))

int64_t
app_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
app_message(struct ui_app *a, int style, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->msg, sizeof a->msg, fmt, ap);
	va_end(ap);
	a->msg_style = style;
	a->dirty = true;
}

bool
app_human_turn(const struct ui_app *a)
{
	return !game_over(&a->game) &&
	    a->player[game_board(&a->game)->side]->human;
}

bool
app_ai_vs_ai(const struct ui_app *a)
{
	return !a->player[WHITE]->human && !a->player[BLACK]->human;
}

bool
app_in_game(const struct ui_app *a)
{
	return a->game.nply > 0 && !game_over(&a->game);
}

const char *
app_nomove_reason(const struct ui_app *a)
{
	static char buf[96];
	int side = game_board(&a->game)->side;
	char desc[64];

	if (game_over(&a->game))
		return "the game is over: n starts a new one, u takes back";
	if (a->player[side]->human)
		return NULL;
	ui_player_describe(a->player[side], desc, sizeof desc);
	snprintf(buf, sizeof buf, "%s to move: %s (%s)", side_name[side],
	    a->paused ? "paused" : "wait for", desc);
	return buf;
}

void
app_set_flip_default(struct ui_app *a)
{
	bool black_alone = a->player[BLACK]->human && !a->player[WHITE]->human;

	a->in.flipped = a->conf.ui.flip != black_alone;
}

static int
human_count(const struct ui_app *a)
{
	return a->player[WHITE]->human + a->player[BLACK]->human;
}

void
app_cancel_turns(struct ui_app *a)
{
	int c;

	for (c = 0; c < 2; c++)
		if (a->player[c]->ops->turn_cancel != NULL)
			a->player[c]->ops->turn_cancel(a, a->player[c]);
	if (a->advising || a->thinking)
		ui_worker_stop(&a->worker);
	a->advising = false;
	a->thinking = false;
	a->held = MOVE_NONE;
	a->ai_line[0] = '\0';
}

void
app_turn(struct ui_app *a)
{
	struct ui_player *p;

	a->dirty = true;
	if (game_over(&a->game) || a->thinking || a->held != MOVE_NONE)
		return;
	p = a->player[game_board(&a->game)->side];
	if (p->ops->turn_begin == NULL)
		return;
	if (p->thinks && a->paused && !a->step)
		return;
	if (a->advising) {
		ui_worker_stop(&a->worker);
		a->advising = false;
	}
	p->ops->turn_begin(a, p);
}

void
app_new_game(struct ui_app *a, const struct board *start)
{
	int c;

	if (a->have_game)
		app_cancel_turns(a);
	if (a->have_game)
		game_free(&a->game);
	game_init(&a->game, start, &a->conf.rules);
	a->have_game = true;
	a->start = *start;
	for (c = 0; c < 2; c++)
		if (a->player[c]->ops->reset != NULL)
			a->player[c]->ops->reset(a, a->player[c]);
	ui_input_init(&a->in, start);
	/* The AI moves first: the cursor waits on the human's lion. */
	if (!a->player[start->side]->human && a->player[!start->side]->human &&
	    board_lion_sq(start, !start->side) >= 0)
		a->in.cursor = board_lion_sq(start, !start->side);
	memset(&a->tags, 0, sizeof a->tags);
	a->advice[0] = '\0';
	a->advice_move = MOVE_NONE;
	a->scroll = 0;
	a->step = false;
	a->last_move_at = app_now_ms();
	app_turn(a);
}

/* "pawn on d4 drowned", captures, promotion: what a move did. */
static void
describe_effects(const struct move_effects *fx, char *buf, size_t n)
{
	size_t len = 0;
	char sq[3];
	int i;

	buf[0] = '\0';
	for (i = 0; i < fx->ncaptured && len < n; i++) {
		board_sq_name(fx->captured_sq[i], sq);
		len += (size_t)snprintf(buf + len, n - len, "%s%s on %s taken",
		    len ? ", " : "",
		    board_piece_name(PIECE_TYPE(fx->captured_piece[i])), sq);
	}
	if (fx->promoted && len < n)
		len += (size_t)snprintf(buf + len, n - len,
		    "%spawn promoted to superpawn", len ? ", " : "");
	for (i = 0; i < fx->ndrowned && len < n; i++) {
		board_sq_name(fx->drowned_sq[i], sq);
		len += (size_t)snprintf(buf + len, n - len, "%s%s on %s drowned",
		    len ? ", " : "",
		    board_piece_name(PIECE_TYPE(fx->drowned_piece[i])), sq);
	}
}

void
app_play(struct ui_app *a, move_t m, bool from_ai)
{
	struct board after = *game_board(&a->game);
	struct move_effects fx;
	char err[160], mv[MOVE_TEXT_MAX], what[UI_MSG_MAX];
	int mover = after.side, c;

	notation_write(m, mv, sizeof mv);
	if (!from_ai && a->thinking)
		app_cancel_turns(a);
	if (game_play(&a->game, m, err, sizeof err) < 0) {
		app_message(a, ST_ERROR, "%s", err);
		return;
	}
	memset(&fx, 0, sizeof fx);
	board_make(&after, m, &fx);
	describe_effects(&fx, what, sizeof what);
	if (what[0] != '\0')
		app_message(a, ST_NORMAL, "%s %s: %s", side_name[mover], mv,
		    what);
	else if (from_ai)
		a->msg[0] = '\0';
	ui_input_clear(&a->in);
	a->advice[0] = '\0';
	a->advice_move = MOVE_NONE;
	a->scroll = 0;
	a->held = MOVE_NONE;
	a->last_move_at = app_now_ms();
	for (c = 0; c < 2; c++)
		if (a->player[c]->ops->move_played != NULL)
			a->player[c]->ops->move_played(a, a->player[c], m);
	if (game_over(&a->game)) {
		char res[96];
		game_result_text(a->game.result, a->game.reason, res,
		    sizeof res);
		/* The status bar gives the result; say how it came. */
		if (what[0] != '\0')
			app_message(a, ST_GOOD, "%s %s: %s", side_name[mover],
			    mv, what);
		else
			app_message(a, ST_GOOD, "%s (n: new game)", res);
		return;
	}
	a->dirty = true;
	app_turn(a);
}

static void
score_text(const struct ui_msg *m, char *buf, size_t n)
{
	snprintf(buf, n, "%s", m->score);
}

void
app_worker_msg(struct ui_app *a, const struct ui_msg *m)
{
	char mv[MOVE_TEXT_MAX], sc[32];
	int side = game_board(&a->game)->side;

	a->dirty = true;
	score_text(m, sc, sizeof sc);
	if (m->kind == MSG_INFO) {
		char nps[32];
		if (m->nps >= 1000000)
			snprintf(nps, sizeof nps, "%.1f Mn/s", m->nps / 1e6);
		else
			snprintf(nps, sizeof nps, "%.0f kn/s", m->nps / 1e3);
		snprintf(a->ai_line, sizeof a->ai_line,
		    "%s %s: depth %d  %s  %s  %s", side_name[side],
		    a->advising ? "advice" : "thinks", m->depth, sc, nps, m->pv);
		if (a->advising)
			snprintf(a->advice, sizeof a->advice, "%s", a->ai_line);
		return;
	}
	if (a->advising) {
		a->advising = false;
		if (m->move == MOVE_NONE) {
			app_message(a, ST_ERROR, "no advice: no move");
			return;
		}
		notation_write(m->move, mv, sizeof mv);
		a->advice_move = m->move;
		snprintf(a->advice, sizeof a->advice,
		    "Advice for %s: %s%s%s%s", side_name[side], mv,
		    sc[0] ? "  (score " : "", sc, sc[0] ? ")" : "");
		return;
	}
	if (!a->thinking)
		return;
	a->thinking = false;
	if (m->move == MOVE_NONE) {
		app_message(a, ST_ERROR, "the AI found no move");
		return;
	}
	a->held = m->move;
	a->held_at = a->last_move_at;
	/* AI against AI: moves come at the chosen pace. */
	if (app_ai_vs_ai(a) && !a->step)
		a->held_at += a->delay_ms;
	if (a->step) {
		a->step = false;
		a->held_at = 0;
		app_play(a, m->move, true);
		return;
	}
	app_tick(a);
}

void
app_tick(struct ui_app *a)
{
	if (a->held == MOVE_NONE || a->paused)
		return;
	if (app_now_ms() >= a->held_at)
		app_play(a, a->held, true);
}

int
app_timeout(struct ui_app *a)
{
	int64_t d;

	if (a->held == MOVE_NONE || a->paused)
		return -1;
	d = a->held_at - app_now_ms();
	if (d < 0)
		return 0;
	return d > 60000 ? 60000 : (int)d;
}

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
	if (human_count(a) == 0) {
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
	    a->paused && human_count(a) == 0 ? " (paused: p resumes)" : "");
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
	if (human_count(a) > 0)
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

void
app_install_player(struct ui_app *a, int color, struct ui_player *p)
{
	app_cancel_turns(a);
	ui_player_free(a->player[color]);
	p->color = color;
	a->player[color] = p;
	a->dirty = true;
}

int
app_set_player(struct ui_app *a, int color, const struct player_conf *pc)
{
	struct ui_player *p;
	char err[160];

	p = ui_player_new(pc, color, err, sizeof err);
	if (p == NULL) {
		app_message(a, ST_ERROR, "%s", err);
		return -1;
	}
	app_install_player(a, color, p);
	if (color == WHITE)
		a->conf.white = *pc;
	else
		a->conf.black = *pc;
	return 0;
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
	if (a->advisor == NULL) {
		app_message(a, ST_ERROR, "out of memory for the advisor");
		return;
	}
	memset(&job, 0, sizeof job);
	job.kind = JOB_ADVICE;
	job.color = side;
	job.pos = *game_board(&a->game);
	job.rules = a->game.rules;
	job.conf = pc;
	job.search = a->advisor;
	if (a->game.nply > 0) {
		job.history = malloc(sizeof *job.history * (size_t)a->game.nply);
		if (job.history != NULL) {
			memcpy(job.history, a->game.pos,
			    sizeof *job.history * (size_t)a->game.nply);
			job.nhistory = a->game.nply;
		}
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
	if (human_count(a) == 0) {
		app_message(a, ST_ERROR, "no human plays: nobody to resign");
		return;
	}
	who = human_count(a) == 2 ? side :
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
		else if (human_count(a) < 2)
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
