/*
 * test_session.c: the game session driven by its commands, without a
 * terminal: moves, undo and redo, FEN, players, limits, pace, review,
 * the clock (time driven by hand), the new-game dialog, the safety
 * question, advice (one advisor per side), resigning, the message log,
 * the command history, records with clocks and files of several games,
 * and the AI worker's pipe.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <unistd.h>

#include <cmocka.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "session/session.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "test_session_util.h"
#include "util/util.h"
#include "test_tmp.h"

static char tmpdir[100];

static void
conf_of(struct congo_conf *c, const char *white, const char *black)
{
	config_defaults(c);
	snprintf(c->white.type, sizeof c->white.type, "%s",
	    strcmp(white, "human") == 0 ? "human" : "ai");
	snprintf(c->black.type, sizeof c->black.type, "%s",
	    strcmp(black, "human") == 0 ? "human" : "ai");
	if (strcmp(white, "human") != 0)
		snprintf(c->white.algorithm, sizeof c->white.algorithm, "%s",
		    white);
	if (strcmp(black, "human") != 0)
		snprintf(c->black.algorithm, sizeof c->black.algorithm, "%s",
		    black);
	c->white.movetime_ms = c->black.movetime_ms = 50;
	c->white.depth = c->black.depth = 0;
	c->ui.ai_delay_ms = 0;
}

static void
start(struct session *s, const char *white, const char *black,
    const char *fen)
{
	struct congo_conf c;

	conf_of(&c, white, black);
	tsu_start(s, &c, fen, tsu_now);
}

/* Wait for the worker's final message and hand all to the session. */
static void
wait_worker(struct session *s)
{
	struct session_job_msg m;
	struct pollfd p;
	int rounds = 0;

	while (session_worker_busy(&s->worker) && rounds++ < 500) {
		p.fd = s->worker.rd;
		p.events = POLLIN;
		poll(&p, 1, 20);
		while (session_worker_read(&s->worker, &m))
			session_worker_msg(s, &m);
	}
	assert_false(session_worker_busy(&s->worker));
}

static void
test_moves_undo_redo(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	assert_int_equal(s.game.nply, 2);
	tsu_cmd(&s, CMD_MOVE, "a1a7");
	assert_int_equal(s.game.nply, 2);
	assert_int_equal(s.msg.tone, SM_ERROR);
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(s.game.nply, 1);
	assert_true(tsu_msg_has(&s, "took back 1 move"));
	tsu_cmd(&s, CMD_REDO, NULL);
	assert_int_equal(s.game.nply, 2);
	tsu_cmd(&s, CMD_REDO, NULL);
	assert_true(tsu_msg_has(&s, "nothing to redo"));
	tsu_cmd(&s, CMD_UNDO, NULL);
	tsu_cmd(&s, CMD_UNDO, NULL);
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_true(tsu_msg_has(&s, "nothing to undo"));
	/* Two humans agree a draw. */
	tsu_cmd(&s, CMD_DRAW, NULL);
	assert_true(game_over(&s.game));
	tsu_cmd(&s, CMD_DRAW, NULL);
	assert_true(tsu_msg_has(&s, "over"));
	session_free(&s);
}

