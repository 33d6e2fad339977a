/*
 * nnue.h: the learned evaluation (NNUE-style) and its training data. No
 * curses, no sockets.
 *
 * (The trainer, congo --train, is nn/nnue_train.h's.)
 *
 * The network: for each side (its "perspective") the pieces on the board
 * as sparse features (own or enemy, type, square) seen from that side
 * (ranks counted from its own first rank), relative to its lion: the
 * lion's castle square picks one of NNUE_BUCKETS weight sets, and a lion
 * on the e file mirrors the board left-right (the rules are symmetric),
 * so the 9 castle squares make 6 buckets. Each side's features sum into an
 * accumulator of NNUE_HIDDEN int16 values; the side to move's and the
 * other's, clipped to 0..1, feed a dense layer of NNUE_L1 (int8 weights,
 * int32 sums), clipped again, then the output. A float reference of the
 * same arithmetic (nnue_evaluate_float) checks the integer one.
 *
 * The search keeps one accumulator pair per ply and brings it from the
 * ply before by the squares the move changed (nnue_update: a move, a
 * monkey chain, drowning and promotion alike are a set of squares whose
 * piece changed); a side whose lion changed bucket is refreshed whole.
 */
#ifndef CONGO_NNUE_H
#define CONGO_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/board.h"

#define NNUE_BUCKETS 6
#define NNUE_PSQ (2 * NPIECE_TYPES * NSQ)           /* 882 */
#define NNUE_INPUTS (NNUE_BUCKETS * NNUE_PSQ)       /* 5292 */
#define NNUE_HIDDEN 128
#define NNUE_L1 16
#define NNUE_QA 127        /* accumulator and activations: 1.0 is 127 */
#define NNUE_QB 64         /* the dense layer's weights: 1.0 is 64 */
#define NNUE_QO 256        /* the output weights: 1.0 is 256 */
#define NNUE_SCALE 200     /* centipawns per unit of output: the
                            * evaluation's win probability is
                            * sigmoid(cp / NNUE_SCALE) */
/* The most features of one side: every piece on the board. */
#define NNUE_MAX_ACTIVE 64

#define NNUE_MAGIC "CONGONN1"
#define NNUE_FORMAT_VERSION 1

struct nnue_net {
	int variant;
	char desc[64];          /* what made it, from the file */
	bool one_bucket;        /* every bucket's weights alike (set when
	                         * read): the lion's square matters only by
	                         * its mirroring */
	int16_t ft_w[NNUE_INPUTS][NNUE_HIDDEN] __attribute__((aligned(32)));
	int16_t ft_b[NNUE_HIDDEN] __attribute__((aligned(32)));
	/* int8 in the file; int16 here so that the dot product is the
	 * multiply-add every vector unit has */
	int16_t l1_w[NNUE_L1][2 * NNUE_HIDDEN] __attribute__((aligned(32)));
	int32_t l1_b[NNUE_L1];
	int16_t l2_w[NNUE_L1];
	int32_t l2_b;
};

/* Both sides' accumulators of one position, by colour. */
struct nnue_acc {
	int16_t v[2][NNUE_HIDDEN] __attribute__((aligned(32)));
	uint8_t king[2];        /* bucket * 2 + mirrored, per colour */
};

/* ---- features and inference (nnue_net.c) ---- */
/* Colour c's bucket and mirroring (bucket * 2 + mirrored) in b. */
int nnue_king_key(const struct board *b, int c);
/* The feature of piece on sq seen by colour c with king key k. */
int nnue_feature(int c, int k, int sq, uint8_t piece);
/* Colour c's active features in b (at most NNUE_MAX_ACTIVE): the count. */
int nnue_features(const struct board *b, int c, int out[NNUE_MAX_ACTIVE]);
void nnue_refresh(const struct nnue_net *n, const struct board *b,
    struct nnue_acc *a);
/* dst (for board to) from src (for board from), by the squares that
 * differ; dst may be src. */
void nnue_update(const struct nnue_net *n, const struct board *from,
    const struct board *to, const struct nnue_acc *src,
    struct nnue_acc *dst);
/* The evaluation in centipawns for side (the side to move) from a. */
int nnue_output(const struct nnue_net *n, const struct nnue_acc *a,
    int side);
/* Both in one: b from scratch, for the side to move. */
int nnue_evaluate(const struct nnue_net *n, const struct board *b);
/* The float reference: the same weights, no rounding. */
double nnue_evaluate_float(const struct nnue_net *n, const struct board *b);
/* Can n's integer inference overflow on some board (nnue_check.c)? 0, or
 * -1 with the part, its reachable range and the limit in err. */
int nnue_check(const struct nnue_net *n, char *err, size_t errlen);

/* ---- files (nnue_file.c) ---- */
/* A network read from path: NULL with the reason in err (missing, not a
 * network, another format version, wrong sizes, checksum mismatch,
 * weights that can overflow: nnue_check). */
struct nnue_net *nnue_read(const char *path, char *err, size_t errlen);
int nnue_write(const struct nnue_net *n, const char *path, char *err,
    size_t errlen);
/* The installed network of a variant: "<variant>.nnue" in the data
 * directory (the first that has one), or "" when none. */
void nnue_default_path(int variant, char *out, size_t n);
/* The network at path ("" the variant's default), read once and kept for
 * the process's life (shared by every search, never changed): NULL with
 * the reason in err, also when it is for another variant (variant -1:
 * any). Thread-safe. */
const struct nnue_net *nnue_get(const char *path, int variant, char *err,
    size_t errlen);

/* ---- training data (nnue_record.c; written by ai/gen_data.c) ---- */
#define NNUE_DATA_MAGIC "CONGODAT"
#define NNUE_DATA_VERSION 1
#define NNUE_DATA_HEADER 16
#define NNUE_RECORD_SIZE 48
#define NNUE_RECORD_SCORE_MAX 3000   /* scores clamped to this */
struct nnue_sample {
	struct board pos;
	int score;      /* the search's, centipawns, side to move */
	int result;     /* the game's for the side to move: 1, 0, -1 */
	bool tb;        /* score from the endgame tables */
};
/* 0, or -1 when the position does not fit a record. */
int nnue_record_encode(const struct nnue_sample *s,
    uint8_t out[NNUE_RECORD_SIZE]);
int nnue_record_decode(const uint8_t in[NNUE_RECORD_SIZE],
    struct nnue_sample *s);
void nnue_data_header(uint8_t out[NNUE_DATA_HEADER]);
/* 0 when in is a data file's header. */
int nnue_data_check_header(const uint8_t in[NNUE_DATA_HEADER]);

#endif
