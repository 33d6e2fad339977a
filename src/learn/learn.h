/*
 * learn.h: learning Congo: lessons (a position, a one-sentence goal and a
 * way to check the move), an explainer that names the rule a wrong or
 * illegal move breaks, puzzles (a lion won by force in N moves) with their
 * prover, the player's progress and a Glicko rating.
 *
 * Pure code: no curses, no sockets. The lesson and puzzle file formats are
 * documented in congo(6), section LEARNING.
 *
 * Every lesson, step and puzzle carries its variant by name ("congo",
 * "megapawn"); learn_variant_supported() says whether this build's engine
 * plays it. Lessons and puzzles of a variant the engine does not play are
 * read and kept, but cannot be loaded into a position.
 */
#ifndef CONGO_LEARN_H
#define CONGO_LEARN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "util/util.h"

#define LEARN_ID_MAX 32
#define LEARN_VARIANT_MAX 16
#define LEARN_TEXT_MAX 256
#define LEARN_INTRO_MAX 1024
#define LEARN_ACCEPT_MAX 16
#define LEARN_CHECK_MAX 8
#define LEARN_WRONG_MAX 8
#define LEARN_ERR_MAX 320

/* ---- variants (learn_variant.c) ---- */

/* Does the engine of this build play the variant? ("congo": yes.) */
bool learn_variant_supported(const char *variant);
/* Is the name a variant of RULES.md at all ("congo", "megapawn")? */
bool learn_variant_known(const char *variant);
/* Read a FEN of a variant: -1 with a message when the FEN is bad or the
 * variant is not played by this build. */
int learn_fen_read(const char *variant, const char *fen, struct board *b,
    char *err, size_t errlen);

/* ---- lessons (learn_lesson.c) ---- */

enum learn_check_kind {
	LC_CAPTURES = 0,   /* captures at least n pieces (drownings not counted) */
	LC_TAKES_LION,     /* captures the enemy lion */
	LC_NO_DROWN,       /* no piece of the mover drowns */
	LC_PROMOTES,       /* a pawn becomes a superpawn (megapawn) */
	LC_TO,             /* the move ends on square sq */
	LC_FROM,           /* the piece on square sq moves */
	LC_SAFE,           /* afterwards the opponent cannot take the lion */
	NLEARN_CHECKS
};

struct learn_check {
	enum learn_check_kind kind;
	int n;             /* LC_CAPTURES */
	int sq;            /* LC_TO, LC_FROM */
};

struct learn_wrong {
	char move[MOVE_TEXT_MAX];
	char text[LEARN_TEXT_MAX];
};

struct learn_step {
	int line;                          /* of its `step` line */
	char fen[FEN_MAX];
	char goal[LEARN_TEXT_MAX];
	char done[LEARN_TEXT_MAX];         /* said after a right move; "" none */
	char hint[LEARN_TEXT_MAX];         /* said after a wrong move; "" none */
	int naccept;                       /* 0: any move passing the checks */
	char accept[LEARN_ACCEPT_MAX][MOVE_TEXT_MAX];
	int ncheck;
	struct learn_check check[LEARN_CHECK_MAX];
	int nwrong;
	struct learn_wrong wrong[LEARN_WRONG_MAX];
};

struct learn_lesson {
	int line;                          /* of its `lesson` line */
	char id[LEARN_ID_MAX];
	char title[LEARN_TEXT_MAX];
	char variant[LEARN_VARIANT_MAX];
	char intro[LEARN_INTRO_MAX];
	struct vec steps;                  /* of struct learn_step */
};

struct learn_book {
	struct vec lessons;                /* of struct learn_lesson */
};

void learn_book_init(struct learn_book *bk);
void learn_book_free(struct learn_book *bk);
/*
 * Read lessons from text (name is used in messages as name:line) or from a
 * file. On error returns -1 with "name:line: what is wrong" in err; the book
 * is left empty. A step's FEN and accepted moves are checked against the
 * engine when the variant is supported.
 */
int learn_book_parse(struct learn_book *bk, const char *text,
    const char *name, char *err, size_t errlen);
