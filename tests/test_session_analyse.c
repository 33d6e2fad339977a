/*
 * test_session_analyse.c: a whole game's analysis in the session model,
 * without a terminal (issue 24): :analyse on its worker to the end (every
 * move's evaluation, marks only where the analysis put them, the summary),
 * cancelled (no thread left), refused without moves and with a bad
 * argument; a record's annotations loaded (the marks, the evaluations,
 * > and < to the marked moves with their comment, [ and ] saying a
 * commented move's comment) and saved back; notes
 * dropped for moves replaced after undo; an analysis as notes keeping a
 * move's own text and clock and replacing an earlier analysis's marks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "ai/analyse.h"
#include "config/config.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/session_editor.h"
#include "tb/tb.h"
#include "test_session_util.h"
#include "util/util.h"
#include "test_tmp.h"
#include "test_main.h"

static char dir[100];

static int
setup(void **state)
{
	(void)state;
	return test_mkdtemp(dir, sizeof dir, "congo-sa") != NULL ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	return test_rmdir(dir);
}

static void
start(struct session *s)
{
	struct congo_conf c;

	tsu_conf(&c, "human", "human");
	tsu_start(s, &c, NULL, NULL);
}

/* Hand the analysis worker's messages to the session, as the UI loop
 * does, until it no longer runs (or 60 s pass: valgrind is slow). */
static void
pump(struct session *s)
{
	struct pollfd p;
	int64_t end = util_now_ms() + 60000, left;
	int done, total;

	while (session_analyse_progress(s, &done, &total, &left)) {
		if (util_now_ms() >= end)
			fail_msg("the analysis did not end (%d of %d)", done,
			    total);
		p.fd = session_analyse_fd(s);
		p.events = POLLIN;
		poll(&p, 1, 20);
		session_analyse_poll(s);
	}
}

/* A file of text; a file's text into buf (n bytes at most). */
static void
put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void
get_file(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t len;

	assert_non_null(f);
	len = fread(buf, 1, n - 1, f);
	buf[len] = '\0';
	fclose(f);
}

static void
play(struct session *s, const char *const *moves, int n)
{
	for (int i = 0; i < n; i++) {
		tsu_cmd(s, CMD_MOVE, moves[i]);
		assert_int_equal(s->game.nply, i + 1);
	}
}

static const char *const opening[] = { "e2d3", "g6g5", "c1c3", "a6b5",
	"b2a3", "e7e5", "a2b3", "b5a4" };

