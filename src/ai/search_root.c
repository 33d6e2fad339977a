/*
 * search_root.c: the root of the strong search (search_alphabeta.c has the
 * tree below it): the root moves, iterative deepening with aspiration
 * windows, the clock's stop rule, the helper threads of lazy SMP, and
 * MultiPV.
 *
 * With N lines, each depth first searches line 1 exactly as the
 * single-line search does (its move is the one played, and the same as
 * with one line at the same depth), then line k = 2..N over the root moves
 * not first in an earlier line, each in an aspiration window of its own
 * capped at line 1's score (a later line is never shown better than the
 * first: at most equal, "as good as"; such a line is searched once more
 * above the cap for its moves after the first). So that line 1 stays the
 * single-line search, the later lines search a table of their own
 * (ctx->lines_tt) and the history, killer and counter-move tables are put
 * back after them. The later lines are then sorted by score. Nothing is
 * allocated: the lines live in the master thread.
 */
#include <pthread.h>
#include <string.h>

#include "ai/search_internal.h"

#define ASPIRATION 35

/* Move moves[i] to moves[first], keeping the order of the others. */
static void
root_promote(move_t *moves, int first, int i)
{
	move_t m = moves[i];

	memmove(&moves[first + 1], &moves[first],
	    (size_t)(i - first) * sizeof m);
	moves[first] = m;
}

/*
 * What m is worth less at the root: ctx->undo_pen when it takes the
 * mover's last move back (the piece straight back to an empty square), so
 * the AI does not shuffle a piece to and fro where another move is about
 * as good (issue 37: 9.7-11% of its moves did); 0 otherwise. Off by
 * default: it halves the moves taken back but costs strength (congo(6),
 * TUNING).
 */
static int
root_undo_pen(const struct search_thread *t, const struct board *pos,
    move_t m)
{
	const struct search_ctx *ctx = t->ctx;

	return ctx->undo_pen != 0 && search_takes_back(ctx, pos, m) &&
	    t->root_prev >= ctx->ev.undo_min ? ctx->undo_pen : 0;
}

/*
 * The take-back penalty is a tie-break between moves of about equal
 * worth, so it moves only a score in centipawns, never a won or lost one
 * (a mate is a mate, whatever the shuffling): a score s of the child is
 * worth s - pen to the root when it is not a win or a loss, s when it is.
 */
static int
undo_score(int s, int pen)
{
	if (s <= -SEARCH_WIN_MIN || s >= SEARCH_WIN_MIN)
		return s;
	s -= pen;
	return s > -SEARCH_WIN_MIN ? s : -SEARCH_WIN_MIN + 1;
}

/*
 * A bound of the root's window as the child's own score: a bound in
 * centipawns moved up by pen (the child must be pen better to reach it),
 * a bound in the won or lost range as it is. So a child that fails
 * against the moved window fails against the root's (undo_score of the
 * child's bound is on the same side of the root's): when the root's alpha
 * is a win, a move taken back must reach that win itself (issue 57: a
 * take-back's bound alpha + pen read as a win one move shorter, a false
 * win). hi: the upper bound (a centipawn bound may move up to the
 * least win, the lower one to just below it).
 */
static int
undo_bound(int bound, int pen, bool hi)
{
	int top = hi ? SEARCH_WIN_MIN : SEARCH_WIN_MIN - 1;

	if (bound <= -SEARCH_WIN_MIN || bound >= SEARCH_WIN_MIN)
		return bound;
	return bound + pen < top ? bound + pen : top;
}

/*
 * The child's score in the window [alpha, beta] as the root counts it,
 * less pen (undo_score): the child is searched in the window undo_bound
 * makes. Nothing a penalty touched is stored: the root writes no table
 * entry, and the child's entries are its own scores against its own
 * window.
 *
 * A child in the endgame tables (probed as the search probes it,
 * search_tb_score) keeps its score: the tables' draw is exact, like their
 * wins, and a tie-break never moves it. A table's draw found deeper down
 * is not told apart: the search returns it as a plain score (no mark in
 * the transposition table or the line, and a repetition's or bare lions'
 * draw looks the same), and marking it would cost every node a flag for
 * a tie-break. When the root itself is a table draw (ctx->tb_draw), every
 * child is in the tables, so this covers that case whole.
 */