int learn_book_read(struct learn_book *bk, const char *path, char *err,
    size_t errlen);
size_t learn_book_count(const struct learn_book *bk);
const struct learn_lesson *learn_book_lesson(const struct learn_book *bk,
    size_t i);
const struct learn_lesson *learn_book_find(const struct learn_book *bk,
    const char *id);
size_t learn_lesson_nsteps(const struct learn_lesson *l);
const struct learn_step *learn_lesson_step(const struct learn_lesson *l,
    size_t i);
/* The position of a step (its lesson's variant): 0, or -1 with a message. */
int learn_step_position(const struct learn_lesson *l,
    const struct learn_step *s, struct board *b, char *err, size_t errlen);

/* ---- checking a move and explaining (learn_check.c, learn_explain.c) ---- */

/*
 * Does the legal move m, played in the step's position b, reach the goal?
 * true, or false with a one-line explanation in why.
 */
bool learn_step_check(const struct learn_step *s, const struct board *b,
    move_t m, char *why, size_t n);
/*
 * Why the piece on `from` cannot go to `to` in b (the move from-to is not
 * legal): the rule it breaks, one line, e.g. "A lion may not leave its
 * castle". Always writes something.
 */
void learn_explain_illegal(const struct board *b, int from, int to,
    char *why, size_t n);
/*
 * What a legal move m does that a beginner may not expect, if anything:
 * a piece of the mover drowns, the mover's lion can be taken afterwards.
 * Returns false (and writes "") when there is nothing to say.
 */
bool learn_explain_consequence(const struct board *b, move_t m, char *why,
    size_t n);

/* ---- puzzles (learn_puzzle.c) ---- */

#define LEARN_PUZZLE_NMAX 4
#define LEARN_LINE_MAX (2 * LEARN_PUZZLE_NMAX)
#define LEARN_THEME_MAX 32

struct learn_puzzle {
	int line;                           /* in its file */
	char variant[LEARN_VARIANT_MAX];
	char fen[FEN_MAX];
	int n;                              /* the solver's moves */
	int nline;                          /* 2n-1 moves */
	char moves[LEARN_LINE_MAX][MOVE_TEXT_MAX];
	char theme[LEARN_THEME_MAX];
};

/* One line `variant<TAB>FEN<TAB>N<TAB>main line<TAB>theme`. */
int learn_puzzle_parse(const char *line, struct learn_puzzle *p, char *err,
    size_t errlen);
void learn_puzzle_format(const struct learn_puzzle *p, char *buf, size_t n);
/* A whole file into a vec of struct learn_puzzle (blank lines and lines
 * starting with '#' skipped). -1 with "path:line: ..." on error. */
int learn_puzzles_read(struct vec *out, const char *path, char *err,
    size_t errlen);
/* A stable key of a puzzle (variant and FEN), 16 hex digits. */
void learn_puzzle_key(const struct learn_puzzle *p, char out[17]);
/* Its rating for choosing (from N, the number of first moves, the theme). */
int learn_puzzle_rating(const struct learn_puzzle *p);
/*
 * Does the puzzle carry the theme? A puzzle's theme is a piece or a kind
 * ("crocodile", "lion-face", "monkey-chain", "endgame") with "-quiet" when
 * its first move takes nothing: "crocodile" matches crocodile and
 * crocodile-quiet, "quiet" every quiet one; NULL or "" matches all.
 */
bool learn_puzzle_has_theme(const struct learn_puzzle *p, const char *theme);
/* The themes a theme filter may name among the puzzles (a vec of struct
 * learn_puzzle) of the variant (NULL: any), blank-separated, "quiet"
 * last; "" when there is none. */
void learn_puzzle_themes(const struct vec *puzzles, const char *variant,
    char *out, size_t n);
/* A theme (or a theme filter) in the reader's words, as a panel or message
 * shows it ("crocodile-quiet" in German "Krokodil, ruhiger erster Zug");
 * the typed word stays the keyword. A theme the program does not know is
 * given as it is. Returns out. */
