/*
 * ui_game.c: the game in play: moves, turns handed to the players, the
 * AI worker's messages and timers, messages to the user.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/game.h"
#include "engine/notation.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"

static const char *const side_name[2] = { "White", "Black" };

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
	if (ui_net_nomove(a) != NULL)
		return ui_net_nomove(a);
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

int
app_human_count(const struct ui_app *a)
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
	if (a->advising) {
		/* Advice about the position being left is no use. */
		ui_worker_stop(&a->worker);
		a->advising = false;
	}
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
