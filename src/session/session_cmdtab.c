/*
 * session_cmdtab.c: the one table of commands, in the manner of tmux's
 * cmd_entry: each command's name and aliases on the command line, its keys
 * (as the help and congo(6) write them), its argument, the modes it is
 * allowed in, its help line and its handler. The command line's parser
 * (names, aliases, unique prefixes), Tab's completion, the key of a
 * letter, the help screen, the refusal of a command in a mode and the
 * dispatch of session_command all read it (the view's own commands, a
 * view slot, dispatched by each view); tests/test_session_cmdtab
 * checks that congo(6) names every command and key. A new command is an
 * enum value (session.h), a line here and its handler. No curses.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "session/session.h"
#include "session/session_int.h"
#include "util/i18n.h"

/* The modes, as the refusals name them. */
#define GAME (SMODE_ALL & ~SMODE_EDITOR)
#define NO_NET (SMODE_ALL & ~SMODE_NET)
#define NO_NET_GAME (GAME & ~SMODE_NET)
#define NOT_NET_IN (SMODE_LOCAL | SMODE_REVIEW | SMODE_LESSON | SMODE_PUZZLE)
#define NET_ONLY N_("only in a network game (congo --connect or --host)")
#define NET_PACE N_("not allowed in a network game: moves are shown as " \
	"they are played")

