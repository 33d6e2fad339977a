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
	UK_CLICK             /* a mouse click; the event says on which square */
};
#define UK_CTRL(c) ((c) & 0x1f)

struct ui_event {
	int key;             /* a character or enum ui_key */
	int sq;              /* UK_CLICK: the square clicked, -1 off the board */
};

enum ui_cmd_type {
	CMD_NONE = 0,
	CMD_MOVE,            /* arg: move text */
	CMD_HELP,
	CMD_QUIT,            /* ask first during a game */
	CMD_QUIT_NOW,
	CMD_NEW,             /* ask first during a game */
	CMD_NEW_NOW,
	CMD_UNDO,
	CMD_REDO,
	CMD_FLIP,
	CMD_SAVE,            /* arg: file name, "" for the default */
	CMD_LOAD,            /* arg: file name */
	CMD_PROMPT_SAVE,     /* open the command line with "save " */
	CMD_PROMPT_LOAD,     /* open the command line with "load " */
	CMD_RESIGN,          /* ask first */
	CMD_RESIGN_NOW,
	CMD_DRAW,            /* agreed draw */
	CMD_ADVICE,
	CMD_PAUSE,
	CMD_STEP,
	CMD_FASTER,
	CMD_SLOWER,
	CMD_DELAY,           /* arg: milliseconds */
	CMD_REDRAW,
	CMD_SCROLL_UP,
	CMD_SCROLL_DOWN,
	CMD_FEN,             /* arg: "" shows the FEN, else a new game from it */
	CMD_WHITE,           /* arg: player type for White */
	CMD_BLACK,           /* arg: player type for Black */
	CMD_DEPTH,           /* arg: depth for the AI players */
	CMD_MOVETIME,        /* arg: ms for the AI players */
	CMD_UNICODE,         /* toggle the piece set */
	CMD_LEARN,           /* the lesson list */
	CMD_PUZZLE,          /* the next puzzle */
	CMD_SOLUTION,        /* a lesson's or puzzle's answer */
	NCMDS
};

#define UI_CMD_ARG_MAX 240

struct ui_cmd {
	enum ui_cmd_type type;
	char arg[UI_CMD_ARG_MAX];
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
	struct ui_cmd cmd;
	char msg[128];
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
/* Open the command line with some text already typed. */
void ui_input_cmdline_open(struct ui_input *in, const char *text);

/* One key. Fills *act (ACT_NONE when the key means nothing). */
void ui_input_key(struct ui_input *in, const struct ui_input_ctx *ctx,
    const struct ui_event *ev, struct ui_action *act);

/* Where the chosen piece stands now (after its jumps so far), or -1. */
int ui_input_piece_sq(const struct ui_input *in);
/* The squares the chosen piece may go to next. */
bb_t ui_input_targets(const struct ui_input *in, const struct board *b);
/* The pieces a monkey has jumped so far in the chain being entered. */
bb_t ui_input_jumped(const struct ui_input *in);

/* The command of a key outside the command line (CMD_NONE if none). */
enum ui_cmd_type ui_key_command(int key);
/* Parse a command line (without the ':'). -1 with a message on error. */
int ui_cmd_parse(const char *text, struct ui_cmd *cmd, char *err,
    size_t errlen);
/* Does text look like move text (pairs of squares)? */
bool ui_looks_like_move(const char *text);

#endif