static void
test_fen_players_limits_pace(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_FEN, "");
	assert_true(tsu_msg_has(&s, "gmelecz/ppppppp"));
	tsu_cmd(&s, CMD_FEN, "3l3/7/7/7/7/3P3/3L3 w 0 1");
	assert_true(tsu_msg_has(&s, "new game from"));
	assert_int_equal(s.game.pos[0].sq[SQ(3, 1)], PIECE_MAKE(WHITE, PAWN));
	tsu_cmd(&s, CMD_FEN, "startpos");
	assert_int_equal(s.game.pos[0].sq[SQ(0, 0)],
	    PIECE_MAKE(WHITE, GIRAFFE));
	tsu_cmd(&s, CMD_FEN, "not a fen");
	assert_int_equal(s.msg.tone, SM_ERROR);

	tsu_cmd(&s, CMD_BLACK, "random");
	assert_false(s.player[BLACK]->human);
	assert_true(tsu_msg_has(&s, "Black is now played by AI random moves"));
	tsu_cmd(&s, CMD_BLACK, "wizard");
	assert_true(tsu_msg_has(&s, "unknown player"));
	tsu_cmd(&s, CMD_BLACK, "human");
	assert_true(s.player[BLACK]->human);

	tsu_cmd(&s, CMD_DEPTH, "5");
	assert_int_equal(s.conf.white.depth, 5);
	assert_int_equal(s.player[BLACK]->conf.depth, 5);
	tsu_cmd(&s, CMD_DEPTH, "99");
	assert_true(tsu_msg_has(&s, "depth must be 0..64"));
	tsu_cmd(&s, CMD_MOVETIME, "250");
	assert_int_equal(s.conf.black.movetime_ms, 250);

	s.delay_ms = 500;
	tsu_cmd(&s, CMD_FASTER, NULL);
	assert_int_equal(s.delay_ms, 250);
	tsu_cmd(&s, CMD_SLOWER, NULL);
	tsu_cmd(&s, CMD_SLOWER, NULL);
	assert_int_equal(s.delay_ms, 1000);
	tsu_cmd(&s, CMD_DELAY, "42");
	assert_int_equal(s.delay_ms, 42);
	tsu_cmd(&s, CMD_DELAY, "-1");
	assert_int_equal(s.msg.tone, SM_ERROR);
	tsu_cmd(&s, CMD_PAUSE, NULL);
	assert_true(s.paused);
	tsu_cmd(&s, CMD_PAUSE, NULL);
	assert_false(s.paused);
	tsu_cmd(&s, CMD_STEP, NULL);
	assert_true(tsu_msg_has(&s, "your move"));
	session_free(&s);
}

static void
test_review(void **state)
{
	struct session s;
	char label[32];

	(void)state;
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_true(tsu_msg_has(&s, "no moves"));
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_int_equal(s.review, 1);
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_int_equal(s.review, 0);
	assert_true(board_same_position(session_board(&s), &s.game.pos[0]));
	/* Nothing is undone, and no move can be made meanwhile. */
	assert_int_equal(s.game.nply, 2);
	assert_non_null(strstr(session_nomove_reason(&s), "reviewing ply 0"));
	tsu_cmd(&s, CMD_MOVE, "d3d4");
	assert_int_equal(s.game.nply, 2);
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	assert_int_equal(s.review, 1);
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	assert_int_equal(s.review, -1);
	assert_int_equal(s.game.nply, 2);
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	assert_int_equal(s.review, 0);
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	assert_int_equal(s.review, -1);
	/* Playing on from a reviewed ply asks first. */
	tsu_cmd(&s, CMD_CONTINUE, NULL);
	assert_true(tsu_msg_has(&s, "not reviewing"));
	tsu_cmd(&s, CMD_REVIEW_BACK, NULL);
	tsu_cmd(&s, CMD_CONTINUE, NULL);
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "Continue from ply 1"));
	session_answer(&s, false);
	assert_int_equal(s.game.nply, 2);
	tsu_cmd(&s, CMD_CONTINUE, NULL);
	session_answer(&s, true);
	assert_int_equal(s.game.nply, 1);
	assert_int_equal(s.review, -1);
	session_move_label(&s, 0, label, sizeof label);
	assert_string_equal(label, "d2d3");
	session_free(&s);
}

static void
test_labels(void **state)
{
	struct session s;
	char label[32];

	(void)state;
	/* A capture of the lion ends the game: "#" and the closing result. */
	start(&s, "human", "human", "3l3/7/7/7/7/7/3L3 w 0 1");
	tsu_cmd(&s, CMD_MOVE, "d1d7");
	assert_true(game_over(&s.game));
	session_move_label(&s, 0, label, sizeof label);
	assert_string_equal(label, "d1d7#");
	session_result_label(&s, label, sizeof label);
	assert_string_equal(label, "1-0 lion captured");
	session_free(&s);
	/* A monkey taking two pieces. */
	start(&s, "human", "human", "3l3/7/7/2p4/7/2p4/2M1L2 w 0 1");
	tsu_cmd(&s, CMD_MOVE, "c1c3c5");
	session_move_label(&s, 0, label, sizeof label);
	assert_string_equal(label, "c1c3c5x2");
	session_free(&s);
	/* A piece left in the river drowns: the square is named. */
	start(&s, "human", "human", "3l3/7/7/Z6/7/7/3L3 w 0 1");
	s.warn = false;
	tsu_cmd(&s, CMD_MOVE, "d1d2");
	session_move_label(&s, 0, label, sizeof label);
	assert_string_equal(label, "d1d2~a4");
	session_free(&s);
}