const struct session_cmd_entry session_cmds[] = {
	/* Moves: typed as move text (no name), or chosen on the board. */
	{ CMD_MOVE, NULL, NULL, NULL, SCA_REQUIRED, N_("MOVE"), GAME, 0,
	  N_("play a move (d2d3; a monkey lists every landing: b1d3f5)"),
	  NULL, 0, session_cmd_move , 0 },
	{ CMD_MOVE_NOW, NULL, NULL, NULL, SCA_REQUIRED, NULL, GAME, 0,
	  N_("play the move the lion warning asked about"), NULL, 0,
	  session_cmd_move , 0 },
	/* Screens and the view. */
	{ CMD_HELP, "help", "h ?", "?", SCA_NONE, NULL, SMODE_ALL, 0,
	  N_("this help"), NULL, 0, session_cmd_show , 0 },
	{ CMD_LOG, "log", "messages", "m", SCA_NONE, NULL, SMODE_ALL, 0,
	  N_("the message log (the last 200 messages)"), NULL, 0,
	  session_cmd_show , 0 },
	{ CMD_FLIP, "flip", NULL, "f", SCA_NONE, NULL, SMODE_ALL, 0,
	  N_("turn the board round"), NULL, 0, NULL, SVC_FLIP },
	{ CMD_UNICODE, "unicode", NULL, NULL, SCA_NONE, NULL, SMODE_ALL, 0,
	  N_("switch the piece letters / circled letters"), NULL, 0, NULL,
	  SVC_UNICODE },
	{ CMD_REDRAW, "redraw", NULL, "Ctrl-L", SCA_NONE, NULL, SMODE_ALL, 0,
	  N_("redraw the screen"), NULL, 0, NULL, SVC_REDRAW },
	{ CMD_SCROLL_UP, NULL, NULL, "PgUp", SCA_NONE, NULL, SMODE_ALL, 0,
	  N_("move list: older moves"), NULL, 0, NULL, SVC_SCROLL },
	{ CMD_SCROLL_DOWN, NULL, NULL, "PgDn", SCA_NONE, NULL, SMODE_ALL, 0,
	  N_("move list: newer moves"), NULL, 0, NULL, SVC_SCROLL },
	/* Games. */
	{ CMD_NEW, "new", NULL, "n", SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("new game: variant, players, clock, start"), NULL, 0,
	  session_cmd_new , 0 },
	{ CMD_NEW_NOW, NULL, NULL, NULL, SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("a new game as the dialog last chose"), NULL, 0, session_cmd_new , 0 },
	{ CMD_NEW_DIALOG, NULL, NULL, NULL, SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("the new-game dialog's game, leaving the game (asked first)"),
	  NULL, 0, session_cmd_new , 0 },
	{ CMD_UNDO, "undo", "u", "u", SCA_NONE, NULL,
	  GAME & ~SMODE_PUZZLE, 0,
	  N_("undo (AI: your move and reply; network: offer a takeback)"),
	  N_("no taking back in a puzzle: :solution shows the answer, :puzzle "
	  "the next one"), SMODE_PUZZLE, session_cmd_undo , 0 },
	{ CMD_REDO, "redo", NULL, "Ctrl-R", SCA_NONE, NULL,
	  NO_NET_GAME & ~SMODE_PUZZLE, 0, N_("redo what was undone"),
	  N_("no taking back in a puzzle: :solution shows the answer, :puzzle "
	  "the next one"), SMODE_PUZZLE, session_cmd_undo , 0 },
	{ CMD_SAVE, "save", "w", NULL, SCA_OPTIONAL, N_("[FILE]"), GAME, 0,
	  N_("save the game (default folder $XDG_DATA_HOME/congo)"), NULL, 0,
	  session_cmd_save , 0 },
	{ CMD_SAVE_NOW, NULL, NULL, NULL, SCA_REQUIRED, N_("PATH"), GAME, 0,
	  N_("save the game over a file (asked first)"), NULL, 0,
	  session_cmd_save , 0 },
	{ CMD_PROMPT_SAVE, NULL, NULL, "S", SCA_NONE, NULL, GAME, 0,
	  N_("save the game (name on the command line)"), NULL, 0, NULL, SVC_PROMPT },
	{ CMD_LOAD, "load", "open", NULL, SCA_REQUIRED, N_("FILE [N]"),
	  NO_NET_GAME, 0, N_("load a game record (game N of a file of several)"),
	  NULL, 0, session_cmd_load , 0 },
	{ CMD_LOAD_NOW, NULL, NULL, NULL, SCA_REQUIRED, N_("FILE [N]"),
	  NO_NET_GAME, 0, N_("load a game record, leaving the game (asked "
	  "first)"), NULL, 0, session_cmd_load , 0 },
	{ CMD_RESUME, NULL, NULL, NULL, SCA_NONE, NULL,
	  SMODE_LOCAL | SMODE_REVIEW, 0, N_("resume the game kept from last "
	  "time (asked at the start; congo --resume)"), NULL, 0,
	  session_cmd_resume , 0 },
	{ CMD_PROMPT_LOAD, NULL, NULL, "L", SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("load a game (name on the command line)"), NULL, 0, NULL, SVC_PROMPT },
	{ CMD_RESIGN, NULL, NULL, "R", SCA_NONE, NULL, GAME, 0,
	  N_("resign (asks first)"), NULL, 0, session_cmd_resign , 0 },
	{ CMD_RESIGN_NOW, "resign", NULL, NULL, SCA_NONE, NULL, GAME, 0,
	  N_("resign at once"), NULL, 0, session_cmd_resign , 0 },
	{ CMD_DRAW, "draw", NULL, NULL, SCA_NONE, NULL, GAME, 0,
	  N_("agree a draw (two humans; network: offer or accept one)"), NULL,
	  0, session_cmd_draw , 0 },
	{ CMD_FEN, "fen", NULL, NULL, SCA_OPTIONAL, N_("[FEN]"), SMODE_ALL,
	  NO_NET,
	  N_("show the FEN (and copy it), or start from one (startpos)"), NULL,
	  0, session_cmd_fen , 0 },
	{ CMD_PGN, "pgn", NULL, NULL, SCA_NONE, NULL, GAME, 0,
	  N_("copy the game's record (as :save writes it) to the clipboard"),
	  NULL, 0, session_cmd_pgn , 0 },
	{ CMD_EDIT, "edit", NULL, "E", SCA_NONE, NULL, NO_NET, 0,
	  N_("the board editor: set up a position"), NULL, 0, session_cmd_edit , 0 },
	{ CMD_EDIT_ANALYSE, NULL, NULL, NULL, SCA_NONE, NULL, SMODE_EDITOR,
	  0, N_("the editor's analyse, leaving the game (asked first)"), NULL, 0,
	  session_cmd_edit_analyse , 0 },
	{ CMD_CLOCK, "clock", NULL, NULL, SCA_OPTIONAL, N_("[M+S]"), SMODE_ALL,
	  NO_NET, N_("show the clocks, or set one for the next game (none)"),
	  NULL, 0, session_cmd_clock , 0 },
	/* Review, variations and a game's analysis. */
	{ CMD_REVIEW_BACK, NULL, NULL, "[", SCA_NONE, NULL, GAME, 0,
	  N_("review: one ply back (nothing undone)"), NULL, 0,
	  session_cmd_review , 0 },
	{ CMD_REVIEW_FORWARD, NULL, NULL, "]", SCA_NONE, NULL, GAME, 0,
	  N_("review: one ply forward"), NULL, 0, session_cmd_review , 0 },
	{ CMD_REVIEW_START, NULL, NULL, "{", SCA_NONE, NULL, GAME, 0,
	  N_("review: the start of the game"), NULL, 0, session_cmd_review , 0 },
	{ CMD_REVIEW_END, NULL, NULL, "}", SCA_NONE, NULL, GAME, 0,
	  N_("back to the live position"), NULL, 0, session_cmd_review , 0 },
	{ CMD_REVIEW_TO, NULL, NULL, NULL, SCA_REQUIRED, N_("PLY"), GAME, 0,
	  N_("show the position after PLY plies (a click on the graph)"), NULL,
	  0, session_cmd_review , 0 },
	{ CMD_GO, "go", NULL, NULL, SCA_REQUIRED, N_("N | N..."), GAME, 0,
	  N_("review: the position after move N (N... Black's, 0 the start)"),
	  NULL, 0, session_cmd_review , 0 },
	{ CMD_COMMENT, "comment", NULL, NULL, SCA_OPTIONAL, N_("[TEXT]"),
	  NO_NET_GAME & ~SMODE_PUZZLE & ~SMODE_LESSON, 0,
	  N_("the comment of the move shown (none: cleared); :save keeps it"),
	  NULL, 0, session_cmd_note , 0 },
	{ CMD_NAG, "nag", NULL, "!", SCA_OPTIONAL, N_("[! ? !! ?? !? ?! | $N | -]"),
	  NO_NET_GAME & ~SMODE_PUZZLE & ~SMODE_LESSON, 0,
	  N_("the glyph of the move shown (! and :nag alone: the next one)"),
	  NULL, 0, session_cmd_note , 0 },
	{ CMD_CONTINUE, "continue", NULL, NULL, SCA_NONE, NULL, NO_NET_GAME,
	  0, N_("reviewing: play on from the ply shown (asks)"), NULL, 0,
	  session_cmd_continue , 0 },
	{ CMD_CONTINUE_NOW, NULL, NULL, NULL, SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("play on from the ply shown"), NULL, 0, session_cmd_continue , 0 },
	{ CMD_VAR_ENTER, "variation", NULL, "(", SCA_NONE, NULL, GAME, 0,
	  N_("reviewing: a variation of the next move (again: the next one)"),
	  NULL, 0, session_cmd_variation , 0 },
	{ CMD_VAR_LEAVE, "leave", NULL, ")", SCA_NONE, NULL, GAME, 0,
	  N_("leave the variation shown"), NULL, 0, session_cmd_variation , 0 },
	{ CMD_VAR_PROMOTE, "promote", NULL, "P", SCA_NONE, NULL, GAME, 0,
	  N_("promote the variation shown (to the main line: the game's)"),
	  NULL, 0, session_cmd_variation , 0 },
	{ CMD_VAR_DELETE, "delete", NULL, "D", SCA_NONE, NULL, GAME, 0,
	  N_("delete the variation shown"), NULL, 0, session_cmd_variation , 0 },
	{ CMD_ANALYSE_GAME, "analyse", NULL, NULL, SCA_OPTIONAL,
	  N_("[stop | nodes N | movetime MS]"), GAME, 0,
	  N_("the whole game: marks ?! ? ??, accuracy, graph; again: cancel"),
	  NULL, 0, session_cmd_analyse , 0 },
	{ CMD_NEXT_MISTAKE, NULL, NULL, ">", SCA_NONE, NULL, GAME, 0,
	  N_("review: the next move marked ?! ? ?? (after :analyse)"), NULL, 0,
	  session_cmd_review , 0 },
	{ CMD_PREV_MISTAKE, NULL, NULL, "<", SCA_NONE, NULL, GAME, 0,
	  N_("review: the previous marked move"), NULL, 0, session_cmd_review , 0 },
	/* The AI: advice, analysis, players, pace. */
	{ CMD_ADVICE, "advice", "hint", "a", SCA_NONE, NULL, GAME, 0,
	  N_("advice: the AI's choice for you (lesson, puzzle: a hint)"), NULL,
	  0, session_cmd_advice , 0 },
	{ CMD_ANALYZE, "analyze", NULL, "A", SCA_OPTIONAL, N_("[N]"), GAME, 0,
	  N_("analysis of the position shown on / off (N lines, 1-5)"), NULL, 0,
	  session_cmd_analyze , 0 },
	{ CMD_WHITE, "white", NULL, NULL, SCA_REQUIRED, N_("TYPE"), NO_NET, 0,
	  N_("who plays White: human, ai, alphabeta, negamax, random"), NULL, 0,
	  session_cmd_player , 0 },
	{ CMD_BLACK, "black", NULL, NULL, SCA_REQUIRED, N_("TYPE"), NO_NET, 0,
	  N_("who plays Black (the same types)"), NULL, 0, session_cmd_player , 0 },
	{ CMD_DEPTH, "depth", NULL, NULL, SCA_REQUIRED, N_("N"), SMODE_ALL, 0,
	  N_("search depth of the AI players (0: no cap)"), NULL, 0,
	  session_cmd_limit , 0 },
	{ CMD_MOVETIME, "movetime", NULL, NULL, SCA_REQUIRED, N_("MS"),
	  SMODE_ALL, 0, N_("thinking time of the AI players"), NULL, 0, session_cmd_limit , 0 },
	{ CMD_PAUSE, "pause", NULL, "p", SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("pause / resume the AI and the clocks (Space too between two AIs)"),
	  NET_PACE, SMODE_NET, session_cmd_pace , 0 },
	{ CMD_STEP, "step", NULL, ".", SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("paused: the AI plays one move"), NET_PACE, SMODE_NET,
	  session_cmd_pace , 0 },
	{ CMD_FASTER, "faster", NULL, "+ =", SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("faster moves between two AIs"), NET_PACE, SMODE_NET,
	  session_cmd_pace , 0 },
	{ CMD_SLOWER, "slower", NULL, "-", SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("slower moves between two AIs"), NET_PACE, SMODE_NET,
	  session_cmd_pace , 0 },
	{ CMD_DELAY, "delay", NULL, NULL, SCA_REQUIRED, N_("MS"), NO_NET_GAME,
	  0,
	  N_("the least time between two AIs' moves"), NET_PACE, SMODE_NET,
	  session_cmd_pace , 0 },
	/* Lessons and puzzles (session_learn.c takes them first). */
	{ CMD_LEARN, "learn", NULL, NULL, SCA_NONE, NULL, NO_NET_GAME, 0,
	  N_("the lessons: one rule at a time (a newcomer starts here)"), NULL,
	  0, session_cmd_learn , 0 },
	{ CMD_PUZZLE, "puzzle", NULL, NULL, SCA_OPTIONAL,
	  N_("[streak] [VARIANT] [THEME|all]"), NO_NET_GAME, 0,
	  N_("the next puzzle near your rating (of a variant, a theme); streak"),
	  NULL, 0, session_cmd_learn , 0 },
	{ CMD_LESSON_NOW, NULL, NULL, NULL, SCA_REQUIRED, N_("N"),
	  NO_NET_GAME, 0, N_("a lesson, leaving the game (asked first)"),
	  NULL, 0, session_cmd_learn , 0 },
	{ CMD_PUZZLE_NOW, NULL, NULL, NULL, SCA_OPTIONAL,
	  N_("[streak] [VARIANT] [THEME|all]"), NO_NET_GAME, 0,
	  N_("a puzzle, leaving the game (asked first)"), NULL, 0,
	  session_cmd_learn , 0 },
	{ CMD_SOLUTION, "solution", NULL, NULL, SCA_NONE, NULL,
	  SMODE_LESSON | SMODE_PUZZLE, 0, N_("in a lesson or puzzle: the answer"),
	  N_(":solution works in a puzzle or a lesson"),
	  SMODE_LOCAL | SMODE_REVIEW | SMODE_NET, session_cmd_learn , 0 },
	/* A network game (its hook takes them first). */
	{ CMD_SAY, "say", NULL, NULL, SCA_REQUIRED, N_("TEXT"), SMODE_NET, 0,
	  N_("network game: a line to the opponent"), NET_ONLY, NOT_NET_IN,
	  session_cmd_net , 0 },
	{ CMD_REMATCH, "rematch", NULL, "r", SCA_NONE, NULL, SMODE_NET, 0,
	  N_("a network game over: ask for a rematch (or accept one)"), NET_ONLY,
	  NOT_NET_IN, session_cmd_net , 0 },
	{ CMD_CLAIM, "claim", NULL, NULL, SCA_NONE, NULL, SMODE_NET, 0,
	  N_("network game: the win from a gone opponent"), NET_ONLY, NOT_NET_IN,
	  session_cmd_net , 0 },
	{ CMD_CANCEL, "cancel", NULL, NULL, SCA_NONE, NULL, SMODE_NET, 0,
	  N_("network game: end your open game (before both moved)"), NET_ONLY,
	  NOT_NET_IN, session_cmd_net , 0 },
	{ CMD_INFO, "info", NULL, NULL, SCA_NONE, NULL, SMODE_NET, 0,
	  N_("network game: the game and the friend's command (--host)"),
	  NET_ONLY, NOT_NET_IN, session_cmd_info , 0 },
	{ CMD_TAKEBACK, "takeback", NULL, NULL, SCA_OPTIONAL,
	  N_("[accept | decline]"), SMODE_NET, 0,
	  N_("network game: offer a takeback (also u), or answer one"), NET_ONLY,
	  NOT_NET_IN, session_cmd_net , 0 },
	{ CMD_WHOIS, "whois", NULL, NULL, SCA_REQUIRED, N_("NAME"), SMODE_NET,
	  0,
	  N_("network: a player's account and ratings"), NET_ONLY, NOT_NET_IN,
	  session_cmd_list , 0 },
	{ CMD_TOP, "top", NULL, NULL, SCA_OPTIONAL, N_("[VARIANT SPEED]"),
	  SMODE_NET, 0, N_("network: the best players"), NET_ONLY, NOT_NET_IN,
	  session_cmd_list , 0 },
	{ CMD_GAMES, "games", NULL, NULL, SCA_OPTIONAL, N_("[NAME]"), SMODE_NET,
	  0, N_("network: the games played (Enter opens one's record)"), NET_ONLY,
	  NOT_NET_IN, session_cmd_list , 0 },
	{ CMD_CHALLENGE, "challenge", NULL, NULL, SCA_REQUIRED,
	  N_("NAME M+S|Nd [rated] [megapawn]"), SMODE_NET, 0,
	  N_("network, in the lobby: challenge a player (a clock, or days a "
	  "move)"), NET_ONLY, NOT_NET_IN, session_cmd_challenge , 0 },
	{ CMD_CREATE, "create", NULL, NULL, SCA_OPTIONAL,
	  N_("[white|black] [M+S|Nd] [megapawn]"), SMODE_NET, 0,
	  N_("network, in the lobby: make a game and wait in it for an "
	  "opponent"), NET_ONLY, NOT_NET_IN, session_cmd_create , 0 },
	/* Leaving. */
	{ CMD_QUIT, NULL, NULL, "q", SCA_NONE, NULL, SMODE_ALL, 0,
	  N_("quit (asks during a game)"), NULL, 0, session_cmd_quit , 0 },
	{ CMD_QUIT_NOW, "quit", "q exit", "Ctrl-C", SCA_NONE, NULL,
	  SMODE_ALL, 0, N_("quit at once"), NULL, 0, session_cmd_quit , 0 },
};

