/*
 * test_record_notes.c: what a move of a record carries (issue 24): NAGs,
 * [%eval], [%clk] and comment text, written and read back; bad ones named
 * with file:line; suffix annotations (d2d3??); the clock parser's limits (issue 25: a big %clk
 * overflowed sscanf); the save's folder sync.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "record/record.h"
#include "record/record_int.h"
#include "test_record_util.h"
#include "test_tmp.h"
#include "test_main.h"

/* The error of reading text, which must fail. */
static void
read_fails(const char *text, const char *want)
{
	struct game g;
	struct record_notes ns;
	char err[256];

	assert_int_equal(record_of_text(text, &g, NULL, &ns, err, sizeof err),
	    -1);
	record_notes_free(&ns);
	if (strcmp(err, want) != 0)
		fail_msg("got \"%s\", want \"%s\"", err, want);
}

static void
test_read_annotations(void **state)
{
	struct game g;
	struct record_notes ns;
	const struct record_note *n;
	char err[256];

	(void)state;
	assert_int_equal(record_of_text("{A game.}\n1. d2d3 $6 {[%eval 0.35]"
	    " [%clk 0:04:58] Slow.} d6d5 $2 $4 {[%eval #-3]} { and  more\n"
	    "text } 2. c2c3 {[%eval -1.245,23] [%csl Gd4]} *\n", &g, NULL, &ns,
	    err, sizeof err), 0);
	assert_int_equal(g.nply, 3);
	assert_string_equal(ns.intro, "A game.");
	n = record_notes_get(&ns, 0);
	assert_non_null(n);
	assert_int_equal(n->nnag, 1);
	assert_int_equal(n->nag[0], 6);
	assert_true(n->has_eval);
	assert_int_equal(n->eval_cp, 35);
	assert_int_equal(n->eval_mate, 0);
	assert_int_equal(n->clk_ms, 298000);
	assert_string_equal(n->text, "Slow.");
	n = record_notes_get(&ns, 1);
	assert_int_equal(n->nnag, 2);
	assert_int_equal(n->nag[0], 2);
	assert_int_equal(n->nag[1], 4);
	assert_int_equal(n->eval_mate, -3);
	assert_int_equal(n->clk_ms, -1);
	assert_string_equal(n->text, "and more text");
	n = record_notes_get(&ns, 2);
	assert_int_equal(n->eval_cp, -125);
	assert_string_equal(n->text, "[%csl Gd4]");
	assert_null(record_notes_get(&ns, 3));
	game_free(&g);
	record_notes_free(&ns);
}

