/*
 * cli_tune.c: `congo --tune [OPTION]... FILE...`: the tuner's options (one
 * table, cli.h), then Texel's method over the games (src/ai/tune_run.c).
 */

#include <stddef.h>
#include <stdio.h>

#include "ai/match.h"
#include "cli/cli.h"
#include "engine/board.h"
#include "util/i18n.h"
#include "util/util.h"

static void
usage(FILE *out)
{
	fputs(_("usage: congo --tune [--passes N] [--min-ply N] [--threads N]\n"
	    "                    [--only NAME,...] [--k K] [--variant V] "
	    "FILE...\n"
	    "Texel's method: the evaluation's weights that best predict the\n"
	    "results of the games in FILE... (game record format, e.g. from\n"
	    "congo --match --pgn). Prints the weights that changed as a\n"
	    "tune string (alphabeta:NAME=VALUE,...) and as a table.\n"
	    "  --passes N    at most N passes over the weights (default 20)\n"
	    "  --min-ply N   skip each game's first N plies (default 10)\n"
	    "  --threads N   threads computing the error (default 2)\n"
	    "  --only LIST   tune only these weights (comma-separated)\n"
	    "  --k K         the sigmoid's scale (default: fitted)\n"
	    "  --variant V   the games' variant, congo (default) or megapawn\n"),
	    out);
}

enum { T_K, T_VARIANT };

static int
call_opt(void *ctx, const struct cli_opt *o, const char *v)
{
	struct tune_options *t = ctx;

	if (o->tag == T_K) {
		if (parse_double(v, 0, 100, &t->k, NULL, 0) != 0 ||
		    !(t->k > 0)) {
			fprintf(stderr, _("congo: --tune: --k wants a positive "
			    "number, not '%s'\n"), v);
			return -1;
		}
		return 0;
	}
	if ((t->variant = variant_parse(v)) < 0) {
		fprintf(stderr, _("congo: --tune: unknown variant '%s' (congo or "
		    "megapawn)\n"), v);
		return -1;
	}
	return 0;
}

#define X(f) offsetof(struct tune_options, f)
static const struct cli_opt tune_opts[] = {
	{ "passes", CLI_INT, X(passes), 0, 1000, NULL, 0, 0 },
	{ "min-ply", CLI_INT, X(min_ply), 0, 10000, NULL, 0, 0 },
	{ "threads", CLI_INT, X(threads), 1, TUNE_THREADS_MAX, NULL, 0, 0 },
	{ "only", CLI_STR, X(only), 0, 0, NULL, 0, 0 },
	{ "k", CLI_CALL, 0, 0, 0, call_opt, T_K, 1 },
	{ "variant", CLI_CALL, 0, 0, 0, call_opt, T_VARIANT, 1 },
	{ "help", CLI_HELP, 0, 0, 0, NULL, 0, 0 },
	CLI_END
};
#undef X

int
cli_tune_main(int argc, char **argv)
{
	static const struct cli_mode mode = { "tune", tune_opts, usage, -1 };
	struct tune_options t;
	int first, rc;

	tune_options_default(&t);
	if ((rc = cli_parse(&mode, argc, argv, &t, &first)) != 0)
		return rc > 0 ? 0 : 2;
	if (t.only != NULL && tune_check_only(t.only) != 0)
		return 2;
	if (first >= argc) {
		fprintf(stderr, _("congo: --tune: no game files given\n"));
		usage(stderr);
		return 2;
	}
	return tune_run(&t, argc - first, argv + first);
}
