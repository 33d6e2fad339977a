/*
 * search_level.c: the levels 1..10, an AI for people. A level sees less
 * (a depth and node cap, never more than about a second a move, and an
 * evaluation blurred by a fixed per-position noise, the misjudgement of a
 * weaker player) and does not always play the move it thinks best: every
 * root move is scored by a full-window search and one is drawn with
 * probability proportional to exp(score / temperature), so good moves are
 * likely, bad ones rare, and a taken lion or a forced win is never missed
 * (its score is thousands of centipawns above the rest at every level).
 * The Elo of each level, measured against the random mover, is in
 * congo(6) (LEVELS) with the command that reproduces it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search_internal.h"
#include "util/i18n.h"
#include "util/util.h"

struct level {
	const char *name;
	int depth;          /* iterative deepening up to this depth */
	uint64_t nodes;     /* node cap per move */
	int temperature;    /* centipawns: the softmax over root scores */
	int noise;          /* evaluation noise, +-centipawns */
	int clamp;          /* scores cut to +-clamp for the draw, 0 none:
			     * the beginner may overlook a lion to take */
};

/* Calibrated with the match runner (congo(6) LEVELS: each gap 181-241 Elo
 * from 200 or 400 games; level 3 scores 93% against level 1). The names
 * are English, as records and settings keep them; a person reads them
 * translated (_() where they are shown). */
static const struct level levels[SEARCH_LEVELS + 1] = {
	/* TRANSLATORS: the AI's levels for people, 1 (weakest) to 10,
	 * shown as "AI level 3 (Learner)"; 0 is the AI at full strength */
	{ N_("Full strength"), 0, 0, 0, 0, 0 },
	{ N_("Beginner"), 1, 20000, 450, 250, 1200 },
	{ N_("Novice"), 1, 20000, 370, 185, 0 },
	{ N_("Learner"), 2, 20000, 278, 139, 0 },
	{ N_("Casual"), 2, 30000, 217, 108, 0 },
	{ N_("Amateur"), 3, 40000, 202, 101, 0 },
	{ N_("Club player"), 3, 60000, 161, 80, 0 },
	{ N_("Strong club player"), 3, 80000, 129, 65, 0 },
	{ N_("Expert"), 4, 100000, 120, 60, 0 },
	{ N_("Candidate master"), 4, 150000, 96, 48, 0 },
	{ N_("Master"), 5, 250000, 93, 46, 0 },
};

static void level_get(int level, struct level *lv);

const char *
search_level_name(int level)
{
	if (level < 0 || level > SEARCH_LEVELS)
		return "unknown";
	return levels[level].name;
}

int
search_level_noise(int level)
{
	struct level lv;

	if (level < 1 || level > SEARCH_LEVELS)
		return 0;
	level_get(level, &lv);
	return lv.noise;
}

/* The settings of a level; for calibration, a test build (configure
 * --enable-test-hooks) reads the environment variable
 * CONGO_LEVEL_N="depth,nodes,temperature,noise,clamp" to override level N;
 * all five numbers or nothing changes. */
static void
level_get(int level, struct level *lv)
{
	*lv = levels[level];
#ifdef CONGO_TEST_HOOKS
	{
		char name[32], buf[128], *f[5], *p, *save = NULL;
		struct level o = *lv;
		const char *v;
		int n = 0;

		snprintf(name, sizeof name, "CONGO_LEVEL_%d", level);
		v = getenv(name);
		if (v == NULL || strlen(v) >= sizeof buf)
			return;
		strcpy(buf, v);
		for (p = strtok_r(buf, ",", &save); p != NULL;
		    p = strtok_r(NULL, ",", &save)) {
			if (n == 5)
				return;
			f[n++] = p;
		}
		if (n != 5)
			return;
		if (parse_int(f[0], 1, 64, &o.depth, NULL, 0) == 0 &&
		    parse_u64(f[1], 1, UINT64_MAX, &o.nodes, NULL, 0) == 0 &&
		    parse_int(f[2], 0, 100000, &o.temperature, NULL, 0) == 0 &&
		    parse_int(f[3], 0, 100000, &o.noise, NULL, 0) == 0 &&
		    parse_int(f[4], 0, 100000, &o.clamp, NULL, 0) == 0)
			*lv = o;
	}
#endif
}

