/*
 * cli_nnue.c: `congo --gen-data OUT [OPTION]...` and `congo --train
 * DATA... -o NET [OPTION]...`: their options (one table each, cli.h), then
 * the self-play data generator (src/ai/gen_data.h) and the network
 * trainer (src/nn/nnue_train.h).
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/gen_data.h"
#include "nn/nnue_train.h"
#include "cli/cli.h"
#include "util/i18n.h"
#include "util/util.h"

static void
gen_usage(FILE *out)
{
	fputs(_("usage: congo --gen-data OUT [--variant V] [--games N] "
	    "[--nodes N]\n"
	    "           [--threads T] [--seed S] [--hash MB] [--eval-file NET]"
	    " [--quiet]\n"
	    "Self-play at a fixed node count from varied openings; the quiet\n"
	    "positions, each with the search's score and the game's result\n"
	    "(the endgame tables' value where they hold), into OUT, the\n"
	    "training data of congo --train (format: congo(6), TUNING).\n"
	    "  --variant V     congo (default) or megapawn\n"
	    "  --games N       games to play (default 100)\n"
	    "  --nodes N       nodes a move (default 5000)\n"
	    "  --threads T     games played at once (default 1)\n"
	    "  --seed S        the openings' random plies (default 1)\n"
	    "  --hash MB       each player's table (default 8)\n"
	    "  --eval-file NET the players evaluate with this network\n"
	    "  --quiet         no progress line\n"), out);
}

#define X(f) offsetof(struct gen_data_options, f)
static const struct cli_opt gen_opts[] = {
	{ "games", CLI_INT, X(games), 1, 10000000, NULL, 0, 0 },
	{ "nodes", CLI_I64, X(nodes), 100, 1000000000L, NULL, 0, 0 },
	{ "threads", CLI_INT, X(threads), 1, 64, NULL, 0, 0 },
	{ "seed", CLI_I64, X(seed), 0, 2000000000L, NULL, 0, 0 },
	{ "hash", CLI_INT, X(hash_mb), 1, 1024, NULL, 0, 0 },
	{ "eval-file", CLI_STR, X(eval_file), 0, 0, NULL, 0, 0 },
	{ "variant", CLI_CALL, X(variant), 0, 0, cli_parse_variant, 0, 1 },
	{ "quiet", CLI_FLAG, X(quiet), 0, 0, NULL, 0, 0 },
	{ "help", CLI_HELP, 0, 0, 0, NULL, 0, 0 },
	CLI_END
};
#undef X

int
cli_gen_data_main(int argc, char **argv)
{
	static const struct cli_mode mode = { "gen-data", gen_opts,
	    gen_usage, 1 };
	struct gen_data_options o;
	int first, rc;

	gen_data_options_default(&o);
	if ((rc = cli_parse(&mode, argc, argv, &o, &first)) != 0)
		return rc > 0 ? 0 : 2;
	if (first >= argc) {
		fprintf(stderr, _("congo: --gen-data: no output file given\n"));
		gen_usage(stderr);
		return 2;
	}
	o.out = argv[first];
	return gen_data_run(&o);
}

static void
train_usage(FILE *out)
{
	fputs(_("usage: congo --train DATA... -o NET [--epochs N] [--threads T]"
	    " [--seed S]\n"
	    "           [--batch N] [--lr RATE] [--lambda L] [--variant V]\n"
	    "           [--draw-share P] [--max-positions N] [--bucket-weights]\n"
	    "           [--quiet]\n"
	    "Train the learned evaluation's network on the positions of\n"
	    "DATA... (congo --gen-data) and write it to NET after every epoch.\n"
	    "The same data and seed give the same network.\n"
	    "  -o, --out NET       the network file to write\n"
	    "  --epochs N          passes over the data (default 10)\n"
	    "  --threads T         threads (default 1)\n"
	    "  --seed S            initial weights and order (default 1)\n"
	    "  --batch N           positions a step (default 4096)\n"
	    "  --lr RATE           Adam's step size (default 0.004, x0.8 an "
	    "epoch)\n"
	    "  --lambda L          weight of the score against the game's "
	    "result\n"
	    "                      (default 0.75)\n"
	    "  --draw-share P      keep this share (0..1) of the positions "
	    "from\n"
	    "                      drawn games (default 1: all of them)\n"
	    "  --variant V         the positions of this variant only "
	    "(default: the\n"
	    "                      first position's)\n"
	    "  --max-positions N   read at most N positions\n"
	    "  --bucket-weights    train each lion square's own weights too\n"
	    "                      (for large data; default: shared ones)\n"
	    "  --init NET          start from this network's weights (default:\n"
	    "                      random ones)\n"
	    "  --quiet             no progress line\n"), out);
}

/*
 * --train's numbers: a double at the option's off, in the range its tag
 * names (--lambda and --draw-share share one); the message names the
 * option by its table name.
 */
