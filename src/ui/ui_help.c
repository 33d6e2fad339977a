/*
 * ui_help.c: the help screen (the keys from the key table, the commands,
 * short rules), the message log screen, and the screen table.
 */
#include <stdio.h>
#include <string.h>

#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"

/* After the keys (generated from ui_keys[]): the commands and rules. */
static const char *const help_text[] = {
	"",
	"#Commands (type : first; Up/Down recall, Tab completes)",
	"  d2d3, b1d3f5      play a move (a monkey lists every landing)",
	"  help  quit  new  undo  redo  flip  resign  draw  advice  log",
	"  save [FILE]       save the game (default folder $XDG_DATA_HOME/congo)",
	"  load FILE [N]     load a game record (game N of a file of several)",
	"  fen [FEN]         show the position's FEN (and copy it to the",
	"                    terminal's clipboard, OSC 52), or start from a FEN",
	"                    (fen startpos: the normal start; in the editor:",
	"                    the editor takes it)",
	"  edit              the board editor (E), see below",
	"  variation  leave  promote  delete   reviewing: as ( ) P D",
	"  white TYPE        TYPE: human, ai, alphabeta, negamax, random",
	"  black TYPE        change who plays a side",
	"  depth N           search depth of the AI players (0: no cap)",
	"  movetime MS       thinking time of the AI players",
	"  clock [M+S]       show the clocks, or set one for the next game",
	"                    (minutes + seconds of increment; none: no clock)",
	"  continue          reviewing: play on from the ply shown (asks)",
	"  analyze [N]       analysis on / off (A): the best lines (N of them,",
	"                    1-5, default 3), each with its score for White",
	"                    and depth, and the speed, of the position shown",
	"  analyse [nodes N | movetime MS]   the whole game: each move marked",
	"                    ?! ? ?? with the better move, the accuracy, a graph",
	"                    (> < the next, previous mark); again or stop: cancel",
	"  pause  step  faster  slower  delay MS   AI pace",
	"  unicode           switch the piece letters / circled letters",
	"  learn             the lessons: one rule at a time (a newcomer starts here)",
	"  puzzle            a puzzle near your rating: win the lion in 1 to 4",
	"  hint  solution    in a lesson or puzzle: a hint, the answer",
	"  say TEXT          network game: a line to the opponent",
	"  rematch  claim  cancel  info   network game: another game (r),",
	"                    the win from a gone opponent, end your open game,",
	"                    the game and the friend's command (--host)",
	"  takeback          network game: offer a takeback (also u)",
	"  whois NAME  top [VARIANT SPEED]  games [NAME]   network: a player's",
	"                    ratings, the best, the games played (Enter on a",
	"                    game opens its record)",
	"",
	"#The board",
	"  Upper case pieces are White, lower case Black. White starts.",
	"%RIVER",
	"  Markers: * chosen piece, . or > < where it may go, ! a lion that",
	"  can be taken, ~ a piece that drowns unless it leaves the river on",
	"  its owner's next move, x pieces a monkey has jumped, + the advised",
	"  move; the last move is highlighted (underlined without colours).",
	"  Panel: who plays each side (> marks the side to move) and their",
	"  clocks, the count of each piece (L1 Z1 E2 ...), the move number, the",
	"  quiet plies towards the draw, and the moves: x a capture (x2: a",
	"  monkey's two), ~d4 a piece drowned on d4, =S a promotion, # the",
	"  lion taken; the result closes the list.",
	"  Safety: a move that lets the lion be taken at once asks first",
	"  (ui.warn = false in congo.conf turns the safety aids off).",
	"",
	"#Variations",
	"  Reviewing ([ {), a move played on the board or typed starts a",
	"  variation: the game is not touched. Moves go on in it; [ ] step",
	"  through it, ( shows a variation of the next move (again: the next",
	"  one), ) goes back to where it leaves, P promotes it (a place up;",
	"  to the main line between two humans without a clock: the game",
	"  then follows it), D deletes it, u and Ctrl-R take back and replay",
	"  its last move, } returns to the game. The move list shows each",
	"  under the line of the move it replaces, in parentheses; saved",
	"  games keep them (as PGN's RAV).",
	"",
	"#The board editor (E or :edit)",
	"  Arrows move the cursor (or click a square). A piece's letter puts",
	"  it there: l z e g c m p s q for Black, Shift (L Z E ...) for White;",
	"  the same piece again, x, Space or Delete empty the square.",
	"  Tab: the side to move  v: the variant  X: an empty board",
	"  r: the variant's start  Enter: play it (the new-game dialog",
	"  chooses the players and the clock)  A: analyse it (two humans,",
	"  analysis on)  Esc or E: leave, the game unchanged  :fen shows it.",
	"  An illegal set-up is named and refused: a missing or second lion,",
	"  a lion outside its castle, a pawn on its last or first rank, a",
	"  piece or more pieces than the variant has, two pieces of the side",
	"  that has just moved in deep water.",
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
	"%PAWN1",
	"%PAWN2",
	"%PAWN3",
	"%PAWN4",
	"%PAWN5",
	"",
	"#River, winning",
	"%DROWN1",
	"%DROWN2",
	"  Take the enemy lion to win. A player with no move loses, and so",
	"  does a player whose clock runs out.",
	"%DRAWS",
};

