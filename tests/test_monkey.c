/*
 * test_monkey.c: monkey captures (RULES.md "Monkey captures"): single jumps,
 * chains, every prefix a move of its own, loops both ways as two moves, no
 * second jump of a piece, landing on squares visited before, the chain
 * ending at the lion, jumps in the river, and the move text.
 */
#include "test_util.h"

static void
test_single_jump(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	/* Jump c3 to d4; from d4 the monkey may not jump c3 back to b2. */
	tu_setup(&b, "4l2/7/7/7/2p4/1M5/4L2 w 0 1");
	assert_moves(&b, "b2",
	    "b2a1 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2 b2d4");
	tu_play(&b, "b2d4", &fx);
	assert_int_equal(fx.ncaptured, 1);
	assert_int_equal(fx.captured_sq[0], tu_sq("c3"));
	assert_int_equal(fx.captured_piece[0], PIECE_MAKE(BLACK, PAWN));
	assert_false(fx.lion_captured);
	/* Started on land, ends in the river: it survives this turn. */
	assert_int_equal(fx.ndrowned, 0);
	assert_fen(&b, "4l2/7/7/3M3/7/7/4L2 b 0 1");
}

static void
test_chain_and_prefix(void **state)
{
	struct board b;
	struct move_effects fx;
	move_t m;

	(void)state;
	tu_setup(&b, "4l2/7/4p2/7/2p4/1M5/4L2 w 3 1");
	assert_moves(&b, "b2",
	    "b2a1 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2 b2d4 b2d4f6");
	m = tu_move(&b, "b2d4f6");
	assert_int_equal(MOVE_FROM(m), tu_sq("b2"));
	assert_int_equal(MOVE_TO(m), tu_sq("f6"));
	assert_int_equal(MOVE_NJUMPS(m), 2);
	tu_play(&b, "b2d4f6", &fx);
	assert_int_equal(fx.ncaptured, 2);
	assert_fen(&b, "4l2/5M1/7/7/7/7/4L2 b 0 1");
	/* Stopping early is a move of its own and takes only c3. */
	assert_after("4l2/7/4p2/7/2p4/1M5/4L2 w 3 1", "b2d4",
	    "4l2/7/4p2/3M3/7/7/4L2 b 0 1");
}

static void
test_loop_both_ways(void **state)
{
	struct board b, b1, b2;
	move_t cw, ccw;

	(void)state;
	/*
	 * Four black pawns c2 d3 c4 b3 around c3; the monkey on b2 can go
	 * round them either way and come back to b2: two distinct moves
	 * taking the same four pieces, plus every prefix of each.
	 */
	tu_setup(&b, "4l2/7/7/2p4/1p1p3/1Mp4/4L2 w 0 1");
	assert_moves(&b, "b2",
	    "b2a1 b2a2 b2a3 b2b1 b2c1 b2c3 "
	    "b2d2 b2d2d4 b2d2d4b4 b2d2d4b4b2 "
	    "b2b4 b2b4d4 b2b4d4d2 b2b4d4d2b2");
	cw = tu_move(&b, "b2d2d4b4b2");
	ccw = tu_move(&b, "b2b4d4d2b2");
	assert_true(cw != ccw);
	assert_int_equal(MOVE_FROM(cw), MOVE_TO(cw));
	assert_int_equal(MOVE_FROM(ccw), MOVE_TO(ccw));
	assert_int_equal(MOVE_NJUMPS(cw), 4);
	assert_int_equal(MOVE_NJUMPS(ccw), 4);
	b1 = b;
	b2 = b;
	tu_play(&b1, "b2d2d4b4b2", NULL);
	tu_play(&b2, "b2b4d4d2b2", NULL);
	assert_fen(&b1, "4l2/7/7/7/7/1M5/4L2 b 0 1");
	assert_true(board_same_position(&b1, &b2));
	assert_true(b1.hash == b2.hash);
}

