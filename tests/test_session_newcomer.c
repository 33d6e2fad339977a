/*
 * test_session_newcomer.c: the session model where a new player met rough
 * edges (issue 25 section 4): the untimed first move of each side and the
 * low-time warning, the players a loaded game keeps or takes, the
 * players' names in the panel and the new-game dialog.
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
#include "session/session.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "test_session_util.h"
#include "util/util.h"
#include "test_tmp.h"

static char tmpdir[100];

static void
start(struct session *s, const char *white, const char *black)
{
	struct congo_conf c;

	tsu_conf(&c, white, black);
	c.white.movetime_ms = c.black.movetime_ms = 50;
	tsu_start(s, &c, NULL, tsu_now);
}

/* ":clock 5+3 sets one for the next game", as :clock without a clock
 * says: this game keeps its clock, or its lack of one (a game without a
 * clock was lost on time at once; one with a clock changed its control).
 * The new game dialog offers it, n plays the next one with it; :clock
 * none drops it the same way, and :fen starts a game without one. */
static void
test_clock_for_next_game(void **state)
{
	struct session s;
	int64_t base, inc;

	(void)state;
	tsu_ms = 1000;
	start(&s, "human", "human");
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_CLOCK, "5+3");
	assert_string_equal(s.msg.text, "clock 5+3 from the next game (n)");
	assert_false(s.clocked);
	tsu_ms += 3600 * 1000;
	session_tick(&s);
	assert_false(game_over(&s.game));
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	assert_int_equal(s.game.nply, 2);
	assert_true(session_next_clock(&s, &base, &inc));
	assert_int_equal(base, 300000);
	assert_int_equal(inc, 3000);
	tsu_cmd(&s, CMD_CLOCK, "5+x");  /* refused: nothing kept */
	assert_int_equal(s.next_base, 300000);
	/* the dialog offers it */
	tsu_cmd(&s, CMD_NEW, NULL);
	assert_true(s.ng.open);
	assert_string_equal(s.ng.clock_text, "5+3");
	session_newgame_cancel(&s);
	tsu_cmd(&s, CMD_NEW_NOW, NULL);
	assert_true(s.clocked);
	assert_int_equal(session_clock_left(&s, WHITE), 300000);
	assert_false(s.next_set);
	/* :clock none: this game's clock runs on, the next has none */
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	tsu_cmd(&s, CMD_CLOCK, "none");
	assert_true(s.clocked);
	tsu_ms += 2000;
	assert_int_equal(session_clock_left(&s, WHITE), 298000);
	assert_false(session_next_clock(&s, &base, &inc));
	tsu_cmd(&s, CMD_FEN, "startpos");
	assert_false(s.clocked);
	assert_int_equal(session_timeout(&s), -1);
	session_free(&s);
}

/* Item 6: no clock runs before a side's first move (--clock 0.25+0 showed
 * 0:14 a second after the start); the untimed move earns no increment. */
static void
test_first_move_untimed(void **state)
{
	struct session s;

	(void)state;
	tsu_ms = 1000;
	start(&s, "human", "human");
	assert_int_equal(session_set_clock(&s, "0.25+2"), 0);
	session_new_game(&s, &s.start);
	assert_false(session_clock_timed(&s));
	tsu_ms += 60000;
	session_tick(&s);
	assert_int_equal(s.flagged, -1);
	assert_int_equal(session_clock_left(&s, WHITE), 15000);
	assert_int_equal(session_timeout(&s), -1);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	assert_int_equal(session_clock_left(&s, WHITE), 15000);
	tsu_ms += 4000;
	assert_int_equal(session_clock_left(&s, BLACK), 15000);
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	assert_int_equal(session_clock_left(&s, BLACK), 15000);
	/* White's second turn: its clock runs. */
	assert_true(session_clock_timed(&s));
	assert_true(session_timeout(&s) > 0);
	tsu_ms += 1000;
	assert_int_equal(session_clock_left(&s, WHITE), 14000);
	tsu_cmd(&s, CMD_MOVE, "e2e3");
	assert_int_equal(session_clock_left(&s, WHITE), 16000);
	/* Undone to the start: untimed again. */
	tsu_cmd(&s, CMD_UNDO, NULL);
	tsu_cmd(&s, CMD_UNDO, NULL);
	tsu_cmd(&s, CMD_UNDO, NULL);
	assert_int_equal(s.game.nply, 0);
	tsu_ms += 20000;
	session_tick(&s);
	assert_int_equal(s.flagged, -1);
	assert_int_equal(session_clock_left(&s, WHITE), 15000);
	session_free(&s);
}

