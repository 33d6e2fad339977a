/*
 * session.h: the game session, the model of `congo` in the terminal: the
 * game and its players, the clock, the review cursor, the message log, the
 * question waiting for a yes or no, the new-game dialog and the command
 * line's history, and the commands that change them. The commands' table
 * is in session_cmd.h, the AI's worker and analysis in session_ai.h (both
 * included here).
 *
 * No curses, no sockets, no globals: the curses view (src/ui) draws a
 * session and turns keys and clicks into session commands; the network
 * part plugs in through the hooks and its own player ops. Time comes from
 * s->now, so tests drive the clock by hand.
 */
#ifndef CONGO_SESSION_H
#define CONGO_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock/clock.h"
#include "config/config.h"
#include "engine/board.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "record/record.h"
#include "session/session_ai.h"
#include "session/session_cmd.h"

struct session;
struct session_player;

/* ---- messages ---- */

enum session_tone { SM_NORMAL = 0, SM_ERROR, SM_GOOD, SM_DIM };

#define SESSION_MSG_MAX 256
#define SESSION_LOG_MAX 200
/* A person is told when their clock falls to this (ms). */
#define SESSION_LOW_TIME_MS 10000

struct session_msg {
	int tone;
	char text[SESSION_MSG_MAX];
};

/* ---- players: session_player.h ---- */

/* ---- the new-game dialog (session_newgame.c) ---- */

enum newgame_field { NG_VARIANT, NG_WHITE, NG_BLACK, NG_CLOCK, NG_START,
	NG_NFIELDS };

#define NG_TEXT_MAX 128

struct session_newgame {
	bool open;
	bool remembered;            /* a choice was made (or loaded) */
	int field;                  /* enum newgame_field */
	int choice[NG_NFIELDS];     /* index into the field's choices */
	char clock_text[32];        /* the custom clock, "M+S" */
	char fen[NG_TEXT_MAX];      /* the custom start */
	char error[200];            /* why Enter was refused */
};

/* The dialog's calls: session_newgame.h. Typing into a text value of a
 * dialog (the new game's custom clock and FEN, the seek dialog's range):
 * a character, or SESSION_TYPE_ERASE for a backspace, SESSION_TYPE_CLEAR
 * (Ctrl-U) to empty it. */
#define SESSION_TYPE_ERASE (-1)
#define SESSION_TYPE_CLEAR (-2)

/* ---- the board editor (session_editor.c) ---- */

/*
 * A position of its own over the game (untouched until the editor is left
 * to play or analyse), a cursor, and the last refusal: leaving checks the
 * set-up with board_check_setup and names the problem.
 */
#define SESSION_EDIT_UNDO 32     /* the changes 'u' can take back */
struct session_editor {
	bool open;
	struct board b;             /* the position edited */
	int cursor;                 /* a square */
	int code;                   /* enum setup_problem of the last refusal */
	char error[240];            /* "Illegal set-up: ...", "" none */
	/* The positions before the last changes (a ring: the oldest goes
	 * when it is full), with the square each was changed on. */
	struct board undo[SESSION_EDIT_UNDO];
	int8_t undo_cursor[SESSION_EDIT_UNDO];
	int nundo, undo_top;
	bool paused_game;           /* it paused the game's clock (and its
	                               AI): leaving resumes them */
};

/* The editor's calls: session_editor.h. */

/* ---- variations (session_variation.c) ---- */

/* The move tree's variations: session_var.h; the moves taken back in one,
 * for redo (struct session's var_redo). */
#define SESSION_VAR_REDO 64

/* ---- the command line's history (session_history.c) ---- */

#define SESSION_HISTORY_MAX 500

struct session_history {
	char **line;                /* oldest first */
	int n;
	char path[CONF_PATH_MAX + 32]; /* "" keeps it in memory only */
};

void session_history_init(struct session_history *h, const char *path);
void session_history_free(struct session_history *h);
/* Add a line (not an empty one, nor the same as the last), drop the
 * oldest beyond SESSION_HISTORY_MAX, and append it to the file. */
void session_history_add(struct session_history *h, const char *line);
/* Line i counted back from the newest (0 = newest), or NULL. */
const char *session_history_get(const struct session_history *h, int back);
/* $XDG_STATE_HOME/congo/NAME (else ~/.local/state/congo/NAME), creating
 * the folder; -1 when there is no home. */
int session_state_path(const char *name, char *buf, size_t n);

/* ---- picking a game of a file of several (session_file.c) ---- */

#define SESSION_PICK_LINE 96

struct session_pick {
	bool open;
	char path[CONF_PATH_MAX + 64];
	int n, sel;
	char (*line)[SESSION_PICK_LINE]; /* "  2. ann - bob  1-0  (41 plies)" */
};

/* Open the list of the games of a file; -1 (with a message) when it
 * holds none that reads. */
int session_pick_open(struct session *s, const char *path);
void session_pick_move(struct session *s, int delta);
/* Enter: load the chosen game. */
void session_pick_choose(struct session *s);
void session_pick_close(struct session *s);

