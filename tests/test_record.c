/*
 * test_record.c: game records: round trips (start position, custom FEN,
 * monkey chains, finished games), the reader's tolerance of layout, and
 * every error with its file:line.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "record/record.h"
#include "test_record_util.h"
#include "test_tmp.h"
#include "test_main.h"

#define CHAIN_FEN "3l3/7/7/7/4p2/2p4/1M1L3 w 0 1"

/* Reading text must succeed. */
static void
read_ok(const char *text, struct game *g, struct record_tags *t)
{
	char err[256];

	if (record_of_text(text, g, t, NULL, err, sizeof err) != 0)
		fail_msg("%s", err);
}

static void
start_game(struct game *g, const char *fen)
{
	struct board b;
	char err[128];

	board_init();
	assert_int_equal(fen_read(&b, fen, err, sizeof err), 0);
	game_init(g, &b, NULL);
}

static void
play(struct game *g, const char *text)
{
	char err[128];

	if (game_play_text(g, text, err, sizeof err) != 0)
		fail_msg("%s: %s", text, err);
}

/* Write g, read it back, and check it is the same game. Returns the text. */
static char *
round_trip(const struct game *g, const struct record_tags *t)
{
	struct game h;
	struct record_tags back;
	char err[256], f1[FEN_MAX], f2[FEN_MAX];
	char *text = text_of_record(g, t, NULL, NULL);
	int i;

	if (record_of_text(text, &h, &back, NULL, err, sizeof err) != 0)
		fail_msg("%s\n---\n%s", err, text);
	assert_int_equal(h.nply, g->nply);
	for (i = 0; i < g->nply; i++)
		assert_true(h.moves[i] == g->moves[i]);
	assert_int_equal(h.result, g->result);
	assert_int_equal(h.reason, g->reason);
	fen_write(&g->pos[0], f1, sizeof f1);
	fen_write(&h.pos[0], f2, sizeof f2);
	assert_string_equal(f1, f2);
	fen_write(game_board(g), f1, sizeof f1);
	fen_write(game_board(&h), f2, sizeof f2);
	assert_string_equal(f1, f2);
	for (i = 0; t != NULL && i < t->n; i++) {
		const char *v = record_tag_get(&back, t->name[i]);
		if (strcmp(t->name[i], "Result") == 0 ||
		    strcmp(t->name[i], "Termination") == 0 ||
		    strcmp(t->name[i], "FEN") == 0 ||
		    strcmp(t->name[i], "Variant") == 0)
			continue;
		assert_non_null(v);
		assert_string_equal(v, t->value[i]);
	}
	/* Every line fits in 79 columns. */
	for (const char *p = text; *p != '\0'; ) {
		const char *nl = strchr(p, '\n');
		assert_non_null(nl);
		assert_true(nl - p <= 79);
		p = nl + 1;
	}
	/* Writing the read game gives the same text. */
	char *again = text_of_record(&h, &back, NULL, NULL);
	assert_string_equal(again, text);
	free(again);
	game_free(&h);
	return text;
}

static void
test_tags(void **state)
{
	struct record_tags t;
	char big[300];

	(void)state;
	t.n = 0;
	record_tag_set(&t, "Event", "x");
	record_tag_set(&t, "Event", "y");
	assert_int_equal(t.n, 1);
	assert_string_equal(record_tag_get(&t, "Event"), "y");
	assert_null(record_tag_get(&t, "Site"));
	/* Long values are cut on a UTF-8 boundary. */
	memset(big, 0, sizeof big);
	for (int i = 0; i < 100; i++)
		strcat(big, "\xc3\xa9");	/* e acute, 2 bytes */
	record_tag_set(&t, "Site", big);
	assert_int_equal(strlen(record_tag_get(&t, "Site")), 126);
	for (int i = 0; i < 40; i++) {
		char name[16];
		snprintf(name, sizeof name, "T%d", i);
		record_tag_set(&t, name, "v");
	}
	assert_int_equal(t.n, RECORD_TAG_MAX);

	record_tags_default(&t, "human", NULL);
	assert_string_equal(record_tag_get(&t, "Event"), "Casual game");
	assert_string_equal(record_tag_get(&t, "White"), "human");
	assert_string_equal(record_tag_get(&t, "Black"), "?");
	assert_int_equal(strlen(record_tag_get(&t, "Date")), 10);
}

