/*
 * record.h: game records, a small PGN-like text format. No curses, no sockets.
 *
 *   [Event "Casual game"]
 *   [Date "2026.11.21"]
 *   [White "human"]
 *   [Black "alphabeta 1000ms"]
 *   [Variant "Congo"]
 *   [FEN "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1"]   (only when not the start)
 *   [Result "1-0"]                                         ("1-0" "0-1" "1/2-1/2" "*")
 *   [Termination "lion-captured"]                          (when over)
 *
 *   1. d2d3 d6d5 2. b1d3f5 ... 1-0
 *
 * Each move may carry an annotation (struct record_note): numeric
 * annotation glyphs after it ($2 $6), and one comment {...} holding its
 * clock [%clk 0:04:58], its evaluation [%eval 0.35] / [%eval #-3] and a
 * free text. ; to end of line is skipped when reading.
 */
#ifndef CONGO_RECORD_H
#define CONGO_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/game.h"

#define RECORD_TAG_MAX 16
#define RECORD_TAG_LEN 128

struct record_tags {
	int n;
	char name[RECORD_TAG_MAX][32];
	char value[RECORD_TAG_MAX][RECORD_TAG_LEN];
};

/* (Added) Tags for a new game: Event "Casual game", Date today,
 * White and Black as given (NULL: "?"). Clears t first. */
void record_tags_default(struct record_tags *t, const char *white,
    const char *black);

/* Set (or replace) a tag. Names are cut to 31 characters, values to 127
 * bytes (on a UTF-8 boundary); a 17th tag is dropped. */
void record_tag_set(struct record_tags *t, const char *name, const char *value);
const char *record_tag_get(const struct record_tags *t, const char *name);
/* A result as the Result tag and the move text write it: 1-0, 0-1,
 * 1/2-1/2, or * while the game goes on. */
const char *record_result_text(enum game_result r);

/*
 * Write g with the tags (Result, FEN, Variant, Termination filled in from g).
 * (Added) Tags come in a fixed order: Event, Site, Date, Round, White, Black,
 * Variant, FEN, Result, Termination, then the others as set. Event, Date,
 * White and Black are always written ("?" when not set). At most
 * RECORD_TAG_MAX tags in all, as the reader takes: the last others are
 * left out when the fixed ones leave no room. Moves are those
 * played (not the undone ones kept for redo), lines at most 79 columns.
 * Returns 0, or -1 if writing failed (errno set).
 */
int record_write(FILE *f, const struct game *g, const struct record_tags *tags);
int record_save(const char *path, const struct game *g,
    const struct record_tags *tags, char *err, size_t errlen);

/*
 * Read a record into a fresh game (game_init'd inside with rules). Every move
 * is checked by the rules engine. Returns 0, or -1 with "FILE:LINE: message"
 * in err (name is the file name used in messages).
 * (Added) On success the caller owns *g (game_free); on error *g is zeroed
 * and holds nothing to free. tags may be NULL. rules NULL: the defaults.
 * A Result of 1-0/0-1 (1/2-1/2) for a game the rules have not ended is read
 * as a resignation (an agreed draw), unless its Termination names
 * another ending (time forfeit, abandoned, adjudication).
 */
int record_read(FILE *f, const char *name, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    char *err, size_t errlen);
int record_load(const char *path, struct game *g, struct record_tags *tags,
    const struct game_rules *rules, char *err, size_t errlen);

/*
 * (Added) The folder for saved games: save_dir if not "" (a leading "~/" is
 * the home folder), else $XDG_DATA_HOME/congo, else ~/.local/share/congo.
 * Creates it (and its parents) when missing. Returns 0, or -1 with a message.
 */
int record_dir(const char *save_dir, char *out, size_t n, char *err,
    size_t errlen);

/*
 * (Added) Clocks and files of several games. clk[i] is the mover's time
 * left after ply i in ms (-1: none), written as PGN's {[%clk 0:04:58]}
 * after the move and read back from it. record_read_game reads game
 * `index` (1 = the first) of a file of several; index 0 wants a file of
 * one game (a second one is an error that says how to pick). *clk, when
 * asked for, is malloc'd (nply entries) or NULL: the caller frees it.
 * record_count_games: how many games a file holds, -1 with err if none.
 */