/* Item 6: a person whose clock runs low is told, once. */
static void
test_low_time_warning(void **state)
{
	struct session s;

	(void)state;
	tsu_ms = 1000;
	start(&s, "human", "human");
	assert_int_equal(session_set_clock(&s, "0.5+0"), 0);
	session_new_game(&s, &s.start);
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	tsu_cmd(&s, CMD_MOVE, "d6d5");
	tsu_ms += 19000;
	session_tick(&s);
	assert_false(tsu_msg_has(&s, "seconds left"));
	tsu_ms += 1000;
	session_tick(&s);
	assert_true(tsu_msg_has(&s, "White: 10 seconds left on the clock"));
	s.msg.text[0] = '\0';
	tsu_ms += 1000;
	session_tick(&s);
	assert_false(tsu_msg_has(&s, "seconds left"));
	session_free(&s);
}

/* Items 1 and 7: the panel names a level as the new-game dialog does, and
 * has a shorter form for a narrow panel. */
static void
test_level_names(void **state)
{
	static const char *const plain[][2] = {
		{ "alphabeta 1s", "AI full strength (1 s)" },
		{ "alphabeta 0.2s", "AI full strength (0.2 s)" },
		{ "alphabeta 200ms", "AI full strength (0.2 s)" },
		{ "negamax", "AI simple search" },
		{ "random", "AI random moves" },
		{ "alphabeta 1s extra", "alphabeta 1s extra" },
		{ "alphabeta depth 5", "AI full strength depth 5" },
		{ "negamax depth 5", "AI simple search depth 5" },
		{ "negamax depth 5 x", "negamax depth 5 x" },
		{ "martian depth 5", "martian depth 5" },
		{ "alphabeta 0s", "alphabeta 0s" },
	};
	struct session s;
	struct player_conf pc;
	char err[160], desc[96], v[NG_TEXT_MAX];
	size_t i;

	(void)state;
	tsu_ms = 0;
	start(&s, "human", "human");
	pc = s.conf.black;
	assert_int_equal(session_player_type_parse("ai:level=3", &pc, err,
	    sizeof err), 0);
	assert_int_equal(session_set_player(&s, BLACK, &pc), 0);
	session_player_describe(s.player[BLACK], desc, sizeof desc);
	assert_string_equal(desc, "AI level 3 (Learner)");
	session_newgame_open(&s);
	session_newgame_value(&s, NG_BLACK, v, sizeof v);
	assert_string_equal(v, desc);
	session_newgame_cancel(&s);
	session_player_describe_short(s.player[BLACK], desc, sizeof desc);
	assert_string_equal(desc, "AI level 3");
	session_player_describe_short(s.player[WHITE], desc, sizeof desc);
	assert_string_equal(desc, "human");
	/* Shown as a person reads it (the same in English: the languages'
	 * own are test_lang_level.sh's), kept as described; a kept name
	 * read back as shown, another name as it is. */
	session_player_label(s.player[BLACK], desc, sizeof desc);
	assert_string_equal(desc, "AI level 3 (Learner)");
	session_player_name_shown("AI level 3 (Learner)", v, sizeof v);
	assert_string_equal(v, desc);
	session_player_name_shown("AI level 3 (Club player)", v, sizeof v);
	assert_string_equal(v, "AI level 3 (Club player)");
	session_player_name_shown("bob", v, sizeof v);
	assert_string_equal(v, "bob");
	/* The AIs that are not levels, in words; the engine's words are
	 * what is kept (records, settings), and only they are read so. */
	for (i = 0; i < sizeof plain / sizeof plain[0]; i++) {
		session_player_name_shown(plain[i][0], v, sizeof v);
		assert_string_equal(v, plain[i][1]);
	}
	/* cut to its room, never inside a character */
	session_player_name_shown("Anf\xc3\xa4nger", v, 5);
	assert_string_equal(v, "Anf");
	session_player_name_shown("Anf\xc3\xa4nger", v, 6);
	assert_string_equal(v, "Anf\xc3\xa4");
	session_level_text(10, false, v, sizeof v);
	assert_string_equal(v, "AI level 10 (Master)");
	/* an AI of a fixed depth: the dialog's words, not the program's
	 * ("negamax depth 2"), which records keep */
	pc = s.conf.black;
	snprintf(pc.type, sizeof pc.type, "ai");
	snprintf(pc.algorithm, sizeof pc.algorithm, "negamax");
	pc.level = 0;
	pc.depth = 2;
	pc.movetime_ms = 0;
	assert_int_equal(session_set_player(&s, BLACK, &pc), 0);
	session_player_label(s.player[BLACK], desc, sizeof desc);
	assert_string_equal(desc, "AI simple search depth 2");
	session_player_describe(s.player[BLACK], desc, sizeof desc);
	assert_string_equal(desc, "negamax depth 2");
	session_free(&s);
}