static int
root_child(struct search_thread *t, struct board *child, int alpha, int beta,
    int depth, int pen)
{
	int score;

	if (pen != 0 && bb_popcount(child->occ[WHITE] | child->occ[BLACK]) <=
	    t->ctx->tb_pieces + 2 && search_tb_score(t, child, 1, &score))
		pen = 0;
	if (pen == 0)
		return -search_alphabeta_node(t, child, -beta, -alpha,
		    depth - 1, 1);
	score = -search_alphabeta_node(t, child, -undo_bound(beta, pen, true),
	    -undo_bound(alpha, pen, false), depth - 1, 1);
	return undo_score(score, pen);
}

/* The root moves moves[first..root_n-1] (root_moves; MultiPV's later
 * lines: line_moves, the earlier lines' first moves before first). */
static int
root_search(struct search_thread *t, const struct board *pos, move_t *moves,
    int alpha, int beta, int depth, int first, move_t *iter_best)
{
	int best = -SEARCH_INF, score, i;

	t->pvlen[0] = 0;
	t->path[t->root_index] = pos->hash;
	t->eval_stack[0] = SEARCH_EVAL_NONE;
	search_nnue_root(t, pos);
	for (i = first; i < t->root_n; i++) {
		move_t m = moves[i];
		struct board child = *pos;
		int pen = root_undo_pen(t, pos, m);

		board_make(&child, m, NULL);
		search_push_move(t, pos, 0, m);
		if (i == first) {
			score = root_child(t, &child, alpha, beta, depth, pen);
		} else {
			score = root_child(t, &child, alpha, alpha + 1, depth,
			    pen);
			if (score > alpha && score < beta && !search_aborted(t))
				score = root_child(t, &child, alpha, beta,
				    depth, pen);
		}
		if (search_aborted(t))
			break;
		if (score > best)
			best = score;
		if (score > alpha) {
			alpha = score;
			search_pv_update(t, 0, m);
			root_promote(moves, first, i);
			*iter_best = m;
			if (alpha >= beta)
				break;
		}
	}
	return best;
}

/*
 * One depth of moves[first..], in an aspiration window around prev (the
 * score of the depth before) from depth 4, widened until the score falls
 * inside it; never above cap (SEARCH_INF but for MultiPV's later lines):
 * a score of cap or more is cap. Its score (not valid when aborted).
 */
static int
aspire(struct search_thread *t, const struct board *pos, move_t *moves,
    int depth, int first, int prev, int cap, move_t *iter_best)
{
	int alpha = -SEARCH_INF, beta = SEARCH_INF, delta = ASPIRATION, score;

	t->root_prev = depth > 1 ? prev : -SEARCH_INF;
	if (depth >= 4 && prev > -SEARCH_WIN_MIN && prev < SEARCH_WIN_MIN) {
		alpha = prev - delta;
		beta = prev + delta;
	}
	if (beta > cap) {
		beta = cap;
		if (alpha >= beta)
			alpha = beta - delta > -SEARCH_INF ? beta - delta :
			    -SEARCH_INF;
	}
	for (;;) {
		*iter_best = MOVE_NONE;
		score = root_search(t, pos, moves, alpha, beta, depth, first,
		    iter_best);
		if (search_aborted(t))
			break;
		if (score <= alpha && alpha > -SEARCH_INF) {
			beta = (alpha + beta) / 2;
			alpha = score - delta > -SEARCH_INF ?
			    score - delta : -SEARCH_INF;
		} else if (score >= beta && beta < cap) {
			beta = score + delta < cap ? score + delta : cap;
		} else {
			break;
		}
		delta *= 2;
		if (delta > 1000) {
			alpha = -SEARCH_INF;
			beta = cap;
		}
	}
	return score < cap ? score : cap;
}

