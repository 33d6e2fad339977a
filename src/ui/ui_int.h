/*
 * ui_int.h: the inside of the full-screen game.
 *
 * - A screen is a draw/key pair (board, help, confirm, the network lobby
 *   in ui_net_lobby.c; too small), as in ncdu.
 * - One poll() loop on stdin, a self-pipe for signals and a pipe from the
 *   AI worker thread, as in cmus. Only the UI thread touches curses.
 * - Curses stays behind the term_* interface (ui_term.c).
 * - A side is played by a player: a human (keys), a local AI (worker
 *   thread) or a remote peer (ui_net_play.c); see struct ui_player_ops.
 */
#ifndef CONGO_UI_INT_H
#define CONGO_UI_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "record/record.h"
#include "ui/ui_input.h"

struct ui_app;
struct ui_player;

/* ---- the terminal (ui_term.c) ---- */

enum ui_style {
	ST_NORMAL = 0,
	ST_LAND,
	ST_LAND2,        /* the other land colour of the checkerboard */
	ST_RIVER,
	ST_CASTLE,
	ST_CASTLE2,      /* the castle's other square colour */
	ST_CURSOR,
	ST_TARGET,
	ST_SELECTED,
	ST_LAST,
	ST_DANGER,
	ST_WPIECE,
	ST_BPIECE,
	ST_LABEL,
	ST_STATUS,       /* the status bar */
	ST_ERROR,
	ST_GOOD,
	ST_DIM,
	ST_HEAD,
	ST_DIALOG,
	ST_TURN,         /* the marker of the side to move */
	NSTYLES
};

/* Extra attributes, or-ed into a style. */
#define TA_BOLD 1
#define TA_REVERSE 2
#define TA_UNDERLINE 4

struct term_opts {
	bool color;
	bool mouse;
};

int term_init(const struct term_opts *o);
void term_end(void);
/* From a signal handler: restore the terminal as a last resort. */
void term_emergency_end(void);
bool term_has_color(void);
int term_colors(void);
void term_size(int *rows, int *cols);
/* The terminal's size right now, even before curses has seen a resize. */
void term_size_now(int *rows, int *cols);
void term_erase(void);
void term_put(int y, int x, int style, int attrs, const char *s);
/* Put at most `width` columns of s, padding with spaces to width. */
void term_putw(int y, int x, int width, int style, int attrs, const char *s);
void term_fill(int y, int x, int n, int style, int attrs, char c);
void term_cursor(int y, int x, bool visible);
void term_refresh(void);
void term_redraw_all(void);
/* One pending key or mouse event: 1, or 0 when none is waiting. */
int term_read(struct ui_event *ev, int *mouse_y, int *mouse_x);
/* Display width of a UTF-8 string. */
int term_width(const char *s);

/* ---- the layout (ui_layout.c) ---- */

#define UI_PANEL_MIN 26
#define UI_ROWS_MIN 12
#define UI_COLS_MIN (3 + 7 * 5 + 2 + UI_PANEL_MIN)

struct ui_layout {
	int rows, cols;
	bool too_small;
	int cell_w, cell_h;
	int board_y, board_x;   /* top left of the squares */
	int panel_x, panel_w;
	int status_y;           /* the status bar; the line below is messages */
};

void ui_layout_compute(struct ui_layout *l, int rows, int cols);
/* The square at a screen position, or -1. */
int ui_layout_square(const struct ui_layout *l, bool flipped, int y, int x);

/* ---- the AI worker (ui_worker.c) ---- */

enum ui_job_kind { JOB_MOVE, JOB_ADVICE };

struct ui_job {
	enum ui_job_kind kind;
	int color;                  /* the side it thinks for */
	struct board pos;
	struct board *history;      /* earlier positions, owned by the job */
	int nhistory;
	struct game_rules rules;
	struct player_conf conf;
	void *search;               /* the player's search context */
};

