/*
 * bench_search.c: `congo --bench search [DEPTH]`: alphabeta, one thread,
 * a cleared 16 MB table, searches fixed positions to a fixed depth and
 * prints the nodes of each and in total (the same numbers on every run and
 * machine) and the nodes per second, by the wall clock and by the
 * processor time the search used (the fairer figure on a busy machine).
 *
 * The total is the search's signature, as Stockfish's bench: the same
 * positions at the same depth give the same count on every machine, and
 * tests/test_bench (BENCH_SIGNATURE there) fails when it changes, so a
 * change of the search that was not meant to change it is caught.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/search.h"
#include "bench/bench.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "util/util.h"

#define BENCH_DEPTH 10

/* The start, middle games from self-play, and endings. */
static const char *const positions[] = {
	FEN_START,
	"1melecz/ppp2p1/g2ppp1/7/1P1P1P1/PP1PZP1/GMELEC1 w 8 5",
	"1mele2/ppp1zpc/g2ppp1/1G5/1P1P1P1/PPLPZPC/1ME1E2 w 16 9",
	"3ee2/mpplzpc/gp1ppp1/7/PPGPPP1/1PLPZ1C/1M1EE2 w 24 13",
	"2e1e2/1m1l1pc/1pzppp1/7/2PPPP1/1MLPZ1C/E2E3 w 6 23",
	"gmele2/pppz1pc/3p1p1/7/1PPP1CP/PP1L3/GME1E1Z w 7 9",
	"3e3/pml2pc/pz2ge1/3p3/PPG4/1PMLZ1C/4EE1 w 0 23",
	"gmelec1/pp1zp2/1p1pp2/7/1PPP1CP/PP1L3/GME1E1Z w 7 9",
	"1me4/2lzpc1/pp1pe2/6C/1P1E2P/PP1LZ2/1M2E2 w 1 17",
	"2e4/1mlzpc1/pp1pe2/7/PP1E1CP/P1M1Z2/3LE2 w 13 23",
	"4l2/7/4g2/7/2e4/1M5/3L3 w 0 1",
	"2E4/3zl2/3E3/7/3L3/7/1C3e1 w 0 1",
};

static double
now_s(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
bench_search_run(int depth, FILE *out, uint64_t *nodes, double *secs_out,
    double *cpu_out)
{
	struct search_options o;
	struct search_limits l;
	struct search_ctx *ctx;
	uint64_t total = 0;
	double t0, c0, secs = 0, cpu = 0;
	size_t i;

	search_options_default(&o);
	o.hash_mb = 16;
	o.threads = 1;
	ctx = search_new(&o);   /* no weights: cannot fail */
	search_limits_default(&l);
	l.depth = depth;
	l.play = true;          /* the search as it plays (its contempt) */
	for (i = 0; i < sizeof positions / sizeof positions[0]; i++) {
		struct search_info info;
		struct board b;
		char err[128], text[MOVE_TEXT_MAX], score[32];
		move_t m;

		if (fen_read(&b, positions[i], err, sizeof err) != 0) {
			fprintf(stderr, "%s: bench position %zu: %s\n",
			    util_progname(), i + 1, err);
			search_free(ctx);
			return -1;
		}
		search_clear(ctx);
		t0 = now_s(CLOCK_MONOTONIC);
		c0 = now_s(CLOCK_THREAD_CPUTIME_ID);
		m = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
		secs += now_s(CLOCK_MONOTONIC) - t0;
		cpu += now_s(CLOCK_THREAD_CPUTIME_ID) - c0;
		search_last_info(ctx, &info);
		total += info.nodes;
		if (m == MOVE_NONE)
			strcpy(text, "none");
		else
			notation_write(m, text, sizeof text);
		search_score_text(&info, score, sizeof score);
		if (out != NULL)
			fprintf(out, "%2zu  %-56s %-8s %-9s %9llu nodes\n",
			    i + 1, positions[i], text, score,
			    (unsigned long long)info.nodes);
	}
	search_free(ctx);
	*nodes = total;
	if (secs_out != NULL)
		*secs_out = secs;
	if (cpu_out != NULL)
		*cpu_out = cpu;
	return 0;
}

int
bench_search(int argc, char **argv)
{
	uint64_t total;
	double secs, cpu;
	int depth = BENCH_DEPTH;

	if (argc > 1) {
		if (parse_int(argv[1], 1, SEARCH_MAX_DEPTH, &depth, NULL,
		    0) != 0) {
			fprintf(stderr, "congo: --bench search: the depth must "
			    "be 1..%d, not '%s'\n", SEARCH_MAX_DEPTH, argv[1]);
			return 2;
		}
	}
	if (bench_search_run(depth, stdout, &total, &secs, &cpu) != 0)
		return 1;
	printf("\nDepth %d, %zu positions, 1 thread\n", depth,
	    sizeof positions / sizeof positions[0]);
	printf("Total nodes: %llu\n", (unsigned long long)total);
	printf("Time: %.3f s (%.3f s of processor time)\n", secs, cpu);
	printf("Nodes/s: %.0f\n", secs > 0 ? (double)total / secs : 0.0);
	/* on a busy machine the wall clock also counts other programs */
	printf("Nodes per processor second: %.0f\n",
	    cpu > 0 ? (double)total / cpu : 0.0);
	return 0;
}
