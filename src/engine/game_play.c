/*
 * game_play.c: a game's history: playing, undo and redo, resigning and
 * agreed draws. The history grows on the heap (never during a search).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/notation.h"
#include "util/i18n.h"
#include "util/util.h"

static void
grow(struct game *g, int need)
{
	int cap = g->cap;

	if (need <= cap)
		return;
	while (cap < need)
		cap = cap ? cap * 2 : 64;
	g->pos = xreallocarray(g->pos, (size_t)cap + 1, sizeof *g->pos);
	g->moves = xreallocarray(g->moves, (size_t)cap, sizeof *g->moves);
	g->cap = cap;
}

static void
update_status(struct game *g, bool lion_taken)
{
	g->result = game_status(&g->pos[g->nply], g->pos, g->nply, lion_taken,
	    &g->rules, &g->reason);
}

void
game_init(struct game *g, const struct board *start,
    const struct game_rules *rules)
{
	static const struct game_rules defaults = GAME_RULES_DEFAULT;

	memset(g, 0, sizeof *g);
	g->rules = rules != NULL ? *rules : defaults;
	g->variant = start->variant;
	grow(g, 64);
	g->pos[0] = *start;
	update_status(g, false);
}

void
game_free(struct game *g)
{
	free(g->pos);
	free(g->moves);
	memset(g, 0, sizeof *g);
}

const struct board *
game_board(const struct game *g)
{
	return &g->pos[g->nply];
}

bool
game_over(const struct game *g)
{
	return g->result != RESULT_NONE;
}

int
game_play(struct game *g, move_t m, char *err, size_t errlen)
{
	struct move_effects fx;
	struct board next;

	if (game_over(g))
		return util_error(err, errlen, _("the game is over"));
	if (!movegen_is_legal(game_board(g), m)) {
		char t[MOVE_TEXT_MAX];
		notation_write(m, t, sizeof t);
		return util_error(err, errlen, _("%s is not a legal move"), t);
	}
	next = *game_board(g);
	board_make(&next, m, &fx);
	grow(g, g->nply + 1);
	if (g->nredo > 0 && g->moves[g->nply] == m)
		g->nredo--;
	else
		g->nredo = 0;
	g->moves[g->nply] = m;
	g->pos[++g->nply] = next;
	update_status(g, fx.lion_captured);
	return 0;
}

int
game_play_text(struct game *g, const char *text, char *err, size_t errlen)
{
	move_t m;

	if (game_over(g))
		return util_error(err, errlen, _("the game is over"));
	if (notation_read(game_board(g), text, &m, err, errlen) < 0)
		return -1;
	return game_play(g, m, err, errlen);
}

int
game_undo(struct game *g)
{
	if (g->nply == 0)
		return -1;
	g->nply--;
	g->nredo++;
	update_status(g, false);
	return 0;
}

int
game_redo(struct game *g)
{
	struct move_effects fx;
	struct board next;

	if (g->nredo == 0)
		return -1;
	next = g->pos[g->nply];
	board_make(&next, g->moves[g->nply], &fx);
	g->pos[++g->nply] = next;
	g->nredo--;
	update_status(g, fx.lion_captured);
	return 0;
}

void
game_resign(struct game *g, int color)
{
	if (game_over(g))
		return;
	g->result = color == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
	g->reason = REASON_RESIGN;
}

void
game_agree_draw(struct game *g)
{
	if (game_over(g))
		return;
	g->result = RESULT_DRAW;
	g->reason = REASON_AGREEMENT;
}

void
game_end(struct game *g, enum game_result r, enum game_reason why)
{
	if (game_over(g) || r == RESULT_NONE)
		return;
	g->result = r;
	g->reason = why;
}

bool
game_reason_by_rules(enum game_reason why)
{
	return why >= REASON_LION_CAPTURED && why <= REASON_QUIET_MOVES;
}