/* Suffix annotations (PGN's import format): d2d3?? is d2d3 $4. */
static void
test_suffixes(void **state)
{
	struct game g;
	struct record_notes ns;
	char err[256];

	(void)state;
	assert_int_equal(record_of_text("1. d2d3?? d6d5! 2. c2c3!? c6c5?! "
	    "3. b2b3 $1 ? b6b5!! *", &g, NULL, &ns, err, sizeof err), -1);
	record_notes_free(&ns);
	/* a suffix alone is not a move */
	assert_non_null(strstr(err, "t.pgn:1: '?' is not a move"));
	if (record_of_text("1. d2d3?? d6d5! 2. c2c3!? c6c5?! 3. b2b3? b6b5!! "
	    "4. a2a3 $2 *", &g, NULL, &ns, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(g.nply, 7);
	assert_int_equal(ns.at[0].nag[0], 4);
	assert_int_equal(ns.at[1].nag[0], 1);
	assert_int_equal(ns.at[2].nag[0], 5);
	assert_int_equal(ns.at[3].nag[0], 6);
	assert_int_equal(ns.at[4].nag[0], 2);
	assert_int_equal(ns.at[5].nag[0], 3);
	assert_int_equal(ns.at[6].nnag, 1);      /* $2 once */
	game_free(&g);
	record_notes_free(&ns);
}

/* Everything a note holds survives a write and a read, twice alike. */
static void
test_round_trip(void **state)
{
	struct game g, g2;
	struct record_notes ns, ns2;
	struct board b;
	char err[256], *text, *again;
	struct record_note *n;
	const char *moves[] = { "d2d3", "d6d5", "c2c3", "c6c5" };

	(void)state;
	board_init();
	assert_int_equal(fen_read(&b, "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ"
	    " w 0 1", err, sizeof err), 0);
	game_init(&g, &b, NULL);
	for (int i = 0; i < 4; i++)
		assert_int_equal(game_play_text(&g, moves[i], err, sizeof err),
		    0);
	record_notes_init(&ns);
	ns.intro = strdup("Analysed by congo.");
	n = record_notes_at(&ns, 0);
	n->has_eval = true;
	n->eval_cp = -5;
	n->clk_ms = 3723000;
	n = record_notes_at(&ns, 1);
	assert_int_equal(record_note_add_nag(n, 4), 0);
	assert_int_equal(record_note_add_nag(n, 4), 0);   /* once only */
	n->has_eval = true;
	n->eval_mate = 7;
	record_note_set_text(n, "Blunder. Better was b6b5, a very long "
	    "comment that must wrap over the line's end without losing a "
	    "word of it, not one {brace} either.");
	n = record_notes_at(&ns, 3);
	assert_int_equal(record_note_add_nag(n, 6), 0);
	text = text_of_record(&g, NULL, &ns, NULL);
	assert_non_null(strstr(text, "{Analysed by congo.}"));
	assert_non_null(strstr(text, "{Analysed by congo.} 1. d2d3 {[%eval "
	    "-0.05] [%clk 1:02:03]} d6d5 $4 {[%eval #7]\nBlunder. Better"));
	assert_non_null(strstr(text, "c6c5 $6 *"));
	for (char *p = text, *nl; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		assert_true(nl - p <= 79);
	assert_int_equal(record_of_text(text, &g2, NULL, &ns2, err, sizeof err),
	    0);
	assert_int_equal(g2.nply, 4);
	assert_string_equal(ns2.intro, "Analysed by congo.");
	assert_int_equal(ns2.at[0].eval_cp, -5);
	assert_int_equal(ns2.at[0].clk_ms, 3723000);
	assert_int_equal(ns2.at[1].nnag, 1);
	assert_int_equal(ns2.at[1].eval_mate, 7);
	assert_string_equal(ns2.at[1].text, "Blunder. Better was b6b5, a very "
	    "long comment that must wrap over the line's end without losing "
	    "a word of it, not one {brace) either.");
	assert_true(record_note_empty(&ns2.at[2]));
	assert_int_equal(ns2.at[3].nag[0], 6);
	again = text_of_record(&g2, NULL, &ns2, NULL);
	assert_string_equal(text, again);
	free(text);
	free(again);
	game_free(&g);
	game_free(&g2);
	record_notes_free(&ns);
	record_notes_free(&ns2);
}

static void
test_bad_notes(void **state)
{
	(void)state;
	read_fails("1. d2d3 {[%eval abc]} *", "t.pgn:1: bad evaluation "
	    "[%eval abc] (pawns as 0.35 or -1.20, at most 9999; or #3, #-3)");
	read_fails("1. d2d3\n{[%eval 12345.0]} *", "t.pgn:2: bad evaluation "
	    "[%eval 12345.0] (pawns as 0.35 or -1.20, at most 9999; or #3, "
	    "#-3)");
	read_fails("1. d2d3 {[%eval 1.0,x]} *", "t.pgn:1: bad evaluation "
	    "[%eval 1.0,x] (pawns as 0.35 or -1.20, at most 9999; or #3, #-3)");
	read_fails("1. d2d3 {[%eval #0]} *", "t.pgn:1: bad evaluation "
	    "[%eval #0] (pawns as 0.35 or -1.20, at most 9999; or #3, #-3)");
	read_fails("1. d2d3 $256 *", "t.pgn:1: bad annotation $256 (NAGs are "
	    "$1 to $255)");
	read_fails("1. d2d3 $0 *", "t.pgn:1: bad annotation $0 (NAGs are "
	    "$1 to $255)");
	read_fails("\n$2 1. d2d3 *", "t.pgn:2: annotation $2 before the "
	    "first move");
	read_fails("1. d2d3 $1 $2 $3 $4 $5 $6 $7 $8 $9 *", "t.pgn:1: too "
	    "many annotations after a move (at most 8)");
	/* issue 25: a big clock overflowed sscanf's %d */
	read_fails("1. d2d3 {[%clk 99999999999999999999:00:00]} *",
	    "t.pgn:1: bad clock [%clk 99999999999999999999] (H:MM:SS, hours "
	    "at most 99999)");
	read_fails("1. d2d3\n\n{[%clk 0:61:00]} *", "t.pgn:3: bad clock "
	    "[%clk 0:61:00] (H:MM:SS, hours at most 99999)");
	read_fails("1. d2d3 {[%clk -1:00:00]} *", "t.pgn:1: bad clock "
	    "[%clk -1:00:00] (H:MM:SS, hours at most 99999)");
}

static void
test_clock_parse(void **state)
{
	int64_t ms;

	(void)state;
	assert_int_equal(record_clock_parse("0:04:58", 7, &ms), 0);
	assert_int_equal(ms, 298000);
	assert_int_equal(record_clock_parse("1:00:00.5", 9, &ms), 0);
	assert_int_equal(ms, 3600500);
	assert_int_equal(record_clock_parse("99999:59:59.999", 15, &ms), 0);
	assert_int_equal(ms, ((int64_t)99999 * 3600 + 3599) * 1000 + 999);
	assert_int_equal(record_clock_parse("100000:00:00", 12, &ms), -1);
	assert_int_equal(record_clock_parse("0:4", 3, &ms), -1);
	assert_int_equal(record_clock_parse("0:04:58.", 8, &ms), -1);
	assert_int_equal(record_clock_parse("0:04:60", 7, &ms), -1);
	assert_int_equal(record_clock_parse("0:04:58x", 8, &ms), -1);
	assert_int_equal(record_clock_parse("", 0, &ms), -1);
}

/* The old clock interface reads the clocks out of the notes. */
static void
test_clk_compat(void **state)
{
	const char *text = "1. d2d3 {[%clk 0:00:09]} d6d5 $2 2. c2c3 "
	    "{[%clk 0:01:00] ok} *";
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct game g;
	int64_t *clk;
	char err[128];

	(void)state;
	assert_int_equal(record_read_game(f, "c.pgn", 0, &g, NULL, NULL, &clk,
	    err, sizeof err), 0);
	fclose(f);
	assert_int_equal(g.nply, 3);
	assert_int_equal(clk[0], 9000);
	assert_int_equal(clk[1], -1);
	assert_int_equal(clk[2], 60000);
	free(clk);
	game_free(&g);
}

static void
test_save_and_load(void **state)
{
	char dir[300], path[400], err[600];
	struct game g, g2;
	struct record_notes ns, ns2;
	struct board b;
	FILE *f;

	(void)state;
	assert_non_null(test_mkdtemp(dir, sizeof dir, "congo-notes"));
	snprintf(path, sizeof path, "%s/a.pgn", dir);
	board_init();
	assert_int_equal(fen_read(&b, "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ"
	    " w 0 1", err, sizeof err), 0);
	game_init(&g, &b, NULL);
	assert_int_equal(game_play_text(&g, "d2d3", err, sizeof err), 0);
	record_notes_init(&ns);
	assert_int_equal(record_note_add_nag(record_notes_at(&ns, 0), 2), 0);
	assert_int_equal(record_save_notes(path, &g, NULL, &ns, err,
	    sizeof err), 0);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_int_equal(record_read_notes(f, path, 0, &g2, NULL, NULL, &ns2,
	    err, sizeof err), 0);
	fclose(f);
	assert_int_equal(ns2.at[0].nag[0], 2);
	assert_string_equal(record_nag_symbol(2), "?");
	assert_string_equal(record_nag_symbol(4), "??");
	assert_string_equal(record_nag_symbol(6), "?!");
	assert_null(record_nag_symbol(7));
	unlink(path);
	rmdir(dir);
	game_free(&g);
	game_free(&g2);
	record_notes_free(&ns);
	record_notes_free(&ns2);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_read_annotations),
	cmocka_unit_test(test_round_trip),
	cmocka_unit_test(test_suffixes),
	cmocka_unit_test(test_bad_notes),
	cmocka_unit_test(test_clock_parse),
	cmocka_unit_test(test_clk_compat),
	cmocka_unit_test(test_save_and_load))