static void
test_clock_flag_and_undo(void **state)
{
	struct session s;
	char text[96];

	(void)state;
	tsu_ms = 100000;
	start(&s, "human", "human", NULL);
	assert_int_equal(session_set_clock(&s, "0.05+0"), 0);
	assert_int_equal(session_set_clock(&s, "bad"), -1);
	assert_true(s.clocked);
	session_new_game(&s, &s.start);
	assert_int_equal(session_clock_left(&s, WHITE), 3000);
	/* Each side's first move is not timed (RULES.md "Time"). */
	assert_int_equal(session_timeout(&s), -1);
	tsu_ms += 1000;
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_ms += 500;
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	assert_int_equal(session_clock_left(&s, WHITE), 3000);
	assert_int_equal(session_clock_left(&s, BLACK), 3000);
	/* Below 10 s the display shows tenths: a tick every 100 ms. */
	assert_int_equal(session_timeout(&s), 100);
	tsu_ms += 1000;
	tsu_cmd(&s, CMD_MOVE, "e2e3");
	assert_int_equal(session_clock_left(&s, WHITE), 2000);
	tsu_ms += 500;
	assert_int_equal(session_clock_left(&s, BLACK), 2500);
	tsu_cmd(&s, CMD_MOVE, "e6e5");
	/* Undo gives back the times of the position undone to. */
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(session_clock_left(&s, BLACK), 3000);
	assert_int_equal(session_clock_left(&s, WHITE), 2000);
	/* Pause stops the clocks. */
	tsu_cmd(&s, CMD_PAUSE, NULL);
	tsu_ms += 5000;
	assert_int_equal(session_clock_left(&s, BLACK), 3000);
	tsu_cmd(&s, CMD_PAUSE, NULL);
	tsu_ms += 3001;
	session_tick(&s);
	assert_true(game_over(&s.game));
	assert_int_equal(s.game.result, RESULT_WHITE_WINS);
	assert_int_equal(s.flagged, BLACK);
	session_result_text(&s, text, sizeof text);
	assert_string_equal(text, "White wins: Black loses on time");
	session_result_label(&s, text, sizeof text);
	assert_string_equal(text, "1-0 on time");
	/* No key pressed: no time runs before the first moves... */
	session_new_game(&s, &s.start);
	tsu_ms += 30000;
	session_tick(&s);
	assert_int_equal(s.flagged, -1);
	assert_int_equal(session_clock_left(&s, WHITE), 3000);
	/* ...and White's runs out on its second turn. */
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	tsu_ms += 3000;
	session_tick(&s);
	assert_int_equal(s.flagged, WHITE);
	assert_true(tsu_msg_has(&s, "White loses on time"));
	assert_true(tsu_msg_has(&s, "0-1"));
	tsu_cmd(&s, CMD_CLOCK, "");
	assert_true(tsu_msg_has(&s, "White 0.0"));
	/* none is the next game's: this one's clock stays */
	tsu_cmd(&s, CMD_CLOCK, "none");
	assert_true(s.clocked);
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	assert_false(s.clocked);
	tsu_cmd(&s, CMD_CLOCK, "");
	assert_true(tsu_msg_has(&s, "no clock"));
	session_free(&s);
}

/* Reviewing a game whose clock runs, the live clocks are shown (issue 34:
 * the reviewed ply's were, and a flag fell unseen); a finished game's
 * review shows each ply's. */
static void
test_clock_shown_while_reviewing(void **state)
{
	struct session s;

	(void)state;
	tsu_ms = 100000;
	start(&s, "human", "human", NULL);
	assert_int_equal(session_set_clock(&s, "1+0"), 0);
	session_new_game(&s, &s.start);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	tsu_ms += 4000;
	tsu_cmd(&s, CMD_MOVE, "e2e3");      /* White 56 s left */
	tsu_ms += 9000;                /* Black's clock runs: 51 s */
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	assert_int_equal(s.review, 0);
	assert_int_equal(session_clock_shown(&s, WHITE), 56000);
	assert_int_equal(session_clock_shown(&s, BLACK), 51000);
	tsu_ms += 1000;
	assert_int_equal(session_clock_shown(&s, BLACK), 50000);
	/* The flag falls while reviewing, and is seen. */
	tsu_ms += 50000;
	session_tick(&s);
	assert_int_equal(s.flagged, BLACK);
	assert_true(tsu_msg_has(&s, "Black loses on time"));
	/* Over: the reviewed ply's times. */
	tsu_cmd(&s, CMD_REVIEW_START, NULL);
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	tsu_cmd(&s, CMD_REVIEW_FORWARD, NULL);
	assert_int_equal(s.review, 2);
	assert_int_equal(session_clock_shown(&s, WHITE), 60000);
	assert_int_equal(session_clock_shown(&s, BLACK), 60000);
	tsu_cmd(&s, CMD_REVIEW_END, NULL);
	assert_int_equal(session_clock_shown(&s, WHITE), 56000);
	assert_int_equal(session_clock_shown(&s, BLACK), 0);
	session_free(&s);
}

