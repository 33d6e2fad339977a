/*
 * test_record_tree.c: variations (issue 24 section 3). The move tree:
 * insert, find, promote, delete, the path to a node, following a game
 * (sync: a game move that is a variation becomes main, a new one replaces
 * a plain continuation and keeps one with variations). RAV: written and
 * read back (round trips, nesting, comments and NAGs inside, move numbers
 * after a variation), an old record without variations still reads, a
 * file of several games keeps each game's tree, and malformed variations
 * are refused with FILE:LINE and the reason.
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
#include "engine/game.h"
#include "engine/notation.h"
#include "record/record.h"
#include "test_record_util.h"
#include "test_main.h"

static move_t
mv(const struct board *b, const char *text)
{
	char err[160];
	move_t m;

	if (notation_read(b, text, &m, err, sizeof err) != 0)
		fail_msg("%s: %s", text, err);
	return m;
}

/* Add a line of moves from node: the last node. */
static int
line(struct record_tree *t, int node, const char *moves)
{
	char buf[256], *tok, *save;

	snprintf(buf, sizeof buf, "%s", moves);
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		node = record_tree_add(t, node, mv(&t->node[node].pos, tok));
		assert_true(node > 0);
	}
	return node;
}

static void
start_tree(struct record_tree *t)
{
	struct board b;

	board_init();
	assert_int_equal(fen_read(&b, FEN_START, NULL, 0), 0);
	record_tree_init(t, &b, NULL);
}

static void
test_tree_edit(void **state)
{
	struct record_tree t;
	move_t path[8];
	int a, b, c, d, e, n;
	char txt[16];

	(void)state;
	start_tree(&t);
	a = line(&t, 0, "d2d3 d6d5");          /* main */
	b = line(&t, 0, "c2c3");                /* a variation of d2d3 */
	c = line(&t, 0, "e2e3 e6e5");           /* another */
	assert_int_equal(t.node[0].nchild, 3);
	assert_int_equal(record_tree_count(&t), 5);
	assert_true(record_tree_on_main(&t, a));
	assert_false(record_tree_on_main(&t, b));
	assert_false(record_tree_on_main(&t, c));
	assert_int_equal(record_tree_branch(&t, c),
	    t.node[c].parent);
	assert_int_equal(record_tree_branch(&t, a), 0);
	/* The same move again is found, not added. */
	assert_int_equal(record_tree_add(&t, 0, t.node[b].move), b);
	assert_int_equal(record_tree_count(&t), 5);
	/* The path to a node, and its position. */
	n = record_tree_path(&t, c, path, 8);
	assert_int_equal(n, 2);
	notation_write(path[0], txt, sizeof txt);
	assert_string_equal(txt, "e2e3");
	assert_int_equal(record_tree_path(&t, c, path, 1), -1);
	assert_int_equal(t.node[c].ply, 2);
	assert_int_equal(t.node[c].pos.side, WHITE);
	/* A nested variation inside the third line. */
	d = line(&t, t.node[c].parent, "a6a5");
	assert_int_equal(record_tree_branch(&t, d), d);
	/* Promote: e2e3 one place up, then to the main line. */
	e = t.node[c].parent;
	assert_int_equal(record_tree_promote(&t, e), 1);
	assert_int_equal(record_tree_promote(&t, e), 0);
	assert_int_equal(record_tree_promote(&t, e), -1);
	assert_true(record_tree_on_main(&t, c));
	assert_false(record_tree_on_main(&t, a));
	assert_int_equal(record_tree_at_ply(&t, 2), c);
	assert_int_equal(record_tree_at_ply(&t, 3), -1);
	/* Delete: the whole subtree goes, its parent is returned. */
	assert_int_equal(record_tree_delete(&t, e), 0);
	assert_int_equal(t.node[0].nchild, 2);
	assert_true(t.node[c].dead && t.node[d].dead);
	assert_int_equal(record_tree_count(&t), 3);
	assert_true(record_tree_on_main(&t, a));
	assert_int_equal(record_tree_delete(&t, 0), -1);
	/* A copy stands on its own. */
	{
		struct record_tree u;
		record_note_set_text(&t.node[a].note, "kept");
		record_tree_copy(&u, &t);
		assert_int_equal(record_tree_count(&u), 3);
		assert_string_equal(u.node[a].note.text, "kept");
		record_tree_delete(&t, b);
		assert_int_equal(record_tree_count(&u), 3);
		assert_int_equal(record_tree_count(&t), 2);
		record_tree_free(&u);
	}
	record_tree_free(&t);
}

