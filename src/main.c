/*
 * main.c: `congo` dispatches to its modes; each mode parses its own options.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "main.h"
#include "ai/match.h"
#include "bench/bench.h"
#include "uci/uci.h"
#include "ui/ui.h"
#include "util/util.h"

void
congo_usage(FILE *out)
{
	ui_usage(out);
	fputs(
	    "\n"
	    "Other modes:\n"
	    "  congo --engine             UCI-style commands on stdin/stdout (uci,\n"
	    "                             position, moves, fen, result, d, go, stop)\n"
	    "  congo --match OPTION...    AI against AI without a screen (see congo(6))\n"
	    "  congo --bench perft [N]    perft N (default 6) from the start, leaves/s\n"
	    "  congo --bench search       fixed positions to a fixed depth, nodes/s\n"
	    "  congo --version            show the version and exit\n",
	    out);
}

int
main(int argc, char **argv)
{
	util_set_progname("congo");
	if (argc > 1) {
		const char *a = argv[1];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			congo_usage(stdout);
			return 0;
		}
		if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
			printf("congo %s\n", PACKAGE_VERSION);
			return 0;
		}
		if (strcmp(a, "--engine") == 0)
			return uci_main(argc - 1, argv + 1);
		if (strcmp(a, "--match") == 0)
			return match_main(argc - 1, argv + 1);
		if (strcmp(a, "--bench") == 0) {
			if (argc > 2 && strcmp(argv[2], "search") == 0)
				return bench_search(argc - 2, argv + 2);
			if (argc > 2 && strcmp(argv[2], "perft") != 0) {
				fprintf(stderr, "congo: unknown benchmark '%s' "
				    "(perft or search)\n", argv[2]);
				return 2;
			}
			return bench_perft(argc > 2 ? argc - 2 : 0, argv + 2);
		}
	}
	return ui_main(argc, argv);
}