static void
test_ai_within_clock(void **state)
{
	struct session s;

	(void)state;
	tsu_ms = 0;
	start(&s, "human", "random", NULL);
	s.now = util_now_ms;
	session_set_clock(&s, "1+0");
	session_new_game(&s, &s.start);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	assert_true(s.thinking);
	/* The AI's budget: a share of its 60 s, under its 50 ms setting. */
	assert_true(s.worker.job.conf.movetime_ms <= 50);
	wait_worker(&s);
	session_tick(&s);
	assert_int_equal(s.game.nply, 2);
	assert_true(session_clock_left(&s, BLACK) <= 60000);
	session_free(&s);
}

/* While a game against the AI is paused, the human cannot move either:
 * the clocks stand still, so a move then would be free thinking time
 * (issue 62). Resumed, the move is played. */
static void
test_paused_no_move(void **state)
{
	struct session s;

	(void)state;
	tsu_ms = 0;
	start(&s, "human", "random", NULL);
	tsu_cmd(&s, CMD_PAUSE, NULL);
	assert_true(s.paused);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	assert_int_equal(s.game.nply, 0);
	assert_non_null(strstr(s.msg.text, "the game is paused"));
	assert_non_null(session_nomove_reason(&s));
	tsu_cmd(&s, CMD_PAUSE, NULL);
	assert_false(s.paused);
	assert_null(session_nomove_reason(&s));
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	assert_int_equal(s.game.nply, 1);
	session_free(&s);
	/* two people: a pause stops the clocks and nothing else */
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_PAUSE, NULL);
	assert_null(session_nomove_reason(&s));
	session_free(&s);
}

static void
test_safety_question(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "human", "3l3/7/7/7/7/3P3/3L3 w 0 1");
	tsu_cmd(&s, CMD_MOVE, "d2c3");
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "Black can take your lion"));
	assert_int_equal(s.game.nply, 0);
	session_answer(&s, false);
	assert_int_equal(s.game.nply, 0);
	tsu_cmd(&s, CMD_MOVE, "d2c3");
	session_answer(&s, true);
	assert_int_equal(s.game.nply, 1);
	tsu_cmd(&s, CMD_UNDO, NULL);
	s.warn = false;
	tsu_cmd(&s, CMD_MOVE, "d2c3");
	assert_false(s.asking);
	assert_int_equal(s.game.nply, 1);
	/* Pieces in the river are marked as drowning. */
	assert_true(session_drowning(&s.game.pos[0]) == 0);
	session_free(&s);
	start(&s, "human", "human", "3l3/7/7/Z5c/7/7/3L3 w 0 1");
	assert_true(session_drowning(game_board(&s.game)) == BB(SQ(0, 3)));
	session_free(&s);
}

static void
test_quit_resign(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "random", NULL);
	tsu_cmd(&s, CMD_QUIT, NULL);
	assert_true(s.quit);
	s.quit = false;
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	wait_worker(&s);
	session_tick(&s);
	assert_int_equal(s.game.nply, 2);
	tsu_cmd(&s, CMD_QUIT, NULL);
	assert_true(s.asking);
	session_answer(&s, true);
	assert_true(s.quit);
	tsu_cmd(&s, CMD_RESIGN, NULL);
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "Resign?"));
	session_answer(&s, true);
	assert_int_equal(s.game.result, RESULT_BLACK_WINS);
	tsu_cmd(&s, CMD_RESIGN, NULL);
	assert_true(tsu_msg_has(&s, "over"));
	session_free(&s);
}

static void
test_message_survives_ai_reply(void **state)
{
	struct session s;

	(void)state;
	start(&s, "human", "random", "2l4/p6/7/Z6/7/P6/3L3 w 0 1");
	s.warn = false;     /* the zebra drowned on purpose, unasked */
	tsu_cmd(&s, CMD_MOVE, "d1e1");
	assert_true(tsu_msg_has(&s, "zebra on a4 drowned"));
	wait_worker(&s);
	session_tick(&s);
	assert_int_equal(s.game.nply, 2);
	/* The AI's quiet reply leaves it on the line, and in the log. */
	assert_true(tsu_msg_has(&s, "zebra on a4 drowned"));
	assert_non_null(strstr(session_log_get(&s, 0)->text, "drowned"));
	session_free(&s);
}