static int
log_count(const struct session *s, const char *what)
{
	const struct session_msg *m;
	int i, n = 0;

	for (i = 0; (m = session_log_get(s, i)) != NULL; i++)
		if (strstr(m->text, what) != NULL)
			n++;
	return n;
}

/* Item 15: the words a new player met. */
static void
test_wording(void **state)
{
	struct session s;
	struct board b;
	char err[160];
	const char *why;

	(void)state;
	tsu_ms = 0;
	/* A promotion is logged once. */
	start(&s, "human", "human");
	assert_int_equal(fen_read(&b, "2l4/3P3/7/7/7/7/4L2 w 0 1", err,
	    sizeof err), 0);
	session_new_game(&s, &b);
	tsu_cmd(&s, CMD_MOVE, "d6d7");
	assert_int_equal(log_count(&s, "promoted"), 1);
	/* ...also when it ends the game. */
	session_new_game(&s, &b);
	tsu_cmd(&s, CMD_MOVE, "d6c7");
	assert_true(game_over(&s.game));
	assert_int_equal(log_count(&s, "promoted"), 2);
	/* The line says what the move did, the result and what next. */
	assert_true(tsu_msg_has(&s, "lion on c7 taken"));
	assert_true(tsu_msg_has(&s, "wins"));
	assert_true(tsu_msg_has(&s, "(n: new game)"));
	session_new_game(&s, &b);
	tsu_cmd(&s, CMD_MOVE, "d6d7");
	/* Resigning asks "Resign?". */
	tsu_cmd(&s, CMD_RESIGN, NULL);
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "Resign?"));
	session_answer(&s, false);
	/* After the game, a asks for no human's turn. */
	tsu_cmd(&s, CMD_RESIGN_NOW, NULL);
	assert_true(game_over(&s.game));
	tsu_cmd(&s, CMD_ADVICE, NULL);
	assert_true(tsu_msg_has(&s, "the game is over"));
	assert_false(tsu_msg_has(&s, "human's turn"));
	session_free(&s);
	/* The AI's turn: who thinks, in words. */
	start(&s, "human", "ai");
	s.player[BLACK]->conf.level = 0;
	tsu_cmd(&s, CMD_MOVE, "d2d3");
	why = session_nomove_reason(&s);
	assert_non_null(why);
	assert_null(strstr(why, "wait for ("));
	assert_non_null(strstr(why, "thinks"));
	session_free(&s);
	/* A typed move that is not legal says the rule it breaks; one
	 * that does not name the mover's piece, what the reader says. */
	start(&s, "human", "human");
	tsu_cmd(&s, CMD_MOVE, "d1d4");
	assert_true(tsu_msg_has(&s, "d1d4: A lion steps one square"));
	tsu_cmd(&s, CMD_MOVE, "d7d6");
	assert_true(tsu_msg_has(&s, "d7d6 is not a legal move"));
	assert_int_equal(s.game.nply, 0);
	session_free(&s);
	/* ui.warn: a move that drowns one's own piece is asked about, as
	 * one that hangs the lion; no leaves it unplayed. */
	start(&s, "human", "human");
	s.warn = true;
	assert_int_equal(fen_read(&b, "2l4/7/7/2P4/7/7/4L2 w 0 1", err,
	    sizeof err), 0);
	session_new_game(&s, &b);
	tsu_cmd(&s, CMD_MOVE, "e1e2");
	assert_true(s.asking);
	assert_non_null(strstr(s.question, "Your pawn on c4 drowns after "
	    "this move. Play it anyway?"));
	session_answer(&s, false);
	assert_int_equal(s.game.nply, 0);
	tsu_cmd(&s, CMD_MOVE, "c4c5");          /* out of the river: no */
	assert_false(s.asking);
	assert_int_equal(s.game.nply, 1);
	session_new_game(&s, &b);
	s.warn = false;                         /* the aids off: played */
	tsu_cmd(&s, CMD_MOVE, "e1e2");
	assert_false(s.asking);
	assert_int_equal(s.game.nply, 1);
	session_free(&s);
}

