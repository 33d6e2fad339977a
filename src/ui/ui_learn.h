/*
 * ui_learn.h: the view of lessons and puzzles (ui_learn.c, ui_puzzle.c):
 * the lesson list, the panel beside the board, and the keys they take.
 * The flow itself is the session's (session_learn.c, session_puzzle.c);
 * the rest of the UI calls the hooks below.
 */
#ifndef CONGO_UI_LEARN_H
#define CONGO_UI_LEARN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "learn/learn.h"
#include "session/session_learn.h"
#include "ui/ui_int.h"

/* After the first game is set up and the terminal started. */
void ui_learn_begin(struct ui_app *a, const struct session_learn_opts *o);
void ui_learn_end(struct ui_app *a);
/* The screen and the board's side after the session's learning mode
 * changed (app_sync calls it). */
void ui_learn_sync(struct ui_app *a);

/* Hooks; each returns true when it handled the event. */
bool ui_learn_command(struct ui_app *a, const struct session_cmd *cmd);
/* A human's legal move, before it is played. */
bool ui_learn_play(struct ui_app *a, move_t m);
/* An illegal move tried with the keys (msg: the input's words). */
bool ui_learn_illegal(struct ui_app *a, const char *msg);
/* A key on the board screen, before the usual keys. */
bool ui_learn_key(struct ui_app *a, const struct ui_event *ev);
/* The panel below the players: true when it drew (no move list then). */
bool ui_learn_panel(struct ui_app *a, int y, int x, int w, int bottom);
/* The square the last hint marks on the board, or -1. */
int ui_learn_hint_sq(const struct ui_app *a);

/* The lesson list screen. */
void ui_learn_list_draw(struct ui_app *a);
void ui_learn_list_key(struct ui_app *a, const struct ui_event *ev);

/* ---- shared by ui_learn.c and ui_puzzle.c ---- */

/* Word-wrap text into the panel, indented by two; returns the next free
 * line. ui_learn_wrap_head: a heading, not indented (its further lines
 * are). */
int ui_learn_wrap(int y, int x, int w, int bottom, int style,
    const char *text);
int ui_learn_wrap_head(int y, int x, int w, int bottom, int style,
    const char *text);
int ui_puzzle_panel(struct ui_app *a, int y, int x, int w, int bottom);
/* The panel's keys line, or "" when what was said already ends with it
 * ("Right! ...  Enter: go on" is not followed by "Enter: go on"). */
const char *ui_learn_keys(const struct session_learn *L, const char *keys);

#endif
