/*
 * tb.h: endgame tablebases. For every ending of the two lions and a few
 * other pieces, the value of each position for the side to move (win,
 * draw, loss) and its distance to the end of the game in plies (DTM: the
 * winner takes the lion, or the loser has no move), computed by retrograde
 * analysis over the engine's own move generator. The draw rules
 * (repetition, quiet moves) are left out, as chess tablebases leave out
 * the fifty-move rule; Congo's bare-lions draw is in (it is a position's
 * property, not its history's).
 *
 * A material is the list of the pieces beside the two lions, written as
 * "LZPvLE" (White's lion and pieces, 'v', Black's; upper case both). One
 * file a material and variant: DIR/<variant>/<material>.ctb, its format
 * in congo(6) TABLEBASES and tb_file.c. Pure: no curses, no sockets.
 */
#ifndef CONGO_TB_H
#define CONGO_TB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/movegen.h"

/* The most pieces beside the lions an index can hold. */
#define TB_MAX_PIECES 3
/* The longest material name, its NUL included ("LZZZvL", "LZGvLC"). */
#define TB_NAME_MAX 12

enum tb_wdl {
	TB_LOSS = -1,
	TB_DRAW = 0,
	TB_WIN = 1
};

/* A probe's answer, for the side to move. */
struct tb_result {
	int wdl;      /* enum tb_wdl */
	int plies;    /* win: plies to the lion's capture (odd); loss: even,
	               * 0 when the side to move has no move; draw: 0 */
	int moves;    /* the winner's moves to the end: (plies + 1) / 2 */
};

/* ---- probing (tb_probe.c): one set of tables for the whole process ---- */

/*
 * Where the tables are: dir (its congo/ and megapawn/ folders; a leading
 * "~/" is the home folder), then $XDG_DATA_HOME/congo/tb
 * (~/.local/share/congo/tb), then the data directory's tb/
 * ($CONGO_DATADIR/tb, else the installed one): a variant's tables are read
 * from the first of these folders that has any. NULL or "" leaves dir out.
 * Tables already read are
 * forgotten: call it only while no search runs. Files are read on the
 * first probe of their variant; a corrupt or truncated one is refused
 * (tb_errors says which) and its material probes as absent.
 */
void tb_set_path(const char *dir);
/* The folder in use for a variant ("" when none has tables), after
 * reading it if not done yet. */
const char *tb_path(int variant);
/* Read the variant's tables now (else the first probe does): the number
 * of materials available. */
int tb_load(int variant);
/* The most pieces beside the lions of the variant's tables, -1 none. */
int tb_max_pieces(int variant);
/*
 * The value of b when its material is in the tables: 0 and *out, else
 * -1. Thread-safe, no allocation once the variant is read.
 */
int tb_probe(const struct board *b, struct tb_result *out);
/* The problems met reading the tables ("FILE: message" lines), "" none. */
const char *tb_errors(void);

/*
 * The root: the move that keeps b's tablebase value at its best (the
 * fastest win, the longest defence, a draw kept), and its result for the
 * side to move at b. MOVE_NONE when b or a child is not in the tables.
 */
move_t tb_best_move(const struct board *b, struct tb_result *out);

/*
 * Every position of the variant's tables that the side to move wins in
 * exactly `plies` plies, passed to fn with its result (each ending once,
 * in the colours it is stored with; a position with both lions on the d
 * file may come with its mirror image too). fn returns false to stop.
 * Returns the number of positions passed.
 */
typedef bool (*tb_visit_fn)(void *user, const struct board *b,
    const struct tb_result *r);
uint64_t tb_visit_wins(int variant, int plies, tb_visit_fn fn, void *user);

/* "win 3", "loss 2", "draw": the winner's moves, as tbprobe prints. */
void tb_result_text(const struct tb_result *r, char *buf, size_t n);

/* `congo --make-tablebases [DIR] [--variant V] [--pieces N]` (its options
 * read by src/cli/cli_tablebases.c): every ending of the two lions and up
 * to pieces others, or the named materials, into dir/<variant>/. The exit
 * status: 0, 1 a table not made, 2 a bad --material. */
struct tb_make_opts {
	const char *dir;        /* tb_make_default_dir's unless given */
	int variant;            /* -1: both */
	int pieces;             /* 2 */
	int threads;            /* 0: one a processor */
	const char *material;   /* "LZPvLE,...", NULL: all */
};
void tb_make_default_dir(char *out, size_t n);
int tb_make_run(const struct tb_make_opts *o);

#endif
