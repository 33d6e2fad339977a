/*
 * test_session_editor.c: the board editor's model (issue 24) driven
 * without a terminal: opened on the position shown, pieces put, replaced
 * and taken, side and variant, an empty board and the start; each illegal
 * set-up refused when leaving with its problem named, the game under it
 * untouched; a legal one played through the new-game dialog or analysed;
 * :fen shows (for the clipboard) and reads the editor's position.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "session/session.h"
#include "session/session_editor.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "test_session_util.h"
#include "test_tmp.h"
#include "test_main.h"

static void
start(struct session *s)
{
	struct congo_conf c;

	tsu_conf(&c, "human", "ai");
	c.black.movetime_ms = 50;
	c.black.depth = 0;
	tsu_start(s, &c, NULL, tsu_now_fixed);
}

static void
put(struct session *s, const char *sq, char letter)
{
	session_edit_goto(s, board_sq_parse(sq));
	assert_int_equal(session_edit_put(s, letter), 0);
}

static uint8_t
at(const struct session *s, const char *sq)
{
	return s->edit.b.sq[board_sq_parse(sq)];
}

static void
fen_of(const struct board *b, char *buf)
{
	fen_write(b, buf, FEN_MAX);
}

/* The editor over a timed game pauses its clock, leaving it lets it run
 * again; its analysis board has no clock (the game's is the next game's)
 * (issue 57). */
static void
test_editor_pauses_the_clock(void **state)
{
	struct session s;
	struct congo_conf c;
	int64_t w;

	(void)state;
	tsu_conf(&c, "human", "human");
	tsu_ms = 100000;
	tsu_start(&s, &c, NULL, tsu_now);
	assert_int_equal(session_set_clock(&s, "5+0"), 0);
	session_new_game(&s, &s.start);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	tsu_ms += 1000;
	w = session_clock_left(&s, WHITE);
	assert_int_equal(w, 299000);          /* White's runs */
	tsu_cmd(&s, CMD_EDIT, NULL);
	assert_true(s.edit.open);
	assert_non_null(strstr(s.msg.text, "the game's clock is paused"));
	tsu_ms += 60000;
	assert_int_equal(session_clock_left(&s, WHITE), w);
	session_tick(&s);
	assert_false(game_over(&s.game));
	session_edit_cancel(&s);
	assert_false(s.paused);
	tsu_ms += 1000;
	assert_int_equal(session_clock_left(&s, WHITE), w - 1000);

	/* Its analysis board: no clock; the next game has the game's. */
	tsu_cmd(&s, CMD_EDIT, NULL);
	assert_int_equal(session_edit_analyse(&s), 0);
	assert_true(s.asking);
	session_answer(&s, true);
	assert_false(s.edit.open);
	assert_false(s.clocked);
	assert_false(s.paused);
	tsu_ms += 600000;
	session_tick(&s);
	assert_false(game_over(&s.game));
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	assert_true(s.clocked);
	assert_int_equal(s.tc_base, 300000);
	session_free(&s);
}

static void
test_open_edit_cancel(void **state)
{
	struct session s;
	char before[FEN_MAX], now[FEN_MAX];

	(void)state;
	start(&s);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	fen_of(game_board(&s.game), before);
	tsu_cmd(&s, CMD_EDIT, NULL);
	assert_true(s.edit.open);
	fen_of(&s.edit.b, now);
	assert_string_equal(now, before);
	/* Put, replace, the same again empties, x empties. */
	put(&s, "a3", 'Z');
	assert_int_equal(at(&s, "a3"), PIECE_MAKE(WHITE, ZEBRA));
	put(&s, "a3", 'z');
	assert_int_equal(at(&s, "a3"), PIECE_MAKE(BLACK, ZEBRA));
	put(&s, "a3", 'z');
	assert_int_equal(at(&s, "a3"), PIECE_NONE);
	session_edit_goto(&s, board_sq_parse("a2"));
	session_edit_remove(&s);
	assert_int_equal(at(&s, "a2"), PIECE_NONE);
	/* Not a piece, or not one of the variant. */
	assert_int_equal(session_edit_put(&s, 'y'), -1);
	assert_int_equal(s.msg.tone, SM_ERROR);
	assert_int_equal(session_edit_put(&s, 'Q'), -1);
	assert_non_null(strstr(s.msg.text, "not a piece of congo"));
	/* The cursor stays on the board. */
	session_edit_goto(&s, board_sq_parse("g7"));
	session_edit_cursor(&s, 1, 1);
	assert_int_equal(s.edit.cursor, board_sq_parse("g7"));
	/* A move while editing is refused; Esc leaves the game as it was. */
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	assert_int_equal(s.game.nply, 1);
	assert_non_null(strstr(s.msg.text, "board editor is open"));
	session_edit_cancel(&s);
	assert_false(s.edit.open);
	fen_of(game_board(&s.game), now);
	assert_string_equal(now, before);
	/* E again opens; E while open leaves. */
	tsu_cmd(&s, CMD_EDIT, NULL);
	assert_true(s.edit.open);
	tsu_cmd(&s, CMD_EDIT, NULL);
	assert_false(s.edit.open);
	session_free(&s);
}