int record_write_clk(FILE *f, const struct game *g,
    const struct record_tags *tags, const int64_t *clk);
int record_save_clk(const char *path, const struct game *g,
    const struct record_tags *tags, const int64_t *clk, char *err,
    size_t errlen);
int record_read_game(FILE *f, const char *name, int index, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    int64_t **clk, char *err, size_t errlen);
int record_count_games(const char *path, char *err, size_t errlen);
/* Each game of a file in one pass (index from 1): how many games were
 * read before the end or the first bad one, -1 with err when none. */
int record_list(const char *path, void (*each)(void *ctx, int index,
    const struct game *g, const struct record_tags *t), void *ctx,
    const struct game_rules *rules, char *err, size_t errlen);

/*
 * (Added) Annotations. A struct record_note is what one move carries, kept
 * whole so that a move tree's node can hold one: its NAGs ($1..$255 in
 * the order read), its clock, its evaluation and a free comment text.
 * Written after the move as `d2d3 $6 $2 {[%eval -1.20] [%clk 0:04:58]
 * text}`; read back from any number of comments after the move (their
 * texts joined by a space, the last %eval and %clk kept). A comment
 * before the first move is the game's (notes->intro). White space in a
 * text is read as one space; a '}' cannot be in a comment and is written
 * as ')'. The eval is White's side, centipawns with a pawn 100 (lichess's
 * scale; congo(6) ANALYSIS says how the search's own is mapped); a
 * forced lion capture is eval_mate: +N White takes it on its Nth move,
 * -N Black. Malformed %clk, %eval or NAGs are errors with FILE:LINE.
 */
#define RECORD_NAG_MAX 8
#define RECORD_NOTE_TEXT_MAX 2000  /* a longer comment is an error */

struct record_note {
	int nnag;
	unsigned char nag[RECORD_NAG_MAX];
	unsigned char mark;   /* which of nag[] an analysis of this program
				 put there as its mark ($2 $4 $6), 0 none
				 (a record read keeps none: all are glyphs) */
	bool has_eval;
	int eval_cp;          /* White's side, a pawn = 100 (has_eval) */
	int eval_mate;        /* != 0: a forced lion capture, see above */
	int64_t clk_ms;       /* the mover's time left after it, -1 none */
	char *text;           /* the free comment, malloc'd, NULL none */
};

struct record_notes {
	int n, cap;           /* at[0..n-1]: the note after ply i */
	struct record_note *at;
	char *intro;          /* the comment before the first move, or NULL */
	/* (Added) the first position's evaluation, in that comment too
	 * ({[%eval 0.15]}, as a note's: eval_mate != 0 a forced win) */
	bool start_has_eval;
	int start_cp, start_mate;
};

void record_note_init(struct record_note *n);
void record_note_free(struct record_note *n);
/* Copy (the text duplicated); dst must not hold anything to free. */
void record_note_copy(struct record_note *dst, const struct record_note *src);
/* True when the note has nothing to write. */
bool record_note_empty(const struct record_note *n);
/* Add a NAG (1..255; a repeated one is not added twice); -1 when full. */
int record_note_add_nag(struct record_note *n, int nag);
/* Replace the text (NULL or "" clears it). */
void record_note_set_text(struct record_note *n, const char *text);

void record_notes_init(struct record_notes *ns);
void record_notes_free(struct record_notes *ns);
/* The note of ply i, made (empty) when missing: grows the array. */
struct record_note *record_notes_at(struct record_notes *ns, int ply);
/* The note of ply i, or NULL when there is none. */
const struct record_note *record_notes_get(const struct record_notes *ns,
    int ply);
/* Forget the notes of plies >= ply (moves undone or replaced). */
void record_notes_truncate(struct record_notes *ns, int ply);
/* "$2" -> "?", "$6" -> "?!", "$4" -> "??", "$1" "!", "$3" "!!", "$5"
 * "!?"; NULL for the others. */
const char *record_nag_symbol(int nag);

/* A record with notes (NULL: none), and reading one game of a file with
 * its notes (notes, when not NULL, is filled: the caller frees it with
 * record_notes_free, even after an error). */
int record_write_notes(FILE *f, const struct game *g,
    const struct record_tags *tags, const struct record_notes *notes);
