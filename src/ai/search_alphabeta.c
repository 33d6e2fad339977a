/*
 * search_alphabeta.c: the strong search. Principal variation search with
 * a transposition table, null move (never while the own lion can be taken,
 * nor with only lion and pawns, nor with pieces in the river), late move
 * reductions, "lion can be taken" treated as check (searched one ply
 * deeper, no stand-pat in quiescence), and quiescence over captures
 * (monkey chains included) and promotions. Scores are centipawns for the
 * side to move; a lion capture p plies from the root is +-(SEARCH_WIN - p).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search_internal.h"
#include "util/util.h"

#define EVAL_NONE SEARCH_EVAL_NONE
#define NULL_MIN_DEPTH 3
#define DELTA_MARGIN 150

static uint8_t lmr[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

static void
lmr_init(void)
{
	for (int d = 1; d < 64; d++)
		for (int m = 1; m < 64; m++)
			lmr[d][m] = (uint8_t)(0.5 + log(d) * log(m) / 2.2);
}

/* Count a node; the master checks the limits now and then. */
static inline bool
node_enter(struct search_thread *t)
{
	uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;

	atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
	if (t->id == 0 && n >= t->next_check)
		search_check_limits(t);
	return search_aborted(t);
}

static inline int
evaluate(struct search_thread *t, const struct board *pos, int ply)
{
	int e = t->ctx->net != NULL ? search_nnue_eval(t, pos, ply) :
	    eval_with(&t->ctx->ev, pos);

	if (t->ctx->ev.progress > 0) {
		/* quiet plies, at most the default draw's 200 and at most
		 * progress itself: the score shrinks, never changes sign */
		int p = t->ctx->ev.progress, q = (int)pos->quiet;

		q = q < 200 ? q : 200;
		e -= e * (q < p ? q : p) / p;
	}
	if (t->ctx->trade_pen != 0) {
		/* the root side wants the pieces kept, by the side to move
		 * (not the ply, so the table's entries agree) */
		int cost = t->ctx->trade_pen * (t->ctx->root_pieces -
		    bb_popcount(pos->occ[WHITE] | pos->occ[BLACK]));

		e += pos->side == t->ctx->live_side ? -cost : cost;
	}
	if (t->ctx->noise > 0) {
		/* a level's misjudgement: fixed for a position, so the
		 * transposition table stays consistent */
		uint64_t h = (pos->hash ^ t->ctx->opt.seed) *
		    0x9E3779B97F4A7C15ULL;

		e += (int)((h >> 33) % (uint64_t)(2 * t->ctx->noise + 1)) -
		    t->ctx->noise;
	}
	/* a heuristic never makes a win or a loss of a static score */
	return util_clamp(e, -SEARCH_WIN_MIN + 1, SEARCH_WIN_MIN - 1);
}

/*
 * Could quiet move m let the mover take the enemy lion next? A cheap
 * over-estimate: the move lands near that lion, moves a crocodile or a
 * monkey (they reach far), or leaves the line between the lions.
 */
static bool
may_threaten_lion(const struct board *b, move_t m)
{
	int them = b->side ^ 1, from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(b->sq[from]);
	bb_t lion = b->pieces[them][LION];
	int l;

	if (lion == 0)
		return true;
	l = __builtin_ctzll(lion);
	if (type == CROCODILE || type == MONKEY || type == LION)
		return true;
	if (abs(SQ_FILE(to) - SQ_FILE(l)) <= 2 &&
	    abs(SQ_RANK(to) - SQ_RANK(l)) <= 2)
		return true;
	/* a discovered line between the lions */
	{
		int ol = __builtin_ctzll(b->pieces[b->side][LION] |
		    (1ULL << 63));
		int df = SQ_FILE(from) - SQ_FILE(l), dr = SQ_RANK(from) -
		    SQ_RANK(l), ef, er;

		if (ol >= NSQ)
			return false;
		ef = SQ_FILE(ol) - SQ_FILE(l);
		er = SQ_RANK(ol) - SQ_RANK(l);
		if ((df == 0 && ef == 0) ||
		    (abs(df) == abs(dr) && abs(ef) == abs(er) &&
		    df * er == dr * ef))
			return true;
	}
	return false;
}

