/*
 * test_session_variation.c: variations in the session (issue 24 section
 * 3), driven by its commands without a terminal: a move played while
 * reviewing starts a variation (the game untouched), moves go on in it,
 * [ ] walk it, ( enters and ) leaves, promote and delete, undo and redo
 * inside it, the game's own move steps along the game; saved with the
 * game and loaded back with its tree.
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
#include "engine/notation.h"
#include "session/session.h"
#include "session/session_var.h"
#include "test_session_util.h"
#include "test_tmp.h"
#include "test_main.h"

static void
moves(struct session *s, const char *list)
{
	char buf[256], *tok, *save;

	snprintf(buf, sizeof buf, "%s", list);
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		tsu_cmd(s, CMD_MOVE, tok);
		if (s->msg.tone == SM_ERROR)
			fail_msg("%s: %s", tok, s->msg.text);
	}
}

static void
shown_fen(const struct session *s, const char *want)
{
	char f[FEN_MAX];

	fen_write(session_board(s), f, sizeof f);
	assert_string_equal(f, want);
}

/* The move of the node shown. */
static void
shown_move(const struct session *s, const char *want)
{
	char mv[MOVE_TEXT_MAX];
	int n = session_var_node(s);

	notation_write(s->tree.node[n].move, mv, sizeof mv);
	assert_string_equal(mv, want);
}

static void
test_play_in_review(void **state)
{
	struct session s;

	(void)state;
	tsu_start_humans(&s);
	moves(&s, "d2d3 d6d5 c2c3 c6c5");
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_int_equal(s.review, 1);
	/* Another move than the game's: a variation; the game stays. */
	moves(&s, "e6e5");
	assert_true(s.var > 0);
	assert_int_equal(s.game.nply, 4);
	assert_non_null(strstr(s.msg.text, "variation: 1... e6e5"));
	shown_fen(&s, "gmelecz/pppp1pp/4p2/7/3P3/PPP1PPP/GMELECZ w 2 2");
	moves(&s, "e2e3 f6f5");
	shown_move(&s, "f6f5");
	assert_int_equal(s.tree.node[s.var].ply, 4);
	/* [ and ] walk it. */
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	shown_move(&s, "e2e3");
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	shown_move(&s, "f6f5");
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	assert_non_null(strstr(s.msg.text, "end of this variation"));
	/* ) leaves: the position it leaves from, on the game. */
	tsu_cmd(&s, CMD_VAR_LEAVE, NULL);
	assert_int_equal(s.var, 0);
	assert_int_equal(s.review, 1);
	/* ( enters it again (its first move). */
	tsu_cmd(&s, CMD_VAR_ENTER, NULL);
	shown_move(&s, "e6e5");
	/* [ from its first move: back on the game. */
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_int_equal(s.var, 0);
	assert_int_equal(s.review, 1);
	/* The game's own move steps along the game. */
	moves(&s, "d6d5");
	assert_int_equal(s.var, 0);
	assert_int_equal(s.review, 2);
	/* } back to the live game, which was never touched. */
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	assert_int_equal(s.review, -1);
	assert_int_equal(s.var, 0);
	assert_int_equal(s.game.nply, 4);
	/* A live move is the game's, as ever. */
	moves(&s, "e2e3");
	assert_int_equal(s.game.nply, 5);
	assert_int_equal(s.var, 0);
	session_free(&s);
}

static void
test_nested_promote_delete(void **state)
{
	struct session s;
	int v1, v2, p;

	(void)state;
	tsu_start_humans(&s);
	moves(&s, "d2d3 d6d5 c2c3");
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	moves(&s, "a2a3 a6a5");         /* variation 1 of d2d3 */
	v1 = s.tree.node[s.var].parent;
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	moves(&s, "b2b3");              /* variation 2 of d2d3 */
	v2 = s.var;
	assert_int_equal(s.tree.node[0].nchild, 3);
	/* A variation inside variation 1: b6b5 for a6a5. */
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	tsu_cmd(&s, CMD_VAR_ENTER, NULL);
	shown_move(&s, "a2a3");
	moves(&s, "b6b5");
	assert_int_equal(s.tree.node[v1].nchild, 2);
	/* ( on a first move goes to the next variation of its move. */
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	shown_move(&s, "a2a3");
	tsu_cmd(&s, CMD_VAR_ENTER, NULL);
	assert_int_equal(s.var, v2);
	tsu_cmd(&s, CMD_VAR_ENTER, NULL);
	assert_int_equal(s.var, v1);
	/* Promote variation 2 one place up (not to the main line: the game
	 * is played between two humans without a clock, but it is second,
	 * so it only passes variation 1). */
	s.var = v2;
	tsu_cmd(&s, CMD_VAR_PROMOTE, NULL);
	assert_int_equal(s.tree.node[0].child[1], v2);
	assert_int_equal(s.tree.node[0].child[2], v1);
	/* Delete variation 1 and what hangs from it. */
	tsu_cmd(&s, CMD_VAR_ENTER, NULL);
	assert_int_equal(s.var, v1);
	tsu_cmd(&s, CMD_VAR_DELETE, NULL);
	assert_int_equal(s.tree.node[0].nchild, 2);
	assert_int_equal(s.var, 0);
	assert_int_equal(s.review, 0);
	/* Promote variation 2 to the main line: the game follows it. */
	tsu_cmd(&s, CMD_VAR_ENTER, NULL);
	assert_int_equal(s.var, v2);
	tsu_cmd(&s, CMD_VAR_PROMOTE, NULL);
	assert_non_null(strstr(s.msg.text, "main line"));
	assert_int_equal(s.game.nply, 1);
	p = s.tree.node[0].child[0];
	assert_int_equal(p, v2);
	/* The old main line is a variation now: d2d3 d6d5 c2c3. */
	assert_int_equal(s.tree.node[0].nchild, 2);
	assert_int_equal(s.tree.node[s.tree.node[0].child[1]].nchild, 1);
	/* Delete refuses the main line. */
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	tsu_cmd(&s, CMD_VAR_DELETE, NULL);
	assert_int_equal(s.msg.tone, SM_ERROR);
	session_free(&s);
}

