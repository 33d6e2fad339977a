/*
 * test_util_parse.c: the one number parser, the error formatter and
 * splitmix64, the display width of UTF-8 (util_width.c).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <locale.h>

#include "util/i18n.h"
#include "util/util.h"
#include "test_main.h"

/* A text parse_long reads between lo and hi: ret its answer, want the
 * value read (0), err its message (NULL: not checked), in part or whole. */
struct long_case {
	const char *text;
	long lo, hi;
	int ret;
	long want;
	const char *err;
	bool part;
};

static void
check_longs(const struct long_case *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++, c++) {
		long v = 5;
		char err[100] = "";

		if (parse_long(c->text, c->lo, c->hi, &v, err, sizeof err) !=
		    c->ret)
			fail_msg("parse_long(\"%s\", %ld, %ld) is not %d",
			    c->text != NULL ? c->text : "(null)", c->lo, c->hi,
			    c->ret);
		/* a refused text is never half read */
		assert_int_equal(v, c->ret == 0 ? c->want : 5);
		if (c->err != NULL && c->part)
			assert_non_null(strstr(err, c->err));
		else if (c->err != NULL)
			assert_string_equal(err, c->err);
	}
}

static void
test_long_good(void **state)
{
	static const struct long_case good[] = {
		{ "42", 0, 100, 0, 42, NULL, false },
		{ " -7\n", -10, 10, 0, -7, NULL, false },
		{ "+3", 0, 10, 0, 3, NULL, false },
		{ "0", 0, 0, 0, 0, NULL, false },
	};

	(void)state;
	check_longs(good, sizeof good / sizeof good[0]);
}

static void
test_long_bad(void **state)
{
	static const struct long_case bad[] = {
		{ "abc", 0, 100, -1, 0, "'abc' is not a whole number", false },
		{ "12x", 0, 100, -1, 0, "'12x' is not a whole number", false },
		{ "1 2", 0, 100, -1, 0, NULL, false },
		{ "1.5", 0, 100, -1, 0, NULL, false },
		{ "0x10", 0, 100, -1, 0, NULL, false },
		{ "", 0, 100, -1, 0, "a number is missing", false },
		{ "  ", 0, 100, -1, 0, NULL, false },
		{ NULL, 0, 100, -1, 0, NULL, false },
		{ "101", 0, 100, -1, 0, "101 is out of range (0 to 100)", false },
		{ "-1", 0, 100, -1, 0, NULL, false },
		{ "99999999999999999999999", 0, 100, -1, 0, "out of range",
		    true },
	};
	long v = 5;

	(void)state;
	check_longs(bad, sizeof bad / sizeof bad[0]);
	/* no buffer: still refused, nothing written */
	assert_int_equal(parse_long("x", 0, 1, &v, NULL, 0), -1);
}

static void
test_int_u64(void **state)
{
	int i = 0;
	uint64_t u = 0;
	char err[100];

	(void)state;
	assert_int_equal(parse_int("2147483647", 0, 2147483647, &i, err,
	    sizeof err), 0);
	assert_int_equal(i, 2147483647);
	assert_int_equal(parse_int("21", 1, 20, &i, err, sizeof err), -1);
	assert_string_equal(err, "21 is out of range (1 to 20)");
	assert_int_equal(parse_u64("18446744073709551615", 0, UINT64_MAX, &u,
	    err, sizeof err), 0);
	assert_true(u == UINT64_MAX);
	assert_int_equal(parse_u64("18446744073709551616", 0, UINT64_MAX, &u,
	    err, sizeof err), -1);
	assert_int_equal(parse_u64("-1", 0, UINT64_MAX, &u, err, sizeof err),
	    -1); /* strtoull would wrap it */
	assert_string_equal(err, "'-1' is not a whole number of 0 or more");
}

