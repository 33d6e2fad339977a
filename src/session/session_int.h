/*
 * session_int.h: between the files of the session (not for its users).
 */
#ifndef CONGO_SESSION_INT_H
#define CONGO_SESSION_INT_H

#include "session/session.h"
#include "session/session_learn.h"
#include "session/session_net.h"

/* After the position changed under the players' feet (undo, redo,
 * :continue): advice dropped, review left, clocks restored. */
/* The clock (session_clock.c): both sides' time noted at the current
 * ply (for undo and the record); the side to move's run, unless paused,
 * the game is over or the side's first move is to come; made new for a
 * new game; a person whose clock runs low told once (again after the
 * increment took it back above the mark). */
void session_clock_note(struct session *s);
void session_clock_follow(struct session *s);
void session_clock_reset(struct session *s);
void session_clock_low(struct session *s, int64_t now);
void session_position_changed(struct session *s);
/* :save NAME (asks before replacing a file; now: replaces it). */
void session_save(struct session *s, const char *name, bool now);
/* The game as a record at path, tags completed (session_file.c). */
int session_record_write(struct session *s, const char *path,
    struct record_tags *tags, char *err, size_t errlen);
/* :load FILE [N] */
void session_load_cmd(struct session *s, const char *arg, bool now);
/* Another's record to review (a server's): loaded as session_load does,
 * its players not made ours, nothing said but an error; 0 or -1. */
int session_load_review(struct session *s, const char *path);
void session_cmd_resume(struct session *s, const struct session_cmd *cmd);
void session_cmd_tls_trust(struct session *s, const struct session_cmd *cmd);
void session_review(struct session *s, enum session_cmd_type t);
void session_continue(struct session *s, bool now);
/* An AI is about to think: stop the analysis (it resumes after). */
void session_analysis_pause(struct session *s);
/* A lesson's or puzzle's game begins (both sides human, no clock), the
 * side to move at the bottom (session_learn.c). */
void session_learn_game(struct session *s, const struct board *b,
    enum session_learn_mode mode);

/* The command table's handlers (session_cmdtab.c; session_command.c). */
void session_cmd_move(struct session *s, const struct session_cmd *cmd);
/* A network game's commands (session_link.c): sent, :info, the
 * server's lists; lessons and puzzles (session_learn.c); the editor's
 * analyse (session_editor.c). */
void session_cmd_net(struct session *s, const struct session_cmd *cmd);
void session_cmd_info(struct session *s, const struct session_cmd *cmd);
void session_cmd_list(struct session *s, const struct session_cmd *cmd);
void session_cmd_challenge(struct session *s, const struct session_cmd *cmd);
void session_cmd_create(struct session *s, const struct session_cmd *cmd);
void session_cmd_learn(struct session *s, const struct session_cmd *cmd);
void session_cmd_edit_analyse(struct session *s,
    const struct session_cmd *cmd);
void session_cmd_show(struct session *s, const struct session_cmd *cmd);
void session_cmd_new(struct session *s, const struct session_cmd *cmd);
void session_cmd_undo(struct session *s, const struct session_cmd *cmd);
void session_cmd_save(struct session *s, const struct session_cmd *cmd);
void session_cmd_load(struct session *s, const struct session_cmd *cmd);
void session_cmd_resign(struct session *s, const struct session_cmd *cmd);
void session_cmd_draw(struct session *s, const struct session_cmd *cmd);
void session_cmd_fen(struct session *s, const struct session_cmd *cmd);
void session_cmd_edit(struct session *s, const struct session_cmd *cmd);
void session_cmd_clock(struct session *s, const struct session_cmd *cmd);
void session_cmd_review(struct session *s, const struct session_cmd *cmd);
void session_cmd_note(struct session *s, const struct session_cmd *cmd);
void session_cmd_pgn(struct session *s, const struct session_cmd *cmd);
/* The note of ply i to change (session_analyse.c): the notes made the
 * game's own first (those of other moves dropped). */
struct record_note *session_note_edit(struct session *s, int ply);
void session_cmd_continue(struct session *s, const struct session_cmd *cmd);
void session_cmd_variation(struct session *s,
    const struct session_cmd *cmd);
void session_cmd_analyse(struct session *s, const struct session_cmd *cmd);
void session_cmd_advice(struct session *s, const struct session_cmd *cmd);
void session_cmd_analyze(struct session *s, const struct session_cmd *cmd);
void session_cmd_player(struct session *s, const struct session_cmd *cmd);
void session_cmd_limit(struct session *s, const struct session_cmd *cmd);
void session_cmd_pace(struct session *s, const struct session_cmd *cmd);
void session_cmd_quit(struct session *s, const struct session_cmd *cmd);

#endif
