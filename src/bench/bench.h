#ifndef CONGO_BENCH_H
#define CONGO_BENCH_H
/* `congo --bench perft [depth]`: perft from the start position, leaves/s. */
int bench_perft(int argc, char **argv);
/* `congo --bench search`: fixed positions searched to a fixed depth. */
int bench_search(int argc, char **argv);
#endif
