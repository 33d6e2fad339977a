/*
 * test_ui_input.c: the game's key state machine, without a terminal:
 * cursor, selection, targets, monkey chains entered jump by jump, the
 * command line and the key bindings.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "ui/ui_input.h"
#include "ui/ui_int.h"
#include "test_main.h"

/* A White monkey on b2 that can jump c3 then e5: b2d4, b2d4f6. */
#define FEN_MONKEY "4l2/7/4p2/7/2p4/1M5/2L4 w 0 1"

static struct board pos;
static struct ui_input in;
static struct ui_input_ctx ctx;
static struct ui_action act;

static void
setup(const char *fen)
{
	char err[128];

	board_init();
	assert_int_equal(fen_read(&pos, fen, err, sizeof err), 0);
	memset(&in, 0, sizeof in);
	ui_input_init(&in, &pos);
	ctx.b = &pos;
	ctx.nomove = NULL;
	ctx.space_pauses = false;
}

static void
key(int k)
{
	struct ui_event ev = { k, -1 };

	ui_input_key(&in, &ctx, &ev, &act);
}

static void
click(const char *sq)
{
	struct ui_event ev = { UK_CLICK, board_sq_parse(sq) };

	ui_input_key(&in, &ctx, &ev, &act);
}

static void
cursor_to(const char *sq)
{
	in.cursor = board_sq_parse(sq);
}

static void
type(const char *s)
{
	for (; *s != '\0'; s++)
		key((unsigned char)*s);
}

static void
assert_move(const char *text)
{
	char buf[MOVE_TEXT_MAX];

	assert_int_equal(act.type, ACT_MOVE);
	notation_write(act.move, buf, sizeof buf);
	assert_string_equal(buf, text);
	assert_true(movegen_is_legal(&pos, act.move));
}

static void
test_cursor_starts_on_lion(void **state)
{
	(void)state;
	setup(FEN_START);
	assert_int_equal(in.cursor, board_sq_parse("d1"));
	assert_int_equal(in.selected, -1);
	setup("gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ b 0 1");
	assert_int_equal(in.cursor, board_sq_parse("d7"));
}

static void
test_cursor_moves_and_clamps(void **state)
{
	(void)state;
	setup(FEN_START);
	key(UK_UP);
	assert_int_equal(act.type, ACT_REDRAW);
	assert_int_equal(in.cursor, board_sq_parse("d2"));
	key('k');
	assert_int_equal(in.cursor, board_sq_parse("d3"));
	key('h');
	key(UK_LEFT);
	assert_int_equal(in.cursor, board_sq_parse("b3"));
	key('j');
	key(UK_DOWN);
	assert_int_equal(in.cursor, board_sq_parse("b1"));
	key(UK_DOWN);          /* the edge: nothing happens */
	assert_int_equal(act.type, ACT_NONE);
	assert_int_equal(in.cursor, board_sq_parse("b1"));
	key(UK_LEFT);
	key(UK_LEFT);
	assert_int_equal(in.cursor, board_sq_parse("a1"));
	assert_int_equal(act.type, ACT_NONE);
	cursor_to("g7");
	key(UK_UP);
	key(UK_RIGHT);
	key('l');
	assert_int_equal(in.cursor, board_sq_parse("g7"));
}

static void
test_cursor_flipped(void **state)
{
	(void)state;
	setup(FEN_START);
	in.flipped = true;
	key(UK_UP);            /* up the screen is towards rank 1 */
	assert_int_equal(in.cursor, board_sq_parse("d1"));
	key(UK_DOWN);
	assert_int_equal(in.cursor, board_sq_parse("d2"));
	key(UK_RIGHT);         /* right on the screen is towards file a */
	assert_int_equal(in.cursor, board_sq_parse("c2"));
}

static void
test_select_and_move(void **state)
{
	(void)state;
	setup(FEN_START);
	cursor_to("d2");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_SELECT);
	assert_int_equal(in.selected, board_sq_parse("d2"));
	assert_true(ui_input_targets(&in, &pos) & BB(board_sq_parse("d3")));
	assert_true(ui_input_targets(&in, &pos) & BB(board_sq_parse("c3")));
	assert_false(ui_input_targets(&in, &pos) & BB(board_sq_parse("d4")));
	key(UK_UP);
	key(' ');              /* Space chooses too */
	assert_move("d2d3");
	assert_int_equal(in.selected, -1);
}