enum { T_LR, T_UNIT };
static const struct train_range {
	double lo, hi;
	const char *lo_text, *hi_text;
} train_ranges[] = {
	[T_LR] = { 1e-7, 1, "1e-7", "1" },
	[T_UNIT] = { 0, 1, "0", "1" },
};

static int
train_call(void *ctx, const struct cli_opt *o, const char *v)
{
	const struct train_range *r = &train_ranges[o->tag];

	if (parse_double(v, r->lo, r->hi, (double *)((char *)ctx + o->off),
	    NULL, 0) != 0) {
		fprintf(stderr, _("congo: --train: --%s wants a number "
		    "%s..%s, not '%s'\n"), o->name, r->lo_text, r->hi_text, v);
		return -1;
	}
	return 0;
}

#define X(f) offsetof(struct nnue_train_options, f)
static const struct cli_opt train_opts[] = {
	{ "out", CLI_STR, X(out), 0, 0, NULL, 0, 0 },
	{ "epochs", CLI_INT, X(epochs), 1, 10000, NULL, 0, 0 },
	{ "threads", CLI_INT, X(threads), 1, NNUE_TRAIN_THREADS_MAX, NULL, 0,
	    0 },
	{ "seed", CLI_I64, X(seed), 0, 2000000000L, NULL, 0, 0 },
	{ "batch", CLI_INT, X(batch), 16, 1000000, NULL, 0, 0 },
	{ "max-positions", CLI_I64, X(max_positions), 0, 4000000000L, NULL, 0,
	    0 },
	{ "lr", CLI_CALL, X(lr), 0, 0, train_call, T_LR, 1 },
	{ "lambda", CLI_CALL, X(lambda), 0, 0, train_call, T_UNIT, 1 },
	{ "draw-share", CLI_CALL, X(draw_share), 0, 0, train_call, T_UNIT,
	    1 },
	{ "variant", CLI_CALL, X(variant), 0, 0, cli_parse_variant, 0, 1 },
	{ "bucket-weights", CLI_FLAG, X(buckets), 0, 0, NULL, 0, 0 },
	{ "init", CLI_STR, X(init), 0, 0, NULL, 0, 0 },
	{ "quiet", CLI_FLAG, X(quiet), 0, 0, NULL, 0, 0 },
	{ "help", CLI_HELP, 0, 0, 0, NULL, 0, 0 },
	CLI_END
};
#undef X

int
cli_train_main(int argc, char **argv)
{
	static const struct cli_mode mode = { "train", train_opts,
	    train_usage, -1 };
	struct nnue_train_options o;
	char **args;
	int first, rc;

	nnue_train_options_default(&o);
	/* -o is --out (the one short option, as --analyse has) */
	args = xcalloc((size_t)argc + 1, sizeof *args);
	for (int i = 0; i < argc; i++)
		args[i] = strcmp(argv[i], "-o") == 0 ? "--out" : argv[i];
	rc = cli_parse(&mode, argc, args, &o, &first);
	if (rc != 0) {
		free(args);
		return rc > 0 ? 0 : 2;
	}
	if (o.out == NULL || first >= argc) {
		fprintf(stderr, "congo: --train: %s\n", o.out == NULL ?
		    _("no network file given (-o NET)") : _("no data files given"));
		train_usage(stderr);
		free(args);
		return 2;
	}
	rc = nnue_train_run(&o, argc - first, args + first);
	free(args);
	return rc;
}
