/*
 * test_session_learn.c: the lesson and puzzle flow of the session, driven
 * by its commands and moves without a terminal: a right move, a wrong one
 * with its explanation, an illegal one, a hint, the solution, the end of
 * a lesson (progress saved), a puzzle solved (the defence answered) and
 * one failed. Its own lessons and puzzles, in a temporary CONGO_DATADIR;
 * progress in a temporary XDG_STATE_HOME.
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
#include "learn/learn.h"
#include "session/session_learn.h"
#include "session/session_player.h"
#include "test_session_util.h"
#include "util/util.h"
#include "test_tmp.h"

static char tmpdir[100];

static const char lessons[] =
    "lesson lion\n"
    "title The lion and its castle\n"
    "intro The lion steps one square in any direction.\n"
    "step 4l2/6p/7/7/7/P1L4/7 w\n"
    "goal Step the lion one square diagonally, to d3.\n"
    "check to d3\n"
    "hint The lion goes up and to the right.\n"
    "done The lion moves like a chess king.\n"
    "step 2l4/7/7/7/3p1p1/4L2/7 w\n"
    "goal Take the black pawn that your lion may reach.\n"
    "accept e2d3\n"
    "wrong e2e3 The lion stepped past the pawn.\n"
    "done Right: only the pawn in the castle could be taken.\n"
    "\n"
    "lesson zebra\n"
    "title The zebra\n"
    "intro The zebra moves like a chess knight.\n"
    "step 2l4/7/3e3/7/2Z4/7/4L2 w\n"
    "goal Take the black elephant with the zebra.\n"
    "accept c3d5\n";

/* A lion in 1 and a lion in 2 (both from data/puzzles.tsv); Megapawn's:
 * three in 1 and the win in 3 that needs its repetition rule. */
static const char puzzles[] =
    "congo\t4l1c/4C2/1S5/7/2z1L1P/7/2s2s1 w 0 1\t1\te6e7\tcrocodile\n"
    "congo\t3l3/7/3C3/7/2E4/3L3/7 w 0 1\t2\td5d6 d7c6 d6c6\t"
    "crocodile-quiet\n"
    "megapawn\t1e2l2/7/p6/7/6p/2cZC2/z2L3 b 0 1\t1\tc2d1\tcrocodile\n"
    "megapawn\t7/2l4/7/7/P1c4/3Z3/3Le2 b 0 1\t1\te1d1\telephant\n"
    "megapawn\t1e2l2/7/p2Z3/1c5/6p/3Z3/z1L1C2 w 0 1\t1\td5e7\tzebra\n"
    "megapawn\t7/2l4/1Z2e2/7/1E5/7/3L3 w 0 1\t3\tb5a7 c6c5 b3c3 c5d5 "
    "d1d5\tlion-face-quiet\n";
#define NMEGA 4