const int session_ncmds = (int)(sizeof session_cmds / sizeof session_cmds[0]);

const struct session_cmd_entry *
session_cmd_entry(enum session_cmd_type t)
{
	int i;

	for (i = 0; i < session_ncmds; i++)
		if (session_cmds[i].type == t)
			return &session_cmds[i];
	return NULL;
}

/* Is `word` one of the blank-separated words of list (prefix: starts
 * one)? The matching word in *hit. */
static bool
word_in(const char *list, const char *word, bool prefix, const char **hit,
    size_t *hitlen)
{
	size_t n = strlen(word);

	while (list != NULL && *list != '\0') {
		size_t len = strcspn(list, " ");
		if (len > 0 && (prefix ? len >= n : len == n) &&
		    strncasecmp(list, word, n) == 0) {
			*hit = list;
			*hitlen = len;
			return true;
		}
		list += len;
		while (*list == ' ')
			list++;
	}
	return false;
}

/* Does e's name or an alias match (prefix: start with) word? */
static bool
entry_matches(const struct session_cmd_entry *e, const char *word,
    bool prefix, const char **hit, size_t *hitlen)
{
	if (e->name == NULL)
		return false;
	return word_in(e->name, word, prefix, hit, hitlen) ||
	    word_in(e->aliases, word, prefix, hit, hitlen);
}

