/*
 * session_cmd.h: the commands of the game session (session.h): their
 * types, the one table that names them (session_cmdtab.c), the modes they
 * are allowed in, and the parsing of a command line. Part of the session
 * module, kept in a header of its own for its size; session.h includes
 * it.
 */
#ifndef CONGO_SESSION_CMD_H
#define CONGO_SESSION_CMD_H

#include <stdbool.h>
#include <stddef.h>

struct session;


/* ---- commands ---- */

enum session_cmd_type {
	CMD_NONE = 0,
	CMD_MOVE,            /* arg: move text */
	CMD_HELP,
	CMD_QUIT,            /* ask first during a game */
	CMD_QUIT_NOW,
	CMD_NEW,             /* the new-game dialog */
	CMD_NEW_NOW,         /* a new game as the dialog last chose */
	CMD_UNDO,
	CMD_REDO,
	CMD_FLIP,
	CMD_SAVE,            /* arg: file name, "" for the default */
	CMD_LOAD,            /* arg: file name [game number] */
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
	CMD_REVIEW_BACK,     /* [ */
	CMD_REVIEW_FORWARD,  /* ] */
	CMD_REVIEW_START,    /* { */
	CMD_REVIEW_END,      /* } back to the live position */
	CMD_CONTINUE,        /* play on from the reviewed ply (asks) */
	CMD_CONTINUE_NOW,
	CMD_LOG,             /* the message log */
	CMD_CLOCK,           /* arg: "M+S", "none", or "" to show */
	CMD_MOVE_NOW,        /* play the move the lion warning asked about */
	CMD_LEARN,           /* the lesson list (session_learn.c) */
	CMD_PUZZLE,          /* the next puzzle */
	CMD_SOLUTION,        /* a lesson's or puzzle's answer */
	CMD_ANALYZE,         /* continuous analysis on / off */
	CMD_SAY,             /* arg: a line to the opponent (network) */
	CMD_REMATCH,         /* another game, colours swapped (network) */
	CMD_CLAIM,           /* the win from an absent opponent (network) */
	CMD_CANCEL,          /* one's open game ends (network) */
	CMD_INFO,            /* the game and how a friend joins (network) */
	CMD_TAKEBACK,        /* arg: "" offers, accept/decline (network) */
	CMD_WHOIS,           /* arg: a player's name (network) */
	CMD_TOP,             /* arg: "" or "VARIANT SPEED" (network) */
	CMD_GAMES,           /* arg: "" (one's own) or a name (network) */
	CMD_ANALYSE_GAME,    /* arg: "", "stop", "nodes N", "movetime MS" */
	CMD_NEXT_MISTAKE,    /* review: the next move marked ?! ? ?? */
	CMD_PREV_MISTAKE,    /* review: the previous one */
	CMD_REVIEW_TO,       /* arg: the plies to show (a click on the graph) */
	CMD_GO,              /* arg: "N" or "N...": the position after move N */
	CMD_EDIT,            /* the board editor on / off */
	CMD_VAR_ENTER,       /* reviewing: a variation of the next move */
	CMD_VAR_LEAVE,       /* back to where the variation leaves its line */
	CMD_VAR_PROMOTE,     /* the variation shown one place up */
	CMD_VAR_DELETE,      /* the variation shown deleted */
	CMD_SAVE_NOW,        /* arg: a path: replace it (asked first) */
	CMD_LOAD_NOW,        /* arg: as CMD_LOAD's, the game left (asked) */
	CMD_EDIT_ANALYSE,    /* the editor's analyse, the game left (asked) */
	CMD_NEW_DIALOG,      /* the new-game dialog's game, the game left
	                      * (asked) */
	CMD_RESUME,          /* the kept game resumed (session_keep.h) */
	CMD_COMMENT,         /* arg: the shown move's comment ("" clears) */
	CMD_NAG,             /* arg: ! ? !! ?? !? ?! $N, "-" clears, "" next */
	CMD_PGN,             /* the game's record onto the clipboard */
	CMD_CHALLENGE,       /* arg: "NAME M+S|Nd [rated] [VARIANT]" (the
	                      * lobby, network) */
	CMD_CREATE,          /* arg: "[white|black] [M+S|Nd] [VARIANT]"
	                      * (the lobby, network) */
	CMD_TLS_TRUST,       /* arg: "yes" or "no": the answer to "trust
	                      * this server's certificate?" (network) */
	CMD_LESSON_NOW,      /* arg: a lesson's index: the game left (asked) */
	CMD_PUZZLE_NOW,      /* arg: as CMD_PUZZLE's: the game left (asked) */
	CMD_BERSERK,         /* an arena's game: half one's time (network) */
	NCMDS
};

