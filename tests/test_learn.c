/*
 * test_learn.c: the learn module: the lesson format and its errors, goal
 * checks, the explainer, puzzles and the prover (against a naive search
 * written here), the progress file and the rating.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "learn/learn.h"
#include "test_tmp.h"
#include "test_main.h"

static void
setup_fen(struct board *b, const char *fen)
{
	char err[256];

	if (learn_fen_read("congo", fen, b, err, sizeof err) != 0)
		fail_msg("%s: %s", fen, err);
}

static move_t
mv(const struct board *b, const char *text)
{
	char err[256];
	move_t m;

	if (notation_read(b, text, &m, err, sizeof err) != 0)
		fail_msg("%s", err);
	return m;
}

#define LESSON_HEAD "lesson t\ntitle T\n"

/* The lesson text must be refused with a message containing want. */
static void
refused(const char *text, const char *want)
{
	struct learn_book bk;
	char err[LEARN_ERR_MAX] = "";

	learn_book_init(&bk);
	if (learn_book_parse(&bk, text, "x.txt", err, sizeof err) == 0)
		fail_msg("accepted: %s", text);
	if (strstr(err, want) == NULL)
		fail_msg("error '%s' lacks '%s'", err, want);
	assert_int_equal(learn_book_count(&bk), 0);
	learn_book_free(&bk);
}

static void
test_lesson_errors(void **state)
{
	(void)state;
	refused("title T\n", "x.txt:1: 'title' before any 'lesson'");
	refused(LESSON_HEAD "goal G\n", "x.txt:3: 'goal' belongs to a step");
	refused(LESSON_HEAD "frobnicate 1\n", "x.txt:3: unknown keyword "
	    "'frobnicate'");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\n", "x.txt:3: this step "
	    "has no 'goal'");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\ngoal G\n", "x.txt:3: "
	    "this step has neither 'accept' nor 'check'");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/7/7 w\ngoal G\ncheck safe\n",
	    "x.txt:3: bad position");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\ngoal G\naccept e1e3\n",
	    "x.txt:3: accepted move: e1e3 is not a legal move");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\ngoal G\naccept e1\n",
	    "x.txt:5: 'e1' is not move text");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\ngoal G\ncheck fly\n",
	    "x.txt:5: unknown check 'fly'");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\ngoal G\ncheck "
	    "captures x\n", "x.txt:5: 'x' is not a number of captures");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\ngoal G\ncheck "
	    "takes-lion\n", "x.txt:3: no legal move reaches this step's goal");
	refused("lesson t\nstep 2l4/7/7/7/7/P6/4L2 w\ngoal G\ncheck safe\n",
	    "x.txt:1: lesson 't' has no 'title'");
	refused("lesson t\ntitle T\n", "x.txt:1: lesson 't' has no step");
	refused("lesson t\ntitle T\nstep 2l4/7/7/7/7/P6/4L2 w\ngoal G\n"
	    "check safe\nlesson t\n", "x.txt:6: a second lesson 't'");
	refused("lesson a b\n", "x.txt:1: 'a b' is not a lesson id");
	refused(LESSON_HEAD "variant chess\n", "x.txt:3: unknown variant");
	refused("# nothing\n", "x.txt: no lesson");
	refused(LESSON_HEAD "step 2l4/7/7/7/7/7/4L2 w\ngoal G\ncheck safe\n",
	    "x.txt:3: the game is already over in this position (bare-lions)");
}

#define STEP_HEAD LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\ngoal G\n"