/* May the side to move pass (null move) without the pass being absurd? */
static bool
null_ok(const struct board *b)
{
	int s = b->side;
	bb_t pieces = b->occ[s] & ~b->pieces[s][LION] & ~b->pieces[s][PAWN] &
	    ~b->pieces[s][SUPERPAWN];

	if (pieces == 0)
		return false;   /* only lion and pawns: zugzwang is likely */
	/* a pass would drown these; keep the search honest */
	return (b->occ[s] & board_deep[b->variant] &
	    ~b->pieces[s][CROCODILE]) == 0;
}

static int qsearch(struct search_thread *t, const struct board *pos,
    int alpha, int beta, int ply);

/* Quiescence at a position already counted as a node. */
static int
qsearch_node(struct search_thread *t, const struct board *pos, int alpha,
    int beta, int ply)
{
	struct search_ply *p;
	int side = pos->side, best, stand = 0, score, i, n;
	int orig_alpha = alpha;
	bool in_check, use_tt = t->ctx->ev.qs_tt != 0;
	move_t hash_move = MOVE_NONE, best_move = MOVE_NONE;
	struct tt_hit hit;

	t->pvlen[ply] = 0;
	if (ply > t->seldepth)
		t->seldepth = ply;
	if (pos->pieces[side][LION] == 0)
		return -SEARCH_WIN + ply;
	if (movegen_attacks_lion(pos, side))
		return SEARCH_WIN - ply - 1;
	if (bb_popcount(pos->occ[WHITE] | pos->occ[BLACK]) == 2 &&
	    variant_get(pos->variant)->bare_lions_draw)
		return search_draw_score(t, ply);   /* bare lions, not facing */
	if (ply >= SEARCH_MAX_PLY - 2)
		return evaluate(t, pos, ply);
	in_check = movegen_attacks_lion(pos, side ^ 1);
	p = &t->ply[ply];
	if (in_check) {
		n = movegen_legal(pos, &p->ml);
		if (n == 0)
			return -SEARCH_WIN + ply;
		best = -SEARCH_INF;
	} else {
		stand = EVAL_NONE;
		if (use_tt && tt_probe(t->tt, pos->hash, &hit)) {
			int s = tt_score_from(hit.score, ply);

			if (tt_cuts(hit.bound, s, alpha, beta))
				return s;
			hash_move = hit.move;
			stand = hit.eval;
		}
		if (stand == EVAL_NONE)
			stand = evaluate(t, pos, ply);
		if (stand >= beta) {
			if (use_tt)
				tt_store(t->tt, pos->hash, hash_move,
				    tt_score_to(stand, ply), stand, 0,
				    TT_LOWER);
			return stand;
		}
		best = stand;
		if (stand > alpha)
			alpha = stand;
		n = movegen_captures(pos, &p->ml);
	}
	search_score_captures(pos, p);
	if (hash_move != MOVE_NONE)
		for (i = 0; i < n; i++)
			if (p->ml.moves[i] == hash_move)
				p->score[i] = 1 << 30;
	for (i = 0; i < n; i++) {
		move_t m = search_pick(p, i, false);
		struct board child;

		if (!in_check) {
			int gain = search_capture_value(pos, m);

			if (gain < search_piece_value[LION] &&
			    stand + gain + DELTA_MARGIN <= alpha)
				continue;
		}
		child = *pos;
		board_make(&child, m, NULL);
		score = -qsearch(t, &child, -beta, -alpha, ply + 1);
		if (search_aborted(t))
			return 0;
		if (score > best) {
			best = score;
			if (score > alpha) {
				alpha = score;
				best_move = m;
				search_pv_update(t, ply, m);
				if (alpha >= beta)
					break;
			}
		}
	}
	if (use_tt && !in_check)
		tt_store(t->tt, pos->hash,
		    best_move != MOVE_NONE ? best_move : hash_move,
		    tt_score_to(best, ply), stand, 0,
		    tt_bound_of(best, orig_alpha, beta));
	return best;
}