/* Apply the level's caps to ctx's limits (before the search starts). */
void
search_level_limits(struct search_ctx *ctx)
{
	struct level lvs, *lv = &lvs;
	struct search_limits *l = &ctx->limits;
	uint64_t cap_ns = 1000ULL * 1000000ULL;

	level_get(ctx->opt.level, lv);
	if (l->nodes == 0 || l->nodes > lv->nodes)
		l->nodes = lv->nodes;
	if (l->depth == 0 || l->depth > lv->depth)
		l->depth = lv->depth;
	ctx->max_depth = l->depth;
	l->infinite = false;
	/* about a second a move at most, whatever the clock allows */
	if (ctx->stop_ns == 0 || ctx->stop_ns > ctx->start_ns + cap_ns)
		ctx->stop_ns = ctx->start_ns + cap_ns;
}

static move_t
draw_move(struct search_ctx *ctx, const move_t *moves, const int *in,
    int n, int temperature, int clamp)
{
	int score[MOVELIST_MAX] = { 0 };
	double w[MOVELIST_MAX], sum = 0, r;
	int best = 0, i;

	for (i = 0; i < n; i++)
		score[i] = clamp <= 0 ? in[i] : in[i] > clamp ? clamp :
		    in[i] < -clamp ? -clamp : in[i];
	for (i = 1; i < n; i++)
		if (score[i] > score[best])
			best = i;
	if (score[best] >= SEARCH_WIN_MIN || temperature <= 0)
		return moves[best];
	for (i = 0; i < n; i++) {
		double d = (double)(score[i] - score[best]) / temperature;

		w[i] = d < -30 ? 0 : exp(d);
		sum += w[i];
	}
	r = (double)(splitmix64(&ctx->rng) >> 11) / 9007199254740992.0 *
	    sum;
	for (i = 0; i < n; i++) {
		if (r < w[i])
			return moves[i];
		r -= w[i];
	}
	return moves[best];
}

move_t
search_level_root(struct search_ctx *ctx, const struct board *pos)
{
	struct level lvs, *lv = &lvs;
	struct search_thread *t = &ctx->thr[0];
	int score[MOVELIST_MAX], cur[MOVELIST_MAX];
	int n, i, depth, best;

	level_get(ctx->opt.level, lv);
	search_alphabeta_begin(ctx, pos);
	n = t->root_n;
	for (i = 0; i < MOVELIST_MAX; i++)
		score[i] = -SEARCH_INF;
	for (depth = 1; depth <= ctx->max_depth; depth++) {
		for (i = 0; i < n; i++) {
			cur[i] = search_alphabeta_score(t, pos,
			    t->root_moves[i], depth);
			if (search_aborted(t))
				break;
		}
		if (i < n) {
			/* a partial depth: the moves it finished count */
			if (depth == 1)
				memcpy(score, cur, (size_t)i * sizeof *cur);
			break;
		}
		memcpy(score, cur, (size_t)n * sizeof *cur);
		best = 0;
		for (i = 1; i < n; i++)
			if (score[i] > score[best])
				best = i;
		t->completed_depth = depth;
		t->best_score = score[best];
		t->best_move = t->root_moves[best];
		t->best_pv[0] = t->best_move;
		t->best_pvlen = 1;
		{
			struct search_info info;

			search_fill_info(ctx, t, depth, score[best], &info);
			search_publish(ctx, &info);
			if (ctx->info != NULL)
				ctx->info(&info, ctx->user);
		}
		if (score[best] >= SEARCH_WIN_MIN)
			break;
	}
	/* Progress: taking back one's own last move (the piece straight
	 * back to where it came from, taking nothing) is drawn as if a
	 * temperature worse, so a level does not shuffle a piece to and fro
	 * (issue 25 item 14: g3f2, f2g3 ...) where it has better to do. */
	for (i = 0; i < n; i++) {
		move_t m = t->root_moves[i];

		if (search_takes_back(ctx, pos, m) &&
		    score[i] > -SEARCH_WIN_MIN && score[i] < SEARCH_WIN_MIN)
			score[i] -= lv->temperature;
	}
	t->best_move = draw_move(ctx, t->root_moves, score, n,
	    lv->temperature, lv->clamp);
	t->best_pv[0] = t->best_move;
	t->best_pvlen = 1;
	search_fill_info(ctx, t, t->completed_depth, t->best_score,
	    &ctx->last);
	return t->best_move;
}