static void
test_undo_redo_inside(void **state)
{
	struct session s;

	(void)state;
	tsu_start_humans(&s);
	moves(&s, "d2d3 d6d5 c2c3");
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	moves(&s, "e2e3 e6e5");
	shown_move(&s, "e6e5");
	/* Undo takes back the variation's last move, not the game's. */
	tsu_cmd(&s, CMD_UNDO, NULL);
	shown_move(&s, "e2e3");
	assert_int_equal(s.game.nply, 3);
	assert_int_equal(record_tree_count(&s.tree), 4);
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(s.var, 0);
	assert_int_equal(s.review, 2);
	assert_int_equal(record_tree_count(&s.tree), 3);
	/* Redo replays them, into the variation again. */
	tsu_cmd(&s, CMD_REDO, NULL);
	shown_move(&s, "e2e3");
	tsu_cmd(&s, CMD_REDO, NULL);
	shown_move(&s, "e6e5");
	assert_int_equal(record_tree_count(&s.tree), 5);
	/* Undo of a move the variation goes on after: one step back. */
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(s.var, 0);
	assert_int_equal(record_tree_count(&s.tree), 5);
	/* Back in the live game, undo is the game's again. */
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(s.game.nply, 2);
	/* The game's redo moves and the variation beside them stay. */
	assert_int_equal(record_tree_count(&s.tree), 5);
	session_free(&s);
}

static void
test_save_load(void **state)
{
	struct session s;
	char dir[200], path[240], *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_non_null(test_mkdtemp(dir, sizeof dir, "congo-var"));
	snprintf(path, sizeof path, "%s/v.pgn", dir);
	tsu_start_humans(&s);
	moves(&s, "d2d3 d6d5 c2c3");
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	moves(&s, "e2e3 e6e5");
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	moves(&s, "a6a5");              /* nested: for e6e5 */
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	tsu_cmd(&s, CMD_SAVE, path);
	assert_int_equal(s.msg.tone, SM_GOOD);
	session_free(&s);
	f = fopen(path, "r");
	assert_non_null(f);
	text = malloc(4096);
	len = fread(text, 1, 4095, f);
	text[len] = '\0';
	fclose(f);
	assert_non_null(strstr(text, "1. d2d3 d6d5 2. c2c3 (2. e2e3 e6e5 "
	    "(2... a6a5)) *"));
	free(text);
	/* Loaded back: the game and its tree. */
	tsu_start_humans(&s);
	tsu_cmd(&s, CMD_LOAD, path);
	assert_int_equal(s.game.nply, 3);
	assert_int_equal(record_tree_count(&s.tree), 6);
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	tsu_cmd(&s, CMD_VAR_ENTER, NULL);
	shown_move(&s, "e2e3");
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	shown_move(&s, "e6e5");
	/* A new game forgets them. */
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	assert_int_equal(record_tree_count(&s.tree), 0);
	session_free(&s);
	unlink(path);
	rmdir(dir);
}

/* The analysis follows the cursor into a variation: the position shown
 * is the one searched. */
static void
test_analysis_follows(void **state)
{
	struct session s;

	(void)state;
	tsu_start_humans(&s);
	moves(&s, "d2d3 d6d5 c2c3");
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	moves(&s, "e2e3 e6e5");
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	assert_true(s.analysis.on);
	assert_true(s.analysis.pos.hash == session_board(&s)->hash);
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	shown_move(&s, "e2e3");
	assert_true(s.analysis.pos.hash == session_board(&s)->hash);
	tsu_cmd(&s, CMD_VAR_LEAVE, NULL);
	assert_true(s.analysis.pos.hash == s.game.pos[2].hash);
	session_analysis_stop(&s);
	session_free(&s);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_play_in_review),
	cmocka_unit_test(test_nested_promote_delete),
	cmocka_unit_test(test_undo_redo_inside),
	cmocka_unit_test(test_save_load),
	cmocka_unit_test(test_analysis_follows))
