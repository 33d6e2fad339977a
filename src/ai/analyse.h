/*
 * analyse.h: computer analysis of a whole game (issue 24).
 *
 * The arithmetic (analyse_score.c, pure: no search, no curses): a score
 * as a win percentage, a move's mark from the mover's drop, the
 * accuracy of a move and of a side's game, all as lichess computes them.
 * The walk (analyse_game.c): every position of a game searched with the
 * search API (search.h), each move given its drop, mark and the better
 * move.
 *
 * Scales: "cp" here is lichess's centipawn, a pawn 100. The search's own
 * scale has a pawn worth its evaluation's pawn value (226 in Congo, the
 * mPawn's 300 in megapawn: analyse_pawn_value), mapped by analyse_cp.
 */
#ifndef CONGO_ANALYSE_H
#define CONGO_ANALYSE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/game.h"
#include "engine/movegen.h"

struct search_ctx;

#define ANALYSE_CP_CEILING 1000     /* win%: scores beyond count as this */
#define ANALYSE_CP_MAX 99999        /* a score is kept within this */
#define ANALYSE_CP_INITIAL 15       /* the start position, lichess's, when
                                       no search valued it */

/* 2 / (1 + exp(-0.00368208 * cp)) - 1: -1..+1, lichess's winning
 * chances of the side whose score cp is (no ceiling: its marks judge
 * the scores as they are). */
double analyse_winning_chances(int cp);
/* 50 + 50 * chances, cp clamped to the ceiling: 0..100. */
double analyse_win_percent(int cp);

enum analyse_mark {
	MARK_NONE = 0,
	MARK_INACCURACY,    /* ?!  a drop of 0.1 in chances or more, $6 */
	MARK_MISTAKE,       /* ?   0.2 or more, $2 */
	MARK_BLUNDER,       /* ??  0.3 or more, $4 */
	NMARKS
};

/* The mark of a drop of the mover's winning chances (-1..+1 scale:
 * 0.1, 0.2, 0.3 are 5, 10, 15 points of win%). */
enum analyse_mark analyse_classify(double drop);

/*
 * The mark of a move from the values of the positions before and after it,
 * both from its mover's side, as lichess's Advice judges them: cp (lichess
 * centipawns) and mate (+N: the mover takes the lion on its Nth move, -N:
 * the opponent does, 0: no forced win).
 *   No mate on either side: analyse_classify of the drop of chances.
 *   A forced win of the opponent appears (no mate before, -N after): a
 *   blunder, a mistake when the mover was already below -700, an
 *   inaccuracy below -999 (cp before).
 *   The mover's own forced win is lost (+N before; no mate or -N after):
 *   a blunder, a mistake when still above 700, an inaccuracy above 999
 *   (cp after; 0 when the opponent's forced win appeared).
 *   Otherwise (a forced win kept, or slower; one of the opponent's
 *   kept or escaped): none.
 */
enum analyse_mark analyse_judge(int cp_before, int mate_before,
    int cp_after, int mate_after);
/* Its NAG (6, 2, 4; 0 none), and back (0: MARK_NONE). */
int analyse_mark_nag(enum analyse_mark m);
enum analyse_mark analyse_mark_of_nag(int nag);
/* "?!" "?" "??" ("" none); "Inaccuracy" "Mistake" "Blunder" ("" none). */
const char *analyse_mark_symbol(enum analyse_mark m);
const char *analyse_mark_name(enum analyse_mark m);

/* A move's accuracy from the mover's win percentages before and after:
 * 100 when it did not drop, else 103.1668 * exp(-0.04354 * drop) -
 * 3.1669, plus lichess's bonus of 1 for the engine's own imprecision,
 * within 0..100. */
double analyse_move_accuracy(double before, double after);

/*
 * Each side's accuracy over a game, as lichess combines the moves': the
 * mean of their volatility-weighted mean (each move weighted by the
 * standard deviation, within 0.5..12, of the win percentages in a window
 * of max(2, min(8, nply / 10)) around it) and their harmonic mean (each
 * counted as at least 1). start_cp is White's score of the first
 * position (the searched one; ANALYSE_CP_INITIAL when there is none),
 * white_cp[i] White's score after ply i (0..nply-1); a forced win counts
 * as the ceiling. first is the side that made ply 0. out[c] is -1 for a
 * side with no move.
 */
void analyse_game_accuracy(int start_cp, const int *white_cp, int nply,
    int first, double out[2]);

/* ---- the walk (analyse_game.c) ---- */

/* The search's pawn in the variant (this program's scale). */
int analyse_pawn_value(int variant);
/* A search score (centipawns of this program, or +-(SEARCH_WIN - plies))
 * in lichess centipawns: a forced win +-ANALYSE_CP_CEILING, others
 * within +-ANALYSE_CP_MAX. */
int analyse_cp(int score, int variant);

struct analyse_limits {
	int movetime_ms;            /* per position, 0 none */
	uint64_t nodes;             /* per position, 0 none */
	int threads, hash_mb;       /* 0: 1 thread, 16 MB */
};
/* The default: ANALYSE_NODES_DEFAULT nodes a position, one thread. */
#define ANALYSE_NODES_DEFAULT 200000
void analyse_limits_default(struct analyse_limits *l);

/* One position of the game (before ply i; i == nply: the last). */
struct analyse_pos {
	int white_cp;               /* its score, White's side, lichess cp
	                               (+-ANALYSE_CP_CEILING with a mate) */
	int mate;                   /* != 0: +N White takes the lion on its
	                               Nth move, -N Black */
	bool won;                   /* the game ended here by its rules with
	                               a win (white_cp +-ceiling, mate 0) */
	move_t best;                /* the search's move, MOVE_NONE if over */
	int tb;                     /* in the tables: TB_WIN/DRAW/LOSS for
	                               the side to move, or -2 not there */
};

/* One ply: the move from position i to i + 1. */
struct analyse_ply {
	move_t played;
	move_t best;                /* the better move, MOVE_NONE if played
	                               was the search's own */
	double before, after;       /* the mover's win percentages */
	double drop;                /* before - after, 0 at least */
	double accuracy;            /* analyse_move_accuracy */
	enum analyse_mark mark;     /* analyse_judge's, none for the search's
	                               own move and for a move that won */
	enum analyse_mark judged;   /* analyse_judge's, whoever chose it */
};

struct analyse_result {
	int nply;
	int first;                  /* the side of ply 0 */
	struct analyse_pos *pos;    /* nply + 1 */
	struct analyse_ply *ply;    /* nply */
	double accuracy[2];         /* analyse_game_accuracy, -1 none */
	int count[2][NMARKS];       /* marks of each side */
};

void analyse_result_free(struct analyse_result *r);

/* Called after each position searched: done of total; may be NULL. */
typedef void (*analyse_progress_fn)(int done, int total, void *user);

/*
 * Analyse every position of g with the search context ctx (its options as
 * set; one thread keeps the marks the same run after run at a node
 * limit), then give each ply its mark. cancel (may be NULL), set from
 * another thread with search_stop(ctx), ends it early: -1, out freed.
 * 0 with out filled otherwise (the caller frees it).
 */
int analyse_game(struct search_ctx *ctx, const struct game *g,
    const struct analyse_limits *lim, analyse_progress_fn progress,
    void *user, atomic_bool *cancel, struct analyse_result *out);

/* The marks and accuracy from the positions' scores (out->pos filled,
 * out->ply[].played set): what analyse_game does after its searches;
 * for tests and for a record's evals. */
void analyse_score_plies(struct analyse_result *out);

#endif
