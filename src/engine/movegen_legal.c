/*
 * movegen_legal.c: the moves of every piece but the monkey's jumps
 * (movegen_monkey.c), listing and counting. Congo has no check, so the
 * moves the rules allow are exactly the legal moves.
 */
#include "engine/movegen.h"
#include "engine/movegen_internal.h"

/* The squares a slide from sq along d reaches: the empty ones up to the
 * first piece, that one too if it is the opponent's; ending on the river
 * when to_river. */
static inline bb_t
slide(const struct board *b, int sq, int d, int us, bool to_river)
{
	bb_t all = b->occ[0] | b->occ[1], t = 0;

	for (int s = board_ray_next[d][sq]; s >= 0; s = board_ray_next[d][s]) {
		if (all & BB(s)) {
			if (b->occ[us ^ 1] & BB(s))
				t |= BB(s);
			break;
		}
		t |= BB(s);
		if (to_river && SQ_RANK(s) == RIVER_RANK)
			break;
	}
	return t;
}

/* A crocodile's slide: along the file towards the river on land (up to and
 * including the river square), along the river when in it. */
static bb_t
croc_slides(const struct board *b, int sq, int us)
{
	int r = SQ_RANK(sq);

	if (r != RIVER_RANK)
		return slide(b, sq, r < RIVER_RANK ? DIR_N : DIR_S, us, true);
	/* along the river: east and west */
	return slide(b, sq, 2, us, false) | slide(b, sq, 6, us, false);
}

/* Retreats of 1 or 2 squares in direction d, onto empty squares only. */
static bb_t
retreat(int sq, int d, bb_t empty)
{
	int s1 = board_ray_next[d][sq], s2;

	if (s1 < 0 || !(empty & BB(s1)))
		return 0;
	s2 = board_ray_next[d][s1];
	if (s2 < 0 || !(empty & BB(s2)))
		return BB(s1);
	return BB(s1) | BB(s2);
}

/* The kind of each type in each variant; [v][PAWN] is set from the
 * variant's pawn when the tables are made (board_tables.c). */
uint8_t mg_kind[NVARIANTS][NPIECE_TYPES] = {
	[0 ... NVARIANTS - 1] = { LION, ZEBRA, ELEPHANT, GIRAFFE, CROCODILE,
	    MONKEY, PAWN, SUPERPAWN, MEGAPAWN },
};

bb_t
mg_targets(const struct board *b, int sq, int kind, int us)
{
	bb_t own = b->occ[us], all = b->occ[0] | b->occ[1];
	bb_t empty = ~all & BB_ALL;
	int back = us == WHITE ? DIR_S : DIR_N;
	bb_t t;

	switch (kind) {
	case LION: {
		int el = board_lion_sq(b, us ^ 1);
		t = board_step[sq] & board_castle[us] & ~own;
		if (el >= 0 && (mg_lion_line[sq] & BB(el)) &&
		    !(mg_between[sq][el] & all))
			t |= BB(el);
		return t;
	}
	case ZEBRA:
		return board_knight[sq] & ~own;
	case ELEPHANT:
		return board_elephant[sq] & ~own;
	case GIRAFFE:
		return (board_step[sq] & empty) | (board_giraffe2[sq] & ~own);
	case CROCODILE:
		return (board_step[sq] & ~own) | croc_slides(b, sq, us);
	case MONKEY:
		return board_step[sq] & empty;
	case PAWN:
		t = mg_pawn_fwd[us][sq] & ~own;
		if (us == WHITE ? SQ_RANK(sq) > RIVER_RANK :
		    SQ_RANK(sq) < RIVER_RANK)
			t |= retreat(sq, back, empty);
		return t;
	case SUPERPAWN:
		t = (mg_pawn_fwd[us][sq] | mg_side[sq]) & ~own;
		t |= retreat(sq, back, empty);
		t |= retreat(sq, (back + 7) & 7, empty);
		t |= retreat(sq, (back + 1) & 7, empty);
		return t;
	case MEGAPAWN:
		return board_mega[sq] & ~own;
	case MG_MPAWN: /* forward; sideways once across; no retreat */
		return mg_mpawn[us][sq] & ~own;
	}
	return 0;
}

