/*
 * ui_input.h: what the keys mean, as pure functions (no curses), so that
 * the cursor, the selection, monkey chains and the command line can be
 * unit-tested. The curses layer turns its key codes into these and acts on
 * the actions returned.
 */
#ifndef CONGO_UI_INPUT_H
#define CONGO_UI_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/movegen.h"
#include "session/session.h"

/* Keys: a character is itself (Unicode code point); special keys above. */
enum ui_key {
	UK_NONE = 0,
	UK_SPECIAL = 0x200000,
	UK_UP,
	UK_DOWN,
	UK_LEFT,
	UK_RIGHT,
	UK_ENTER,
	UK_ESC,
	UK_BACKSPACE,
	UK_PGUP,
	UK_PGDN,
	UK_HOME,
	UK_END,
	UK_RESIZE,
	UK_DELETE,
	UK_CLICK             /* a mouse click; the event says on which square */
};
#define UK_CTRL(c) ((c) & 0x1f)

struct ui_event {
	int key;             /* a character or enum ui_key */
	int sq;              /* UK_CLICK: the square clicked, -1 off the board */
};

enum ui_act_type {
	ACT_NONE = 0,        /* nothing happened */
	ACT_REDRAW,          /* the state changed (cursor, command line) */
	ACT_SELECT,          /* a piece was chosen: show its targets */
	ACT_CHAIN_STEP,      /* a monkey landed; more jumps are possible */
	ACT_CANCEL,          /* the selection was dropped */
	ACT_MOVE,            /* play act.move */
	ACT_COMMAND,         /* run act.cmd */
	ACT_ERROR            /* show act.msg */
};

struct ui_action {
	enum ui_act_type type;
	move_t move;
	struct session_cmd cmd;
	char msg[128];
	bool illegal;        /* ACT_ERROR: the piece selected cannot go to
	                      * the cursor's square (the rule is said) */
};

#define UI_CMDLINE_MAX 240

struct ui_input {
	int cursor;          /* a square */
	int selected;        /* the chosen piece's square, or -1 */
	int nland;           /* monkey chain: landings entered so far */
	int land[MOVE_MAX_JUMPS + 1];
	bool flipped;        /* Black at the bottom: arrows follow the screen */
	bool cmdline;        /* the ':' line is open */
	char cmd[UI_CMDLINE_MAX];
	size_t cmdlen;
	size_t pos;          /* the cursor in cmd (bytes) */
	bool replace;        /* pre-filled text: typing replaces it */
	/* Up/Down: lines counted back from the newest (-1: the line being
	 * typed, kept in draft meanwhile). */
	const struct session_history *history;
	int hist;
	char draft[UI_CMDLINE_MAX];
	char entered[UI_CMDLINE_MAX]; /* the line Enter took, for the history */
};

/* What the state machine needs to know besides the position. */
struct ui_input_ctx {
	const struct board *b;
	const char *nomove;  /* NULL when a human may move now, else why not */
	bool space_pauses;   /* AI against AI: Space pauses instead of selecting */
};

/* Cursor on the lion of the side to move, nothing selected. */
void ui_input_init(struct ui_input *in, const struct board *b);
/* Drop the selection (after a move, an undo ...); keep the cursor. */
void ui_input_clear(struct ui_input *in);
/* Open the command line with some text already typed. When `select`,
 * the text is shown selected and typing replaces it (Right or End keeps
 * it and goes on). */
void ui_input_cmdline_open(struct ui_input *in, const char *text,
    bool select);
/* Replace the line's text (completion), the cursor at its end. */
void ui_input_cmdline_set(struct ui_input *in, const char *text);

/* One key. Fills *act (ACT_NONE when the key means nothing). */
void ui_input_key(struct ui_input *in, const struct ui_input_ctx *ctx,
    const struct ui_event *ev, struct ui_action *act);

/* Where the chosen piece stands now (after its jumps so far), or -1. */
int ui_input_piece_sq(const struct ui_input *in);
/* The squares the chosen piece may go to next. */
bb_t ui_input_targets(const struct ui_input *in, const struct board *b);
/* The pieces a monkey has jumped so far in the chain being entered. */
bb_t ui_input_jumped(const struct ui_input *in);

/* The command of a key outside the command line (CMD_NONE if none): a
 * character from the session's command table, a special key from
 * ui_keys. */
enum session_cmd_type ui_key_command(int key);
/* Parse a command line (without the ':') with the session's command
 * table (session_cmd_parse). -1 with a message on error. */
int ui_cmd_parse(const char *text, struct session_cmd *cmd, char *err,
    size_t errlen);
/* Does text look like move text (pairs of squares)? */
bool ui_looks_like_move(const char *text);

#endif