static void
test_analyse_to_the_end(void **state)
{
	struct session s;
	char sum[200];
	int cp, i, done, total;
	int64_t left;

	(void)state;
	start(&s);
	/* nothing to analyse yet */
	tsu_cmd(&s, CMD_ANALYSE_GAME, "");
	assert_non_null(strstr(s.msg.text, "no moves to analyse"));
	assert_int_equal(session_analyse_fd(&s) >= 0 ? 1 : 0, 0);
	play(&s, opening, 8);
	/* :go N reviews the position after move N (issue 34) */
	tsu_cmd(&s, CMD_GO, "2");
	assert_int_equal(session_shown_ply(&s), 3);
	tsu_cmd(&s, CMD_GO, "3...");
	assert_int_equal(session_shown_ply(&s), 6);
	tsu_cmd(&s, CMD_GO, "0");
	assert_int_equal(session_shown_ply(&s), 0);
	tsu_cmd(&s, CMD_GO, "9");
	assert_int_equal(s.msg.tone, SM_ERROR);
	assert_non_null(strstr(s.msg.text, "go: 9: the game's moves are 1 to "
	    "4"));
	tsu_cmd(&s, CMD_GO, "x2");
	assert_non_null(strstr(s.msg.text, "go: 'x2' is not a move number"));
	assert_int_equal(session_shown_ply(&s), 0);
	tsu_cmd(&s, CMD_GO, "4...");
	assert_int_equal(session_shown_ply(&s), 8);
	assert_int_equal(s.review, -1);     /* the live position */
	/* > before any analysis says how to have one (issue 34) */
	tsu_cmd(&s, CMD_NEXT_MISTAKE, NULL);
	assert_string_equal(s.msg.text, "no analysis yet: :analyse marks the "
	    "game's moves ?! ? ??, then > and < step through them");
	tsu_cmd(&s, CMD_PREV_MISTAKE, NULL);
	assert_non_null(strstr(s.msg.text, "no analysis yet: :analyse"));
	tsu_cmd(&s, CMD_ANALYSE_GAME, "nodes x");
	assert_int_equal(s.msg.tone, SM_ERROR);
	assert_non_null(strstr(s.msg.text, "analyse: nodes: 'x' is not a "
	    "whole number"));
	tsu_cmd(&s, CMD_ANALYSE_GAME, "nodes 0");
	assert_non_null(strstr(s.msg.text, "out of range"));
	tsu_cmd(&s, CMD_ANALYSE_GAME, "fast");
	assert_non_null(strstr(s.msg.text, "'fast' is not understood"));
	tsu_cmd(&s, CMD_ANALYSE_GAME, "nodes 2000");
	assert_true(session_analyse_progress(&s, &done, &total, &left));
	assert_int_equal(total, 9);
	assert_non_null(strstr(s.msg.text, "analysing the game: 9 positions"));
	tsu_cmd(&s, CMD_NEXT_MISTAKE, NULL);
	assert_non_null(strstr(s.msg.text, "the analysis is still running"));
	pump(&s);
	assert_non_null(strstr(s.msg.text, "analysis done in "));
	for (i = 0; i < 8; i++) {
		const struct record_note *n = session_note(&s, i);
		assert_true(session_analyse_eval(&s, i, &cp));
		assert_non_null(n);
		/* a mark has its comment, and no comment is without one */
		assert_int_equal(session_analyse_mark(&s, i) != MARK_NONE,
		    n->text != NULL);
	}
	assert_false(session_analyse_eval(&s, 8, &cp));
	session_analyse_summary(&s, sum, sizeof sum);
	assert_non_null(strstr(sum, "White "));
	assert_non_null(strstr(sum, "  Black "));
	/* a move played after it has no evaluation; the summary waits */
	tsu_cmd(&s, CMD_MOVE, "d1c1");
	assert_false(session_analyse_eval(&s, 8, &cp));
	session_analyse_summary(&s, sum, sizeof sum);
	assert_string_equal(sum, "");
	assert_true(session_analyse_eval(&s, 7, &cp));
	session_free(&s);
}

static void
test_cancel(void **state)
{
	struct session s;
	int done, total;
	int64_t left;

	(void)state;
	start(&s);
	play(&s, opening, 8);
	tsu_cmd(&s, CMD_ANALYSE_GAME, "movetime 500");
	assert_true(session_analyse_progress(&s, &done, &total, &left));
	tsu_cmd(&s, CMD_ANALYSE_GAME, "stop");
	assert_false(session_analyse_progress(&s, &done, &total, &left));
	assert_non_null(strstr(s.msg.text, "analysis cancelled ("));
	assert_false(session_analyse_eval(&s, 0, &done));
	/* :analyse again cancels a running one too */
	tsu_cmd(&s, CMD_ANALYSE_GAME, "movetime 500");
	tsu_cmd(&s, CMD_ANALYSE_GAME, "");
	assert_false(session_analyse_progress(&s, &done, &total, &left));
	tsu_cmd(&s, CMD_ANALYSE_GAME, "stop");
	assert_non_null(strstr(s.msg.text, "no analysis runs"));
	/* quitting with one running joins it */
	tsu_cmd(&s, CMD_ANALYSE_GAME, "movetime 500");
	session_free(&s);
}

/* Whole-game analysis stops when its game is left (issue 34): a new game,
 * a game loaded, the editor opened; it ran on for a minute, taking the CPU
 * from the new game's AI. Reviewing the game is not leaving it. */
