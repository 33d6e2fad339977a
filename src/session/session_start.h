/*
 * session_start.h: what both views of the game (src/ui, src/plain) are
 * started with: the game's options as the front end read them
 * (src/cli/cli_game.c), the settings they were applied to, the settings'
 * warnings; and the start-up that does not depend on the view: the
 * session made from them and the first game set up, the kept game.
 */
#ifndef CONGO_SESSION_START_H
#define CONGO_SESSION_START_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"
#include "session/session.h"
#include "session/session_learn.h"
#include "session/session_link.h"

/* The command line of `congo` (the game). */
struct session_opts {
	const char *config;
	const char *fen;
	const char *load;
	const char *clock;          /* "M+S" */
	const char *variant;        /* --variant congo|megapawn, NULL */
	int game;                   /* --game N of a file of several, 0 */
	bool no_color, unicode, flip, help;
	bool resume;                /* --resume: the kept game */
	bool plain;                 /* --plain: src/plain, no curses */
	const char *white, *black;
	int depth;                  /* -1: not given */
	int movetime_ms;            /* -1: not given */
	struct session_net_opts net; /* checked by session_net_opts_check */
};

/* The options' defaults (nothing given). */
void session_opts_init(struct session_opts *o);
/* The options applied over the settings; -1 with err. */
int session_opts_apply(const struct session_opts *o, struct congo_conf *c,
    char *err, size_t errlen);
/* Options that start a particular game (no kept game offered then). */
bool session_opts_choose_game(const struct session_opts *o);
/* What of them a network game takes (session_link_start). */
void session_opts_net_game(const struct session_opts *o,
    struct session_net_game *ng);

/* The settings' warnings: shown in the game, not printed before it
 * starts where nobody could read them; beyond SESSION_WARNINGS_MAX they
 * are counted. */
#define SESSION_WARNINGS_MAX 40
struct session_warnings {
	char text[SESSION_WARNINGS_MAX][SESSION_MSG_MAX];
	int n, more;
};

/*
 * The program's signals, wired by the front end (src/cli/cli_signals.c);
 * a view turns them on (start) when it is ready for them. The quit
 * signals (INT, TERM, HUP) set got and wake the view's loop through fd
 * (a self-pipe's end to poll); with screen, so does a resize (SIGWINCH);
 * a crash (SEGV, ABRT, BUS, FPE, ILL) calls crash first, if set (the
 * terminal given back), then dies as it would have; SIGPIPE is ignored.
 * start: 0, or -1 with errno.
 */
struct session_signals {
	int fd;
	volatile sig_atomic_t got;  /* the quit signal that came, 0 none */
	void (*crash)(void);
	int (*start)(struct session_signals *sig, bool screen);
};

/* What a view starts with. */
struct session_start {
	struct session_opts o;
	struct session_learn_opts lo;
	struct congo_conf conf;     /* the settings, the options applied */
	const struct session_warnings *warn;
	struct session_signals *sig;
};

/* The session made from the settings and the options, and the first game
 * set up (a file's, a position's, or a list of a file's games to pick
 * from): 0, or -1 with err (the program says "congo: " err). */
int session_start_game(struct session *s, const struct session_start *st,
    char *err, size_t errlen);
/* The game kept as it goes (session_keep.h), in the state folder: not for
 * network play, lessons or puzzles. --resume plays on the kept one (true:
 * resumed); without options that choose a game, congo offers it; one that
 * does not read is said (and moved aside), never a reason not to start. */
bool session_start_keep(struct session *s, const struct session_start *st);

#endif