enum ui_msg_kind { MSG_INFO, MSG_DONE };

/* Sent through the worker's pipe: small enough to be written atomically. */
struct ui_msg {
	int kind;
	int job;
	move_t move;
	int depth;
	uint64_t nodes;
	uint64_t nps;
	int time_ms;
	char score[24];
	char pv[160];
};

struct ui_worker {
	int rd, wr;                 /* the pipe: worker writes, UI reads */
	pthread_t thread;
	bool running;               /* a thread to join */
	int id;                     /* the current job (messages of others are stale) */
	atomic_bool cancel;
	struct ui_job job;
};

int ui_worker_init(struct ui_worker *w);
void ui_worker_free(struct ui_worker *w);
/* Start thinking; job is copied (history ownership passes). */
int ui_worker_start(struct ui_worker *w, const struct ui_job *job);
/* Stop the job (search_stop) and join; no-op when idle. */
void ui_worker_stop(struct ui_worker *w);
/* Read one message: 1, 0 when none. Joins the thread on MSG_DONE. */
int ui_worker_read(struct ui_worker *w, struct ui_msg *m);
/* A new search context for a player's settings, or NULL. */
void *ui_search_new(const struct player_conf *pc);
void ui_search_free(void *s);
void ui_search_clear(void *s);

/* ---- players (ui_player.c) ---- */

struct ui_player_ops {
	const char *kind;           /* "human" "ai" "remote" */
	/* It is this player's turn (the app checks pause and game over). */
	void (*turn_begin)(struct ui_app *, struct ui_player *);
	/* Forget the current turn (undo, new game, quit). */
	void (*turn_cancel)(struct ui_app *, struct ui_player *);
	/* A move was played by either side. */
	void (*move_played)(struct ui_app *, struct ui_player *, move_t m);
	/* A new game or position: forget what was learnt. */
	void (*reset)(struct ui_app *, struct ui_player *);
	/* An fd for the loop to watch, or -1, and its handler. */
	int (*pollfd)(struct ui_player *);
	void (*readable)(struct ui_app *, struct ui_player *);
	/* The text in the panel: "human", "alphabeta 1s", "remote bob". */
	void (*describe)(const struct ui_player *, char *buf, size_t n);
	void (*free)(struct ui_player *);
};

struct ui_player {
	const struct ui_player_ops *ops;
	int color;
	bool human;                 /* moves come from the keys */
	bool thinks;                /* an AI: uses the worker */
	struct player_conf conf;
	void *priv;
};

struct ui_player *ui_player_new(const struct player_conf *pc, int color,
    char *err, size_t errlen);
void ui_player_free(struct ui_player *p);
void ui_player_describe(const struct ui_player *p, char *buf, size_t n);
/* "human", "ai", "alphabeta", "negamax", "random" into *pc; -1 if unknown. */
int ui_player_type_parse(const char *text, struct player_conf *pc,
    char *err, size_t errlen);          /* in ui_opts.c */
bool ui_algorithm_known(const char *name);

/* ---- the application ---- */

enum ui_screen_id { SCR_BOARD, SCR_HELP, SCR_CONFIRM, SCR_LOBBY, SCR_LEARN,
    NSCREENS };

struct ui_screen {
	void (*draw)(struct ui_app *);
	void (*key)(struct ui_app *, const struct ui_event *);
};

extern const struct ui_screen ui_screens[NSCREENS];

#define UI_MSG_MAX 256

struct ui_app {
	struct congo_conf conf;
	struct game game;
	struct board start;         /* where a new game starts */
	bool have_game;
	struct record_tags tags;
	char save_name[CONF_PATH_MAX + 64]; /* the file last saved or loaded */
	struct ui_player *player[2];
	struct ui_input in;
	struct ui_worker worker;
	struct ui_layout lay;

	enum ui_screen_id screen;
	int help_scroll;
	char confirm_text[128];
	enum ui_cmd_type confirm_cmd;

