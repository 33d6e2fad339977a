/*
 * plain_cmd.c: a line typed in `congo --plain`: an answer to the question
 * waiting, a lesson's or a game's number from a list, one of the plain
 * mode's own commands (the board said, a piece's moves, the clock...), or
 * else a command of the session's table or a move, as the full-screen
 * game's command line takes them (session_cmd_parse), run as ui_app.c's
 * app_command runs them. Whatever is refused is said; the game goes on.
 */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/notation.h"
#include "learn/learn.h"
#include "plain/plain_int.h"
#include "session/session_learn.h"
#include "session/session_net.h"
#include "session/session_player.h"
#include "ai/search_limits.h"
#include "util/i18n.h"

static void
cmd_board(struct plain *p, const char *arg)
{
	const struct board *b = session_board(p->s);
	char buf[PLAIN_SAY_MAX];
	int r;

	(void)arg;
	for (r = 6; r >= 0; r--) {
		plain_say_rank(b, r, buf, sizeof buf);
		plain_out("%s", buf);
	}
	plain_out(P_("%s to move."), plain_side(b->side));
}

static void
cmd_diagram(struct plain *p, const char *arg)
{
	const struct board *b = session_board(p->s);
	char buf[2048], *line, *save = NULL;

	(void)arg;
	/* the squares; the words said in the language of the messages */
	board_draw_grid(b, buf, sizeof buf);
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		plain_out("%s", line);
	plain_out(P_("%s to move."), plain_side(b->side));
	plain_out("%s", variant_get(b->variant)->islands != 0 ?
	    P_("Upper case is White, lower case Black, + an empty castle "
	    "square, . an empty square; rank 4 (~) is the river, ^ an "
	    "island.") : P_("Upper case is White, lower case Black, + an "
	    "empty castle square, . an empty square; rank 4 (~) is the "
	    "river."));
}

static void
cmd_pieces(struct plain *p, const char *arg)
{
	const struct board *b = session_board(p->s);
	char buf[PLAIN_SAY_MAX];

	(void)arg;
	plain_say_pieces(b, WHITE, buf, sizeof buf);
	plain_out("%s", buf);
	plain_say_pieces(b, BLACK, buf, sizeof buf);
	plain_out("%s", buf);
}

static void
cmd_moves(struct plain *p, const char *arg)
{
	const struct board *b = session_board(p->s);
	char buf[PLAIN_SAY_MAX];
	int sq, total = 0;

	if (arg[0] != '\0') {
		if ((sq = board_sq_parse(arg)) < 0 || arg[2] != '\0') {
			plain_out(P_("%s is not a square: a square is a file a "
			    "to g and a rank 1 to 7, such as d2."), arg);
			return;
		}
		plain_say_piece_moves(b, sq, buf, sizeof buf);
		plain_out("%s", buf);
		return;
	}
	for (sq = 0; sq < NSQ; sq++) {
		if (b->sq[sq] == PIECE_NONE || PIECE_COLOR(b->sq[sq]) !=
		    b->side)
			continue;
		total += plain_say_piece_moves(b, sq, buf, sizeof buf);
		plain_out("%s", buf);
	}
	plain_out(ngettext("%1$s has %2$d legal move.",
	    "%1$s has %2$d legal moves.", (unsigned long)total),
	    plain_side(b->side), total);
}

static void
cmd_clock(struct plain *p, const char *arg)
{
	(void)arg;
	plain_say_clock(p);
}

static void
cmd_status(struct plain *p, const char *arg)
{
	(void)arg;
	plain_say_turn(p);
}

static void
cmd_last(struct plain *p, const char *arg)
{
	struct session *s = p->s;
	char buf[PLAIN_SAY_MAX];

	(void)arg;
	if (s->game.nply == 0) {
		plain_out("%s", P_("No move has been played yet."));
		return;
	}
	plain_say_move(&s->game.pos[s->game.nply - 1],
	    s->game.moves[s->game.nply - 1], buf, sizeof buf);
	plain_out(P_("The last move: %s"), buf);
}

/* help players: who can play a side, the levels by name. */
static void
help_players(void)
{
	char name[96];

	plain_out("%s", P_("Who can play a side (white TYPE, black TYPE, or "
	    "new):"));
	plain_out("%s", P_("human: a person at this keyboard."));
	for (int level = 1; level <= SEARCH_LEVELS; level++) {
		session_level_text(level, true, name, sizeof name);
		plain_out(P_("ai:level=%1$d: %2$s."), level, name);
	}
	plain_out("%s", P_("ai: the AI at full strength."));
	plain_out("%s", P_("negamax, random: a simple search, random moves "
	    "(to try the rules)."));
}

