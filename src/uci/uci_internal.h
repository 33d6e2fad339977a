/*
 * uci_internal.h: the search side of `congo --engine` (uci_search.c), used
 * by the command loop in uci_main.c. The search runs in its own thread so
 * that `stop` and `isready` are read while it thinks; every line written
 * to the output holds out_lock.
 */
#ifndef CONGO_UCI_INTERNAL_H
#define CONGO_UCI_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "engine/game.h"

struct uci_search;

struct uci_search *uci_search_new(FILE *out, pthread_mutex_t *out_lock);
void uci_search_free(struct uci_search *s);
/* The `option name ...` lines of the `uci` answer. */
void uci_search_print_options(struct uci_search *s);
/* `setoption name N value V` (args after "setoption"). */
void uci_search_setoption(struct uci_search *s, char *args);
/* `go ...` other than perft: start searching g's current position. */
void uci_search_go(struct uci_search *s, const struct game *g, char *args);
/* `ucinewgame`: forget what earlier searches learnt. */
void uci_search_newgame(struct uci_search *s);
bool uci_search_busy(struct uci_search *s);
/* Stop the search (if any), wait for its `bestmove` line. */
void uci_search_stop(struct uci_search *s);
/* End of input: let a limited search finish, stop an infinite one. */
void uci_search_wait(struct uci_search *s);

#endif
