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

void
congo_usage(FILE *out)
{
	fputs(
	    "Usage: congo [OPTION]...           play Congo in the terminal\n"
	    "       congo --engine              text engine interface on stdin/stdout\n"
	    "       congo --match [OPTION]...   headless games between two players\n"
	    "       congo --bench perft|search  benchmarks\n"
	    "\n"
	    "Modes:\n"
	    "  --engine             UCI-style commands (uci, position, moves, go perft N, ...)\n"
	    "  --match              play AI against AI without a screen (see congo(6))\n"
	    "  --bench perft [N]    perft N (default 6) from the start position\n"
	    "  --bench search       fixed positions searched to a fixed depth\n"
	    "  --help               show this help and exit\n"
	    "  --version            show the version and exit\n"
	    "\n"
	    "See congo(6) for the game's options, keys and files.\n",
	    out);
}

int
main(int argc, char **argv)
{
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