static void
test_left_game_stops(void **state)
{
	struct session s;
	char path[128];
	FILE *f;
	int done, total;
	int64_t left;

	(void)state;
	start(&s);
	play(&s, opening, 8);
	tsu_cmd(&s, CMD_ANALYSE_GAME, "movetime 2000");
	assert_true(session_analyse_progress(&s, &done, &total, &left));
	/* reviewing it goes on */
	tsu_cmd(&s, CMD_REVIEW_BACK, "");
	assert_true(s.review >= 0);
	session_analyse_poll(&s);
	assert_true(session_analyse_progress(&s, &done, &total, &left));
	tsu_cmd(&s, CMD_REVIEW_END, "");
	/* a new game: stopped, and said */
	session_new_game(&s, &s.start);
	session_analyse_poll(&s);
	assert_false(session_analyse_progress(&s, &done, &total, &left));
	assert_non_null(strstr(s.msg.text, "analysis stopped"));
	session_free(&s);

	/* a game loaded */
	snprintf(path, sizeof path, "%s/left.pgn", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("[Event \"t\"]\n[Result \"*\"]\n\n1. e2d3 g6g5 *\n", f);
	fclose(f);
	start(&s);
	play(&s, opening, 8);
	tsu_cmd(&s, CMD_ANALYSE_GAME, "movetime 2000");
	assert_int_equal(session_load(&s, path, 0), 0);
	session_analyse_poll(&s);
	assert_false(session_analyse_progress(&s, &done, &total, &left));
	session_free(&s);

	/* the mode changes: the board editor */
	start(&s);
	play(&s, opening, 8);
	tsu_cmd(&s, CMD_ANALYSE_GAME, "movetime 2000");
	session_edit_open(&s);
	session_analyse_poll(&s);
	assert_false(session_analyse_progress(&s, &done, &total, &left));
	session_edit_cancel(&s);
	session_free(&s);
}

static const char annotated[] =
    "[Event \"t\"]\n[Result \"*\"]\n\n"
    "1. e2d3 {[%eval 0.10]} g6g5 $6 {[%eval 0.45] Inaccuracy. Better was "
    "d6d5.} 2. c1c3 {[%eval 0.40] [%clk 0:04:00] mine} a6b5 $4 {[%eval "
    "3.50] Blunder. Better was e7e5.} 3. b2a3 $1 {[%eval 3.40]} *\n";

static void
test_load_jump_save(void **state)
{
	struct session s;
	char path[128], out[128], buf[4096], sum[200];
	int cp;

	(void)state;
	snprintf(path, sizeof path, "%s/a.pgn", dir);
	snprintf(out, sizeof out, "%s/b.pgn", dir);
	put_file(path, annotated);
	start(&s);
	assert_int_equal(session_load(&s, path, 0), 0);
	assert_int_equal(s.game.nply, 5);
	assert_int_equal(session_analyse_mark(&s, 0), MARK_NONE);
	assert_int_equal(session_analyse_mark(&s, 1), MARK_INACCURACY);
	assert_int_equal(session_analyse_mark(&s, 3), MARK_BLUNDER);
	assert_int_equal(session_analyse_mark(&s, 4), MARK_NONE);  /* $1 */
	assert_true(session_analyse_eval(&s, 3, &cp));
	assert_int_equal(cp, 350);
	session_move_label(&s, 3, buf, sizeof buf);
	assert_string_equal(buf, "a6b5??");
	session_analyse_summary(&s, sum, sizeof sum);
	assert_non_null(strstr(sum, "0?! 0? 0??  Black "));
	assert_non_null(strstr(sum, "1?! 0? 1??"));
	/* > from the start: the inaccuracy, then the blunder; < back */
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	tsu_cmd(&s, CMD_NEXT_MISTAKE, NULL);
	assert_int_equal(session_shown_ply(&s), 2);
	assert_string_equal(s.msg.text, "1... g6g5?! Inaccuracy. Better was "
	    "d6d5.");
	tsu_cmd(&s, CMD_NEXT_MISTAKE, NULL);
	assert_int_equal(session_shown_ply(&s), 4);
	assert_string_equal(s.msg.text, "2... a6b5?? Blunder. Better was "
	    "e7e5.");
	tsu_cmd(&s, CMD_NEXT_MISTAKE, NULL);
	assert_int_equal(session_shown_ply(&s), 4);
	assert_non_null(strstr(s.msg.text, "no later marked move"));
	tsu_cmd(&s, CMD_PREV_MISTAKE, NULL);
	assert_int_equal(session_shown_ply(&s), 2);
	/* [ and ] say a commented move's comment, and nothing else */
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	assert_string_equal(s.msg.text, "");
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	assert_string_equal(s.msg.text, "1... g6g5?! Inaccuracy. Better was "
	    "d6d5.");
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	assert_string_equal(s.msg.text, "2. c1c3 mine");
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_string_equal(s.msg.text, "");
	tsu_cmd(&s, CMD_NEXT_MISTAKE, NULL);
	/* a click on the graph: the position after that move */
	tsu_cmd(&s, CMD_REVIEW_TO, "3");
	assert_int_equal(session_shown_ply(&s), 3);
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	/* saved back whole (the clock of the record's own note too) */
	tsu_cmd(&s, CMD_SAVE, out);
	get_file(out, buf, sizeof buf);
	assert_non_null(strstr(buf, "g6g5 $6 {[%eval 0.45] Inaccuracy. Better "
	    "was d6d5.}"));
	assert_non_null(strstr(buf, "{[%eval 0.40] [%clk 0:04:00] mine}"));
	assert_non_null(strstr(buf, "a6b5 $4 {[%eval 3.50] Blunder."));
	assert_non_null(strstr(buf, "b2a3 $1 {[%eval 3.40]}"));
	/* undo two plies and play another move: its notes are gone, the
	 * earlier ones stay */
	tsu_cmd(&s, CMD_UNDO, NULL);
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(s.game.nply, 3);
	tsu_cmd(&s, CMD_MOVE, "a6a5");
	assert_int_equal(session_analyse_mark(&s, 3), MARK_NONE);
	assert_false(session_analyse_eval(&s, 3, &cp));
	assert_int_equal(session_analyse_mark(&s, 1), MARK_INACCURACY);
	/* a new game forgets them */
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	assert_int_equal(session_analyse_mark(&s, 1), MARK_NONE);
	session_free(&s);
}

/* Notes typed in review (issue 34): :comment and :nag (and !, :nag
 * alone) on the move shown, the record's $1 shown as !, all saved. */
static void
test_typed_notes(void **state)
{
	struct session s;
	char path[128], out[128], buf[4096];

	(void)state;
	snprintf(path, sizeof path, "%s/n.pgn", dir);
	snprintf(out, sizeof out, "%s/n2.pgn", dir);
	put_file(path, annotated);
	start(&s);
	assert_int_equal(session_load(&s, path, 0), 0);
	session_move_label(&s, 4, buf, sizeof buf);
	assert_string_equal(buf, "b2a3!");            /* the record's $1 */
	assert_string_equal(session_move_glyph(&s, 4), "!");
	{
		/* the better move named for g6g5 and a6b5, none for e2d3 */
		move_t m;
		char t[MOVE_TEXT_MAX];
		assert_false(session_better_move(&s, 0, &m));
		assert_true(session_better_move(&s, 1, &m));
		notation_write(m, t, sizeof t);
		assert_string_equal(t, "d6d5");
		assert_true(session_better_move(&s, 3, &m));
		notation_write(m, t, sizeof t);
		assert_string_equal(t, "e7e5");
	}
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	tsu_cmd(&s, CMD_COMMENT, "no move shown");
	assert_non_null(strstr(s.msg.text, "no move shown"));
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);              /* 1. e2d3 */
	tsu_cmd(&s, CMD_COMMENT, "a quiet start");
	tsu_cmd(&s, CMD_NAG, "!?");
	assert_string_equal(session_move_glyph(&s, 0), "!?");
	tsu_cmd(&s, CMD_NAG, "??");                         /* replaces it */
	assert_string_equal(session_move_glyph(&s, 0), "??");
	assert_int_equal(session_analyse_mark(&s, 0), MARK_BLUNDER);
	tsu_cmd(&s, CMD_NAG, "$2x");
	assert_non_null(strstr(s.msg.text, "is no glyph"));
	tsu_cmd(&s, CMD_NAG, "-");
	assert_string_equal(session_move_glyph(&s, 0), "");
	tsu_cmd(&s, CMD_NAG, NULL);                         /* the key ! */
	assert_string_equal(session_move_glyph(&s, 0), "!");
	tsu_cmd(&s, CMD_NAG, NULL);
	assert_string_equal(session_move_glyph(&s, 0), "?");
	tsu_cmd(&s, CMD_NAG, NULL);
	assert_string_equal(session_move_glyph(&s, 0), "!!");
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_string_equal(s.msg.text, "1. e2d3!! a quiet start");
	/* the analysis' notes of the other moves stay */
	assert_int_equal(session_analyse_mark(&s, 1), MARK_INACCURACY);
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	tsu_cmd(&s, CMD_SAVE, out);
	get_file(out, buf, sizeof buf);
	assert_non_null(strstr(buf, "1. e2d3 $3 {[%eval 0.10] a quiet "
	    "start}"));
	/* :pgn: the same record for the view's clipboard */
	tsu_cmd(&s, CMD_PGN, NULL);
	assert_true(s.want_clip);
	assert_non_null(s.clip_long);
	assert_string_equal(s.clip_long, buf);
	assert_string_equal(s.clip, "the game record, 5 plies");
	assert_non_null(strstr(buf, "g6g5 $6 {[%eval 0.45] Inaccuracy."));
	assert_non_null(strstr(buf, "b2a3 $1 {[%eval 3.40]}"));
	/* ! on a move this program's analysis marked (issue 62): the glyph
	 * beside the mark; the mark and the counts stay */
	session_note_edit(&s, 1)->mark = 6;             /* g6g5's $6 */
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);          /* 1... g6g5 */
	tsu_cmd(&s, CMD_NAG, "!");
	assert_int_equal(session_analyse_mark(&s, 1), MARK_INACCURACY);
	assert_string_equal(session_move_glyph(&s, 1), "!");
	session_move_label(&s, 1, buf, sizeof buf);
	assert_string_equal(buf, "g6g5?! !");
	tsu_cmd(&s, CMD_NAG, "-");                      /* the glyph goes */
	assert_int_equal(session_analyse_mark(&s, 1), MARK_INACCURACY);
	assert_string_equal(session_move_glyph(&s, 1), "");
	tsu_cmd(&s, CMD_NAG, "?");      /* a person's ? is not a mistake */
	assert_int_equal(session_analyse_mark(&s, 1), MARK_INACCURACY);
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	/* a comment on a game never analysed nor loaded */
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_COMMENT, "first");
	tsu_cmd(&s, CMD_NAG, "$10");
	snprintf(out, sizeof out, "%s/n3.pgn", dir);
	tsu_cmd(&s, CMD_SAVE, out);
	get_file(out, buf, sizeof buf);
	assert_non_null(strstr(buf, "d2d3 $10 {first}"));
	unlink(out);
	snprintf(out, sizeof out, "%s/n2.pgn", dir);
	unlink(out);
	unlink(path);
	session_free(&s);
}

