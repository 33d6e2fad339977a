/*
 * search_ctx.c: the search context (options, TT, per-thread memory) and
 * search_best_move, which checks the game is not over and hands over to
 * the chosen algorithm.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/search_internal.h"
#include "tb/tb.h"
#include "util/util.h"

static const struct {
	struct search_algorithm_desc d;
	move_t (*root)(struct search_ctx *ctx, const struct board *pos);
} registry[] = {
	{ { SEARCH_NAME_ALPHABETA, "the strong search (the default): iterative "
	    "deepening, PVS, a tuned evaluation; levels 1-10", 0, true, true },
	    search_alphabeta_root },
	{ { SEARCH_NAME_NEGAMAX, "the fixed baseline: alpha-beta to a fixed depth "
	    "(5), material only", SEARCH_NEGAMAX_DEPTH, false, true },
	    search_negamax_root },
	{ { SEARCH_NAME_RANDOM, "a uniformly random legal move", 0, false, false },
	    search_random_root },
};

_Static_assert(sizeof registry / sizeof registry[0] == SEARCH_NALGORITHMS,
    "one registry entry per algorithm");

const struct search_algorithm_desc *
search_algorithm_desc(enum search_algorithm a)
{
	if ((unsigned)a >= SEARCH_NALGORITHMS)
		return NULL;
	return &registry[a].d;
}

static char choices[128];

static void
choices_init(void)
{
	size_t len = 0;
	int i;

	for (i = 0; i < SEARCH_NALGORITHMS; i++)
		len += (size_t)snprintf(choices + len, sizeof choices - len,
		    "%s%s", i == 0 ? "" : i + 1 == SEARCH_NALGORITHMS ?
		    " or " : ", ", registry[i].d.name);
}

const char *
search_algorithm_choices(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, choices_init);
	return choices;
}

void
search_options_default(struct search_options *o)
{
	memset(o, 0, sizeof *o);
	o->algorithm = SEARCH_ALPHABETA;
	o->hash_mb = SEARCH_HASH_MB_DEFAULT;
	o->threads = 1;
	o->seed = 1;
	o->multipv = 1;
	/* the installed networks, where there are (congo(6), TUNING) */
	o->use_nnue = true;
}

void
search_limits_default(struct search_limits *l)
{
	memset(l, 0, sizeof *l);
}

const char *
search_algorithm_name(enum search_algorithm a)
{
	if ((unsigned)a >= SEARCH_NALGORITHMS)
		return "unknown";
	return registry[a].d.name;
}

int
search_algorithm_parse(const char *name, enum search_algorithm *out)
{
	int i;

	for (i = 0; i < SEARCH_NALGORITHMS; i++) {
		if (strcasecmp(name, registry[i].d.name) == 0) {
			*out = (enum search_algorithm)i;
			return 0;
		}
	}
	return -1;
}

static void
free_threads(struct search_thread *thr, int n)
{
	int i;

	if (thr == NULL)
		return;
	for (i = 0; i < n; i++) {
		free(thr[i].ply);
		free(thr[i].cont);
		free(thr[i].kept_cont);
		free(thr[i].acc);
	}
	free(thr);
}

static struct search_thread *
alloc_threads(struct search_ctx *ctx, int n)
{
	struct search_thread *thr;
	int i;

	thr = xcalloc((size_t)n, sizeof *thr);
	for (i = 0; i < n; i++) {
		thr[i].ctx = ctx;
		thr[i].id = i;
		thr[i].ply = xcalloc(SEARCH_MAX_PLY, sizeof *thr[i].ply);
		thr[i].acc = aligned_alloc(64, ((SEARCH_MAX_PLY + 1) *
		    sizeof *thr[i].acc + 63) / 64 * 64);
		if (thr[i].acc == NULL)
			fatal("out of memory");
	}
	return thr;
}

/* The continuation history tables (1.5 MB a thread, and the master's copy
 * for MultiPV), made only while cont_hist is on, so that the levels and
 * negamax neither carry nor clear them; made here, not while searching. */
static void
cont_tables(struct search_ctx *ctx, bool on)
{
	int i;

	for (i = 0; i < ctx->opt.threads; i++) {
		struct search_thread *t = &ctx->thr[i];

		if (on && t->cont == NULL) {
			t->cont = xcalloc(CONT_KEYS, sizeof(cont_row));
			if (i == 0)
				t->kept_cont = xcalloc(CONT_KEYS,
				    sizeof(cont_row));
		} else if (!on) {
			free(t->cont);
			free(t->kept_cont);
			t->cont = t->kept_cont = NULL;
		}
	}
}