/* The tree knows when its game is over: no move after a lion taken. */
static void
test_tree_over(void **state)
{
	struct record_tree t;
	struct board b;
	int n;

	(void)state;
	board_init();
	assert_int_equal(fen_read(&b, "3l3/7/7/7/7/7/3L3 w 0 1", NULL, 0), 0);
	record_tree_init(&t, &b, NULL);
	n = record_tree_add(&t, 0, mv(&b, "d1d7"));
	assert_int_equal(t.node[n].result, RESULT_WHITE_WINS);
	assert_int_equal(t.node[n].reason, REASON_LION_CAPTURED);
	assert_int_equal(record_tree_add(&t, n, mv(&b, "d1d2")), -1);
	record_tree_free(&t);
}

static void
play(struct game *g, const char *moves)
{
	char buf[256], err[160], *tok, *save;

	snprintf(buf, sizeof buf, "%s", moves);
	for (tok = strtok_r(buf, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save))
		if (game_play_text(g, tok, err, sizeof err) != 0)
			fail_msg("%s: %s", tok, err);
}

static void
test_tree_sync(void **state)
{
	struct record_tree t;
	struct game g;
	struct board b;
	int v, k;

	(void)state;
	start_tree(&t);
	b = t.node[0].pos;
	game_init(&g, &b, NULL);
	play(&g, "d2d3 d6d5 c2c3");
	record_tree_sync(&t, &g);
	assert_int_equal(record_tree_count(&t), 3);
	/* A variation at ply 1: e6e5 instead of d6d5. */
	v = line(&t, record_tree_at_ply(&t, 1), "e6e5 a2a3");
	/* Undo keeps the main line (redo moves), variations stay. */
	game_undo(&g);
	record_tree_sync(&t, &g);
	assert_int_equal(record_tree_count(&t), 5);
	/* The game plays the variation's move: it becomes the main line. */
	game_undo(&g);
	play(&g, "e6e5");
	record_tree_sync(&t, &g);
	k = record_tree_at_ply(&t, 2);
	assert_int_equal(k, t.node[v].parent);
	assert_true(record_tree_on_main(&t, v) == false);
	assert_int_equal(record_tree_main(&t, k), -1);  /* a2a3 not main */
	/* The old main d6d5 c2c3 was a plain line: it went with the
	 * game's redo moves. */
	assert_int_equal(t.node[record_tree_at_ply(&t, 1)].nchild, 1);
	/* A game from another start empties the tree. */
	game_free(&g);
	assert_int_equal(fen_read(&b, "3l3/7/7/7/7/7/3L3 w 0 1", NULL, 0), 0);
	game_init(&g, &b, NULL);
	record_tree_sync(&t, &g);
	assert_int_equal(record_tree_count(&t), 0);
	game_free(&g);
	record_tree_free(&t);
}

/* Read a record text into g, notes and a tree: 0 or -1 with err. */
static int
read_tree(const char *text, struct game *g, struct record_notes *ns,
    struct record_tree *t, int index, char *err, size_t n)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	assert_non_null(f);
	rc = record_read_tree(f, "v.pgn", index, g, NULL, NULL, ns, t, err,
	    n);
	fclose(f);
	return rc;
}

/* The move text of a written record (after the tags' blank line). */
static const char *
body(const char *text)
{
	const char *p = strstr(text, "\n\n");

	assert_non_null(p);
	return p + 2;
}

