/*
 * cli_puzzles.c: `congo --make-puzzles [OPTION]...`: its options (one
 * table, cli.h), then the puzzle maker (src/learn/learn_make.c).
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"
#include "learn/learn.h"
#include "util/i18n.h"

static void
usage(FILE *out)
{
	fputs(_("usage: congo --make-puzzles [--games N] [--max-n N] [--tail PLIES]\n"
	    "           [--noise PERCENT] [--seed S] [--limit NODES]\n"
	    "           [--player SPEC] [--variant NAME] [--known FILE] [--quiet]\n"
	    "       congo --make-puzzles --from-tablebases [--tablebases DIR]\n"
	    "           [--max-n N] [--limit NODES] [--known FILE]\n"
	    "       congo --make-puzzles --verify FILE\n"
	    "Self-play games; each puzzle found and proved is printed as\n"
	    "variant<TAB>FEN<TAB>N<TAB>main line<TAB>theme on standard output.\n"
	    "--from-tablebases: the endgame tables' wins in exactly N (default 4)\n"
	    "with one winning first move, the most instructive of each ending,\n"
	    "proved, with the theme endgame.\n"
	    "--verify proves every puzzle of FILE and names those that fail.\n"),
	    out);
}

static int
variant_opt(void *ctx, const struct cli_opt *o, const char *v)
{
	struct learn_make_opts *m = ctx;

	(void)o;
	if (!learn_variant_supported(v)) {
		fprintf(stderr, _("congo: variant '%s' is not played by this "
		    "build\n"), v);
		return -1;
	}
	snprintf(m->variant, sizeof m->variant, "%s", v);
	return 0;
}

#define X(f) offsetof(struct learn_make_opts, f)
static const struct cli_opt puzzle_opts[] = {
	{ "games", CLI_INT, X(games), 1, 1000000, NULL, 0, 0 },
	{ "max-n", CLI_INT, X(nmax), 1, LEARN_PUZZLE_NMAX, NULL, 0, 0 },
	{ "tail", CLI_INT, X(tail), 1, 1000, NULL, 0, 0 },
	{ "noise", CLI_INT, X(noise), 0, 100, NULL, 0, 0 },
	{ "seed", CLI_I64, X(seed), 0, 2000000000L, NULL, 0, 0 },
	{ "limit", CLI_I64, X(limit), 1000, 2000000000L, NULL, 0, 0 },
	{ "player", CLI_STR, X(player), 0, 0, NULL, 0, 0 },
	{ "known", CLI_STR, X(known), 0, 0, NULL, 0, 0 },
	{ "tablebases", CLI_STR, X(tb_dir), 0, 0, NULL, 0, 0 },
	{ "verify", CLI_STR, X(verify), 0, 0, NULL, 0, 0 },
	{ "variant", CLI_CALL, 0, 0, 0, variant_opt, 0, 1 },
	{ "from-tablebases", CLI_FLAG, X(from_tb), 0, 0, NULL, 0, 0 },
	{ "quiet", CLI_FLAG, X(quiet), 0, 0, NULL, 0, 0 },
	{ "help", CLI_HELP, 0, 0, 0, NULL, 0, 0 },
	CLI_END
};
#undef X

int
cli_puzzles_main(int argc, char **argv)
{
	static const struct cli_mode mode = { "make-puzzles", puzzle_opts,
	    usage, 0 };
	struct learn_make_opts o;
	int rc;

	learn_make_defaults(&o);
	if ((rc = cli_parse(&mode, argc, argv, &o, NULL)) != 0)
		return rc > 0 ? 0 : 2;
	return learn_make_run(&o);
}