static void
clamp_options(struct search_options *o)
{
	if ((unsigned)o->algorithm >= SEARCH_NALGORITHMS)
		o->algorithm = SEARCH_ALPHABETA;
	if (o->hash_mb < SEARCH_HASH_MB_MIN)
		o->hash_mb = SEARCH_HASH_MB_MIN;
	if (o->hash_mb > SEARCH_HASH_MB_MAX)
		o->hash_mb = SEARCH_HASH_MB_MAX;
	if (o->threads < 1)
		o->threads = 1;
	if (o->threads > SEARCH_MAX_THREADS)
		o->threads = SEARCH_MAX_THREADS;
	if (o->level < 0 || o->level > SEARCH_LEVELS)
		o->level = 0;
	if (o->multipv < 1)
		o->multipv = 1;
	if (o->multipv > SEARCH_MULTIPV_MAX)
		o->multipv = SEARCH_MULTIPV_MAX;
	o->tune[sizeof o->tune - 1] = '\0';
	o->eval_file[sizeof o->eval_file - 1] = '\0';
}

struct search_ctx *
search_new(const struct search_options *o)
{
	struct search_ctx *ctx;
	struct search_options def;

	board_init();
	eval_init();
	if (o == NULL) {
		search_options_default(&def);
		o = &def;
	}
	ctx = xcalloc(1, sizeof *ctx);
	pthread_mutex_init(&ctx->state_lock, NULL);
	pthread_mutex_init(&ctx->live_lock, NULL);
	ctx->state = SEARCH_IDLE;
	atomic_init(&ctx->stop_request, false);
	atomic_init(&ctx->abort, false);
	ctx->ev = eval_default;
	search_options_default(&ctx->opt);
	ctx->opt.hash_mb = 0;   /* force the allocation */
	ctx->opt.threads = 0;
	if (search_set_options(ctx, o) != 0) {
		search_free(ctx);
		return NULL;
	}
	return ctx;
}

void
search_free(struct search_ctx *ctx)
{
	if (ctx == NULL)
		return;
	tt_free(&ctx->tt);
	tt_free(&ctx->lines_tt);
	free_threads(ctx->thr, ctx->opt.threads);
	pthread_mutex_destroy(&ctx->state_lock);
	pthread_mutex_destroy(&ctx->live_lock);
	free(ctx);
}

int
search_set_options(struct search_ctx *ctx, const struct search_options *o)
{
	struct search_options n = *o;
	struct eval_params ev;
	char err[128];

	clamp_options(&n);
	ev = n.level > 0 ? eval_classic : eval_default;
	if (n.tune[0] != '\0' && eval_tune(&ev, n.tune, err, sizeof err) != 0)
		return -1;
	if (n.hash_mb != ctx->opt.hash_mb || ctx->tt.b == NULL) {
		tt_free(&ctx->tt);
		tt_alloc(&ctx->tt, n.hash_mb);
	}
	/* MultiPV's second table, made here: nothing is allocated while
	 * searching */
	if (n.multipv > 1 && (n.hash_mb != ctx->opt.hash_mb ||
	    ctx->lines_tt.b == NULL)) {
		tt_free(&ctx->lines_tt);
		tt_alloc(&ctx->lines_tt, n.hash_mb > 1 ? n.hash_mb / 2 : 1);
	} else if (n.multipv <= 1) {
		tt_free(&ctx->lines_tt);
	}
	if (n.threads != ctx->opt.threads) {
		free_threads(ctx->thr, ctx->opt.threads);
		ctx->thr = alloc_threads(ctx, n.threads);
	}
	if (n.algorithm != ctx->opt.algorithm || n.level != ctx->opt.level ||
	    n.use_nnue != ctx->opt.use_nnue ||
	    strcmp(n.eval_file, ctx->opt.eval_file) != 0) {
		tt_clear(&ctx->tt);   /* negamax and alphabeta score differently */
		if (ctx->lines_tt.b != NULL)
			tt_clear(&ctx->lines_tt);
	}
	ctx->ev = ev;
	ctx->opt = n;
	ctx->rng = n.seed;
	cont_tables(ctx, ev.cont_hist != 0);
	search_nnue_options(ctx);
	return 0;
}

const struct search_options *
search_get_options(const struct search_ctx *ctx)
{
	return &ctx->opt;
}

void
search_clear(struct search_ctx *ctx)
{
	int i;

	tt_clear(&ctx->tt);
	if (ctx->lines_tt.b != NULL)
		tt_clear(&ctx->lines_tt);
	for (i = 0; i < ctx->opt.threads; i++) {
		memset(ctx->thr[i].history, 0, sizeof ctx->thr[i].history);
		memset(ctx->thr[i].killer, 0, sizeof ctx->thr[i].killer);
		memset(ctx->thr[i].counter, 0, sizeof ctx->thr[i].counter);
		if (ctx->thr[i].cont != NULL)
			memset(ctx->thr[i].cont, 0,
			    CONT_KEYS * sizeof(cont_row));
	}
	ctx->rng = ctx->opt.seed;
}