static void
test_advice_per_side(void **state)
{
	struct session s;
	struct congo_conf c;
	char err[160];

	(void)state;
	conf_of(&c, "human", "human");
	snprintf(c.white.advisor, sizeof c.white.advisor, "random");
	snprintf(c.black.advisor, sizeof c.black.advisor, "alphabeta");
	c.black.movetime_ms = 30;
	assert_int_equal(session_init(&s, &c, err, sizeof err), 0);
	assert_int_equal(fen_read(&s.start, FEN_START, err, sizeof err), 0);
	session_new_game(&s, &s.start);
	tsu_cmd(&s, CMD_ADVICE, NULL);
	assert_true(s.advising);
	tsu_cmd(&s, CMD_ADVICE, NULL);
	assert_true(tsu_msg_has(&s, "still thinking"));
	wait_worker(&s);
	assert_non_null(strstr(s.advice, "Advice for White"));
	assert_true(s.advice_move != MOVE_NONE);
	assert_non_null(s.advisor[WHITE]);
	assert_null(s.advisor[BLACK]);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_ADVICE, NULL);
	wait_worker(&s);
	assert_non_null(strstr(s.advice, "Advice for Black"));
	/* Black's advisor is its own, with its own settings. */
	assert_non_null(s.advisor[BLACK]);
	assert_ptr_not_equal(s.advisor[BLACK], s.advisor[WHITE]);
	assert_string_equal(s.worker.job.conf.algorithm, "alphabeta");
	session_free(&s);
}

