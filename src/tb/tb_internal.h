/*
 * tb_internal.h: what the files of the tablebase module share.
 *
 * The index of a position within its material (tb_index.c):
 *
 *   ((lions * S1 + g1) * S2 + g2 ...) * 2 + side
 *
 * lions: the two lions' squares, 45 pairs: the board and every rule of
 * both variants are left-right symmetric (castles c-e, megapawn's islands
 * a4 b4 f4 g4), so a position whose White lion stands on the e-file, or on
 * the d-file with Black's on the e-file, is mirrored first (White's lion
 * on c1-c3 with Black's anywhere: 27; on d1-d3 with Black's on c or d: 18).
 * g1, g2...: the squares of each group of identical pieces (same colour and
 * type), ranked in the combinatorial number system: 49, C(49,2) = 1176 or
 * C(49,3) = 18424 values. Slots where two pieces meet, or a pawn stands on
 * the first or last rank, hold no position (TB_INVALID).
 *
 * Colours: a material and the one with colours swapped are one table (the
 * rules are symmetric under turning the board and swapping colours): the
 * one where White has more pieces is stored (with as many, the one with
 * the lower key), the other probed through it.
 */
#ifndef CONGO_TB_INTERNAL_H
#define CONGO_TB_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "tb/tb.h"

#define TB_LION_PAIRS 45
/* A material's key: its piece codes ascending, 5 bits each. */
#define TB_KEY_BITS 5
#define TB_NKEYS (1 << (TB_KEY_BITS * TB_MAX_PIECES))
_Static_assert(PIECE_NCODES <= (1 << TB_KEY_BITS), "a code fits a key field");

/* One entry a position: 0 a draw, 1 + plies to the end (odd plies: the
 * side to move wins, even: it loses), TB_INVALID no position. */
#define TB_INVALID 255
#define TB_MAX_PLIES 252
#define TB_UNRESOLVED 254     /* while generating */

struct tb_material {
	int variant;
	int n;                             /* pieces beside the lions */
	uint8_t piece[TB_MAX_PIECES];      /* codes, ascending */
	int ngroups;                       /* groups of identical pieces */
	uint8_t gpiece[TB_MAX_PIECES];
	int gcount[TB_MAX_PIECES];
	uint32_t gsize[TB_MAX_PIECES];     /* 49, 1176 or 18424 */
	uint64_t entries;
	uint32_t key;
	char name[TB_NAME_MAX];            /* "LZPvLE" */
};

struct tb_table {
	struct tb_material mat;
	uint8_t *data;                     /* entries bytes */
	/* counted over the positions (not the invalid slots) */
	uint64_t wins, draws, losses;
	int max_plies;
};

/* A variant's tables, by canonical key. */
struct tb_set {
	int variant;
	int max_pieces;                    /* -1: none */
	int count;
	struct tb_table *table[TB_NKEYS];
};

/* ---- tb_index.c ---- */
void tb_index_init(void);
/* A material from codes in any order (n <= TB_MAX_PIECES). */
void tb_material_make(struct tb_material *m, int variant, int n,
    const uint8_t *codes);
/* From its name ("LZvLP"): 0, or -1 when not a material of the variant. */
int tb_material_parse(struct tb_material *m, int variant, const char *name);
/* Is m the stored one of it and its colour swap? */
bool tb_material_canonical(const struct tb_material *m);
/* Every canonical material of up to n pieces of the variant, in an order
 * where each comes after those its moves lead to (fewer pieces, fewer
 * pawns). *count set; free the array. */
struct tb_material *tb_material_list(int variant, int n, int *count);
/*
 * The canonical key of b's material, and whether b must be turned (colours
 * swapped) to be read from it. -1 when b has more than TB_MAX_PIECES pieces
 * beside the lions, or a lion is missing.
 */
int64_t tb_board_key(const struct board *b, bool *flip);
/* b's canonical material: 0, or -1 as tb_board_key. */
int tb_board_material(const struct board *b, struct tb_material *m);
/* b's index in m, its canonical material (flip from tb_board_key). */
uint64_t tb_index(const struct tb_material *m, const struct board *b,
    bool flip);
/* The position of an index: false when the slot holds none. */
bool tb_decode(const struct tb_material *m, uint64_t idx, struct board *b);

/* ---- tb_file.c ---- */
#define TB_SUFFIX ".ctb"
/* Write t to path (through a temporary file renamed at the end). 0, or -1
 * with "path: reason" in err. Returns the bytes written in *bytes. */
int tb_file_write(const struct tb_table *t, const char *path,
    uint64_t *bytes, char *err, size_t errlen);
/* Read and check a file (header, size, checksum) of the variant: the
 * table, or NULL with "path: reason" in err. */
struct tb_table *tb_file_read(const char *path, int variant, char *err,
    size_t errlen);
void tb_table_free(struct tb_table *t);
/* FNV-1a, 64 bits. */
uint64_t tb_fnv64(uint64_t h, const void *p, size_t n);
#define TB_FNV_INIT 0xcbf29ce484222325ULL

/* ---- tb_set (tb_probe.c) ---- */
struct tb_set *tb_set_new(int variant);
void tb_set_free(struct tb_set *s);
/* Add t (the set owns it from now on; one of the same key is freed). */
void tb_set_add(struct tb_set *s, struct tb_table *t);
/* Read every table of DIR/<variant>/ into s: the number read; problems
 * appended to err (one "FILE: reason" a line). */
int tb_set_load_dir(struct tb_set *s, const char *dir, char *err,
    size_t errlen);
/* The entry of b (TB_INVALID when absent), and from it a result. */
int tb_set_entry(const struct tb_set *s, const struct board *b);
void tb_entry_result(int entry, struct tb_result *out);

/* ---- tb_gen.c ---- */
typedef void (*tb_progress_fn)(void *user, uint64_t done, uint64_t total);
/* Compute m (canonical) from the tables of set, which must hold every
 * material its moves lead to. threads: 1 or more. */
struct tb_table *tb_generate(const struct tb_material *m,
    const struct tb_set *set, int threads, tb_progress_fn progress,
    void *user);

#endif