static void
test_side_variant_clear_reset(void **state)
{
	struct session s;
	char f[FEN_MAX];

	(void)state;
	start(&s);
	tsu_cmd(&s, CMD_EDIT, NULL);
	session_edit_side(&s);
	assert_int_equal(s.edit.b.side, BLACK);
	session_edit_clear(&s);
	fen_of(&s.edit.b, f);
	assert_string_equal(f, "7/7/7/7/7/7/7 b 0 1");
	session_edit_variant(&s);
	assert_int_equal(s.edit.b.variant, VARIANT_MEGAPAWN);
	session_edit_reset(&s);
	fen_of(&s.edit.b, f);
	assert_string_equal(f, FEN_START_MEGAPAWN);
	/* The board's hash follows (a game from it must agree). */
	assert_true(s.edit.b.hash == board_hash_compute(&s.edit.b));
	session_edit_variant(&s);
	assert_int_equal(s.edit.b.variant, VARIANT_CONGO);
	session_free(&s);
}

/* u takes back each change in turn, to the position the editor opened
 * on; with nothing left it says so; a full stack drops its oldest. */
static void
test_undo(void **state)
{
	struct session s;
	char f[FEN_MAX];
	int i;

	(void)state;
	start(&s);
	tsu_cmd(&s, CMD_EDIT, NULL);
	assert_int_equal(session_edit_undo(&s), -1);
	assert_non_null(strstr(s.msg.text, "nothing to undo"));
	session_edit_clear(&s);
	put(&s, "d1", 'L');
	put(&s, "d7", 'l');
	put(&s, "c2", 'E');
	session_edit_goto(&s, board_sq_parse("d7"));
	session_edit_remove(&s);
	session_edit_side(&s);
	fen_of(&s.edit.b, f);
	assert_string_equal(f, "7/7/7/7/7/2E4/3L3 b 0 1");
	assert_int_equal(session_edit_undo(&s), 0);
	fen_of(&s.edit.b, f);
	assert_string_equal(f, "7/7/7/7/7/2E4/3L3 w 0 1");
	assert_int_equal(session_edit_undo(&s), 0);      /* the removal */
	fen_of(&s.edit.b, f);
	assert_string_equal(f, "3l3/7/7/7/7/2E4/3L3 w 0 1");
	assert_int_equal(session_edit_undo(&s), 0);      /* the elephant */
	assert_int_equal(at(&s, "c2"), PIECE_NONE);
	assert_int_equal(s.edit.cursor, board_sq_parse("c2"));
	assert_int_equal(session_edit_undo(&s), 0);
	assert_int_equal(session_edit_undo(&s), 0);
	fen_of(&s.edit.b, f);
	assert_string_equal(f, "7/7/7/7/7/7/7 w 0 1");
	assert_int_equal(session_edit_undo(&s), 0);      /* the clear */
	fen_of(&s.edit.b, f);
	assert_string_equal(f, FEN_START);
	assert_int_equal(session_edit_undo(&s), -1);
	/* More changes than the stack holds: the newest are undone. */
	session_edit_goto(&s, board_sq_parse("d4"));
	for (i = 0; i < SESSION_EDIT_UNDO + 5; i++)
		session_edit_side(&s);
	for (i = 0; i < SESSION_EDIT_UNDO; i++)
		assert_int_equal(session_edit_undo(&s), 0);
	assert_int_equal(session_edit_undo(&s), -1);
	/* A new opening starts with nothing to undo. */
	session_edit_cancel(&s);
	tsu_cmd(&s, CMD_EDIT, NULL);
	assert_int_equal(session_edit_undo(&s), -1);
	session_free(&s);
}

/* Leaving is refused with the problem named; the game stays. */
static void
refused(struct session *s, int code, const char *words)
{
	assert_int_equal(session_edit_play(s), -1);
	assert_true(s->edit.open);
	assert_false(s->ng.open);
	assert_int_equal(s->edit.code, code);
	if (strstr(s->edit.error, words) == NULL)
		fail_msg("'%s' does not say '%s'", s->edit.error, words);
	assert_non_null(strstr(s->msg.text, "Illegal set-up"));
	assert_int_equal(session_edit_analyse(s), -1);
	assert_true(s->edit.open);
	assert_int_equal(s->game.nply, 0);
}