static void
test_double_ms(void **state)
{
	/* a text, the bounds, parse_double's answer, the value read or the
	 * message (NULL: not checked) */
	static const struct {
		const char *text;
		double lo, hi;
		int ret;
		double want;
		const char *err;
	} dbl[] = {
		{ "1.5", 0, 10, 0, 1.5, NULL },
		{ ".25", 0, 10, 0, 0.25, NULL },
		{ "-2e1", -100, 0, 0, -20, NULL },
		{ "inf", 0, 1e300, -1, 0, "'inf' is not a number" },
		{ "nan", 0, 1, -1, 0, NULL },
		{ "0x1p3", 0, 100, -1, 0, NULL },
		{ "1.5s", 0, 10, -1, 0, NULL },
		{ "11", 0, 10, -1, 0, "11 is out of range (0 to 10)" },
	};
	double d = 0;
	int64_t ms = 0;
	char err[100];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof dbl / sizeof dbl[0]; i++) {
		assert_int_equal(parse_double(dbl[i].text, dbl[i].lo,
		    dbl[i].hi, &d, err, sizeof err), dbl[i].ret);
		if (dbl[i].ret == 0)
			assert_true(d == dbl[i].want);
		if (dbl[i].err != NULL)
			assert_string_equal(err, dbl[i].err);
	}
	assert_int_equal(parse_ms("1.5", 0, 60000, &ms, err, sizeof err), 0);
	assert_int_equal(ms, 1500);
	assert_int_equal(parse_ms("0.0004", 0, 60000, &ms, err, sizeof err),
	    0);
	assert_int_equal(ms, 0);
	assert_int_equal(parse_ms("61", 0, 60000, &ms, err, sizeof err), -1);
	assert_string_equal(err, "61 is out of range (0 to 60)");
}

static void
test_error(void **state)
{
	char err[8];

	(void)state;
	assert_int_equal(util_error(err, sizeof err, "bad %d", 12), -1);
	assert_string_equal(err, "bad 12");
	assert_int_equal(util_error_code(7, err, sizeof err, "%s",
	    "truncated here"), 7);
	assert_string_equal(err, "truncat");
	assert_int_equal(util_error(NULL, 0, "nowhere"), -1);
}

static void
test_splitmix(void **state)
{
	uint64_t s = 0, t = 0;

	(void)state;
	/* the published first outputs of splitmix64 seeded with 0 */
	assert_true(splitmix64(&s) == 0xE220A8397B1DCDAFULL);
	assert_true(splitmix64(&s) == 0x6E789E6AA1B965F4ULL);
	assert_true(splitmix64_mix(t) == 0xE220A8397B1DCDAFULL);
	assert_true(s == 2 * 0x9E3779B97F4A7C15ULL);
}

/* A line is wrapped at a space, never before French's " :" (issue 62:
 * a lone ':' started a line). */
static void
test_break_ok(void **state)
{
	const char *t = "Partie finie : Blanc gagne ; bravo ! \xc2\xbb";

	(void)state;
	assert_true(i18n_break_ok(t, 6));       /* "Partie| finie" */
	assert_false(i18n_break_ok(t, 12));     /* "finie| :" */
	assert_false(i18n_break_ok(t, 11));     /* not a space */
	assert_true(i18n_break_ok(t, 14));      /* ":| Blanc" */
	assert_false(i18n_break_ok(t, 26));     /* "gagne| ;" */
	assert_false(i18n_break_ok(t, 34));     /* "bravo| !" */
	assert_false(i18n_break_ok(t, 36));     /* "!| »" */
	assert_true(i18n_break_ok("a b", 1));
}

/* A translated cell padded to its column by display width: "à vous" is
 * 6 columns and 7 bytes ("%-10s" padded it to 9 columns: issue 62). */
static void
test_pad_width(void **state)
{
	const char *const words[] = { "gewertet", "ungewertet", NULL };
	char line[64];

	(void)state;
	if (setlocale(LC_CTYPE, "C.UTF-8") == NULL &&
	    setlocale(LC_CTYPE, "C.utf8") == NULL)
		skip();
	assert_int_equal(util_width("\xc3\xa0 vous"), 6);
	assert_int_equal(util_width("Wei\xc3\x9f"), 4);
	snprintf(line, sizeof line, "%-*s|", util_pad("\xc3\xa0 vous", 10),
	    "\xc3\xa0 vous");
	assert_int_equal(util_width(line), 11);
	assert_int_equal(util_pad("ungewertet", 6), 10);  /* never cut */
	assert_int_equal(util_width_most(words, 6), 10);
	assert_int_equal(util_width_most(words + 2, 6), 6);
	setlocale(LC_CTYPE, "C");
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_long_good),
	cmocka_unit_test(test_long_bad),
	cmocka_unit_test(test_int_u64),
	cmocka_unit_test(test_double_ms),
	cmocka_unit_test(test_error),
	cmocka_unit_test(test_splitmix),
	cmocka_unit_test(test_break_ok),
	cmocka_unit_test(test_pad_width))
