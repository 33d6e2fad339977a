/*
 * ui_keys.c: the one table of the board's keys. The key handling
 * (ui_key_command), the help screen and the check of congo(6)
 * (tests/test_ui_input.c) all read it: a new key is one line here.
 * Pure: no curses.
 */
#include <stddef.h>

#include "ui/ui_int.h"

const struct ui_key_def ui_keys[] = {
	/* Handled by the selection state machine (ui_input.c). */
	{ UK_UP, 'k', CMD_NONE, "Arrow keys, h j k l", "move the cursor" },
	{ UK_ENTER, ' ', CMD_NONE, "Enter, Space",
	  "choose a piece, then where it goes (or click them)" },
	{ UK_ESC, 0, CMD_NONE, "Esc",
	  "drop the choice; a monkey's jumps: stop here" },
	{ UK_BACKSPACE, 0, CMD_NONE, "Backspace",
	  "take back the monkey's last jump" },
	{ ':', 0, CMD_NONE, ":",
	  "command line: a move (:d2d3) or a command; Up/Down recall" },
	/* Commands. */
	{ 'a', 0, CMD_ADVICE, "a", "advice: the AI's choice for you (not played)" },
	{ 'A', 0, CMD_ANALYZE, "A",
	  "analysis of the position shown on / off (follows review)" },
	{ 'u', 0, CMD_UNDO, "u",
	  "undo (AI: your move and reply; network: offer a takeback)" },
	{ UK_CTRL('r'), 0, CMD_REDO, "Ctrl-R", "redo" },
	{ '[', 0, CMD_REVIEW_BACK, "[", "review: one ply back (nothing undone)" },
	{ ']', 0, CMD_REVIEW_FORWARD, "]", "review: one ply forward" },
	{ '{', 0, CMD_REVIEW_START, "{", "review: the start of the game" },
	{ '}', 0, CMD_REVIEW_END, "}", "back to the live position" },
	{ '>', 0, CMD_NEXT_MISTAKE, ">",
	  "review: the next move marked ?! ? ?? (after :analyse)" },
	{ '<', 0, CMD_PREV_MISTAKE, "<", "review: the previous marked move" },
	{ '(', 0, CMD_VAR_ENTER, "(",
	  "reviewing: a variation of the next move (again: the next one)" },
	{ ')', 0, CMD_VAR_LEAVE, ")", "leave the variation shown" },
	{ 'P', 0, CMD_VAR_PROMOTE, "P",
	  "promote the variation shown (to the main line: the game's)" },
	{ 'D', 0, CMD_VAR_DELETE, "D", "delete the variation shown" },
	{ 'n', 0, CMD_NEW, "n", "new game: variant, players, clock, start" },
	{ 'E', 0, CMD_EDIT, "E", "the board editor: set up a position" },
	{ 'R', 0, CMD_RESIGN, "R", "resign (asks first)" },
	{ 'r', 0, CMD_REMATCH, "r",
	  "a network game over: ask for a rematch (or accept one)" },
	{ 'S', 0, CMD_PROMPT_SAVE, "S", "save the game (name on the command line)" },
	{ 'L', 0, CMD_PROMPT_LOAD, "L", "load a game (name on the command line)" },
	{ 'm', 0, CMD_LOG, "m", "the message log (the last 200 messages)" },
	{ 'f', 0, CMD_FLIP, "f", "turn the board round" },
	{ UK_PGUP, 0, CMD_SCROLL_UP, "PgUp", "move list: older moves" },
	{ UK_PGDN, 0, CMD_SCROLL_DOWN, "PgDn", "move list: newer moves" },
	{ 'p', 0, CMD_PAUSE, "p",
	  "pause / resume the AI and the clocks (Space too between two AIs)" },
	{ '.', 0, CMD_STEP, ".", "paused: the AI plays one move" },
	{ '+', '=', CMD_FASTER, "+", "faster moves between two AIs" },
	{ '-', 0, CMD_SLOWER, "-", "slower moves between two AIs" },
	{ '?', 0, CMD_HELP, "?", "this help" },
	{ UK_CTRL('l'), 0, CMD_REDRAW, "Ctrl-L", "redraw the screen" },
	{ 'q', 0, CMD_QUIT, "q", "quit (asks during a game)" },
	{ UK_CTRL('c'), 0, CMD_QUIT_NOW, "Ctrl-C", "quit at once" },
};

const int ui_nkeys = (int)(sizeof ui_keys / sizeof ui_keys[0]);

enum session_cmd_type
ui_key_command(int key)
{
	int i;

	for (i = 0; i < ui_nkeys; i++)
		if (ui_keys[i].cmd != CMD_NONE &&
		    (ui_keys[i].key == key || ui_keys[i].key2 == key))
			return ui_keys[i].cmd;
	return CMD_NONE;
}