static void
push(void *ctx, move_t m)
{
	struct movelist *ml = ctx;

	if (ml->n < MOVELIST_MAX)
		ml->moves[ml->n++] = m;
	else
		ml->truncated = true;
}

/* The moves of one piece type moving as kind, passed to fn. */
static inline void
generate_type(const struct board *b, int type, int kind, bool captures_only,
    movegen_visitor fn, void *ctx)
{
	int us = b->side;
	bb_t pcs = b->pieces[us][type];
	bb_t mask = captures_only ? b->occ[us ^ 1] |
	    (type == PAWN ? BB_RANK(us == WHITE ? 6 : 0) : 0) : BB_ALL;

	while (pcs) {
		int from = bb_pop(&pcs);
		bb_t t = mg_targets(b, from, kind, us) & mask;
		while (t)
			fn(ctx, MOVE_MAKE(from, bb_pop(&t)));
		if (type == MONKEY)
			mg_monkey_chains(b, from, us, fn, ctx);
	}
}

/* All moves (or captures and promotions only) passed to fn. The pawns by
 * variant, chosen once a position: Congo's pawn and superpawn, megapawn's
 * mPawn and Megapawn. */
static void
generate(const struct board *b, bool captures_only, movegen_visitor fn,
    void *ctx)
{
	if (!b->pieces[WHITE][LION] || !b->pieces[BLACK][LION])
		return;
	for (int type = LION; type < PAWN; type++)
		generate_type(b, type, type, captures_only, fn, ctx);
	/* the variant's pawn, then what it becomes */
	generate_type(b, PAWN, mg_kind[b->variant][PAWN], captures_only, fn,
	    ctx);
	generate_type(b, variant_table[b->variant].promotion,
	    variant_table[b->variant].promotion, captures_only, fn, ctx);
}

/* ml filled with b's moves (captures_only: its captures); their count. */
static int
fill(const struct board *b, bool captures_only, struct movelist *ml)
{
	ml->n = 0;
	ml->truncated = false;
	generate(b, captures_only, push, ml);
	return ml->n;
}

int
movegen_legal(const struct board *b, struct movelist *ml)
{
	return fill(b, false, ml);
}

int
movegen_captures(const struct board *b, struct movelist *ml)
{
	return fill(b, true, ml);
}

void
movegen_visit(const struct board *b, movegen_visitor fn, void *ctx)
{
	generate(b, false, fn, ctx);
}

/* The number of moves of one piece type moving as kind. */
static inline uint64_t
count_type(const struct board *b, int type, int kind)
{
	int us = b->side;
	bb_t pcs = b->pieces[us][type];
	uint64_t n = 0;

	while (pcs) {
		int from = bb_pop(&pcs);
		n += (uint64_t)bb_popcount(mg_targets(b, from, kind, us));
		if (type == MONKEY)
			n += (uint64_t)mg_monkey_chains(b, from, us, NULL, NULL);
	}
	return n;
}

#define FILE_A 0x0040810204081ULL           /* a1 a2 ... a7 */
#define FILE_G (FILE_A << 6)

/*
 * The pawns' moves counted in bulk, without a loop over the pawns: each
 * shift moves every pawn one way at once, and the squares it lands on that
 * the rules allow count one move each. Congo: forward, diagonally forward,
 * and across the river one or two straight back onto empty squares;
 * megapawn's mPawn: forward, diagonally forward, and across the river one
 * step sideways. Checked against the per-pawn targets by the property and
 * naive-generator tests.
 */
