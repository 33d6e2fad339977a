/*
 * test_clock.c: the game clock of RULES.md "Time", driven by hand-made
 * milliseconds.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "clock/clock.h"
#include "test_main.h"

static void
test_press_adds_increment(void **state)
{
	struct game_clock c;

	(void)state;
	clock_init(&c, 60000, 2000);
	clock_start(&c, 0, 1000);
	assert_int_equal(clock_left(&c, 0, 4000), 57000);
	assert_int_equal(clock_left(&c, 1, 4000), 60000); /* not running */
	assert_true(clock_press(&c, 4000));
	assert_int_equal(clock_left(&c, 0, 9000), 59000); /* +2 s */
	assert_int_equal(c.running, 1);
	assert_int_equal(clock_left(&c, 1, 9000), 55000);
}

/* A side without increment (an arena's berserk): the other keeps its. */
static void
test_no_increment(void **state)
{
	struct game_clock c;

	(void)state;
	clock_init(&c, 60000, 2000);
	c.no_inc[1] = true;
	clock_start(&c, 0, 0);
	assert_true(clock_press(&c, 1000));
	assert_int_equal(clock_left(&c, 0, 1000), 61000);
	assert_true(clock_press(&c, 2000));
	assert_int_equal(clock_left(&c, 1, 2000), 59000);   /* no +2 s */
	clock_init(&c, 60000, 2000);
	assert_false(c.no_inc[0] || c.no_inc[1]);
}

static void
test_flag_and_late_move(void **state)
{
	struct game_clock c;

	(void)state;
	clock_init(&c, 3000, 0);
	clock_start(&c, 0, 0);
	assert_int_equal(clock_flagged(&c, 2999), -1);
	assert_int_equal(clock_until_flag(&c, 1000), 2000);
	assert_int_equal(clock_flagged(&c, 3000), 0);
	/* A move completed at zero does not count. */
	assert_false(clock_press(&c, 3000));
	assert_int_equal(c.running, -1);
	assert_int_equal(clock_left(&c, 0, 5000), 0);
}

static void
test_move_just_in_time_counts(void **state)
{
	struct game_clock c;

	(void)state;
	clock_init(&c, 3000, 1000);
	clock_start(&c, 0, 0);
	assert_true(clock_press(&c, 2999));
	assert_int_equal(clock_left(&c, 0, 2999), 1001);
}

static void
test_pause_stops_time(void **state)
{
	struct game_clock c;

	(void)state;
	clock_init(&c, 10000, 0);
	clock_start(&c, 1, 0);
	clock_stop(&c, 1000);
	assert_int_equal(clock_left(&c, 1, 50000), 9000);
	assert_int_equal(clock_until_flag(&c, 50000), -1);
	assert_int_equal(clock_until_tick(&c, 50000), -1);
	clock_start(&c, 1, 50000);
	assert_int_equal(clock_left(&c, 1, 51000), 8000);
	clock_set(&c, 1, 30000, 51000); /* undo restores a stored time */
	assert_int_equal(clock_left(&c, 1, 51000), 30000);
}

static void
test_tick(void **state)
{
	struct game_clock c;

	(void)state;
	clock_init(&c, 65500, 0);
	clock_start(&c, 0, 0);
	assert_int_equal(clock_until_tick(&c, 0), 500);   /* 1:05 -> 1:04 */
	assert_int_equal(clock_until_tick(&c, 500), 1000);
	assert_int_equal(clock_until_tick(&c, 56000), 100); /* 9.5 s left */
	assert_int_equal(clock_until_tick(&c, 56050), 50);
}