static void
write_file(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void
start_variant(struct session *s, const char *variant)
{
	struct congo_conf c;
	struct board b;
	char err[160];

	config_defaults(&c);
	if (variant != NULL)
		snprintf(c.variant, sizeof c.variant, "%s", variant);
	snprintf(c.white.type, sizeof c.white.type, "human");
	snprintf(c.black.type, sizeof c.black.type, "ai");
	snprintf(c.network.name, sizeof c.network.name, "tester");
	c.ui.ai_delay_ms = 0;
	assert_int_equal(session_init(s, &c, err, sizeof err), 0);
	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	session_new_game(s, &b);
}

static void
start(struct session *s)
{
	start_variant(s, NULL);
}

static void
finish(struct session *s)
{
	session_learn_free(s);
	assert_null(s->learn);
	session_free(s);
}

static bool
cmd(struct session *s, enum session_cmd_type t, const char *arg)
{
	struct session_cmd c = tsu_cmd_of(t, arg);

	if (session_learn_command(s, &c))
		return true;
	session_command(s, &c);
	return false;
}

static move_t
mv(struct session *s, const char *text)
{
	char err[160];
	move_t m;

	if (notation_read(game_board(&s->game), text, &m, err,
	    sizeof err) != 0)
		fail_msg("%s: %s", text, err);
	return m;
}

/* The move text as a move in the position before ply i. */
static move_t
mv_at(struct session *s, int i, const char *text)
{
	char err[160];
	move_t m;

	if (notation_read(&s->game.pos[i], text, &m, err, sizeof err) != 0)
		fail_msg("%s: %s", text, err);
	return m;
}

static void
said(const struct session *s, const char *part)
{
	if (strstr(s->msg.text, part) == NULL)
		fail_msg("message \"%s\" lacks \"%s\"", s->msg.text, part);
}

static void
test_lesson_flow(void **state)
{
	struct session s;
	struct session_learn *L;
	char path[128];
	unsigned seen;
	(void)state;

	start(&s);
	assert_null(s.learn);
	assert_true(cmd(&s, CMD_LEARN, NULL));
	L = s.learn;
	assert_non_null(L);
	assert_int_equal(L->mode, SL_LIST);
	assert_int_equal((int)learn_book_count(&L->book), 2);
	assert_false(session_learn_active(&s));

	/* Enter on the first lesson: both sides human, no clock. */
	seen = L->view_serial;
	session_learn_start(&s, 0);
	assert_int_equal(L->mode, SL_LESSON);
	assert_true(L->view_serial != seen);
	assert_int_equal(L->bottom, WHITE);
	assert_true(s.player[BLACK]->human);
	assert_true(session_learn_active(&s));
	said(&s, "Step the lion one square diagonally");

	/* A hint: the step's own words, the piece marked. */
	assert_true(cmd(&s, CMD_ADVICE, NULL));
	said(&s, "Hint: The lion goes up and to the right.");
	assert_int_equal(session_learn_hint_sq(&s), board_sq_parse("c2"));
	assert_string_equal(L->said, s.msg.text);

	/* A wrong move: not played, and why. */
	assert_int_equal(session_learn_play(&s, mv(&s, "c2c3")),
	    SL_REFUSED);
	assert_int_equal(s.game.nply, 0);
	said(&s, "c2c3: ");
	said(&s, "(taken back; try again)");
	assert_int_equal(L->said_tone, SM_ERROR);

	/* An illegal one picked with the keys: the rule it breaks. */
	assert_true(session_learn_illegal(&s, board_sq_parse("c2"), NULL, 0,
	    board_sq_parse("b4")));
	said(&s, "c2b4: ");
	assert_int_equal(s.msg.tone, SM_ERROR);
	assert_int_equal(s.game.nply, 0);

	/* The right move, typed: played, Enter goes on. */
	assert_true(cmd(&s, CMD_MOVE, "c2d3"));
	assert_int_equal(s.game.nply, 1);
	assert_true(L->waiting);
	said(&s, "Right! The lion moves like a chess king.");
	said(&s, "Enter: go on");
	assert_int_equal(session_learn_hint_sq(&s), -1);
	/* Another move now only says so. */
	assert_int_equal(session_learn_play(&s, mv(&s, "e7d7")), SL_TAKEN);
	said(&s, "Enter: go on");
	assert_int_equal(s.game.nply, 1);

	/* Step 2: a listed wrong move says the lesson's words. */
	assert_true(session_learn_enter(&s));
	assert_int_equal(L->step, 1);
	assert_int_equal(s.game.nply, 0);
	assert_int_equal(session_learn_play(&s, mv(&s, "e2e3")),
	    SL_REFUSED);
	said(&s, "The lion stepped past the pawn.");
	/* No hint of its own: the piece to move. */
	assert_true(cmd(&s, CMD_ADVICE, NULL));
	said(&s, "Hint: move the lion on e2 (marked +)");
	assert_true(cmd(&s, CMD_SOLUTION, NULL));
	said(&s, "Solution: e2d3");
	/* Undo starts the step again. */
	assert_true(cmd(&s, CMD_UNDO, NULL));
	assert_int_equal(s.game.nply, 0);
	assert_int_equal(session_learn_play(&s, mv(&s, "e2d3")), SL_TAKEN);
	said(&s, "Right: only the pawn");
	assert_false(strstr(s.msg.text, "Right! ") != NULL);

	/* The end of the lesson: the list, the next lesson chosen, and the
	 * progress saved. */
	assert_true(session_learn_enter(&s));
	assert_int_equal(L->mode, SL_LIST);
	assert_int_equal(L->cursor, 1);
	said(&s, "Lesson done: The lion and its castle");
	assert_true(learn_state_lesson_done(&L->st, "lion"));
	snprintf(path, sizeof path, "%s/congo/learn", tmpdir);
	assert_int_equal(access(path, R_OK), 0);
	assert_false(session_learn_enter(&s));

	/* A new game leaves: the players as they were. */
	session_learn_start(&s, 1);
	assert_int_equal(L->mode, SL_LESSON);
	assert_false(cmd(&s, CMD_NEW_NOW, NULL));
	assert_int_equal(L->mode, SL_OFF);
	assert_false(s.player[BLACK]->human);
	assert_int_equal(L->bottom, -1);
	finish(&s);

	/* The progress is read back by the next session. */
	start(&s);
	assert_true(cmd(&s, CMD_LEARN, NULL));
	assert_true(learn_state_lesson_done(&s.learn->st, "lion"));
	assert_false(learn_state_lesson_done(&s.learn->st, "zebra"));
	session_learn_quit(&s);
	assert_int_equal(s.learn->mode, SL_OFF);
	finish(&s);
}

static void
test_not_learning(void **state)
{
	struct session s;
	(void)state;

	start(&s);
	/* Without a lesson the moves and commands are the game's. */
	assert_int_equal(session_learn_play(&s, mv(&s, "a2a3")), SL_NOT_MINE);
	assert_false(session_learn_illegal(&s, 0, NULL, 0, 1));
	assert_int_equal(session_learn_hint_sq(&s), -1);
	assert_true(cmd(&s, CMD_SOLUTION, NULL));
	said(&s, ":solution works in a puzzle or a lesson");
	assert_false(cmd(&s, CMD_MOVE, "a2a3"));
	finish(&s);
}

/* :learn over a game in progress (issue 57): the list opens, Esc (back)
 * goes back to the game as it was; a lesson or a puzzle from the list, or
 * :puzzle, asks first as n does (no keeps the game). */
static void
test_learn_over_a_game(void **state)
{
	struct session s;
	struct session_learn *L;
	(void)state;

	start(&s);
	assert_false(cmd(&s, CMD_MOVE, "a2a3"));
	assert_int_equal(s.game.nply, 1);
	assert_true(cmd(&s, CMD_LEARN, NULL));
	L = s.learn;
	assert_int_equal(L->mode, SL_LIST);
	assert_true(L->over_game);
	/* back: the game, not a new one */
	session_learn_back(&s);
	assert_int_equal(L->mode, SL_OFF);
	assert_true(s.game.nply >= 1);
	assert_int_equal(s.game.moves[0], mv_at(&s, 0, "a2a3"));
	said(&s, "back to the game");

	/* a lesson from the list: asked; no keeps the list and the game */
	assert_true(cmd(&s, CMD_LEARN, NULL));
	session_learn_pick(&s, 0);
	assert_true(s.asking);
	assert_string_equal(s.question, "Leave this game for the lesson?");
	session_answer(&s, false);
	assert_int_equal(L->mode, SL_LIST);
	assert_int_equal(s.game.moves[0], mv_at(&s, 0, "a2a3"));
	/* p: a puzzle, asked too */
	session_learn_pick_puzzle(&s);
	assert_true(s.asking);
	assert_string_equal(s.question, "Leave this game for a puzzle?");
	session_answer(&s, false);
	assert_int_equal(L->mode, SL_LIST);
	/* yes: the lesson */
	session_learn_pick(&s, 0);
	session_answer(&s, true);
	assert_int_equal(L->mode, SL_LESSON);
	/* from a lesson the list's back is a new game, as before */
	assert_true(cmd(&s, CMD_LEARN, NULL));
	assert_false(L->over_game);
	session_learn_back(&s);
	assert_int_equal(L->mode, SL_OFF);
	assert_int_equal(s.game.nply, 0);

	/* :puzzle over a game in progress asks */
	assert_false(cmd(&s, CMD_MOVE, "a2a3"));
	assert_true(cmd(&s, CMD_PUZZLE, ""));
	assert_true(s.asking);
	assert_string_equal(s.question, "Leave this game for a puzzle?");
	session_answer(&s, true);
	assert_int_equal(L->mode, SL_PUZZLE);
	finish(&s);
}

/* The move of the side to move that takes the enemy lion, if any. */
static move_t
lion_taker(const struct board *b)
{
	struct movelist ml;
	struct move_effects fx;
	struct board t;
	int i;

	movegen_legal(b, &ml);
	for (i = 0; i < ml.n; i++) {
		t = *b;
		board_make(&t, ml.moves[i], &fx);
		if (fx.lion_captured)
			return ml.moves[i];
	}
	return MOVE_NONE;
}

/* Any legal move but the puzzle's first. */
static move_t
other_move(struct session *s, const struct learn_puzzle *p)
{
	struct movelist ml;
	char text[MOVE_TEXT_MAX];
	int i;

	movegen_legal(game_board(&s->game), &ml);
	for (i = 0; i < ml.n; i++) {
		notation_write(ml.moves[i], text, sizeof text);
		if (strcmp(text, p->moves[0]) != 0)
			return ml.moves[i];
	}
	fail_msg("no other move");
	return MOVE_NONE;
}

static void
test_puzzles(void **state)
{
	struct session s;
	struct session_learn *L;
	const struct learn_puzzle *p;
	struct learn_player *pl;
	double r;
	int first, solved_n;
	bool hinted = false;
	(void)state;

	start(&s);
	assert_true(cmd(&s, CMD_PUZZLE, NULL));
	L = s.learn;
	assert_int_equal(L->mode, SL_PUZZLE);
	p = session_puzzle_current(&s);
	assert_non_null(p);
	first = L->puzzle;
	solved_n = p->n;
	said(&s, "takes the lion in");
	assert_true(s.player[BLACK]->human);
	pl = session_puzzle_player(&s);
	r = pl->rating.r;
	assert_string_equal(L->player, "tester");

	/* No taking back in a puzzle. */
	assert_true(cmd(&s, CMD_UNDO, NULL));
	said(&s, "no taking back in a puzzle");

	/* Solved: the first move of the main line; in a longer puzzle the
	 * defence answers it. */
	assert_int_equal(session_learn_play(&s, mv(&s, p->moves[0])),
	    SL_TAKEN);
	if (p->n > 1) {
		assert_int_equal(s.game.nply, 2);
		said(&s, "Good. Black answers ");
		assert_int_equal(L->left, p->n - 1);
		/* A hint names the piece that takes the lion next. */
		assert_true(cmd(&s, CMD_ADVICE, NULL));
		said(&s, "Hint: move the ");
		assert_true(L->hint_sq >= 0);
		hinted = true;
		assert_int_equal(session_learn_play(&s,
		    lion_taker(game_board(&s.game))), SL_TAKEN);
	}
	assert_true(game_over(&s.game));
	assert_true(L->waiting);
	said(&s, "Solved");
	said(&s, "Enter: the next puzzle");
	assert_true(hinted ? strstr(s.msg.text, "with a hint") != NULL :
	    strstr(s.msg.text, "Solved!") != NULL);
	pl = session_puzzle_player(&s);
	assert_true(pl->rating.r > r);
	r = pl->rating.r;

	/* Enter: the other puzzle. */
	assert_true(session_learn_enter(&s));
	assert_int_equal(L->mode, SL_PUZZLE);
	assert_int_not_equal(L->puzzle, first);
	p = session_puzzle_current(&s);
	assert_int_not_equal(p->n, solved_n);

	/* Failed: a move that does not win is not played. */
	assert_int_equal(session_learn_play(&s, other_move(&s, p)),
	    SL_REFUSED);
	assert_int_equal(s.game.nply, 0);
	said(&s, "does not win");
	said(&s, "Try again");
	assert_true(L->mistake);
	/* The solution is played on the board; the puzzle counts lost. */
	assert_true(cmd(&s, CMD_SOLUTION, NULL));
	said(&s, "Solution, played on the board: ");
	said(&s, p->moves[0]);
	assert_true(game_over(&s.game));
	assert_true(L->waiting && L->gave_up);
	pl = session_puzzle_player(&s);
	assert_true(pl->rating.r < r);

	/* Both seen: nothing is left. */
	assert_true(session_learn_enter(&s));
	said(&s, "Every puzzle is solved");
	/* A new game from a FEN leaves the puzzles. */
	assert_false(cmd(&s, CMD_FEN, FEN_START));
	assert_int_equal(L->mode, SL_OFF);
	assert_false(s.player[BLACK]->human);
	finish(&s);
}

static void
test_missing_data(void **state)
{
	struct session s;
	char *old = getenv("CONGO_DATADIR") != NULL ?
	    xstrdup(getenv("CONGO_DATADIR")) : NULL;
	(void)state;

	setenv("CONGO_DATADIR", "/nonexistent/congo", 1);
	start(&s);
	assert_false(session_learn_open_list(&s));
	assert_int_equal(s.msg.tone, SM_ERROR);
	said(&s, "lessons.txt");
	assert_int_equal(s.learn->mode, SL_OFF);
	assert_true(cmd(&s, CMD_PUZZLE, NULL));
	said(&s, "puzzles.tsv");
	assert_int_equal(s.learn->mode, SL_OFF);
	finish(&s);
	if (old != NULL) {
		setenv("CONGO_DATADIR", old, 1);
		free(old);
	}
}

/* congo --puzzle --variant megapawn: Megapawn's puzzles (issue 34: Congo
 * ones were served); skipping walks through the set (it went back and
 * forth between two); :puzzle chooses a variant and a theme. */
static void
test_puzzle_variant_walk(void **state)
{
	struct session s;
	struct session_learn *L;
	const struct learn_puzzle *p;
	bool seen[16] = { false };
	int i, first, place, count;
	(void)state;

	start_variant(&s, "megapawn");
	assert_true(cmd(&s, CMD_PUZZLE, NULL));
	L = s.learn;
	assert_int_equal(L->mode, SL_PUZZLE);
	p = session_puzzle_current(&s);
	assert_string_equal(p->variant, "megapawn");
	assert_string_equal(session_puzzle_variant(&s), "megapawn");
	first = L->puzzle;
	seen[first] = true;
	session_puzzle_place(&s, &place, &count);
	assert_int_equal(count, NMEGA);
	assert_true(place >= 1 && place <= NMEGA);
	/* :puzzle alone skips: every one of the set before any again */
	for (i = 1; i < NMEGA; i++) {
		assert_true(cmd(&s, CMD_PUZZLE, NULL));
		p = session_puzzle_current(&s);
		assert_string_equal(p->variant, "megapawn");
		if (seen[L->puzzle])
			fail_msg("skip %d came back to puzzle %d", i, L->puzzle + 1);
		seen[L->puzzle] = true;
	}
	/* all passed: round again, not "every puzzle is solved" */
	i = L->puzzle;
	assert_true(cmd(&s, CMD_PUZZLE, NULL));
	assert_int_equal(L->mode, SL_PUZZLE);
	assert_true(seen[L->puzzle]);
	assert_int_not_equal(L->puzzle, i);

	/* a variant and a theme */
	assert_true(cmd(&s, CMD_PUZZLE, "congo"));
	assert_string_equal(session_puzzle_variant(&s), "congo");
	/* (test_puzzles solved both) */
	said(&s, "Every puzzle is solved (the Congo puzzles)");
	assert_true(cmd(&s, CMD_PUZZLE, "megapawn zebra"));
	p = session_puzzle_current(&s);
	assert_string_equal(p->variant, "megapawn");
	assert_string_equal(p->theme, "zebra");
	session_puzzle_place(&s, &place, &count);
	assert_int_equal(count, 1);
	assert_int_equal(place, 1);
	i = L->puzzle;
	assert_true(cmd(&s, CMD_PUZZLE, "kangaroo"));
	assert_int_equal(s.msg.tone, SM_ERROR);
	said(&s, "no Megapawn puzzle has the theme 'kangaroo'; themes: "
	    "crocodile elephant zebra lion-face quiet, or all");
	assert_int_equal(L->puzzle, i);
	assert_true(cmd(&s, CMD_PUZZLE, "all"));
	session_puzzle_place(&s, &place, &count);
	assert_int_equal(count, NMEGA);
	finish(&s);
}

/* The win in 3 that holds by Megapawn's repetition rule says so, from its
 * header to the end (issue 34): not "takes the lion in 3". */
static void
test_puzzle_by_repetition(void **state)
{
	struct session s;
	struct session_learn *L;
	(void)state;

	start(&s);
	assert_true(cmd(&s, CMD_PUZZLE, "megapawn lion-face"));
	L = s.learn;
	assert_int_equal(L->mode, SL_PUZZLE);
	assert_int_equal(session_puzzle_current(&s)->n, 3);
	assert_true(L->by_rep);
	said(&s, "White to move wins in 3 moves: the lion falls, or Black "
	    "must bring back a position, which loses in Megapawn");
	if (strstr(s.msg.text, "takes the lion") != NULL)
		fail_msg("still promises the lion: %s", s.msg.text);
	assert_int_equal(session_learn_play(&s, mv(&s, "b5a7")), SL_TAKEN);
	said(&s, "White wins in 2 more");
	assert_int_equal(session_learn_play(&s, mv(&s, "b3c3")), SL_TAKEN);
	said(&s, "White wins in 1 more");
	assert_int_equal(session_learn_play(&s,
	    lion_taker(game_board(&s.game))), SL_TAKEN);
	said(&s, "Solved");
	/* Another still promises the lion. */
	assert_true(cmd(&s, CMD_PUZZLE, "zebra"));
	assert_false(L->by_rep);
	said(&s, "takes the lion in");
	finish(&s);
}

static bool
state_has(const char *line)
{
	char path[160], buf[256];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof path, "%s/congo/learn", tmpdir);
	f = fopen(path, "r");
	if (f == NULL)
		return false;
	while (!found && fgets(buf, sizeof buf, f) != NULL)
		found = strncmp(buf, line, strlen(line)) == 0;
	fclose(f);
	return found;
}