static void
round_trip(const char *moves, const char *want)
{
	struct game g;
	struct record_notes ns;
	struct record_tree t;
	char err[256], *text, *again;

	if (read_tree(moves, &g, &ns, &t, 0, err, sizeof err) != 0)
		fail_msg("%s", err);
	text = text_of_record(&g, NULL, &ns, &t);
	if (strcmp(body(text), want) != 0)
		fail_msg("wrote\n%s\nwanted\n%s", body(text), want);
	game_free(&g);
	record_notes_free(&ns);
	record_tree_free(&t);
	/* What was written reads back to the same text. */
	assert_int_equal(read_tree(text, &g, &ns, &t, 0, err, sizeof err), 0);
	again = text_of_record(&g, NULL, &ns, &t);
	assert_string_equal(again, text);
	free(again);
	free(text);
	game_free(&g);
	record_notes_free(&ns);
	record_tree_free(&t);
}

static void
test_rav_round_trip(void **state)
{
	(void)state;
	/* No variation: as before. */
	round_trip("1. d2d3 d6d5 2. c2c3 *", "1. d2d3 d6d5 2. c2c3 *\n");
	/* One for White, one for Black; the move number again after. */
	round_trip("1. d2d3 (1. c2c3 c6c5) d6d5 (1... e6e5 2. a2a3) "
	    "2. c2c3 *",
	    "1. d2d3 (1. c2c3 c6c5) 1... d6d5 (1... e6e5 2. a2a3) 2. c2c3 *\n");
	/* Nested, with comments and NAGs inside, and several at one ply. */
	round_trip("1. d2d3 d6d5 (1... e6e5 $2 {too far} 2. c2c3 (2. e2e3 "
	    "{quiet} f6f5) c6c5) (1... a6a5) 2. c2c3 *",
	    "1. d2d3 d6d5 (1... e6e5 $2 {too far} 2. c2c3 (2. e2e3 {quiet} "
	    "f6f5) 2... c6c5)\n(1... a6a5) 2. c2c3 *\n");
	/* A text with "[%" in it, then a ']' in another comment joined to
	 * it: written "(%", it reads back as text, not a command. */
	round_trip("1. d2d3 ({50[%eval} {x]} 1. c2c3) *",
	    "1. d2d3 (1. c2c3 {50(%eval x]}) *\n");
	/* A comment before a variation's first move is that move's. */
	round_trip("1. d2d3 ({instead} 1. c2c3) *",
	    "1. d2d3 (1. c2c3 {instead}) *\n");
}

static void
test_rav_read_shape(void **state)
{
	struct game g;
	struct record_notes ns;
	struct record_tree t;
	char err[256];
	int p1, v;

	(void)state;
	assert_int_equal(read_tree("1. d2d3 d6d5 (1... e6e5 2. c2c3 (2. e2e3)"
	    " c6c5) 2. c2c3 1-0", &g, &ns, &t, 0, err, sizeof err), 0);
	/* The game is the main line; the result is the game's. */
	assert_int_equal(g.nply, 3);
	assert_int_equal(g.result, RESULT_WHITE_WINS);
	assert_int_equal(record_tree_count(&t), 3 + 4);
	p1 = record_tree_at_ply(&t, 1);
	assert_int_equal(t.node[p1].nchild, 2);
	v = t.node[p1].child[1];
	assert_false(record_tree_on_main(&t, v));
	v = record_tree_main(&t, v);            /* 2. c2c3 in the variation */
	assert_int_equal(t.node[t.node[v].parent].nchild, 2); /* and e2e3 */
	assert_int_equal(t.node[record_tree_main(&t, v)].ply, 4);
	game_free(&g);
	record_notes_free(&ns);
	record_tree_free(&t);
	/* Without a tree asked for, variations are read and checked. */
	{
		FILE *f = fmemopen((void *)"1. d2d3 (1. c2c3 c6c5) d6d5 *", 29,
		    "r");
		assert_int_equal(record_read(f, "x", &g, NULL, NULL, err,
		    sizeof err), 0);
		fclose(f);
		assert_int_equal(g.nply, 2);
		game_free(&g);
	}
}