const char *learn_puzzle_theme_words(const char *theme, char *out, size_t n);

/* ---- the prover (learn_prove.c) ---- */

struct learn_prover;

/* A prover with a table of 2^bits entries (bits 10..24). */
struct learn_prover *learn_prover_new(int bits);
void learn_prover_free(struct learn_prover *pv);
/* The game's positions before the one to prove (megapawn: a move that
 * repeats one of them loses). Kept until set again; n = 0 clears. */
void learn_prover_set_history(struct learn_prover *pv,
    const struct board *hist, int n);
/* Forget the table (another variant's rules, or to measure). */
void learn_prover_clear(struct learn_prover *pv);
/* Nodes visited since created. */
uint64_t learn_prover_nodes(const struct learn_prover *pv);
/* Stop (return "unknown") after this many nodes of one call; 0: no limit. */
void learn_prover_set_limit(struct learn_prover *pv, uint64_t nodes);

enum learn_proof_result {
	PROOF_YES = 1,
	PROOF_NO = 0,
	PROOF_UNKNOWN = -1     /* the node limit was reached, or a move list
	                          overflowed: nothing is claimed */
};

/* Does the side to move take the enemy lion by force within n of its
 * moves (every defence considered)? */
enum learn_proof_result learn_prove_win(struct learn_prover *pv,
    const struct board *b, int n);

struct learn_proof {
	int n;                 /* the least N (1..nmax) that wins; 0: none */
	int nwinning;          /* first moves that win within n */
	move_t first;          /* one of them */
	int nline;             /* the main line: 2n-1 moves */
	move_t line[LEARN_LINE_MAX];
	char theme[LEARN_THEME_MAX];
};

/*
 * Prove a puzzle position: the least n <= nmax within which the side to
 * move wins, how many first moves do so, and a main line (the defence that
 * holds out longest, the solver's fastest win). PROOF_NO when there is no
 * win within nmax; PROOF_UNKNOWN on the node limit.
 */
enum learn_proof_result learn_prove_puzzle(struct learn_prover *pv,
    const struct board *b, int nmax, struct learn_proof *out);
/*
 * Check a puzzle as shipped: its position loads, its N is the least, exactly
 * one first move wins within N, and its main line is legal, wins within N at
 * every solver move and ends with the lion's capture. 0, or -1 with why.
 */
int learn_puzzle_verify(struct learn_prover *pv, const struct learn_puzzle *p,
    char *err, size_t errlen);
/* Does the solver's move m in b win within n of its moves (m included)? */
enum learn_proof_result learn_prove_move(struct learn_prover *pv,
    const struct board *b, move_t m, int n);
/*
 * Does the puzzle's win need megapawn's repetition rule: does the side to
 * move win within its N only because a defence that brings a position back
 * loses? (Its header then cannot promise the lion.) PROOF_YES, PROOF_NO or
 * PROOF_UNKNOWN; the prover's table is cleared.
 */
enum learn_proof_result learn_puzzle_needs_repetition(struct learn_prover *pv,
    const struct learn_puzzle *p);
/* The solver's fastest winning move within n, or MOVE_NONE. */
move_t learn_prove_best(struct learn_prover *pv, const struct board *b,
    int n);
/* The defence the program plays in b (the defender to move) when the
 * solver has `left` moves left: the reply that holds out longest. */
move_t learn_prove_defence(struct learn_prover *pv, const struct board *b,
    int left);

/* ---- progress and rating (learn_state.c, learn_rating.c) ---- */

struct learn_rating {
	double r;              /* rating */
	double rd;             /* rating deviation */
	int games;
};

#define LEARN_RATING_START { 1000.0, 350.0, 0 }

/* Glicko-1: the player's rating after one result s (1 solved, 0 failed)
 * against a puzzle rated opp (deviation opp_rd). */
void learn_rating_update(struct learn_rating *r, double opp, double opp_rd,
    double s);
/* The expected score against a puzzle rated opp. */
double learn_rating_expect(const struct learn_rating *r, double opp,
    double opp_rd);
