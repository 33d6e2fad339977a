/*
 * match.h: the match runner, headless games between two players: its
 * configuration and results, the games and workers (match_play.c), engine
 * programs on pipes (match_engine.c), the openings (match_book.c), Elo and
 * SPRT (match_stats.c). `congo --match` reads its options and prints the
 * report in src/cli/cli_match.c.
 */
#ifndef CONGO_MATCH_H
#define CONGO_MATCH_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "ai/search.h"
#include "engine/game.h"

#define MATCH_MAX_OPTIONS 16
#define MATCH_PHASES 3           /* opening, middlegame, endgame */

/* One side of the match: an AI in this process or an engine program. */
struct match_player {
	char name[160];                   /* in reports and records */
	bool external;
	struct search_player sp;          /* in-process (!external) */
	const char *path;                 /* engine program (external) */
	const char *option[MATCH_MAX_OPTIONS];   /* "Name=Value" */
	int noptions;
};

/* How long each move may take, for every player alike. */
enum match_tc {
	MATCH_TC_PLAYER = 0,   /* in-process players' own limits only */
	MATCH_TC_MOVETIME,
	MATCH_TC_NODES,
	MATCH_TC_DEPTH,
	MATCH_TC_CLOCK         /* base + increment, clocks kept by the runner */
};

struct match_book;

struct match_config {
	struct match_player player[2];    /* [0] A, [1] B */
	int games;
	int first_game;                   /* 0-based number of game 1 (even) */
	int concurrency;
	uint64_t seed;
	int opening_plies;                /* > 0: random openings, not the book */
	const struct match_book *book;    /* --book FILE, else NULL */
	int max_plies;                    /* after the opening; then a draw */
	struct game_rules rules;
	int variant;                      /* enum variant, --variant */
	const char *pgn;
	bool quiet;
	enum match_tc tc;
	int64_t movetime_ms, nodes, depth;
	int64_t base_ms, inc_ms;
	int64_t margin_ms;                /* extra wait beyond the time limit */
	bool adjudicate;                  /* end settled games by the scores */
	bool sprt;
	double elo0, elo1, alpha, beta;
};

/* The number a game of this run has in the whole match, from 1:
 * --first-game 79 makes game index 0 game 79 (opening 40, A White). */
#define MATCH_GAME_NO(m, i) ((m)->cfg.first_game + (i) + 1)

/* One finished game: score for player A, 1 / 0.5 / 0. */
struct match_game {
	bool done;
	bool a_white;
	double a_score;
	int plies;
	int opening_plies;
	bool adjudicated;
	bool time_loss;
	char error[400];                  /* an illegal move, when one came */
	struct game g;
};

struct match {
	struct match_config cfg;
	struct match_game *game;          /* cfg.games entries */
	pthread_mutex_t lock;             /* next, counts, printing */
	int next;                         /* next game to start */
	int finished;
	int win, draw, loss;              /* for player A */
	int white_win, white_draw, white_loss;   /* A with White */
	int errors;
	int time_losses[2];               /* by player */
	int sprt_result;                  /* 0 running, 1 H1, -1 H0 */
	/* time per move by phase and player, milliseconds */
	double phase_ms[2][MATCH_PHASES];
	int phase_moves[2][MATCH_PHASES];
	uint64_t start_ns;
};

/* Set by SIGINT/SIGTERM or an SPRT decision: workers stop after the move
 * in progress. Lock-free, so the signal handler may store it. */
extern atomic_int match_stop;

/* Play every game with cfg.concurrency workers; 0, or -1 if a worker could
 * not be set up (message printed). */
int match_run(struct match *m);

/* The SPRT's log-likelihood ratio of the games so far: pentanomial over
 * the pairs both played when the match has pairs, else trinomial. */
double match_sprt_llr_now(const struct match *m);

/* ---- openings (match_book.c) ---- */
int match_book_size(void);
/* Start g (game_init) and play opening k (modulo the book) in it; -1 with
 * a message, g freed, if a book line is not legal (a broken book). */
int match_book_play(int k, const struct game_rules *rules, struct game *g,
    char *err, size_t errlen);
/* `--make-book N`: print N balanced openings of plies plies. */
int match_book_make(int n, int plies, uint64_t seed, int depth);

/* ---- a book from a file (match_book_file.c) ---- */
struct match_book {
	char **line;                      /* the moves of each opening */
	int n, cap;
};
/* Read the book at path for a match of variant: every line played through
 * the rules; -1 with err "PATH:LINE: what is wrong" (or "PATH: ...") and
 * nothing kept. */
int match_book_load(const char *path, int variant,
    const struct game_rules *rules, struct match_book *bk, char *err,
    size_t errlen);
