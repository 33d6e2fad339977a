/*
 * search.h: the AI. Three algorithms behind one interface:
 *
 *   alphabeta  the strong one (the default): iterative deepening, PVS,
 *              aspiration windows, transposition table, move ordering,
 *              quiescence, null move, LMR, lazy SMP, a tuned evaluation.
 *   negamax    the fixed baseline of earlier Congo programs: alpha-beta to
 *              a fixed depth (default 5), material only, a TT, nothing else.
 *   random     a uniformly random legal move (seedable).
 *
 * Use: create a context once (it owns the transposition table; nothing is
 * allocated while searching), then call search_best_move from any one
 * thread at a time. search_stop may be called from any other thread: the
 * search then returns the best move found so far within a few milliseconds.
 * No curses, no sockets.
 */
#ifndef CONGO_SEARCH_H
#define CONGO_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/game.h"
#include "ai/search_limits.h"
#include "engine/movegen.h"

#define SEARCH_MAX_PLY 128
#define SEARCH_PV_MAX 32
#define SEARCH_NEGAMAX_DEPTH 5     /* negamax's default fixed depth */
#define SEARCH_MULTIPV_MAX 5       /* most lines of a MultiPV search */

/* Scores: centipawns; a lion capture p plies ahead is +-(SEARCH_WIN - p). */
#define SEARCH_WIN 32000
#define SEARCH_WIN_MIN (SEARCH_WIN - 1000)

enum search_algorithm {
	SEARCH_ALPHABETA = 0,
	SEARCH_NEGAMAX,
	SEARCH_RANDOM,
	SEARCH_NALGORITHMS
};

/*
 * The algorithm registry: one table (search_ctx.c) of name, description,
 * the limits it obeys and the root function that plays it; config, the
 * game, the engine and the match runner all ask it. The names, in enum
 * order, are also a list (SEARCH_ALGORITHM_NAMES, search_limits.h) for
 * modules that check a name without linking the AI (config's choices).
 */
struct search_algorithm_desc {
	const char *name;          /* "alphabeta" */
	const char *description;   /* one line */
	int default_depth;         /* the depth it plays without one, 0 none */
	bool uses_time;            /* obeys movetime and clocks */
	bool uses_depth;           /* obeys a depth */
};
/* The entry of a, or NULL when a is out of range. */
const struct search_algorithm_desc *search_algorithm_desc(
    enum search_algorithm a);
/* "alphabeta, negamax or random", for messages. */
const char *search_algorithm_choices(void);

/*
 * Limits, any combination; the first reached ends the search. All zero
 * (and not infinite) means: search until search_stop or the maximum depth.
 * negamax always completes its fixed depth (limits.depth, default 5) and
 * ignores movetime and nodes; it does obey search_stop.
 */
struct search_limits {
	int depth;            /* 0: no cap (negamax: its default depth) */
	int movetime_ms;      /* 0: no time limit */
	uint64_t nodes;       /* 0: no node limit */
	bool infinite;        /* ignore movetime and nodes: run until stopped */
	/* A game clock (alphabeta): with time_left_ms > 0 and no movetime,
	 * the search budgets its own time (search_time_budget) and spends
	 * more of it when the best move keeps changing. */
	int64_t time_left_ms; /* the mover's remaining time */
	int64_t inc_ms;       /* its increment */
	int movestogo;        /* moves to the next time control, 0: none */
	/* A move to play in a game (a match, the engine's `go`, the AI's
	 * move on the board): the root may then prefer another move to one
	 * taking back the mover's last (ev.undo). false for an analysis,
	 * advice, training data and proofs, whose moves and scores are the
	 * position's own. */
	bool play;
};

/*
 * The time for one move on a clock: soft_ms is the target (no new depth
 * is started after it, stretched up to 2x when the best move is
 * unstable), hard_ms the most it may ever take. nlegal, the legal move
 * count, shortens the budget of nearly forced moves (1: move at once),
 * ply (plies played so far) spends a little more in the middlegame. Never
 * more than about a third of what is left, and a safety reserve for the
 * process and the pipes. For the game's clocks too.
 */
struct search_budget {
	int soft_ms;
	int hard_ms;
};
void search_time_budget(int64_t left_ms, int64_t inc_ms, int movestogo,
    int nlegal, int ply, struct search_budget *out);

struct search_options {
	enum search_algorithm algorithm;
	int hash_mb;          /* transposition table size, 1..4096 MB */
	int threads;          /* 1..SEARCH_MAX_THREADS (lazy SMP for alphabeta) */
	uint64_t seed;        /* random's generator */
	char tune[96];        /* evaluation overrides for tuning, "" normally */
	int level;            /* alphabeta: 1..SEARCH_LEVELS, 0 full strength */
	/* Full strength alphabeta: report the best multipv lines (1 ..
	 * SEARCH_MULTIPV_MAX, each with a different first move, best first)
	 * after every depth; 1 (or 0) is the usual single line. The
	 * search plays the first line's move either way. */
	int multipv;
	/* Full strength alphabeta: evaluate with a learned network
	 * (nn/nnue.h) instead of the hand-made evaluation: eval_file's, or
	 * with eval_file "" the installed one of the position's variant. A
	 * network that is missing, damaged or for another variant is said
	 * (search_nnue_error) and the hand-made evaluation used. The levels
	 * never use it, nor a search given evaluation weights (tune)
	 * without an eval_file. On by default: a variant with an installed network
	 * plays with it (Megapawn's), one without by hand (Congo's). */
	bool use_nnue;
	char eval_file[256];
};