static void
root_moves_init(struct search_thread *t, const struct board *pos)
{
	struct search_ply *p = &t->ply[0];
	struct tt_hit hit;
	move_t hash_move = MOVE_NONE;
	int i;

	movegen_legal(pos, &p->ml);
	if (tt_probe(&t->ctx->tt, pos->hash, &hit))
		hash_move = hit.move;
	search_score_moves(t, pos, p, 0, hash_move);
	for (i = 0; i < p->ml.n; i++)
		t->root_moves[i] = search_pick(p, i, false);
	t->root_n = p->ml.n;
}

static void
save_pv(struct search_thread *t)
{
	int n = t->pvlen[0] < SEARCH_PV_MAX ? t->pvlen[0] : SEARCH_PV_MAX;

	memcpy(t->best_pv, t->pv[0], (size_t)n * sizeof(move_t));
	t->best_pvlen = n;
}

/* Line k as the root's line now stands. */
static void
save_line(struct search_thread *t, int k, int score)
{
	struct search_line *l = &t->line[k];
	int n = t->pvlen[0] < SEARCH_PV_MAX ? t->pvlen[0] : SEARCH_PV_MAX;

	l->score = score;
	l->seldepth = t->seldepth;
	l->npv = n;
	memcpy(l->pv, t->pv[0], (size_t)n * sizeof(move_t));
}

/*
 * Line k's move searched again, its window open, when it met the cap (as
 * good as line 1 or better): that keeps the moves after it, which a cut
 * at the cap does not (its line would be its first move alone). The score
 * stays the capped one; the line is kept only when it came longer.
 */
static void
whole_line(struct search_thread *t, const struct board *pos, int depth,
    int k)
{
	struct board child = *pos;
	move_t m = t->line_moves[k];
	int score;

	t->pvlen[0] = 0;
	t->path[t->root_index] = pos->hash;
	t->eval_stack[0] = SEARCH_EVAL_NONE;
	search_nnue_root(t, pos);
	board_make(&child, m, NULL);
	search_push_move(t, pos, 0, m);
	score = -search_alphabeta_node(t, &child, -SEARCH_INF, SEARCH_INF,
	    depth - 1, 1);
	if (!search_aborted(t) && score > -SEARCH_INF)
		search_pv_update(t, 0, m);
}

/* Lines 2..nlines of this depth (line 1 done, its move root_moves[0]).
 * False when stopped first. */
static bool
later_lines(struct search_thread *t, const struct board *pos, int depth)
{
	struct search_ctx *ctx = t->ctx;
	move_t iter_best, m;
	int k, j, score;

	/* line 1's move first, then the order the lines had at the depth
	 * before (the best of the rest first) */
	for (k = 0; t->line_moves[k] != t->root_moves[0]; k++)
		;
	root_promote(t->line_moves, 0, k);
	memcpy(t->kept_history, t->history, sizeof t->history);
	memcpy(t->kept_counter, t->counter, sizeof t->counter);
	memcpy(t->kept_killer, t->killer, sizeof t->killer);
	if (t->cont != NULL)
		memcpy(t->kept_cont, t->cont, CONT_KEYS * sizeof(cont_row));
	t->tt = &ctx->lines_tt;
	for (k = 1; k < t->nlines; k++) {
		t->seldepth = 0;
		score = aspire(t, pos, t->line_moves, depth, k,
		    t->line[k].score, t->line[0].score, &iter_best);
		if (search_aborted(t))
			break;
		save_line(t, k, score);
		if (score >= t->line[0].score && depth > 1) {
			whole_line(t, pos, depth, k);
			if (search_aborted(t))
				break;
			if (t->pvlen[0] > t->line[k].npv)
				save_line(t, k, score);
		}
	}
	t->tt = &ctx->tt;
	memcpy(t->history, t->kept_history, sizeof t->history);
	memcpy(t->counter, t->kept_counter, sizeof t->counter);
	memcpy(t->killer, t->kept_killer, sizeof t->killer);
	if (t->cont != NULL)
		memcpy(t->cont, t->kept_cont, CONT_KEYS * sizeof(cont_row));
	if (k < t->nlines)
		return false;
	/* best first (insertion sort), their first moves with them */
	for (k = 2; k < t->nlines; k++) {
		struct search_line l = t->line[k];

		m = t->line_moves[k];
		for (j = k; j > 1 && t->line[j - 1].score < l.score; j--) {
			t->line[j] = t->line[j - 1];
			t->line_moves[j] = t->line_moves[j - 1];
		}
		t->line[j] = l;
		t->line_moves[j] = m;
	}
	return true;
}

