/*
 * match_internal.h: the parts of `congo --match` (match_main.c options and
 * report, match_play.c games and workers, match_stats.c Elo).
 */
#ifndef CONGO_MATCH_INTERNAL_H
#define CONGO_MATCH_INTERNAL_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ai/search.h"
#include "engine/game.h"

struct match_config {
	struct search_player player[2];   /* [0] --white (A), [1] --black (B) */
	int games;
	int concurrency;
	uint64_t seed;
	int opening_plies;
	int max_plies;                    /* after the opening; then a draw */
	struct game_rules rules;
	int variant;                      /* enum variant, --variant */
	const char *pgn;
	bool quiet;
};

/* One finished game: score for player A, 1 / 0.5 / 0. */
struct match_game {
	bool done;
	bool a_white;
	double a_score;
	int plies;
	bool adjudicated;
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
	uint64_t start_ns;
};

extern volatile sig_atomic_t match_interrupted;

/* Play every game with cfg.concurrency workers; 0, or -1 if a worker could
 * not be set up (message printed). */
int match_run(struct match *m);

/* The score p in 0..1 as an Elo difference. */
double match_elo(double p);
/* Elo difference of W/D/L and the half-width of its 95% interval; false
 * when it is infinite (every game won or lost). */
bool match_elo_interval(int w, int d, int l, double *elo, double *err);

#endif
