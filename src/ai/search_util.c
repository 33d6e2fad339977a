/*
 * search_util.c: clocks, limits, progress reports
 * and the draw rules as the search sees them.
 */
#include <string.h>
#include <time.h>

#include "ai/search_internal.h"

uint64_t
search_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

uint64_t
search_total_nodes(struct search_ctx *ctx)
{
	uint64_t n = 0;
	int i;

	for (i = 0; i < ctx->opt.threads; i++)
		n += atomic_load_explicit(&ctx->thr[i].nodes,
		    memory_order_relaxed);
	return n;
}

/*
 * Called by the master thread every few hundred nodes (and at once when
 * the node limit is due): sets ctx->abort when a limit is reached.
 */
void
search_check_limits(struct search_thread *t)
{
	struct search_ctx *ctx = t->ctx;
	uint64_t nodes = atomic_load_explicit(&t->nodes, memory_order_relaxed);

	t->next_check = nodes + 512;
	if (atomic_load_explicit(&ctx->stop_request, memory_order_relaxed))
		goto abort;
	if (ctx->limits.nodes != 0) {
		uint64_t total = ctx->opt.threads > 1 ?
		    search_total_nodes(ctx) : nodes;

		if (total >= ctx->limits.nodes)
			goto abort;
		if (ctx->opt.threads == 1 &&
		    nodes + 512 > ctx->limits.nodes)
			t->next_check = ctx->limits.nodes;
	}
	if (ctx->stop_ns != 0 && search_now_ns() >= ctx->stop_ns)
		goto abort;
	return;
abort:
	atomic_store_explicit(&ctx->abort, true, memory_order_relaxed);
}

int
search_multipv(const struct search_ctx *ctx, int nlegal)
{
	int n = ctx->opt.multipv;

	if (ctx->opt.algorithm != SEARCH_ALPHABETA || ctx->opt.level > 0 ||
	    n < 1)
		n = 1;
	if (n > SEARCH_MULTIPV_MAX)
		n = SEARCH_MULTIPV_MAX;
	if (n > nlegal)
		n = nlegal > 0 ? nlegal : 1;
	return n;
}

void
search_publish_lines(struct search_ctx *ctx, const struct search_info *line,
    int n)
{
	if (n > SEARCH_MULTIPV_MAX)
		n = SEARCH_MULTIPV_MAX;
	pthread_mutex_lock(&ctx->live_lock);
	ctx->live = line[0];
	memcpy(ctx->live_line, line, (size_t)n * sizeof *line);
	ctx->live_nlines = n;
	pthread_mutex_unlock(&ctx->live_lock);
}

void
search_publish(struct search_ctx *ctx, const struct search_info *info)
{
	search_publish_lines(ctx, info, 1);
}

bool
search_analysis(struct search_ctx *ctx, struct search_analysis *out)
{
	bool running;
	int side, k;

	memset(out, 0, sizeof *out);
	pthread_mutex_lock(&ctx->live_lock);
	out->info = ctx->live;
	out->nlines = ctx->live_nlines;
	memcpy(out->line, ctx->live_line, (size_t)out->nlines *
	    sizeof *out->line);
	running = ctx->live_running;
	side = ctx->live_side;
	pthread_mutex_unlock(&ctx->live_lock);
	out->running = running;
	out->white_score = out->info.raw_score;
	if (side == BLACK)
		out->white_score = -out->white_score;
	for (k = 0; k < out->nlines; k++)
		out->white_scores[k] = side == BLACK ? -out->line[k].raw_score :
		    out->line[k].raw_score;
	return out->info.depth > 0;
}