static void
test_select_only_side_to_move(void **state)
{
	(void)state;
	setup(FEN_START);
	cursor_to("d6");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_ERROR);
	assert_non_null(strstr(act.msg, "White to move"));
	assert_int_equal(in.selected, -1);
	cursor_to("d4");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_ERROR);
	assert_non_null(strstr(act.msg, "no piece on d4"));
	/* A piece without a move says so. */
	cursor_to("d1");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_ERROR);
	assert_non_null(strstr(act.msg, "lion on d1 has no move"));
}

static void
test_not_your_turn(void **state)
{
	(void)state;
	setup(FEN_START);
	ctx.nomove = "Black to move: wait for alphabeta";
	cursor_to("d2");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_ERROR);
	assert_string_equal(act.msg, "Black to move: wait for alphabeta");
	assert_int_equal(in.selected, -1);
}

static void
test_illegal_target_and_reselect(void **state)
{
	(void)state;
	setup(FEN_START);
	cursor_to("d2");
	key(UK_ENTER);
	cursor_to("d5");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_ERROR);
	assert_string_equal(act.msg, "d2d5 is not a legal move");
	assert_true(act.illegal);       /* the view says the rule */
	assert_int_equal(in.selected, board_sq_parse("d2"));
	cursor_to("e2");       /* another own piece: choose it instead */
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_SELECT);
	assert_int_equal(in.selected, board_sq_parse("e2"));
	key(UK_ENTER);         /* Enter on the chosen piece drops it */
	assert_int_equal(act.type, ACT_CANCEL);
	assert_int_equal(in.selected, -1);
	key(UK_ENTER);
	key(UK_ESC);
	assert_int_equal(act.type, ACT_CANCEL);
	assert_int_equal(in.selected, -1);
}

static void
test_click(void **state)
{
	(void)state;
	setup(FEN_START);
	click("c2");
	assert_int_equal(act.type, ACT_SELECT);
	assert_int_equal(in.cursor, board_sq_parse("c2"));
	click("b3");
	assert_move("c2b3");
}

static void
test_monkey_chain_full(void **state)
{
	bb_t t;

	(void)state;
	setup(FEN_MONKEY);
	cursor_to("b2");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_SELECT);
	t = ui_input_targets(&in, &pos);
	assert_true(t & BB(board_sq_parse("d4")));   /* the jump */
	assert_true(t & BB(board_sq_parse("a1")));   /* a step */
	assert_false(t & BB(board_sq_parse("c3")));  /* no capture by stepping */
	cursor_to("d4");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_CHAIN_STEP);
	assert_int_equal(ui_input_piece_sq(&in), board_sq_parse("d4"));
	assert_int_equal(ui_input_jumped(&in), BB(board_sq_parse("c3")));
	t = ui_input_targets(&in, &pos);
	assert_int_equal(t, BB(board_sq_parse("f6")));
	cursor_to("f6");
	key(UK_ENTER);
	assert_move("b2d4f6");
}

static void
keep_last(void *ctx, move_t m)
{
	*(move_t *)ctx = m;
}

/* A monkey with over 20,000 paths, more than a move list holds: the path
 * the generator gives last can still be entered jump by jump. */
static void
test_monkey_chain_past_list_size(void **state)
{
	int land[MOVE_MAX_JUMPS + 1], nl;
	char want[MOVE_TEXT_MAX];
	move_t last = MOVE_NONE;

	(void)state;
	setup("3l3/2e1e2/1pgzmp1/2pMc2/2pppp1/7/3L3 w 0 1");
	assert_true(movegen_count(&pos) > MOVELIST_MAX);
	movegen_visit(&pos, keep_last, &last);
	assert_int_equal(MOVE_FROM(last), board_sq_parse("d4"));
	notation_write(last, want, sizeof want);
	nl = move_landings(last, land);
	cursor_to("d4");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_SELECT);
	for (int i = 0; i < nl; i++) {
		assert_true(ui_input_targets(&in, &pos) & BB(land[i]));
		in.cursor = land[i];
		key(UK_ENTER);
		if (act.type == ACT_MOVE)
			break;
		assert_int_equal(act.type, ACT_CHAIN_STEP);
	}
	if (act.type != ACT_MOVE)
		key(UK_ENTER);  /* on the monkey: stop here */
	assert_move(want);
}

static void
test_monkey_chain_stop_with_enter(void **state)
{
	(void)state;
	setup(FEN_MONKEY);
	cursor_to("b2");
	key(UK_ENTER);
	cursor_to("d4");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_CHAIN_STEP);
	key(UK_ENTER);         /* on the monkey: stop here */
	assert_move("b2d4");
}

