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
	{ .type = CMD_MOVE, .args = SCA_REQUIRED, .usage = N_("MOVE"),
	  .modes = GAME,
	  .help = N_("play a move (d2d3; a monkey lists every landing: "
	      "b1d3f5)"),
	  .exec = session_cmd_move },
	{ .type = CMD_MOVE_NOW, .args = SCA_REQUIRED, .modes = GAME,
	  .help = N_("play the move the lion warning asked about"),
	  .exec = session_cmd_move },
	/* Screens and the view. */
	{ .type = CMD_HELP, .name = "help", .aliases = "h ?", .keys = "?",
	  .args = SCA_NONE, .modes = SMODE_ALL, .help = N_("this help"),
	  .exec = session_cmd_show },
	{ .type = CMD_LOG, .name = "log", .aliases = "messages", .keys = "m",
	  .args = SCA_NONE, .modes = SMODE_ALL,
	  .help = N_("the message log (the last 200 messages)"),
	  .exec = session_cmd_show },
	{ .type = CMD_FLIP, .name = "flip", .keys = "f", .args = SCA_NONE,
	  .modes = SMODE_ALL, .help = N_("turn the board round"),
	  .view = SVC_FLIP },
	{ .type = CMD_UNICODE, .name = "unicode", .args = SCA_NONE,
	  .modes = SMODE_ALL,
	  .help = N_("switch the piece letters / circled letters"),
	  .view = SVC_UNICODE },
	{ .type = CMD_REDRAW, .name = "redraw", .keys = "Ctrl-L",
	  .args = SCA_NONE, .modes = SMODE_ALL,
	  .help = N_("redraw the screen"), .view = SVC_REDRAW },
	{ .type = CMD_SCROLL_UP, .keys = "PgUp", .args = SCA_NONE,
	  .modes = SMODE_ALL, .help = N_("move list: older moves"),
	  .view = SVC_SCROLL },
	{ .type = CMD_SCROLL_DOWN, .keys = "PgDn", .args = SCA_NONE,
	  .modes = SMODE_ALL, .help = N_("move list: newer moves"),
	  .view = SVC_SCROLL },
	/* Games. */
	{ .type = CMD_NEW, .name = "new", .keys = "n", .args = SCA_NONE,
	  .modes = NO_NET_GAME,
	  .help = N_("new game: variant, players, clock, start"),
	  .exec = session_cmd_new },
	{ .type = CMD_NEW_NOW, .args = SCA_NONE, .modes = NO_NET_GAME,
	  .help = N_("a new game as the dialog last chose"),
	  .exec = session_cmd_new },
	{ .type = CMD_NEW_DIALOG, .args = SCA_NONE, .modes = NO_NET_GAME,
	  .help = N_("the new-game dialog's game, leaving the game (asked "
	      "first)"),
	  .exec = session_cmd_new },
	{ .type = CMD_UNDO, .name = "undo", .aliases = "u", .keys = "u",
	  .args = SCA_NONE, .modes = GAME & ~SMODE_PUZZLE,
	  .help = N_("undo (AI: your move and reply; network: offer a "
	      "takeback)"),
	  .refusal = N_("no taking back in a puzzle: :solution shows the "
	      "answer, :puzzle the next one"),
	  .refusal_in = SMODE_PUZZLE, .exec = session_cmd_undo },
	{ .type = CMD_REDO, .name = "redo", .keys = "Ctrl-R",
	  .args = SCA_NONE, .modes = NO_NET_GAME & ~SMODE_PUZZLE,
	  .help = N_("redo what was undone"),
	  .refusal = N_("no taking back in a puzzle: :solution shows the "
	      "answer, :puzzle the next one"),
	  .refusal_in = SMODE_PUZZLE, .exec = session_cmd_undo },
	{ .type = CMD_SAVE, .name = "save", .aliases = "w",
	  .args = SCA_OPTIONAL, .usage = N_("[FILE]"), .modes = GAME,
	  .help = N_("save the game (default folder $XDG_DATA_HOME/congo)"),
	  .exec = session_cmd_save },
	{ .type = CMD_SAVE_NOW, .args = SCA_REQUIRED, .usage = N_("PATH"),
	  .modes = GAME,
	  .help = N_("save the game over a file (asked first)"),
	  .exec = session_cmd_save },
	{ .type = CMD_PROMPT_SAVE, .keys = "S", .args = SCA_NONE,
	  .modes = GAME,
	  .help = N_("save the game (name on the command line)"),
	  .view = SVC_PROMPT },
	{ .type = CMD_LOAD, .name = "load", .aliases = "open",
	  .args = SCA_REQUIRED, .usage = N_("FILE [N]"), .modes = NO_NET_GAME,
	  .help = N_("load a game record (game N of a file of several)"),
	  .exec = session_cmd_load },
	{ .type = CMD_LOAD_NOW, .args = SCA_REQUIRED, .usage = N_("FILE [N]"),
	  .modes = NO_NET_GAME,
	  .help = N_("load a game record, leaving the game (asked " "first)"),
	  .exec = session_cmd_load },
	{ .type = CMD_RESUME, .args = SCA_NONE,
	  .modes = SMODE_LOCAL | SMODE_REVIEW,
	  .help = N_("resume the game kept from last time (asked at the "
	      "start; congo --resume)"),
	  .exec = session_cmd_resume },
	{ .type = CMD_PROMPT_LOAD, .keys = "L", .args = SCA_NONE,
	  .modes = NO_NET_GAME,
	  .help = N_("load a game (name on the command line)"),
	  .view = SVC_PROMPT },
	{ .type = CMD_RESIGN, .keys = "R", .args = SCA_NONE, .modes = GAME,
	  .help = N_("resign (asks first)"), .exec = session_cmd_resign },
	{ .type = CMD_RESIGN_NOW, .name = "resign", .args = SCA_NONE,
	  .modes = GAME, .help = N_("resign at once"),
	  .exec = session_cmd_resign },
	{ .type = CMD_DRAW, .name = "draw", .args = SCA_NONE, .modes = GAME,
	  .help = N_("agree a draw (two humans; network: offer or accept "
	      "one)"),
	  .exec = session_cmd_draw },
	{ .type = CMD_FEN, .name = "fen", .args = SCA_OPTIONAL,
	  .usage = N_("[FEN]"), .modes = SMODE_ALL, .arg_modes = NO_NET,
	  .help = N_("show the FEN (and copy it), or start from one "
	      "(startpos)"),
	  .exec = session_cmd_fen },
	{ .type = CMD_PGN, .name = "pgn", .args = SCA_NONE, .modes = GAME,
	  .help = N_("copy the game's record (as :save writes it) to the "
	      "clipboard"),
	  .exec = session_cmd_pgn },
	{ .type = CMD_EDIT, .name = "edit", .keys = "E", .args = SCA_NONE,
	  .modes = NO_NET, .help = N_("the board editor: set up a position"),
	  .exec = session_cmd_edit },
	{ .type = CMD_EDIT_ANALYSE, .args = SCA_NONE, .modes = SMODE_EDITOR,
	  .help = N_("the editor's analyse, leaving the game (asked first)"),
	  .exec = session_cmd_edit_analyse },
	{ .type = CMD_CLOCK, .name = "clock", .args = SCA_OPTIONAL,
	  .usage = N_("[M+S]"), .modes = SMODE_ALL, .arg_modes = NO_NET,
	  .help = N_("show the clocks, or set one for the next game (none)"),
	  .exec = session_cmd_clock },
	/* Review, variations and a game's analysis. */
	{ .type = CMD_REVIEW_BACK, .keys = "[", .args = SCA_NONE,
	  .modes = GAME, .help = N_("review: one ply back (nothing undone)"),
	  .exec = session_cmd_review },
	{ .type = CMD_REVIEW_FORWARD, .keys = "]", .args = SCA_NONE,
	  .modes = GAME, .help = N_("review: one ply forward"),
	  .exec = session_cmd_review },
	{ .type = CMD_REVIEW_START, .keys = "{", .args = SCA_NONE,
	  .modes = GAME, .help = N_("review: the start of the game"),
	  .exec = session_cmd_review },
	{ .type = CMD_REVIEW_END, .keys = "}", .args = SCA_NONE,
	  .modes = GAME, .help = N_("back to the live position"),
	  .exec = session_cmd_review },
	{ .type = CMD_REVIEW_TO, .args = SCA_REQUIRED, .usage = N_("PLY"),
	  .modes = GAME,
	  .help = N_("show the position after PLY plies (a click on the "
	      "graph)"),
	  .exec = session_cmd_review },
	{ .type = CMD_GO, .name = "go", .args = SCA_REQUIRED,
	  .usage = N_("N | N..."), .modes = GAME,
	  .help = N_("review: the position after move N (N... Black's, 0 "
	      "the start)"),
	  .exec = session_cmd_review },
	{ .type = CMD_COMMENT, .name = "comment", .args = SCA_OPTIONAL,
	  .usage = N_("[TEXT]"),
	  .modes = NO_NET_GAME & ~SMODE_PUZZLE & ~SMODE_LESSON,
	  .help = N_("the comment of the move shown (none: cleared); :save "
	      "keeps it"),
	  .exec = session_cmd_note },
	{ .type = CMD_NAG, .name = "nag", .keys = "!", .args = SCA_OPTIONAL,
	  .usage = N_("[! ? !! ?? !? ?! | $N | -]"),
	  .modes = NO_NET_GAME & ~SMODE_PUZZLE & ~SMODE_LESSON,
	  .help = N_("the glyph of the move shown (! and :nag alone: the "
	      "next one)"),
	  .exec = session_cmd_note },
	{ .type = CMD_CONTINUE, .name = "continue", .args = SCA_NONE,
	  .modes = NO_NET_GAME,
	  .help = N_("reviewing: play on from the ply shown (asks)"),
	  .exec = session_cmd_continue },
	{ .type = CMD_CONTINUE_NOW, .args = SCA_NONE, .modes = NO_NET_GAME,
	  .help = N_("play on from the ply shown"),
	  .exec = session_cmd_continue },
	{ .type = CMD_VAR_ENTER, .name = "variation", .keys = "(",
	  .args = SCA_NONE, .modes = GAME,
	  .help = N_("reviewing: a variation of the next move (again: the "
	      "next one)"),
	  .exec = session_cmd_variation },
	{ .type = CMD_VAR_LEAVE, .name = "leave", .keys = ")",
	  .args = SCA_NONE, .modes = GAME,
	  .help = N_("leave the variation shown"),
	  .exec = session_cmd_variation },
	{ .type = CMD_VAR_PROMOTE, .name = "promote", .keys = "P",
	  .args = SCA_NONE, .modes = GAME,
	  .help = N_("promote the variation shown (to the main line: the "
	      "game's)"),
	  .exec = session_cmd_variation },
	{ .type = CMD_VAR_DELETE, .name = "delete", .keys = "D",
	  .args = SCA_NONE, .modes = GAME,
	  .help = N_("delete the variation shown"),
	  .exec = session_cmd_variation },
	{ .type = CMD_ANALYSE_GAME, .name = "analyse", .args = SCA_OPTIONAL,
	  .usage = N_("[stop | nodes N | movetime MS]"), .modes = GAME,
	  .help = N_("the whole game: marks ?! ? ??, accuracy, graph; "
	      "again: cancel"),
	  .exec = session_cmd_analyse },
	{ .type = CMD_NEXT_MISTAKE, .keys = ">", .args = SCA_NONE,
	  .modes = GAME,
	  .help = N_("review: the next move marked ?! ? ?? (after :analyse)"),
	  .exec = session_cmd_review },
	{ .type = CMD_PREV_MISTAKE, .keys = "<", .args = SCA_NONE,
	  .modes = GAME, .help = N_("review: the previous marked move"),
	  .exec = session_cmd_review },
	/* The AI: advice, analysis, players, pace. */
	{ .type = CMD_ADVICE, .name = "advice", .aliases = "hint",
	  .keys = "a", .args = SCA_NONE, .modes = GAME,
	  .help = N_("advice: the AI's choice for you (lesson, puzzle: a "
	      "hint)"),
	  .exec = session_cmd_advice },
	{ .type = CMD_ANALYZE, .name = "analyze", .keys = "A",
	  .args = SCA_OPTIONAL, .usage = N_("[N]"), .modes = GAME,
	  .help = N_("analysis of the position shown on / off (N lines, 1-5)"),
	  .exec = session_cmd_analyze },
	{ .type = CMD_WHITE, .name = "white", .args = SCA_REQUIRED,
	  .usage = N_("TYPE"), .modes = NO_NET,
	  .help = N_("who plays White: human, ai, alphabeta, negamax, random"),
	  .exec = session_cmd_player },
	{ .type = CMD_BLACK, .name = "black", .args = SCA_REQUIRED,
	  .usage = N_("TYPE"), .modes = NO_NET,
	  .help = N_("who plays Black (the same types)"),
	  .exec = session_cmd_player },
	{ .type = CMD_DEPTH, .name = "depth", .args = SCA_REQUIRED,
	  .usage = N_("N"), .modes = SMODE_ALL,
	  .help = N_("search depth of the AI players (0: no cap)"),
	  .exec = session_cmd_limit },
	{ .type = CMD_MOVETIME, .name = "movetime", .args = SCA_REQUIRED,
	  .usage = N_("MS"), .modes = SMODE_ALL,
	  .help = N_("thinking time of the AI players"),
	  .exec = session_cmd_limit },
	{ .type = CMD_PAUSE, .name = "pause", .keys = "p", .args = SCA_NONE,
	  .modes = NO_NET_GAME,
	  .help = N_("pause / resume the AI and the clocks (Space too "
	      "between two AIs)"),
	  .refusal = NET_PACE, .refusal_in = SMODE_NET,
	  .exec = session_cmd_pace },
	{ .type = CMD_STEP, .name = "step", .keys = ".", .args = SCA_NONE,
	  .modes = NO_NET_GAME, .help = N_("paused: the AI plays one move"),
	  .refusal = NET_PACE, .refusal_in = SMODE_NET,
	  .exec = session_cmd_pace },
	{ .type = CMD_FASTER, .name = "faster", .keys = "+ =",
	  .args = SCA_NONE, .modes = NO_NET_GAME,
	  .help = N_("faster moves between two AIs"), .refusal = NET_PACE,
	  .refusal_in = SMODE_NET, .exec = session_cmd_pace },
	{ .type = CMD_SLOWER, .name = "slower", .keys = "-", .args = SCA_NONE,
	  .modes = NO_NET_GAME, .help = N_("slower moves between two AIs"),
	  .refusal = NET_PACE, .refusal_in = SMODE_NET,
	  .exec = session_cmd_pace },
	{ .type = CMD_DELAY, .name = "delay", .args = SCA_REQUIRED,
	  .usage = N_("MS"), .modes = NO_NET_GAME,
	  .help = N_("the least time between two AIs' moves"),
	  .refusal = NET_PACE, .refusal_in = SMODE_NET,
	  .exec = session_cmd_pace },
	/* Lessons and puzzles (session_learn.c takes them first). */
	{ .type = CMD_LEARN, .name = "learn", .args = SCA_NONE,
	  .modes = NO_NET_GAME,
	  .help = N_("the lessons: one rule at a time (a newcomer starts "
	      "here)"),
	  .exec = session_cmd_learn },
	{ .type = CMD_PUZZLE, .name = "puzzle", .args = SCA_OPTIONAL,
	  .usage = N_("[streak] [VARIANT] [THEME|all]"), .modes = NO_NET_GAME,
	  .help = N_("the next puzzle near your rating (of a variant, a "
	      "theme); streak"),
	  .exec = session_cmd_learn },
	{ .type = CMD_LESSON_NOW, .args = SCA_REQUIRED, .usage = N_("N"),
	  .modes = NO_NET_GAME,
	  .help = N_("a lesson, leaving the game (asked first)"),
	  .exec = session_cmd_learn },
	{ .type = CMD_PUZZLE_NOW, .args = SCA_OPTIONAL,
	  .usage = N_("[streak] [VARIANT] [THEME|all]"), .modes = NO_NET_GAME,
	  .help = N_("a puzzle, leaving the game (asked first)"),
	  .exec = session_cmd_learn },
	{ .type = CMD_SOLUTION, .name = "solution", .args = SCA_NONE,
	  .modes = SMODE_LESSON | SMODE_PUZZLE,
	  .help = N_("in a lesson or puzzle: the answer"),
	  .refusal = N_(":solution works in a puzzle or a lesson"),
	  .refusal_in = SMODE_LOCAL | SMODE_REVIEW | SMODE_NET,
	  .exec = session_cmd_learn },
	/* A network game (its hook takes them first). */
	{ .type = CMD_SAY, .name = "say", .args = SCA_REQUIRED,
	  .usage = N_("TEXT"), .modes = SMODE_NET,
	  .help = N_("network game: a line to the opponent"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_net },
	{ .type = CMD_REMATCH, .name = "rematch", .keys = "r",
	  .args = SCA_NONE, .modes = SMODE_NET,
	  .help = N_("a network game over: ask for a rematch (or accept one)"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_net },
	{ .type = CMD_CLAIM, .name = "claim", .args = SCA_NONE,
	  .modes = SMODE_NET,
	  .help = N_("network game: the win from a gone opponent"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_net },
	{ .type = CMD_CANCEL, .name = "cancel", .args = SCA_NONE,
	  .modes = SMODE_NET,
	  .help = N_("network game: end your open game (before both moved)"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_net },
	{ .type = CMD_INFO, .name = "info", .args = SCA_NONE,
	  .modes = SMODE_NET,
	  .help = N_("network game: the game and the friend's command "
	      "(--host)"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_info },
	{ .type = CMD_TAKEBACK, .name = "takeback", .args = SCA_OPTIONAL,
	  .usage = N_("[accept | decline]"), .modes = SMODE_NET,
	  .help = N_("network game: offer a takeback (also u), or answer one"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_net },
	{ .type = CMD_BERSERK, .name = "berserk", .keys = "B",
	  .args = SCA_NONE, .modes = SMODE_NET,
	  .help = N_("an arena's game, before your first move: half your "
	      "time, no increment; a win of 7 moves scores 1 more"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_net },
	{ .type = CMD_WHOIS, .name = "whois", .args = SCA_REQUIRED,
	  .usage = N_("NAME"), .modes = SMODE_NET,
	  .help = N_("network: a player's account and ratings"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_list },
	{ .type = CMD_TOP, .name = "top", .args = SCA_OPTIONAL,
	  .usage = N_("[VARIANT SPEED]"), .modes = SMODE_NET,
	  .help = N_("network: the best players"), .refusal = NET_ONLY,
	  .refusal_in = NOT_NET_IN, .exec = session_cmd_list },
	{ .type = CMD_GAMES, .name = "games", .args = SCA_OPTIONAL,
	  .usage = N_("[NAME]"), .modes = SMODE_NET,
	  .help = N_("network: the games played (Enter opens one's record)"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_list },
	{ .type = CMD_CHALLENGE, .name = "challenge", .args = SCA_REQUIRED,
	  .usage = N_("NAME M+S|Nd [rated] [megapawn]"), .modes = SMODE_NET,
	  .help = N_("network, in the lobby: challenge a player (a clock, "
	      "or days a move)"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_challenge },
	{ .type = CMD_CREATE, .name = "create", .args = SCA_OPTIONAL,
	  .usage = N_("[white|black] [M+S|Nd] [megapawn]"),
	  .modes = SMODE_NET,
	  .help = N_("network, in the lobby: make a game and wait in it for "
	      "an opponent"),
	  .refusal = NET_ONLY, .refusal_in = NOT_NET_IN,
	  .exec = session_cmd_create },
	{ .type = CMD_TLS_TRUST, .args = SCA_REQUIRED, .modes = SMODE_ALL,
	  .help = N_("trust a server's certificate no authority vouches for "
	      "(asked on first use)"),
	  .exec = session_cmd_tls_trust },
	/* Leaving. */
	{ .type = CMD_QUIT, .keys = "q", .args = SCA_NONE, .modes = SMODE_ALL,
	  .help = N_("quit (asks during a game)"), .exec = session_cmd_quit },
	{ .type = CMD_QUIT_NOW, .name = "quit", .aliases = "q exit",
	  .keys = "Ctrl-C", .args = SCA_NONE, .modes = SMODE_ALL,
	  .help = N_("quit at once"), .exec = session_cmd_quit },
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
