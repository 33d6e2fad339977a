/*
 * test_session_analysis.c: continuous analysis in the session model,
 * without a terminal: on and off (no thread left running), the report
 * (depth, the score from White's side, the best line), restarting when a
 * move is played and on each review step (and not when nothing changed),
 * waiting while an AI player thinks and resuming after its move, a game
 * already over, and the refusal hook (a network game).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>

#include <cmocka.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "session/session.h"
#include "test_session_util.h"
#include "util/util.h"

static void
start(struct session *s, const char *white, const char *black,
    const char *fen)
{
	struct congo_conf c;

	tsu_conf(&c, white, black);
	snprintf(c.white.algorithm, sizeof c.white.algorithm, "random");
	snprintf(c.black.algorithm, sizeof c.black.algorithm, "random");
	c.white.movetime_ms = c.black.movetime_ms = 50;
	tsu_start(s, &c, fen, NULL);
}

/* Hand both workers' messages to the session, as the UI loop does, until
 * the analysis reports depth >= depth or ends (or 60 s pass: valgrind runs
 * the threads one at a time, and an AI or the advisor thinks first). */
static void
pump(struct session *s, int depth)
{
	struct pollfd p[2];
	struct session_job_msg m;
	int64_t end = util_now_ms() + 60000;
	int k;

	for (;;) {
		if (s->analysis.state == ANALYSIS_DONE ||
		    (s->analysis.state == ANALYSIS_RUNNING &&
		    s->analysis.depth >= depth))
			return;
		if (util_now_ms() >= end)
			break;
		p[0].fd = s->analysis.worker.rd;
		p[1].fd = s->worker.rd;
		p[0].events = p[1].events = POLLIN;
		poll(p, 2, 20);
		/* at most a few messages a round, so that the deadline is
		 * looked at even while a worker posts without a pause */
		for (k = 0; k < 16 && session_worker_read(&s->worker, &m); k++)
			session_worker_msg(s, &m);
		for (k = 0; k < 16 &&
		    session_worker_read(&s->analysis.worker, &m); k++)
			session_analysis_msg(s, &m);
		session_tick(s);
	}
	fail_msg("no analysis report of depth %d (state %d, depth %d)",
	    depth, s->analysis.state, s->analysis.depth);
}

/* The report's best line starts with a legal move of the position. */
static void
assert_pv_legal(const struct session *s, const struct board *b)
{
	char first[sizeof s->analysis.pv], err[160];
	move_t mv;

	assert_true(s->analysis.pv[0] != '\0');
	snprintf(first, sizeof first, "%s", s->analysis.pv);
	first[strcspn(first, " ")] = '\0';
	assert_int_equal(notation_read(b, first, &mv, err, sizeof err), 0);
	assert_true(mv == s->analysis.best);
}

static void
test_on_off(void **state)
{
	struct session s;
	char head[128], stats[96];

	(void)state;
	start(&s, "human", "human", NULL);
	assert_int_equal(s.analysis.state, ANALYSIS_OFF);
	session_analysis_head(&s, head, sizeof head, stats, sizeof stats);
	assert_string_equal(head, "");
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	assert_true(s.analysis.on);
	assert_int_equal(s.analysis.state, ANALYSIS_RUNNING);
	assert_true(session_worker_busy(&s.analysis.worker));
	assert_int_equal(s.analysis.starts, 1);
	pump(&s, 3);
	assert_true(s.analysis.depth >= 3);
	assert_true(s.analysis.nodes > 0);
	assert_true(s.analysis.score[0] == '+' || s.analysis.score[0] == '-');
	assert_pv_legal(&s, session_board(&s));
	session_analysis_head(&s, head, sizeof head, stats, sizeof stats);
	assert_non_null(strstr(head, "depth"));
	assert_non_null(strstr(stats, "n/s"));
	/* Nothing changed: no restart. */
	session_analysis_sync(&s);
	session_tick(&s);
	assert_int_equal(s.analysis.starts, 1);
	/* Off: the thread is stopped and joined. */
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	assert_false(s.analysis.on);
	assert_int_equal(s.analysis.state, ANALYSIS_OFF);
	assert_false(session_worker_busy(&s.analysis.worker));
	session_tick(&s);
	assert_false(session_worker_busy(&s.analysis.worker));
	session_free(&s);
}

