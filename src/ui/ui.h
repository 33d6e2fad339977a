/*
 * ui.h: the full-screen view of the game (src/ui), started by the game's
 * front end (src/cli/cli_game.c) once it has read the options and the
 * settings.
 */
#ifndef CONGO_UI_H
#define CONGO_UI_H

struct session_start;

/* Play in the terminal: the exit status. */
int ui_main(const struct session_start *st);

#endif
