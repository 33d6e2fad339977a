/*
 * test_session_util.h: what the session model's cmocka tests share: a
 * configuration of two players, a new game from a FEN, and a command
 * handed to the session as the view hands it.
 */
#ifndef CONGO_TEST_SESSION_UTIL_H
#define CONGO_TEST_SESSION_UTIL_H

#include <stdio.h>
#include <string.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "session/session.h"
#include "test_main.h"
#include "test_tmp.h"

/* The defaults with these players ("human", "ai", ...), and no delay
 * before an AI's move is shown. */
static inline void
tsu_conf(struct congo_conf *c, const char *white, const char *black)
{
	config_defaults(c);
	snprintf(c->white.type, sizeof c->white.type, "%s", white);
	snprintf(c->black.type, sizeof c->black.type, "%s", black);
	c->ui.ai_delay_ms = 0;
}

/* A session of c on a new game from fen (NULL: the start); now, if not
 * NULL, is its clock. */
static inline void
tsu_start(struct session *s, const struct congo_conf *c, const char *fen,
    int64_t (*now)(void))
{
	struct board b;
	char err[160];

	assert_int_equal(session_init(s, c, err, sizeof err), 0);
	if (now != NULL)
		s->now = now;
	assert_int_equal(fen_read(&b, fen != NULL ? fen : FEN_START, err,
	    sizeof err), 0);
	session_new_game(s, &b);
}

/* A clock the test moves by hand: tsu_now gives tsu_ms. */
static int64_t tsu_ms __attribute__((unused));

static inline int64_t
tsu_now(void)
{
	return tsu_ms;
}

/* A clock that stays at 1 s. */
static inline int64_t
tsu_now_fixed(void)
{
	return 1000;
}

/* Two humans on the start position, the clock at 1 s. */
static inline void
tsu_start_humans(struct session *s)
{
	struct congo_conf c;

	tsu_conf(&c, "human", "human");
	tsu_start(s, &c, NULL, tsu_now_fixed);
}

/* The command t with arg (NULL: none), as the view would make it. */
static inline struct session_cmd
tsu_cmd_of(enum session_cmd_type t, const char *arg)
{
	struct session_cmd c;

	memset(&c, 0, sizeof c);
	c.type = t;
	snprintf(c.arg, sizeof c.arg, "%s", arg != NULL ? arg : "");
	return c;
}

static inline void
tsu_cmd(struct session *s, enum session_cmd_type t, const char *arg)
{
	struct session_cmd c = tsu_cmd_of(t, arg);

	session_command(s, &c);
}

/* Does the session's message line say what? */
static inline bool
tsu_msg_has(const struct session *s, const char *what)
{
	return strstr(s->msg.text, what) != NULL;
}

/* The main() of a session test: its tests run with a test_xdg_home named
 * name (its path in dir, the test's char array), removed after them. */
#define TSU_XDG_MAIN(dir, name, ...)					\
	TEST_MAIN_IN_DIR(dir, (board_init(),				\
	    test_xdg_home(dir, sizeof dir, name)), __VA_ARGS__)

#endif