static void
test_follows_moves_and_review(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	pump(&s, 2);
	tsu_cmd(&s, CMD_MOVE, "c2c3");
	assert_int_equal(s.analysis.starts, 2);
	assert_int_equal(s.analysis.ply, 1);
	assert_int_equal(s.analysis.depth, 0);   /* the old report is gone */
	pump(&s, 2);
	assert_pv_legal(&s, &s.game.pos[1]);
	tsu_cmd(&s, CMD_MOVE, "e6d5");
	pump(&s, 2);
	assert_int_equal(s.analysis.starts, 3);
	/* Review: each step analyses the position shown. */
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_int_equal(s.review, 1);
	assert_int_equal(s.analysis.ply, 1);
	assert_int_equal(s.analysis.starts, 4);
	assert_true(s.analysis.pos.hash == s.game.pos[1].hash);
	pump(&s, 2);
	assert_pv_legal(&s, &s.game.pos[1]);
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	assert_int_equal(s.analysis.ply, 0);
	assert_int_equal(s.analysis.starts, 5);
	pump(&s, 2);
	assert_pv_legal(&s, &s.game.pos[0]);
	/* A step that goes nowhere (already at the start) restarts nothing. */
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_int_equal(s.analysis.starts, 5);
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	assert_int_equal(s.analysis.ply, 2);
	assert_int_equal(s.analysis.starts, 6);
	/* Undo changes the live position: it follows. */
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(s.analysis.ply, 1);
	assert_int_equal(s.analysis.starts, 7);
	/* A new game: the start position again, a restart. */
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	assert_int_equal(s.analysis.ply, 0);
	assert_int_equal(s.analysis.starts, 8);
	assert_int_equal(s.analysis.state, ANALYSIS_RUNNING);
	/* Quit with analysis running: session_free joins it. */
	session_free(&s);
}

static void
test_waits_for_the_ai(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "ai", NULL);
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	assert_int_equal(s.analysis.state, ANALYSIS_RUNNING);
	pump(&s, 1);
	assert_true(s.analysis.pv[0] != '\0');
	tsu_cmd(&s, CMD_MOVE, "c2c3");
	/* The AI thinks: the analysis is stopped, not merely ignored. */
	assert_true(s.thinking);
	assert_int_equal(s.analysis.state, ANALYSIS_WAITING);
	assert_false(session_worker_busy(&s.analysis.worker));
	/* The line of the position left is not shown as this one's (issue
	 * 25 item 13). */
	assert_int_equal(s.analysis.depth, 0);
	assert_string_equal(s.analysis.pv, "");
	/* The AI moves; analysis resumes on the new position. */
	pump(&s, 1);
	assert_int_equal(s.game.nply, 2);
	assert_false(s.thinking);
	assert_int_equal(s.analysis.state, ANALYSIS_RUNNING);
	assert_int_equal(s.analysis.ply, 2);
	assert_pv_legal(&s, &s.game.pos[2]);
	/* The advisor, too, has the CPU while it thinks. */
	tsu_cmd(&s, CMD_ADVICE, NULL);
	assert_true(s.advising);
	assert_int_equal(s.analysis.state, ANALYSIS_WAITING);
	pump(&s, 1);
	assert_false(s.advising);
	assert_int_equal(s.analysis.state, ANALYSIS_RUNNING);
	session_free(&s);
}