static void
test_newgame_dialog(void **state)
{
	struct session s;
	char v[NG_TEXT_MAX];

	(void)state;
	start(&s, "human", "random", NULL);
	tsu_cmd(&s, CMD_FEN, "3l3/7/7/7/7/3P3/3L3 w 0 1");
	tsu_cmd(&s, CMD_NEW, NULL);
	assert_true(s.ng.open);
	assert_string_equal(session_newgame_label(NG_VARIANT), "Variant");
	assert_string_equal(session_newgame_label(NG_CLOCK), "Clock");
	/* The normal start is offered again after :fen. */
	session_newgame_value(&s, NG_START, v, sizeof v);
	assert_string_equal(v, "standard");
	session_newgame_value(&s, NG_BLACK, v, sizeof v);
	assert_string_equal(v, "random");
	assert_int_equal(s.ng.field, NG_WHITE);
	session_newgame_field(&s, 1);            /* Black */
	session_newgame_change(&s, -1);          /* negamax */
	session_newgame_change(&s, -1);          /* alphabeta 5s */
	session_newgame_value(&s, NG_BLACK, v, sizeof v);
	assert_string_equal(v, "alphabeta 5s");
	/* White: the AI's levels for people, by name, after human. */
	s.ng.field = NG_WHITE;
	session_newgame_change(&s, 3);
	session_newgame_value(&s, NG_WHITE, v, sizeof v);
	assert_string_equal(v, "AI level 3 (Learner)");
	s.ng.field = NG_BLACK;
	session_newgame_field(&s, 1);            /* Clock */
	assert_false(session_newgame_type(&s, 'x'));
	session_newgame_change(&s, 3);           /* 5+3 */
	session_newgame_value(&s, NG_CLOCK, v, sizeof v);
	assert_string_equal(v, "5+3");
	session_newgame_change(&s, 3);           /* custom */
	assert_true(session_newgame_type(&s, -1));
	assert_true(session_newgame_type(&s, -1));
	assert_true(session_newgame_type(&s, 'z'));
	assert_int_equal(session_newgame_start(&s), -1);
	assert_non_null(strstr(s.ng.error, "Clock"));
	assert_true(s.ng.open);
	session_newgame_type(&s, -1);
	session_newgame_type(&s, '+');
	session_newgame_type(&s, '2');
	session_newgame_value(&s, NG_CLOCK, v, sizeof v);
	assert_string_equal(v, "5+2");
	/* Ctrl-U empties the field (issue 34), what is typed then is all */
	assert_true(session_newgame_type(&s, SESSION_TYPE_CLEAR));
	session_newgame_value(&s, NG_CLOCK, v, sizeof v);
	assert_string_equal(v, "");
	session_newgame_type(&s, '5');
	session_newgame_type(&s, '+');
	session_newgame_type(&s, '2');
	session_newgame_value(&s, NG_CLOCK, v, sizeof v);
	assert_string_equal(v, "5+2");
	session_newgame_field(&s, 1);            /* Start */
	session_newgame_change(&s, 1);           /* FEN, the last one */
	session_newgame_value(&s, NG_START, v, sizeof v);
	assert_string_equal(v, "3l3/7/7/7/7/3P3/3L3 w 0 1");
	session_newgame_type(&s, 'q');
	assert_int_equal(session_newgame_start(&s), -1);
	assert_non_null(strstr(s.ng.error, "FEN"));
	session_newgame_change(&s, 1);           /* standard again */
	s.ng.field = NG_VARIANT;
	session_newgame_change(&s, 1);
	session_newgame_value(&s, NG_VARIANT, v, sizeof v);
	assert_string_equal(v, "Megapawn");
	session_newgame_change(&s, 1);           /* Congo again */
	assert_int_equal(session_newgame_start(&s), 0);
	assert_false(s.ng.open);
	assert_true(s.clocked);
	assert_int_equal(s.tc_base, 300000);
	assert_int_equal(s.tc_inc, 2000);
	assert_string_equal(s.player[BLACK]->conf.algorithm, "alphabeta");
	assert_int_equal(s.player[BLACK]->conf.movetime_ms, 5000);
	assert_string_equal(s.player[WHITE]->conf.algorithm, "alphabeta");
	assert_int_equal(s.player[WHITE]->conf.level, 3);
	/* The dialog opens on the level being played. */
	session_newgame_open(&s);
	session_newgame_value(&s, NG_WHITE, v, sizeof v);
	assert_string_equal(v, "AI level 3 (Learner)");
	session_newgame_cancel(&s);
	assert_int_equal(s.game.pos[0].sq[SQ(0, 0)],
	    PIECE_MAKE(WHITE, GIRAFFE));
	/* Remembered in $XDG_STATE_HOME/congo/newgame. */
	memset(&s.ng, 0, sizeof s.ng);
	assert_int_equal(session_newgame_load(&s), 0);
	session_newgame_value(&s, NG_CLOCK, v, sizeof v);
	assert_string_equal(v, "5+2");
	session_newgame_open(&s);
	session_newgame_cancel(&s);
	assert_false(s.ng.open);
	/* Megapawn: its own start, :fen startpos keeps the variant. */
	session_newgame_open(&s);
	s.ng.field = NG_VARIANT;
	session_newgame_change(&s, 1);
	assert_int_equal(session_newgame_start(&s), 0);
	assert_int_equal(s.game.pos[0].variant, VARIANT_MEGAPAWN);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_FEN, "startpos");
	assert_int_equal(s.game.nply, 0);
	assert_int_equal(s.game.pos[0].variant, VARIANT_MEGAPAWN);
	session_free(&s);
}

static void
test_log(void **state)
{
	struct session s;
	int i;

	(void)state;
	start(&s, "human", "human", NULL);
	for (i = 0; i < 250; i++)
		session_msg(&s, SM_NORMAL, "message %d", i);
	assert_int_equal(s.nlog, SESSION_LOG_MAX);
	assert_string_equal(session_log_get(&s, 0)->text, "message 249");
	assert_string_equal(session_log_get(&s, 199)->text, "message 50");
	assert_null(session_log_get(&s, 200));
	/* An empty message clears the line, not the log. */
	session_msg(&s, SM_NORMAL, "%s", "");
	assert_int_equal(s.nlog, SESSION_LOG_MAX);
	tsu_cmd(&s, CMD_LOG, NULL);
	assert_true(s.want_log);
	tsu_cmd(&s, CMD_HELP, NULL);
	assert_true(s.want_help);
	session_free(&s);
}