#define HELP_TEXT ((int)(sizeof help_text / sizeof help_text[0]))
#define HELP_LINES (1 + ui_nkeys + HELP_TEXT)

/* A line that differs by variant: from the variant table's help. */
static const char *
variant_line(const struct variant_desc *vd, const char *key)
{
	if (strcmp(key, "%RIVER") == 0)
		return vd->help_river;
	if (strncmp(key, "%PAWN", 5) == 0 && key[5] >= '1' &&
	    key[5] < '1' + VARIANT_HELP_PAWN_LINES && key[6] == '\0')
		return vd->help_pawn[key[5] - '1'];
	if (strncmp(key, "%DROWN", 6) == 0 && key[6] >= '1' &&
	    key[6] < '1' + VARIANT_HELP_DROWN_LINES && key[7] == '\0')
		return vd->help_drown[key[6] - '1'];
	return NULL;
}

/* The draw rules of the variant as the game's rule options leave them. */
static void
draws_line(const struct ui_app *a, const struct variant_desc *vd, char *buf,
    size_t n)
{
	const struct game_rules *r = &a->s.game.rules;
	char list[96] = "", q[32];
	int nd = 0;

	if (vd->bare_lions_draw)
		nd++, snprintf(list, sizeof list, "only lions left");
	if (vd->repetition == VREP_THIRD_DRAWS && r->repetition)
		nd++, snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%sthird repetition", nd > 1 ? ", " : "");
	if (r->quiet_plies > 0) {
		snprintf(q, sizeof q, "%d quiet plies", r->quiet_plies);
		nd++, snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s%s", nd > 1 ? ", " : "", q);
	}
	snprintf(buf, n, "  %s%s%s%s", vd->repetition == VREP_LOSES &&
	    r->repetition ? "Repeating a position (the start too) loses. " :
	    "", nd == 0 ? "No draws" : nd == 1 ? "Draw: " : "Draws: ", list,
	    ".");
}

/* Line i of the help: the keys from the key table, then the text. */
static void
help_line(const struct ui_app *a, int i, char *buf, size_t n)
{
	const struct variant_desc *vd = variant_get(a->s.game.variant);

	if (i == 0) {
		snprintf(buf, n, "#Keys");
		return;
	}
	if (i <= ui_nkeys) {
		const struct ui_key_def *k = &ui_keys[i - 1];
		snprintf(buf, n, "  %-17s %s", k->name, k->help);
		return;
	}
	i -= 1 + ui_nkeys;
	if (variant_line(vd, help_text[i]) != NULL) {
		snprintf(buf, n, "%s", variant_line(vd, help_text[i]));
		return;
	}
	if (strcmp(help_text[i], "%DRAWS") != 0) {
		snprintf(buf, n, "%s", help_text[i]);
		return;
	}
	draws_line(a, vd, buf, n);
}