static void
test_revisit_square(void **state)
{
	(void)state;
	/*
	 * From f2 over e2 to d2, then round the four pawns either way back
	 * to d2, a square already visited; there every neighbour has been
	 * jumped, so the chain ends.
	 */
	assert_fen_moves("4l2/7/7/2p4/1p1p3/2p1pM1/4L2 w 0 1", "f2",
	    "f2d2 f2d2b2 f2d2b2b4 f2d2b2b4d4 f2d2b2b4d4d2 "
	    "f2d2d4 f2d2d4b4 f2d2d4b4b2 f2d2d4b4b2d2 "
	    "f2e3 f2f1 f2f3 f2g1 f2g2 f2g3");
	assert_after("4l2/7/7/2p4/1p1p3/2p1pM1/4L2 w 0 1", "f2d2b2b4d4d2",
	    "4l2/7/7/7/7/3M3/4L2 b 0 1");
}

static void
test_lion_ends_chain(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	/* Jumping the lion first: no going on over e6. */
	assert_fen_moves("7/4p2/3l3/3M3/7/7/2L4 w 0 1", "d4",
	    "d4c3 d4c4 d4c5 d4d3 d4d6 d4e3 d4e4 d4e5");
	/*
	 * e5 then the lion d5: the chain stops on d4 though c3 could be
	 * jumped from there. The monkey began in the river (f4) and ends in
	 * it: it drowns even on the winning move.
	 */
	tu_setup(&b, "7/7/3lp2/5M1/2p4/7/2L4 w 0 1");
	assert_moves(&b, "f4",
	    "f4d6 f4d6d4 f4e3 f4e4 f4f3 f4f5 f4g3 f4g4 f4g5");
	tu_play(&b, "f4d6d4", &fx);
	assert_true(fx.lion_captured);
	assert_int_equal(fx.ncaptured, 2);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(fx.drowned_sq[0], tu_sq("d4"));
	assert_int_equal(fx.drowned_piece[0], PIECE_MAKE(WHITE, MONKEY));
	assert_fen(&b, "7/7/7/7/2p4/7/2L4 b 0 1");
}

static void
test_no_capture_by_step(void **state)
{
	(void)state;
	/*
	 * a3 is an enemy but a4 beyond is occupied; b1 is an enemy but the
	 * square beyond is off the board; b3 is own. Only steps to empty
	 * squares remain.
	 */
	assert_fen_moves("3l3/7/7/P6/pP5/M6/1z2L2 w 0 1", "a2", "a2a1 a2b2");
}

static void
test_jump_in_river(void **state)
{
	struct board b;
	struct move_effects fx;

	(void)state;
	/* Jumps b4 and d4, both in the river. */
	tu_setup(&b, "3l3/7/7/1p1p3/M6/7/4L2 w 0 1");
	assert_moves(&b, "a3", "a3a2 a3a4 a3b2 a3b3 a3c5 a3c5e3");
	tu_play(&b, "a3c5e3", &fx);
	assert_int_equal(fx.ncaptured, 2);
	assert_int_equal(fx.ndrowned, 0);
	assert_fen(&b, "3l3/7/7/7/4M2/7/4L2 b 0 1");
}

static void
test_black_chain(void **state)
{
	(void)state;
	/* Black jumps e5 to d4 (river) then c5 to b6. */
	assert_fen_moves("3l3/5m1/2P1P2/7/7/7/4L2 b 0 1", "f6",
	    "f6d4 f6d4b6 f6e6 f6e7 f6f5 f6f7 f6g5 f6g6 f6g7");
	assert_after("3l3/5m1/2P1P2/7/7/7/4L2 b 0 1", "f6d4",
	    "3l3/7/2P4/3m3/7/7/4L2 w 0 2");
}