/* A file of several games: each game's own tree. */
static void
test_rav_several_games(void **state)
{
	static const char two[] = "[White \"a\"]\n\n1. d2d3 (1. c2c3) d6d5 *\n"
	    "\n[White \"b\"]\n\n1. a2a3 a6a5 (1... b6b5 (1... c6c5)) *\n";
	struct game g;
	struct record_notes ns;
	struct record_tree t;
	char err[256];
	int p1;

	(void)state;
	assert_int_equal(read_tree(two, &g, &ns, &t, 1, err, sizeof err), 0);
	assert_int_equal(t.node[0].nchild, 2);
	assert_int_equal(record_tree_count(&t), 3);
	game_free(&g);
	record_notes_free(&ns);
	record_tree_free(&t);
	assert_int_equal(read_tree(two, &g, &ns, &t, 2, err, sizeof err), 0);
	assert_int_equal(t.node[0].nchild, 1);
	p1 = record_tree_at_ply(&t, 1);
	assert_int_equal(t.node[p1].nchild, 3);
	assert_int_equal(record_tree_count(&t), 4);
	game_free(&g);
	record_notes_free(&ns);
	record_tree_free(&t);
}

static void
expect_bad(const char *text, const char *want)
{
	struct game g;
	struct record_notes ns;
	struct record_tree t;
	char err[256];

	if (read_tree(text, &g, &ns, &t, 0, err, sizeof err) == 0)
		fail_msg("no error for %s", text);
	if (strcmp(err, want) != 0)
		fail_msg("'%s', wanted '%s'", err, want);
	assert_null(g.pos);
	record_notes_free(&ns);
	record_tree_free(&t);
}

static void
test_rav_malformed(void **state)
{
	(void)state;
	expect_bad("1. d2d3 d6d5\n)", "v.pgn:2: ')' without '('");
	expect_bad("1. d2d3\n(1. c2c3\nc6c5\n",
	    "v.pgn:2: unterminated variation ('(' without ')')");
	expect_bad("(1. c2c3) 1. d2d3",
	    "v.pgn:1: a variation '(' must follow the move it replaces");
	expect_bad("1. d2d3 ( ) d6d5", "v.pgn:1: an empty variation '()'");
	expect_bad("1. d2d3 (1. c2c3 c6c5\n2. c3c5) *",
	    "v.pgn:2: c3c5 is not a legal move");
	expect_bad("1. d2d3 (2. c2c3) *",
	    "v.pgn:1: move number 1 expected, not 2");
	expect_bad("1. d2d3 (1. c2c3 1-0) *",
	    "v.pgn:1: the result 1-0 inside a variation ('(' at line 1 not "
	    "closed)");
	expect_bad("1. d2d3 d6d5 *\n(1... c6c5)",
	    "v.pgn:2: a variation after the result *");
	expect_bad("1. d2d3 (1. c2c3 {never closed) *",
	    "v.pgn:1: unterminated comment ('{' without '}')");
	expect_bad("1. d2d3 (1. c2c3 $300) *",
	    "v.pgn:1: bad annotation $300 (NAGs are $1 to $255)");
	/* A move after a variation's game is over. */
	expect_bad("[FEN \"3l3/7/7/7/7/7/3L3 w 0 1\"]\n\n1. d1d2 (1. d1d7\n"
	    "d7d6) *", "v.pgn:4: d7d6 after the end of the variation (White "
	    "wins: lion captured)");
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_tree_edit),
	cmocka_unit_test(test_tree_over),
	cmocka_unit_test(test_tree_sync),
	cmocka_unit_test(test_rav_round_trip),
	cmocka_unit_test(test_rav_read_shape),
	cmocka_unit_test(test_rav_several_games),
	cmocka_unit_test(test_rav_malformed))
