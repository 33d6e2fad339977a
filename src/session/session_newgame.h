/*
 * session_newgame.h: the new-game dialog (session_newgame.c): its fields,
 * their choices and text, and the game it starts.
 */
#ifndef CONGO_SESSION_NEWGAME_H
#define CONGO_SESSION_NEWGAME_H

#include <stdbool.h>
#include <stddef.h>

#include "session/session.h"

/* The choices of a field, NULL-terminated. */
const char *const *session_newgame_choices(int field);
const char *session_newgame_label(int field);
/* The current value's text ("5+3", "human", the FEN...). */
void session_newgame_value(const struct session *s, int field, char *buf,
    size_t n);
void session_newgame_open(struct session *s);
void session_newgame_field(struct session *s, int delta);  /* Up/Down/Tab */
void session_newgame_change(struct session *s, int delta); /* Left/Right */
/* Typing into a text value (custom clock, FEN): a character, or
 * SESSION_TYPE_ERASE, SESSION_TYPE_CLEAR (session.h). False when the field
 * takes no text. */
bool session_newgame_type(struct session *s, int ch);
/* A field's value typed (the plain mode's answers): a choice by its name
 * or number; for a player also "ai level N" (or ai:level=N, level N, N);
 * for the clock "none" or M+S. -1 with why into err. */
int session_newgame_set(struct session *s, int field, const char *text,
    char *err, size_t errlen);
/* Start the dialog's game; -1 (dialog stays open, error set) if refused. */
int session_newgame_start(struct session *s);
/* Enter: as session_newgame_start, but a game in progress is left only
 * when the question it asks is answered yes (1: asked). */
int session_newgame_enter(struct session *s);
void session_newgame_cancel(struct session *s);
/* Remembered in $XDG_STATE_HOME/congo/newgame. */
int session_newgame_load(struct session *s);
int session_newgame_save(const struct session *s);

#endif
