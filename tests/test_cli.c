/*
 * test_cli.c: the table-driven option parser of the command-line front
 * ends (src/cli/cli_opts.c): every kind of option, ranges, operands, and
 * the messages that name the option.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/cli.h"
#include "util/util.h"
#include "test_main.h"

struct opts {
	bool verbose, color;
	int n;
	int64_t big;
	const char *out;
	int calls;
	char last[32];
};

static int
call(void *ctx, const struct cli_opt *o, const char *v)
{
	struct opts *x = ctx;

	x->calls += o->tag;
	snprintf(x->last, sizeof x->last, "%s", v != NULL ? v : "(none)");
	return strcmp(x->last, "bad") == 0 ? -1 : 0;
}

static int usage_calls;

static void
usage(FILE *out)
{
	(void)out;
	usage_calls++;
}

#define X(f) offsetof(struct opts, f)
static const struct cli_opt table[] = {
	{ "verbose", CLI_FLAG, X(verbose), 0, 0, NULL, 0, 0 },
	{ "no-color", CLI_UNFLAG, X(color), 0, 0, NULL, 0, 0 },
	{ "n", CLI_INT, X(n), 1, 10, NULL, 0, 0 },
	{ "big", CLI_I64, X(big), 0, 4000000000L, NULL, 0, 0 },
	{ "out", CLI_STR, X(out), 0, 0, NULL, 0, 0 },
	{ "call", CLI_CALL, 0, 0, 0, call, 1, 1 },
	{ "poke", CLI_CALL, 0, 0, 0, call, 10, 0 },
	{ "help", CLI_HELP, 0, 0, 0, NULL, 0, 0 },
	CLI_END
};
static const struct cli_mode mode = { "test", table, usage, 1 };

/* Parse a NULL-ended list of words after the mode's, stderr to err. */
static int
run(struct opts *x, char *err, size_t errlen, int *first, ...)
{
	char *argv[16];
	int argc = 0, rc, fd, saved;
	va_list ap;
	FILE *f = tmpfile();
	size_t n;

	argv[argc++] = (char *)"--test";
	va_start(ap, first);
	while ((argv[argc] = va_arg(ap, char *)) != NULL)
		argc++;
	va_end(ap);
	memset(x, 0, sizeof *x);
	x->color = true;
	fflush(stderr);
	saved = dup(2);
	fd = fileno(f);
	dup2(fd, 2);
	rc = cli_parse(&mode, argc, argv, x, first);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	n = fread(err, 1, errlen - 1, f);
	err[n] = '\0';
	fclose(f);
	return rc;
}

static void
test_values(void **state)
{
	struct opts x;
	char err[512];
	int first = -1;

	(void)state;
	util_set_progname("congo");
	assert_int_equal(run(&x, err, sizeof err, &first, "--verbose",
	    "--no-color", "--n", "7", "--big=3000000000", "--out", "f.txt",
	    "--call", "v1", "--poke", "file", NULL), 0);
	assert_true(x.verbose);
	assert_false(x.color);
	assert_int_equal(x.n, 7);
	assert_true(x.big == 3000000000LL);
	assert_string_equal(x.out, "f.txt");
	assert_int_equal(x.calls, 11);
	assert_string_equal(x.last, "(none)");
	assert_int_equal(first, 11); /* argv[11], the operand "file" */
	assert_string_equal(err, "");
	/* defaults stay when an option is absent */
	assert_int_equal(run(&x, err, sizeof err, NULL, NULL), 0);
	assert_true(x.color);
	assert_int_equal(x.n, 0);
}

static void
test_refusals(void **state)
{
	struct opts x;
	char err[512];

	(void)state;
	util_set_progname("congo");
	assert_int_equal(run(&x, err, sizeof err, NULL, "--n", "11", NULL),
	    -1);
	assert_string_equal(err, "congo: --n must be a number 1..10, not "
	    "'11'\n");
	assert_int_equal(run(&x, err, sizeof err, NULL, "--n", "x", NULL),
	    -1);
	assert_int_equal(run(&x, err, sizeof err, NULL, "--n", "", NULL),
	    -1);
	assert_int_equal(run(&x, err, sizeof err, NULL, "--big", "-1", NULL),
	    -1);
	assert_int_equal(run(&x, err, sizeof err, NULL, "--bogus", NULL), -1);
	assert_non_null(strstr(err, "congo: --test: unknown option "
	    "'--bogus'"));
	assert_non_null(strstr(err, "Try 'congo --test --help'."));
	assert_int_equal(run(&x, err, sizeof err, NULL, "--n", NULL), -1);
	assert_non_null(strstr(err, "option '--n' needs a value"));
	assert_int_equal(run(&x, err, sizeof err, NULL, "a", "b", NULL), -1);
	assert_string_equal(err, "congo: --test: unexpected argument 'b'\n");
	/* an option's own reading may refuse; parsing stops there */
	assert_int_equal(run(&x, err, sizeof err, NULL, "--call", "bad",
	    "--n", "3", NULL), -1);
	assert_int_equal(x.n, 0);
}

static void
test_help(void **state)
{
	struct opts x;
	char err[512];

	(void)state;
	usage_calls = 0;
	assert_int_equal(run(&x, err, sizeof err, NULL, "--help", "--n",
	    "99", NULL), 1);
	assert_int_equal(usage_calls, 1);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_values),
	cmocka_unit_test(test_refusals),
	cmocka_unit_test(test_help))
