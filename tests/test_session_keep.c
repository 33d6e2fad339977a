/*
 * test_session_keep.c: nothing lost (issue 34 section 2), the session's
 * side without a terminal. A game in progress is kept as it goes (after
 * each move, takeback and result, in the record format, with its clocks
 * left and its players); a finished game is removed; a new game replaces
 * the kept one only once it has a move, and then moves it aside, never
 * over it (as a kept game declined at the start); the kept game is offered and
 * resumed in a fresh session at the same position, players and clocks;
 * a file that does not read is moved aside, not deleted; nothing is
 * written while the resume question waits. :save over an existing file,
 * :load over a game in progress and the editor's analyse over one ask
 * first.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "record/record.h"
#include "session/session.h"
#include "session/session_editor.h"
#include "session/session_keep.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "test_session_util.h"
#include "test_tmp.h"

static int64_t clock_ms = 1000;

static int64_t
fake_now(void)
{
	return clock_ms;
}

static char dir[100];

static int
setup(void **state)
{
	(void)state;
	assert_non_null(test_mkdtemp(dir, sizeof dir, "congo-keep"));
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	assert_int_equal(test_rmdir(dir), 0);
	return 0;
}

static void
path_in(char *buf, size_t n, const char *name)
{
	snprintf(buf, n, "%s/%s", dir, name);
}

/* Two humans (or as given: "ai" is level 3), a 5+0 clock, keeping to
 * dir/game.pgn. */
static void
start(struct session *s, const char *white, const char *black)
{
	struct congo_conf c;

	tsu_conf(&c, white, black);
	c.black.level = 3;
	c.black.movetime_ms = 50;
	clock_ms = 1000;
	tsu_start(s, &c, NULL, fake_now);
	assert_int_equal(session_set_clock(s, "5+0"), 0);
	session_new_game(s, &s->start);
	path_in(s->keep_path, sizeof s->keep_path, SESSION_KEEP_NAME);
}

/* A move after ms of thought. */
static void
move_after(struct session *s, const char *mv, int64_t ms)
{
	clock_ms += ms;
	tsu_cmd(s, CMD_MOVE, mv);
}

/* The AI's move, as its worker would hand it, after ms. */
static void
ai_plays(struct session *s, const char *text, int64_t ms)
{
	char err[160];
	move_t m;

	assert_int_equal(notation_read(game_board(&s->game), text, &m, err,
	    sizeof err), 0);
	clock_ms += ms;
	session_play(s, m, true);
}

static bool
exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* A record's plies (-1: none that reads) and its Clocks tag. */
static int
plies_in(const char *path, char *clocks, size_t n)
{
	struct record_tags t;
	struct game g;
	char err[256];
	int plies;

	if (record_load(path, &g, &t, NULL, err, sizeof err) < 0)
		return -1;
	plies = g.nply;
	if (clocks != NULL)
		snprintf(clocks, n, "%s", record_tag_get(&t, "Clocks") ?
		    record_tag_get(&t, "Clocks") : "");
	game_free(&g);
	return plies;
}

static int
kept_plies(const struct session *s, char *clocks, size_t n)
{
	return plies_in(s->keep_path, clocks, n);
}

static void
test_kept_as_it_goes(void **state)
{
	struct session s;
	char clocks[96];

	(void)state;
	start(&s, "human", "human");
	assert_false(exists(s.keep_path));      /* no move: nothing kept */
	move_after(&s, "d2d3", 2000);
	assert_int_equal(kept_plies(&s, NULL, 0), 1);
	assert_true(s.kept);
	move_after(&s, "d6d5", 3000);
	move_after(&s, "c2c3", 4000);           /* White's first timed move */
	assert_int_equal(kept_plies(&s, clocks, sizeof clocks), 3);
	assert_string_equal(clocks, "white 296000 black 300000 running "
	    "black");
	/* A takeback is kept too. */
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(kept_plies(&s, NULL, 0), 2);
	/* On the way out: the clocks as they stand (Black's ran 7 s). */
	tsu_cmd(&s, CMD_REDO, NULL);
	clock_ms += 7000;
	assert_true(session_keep_quit(&s));
	assert_int_equal(kept_plies(&s, clocks, sizeof clocks), 3);
	assert_string_equal(clocks, "white 296000 black 293000 running "
	    "black");
	/* A result: the finished game is no longer kept. */
	tsu_cmd(&s, CMD_RESIGN_NOW, NULL);
	assert_true(game_over(&s.game));
	assert_false(exists(s.keep_path));
	assert_false(s.kept);
	assert_false(session_keep_quit(&s));
	session_free(&s);
}