static void
test_move_text(void **state)
{
	struct board b;
	move_t m;
	int land[MOVE_MAX_JUMPS + 1];
	char err[128], text[MOVE_TEXT_MAX];

	(void)state;
	tu_setup(&b, "3l3/7/7/4p2/7/2p4/1M2L2 w 0 1");
	assert_moves(&b, "b1", "b1a1 b1a2 b1b2 b1c1 b1d3 b1d3f5");
	assert_int_equal(notation_read(&b, "b1d3f5", &m, err, sizeof err), 0);
	assert_int_equal(MOVE_FROM(m), tu_sq("b1"));
	assert_int_equal(MOVE_TO(m), tu_sq("f5"));
	assert_int_equal(MOVE_NJUMPS(m), 2);
	assert_int_equal(move_landings(m, land), 2);
	assert_int_equal(land[0], tu_sq("d3"));
	assert_int_equal(land[1], tu_sq("f5"));
	assert_int_equal(notation_write(m, text, sizeof text), 6);
	assert_string_equal(text, "b1d3f5");
	assert_int_equal(notation_read(&b, "B1D3F5", &m, err, sizeof err), 0);
	notation_write(m, text, sizeof text);
	assert_string_equal(text, "b1d3f5");
	/* The one-jump prefix. */
	assert_int_equal(notation_read(&b, "b1d3", &m, err, sizeof err), 0);
	assert_int_equal(MOVE_NJUMPS(m), 1);
	assert_int_equal(move_landings(m, land), 1);
	assert_int_equal(land[0], tu_sq("d3"));
	/* Not a path: skipping the landing square, or going on past f5. */
	assert_int_equal(notation_read(&b, "b1f5", &m, err, sizeof err), -1);
	assert_contains(err, "b1f5");
	assert_int_equal(notation_read(&b, "b1d3f5h7", &m, err, sizeof err),
	    -1);
	assert_int_equal(notation_read(&b, "b1d3f5d7", &m, err, sizeof err),
	    -1);
	assert_contains(err, "b1d3f5d7");
}

static void
test_long_chain(void **state)
{
	struct board b;
	struct move_effects fx;
	move_t m;
	char err[128], text[MOVE_TEXT_MAX];
	int land[MOVE_MAX_JUMPS + 1];
	static const char *path[] = { "c3", "e3", "g3", "g5", "e5", "c5",
	    "a5", "a7" };

	(void)state;
	tu_setup(&b, "4l2/z6/1p1p1p1/6c/3p1p1/1g5/M3L2 w 0 1");
	assert_int_equal(notation_read(&b, "a1c3e3g3g5e5c5a5a7", &m, err,
	    sizeof err), 0);
	assert_int_equal(MOVE_NJUMPS(m), 8);
	assert_int_equal(move_landings(m, land), 8);
	for (int i = 0; i < 8; i++)
		assert_int_equal(land[i], tu_sq(path[i]));
	assert_int_equal(notation_write(m, text, sizeof text), 18);
	assert_string_equal(text, "a1c3e3g3g5e5c5a5a7");
	tu_play(&b, "a1c3e3g3g5e5c5a5a7", &fx);
	assert_int_equal(fx.ncaptured, 8);
	assert_fen(&b, "M3l2/7/7/7/7/7/4L2 b 0 1");
}

/*
 * Properties of every monkey jump in a position, from the rules alone:
 * each landing is two squares straight from the last over an enemy piece,
 * lands on a square empty at the start of the move (or the monkey's own
 * starting square), no piece is jumped twice, nothing is landed on that
 * was jumped, a jump over the lion is the last, every prefix is a move, and
 * board_make removes exactly the jumped pieces.
 */
static int nchecked;