static void
test_write_start(void **state)
{
	struct game g;
	struct record_tags t;
	char *text;

	(void)state;
	start_game(&g, FEN_START);
	t.n = 0;
	record_tag_set(&t, "Black", "alphabeta 1000ms");
	record_tag_set(&t, "Annotator", "me \"quoted\" \\ x");
	record_tag_set(&t, "White", "human");
	record_tag_set(&t, "Event", "Casual game");
	record_tag_set(&t, "Date", "2026.11.21");
	record_tag_set(&t, "Result", "1-0");	/* the game's own wins */
	play(&g, "d2d3");
	play(&g, "d6d5");
	play(&g, "c2c3");
	text = round_trip(&g, &t);
	assert_string_equal(text,
	    "[Event \"Casual game\"]\n"
	    "[Date \"2026.11.21\"]\n"
	    "[White \"human\"]\n"
	    "[Black \"alphabeta 1000ms\"]\n"
	    "[Variant \"Congo\"]\n"
	    "[Result \"*\"]\n"
	    "[Annotator \"me \\\"quoted\\\" \\\\ x\"]\n"
	    "\n"
	    "1. d2d3 d6d5 2. c2c3 *\n");
	free(text);

	/* No moves and no tags: the roster is filled with "?". */
	game_free(&g);
	start_game(&g, FEN_START);
	text = round_trip(&g, NULL);
	assert_string_equal(text,
	    "[Event \"?\"]\n"
	    "[Date \"????.??.??\"]\n"
	    "[White \"?\"]\n"
	    "[Black \"?\"]\n"
	    "[Variant \"Congo\"]\n"
	    "[Result \"*\"]\n"
	    "\n"
	    "*\n");
	free(text);

	/* Undone moves (kept for redo) are not written. */
	game_free(&g);
	start_game(&g, FEN_START);
	play(&g, "d2d3");
	play(&g, "d6d5");
	assert_int_equal(game_undo(&g), 0);
	text = text_of_record(&g, NULL, NULL, NULL);
	assert_non_null(strstr(text, "\n1. d2d3 *\n"));
	free(text);
	game_free(&g);
}

/* A long game, moves chosen deterministically, to test wrapping. */
static void
test_long_game(void **state)
{
	struct game g;
	struct movelist ml;
	char *text;

	(void)state;
	start_game(&g, FEN_START);
	for (int i = 0; i < 150 && !game_over(&g); i++) {
		char err[128];
		movegen_legal(game_board(&g), &ml);
		assert_true(ml.n > 0);
		assert_int_equal(game_play(&g, ml.moves[(i * 7 + 3) % ml.n],
		    err, sizeof err), 0);
	}
	assert_true(g.nply > 20);
	text = round_trip(&g, NULL);
	free(text);
	game_free(&g);
}

static void
test_custom_fen_and_chain(void **state)
{
	struct game g;
	struct record_tags t;
	char *text;

	(void)state;
	start_game(&g, CHAIN_FEN);
	play(&g, "b1d3f3");	/* the monkey takes c2 and e3 */
	assert_int_equal(g.result, RESULT_NONE);
	t.n = 0;
	record_tag_set(&t, "Event", "chain");
	text = round_trip(&g, &t);
	assert_non_null(strstr(text, "[FEN \"" CHAIN_FEN "\"]\n"));
	assert_non_null(strstr(text, "\n1. b1d3f3 *\n"));
	free(text);
	game_free(&g);

	/* Black to move first, and a move number other than 1. */
	start_game(&g, "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 3 12");
	play(&g, "d6d5");
	play(&g, "d3d4");
	play(&g, "c6c5");
	text = round_trip(&g, NULL);
	assert_non_null(strstr(text, "\n12... d6d5 13. d3d4 c6c5 *\n"));
	free(text);
	game_free(&g);
}