/* The want-th file moved aside (game-left-...pgn) in dir, by name. */
static void
find_left(char *buf, size_t n, int want)
{
	struct dirent **e;
	int i, k = 0, count = scandir(dir, &e, NULL, alphasort);

	buf[0] = '\0';
	assert_true(count >= 0);
	for (i = 0; i < count; i++) {
		if (strncmp(e[i]->d_name, "game-left-", 10) == 0 &&
		    ++k == want)
			path_in(buf, n, e[i]->d_name);
		free(e[i]);
	}
	free(e);
	assert_true(buf[0] != '\0');
}

static void
test_new_game_replaces_on_first_move(void **state)
{
	struct session s;
	char aside[400];

	(void)state;
	start(&s, "human", "human");
	move_after(&s, "d2d3", 10);
	move_after(&s, "d6d5", 10);
	/* A new game: the kept one stays until this one has a move. */
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	assert_false(s.kept);
	assert_int_equal(kept_plies(&s, NULL, 0), 2);
	assert_false(session_keep_quit(&s));
	assert_int_equal(kept_plies(&s, NULL, 0), 2);
	/* Its first move: the other game is moved aside, not lost. */
	move_after(&s, "a2a3", 10);
	assert_int_equal(kept_plies(&s, NULL, 0), 1);
	assert_true(s.kept);
	find_left(aside, sizeof aside, 1);
	assert_int_equal(plies_in(aside, NULL, 0), 2);
	assert_non_null(strstr(s.msg.text, "the game kept before (1 move, "));
	assert_non_null(strstr(s.msg.text, "-left-"));
	/* The next moves write the new game only. */
	move_after(&s, "a6a5", 10);
	assert_int_equal(kept_plies(&s, NULL, 0), 2);
	find_left(aside, sizeof aside, 1);
	assert_int_equal(plies_in(aside, NULL, 0), 2);
	/* A second new game: a second file, the first one untouched. */
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	move_after(&s, "c2c3", 10);
	find_left(aside, sizeof aside, 2);
	assert_int_equal(kept_plies(&s, NULL, 0), 1);
	assert_int_equal(unlink(aside), 0);
	find_left(aside, sizeof aside, 1);
	assert_int_equal(unlink(aside), 0);
	session_free(&s);
}

/* A kept game declined at the start (a congo started with options that
 * choose a game, or the resume question answered no): a new session's
 * first move moves it aside. A finished game there is simply replaced. */
static void
test_declined_kept_game_moved_aside(void **state)
{
	struct session s, r;
	char aside[400];

	(void)state;
	start(&s, "human", "human");
	move_after(&s, "d2d3", 10);
	move_after(&s, "d6d5", 10);
	move_after(&s, "c2c3", 10);
	assert_true(session_keep_quit(&s));
	session_free(&s);
	start(&r, "human", "human");
	assert_false(r.kept);
	move_after(&r, "a2a3", 10);
	assert_int_equal(kept_plies(&r, NULL, 0), 1);
	find_left(aside, sizeof aside, 1);
	assert_int_equal(plies_in(aside, NULL, 0), 3);
	assert_int_equal(unlink(aside), 0);
	tsu_cmd(&r, CMD_RESIGN_NOW, NULL);
	assert_false(exists(r.keep_path));
	session_free(&r);
}

/* The new-game dialog's Enter over a game in progress asks; no leaves
 * the game and the dialog as they were, yes starts the dialog's game. */
static void
test_new_game_dialog_asks(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "human");
	s.keep_path[0] = '\0';
	tsu_cmd(&s, CMD_NEW, NULL);
	assert_true(s.ng.open);
	assert_int_equal(session_newgame_enter(&s), 0);  /* no move yet */
	assert_false(s.ng.open);
	assert_false(s.asking);
	move_after(&s, "d2d3", 10);
	tsu_cmd(&s, CMD_NEW, NULL);
	assert_int_equal(session_newgame_enter(&s), 1);
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "Leave this game for a new one?"));
	session_answer(&s, false);
	assert_true(s.ng.open);
	assert_int_equal(s.game.nply, 1);
	assert_int_equal(session_newgame_enter(&s), 1);
	session_answer(&s, true);
	assert_false(s.ng.open);
	assert_int_equal(s.game.nply, 0);
	assert_non_null(strstr(s.msg.text, "new game of"));
	session_free(&s);
}