/* An analysis as notes: a move's own text and clock stay, an earlier
 * analysis's mark and sentence go. */
static void
test_notes_of_analysis(void **state)
{
	struct analyse_pos pos[3];
	struct analyse_ply ply[2];
	struct analyse_result r = { 2, WHITE, pos, ply, { 0, 0 }, { { 0 } } };
	struct record_notes ns;
	struct record_note *n;
	struct game g;
	struct board b;
	char err[128];

	(void)state;
	board_init();
	assert_int_equal(fen_read(&b, FEN_START, err, sizeof err), 0);
	game_init(&g, &b, NULL);
	assert_int_equal(game_play_text(&g, "e2d3", err, sizeof err), 0);
	assert_int_equal(game_play_text(&g, "g6g5", err, sizeof err), 0);
	memset(pos, 0, sizeof pos);
	memset(ply, 0, sizeof ply);
	pos[1].white_cp = 20;
	pos[2].white_cp = -1000;
	pos[2].mate = -3;
	ply[0].played = g.moves[0];
	ply[1].played = g.moves[1];
	ply[1].mark = MARK_MISTAKE;
	assert_int_equal(notation_read(&g.pos[1], "d6d5", &ply[1].best, err,
	    sizeof err), 0);
	record_notes_init(&ns);
	n = record_notes_at(&ns, 0);
	record_note_add_nag(n, 4);                      /* old: a blunder */
	record_note_add_nag(n, 1);                      /* the player's ! */
	record_note_set_text(n, "Blunder. Better was c2c3. My idea.");
	n->clk_ms = 5000;
	session_analyse_notes(&r, &g, &ns);
	n = &ns.at[0];
	assert_int_equal(n->nnag, 1);
	assert_int_equal(n->nag[0], 1);
	assert_string_equal(n->text, "My idea.");
	assert_int_equal(n->clk_ms, 5000);
	assert_true(n->has_eval);
	assert_int_equal(n->eval_cp, 20);
	n = &ns.at[1];
	assert_int_equal(n->nnag, 1);
	assert_int_equal(n->nag[0], 2);
	assert_int_equal(n->eval_mate, -3);
	assert_string_equal(n->text, "Mistake. Better was d6d5.");
	/* the first position's value goes before the first move */
	assert_true(ns.start_has_eval);
	assert_int_equal(ns.start_cp, 0);
	assert_int_equal(ns.start_mate, 0);
	/* a move the scores would mark, the search's own: it says so, and
	 * an analysis again replaces that sentence too */
	pos[0].white_cp = 1000;
	pos[0].mate = 4;
	ply[1].mark = MARK_NONE;
	ply[1].judged = MARK_BLUNDER;
	ply[1].best = MOVE_NONE;
	session_analyse_notes(&r, &g, &ns);
	assert_true(ns.start_has_eval);
	assert_int_equal(ns.start_cp, 1000);
	assert_int_equal(ns.start_mate, 4);
	n = &ns.at[1];
	assert_int_equal(n->nnag, 0);
	assert_string_equal(n->text, "The search's own move, not marked.");
	record_note_set_text(n, "The search's own move, not marked. Mine.");
	session_analyse_notes(&r, &g, &ns);
	assert_string_equal(ns.at[1].text, "The search's own move, not "
	    "marked. Mine.");
	record_notes_free(&ns);
	game_free(&g);
}