void match_book_free(struct match_book *bk);
/* Start g at the variant's start and play the opening line (moves in the
 * engine's notation; '#' begins a comment); -1 with err, g freed. */
int match_book_line_play(const char *line, int variant,
    const struct game_rules *rules, struct game *g, char *err,
    size_t errlen);

/* ---- making a decisive book (match_book_make.c, `congo --make-book`) */
struct book_make_options {
	int count;          /* openings wanted */
	int variant;
	int plies;          /* random plies from the start */
	int depth;          /* each candidate searched to this depth, */
	int64_t nodes;      /* or this many nodes when > 0 */
	int lo, hi;         /* kept when lo <= |White's score| <= hi */
	uint64_t seed;
	int max_tries;      /* candidates drawn at most (0: 200 x count) */
	bool progress;      /* a line on stderr now and then */
};
void book_make_options_default(struct book_make_options *o);
/* Write the book to out: a comment header (the command that makes it),
 * then one opening a line with White's score as a comment. 0 when count
 * openings were found, -1 (message on stderr) when not. */
int book_make_run(const struct book_make_options *o, const char *command,
    FILE *out);
/* Search every line of bk again as book_make_run did and report those
 * outside the window on out; the number of them. */
int book_make_verify(const struct book_make_options *o,
    const struct match_book *bk, FILE *out);

/* ---- engine programs (match_engine.c) ---- */
struct match_engine {
	pid_t pid;
	int to_fd, from_fd;
	char path[128];
	char buf[8192];
	size_t len;
};
int match_engine_start(struct match_engine *e, const char *path, char *err,
    size_t errlen);
int match_engine_send(struct match_engine *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int match_engine_read(struct match_engine *e, char *line, size_t n,
    int64_t deadline_ms);
int match_engine_expect(struct match_engine *e, const char *want, char *line,
    size_t n, int64_t deadline_ms, char *err, size_t errlen);
void match_engine_stop(struct match_engine *e);

/* ---- statistics (match_stats.c) ---- */
/* The score p in 0..1 as an Elo difference. */
double match_elo(double p);
/* Elo difference of W/D/L and the half-width of its 95% interval; false
 * when it is infinite (every game won or lost). */
bool match_elo_interval(int w, int d, int l, double *elo, double *err);
/* The same from game pairs (same opening, colours swapped): pairs[k] is
 * how many pairs scored k/4 for A (0, 1/4, ... 1), k = 0..4. */
bool match_elo_pairs(const int pairs[5], double *elo, double *err);
/* Log-likelihood ratio of H1 (elo1) against H0 (elo0) for W/D/L (normal
 * approximation of the trinomial), and the bounds of alpha/beta. */
double match_sprt_llr(int w, int d, int l, double elo0, double elo1);
/* The same from game pairs (pentanomial: pairs[k] scored k/2 points of
 * 2), the model the runner's SPRT uses: the two games of a pair share an
 * opening and are not independent. */
double match_sprt_llr_pairs(const int pairs[5], double elo0, double elo1);
/* The normalized Elo of the pairs (the score's distance from 1/2 in a
 * game's standard deviations, times 800 / ln 10, as fastchess reports
 * it) with the half-width of its 95% interval, and the likelihood of
 * superiority (the probability that A is the stronger, 0..1); false when
 * there is no pair or no variance. */
bool match_pairs_normalized(const int pairs[5], double *nelo, double *err,
    double *los);
/* Count the game pairs of m (games 2k and 2k+1, one opening, colours
 * swapped) that are both done by A's points, 0..4 halves; their number. */
int match_pairs(const struct match *m, int pairs[5]);
void match_sprt_bounds(double alpha, double beta, double *lo, double *hi);
/* Shuffling: of the moves each player made after the openings (by
 * player, [0] A), those it undid with its next move (the same piece
 * back from where it went to where it came from, two plies later). */
void match_undone(const struct match *m, int undone[2], int moves[2]);

/*
 * Texel's method over games (tune_run.c; `congo --tune FILE...`): the
 * evaluation's weights that best predict the games' results, printed as a
 * tune string and a table. tune_run returns the exit status (0, 1 a file
 * or no positions, 2 a bad --only).
 */
#define TUNE_THREADS_MAX 16
struct tune_options {
	int passes;           /* at most this many passes (20) */
	int min_ply;          /* each game's first plies skipped (10) */
	int threads;          /* computing the error (2) */
	int variant;          /* the games' variant (congo) */
	double k;             /* the sigmoid's scale, 0: fitted */
	const char *only;     /* tune only these weights, comma-separated */
};
void tune_options_default(struct tune_options *o);
/* Every name of a --only list is a weight the tuner changes: 0, or -1
 * after a message naming the one that is not. */
int tune_check_only(const char *only);
int tune_run(const struct tune_options *o, int nfiles, char **files);

#endif