static void
test_scores_for_white(void **state)
{
	struct session s;
	char head[128], stats[96], line[256];

	(void)state;
	/* Black to move, and White takes the lion next whatever it does:
	 * from White's side a win, named as such. */
	start(&s, "human", "human", "2le3/2ge3/1Z5/7/7/7/3L3 b 0 1");
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	pump(&s, 2);
	assert_string_equal(s.analysis.score, "#1");
	/* the header and the line whole, its move shown (issue 34: "White
	 * wins the lion in" was all a narrow panel showed) */
	session_analysis_head(&s, head, sizeof head, stats, sizeof stats);
	assert_int_equal(strncmp(head, "Analysis #1  depth ", 19), 0);
	session_analysis_line_text(&s, 0, line, sizeof line);
	assert_int_equal(strncmp(line, "1) #1 d", 7), 0);
	assert_non_null(strstr(line, "  "));
	assert_true(strlen(strstr(line, "  ") + 2) >= 4);     /* a move */
	session_free(&s);
	/* Black to move with a zebra and an elephant more: negative. */
	start(&s, "human", "human", "3l3/2ez3/7/7/7/7/3L3 b 0 1");
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	pump(&s, 4);
	/* a material score, or (when a slow run let the search go deep
	 * before its reports were read) the forced win it found: both are
	 * Black's, so told from White's side */
	if (s.analysis.score[0] != '-' &&
	    strncmp(s.analysis.score, "#-", 2) != 0)
		fail_msg("score '%s' is not Black's", s.analysis.score);
	session_free(&s);
	/* The game is over (bare lions): the search ends, no move. */
	start(&s, "human", "human", "3l3/7/7/7/7/7/2L4 w 0 1");
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	pump(&s, 1);
	assert_int_equal(s.analysis.state, ANALYSIS_DONE);
	assert_false(session_worker_busy(&s.analysis.worker));
	session_analysis_head(&s, head, sizeof head, stats, sizeof stats);
	assert_non_null(strstr(head, "game over"));
	session_free(&s);
}

/* Pump until the report holds n lines of depth >= depth. */
static void
pump_lines(struct session *s, int depth, int n)
{
	int64_t end = util_now_ms() + 60000;

	while (!(s->analysis.nlines == n &&
	    s->analysis.line[n - 1].depth >= depth &&
	    s->analysis.line[0].depth >= depth)) {
		if (util_now_ms() >= end)
			fail_msg("no %d lines of depth %d (%d lines, depth %d)",
			    n, depth, s->analysis.nlines, s->analysis.depth);
		pump(s, s->analysis.depth + 1);
	}
}

/* n lines of b: distinct legal first moves, "K) SCORE dD  PV", ordered
 * from the side to move's view (White's scores fall, Black's rise). */
static void
assert_lines(const struct session *s, const struct board *b, int n)
{
	char text[256], want[16], first[16], err[160];
	double prev = 0;
	move_t mv[SESSION_ANALYSIS_LINES];
	int k, j;

	assert_int_equal(s->analysis.nlines, n);
	for (k = 0; k < n; k++) {
		const struct session_analysis_line *l = &s->analysis.line[k];
		double v;
		size_t w;

		session_analysis_line_text(s, k, text, sizeof text);
		snprintf(want, sizeof want, "%d) ", k + 1);
		assert_true(strncmp(text, want, strlen(want)) == 0);
		assert_non_null(strstr(text, l->score));
		assert_non_null(strstr(text, l->pv));
		/* the line's first move (its first word) */
		w = strcspn(l->pv, " ");
		if (w >= sizeof first)
			w = sizeof first - 1;
		memcpy(first, l->pv, w);
		first[w] = '\0';
		assert_int_equal(notation_read(b, first, &mv[k], err,
		    sizeof err), 0);
		assert_true(mv[k] == l->best);
		for (j = 0; j < k; j++)
			assert_true(mv[j] != mv[k]);
		/* a pawns score (a won line sorts first anyway) */
		if (l->score[0] != '+' && l->score[0] != '-')
			continue;
		v = strtod(l->score, NULL);
		if (k > 0 && s->analysis.line[k - 1].score[0] != 'W' &&
		    s->analysis.line[k - 1].score[0] != 'B')
			assert_true(b->side == WHITE ? v <= prev : v >= prev);
		prev = v;
	}
	session_analysis_line_text(s, n, text, sizeof text);
	assert_string_equal(text, "");
	/* line 1 is the report's best line */
	assert_string_equal(s->analysis.line[0].pv, s->analysis.pv);
	assert_string_equal(s->analysis.line[0].score, s->analysis.score);
}