void
ui_help_draw(struct ui_app *a)
{
	int rows = a->lay.rows, cols = a->lay.cols, y, i, room = rows - 2;
	char line[256];

	if (a->help_scroll > HELP_LINES - room)
		a->help_scroll = HELP_LINES - room;
	if (a->help_scroll < 0)
		a->help_scroll = 0;
	term_putw(0, 0, cols, ST_STATUS, 0,
	    " Congo help  (arrows/PgUp/PgDn scroll, q or Esc or ? closes)");
	for (y = 1, i = a->help_scroll; y < rows - 1 && i < HELP_LINES;
	    y++, i++) {
		help_line(a, i, line, sizeof line);
		if (line[0] == '#')
			term_putw(y, 0, cols, ST_HEAD, 0, line + 1);
		else
			term_putw(y, 0, cols, ST_NORMAL, 0, line);
	}
	term_putw(rows - 1, 0, cols, ST_DIM, 0,
	    HELP_LINES - a->help_scroll > room ? "  -- more below --" :
	    "  -- end --");
}

/* The message log: the newest at the bottom, long ones wrapped. */
void
ui_log_draw(struct ui_app *a)
{
	int rows = a->lay.rows, cols = a->lay.cols, room = rows - 2, y, i;
	int nl = 0, skip;
	const struct session_msg *m;
	char line[SESSION_MSG_MAX];
	int lines_of[SESSION_LOG_MAX];

	term_putw(0, 0, cols, ST_STATUS, 0, " Messages, the newest last  "
	    "(arrows/PgUp/PgDn scroll, q or Esc closes)");
	/* Wrapped line counts, newest first, to start from the bottom. */
	for (i = 0; (m = session_log_get(&a->s, i)) != NULL; i++) {
		int w = cols > 4 ? cols - 2 : 1;
		lines_of[i] = ((int)strlen(m->text) + w - 1) / w;
		if (lines_of[i] < 1)
			lines_of[i] = 1;
		nl += lines_of[i];
	}
	if (a->log_scroll > nl - room)
		a->log_scroll = nl - room;
	if (a->log_scroll < 0)
		a->log_scroll = 0;
	if (i == 0)
		term_putw(1, 0, cols, ST_DIM, 0, "  (no messages yet)");
	skip = nl - room - a->log_scroll;   /* wrapped lines above the top */
	y = 1;
	for (i = i - 1; i >= 0 && y < rows - 1; i--) {
		int w = cols > 4 ? cols - 2 : 1, k;
		m = session_log_get(&a->s, i);
		for (k = 0; k < lines_of[i] && y < rows - 1; k++) {
			if (skip > 0) {
				skip--;
				continue;
			}
			snprintf(line, sizeof line, "%.*s", w, m->text + k * w);
			term_putw(y++, 2, cols - 2, tone_style(m->tone), 0,
			    line);
		}
	}
	term_putw(rows - 1, 0, cols, ST_DIM, 0, a->log_scroll > 0 ?
	    "  -- newer below --" : "  -- end --");
}

void
ui_log_key(struct ui_app *a, const struct ui_event *ev)
{
	int page = a->lay.rows - 3;

	switch (ev->key) {
	case UK_UP:
	case 'k':
		a->log_scroll++;
		break;
	case UK_DOWN:
	case 'j':
		a->log_scroll--;
		break;
	case UK_PGUP:
		a->log_scroll += page;
		break;
	case UK_PGDN:
	case ' ':
		a->log_scroll -= page;
		break;
	case UK_CTRL('c'):
		a->s.quit = true;
		break;
	case UK_CLICK:
		break;
	default:
		a->screen = SCR_BOARD;
		break;
	}
	a->s.dirty = true;
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
		a->s.quit = true;
		break;
	case UK_CLICK:
		break;
	default:
		a->screen = SCR_BOARD;
		break;
	}
	a->s.dirty = true;
}

const struct ui_screen ui_screens[NSCREENS] = {
	[SCR_BOARD] = { ui_board_draw, ui_board_key },
	[SCR_HELP] = { ui_help_draw, ui_help_key },
	[SCR_CONFIRM] = { ui_confirm_draw, ui_confirm_key },
	[SCR_LOBBY] = { ui_lobby_draw, ui_lobby_key },
	[SCR_NEWGAME] = { ui_newgame_draw, ui_newgame_key },
	[SCR_LOG] = { ui_log_draw, ui_log_key },
	[SCR_PICK] = { ui_pick_draw, ui_pick_key },
	[SCR_LEARN] = { ui_learn_list_draw, ui_learn_list_key },
	[SCR_NETLIST] = { ui_net_list_draw, ui_net_list_key },
	[SCR_EDIT] = { ui_edit_draw, ui_edit_key },
};
