/*
 * ui_int.h: the inside of the full-screen game: the curses view of a
 * session (src/session, the model).
 *
 * - A screen is a draw/key pair (board, help, log, confirm, new game,
 *   lobby, too small), as in ncdu.
 * - One poll() loop on stdin, a self-pipe for signals, the AI worker's
 *   pipe and any player's socket, as in cmus. Only the UI thread touches
 *   curses; the timeout is the session's next timer or clock tick.
 * - Curses stays behind the term_* interface (ui_term.c).
 * - A side is played by a session player: a human (keys), a local AI
 *   (worker thread) or a remote peer (ui_net*.c).
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
#include "session/session.h"
#include "session/session_link.h"
#include "ui/ui_input.h"

struct ui_app;

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
	ST_ISLAND,       /* megapawn's islands a4 b4 f4 g4 */
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

/* Can this terminal (TERM) draw the game? -1 with a message if not. */
int term_check(char *err, size_t n);
int term_init(const struct term_opts *o);
void term_end(void);
/* The terminal's bell (a beep, or its flash where it has none). */
void term_bell(void);
/* The window's title, where the terminal has one (else nothing). */
void term_title(const char *text);
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
/* Put text on the terminal's clipboard (OSC 52, when its terminfo has
 * the Ms capability): 0, or -1 when this terminal cannot. */
int term_clipboard(const char *text);
/* One pending key, mouse click or resize: 1, 0 when none is waiting, -1
 * when the terminal is gone. Never waits. */
int term_read(struct ui_event *ev, int *mouse_y, int *mouse_x);
/* How long the loop may sleep before term_read has an Esc or a broken
 * sequence to settle (ms), or -1. */
int term_read_timeout(void);
/* Display width of a UTF-8 string, or of its first n bytes. */
int term_width(const char *s);
int term_width_n(const char *s, size_t n);
/* Text cut to w columns at a word, never in one (a separator left at
 * the end goes too). */
void term_cut_words(char *buf, int w);
/* term_putw of prose: what does not fit goes at a word (term_cut_words),
 * so that a longer translation is never cut in the middle of a word. */
void term_putw_words(int y, int x, int width, int style, int attrs,
    const char *s);
/* A bar (the status bar, a list of keys) cut to w columns by whole
 * items, the least useful dropped first (those between the first, the
 * screen's main one, and the last, the key that leaves), " ?" for them
 * (ui_bar.c); _bare: without the " ?" (a bar with its own "? help");
 * term_putw of it. */
void term_cut_items(char *buf, int w);
void term_cut_items_bare(char *buf, int w);
void term_putw_items(int y, int x, int width, int style, int attrs,
    const char *s);
/* A title with its keys ("Title  (keys, q closes)") cut to w columns:
 * the keys' first items go, then the keys, never a part of one. */
void term_cut_title(char *buf, int w);
/* A table's cell w columns wide (padded): name and its mark ("(guest)",
 * " BOT"), the name cut with an ellipsis when both do not fit, never the
 * mark ("Friedrich_W…(Gast)"). */
void term_cell(char *out, size_t n, const char *name, const char *mark,
    int w);
/* s into out with extra spaces at its display column col: a line of
 * column heads (one translated string) widened where a column before col
 * grew to its widest translated word. */
void term_widen(char *out, size_t n, const char *s, int col, int extra);
void term_putw_title(int y, int x, int width, int style, int attrs,
    const char *s);
/* The style of a session message's tone (ui_board.c). */
int tone_style(int tone);

/* ---- the layout (ui_layout.c) ---- */

#define UI_PANEL_MIN 26
#define UI_ROWS_MIN 12
/* Narrower than this the panel goes: a compact layout, the board and the
 * status and message lines only, down to UI_COLS_COMPACT columns. */
#define UI_COLS_MIN (3 + 7 * 5 + 2 + UI_PANEL_MIN)
#define UI_COLS_COMPACT 40

struct ui_layout {
	int rows, cols;
	bool too_small;
	bool compact;           /* no side panel (panel_w 0) */
	int cell_w, cell_h;
	int board_y, board_x;   /* top left of the squares */
	int panel_x, panel_w;
	int status_y;           /* the status bar; the line below is messages */
	/* Compact, with a lesson, a puzzle or analysis to show: the board
	 * at the left and a narrow panel beside it (panel_x, panel_w from
	 * aside_y down), or where that is too narrow, the rows below it. */
	bool aside;
	int aside_y;
};

void ui_layout_compute(struct ui_layout *l, int rows, int cols);
/* The compact layout makes room for a lesson or the analysis (aside). */
void ui_layout_aside(struct ui_layout *l);
/* The square at a screen position, or -1. */
int ui_layout_square(const struct ui_layout *l, bool flipped, int y, int x);

/* ---- the application ---- */

enum ui_screen_id { SCR_BOARD, SCR_HELP, SCR_CONFIRM, SCR_LOBBY, SCR_NEWGAME,
	SCR_LOG, SCR_PICK, SCR_LEARN, SCR_NETLIST, SCR_EDIT, NSCREENS };

struct ui_screen {
	void (*draw)(struct ui_app *);
	void (*key)(struct ui_app *, const struct ui_event *);
};

extern const struct ui_screen ui_screens[NSCREENS];

struct ui_net;

