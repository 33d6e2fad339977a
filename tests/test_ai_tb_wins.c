/*
 * test_ai_tb_wins.c: issue 57's false forced wins. The root's take-back
 * penalty (ev.undo) moved a won score's window by its centipawns: a move
 * taking back the mover's own last one came back with a bound read as a
 * win one move shorter than the best (a5a6, "win 3", in a drawn
 * position). Endgame tables made here (every ending of one piece beside
 * the lions and a few of two) judge what the search, which does not see
 * them, claims: a sample of won positions is played on by the search (a
 * game's move, so with the penalty) against the tables' best defence,
 * and no search claims a win the tables deny (the move played must lose
 * for the defender, no faster than claimed, and the root must be won no
 * later than claimed), with the learned evaluation and the hand-made one.
 * And the AI converts: the issue's position and won positions played out
 * against a defender that only moves to and fro are all won, none drawn
 * by repetition (the false wins on taking back made the AI shuffle too).
 */
#include "test_ai_util.h"
#include "test_main.h"
#include "test_whole.h"
#include "tb/tb_internal.h"

/* The endings of two pieces made besides those of one, each after the
 * one its pawn promotes to. */
static const char *const two[] = {
	"LSvLG", "LPvLG", "LGvLZ", "LMvLE", "LCvLZ", "LEvLZ", "LMvLC",
	"LGvLE", "LSvLZ", "LPvLZ"
};

static struct tb_set *set;
/* how many of them are made: the first two under valgrind
 * (CONGO_TEST_LIGHT), the issue's ending and the one it promotes to */
static size_t ntwo;

static int
setup(void **state)
{
	struct tb_material *list, m;
	int count;

	(void)state;
	board_init();
	set = tb_set_new(VARIANT_CONGO);
	list = tb_material_list(VARIANT_CONGO, 1, &count);
	for (int k = 0; k < count; k++)
		tb_set_add(set, tb_generate(&list[k], set, 1, NULL, NULL));
	free(list);
	ntwo = test_light() ? 2 : sizeof two / sizeof two[0];
	for (size_t k = 0; k < ntwo; k++) {
		if (tb_material_parse(&m, VARIANT_CONGO, two[k]) != 0 ||
		    !tb_material_canonical(&m))
			return -1;
		tb_set_add(set, tb_generate(&m, set, 1, NULL, NULL));
	}
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	tb_set_free(set);
	return 0;
}

/* The tables' entry of b: 0 a draw, 1 + plies (odd: a win), -1 none. */
static int
entry(const struct board *b)
{
	int e = tb_set_entry(set, b);

	return e == TB_INVALID ? -1 : e;
}

/* A strong search of one thread: the installed network or (nnue false)
 * the hand-made evaluation. The process has no tables (make check's
 * folders hold none). */
static struct search_ctx *
tb_ctx(bool nnue)
{
	struct search_options o;
	struct search_ctx *ctx;

	search_options_default(&o);
	o.hash_mb = 8;
	o.use_nnue = nnue;
	ctx = search_new(&o);
	assert_non_null(ctx);
	return ctx;
}

/* What the search claimed at b (history h[0..n-1] before it), checked
 * against the tables: false (and said) when it claims a win they deny. */
static bool
claim_holds(const struct board *b, const struct search_info *in, move_t m)
{
	struct board c = *b;
	char fen[FEN_MAX];
	int eb = entry(b), ec;

	if (in->kind != SEARCH_SCORE_WIN)
		return true;
	board_make(&c, m, NULL);
	ec = c.pieces[c.side][LION] == 0 ? 1 : entry(&c);
	fen_write(b, fen, sizeof fen);
	/* the root won no later than claimed, the move a loss for the
	 * defender no later than claimed (2 * moves - 1 plies in all) */
	if (eb > 0 && (eb - 1) % 2 == 1 && (eb - 1 + 1) / 2 <= in->score &&
	    ec > 0 && (ec - 1) % 2 == 0 && ec - 1 + 1 <= 2 * in->score - 1)
		return true;
	print_error("%s: %s claimed a win in %d; tables: %d at the root, "
	    "%d after it\n", fen, ta_text(m), in->score, eb, ec);
	return false;
}

/* The defender's best reply by the tables (the longest loss, else a
 * draw); MOVE_NONE when a reply leaves the tables. */
