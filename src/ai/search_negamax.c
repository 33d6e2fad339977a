/*
 * search_negamax.c: the two simple players.
 *
 * negamax is the baseline that earlier Congo programs offered, kept as it
 * was so that alphabeta can be measured against it: alpha-beta negamax to
 * a fixed depth (default 5), material only (elephant 6, zebra 7, giraffe 5,
 * crocodile 10, monkey 10, pawn 1, superpawn 3, lion 100), a transposition
 * table (its move tried first), moves otherwise in generator order, no
 * quiescence, no other heuristics. It ignores time and node limits but
 * obeys search_stop. Do not improve it.
 *
 * random picks a uniformly random legal move from the seeded generator.
 */
#include <string.h>

#include "ai/search_internal.h"
#include "util/util.h"

static int
negamax(struct search_thread *t, const struct board *pos, int alpha, int beta,
    int depth, int ply)
{
	struct search_ctx *ctx = t->ctx;
	struct search_ply *p;
	struct tt_hit hit;
	move_t hash_move = MOVE_NONE, best_move = MOVE_NONE;
	int best = -SEARCH_INF, score, i, n, orig_alpha = alpha;

	atomic_store_explicit(&t->nodes,
	    atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1,
	    memory_order_relaxed);
	if (atomic_load_explicit(&ctx->stop_request, memory_order_relaxed))
		return 0;
	t->pvlen[ply] = 0;
	if (ply > t->seldepth)
		t->seldepth = ply;
	if (pos->pieces[pos->side][LION] == 0)
		return -SEARCH_WIN + ply;   /* the game is over: lion taken */
	if (depth == 0 || ply >= SEARCH_MAX_PLY - 1)
		return eval_material(pos);
	if (tt_probe(&ctx->tt, pos->hash, &hit)) {
		int s = tt_score_from(hit.score, ply);

		hash_move = hit.move;
		if (ply > 0 && hit.depth >= depth &&
		    (hit.bound == TT_EXACT ||
		    (hit.bound == TT_LOWER && s >= beta) ||
		    (hit.bound == TT_UPPER && s <= alpha)))
			return s;
	}
	p = &t->ply[ply];
	n = movegen_legal(pos, &p->ml);
	if (n == 0)
		return -SEARCH_WIN + ply;   /* no move: lost */
	if (hash_move != MOVE_NONE) {
		for (i = 1; i < n; i++) {
			if (p->ml.moves[i] == hash_move) {
				p->ml.moves[i] = p->ml.moves[0];
				p->ml.moves[0] = hash_move;
				break;
			}
		}
	}
	for (i = 0; i < n; i++) {
		move_t m = p->ml.moves[i];
		struct board child = *pos;

		board_make(&child, m, NULL);
		score = -negamax(t, &child, -beta, -alpha, depth - 1, ply + 1);
		if (atomic_load_explicit(&ctx->stop_request,
		    memory_order_relaxed))
			return 0;
		if (score > best) {
			best = score;
			if (ply == 0 || score > alpha)
				best_move = m;
			if (score > alpha) {
				alpha = score;
				t->pv[ply][0] = m;
				memcpy(&t->pv[ply][1], t->pv[ply + 1],
				    (size_t)t->pvlen[ply + 1] * sizeof(move_t));
				t->pvlen[ply] = t->pvlen[ply + 1] + 1;
				if (ply == 0)
					t->best_move = m;
				if (alpha >= beta)
					break;
			}
		}
	}
	tt_store(&ctx->tt, pos->hash, best_move, tt_score_to(best, ply), 0,
	    depth, best >= beta ? TT_LOWER : alpha > orig_alpha ? TT_EXACT :
	    TT_UPPER);
	return best;
}

move_t
search_negamax_root(struct search_ctx *ctx, const struct board *pos)
{
	struct search_thread *t = &ctx->thr[0];
	struct movelist *ml = &t->ply[0].ml;
	int depth = ctx->limits.depth > 0 ? ctx->limits.depth :
	    SEARCH_NEGAMAX_DEPTH;
	int score, n;

	if (depth > SEARCH_MAX_DEPTH)
		depth = SEARCH_MAX_DEPTH;
	tt_new_search(&ctx->tt);
	atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
	t->seldepth = 0;
	n = movegen_legal(pos, ml);
	if (n == 0)
		return MOVE_NONE;
	t->best_move = ml->moves[0];
	t->best_pvlen = 0;
	score = negamax(t, pos, -SEARCH_INF, SEARCH_INF, depth, 0);
	if (!atomic_load(&ctx->stop_request)) {
		t->completed_depth = depth;
		t->best_score = score;
		t->best_pvlen = t->pvlen[0] < SEARCH_PV_MAX ? t->pvlen[0] :
		    SEARCH_PV_MAX;
		memcpy(t->best_pv, t->pv[0],
		    (size_t)t->best_pvlen * sizeof(move_t));
		search_fill_info(ctx, t, depth, score, &ctx->last);
		if (ctx->info != NULL)
			ctx->info(&ctx->last, ctx->user);
	} else {
		search_fill_info(ctx, t, 0, 0, &ctx->last);
	}
	return t->best_move;
}

move_t
search_random_root(struct search_ctx *ctx, const struct board *pos)
{
	struct search_thread *t = &ctx->thr[0];
	struct movelist *ml = &t->ply[0].ml;
	int n = movegen_legal(pos, ml);
	uint64_t r;

	atomic_store_explicit(&t->nodes, 1, memory_order_relaxed);
	if (n == 0)
		return MOVE_NONE;
	/* unbiased: reject the top of the range that n does not divide */
	do {
		r = splitmix64(&ctx->rng);
	} while (r >= UINT64_MAX - UINT64_MAX % (uint64_t)n);
	t->best_pvlen = 1;
	t->best_pv[0] = ml->moves[r % (uint64_t)n];
	t->seldepth = 0;
	search_fill_info(ctx, t, 1, 0, &ctx->last);
	return ml->moves[r % (uint64_t)n];
}