static void
cmd_help(struct plain *p, const char *arg)
{
	if (strcmp(arg, "players") == 0) {
		help_players();
		return;
	}
	if (arg[0] != '\0') {
		plain_out(P_("help %s: there is no such help; help lists the "
		    "commands, help players who can play."), arg);
		return;
	}
	plain_help(p);
}

static void run(struct plain *p, struct session_cmd *cmd);

/* A command of the session's table by its type (review's keys). */
static void
cmd_session(struct plain *p, enum session_cmd_type t, const char *arg)
{
	struct session_cmd cmd;

	memset(&cmd, 0, sizeof cmd);
	cmd.type = t;
	/* (a longer argument cut to the room there is) */
	snprintf(cmd.arg, sizeof cmd.arg, "%.*s", (int)sizeof cmd.arg - 1, arg);
	run(p, &cmd);
}

static void
cmd_next(struct plain *p, const char *arg)
{
	(void)arg;
	if (!session_learn_enter(p->s))
		plain_out("%s", P_("Nothing waits for next now."));
}

static void
cmd_takeback(struct plain *p, const char *arg)
{
	cmd_session(p, p->s->net != NULL && p->s->net->on ? CMD_TAKEBACK :
	    CMD_UNDO, arg);
}

/* The plain mode's own commands (help lists them first). */
static const struct plain_cmd {
	const char *name;
	const char *usage;
	const char *help;
	bool arg;
	void (*run)(struct plain *p, const char *arg);
	enum session_cmd_type type;   /* else the session's command of type */
} plain_cmds[] = {
	{ "board", "", N_("the board rank by rank, in words"), false,
	  cmd_board, CMD_NONE },
	{ "diagram", "", N_("the board as a text diagram"), false,
	  cmd_diagram, CMD_NONE },
	{ "pieces", "", N_("where each piece stands"), false, cmd_pieces,
	  CMD_NONE },
	{ "moves", N_(" [SQUARE]"), N_("the legal moves of the piece on SQUARE, or "
	  "of every piece"), true, cmd_moves, CMD_NONE },
	{ "last", "", N_("the last move again"), false, cmd_last, CMD_NONE },
	{ "status", "", N_("whose turn it is, or the result"), false,
	  cmd_status, CMD_NONE },
	{ "clock", N_(" [M+S]"), N_("the time each side has left (M+S: a clock for "
	  "the next game)"), false, cmd_clock, CMD_NONE },
	/* (undo the same: one line, issue 62's doubled line) */
	{ "takeback", N_(" (or undo)"), N_("take back (against the AI: your "
	  "move and its reply; network: offer it)"), true, cmd_takeback,
	  CMD_NONE },
	{ "next", "", N_("a lesson's next step, the next puzzle (an empty line "
	  "does it too)"), false, cmd_next, CMD_NONE },
	{ "back", "", N_("review: one move back"), false, NULL,
	  CMD_REVIEW_BACK },
	{ "forward", "", N_("review: one move forward"), false, NULL,
	  CMD_REVIEW_FORWARD },
	{ "first", "", N_("review: the start position"), false, NULL,
	  CMD_REVIEW_START },
	{ "live", "", N_("review: back to the game as it stands"), false,
	  NULL, CMD_REVIEW_END },
	/* (next mistake and previous mistake too: plain_input) */
	{ ">", "", N_("review: the next move the analysis marked (next "
	  "mistake too)"), false, NULL, CMD_NEXT_MISTAKE },
	{ "<", "", N_("review: the move the analysis marked before (previous "
	  "mistake too)"), false, NULL, CMD_PREV_MISTAKE },
	{ "help", N_(" [players]"), N_("this list (players: who can play a "
	  "side, the AI's levels by name)"), true, cmd_help, CMD_NONE },
};

/* The full-screen game's commands that mean nothing here. */
static bool
screen_only(enum session_cmd_type t)
{
	const struct session_cmd_entry *e = session_cmd_entry(t);

	/* the view's own (the command table's view slot): a screen's */
	if (e != NULL && e->view != SVC_NONE)
		return true;
	switch (t) {
	case CMD_EDIT:
	case CMD_EDIT_ANALYSE:
	case CMD_REVIEW_TO:
		return true;
	default:
		return false;
	}
}