static void
test_finished_games(void **state)
{
	struct game g;
	char *text;

	(void)state;
	/* Lion captured. */
	start_game(&g, "3l3/7/7/7/7/7/3L3 w 0 1");
	play(&g, "d1d7");
	assert_int_equal(g.result, RESULT_WHITE_WINS);
	text = round_trip(&g, NULL);
	assert_non_null(strstr(text, "[Result \"1-0\"]\n"
	    "[Termination \"lion-captured\"]\n"));
	assert_non_null(strstr(text, "\n1. d1d7 1-0\n"));
	free(text);
	game_free(&g);

	/* Over before any move: bare lions. */
	start_game(&g, "2l4/7/7/7/7/7/3L3 w 0 1");
	assert_int_equal(g.result, RESULT_DRAW);
	text = round_trip(&g, NULL);
	assert_non_null(strstr(text, "[Termination \"bare-lions\"]\n"));
	assert_non_null(strstr(text, "\n1/2-1/2\n"));
	free(text);
	game_free(&g);

	/* Resigned and agreed games come back as such. */
	start_game(&g, FEN_START);
	play(&g, "d2d3");
	game_resign(&g, BLACK);
	text = round_trip(&g, NULL);
	assert_non_null(strstr(text, "[Termination \"resign\"]\n"));
	assert_non_null(strstr(text, "1. d2d3 1-0\n"));
	free(text);
	game_free(&g);
	/* Lost on the clock (congo --match, a flag fallen): PGN's "time
	 * forfeit" as the caller names it, not "resign" (issue 34); read
	 * back as a win the rules did not give. A time forfeit claimed for
	 * a game the rules ended is not written. */
	{
		struct record_tags tf;
		start_game(&g, FEN_START);
		play(&g, "d2d3");
		game_resign(&g, WHITE);
		record_tags_default(&tf, "a", "b");
		record_tag_set(&tf, "Termination", "time forfeit");
		text = text_of_record(&g, &tf, NULL, NULL);
		assert_non_null(strstr(text, "[Termination \"time forfeit\"]\n"));
		assert_non_null(strstr(text, "1. d2d3 0-1\n"));
		free(text);
		record_tag_set(&tf, "Termination", "time-forfeit");
		text = text_of_record(&g, &tf, NULL, NULL);
		assert_non_null(strstr(text, "[Termination \"time forfeit\"]\n"));
		free(text);
		game_free(&g);
		start_game(&g, "2l4/7/7/7/7/7/3L3 w 0 1");
		text = text_of_record(&g, &tf, NULL, NULL);
		assert_non_null(strstr(text, "[Termination \"bare-lions\"]\n"));
		free(text);
		game_free(&g);
	}
	start_game(&g, FEN_START);
	game_agree_draw(&g);
	text = round_trip(&g, NULL);
	assert_non_null(strstr(text, "[Termination \"agreement\"]\n"));
	free(text);
	game_free(&g);
}

static void expect_error(const char *text, int line, const char *msg);

/* Every ending the program knows survives a record written and read
 * back: its reason, and the Termination it is written as (issue 57: a
 * loss on time came back as a resignation). */
static void
test_every_ending(void **state)
{
	static const struct {
		enum game_result r;
		enum game_reason why;
		const char *term, *tail;
	} end[] = {
		{ RESULT_BLACK_WINS, REASON_RESIGN, "resign", "0-1" },
		{ RESULT_DRAW, REASON_AGREEMENT, "agreement", "1/2-1/2" },
		{ RESULT_BLACK_WINS, REASON_TIME, "time forfeit", "0-1" },
		{ RESULT_WHITE_WINS, REASON_TIME, "time forfeit", "1-0" },
		{ RESULT_WHITE_WINS, REASON_ABANDONED, "abandoned", "1-0" },
		{ RESULT_WHITE_WINS, REASON_ADJUDICATED, "adjudication", "1-0" },
		{ RESULT_DRAW, REASON_ADJUDICATED, "adjudication", "1/2-1/2" },
	};
	struct game g;
	struct record_tags t;
	char err[256], want[64];
	char *text;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof end / sizeof end[0]; i++) {
		start_game(&g, FEN_START);
		play(&g, "d2d3");
		game_end(&g, end[i].r, end[i].why);
		text = round_trip(&g, NULL);
		snprintf(want, sizeof want, "[Termination \"%s\"]\n",
		    end[i].term);
		assert_non_null(strstr(text, want));
		snprintf(want, sizeof want, "1. d2d3 %s\n", end[i].tail);
		assert_non_null(strstr(text, want));
		free(text);
		game_free(&g);
	}
	/* The rules' own endings too (lion captured, bare lions:
	 * test_finished_games); a game over by them keeps their reason
	 * whatever else is asked. */
	start_game(&g, "2l4/7/7/7/7/7/3L3 w 0 1");
	game_end(&g, RESULT_WHITE_WINS, REASON_TIME);
	assert_int_equal(g.reason, REASON_BARE_LIONS);
	game_free(&g);

	/* As written before: "time-forfeit", and congo-server's records
	 * with [Termination "none"] and the reason in ServerTermination. */
	assert_int_equal(record_of_text("[Result \"0-1\"]\n[Termination "
	    "\"time-forfeit\"]\n1. d2d3 0-1\n", &g, &t, NULL, err,
	    sizeof err), 0);
	assert_int_equal(g.reason, REASON_TIME);
	game_free(&g);
	assert_int_equal(record_of_text("[Result \"1-0\"]\n[Termination "
	    "\"none\"]\n[ServerTermination \"time\"]\n1. d2d3 1-0\n", &g,
	    &t, NULL, err, sizeof err), 0);
	assert_int_equal(g.result, RESULT_WHITE_WINS);
	assert_int_equal(g.reason, REASON_TIME);
	game_free(&g);
	assert_int_equal(record_of_text("[Result \"1-0\"]\n"
	    "[ServerTermination \"abandoned\"]\n1. d2d3 1-0\n", &g, &t, NULL,
	    err, sizeof err), 0);
	assert_int_equal(g.reason, REASON_ABANDONED);
	game_free(&g);
	/* Not a draw on time, nor an abandoned draw. */
	expect_error("[Termination \"time forfeit\"]\n1. d2d3 1/2-1/2\n", 1,
	    "Termination \"time forfeit\" disagrees with the game (not over "
	    "by that rule; a draw here is by agreement or adjudication)");
}