static void
test_history(void **state)
{
	struct session_history h;
	char path[512];
	int i;

	(void)state;
	assert_int_equal(session_state_path("history", path, sizeof path), 0);
	unlink(path);
	session_history_init(&h, path);
	assert_null(session_history_get(&h, 0));
	session_history_add(&h, "d2d3");
	session_history_add(&h, "d2d3");
	session_history_add(&h, "");
	session_history_add(&h, "d6d5");
	assert_int_equal(h.n, 2);
	assert_string_equal(session_history_get(&h, 0), "d6d5");
	session_history_free(&h);
	/* Kept across runs. */
	session_history_init(&h, path);
	assert_int_equal(h.n, 2);
	assert_string_equal(session_history_get(&h, 1), "d2d3");
	for (i = 0; i < 600; i++) {
		char line[16];
		snprintf(line, sizeof line, "cmd %d", i);
		session_history_add(&h, line);
	}
	assert_int_equal(h.n, SESSION_HISTORY_MAX);
	assert_string_equal(session_history_get(&h, 0), "cmd 599");
	session_history_free(&h);
	session_history_init(&h, path);
	assert_true(h.n <= 2 * SESSION_HISTORY_MAX);
	assert_true(h.n >= SESSION_HISTORY_MAX);
	assert_string_equal(session_history_get(&h, 0), "cmd 599");
	session_history_free(&h);
}

static void
test_records(void **state)
{
	struct session s;
	char path[160], arg[200];
	FILE *f;

	(void)state;
	tsu_ms = 0;
	start(&s, "human", "human", NULL);
	session_set_clock(&s, "5+3");
	session_new_game(&s, &s.start);
	tsu_ms += 2500;
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_ms += 7000;
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	tsu_ms += 4000;
	tsu_cmd(&s, CMD_MOVE, "e2e3");
	tsu_ms += 7000;
	tsu_cmd(&s, CMD_MOVE, "e6e5");
	snprintf(path, sizeof path, "%s/clk.pgn", tmpdir);
	tsu_cmd(&s, CMD_SAVE, path);
	assert_true(tsu_msg_has(&s, "saved to"));
	session_free(&s);
	f = fopen(path, "r");
	assert_non_null(f);
	{
		char text[2048];
		size_t n = fread(text, 1, sizeof text - 1, f);
		text[n] = '\0';
		assert_non_null(strstr(text, "[TimeControl \"300+3\"]"));
		assert_non_null(strstr(text, "{[%clk 0:05:00]}"));
		assert_non_null(strstr(text, "{[%clk 0:04:56]}"));
		assert_non_null(strstr(text, "{[%clk 0:04:59]}"));
	}
	fclose(f);
	/* Read back: the clock and each side's time. */
	start(&s, "random", "random", NULL);
	tsu_cmd(&s, CMD_LOAD, path);
	assert_true(tsu_msg_has(&s, "loaded"));
	assert_int_equal(s.game.nply, 4);
	assert_true(s.clocked);
	assert_int_equal(s.tc_base, 300000);
	assert_int_equal(session_clock_left(&s, BLACK), 296000);
	assert_int_equal(session_clock_left(&s, WHITE), 299000);
	/* The record's players ("human") replace the AIs. */
	assert_true(s.player[WHITE]->human);
	assert_true(s.paused == false);
	session_free(&s);

	/* A file of two games: a list is needed, or a number. */
	snprintf(path, sizeof path, "%s/two.pgn", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("[White \"a\"]\n[Black \"b\"]\n\n1. d2d3 d6d5 *\n\n"
	    "[White \"c\"]\n[Black \"d\"]\n\n1. a2a3 *\n", f);
	fclose(f);
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_LOAD, path);
	assert_true(tsu_msg_has(&s, "holds 2 games"));
	/* A list to pick from. */
	assert_true(s.pick.open);
	assert_int_equal(s.pick.n, 2);
	assert_non_null(strstr(s.pick.line[1], "2. c - d  *  (1 ply)"));
	session_pick_move(&s, 5);
	assert_int_equal(s.pick.sel, 1);
	session_pick_move(&s, -5);
	assert_int_equal(s.pick.sel, 0);
	session_pick_choose(&s);
	assert_false(s.pick.open);
	assert_int_equal(s.game.nply, 2);
	assert_int_equal(session_pick_open(&s, "/nonexistent"), -1);
	assert_false(s.pick.open);
	/* Over a game in progress, :load asks first (issue 34). */
	snprintf(arg, sizeof arg, "%s 2", path);
	tsu_cmd(&s, CMD_LOAD, arg);
	assert_true(s.asking);
	assert_int_equal(s.game.nply, 2);
	session_answer(&s, true);
	assert_int_equal(s.game.nply, 1);
	assert_true(tsu_msg_has(&s, "not a player here"));
	snprintf(arg, sizeof arg, "%s 3", path);
	tsu_cmd(&s, CMD_LOAD, arg);
	session_answer(&s, true);
	assert_true(tsu_msg_has(&s, "no game 3"));
	snprintf(arg, sizeof arg, "%s 0", path);
	tsu_cmd(&s, CMD_LOAD, arg);
	session_answer(&s, true);
	assert_true(tsu_msg_has(&s, "counted from 1"));
	assert_int_equal(session_load(&s, "/nonexistent/x.pgn", 0), -1);
	session_free(&s);
}

