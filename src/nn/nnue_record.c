/*
 * nnue_record.c: the network's training data. A file is a 16-byte header
 * (NNUE_DATA_MAGIC, the format version and the record size, little-endian)
 * then 48-byte records, one quiet position each:
 *
 *   0  occupied squares, 8 bytes (bit sq)
 *   8  the pieces of the occupied squares in square order, a byte each
 *      (colour * 9 + type), 0xFF past the last (at most 32 pieces)
 *   40 the search's score, int16, centipawns for the side to move
 *      (clamped to NNUE_RECORD_SCORE_MAX)
 *   42 the game's result for the side to move: 0 lost, 1 draw, 2 won
 *   43 side to move | variant << 1 | 0x80 when the score is the tables'
 *   44 the quiet-ply count, uint32
 *
 * congo --gen-data writes them (ai/gen_data.c), congo --train reads them.
 */

#include <stdint.h>
#include <string.h>

#include "nn/nnue.h"

static void
put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static unsigned
get16(const uint8_t *p)
{
	return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static void
put32(uint8_t *p, uint32_t v)
{
	put16(p, v & 0xFFFF);
	put16(p + 2, v >> 16);
}

static uint32_t
get32(const uint8_t *p)
{
	return (uint32_t)get16(p) | (uint32_t)get16(p + 2) << 16;
}

void
nnue_data_header(uint8_t out[NNUE_DATA_HEADER])
{
	memcpy(out, NNUE_DATA_MAGIC, 8);
	put32(out + 8, NNUE_DATA_VERSION);
	put32(out + 12, NNUE_RECORD_SIZE);
}

int
nnue_data_check_header(const uint8_t in[NNUE_DATA_HEADER])
{
	if (memcmp(in, NNUE_DATA_MAGIC, 8) != 0 ||
	    get32(in + 8) != NNUE_DATA_VERSION ||
	    get32(in + 12) != NNUE_RECORD_SIZE)
		return -1;
	return 0;
}

int
nnue_record_encode(const struct nnue_sample *s, uint8_t out[NNUE_RECORD_SIZE])
{
	const struct board *b = &s->pos;
	bb_t occ = (b->occ[WHITE] | b->occ[BLACK]) & BB_ALL;
	int n = 0, score = s->score;

	if (bb_popcount(occ) > 32)
		return -1;
	memset(out, 0, NNUE_RECORD_SIZE);
	for (int i = 0; i < 8; i++)
		out[i] = (uint8_t)(occ >> (8 * i));
	memset(out + 8, 0xFF, 32);
	for (bb_t x = occ; x; x &= x - 1) {
		uint8_t p = b->sq[__builtin_ctzll(x)];

		out[8 + n++] = (uint8_t)(PIECE_COLOR(p) * NPIECE_TYPES +
		    PIECE_TYPE(p));
	}
	if (score > NNUE_RECORD_SCORE_MAX)
		score = NNUE_RECORD_SCORE_MAX;
	if (score < -NNUE_RECORD_SCORE_MAX)
		score = -NNUE_RECORD_SCORE_MAX;
	put16(out + 40, (unsigned)(uint16_t)(int16_t)score);
	out[42] = (uint8_t)(s->result + 1);
	out[43] = (uint8_t)(b->side | b->variant << 1 | (s->tb ? 0x80 : 0));
	put32(out + 44, b->quiet);
	return 0;
}

int
nnue_record_decode(const uint8_t in[NNUE_RECORD_SIZE], struct nnue_sample *s)
{
	bb_t occ = 0;
	int n = 0, variant = (in[43] >> 1) & 0x3F;

	for (int i = 0; i < 8; i++)
		occ |= (bb_t)in[i] << (8 * i);
	if ((occ & ~BB_ALL) != 0 || bb_popcount(occ) > 32 ||
	    variant >= NVARIANTS || in[42] > 2)
		return -1;
	board_clear(&s->pos);
	board_set_variant(&s->pos, variant);
	for (bb_t x = occ; x; x &= x - 1) {
		int code = in[8 + n++];

		if (code >= 2 * NPIECE_TYPES)
			return -1;
		board_put(&s->pos, __builtin_ctzll(x),
		    PIECE_MAKE(code / NPIECE_TYPES, code % NPIECE_TYPES));
	}
	s->pos.side = in[43] & 1;
	if (s->pos.side == BLACK)
		s->pos.hash ^= board_zobrist_side;
	s->pos.quiet = get32(in + 44);
	s->score = (int16_t)get16(in + 40);
	s->result = in[42] - 1;
	s->tb = (in[43] & 0x80) != 0;
	return 0;
}