static void
test_tolerant_reading(void **state)
{
	struct game g;
	struct record_tags t;
	char err[256];

	(void)state;
	read_ok("\xef\xbb\xbf% an escape line\n"
	    "[Event\n \"spread\"\n]   ; a comment\n"
	    "[Site \"a \\\"b\\\"\"]\r\n"
	    "{ a comment\n over lines }\n"
	    "1.D2D3 {inline} d6d5 $1 2.\n"
	    "c2c3 2... c6c5\n"
	    "3. e2e3 3. ... ; nothing\n"
	    "e6e5 *\n"
	    "{ trailing }\n", &g, &t);
	assert_int_equal(g.nply, 6);
	assert_string_equal(record_tag_get(&t, "Event"), "spread");
	assert_string_equal(record_tag_get(&t, "Site"), "a \"b\"");
	game_free(&g);

	/* No move numbers, no result, no tags. */
	assert_int_equal(record_of_text("d2d3 d6d5\n", &g, NULL, NULL, err,
	    sizeof err),
	    0);
	assert_int_equal(g.nply, 2);
	game_free(&g);

	/* A win the rules did not produce is a resignation. */
	assert_int_equal(record_of_text("[Result \"0-1\"]\n1. d2d3 0-1\n", &g,
	    &t, NULL, err, sizeof err), 0);
	assert_int_equal(g.result, RESULT_BLACK_WINS);
	assert_int_equal(g.reason, REASON_RESIGN);
	game_free(&g);
	assert_int_equal(record_of_text("1. d2d3 1/2-1/2\n", &g, &t, NULL, err,
	    sizeof err), 0);
	assert_int_equal(g.reason, REASON_AGREEMENT);
	game_free(&g);

	/* The rules passed in are the game's. */
	{
		struct game_rules r = { false, 7 };
		FILE *f = fmemopen((void *)"d2d3", 4, "r");
		assert_int_equal(record_read(f, "x", &g, NULL, &r, err,
		    sizeof err), 0);
		fclose(f);
		assert_int_equal(g.rules.quiet_plies, 7);
		assert_false(g.rules.repetition);
		game_free(&g);
	}
}

/* Expect "t.pgn:LINE: msg" and a zeroed game. */
static void
expect_error(const char *text, int line, const char *msg)
{
	struct game g;
	struct record_tags t;
	char err[512], want[512];

	if (record_of_text(text, &g, &t, NULL, err, sizeof err) == 0)
		fail_msg("no error for:\n%s", text);
	snprintf(want, sizeof want, "t.pgn:%d: %s", line, msg);
	assert_string_equal(err, want);
	assert_null(g.pos);
	assert_null(g.moves);
	assert_int_equal(g.nply, 0);
	game_free(&g);	/* harmless on the zeroed game */
}