static void
test_illegal_refused(void **state)
{
	struct session s;

	(void)state;
	start(&s);
	tsu_cmd(&s, CMD_EDIT, NULL);
	session_edit_clear(&s);
	refused(&s, SETUP_NO_LION, "no white lion");
	put(&s, "d1", 'L');
	refused(&s, SETUP_NO_LION, "no black lion");
	put(&s, "a7", 'l');
	refused(&s, SETUP_LION_OUTSIDE, "black lion on a7 is outside its "
	    "castle");
	put(&s, "d7", 'l');
	refused(&s, SETUP_TWO_LIONS, "more than one black lion");
	put(&s, "a7", 'l');         /* the same again: taken away */
	put(&s, "b7", 'P');
	refused(&s, SETUP_PAWN_FAR_RANK, "white pawn on b7");
	put(&s, "b7", 'S');         /* a superpawn may stand there */
	put(&s, "c3", 'Z');
	put(&s, "c2", 'Z');
	refused(&s, SETUP_TOO_MANY, "2 white zebras");
	put(&s, "c2", 'Z');
	session_edit_variant(&s);
	refused(&s, SETUP_FOREIGN_PIECE, "superpawn");
	session_edit_variant(&s);
	put(&s, "a4", 'e');
	put(&s, "b4", 'g');
	refused(&s, SETUP_RIVER, "2 black pieces in the river");
	session_free(&s);
}

static void
test_play_and_analyse(void **state)
{
	struct session s;
	char f[FEN_MAX];
	const char *want = "3l3/7/7/7/2Z4/7/3L3 b 0 1";
	char dir[300], path[400];

	(void)state;
	assert_non_null(test_mkdtemp(dir, sizeof dir, "congo-editor"));
	setenv("XDG_STATE_HOME", dir, 1);
	start(&s);
	tsu_cmd(&s, CMD_EDIT, NULL);
	session_edit_clear(&s);
	put(&s, "d1", 'L');
	put(&s, "d7", 'l');
	put(&s, "c3", 'Z');
	session_edit_side(&s);
	/* :fen shows the editor's position and hands it to the view. */
	tsu_cmd(&s, CMD_FEN, NULL);
	assert_string_equal(s.msg.text, want);
	assert_true(s.want_clip);
	assert_string_equal(s.clip, want);
	/* Enter: the new-game dialog on this start. */
	assert_int_equal(session_edit_play(&s), 0);
	assert_true(s.ng.open);
	session_newgame_value(&s, NG_START, f, sizeof f);
	assert_string_equal(f, want);
	/* Its Esc comes back to the editor. */
	session_newgame_cancel(&s);
	assert_true(s.edit.open);
	assert_int_equal(session_edit_play(&s), 0);
	assert_int_equal(session_newgame_start(&s), 0);
	assert_false(s.edit.open);
	fen_of(game_board(&s.game), f);
	assert_string_equal(f, want);
	session_free(&s);

	/* A: two humans, the analysis on. */
	start(&s);
	tsu_cmd(&s, CMD_EDIT, NULL);
	tsu_cmd(&s, CMD_FEN, "3l3/7/7/7/7/2Z4/3L3 w 0 1");
	assert_true(s.edit.open);
	assert_int_equal(at(&s, "c2"), PIECE_MAKE(WHITE, ZEBRA));
	tsu_cmd(&s, CMD_FEN, "3l3/7 w");
	assert_int_equal(s.msg.tone, SM_ERROR);
	assert_int_equal(session_edit_analyse(&s), 0);
	assert_false(s.edit.open);
	assert_true(s.player[WHITE]->human && s.player[BLACK]->human);
	assert_true(s.analysis.on);
	fen_of(game_board(&s.game), f);
	assert_string_equal(f, "3l3/7/7/7/7/2Z4/3L3 w 0 1");
	session_free(&s);
	snprintf(path, sizeof path, "%s/congo/newgame", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/congo", dir);
	rmdir(path);
	rmdir(dir);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_open_edit_cancel),
	cmocka_unit_test(test_editor_pauses_the_clock),
	cmocka_unit_test(test_side_variant_clear_reset),
	cmocka_unit_test(test_undo),
	cmocka_unit_test(test_illegal_refused),
	cmocka_unit_test(test_play_and_analyse))