/* Every position the search enters counts as a node. */
static int
qsearch(struct search_thread *t, const struct board *pos, int alpha, int beta,
    int ply)
{
	int score;

	search_nnue_enter(t, pos, ply);
	if (node_enter(t)) {
		t->pvlen[ply] = 0;
		return 0;
	}
	/* a capture into the endgame tables: its exact value */
	if (bb_popcount(pos->occ[WHITE] | pos->occ[BLACK]) <=
	    t->ctx->tb_pieces + 2 && search_tb_score(t, pos, ply, &score)) {
		t->pvlen[ply] = 0;
		return score;
	}
	return qsearch_node(t, pos, alpha, beta, ply);
}

static int search(struct search_thread *t, const struct board *pos,
    int alpha, int beta, int depth, int ply, bool allow_null);

/*
 * Before the moves of a node: a transposition table cutoff, reverse
 * futility and the null move. True with *out the node's score when one of
 * them decides it; otherwise sets the hash move and the static evaluation
 * (EVAL_NONE in check) for the move loop.
 */
static bool
cut_early(struct search_thread *t, const struct board *pos, int alpha,
    int beta, int depth, int ply, bool in_check, bool allow_null,
    move_t *hash_move, int *static_eval, bool *improving,
    struct tt_hit *hit_out, int *out)
{
	struct search_ctx *ctx = t->ctx;
	struct tt_hit hit;
	bool pv = beta - alpha > 1, have_hit, excluding;
	int score;

	excluding = t->excluded[ply] != MOVE_NONE;
	hit_out->depth = -1;
	have_hit = tt_probe(t->tt, pos->hash, &hit);
	if (have_hit) {
		int s = tt_score_from(hit.score, ply);

		*hit_out = hit;
		hit_out->score = s;
		*hash_move = hit.move;
		if (!pv && !excluding && hit.depth >= depth &&
		    tt_cuts(hit.bound, s, alpha, beta)) {
			*out = s;
			return true;
		}
		*static_eval = hit.eval;
	}
	t->eval_stack[ply] = EVAL_NONE;
	*improving = false;
	if (!in_check) {
		const struct eval_params *ev = &ctx->ev;
		int margin;

		if (*static_eval == EVAL_NONE)
			*static_eval = evaluate(t, pos, ply);
		t->eval_stack[ply] = *static_eval;
		if (ev->improving && ply >= 2 &&
		    t->eval_stack[ply - 2] != EVAL_NONE &&
		    *static_eval > t->eval_stack[ply - 2])
			*improving = true;
		if (excluding)
			return false;
		margin = ev->rfp_margin * (depth - (*improving ? 1 : 0));
		/* reverse futility: far above beta near the leaves */
		if (!pv && depth <= ev->rfp_depth &&
		    *static_eval - margin >= beta &&
		    beta > -SEARCH_WIN_MIN && beta < SEARCH_WIN_MIN) {
			*out = *static_eval;
			return true;
		}
		/* razoring: far below alpha near the leaves, where only a
		 * capture could help */
		if (!pv && ev->razor > 0 && depth <= 2 &&
		    *static_eval + ev->razor * depth <= alpha &&
		    alpha > -SEARCH_WIN_MIN && alpha < SEARCH_WIN_MIN) {
			score = qsearch_node(t, pos, alpha, alpha + 1, ply);
			if (search_aborted(t)) {
				*out = 0;
				return true;
			}
			if (score <= alpha) {
				*out = score;
				return true;
			}
		}
		/* null move */
		if (!pv && allow_null && depth >= NULL_MIN_DEPTH &&
		    *static_eval >= beta && beta < SEARCH_WIN_MIN &&
		    null_ok(pos)) {
			struct board child = *pos;
			int r = 3 + depth / 5;

			if (ev->nmp_eval > 0) {
				int extra = (*static_eval - beta) / ev->nmp_eval;

				r += extra < 3 ? extra : 3;
			}

			child.side ^= 1;
			child.hash ^= board_zobrist_side;
			child.quiet = 0;
			search_push_move(t, pos, ply, MOVE_NONE);
			score = -search(t, &child, -beta, -beta + 1,
			    depth - 1 - r, ply + 1, false);
			if (search_aborted(t)) {
				*out = 0;
				return true;
			}
			if (score >= beta) {
				*out = score >= SEARCH_WIN_MIN ? beta : score;
				return true;
			}
		}
	}