static void
test_errors(void **state)
{
	char fenmsg[256], want[300];
	struct board b;

	(void)state;
	/* Tag syntax. */
	expect_error("[Event \"x\"]\n[Site x\"]\n", 2,
	    "bad tag [Site: the value must be in double quotes");
	expect_error("\n[ \"x\"]\n", 2, "bad tag: a name is expected after '['");
	expect_error("[Event \"x\"\n1. d2d3\n", 2,
	    "bad tag [Event \"x\": ']' expected");
	expect_error("[Event \"x\n\"]\n", 1,
	    "bad tag [Event: unterminated value (no closing '\"' on the line)");
	expect_error("[Event \"x\"]\n[Event \"y\"]\n", 2, "duplicate tag [Event]");
	expect_error("[Variant \"Chess\"]\n", 1,
	    "unknown variant \"Chess\" (congo or megapawn)");
	expect_error("[A1 \"\"][A2 \"\"][A3 \"\"][A4 \"\"][A5 \"\"][A6 \"\"]\n"
	    "[A7 \"\"][A8 \"\"][A9 \"\"][B1 \"\"][B2 \"\"][B3 \"\"][B4 \"\"]\n"
	    "[B5 \"\"][B6 \"\"][B7 \"\"]\n[B8 \"\"]\n", 4,
	    "too many tags (at most 16)");
	expect_error("[Result \"2-0\"]\n", 1,
	    "bad Result \"2-0\" (1-0, 0-1, 1/2-1/2 or *)");

	/* A bad FEN, with fen_read's own message. */
	board_init();
	assert_int_equal(fen_read(&b, "xyz w", fenmsg, sizeof fenmsg), -1);
	snprintf(want, sizeof want, "bad FEN: %s", fenmsg);
	expect_error("[Event \"x\"]\n\n[FEN \"xyz w\"]\n1. d2d3\n", 3, want);

	/* Moves. */
	expect_error("1. d2d3 d6d5\n2. c2c3 c6c5\n3. d2d5\n", 3,
	    "d2d5 is not a legal move");
	expect_error("1. d2d3 d6d5\n\n4. c2c3\n", 3,
	    "move number 2 expected, not 4");
	expect_error("1. d2d3 d6d5 2. c2c3 c6c5 3... e2e3 4. f2f3\n", 1,
	    "move number 3 expected, not 4");
	expect_error("99999999999999999999. d2d3\n", 1,
	    "move number 1 expected, not 99999999999999999999");
	expect_error("1. d2d3\n d6d5 q9q9\n", 2,
	    "'q9' in 'q9q9' is not a square");
	expect_error("1. ... d2d3\n", 1, "'...' but White is to move");
	/* Variations read (test_record_tree); a malformed one is named. */
	expect_error("1. d2d3 (1. d2d3) d6d5\n", 1,
	    "the variation repeats the move it replaces (d2d3)");
	expect_error("1. d2d3\n[Event \"late\"]\n", 2,
	    "tags must come before the moves");

	/* Comments. */
	expect_error("1. d2d3\n{ never\nclosed\n", 2,
	    "unterminated comment ('{' without '}')");

	/* The result. */
	expect_error("[FEN \"3l3/7/7/7/7/7/3L3 w 0 1\"]\n[Result \"0-1\"]\n"
	    "1. d1d7\n", 2,
	    "the result 0-1 disagrees with the game (White wins: lion captured)");
	expect_error("[FEN \"3l3/7/7/7/7/7/3L3 w 0 1\"]\n\n1. d1d7 *\n", 3,
	    "the result * disagrees with the game (White wins: lion captured)");
	expect_error("[Result \"1-0\"]\n1. d2d3\n0-1\n", 3,
	    "the result 0-1 disagrees with the Result tag \"1-0\" (line 1)");
	expect_error("[FEN \"3l3/7/7/7/7/7/3L3 w 0 1\"]\n1. d1d7 d7d6\n", 2,
	    "d7d6 after the end of the game (White wins: lion captured)");
	expect_error("1. d2d3 *\n d6d5\n", 2, "text after the result *");
	expect_error("[Termination \"lion-captured\"]\n1. d2d3 1-0\n", 1,
	    "Termination \"lion-captured\" disagrees with the game (not over "
	    "by that rule; a win here is by resignation, time forfeit, "
	    "abandonment or adjudication)");
	expect_error("[Termination \"repetition\"]\n1. d2d3\n", 1,
	    "Termination \"repetition\" but the game is not over");
	expect_error("[FEN \"3l3/7/7/7/7/7/3L3 w 0 1\"]\n[Termination \"resign\"]"
	    "\n1. d1d7\n", 2, "Termination \"resign\" disagrees with the game "
	    "(White wins: lion captured)");

	/* Too long, stray, unprintable. */
	{
		char text[400];
		memset(text, 0, sizeof text);
		text[0] = '[';
		memset(text + 1, 'N', 40);
		strcat(text, " \"x\"]\n");
		expect_error(text, 1, "bad tag: name too long (at most 31 "
		    "characters)");
		strcpy(text, "[Event \"");
		memset(text + 8, 'v', 200);
		strcat(text, "\"]\n");
		expect_error(text, 1, "bad tag [Event: value too long (at most "
		    "127 bytes)");
		strcpy(text, "1. d2d3 ");
		memset(text + 8, 'z', 80);
		strcat(text, "\n");
		expect_error(text, 1, "'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...' "
		    "is not a move");
	}
	expect_error("1. d2d3 ] d6d5\n", 1, "unexpected ']'");
	expect_error("[Event \"x\x01\" x]\n", 1, "bad tag [Event \"x\\x01\": "
	    "']' expected");
	expect_error("[Termination \"lion-captured\"]\n1. d2d3 1/2-1/2\n", 1,
	    "Termination \"lion-captured\" disagrees with the game (not over "
	    "by that rule; a draw here is by agreement or adjudication)");
	/* A byte-order mark before the first tag is passed over. */
	{
		struct game g;
		struct record_tags t;
		char err[256];
		assert_int_equal(record_of_text("\xef\xbb\xbf[Event \"bom\"]\n"
		    "1. d2d3 *\n", &g, &t, NULL, err, sizeof err), 0);
		assert_string_equal(record_tag_get(&t, "Event"), "bom");
		assert_int_equal(g.nply, 1);
		game_free(&g);
	}

	/* Not a game at all. */
	expect_error("", 1, "no game in the file (no tags, no moves)");
	expect_error("\n{just a comment}\n\n", 4,
	    "no game in the file (no tags, no moves)");
}