/* Each line of a lesson file that cannot be right, named by file:line. */
static void
test_lesson_errors_more(void **state)
{
	char text[4096], *t;
	int i;

	(void)state;
	memset(text, 0, sizeof text);
	t = text + sprintf(text, LESSON_HEAD "step 2l4/7/7/7/7/P6/4L2 w\n"
	    "goal ");
	memset(t, 'g', 300);
	refused(text, "x.txt:4: goal is too long (at most 255 characters)");
	t = text + sprintf(text, STEP_HEAD);
	for (i = 0; i < 9; i++)
		t += sprintf(t, "check safe\n");
	refused(text, "x.txt:13: more than 8 checks in a step");
	refused(STEP_HEAD "check \t \n", "x.txt:5: 'check' needs a value");
	refused(STEP_HEAD "check to\n", "x.txt:5: 'check to' needs a square");
	refused(STEP_HEAD "check from z9\n", "x.txt:5: 'check from' needs a "
	    "square");
	refused(STEP_HEAD "check safe now\n", "x.txt:5: 'check safe' takes "
	    "no argument");
	refused(STEP_HEAD "check captures 1 2\n", "x.txt:5: 'check captures' "
	    "takes one number");
	refused(STEP_HEAD "check captures\n", "x.txt:5: 'check captures' "
	    "needs a number");
	t = text + sprintf(text, STEP_HEAD "accept");
	for (i = 0; i < 17; i++)
		t += sprintf(t, " a2a3");
	sprintf(t, "\n");
	refused(text, "x.txt:5: more than 16 accepted moves");
	refused(STEP_HEAD "wrong a2a3\n", "x.txt:5: 'wrong' needs a move and "
	    "the text");
	refused(STEP_HEAD "wrong a2 Not so\n", "x.txt:5: 'a2' is not move "
	    "text");
	t = text + sprintf(text, STEP_HEAD "check safe\n");
	for (i = 0; i < 9; i++)
		t += sprintf(t, "wrong a2a3 No\n");
	refused(text, "x.txt:14: more than 8 'wrong' lines in a step");
	refused(STEP_HEAD "check safe\nwrong a2a5 Too far\n", "x.txt:3: "
	    "'wrong' move: a2a5 is not a legal move");
	refused(STEP_HEAD "check safe\nvariant congo\n", "x.txt:6: 'variant' "
	    "must come before the lesson's first step");
	refused(STEP_HEAD "goal Again\n", "x.txt:5: a second 'goal' in this "
	    "step");
	t = text + sprintf(text, LESSON_HEAD);
	for (i = 0; i < 5; i++) {
		t += sprintf(t, "intro ");
		memset(t, 'i', 250);
		t += 250;
		*t++ = '\n';
	}
	*t = '\0';
	refused(text, "x.txt:7: the intro is too long (at most 1023 "
	    "characters)");
}

