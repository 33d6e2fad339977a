/*
 * test_ai_util.h: helpers for the AI's cmocka tests: positions from FEN,
 * move text, searches with simple limits, random play, and a small
 * brute-force solver (full width, no pruning beyond "first win found")
 * that checks what the search claims about forced lion captures.
 */
#ifndef CONGO_TEST_AI_UTIL_H
#define CONGO_TEST_AI_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "ai/search.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "util/util.h"
#include "test_util.h"

/* A FEN that must be valid (test_util.h's tu_setup). */
#define ta_setup(b, fen) tu_setup((b), (fen))

static inline const char *
ta_text(move_t m)
{
	static char buf[4][MOVE_TEXT_MAX];
	static int i;

	i = (i + 1) & 3;
	if (m == MOVE_NONE)
		strcpy(buf[i], "none");
	else
		notation_write(m, buf[i], sizeof buf[i]);
	return buf[i];
}

static inline struct search_ctx *
ta_ctx(enum search_algorithm a, int threads, uint64_t seed)
{
	struct search_options o;
	struct search_ctx *ctx;

	search_options_default(&o);
	o.algorithm = a;
	o.threads = threads;
	o.seed = seed;
	o.hash_mb = 8;
	ctx = search_new(&o);
	assert_non_null(ctx);
	return ctx;
}

/* Search b (no history, default rules) with the given limits. */
static inline move_t
ta_search(struct search_ctx *ctx, const struct board *b, int depth,
    int movetime_ms, uint64_t nodes)
{
	struct search_limits l;

	search_limits_default(&l);
	l.depth = depth;
	l.movetime_ms = movetime_ms;
	l.nodes = nodes;
	return search_best_move(ctx, b, NULL, 0, NULL, &l, NULL, NULL);
}

/* A search of b without limits (`go infinite`): until search_stop. */
static inline move_t
ta_search_infinite(struct search_ctx *ctx, const struct board *b)
{
	struct search_limits l;

	search_limits_default(&l);
	l.infinite = true;
	return search_best_move(ctx, b, NULL, 0, NULL, &l, NULL, NULL);
}

static inline double
ta_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/*
 * Can the side to move take the enemy lion on or before its n-th move,
 * whatever the opponent does? Full width; the opponent's moves that leave
 * its lion en prise are answered at once by the capture. Draw rules are
 * ignored (the positions used have no draw in reach).
 */
static inline bool
ta_win_within(const struct board *b, int n)
{
	struct movelist *ml, *ml2;
	bool found = false;
	int i, j;

	if (b->pieces[b->side][LION] == 0)
		return false;
	if (movegen_attacks_lion(b, b->side))
		return true;
	if (n <= 1)
		return false;
	ml = malloc(sizeof *ml);
	ml2 = malloc(sizeof *ml2);
	assert_non_null(ml);
	assert_non_null(ml2);
	movegen_legal(b, ml);
	for (i = 0; i < ml->n && !found; i++) {
		struct board c = *b;
		bool all = true;

		board_make(&c, ml->moves[i], NULL);
		movegen_legal(&c, ml2);
		if (ml2->n == 0) {
			found = true;   /* the opponent has no move: lost */
			break;
		}
		if (movegen_attacks_lion(&c, c.side))
			continue;
		for (j = 0; j < ml2->n && all; j++) {
			struct board d = c;

			board_make(&d, ml2->moves[j], NULL);
			all = ta_win_within(&d, n - 1);
		}
		found = all;
	}
	free(ml);
	free(ml2);
	return found;
}

/* After m, does every reply leave a win within n - 1 more moves? */
static inline bool
ta_move_wins_within(const struct board *b, move_t m, int n)
{
	struct board c = *b;
	struct movelist *ml = malloc(sizeof *ml);
	bool all = true;
	int j;

	assert_non_null(ml);
	board_make(&c, m, NULL);
	if (c.pieces[c.side][LION] == 0) {
		free(ml);
		return true;
	}
	movegen_legal(&c, ml);
	for (j = 0; j < ml->n && all; j++) {
		struct board d = c;

		board_make(&d, ml->moves[j], NULL);
		all = ta_win_within(&d, n - 1);
	}
	free(ml);
	return all;
}

#endif
