/*
 * main.c: `congo` dispatches to its modes; each mode parses its own options.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "main.h"
#include "bench/bench.h"
#include "cli/cli.h"
#include "session/session.h"
#include "uci/uci.h"
#include "util/i18n.h"
#include "util/util.h"

void
congo_usage(FILE *out)
{
	cli_game_usage(out);
	fputs("\n", out);
	cli_game_net_usage(out);
	fputs(_(
	    "\n"
	    "Learning (new to Congo? start with congo --learn):\n"
	    "  congo --learn              the lessons, one rule at a time\n"
	    "  congo --puzzle             puzzles near your rating: win the lion\n"
	    "                             (--variant V, --theme T: which ones)\n"
	    "  congo --streak             a puzzle streak: each harder, one\n"
	    "                             mistake ends it\n"),
	    out);
	fputs(_(
	    "\n"
	    "Other modes:\n"
	    "  congo --engine             UCI-style commands on stdin/stdout (uci,\n"
	    "                             position, moves, fen, result, d, go, stop)\n"
	    "  congo --match OPTION...    AI against AI without a screen (see congo(6))\n"
	    "  congo --analyse FILE [--game N] [--movetime MS | --nodes N] [-o OUT]\n"
	    "                             every move of a game marked ?! ? ?? and the\n"
	    "                             better move named, each side's accuracy\n"
	    "  congo --bench perft [N] [--variant V]  perft N (default 6) from the\n"
	    "                             start of V (congo or megapawn), leaves/s\n"
	    "  congo --bench search       fixed positions to a fixed depth, nodes/s\n"
	    "  congo --make-puzzles [OPTION]...  puzzles from self-play, each proved\n"
	    "  congo --make-puzzles --verify FILE  prove every puzzle of a file\n"
	    "  congo --tune FILE...       tune the evaluation on games (Texel)\n"
	    "  congo --make-tablebases [DIR] [--variant V] [--pieces N]  endgame\n"
	    "                             tables by retrograde analysis (congo(6))\n"
	    "  congo --gen-data OUT [OPTION]...  self-play positions to train a\n"
	    "                             network on (congo(6), TUNING)\n"
	    "  congo --train DATA... -o NET [OPTION]...  train the learned\n"
	    "                             evaluation's network on them\n"
	    "  congo --version            show the version and exit\n"),
	    out);
}

/*
 * The mode is argv[1] (getopt_long over it alone: "--eng" works too); each
 * mode reads the rest of argv itself, once. Anything else is the game's.
 */
int
main(int argc, char **argv)
{
	static const struct option modes[] = {
		{ "engine", no_argument, NULL, 'e' },
		{ "match", no_argument, NULL, 'm' },
		{ "analyse", no_argument, NULL, 'a' },
		{ "analyze", no_argument, NULL, 'a' },
		{ "bench", no_argument, NULL, 'b' },
		{ "make-puzzles", no_argument, NULL, 'P' },
		{ "tune", no_argument, NULL, 't' },
		{ "make-tablebases", no_argument, NULL, 'T' },
		{ "gen-data", no_argument, NULL, 'G' },
		{ "train", no_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int mode;

	util_set_progname("congo");
	i18n_init();
	opterr = 0;     /* not a mode: the game's parser has the message */
	mode = argc > 1 ? getopt_long(2, argv, "+hV", modes, NULL) : -1;
	switch (mode) {
	case 'h':
		congo_usage(stdout);
		return 0;
	case 'V':
		printf("congo %s\n", PACKAGE_VERSION);
		return 0;
	case 'e':
		return uci_main(argc - 1, argv + 1);
	case 'm':
		return cli_match_main(argc - 1, argv + 1);
	case 'a':
		return session_analyse_main(argc - 1, argv + 1);
	case 'P':
		return cli_puzzles_main(argc - 1, argv + 1);
	case 't':
		return cli_tune_main(argc - 1, argv + 1);
	case 'T':
		return cli_tablebases_main(argc - 1, argv + 1);
	case 'G':
		return cli_gen_data_main(argc - 1, argv + 1);
	case 'N':
		return cli_train_main(argc - 1, argv + 1);
	case 'b':
		if (argc > 2 && strcmp(argv[2], "search") == 0)
			return bench_search(argc - 2, argv + 2);
		if (argc > 2 && strcmp(argv[2], "perft") != 0) {
			fprintf(stderr, _("congo: unknown benchmark '%s' "
			    "(perft or search)\n"), argv[2]);
			return 2;
		}
		return bench_perft(argc > 2 ? argc - 2 : 0, argv + 2);
	default:
		return cli_game_main(argc, argv);
	}
}