static void
test_parse(void **state)
{
	int64_t b, i;
	char err[128];

	(void)state;
	assert_int_equal(clock_parse_minutes("5+3", &b, &i, err, sizeof err), 0);
	assert_int_equal(b, 300000);
	assert_int_equal(i, 3000);
	assert_int_equal(clock_parse_minutes("0.5+0", &b, &i, err, sizeof err), 0);
	assert_int_equal(b, 30000);
	assert_int_equal(clock_parse_minutes("0.05+0", &b, &i, err, sizeof err), 0);
	assert_int_equal(b, 3000);
	assert_int_equal(clock_parse_seconds("300+5", &b, &i, err, sizeof err), 0);
	assert_int_equal(b, 300000);
	assert_int_equal(i, 5000);
	assert_int_equal(clock_parse_seconds("300", &b, &i, err, sizeof err), -1);
	assert_non_null(strstr(err, "no '+'"));
	assert_int_equal(clock_parse_minutes("x+3", &b, &i, err, sizeof err), -1);
	assert_non_null(strstr(err, "'x' is not a number of minutes"));
	assert_int_equal(clock_parse_seconds("0+3", &b, &i, err, sizeof err), -1);
	assert_non_null(strstr(err, "1 s to 24 h"));
	assert_int_equal(clock_parse_seconds("60+601", &b, &i, err, sizeof err), -1);
	assert_non_null(strstr(err, "0 to 600 s"));
	assert_int_equal(clock_parse_seconds("60+-1", &b, &i, err, sizeof err), -1);
	assert_int_equal(clock_parse_seconds("", &b, &i, err, sizeof err), -1);
	assert_int_equal(clock_parse_seconds("1e3+1", &b, &i, err, sizeof err), -1);
}

static void
test_format(void **state)
{
	char buf[32];
	int64_t ms;

	(void)state;
	clock_format(298000, buf, sizeof buf);
	assert_string_equal(buf, "4:58");
	clock_format(9349, buf, sizeof buf);
	assert_string_equal(buf, "9.3");
	clock_format(3723000, buf, sizeof buf);
	assert_string_equal(buf, "1:02:03");
	clock_format(-5, buf, sizeof buf);
	assert_string_equal(buf, "0.0");
	clock_format_pgn(298999, buf, sizeof buf);
	assert_string_equal(buf, "0:04:58");
	assert_int_equal(clock_parse_pgn("0:04:58", &ms), 0);
	assert_int_equal(ms, 298000);
	assert_int_equal(clock_parse_pgn("4:58.5", &ms), 0);
	assert_int_equal(ms, 298500);
	assert_int_equal(clock_parse_pgn("4", &ms), -1);
	assert_int_equal(clock_parse_pgn("a:b", &ms), -1);
	assert_int_equal(clock_parse_pgn("1:2:3:4", &ms), -1);
	clock_format_control(300000, 5000, buf, sizeof buf);
	assert_string_equal(buf, "300+5");
}

/*
 * Whatever a time control parses to, its text parses back to the same
 * milliseconds: the server stores this text (1234.5+0 was stored as
 * 1.23e+03+0, which stopped every later start; 10+0.5 lost its half).
 */
static void
test_format_round_trip(void **state)
{
	static const char *const in[] = { "1234.5+0", "10+0.5", "1.05+0",
	    "86400+600", "1+0.001", "59.999+0.25", "300+5", "1.0005+0" };
	static const char *const out[] = { "1234.5+0", "10+0.5", "1.05+0",
	    "86400+600", "1+0.001", "59.999+0.25", "300+5", "1.001+0" };
	char buf[64], err[128];
	int64_t b, i, b2, i2;
	size_t k;

	(void)state;
	for (k = 0; k < sizeof in / sizeof in[0]; k++) {
		assert_int_equal(clock_parse_seconds(in[k], &b, &i, err,
		    sizeof err), 0);
		clock_format_control(b, i, buf, sizeof buf);
		assert_string_equal(buf, out[k]);
		assert_int_equal(clock_parse_seconds(buf, &b2, &i2, err,
		    sizeof err), 0);
		assert_true(b2 == b && i2 == i);
	}
	/* The same of the minutes a player types (--clock, :clock). */
	clock_format_minutes(300000, 3000, buf, sizeof buf);
	assert_string_equal(buf, "5+3");
	clock_format_minutes(3000, 500, buf, sizeof buf);
	assert_string_equal(buf, "0.05+0.5");
	clock_format_minutes(1000, 0, buf, sizeof buf);
	assert_string_equal(buf, "0.0166667+0");
	for (b = 1000; b < 200000; b += 17) {
		for (i = 0; i < 2000; i += 251) {
			clock_format_minutes(b, i, buf, sizeof buf);
			assert_int_equal(clock_parse_minutes(buf, &b2, &i2,
			    err, sizeof err), 0);
			assert_true(b2 == b && i2 == i);
		}
	}
	for (b = 86000000; b <= 86400000; b += 997) {  /* 7 digits and more */
		clock_format_minutes(b, 0, buf, sizeof buf);
		assert_int_equal(clock_parse_minutes(buf, &b2, &i2, err,
		    sizeof err), 0);
		assert_true(b2 == b);
	}
	clock_format_minutes(86400000, 600000, buf, sizeof buf);
	assert_string_equal(buf, "1440+600");
	/* Every millisecond of a base and an increment reads back. */
	for (b = 1000; b < 3000; b += 7) {
		for (i = 0; i < 2000; i += 13) {
			clock_format_control(b, i, buf, sizeof buf);
			assert_int_equal(clock_parse_seconds(buf, &b2, &i2,
			    err, sizeof err), 0);
			assert_true(b2 == b && i2 == i);
		}
	}
}