/*
 * The first position's value read from a record (the comment before the
 * first move), counted for the accuracy: a game from a position White
 * wins (#5), its first move to a draw: 10.85% (11%), not the 95% of a
 * start counted +0.15; saved back with it.
 */
static const char from_won[] =
    "[Event \"t\"]\n[Result \"*\"]\n\n"
    "{[%eval #5] set up} 1. e2d3 $4 {[%eval 0.00] Blunder. Better was "
    "c1c3.} g6g5 {[%eval 0.00]} *\n";

static void
test_start_eval(void **state)
{
	struct session s;
	char path[128], out[128], buf[4096], sum[200];

	(void)state;
	snprintf(path, sizeof path, "%s/w.pgn", dir);
	snprintf(out, sizeof out, "%s/w2.pgn", dir);
	put_file(path, from_won);
	start(&s);
	assert_int_equal(session_analyse_start_eval(&s), ANALYSE_CP_INITIAL);
	assert_int_equal(session_load(&s, path, 0), 0);
	assert_int_equal(session_analyse_start_eval(&s), ANALYSE_CP_CEILING);
	session_analyse_summary(&s, sum, sizeof sum);
	assert_non_null(strstr(sum, "White 11% 0?! 0? 1??"));
	tsu_cmd(&s, CMD_SAVE, out);
	get_file(out, buf, sizeof buf);
	assert_non_null(strstr(buf, "\n{[%eval #5] set up} 1. e2d3 $4"));
	/* a new game: the start's value is gone with the rest */
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	assert_int_equal(session_analyse_start_eval(&s), ANALYSE_CP_INITIAL);
	session_free(&s);
}

