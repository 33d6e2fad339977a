/*
 * ui_help.c: the help screen (keys, commands, short rules) and the
 * screen table.
 */
#include <stdio.h>
#include <string.h>

#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"

static const char *const help_text[] = {
	"#Keys",
	"  arrows, h j k l   move the cursor",
	"  Enter, Space      choose a piece, then where it goes",
	"                    (mouse: click the piece, then the square)",
	"  Esc               cancel the choice; a monkey's jumps: stop here",
	"  Backspace         take back the monkey's last jump",
	"  :                 command line: type a move (:d2d3, :b1d3f5)",
	"  a                 advice: the AI's choice for you (not played)",
	"  u  Ctrl-R         undo (against the AI: your move and its reply), redo",
	"  n                 new game          R   resign",
	"  S  L              save, load a game (file name on the command line)",
	"  f                 flip the board    Ctrl-L  redraw",
	"  PgUp PgDn         scroll the move list",
	"  p or Space        pause / resume an AI-against-AI game",
	"  .                 play one move while paused",
	"  + -               faster / slower AI-against-AI moves",
	"  q                 quit (asks during a game)   Ctrl-C  quit at once",
	"",
	"#Commands (type : first)",
	"  d2d3, b1d3f5      play a move (a monkey lists every landing)",
	"  help  quit  new  undo  redo  flip  resign  draw  advice",
	"  save [FILE]       save the game (default folder $XDG_DATA_HOME/congo)",
	"  load FILE         load a game record",
	"  fen [FEN]         show the position's FEN, or start from a FEN",
	"  white TYPE        TYPE: human, alphabeta, negamax, random",
	"  black TYPE        change who plays a side",
	"  depth N           search depth of the AI players (0: no cap)",
	"  movetime MS       thinking time of the AI players",
	"  pause  step  faster  slower  delay MS   AI-against-AI pace",
	"  unicode           switch the piece letters / circled letters",
	"  learn             the lessons: one rule at a time (a newcomer starts here)",
	"  puzzle            a puzzle near your rating: win the lion in 1 to 4",
	"  hint  solution    in a lesson or puzzle: a hint, the answer",
	"",
	"#The board",
	"  Upper case pieces are White, lower case Black. White starts.",
	"  The river is rank 4 (~). The castles are c1-e3 and c5-e7 ([ ]).",
	"  Markers: * chosen piece, . or > < where it may go, ! a lion that",
	"  can be taken, x pieces a monkey has jumped, + the advised move;",
	"  the last move is highlighted (underlined without colours).",
	"  Panel: who plays each side (> marks the side to move), the count",
	"  of each piece (L1 Z1 E2 ...), the move number, the quiet plies",
	"  towards the draw, and the moves (PgUp/PgDn scroll them).",
	"",
	"#How the animals move",
	"  L Lion       one step, only inside its castle; takes the other",
	"               lion along a free file or diagonal (wins the game)",
	"  Z Zebra      like a chess knight",
	"  E Elephant   one or two squares straight (jumps over)",
	"  G Giraffe    one step (no capture), or two in any direction,",
	"               jumping, moving or capturing",
	"  C Crocodile  one step; on land slides along its file to the river;",
	"               in the river slides along it like a rook",
	"  M Monkey     one step (no capture); captures by jumping over an",
	"               enemy next to it to the empty square beyond, and may",
	"               go on jumping; the jumped pieces leave at the end",
	"  P Pawn       one step forward or diagonally forward; past the",
	"               river also one or two straight back (no capture);",
	"               on the last rank becomes a Superpawn",
	"  S Superpawn  also one step sideways, and back straight or",
	"               diagonally one or two squares",
	"",
	"#River, winning",
	"  A piece (not a crocodile) that ends its move in the river must",
	"  leave it on the next move, or it drowns.",
	"  Take the enemy lion to win. A player with no move loses.",
	"  Draws: only lions left, third repetition, 200 quiet plies.",
};

#define HELP_LINES ((int)(sizeof help_text / sizeof help_text[0]))

void
ui_help_draw(struct ui_app *a)
{
	int rows = a->lay.rows, cols = a->lay.cols, y, i, room = rows - 2;

	if (a->help_scroll > HELP_LINES - room)
		a->help_scroll = HELP_LINES - room;
	if (a->help_scroll < 0)
		a->help_scroll = 0;
	term_putw(0, 0, cols, ST_STATUS, 0,
	    " Congo help  (arrows/PgUp/PgDn scroll, q or Esc or ? closes)");
	for (y = 1, i = a->help_scroll; y < rows - 1 && i < HELP_LINES;
	    y++, i++) {
		const char *s = help_text[i];
		if (s[0] == '#')
			term_putw(y, 0, cols, ST_HEAD, 0, s + 1);
		else
			term_putw(y, 0, cols, ST_NORMAL, 0, s);
	}
	term_putw(rows - 1, 0, cols, ST_DIM, 0,
	    HELP_LINES - a->help_scroll > room ? "  -- more below --" :
	    "  -- end --");
}

void
ui_help_key(struct ui_app *a, const struct ui_event *ev)
{
	int page = a->lay.rows - 3;

	switch (ev->key) {
	case UK_UP:
	case 'k':
		a->help_scroll--;
		break;
	case UK_DOWN:
	case 'j':
		a->help_scroll++;
		break;
	case UK_PGUP:
	case 'b':
		a->help_scroll -= page;
		break;
	case UK_PGDN:
	case ' ':
		a->help_scroll += page;
		break;
	case UK_HOME:
	case 'g':
		a->help_scroll = 0;
		break;
	case UK_END:
	case 'G':
		a->help_scroll = HELP_LINES;
		break;
	case UK_CTRL('c'):
		a->quit = true;
		break;
	case UK_CLICK:
		break;
	default:
		a->screen = SCR_BOARD;
		break;
	}
	a->dirty = true;
}

const struct ui_screen ui_screens[NSCREENS] = {
	[SCR_BOARD] = { ui_board_draw, ui_board_key },
	[SCR_HELP] = { ui_help_draw, ui_help_key },
	[SCR_CONFIRM] = { ui_confirm_draw, ui_confirm_key },
	[SCR_LOBBY] = { ui_lobby_draw, ui_lobby_key },
	[SCR_LEARN] = { ui_learn_list_draw, ui_learn_list_key },
};