/* The master's report of a completed depth: every line, best first. */
static void
report(struct search_ctx *ctx, struct search_thread *t, int depth, int score)
{
	struct search_info info[SEARCH_MULTIPV_MAX];
	int k, n = t->nlines > 1 ? t->nlines : 1;

	search_fill_info(ctx, t, depth, score, &info[0]);
	for (k = 1; k < n; k++) {
		const struct search_line *l = &t->line[k];

		search_fill_info(ctx, t, depth, l->score, &info[k]);
		info[k].seldepth = l->seldepth;
		info[k].npv = l->npv;
		memcpy(info[k].pv, l->pv, (size_t)l->npv * sizeof(move_t));
	}
	for (k = 0; k < n; k++) {
		search_pv_finish(ctx->root, &info[k]);
		info[k].multipv = k + 1;
		info[k].nlines = n;
		info[k].lowerbound = k > 0 && t->line[k].score >= score;
	}
	search_publish_lines(ctx, info, n);
	if (ctx->info != NULL)
		for (k = 0; k < n; k++)
			ctx->info(&info[k], ctx->user);
}

/*
 * On a clock: stop deepening once a share of the soft budget is used,
 * the share growing while the best move keeps changing (instability
 * decays by half each depth, +1 for a change) and shrinking once it has
 * stood for several depths. The next depth would take about twice as long
 * as all before it, so a depth is not started past about half the target.
 */
static bool
time_up(struct search_ctx *ctx, struct search_thread *t, int depth,
    int score, move_t prev_best, double *instability)
{
	uint64_t soft = ctx->soft_ns - ctx->start_ns;
	double scale;

	(void)score;
	*instability *= 0.5;
	if (depth > 1 && t->best_move != prev_best)
		*instability += 1.0;
	scale = 0.7 + 0.6 * *instability;
	if (scale > 2.0)
		scale = 2.0;
	return (double)(search_now_ns() - ctx->start_ns) >=
	    (double)soft * scale * 0.55;
}

/* Iterative deepening with aspiration windows, for every thread; MultiPV
 * for the master. */
