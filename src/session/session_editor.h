/*
 * session_editor.h: the board editor (session_editor.c), struct
 * session_editor's calls: a position set up by hand, checked, then played
 * or analysed.
 */
#ifndef CONGO_SESSION_EDITOR_H
#define CONGO_SESSION_EDITOR_H

#include <stdbool.h>

#include "session/session.h"

/* From the position shown (the start when there is no game). */
void session_edit_open(struct session *s);
/* Esc: leave, the game as it was. */
void session_edit_cancel(struct session *s);
void session_edit_cursor(struct session *s, int df, int dr);
void session_edit_goto(struct session *s, int sq);
/* A piece letter (upper case White) on the cursor's square; the same
 * piece again empties it. -1 with a message for a letter that is no piece
 * or not one of the variant. */
int session_edit_put(struct session *s, char letter);
void session_edit_remove(struct session *s);
void session_edit_clear(struct session *s);   /* an empty board */
void session_edit_reset(struct session *s);   /* the variant's start */
void session_edit_side(struct session *s);    /* the other side to move */
void session_edit_variant(struct session *s); /* the next variant */
/* u: the last change (a piece put or taken, the board emptied or reset,
 * the side, the variant, a FEN read) taken back: 0, or -1 when there is
 * none (said). */
int session_edit_undo(struct session *s);
/* Check the set-up: 0, or -1 with edit.code, edit.error and a message. */
int session_edit_check(struct session *s);
/* Enter: checked, then the new-game dialog with this start (players,
 * clock); the editor closes when that game starts. */
int session_edit_play(struct session *s);
/* A: checked, then a game from it between two humans, analysis on. */
int session_edit_analyse(struct session *s);
/* :fen FEN while editing: the editor holds it. */
int session_edit_fen(struct session *s, const char *text);
/* A command while the editor is open: true when taken (or refused). */
bool session_edit_command(struct session *s, const struct session_cmd *cmd);
/* The new-game dialog opened on a start position of a variant. */
void session_newgame_open_fen(struct session *s, int variant,
    const char *fen);

#endif
