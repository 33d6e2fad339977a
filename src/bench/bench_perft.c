/*
 * bench_perft.c: `congo --bench perft [N]`: perft N (default 6) from the
 * start position, with leaves per second. The last ply is counted in bulk.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench/bench.h"
#include "engine/fen.h"
#include "engine/movegen.h"

int
bench_perft(int argc, char **argv)
{
	struct board b;
	struct timespec t0, t1;
	long depth = 6;
	uint64_t n;
	double secs;

	if (argc > 1) {
		char *end;
		depth = strtol(argv[1], &end, 10);
		if (*end != '\0' || depth < 1 || depth > 12) {
			fprintf(stderr, "congo: perft depth must be 1..12\n");
			return 2;
		}
	}
	fen_read(&b, FEN_START, NULL, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	n = perft(&b, (int)depth);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("perft %ld: %llu leaves in %.3f s, %.1f M leaves/s\n", depth,
	    (unsigned long long)n, secs, secs > 0 ? (double)n / secs / 1e6 : 0.0);
	return 0;
}