static void
iterate(struct search_thread *t, const struct board *pos)
{
	struct search_ctx *ctx = t->ctx;
	int depth, prev = 0, score, last_score = 0, k;
	move_t prev_best = MOVE_NONE;
	double instability = 0;

	root_moves_init(t, pos);
	t->best_move = t->root_moves[0];
	t->best_score = 0;
	t->completed_depth = 0;
	t->best_pvlen = 0;
	t->nlines = t->id == 0 && ctx->lines_tt.b != NULL ?
	    search_multipv(ctx, t->root_n) : 1;
	for (k = 0; k < t->nlines; k++)
		t->line[k].score = 0;
	if (t->nlines > 1)
		memcpy(t->line_moves, t->root_moves, sizeof t->line_moves);
	for (depth = 1 + (t->id & 1); depth <= ctx->max_depth; depth++) {
		move_t iter_best = MOVE_NONE;

		t->seldepth = 0;
		score = aspire(t, pos, t->root_moves, depth, 0, prev,
		    SEARCH_INF, &iter_best);
		if (!search_aborted(t) && t->nlines > 1) {
			bool done;

			save_line(t, 0, score);
			done = later_lines(t, pos, depth);
			/* line 1 as it was (its move stands if stopped) */
			t->seldepth = t->line[0].seldepth;
			t->pvlen[0] = t->line[0].npv;
			memcpy(t->pv[0], t->line[0].pv,
			    (size_t)t->line[0].npv * sizeof(move_t));
			if (!done)
				iter_best = t->root_moves[0];
		}
		if (search_aborted(t)) {
			/* a move that beat the last iteration's is kept */
			if (iter_best != MOVE_NONE) {
				t->best_move = iter_best;
				save_pv(t);
			}
			break;
		}
		prev_best = t->best_move;
		last_score = prev;
		prev = score;
		t->completed_depth = depth;
		t->best_move = t->root_moves[0];
		t->best_score = score;
		save_pv(t);
		if (t->id != 0)
			continue;
		report(ctx, t, depth, score);
		if (ctx->clock_mode && depth > 1 && score < last_score - 40)
			instability += 1.0;      /* the score fell: look again */
		if (!ctx->limits.infinite) {
			/* a certain result, or no time for another depth */
			if ((score >= SEARCH_WIN_MIN || score <= -SEARCH_WIN_MIN)
			    && depth > SEARCH_WIN - (score > 0 ? score : -score))
				break;
			if (ctx->clock_mode) {
				if (time_up(ctx, t, depth, score, prev_best,
				    &instability))
					break;
			} else if (ctx->soft_ns != 0 &&
			    search_now_ns() >= ctx->soft_ns) {
				break;
			}
		}
	}
}

static void *
helper_main(void *arg)
{
	struct search_thread *t = arg;

	iterate(t, t->ctx->root);
	return NULL;
}

static void
thread_reset(struct search_thread *t)
{
	struct search_ctx *ctx = t->ctx;

	atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
	t->tt = &ctx->tt;
	t->next_check = 256;
	t->seldepth = 0;
	memcpy(t->path, ctx->hist, (size_t)ctx->hist_n * sizeof(uint64_t));
	t->root_index = ctx->hist_n;
	memset(t->killer, 0, sizeof t->killer);
	for (int c = 0; c < 2; c++)
		for (int a = 0; a < NSQ; a++)
			for (int b = 0; b < NSQ; b++)
				t->history[c][a][b] /= 4;
}

void
search_alphabeta_begin(struct search_ctx *ctx, const struct board *pos)
{
	struct search_thread *t = &ctx->thr[0];

	search_alphabeta_init();
	tt_new_search(&ctx->tt);
	ctx->root = pos;
	thread_reset(t);
	root_moves_init(t, pos);
	t->best_move = t->root_moves[0];
	t->best_score = 0;
	t->completed_depth = 0;
	t->best_pvlen = 0;
	t->nlines = 1;
}

move_t
search_alphabeta_root(struct search_ctx *ctx, const struct board *pos)
{
	struct search_thread *master = &ctx->thr[0];
	pthread_attr_t attr;
	int i, nhelpers = 0;

	search_alphabeta_init();
	tt_new_search(&ctx->tt);
	if (ctx->lines_tt.b != NULL)
		tt_new_search(&ctx->lines_tt);
	ctx->root = pos;
	for (i = 0; i < ctx->opt.threads; i++)
		thread_reset(&ctx->thr[i]);
	if (ctx->opt.threads > 1) {
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, 16u << 20);
		for (i = 1; i < ctx->opt.threads; i++) {
			if (pthread_create(&ctx->thr[i].tid, &attr, helper_main,
			    &ctx->thr[i]) != 0)
				break;
			nhelpers++;
		}
		pthread_attr_destroy(&attr);
	}
	iterate(master, pos);
	atomic_store_explicit(&ctx->abort, true, memory_order_relaxed);
	for (i = 1; i <= nhelpers; i++)
		pthread_join(ctx->thr[i].tid, NULL);
	search_fill_info(ctx, master, master->completed_depth,
	    master->best_score, &ctx->last);
	search_pv_finish(pos, &ctx->last);
	ctx->last.multipv = 1;
	return master->best_move;
}
