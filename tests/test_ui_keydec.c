/*
 * test_ui_keydec.c: the terminal's bytes to keys and clicks
 * (src/ui/ui_keydec.c), whatever pieces they come in: a click's press and
 * release in separate writes, a report or escape sequence cut anywhere,
 * an Esc alone, a sequence that never ends. The game's loop only ever
 * waits ui_keydec_timeout(), never for a byte (issue 34).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ui/ui_input.h"
#include "ui/ui_keydec.h"
#include "test_main.h"

static struct ui_keydec d;
static struct ui_keydec_ev ev;

static void
feed(const char *s, int64_t now)
{
	ui_keydec_feed(&d, s, strlen(s), now);
}

/* The next event at time now is key (with y, x for a click). */
static void
next_is(int64_t now, int key)
{
	assert_true(ui_keydec_next(&d, now, &ev));
	assert_int_equal(ev.key, key);
}

static void
nothing(int64_t now)
{
	assert_false(ui_keydec_next(&d, now, &ev));
}

static void
test_plain_keys(void **state)
{
	(void)state;
	ui_keydec_init(&d);
	assert_int_equal(ui_keydec_timeout(&d, 0), -1);
	feed("a:\r\n\x7f\b\x15", 0);
	next_is(0, 'a');
	next_is(0, ':');
	next_is(0, UK_ENTER);
	next_is(0, UK_ENTER);
	next_is(0, UK_BACKSPACE);
	next_is(0, UK_BACKSPACE);
	next_is(0, UK_CTRL('u'));
	nothing(0);
	/* UTF-8, a character cut between two reads */
	feed("\xc3", 10);
	nothing(10);
	assert_true(ui_keydec_timeout(&d, 10) > 0);
	feed("\xa9\xe2\x82\xac", 20);
	next_is(20, 0xE9);
	next_is(20, 0x20AC);
	/* a stray continuation byte is no key */
	feed("\x80z", 30);
	next_is(30, 'z');
	nothing(30);
}

static void
test_cursor_keys(void **state)
{
	static const struct {
		const char *seq;
		int key;
	} k[] = {
		{ "\033[A", UK_UP }, { "\033OB", UK_DOWN },
		{ "\033[C", UK_RIGHT }, { "\033OD", UK_LEFT },
		{ "\033[1;5A", UK_UP }, { "\033[H", UK_HOME },
		{ "\033OF", UK_END }, { "\033[1~", UK_HOME },
		{ "\033[4~", UK_END }, { "\033[3~", UK_DELETE },
		{ "\033[5~", UK_PGUP }, { "\033[6~", UK_PGDN },
		{ "\033OM", UK_ENTER },
	};
	size_t i, cut;

	(void)state;
	for (i = 0; i < sizeof k / sizeof k[0]; i++) {
		/* whole, and cut after every byte */
		for (cut = 0; cut < strlen(k[i].seq); cut++) {
			ui_keydec_init(&d);
			ui_keydec_feed(&d, k[i].seq, cut, 0);
			if (cut > 0)
				nothing(10);
			feed(k[i].seq + cut, 20);
			next_is(20, k[i].key);
			nothing(20);
		}
	}
	/* F-keys and unknown sequences are no key, and eat no text */
	ui_keydec_init(&d);
	feed("\033OP\033[15~\033[2~\033[Zx", 0);
	next_is(0, 'x');
	nothing(0);
}

/* A press and a release, each in as many pieces as the terminal likes:
 * one click, at the press, counted from 0. */
static void
test_sgr_click_in_pieces(void **state)
{
	static const char press[] = "\033[<0;13;17M";
	static const char release[] = "\033[<0;13;17m";
	size_t cut;

	(void)state;
	for (cut = 0; cut < strlen(press); cut++) {
		ui_keydec_init(&d);
		ui_keydec_feed(&d, press, cut, 0);
		if (cut > 0) {
			nothing(5);
			/* the loop sleeps no longer than the sequence's
			 * deadline, and does not spin */
			assert_true(ui_keydec_timeout(&d, 5) > 0);
		}
		feed(press + cut, 100);
		next_is(100, UK_CLICK);
		assert_int_equal(ev.x, 12);
		assert_int_equal(ev.y, 16);
		nothing(100);
		assert_int_equal(ui_keydec_timeout(&d, 100), -1);
		feed(release, 200);
		nothing(200);
		assert_int_equal(ui_keydec_timeout(&d, 200), -1);
	}
	/* other buttons, the wheel and motion are no click; a modifier held
	 * is */
	ui_keydec_init(&d);
	feed("\033[<2;5;5M\033[<64;5;5M\033[<35;5;5M\033[<32;5;5M", 0);
	nothing(0);
	feed("\033[<4;3;2M", 0);
	next_is(0, UK_CLICK);
	assert_int_equal(ev.x, 2);
	assert_int_equal(ev.y, 1);
}