/* ---- lessons and puzzles: session_learn.h ---- */

struct session_learn;

/* ---- the network game: session_net.h ---- */

struct session_net;

/* ---- the session ---- */

/* The network part's side of the model. */
struct session_hooks {
	void *ctx;
	/* A command for the network game: true when handled there. */
	bool (*command)(void *ctx, const struct session_cmd *cmd);
	/* Why the side to move cannot move now, or NULL. */
	const char *(*nomove)(void *ctx);
	/* Why analysis is not allowed now, or NULL (may be NULL). */
	const char *(*noanalysis)(void *ctx);
};

struct session {
	struct congo_conf conf;
	struct game game;
	struct board start;         /* where the last new game started */
	bool have_game;
	struct record_tags tags;
	char save_name[CONF_PATH_MAX + 64]; /* the file last saved or loaded */
	unsigned saved_reset;       /* reset_serial + 1 when it was saved */
	/* The game kept as it goes (session_keep.h): the file ("" keeps
	 * nothing), and whether it holds this game. */
	char keep_path[CONF_PATH_MAX + 32];
	bool kept;
	struct session_player *player[2];
	struct session_worker worker;
	struct session_analysis analysis;
	struct session_game_analyse *ga; /* a game's analysis, notes; NULL */
	struct session_hooks hooks;
	int64_t (*now)(void);       /* monotonic ms; util_now_ms by default */

	/* Messages: the current one and the log of the last ones. */
	struct session_msg msg;     /* text "" when none */
	struct session_msg log[SESSION_LOG_MAX];
	int nlog, log_head;         /* a ring: log_head is the oldest */

	/* A question waiting for y or n. */
	bool asking;
	char question[400];
	struct session_cmd answer_cmd;   /* run on yes */
	bool hold_turns;            /* the game waits for the answer (the
	                               resume question): no turn begins */

	/* The AI and the advisor. */
	char ai_line[SESSION_MSG_MAX];
	char advice[SESSION_MSG_MAX];
	void *advisor[2];           /* each side's advisor, its own settings */
	move_t advice_move;
	bool thinking;              /* the worker works for the side to move */
	bool advising;              /* the worker works on advice */
	bool paused;
	bool typed;                 /* commands typed as lines, no keys
	                             * (--plain): the messages name the
	                             * commands, not the keys */
	bool step;                  /* paused: play one move */
	int delay_ms;
	move_t held;                /* an AI move waiting for its delay */
	int64_t held_at;            /* when to play it (ms) */
	int64_t last_move_at;

	/* The clock: none when !clocked. clk[i][c]: c's time left at ply i. */
	bool clocked;
	int64_t tc_base, tc_inc;
	/* :clock M+S (or none) during a game: the next game's clock, taken
	 * by session_new_game; this game's stays as it is. */
	bool next_set, next_clocked;
	int64_t next_base, next_inc;
	struct game_clock clock;
	int64_t (*clk)[2];
	int clk_cap;
	int flagged;                /* the side that lost on time, or -1 */
	bool low_warned[2];         /* told its time runs low (a person) */
	char result_why[48];        /* a result's reason the rules do not
	                               know (a network game abandoned), "" */

	/* Review: the ply shown, or -1 for the live position. */
	int review;
	int review_seen;            /* plies of the live game when review began */
	/* Variations (session_variation.c): the move tree, the variation
	 * node shown (0: none), its moves taken back for redo. */
	struct record_tree tree;
	int var;
	move_t var_redo[SESSION_VAR_REDO];
	int nvar_redo, var_redo_at;

	struct session_newgame ng;
	struct session_pick pick;
	struct session_editor edit;
	/* :fen's text for the view to put on the terminal's clipboard and
	 * say; :pgn's record is clip_long (malloc'd, the view frees it),
	 * clip then what it is ("the game record, 12 moves"). */
	bool want_clip;
	char clip[128];
	char *clip_long;
	struct session_history history;
	/* Lessons and puzzles, the network game, or NULL: freed by
	 * session_learn_free and session_net_end, not session_free (which
	 * would pull src/learn and the net client into every user). */
	struct session_learn *learn;
	struct session_net *net;
	bool warn;                  /* safety aids (ui.warn) */
	bool quit;
	bool want_help, want_log;   /* the view should show these screens */
	bool dirty;                 /* something to draw */
	char heard[96];             /* and its words ("Black: monkey c6c4e4"),
				       the view's window title */
	bool bell;                  /* the opponent of a network game moved:
				       the view rings once (ui.bell) and
				       clears it */
	unsigned serial;            /* grows when the position changes */
	unsigned reset_serial;      /* grows on a new game or a load */
};

/* Set up with a configuration (copied): players made, no game yet.
 * -1 with err when a player cannot be made. */
int session_init(struct session *s, const struct congo_conf *conf,
    char *err, size_t errlen);
void session_free(struct session *s);