static void
test_monkey_chain_stop_with_esc(void **state)
{
	(void)state;
	setup(FEN_MONKEY);
	cursor_to("b2");
	key(UK_ENTER);
	cursor_to("d4");
	key(UK_ENTER);
	cursor_to("a7");
	key(UK_ESC);
	assert_move("b2d4");
}

static void
test_monkey_chain_bad_landing_and_backspace(void **state)
{
	(void)state;
	setup(FEN_MONKEY);
	cursor_to("b2");
	key(UK_ENTER);
	cursor_to("d4");
	key(UK_ENTER);
	cursor_to("d5");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_ERROR);
	assert_non_null(strstr(act.msg, "cannot jump to d5"));
	assert_int_equal(in.nland, 1);
	key(UK_BACKSPACE);     /* take the jump back */
	assert_int_equal(act.type, ACT_CHAIN_STEP);
	assert_int_equal(in.nland, 0);
	assert_int_equal(ui_input_piece_sq(&in), board_sq_parse("b2"));
	key(UK_BACKSPACE);
	assert_int_equal(act.type, ACT_CANCEL);
	assert_int_equal(in.selected, -1);
}

static void
test_monkey_step(void **state)
{
	(void)state;
	setup(FEN_MONKEY);
	cursor_to("b2");
	key(UK_ENTER);
	cursor_to("a3");
	key(UK_ENTER);
	assert_move("b2a3");
}

static void
test_cmdline_keys(void **state)
{
	(void)state;
	setup(FEN_START);
	key(':');
	assert_true(in.cmdline);
	type("d2d4");
	key(UK_BACKSPACE);
	type("3");
	key('q');              /* typed, not the quit key */
	key(UK_BACKSPACE);
	assert_string_equal(in.cmd, "d2d3");
	key(UK_ENTER);
	assert_false(in.cmdline);
	assert_int_equal(act.type, ACT_COMMAND);
	assert_int_equal(act.cmd.type, CMD_MOVE);
	assert_string_equal(act.cmd.arg, "d2d3");
	key(':');
	type("bogus");
	key(UK_ENTER);
	assert_int_equal(act.type, ACT_ERROR);
	assert_non_null(strstr(act.msg, "unknown command 'bogus'"));
	key(':');
	type("help");
	key(UK_ESC);
	assert_false(in.cmdline);
	assert_int_equal(act.type, ACT_REDRAW);
	key(':');
	key(UK_BACKSPACE);     /* Backspace on an empty line closes it */
	assert_false(in.cmdline);
	ui_input_cmdline_open(&in, "save ", false);
	type("x.pgn");
	key(UK_ENTER);
	assert_int_equal(act.cmd.type, CMD_SAVE);
	assert_string_equal(act.cmd.arg, "x.pgn");
}

static void
parse_ok(const char *text, enum session_cmd_type type, const char *arg)
{
	struct session_cmd c;
	char err[128];

	assert_int_equal(ui_cmd_parse(text, &c, err, sizeof err), 0);
	assert_int_equal(c.type, type);
	assert_string_equal(c.arg, arg);
}

static void
parse_err(const char *text, const char *want)
{
	struct session_cmd c;
	char err[128];

	assert_int_equal(ui_cmd_parse(text, &c, err, sizeof err), -1);
	assert_non_null(strstr(err, want));
}

static void
test_cmd_parse(void **state)
{
	(void)state;
	parse_ok("d2d3", CMD_MOVE, "d2d3");
	parse_ok("D2D3", CMD_MOVE, "d2d3");
	parse_ok(":b1d3f5", CMD_MOVE, "b1d3f5");
	parse_ok("  d2d3  ", CMD_MOVE, "d2d3");
	parse_ok("help", CMD_HELP, "");
	parse_ok("quit", CMD_QUIT_NOW, "");
	parse_ok("q", CMD_QUIT_NOW, "");
	parse_ok("new", CMD_NEW, "");
	parse_ok("undo", CMD_UNDO, "");
	parse_ok("redo", CMD_REDO, "");
	parse_ok("flip", CMD_FLIP, "");
	parse_ok("save", CMD_SAVE, "");
	parse_ok("save my game.pgn ", CMD_SAVE, "my game.pgn");
	parse_ok("load /tmp/x.pgn", CMD_LOAD, "/tmp/x.pgn");
	parse_ok("resign", CMD_RESIGN_NOW, "");
	parse_ok("fen", CMD_FEN, "");
	parse_ok("fen 4l2/7/7/7/7/7/3L3 w", CMD_FEN, "4l2/7/7/7/7/7/3L3 w");
	parse_ok("white random", CMD_WHITE, "random");
	parse_ok("BLACK human", CMD_BLACK, "human");
	parse_ok("depth 6", CMD_DEPTH, "6");
	parse_ok("", CMD_NONE, "");
	parse_ok("   ", CMD_NONE, "");
	parse_err("load", ":load needs an argument");
	parse_err("undo 3", ":undo takes no argument");
	parse_err("frobnicate", "unknown command 'frobnicate'");
	parse_err("d2d", "unknown command 'd2d'");
	parse_err("d2d3 x", "unknown command 'd2d3'");
	assert_true(ui_looks_like_move("x9d3"));   /* checked by notation later */
	assert_false(ui_looks_like_move("d2"));
}