static void
check_monkey_moves(const struct board *b)
{
	static struct movelist ml;
	int me = b->side;

	movegen_legal(b, &ml);
	for (int i = 0; i < ml.n; i++) {
		move_t m = ml.moves[i];
		int from = MOVE_FROM(m), nj = MOVE_NJUMPS(m);
		int land[MOVE_MAX_JUMPS + 1], mids[MOVE_MAX_JUMPS];
		int prev = from;
		char text[MOVE_TEXT_MAX];
		struct board after;
		struct move_effects fx;

		if (nj == 0)
			continue;
		nchecked++;
		assert_int_equal(b->sq[from], PIECE_MAKE(me, MONKEY));
		assert_int_equal(move_landings(m, land), nj);
		assert_int_equal(land[nj - 1], MOVE_TO(m));
		notation_write(m, text, sizeof text);
		for (int j = 0; j < nj; j++) {
			int df = SQ_FILE(land[j]) - SQ_FILE(prev);
			int dr = SQ_RANK(land[j]) - SQ_RANK(prev);
			int mid;

			assert_true(df == 0 || df == 2 || df == -2);
			assert_true(dr == 0 || dr == 2 || dr == -2);
			assert_true(df != 0 || dr != 0);
			mid = SQ(SQ_FILE(prev) + df / 2, SQ_RANK(prev) + dr / 2);
			assert_int_not_equal(b->sq[mid], PIECE_NONE);
			assert_int_equal(PIECE_COLOR(b->sq[mid]), 1 - me);
			assert_true(b->sq[land[j]] == PIECE_NONE ||
			    land[j] == from);
			for (int k = 0; k < j; k++)
				assert_int_not_equal(mids[k], mid);
			mids[j] = mid;
			if (PIECE_TYPE(b->sq[mid]) == LION)
				assert_int_equal(j, nj - 1);
			/* The prefix ending here is a move too. */
			if (j < nj - 1) {
				char pre[MOVE_TEXT_MAX];

				snprintf(pre, sizeof pre, "%.*s", 2 * (j + 2),
				    text);
				assert_true(tu_has_move(b, pre));
			}
			prev = land[j];
		}
		for (int j = 0; j < nj; j++)
			for (int k = 0; k < nj; k++)
				assert_int_not_equal(land[j], mids[k]);
		after = *b;
		board_make(&after, m, &fx);
		assert_true(board_hash_compute(&after) == after.hash);
		assert_int_equal(fx.ncaptured, nj);
		for (int j = 0; j < nj; j++) {
			bool listed = false;

			for (int k = 0; k < fx.ncaptured; k++)
				if (fx.captured_sq[k] == mids[j])
					listed = true;
			assert_true(listed);
			assert_int_equal(after.sq[mids[j]], PIECE_NONE);
		}
	}
}

static void
test_chain_properties(void **state)
{
	struct board b;
	uint64_t seed = 12345;

	(void)state;
	tu_setup(&b, "4l2/7/7/2p4/1p1p3/2p1pM1/4L2 w 0 1");
	check_monkey_moves(&b);
	tu_setup(&b, "4l2/z6/1p1p1p1/6c/3p1p1/1g5/M3L2 w 0 1");
	check_monkey_moves(&b);
	/* Crowded random play from the start. */
	for (int game = 0; game < 60; game++) {
		tu_setup(&b, FEN_START);
		for (int ply = 0; ply < 80; ply++) {
			struct movelist ml;

			check_monkey_moves(&b);
			if (movegen_legal(&b, &ml) == 0)
				break;
			seed = seed * 6364136223846793005ULL +
			    1442695040888963407ULL;
			board_make(&b, ml.moves[(seed >> 33) % ml.n], NULL);
			if (board_lion_sq(&b, WHITE) < 0 ||
			    board_lion_sq(&b, BLACK) < 0)
				break;
		}
	}
	/* The walk must have met plenty of jumps to mean anything. */
	print_message("%d monkey jumps checked\n", nchecked);
	assert_true(nchecked > 100);
}

/*
 * An independent reading of RULES.md's jump rules, for comparison: every
 * jump path of the monkey on `from`, as move text, by depth-first search.
 */
struct ref_paths {
	int n;
	char (*text)[MOVE_TEXT_MAX];
};