void session_msg(struct session *s, int tone, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Log entry i counted back from the newest, or NULL. */
const struct session_msg *session_log_get(const struct session *s, int back);

/* Start a game from a position (the clock as s->tc_*). */
void session_new_game(struct session *s, const struct board *start);
/* Play a move of the side to move; from_ai: the AI's or the server's. */
void session_play(struct session *s, move_t m, bool from_ai);
/* A human move, with the safety check (may ask first). */
void session_human_move(struct session *s, move_t m);
void session_command(struct session *s, const struct session_cmd *cmd);
/* The question's answer. */
void session_answer(struct session *s, bool yes);
/* Ask a yes/no question; yes runs cmd (with arg, may be NULL). */
void session_ask(struct session *s, const char *question,
    enum session_cmd_type cmd, const char *arg);
void session_turn(struct session *s);  /* start the side to move's turn */
void session_cancel_turns(struct session *s);
void session_worker_msg(struct session *s, const struct session_job_msg *m);
/* Timers: held AI moves and the clock's flag. */
void session_tick(struct session *s);
/* ms until session_tick or a redraw of the clock is due, -1 none. */
int session_timeout(struct session *s);
/* What a view's loop polls, into fds (SESSION_WATCH_MAX at most): its
 * input in, its signals' pipe, the workers, a game's analysis (-1 while
 * none), the players' sockets (pfd[i]: player i's, -1 none; one both
 * share once). The number of fds. */
#define SESSION_WATCH_MAX 7
struct pollfd;
int session_watch(struct session *s, int in, int sigfd, struct pollfd *fds,
    int *pfd);
int session_set_player(struct session *s, int color,
    const struct player_conf *pc);
/* Put a ready player on a side; the session owns it then. */
void session_install_player(struct session *s, int color,
    struct session_player *p);
/* Load a record (game: 1-based in a file of several, 0: the only one). */
int session_load(struct session *s, const char *path, int game);
/* --load NAME: NAME as given when it is there; a bare name that is not
 * is looked for in the save folder (where :save NAME wrote it). The path
 * into buf (NAME itself when neither has it, for the error to name). */
void session_find_saved(const struct session *s, const char *name,
    char *buf, size_t n);
/* The clock: "M+S" minutes plus seconds, or "none". -1 with a message.
 * session_set_clock: of the game about to start (it drops a next clock
 * kept); session_set_next_clock: kept for the next game, nothing of the
 * game being played changed. session_next_clock: the clock the next game
 * will have (false: none). */
int session_set_clock(struct session *s, const char *text);
int session_set_next_clock(struct session *s, const char *text);
/* A new game the player starts (not a lesson's, not a network game's):
 * the next clock kept, if any, becomes the clock. */
void session_clock_take_next(struct session *s);
bool session_next_clock(const struct session *s, int64_t *base,
    int64_t *inc);

bool session_human_turn(const struct session *s);
bool session_ai_vs_ai(const struct session *s);
int session_human_count(const struct session *s);
bool session_in_game(const struct session *s);
/* " (paused: p resumes)", or the command's name when commands are typed
 * (s->typed). */
const char *session_paused_hint(const struct session *s);
const char *session_nomove_reason(const struct session *s);
/* The position shown: the reviewed one or the live one; its last move. */
const struct board *session_board(const struct session *s);
int session_shown_ply(const struct session *s);
/* "White wins: lion captured", "Black wins: White loses on time". */
void session_result_text(const struct session *s, char *buf, size_t n);
/* The same of a game g: flagged the side that lost on time (-1 none),
 * why a reason the rules do not know ("" none). */
void session_result_words(const struct game *g, int flagged,
    const char *why, char *buf, size_t n);
/* A ply of the move list: "d2d3", "b1d3f5x2", "c2c3~d4", "d6d7=S",
 * "c3c7#" (lion taken). */
void session_move_label(const struct session *s, int ply, char *buf,
    size_t n);
/* The result closing the move list: "1-0 lion captured", "" if none. */
void session_result_label(const struct session *s, char *buf, size_t n);
/* Back to the times noted at the current ply (undo, redo, a load). */
void session_clock_restore(struct session *s);
/* Does the side to move's clock run on this turn? Not before its second
 * turn (RULES.md "Time": each side's first move is not timed). */
bool session_clock_timed(const struct session *s);
/* Time left of a side now (clocked sessions). */
int64_t session_clock_left(const struct session *s, int color);
/* The time to show of a side: the live one while the game goes on, even
 * reviewing (a flag never falls unseen); a finished game's reviewed ply's
 * time. */
int64_t session_clock_shown(const struct session *s, int color);
/* Would this move let the opponent take the mover's lion at once? */
bool session_move_hangs_lion(const struct board *b, move_t m);
/* The mover's own pieces move m drowns (one left in the river, or a
 * monkey's chain that ends there): the first one's square, or -1; *n
 * their count. With ui.warn a human's such move is asked about first. */
int session_move_drowns_own(const struct board *b, move_t m, int *n);
/* Pieces that drown at the end of their owner's next move. */
bb_t session_drowning(const struct board *b);

#endif