static void
test_resume(void **state)
{
	struct session s, r;
	struct congo_conf c;
	char before[FEN_MAX], after[FEN_MAX], desc[128], err[512];
	int64_t w, b;

	(void)state;
	start(&s, "human", "ai");
	/* Black's moves played by hand (the AI is not waited for). */
	move_after(&s, "d2d3", 1000);
	ai_plays(&s, "d6d5", 700);
	move_after(&s, "c2c3", 5000);
	ai_plays(&s, "c6c5", 900);
	clock_ms += 2500;                       /* White thinks, then quits */
	session_cancel_turns(&s);
	assert_true(session_keep_quit(&s));
	fen_write(game_board(&s.game), before, sizeof before);
	w = session_clock_left(&s, WHITE);
	b = session_clock_left(&s, BLACK);
	session_free(&s);

	/* The next congo: offered, then resumed as it was. */
	tsu_conf(&c, "human", "human");
	clock_ms = 50000;
	tsu_start(&r, &c, NULL, fake_now);
	path_in(r.keep_path, sizeof r.keep_path, SESSION_KEEP_NAME);
	assert_int_equal(session_keep_check(r.keep_path, &r.conf.rules, desc,
	    sizeof desc, err, sizeof err), 1);
	assert_non_null(strstr(desc, "2 moves, human - AI level 3"));
	session_keep_offer(&r, desc);
	assert_true(r.asking);
	/* Nothing is written while the question waits. */
	tsu_cmd(&r, CMD_MOVE, "a2a3");
	assert_int_equal(kept_plies(&r, NULL, 0), 4);
	r.asking = true;
	session_answer(&r, true);
	fen_write(game_board(&r.game), after, sizeof after);
	assert_string_equal(after, before);
	assert_int_equal(r.game.nply, 4);
	assert_true(r.clocked);
	assert_int_equal(session_clock_left(&r, WHITE), w);
	assert_int_equal(session_clock_left(&r, BLACK), b);
	/* White's clock runs on from there; Black's waits. */
	clock_ms += 1000;
	assert_int_equal(session_clock_left(&r, WHITE), w - 1000);
	assert_int_equal(session_clock_left(&r, BLACK), b);
	assert_false(r.player[BLACK]->human);
	assert_int_equal(r.player[BLACK]->conf.level, 3);
	assert_true(r.kept);
	assert_null(record_tag_get(&r.tags, "Clocks"));
	assert_non_null(strstr(r.msg.text, "resumed"));
	session_free(&r);
}

/* The resume question is asked before the new game starts: two AIs do
 * not play on behind it; no starts the new game, yes the kept one (issue
 * 57). */
static void
test_resume_asked_first(void **state)
{
	struct session s, r;
	struct congo_conf c;
	int yes;

	(void)state;
	for (yes = 0; yes < 2; yes++) {
		start(&s, "human", "ai");
		move_after(&s, "d2d3", 1000);
		ai_plays(&s, "d6d5", 700);
		session_cancel_turns(&s);
		assert_true(session_keep_quit(&s));
		session_free(&s);

		tsu_conf(&c, "ai", "ai");
		c.white.movetime_ms = c.black.movetime_ms = 20;
		tsu_start(&r, &c, NULL, fake_now);
		path_in(r.keep_path, sizeof r.keep_path, SESSION_KEEP_NAME);
		assert_true(r.thinking);      /* (the new game's White) */
		session_keep_offer(&r, "1 move, human - AI level 3");
		assert_true(r.asking);
		assert_false(r.thinking);
		/* nothing starts the game while the question waits */
		session_turn(&r);
		assert_false(r.thinking);
		assert_int_equal(r.game.nply, 0);
		session_answer(&r, yes);
		if (yes) {
			assert_int_equal(r.game.nply, 2);
			assert_non_null(strstr(r.msg.text, "resumed"));
		} else {
			assert_int_equal(r.game.nply, 0);
			assert_true(r.thinking);  /* the new game begins */
		}
		session_cancel_turns(&r);
		session_free(&r);
		unlink(r.keep_path);
	}
}