int record_save_notes(const char *path, const struct game *g,
    const struct record_tags *tags, const struct record_notes *notes,
    char *err, size_t errlen);
int record_read_notes(FILE *f, const char *name, int index, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    struct record_notes *notes, char *err, size_t errlen);

/*
 * (Added) Variations: a game's move tree. node[0] is the root (the start
 * position); every other node is a move with the position after it, the
 * game's status there by the rules, and its annotation. child[0] is the
 * main continuation, the others are variations (alternatives to it), in
 * order. The main line is the game's moves (record_tree_sync keeps it
 * so); the tree holds the variations that hang from it, nested. Deleted
 * nodes stay in the array, marked dead. Written as RAV: `3. c3c4 (3. a3a4
 * {text} a6a5 (3... b6b5)) 3... d6d5`, a variation after the move it
 * replaces; read back the same, nested to any depth.
 */
struct record_node {
	move_t move;                /* the move into it (root: MOVE_NONE) */
	struct board pos;           /* the position after it */
	int parent;                 /* -1: the root */
	int ply;                    /* plies from the start */
	int *child, nchild, capchild;
	enum game_result result;    /* over here? (no move may follow) */
	enum game_reason reason;
	struct record_note note;    /* a variation's move's annotation */
	bool dead;                  /* deleted */
};

struct record_tree {
	struct record_node *node;
	int n, cap;
	struct game_rules rules;    /* the game's, for each node's status */
};

void record_tree_init(struct record_tree *t, const struct board *start,
    const struct game_rules *rules);
void record_tree_free(struct record_tree *t);
void record_tree_copy(struct record_tree *dst, const struct record_tree *src);
/* The child of node reached by m, or -1. */
int record_tree_child(const struct record_tree *t, int node, move_t m);
/* The main continuation of node (child[0]), or -1. */
int record_tree_main(const struct record_tree *t, int node);
/* Add a legal move of node's position as its last child (or find it):
 * the child's index, -1 when the game is over at node. */
int record_tree_add(struct record_tree *t, int node, move_t m);
/* Is node on the main line (child[0] all the way from the root)? */
bool record_tree_on_main(const struct record_tree *t, int node);
/* The first move of the innermost variation holding node (0: node is on
 * the main line). */
int record_tree_branch(const struct record_tree *t, int node);
/* One place up among its siblings (rank 1 becomes the main
 * continuation): its new rank, -1 when it is already first. */
int record_tree_promote(struct record_tree *t, int node);
/* Delete node and everything after it: its parent, -1 for the root. */
int record_tree_delete(struct record_tree *t, int node);
/* The main line's node after ply plies, -1 past its end. */
int record_tree_at_ply(const struct record_tree *t, int ply);
/* The moves from the root to node into moves[max]: their count, -1 when
 * more than max. */
int record_tree_path(const struct record_tree *t, int node, move_t *moves,
    int max);
/* Make the main line the game's moves (redo ones included): a game move
 * that is a variation here becomes the main continuation; a new one
 * replaces the old continuation when that was a plain line (as the game
 * drops its redo moves), else the old one is kept as a variation. A game
 * from another start empties the tree. */
void record_tree_sync(struct record_tree *t, const struct game *g);
/* The live moves in the tree (the root not counted). */
int record_tree_count(const struct record_tree *t);

/* A record with variations: the game's moves with notes (NULL: none) as
 * the main line, the tree's variations (NULL: none) after the moves they
 * replace. record_read_tree reads game `index` as record_read_notes does,
 * and when tree is not NULL fills it (record_tree_free it, even after an
 * error); variations are checked move by move (FILE:LINE) either way. */
int record_write_tree(FILE *f, const struct game *g,
    const struct record_tags *tags, const struct record_notes *notes,
    const struct record_tree *tree);
int record_save_tree(const char *path, const struct game *g,
    const struct record_tags *tags, const struct record_notes *notes,
    const struct record_tree *tree, char *err, size_t errlen);
int record_read_tree(FILE *f, const char *name, int index, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    struct record_notes *notes, struct record_tree *tree, char *err,
    size_t errlen);

/* (Added) A file name for a new record: "congo-YYYYMMDD-HHMMSS.pgn". */
void record_default_name(char *out, size_t n);

#endif