static void
test_x10_click_in_pieces(void **state)
{
	/* ESC [ M, 32 + button, 32 + column, 32 + row: column 13, row 17 */
	static const char press[] = "\033[M\x20\x2d\x31";
	static const char release[] = "\033[M\x23\x2d\x31";
	size_t cut;

	(void)state;
	for (cut = 0; cut < strlen(press); cut++) {
		ui_keydec_init(&d);
		ui_keydec_feed(&d, press, cut, 0);
		if (cut > 0)
			nothing(5);
		feed(press + cut, 100);
		next_is(100, UK_CLICK);
		assert_int_equal(ev.x, 12);
		assert_int_equal(ev.y, 16);
		feed(release, 200);
		nothing(200);
	}
	/* a column past 95 comes as a byte above 127, not UTF-8 */
	ui_keydec_init(&d);
	feed("\033[M\x20\xc8\x21", 0);
	next_is(0, UK_CLICK);
	assert_int_equal(ev.x, 0xc8 - 33);
	assert_int_equal(ev.y, 0);
	nothing(0);
}

/* ESC alone is the Esc key once UI_KEYDEC_ESC_MS pass, and the loop is
 * told when to look again. */
static void
test_esc_alone(void **state)
{
	(void)state;
	ui_keydec_init(&d);
	feed("\033", 1000);
	nothing(1000);
	assert_int_equal(ui_keydec_timeout(&d, 1000), UI_KEYDEC_ESC_MS);
	nothing(1000 + UI_KEYDEC_ESC_MS - 1);
	assert_int_equal(ui_keydec_timeout(&d, 1000 + UI_KEYDEC_ESC_MS), 0);
	next_is(1000 + UI_KEYDEC_ESC_MS, UK_ESC);
	nothing(2000);
	assert_int_equal(ui_keydec_timeout(&d, 2000), -1);
	/* Esc then a key at once (Alt-x), Esc Esc */
	feed("\033x\033\033", 3000);
	next_is(3000, UK_ESC);
	next_is(3000, 'x');
	next_is(3000, UK_ESC);
	nothing(3000);
	next_is(3000 + UI_KEYDEC_ESC_MS, UK_ESC);
	/* ESC O left alone: Esc, then O */
	feed("\033O", 4000);
	nothing(4000);
	next_is(4000 + UI_KEYDEC_SEQ_MS, UK_ESC);
	next_is(4000 + UI_KEYDEC_SEQ_MS, 'O');
}

/* A sequence that never ends is dropped, not typed as text, and what
 * comes after it is read. */
static void
test_broken_sequences(void **state)
{
	char junk[100];

	(void)state;
	ui_keydec_init(&d);
	feed("\033[<0;13", 0);
	nothing(UI_KEYDEC_SEQ_MS - 1);
	assert_int_equal(ui_keydec_timeout(&d, UI_KEYDEC_SEQ_MS - 1), 1);
	nothing(UI_KEYDEC_SEQ_MS);
	assert_int_equal(ui_keydec_timeout(&d, UI_KEYDEC_SEQ_MS), -1);
	feed("ab", 1000);
	next_is(1000, 'a');
	next_is(1000, 'b');
	/* cut off by a control byte or another ESC: that byte counts */
	feed("\033[1;\r\033[<0;1\033[A", 2000);
	next_is(2000, UK_ENTER);
	next_is(2000, UK_UP);
	nothing(2000);
	/* an endless parameter string is junk, not a key still coming */
	memset(junk, '1', sizeof junk);
	junk[0] = '\033';
	junk[1] = '[';
	ui_keydec_feed(&d, junk, sizeof junk, 3000);
	nothing(3000);
	feed("q", 3000);
	next_is(3000, 'q');
	/* a buffer never fills up: room is always there after a drain */
	assert_int_equal(ui_keydec_room(&d), UI_KEYDEC_BUF);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_plain_keys),
	cmocka_unit_test(test_cursor_keys),
	cmocka_unit_test(test_sgr_click_in_pieces),
	cmocka_unit_test(test_x10_click_in_pieces),
	cmocka_unit_test(test_esc_alone),
	cmocka_unit_test(test_broken_sequences))
