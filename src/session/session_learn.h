/*
 * session_learn.h: lessons and puzzles as a mode of the session model
 * (session_learn.c, session_puzzle.c). Part of the session module
 * (session.h), kept in a header of its own for its size; its users are
 * the lessons' view (src/ui/ui_learn*, ui_puzzle.c) and its tests.
 */
#ifndef CONGO_SESSION_LEARN_H
#define CONGO_SESSION_LEARN_H

#include <stdbool.h>
#include <stddef.h>

#include "learn/learn.h"
#include "session/session.h"

/* ---- lessons and puzzles (session_learn.c, session_puzzle.c) ---- */

/*
 * A session mode on top of the pure src/learn: the lesson list, a
 * lesson's steps played on the board (a right move is played and Enter
 * goes on, a wrong or illegal one is not played and the message says
 * which rule it breaks), and puzzles (the unsolved one rated nearest the
 * player; the prover checks each move and answers with the longest
 * defence). Inert (s->learn NULL) until :learn or :puzzle. Progress is
 * kept in $XDG_STATE_HOME/congo/learn; the data is found as learn.h's
 * learn_data_path says (CONGO_DATADIR first).
 */
enum session_learn_mode { SL_OFF = 0, SL_LIST, SL_LESSON, SL_PUZZLE };

/* What the command line asked of lessons and puzzles. */
struct session_learn_opts {
	bool learn;               /* --learn: open the lesson list */
	bool puzzle;              /* --puzzle: serve puzzles (--streak and
	                           * --theme too) */
	bool streak;              /* --streak: a puzzle streak */
	const char *theme;        /* --theme T: the puzzles of a theme */
};

/* Before the view starts: the data --learn or --puzzle needs is there,
 * else -1 with a message that says where it was looked for and how to
 * fix it (session_learn.c). */
int session_learn_check_data(const struct session_learn_opts *o, char *err,
    size_t n);
/* The lessons' list or the puzzles asked for, once the first game is
 * set up. */
/* --theme T with --puzzle (--streak): a theme some puzzle of the game's
 * variant has ("all" too), else -1 with a message that lists the
 * themes. */
int session_learn_check_theme(const struct session *s,
    const struct session_learn_opts *o, char *err, size_t n);
void session_learn_begin(struct session *s,
    const struct session_learn_opts *o);

struct session_learn {
	enum session_learn_mode mode;
	/* Grows when the view should look again: the mode changed (the
	 * list, the board) or a lesson's or puzzle's game began (the side
	 * at the bottom, `bottom`: a colour, or -1 for the usual default). */
	unsigned view_serial;
	int bottom;
	bool book_loaded;
	struct learn_book book;
	bool state_loaded;
	struct learn_state st;
	char state_path[1024];
	bool over_game;           /* the list was opened over a game in
	                             progress: it is still there */
	bool players_saved;       /* the players before learning began */
	bool clocked;             /* and whether games had a clock */
	struct player_conf saved[2];
	int cursor;               /* the lesson list */
	int lesson, step;         /* the lesson played */
	bool waiting;             /* right or solved: Enter goes on */
	/* puzzles */
	bool puzzles_loaded;
	struct vec puzzles;       /* of struct learn_puzzle */
	struct learn_prover *pv;
	int puzzle;               /* index, -1 none */
	int left;                 /* the solver's moves left */
	int ply;                  /* moves played from the puzzle's start */
	bool mistake, hinted, gave_up, rated;
	int solver;               /* the solver's colour */
	bool by_rep;              /* its win needs megapawn's repetition rule:
	                           * the lion falls, or the defence repeats */
	double before;            /* the rating before this puzzle */
	/* Which puzzles: a variant ("" the game's, congo.conf or --variant)
	 * and a theme ("" all; learn_puzzle_has_theme). */
	char want_variant[LEARN_VARIANT_MAX];
	char want_theme[LEARN_THEME_MAX];
	bool *passed;             /* per puzzle: skipped or played since the
	                           * set was last walked through */
	/* A streak (lichess's Puzzle Streak): unrated, each puzzle rated
	 * above the last, one skip, one mistake ends it. */
	bool streak;
	int streak_n;             /* solved in this streak */
	int streak_best0;         /* the best streak when it began */
	int streak_last;          /* the last one's rating */
	bool streak_skipped;      /* its one skip is used */
	bool streak_over;         /* ended: Enter starts another */
	char player[LEARN_ID_MAX];
	/* What the learner was last told (a wrong move's reason, a hint):
	 * kept whole in the panel, where the message line may cut it. */
	char said[SESSION_MSG_MAX];
	int said_tone;
	int hint_sq;              /* the hint's piece, marked; -1 none */
};