const struct session_cmd_entry *
session_cmd_lookup(const char *word, int *nmatch)
{
	const struct session_cmd_entry *found = NULL;
	const char *hit;
	size_t hitlen;
	int i, n = 0;

	if (nmatch != NULL)
		*nmatch = 0;
	if (word[0] == '\0')
		return NULL;
	for (i = 0; i < session_ncmds; i++)
		if (entry_matches(&session_cmds[i], word, false, &hit,
		    &hitlen)) {
			if (nmatch != NULL)
				*nmatch = 1;
			return &session_cmds[i];
		}
	for (i = 0; i < session_ncmds; i++)
		if (entry_matches(&session_cmds[i], word, true, &hit,
		    &hitlen)) {
			found = &session_cmds[i];
			n++;
		}
	if (nmatch != NULL)
		*nmatch = n;
	return n == 1 ? found : NULL;
}

int
session_cmd_complete(const char *prefix, char *list, size_t n,
    char *common, size_t cn)
{
	const char *hit;
	size_t hitlen, len = 0, k;
	int i, count = 0;

	if (n > 0)
		list[0] = '\0';
	if (cn > 0)
		common[0] = '\0';
	for (i = 0; i < session_ncmds; i++) {
		const struct session_cmd_entry *e = &session_cmds[i];
		char w[32];
		/* The name, else the alias the prefix starts (one word an
		 * entry); one- and two-letter aliases are not offered. */
		if (e->name == NULL ||
		    (!word_in(e->name, prefix, true, &hit, &hitlen) &&
		    !word_in(e->aliases, prefix, true, &hit, &hitlen)))
			continue;
		if (hitlen < 3)
			continue;
		snprintf(w, sizeof w, "%.*s", (int)hitlen, hit);
		if (count == 0) {
			snprintf(common, cn, "%s", w);
		} else {
			for (k = 0; common[k] != '\0' &&
			    tolower((unsigned char)common[k]) ==
			    tolower((unsigned char)w[k]); k++)
				;
			common[k] = '\0';
		}
		if (len + strlen(w) + 3 < n)
			len += (size_t)snprintf(list + len, n - len, "%s%s",
			    len > 0 ? "  " : "", w);
		count++;
	}
	return count;
}

