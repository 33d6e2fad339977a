/*
 * game.h: a game: start position, the moves played (with undo/redo), the
 * result and its reason, and the draw rules (repetition, quiet plies).
 * The history grows on the heap; everything else is fixed size.
 */
#ifndef CONGO_GAME_H
#define CONGO_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/board.h"
#include "engine/movegen.h"

enum game_result {
	RESULT_NONE = 0,
	RESULT_WHITE_WINS,
	RESULT_BLACK_WINS,
	RESULT_DRAW
};

enum game_reason {
	REASON_NONE = 0,
	REASON_LION_CAPTURED,
	REASON_NO_MOVES,
	REASON_BARE_LIONS,
	REASON_REPETITION,
	REASON_QUIET_MOVES,
	REASON_RESIGN,
	REASON_AGREEMENT,
	/* Endings from outside the rules that a game's record keeps: a
	 * loss on the clock, a game abandoned (the server's CLAIM), a
	 * match's adjudication (by the scores, the tables or the ply
	 * limit). */
	REASON_TIME,
	REASON_ABANDONED,
	REASON_ADJUDICATED
};
#define REASON_LAST REASON_ADJUDICATED

struct game_rules {
	bool repetition;  /* third occurrence draws; in megapawn a first
	                     repeat loses for the mover (default true) */
	int quiet_plies;  /* this many quiet plies draw; 0 is off (default 200) */
};

#define GAME_RULES_DEFAULT { true, 200 }

struct game {
	struct game_rules rules;
	int variant;        /* enum variant: the start position's, never changes */
	struct board *pos;  /* pos[0] the start, pos[i] after i plies */
	move_t *moves;      /* moves[i] leads from pos[i] to pos[i+1] */
	int nply;           /* plies played */
	int nredo;          /* undone plies that redo can replay (past nply) */
	int cap;
	enum game_result result;
	enum game_reason reason;
};

/* Start a game from a position; computes its status (it may be over). */
void game_init(struct game *g, const struct board *start,
    const struct game_rules *rules);
void game_free(struct game *g);
const struct board *game_board(const struct game *g);

/* Play a move: -1 with a message when the game is over or it is illegal. */
int game_play(struct game *g, move_t m, char *err, size_t errlen);
/* Play move text. */
int game_play_text(struct game *g, const char *text, char *err, size_t errlen);
/* Undo the last ply (keeps it for redo); -1 if none. */
int game_undo(struct game *g);
/* Redo an undone ply; -1 if none. */
int game_redo(struct game *g);
void game_resign(struct game *g, int color);
void game_agree_draw(struct game *g);
/* The game ended outside the rules (REASON_RESIGN ... REASON_ADJUDICATED)
 * with result r; ignored for a game over or r RESULT_NONE. */
void game_end(struct game *g, enum game_result r, enum game_reason why);
/* Did the rules end it (lion captured ... quiet moves)? */
bool game_reason_by_rules(enum game_reason why);
bool game_over(const struct game *g);

/*
 * The status of a position reached in play, by the end-of-game rules of
 * RULES.md in their order, those of b's variant (megapawn: lion captured,
 * repetition loses for the mover at the first repeat, no move, quiet
 * moves; no bare-lions draw). history[0..n-1] are the earlier positions (for
 * repetition), lion_taken says the last move captured a lion.
 * Pure: used by game_play, the server and the search's draw checks.
 */
enum game_result game_status(const struct board *b, const struct board *history,
    int n, bool lion_taken, const struct game_rules *rules,
    enum game_reason *reason);

/* "white-wins" "black-wins" "draw" "none"; "lion-captured" ...
 * "time" "abandoned" (the protocol's words) "adjudication" */
const char *game_result_name(enum game_result r);
const char *game_reason_name(enum game_reason r);
/* "White wins: lion captured", "Draw: repetition" */
void game_result_text(enum game_result r, enum game_reason why, char *buf,
    size_t n);

/* The same in the reader's language (game_words.c, util/i18n.h), for a
 * person's eyes only: a piece's name ("lion"), a reason ("repetition"),
 * a result ("White wins: lion captured"). */
const char *game_piece_word(int type);
/* more than one of them ("zebras") */
const char *game_pieces_word(int type);
const char *game_reason_words(enum game_reason why);
void game_result_words(enum game_result r, enum game_reason why, char *buf,
    size_t n);

#endif
