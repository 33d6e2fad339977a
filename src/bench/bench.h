#ifndef CONGO_BENCH_H
#define CONGO_BENCH_H

#include <stdint.h>
#include <stdio.h>

/* `congo --bench perft [depth]`: perft from the start position, leaves/s. */
int bench_perft(int argc, char **argv);
/* `congo --bench search`: fixed positions searched to a fixed depth. */
int bench_search(int argc, char **argv);
/*
 * The same search at depth, each position's line on out (NULL: none);
 * *nodes the total (the search's signature), the wall and processor
 * seconds if asked. 0, or -1 if a position would not read.
 */
int bench_search_run(int depth, FILE *out, uint64_t *nodes, double *secs,
    double *cpu);
#endif