/* A key's name in the table as a character: "u", "Ctrl-R"; -1 for the
 * others ("PgUp": the view's). */
static int
key_code(const char *name, size_t len)
{
	if (len == 1)
		return (unsigned char)name[0];
	if (len == 6 && strncmp(name, "Ctrl-", 5) == 0 &&
	    isalpha((unsigned char)name[5]))
		return toupper((unsigned char)name[5]) & 0x1f;
	return -1;
}

enum session_cmd_type
session_cmd_key(int key)
{
	int i;

	for (i = 0; i < session_ncmds; i++) {
		const char *k = session_cmds[i].keys;
		while (k != NULL && *k != '\0') {
			size_t len = strcspn(k, " ");
			if (key_code(k, len) == key)
				return session_cmds[i].type;
			k += len;
			while (*k == ' ')
				k++;
		}
	}
	return CMD_NONE;
}

/* Move text: pairs of a letter and a digit (checked by notation later). */
static bool
looks_like_move(const char *t)
{
	size_t n = strlen(t), i;

	if (n < 4 || n % 2 != 0)
		return false;
	for (i = 0; i < n; i += 2)
		if (!isalpha((unsigned char)t[i]) ||
		    !isdigit((unsigned char)t[i + 1]))
			return false;
	return true;
}

/* A move as other programs write it, squares with '-' or 'x' between
 * (d2-d3, d2xd3), or one square (d3): what the game's format is, in err,
 * and true. */