/*
 * The next puzzle for a player: the unsolved one rated closest to the
 * player's rating (ties: the easier, then the earlier). solved[i] says
 * puzzle i is done (or cannot be played here). -1 when none is left.
 */
int learn_pick_puzzle(const struct learn_rating *r, const int *ratings,
    const bool *solved, size_t n);
/*
 * The next puzzle of a streak (lichess's Puzzle Streak): the one rated
 * least above `above` (each harder than the last; ties: the earlier)
 * among those not excluded. -1 when none is left.
 */
int learn_pick_streak(const int *ratings, const bool *excluded, size_t n,
    int above);

struct learn_state {
	struct vec lessons;    /* of char[LEARN_ID_MAX]: lessons done */
	struct vec players;    /* of struct learn_player */
};

struct learn_player {
	char name[LEARN_ID_MAX];
	struct learn_rating rating;
	int best_streak;       /* the longest puzzle streak */
	struct vec solved;     /* of char[17]: puzzle keys */
};

/*
 * The directory of the progress file: $XDG_STATE_HOME/congo, or
 * ~/.local/state/congo. -1 when neither HOME nor XDG_STATE_HOME is set.
 */
int learn_state_dir(char *out, size_t n);
/* <dir>/learn */
int learn_state_path(char *out, size_t n);

void learn_state_init(struct learn_state *st);
void learn_state_free(struct learn_state *st);
/* A missing file is an empty state; a bad line is an error naming
 * path:line. */
int learn_state_load(struct learn_state *st, const char *path, char *err,
    size_t errlen);
/* Written to a temporary file and renamed; the directory is created. */
int learn_state_save(const struct learn_state *st, const char *path,
    char *err, size_t errlen);
bool learn_state_lesson_done(const struct learn_state *st, const char *id);
void learn_state_mark_lesson(struct learn_state *st, const char *id);
/* The player's record, created (with the start rating) if new. */
struct learn_player *learn_state_player(struct learn_state *st,
    const char *name);
bool learn_player_solved(const struct learn_player *p, const char *key);
void learn_player_mark_solved(struct learn_player *p, const char *key);

/* ---- data files (learn_paths.c) ---- */

/* $CONGO_DATADIR/<name> if set, else the first readable of
 * <pkgdatadir>/<name>, the source tree's data/<name>, data/<name> beside
 * the program's build tree and share/congo/<name> beside its bin/ (the
 * first when none is). learn_data_find says whether one was found (0, or
 * -1) and, in tried, the folders it looked in. */
void learn_data_path(const char *name, char *out, size_t n);
int learn_data_find(const char *name, char *out, size_t n, char *tried,
    size_t tn);
/* The file of a language: lessons.txt in German is lessons.de.txt (lang
 * "de"; "pt-BR" tries lessons.pt-BR.txt, then lessons.pt.txt), found as
 * learn_data_find finds one; where there is none (or lang is "en", "" or
 * NULL), name itself, as learn_data_path gives it. */
void learn_data_path_lang(const char *name, const char *lang, char *out,
    size_t n);

/* ---- making puzzles (learn_make.c; uses the AI) ---- */

/* `congo --make-puzzles [options]` (see congo(6); src/cli/cli_puzzles.c
 * reads them): self-play games, or the tablebases' wins, proved. */
struct learn_make_opts {
	int games;
	int nmax;
	int tail;            /* plies proved at each game's end */
	int noise;           /* percent of random moves */
	uint64_t seed;
	uint64_t limit;      /* prover nodes per position */
	char variant[LEARN_VARIANT_MAX];
	const char *known;   /* puzzles already found (skipped) */
	const char *verify;  /* prove a puzzle file instead */
	const char *player;
	const char *tb_dir;  /* --tablebases DIR */
	bool from_tb;        /* --from-tablebases */
	bool quiet;
};
void learn_make_defaults(struct learn_make_opts *o);
/* The exit status: 0, 1 a failure, 2 a bad player or file. */
int learn_make_run(const struct learn_make_opts *o);

#endif