/* A correspondence deadline (issue 36): days and hours while days are
 * left, then hours and minutes, then minutes and seconds, then seconds;
 * the compact form for `congo --games`; the server's UTC time read. */
static void
test_deadline(void **state)
{
	static const struct {
		int64_t ms;
		const char *text, *compact;
	} t[] = {
		{ (2 * 24 + 14) * 3600000LL + 59 * 60000, "2 d 14 h", "2d14h" },
		{ 14 * 24 * 3600000LL, "14 d 0 h", "14d0h" },
		{ 24 * 3600000LL, "1 d 0 h", "1d0h" },
		{ 24 * 3600000LL - 1, "23 h 59 min", "23h59m" },
		{ 5 * 3600000LL + 7 * 60000 + 999, "5 h 7 min", "5h07m" },
		{ 3600000LL, "1 h 0 min", "1h00m" },
		{ 3600000LL - 1, "59 min 59 s", "59m59s" },
		{ 12 * 60000 + 5 * 1000 + 500, "12 min 5 s", "12m05s" },
		{ 59999, "59 s", "59s" },
		{ 35000, "35 s", "35s" },
		{ 999, "0 s", "0s" },
		{ 0, "0 s", "0s" },
		{ -5000, "0 s", "0s" },
	};
	char buf[32];
	int64_t ms;
	size_t k;

	(void)state;
	for (k = 0; k < sizeof t / sizeof t[0]; k++) {
		clock_format_deadline(t[k].ms, false, buf, sizeof buf);
		assert_string_equal(buf, t[k].text);
		clock_format_deadline(t[k].ms, true, buf, sizeof buf);
		assert_string_equal(buf, t[k].compact);
	}
	/* The next change: a minute's edge above an hour, a second's below. */
	assert_int_equal(clock_deadline_tick(2 * 3600000LL + 1500), 1501);
	assert_int_equal(clock_deadline_tick(12 * 60000 + 1500), 501);
	assert_int_equal(clock_deadline_tick(0), -1);

	assert_int_equal(clock_parse_utc("1970-01-01T00:00:00Z", &ms), 0);
	assert_true(ms == 0);
	assert_int_equal(clock_parse_utc("2026-11-25T15:30:02Z", &ms), 0);
	assert_true(ms == 1795620602000LL);
	assert_int_equal(clock_parse_utc("2024-02-29T23:59:59Z", &ms), 0);
	assert_true(ms == 1709251199000LL);
	assert_int_equal(clock_parse_utc("2026-11-25 15:30:02Z", &ms), -1);
	assert_int_equal(clock_parse_utc("2026-13-25T15:30:02Z", &ms), -1);
	assert_int_equal(clock_parse_utc("2026-11-25T15:30:02", &ms), -1);
	assert_int_equal(clock_parse_utc("2026-11-2xT15:30:02Z", &ms), -1);
	assert_int_equal(clock_parse_utc(NULL, &ms), -1);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_press_adds_increment),
	cmocka_unit_test(test_no_increment),
	cmocka_unit_test(test_flag_and_late_move),
	cmocka_unit_test(test_move_just_in_time_counts),
	cmocka_unit_test(test_pause_stops_time),
	cmocka_unit_test(test_tick),
	cmocka_unit_test(test_parse),
	cmocka_unit_test(test_format),
	cmocka_unit_test(test_format_round_trip),
	cmocka_unit_test(test_deadline))