static void
test_unreadable_moved_aside(void **state)
{
	struct session s;
	char desc[128], err[512], aside[400] = "";
	struct dirent *e;
	FILE *f;
	DIR *d;

	(void)state;
	start(&s, "human", "human");
	f = fopen(s.keep_path, "w");
	assert_non_null(f);
	fputs("1. d2d3 zz9 *\n", f);
	fclose(f);
	assert_int_equal(session_keep_check(s.keep_path, &s.conf.rules, desc,
	    sizeof desc, err, sizeof err), -1);
	assert_non_null(strstr(err, "does not read"));
	assert_non_null(strstr(err, "moved aside as game.pgn.bad-"));
	assert_false(exists(s.keep_path));
	d = opendir(dir);
	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "game.pgn.bad-", 13) == 0)
			path_in(aside, sizeof aside, e->d_name);
	closedir(d);
	assert_true(aside[0] != '\0');
	assert_int_equal(unlink(aside), 0);
	/* No file: nothing offered; a finished game: nothing either. */
	assert_int_equal(session_keep_check(s.keep_path, &s.conf.rules, desc,
	    sizeof desc, err, sizeof err), 0);
	f = fopen(s.keep_path, "w");
	fputs("[Result \"1-0\"]\n\n1. d2d3 1-0\n", f);
	fclose(f);
	assert_int_equal(session_keep_check(s.keep_path, &s.conf.rules, desc,
	    sizeof desc, err, sizeof err), 0);
	/* --resume without a game: said, and the game goes on. */
	unlink(s.keep_path);
	assert_int_equal(session_keep_resume(&s), -1);
	assert_non_null(strstr(s.msg.text, "no game is kept"));
	session_free(&s);
}

static void
test_save_over_asks(void **state)
{
	struct session s;
	char path[128];

	(void)state;
	start(&s, "human", "human");
	s.keep_path[0] = '\0';
	path_in(path, sizeof path, "mine.pgn");
	move_after(&s, "d2d3", 10);
	/* A new file: saved at once; again here: no question. */
	tsu_cmd(&s, CMD_SAVE, path);
	assert_false(s.asking);
	assert_int_equal(record_count_games(path, NULL, 0), 1);
	move_after(&s, "d6d5", 10);
	tsu_cmd(&s, CMD_SAVE, path);
	assert_false(s.asking);
	/* Another game over that file: asked; no keeps the file. */
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	move_after(&s, "a2a3", 10);
	tsu_cmd(&s, CMD_SAVE, path);
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "mine.pgn exists: replace it?"));
	session_answer(&s, false);
	assert_int_equal(plies_in(path, NULL, 0), 2);
	/* and says so: nothing was written */
	assert_string_equal(s.msg.text, "not saved: mine.pgn is left as it was");
	tsu_cmd(&s, CMD_SAVE, path);
	session_answer(&s, true);
	assert_non_null(strstr(s.msg.text, "saved to"));
	assert_int_equal(plies_in(path, NULL, 0), 1);
	session_free(&s);
}

static void
test_load_and_analyse_over_game_ask(void **state)
{
	struct session s;
	char path[128];

	(void)state;
	start(&s, "human", "human");
	s.keep_path[0] = '\0';
	path_in(path, sizeof path, "other.pgn");
	move_after(&s, "d2d3", 10);
	tsu_cmd(&s, CMD_SAVE, path);
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	move_after(&s, "a2a3", 10);
	move_after(&s, "a6a5", 10);
	/* :load over a game in progress: asked; no leaves it be. */
	tsu_cmd(&s, CMD_LOAD, path);
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "Leave this game to load "
	    "other.pgn?"));
	session_answer(&s, false);
	assert_int_equal(s.game.nply, 2);
	tsu_cmd(&s, CMD_LOAD, path);
	session_answer(&s, true);
	assert_int_equal(s.game.nply, 1);
	assert_non_null(strstr(s.msg.text, "loaded"));
	/* The editor's analyse over a game in progress: asked too. */
	move_after(&s, "d6d5", 10);
	tsu_cmd(&s, CMD_EDIT, NULL);
	assert_int_equal(session_edit_analyse(&s), 0);
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "Leave this game to analyse"));
	session_answer(&s, false);
	assert_int_equal(s.game.nply, 2);
	assert_true(s.edit.open);
	assert_int_equal(session_edit_analyse(&s), 0);
	session_answer(&s, true);
	assert_false(s.edit.open);
	assert_int_equal(s.game.nply, 0);
	assert_true(s.analysis.on);
	session_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_kept_as_it_goes, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_new_game_replaces_on_first_move, setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_declined_kept_game_moved_aside, setup, teardown),
		cmocka_unit_test_setup_teardown(test_new_game_dialog_asks,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_resume, setup, teardown),
	cmocka_unit_test_setup_teardown(test_resume_asked_first, setup,
	    teardown),
		cmocka_unit_test_setup_teardown(test_unreadable_moved_aside,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_save_over_asks, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_load_and_analyse_over_game_ask, setup, teardown),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
