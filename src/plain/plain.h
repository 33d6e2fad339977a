/*
 * plain.h: `congo --plain` (src/plain), the front end for screen readers
 * and pipes: a second view over the session model (src/session), beside
 * the full-screen one (src/ui). No curses, no cursor addressing: one line
 * of plain text per event on standard output, commands and moves read as
 * lines from standard input. ui_main dispatches to it once the options
 * and the settings are read and the game is set up, so the players,
 * levels, clocks, variants, lessons, puzzles and network play are the same
 * as the full-screen game's.
 */
#ifndef CONGO_PLAIN_H
#define CONGO_PLAIN_H

#include <stdbool.h>

#include "config/config.h"
#include "session/session.h"

struct ui_app;
struct ui_opts;
struct session_learn_opts;

/* --plain, or ui.mode = "plain" in congo.conf. */
bool plain_wanted(bool plain_option, const struct congo_conf *c);
/* Play: the exit status. warn: the settings' warnings to say first. */
int plain_main(struct ui_app *a, const struct ui_opts *o,
    const struct session_learn_opts *lo, const char (*warn)[SESSION_MSG_MAX],
    int nwarn);

#endif