void
search_pv_finish(const struct board *root, struct search_info *out)
{
	struct board b;
	struct move_effects fx;
	struct movelist ml;
	int i;

	if (root == NULL || out->kind == SEARCH_SCORE_CP || out->npv == 0 ||
	    out->npv >= SEARCH_PV_MAX)
		return;
	b = *root;
	for (i = 0; i < out->npv; i++) {
		memset(&fx, 0, sizeof fx);
		board_make(&b, out->pv[i], &fx);
		if (fx.lion_captured)
			return;             /* whole already */
	}
	/* the line stops where the search saw the lion could be taken */
	if (!movegen_attacks_lion(&b, b.side))
		return;
	movegen_legal(&b, &ml);
	for (i = 0; i < ml.n; i++) {
		struct board c = b;

		memset(&fx, 0, sizeof fx);
		board_make(&c, ml.moves[i], &fx);
		if (fx.lion_captured) {
			out->pv[out->npv++] = ml.moves[i];
			return;
		}
	}
}

void
search_fill_info(struct search_ctx *ctx, struct search_thread *t, int depth,
    int score, struct search_info *out)
{
	uint64_t ns = search_now_ns() - ctx->start_ns;
	int i;

	memset(out, 0, sizeof *out);
	out->depth = depth;
	out->seldepth = t->seldepth;
	out->raw_score = score;
	if (score >= SEARCH_WIN_MIN) {
		out->kind = SEARCH_SCORE_WIN;
		out->score = (SEARCH_WIN - score + 1) / 2;
	} else if (score <= -SEARCH_WIN_MIN) {
		out->kind = SEARCH_SCORE_LOSS;
		out->score = (SEARCH_WIN + score) / 2;
	} else {
		out->kind = SEARCH_SCORE_CP;
		out->score = score;
	}
	out->nodes = search_total_nodes(ctx);
	out->time_ms = (int)(ns / 1000000);
	out->nps = ns > 0 ? (uint64_t)((double)out->nodes * 1e9 / (double)ns) : 0;
	out->npv = t->best_pvlen;
	out->tablebase = ctx->tb_draw;
	for (i = 0; i < out->npv; i++)
		out->pv[i] = t->best_pv[i];
}

/*
 * The draws of RULES.md for a position inside the search tree, path index
 * idx (path[idx] == b->hash). A repetition of a position seen since the
 * root counts at once (it could be repeated again); one from before the
 * root needs its third occurrence, as in game_status. Positions before the
 * last capture, drowning or promotion cannot repeat, so only b->quiet
 * plies are scanned.
 */
bool
search_repeated(const struct search_thread *t, const struct board *b, int idx)
{
	int lo = b->quiet >= (uint32_t)idx ? 0 : idx - (int)b->quiet;

	if (variant_get(b->variant)->repetition != VREP_LOSES ||
	    !t->ctx->rules->repetition)
		return false;
	/* Any earlier occurrence, in the tree or the game before it. */
	for (int i = idx - 4; i >= lo; i -= 2)
		if (t->path[i] == b->hash)
			return true;
	return false;
}

bool
search_is_draw(const struct search_thread *t, const struct board *b, int idx)
{
	const struct game_rules *rules = t->ctx->rules;
	bb_t all = b->occ[WHITE] | b->occ[BLACK];

	const struct variant_desc *vd = variant_get(b->variant);

	if (vd->bare_lions_draw && bb_popcount(all) == 2 &&
	    b->pieces[WHITE][LION] != 0 &&
	    b->pieces[BLACK][LION] != 0 &&
	    !movegen_attacks_lion(b, b->side))
		return true;
	if (vd->repetition == VREP_THIRD_DRAWS && rules->repetition &&
	    b->quiet >= 4) {
		int lo = b->quiet >= (uint32_t)idx ? 0 : idx - (int)b->quiet;
		int i, seen = 0;

		for (i = idx - 4; i >= lo; i -= 2) {
			if (t->path[i] != b->hash)
				continue;
			if (i > t->root_index)
				return true;
			if (++seen >= 2)
				return true;
		}
	}
	if (rules->quiet_plies > 0 && b->quiet >= (uint32_t)rules->quiet_plies)
		return movegen_count(b) > 0;
	return false;
}
