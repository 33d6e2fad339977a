/*
 * main.c: `congo` dispatches to its modes; each mode parses its own options.
 */

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "main.h"
#include "bench/bench.h"
#include "bot/bot.h"
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
	fputs(_("  congo --make-book [OPTION]...  openings where one side is ahead,\n"
	    "                             for congo --match --book (congo(6))\n"),
	    out);
	fputs(_("  congo --swiss-pair FILE.trf  the next round of a Swiss event by\n"
	    "                             the FIDE Dutch system (congo(6))\n"),
	    out);
	fputs(_("  congo --bot --connect HOST:PORT --account NAME [--level N | --full]\n"
	    "      [--variants congo,megapawn] [--clocks 3+2,5+3] [--days 1,3]\n"
	    "      [--games-at-once N] [--rated yes|no|both] [--on-stop finish|resign]\n"
	    "      [--greeting TEXT] [--tourney ID|auto]... [--config FILE]\n"
	    "                             a computer player on a server, without a\n"
	    "                             screen (congo(6), BOTS)\n"),
	    out);
}

static int
help_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	congo_usage(stdout);
	return 0;
}

static int
version_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("congo %s\n", PACKAGE_VERSION);
	return 0;
}

/* --bench [perft|search] [ARG]... */
static int
bench_main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "search") == 0)
		return bench_search(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "perft") != 0) {
		fprintf(stderr, _("congo: unknown benchmark '%s' "
		    "(perft or search)\n"), argv[1]);
		return 2;
	}
	return bench_perft(argc > 1 ? argc - 1 : 0, argv + 1);
}

/* The modes: each reads argv from its own --NAME on. */
static const struct congo_mode {
	const char *name;
	int (*main)(int argc, char **argv);
} modes[] = {
	{ "engine", uci_main }, { "match", cli_match_main },
	{ "analyse", session_analyse_main }, { "analyze", session_analyse_main },
	{ "bench", bench_main }, { "make-puzzles", cli_puzzles_main },
	{ "tune", cli_tune_main }, { "make-tablebases", cli_tablebases_main },
	{ "gen-data", cli_gen_data_main }, { "train", cli_train_main },
	{ "make-book", cli_book_main }, { "swiss-pair", cli_swiss_pair_main },
	{ "help", help_main }, { "version", version_main },
	{ "bot", bot_main },
};
#define NMODES (sizeof modes / sizeof modes[0])
#define MODE_VAL 256    /* getopt's value of modes[i]: MODE_VAL + i */

/*
 * The mode is argv[1] (getopt_long over it alone: "--eng" works too); each
 * mode reads the rest of argv itself, once. Anything else is the game's.
 */
int
main(int argc, char **argv)
{
	struct option opts[NMODES + 1];
	size_t i, j;
	int mode;

	memset(opts, 0, sizeof opts);
	for (i = 0; i < NMODES; i++) {
		/* the same value for another name of a mode: no ambiguity */
		for (j = 0; modes[j].main != modes[i].main; j++)
			continue;
		opts[i] = (struct option){ modes[i].name, no_argument, NULL,
		    MODE_VAL + (int)j };
	}
	util_set_progname("congo");
	i18n_init();
	opterr = 0;     /* not a mode: the game's parser has the message */
	mode = argc > 1 ? getopt_long(2, argv, "+hV", opts, NULL) : -1;
	if (mode == 'h')
		return help_main(argc - 1, argv + 1);
	if (mode == 'V')
		return version_main(argc - 1, argv + 1);
	if (mode >= MODE_VAL && mode < MODE_VAL + (int)NMODES)
		return modes[mode - MODE_VAL].main(argc - 1, argv + 1);
	return cli_game_main(argc, argv);
}