static bool
move_hint(const char *t, char *err, size_t errlen)
{
	char sq[32];
	size_t i = 0, n = 0;

	while (t[i] != '\0') {
		if (!isalpha((unsigned char)t[i]) ||
		    !isdigit((unsigned char)t[i + 1]) || n + 2 >= sizeof sq)
			return false;
		sq[n++] = (char)tolower((unsigned char)t[i]);
		sq[n++] = t[i + 1];
		i += 2;
		if ((t[i] == '-' || t[i] == 'x' || t[i] == 'X') &&
		    t[i + 1] != '\0')
			i++;
	}
	sq[n] = '\0';
	if (n == 2)
		snprintf(err, errlen, _("'%s' is one square: a move names the "
		    "square it leaves and the one it goes to (d2d3)"), t);
	else
		snprintf(err, errlen, _("'%s': a move is its squares alone: "
		    "%s"), t, sq);
	return true;
}

bool
session_cmd_looks_like_move(const char *text)
{
	return looks_like_move(text);
}

int
session_cmd_parse(const char *text, struct session_cmd *cmd, char *err,
    size_t errlen)
{
	const struct session_cmd_entry *e;
	char word[32], list[160], common[32];
	const char *p = text, *arg;
	size_t n = 0, i, alen;
	int nmatch;

	memset(cmd, 0, sizeof *cmd);
	while (*p == ' ' || *p == '\t' || *p == ':')
		p++;
	while (p[n] != '\0' && p[n] != ' ' && p[n] != '\t')
		n++;
	if (n == 0)
		return 0;           /* an empty line does nothing */
	if (n >= sizeof word) {
		snprintf(err, errlen, _("unknown command '%.*s' "
		    "(help lists the commands)"), 24, p);
		return -1;
	}
	memcpy(word, p, n);
	word[n] = '\0';
	arg = p + n;
	while (*arg == ' ' || *arg == '\t')
		arg++;
	alen = strlen(arg);
	while (alen > 0 && (arg[alen - 1] == ' ' || arg[alen - 1] == '\t'))
		alen--;
	e = session_cmd_lookup(word, &nmatch);
	if (e == NULL && nmatch == 0 && alen == 0 && looks_like_move(word)) {
		cmd->type = CMD_MOVE;
		for (i = 0; word[i] != '\0'; i++)
			cmd->arg[i] = (char)tolower((unsigned char)word[i]);
		cmd->arg[i] = '\0';
		return 0;
	}
	if (e == NULL && nmatch > 1) {
		session_cmd_complete(word, list, sizeof list, common,
		    sizeof common);
		snprintf(err, errlen, _("ambiguous command '%s': %s"), word, list);
		return -1;
	}
	if (e == NULL) {
		if (nmatch == 0 && !looks_like_move(word) &&
		    move_hint(word, err, errlen))
			return -1;
		snprintf(err, errlen, _("unknown command '%s' (help lists the "
		    "commands)"), word);
		return -1;
	}
	if (e->args == SCA_NONE && alen > 0) {
		snprintf(err, errlen, _(":%s takes no argument"), e->name);
		return -1;
	}
	if (e->args == SCA_REQUIRED && alen == 0) {
		snprintf(err, errlen, _(":%s needs an argument (%s)"), e->name,
		    _(e->usage));
		return -1;
	}
	if (alen >= sizeof cmd->arg) {
		snprintf(err, errlen, _(":%s: argument too long"), e->name);
		return -1;
	}
	cmd->type = e->type;
	memcpy(cmd->arg, arg, alen);
	cmd->arg[alen] = '\0';
	return 0;
}