static move_t
defence(const struct board *b)
{
	struct movelist ml;
	move_t best = MOVE_NONE;
	int best_v = -1000;

	movegen_legal(b, &ml);
	for (int i = 0; i < ml.n; i++) {
		struct board c = *b;
		int e, v;

		board_make(&c, ml.moves[i], NULL);
		if (c.pieces[c.side][LION] == 0)
			return MOVE_NONE;       /* the winner's lion? never */
		if ((e = entry(&c)) < 0)
			return MOVE_NONE;
		/* for the defender: a win, a draw, the winner's longest */
		v = e == 0 ? 999 : (e - 1) % 2 == 1 ? e : 2000;
		if (v > best_v) {
			best_v = v;
			best = ml.moves[i];
		}
	}
	return best;
}

/* The search plays on from the won position w (the winner to move) for
 * `moves` of its moves against the tables' defence, each a game's move
 * with the game's history; the false claims counted. */
static int
play_on(struct search_ctx *ctx, const struct board *w, int moves,
    int nodes, int *searched)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct board h[16];
	int n = 0, bad = 0;

	search_clear(ctx);
	h[0] = *w;
	for (int k = 0; k < moves; k++) {
		struct search_limits l;
		struct search_info in;
		struct board c;
		move_t m, d;

		search_limits_default(&l);
		l.nodes = (uint64_t)nodes;
		l.play = true;
		m = search_best_move(ctx, &h[n], h, n, &rules, &l, NULL, NULL);
		assert_int_not_equal(m, MOVE_NONE);
		search_last_info(ctx, &in);
		(*searched)++;
		if (!claim_holds(&h[n], &in, m))
			bad++;
		c = h[n];
		board_make(&c, m, NULL);
		if (c.pieces[c.side][LION] == 0 || entry(&c) < 0 ||
		    (d = defence(&c)) == MOVE_NONE)
			break;
		h[++n] = c;
		c = h[n];
		board_make(&c, d, NULL);
		if (entry(&c) < 0)
			break;
		h[++n] = c;
	}
	return bad;
}

/* The issue's position: e5d6 wins in 4; a5a6, taking back a6a5, draws
 * (it was played as a win in 3). */
static void
test_issue_position(void **state)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct board h[3];
	struct search_limits l;
	struct search_info in;

	(void)state;
	ta_setup(&h[0], "7/g6/4l2/7/2P4/7/2L4 b 0 1");
	h[1] = h[0];
	board_make(&h[1], tu_move(&h[0], "a6a5"), NULL);
	h[2] = h[1];
	board_make(&h[2], tu_move(&h[1], "c1c2"), NULL);
	for (int nnue = 0; nnue < 2; nnue++) {
		struct search_ctx *ctx = tb_ctx(nnue);
		move_t m;

		search_limits_default(&l);
		l.depth = 12;
		l.play = true;
		m = search_best_move(ctx, &h[2], h, 2, &rules, &l, NULL, NULL);
		search_last_info(ctx, &in);
		print_message("%s: %s, %s %d\n", nnue ? "network" : "by hand",
		    ta_text(m), in.kind == SEARCH_SCORE_WIN ? "win" : "not a "
		    "win", in.score);
		assert_true(claim_holds(&h[2], &in, m));
		assert_string_equal(ta_text(m), "e5d6");
		assert_int_equal(in.kind, SEARCH_SCORE_WIN);
		assert_int_equal(in.score, 4);
		search_free(ctx);
	}
}

/* One draw of a won position from the endings of two pieces (fixed seed,
 * its side to move winning in lo to hi plies) into *out: 1, or 0 when
 * the draw fell elsewhere. */
static int
sample_won(uint64_t *seed, int lo, int hi, struct board *out)
{
	const struct tb_table *t;
	struct tb_material m;
	uint64_t i;
	int e;

	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	if (tb_material_parse(&m, VARIANT_CONGO,
	    two[(*seed >> 33) % ntwo]) != 0)
		fail();
	t = set->table[m.key];
	i = (*seed >> 11) % t->mat.entries;
	e = t->data[i];
	if (e == TB_INVALID || e == 0 || (e - 1) % 2 != 1 || e - 1 < lo ||
	    e - 1 > hi || !tb_decode(&t->mat, i, out))
		return 0;
	return entry(out) == e;     /* else a slot of another's value */
}

/* A sample of the tables' won positions (5 to 25 plies from the end,
 * spread over the endings of two pieces by a fixed seed): searched
 * without the tables, played on for three moves, no false win. */