static inline uint64_t
count_pawns(const struct board *b, int us)
{
	bb_t p = b->pieces[us][PAWN], notown = ~b->occ[us] & BB_ALL;
	bb_t empty = ~(b->occ[0] | b->occ[1]) & BB_ALL, across, t;
	uint64_t n;

	if (p == 0)
		return 0;
	if (us == WHITE) {
		across = p & ~(BB_RANK(0) | BB_RANK(1) | BB_RANK(2) |
		    BB_RANK(3));
		n = (uint64_t)bb_popcount((p << 7) & notown) +
		    (uint64_t)bb_popcount(((p & ~FILE_A) << 6) & notown) +
		    (uint64_t)bb_popcount(((p & ~FILE_G) << 8) & notown);
	} else {
		across = p & (BB_RANK(0) | BB_RANK(1) | BB_RANK(2));
		n = (uint64_t)bb_popcount((p >> 7) & notown) +
		    (uint64_t)bb_popcount(((p & ~FILE_A) >> 8) & notown) +
		    (uint64_t)bb_popcount(((p & ~FILE_G) >> 6) & notown);
	}
	if (across == 0)
		return n;
	if (variant_table[b->variant].pawn == VPAWN_MPAWN)
		return n + (uint64_t)bb_popcount(((across & ~FILE_A) >> 1) &
		    notown) + (uint64_t)bb_popcount(((across & ~FILE_G) << 1) &
		    notown);
	t = (us == WHITE ? across >> 7 : across << 7) & empty;
	n += (uint64_t)bb_popcount(t);
	t = (us == WHITE ? t >> 7 : t << 7) & empty;
	return n + (uint64_t)bb_popcount(t);
}

uint64_t
movegen_count(const struct board *b)
{
	uint64_t n = 0;

	if (!b->pieces[WHITE][LION] || !b->pieces[BLACK][LION])
		return 0;
	for (int type = LION; type < PAWN; type++)
		n += count_type(b, type, type);
	n += count_pawns(b, b->side);
	return n + count_type(b, variant_table[b->variant].promotion,
	    variant_table[b->variant].promotion);
}

/* A monkey chain: every jump over an enemy piece not jumped before, onto an
 * empty square (the start counts as empty), the lion only as the last. */
static bool
chain_is_legal(const struct board *b, move_t m, int us)
{
	int nj = MOVE_NJUMPS(m), cur = MOVE_FROM(m);
	bb_t opp = b->occ[us ^ 1], jumped = 0;
	bb_t landable = (~(b->occ[0] | b->occ[1]) & BB_ALL) | BB(cur);

	if (nj > MOVE_MAX_JUMPS || (m >> (MOVE_JUMPS_SHIFT + 3 * nj)) != 0)
		return false;
	for (int i = 0; i < nj; i++) {
		int d = MOVE_JUMP_DIR(m, i), mid = board_ray_next[d][cur], land;
		if (mid < 0 || !(opp & BB(mid)) || (jumped & BB(mid)))
			return false;
		land = board_ray_next[d][mid];
		if (land < 0 || !(landable & BB(land)))
			return false;
		if ((b->pieces[us ^ 1][LION] & BB(mid)) && i != nj - 1)
			return false;
		jumped |= BB(mid);
		cur = land;
	}
	return cur == MOVE_TO(m);
}

bool
movegen_is_legal(const struct board *b, move_t m)
{
	int from = MOVE_FROM(m), us = b->side;
	uint8_t piece;

	if (from >= NSQ || MOVE_TO(m) >= NSQ)
		return false;
	piece = b->sq[from];
	if (piece == PIECE_NONE || PIECE_COLOR(piece) != us ||
	    !b->pieces[WHITE][LION] || !b->pieces[BLACK][LION])
		return false;
	if (MOVE_NJUMPS(m) == 0)
		return (m >> 12) == 0 && (mg_targets(b, from,
		    mg_kind[b->variant][PIECE_TYPE(piece)], us) &
		    BB(MOVE_TO(m))) != 0;
	return PIECE_TYPE(piece) == MONKEY && chain_is_legal(b, m, us);
}

int
move_landings(move_t m, int out[MOVE_MAX_JUMPS + 1])
{
	int nj = MOVE_NJUMPS(m), cur = MOVE_FROM(m);

	if (nj == 0) {
		out[0] = MOVE_TO(m);
		return 1;
	}
	for (int i = 0; i < nj; i++) {
		int d = MOVE_JUMP_DIR(m, i);
		cur = board_ray_next[d][board_ray_next[d][cur]];
		out[i] = cur;
	}
	return nj;
}