/* What session_learn_play did with a move. */
enum session_learn_result {
	SL_NOT_MINE = 0,          /* no lesson or puzzle: the game plays it */
	SL_TAKEN,                 /* handled: played, or "Enter: go on" */
	SL_REFUSED                /* wrong: not played, the reason said */
};

/* The learning state (made on first use). */
struct session_learn *session_learn_get(struct session *s);
/* Everything freed (s->learn NULL again). */
void session_learn_free(struct session *s);
/* A lesson or a puzzle is being played (not the list, not off). */
bool session_learn_active(const struct session *s);
/* The lesson list (:learn); false with a message when the lessons
 * cannot be read. */
bool session_learn_open_list(struct session *s);
/* Start lesson i of the book (the list's Enter). */
void session_learn_start(struct session *s, int i);
/* From the lesson list: lesson i (Enter), the next puzzle (p), back (Esc,
 * q). The list opened over a game in progress (:learn) leaves that game
 * only when asked, as n does: a lesson or a puzzle asks first, back goes
 * back to the game as it was; else back is a new game. */
void session_learn_pick(struct session *s, int i);
void session_learn_pick_puzzle(struct session *s);
void session_learn_back(struct session *s);
/* Leave lessons and puzzles: the players and the clock as before. */
void session_learn_leave(struct session *s);
/* The list's q: leave, and a new game from the start. */
void session_learn_quit(struct session *s);
/* A command: true when the lesson or puzzle took it. */
bool session_learn_command(struct session *s, const struct session_cmd *cmd);
/* A legal move of the side to move (keys or command line). */
enum session_learn_result session_learn_play(struct session *s, move_t m);
/* An illegal move tried with the keys: the piece picked on `selected`,
 * the monkey's landings so far (land[0..nland-1]) and the square `to`;
 * false when no lesson or puzzle explains it. */
bool session_learn_illegal(struct session *s, int selected, const int *land,
    int nland, int to);
/* The same said on the message line in any game ("e2f2: A lion may not
 * leave its castle (c1-e3)"): the board shown (a variation's too). */
void session_explain_illegal(struct session *s, int selected,
    const int *land, int nland, int to);
/* Enter after a right move or a solved puzzle: the next step or puzzle;
 * false when nothing waits for it. */
bool session_learn_enter(struct session *s);
/* The square the last hint marks on the board, or -1. */
int session_learn_hint_sq(const struct session *s);
/* The lesson played, and its step (valid while mode is SL_LESSON). */
const struct learn_lesson *session_learn_lesson(const struct session *s);
const struct learn_step *session_learn_step(const struct session *s);
/* Progress: loaded once; saved (an error goes to the message line). */
void session_learn_state_load(struct session *s);
void session_learn_state_save(struct session *s);
/* Keep the message just given whole for the panel; forget it. */
void session_learn_said(struct session *s);
void session_learn_forget(struct session *s);

/* session_puzzle.c */
/* The next puzzle: the unsolved one of the set (variant, theme) rated
 * nearest the player, one not skipped since the set was walked through;
 * in a streak the next harder one. */
void session_puzzle_next(struct session *s);
/* :puzzle's argument: words in any order, "streak", a variant, a theme
 * or "all" (any theme); "" the next puzzle. False with a message (a
 * word that is none of these, a theme the set does not have). */
bool session_puzzle_choose(struct session *s, const char *arg);
/* A streak begins (--streak, :puzzle streak). */
void session_puzzle_streak(struct session *s);
/* The set's variant ("congo", "megapawn"), its name capitalised and the
 * current puzzle's place in the set (1..) and the set's size. */
const char *session_puzzle_variant(const struct session *s);
void session_puzzle_place(const struct session *s, int *place, int *count);
enum session_learn_result session_puzzle_play(struct session *s, move_t m);
void session_puzzle_hint(struct session *s);
void session_puzzle_solution(struct session *s);
/* The puzzle played (NULL none) and the player's rating. */
const struct learn_puzzle *session_puzzle_current(const struct session *s);
struct learn_player *session_puzzle_player(struct session *s);

#endif
