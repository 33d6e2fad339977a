/*
 * bench_perft.c: `congo --bench perft [N] [--variant V]`: perft N (default
 * 6) from the start position of the variant (default congo), with leaves
 * per second. The last ply is counted in bulk.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/bench.h"
#include "util/util.h"
#include "engine/fen.h"
#include "engine/movegen.h"

int
bench_perft(int argc, char **argv)
{
	struct board b;
	struct timespec t0, t1;
	long depth = 6;
	int variant = VARIANT_CONGO;
	uint64_t n;
	double secs;
	const char *fen;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--variant") == 0) {
			if (i + 1 >= argc ||
			    (variant = variant_parse(argv[i + 1])) < 0) {
				fprintf(stderr, "congo: --variant needs congo or "
				    "megapawn\n");
				return 2;
			}
			i++;
			continue;
		}
		if (parse_long(argv[i], 1, 12, &depth, NULL, 0) != 0) {
			fprintf(stderr, "congo: perft depth must be 1..12\n");
			return 2;
		}
	}
	fen = variant_start_fen(variant);
	fen_read_variant(&b, variant, fen, strlen(fen), NULL, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	n = perft(&b, (int)depth);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("%s%sperft %ld: %llu leaves in %.3f s, %.1f M leaves/s\n",
	    variant == VARIANT_CONGO ? "" : variant_name(variant),
	    variant == VARIANT_CONGO ? "" : " ", depth,
	    (unsigned long long)n, secs, secs > 0 ? (double)n / secs / 1e6 : 0.0);
	return 0;
}