#define SESSION_CMD_ARG_MAX 240

struct session_cmd {
	enum session_cmd_type type;
	char arg[SESSION_CMD_ARG_MAX];
};

/*
 * The one table of commands (session_cmdtab.c), as tmux's cmd_entry:
 * each command's names, keys, argument, the modes it is allowed in, its
 * help line and its handler. The command line, Tab's completion, the
 * help screen, the keys that are letters, the refusals and
 * session_command's dispatch all read it.
 */
enum session_mode {
	SMODE_LOCAL = 1 << 0,       /* a game on this machine */
	SMODE_NET = 1 << 1,         /* network play: a game, the lobby */
	SMODE_REVIEW = 1 << 2,      /* a local game reviewed ([ {) */
	SMODE_LESSON = 1 << 3,
	SMODE_PUZZLE = 1 << 4,
	SMODE_EDITOR = 1 << 5       /* the board editor is open */
};
#define SMODE_ALL 0x3fu

enum session_cmd_args { SCA_NONE = 0, SCA_OPTIONAL, SCA_REQUIRED };

struct session_cmd_entry {
	enum session_cmd_type type;
	const char *name;           /* on the command line; NULL: none (a
	                             * key's, or asked for by a question) */
	const char *aliases;        /* other names, blank-separated, or NULL */
	const char *keys;           /* as the help and congo(6) write them,
	                             * blank-separated ("u", "Ctrl-R", "PgUp") */
	int args;                   /* enum session_cmd_args */
	const char *usage;          /* the argument as the help writes it */
	unsigned modes;             /* where it is allowed (SMODE_*) */
	unsigned arg_modes;         /* with an argument, if not modes (0) */
	const char *help;           /* one line */
	/* What a refusal in the modes refusal_in says instead of "not
	 * allowed in MODE" (the editor always says how to leave it). */
	const char *refusal;
	unsigned refusal_in;
	/* Run by session_command; NULL for the view's own (view below). A
	 * mode may take a command before it (a lesson, a network game's
	 * hook). */
	void (*exec)(struct session *s, const struct session_cmd *cmd);
	/* The view's own (enum session_view_cmd): run by the view, never
	 * by the session; 0 for the session's. */
	int view;
};

/* The commands that are a view's own: what each view does of them (the
 * full-screen one in ui_app.c; the plain one says there is no screen). */
enum session_view_cmd { SVC_NONE = 0, SVC_FLIP, SVC_UNICODE, SVC_REDRAW,
	SVC_SCROLL, SVC_PROMPT, SVC_COUNT };

extern const struct session_cmd_entry session_cmds[];
extern const int session_ncmds;

/* A command's entry, or NULL. */
const struct session_cmd_entry *session_cmd_entry(enum session_cmd_type t);
/* By a word of the command line: a name or an alias (any case), else the
 * one name or alias it starts; NULL when none or several, *nmatch (may be
 * NULL) says how many. */
const struct session_cmd_entry *session_cmd_lookup(const char *word,
    int *nmatch);
/* The names (or aliases) of 3 letters or more that start with prefix,
 * blank-separated in table order into list, their common start into
 * common; the count. */
int session_cmd_complete(const char *prefix, char *list, size_t n,
    char *common, size_t cn);
/* The command of a key that is a character or Ctrl-letter, CMD_NONE. */
enum session_cmd_type session_cmd_key(int key);
/* A command line (without the ':'): a command and its argument, or move
 * text. -1 with a message (unknown, ambiguous: the candidates, an
 * argument missing or extra). An empty line: 0 and CMD_NONE. */
int session_cmd_parse(const char *text, struct session_cmd *cmd, char *err,
    size_t errlen);
/* Does text look like move text (pairs of squares)? */
bool session_cmd_looks_like_move(const char *text);
/* The mode the session is in (one SMODE_ bit) and its name ("a network
 * game"). */
unsigned session_mode(const struct session *s);
const char *session_mode_name(unsigned mode);
/* Why e is refused in mode (with an argument or not), in buf; NULL when
 * allowed. */
const char *session_cmd_refusal(const struct session_cmd_entry *e,
    unsigned mode, bool with_arg, char *buf, size_t n);
/* false, the refusal said, when cmd is not allowed in the session's mode. */
bool session_cmd_allowed(struct session *s, const struct session_cmd *cmd);

#endif