/* Item 5: a load names the players who play on, the record's when it
 * names ours (a level too), else those kept. */
static void
test_load_names_players(void **state)
{
	struct session s;
	char path[160];
	FILE *f;

	(void)state;
	tsu_ms = 0;
	snprintf(path, sizeof path, "%s/lv.pgn", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("[White \"human\"]\n[Black \"AI level 3 (Learner)\"]\n\n"
	    "1. d2d3 d6d5 *\n", f);
	fclose(f);
	start(&s, "human", "human");
	assert_int_equal(session_load(&s, path, 0), 0);
	assert_true(tsu_msg_has(&s, "playing: White human, Black AI level 3 "
	    "(Learner)"));
	assert_int_equal(s.player[BLACK]->conf.level, 3);
	session_free(&s);

	snprintf(path, sizeof path, "%s/bob.pgn", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("[White \"ann\"]\n[Black \"bob\"]\n\n1. d2d3 *\n", f);
	fclose(f);
	start(&s, "human", "human");
	assert_int_equal(session_load(&s, path, 0), 0);
	assert_true(tsu_msg_has(&s, "kept"));
	assert_true(tsu_msg_has(&s, "playing: White human, Black human"));
	session_free(&s);
}

/* Item 14: the advisor never suggests a move that loses a piece to
 * drowning. White's pawn on g4 drowns unless it moves; a random advisor
 * would suggest a lion move most of the time. */
static void
test_advice_never_drowns(void **state)
{
	struct session s;
	struct board b, after;
	struct move_effects fx;
	struct session_job_msg m;
	struct pollfd p;
	char err[160];
	int k, rounds;

	(void)state;
	tsu_ms = 0;
	start(&s, "human", "human");
	snprintf(s.conf.white.advisor, sizeof s.conf.white.advisor,
	    "random");
	assert_int_equal(fen_read(&b, "2l4/7/7/6P/7/7/4L2 w 0 1", err,
	    sizeof err), 0);
	for (k = 0; k < 12; k++) {
		session_new_game(&s, &b);
		tsu_cmd(&s, CMD_ADVICE, NULL);
		assert_true(s.advising);
		for (rounds = 0; s.advising && rounds < 500; rounds++) {
			p.fd = s.worker.rd;
			p.events = POLLIN;
			poll(&p, 1, 20);
			while (session_worker_read(&s.worker, &m))
				session_worker_msg(&s, &m);
		}
		assert_false(s.advising);
		assert_true(s.advice_move != MOVE_NONE);
		after = b;
		memset(&fx, 0, sizeof fx);
		board_make(&after, s.advice_move, &fx);
		assert_int_equal(fx.ndrowned, 0);
	}
	session_free(&s);
}

TSU_XDG_MAIN(tmpdir, "test_newcomer",
	cmocka_unit_test(test_first_move_untimed),
	cmocka_unit_test(test_clock_for_next_game),
	cmocka_unit_test(test_low_time_warning),
	cmocka_unit_test(test_level_names),
	cmocka_unit_test(test_wording),
	cmocka_unit_test(test_load_names_players),
	cmocka_unit_test(test_advice_never_drowns))
