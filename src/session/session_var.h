/*
 * session_var.h: variations (session_variation.c).
 *
 * The game is the main line of its move tree (s->tree, src/record's
 * struct record_tree), which follows it (session_tree_sync) and holds the
 * variations. Reviewing, the cursor walks the tree: s->var is the node of
 * the variation shown (0: none, the main line's ply is s->review). A move
 * played while reviewing starts a variation, or goes on with the one
 * shown; undo and redo in a variation take back and replay its last move.
 */
#ifndef CONGO_SESSION_VAR_H
#define CONGO_SESSION_VAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "session/session.h"

/* The tree made to follow the game (cheap; after any change of it). */
void session_tree_sync(struct session *s);
/* The node the board shows (a variation's, a reviewed or the live ply's). */
int session_var_node(const struct session *s);
void session_var_leave_all(struct session *s);
/* Why variations are not offered here (a network game), or NULL. */
const char *session_var_refused(const struct session *s);
/* A legal move of the position shown while reviewing. */
void session_var_play(struct session *s, move_t m);
/* [ ] inside a variation, { } out of it: true when taken. */
bool session_var_review(struct session *s, enum session_cmd_type t);
/* ( ) P D: true when the command was one of these. */
bool session_var_command(struct session *s, const struct session_cmd *cmd);
/* Undo and redo inside a variation: true when taken. */
bool session_var_undo(struct session *s);
bool session_var_redo(struct session *s);
/* Save the game with its variations (clk[i]: the clock after ply i, -1
 * none; NULL: no clocks); after a load, the record's variations. */
int session_var_save(struct session *s, const char *path, const int64_t *clk,
    char *err, size_t errlen);
void session_var_loaded(struct session *s, const char *path, int index);
/* The positions before the variation's one shown (for a search): their
 * count, *out malloc'd (NULL when none). */
int session_var_history(const struct session *s, struct board **out);

#endif