void
search_prepare(struct search_ctx *ctx)
{
	pthread_mutex_lock(&ctx->state_lock);
	ctx->state = SEARCH_ARMED;
	atomic_store(&ctx->stop_request, false);
	pthread_mutex_unlock(&ctx->state_lock);
}

void
search_stop(struct search_ctx *ctx)
{
	pthread_mutex_lock(&ctx->state_lock);
	if (ctx->state != SEARCH_IDLE) {
		atomic_store(&ctx->stop_request, true);
		atomic_store(&ctx->abort, true);
	}
	pthread_mutex_unlock(&ctx->state_lock);
}

static void
search_begin(struct search_ctx *ctx)
{
	pthread_mutex_lock(&ctx->state_lock);
	if (ctx->state != SEARCH_ARMED)
		atomic_store(&ctx->stop_request, false);
	ctx->state = SEARCH_RUNNING;
	atomic_store(&ctx->abort, atomic_load(&ctx->stop_request));
	pthread_mutex_unlock(&ctx->state_lock);
}

static void search_end(struct search_ctx *ctx);

/* search_end, and analysis sees the search is over. */
static void
search_finish(struct search_ctx *ctx)
{
	pthread_mutex_lock(&ctx->live_lock);
	ctx->live_running = false;
	pthread_mutex_unlock(&ctx->live_lock);
	search_end(ctx);
}

static void
search_end(struct search_ctx *ctx)
{
	pthread_mutex_lock(&ctx->state_lock);
	ctx->state = SEARCH_IDLE;
	atomic_store(&ctx->stop_request, false);
	pthread_mutex_unlock(&ctx->state_lock);
}

void
search_last_info(const struct search_ctx *ctx, struct search_info *out)
{
	*out = ctx->last;
}

void
search_score_text(const struct search_info *info, char *buf, size_t n)
{
	switch (info->kind) {
	case SEARCH_SCORE_WIN:
		snprintf(buf, n, "win %d", info->score);
		break;
	case SEARCH_SCORE_LOSS:
		snprintf(buf, n, "loss %d", info->score);
		break;
	default:
		snprintf(buf, n, "cp %d", info->score);
		break;
	}
}

/*
 * The mover's own last move, from the two positions before pos (one piece
 * left a square, one came to another; a capture of it since, a drowning
 * or anything else: none), so that a level can prefer progress to taking
 * it back (search_level.c).
 */
static void
last_own_move(struct search_ctx *ctx, const struct board *pos,
    const struct board *history, int nhistory)
{
	const struct board *before, *after;
	int us = pos->side;
	bb_t gone, came;

	ctx->last_from = ctx->last_to = -1;
	if (history == NULL || nhistory < 2)
		return;
	before = &history[nhistory - 2];
	after = &history[nhistory - 1];
	if (before->side != us)
		return;
	gone = before->occ[us] & ~after->occ[us];
	came = after->occ[us] & ~before->occ[us];
	if (bb_popcount(gone) != 1 || bb_popcount(came) != 1 ||
	    !(pos->occ[us] & came))
		return;
	ctx->last_from = __builtin_ctzll(gone);
	ctx->last_to = __builtin_ctzll(came);
}

/* Does the take-back penalty's phase hold in pos (ev.undo_quiet,
 * undo_pieces, undo_safe; undo_min is the root's, search_root.c)? */
static bool
undo_applies(const struct search_ctx *ctx, const struct board *pos)
{
	const struct eval_params *ev = &ctx->ev;

	if ((int)pos->quiet < ev->undo_quiet)
		return false;
	if (ev->undo_pieces > 0 &&
	    bb_popcount(pos->occ[WHITE] | pos->occ[BLACK]) > ev->undo_pieces)
		return false;
	return !ev->undo_safe || !movegen_can_be_taken(pos, ctx->last_to);
}

