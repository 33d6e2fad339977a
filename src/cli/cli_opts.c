/*
 * cli_opts.c: the one table-driven option parser of the command-line front
 * ends (cli.h).
 */

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "engine/board.h"
#include "util/i18n.h"
#include "util/util.h"

static int
nopts(const struct cli_opt *o)
{
	int n = 0;

	while (o[n].name != NULL)
		n++;
	return n;
}

static bool
takes_value(const struct cli_opt *o)
{
	switch (o->type) {
	case CLI_FLAG:
	case CLI_UNFLAG:
	case CLI_HELP:
		return false;
	case CLI_CALL:
		return o->has_value != 0;
	default:
		return true;
	}
}

/* Store one option's value; -1 after a message. */
static int
store(const struct cli_mode *m, const struct cli_opt *o, const char *v,
    void *ctx)
{
	char *at = (char *)ctx + o->off;
	long n;

	switch (o->type) {
	case CLI_FLAG:
	case CLI_UNFLAG:
		*(bool *)at = o->type == CLI_FLAG;
		return 0;
	case CLI_INT:
	case CLI_I64:
		if (parse_long(v, o->lo, o->hi, &n, NULL, 0) != 0) {
			fprintf(stderr, _("%s: --%s must be a number %ld..%ld, "
			    "not '%s'\n"), util_progname(), o->name, o->lo,
			    o->hi, v);
			return -1;
		}
		if (o->type == CLI_INT)
			*(int *)at = (int)n;
		else
			*(int64_t *)at = n;
		return 0;
	case CLI_STR:
		*(const char **)at = v;
		return 0;
	case CLI_CALL:
		return o->call(ctx, o, v);
	case CLI_HELP:
		m->usage(stdout);
		return 1;
	}
	return -1;
}

int
cli_parse_variant(void *ctx, const struct cli_opt *o, const char *v)
{
	int *variant = (int *)((char *)ctx + o->off);

	if ((*variant = variant_parse(v)) < 0) {
		fprintf(stderr, _("congo: unknown variant '%s' (congo or "
		    "megapawn)\n"), v);
		return -1;
	}
	return 0;
}

/* A refused word: its message, naming it. The game (no mode's name) says
 * it as it always has, in one line. */
static void
refuse(const struct cli_mode *m, const char *what, const char *word)
{
	if (m->name == NULL) {
		if (strcmp(what, "value") == 0)
			fprintf(stderr, _("%s: %s needs a value\n"),
			    util_progname(), word);
		else
			fprintf(stderr, _("%s: unknown option '%s' (%s --help "
			    "lists them)\n"), util_progname(), word,
			    util_progname());
		return;
	}
	if (strcmp(what, "operand") == 0) {
		fprintf(stderr, _("%s: --%s: unexpected argument '%s'\n"),
		    util_progname(), m->name, word);
		return;
	}
	if (strcmp(what, "value") == 0)
		fprintf(stderr, _("%s: --%s: option '%s' needs a value\n"),
		    util_progname(), m->name, word);
	else
		fprintf(stderr, _("%s: --%s: unknown option '%s'\n"),
		    util_progname(), m->name, word);
	fprintf(stderr, _("Try '%s --%s --help'.\n"), util_progname(), m->name);
}

/* The option of a short letter (the tag of an option without a call). */
static int
short_opt(const struct cli_opt *o, int n, int ch)
{
	int i;

	for (i = 0; i < n; i++)
		if (o[i].type != CLI_CALL && o[i].tag == ch)
			return i;
	return -1;
}

int
cli_parse(const struct cli_mode *m, int argc, char **argv, void *ctx,
    int *first_operand)
{
	int n = nopts(m->opts), ch, rc = 0, i, k = 1;
	struct option *lo = xcalloc((size_t)n + 1, sizeof *lo);
	char *shorts = xcalloc((size_t)n * 2 + 2, 1);

	shorts[0] = ':';
	for (i = 0; i < n; i++) {
		lo[i].name = m->opts[i].name;
		lo[i].has_arg = takes_value(&m->opts[i]) ? required_argument :
		    no_argument;
		lo[i].val = 256 + i;
		if (m->opts[i].type != CLI_CALL && m->opts[i].tag > 0 &&
		    m->opts[i].tag < 128) {
			shorts[k++] = (char)m->opts[i].tag;
			if (takes_value(&m->opts[i]))
				shorts[k++] = ':';
		}
	}
	optind = 0;     /* (re)start getopt: main.c has read argv[0] */
	opterr = 0;
	while (rc == 0 && (ch = getopt_long(argc, argv, shorts, lo, NULL)) !=
	    -1) {
		if (ch > 0 && ch < 128 && ch != ':' && ch != '?' &&
		    short_opt(m->opts, n, ch) >= 0)
			ch = 256 + short_opt(m->opts, n, ch);
		if (ch >= 256 && ch < 256 + n) {
			rc = store(m, &m->opts[ch - 256], optarg, ctx);
			continue;
		}
		rc = -1;
		/* The game's call options may say what their missing value
		 * is (getopt's optopt: which option lacked it). */
		if (ch == ':' && m->name == NULL && optopt >= 256 &&
		    optopt < 256 + n && m->opts[optopt - 256].type ==
		    CLI_CALL && m->opts[optopt - 256].call(ctx,
		    &m->opts[optopt - 256], NULL) < 0)
			continue;
		refuse(m, ch == ':' ? "value" : "option", argv[optind - 1]);
	}
	free(lo);
	free(shorts);
	if (rc != 0)
		return rc;
	if (m->max_operands >= 0 && argc - optind > m->max_operands) {
		refuse(m, "operand", argv[optind + m->max_operands]);
		return -1;
	}
	if (first_operand != NULL)
		*first_operand = optind;
	return 0;
}
