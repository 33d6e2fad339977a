/*
 * cli_tablebases.c: `congo --make-tablebases [DIR] [OPTION]...`: its
 * options (one table, cli.h), then the generator (src/tb/tb_make.c).
 */

#include <stddef.h>
#include <stdio.h>

#include "cli/cli.h"
#include "tb/tb.h"
#include "util/i18n.h"

static void
usage(FILE *out)
{
	fputs(_("usage: congo --make-tablebases [DIR] [--variant congo|megapawn]\n"
	    "           [--pieces N] [--material NAME,...] [--threads T]\n"
	    "Every ending of the two lions and up to N (default 2, at most 3)\n"
	    "other pieces, by retrograde analysis, into DIR/<variant>/ (default\n"
	    "$XDG_DATA_HOME/congo/tb); both variants unless one is named.\n"
	    "--material makes only the endings named (e.g. LZPvLE), reading\n"
	    "those they lead to from DIR.\n"),
	    out);
}

#define X(f) offsetof(struct tb_make_opts, f)
static const struct cli_opt tb_opts[] = {
	{ "variant", CLI_CALL, X(variant), 0, 0, cli_parse_variant, 0, 1 },
	{ "pieces", CLI_INT, X(pieces), 0, TB_MAX_PIECES, NULL, 0, 0 },
	{ "threads", CLI_INT, X(threads), 1, 64, NULL, 0, 0 },
	{ "material", CLI_STR, X(material), 0, 0, NULL, 0, 0 },
	{ "help", CLI_HELP, 0, 0, 0, NULL, 0, 0 },
	CLI_END
};
#undef X

int
cli_tablebases_main(int argc, char **argv)
{
	static const struct cli_mode mode = { "make-tablebases", tb_opts,
	    usage, 1 };
	struct tb_make_opts o = { NULL, -1, 2, 0, NULL };
	int first, rc;

	if ((rc = cli_parse(&mode, argc, argv, &o, &first)) != 0)
		return rc > 0 ? 0 : 2;
	if (first < argc)
		o.dir = argv[first];
	return tb_make_run(&o);
}
