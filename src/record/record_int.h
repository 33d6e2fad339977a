/*
 * record_int.h: between the files of the record module (not for its users).
 */
#ifndef CONGO_RECORD_INT_H
#define CONGO_RECORD_INT_H

#include "record/record.h"

/*
 * The body of one comment (between '{' and '}', len bytes) into n: its
 * [%clk H:MM:SS] and [%eval 0.35] / [%eval #-3] set clk_ms and the eval,
 * other [%...] commands and the text around them are appended to n->text
 * (white space runs read as one space). -1 with the reason in why when a
 * %clk or %eval is malformed or the text too long.
 */
int record_comment_parse(struct record_note *n, const char *s, size_t len,
    char *why, size_t whylen);

/* A move's suffix annotation, as PGN's import format allows (d2d3?? is
 * d2d3 $4): cut off text, its NAG returned; 0 when none. */
int record_suffix_nag(char *text);

/* A checked "H:MM:SS" or "H:MM:SS.fff" (hours 0..99999) in ms; -1 if not. */
int record_clock_parse(const char *s, size_t len, int64_t *ms);

/* The comment body of n as written ("[%eval 0.35] [%clk 0:04:58] text"),
 * "" when it has nothing for a comment; malloc'd. */
char *record_comment_text(const struct record_note *n);

/*
 * (Added) Reading variations (record_rav.c): the tree being filled beside
 * the game, the position reached in the line being read, and the '('
 * met and not yet closed.
 */
#define RECORD_RAV_DEPTH_MAX 64

struct record_rav {
	struct record_tree *tree;   /* the caller's, or &own */
	struct record_tree own;
	int cur;                    /* the node of the position reached */
	int depth;                  /* '(' open */
	int back[RECORD_RAV_DEPTH_MAX];   /* cur before each '(' */
	int line[RECORD_RAV_DEPTH_MAX];   /* and its line */
	bool fresh;                 /* no move yet after the last '(' */
	struct record_note pend;    /* a comment before a variation's move */
};

/* Start on a game's start position (into tree, or a tree of its own). */
void record_rav_begin(struct record_rav *r, struct record_tree *tree,
    const struct game *g);
void record_rav_end(struct record_rav *r);
/* '(' and ')': -1 with the reason in why. */
int record_rav_open(struct record_rav *r, int line, char *why, size_t n);
int record_rav_close(struct record_rav *r, char *why, size_t n);
/* The position reached in the variation being read. */
const struct board *record_rav_board(const struct record_rav *r);
/* Its status (the game over there?). */
enum game_result record_rav_result(const struct record_rav *r,
    enum game_reason *why);
/* A main-line move (after the game played it), or a variation's. */
void record_rav_main(struct record_rav *r, move_t m);
int record_rav_move(struct record_rav *r, move_t m, char *why, size_t n);
/* Where a comment or NAG read inside a variation goes. */
struct record_note *record_rav_note(struct record_rav *r);

/*
 * The reader's state over a record's text (record_read.c, record_lex.c):
 * where it is, the line, the name errors give, and what is being filled.
 */
struct record_lexer {
	const char *begin, *p, *end;
	int line;
	const char *name;
	char *err;
	size_t errlen;
	/* (Added) several games in a file, and each move's notes */
	bool multi;             /* a '[' after the result: the next game */
	const struct game *g;   /* the game being read, for its ply count */
	struct record_notes *notes; /* what the moves carry, NULL: skipped */
	struct record_rav *rav;     /* variations, while the moves are read */
	struct record_tree *tree;   /* the caller's tree of the game wanted */
};

/* record_lex.c. fail: err set to NAME:LINE: the message; -1. skip: white
 * space, comments (a {comment} read into the notes) and % escape lines
 * passed; -1 on an unterminated comment. tag: a [Name "value"] pair at
 * lx->p into t. token_end: does c end a token of the move text? nag: the
 * "$N" after a move kept in its notes. */
int record_lex_fail(struct record_lexer *lx, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int record_lex_skip(struct record_lexer *lx);
int record_lex_tag(struct record_lexer *lx, struct record_tags *t);
bool record_lex_token_end(char c);
int record_lex_nag(struct record_lexer *lx, const char *tok, int line);

#endif