static void
test_key_bindings(void **state)
{
	(void)state;
	assert_int_equal(ui_key_command('?'), CMD_HELP);
	assert_int_equal(ui_key_command('q'), CMD_QUIT);
	assert_int_equal(ui_key_command(UK_CTRL('c')), CMD_QUIT_NOW);
	assert_int_equal(ui_key_command('n'), CMD_NEW);
	assert_int_equal(ui_key_command('u'), CMD_UNDO);
	assert_int_equal(ui_key_command(UK_CTRL('r')), CMD_REDO);
	assert_int_equal(ui_key_command('f'), CMD_FLIP);
	assert_int_equal(ui_key_command('S'), CMD_PROMPT_SAVE);
	assert_int_equal(ui_key_command('L'), CMD_PROMPT_LOAD);
	assert_int_equal(ui_key_command('R'), CMD_RESIGN);
	assert_int_equal(ui_key_command('a'), CMD_ADVICE);
	assert_int_equal(ui_key_command('p'), CMD_PAUSE);
	assert_int_equal(ui_key_command('.'), CMD_STEP);
	assert_int_equal(ui_key_command('+'), CMD_FASTER);
	assert_int_equal(ui_key_command('-'), CMD_SLOWER);
	assert_int_equal(ui_key_command(UK_PGUP), CMD_SCROLL_UP);
	assert_int_equal(ui_key_command(UK_PGDN), CMD_SCROLL_DOWN);
	assert_int_equal(ui_key_command('x'), CMD_NONE);
	/* hjkl move the cursor; they are not commands. */
	assert_int_equal(ui_key_command('l'), CMD_NONE);
}

static void
test_space_pauses_ai_games(void **state)
{
	(void)state;
	setup(FEN_START);
	ctx.space_pauses = true;
	ctx.nomove = "White to move: wait for random";
	key(' ');
	assert_int_equal(act.type, ACT_COMMAND);
	assert_int_equal(act.cmd.type, CMD_PAUSE);
	key('p');
	assert_int_equal(act.cmd.type, CMD_PAUSE);
}

static void
test_cmdline_editing(void **state)
{
	struct session_history h;

	(void)state;
	setup(FEN_START);
	session_history_init(&h, "");
	session_history_add(&h, "d2d3");
	session_history_add(&h, "d6d5");
	in.history = &h;
	key(':');
	type("abc");
	key(UK_UP);                     /* the newest first */
	assert_string_equal(in.cmd, "d6d5");
	key(UK_UP);
	assert_string_equal(in.cmd, "d2d3");
	key(UK_UP);                     /* no older one: stays */
	assert_string_equal(in.cmd, "d2d3");
	key(UK_DOWN);
	key(UK_DOWN);                   /* back to what was being typed */
	assert_string_equal(in.cmd, "abc");
	/* Editing in the middle. */
	key(UK_LEFT);
	key('X');
	assert_string_equal(in.cmd, "abXc");
	key(UK_HOME);
	key('<');
	key(UK_CTRL('e'));
	key('>');
	assert_string_equal(in.cmd, "<abXc>");
	key(UK_CTRL('a'));
	key(UK_DELETE);
	assert_string_equal(in.cmd, "abXc>");
	key(UK_END);
	key(UK_BACKSPACE);
	assert_string_equal(in.cmd, "abXc");
	type(" two words");
	key(UK_CTRL('w'));
	assert_string_equal(in.cmd, "abXc two ");
	key(UK_CTRL('w'));
	assert_string_equal(in.cmd, "abXc ");
	key(UK_RIGHT);                  /* at the end: stays */
	assert_int_equal(in.pos, 5);
	key(UK_ESC);
	assert_false(in.cmdline);
	/* Enter hands the line to the history. */
	key(':');
	type("flip");
	key(UK_ENTER);
	assert_string_equal(in.entered, "flip");
	assert_int_equal(act.cmd.type, CMD_FLIP);
	session_history_free(&h);
	in.history = NULL;
}

