/*
 * search_internal.h: what the files of the AI share; not for other modules.
 */
#ifndef CONGO_SEARCH_INTERNAL_H
#define CONGO_SEARCH_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "nn/nnue.h"
#include "ai/search.h"

/* Positions of the game before the root kept for repetition checks. */
#define SEARCH_HIST_CAP 1024

#define SEARCH_INF (SEARCH_WIN + 1)
#define SEARCH_EVAL_NONE (-32768)      /* no static evaluation (in check) */

#include "ai/search_tt.h"

/* ---- evaluation weights (eval_position.c) ---- */

struct eval_params {
	int value[NPIECE_TYPES];     /* material, centipawns (lion unused) */
	int mob[NPIECE_TYPES];       /* per reachable square */
	int monkey_target;           /* an enemy a monkey could jump */
	int pawn_rank[7];            /* by rank from the owner's side */
	int pawn_file_center;
	int lion_escape;             /* free castle squares next to the lion */
	int lion_guard;              /* own pieces next to the lion */
	int lion_danger;             /* enemy pieces within two squares */
	int lion_pin;                /* the only piece between the lions */
	int river_threat;            /* percent of a river piece's value */
	int croc_river;              /* crocodile in the river */
	int croc_file;               /* crocodile with a clear file to it */
	int center;
	int tempo;
	/* where a piece stands: by rank from its owner's side and by its
	 * distance from the d-file (3, the edge, is 0 by definition) */
	int pst_rank[NPIECE_TYPES][7];
	int pst_file[NPIECE_TYPES][4];
	int contempt;                /* a draw is worth this less to the root
	                              * side, in a game's move (an analysis
	                              * scores a draw 0) */
	int undo;                    /* a root move taking back the mover's
	                              * last move is worth this less (games,
	                              * not analysis: see search_root.c); 0,
	                              * off: every form tried, with the
	                              * limits below, cost Elo or did not
	                              * halve the moves (congo(6), TUNING) */
	int undo_min;                /* ... only while the root's score (the
	                              * depth before) is at least this */
	int undo_safe;               /* 1: not when the piece can be taken
	                              * where it stands (a retreat) */
	int undo_quiet;              /* ... only after this many plies
	                              * without a capture, drowning or
	                              * promotion (nothing happening) */
	int undo_pieces;             /* ... only with at most this many
	                              * pieces on the board (0: any) */
	int trade;                   /* in play, each piece fewer on the board
	                              * than at the root costs the root side
	                              * this (keep the game's tension from
	                              * balanced openings; 0 off) */
	int progress;                /* >0: the static evaluation shrinks
	                              * with the quiet plies, by quiet /
	                              * progress of itself (so a side ahead
	                              * seeks a capture, drowning or
	                              * promotion); 0 off */
	/* search settings kept here so that matches can try them too */
	int futility;                /* margin per ply at depth 1-2, 0 off */
	int lmp;                     /* quiet moves kept at depth 1-lmp_depth:
	                              * lmp + 2d^2 (half when not improving) */
	int lmp_depth;
	int rfp_depth;               /* reverse futility up to this depth */
	int rfp_margin;              /* per ply of depth */
	int improving;               /* 1: margins and counts follow whether
	                              * the static evaluation rose since the
	                              * side's last move */
	int nmp_eval;                /* null move: one more ply of reduction
	                              * per this much above beta (0 off) */
	int iir;                     /* 1: one ply less without a hash move */
	int qs_tt;                   /* 1: quiescence probes and stores the
	                              * transposition table */
	int lmr_imp;                 /* 1: late moves one ply shallower still
	                              * where the evaluation is not improving */
	int singular;                /* from this depth, a hash move far
	                              * better than the rest is searched a
	                              * ply deeper (0 off) */
	int razor;                   /* depth 1-2: straight to quiescence
	                              * this much per ply below alpha (0 off) */
	int cont_hist;               /* 1: quiet moves ordered by continuation
	                              * history too (what followed the
	                              * moves one and two plies before) */
	int mpawn;                   /* megapawn's mPawn (value[PAWN] in congo) */
};

/* ---- per-thread state ---- */

