/*
 * board.h: the Congo position as bitboards, and make (copy-make).
 *
 * Squares are numbered 0..48: sq = rank * 7 + file, a1 = 0, g1 = 6, a7 = 42.
 * A bitboard is a uint64_t with bit sq set for each square (49 bits used).
 * This module knows nothing of curses or sockets.
 */
#ifndef CONGO_BOARD_H
#define CONGO_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t bb_t;
/* A move (its encoding: movegen.h). */
__extension__ typedef unsigned __int128 move_t;

/*
 * Bits set. The build does not assume the POPCNT instruction, and GCC's
 * fallback for __builtin_popcountll is a library call; this is several
 * times faster than the call (with -mpopcnt the builtin is one instruction).
 */
static inline int
bb_popcount(bb_t x)
{
#ifdef __POPCNT__
	return __builtin_popcountll(x);
#else
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

enum color { WHITE = 0, BLACK = 1 };

enum piece_type {
	LION = 0,
	ZEBRA,
	ELEPHANT,
	GIRAFFE,
	CROCODILE,
	MONKEY,
	PAWN,      /* the pawn; in megapawn the mPawn (same letter P) */
	SUPERPAWN, /* congo only */
	MEGAPAWN,  /* megapawn only */
	NPIECE_TYPES
};

/*
 * A piece code on a square: 0 is empty, else 1 + color * 16 + type. The
 * colour bit sits above room for 16 types, so adding a type never changes
 * a colour; every table indexed by a code has PIECE_NCODES entries.
 */
#define PIECE_NONE 0
#define PIECE_COLOR_SHIFT 4
#define PIECE_MAKE(c, t) ((uint8_t)(1 + ((c) << PIECE_COLOR_SHIFT) + (t)))
#define PIECE_COLOR(p) (((p) - 1) >> PIECE_COLOR_SHIFT)
#define PIECE_TYPE(p) (((p) - 1) & ((1 << PIECE_COLOR_SHIFT) - 1))
#define PIECE_NCODES (PIECE_MAKE(BLACK, NPIECE_TYPES - 1) + 1)
_Static_assert(NPIECE_TYPES <= (1 << PIECE_COLOR_SHIFT),
    "piece types overflow into the colour bit of a piece code");

/*
 * Variants (RULES.md "Variants"). A position carries its variant; a game
 * never changes it. Congo is 0, so a cleared board is Congo.
 */
enum variant {
	VARIANT_CONGO = 0,
	VARIANT_MEGAPAWN,
	NVARIANTS
};
/* The table's names in its order, for a module that lists them without
 * linking the engine (the configuration's choices); test_variant checks
 * it against variant_table. */
#define VARIANT_NAMES "congo", "megapawn"

#define NSQ 49
#define SQ(f, r) ((r) * 7 + (f))
#define SQ_FILE(s) ((s) % 7)
#define SQ_RANK(s) ((s) / 7)
#define BB(s) (1ULL << (s))
#define BB_ALL ((1ULL << 49) - 1)
#define BB_RANK(r) (0x7FULL << (7 * (r)))
#define BB_RIVER BB_RANK(3)
#define RIVER_RANK 3
/* Megapawn's islands: a4 b4 f4 g4 (land for drowning, river otherwise). */
#define BB_ISLANDS (BB(SQ(0, 3)) | BB(SQ(1, 3)) | BB(SQ(5, 3)) | BB(SQ(6, 3)))

struct board {
	bb_t pieces[2][NPIECE_TYPES]; /* by color and type */
	bb_t occ[2];                  /* all pieces of a color */
	uint64_t hash;                /* Zobrist: placement and side to move */
	uint8_t sq[NSQ];              /* piece code per square */
	uint8_t side;                 /* side to move */
	uint32_t quiet;               /* plies since capture, drowning or promotion */
	uint32_t fullmove;            /* move number, grows after Black moves */
	uint8_t variant;              /* enum variant, fixed for a game */
};

/* At most this many pieces leave the board in one move (a monkey chain
 * jumps at most 33, see movegen.h; at most 7 drown). */
#define BOARD_MAX_CAPTURES 48

/* What a move did, filled in by board_make when asked. */
struct move_effects {
	int ncaptured;
	uint8_t captured_sq[BOARD_MAX_CAPTURES];
	uint8_t captured_piece[BOARD_MAX_CAPTURES];
	int ndrowned;
	uint8_t drowned_sq[8];
	uint8_t drowned_piece[8];
	bool promoted;
	bool lion_captured; /* the mover took the enemy lion: the mover wins */
};

/* Precomputed tables (board_tables.c); board_init() fills them, idempotent. */
void board_init(void);

extern bb_t board_step[NSQ];      /* the 8 neighbours */
extern bb_t board_knight[NSQ];    /* zebra leaps */
extern bb_t board_elephant[NSQ];  /* 1 or 2 straight */
extern bb_t board_giraffe2[NSQ];  /* 2 in any of 8 directions */
extern bb_t board_mega[NSQ];      /* the 5x5 block around (megapawn) */
extern bb_t board_castle[2];      /* castles: White c1-e3, Black c5-e7 */
extern const int board_dir_df[8]; /* direction d: file step */
extern const int board_dir_dr[8]; /* direction d: rank step */
/* board_ray_next[d][sq]: the neighbour of sq in direction d, or -1. */
extern int8_t board_ray_next[8][NSQ];
extern uint64_t board_zobrist_piece[PIECE_NCODES][NSQ];
extern uint64_t board_zobrist_side;
extern uint64_t board_zobrist_variant[NVARIANTS]; /* Congo's is 0 */
/* Per variant: the river squares where pieces drown (megapawn: c4 d4 e4),
 * the river less the variant's islands (filled from variant_table). */
extern bb_t board_deep[NVARIANTS];

/*
 * One description per variant (board_variant.c), as Fairy-Stockfish's
 * variant.h: everything outside the engine asks this table instead of
 * testing which variant it is. A third variant is one entry here plus its
 * move rules in movegen (and a new pawn kind if its pawns move otherwise).
 */
enum variant_pawn {
	VPAWN_CONGO,   /* forward, retreats once across (RULES.md "Pawn") */
	VPAWN_MPAWN    /* forward, sideways once across, never back */
};
enum variant_repetition {
	VREP_THIRD_DRAWS, /* the third occurrence draws */
	VREP_LOSES        /* a move that repeats any earlier position loses */
};
#define VARIANT_HELP_PAWN_LINES 5
#define VARIANT_HELP_DROWN_LINES 2
struct variant_desc {
	const char *name;       /* config, command line, UCI_Variant, CREATE,
				 * the Variant tag: "megapawn" */
	const char *title;      /* dialogs and lists: "Megapawn" */
	const char *long_title; /* the rule book's: "Simple Megapawn Congo" */
	const char *start_fen;
	uint8_t start_count[NPIECE_TYPES]; /* one side's start, by type */
	enum variant_pawn pawn; /* how its P moves (and is valued) */
	uint8_t promotion;      /* what a pawn on the far rank becomes */
	bb_t islands;           /* river squares that are land for drowning */
	enum variant_repetition repetition; /* when the rule option is on */
	bool bare_lions_draw;   /* two bare lions draw (RULES.md 3) */
	/* symbols: the (White) letters of the piece types it has, in a FEN
	 * and on the board; an island on the text board */
	const char *letters;
	char island_symbol;
	/* the help's rules summary: the river, the pawns, drowning */
	const char *help_river;
	const char *help_pawn[VARIANT_HELP_PAWN_LINES];
	const char *help_drown[VARIANT_HELP_DROWN_LINES];
};
extern const struct variant_desc variant_table[NVARIANTS];

/* The description of a variant (Congo's when out of range). */
static inline const struct variant_desc *
variant_get(int variant)
{
	return &variant_table[variant >= 0 && variant < NVARIANTS ? variant :
	    VARIANT_CONGO];
}

/* "congo", "megapawn"; "?" when out of range. */
const char *variant_name(int variant);
/* The variant of a name (exact, lower case), or -1. */
int variant_parse(const char *name);
/* The start position's FEN of a variant. */
const char *variant_start_fen(int variant);
/* Is a piece type part of a variant (S only in congo, Q only in megapawn)? */
bool variant_has_piece(int variant, int type);

/* An empty board, White to move, move 1, variant congo. */
void board_clear(struct board *b);
/* Set the variant of a position (and its hash). */
void board_set_variant(struct board *b, int variant);
/* Put / remove a piece; keep bitboards, mailbox and hash in step. */
void board_put(struct board *b, int sq, uint8_t piece);
void board_remove(struct board *b, int sq);
/* The hash computed from scratch (for tests). */
uint64_t board_hash_compute(const struct board *b);
/* Are two positions the same (placement and side to move)? */
bool board_same_position(const struct board *a, const struct board *b);
/* The lion's square of a color, or -1 when it has none. */
int board_lion_sq(const struct board *b, int color);

/*
 * Apply a legal move (from movegen) in place: captures, promotion, drowning,
 * side to move, counters and hash. For unmake, copy the board first
 * (copy-make). fx may be NULL.
 */
void board_make(struct board *b, move_t move, struct move_effects *fx);

/* Square names: "a1".."g7". Writes 3 bytes. Reading returns -1 if bad. */
void board_sq_name(int sq, char out[3]);
int board_sq_parse(const char *s);

/* Piece letters: "LZEGCMPSQ", upper case White. 0 if unknown. */
char board_piece_letter(uint8_t piece);
uint8_t board_piece_from_letter(char c);
const char *board_piece_name(int type); /* "lion", "zebra", ... */

/* The board drawn in text (the engine's `d`), into buf. */
void board_draw_text(const struct board *b, char *buf, size_t n);
/* The same without its English words (the river's tag, the side to
 * move): the squares and the files only, for a view that says them. */
void board_draw_grid(const struct board *b, char *buf, size_t n);

/*
 * Set-ups (board_setup.c). board_check_position: what every FEN must hold
 * (one lion a side in its castle, no pawn on the far rank or its own first
 * rank). board_check_setup: that, and what the board editor refuses too: a
 * piece the variant does not have, more pieces of a kind (a promoted pawn
 * counting as a pawn) or in all than the variant's start gives a side, and
 * more than one piece of the side that has just moved in deep water (the
 * others would have drowned). SETUP_OK (0), or the first problem's code
 * with its message in err.
 */
enum setup_problem {
	SETUP_OK = 0,
	SETUP_NO_LION,
	SETUP_TWO_LIONS,
	SETUP_LION_OUTSIDE,
	SETUP_PAWN_FAR_RANK,
	SETUP_PAWN_FIRST_RANK,
	SETUP_FOREIGN_PIECE,
	SETUP_TOO_MANY,
	SETUP_RIVER,
	NSETUP_PROBLEMS
};
int board_check_position(const struct board *b, char *err, size_t errlen);
int board_check_setup(const struct board *b, char *err, size_t errlen);
/* "lion outside its castle": a problem's short name. */
const char *board_setup_problem_name(int code);

#endif