/*
 * Levels for people: 1 (Beginner) .. 10 (Master) see less (a depth and
 * node cap, an evaluation blurred by noise, never more than about a
 * second a move) and draw their move among the better ones; 0 is full
 * strength. search_level_name gives the level's name ("Beginner", ...,
 * "Master"; "Full strength" for 0), in English as records and settings
 * keep it: marked for translation (N_), a person is shown _() of it.
 */
const char *search_level_name(int level);

enum search_score_kind {
	SEARCH_SCORE_CP = 0,  /* score is centipawns for the side to move */
	SEARCH_SCORE_WIN,     /* the side to move takes the lion on its score-th move */
	SEARCH_SCORE_LOSS     /* the opponent takes the lion on its score-th move */
};

/*
 * Progress, passed to the callback after every completed depth; with
 * multipv N > 1, once for each line, best first (multipv 1 .. nlines).
 */
struct search_info {
	int multipv;          /* this line's rank, 1 the best (0: not set) */
	int nlines;           /* lines reported for this depth (0: not set) */
	int depth;
	int seldepth;
	enum search_score_kind kind;
	int score;            /* see kind */
	int raw_score;        /* the internal score (centipawns or +-WIN-ply) */
	uint64_t nodes;       /* all threads */
	uint64_t nps;
	int time_ms;
	int npv;
	move_t pv[SEARCH_PV_MAX];
	bool tablebase;       /* the root's value is the endgame tables' */
	bool lowerbound;      /* MultiPV: a later line found as good as the
	                       * first or better; score is the first's */
};

/* Called from the searching thread; must not call back into the search. */
typedef void (*search_info_fn)(const struct search_info *info, void *user);

struct search_ctx;

/* alphabeta, 16 MB, 1 thread, seed 1. */
void search_options_default(struct search_options *o);
void search_limits_default(struct search_limits *l);

/* A new context; NULL only when o->tune is not valid (see eval_tune).
 * Out of memory is fatal (util.h), as everywhere. */
struct search_ctx *search_new(const struct search_options *o);
void search_free(struct search_ctx *ctx);
/* Change the options (not while searching). -1 when o->tune is not valid;
 * the context keeps its old options then. Reseeds random. */
int search_set_options(struct search_ctx *ctx, const struct search_options *o);
const struct search_options *search_get_options(const struct search_ctx *ctx);
/* Forget what earlier searches learnt (a new game). */
void search_clear(struct search_ctx *ctx);

/*
 * The best move in pos, the position after history[0..nhistory-1] (the
 * earlier positions of the game, oldest first, for repetitions; may be
 * NULL/0). rules may be NULL (the defaults). info may be NULL.
 * Returns MOVE_NONE when the game is already over by rules (lion taken,
 * no move, bare lions, repetition, quiet plies); otherwise always a legal
 * move, even when stopped at once.
 */
move_t search_best_move(struct search_ctx *ctx, const struct board *pos,
    const struct board *history, int nhistory, const struct game_rules *rules,
    const struct search_limits *limits, search_info_fn info, void *user);

/*
 * Ask the running search to return now (thread-safe, any thread). Ignored
 * when no search runs, so a late stop does not spoil the next search; a
 * controller that hands the search to a worker thread calls
 * search_prepare first, in its own thread, so that a stop sent before the
 * worker has really started is not lost either (the search then returns a
 * legal move at once).
 */
void search_stop(struct search_ctx *ctx);
void search_prepare(struct search_ctx *ctx);
/*
 * Analysis for a UI that polls (any thread, while search_best_move runs in
 * another, e.g. with limits.infinite until search_stop): the report of the
 * latest completed depth (best line, depth, nodes, nps), its score from
 * White's side in centipawns (a lion capture as +-(SEARCH_WIN - plies)),
 * and whether the search still runs. False while no depth is complete.
 * With multipv, line[0..nlines-1] are that depth's lines, best first
 * (line[0] is info), and white_scores their scores from White's side.
 */
struct search_analysis {
	struct search_info info;
	int white_score;
	bool running;
	int nlines;
	struct search_info line[SEARCH_MULTIPV_MAX];
	int white_scores[SEARCH_MULTIPV_MAX];
};
bool search_analysis(struct search_ctx *ctx, struct search_analysis *out);

/* The learned evaluation (options use_nnue, eval_file): why the network
 * asked for is not used ("" when it is, or none was asked for), and
 * whether a search of the variant would evaluate with a network. */
const char *search_nnue_error(const struct search_ctx *ctx);
bool search_nnue_active(const struct search_ctx *ctx, int variant);
/* The variant eval_file's network is for (the others keep their
 * installed one), -1 when none is read. */
int search_nnue_file_variant(const struct search_ctx *ctx);

/* The last search's final report (depth, score, nodes, pv ...). */
void search_last_info(const struct search_ctx *ctx, struct search_info *out);

/* "alphabeta" "negamax" "random" (the registry's names). */
const char *search_algorithm_name(enum search_algorithm a);
/* 0, or -1 if the name is unknown (case-insensitive). */
int search_algorithm_parse(const char *name, enum search_algorithm *out);

/* "cp 35", "win 3", "loss 2" */
void search_score_text(const struct search_info *info, char *buf, size_t n);

/*
 * A player for --match and the command line:
 *   ALGORITHM[:KEY=VALUE[,KEY=VALUE]...]
 * keys: depth, movetime (ms), nodes, hash (MB), threads, seed.
 * e.g. "alphabeta:movetime=100,depth=8", "negamax:depth=4", "random:seed=7".
 * alphabeta without depth, movetime or nodes gets movetime=1000.
 */
struct search_player {
	char text[128];       /* the spec as given (names the player) */
	struct search_options options;
	struct search_limits limits;
};
int search_player_parse(const char *text, struct search_player *out,
    char *err, size_t errlen);

#endif