static void
test_prefill_selected(void **state)
{
	(void)state;
	setup(FEN_START);
	/* L: "load old.pgn" selected; typing replaces the name. */
	ui_input_cmdline_open(&in, "load old.pgn", true);
	assert_true(in.replace);
	type("new.pgn");
	assert_string_equal(in.cmd, "load new.pgn");
	key(UK_ENTER);
	assert_int_equal(act.cmd.type, CMD_LOAD);
	assert_string_equal(act.cmd.arg, "new.pgn");
	/* Right keeps it and goes on typing after it. */
	ui_input_cmdline_open(&in, "save game.pgn", true);
	key(UK_RIGHT);
	type("x");
	assert_string_equal(in.cmd, "save game.pgnx");
	/* Backspace drops the selected name only. */
	ui_input_cmdline_open(&in, "save game.pgn", true);
	key(UK_BACKSPACE);
	assert_string_equal(in.cmd, "save ");
	key(UK_ESC);
}

/* Every key of the table is in congo(6)'s KEYS section. */
static void
test_keys_documented(void **state)
{
	const char *src = getenv("CONGO_SRCDIR");
	char path[512], line[512], man[65536], tok[64];
	size_t len = 0;
	bool in_keys = false;
	FILE *f;
	int i;

	(void)state;
	snprintf(path, sizeof path, "%s/man/congo.6", src != NULL ? src : ".");
	f = fopen(path, "r");
	assert_non_null(f);
	man[0] = ' ';
	man[1] = '\0';
	len = 1;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, ".SH KEYS", 8) == 0)
			in_keys = true;
		else if (strncmp(line, ".SS Commands", 12) == 0)
			in_keys = false;
		if (!in_keys || line[0] != '.' || line[1] != 'B')
			continue;
		/* ".BR Enter \", \" Space": tokens between blanks. */
		for (char *p = line + 3, *q; *p != '\0'; p++) {
			if (*p == '"' || *p == ',' || *p == '\n')
				*p = ' ';
			if (p[0] == '\\' && p[1] == '-') {
				q = p;
				memmove(q, q + 1, strlen(q));
			}
		}
		if (len + strlen(line) + 2 < sizeof man) {
			strcpy(man + len, line + 3);
			len += strlen(line + 3);
			man[len++] = ' ';
			man[len] = '\0';
		}
	}
	fclose(f);
	for (i = 0; i < ui_nkeys; i++) {
		char name[64], *w, *save = NULL;
		snprintf(name, sizeof name, "%s", ui_keys[i].name);
		for (w = strtok_r(name, " ,", &save); w != NULL;
		    w = strtok_r(NULL, " ,", &save)) {
			snprintf(tok, sizeof tok, " %s ", w);
			if (strstr(man, tok) == NULL)
				fail_msg("key '%s' (%s) is not in congo(6) KEYS",
				    w, ui_keys[i].help);
		}
		assert_non_null(ui_keys[i].help);
	}
	/* And the table drives the keys. */
	assert_int_equal(ui_key_command('['), CMD_REVIEW_BACK);
	assert_int_equal(ui_key_command('}'), CMD_REVIEW_END);
	assert_int_equal(ui_key_command('m'), CMD_LOG);
	assert_int_equal(ui_key_command('='), CMD_FASTER);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_cursor_starts_on_lion),
	cmocka_unit_test(test_cursor_moves_and_clamps),
	cmocka_unit_test(test_cursor_flipped),
	cmocka_unit_test(test_select_and_move),
	cmocka_unit_test(test_select_only_side_to_move),
	cmocka_unit_test(test_not_your_turn),
	cmocka_unit_test(test_illegal_target_and_reselect),
	cmocka_unit_test(test_click),
	cmocka_unit_test(test_monkey_chain_full),
	cmocka_unit_test(test_monkey_chain_stop_with_enter),
	cmocka_unit_test(test_monkey_chain_stop_with_esc),
	cmocka_unit_test(test_monkey_chain_bad_landing_and_backspace),
	cmocka_unit_test(test_monkey_step),
	cmocka_unit_test(test_cmdline_keys),
	cmocka_unit_test(test_monkey_chain_past_list_size),
	cmocka_unit_test(test_cmd_parse),
	cmocka_unit_test(test_key_bindings),
	cmocka_unit_test(test_space_pauses_ai_games),
	cmocka_unit_test(test_cmdline_editing),
	cmocka_unit_test(test_prefill_selected),
	cmocka_unit_test(test_keys_documented))