/* The text of a file (at most 4 kB) into a static buffer. */
static const char *
file_text(const char *path)
{
	static char text[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

/* A game lost on time, resigned or agreed drawn: :save writes how it
 * ended, :load gives it back so (issue 57: a loss on time was
 * [Termination "none"], read back "0-1 resigned"). */
static void
test_endings_saved(void **state)
{
	struct session s;
	char path[160], text[96];

	(void)state;
	tsu_ms = 100000;
	start(&s, "human", "human", NULL);
	assert_int_equal(session_set_clock(&s, "0.05+0"), 0);
	session_new_game(&s, &s.start);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	tsu_ms += 3000;
	session_tick(&s);
	assert_int_equal(s.flagged, WHITE);
	snprintf(path, sizeof path, "%s/flag.pgn", tmpdir);
	tsu_cmd(&s, CMD_SAVE, path);
	assert_true(tsu_msg_has(&s, "saved to"));
	session_free(&s);
	assert_non_null(strstr(file_text(path),
	    "[Termination \"time forfeit\"]"));
	assert_null(strstr(file_text(path), "[Termination \"none\"]"));
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_LOAD, path);
	assert_true(tsu_msg_has(&s, "loaded"));
	assert_int_equal(s.game.result, RESULT_BLACK_WINS);
	assert_int_equal(s.game.reason, REASON_TIME);
	session_result_label(&s, text, sizeof text);
	assert_string_equal(text, "0-1 on time");
	session_result_text(&s, text, sizeof text);
	assert_string_equal(text, "Black wins: White loses on time");
	session_free(&s);

	/* Resigned, agreed: the same way round. */
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_RESIGN_NOW, NULL);
	snprintf(path, sizeof path, "%s/resign.pgn", tmpdir);
	tsu_cmd(&s, CMD_SAVE, path);
	session_free(&s);
	assert_non_null(strstr(file_text(path), "[Termination \"resign\"]"));
	start(&s, "human", "human", NULL);
	tsu_cmd(&s, CMD_LOAD, path);
	assert_int_equal(s.game.reason, REASON_RESIGN);
	session_result_label(&s, text, sizeof text);
	assert_string_equal(text, "1-0 resigned");
	session_free(&s);
}

static void
test_worker_full_pipe(void **state)
{
	struct session s;
	struct session_job job;
	char junk[512];
	int n = 0;

	(void)state;
	alarm(30);      /* a worker blocked on its pipe would hang the join */
	start(&s, "human", "random", NULL);
	/* The UI reads nothing: the pipe fills up. */
	memset(junk, 0, sizeof junk);
	while (write(s.worker.wr, junk, sizeof junk) > 0 && n++ < 100000)
		;
	memset(&job, 0, sizeof job);
	job.kind = JOB_MOVE;
	job.pos = *game_board(&s.game);
	job.rules = s.game.rules;
	job.conf = s.player[BLACK]->conf;
	job.search = s.player[BLACK]->priv;
	assert_int_equal(session_worker_start(&s.worker, &job), 0);
	usleep(100000);
	/* The worker waits for room; stopping it must not hang. */
	session_worker_stop(&s.worker);
	assert_false(session_worker_busy(&s.worker));
	alarm(0);
	session_free(&s);
}

TSU_XDG_MAIN(tmpdir, "test_session",
	cmocka_unit_test(test_moves_undo_redo),
	cmocka_unit_test(test_fen_players_limits_pace),
	cmocka_unit_test(test_review),
	cmocka_unit_test(test_labels),
	cmocka_unit_test(test_clock_flag_and_undo),
	cmocka_unit_test(test_clock_shown_while_reviewing),
	cmocka_unit_test(test_ai_within_clock),
	cmocka_unit_test(test_safety_question),
	cmocka_unit_test(test_paused_no_move),
	cmocka_unit_test(test_quit_resign),
	cmocka_unit_test(test_endings_saved),
	cmocka_unit_test(test_message_survives_ai_reply),
	cmocka_unit_test(test_advice_per_side),
	cmocka_unit_test(test_newgame_dialog),
	cmocka_unit_test(test_log),
	cmocka_unit_test(test_history),
	cmocka_unit_test(test_records),
	cmocka_unit_test(test_worker_full_pipe))
