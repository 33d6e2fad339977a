/*
 * plain.h: `congo --plain` (src/plain), the front end for screen readers
 * and pipes: a second view over the session model (src/session), beside
 * the full-screen one (src/ui). No curses, no cursor addressing: one line
 * of plain text per event on standard output, commands and moves read as
 * lines from standard input. The game's front end (src/cli/cli_game.c)
 * starts it, as it starts the full-screen view, with the options and the
 * settings it read (struct session_start), so the players, levels,
 * clocks, variants, lessons, puzzles and network play are the same as the
 * full-screen game's.
 */
#ifndef CONGO_PLAIN_H
#define CONGO_PLAIN_H

#include <stdbool.h>

#include "config/config.h"
#include "session/session.h"

struct session_start;

/* --plain, or ui.mode = "plain" in congo.conf. */
bool plain_wanted(bool plain_option, const struct congo_conf *c);
/* Play: the exit status (the settings' warnings said first). */
int plain_main(const struct session_start *st);

#endif