static void
test_binary(void **state)
{
	struct game g;
	char err[256];
	static const char bin[] = "[Event \"x\"]\n\n1. d2\0d3\n";
	FILE *f = fmemopen((void *)bin, sizeof bin - 1, "r");

	(void)state;
	assert_int_equal(record_read(f, "b.pgn", &g, NULL, NULL, err,
	    sizeof err), -1);
	fclose(f);
	assert_string_equal(err, "b.pgn:3: not a text file (a NUL byte)");
}

static char tmpdir[256];

static int
setup(void **state)
{
	(void)state;
	return test_mkdtemp(tmpdir, sizeof tmpdir, "congo-test-record") ==
	    NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	(void)state;
	return test_rmdir(tmpdir);
}

static void
test_files(void **state)
{
	struct game g, h;
	struct record_tags t;
	char dir[512], path[700], err[1024], want[1024], name[64];
	struct stat st;

	(void)state;
	/* The folder: XDG_DATA_HOME, else ~/.local/share, else save_dir. */
	snprintf(dir, sizeof dir, "%s/data", tmpdir);
	setenv("XDG_DATA_HOME", dir, 1);
	setenv("HOME", tmpdir, 1);
	assert_int_equal(record_dir("", path, sizeof path, err, sizeof err), 0);
	snprintf(want, sizeof want, "%s/data/congo", tmpdir);
	assert_string_equal(path, want);
	assert_int_equal(stat(want, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	unsetenv("XDG_DATA_HOME");
	assert_int_equal(record_dir(NULL, path, sizeof path, err, sizeof err),
	    0);
	snprintf(want, sizeof want, "%s/.local/share/congo", tmpdir);
	assert_string_equal(path, want);
	assert_int_equal(record_dir("~/games/congo/", path, sizeof path, err,
	    sizeof err), 0);
	snprintf(want, sizeof want, "%s/games/congo", tmpdir);
	assert_string_equal(path, want);
	assert_int_equal(stat(want, &st), 0);

	record_default_name(name, sizeof name);
	assert_int_equal(strncmp(name, "congo-", 6), 0);
	assert_non_null(strstr(name, ".pgn"));

	/* Save and load. */
	start_game(&g, CHAIN_FEN);
	play(&g, "b1d3f3");
	record_tags_default(&t, "human", "random");
	snprintf(path, sizeof path, "%s/games/congo/%s", tmpdir, name);
	assert_int_equal(record_save(path, &g, &t, err, sizeof err), 0);
	assert_int_equal(record_load(path, &h, &t, NULL, err, sizeof err), 0);
	assert_int_equal(h.nply, 1);
	assert_true(h.moves[0] == g.moves[0]);
	assert_string_equal(record_tag_get(&t, "Black"), "random");
	game_free(&h);

	/* Errors name the file. */
	snprintf(path, sizeof path, "%s/no/such/dir/x.pgn", tmpdir);
	assert_int_equal(record_save(path, &g, &t, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s: No such file or directory", path);
	assert_string_equal(err, want);
	assert_int_equal(record_load(path, &h, &t, NULL, err, sizeof err), -1);
	assert_string_equal(err, want);
	assert_null(h.pos);
	snprintf(path, sizeof path, "%s/bad.pgn", tmpdir);
	{
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs("[Event \"x\"]\n\n1. d2d3 d6d5\n2. d3d4 d7d6 3. e1e5\n", f);
		fclose(f);
	}
	assert_int_equal(record_load(path, &h, &t, NULL, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:4: e1e5 is not a legal move", path);
	assert_string_equal(err, want);
	/* A file where a folder is expected. */
	assert_int_equal(record_dir(path, dir, sizeof dir, err, sizeof err), -1);
	game_free(&g);
}

/*
 * A record read with 16 tags of its own gets Event, Date, White, Black,
 * Variant and Result added when written: what is written must still be a
 * record the reader takes (at most 16 tags), keeping the first of its own.
 * (Found by tests/fuzz/fuzz_record.)
 */
static void
test_many_tags_round_trip(void **state)
{
	struct record_tags t, back;
	struct game g, h;
	char text[2048] = "", *out;
	int i;

	(void)state;
	for (i = 0; i < RECORD_TAG_MAX; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
		    "[T%d \"v%d\"]\n", i, i);
	strcat(text, "\n1. d2d3 *\n");
	read_ok(text, &g, &t);
	assert_int_equal(t.n, RECORD_TAG_MAX);
	out = text_of_record(&g, &t, NULL, NULL);
	read_ok(out, &h, &back);
	assert_int_equal(back.n, RECORD_TAG_MAX);
	assert_int_equal(h.nply, 1);
	assert_string_equal(record_tag_get(&back, "Event"), "?");
	assert_string_equal(record_tag_get(&back, "T0"), "v0");
	assert_string_equal(record_tag_get(&back, "T9"), "v9");
	assert_null(record_tag_get(&back, "T10"));
	free(out);
	game_free(&g);
	game_free(&h);
}

/* (Added) Each move's clock as PGN's %clk, and files of several games. */
static void
count_each(void *ctx, int index, const struct game *g,
    const struct record_tags *t)
{
	int *n = ctx;

	(void)g;
	(void)t;
	assert_int_equal(index, *n + 1);
	(*n)++;
}

static void
test_clocks_and_several_games(void **state)
{
	static const char two[] = "[White \"a\"]\n\n1. d2d3 d6d5 *\n\n"
	    "[White \"b\"]\n\n1. a2a3 {[%clk 0:04:58.5]} 1-0\n";
	struct game g, h;
	struct record_tags t;
	int64_t clk[2] = { 298000, -1 }, *got = NULL;
	char *text, path[400], err[256];
	FILE *f;
	int n = 0;

	(void)state;
	read_ok("1. d2d3 d6d5 *", &g, NULL);
	memset(&t, 0, sizeof t);
	{
		size_t len = 0;
		text = NULL;
		f = open_memstream(&text, &len);
		assert_int_equal(record_write_clk(f, &g, &t, clk), 0);
		fclose(f);
	}
	assert_non_null(strstr(text, "1. d2d3 {[%clk 0:04:58]} d6d5 *"));
	f = fmemopen(text, strlen(text), "r");
	assert_int_equal(record_read_game(f, "c.pgn", 0, &h, NULL, NULL,
	    &got, err, sizeof err), 0);
	fclose(f);
	assert_non_null(got);
	assert_int_equal(got[0], 298000);
	assert_int_equal(got[1], -1);
	free(got);
	game_free(&h);
	free(text);
	game_free(&g);

	/* Two games: the first read alone is an error that says how to
	 * pick; game 2 by its number; a game 3 that is not there. */
	assert_int_equal(record_of_text(two, &g, &t, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "several games"));
	f = fmemopen((void *)two, strlen(two), "r");
	assert_int_equal(record_read_game(f, "two.pgn", 2, &g, &t, NULL, &got,
	    err, sizeof err), 0);
	fclose(f);
	assert_string_equal(record_tag_get(&t, "White"), "b");
	assert_int_equal(g.nply, 1);
	assert_int_equal(got[0], 298500);
	free(got);
	game_free(&g);
	f = fmemopen((void *)two, strlen(two), "r");
	assert_int_equal(record_read_game(f, "two.pgn", 3, &g, &t, NULL, NULL,
	    err, sizeof err), -1);
	fclose(f);
	assert_non_null(strstr(err, "no game 3: the file holds 2"));
	snprintf(path, sizeof path, "%s/two.pgn", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(two, f);
	fclose(f);
	assert_int_equal(record_count_games(path, err, sizeof err), 2);
	assert_int_equal(record_list(path, count_each, &n, NULL, err,
	    sizeof err), 2);
	assert_int_equal(n, 2);
	assert_int_equal(record_count_games("/nonexistent/x", err,
	    sizeof err), -1);
}

/* [Variant "megapawn"]: read, written as "Megapawn", read back, its start needs no FEN tag;
 * the moves are checked by its rules; no tag means Congo. */
static void
test_megapawn(void **state)
{
	static const char text[] = "[Event \"x\"]\n[Variant \"megapawn\"]\n\n"
	    "1. a1a2 d7c6 2. a2a1 c6d7 1-0\n";
	struct game g, h;
	struct board b;
	struct record_tags t;
	char err[256], *out;

	(void)state;
	/* A repetition loss read and written back. */
	read_ok(text, &g, &t);
	assert_int_equal(g.variant, VARIANT_MEGAPAWN);
	assert_int_equal(g.nply, 4);
	assert_int_equal(g.result, RESULT_WHITE_WINS);
	assert_int_equal(g.reason, REASON_REPETITION);
	out = round_trip(&g, NULL);
	/* Capitalised as "Congo" is (issue 34); the old lower case reads. */
	assert_non_null(strstr(out, "[Variant \"Megapawn\"]\n"));
	assert_null(strstr(out, "[FEN "));
	assert_non_null(strstr(out, "[Termination \"repetition\"]\n"));
	free(out);
	game_free(&g);
	/* Any case; a FEN of the variant, with a Megapawn. */
	read_ok("[Variant \"MegaPawn\"]\n[FEN \"3lq2/7/7/7/7/7/3L3 w 0 1\"]\n"
	    "1. d1d2 e7c5 *\n", &g, &t);
	assert_int_equal(g.variant, VARIANT_MEGAPAWN);
	out = text_of_record(&g, NULL, NULL, NULL);
	assert_non_null(strstr(out, "[FEN \"3lq2/7/7/7/7/7/3L3 w 0 1\"]\n"));
	read_ok(out, &h, NULL);
	assert_int_equal(h.variant, VARIANT_MEGAPAWN);
	assert_int_equal(h.nply, 2);
	free(out);
	game_free(&g);
	game_free(&h);
	/* The same moves in Congo: a second occurrence, the game goes on. */
	read_ok("[FEN \"3l3/7/7/7/7/7/E2L3 w 0 1\"]\n1. a1a2 d7c6 2. a2a1 "
	    "c6d7 *\n", &g, &t);
	assert_int_equal(g.variant, VARIANT_CONGO);
	assert_int_equal(g.result, RESULT_NONE);
	game_free(&g);
	/* Each variant refuses the other's pieces, naming the line. */
	expect_error("[Variant \"megapawn\"]\n[FEN \"3ls2/7/7/7/7/7/3L3 w 0 1\"]"
	    "\n", 2, "bad FEN: the superpawn 's' is not a piece of the "
	    "megapawn variant");
	expect_error("[FEN \"3lq2/7/7/7/7/7/3L3 w 0 1\"]\n", 1, "bad FEN: the "
	    "megapawn 'q' is not a piece of the congo variant");
	/* A megapawn rule in the moves: no retreat for the mPawn. */
	expect_error("[Variant \"megapawn\"]\n[FEN \"3l3/7/1P5/7/7/7/4L2 w 0 1\"]"
	    "\n1. b5b4\n", 3, "b5b4 is not a legal move");
	/* A Congo game still writes "Congo". */
	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	game_init(&g, &b, NULL);
	out = text_of_record(&g, NULL, NULL, NULL);
	assert_non_null(strstr(out, "[Variant \"Congo\"]\n"));
	free(out);
	game_free(&g);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_tags),
	cmocka_unit_test(test_write_start),
	cmocka_unit_test(test_long_game),
	cmocka_unit_test(test_custom_fen_and_chain),
	cmocka_unit_test(test_finished_games),
	cmocka_unit_test(test_every_ending),
	cmocka_unit_test(test_tolerant_reading),
	cmocka_unit_test(test_errors),
	cmocka_unit_test(test_megapawn),
	cmocka_unit_test(test_binary),
	cmocka_unit_test(test_many_tags_round_trip),
	cmocka_unit_test_setup_teardown(test_files, setup, teardown),
	cmocka_unit_test_setup_teardown(test_clocks_and_several_games,
	    setup, teardown))