	char msg[UI_MSG_MAX];       /* message line; "" none */
	int msg_style;
	char ai_line[UI_MSG_MAX];   /* the thinking AI's progress */
	char advice[UI_MSG_MAX];
	void *advisor;              /* the search context giving advice */
	move_t advice_move;
	bool thinking;              /* the worker works for the side to move */
	bool advising;              /* the worker works on advice */

	bool paused;
	bool step;                  /* paused: play one move */
	int delay_ms;
	move_t held;                /* an AI move waiting for its delay */
	int64_t held_at;            /* when to play it (ms) */
	int64_t last_move_at;

	int scroll;                 /* move list: lines back from the end */
	bool unicode;
	bool color;
	bool quit;
	bool dirty;
	int sigpipe[2];
};

/* ui_game.c: what the commands do. */
void app_new_game(struct ui_app *a, const struct board *start);
void app_play(struct ui_app *a, move_t m, bool from_ai);
void app_command(struct ui_app *a, const struct ui_cmd *cmd);
void app_turn(struct ui_app *a);       /* start the side to move's turn */
void app_cancel_turns(struct ui_app *a);
void app_worker_msg(struct ui_app *a, const struct ui_msg *m);
void app_tick(struct ui_app *a);       /* timers: held AI moves */
int app_timeout(struct ui_app *a);     /* ms until app_tick is due, -1 none */
void app_message(struct ui_app *a, int style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
bool app_human_turn(const struct ui_app *a);
bool app_ai_vs_ai(const struct ui_app *a);
int app_human_count(const struct ui_app *a);
bool app_in_game(const struct ui_app *a);
void app_set_flip_default(struct ui_app *a);
const char *app_nomove_reason(const struct ui_app *a);
int app_set_player(struct ui_app *a, int color, const struct player_conf *pc);
/* Put a ready player (e.g. a remote peer) on a side; the app owns it then.
 * Call app_turn() afterwards to hand it the turn if it is its move. */
void app_install_player(struct ui_app *a, int color, struct ui_player *p);
int64_t app_now_ms(void);

/* ui_board.c, ui_help.c, ui_dialog.c: the screens. */
void ui_board_draw(struct ui_app *a);
void ui_board_key(struct ui_app *a, const struct ui_event *ev);
void ui_help_draw(struct ui_app *a);
void ui_help_key(struct ui_app *a, const struct ui_event *ev);
void ui_confirm_draw(struct ui_app *a);
void ui_confirm_key(struct ui_app *a, const struct ui_event *ev);
void ui_confirm(struct ui_app *a, const char *question, enum ui_cmd_type cmd);
void ui_toosmall_draw(struct ui_app *a);
void ui_draw(struct ui_app *a);

/* ui_opts.c: the command line of `congo`. Pure: no curses. */
/* The network options (read with the others by ui_opts_parse; checked
 * together by ui_net_opts_check, ui_net.c). */
struct ui_net_opts {
	bool any;                 /* some network option was given */
	const char *connect;      /* HOST[:PORT] */
	bool host;                /* run a server here */
	int port;                 /* --port, -1 when not given */
	bool create;
	int seat;                 /* --seat, -1 when not given */
	const char *join;         /* a game id */
	const char *game;         /* a game id to rejoin */
	const char *observe;      /* a game id */
	const char *name;         /* --name */
};

struct ui_opts {
	const char *config;
	const char *fen;
	const char *load;
	bool no_color, unicode, flip, help;
	const char *white, *black;
	int depth;                  /* -1: not given */
	int movetime_ms;            /* -1: not given */
	struct ui_net_opts net;
};
int ui_opts_parse(int argc, char **argv, struct ui_opts *o, char *err,
    size_t errlen);
int ui_opts_apply(const struct ui_opts *o, struct congo_conf *c, char *err,
    size_t errlen);
void ui_usage(FILE *out);

#endif