static void
ref_dfs(const struct board *b, int from, int pos, bb_t jumped, char *path,
    int len, struct ref_paths *out)
{
	int me = PIECE_COLOR(b->sq[from]);

	for (int df = -1; df <= 1; df++) {
		for (int dr = -1; dr <= 1; dr++) {
			int mf = SQ_FILE(pos) + df, mr = SQ_RANK(pos) + dr;
			int lf = mf + df, lr = mr + dr, mid, land;

			if ((df == 0 && dr == 0) || lf < 0 || lf > 6 ||
			    lr < 0 || lr > 6)
				continue;
			mid = SQ(mf, mr);
			land = SQ(lf, lr);
			if (b->sq[mid] == PIECE_NONE ||
			    PIECE_COLOR(b->sq[mid]) == me ||
			    (jumped & BB(mid)) != 0)
				continue;
			if (b->sq[land] != PIECE_NONE && land != from)
				continue;
			board_sq_name(land, path + len);
			memcpy(out->text[out->n++], path, len + 3);
			if (PIECE_TYPE(b->sq[mid]) != LION)
				ref_dfs(b, from, land, jumped | BB(mid), path,
				    len + 2, out);
		}
	}
}

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(a, b);
}

/*
 * A dense position reachable in play (Black: lion, 7 pawns, crocodile,
 * zebra, two elephants, giraffe and monkey; only the pawn c4 and the
 * crocodile e4 stand in the river): the white monkey on d4 is surrounded by
 * 13 pieces on the midpoints of a 3x3 lattice of landing squares and has
 * 10181 different jump paths (the lion on c5 ends a path); the white lion
 * has 5 moves. A move list holds the first MOVELIST_MAX and says it was cut
 * short; movegen_all, movegen_visit, movegen_count and perft see them all.
 */
#define DENSE_FEN "7/2e1e2/1glzm2/2pMc2/1pppp2/2p1p2/3L3 w 0 1"

static void
count_visit(void *ctx, move_t m)
{
	(void)m;
	(*(int *)ctx)++;
}

static void
check_dense(const char *fen, int nmonkey, int nother)
{
	static struct movelist ml;
	struct board b;
	struct ref_paths ref;
	char path[MOVE_TEXT_MAX];
	char (*got)[MOVE_TEXT_MAX];
	move_t *all;
	size_t n = 0;
	int ngot = 0, nvisit = 0, total = nmonkey + nother;

	tu_setup(&b, fen);
	assert_int_equal(movegen_count(&b), total);
	assert_int_equal(perft(&b, 1), total);
	movegen_visit(&b, count_visit, &nvisit);
	assert_int_equal(nvisit, total);
	assert_int_equal(movegen_legal(&b, &ml), MOVELIST_MAX);
	assert_true(ml.truncated);

	/* The monkey's moves, exactly those of the reference search. */
	ref.n = 0;
	ref.text = calloc(nmonkey + 1000, sizeof *ref.text);
	board_sq_name(tu_sq("d4"), path);
	ref_dfs(&b, tu_sq("d4"), tu_sq("d4"), 0, path, 2, &ref);
	assert_int_equal(ref.n, nmonkey);
	qsort(ref.text, ref.n, sizeof *ref.text, cmp_text);

	all = movegen_all(&b, &n);
	assert_non_null(all);
	assert_int_equal(n, total);
	got = calloc(n, sizeof *got);
	for (size_t i = 0; i < n; i++) {
		if (MOVE_FROM(all[i]) != tu_sq("d4"))
			continue;
		assert_true(movegen_is_legal(&b, all[i]));
		notation_write(all[i], got[ngot++], MOVE_TEXT_MAX);
	}
	qsort(got, ngot, sizeof *got, cmp_text);
	assert_int_equal(ngot, nmonkey);
	for (int i = 0; i < ngot; i++)
		assert_string_equal(got[i], ref.text[i]);
	/* The longest read back. */
	for (int i = 0; i < ngot; i++) {
		move_t m;
		char err[128];

		if (strlen(got[i]) < 28)
			continue;
		assert_int_equal(notation_read(&b, got[i], &m, err,
		    sizeof err), 0);
		assert_int_equal(MOVE_NJUMPS(m), 13);
	}
	free(got);
	free(all);
	free(ref.text);
}

static void
test_dense_chains(void **state)
{
	(void)state;
	check_dense(DENSE_FEN, 10181, 5);
	/* Lion d7 out of reach, 13 pieces on the lattice: 20200 paths. */
	check_dense("3l3/2e1e2/1pgzmp1/2pMc2/2pppp1/7/3L3 w 0 1", 20200, 5);
}