void
plain_help(const struct plain *p)
{
	const struct session_cmd_entry *e;
	char help[512], line[512];
	size_t i;
	int k;

	plain_out("%s", P_("Type a move as two squares, such as c2c3; a "
	    "monkey's jumps list every landing, such as b1d3f5."));
	plain_out("%s", P_("Commands of the plain mode:"));
	for (i = 0; i < sizeof plain_cmds / sizeof plain_cmds[0]; i++)
		plain_out("%s%s: %s", plain_cmds[i].name,
		    plain_cmds[i].usage[0] != '\0' ? _(plain_cmds[i].usage) :
		    "", _(plain_cmds[i].help));
	plain_out("%s", P_("Commands of the game:"));
	/* (in the plain mode's words: no key, no clipboard) */
	for (k = 0; k < session_ncmds; k++) {
		e = &session_cmds[k];
		/* (those listed above, or by plain_net_help, not again) */
		if (e->name == NULL || screen_only(e->type) ||
		    e->type == CMD_HELP || e->type == CMD_TAKEBACK ||
		    e->type == CMD_UNDO ||
		    e->type == CMD_CLOCK || e->type == CMD_GAMES ||
		    e->type == CMD_CHALLENGE || e->type == CMD_CREATE)
			continue;
		/* (their words without the full screen's colon) */
		snprintf(help, sizeof help, "%s%s%s: %s", e->name,
		    e->usage != NULL ? " " : "", e->usage != NULL ?
		    _(e->usage) : "", e->type == CMD_PAUSE ? P_("pause / "
		    "resume the AI and the clocks") : e->type == CMD_PGN ?
		    P_("the game's record, a line at a time (as save writes "
		    "it)") : _(e->help));
		plain_unkey(help, line, sizeof line);
		plain_out("%s", line);
	}
	plain_net_help(p);
	plain_lobby_help(p);
	plain_tourney_help(p);
	plain_out("%s", P_("End of input (Ctrl-D) quits too; a game in "
	    "progress is kept for congo --resume."));
}

/* A move that does not read or is not legal: why, in a sentence (the
 * rule it breaks, when a piece of the side to move stands on its first
 * square). True when said. */
static bool
refuse_move(struct plain *p, const char *text)
{
	struct session *s = p->s;
	const struct board *b;
	char err[200], why[200], f[3], t[3];
	move_t m;
	int from, to;

	if (s->review >= 0 || session_learn_active(s) ||
	    session_nomove_reason(s) != NULL)
		return false;
	b = game_board(&s->game);
	if (notation_read(b, text, &m, err, sizeof err) == 0)
		return false;
	if (strlen(text) == 4 && (from = board_sq_parse(text)) >= 0 &&
	    (to = board_sq_parse(text + 2)) >= 0) {
		board_sq_name(from, f);
		board_sq_name(to, t);
		if (b->sq[from] == PIECE_NONE)
			plain_out(P_("%1$s to %2$s is not a move: there is no "
			    "piece on %1$s."), f, t);
		else if (PIECE_COLOR(b->sq[from]) != b->side)
			plain_out(P_("%1$s to %2$s is not a move: the piece on "
			    "%1$s is a %3$s, and %4$s is to move."), f, t,
			    plain_piece_phrase(b->sq[from]),
			    plain_side(b->side));
		else {
			learn_explain_illegal(b, from, to, why, sizeof why);
			plain_out(P_("%1$s %2$s to %3$s is not legal: %4$s."),
			    plain_piece_phrase(b->sq[from]), f, t, why);
		}
		return true;
	}
	plain_out(P_("That move is not legal: %s."), err);
	return true;
}

/* As ui_app.c's app_command, less the screen. */
static void
run(struct plain *p, struct session_cmd *cmd)
{
	struct session *s = p->s;

	if (screen_only(cmd->type)) {
		plain_out("%s", cmd->type == CMD_EDIT ? P_("The board editor "
		    "is the full-screen game's; fen FEN starts a game from a "
		    "position.") : P_("That command is the full-screen "
		    "game's; it does nothing here."));
		return;
	}
	if (cmd->type == CMD_NEW) {
		/* the dialog's questions, asked (plain_new.c) */
		if (session_cmd_allowed(s, cmd))
			plain_new_begin(p);
		return;
	}
	if (cmd->type == CMD_RESIGN)
		cmd->type = CMD_RESIGN_NOW;
	if (cmd->type == CMD_CLOCK && cmd->arg[0] == '\0') {
		plain_say_clock(p);
		return;
	}
	if (cmd->type == CMD_MOVE && refuse_move(p, cmd->arg))
		return;
	if (!session_cmd_allowed(s, cmd))
		return;
	if (session_learn_command(s, cmd))
		return;
	session_command(s, cmd);
}

