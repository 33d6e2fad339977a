/*
 * search_limits.h: the AI's limits and names that modules check without
 * linking the AI (config's ranges and choices): constants only, no types
 * of the search, nothing of engine/. search.h includes it.
 */
#ifndef CONGO_AI_SEARCH_LIMITS_H
#define CONGO_AI_SEARCH_LIMITS_H

#define SEARCH_MAX_DEPTH 64
#define SEARCH_MAX_THREADS 64

/* The transposition table's size in MiB: the default and its range. */
#define SEARCH_HASH_MB_DEFAULT 16
#define SEARCH_HASH_MB_MIN 1
#define SEARCH_HASH_MB_MAX 4096

/* alphabeta's levels for people: 1..SEARCH_LEVELS, 0 full strength. */
#define SEARCH_LEVELS 10

/* The algorithms' names in enum search_algorithm's order. */
#define SEARCH_NAME_ALPHABETA "alphabeta"
#define SEARCH_NAME_NEGAMAX "negamax"
#define SEARCH_NAME_RANDOM "random"
#define SEARCH_ALGORITHM_NAMES SEARCH_NAME_ALPHABETA, SEARCH_NAME_NEGAMAX, \
	SEARCH_NAME_RANDOM

#endif