/* A streak (lichess Puzzle Streak): unrated, each puzzle rated above the
 * last, one skip, no hints, one mistake ends it; the best is kept. */
static void
test_streak(void **state)
{
	struct session s;
	struct session_learn *L;
	const struct learn_puzzle *p;
	struct learn_player *pl;
	double r;
	int last, games;
	(void)state;

	start_variant(&s, "megapawn");
	pl = session_puzzle_player(&s);
	r = pl->rating.r;
	games = pl->rating.games;
	assert_true(cmd(&s, CMD_PUZZLE, "streak"));
	L = s.learn;
	assert_true(L->streak);
	said(&s, "Streak 1: ");
	p = session_puzzle_current(&s);
	assert_string_equal(p->variant, "megapawn");
	last = learn_puzzle_rating(p);
	/* the easiest first: no Megapawn puzzle is rated lower */
	{
		size_t i;
		for (i = 0; i < L->puzzles.len; i++) {
			const struct learn_puzzle *q = vec_at(&L->puzzles, i);
			if (strcmp(q->variant, "megapawn") == 0)
				assert_true(learn_puzzle_rating(q) >= last);
		}
	}
	assert_int_equal(p->n, 1);
	assert_int_equal(session_learn_play(&s, mv(&s, p->moves[0])),
	    SL_TAKEN);
	said(&s, "Solved! Streak 1 (best 1)");
	assert_true(state_has("streak tester 1"));
	/* unrated */
	pl = session_puzzle_player(&s);
	assert_true(pl->rating.r == r);
	assert_int_equal(pl->rating.games, games);
	/* Enter: a harder one */
	assert_true(session_learn_enter(&s));
	p = session_puzzle_current(&s);
	assert_true(learn_puzzle_rating(p) > last);
	last = learn_puzzle_rating(p);
	said(&s, "Streak 2: ");
	/* no hints */
	assert_true(cmd(&s, CMD_ADVICE, NULL));
	said(&s, "No hints in a streak");
	assert_int_equal(L->hint_sq, -1);
	/* one skip, to a harder one still; not two */
	assert_true(cmd(&s, CMD_PUZZLE, NULL));
	p = session_puzzle_current(&s);
	assert_true(learn_puzzle_rating(p) > last);
	assert_true(L->streak);
	assert_int_equal(L->streak_n, 1);
	last = L->puzzle;
	assert_true(cmd(&s, CMD_PUZZLE, NULL));
	said(&s, "skip is used");
	assert_int_equal(L->puzzle, last);
	/* a mistake ends it; the best stays */
	assert_int_equal(session_learn_play(&s, other_move(&s,
	    session_puzzle_current(&s))), SL_REFUSED);
	said(&s, "Streak over: 1 solved");
	assert_true(L->streak_over && L->waiting);
	pl = session_puzzle_player(&s);
	assert_int_equal(pl->best_streak, 1);
	assert_true(pl->rating.r == r);
	/* :solution shows the answer; Enter: a new streak from the start */
	assert_true(cmd(&s, CMD_SOLUTION, NULL));
	said(&s, "Solution, played on the board: ");
	assert_true(session_learn_enter(&s));
	assert_true(L->streak && !L->streak_over);
	assert_int_equal(L->streak_n, 0);
	said(&s, "Streak 1: ");
	/* :puzzle with a set leaves the streak for rated puzzles */
	assert_true(cmd(&s, CMD_PUZZLE, "zebra"));
	assert_false(L->streak);
	said(&s, "takes the lion");
	assert_false(strstr(s.msg.text, "Streak") != NULL);
	finish(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lesson_flow),
		cmocka_unit_test(test_not_learning),
		cmocka_unit_test(test_learn_over_a_game),
		cmocka_unit_test(test_puzzles),
		cmocka_unit_test(test_missing_data),
		cmocka_unit_test(test_puzzle_variant_walk),
		cmocka_unit_test(test_puzzle_by_repetition),
		cmocka_unit_test(test_streak),
	};

	board_init();
	if (test_mkdtemp(tmpdir, sizeof tmpdir, "test_session_learn") == NULL)
		return 99;
	write_file("lessons.txt", lessons);
	write_file("puzzles.tsv", puzzles);
	setenv("CONGO_DATADIR", tmpdir, 1);
	setenv("XDG_STATE_HOME", tmpdir, 1);
	return test_rmdir_rc(tmpdir, cmocka_run_group_tests(tests, NULL, NULL));
}