/* One line of a MultiPV search (search_root.c), as of its last depth. */
struct search_line {
	int score;
	int seldepth;
	int npv;
	move_t pv[SEARCH_PV_MAX];
};

/* Continuation history's key of a move: the piece (type and colour) and
 * where it lands; a table of CONT_KEYS x CONT_KEYS. */
#define CONT_KEYS (2 * NPIECE_TYPES * NSQ)
typedef int16_t cont_row[CONT_KEYS];

struct search_ply {
	struct movelist ml;
	int32_t score[MOVELIST_MAX];
};

struct search_thread {
	struct search_ctx *ctx;
	int id;
	struct tt *tt;         /* the table searched: ctx->tt, or ctx->lines_tt
	                        * for MultiPV's lines after the first */
	pthread_t tid;
	_Atomic uint64_t nodes;
	uint64_t next_check;   /* master: node count of the next limits check */
	int seldepth;
	struct search_ply *ply;                 /* SEARCH_MAX_PLY entries */
	move_t killer[SEARCH_MAX_PLY][2];
	int32_t history[2][NSQ][NSQ];
	move_t counter[2][NSQ][NSQ];   /* the reply that refuted a move */
	move_t stack[SEARCH_MAX_PLY];  /* stack[p]: the move made at ply p */
	int16_t ckey[SEARCH_MAX_PLY];  /* its continuation key, -1 none */
	move_t excluded[SEARCH_MAX_PLY]; /* singular test: the move left out */
	cont_row *cont;                /* continuation history, CONT_KEYS rows */
	int eval_stack[SEARCH_MAX_PLY]; /* static evaluation at ply p */
	move_t pv[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
	int pvlen[SEARCH_MAX_PLY];
	uint64_t path[SEARCH_HIST_CAP + SEARCH_MAX_PLY + 2];
	int root_index;        /* path[root_index] is the root's hash */
	int root_prev;         /* the score of the depth before, or
	                        * -SEARCH_INF at the first (no penalty
	                        * for taking back there) */
	/* iteration results */
	int completed_depth;
	int best_score;
	move_t best_move;
	int best_pvlen;
	move_t best_pv[SEARCH_PV_MAX];
	int root_n;
	move_t root_moves[MOVELIST_MAX];
	/* MultiPV (master only): line 1 is the single-line search over
	 * root_moves; line k > 1 searches line_moves[k-1..] (the earlier
	 * lines' first moves before it) with the move ordering tables kept
	 * aside and a table of its own, so that line 1 is not changed */
	int nlines;
	struct search_line line[SEARCH_MULTIPV_MAX];
	move_t line_moves[MOVELIST_MAX];
	int32_t kept_history[2][NSQ][NSQ];
	move_t kept_counter[2][NSQ][NSQ];
	move_t kept_killer[SEARCH_MAX_PLY][2];
	cont_row *kept_cont;           /* master only */
	/* the learned evaluation (ctx->net): ply p's accumulators, the
	 * position they belong to (set as each node is entered) and whether
	 * they are computed (search_nnue_eval brings them along lazily) */
	struct nnue_acc *acc;          /* SEARCH_MAX_PLY + 1 entries */
	const struct board *acc_pos[SEARCH_MAX_PLY + 1];
	bool acc_ok[SEARCH_MAX_PLY + 1];
};

struct search_ctx {
	struct search_options opt;
	struct eval_params ev;
	/* the learned evaluation: each variant's network as the options
	 * chose it (NULL: the hand-made one), the current search's (NULL
	 * when it evaluates by hand), and what went wrong reading one */
	const struct nnue_net *nets[NVARIANTS];
	const struct nnue_net *net;
	int nnue_file_variant;          /* eval_file's network's, -1 none */
	char nnue_err[400];
	struct tt tt;
	struct tt lines_tt;             /* MultiPV's lines after the first
	                                 * (opt.multipv > 1; half of tt) */
	struct search_thread *thr;      /* opt.threads entries */
	pthread_mutex_t state_lock;     /* guards state and stop_request */
	enum { SEARCH_IDLE, SEARCH_ARMED, SEARCH_RUNNING } state;
	atomic_bool stop_request;       /* search_stop */
	atomic_bool abort;              /* every thread returns at once */
	uint64_t rng;
	/* the current search */
	const struct board *root;
	const struct game_rules *rules;
	struct game_rules rules_copy;
	struct search_limits limits;
	uint64_t start_ns;
	uint64_t stop_ns;               /* hard time limit, 0 none */
	uint64_t soft_ns;               /* no new iteration after this, 0 none */
	bool clock_mode;                /* soft_ns stretches with instability */
	int noise;                      /* evaluation noise of the level */
	int tb_pieces;                  /* endgame tables: pieces beside the
	                                 * lions they cover, -1 not used */
	bool tb_draw;                   /* the root is a draw in them */
	/* analysis (search_analysis): the latest report, for polling */
	pthread_mutex_t live_lock;
	struct search_info live;
	struct search_info live_line[SEARCH_MULTIPV_MAX];
	int live_nlines;
	int live_side;                  /* the side to move at the root */
	int last_from, last_to;         /* the mover's last move, -1 none */
	int undo_pen;                   /* ev.undo in this search, or 0 */
	int trade_pen;                  /* ev.trade in this search, or 0 */
	int contempt;                   /* ev.contempt in this search, or 0 */
	int root_pieces;                /* pieces on the root's board */
	bool live_running;
	int max_depth;
	search_info_fn info;
	void *user;
	struct search_info last;
	int hist_n;                     /* history hashes copied into paths */
	uint64_t hist[SEARCH_HIST_CAP];
};

/* ---- search_util.c ---- */
uint64_t search_now_ns(void);
uint64_t search_total_nodes(struct search_ctx *ctx);
/* Master's periodic check of time, node limit and stop request. */
void search_check_limits(struct search_thread *t);
/* m takes back the mover's own last move: the piece straight back to the
 * empty square it came from (a level and the root's undo penalty play
 * such a move less). */
static inline bool
search_takes_back(const struct search_ctx *ctx, const struct board *pos,
    move_t m)
{
	return MOVE_FROM(m) == ctx->last_to && MOVE_TO(m) == ctx->last_from &&
	    MOVE_NJUMPS(m) == 0 && pos->sq[MOVE_TO(m)] == PIECE_NONE;
}

/* The score of a draw at ply for the side to move there. */
static inline int
search_draw_score(const struct search_thread *t, int ply)
{
	return (ply & 1) ? t->ctx->contempt : -t->ctx->contempt;
}

static inline bool
search_aborted(struct search_thread *t)
{
	return atomic_load_explicit(&t->ctx->abort, memory_order_relaxed);
}
/* The line of ply: m, then the line of ply + 1. */
static inline void
search_pv_update(struct search_thread *t, int ply, move_t m)
{
	int n = t->pvlen[ply + 1];

	t->pv[ply][0] = m;
	if (n > SEARCH_MAX_PLY - ply - 1)
		n = SEARCH_MAX_PLY - ply - 1;
	memcpy(&t->pv[ply][1], t->pv[ply + 1], (size_t)n * sizeof(move_t));
	t->pvlen[ply] = n + 1;
}
void search_fill_info(struct search_ctx *ctx, struct search_thread *t,
    int depth, int score, struct search_info *out);
/* A forced win's line (out->kind not SEARCH_SCORE_CP) from root, ended
 * where the search saw the lion could be taken: that capture added. */
void search_pv_finish(const struct board *root, struct search_info *out);
/* Megapawn: has the side that just moved repeated a position (RULES.md
 * "Variants": it loses, so the side to move at b has won)? */
bool search_repeated(const struct search_thread *t, const struct board *b,
    int idx);
/* Publish a completed depth's report for search_analysis: its n lines,
 * best first (one without MultiPV). */
void search_publish(struct search_ctx *ctx, const struct search_info *info);
void search_publish_lines(struct search_ctx *ctx,
    const struct search_info *line, int n);
/* The lines a search of pos reports: the multipv option (full strength
 * alphabeta only), at most the legal moves. */
int search_multipv(const struct search_ctx *ctx, int nlegal);
/* Repetition / quiet-plies / bare-lions draw at path index idx (Congo's
 * draws; megapawn has only the quiet-move draw). */
bool search_is_draw(const struct search_thread *t, const struct board *b,
    int idx);

/* ---- the learned evaluation in the search (search_nnue.c) ---- */
/* Read the networks the options ask for into ctx->nets (at option time:
 * nothing is read while searching); a problem goes to ctx->nnue_err. */
void search_nnue_options(struct search_ctx *ctx);
/* A thread's search starts at root (ply 0). */
void search_nnue_root(struct search_thread *t, const struct board *root);
/* A node at ply is entered with pos. */
static inline void
search_nnue_enter(struct search_thread *t, const struct board *pos, int ply)
{
	if (t->ctx->net != NULL) {
		t->acc_pos[ply] = pos;
		t->acc_ok[ply] = false;
	}
}
/* The network's evaluation of pos, entered at ply. */
int search_nnue_eval(struct search_thread *t, const struct board *pos,
    int ply);

/* ---- search_tb.c: the endgame tables ---- */
/* A tree node's exact score from the tables (false: not in them, or a
 * megapawn draw, which the repetition rule may change). */
bool search_tb_score(struct search_thread *t, const struct board *pos,
    int ply, int *score);
/* The root played from the tables when they know it won or lost: true
 * with the move in *out, its report given as a completed depth. */
bool search_tb_root(struct search_ctx *ctx, const struct board *pos,
    move_t *out);

/* ---- search_order.c ---- */
#define SEARCH_ORDER_RESCUE (1 << 24)   /* below: quiet moves by history */
extern const int search_piece_value[NPIECE_TYPES];
/* Value of everything the move captures, plus a promotion bonus. */
int search_capture_value(const struct board *b, move_t m);
bool search_is_tactical(const struct board *b, move_t m);
void search_score_moves(struct search_thread *t, const struct board *b,
    struct search_ply *p, int ply, move_t hash_move);
void search_score_captures(const struct board *b, struct search_ply *p);
/* Swap the best remaining move to index i and return it. */
move_t search_pick(struct search_ply *p, int i, bool lazy);
void search_update_quiet(struct search_thread *t, const struct board *b,
    int ply, int depth, move_t best, const move_t *tried, int ntried);
/* Record move m, made at ply from b, on the thread's stack. */
void search_push_move(struct search_thread *t, const struct board *b,
    int ply, move_t m);

/* ---- algorithms ---- */
/* search_alphabeta.c: the tree below the root; search_root.c: the root
 * (iterative deepening, aspiration, MultiPV, the helper threads). */
void search_alphabeta_init(void);
int search_alphabeta_node(struct search_thread *t, const struct board *pos,
    int alpha, int beta, int depth, int ply);
move_t search_alphabeta_root(struct search_ctx *ctx, const struct board *pos);
move_t search_negamax_root(struct search_ctx *ctx, const struct board *pos);
move_t search_random_root(struct search_ctx *ctx, const struct board *pos);
/* For the levels (search_level.c): set up the master thread and its root
 * moves; the full-window score of root move m searched to depth. */
void search_alphabeta_begin(struct search_ctx *ctx, const struct board *pos);
int search_alphabeta_score(struct search_thread *t, const struct board *pos,
    move_t m, int depth);
move_t search_level_root(struct search_ctx *ctx, const struct board *pos);
void search_level_limits(struct search_ctx *ctx);
int search_level_noise(int level);

/* ---- eval_position.c ---- */
extern const struct eval_params eval_default;
/* The weights of the levels (1..10): those they were calibrated with. */
extern const struct eval_params eval_classic;
void eval_init(void);
/* Apply "name=value,..." overrides; -1 with a message on error. */
int eval_tune(struct eval_params *p, const char *text, char *err,
    size_t errlen);
int eval_with(const struct eval_params *p, const struct board *b);
/* The weights by index, for the tuner: name, its place in p, and its kind
 * (1 evaluation, 2 megapawn-only evaluation, 0 a search setting). */
int eval_param_count(void);
const char *eval_param_name(int i);
int *eval_param_ref(struct eval_params *p, int i);
int eval_param_kind(int i);
int eval_position(const struct board *b);
int eval_material(const struct board *b); /* negamax: side to move, x100 */

#endif
