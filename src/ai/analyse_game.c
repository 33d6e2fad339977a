/*
 * analyse_game.c: walking a game for its analysis (analyse.h): every
 * position searched once through the search API, its score kept from
 * White's side in lichess centipawns, then the plies scored
 * (analyse_score.c).
 */
#include <string.h>

#include "ai/analyse.h"
#include "ai/search.h"
#include "ai/search_internal.h"
#include "tb/tb.h"
#include "util/util.h"

int
analyse_pawn_value(int variant)
{
	return variant_get(variant)->pawn == VPAWN_MPAWN ? eval_default.mpawn :
	    eval_default.value[PAWN];
}

int
analyse_cp(int score, int variant)
{
	long cp;

	if (score >= SEARCH_WIN_MIN)
		return ANALYSE_CP_CEILING;
	if (score <= -SEARCH_WIN_MIN)
		return -ANALYSE_CP_CEILING;
	cp = (long)score * 100 / analyse_pawn_value(variant);
	if (cp > ANALYSE_CP_MAX)
		cp = ANALYSE_CP_MAX;
	if (cp < -ANALYSE_CP_MAX)
		cp = -ANALYSE_CP_MAX;
	return (int)cp;
}

void
analyse_limits_default(struct analyse_limits *l)
{
	memset(l, 0, sizeof *l);
	l->nodes = ANALYSE_NODES_DEFAULT;
}

/* The value of a position the game ended in by its rules. */
static void
ended(const struct game *g, struct analyse_pos *p)
{
	p->best = MOVE_NONE;
	p->mate = 0;
	p->won = g->result == RESULT_WHITE_WINS ||
	    g->result == RESULT_BLACK_WINS;
	if (g->result == RESULT_WHITE_WINS)
		p->white_cp = ANALYSE_CP_CEILING;
	else if (g->result == RESULT_BLACK_WINS)
		p->white_cp = -ANALYSE_CP_CEILING;
	else
		p->white_cp = 0;
}

/* Is the game over by its rules at its last position (not resigned,
 * agreed or flagged: those positions are searched like the others)? */
static bool
over_by_rules(const struct game *g)
{
	return g->result != RESULT_NONE && game_reason_by_rules(g->reason);
}

int
analyse_game(struct search_ctx *ctx, const struct game *g,
    const struct analyse_limits *lim, analyse_progress_fn progress,
    void *user, atomic_bool *cancel, struct analyse_result *out)
{
	struct search_limits sl;
	struct search_info info;
	int i, n = g->nply;

	memset(out, 0, sizeof *out);
	out->nply = n;
	out->first = g->pos[0].side;
	out->pos = xcalloc((size_t)n + 1, sizeof *out->pos);
	out->ply = xcalloc((size_t)n + 1, sizeof *out->ply);
	search_limits_default(&sl);
	sl.movetime_ms = lim->movetime_ms;
	sl.nodes = lim->nodes;
	if (sl.movetime_ms == 0 && sl.nodes == 0)
		sl.nodes = ANALYSE_NODES_DEFAULT;
	search_clear(ctx);
	for (i = 0; i <= n; i++) {
		const struct board *b = &g->pos[i];
		struct analyse_pos *p = &out->pos[i];
		struct tb_result tr;
		int sign = b->side == WHITE ? 1 : -1;

		if (cancel != NULL && atomic_load(cancel))
			goto cancelled;
		if (i < n)
			out->ply[i].played = g->moves[i];
		p->tb = tb_probe(b, &tr) == 0 ? tr.wdl : -2;
		if (i == n && over_by_rules(g)) {
			ended(g, p);
		} else {
			p->best = search_best_move(ctx, b, g->pos, i, &g->rules,
			    &sl, NULL, NULL);
			if (cancel != NULL && atomic_load(cancel))
				goto cancelled;
			memset(&info, 0, sizeof info);
			search_last_info(ctx, &info);
			if (p->best == MOVE_NONE) {
				/* over by rules the game did not apply
				 * (cannot happen before its end) */
				p->white_cp = 0;
			} else {
				p->white_cp = sign * analyse_cp(info.raw_score,
				    b->variant);
				if (info.kind == SEARCH_SCORE_WIN)
					p->mate = sign * info.score;
				else if (info.kind == SEARCH_SCORE_LOSS)
					p->mate = -sign * info.score;
			}
		}
		if (progress != NULL)
			progress(i + 1, n + 1, user);
	}
	analyse_score_plies(out);
	return 0;
cancelled:
	analyse_result_free(out);
	return -1;
}