/* Is text in one of the message log's lines? */
static bool
logged(const struct session *s, const char *text)
{
	const struct session_msg *m;

	for (int i = 0; (m = session_log_get(s, i)) != NULL; i++)
		if (strstr(m->text, text) != NULL)
			return true;
	return false;
}

/*
 * The endgame tables' problems in the game's message log (issue 34): a
 * tablebases.path that does not exist, and a corrupt table in one that
 * does (the game was silent: only the engine said them).
 */
static void
test_tables_said(void **state)
{
	struct session s;
	struct congo_conf c;
	char path[160], file[200], want[260];
	FILE *f;

	(void)state;
	tsu_conf(&c, "human", "human");
	snprintf(c.tablebases.path, sizeof c.tablebases.path, "%s/none", dir);
	tb_set_path(c.tablebases.path);
	tsu_start(&s, &c, NULL, NULL);
	session_tables_check(&s, VARIANT_CONGO);
	snprintf(want, sizeof want, "tablebases: %s/none: No such file or "
	    "directory (the default folders are used)", dir);
	assert_true(logged(&s, want));
	session_free(&s);
	/* a folder with one table, cut short */
	snprintf(path, sizeof path, "%s/tb", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(file, sizeof file, "%s/congo", path);
	assert_int_equal(mkdir(file, 0700), 0);
	snprintf(file, sizeof file, "%s/congo/LMvLC.ctb", path);
	f = fopen(file, "w");
	assert_non_null(f);
	fputs("not a table", f);
	fclose(f);
	snprintf(c.tablebases.path, sizeof c.tablebases.path, "%s", path);
	tb_set_path(c.tablebases.path);
	tsu_start(&s, &c, NULL, NULL);
	session_tables_check(&s, VARIANT_CONGO);
	snprintf(want, sizeof want, "tablebases: %s", file);
	assert_true(logged(&s, want));
	assert_true(logged(&s, "(not used)"));
	session_free(&s);
	tb_set_path(NULL);
}

TEST_MAIN(setup, teardown,
	cmocka_unit_test(test_analyse_to_the_end),
	cmocka_unit_test(test_cancel),
	cmocka_unit_test(test_left_game_stops),
	cmocka_unit_test(test_load_jump_save),
	cmocka_unit_test(test_typed_notes),
	cmocka_unit_test(test_notes_of_analysis),
	cmocka_unit_test(test_start_eval),
	cmocka_unit_test(test_tables_said))
