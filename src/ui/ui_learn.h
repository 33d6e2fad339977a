/*
 * ui_learn.h: lessons and puzzles in the game (ui_learn.c, ui_puzzle.c),
 * on top of the pure src/learn. Inert until `--learn`, `--puzzle`,
 * `:learn` or `:puzzle`; the rest of the UI calls the hooks below.
 */
#ifndef CONGO_UI_LEARN_H
#define CONGO_UI_LEARN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "learn/learn.h"
#include "ui/ui_int.h"

struct ui_learn_opts {
	bool learn;               /* --learn: open the lesson list */
	bool puzzle;              /* --puzzle: serve puzzles */
};

/* Take --learn and --puzzle out of argv (compacting it). */
void ui_learn_opts_take(int *argc, char **argv, struct ui_learn_opts *o);
void ui_learn_usage(FILE *out);
/* Before the terminal starts: the data --learn or --puzzle needs is
 * there, else -1 with a message that says where it was looked for and
 * how to fix it. */
int ui_learn_check_data(const struct ui_learn_opts *o, char *err,
    size_t n);
/* After the first game is set up and the terminal started. */
void ui_learn_begin(struct ui_app *a, const struct ui_learn_opts *o);
void ui_learn_end(struct ui_app *a);

/* Hooks; each returns true when it handled the event. */
bool ui_learn_command(struct ui_app *a, const struct ui_cmd *cmd);
/* A human's legal move, before it is played. */
bool ui_learn_play(struct ui_app *a, move_t m);
/* An illegal move tried with the keys (msg: the input's words). */
bool ui_learn_illegal(struct ui_app *a, const char *msg);
/* A key on the board screen, before the usual keys. */
bool ui_learn_key(struct ui_app *a, const struct ui_event *ev);
/* The panel below the players: true when it drew (no move list then). */
bool ui_learn_panel(struct ui_app *a, int y, int x, int w, int bottom);

/* The lesson list screen. */
void ui_learn_list_draw(struct ui_app *a);
void ui_learn_list_key(struct ui_app *a, const struct ui_event *ev);

/* ---- shared by ui_learn.c and ui_puzzle.c ---- */

enum ui_learn_mode { UL_OFF = 0, UL_LIST, UL_LESSON, UL_PUZZLE };

struct ui_learn {
	enum ui_learn_mode mode;
	bool book_loaded;
	struct learn_book book;
	bool state_loaded;
	struct learn_state st;
	char state_path[1024];
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
	double before;            /* the rating before this puzzle */
	char player[LEARN_ID_MAX];
	/* What the learner was last told (a wrong move's reason, a hint):
	 * kept whole in the panel, where the message line may cut it. */
	char said[SESSION_MSG_MAX];
	int said_tone;
	int hint_sq;              /* the hint's piece, marked; -1 none */
};

/* The app's learning state (made on first use; a->learn). */
struct ui_learn *ui_learn_get(struct ui_app *a);
/* Both sides human (saving the players), or the saved players back. */
void ui_learn_players_human(struct ui_app *a);
void ui_learn_leave(struct ui_app *a);
/* A lesson's or puzzle's position on the board, the mover at the bottom. */
void ui_learn_new_game(struct ui_app *a, const struct board *b);
/* Load the progress file once; save it (errors go to the message line). */
void ui_learn_state_load(struct ui_app *a);
void ui_learn_state_save(struct ui_app *a);
/* Word-wrap text into the panel, indented by two; returns the next free
 * line. ui_learn_wrap_head: a heading, not indented (its further lines
 * are). */
int ui_learn_wrap(int y, int x, int w, int bottom, int style,
    const char *text);
int ui_learn_wrap_head(int y, int x, int w, int bottom, int style,
    const char *text);
/* Keep the message just given in the panel (see said); forget it. */
void ui_learn_said(struct ui_app *a);
void ui_learn_forget(struct ui_app *a);
/* The square the last hint marks on the board, or -1. */
int ui_learn_hint_sq(const struct ui_app *a);

void ui_puzzle_next(struct ui_app *a);
bool ui_puzzle_play(struct ui_app *a, move_t m);
void ui_puzzle_hint(struct ui_app *a);
void ui_puzzle_solution(struct ui_app *a);
int ui_puzzle_panel(struct ui_app *a, int y, int x, int w, int bottom);

#endif