/* A lesson file that is not there, a folder, a binary file. */
static void
test_lesson_files(void **state)
{
	struct learn_book bk;
	char err[LEARN_ERR_MAX], dir[300], path[400];
	FILE *f;

	(void)state;
	assert_non_null(test_mkdtemp(dir, sizeof dir, "congo-learn"));
	learn_book_init(&bk);
	snprintf(path, sizeof path, "%s/none.txt", dir);
	assert_int_equal(learn_book_read(&bk, path, err, sizeof err), -1);
	assert_non_null(strstr(err, "none.txt: No such file"));
	assert_int_equal(learn_book_read(&bk, dir, err, sizeof err), -1);
	assert_non_null(strstr(err, "Is a directory"));
	snprintf(path, sizeof path, "%s/nul.txt", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fwrite("lesson a\0b\n", 1, 11, f);
	fclose(f);
	assert_int_equal(learn_book_read(&bk, path, err, sizeof err), -1);
	assert_non_null(strstr(err, "nul.txt: a NUL byte: not a text file"));
	assert_int_equal(learn_book_count(&bk), 0);
	learn_book_free(&bk);
	remove(path);
	rmdir(dir);
}

static void
test_lesson_parse(void **state)
{
	struct learn_book bk;
	const struct learn_lesson *l;
	const struct learn_step *s;
	char err[LEARN_ERR_MAX] = "";
	struct board b;

	(void)state;
	learn_book_init(&bk);
	assert_int_equal(learn_book_parse(&bk,
	    "# a comment\n\nlesson m\ntitle Monkey\nintro One\nintro two.\n"
	    "step 2l4/7/7/4p2/7/2p4/1M2L2 w\n  goal Take both.\n"
	    "check captures 2\nhint Jump on.\ndone Good.\n"
	    "lesson mega\ntitle Mega\nvariant megapawn\n"
	    "step 2l4/7/7/7/3Q3/7/4L2 w\ngoal G\naccept d3d5\n",
	    "t.txt", err, sizeof err), 0);
	assert_int_equal(learn_book_count(&bk), 2);
	l = learn_book_find(&bk, "m");
	assert_non_null(l);
	assert_string_equal(l->intro, "One two.");
	assert_string_equal(l->variant, "congo");
	s = learn_lesson_step(l, 0);
	assert_string_equal(s->goal, "Take both.");
	assert_string_equal(s->hint, "Jump on.");
	assert_int_equal(s->ncheck, 1);
	assert_int_equal(s->check[0].kind, LC_CAPTURES);
	assert_int_equal(s->check[0].n, 2);
	assert_int_equal(learn_step_position(l, s, &b, err, sizeof err), 0);
	/* A variant this build does not play: kept, not loadable. */
	l = learn_book_find(&bk, "mega");
	assert_string_equal(l->variant, "megapawn");
	if (!learn_variant_supported("megapawn"))
		assert_int_equal(learn_step_position(l, learn_lesson_step(l, 0),
		    &b, err, sizeof err), -1);
	learn_book_free(&bk);
}

static void
test_step_check(void **state)
{
	struct learn_step s;
	struct board b;
	char why[LEARN_TEXT_MAX];

	(void)state;
	memset(&s, 0, sizeof s);
	strcpy(s.goal, "Take both pawns");
	s.ncheck = 1;
	s.check[0].kind = LC_CAPTURES;
	s.check[0].n = 2;
	setup_fen(&b, "2l4/7/7/4p2/7/2p4/1M2L2 w");
	assert_true(learn_step_check(&s, &b, mv(&b, "b1d3f5"), why, sizeof why));
	assert_false(learn_step_check(&s, &b, mv(&b, "b1d3"), why, sizeof why));
	assert_non_null(strstr(why, "takes 1 piece"));
	assert_non_null(strstr(why, "monkey may jump on"));
	/* A wrong line of the step wins over the rest. */
	s.nwrong = 1;
	strcpy(s.wrong[0].move, "b1d3");
	strcpy(s.wrong[0].text, "Go on jumping");
	assert_false(learn_step_check(&s, &b, mv(&b, "b1d3"), why, sizeof why));
	assert_string_equal(why, "Go on jumping");
	/* The goal's words when nothing better is known. */
	s.nwrong = 0;
	s.ncheck = 0;
	s.naccept = 1;
	strcpy(s.accept[0], "b1d3f5");
	assert_false(learn_step_check(&s, &b, mv(&b, "e1e2"), why, sizeof why));
	assert_string_equal(why, "Legal, but not the goal: Take both pawns");
	/* Drowning is named. */
	memset(&s, 0, sizeof s);
	strcpy(s.goal, "Save the zebra");
	s.ncheck = 1;
	s.check[0].kind = LC_NO_DROWN;
	setup_fen(&b, "2l4/7/7/2Z4/7/P6/4L2 w");
	assert_true(learn_step_check(&s, &b, mv(&b, "c4e3"), why, sizeof why));
	assert_false(learn_step_check(&s, &b, mv(&b, "a2a3"), why, sizeof why));
	assert_string_equal(why, "Your zebra on c4 drowns: a piece left in the "
	    "river at the end of your turn drowns");
	setup_fen(&b, "2l4/7/7/3E3/7/7/4L2 w");
	assert_false(learn_step_check(&s, &b, mv(&b, "d4f4"), why, sizeof why));
	assert_non_null(strstr(why, "That elephant drowns: a piece that begins "
	    "and ends its move in the river"));
	/* Opening the lions' line is named. */
	memset(&s, 0, sizeof s);
	strcpy(s.goal, "Keep the line closed");
	s.ncheck = 1;
	s.check[0].kind = LC_SAFE;
	setup_fen(&b, "7/3l3/7/7/3E3/1P1L3/7 w");
	assert_true(learn_step_check(&s, &b, mv(&b, "d3d4"), why, sizeof why));
	assert_false(learn_step_check(&s, &b, mv(&b, "d3c3"), why, sizeof why));
	assert_non_null(strstr(why, "opens the line between the lions"));
}

static void
illegal(const char *fen, const char *from, const char *to, const char *want)
{
	struct board b;
	char why[LEARN_TEXT_MAX] = "";

	setup_fen(&b, fen);
	learn_explain_illegal(&b, board_sq_parse(from), board_sq_parse(to), why,
	    sizeof why);
	if (strstr(why, want) == NULL)
		fail_msg("%s %s%s: '%s' lacks '%s'", fen, from, to, why, want);
}

static void
test_explain_illegal(void **state)
{
	(void)state;
	illegal("4l2/7/7/7/7/4L2/7 w", "e2", "f2",
	    "A lion may not leave its castle (c1-e3)");
	illegal("4l2/7/7/7/7/4L2/7 w", "e2", "e4", "one square at a time");
	illegal("3l3/7/7/3P3/7/7/3L3 w", "d1", "d7",
	    "every square between the two lions empty");
	illegal("2l4/7/7/3p3/3G3/7/4L2 w", "d3", "d4",
	    "The giraffe's one-step move cannot capture");
	illegal("2l4/7/7/7/2Z4/7/4L2 w", "c3", "c5", "like a chess knight");
	illegal("2l4/7/7/7/2E4/7/4L2 w", "c3", "d4", "never diagonally");
	illegal("2l4/7/7/7/1Mp4/7/4L2 w", "b3", "c3",
	    "A monkey captures by jumping over a piece");
	illegal("2l4/7/7/7/1M5/7/4L2 w", "b3", "d3",
	    "the square between is empty");
	illegal("2l4/7/7/7/1MP4/7/4L2 w", "b3", "d3", "its own pieces");
	illegal("2l4/7/7/7/1Mpp3/7/4L2 w", "b3", "d3", "land on an empty square");
	illegal("2l4/7/7/7/5P1/7/4L2 w", "f3", "f2",
	    "A pawn may retreat only once it has crossed the river");
	illegal("2l4/P6/7/7/7/7/4L2 w", "a6", "b5", "straight back only");
	illegal("2l4/7/p6/P6/7/7/4L2 w", "a4", "b4", "cannot move sideways");
	illegal("2l4/P6/p6/7/7/7/4L2 w", "a6", "a4", "cannot pass over a piece");
	illegal("2l4/7/7/7/7/C6/4L2 w", "a2", "a1", "towards the river");
	illegal("2l4/7/7/7/p6/7/C3L2 w", "a1", "a5", "cannot cross it");
	illegal("2l4/7/7/7/p6/7/C3L2 w", "a1", "a4", "cannot slide past a piece");
	illegal("2l4/7/7/Cp1p3/7/7/4L2 w", "a4", "d4", "never past a piece");
	illegal("2l4/7/7/7/7/3EZ2/4L2 w", "d2", "e2", "own colour");
	illegal("2l4/7/7/7/7/7/4L2 w", "a1", "a2", "There is no piece on a1");
	illegal("2l4/7/7/7/7/7/4L2 w", "c7", "c6", "not your piece");
	illegal("2l4/7/2S4/2p4/7/7/4L2 w", "c5", "c3", "cannot pass over a piece");
	illegal("2l4/7/2S4/1p5/7/7/4L2 w", "c5", "b4", "never captures");
}

static void
illegal_mega(const char *fen, const char *from, const char *to,
    const char *want)
{
	struct board b;
	char why[LEARN_TEXT_MAX] = "", err[256];

	if (learn_fen_read("megapawn", fen, &b, err, sizeof err) != 0)
		fail_msg("%s: %s", fen, err);
	learn_explain_illegal(&b, board_sq_parse(from), board_sq_parse(to), why,
	    sizeof why);
	if (strstr(why, want) == NULL)
		fail_msg("%s %s%s: '%s' lacks '%s'", fen, from, to, why, want);
}

static void
test_explain_megapawn(void **state)
{
	(void)state;
	illegal_mega("2l4/7/2P4/7/7/7/4L2 w", "c5", "c4", "never retreats");
	illegal_mega("2l4/7/7/7/2P4/7/4L2 w", "c3", "d3", "sideways only once "
	    "across");
	illegal_mega("2l4/7/7/7/3Q3/7/4L2 w", "d3", "d6", "two files and two "
	    "ranks");
	illegal_mega("2l4/7/7/7/7/7/4L2 w", "e1", "f1", "may not leave its "
	    "castle");
}

static void
test_puzzle_format(void **state)
{
	struct learn_puzzle p, q;
	char err[256], line[1200], k1[17], k2[17];

	(void)state;
	assert_int_equal(learn_puzzle_parse("congo\t3l3/7/7/7/7/7/3L3 w 0 1\t1\t"
	    "d1d7\tlion-face\n", &p, err, sizeof err), 0);
	assert_int_equal(p.n, 1);
	assert_int_equal(p.nline, 1);
	assert_string_equal(p.moves[0], "d1d7");
	learn_puzzle_format(&p, line, sizeof line);
	assert_string_equal(line, "congo\t3l3/7/7/7/7/7/3L3 w 0 1\t1\td1d7\t"
	    "lion-face");
	assert_int_equal(learn_puzzle_parse(line, &q, err, sizeof err), 0);
	learn_puzzle_key(&p, k1);
	learn_puzzle_key(&q, k2);
	assert_string_equal(k1, k2);
	assert_int_equal(strlen(k1), 16);
	assert_int_equal(learn_puzzle_parse("congo\tx\t5\td1d7\tt", &p, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "N '5' is not 1..4"));
	assert_int_equal(learn_puzzle_parse("congo\tx\t2\td1d7\tt", &p, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "N = 2 needs 3"));
	assert_int_equal(learn_puzzle_parse("congo\tx\t1\td1d7", &p, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "5 tab-separated fields"));
	assert_int_equal(learn_puzzle_parse("chess\tx\t1\td1d7\tt", &p, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "unknown variant 'chess'"));
	/* Harder puzzles are rated higher. */
	assert_int_equal(learn_puzzle_parse("congo\tx\t1\td1d7\tt", &p, err,
	    sizeof err), 0);
	assert_int_equal(learn_puzzle_parse("congo\tx\t3\ta1a2 a3a4 a5a6 a6a7 b1b2\tt",
	    &q, err, sizeof err), 0);
	assert_true(learn_puzzle_rating(&q) > learn_puzzle_rating(&p) + 400);
}

/* A naive search, without a table or ordering: the same definition as the
 * prover's, written again. */
static bool naive_all_lose(const struct board *b, int n);

static bool
bare(const struct board *b)
{
	return bb_popcount(b->occ[0] | b->occ[1]) == 2;
}

static bool
naive_win(const struct board *b, int n)
{
	struct movelist ml;
	int i;

	movegen_legal(b, &ml);
	for (i = 0; i < ml.n; i++) {
		struct board nb = *b;
		struct move_effects fx;
		board_make(&nb, ml.moves[i], &fx);
		if (fx.lion_captured)
			return true;
		if (n > 1 && !bare(b) && naive_all_lose(&nb, n - 1))
			return true;
	}
	return false;
}

static bool
naive_all_lose(const struct board *b, int n)
{
	struct movelist ml;
	int i;

	if (bare(b))
		return false;
	movegen_legal(b, &ml);
	if (ml.n == 0)
		return false;
	for (i = 0; i < ml.n; i++) {
		struct board nb = *b;
		struct move_effects fx;
		board_make(&nb, ml.moves[i], &fx);
		if (fx.lion_captured || !naive_win(&nb, n))
			return false;
	}
	return true;
}

static void
test_prover(void **state)
{
	struct learn_prover *pv = learn_prover_new(16);
	struct learn_proof pf;
	struct learn_puzzle p;
	struct board b;
	char err[256], text[MOVE_TEXT_MAX];
	/* Small positions, each checked against the naive search. */
	const char *fens[] = {
		"3l3/7/7/7/7/7/3L3 w",            /* lions face: win 1 */
		"2l4/7/7/7/7/7/4L2 w",            /* bare lions: no win */
		"2l4/3m3/7/4C2/2E4/3L3/7 w",
		"3l3/7/4S2/7/4L2/7/6M w",
		"4S2/2l4/7/7/2p1L2/7/3e3 b",
		"2l4/7/7/4p2/7/2p4/1M2L2 w",
		"2l4/7/2E4/7/7/7/4L2 w",
		"3l3/1e5/7/7/7/2Z4/4L2 w",
	};
	size_t i;
	int n;

	(void)state;
	for (i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		setup_fen(&b, fens[i]);
		for (n = 1; n <= 3; n++) {
			enum learn_proof_result r = learn_prove_win(pv, &b, n);
			if ((r == PROOF_YES) != naive_win(&b, n))
				fail_msg("%s n=%d: prover %d, naive %d", fens[i], n, r,
				    naive_win(&b, n));
		}
	}
	/* Lions facing: a one-move puzzle with one winning move. */
	setup_fen(&b, "3l3/7/7/7/7/6P/3L3 w");
	assert_int_equal(learn_prove_puzzle(pv, &b, 4, &pf), PROOF_YES);
	assert_int_equal(pf.n, 1);
	assert_int_equal(pf.nwinning, 1);
	notation_write(pf.first, text, sizeof text);
	assert_string_equal(text, "d1d7");
	assert_string_equal(pf.theme, "lion-face");
	/* Bare lions not facing: a draw, no win. */
	setup_fen(&b, "2l4/7/7/7/7/7/4L2 w");
	assert_int_equal(learn_prove_puzzle(pv, &b, 4, &pf), PROOF_NO);
	/* A node limit gives up without claiming anything. */
	learn_prover_clear(pv);
	learn_prover_set_limit(pv, 1);
	setup_fen(&b, "2l4/3m3/7/4C2/2E4/3L3/7 w");
	assert_int_equal(learn_prove_win(pv, &b, 4), PROOF_UNKNOWN);
	learn_prover_set_limit(pv, 0);
	/* Deeper than 4 is refused, not searched past the move lists. */
	assert_int_equal(learn_prove_win(pv, &b, LEARN_PUZZLE_NMAX + 1),
	    PROOF_UNKNOWN);
	/* verify: a shipped-form puzzle, and the faults it finds. */
	assert_int_equal(learn_puzzle_parse("congo\t2l4/3m3/7/4C2/2E4/3L3/7 w 0 1"
	    "\t4\te4e5 d6d5 e5d5 c7d7 d5d6 d7c6 d6c6\tcrocodile", &p, err,
	    sizeof err), 0);
	if (learn_puzzle_verify(pv, &p, err, sizeof err) != 0)
		fail_msg("%s", err);
	p.n = 3;
	p.nline = 5;
	assert_int_equal(learn_puzzle_verify(pv, &p, err, sizeof err), -1);
	assert_non_null(strstr(err, "no forced lion capture within 3"));
	assert_int_equal(learn_puzzle_parse("congo\t3l3/7/7/7/7/6P/3L3 w 0 1\t"
	    "1\tg2g3\tt", &p, err, sizeof err), 0);
	assert_int_equal(learn_puzzle_verify(pv, &p, err, sizeof err), -1);
	assert_non_null(strstr(err, "the winning move is d1d7, not g2g3"));
	/* Two winning first moves: not a puzzle. */
	setup_fen(&b, "2l4/7/1ZE4/7/7/7/4L2 w");
	assert_int_equal(learn_prove_puzzle(pv, &b, 4, &pf), PROOF_YES);
	assert_int_equal(pf.n, 1);
	assert_int_equal(pf.nwinning, 2);
	learn_prover_free(pv);
}

/* Megapawn: a move that repeats a position of the game loses, so a win that
 * needs it is no win; Congo ignores the history. */
static void
test_prover_repetition(void **state)
{
	struct learn_prover *pv = learn_prover_new(16);
	struct board b, after;
	char err[256];

	(void)state;
	if (learn_fen_read("megapawn", "7/3lc2/7/7/2c4/4L2/7 b", &b, err,
	    sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(learn_prove_win(pv, &b, 2), PROOF_YES);
	after = b;
	board_make(&after, mv(&b, "c3d2"), NULL);
	learn_prover_set_history(pv, &after, 1);
	assert_int_equal(learn_prove_win(pv, &b, 2), PROOF_NO);
	assert_int_equal(learn_prove_move(pv, &b, mv(&b, "c3d2"), 2), PROOF_NO);
	learn_prover_set_history(pv, NULL, 0);
	assert_int_equal(learn_prove_win(pv, &b, 2), PROOF_YES);
	/* A defender's repetition is no escape: it loses (issue 26: this
	 * puzzle was shipped as a win in 4). */
	if (learn_fen_read("megapawn", "7/2l4/1Z2e2/7/1E5/7/3L3 w", &b, err,
	    sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(learn_prove_win(pv, &b, 2), PROOF_NO);
	assert_int_equal(learn_prove_win(pv, &b, 3), PROOF_YES);
	/* The same placement in Congo: the history does not matter. */
	setup_fen(&b, "7/3lc2/7/7/2c4/4L2/7 b");
	after = b;
	board_make(&after, mv(&b, "c3d2"), NULL);
	learn_prover_set_history(pv, &after, 1);
	assert_int_equal(learn_prove_win(pv, &b, 2), PROOF_YES);
	learn_prover_free(pv);
}

/* A state file's path too long for its temporary name (path.tmp) is
 * refused, saying so, and nothing is written. */
static void
test_state_long_path(void **state)
{
	char path[1200], err[300];
	struct learn_state st;

	(void)state;
	memset(path, 'n', sizeof path - 1);
	path[0] = '/';
	path[sizeof path - 1] = '\0';
	learn_state_init(&st);
	learn_state_mark_lesson(&st, "zebra");
	assert_int_equal(learn_state_save(&st, path, err, sizeof err), -1);
	assert_non_null(strstr(err, "the path is too long (1199 bytes, at "
	    "most 1023)"));
	learn_state_free(&st);
}

static void
test_state(void **state)
{
	char dir[300], path[600], got[1100], err[1200];
	struct learn_state st, st2;
	struct learn_player *p;
	FILE *f;

	(void)state;
	assert_non_null(test_mkdtemp(dir, sizeof dir, "congo-learn"));
	setenv("XDG_STATE_HOME", dir, 1);
	assert_int_equal(learn_state_path(got, sizeof got), 0);
	snprintf(path, sizeof path, "%s/congo/learn", dir);
	assert_string_equal(got, path);
	unsetenv("XDG_STATE_HOME");
	setenv("HOME", "/home/x", 1);
	assert_int_equal(learn_state_dir(got, sizeof got), 0);
	assert_string_equal(got, "/home/x/.local/state/congo");

	learn_state_init(&st);
	assert_int_equal(learn_state_load(&st, path, err, sizeof err), 0);
	assert_false(learn_state_lesson_done(&st, "zebra"));
	learn_state_mark_lesson(&st, "zebra");
	learn_state_mark_lesson(&st, "zebra");
	p = learn_state_player(&st, "ann");
	assert_true(p->rating.r == 1000.0);
	p->rating.r = 1234.5;
	learn_player_mark_solved(p, "0123456789abcdef");
	assert_int_equal(p->best_streak, 0);
	p->best_streak = 7;
	assert_int_equal(learn_state_save(&st, path, err, sizeof err), 0);
	learn_state_free(&st);

	learn_state_init(&st2);
	assert_int_equal(learn_state_load(&st2, path, err, sizeof err), 0);
	assert_true(learn_state_lesson_done(&st2, "zebra"));
	assert_int_equal(st2.lessons.len, 1);
	p = learn_state_player(&st2, "ann");
	assert_true(p->rating.r > 1234.4 && p->rating.r < 1234.6);
	assert_true(learn_player_solved(p, "0123456789abcdef"));
	assert_false(learn_player_solved(p, "0123456789abcdee"));
	/* the best puzzle streak is kept (issue 34) */
	assert_int_equal(p->best_streak, 7);
	learn_state_free(&st2);

	f = fopen(path, "a");
	fputs("player bob x 1 2\n", f);
	fclose(f);
	learn_state_init(&st2);
	assert_int_equal(learn_state_load(&st2, path, err, sizeof err), -1);
	snprintf(got, sizeof got, "%s:6: bad rating numbers", path);
	if (strstr(err, got) == NULL)
		fail_msg("'%s' lacks '%s'", err, got);
	learn_state_free(&st2);
	unlink(path);
	snprintf(got, sizeof got, "%s/congo", dir);
	rmdir(got);
	rmdir(dir);
}

static void
test_rating(void **state)
{
	struct learn_rating r = LEARN_RATING_START, w, l;
	int ratings[4] = { 900, 1200, 1500, 1800 };
	bool solved[4] = { false, false, false, false };

	(void)state;
	assert_true(learn_rating_expect(&r, 1000.0, 50.0) > 0.499 &&
	    learn_rating_expect(&r, 1000.0, 50.0) < 0.501);
	assert_true(learn_rating_expect(&r, 1400.0, 50.0) < 0.2);
	w = r;
	learn_rating_update(&w, 1000.0, 50.0, 1.0);
	l = r;
	learn_rating_update(&l, 1000.0, 50.0, 0.0);
	assert_true(w.r > r.r && l.r < r.r);
	/* Symmetric around an even match; the deviation shrinks. */
	assert_true(w.r - r.r > 100.0 && w.r - r.r < 200.0);
	assert_true((w.r - r.r) - (r.r - l.r) < 1e-9 &&
	    (r.r - l.r) - (w.r - r.r) < 1e-9);
	assert_true(w.rd < r.rd);
	assert_int_equal(w.games, 1);
	/* Beating a much weaker puzzle gains little. */
	l = r;
	learn_rating_update(&l, 400.0, 50.0, 1.0);
	assert_true(l.r > r.r && l.r - r.r < (w.r - r.r) / 4);
	/* The next puzzle: the unsolved one nearest. */
	assert_int_equal(learn_pick_puzzle(&r, ratings, solved, 4), 0);
	solved[0] = true;
	assert_int_equal(learn_pick_puzzle(&r, ratings, solved, 4), 1);
	r.r = 1700;
	assert_int_equal(learn_pick_puzzle(&r, ratings, solved, 4), 3);
	r.r = 1650;
	assert_int_equal(learn_pick_puzzle(&r, ratings, solved, 4), 2);
	solved[1] = solved[2] = solved[3] = true;
	assert_int_equal(learn_pick_puzzle(&r, ratings, solved, 4), -1);
	/* A streak: each puzzle rated above the last, the least such. */
	solved[0] = solved[1] = solved[2] = solved[3] = false;
	assert_int_equal(learn_pick_streak(ratings, solved, 4, 0), 0);
	assert_int_equal(learn_pick_streak(ratings, solved, 4, 900), 1);
	assert_int_equal(learn_pick_streak(ratings, solved, 4, 1200), 2);
	solved[2] = true;
	assert_int_equal(learn_pick_streak(ratings, solved, 4, 1200), 3);
	assert_int_equal(learn_pick_streak(ratings, solved, 4, 1800), -1);
}

/* A puzzle's theme filter, and the themes of a set (issue 34). */
static void
test_puzzle_themes(void **state)
{
	static const char *const lines[] = {
		"congo\t4l1c/4C2/1S5/7/2z1L1P/7/2s2s1 w 0 1\t1\te6e7\tcrocodile",
		"congo\t3l3/7/3C3/7/2E4/3L3/7 w 0 1\t2\td5d6 d7c6 d6c6\t"
		    "crocodile-quiet",
		"congo\t7/4l2/pm3e1/1P5/P6/1MLE3/3s3 b 0 1\t1\tb5b3b1d3\t"
		    "monkey-chain",
		"megapawn\t7/7/3l3/7/7/1G5/2L4 w 0 1\t4\tb2b4 d5e5 c1d1 e5e6 "
		    "b4c5 e6d5 d1d5\tendgame",
	};
	struct vec v = VEC_INIT(sizeof(struct learn_puzzle));
	const struct learn_puzzle *p;
	char err[256], themes[128];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
		if (learn_puzzle_parse(lines[i], vec_push(&v), err,
		    sizeof err) != 0)
			fail_msg("%s: %s", lines[i], err);
	p = vec_at(&v, 1);
	assert_true(learn_puzzle_has_theme(p, "crocodile"));
	assert_true(learn_puzzle_has_theme(p, "quiet"));
	assert_true(learn_puzzle_has_theme(p, NULL));
	assert_true(learn_puzzle_has_theme(p, ""));
	assert_false(learn_puzzle_has_theme(p, "croc"));
	assert_false(learn_puzzle_has_theme(p, "crocodile-quiet-x"));
	p = vec_at(&v, 0);
	assert_false(learn_puzzle_has_theme(p, "quiet"));
	p = vec_at(&v, 2);
	assert_true(learn_puzzle_has_theme(p, "monkey-chain"));
	assert_false(learn_puzzle_has_theme(p, "monkey"));
	learn_puzzle_themes(&v, "congo", themes, sizeof themes);
	assert_string_equal(themes, "crocodile monkey-chain quiet");
	learn_puzzle_themes(&v, "megapawn", themes, sizeof themes);
	assert_string_equal(themes, "endgame");
	learn_puzzle_themes(&v, NULL, themes, sizeof themes);
	assert_string_equal(themes, "crocodile monkey-chain endgame quiet");
	vec_free(&v);
}

/* The Megapawn win in 3 that is won by the repetition rule, not by the
 * lion alone (issue 34): the prover says so; a Congo puzzle never. */
static void
test_needs_repetition(void **state)
{
	struct learn_prover *pv = learn_prover_new(16);
	struct learn_puzzle p;
	char err[256];

	(void)state;
	if (learn_puzzle_parse("megapawn\t7/2l4/1Z2e2/7/1E5/7/3L3 w 0 1\t3\t"
	    "b5a7 c6c5 b3c3 c5d5 d1d5\tlion-face-quiet", &p, err,
	    sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(learn_puzzle_needs_repetition(pv, &p), PROOF_YES);
	/* and it is still a win in 3 with the rule: the table was cleared */
	assert_int_equal(learn_puzzle_verify(pv, &p, err, sizeof err), 0);
	if (learn_puzzle_parse("megapawn\t7/7/3l3/7/7/1G5/2L4 w 0 1\t4\t"
	    "b2b4 d5e5 c1d1 e5e6 b4c5 e6d5 d1d5\tendgame", &p, err,
	    sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(learn_puzzle_needs_repetition(pv, &p), PROOF_NO);
	if (learn_puzzle_parse("congo\t3l3/7/3C3/7/2E4/3L3/7 w 0 1\t2\t"
	    "d5d6 d7c6 d6c6\tcrocodile-quiet", &p, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(learn_puzzle_needs_repetition(pv, &p), PROOF_NO);
	learn_prover_free(pv);
}

/* Each bad line of the progress file is named with file:line. */
static void
test_state_errors(void **state)
{
	static const struct {
		const char *text, *want;
	} bad[] = {
		{ "lesson\n", ":1: 'lesson' takes one lesson id" },
		{ "# progress\nlesson a b\n", ":2: 'lesson' takes one lesson id" },
		{ "player ann 1000 50\n", ":1: 'player' takes a name, a rating" },
		{ "player ann 1000 5000 3\n", ":1: bad rating numbers" },
		{ "solved ann 0123\n", ":1: 'solved' takes a player name and a "
		    "puzzle key of 16 hex digits" },
		{ "solved ann 0123456789ABCDEF\n", ":1: 'solved' takes" },
		{ "\nwon ann\n", ":2: unknown keyword 'won' (lesson, player, "
		    "solved, streak)" },
		{ "streak ann\n", ":1: 'streak' takes a player name and a "
		    "number of puzzles" },
		{ "streak ann -2\n", ":1: 'streak' takes" },
	};
	char dir[300], path[400], err[1024], want[600];
	char longline[700];
	struct learn_state st;
	FILE *f;
	size_t i;

	(void)state;
	assert_non_null(test_mkdtemp(dir, sizeof dir, "congo-learn"));
	snprintf(path, sizeof path, "%s/learn", dir);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		f = fopen(path, "w");
		assert_non_null(f);
		fputs(bad[i].text, f);
		fclose(f);
		learn_state_init(&st);
		err[0] = '\0';
		if (learn_state_load(&st, path, err, sizeof err) != -1)
			fail_msg("accepted: %s", bad[i].text);
		snprintf(want, sizeof want, "%s%s", path, bad[i].want);
		if (strstr(err, want) == NULL)
			fail_msg("'%s' lacks '%s'", err, want);
		learn_state_free(&st);
	}
	memset(longline, 'x', sizeof longline - 2);
	longline[sizeof longline - 2] = '\n';
	longline[sizeof longline - 1] = '\0';
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(longline, f);
	fclose(f);
	learn_state_init(&st);
	assert_int_equal(learn_state_load(&st, path, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:1: line too long", path);
	assert_string_equal(err, want);
	learn_state_free(&st);
	/* a folder where the file should be: named, not a crash */
	learn_state_init(&st);
	assert_int_equal(learn_state_load(&st, dir, err, sizeof err), -1);
	learn_state_free(&st);
	unlink(path);
	rmdir(dir);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_lesson_errors),
	cmocka_unit_test(test_lesson_errors_more),
	cmocka_unit_test(test_lesson_files),
	cmocka_unit_test(test_state_errors),
	cmocka_unit_test(test_lesson_parse),
	cmocka_unit_test(test_step_check),
	cmocka_unit_test(test_explain_illegal),
	cmocka_unit_test(test_explain_megapawn),
	cmocka_unit_test(test_puzzle_format),
	cmocka_unit_test(test_prover),
	cmocka_unit_test(test_prover_repetition),
	cmocka_unit_test(test_state),
	cmocka_unit_test(test_state_long_path),
	cmocka_unit_test(test_rating),
	cmocka_unit_test(test_puzzle_themes),
	cmocka_unit_test(test_needs_repetition))