move_t
search_best_move(struct search_ctx *ctx, const struct board *pos,
    const struct board *history, int nhistory, const struct game_rules *rules,
    const struct search_limits *limits, search_info_fn info, void *user)
{
	static const struct game_rules defrules = GAME_RULES_DEFAULT;
	enum game_reason why;
	bool lion_taken, game_move;
	int i, depth_cap;
	move_t m;

	ctx->start_ns = search_now_ns();
	search_begin(ctx);
	pthread_mutex_lock(&ctx->live_lock);
	memset(&ctx->live, 0, sizeof ctx->live);
	memset(ctx->live_line, 0, sizeof ctx->live_line);
	ctx->live_nlines = 0;
	ctx->live_side = pos->side;
	ctx->live_running = true;
	pthread_mutex_unlock(&ctx->live_lock);
	memset(&ctx->last, 0, sizeof ctx->last);
	ctx->rules_copy = rules != NULL ? *rules : defrules;
	ctx->rules = &ctx->rules_copy;
	if (limits != NULL)
		ctx->limits = *limits;
	else
		search_limits_default(&ctx->limits);
	ctx->info = info;
	ctx->user = user;
	if (history == NULL || nhistory < 0)
		nhistory = 0;

	lion_taken = pos->pieces[WHITE][LION] == 0 ||
	    pos->pieces[BLACK][LION] == 0;
	if (game_status(pos, history, nhistory, lion_taken, ctx->rules, &why) !=
	    RESULT_NONE) {
		search_finish(ctx);
		return MOVE_NONE;
	}

	ctx->hist_n = nhistory < SEARCH_HIST_CAP ? nhistory : SEARCH_HIST_CAP;
	for (i = 0; i < ctx->hist_n; i++)
		ctx->hist[i] = history[nhistory - ctx->hist_n + i].hash;
	last_own_move(ctx, pos, history, nhistory);
	/* A game's move (not an analysis: not play, infinite, several
	 * lines, whose scores are the position's own) plays for more than
	 * a draw (the contempt; an analysis scores a draw 0, as the chess
	 * engines' analysis mode), may pay for trading pieces off, and
	 * plays a move that only takes back the mover's last one when it
	 * is better by ev.undo than the rest. */
	game_move = ctx->limits.play && !ctx->limits.infinite &&
	    search_multipv(ctx, 2) == 1;
	ctx->contempt = game_move ? ctx->ev.contempt : 0;
	ctx->trade_pen = game_move ? ctx->ev.trade : 0;
	ctx->undo_pen = game_move && ctx->last_from >= 0 ? ctx->ev.undo : 0;
	if (ctx->undo_pen != 0 && !undo_applies(ctx, pos))
		ctx->undo_pen = 0;
	ctx->root_pieces = bb_popcount(pos->occ[WHITE] | pos->occ[BLACK]);

	depth_cap = ctx->limits.depth > 0 ? ctx->limits.depth : 0;
	if (depth_cap > SEARCH_MAX_DEPTH)
		depth_cap = SEARCH_MAX_DEPTH;
	ctx->max_depth = depth_cap > 0 ? depth_cap : SEARCH_MAX_DEPTH;
	ctx->stop_ns = ctx->soft_ns = 0;
	ctx->clock_mode = false;
	if (!ctx->limits.infinite && ctx->limits.movetime_ms > 0) {
		uint64_t ms = (uint64_t)ctx->limits.movetime_ms;

		/* the time is given to this move whole: deepen until it is
		 * up (a depth cut short still plays a move it found better
		 * than the last depth's); stopping at half, as before, left
		 * 40-50% of it unused */
		ctx->stop_ns = ctx->start_ns + ms * 1000000ULL;
	} else if (!ctx->limits.infinite && ctx->limits.time_left_ms > 0) {
		struct search_budget bud;
		struct movelist *ml = &ctx->thr[0].ply[0].ml;

		search_time_budget(ctx->limits.time_left_ms,
		    ctx->limits.inc_ms, ctx->limits.movestogo,
		    movegen_legal(pos, ml), nhistory, &bud);
		ctx->stop_ns = ctx->start_ns + (uint64_t)bud.hard_ms * 1000000ULL;
		ctx->soft_ns = ctx->start_ns + (uint64_t)bud.soft_ms * 1000000ULL;
		ctx->clock_mode = true;
	}
	if (ctx->limits.infinite)
		ctx->limits.nodes = 0;

	ctx->noise = 0;
	ctx->tb_pieces = -1;
	ctx->net = ctx->opt.algorithm == SEARCH_ALPHABETA &&
	    ctx->opt.level == 0 && pos->variant < NVARIANTS ?
	    ctx->nets[pos->variant] : NULL;
	ctx->tb_draw = false;
	if (ctx->opt.algorithm == SEARCH_ALPHABETA && ctx->opt.level == 0) {
		ctx->tb_pieces = tb_max_pieces(pos->variant);
		if (search_tb_root(ctx, pos, &m)) {
			search_finish(ctx);
			return m;
		}
	}
	if (ctx->opt.algorithm == SEARCH_ALPHABETA && ctx->opt.level > 0) {
		search_level_limits(ctx);
		ctx->noise = search_level_noise(ctx->opt.level);
		m = search_level_root(ctx, pos);
		search_finish(ctx);
		return m;
	}
	m = registry[ctx->opt.algorithm].root(ctx, pos);
	search_finish(ctx);
	return m;
}