/* The view: a session (the model) and what only the screen needs. */
struct ui_app {
	struct session s;
	struct ui_input in;
	struct ui_layout lay;
	struct ui_net *net;         /* network play (inert unless ->on) */
	unsigned learn_seen;        /* the session's learn view_serial shown */
	enum ui_screen_id screen;   /* the screen under a dialog */
	enum ui_screen_id back;     /* where the help and the log go back
	                               to: the board, the lobby */
	int help_scroll;
	int log_scroll;
	int scroll;                 /* move list: lines back from the end */
	bool unicode;
	bool color;
	unsigned seen_serial;       /* the session's serials last drawn */
	unsigned seen_reset;
	int sigfd;                  /* readable after a signal */
	int exit_status;            /* the program's status when it quits */
	char exit_msg[512];         /* printed once the terminal is restored */
};

/* ui_app.c: keys and commands of the view, handed on to the session. */
void app_command(struct ui_app *a, const struct session_cmd *cmd);
bool app_cmdline_key(struct ui_app *a, const struct ui_event *ev,
    const struct board *b, const char *nomove, struct session_cmd *cmd);
void app_set_flip_default(struct ui_app *a);
/* The help or the log shown over the board or the lobby (back there when
 * it is left). */
void app_screen_over(struct ui_app *a, enum ui_screen_id id);
/* The screen to show now: a dialog or question of the session first. */
enum ui_screen_id app_screen(const struct ui_app *a);
/* Catch up with the session: selection and scroll after a change. */
void app_sync(struct ui_app *a);
/* Complete the command line's last word (Tab): a command or a file. */
void app_complete(struct ui_app *a);

/* ui_board.c, ui_help.c, ui_dialog.c: the screens. */
void ui_board_draw(struct ui_app *a);
/* ui_panel.c: the board screen's side panel, and the compact layout's
 * narrow one (a lesson or the analysis). */
void ui_panel_draw(struct ui_app *a);
void ui_panel_aside(struct ui_app *a);
/* The command line's width for its text, and a chat line's byte count
 * into used ("" when none is shown). */
int ui_cmdline_width(const struct ui_app *a, int cols, char *used,
    size_t n);
void ui_board_key(struct ui_app *a, const struct ui_event *ev);
void ui_help_draw(struct ui_app *a);
void ui_help_key(struct ui_app *a, const struct ui_event *ev);
void ui_log_draw(struct ui_app *a);
void ui_log_key(struct ui_app *a, const struct ui_event *ev);
void ui_confirm_draw(struct ui_app *a);
void ui_confirm_key(struct ui_app *a, const struct ui_event *ev);
void ui_pick_draw(struct ui_app *a);
void ui_pick_key(struct ui_app *a, const struct ui_event *ev);
void ui_newgame_draw(struct ui_app *a);
void ui_newgame_key(struct ui_app *a, const struct ui_event *ev);
void ui_toosmall_draw(struct ui_app *a);
/* The board's squares (the editor's position while it is open), and the
 * line under the status bar (the command line, a message, a hint). */
void ui_board_squares(struct ui_app *a);
void ui_message_line(struct ui_app *a);
/* A message on row y, w wide: too long, cut at a word with "... (m)" (the
 * log, m, has it whole). */
void ui_message_put(int y, int w, const char *text, int style);
/* ui_edit.c: the board editor's screen. */
void ui_edit_draw(struct ui_app *a);
void ui_edit_key(struct ui_app *a, const struct ui_event *ev);
/* ui_moves.c: line k of the move list, w columns wide (a variation
 * longer than that goes on over more lines), into buf (k -1: none) with the
 * plies on it and their columns, hl[] the column and width of the
 * variation move shown (-1 none) and hl[2] 1 on a variation's line;
 * returns the count of lines when k is -1. The line of the position
 * shown while reviewing (-1 live). */
int ui_moves_line(const struct session *s, int w, int k, char *buf,
    size_t n, int ply[2], int col[2], int hl[3]);
int ui_moves_shown_line(const struct session *s, int w);
/* The first line of the list to show in room lines: the newest, unless
 * scrolled back (a->scroll, kept in range) or reviewing an earlier one. */
int ui_moves_first(struct ui_app *a, int nlines, int room);
void ui_draw(struct ui_app *a);
/* ui_graph.c: a game's analysis: the evaluation graph (or the progress
 * bar while it runs) from row y, the next free row; a click on it (true
 * when it hit the graph); the move list's marks of a line in colour. */
int ui_graph_draw(struct ui_app *a, int y);
bool ui_graph_click(struct ui_app *a, int my, int mx);
/* ui_moves.c: the move list's lines drawn (rows from line first at y), and
 * a click on them: the position after the move clicked (true when the
 * click was on them). */
void ui_moves_drawn(const struct session *s, int y, int x, int w, int first,
    int rows);
bool ui_moves_click(struct ui_app *a, int my, int mx);
void ui_graph_marks(struct ui_app *a, int y, int x, int w, const int ply[2],
    const int col[2]);

/* ui_keys.c: the one table of keys: what each does and its help line. */
struct ui_key_def {
	int key;                    /* the key, or 0 for a help line only */
	int key2;                   /* another key for the same, or 0 */
	enum session_cmd_type cmd;       /* CMD_NONE: handled by ui_input */
	const char *name;           /* as the help and congo(6) write it */
	const char *help;
};
extern const struct ui_key_def ui_keys[];
extern const int ui_nkeys;

#endif