/* MultiPV: 3 lines by default, :analyze N for N lines (1-5, checked),
 * ui.analysis_lines, fewer lines than moves, and lines cleared at once
 * when the position changes (issue 25 item 13). */
static void
test_lines(void **state)
{
	struct session s;
	char text[256];

	(void)state;
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	pump_lines(&s, 4, 3);
	assert_lines(&s, &s.game.pos[0], 3);
	tsu_cmd(&s, CMD_MOVE, "c2c3");
	assert_int_equal(s.analysis.nlines, 0);
	session_analysis_line_text(&s, 0, text, sizeof text);
	assert_string_equal(text, "");
	pump_lines(&s, 4, 3);
	assert_lines(&s, &s.game.pos[1], 3);
	/* :analyze 5 while on: again, with 5 lines */
	tsu_cmd(&s, CMD_ANALYZE, "5");
	assert_true(s.analysis.on);
	assert_int_equal(s.analysis.nlines, 0);
	pump_lines(&s, 3, 5);
	assert_lines(&s, &s.game.pos[1], 5);
	/* bad counts: refused, naming the text; analysis goes on */
	tsu_cmd(&s, CMD_ANALYZE, "6");
	assert_non_null(strstr(s.msg.text, "must be 1..5"));
	assert_non_null(strstr(s.msg.text, "6"));
	tsu_cmd(&s, CMD_ANALYZE, "two");
	assert_non_null(strstr(s.msg.text, "'two'"));
	assert_true(s.analysis.on);
	assert_int_equal(s.analysis.lines, 5);
	/* off, then on with 1 line: the single line */
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	assert_false(s.analysis.on);
	tsu_cmd(&s, CMD_ANALYZE, "1");
	assert_true(s.analysis.on);
	pump_lines(&s, 3, 1);
	assert_lines(&s, &s.game.pos[1], 1);
	session_free(&s);
	/* the configuration's count; a lone lion has 3 moves only */
	start(&s, "human", "human", "4l2/5p1/7/7/7/7/2L4 w 0 1");
	s.conf.ui.analysis_lines = 5;
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	pump_lines(&s, 2, 3);
	assert_lines(&s, &s.game.pos[0], 3);
	session_free(&s);
	start(&s, "human", "human", NULL);
	s.conf.ui.analysis_lines = 2;
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	pump_lines(&s, 3, 2);
	assert_lines(&s, &s.game.pos[0], 2);
	session_free(&s);
}

static const char *refusal;

static const char *
refuse(void *ctx)
{
	(void)ctx;
	return refusal;
}

static void
test_refused(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "human", NULL);
	s.hooks.noanalysis = refuse;
	refusal = "not allowed in a network game";
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	assert_false(s.analysis.on);
	assert_int_equal(s.analysis.starts, 0);
	assert_non_null(strstr(s.msg.text, "not allowed in a network game"));
	/* Allowed (the game over, say), then refused again (a rematch): it
	 * turns itself off. */
	refusal = NULL;
	tsu_cmd(&s, CMD_ANALYZE, NULL);
	assert_int_equal(s.analysis.state, ANALYSIS_RUNNING);
	refusal = "not allowed in a network game";
	session_tick(&s);
	assert_false(s.analysis.on);
	assert_int_equal(s.analysis.state, ANALYSIS_OFF);
	assert_false(session_worker_busy(&s.analysis.worker));
	assert_non_null(strstr(s.msg.text, "analysis off"));
	session_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_on_off),
		cmocka_unit_test(test_follows_moves_and_review),
		cmocka_unit_test(test_waits_for_the_ai),
		cmocka_unit_test(test_scores_for_white),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_lines),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
