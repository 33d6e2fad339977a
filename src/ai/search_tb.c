/*
 * search_tb.c: the endgame tables in the search (full strength alphabeta
 * only: the levels were calibrated without them). Inside the tree a
 * position whose material is in the tables takes its exact value, a win or
 * loss as the score of a lion capture that many plies ahead, so that it
 * orders with the mates the search finds itself. At the root a won or
 * lost position is played from the tables at once: the fastest win, the
 * longest defence. Megapawn's tables know nothing of its repetition rule
 * (a repetition loses), so there a drawn entry is not trusted: the search
 * goes on.
 */
#include <string.h>

#include "ai/search_internal.h"
#include "tb/tb.h"

bool
search_tb_score(struct search_thread *t, const struct board *pos, int ply,
    int *score)
{
	struct tb_result r;

	if (tb_probe(pos, &r) != 0)
		return false;
	if (r.wdl == TB_WIN)
		*score = SEARCH_WIN - ply - r.plies;
	else if (r.wdl == TB_LOSS)
		*score = -SEARCH_WIN + ply + r.plies;
	else if (variant_get(pos->variant)->repetition == VREP_THIRD_DRAWS)
		/* a table's draw holds where repeating draws (not where it
		 * loses: megapawn) */
		*score = search_draw_score(t, ply);
	else
		return false;
	return true;
}

/* Does the position after a root move repeat one of the game? */
static bool
repeats(const struct search_ctx *ctx, const struct board *pos,
    const struct board *child)
{
	if (child->hash == pos->hash)
		return true;
	for (int i = 0; i < ctx->hist_n; i++)
		if (ctx->hist[i] == child->hash)
			return true;
	return false;
}

/* The mover's score (search scale, from the root) of a child's result. */
static int
child_score(const struct tb_result *r)
{
	if (r->wdl == TB_WIN)
		return -SEARCH_WIN + 1 + r->plies;
	if (r->wdl == TB_LOSS)
		return SEARCH_WIN - 1 - r->plies;
	return 0;
}

/* The line the tables play from pos, after its first move m. */
static void
tb_line(const struct board *pos, move_t m, struct search_info *info)
{
	struct board b = *pos;

	info->npv = 0;
	while (m != MOVE_NONE && info->npv < SEARCH_PV_MAX) {
		struct move_effects fx;

		info->pv[info->npv++] = m;
		board_make(&b, m, &fx);
		if (fx.lion_captured)
			break;
		m = tb_best_move(&b, NULL);
	}
}

/* A line of the tables: its first move m, its score (search scale). */
static void
tb_info(struct search_ctx *ctx, const struct board *pos, move_t m,
    int score, struct search_info *info)
{
	memset(info, 0, sizeof *info);
	info->depth = 1;
	info->seldepth = score > 0 ? SEARCH_WIN - score : SEARCH_WIN + score;
	info->raw_score = score;
	if (score >= SEARCH_WIN_MIN || score <= -SEARCH_WIN_MIN) {
		info->kind = score > 0 ? SEARCH_SCORE_WIN : SEARCH_SCORE_LOSS;
		info->score = score > 0 ? (SEARCH_WIN - score + 1) / 2 :
		    (SEARCH_WIN + score) / 2;
	} else {
		info->kind = SEARCH_SCORE_CP;      /* a draw */
		info->seldepth = 1;
	}
	info->time_ms = (int)((search_now_ns() - ctx->start_ns) / 1000000);
	info->tablebase = true;
	tb_line(pos, m, info);
}

/*
 * Won or lost in the tables: the best move at once, and with MultiPV the
 * next best too (score[] beside the moves holds their values; a move
 * that repeats a position is left out).
 */
bool
search_tb_root(struct search_ctx *ctx, const struct board *pos, move_t *out)
{
	struct search_ply *p = &ctx->thr[0].ply[0];
	struct movelist *ml = &p->ml;
	struct search_info info[SEARCH_MULTIPV_MAX];
	struct tb_result r;
	move_t best = MOVE_NONE;
	int bestscore = -SEARCH_INF, k, n, i, nlines;

	if (ctx->tb_pieces < 0 || bb_popcount(pos->occ[WHITE] |
	    pos->occ[BLACK]) > ctx->tb_pieces + 2)
		return false;
	if (tb_probe(pos, &r) != 0)
		return false;
	if (r.wdl == TB_DRAW) {
		/* searched as usual, every child exact: a draw it says */
		ctx->tb_draw = variant_get(pos->variant)->repetition ==
		    VREP_THIRD_DRAWS;
		return false;
	}
	n = movegen_legal(pos, ml);
	for (k = 0; k < n && !ml->truncated; k++) {
		struct board child = *pos;
		struct move_effects fx;
		struct tb_result cr;
		int s;

		p->score[k] = -SEARCH_INF;
		board_make(&child, ml->moves[k], &fx);
		if (fx.lion_captured)
			s = SEARCH_WIN - 1;
		else if (tb_probe(&child, &cr) != 0)
			return false;
		else if (repeats(ctx, pos, &child))
			continue;
		else
			s = child_score(&cr);
		p->score[k] = s;
		if (s > bestscore) {
			bestscore = s;
			best = ml->moves[k];
		}
	}
	/* a win the tables cannot keep without repeating: search it */
	if (best == MOVE_NONE || (r.wdl == TB_WIN && bestscore < SEARCH_WIN_MIN))
		return false;
	nlines = search_multipv(ctx, n);
	for (k = 0; k < nlines; k++) {
		int top = -1;

		/* the best left (the first of equals, as above) */
		for (i = 0; i < n; i++)
			if (p->score[i] > -SEARCH_INF &&
			    (top < 0 || p->score[i] > p->score[top]))
				top = i;
		if (top < 0)
			break;
		tb_info(ctx, pos, ml->moves[top], p->score[top], &info[k]);
		p->score[top] = -SEARCH_INF;
	}
	nlines = k;
	for (k = 0; k < nlines; k++) {
		info[k].multipv = k + 1;
		info[k].nlines = nlines;
	}
	search_publish_lines(ctx, info, nlines);
	if (ctx->info != NULL)
		for (k = 0; k < nlines; k++)
			ctx->info(&info[k], ctx->user);
	ctx->last = info[0];
	*out = best;
	return true;
}