unsigned
session_mode(const struct session *s)
{
	if (s->edit.open)
		return SMODE_EDITOR;
	if (s->net != NULL && s->net->on)
		return SMODE_NET;
	if (s->learn != NULL && s->learn->mode == SL_PUZZLE)
		return SMODE_PUZZLE;
	if (s->learn != NULL && s->learn->mode == SL_LESSON)
		return SMODE_LESSON;
	if (s->review >= 0)
		return SMODE_REVIEW;
	return SMODE_LOCAL;
}

const char *
session_mode_name(unsigned mode)
{
	switch (mode) {
	case SMODE_LOCAL:
		/* TRANSLATORS: the modes complete "not allowed in %s" */
		return _("a local game");
	case SMODE_NET:
		return _("a network game");
	case SMODE_REVIEW:
		return _("review");
	case SMODE_LESSON:
		return _("a lesson");
	case SMODE_PUZZLE:
		return _("a puzzle");
	case SMODE_EDITOR:
		return _("the board editor");
	default:
		return _("this mode");
	}
}

const char *
session_cmd_refusal(const struct session_cmd_entry *e, unsigned mode,
    bool with_arg, char *buf, size_t n)
{
	unsigned modes = with_arg && e->arg_modes != 0 ? e->arg_modes :
	    e->modes;

	if (modes & mode)
		return NULL;
	/* The editor says how to leave it whatever was refused. */
	if (mode == SMODE_EDITOR)
		snprintf(buf, n, _("the board editor is open: Enter plays its "
		    "position, A analyses it, Esc leaves it"));
	else if (e->refusal != NULL && (e->refusal_in & mode))
		snprintf(buf, n, "%s", _(e->refusal));
	else
		snprintf(buf, n, _("not allowed in %s"), session_mode_name(mode));
	return buf;
}

bool
session_cmd_allowed(struct session *s, const struct session_cmd *cmd)
{
	const struct session_cmd_entry *e = session_cmd_entry(cmd->type);
	char why[SESSION_MSG_MAX];

	if (e == NULL || session_cmd_refusal(e, session_mode(s),
	    cmd->arg[0] != '\0', why, sizeof why) == NULL)
		return true;
	session_msg(s, SM_ERROR, "%s", why);
	return false;
}