static void
test_no_false_wins(void **state)
{
	int want = (int)test_light_pick(20, 300, 300);
	uint64_t seed = 57;
	struct board *won = xcalloc((size_t)want, sizeof *won);
	int nwon = 0, tries = 0;

	(void)state;
	while (nwon < want && tries++ < 1000000)
		nwon += sample_won(&seed, 5, 25, &won[nwon]);
	assert_int_equal(nwon, want);
	for (int nnue = 0; nnue < 2; nnue++) {
		struct search_ctx *ctx = tb_ctx(nnue);
		int bad = 0, searched = 0;

		for (int k = 0; k < nwon; k++)
			bad += play_on(ctx, &won[k], 3, 6000, &searched);
		print_message("%s: %d false wins in %d searches of %d won "
		    "positions\n", nnue ? "network" : "by hand", bad, searched,
		    nwon);
		assert_int_equal(bad, 0);
		search_free(ctx);
	}
	free(won);
}

/* The defender that only repeats: its last move taken back when it can
 * be (the piece straight back to the empty square it came from), else the
 * tables' best defence, else its first move. */
static move_t
repeater(const struct game *g)
{
	const struct board *b = game_board(g);
	struct movelist ml;
	move_t d;

	movegen_legal(b, &ml);
	if (g->nply >= 2) {
		move_t last = g->moves[g->nply - 2];

		for (int i = 0; i < ml.n; i++)
			if (MOVE_NJUMPS(ml.moves[i]) == 0 &&
			    MOVE_NJUMPS(last) == 0 &&
			    MOVE_FROM(ml.moves[i]) == MOVE_TO(last) &&
			    MOVE_TO(ml.moves[i]) == MOVE_FROM(last) &&
			    b->sq[MOVE_TO(last)] == PIECE_NONE)
				return ml.moves[i];
	}
	d = entry(b) >= 0 ? defence(b) : MOVE_NONE;
	return d != MOVE_NONE ? d : ml.moves[0];
}

/* The search (a game's moves, `nodes` each) plays the winner of w out
 * against the repeater under the game's rules: true when it takes the
 * lion, false (said) when the game is drawn or runs past 120 plies. */
static bool
converts(struct search_ctx *ctx, const struct board *w, int nodes)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct game g;
	char err[128], fen[FEN_MAX];
	int winner = w->side;
	bool won;

	search_clear(ctx);
	game_init(&g, w, &rules);
	while (!game_over(&g) && g.nply < 120) {
		const struct board *b = game_board(&g);
		move_t m;

		if (b->side == winner) {
			struct search_limits l;

			search_limits_default(&l);
			l.nodes = (uint64_t)nodes;
			l.play = true;
			m = search_best_move(ctx, b, g.pos, g.nply, &rules, &l,
			    NULL, NULL);
		} else {
			m = repeater(&g);
		}
		assert_int_equal(game_play(&g, m, err, sizeof err), 0);
	}
	won = g.result == (winner == WHITE ? RESULT_WHITE_WINS :
	    RESULT_BLACK_WINS);
	if (!won) {
		fen_write(w, fen, sizeof fen);
		print_error("%s: not converted against the repeater: %s after "
		    "%d plies\n", fen, game_reason_name(g.reason), g.nply);
	}
	game_free(&g);
	return won;
}

/* Issue 57: the AI drew won games by repetition against a defender
 * moving to and fro (its false wins on taking its own move back). The
 * issue's position (before a6a5) and a sample of the tables' wins in 9
 * to 25 plies are played out without the tables: every one is won. */
static void
test_converts_against_repeater(void **state)
{
	int want = (int)test_light_pick(3, 40, 100), nwon = 0, lost = 0;
	uint64_t seed = 37;
	struct board *won = xcalloc((size_t)want, sizeof *won);

	(void)state;
	ta_setup(&won[nwon++], "7/g6/4l2/7/2P4/7/2L4 b 0 1");
	while (nwon < want)
		nwon += sample_won(&seed, 9, 15, &won[nwon]);
	for (int nnue = 0; nnue < 2; nnue++) {
		struct search_ctx *ctx = tb_ctx(nnue);
		int bad = 0;

		for (int k = 0; k < nwon; k++)
			bad += !converts(ctx, &won[k], 6000);
		print_message("%s: %d of %d won positions not converted\n",
		    nnue ? "network" : "by hand", bad, nwon);
		lost += bad;
		search_free(ctx);
	}
	free(won);
	assert_int_equal(lost, 0);
}

TEST_MAIN(setup, teardown,
	cmocka_unit_test(test_issue_position),
	cmocka_unit_test(test_no_false_wins),
	cmocka_unit_test(test_converts_against_repeater))