/* A number typed for a list: 1.., or 0 when the line is no number. */
static int
number(const char *line)
{
	int v;

	if (!isdigit((unsigned char)line[0]))
		return 0;
	return parse_int(line, 1, 99999, &v, NULL, 0) == 0 ? v : 0;
}

static bool
is_word(const char *line, const char *a, const char *b)
{
	return strcasecmp(line, a) == 0 || (b != NULL &&
	    strcasecmp(line, b) == 0);
}

/* A line while a question, a file's list or the lesson list waits: true
 * when it was for them. */
static bool
answer(struct plain *p, const char *line)
{
	struct session *s = p->s;
	struct session_learn *L = s->learn;
	int n = number(line);

	if (s->asking) {
		if (is_word(line, "yes", "y")) {
			session_answer(s, true);
			plain_new_answered(p, true);
		} else if (is_word(line, "no", "n")) {
			session_answer(s, false);
			plain_new_answered(p, false);
		} else
			plain_out(P_("Please answer yes or no: %s"),
			    s->question);
		return true;
	}
	if (s->pick.open) {
		if (n > 0 && n <= s->pick.n) {
			s->pick.sel = n - 1;
			session_pick_choose(s);
		} else if (is_word(line, "cancel", "back"))
			session_pick_close(s);
		else
			plain_out(P_("Type a number from 1 to %d, or cancel."),
			    s->pick.n);
		return true;
	}
	if (L != NULL && L->mode == SL_LIST && !is_word(line, "quit", "help")) {
		if (n > 0 && (size_t)n <= learn_book_count(&L->book))
			session_learn_pick(s, n - 1);
		else if (is_word(line, "puzzle", "puzzles"))
			session_learn_pick_puzzle(s);
		else if (is_word(line, "back", "q"))
			session_learn_back(s);
		else if (is_word(line, "list", "learn"))
			L->view_serial++;
		else
			plain_out(P_("Type a lesson's number from 1 to %zu, "
			    "puzzle, or back."), learn_book_count(&L->book));
		return true;
	}
	return false;
}

void
plain_input(struct plain *p, const char *text)
{
	struct session_cmd cmd;
	char line[PLAIN_LINE_MAX], word[32], err[SESSION_MSG_MAX];
	const char *arg;
	size_t i, n;

	while (*text == ' ' || *text == '\t')
		text++;
	snprintf(line, sizeof line, "%s", text);
	n = strlen(line);
	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		line[--n] = '\0';
	if (plain_new_input(p, line) || answer(p, line))
		return;
	if (n == 0) {
		/* Enter: a lesson's next step, the next puzzle */
		if (p->s->learn != NULL && p->s->learn->waiting)
			session_learn_enter(p->s);
		return;
	}
	for (i = 0; line[i] != '\0' && line[i] != ' ' && i + 1 < sizeof word;
	    i++)
		word[i] = (char)tolower((unsigned char)line[i]);
	word[i] = '\0';
	arg = line + i;
	while (*arg == ' ')
		arg++;
	if (plain_tourney_input(p, word, arg) || plain_net_input(p, word,
	    arg) || plain_lobby_input(p, word, arg))
		return;
	/* next mistake, previous mistake: > and < in words (issue 62) */
	if (strcasecmp(arg, "mistake") == 0 && (strcmp(word, "next") == 0 ||
	    strcmp(word, "previous") == 0)) {
		cmd_session(p, word[0] == 'n' ? CMD_NEXT_MISTAKE :
		    CMD_PREV_MISTAKE, "");
		return;
	}
	for (i = 0; i < sizeof plain_cmds / sizeof plain_cmds[0]; i++) {
		if (strcmp(word, plain_cmds[i].name) != 0)
			continue;
		/* clock M+S, takeback accept: the session's */
		if (arg[0] != '\0' && plain_cmds[i].run != cmd_moves &&
		    plain_cmds[i].run != cmd_takeback &&
		    plain_cmds[i].run != cmd_help)
			break;
		if (plain_cmds[i].type != CMD_NONE)
			cmd_session(p, plain_cmds[i].type, arg);
		else
			plain_cmds[i].run(p, arg);
		return;
	}
	if (session_cmd_parse(line, &cmd, err, sizeof err) < 0) {
		plain_out("%s", err);
		return;
	}
	if (cmd.type != CMD_NONE)
		run(p, &cmd);
}