	return false;
}

static int
search(struct search_thread *t, const struct board *pos, int alpha, int beta,
    int depth, int ply, bool allow_null)
{
	struct search_ctx *ctx = t->ctx;
	struct search_ply *p;
	bool pv = beta - alpha > 1, in_check;
	move_t hash_move = MOVE_NONE, best_move = MOVE_NONE;
	move_t quiets[64];
	int nquiets = 0, quiet_seen = 0, side = pos->side;
	bool pruning = false, lazy, improving = false;
	int idx = t->root_index + ply;
	int best, score = 0, static_eval = EVAL_NONE, i, n, orig_alpha;
	int hash_ext = 0;
	struct tt_hit tth = { .depth = -1 };
	move_t excluded = t->excluded[ply];

	t->pvlen[ply] = 0;
	t->path[idx] = pos->hash;
	search_nnue_enter(t, pos, ply);
	if (node_enter(t))
		return 0;
	if (pos->pieces[side][LION] == 0)
		return -SEARCH_WIN + ply;
	if (search_repeated(t, pos, idx))
		return SEARCH_WIN - ply;   /* megapawn: the mover repeated, lost */
	if (search_is_draw(t, pos, idx))
		return search_draw_score(t, ply);
	if (movegen_attacks_lion(pos, side))
		return SEARCH_WIN - ply - 1;
	/* mate distance pruning */
	if (alpha < -SEARCH_WIN + ply)
		alpha = -SEARCH_WIN + ply;
	if (beta > SEARCH_WIN - ply - 1)
		beta = SEARCH_WIN - ply - 1;
	if (alpha >= beta)
		return alpha;
	/* the endgame tables know this one exactly */
	if (bb_popcount(pos->occ[WHITE] | pos->occ[BLACK]) <=
	    ctx->tb_pieces + 2 && search_tb_score(t, pos, ply, &score))
		return score;
	in_check = movegen_attacks_lion(pos, side ^ 1);
	if (in_check && ply < 2 * ctx->max_depth + 8)
		depth++;
	if (depth <= 0)
		return qsearch_node(t, pos, alpha, beta, ply);
	if (ply > t->seldepth)
		t->seldepth = ply;
	if (ply >= SEARCH_MAX_PLY - 2)
		return evaluate(t, pos, ply);

	if (cut_early(t, pos, alpha, beta, depth, ply, in_check, allow_null,
	    &hash_move, &static_eval, &improving, &tth, &score))
		return score;
	/* singular extension: the hash move searched a ply deeper when no
	 * other move comes near its (lower bound) score; when others beat
	 * beta too, the node is cut (multi-cut) */
	if (ctx->ev.singular > 0 && depth >= ctx->ev.singular && ply > 0 &&
	    excluded == MOVE_NONE && hash_move != MOVE_NONE &&
	    tth.depth >= depth - 3 && (tth.bound & TT_LOWER) &&
	    tth.score > -SEARCH_WIN_MIN && tth.score < SEARCH_WIN_MIN &&
	    ply < 2 * ctx->max_depth) {
		int sb = tth.score - 2 * depth;

		t->excluded[ply] = hash_move;
		score = search(t, pos, sb - 1, sb, (depth - 1) / 2, ply, false);
		t->excluded[ply] = MOVE_NONE;
		if (search_aborted(t))
			return 0;
		if (score < sb)
			hash_ext = 1;
		else if (sb >= beta)
			return sb;
		t->pvlen[ply] = 0;
	}
	/* no hash move where one was worth storing: search shallower */
	if (ctx->ev.iir && hash_move == MOVE_NONE && depth >= 4)
		depth--;

	p = &t->ply[ply];
	n = movegen_legal(pos, &p->ml);
	if (n == 0)
		return -SEARCH_WIN + ply;
	search_score_moves(t, pos, p, ply, hash_move);
	/* where quiet moves may be pruned, pick one by one, never sort */
	lazy = !pv && !in_check && depth <= ctx->ev.lmp_depth;
	orig_alpha = alpha;
	best = -SEARCH_INF;
	for (i = 0; i < n; i++) {
		/* once quiet moves are being pruned, the rest are quiet
		 * too and their order no longer matters */
		move_t m = pruning ? p->ml.moves[i] :
		    search_pick(p, i, lazy);
		bool tactical, killer, prune = false;
		int newdepth = depth - 1, r = 0;
		struct board child;

		if (m == excluded)
			continue;
		tactical = search_is_tactical(pos, m);
		killer = m == t->killer[ply][0] || m == t->killer[ply][1];
		if (m == hash_move)
			newdepth += hash_ext;
		child = *pos;

		/* futility and late move pruning of quiet moves near the
		 * leaves, except those that threaten the enemy lion */
		if (!pv && !in_check && i > 0 && !tactical &&
		    p->score[i] < SEARCH_ORDER_RESCUE &&
		    best > -SEARCH_WIN_MIN) {
			quiet_seen++;
			if (ctx->ev.lmp > 0 && depth <= ctx->ev.lmp_depth &&
			    quiet_seen > (ctx->ev.lmp + 2 * depth * depth) /
			    (ctx->ev.improving && !improving ? 2 : 1))
				prune = true;
			if (ctx->ev.futility > 0 && depth <= 2 &&
			    static_eval + ctx->ev.futility * depth <= alpha)
				prune = true;
			if (prune)
				pruning = true;
			if (prune && !may_threaten_lion(pos, m))
				continue;
		}
		board_make(&child, m, NULL);
		if (prune && !movegen_attacks_lion(&child, side))
			continue;
		search_push_move(t, pos, ply, m);
		if (i == 0) {
			score = -search(t, &child, -beta, -alpha, newdepth,
			    ply + 1, true);
		} else {
			if (depth >= 3 && i >= 2 && !tactical && !in_check &&
			    !killer) {
				r = lmr[depth < 64 ? depth : 63][i < 64 ? i : 63];
				if (pv && r > 0)
					r--;
				if (ctx->ev.lmr_imp && !pv && !improving)
					r++;
				if (r > newdepth - 1)
					r = newdepth - 1;
				if (r < 0)
					r = 0;
			}
			score = -search(t, &child, -alpha - 1, -alpha,
			    newdepth - r, ply + 1, true);
			if (score > alpha && r > 0 && !search_aborted(t))
				score = -search(t, &child, -alpha - 1, -alpha,
				    newdepth, ply + 1, true);
			if (score > alpha && score < beta && !search_aborted(t))
				score = -search(t, &child, -beta, -alpha,
				    newdepth, ply + 1, true);
		}
		if (search_aborted(t))
			return 0;
		if (score > best) {
			best = score;
			if (score > alpha) {
				alpha = score;
				best_move = m;
				search_pv_update(t, ply, m);
				if (alpha >= beta) {
					if (!tactical)
						search_update_quiet(t, pos, ply,
						    depth, m, quiets, nquiets);
					break;
				}
			}
		}
		if (!tactical && nquiets < 64)
			quiets[nquiets++] = m;
	}
	if (excluded != MOVE_NONE)
		return best;
	tt_store(t->tt, pos->hash,
	    best_move != MOVE_NONE ? best_move : hash_move,
	    tt_score_to(best, ply), in_check ? EVAL_NONE : static_eval, depth,
	    tt_bound_of(best, orig_alpha, beta));
	return best;
}

void
search_alphabeta_init(void)
{
	pthread_once(&lmr_once, lmr_init);
	eval_init();
}

/* A child of the root, for search_root.c (one call; the tree below is
 * this file's). */
int
search_alphabeta_node(struct search_thread *t, const struct board *pos,
    int alpha, int beta, int depth, int ply)
{
	return search(t, pos, alpha, beta, depth, ply, true);
}

int
search_alphabeta_score(struct search_thread *t, const struct board *pos,
    move_t m, int depth)
{
	struct board child = *pos;

	board_make(&child, m, NULL);
	search_push_move(t, pos, 0, m);
	t->pvlen[0] = 0;
	t->path[t->root_index] = pos->hash;
	t->eval_stack[0] = EVAL_NONE;
	search_nnue_root(t, pos);
	return -search(t, &child, -SEARCH_INF, SEARCH_INF, depth - 1, 1, true);
}

