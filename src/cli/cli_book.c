/*
 * cli_book.c: `congo --make-book [OPTION]...`: a decisive book of
 * openings for `congo --match --book FILE` (src/ai/match_book_make.c),
 * and `--verify FILE`, every opening of a book searched again.
 */

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ai/match.h"
#include "cli/cli.h"
#include "util/i18n.h"
#include "util/util.h"

static void
usage(FILE *out)
{
	fputs(_("usage: congo --make-book [--count N] [--variant V] [--plies P]\n"
	    "           [--depth D | --nodes N] [--window LO,HI] [--seed S]\n"
	    "           [--output FILE]\n"
	    "       congo --make-book --verify FILE [--variant V] [--depth D |\n"
	    "           --nodes N] [--window LO,HI]\n"
	    "Random openings of P plies (default 8) from the start, each\n"
	    "searched by one thread to depth D (default 6) or N nodes, kept\n"
	    "when one side is LO..HI centipawns ahead (default 60,150) and its\n"
	    "position is new: N openings (default 100), one a line, the moves\n"
	    "from the start, for congo --match --book FILE. The same options\n"
	    "and seed make the same book on any machine.\n"
	    "--verify searches every opening of FILE again and names those\n"
	    "outside the window.\n"), out);
}

struct book_cli {
	struct book_make_options o;
	const char *output, *verify;
};

enum { T_WINDOW, T_NODES };

static int
call_opt(void *ctx, const struct cli_opt *opt, const char *v)
{
	struct book_cli *x = ctx;
	long lo, hi;
	char a[32], *comma;

	if (opt->tag == T_NODES) {
		if (parse_long(v, 1, 1000000000L, &lo, NULL, 0) != 0) {
			fprintf(stderr, _("congo: --%s must be a number 1..%ld, "
			    "not '%s'\n"), opt->name, 1000000000L, v);
			return -1;
		}
		x->o.nodes = lo;
		return 0;
	}
	snprintf(a, sizeof a, "%s", v);
	comma = strchr(a, ',');
	if (comma != NULL)
		*comma = '\0';
	if (comma == NULL || strlen(v) >= sizeof a ||
	    parse_long(a, 0, 10000, &lo, NULL, 0) != 0 ||
	    parse_long(comma + 1, 0, 10000, &hi, NULL, 0) != 0 || lo > hi) {
		fprintf(stderr, _("congo: --window needs LO,HI centipawns with "
		    "0 <= LO <= HI <= 10000, not '%s'\n"), v);
		return -1;
	}
	x->o.lo = (int)lo;
	x->o.hi = (int)hi;
	return 0;
}

#define X(f) offsetof(struct book_cli, f)
static const struct cli_opt book_opts[] = {
	{ "count", CLI_INT, X(o.count), 1, 1000000, NULL, 0, 0 },
	{ "variant", CLI_CALL, X(o.variant), 0, 0, cli_parse_variant, 0, 1 },
	{ "plies", CLI_INT, X(o.plies), 1, 40, NULL, 0, 0 },
	{ "depth", CLI_INT, X(o.depth), 1, SEARCH_MAX_DEPTH, NULL, 0, 0 },
	{ "nodes", CLI_CALL, 0, 0, 0, call_opt, T_NODES, 1 },
	{ "window", CLI_CALL, 0, 0, 0, call_opt, T_WINDOW, 1 },
	{ "seed", CLI_I64, X(o.seed), 0, INT64_MAX, NULL, 0, 0 },
	{ "output", CLI_STR, X(output), 0, 0, NULL, 'o', 0 },
	{ "verify", CLI_STR, X(verify), 0, 0, NULL, 0, 0 },
	{ "help", CLI_HELP, 0, 0, 0, NULL, 0, 0 },
	CLI_END
};
#undef X

/* The command that makes the same book, for the file's first line. */
static void
command_text(const struct book_cli *x, char *buf, size_t n)
{
	const struct book_make_options *o = &x->o;
	int len;

	len = snprintf(buf, n, "congo --make-book --count %d --variant %s "
	    "--plies %d ", o->count, variant_name(o->variant), o->plies);
	if (len > 0 && (size_t)len < n) {
		if (o->nodes > 0)
			len += snprintf(buf + len, n - (size_t)len,
			    "--nodes %lld", (long long)o->nodes);
		else
			len += snprintf(buf + len, n - (size_t)len,
			    "--depth %d", o->depth);
	}
	if (len > 0 && (size_t)len < n)
		snprintf(buf + len, n - (size_t)len, " --window %d,%d --seed %llu",
		    o->lo, o->hi, (unsigned long long)o->seed);
}

static int
verify(const struct book_cli *x)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct match_book bk;
	char err[512];
	int bad;

	if (match_book_load(x->verify, x->o.variant, &rules, &bk, err,
	    sizeof err) != 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	bad = book_make_verify(&x->o, &bk, stdout);
	printf(_("%d of %d openings outside the window %d..%d\n"), bad, bk.n,
	    x->o.lo, x->o.hi);
	match_book_free(&bk);
	return bad == 0 ? 0 : 1;
}

int
cli_book_main(int argc, char **argv)
{
	static const struct cli_mode mode = { "make-book", book_opts, usage,
	    0 };
	struct book_cli x;
	char command[256];
	FILE *out = stdout;
	int rc;

	memset(&x, 0, sizeof x);
	book_make_options_default(&x.o);
	if ((rc = cli_parse(&mode, argc, argv, &x, NULL)) != 0)
		return rc > 0 ? 0 : 2;
	if (x.verify != NULL)
		return verify(&x);
	command_text(&x, command, sizeof command);
	if (x.output != NULL) {
		x.o.progress = true;
		if ((out = fopen(x.output, "w")) == NULL) {
			fprintf(stderr, "congo: %s: %s\n", x.output,
			    strerror(errno));
			return 1;
		}
	}
	rc = book_make_run(&x.o, command, out);
	if (out != stdout && fclose(out) != 0) {
		fprintf(stderr, "congo: %s: %s\n", x.output, strerror(errno));
		rc = -1;
	}
	return rc == 0 ? 0 : 1;
}