/*
 * Chains longer than 14 jumps (RULES.md sets no limit on pieces). LONG15:
 * the white monkey on a1 snakes through the 16 squares of its parity class
 * over 15 black elephants; two 15-jump moves (a1...a7 by either half of the
 * snake, via a4) exist, and perft 2 is 1152 (a 14-jump limit gave 1143).
 * LONG18 adds elephants on a6, b4 and c2, so the snake goes on
 * a7-a5-c3-c1: 18 jumps (8 such paths), past the low 64 bits of a move.
 */
#define LONG15_FEN "1e1e1e1/3l2e/1e1e1e1/e6/1e1e1e1/3L2e/Me1e1e1 w 0 1"
#define LONG18_FEN "1e1e1e1/e2l2e/1e1e1e1/ee5/1e1e1e1/2eL2e/Me1e1e1 w 0 1"

static void
check_long(const char *fen, int longest, int nlongest)
{
	struct board b;
	struct ref_paths ref;
	char path[MOVE_TEXT_MAX], text[MOVE_TEXT_MAX], err[128];
	move_t *all, back;
	size_t n = 0;
	int nmonkey = 0, best = 0, nbest = 0;

	tu_setup(&b, fen);
	ref.n = 0;
	ref.text = calloc(200000, sizeof *ref.text);
	assert_non_null(ref.text);
	board_sq_name(tu_sq("a1"), path);
	ref_dfs(&b, tu_sq("a1"), tu_sq("a1"), 0, path, 2, &ref);
	qsort(ref.text, ref.n, sizeof *ref.text, cmp_text);
	all = movegen_all(&b, &n);
	assert_int_equal(movegen_count(&b), n);
	for (size_t i = 0; i < n; i++) {
		struct board child = b;
		struct move_effects fx;
		int nj = MOVE_NJUMPS(all[i]);

		if (MOVE_FROM(all[i]) != tu_sq("a1") || nj == 0)
			continue;
		nmonkey++;
		assert_true(movegen_is_legal(&b, all[i]));
		notation_write(all[i], text, sizeof text);
		assert_non_null(bsearch(text, ref.text, ref.n,
		    sizeof *ref.text, cmp_text));
		assert_int_equal(notation_read(&b, text, &back, err,
		    sizeof err), 0);
		assert_true(back == all[i]);
		board_make(&child, all[i], &fx);
		assert_int_equal(fx.ncaptured, nj);
		assert_int_equal(bb_popcount(child.occ[BLACK]),
		    bb_popcount(b.occ[BLACK]) - nj);
		if (nj > best) {
			best = nj;
			nbest = 0;
		}
		nbest += nj == best;
		/* Past 15 jumps a move needs its high 64 bits. */
		assert_int_equal(move_fits64(all[i]), nj <= 15);
	}
	assert_int_equal(nmonkey, ref.n);
	assert_int_equal(best, longest);
	assert_int_equal(nbest, nlongest);
	free(all);
	free(ref.text);
}

static void
test_chains_past_14(void **state)
{
	struct board b;

	(void)state;
	check_long(LONG15_FEN, 15, 2);
	tu_setup(&b, LONG15_FEN);
	assert_int_equal(perft(&b, 2), 1152);
	check_long(LONG18_FEN, 18, 8);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_single_jump),
		cmocka_unit_test(test_chain_and_prefix),
		cmocka_unit_test(test_loop_both_ways),
		cmocka_unit_test(test_revisit_square),
		cmocka_unit_test(test_lion_ends_chain),
		cmocka_unit_test(test_no_capture_by_step),
		cmocka_unit_test(test_jump_in_river),
		cmocka_unit_test(test_black_chain),
		cmocka_unit_test(test_move_text),
		cmocka_unit_test(test_long_chain),
		cmocka_unit_test(test_chain_properties),
		cmocka_unit_test(test_dense_chains),
		cmocka_unit_test(test_chains_past_14),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
