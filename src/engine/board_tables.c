/*
 * board_tables.c: precomputed attack tables and Zobrist keys.
 */
#include <stdbool.h>

#include "engine/board.h"
#include "engine/movegen_internal.h"
#include "util/util.h"

bb_t board_step[NSQ];
bb_t board_knight[NSQ];
bb_t board_elephant[NSQ];
bb_t board_giraffe2[NSQ];
bb_t board_mega[NSQ];
bb_t board_castle[2];
int8_t board_ray_next[8][NSQ];
uint64_t board_zobrist_piece[PIECE_NCODES][NSQ];
uint64_t board_zobrist_side;
uint64_t board_zobrist_variant[NVARIANTS];

bb_t board_deep[NVARIANTS];     /* from variant_table */

/* Directions: N NE E SE S SW W NW ("north" is towards rank 7). */
const int board_dir_df[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int board_dir_dr[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };

bb_t mg_between[NSQ][NSQ];
bb_t mg_pawn_fwd[2][NSQ];
bb_t mg_side[NSQ];
bb_t mg_mpawn[2][NSQ];
bb_t mg_pawn_side[NVARIANTS][2];
bb_t mg_lion_line[NSQ];

static bool
on_board(int f, int r)
{
	return f >= 0 && f < 7 && r >= 0 && r < 7;
}

static void
add_if(bb_t *bb, int f, int r)
{
	if (on_board(f, r))
		*bb |= BB(SQ(f, r));
}

static void
init_square(int s)
{
	int f = SQ_FILE(s), r = SQ_RANK(s);
	static const int kf[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
	static const int kr[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };

	for (int d = 0; d < 8; d++) {
		int df = board_dir_df[d], dr = board_dir_dr[d];
		add_if(&board_step[s], f + df, r + dr);
		add_if(&board_giraffe2[s], f + 2 * df, r + 2 * dr);
		add_if(&board_knight[s], f + kf[d], r + kr[d]);
		if (df == 0 || dr == 0) {
			add_if(&board_elephant[s], f + df, r + dr);
			add_if(&board_elephant[s], f + 2 * df, r + 2 * dr);
		}
		board_ray_next[d][s] = on_board(f + df, r + dr) ?
		    (int8_t)SQ(f + df, r + dr) : -1;
	}
	/* Forward for White is north (N, NE, NW); for Black south. */
	add_if(&mg_pawn_fwd[WHITE][s], f, r + 1);
	add_if(&mg_pawn_fwd[WHITE][s], f + 1, r + 1);
	add_if(&mg_pawn_fwd[WHITE][s], f - 1, r + 1);
	add_if(&mg_pawn_fwd[BLACK][s], f, r - 1);
	add_if(&mg_pawn_fwd[BLACK][s], f + 1, r - 1);
	add_if(&mg_pawn_fwd[BLACK][s], f - 1, r - 1);
	add_if(&mg_side[s], f + 1, r);
	add_if(&mg_side[s], f - 1, r);
	for (int df = -2; df <= 2; df++)
		for (int dr = -2; dr <= 2; dr++)
			if (df != 0 || dr != 0)
				add_if(&board_mega[s], f + df, r + dr);
	/* The mPawn: forward, and sideways once across the river. */
	mg_mpawn[WHITE][s] = mg_pawn_fwd[WHITE][s] |
	    (r > RIVER_RANK ? mg_side[s] : 0);
	mg_mpawn[BLACK][s] = mg_pawn_fwd[BLACK][s] |
	    (r < RIVER_RANK ? mg_side[s] : 0);
}

/* Squares strictly between a and b when they share a file or diagonal. */
static void
init_between(int a)
{
	for (int d = 0; d < 8; d++) {
		bb_t path = 0;
		if (board_dir_df[d] != 0 && board_dir_dr[d] == 0)
			continue; /* lions never share a rank */
		for (int s = board_ray_next[d][a]; s >= 0;
		    s = board_ray_next[d][s]) {
			mg_between[a][s] = path;
			mg_lion_line[a] |= BB(s);
			path |= BB(s);
		}
	}
}

void
board_init(void)
{
	static bool done;
	uint64_t seed = 0xC0460C0460ULL;

	if (done)
		return;
	for (int s = 0; s < NSQ; s++)
		init_square(s);
	for (int s = 0; s < NSQ; s++)
		init_between(s);
	for (int f = 2; f <= 4; f++)
		for (int r = 0; r <= 2; r++) {
			board_castle[WHITE] |= BB(SQ(f, r));
			board_castle[BLACK] |= BB(SQ(f, 6 - r));
		}
	for (int p = 0; p < PIECE_NCODES; p++)
		for (int s = 0; s < NSQ; s++)
			board_zobrist_piece[p][s] = p ? splitmix64(&seed) : 0;
	board_zobrist_side = splitmix64(&seed);
	for (int v = 1; v < NVARIANTS; v++)
		board_zobrist_variant[v] = splitmix64(&seed);
	for (int v = 0; v < NVARIANTS; v++) {
		board_deep[v] = BB_RIVER & ~variant_table[v].islands;
		mg_kind[v][PAWN] = variant_table[v].pawn == VPAWN_MPAWN ?
		    MG_MPAWN : PAWN;
		/* an mPawn across the river also steps sideways */
		if (variant_table[v].pawn != VPAWN_MPAWN)
			continue;
		for (int r = 0; r < 7; r++) {
			if (r > RIVER_RANK)
				mg_pawn_side[v][WHITE] |= BB_RANK(r);
			if (r < RIVER_RANK)
				mg_pawn_side[v][BLACK] |= BB_RANK(r);
		}
	}
	done = true;
}

/* Tables are ready before main() runs, so no caller can forget them. */
__attribute__((constructor)) static void
board_init_at_load(void)
{
	board_init();
}
