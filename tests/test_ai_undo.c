/*
 * test_ai_undo.c: what a game's move plays for and an analysis does not:
 * the contempt, the trade penalty, and the root's penalty for taking back
 * the mover's own last move (ev.undo, issue 37's shuffling): it halves
 * the moves taken back, stays out of analysis (several lines, infinite),
 * and its limits hold:
 * undo_quiet (only after that many plies without a capture),
 * undo_pieces (only with at most that many pieces left), undo_min
 * (only while the root's score is at least that) and undo_safe (never
 * for a retreat: a piece that could be taken where it stands).
 */
#include "test_ai_util.h"
#include "test_main.h"
#include "test_whole.h"

/* A strong search with these tuning overrides, one thread (the
 * hand-made evaluation: a search given weights has no network). */
static struct search_ctx *
undo_ctx(const char *tune)
{
	struct search_options o;
	struct search_ctx *ctx;

	search_options_default(&o);
	o.hash_mb = 4;
	snprintf(o.tune, sizeof o.tune, "%s", tune);
	ctx = search_new(&o);
	assert_non_null(ctx);
	return ctx;
}

/* The first position of undone_in_games where a move was taken back:
 * found_h[0..found_n-1] the positions before it, found_h[found_n] it. */
static struct board found_h[128];
static int found_n = -1;

/* Which taken-back moves undone_in_games stops at. */
enum undo_kind {
	UNDO_ANY,
	UNDO_RETREAT,           /* the piece could be taken where it stood */
	UNDO_SHUFFLE            /* it could not */
};

/* Undone moves (a piece straight back to the empty square it came from,
 * the side's move two plies before) in games of ctx against itself at
 * 3,000 nodes a move, 100 plies from each of White's first 8 moves (3
 * under valgrind, CONGO_TEST_LIGHT); *n
 * gets the moves played. With stop, only up to the first of that kind
 * (found_h), each move searched as by a new context. */
static int
undone_in_games(struct search_ctx *ctx, int *n, bool stop,
    enum undo_kind kind)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct movelist first;
	struct board start;
	int undone = 0, k, games = stop ? 40 : (test_light() ? 3 : 8);

	*n = 0;
	found_n = -1;
	ta_setup(&start, FEN_START);
	movegen_legal(&start, &first);
	for (k = 0; k < games && k < first.n; k++) {
		struct game g;
		char err[128];

		search_clear(ctx);
		game_init(&g, &start, &rules);
		assert_int_equal(game_play(&g, first.moves[k], err, sizeof err),
		    0);
		while (g.nply < 100 && !game_over(&g)) {
			const struct board *b = game_board(&g);
			struct search_limits l;
			move_t m;

			if (stop)       /* as a new context would */
				search_clear(ctx);
			search_limits_default(&l);
			l.nodes = 3000;
			l.play = true;
			m = search_best_move(ctx, b, g.pos, g.nply, &rules, &l,
			    NULL, NULL);
			assert_int_not_equal(m, MOVE_NONE);
			if (g.nply >= 2 && MOVE_NJUMPS(m) == 0 &&
			    MOVE_NJUMPS(g.moves[g.nply - 2]) == 0 &&
			    MOVE_FROM(m) == MOVE_TO(g.moves[g.nply - 2]) &&
			    MOVE_TO(m) == MOVE_FROM(g.moves[g.nply - 2]) &&
			    b->sq[MOVE_TO(m)] == PIECE_NONE) {
				undone++;
				if (stop && (kind == UNDO_ANY ||
				    movegen_can_be_taken(b, MOVE_FROM(m)) ==
				    (kind == UNDO_RETREAT))) {
					found_n = g.nply;
					memcpy(found_h, g.pos, (size_t)(g.nply +
					    1) * sizeof *found_h);
					game_free(&g);
					return undone;
				}
			}
			(*n)++;
			assert_int_equal(game_play(&g, m, err, sizeof err), 0);
		}
		game_free(&g);
	}
	return undone;
}

/* Issue 37: the strong search takes its own last move back less often
 * (ev.undo, a root move's penalty) than without the penalty. */
static void
test_undo_progress(void **state)
{
	/* both by the hand-made evaluation (a search given weights is) */
	struct search_ctx *with = undo_ctx("undo=20");
	struct search_ctx *without = undo_ctx("undo=0");
	int n_with, n_without, u_with, u_without;

	(void)state;
	u_with = undone_in_games(with, &n_with, false, UNDO_ANY);
	u_without = undone_in_games(without, &n_without, false,
	    UNDO_ANY);
	print_message("undone: %d of %d moves with the penalty, %d of %d "
	    "without\n", u_with, n_with, u_without, n_without);
	assert_true(u_without > 0);
	assert_true(2 * u_with * n_without <= u_without * n_with);
	search_free(with);
	search_free(without);
}

/* Searches of found_h's last position by a (no penalty) and b (tune
 * btune, a large one) with these limits and lines: the same move and
 * score, or (!same) another move. */
static move_t
undo_same(const struct search_limits *l, int lines, const char *btune,
    bool same)
{
	struct search_ctx *a = undo_ctx("undo=0"), *b = undo_ctx(btune);
	struct search_options o;
	struct search_info ia, ib;
	move_t ma, mb;

	o = *search_get_options(a);
	o.multipv = lines;
	assert_int_equal(search_set_options(a, &o), 0);
	o = *search_get_options(b);
	o.multipv = lines;
	assert_int_equal(search_set_options(b, &o), 0);
	ma = search_best_move(a, &found_h[found_n], found_h, found_n, NULL, l,
	    NULL, NULL);
	mb = search_best_move(b, &found_h[found_n], found_h, found_n, NULL, l,
	    NULL, NULL);
	search_last_info(a, &ia);
	search_last_info(b, &ib);
	if (same) {
		assert_int_equal(ma, mb);
		assert_int_equal(ia.score, ib.score);
	} else {
		assert_int_not_equal(ma, mb);
	}
	search_free(a);
	search_free(b);
	return ma;
}

/* The penalty is for play: where a search without it takes its last move
 * back, one with it plays another move; an analysis (not play, several
 * lines, or infinite until stopped) shows the position's own moves and
 * scores, the same with any penalty. */
static void
test_undo_not_in_analysis(void **state)
{
	struct search_ctx *ctx = undo_ctx("undo=0");
	struct search_limits l;
	char spec[64];
	int n, q;

	(void)state;
	assert_int_equal(undone_in_games(ctx, &n, true, UNDO_ANY), 1);
	search_free(ctx);
	search_limits_default(&l);
	l.nodes = 3000;
	/* not play (an analysis by nodes or movetime, advice, training
	 * data): the position's own move and score */
	undo_same(&l, 1, "undo=900", true);
	l.play = true;
	undo_same(&l, 1, "undo=900", false);    /* a game: not the same */
	undo_same(&l, 3, "undo=900", true);     /* three lines */
	/* only while the root's score is at least undo_min */
	undo_same(&l, 1, "undo=900,undo_min=5000", true);
	undo_same(&l, 1, "undo=900,undo_min=-5000", false);
	/* only after undo_quiet plies without a capture (the position's
	 * counter: one more and it is not given) */
	q = (int)found_h[found_n].quiet;
	snprintf(spec, sizeof spec, "undo=900,undo_quiet=%d", q + 1);
	undo_same(&l, 1, spec, true);
	snprintf(spec, sizeof spec, "undo=900,undo_quiet=%d", q);
	undo_same(&l, 1, spec, false);
	/* only with at most undo_pieces pieces on the board */
	q = bb_popcount(found_h[found_n].occ[WHITE] |
	    found_h[found_n].occ[BLACK]);
	snprintf(spec, sizeof spec, "undo=900,undo_pieces=%d", q - 1);
	undo_same(&l, 1, spec, true);
	snprintf(spec, sizeof spec, "undo=900,undo_pieces=%d", q);
	undo_same(&l, 1, spec, false);
	search_limits_default(&l);
	l.play = true;
	l.infinite = true;
	l.depth = 5;
	undo_same(&l, 1, "undo=900", true);     /* infinite */
}

/* undo_safe=1 leaves a retreat alone (the piece could be taken where it
 * stands): where the search without the penalty moves such a piece back,
 * the penalty with undo_safe does too; where it moves back a piece
 * nothing attacks, it plays another move. */
static void
test_undo_safe_retreat(void **state)
{
	struct search_ctx *ctx;
	struct search_limits l;
	int n;

	(void)state;
	search_limits_default(&l);
	l.nodes = 3000;
	l.play = true;
	ctx = undo_ctx("undo=0");
	assert_true(undone_in_games(ctx, &n, true, UNDO_RETREAT) >= 1);
	assert_true(found_n >= 2);
	search_free(ctx);
	undo_same(&l, 1, "undo=900,undo_safe=1", true);
	undo_same(&l, 1, "undo=900", false);
	ctx = undo_ctx("undo=0");
	assert_true(undone_in_games(ctx, &n, true, UNDO_SHUFFLE) >= 1);
	assert_true(found_n >= 2);
	search_free(ctx);
	undo_same(&l, 1, "undo=900,undo_safe=1", false);
}

/* The score of a depth-1 search of fen with the tuning tune, a game's
 * move (play) or not; *best its move when not NULL. */
static int
depth1_play(const char *tune, const char *fen, bool play, move_t *best)
{
	struct search_ctx *ctx = undo_ctx(tune);
	struct search_limits l;
	struct search_info info;
	struct board b;
	move_t m;

	ta_setup(&b, fen);
	search_limits_default(&l);
	l.depth = 1;
	l.play = play;
	m = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
	assert_int_not_equal(m, MOVE_NONE);
	if (best != NULL)
		*best = m;
	search_last_info(ctx, &info);
	assert_int_equal(info.kind, SEARCH_SCORE_CP);
	search_free(ctx);
	return info.score;
}

static int
depth1_score(const char *tune, const char *fen)
{
	return depth1_play(tune, fen, false, NULL);
}

/* progress=P: the static evaluation e after q quiet plies is
 * e - e * q / P (q at most 200), so the side ahead gains by a capture.
 * A depth-1 search where no capture is near: every leaf is one quiet ply
 * later, so its score is the plain search's scaled the same way. */
static void
test_progress_scales(void **state)
{
	/* White a giraffe ahead, nothing within reach of anything */
	static const char *fen0 = "4l2/6e/7/7/7/E6/G1L4 w 0 1";
	static const char *fen99 = "4l2/6e/7/7/7/E6/G1L4 w 99 50";
	static const char *fen180 = "4l2/6e/7/7/7/E6/G1L4 w 180 90";
	int s0, s, q;

	(void)state;
	s0 = depth1_score("progress=0", fen0);
	assert_true(s0 > 100);
	/* off: the quiet plies change nothing */
	assert_int_equal(depth1_score("progress=0", fen99), s0);
	/* the leaves at 1 and 100 quiet plies */
	q = 1;
	assert_int_equal(depth1_score("progress=400", fen0), s0 - s0 * q / 400);
	q = 100;
	s = depth1_score("progress=200", fen99);
	assert_int_equal(s, s0 - s0 * q / 200);
	assert_true(s < s0 * 2 / 3);
	/* near the quiet-move draw */
	q = 181;
	assert_int_equal(depth1_score("progress=400", fen180),
	    s0 - s0 * q / 400);
}

/* trade=K: in a game's move, each piece fewer on the board than at the
 * root costs the root side K (it keeps the tension); an analysis sees
 * the position's own scores. White's elephant can take a zebra that
 * nothing guards, nothing else can take anything. */
static void
test_trade_penalty(void **state)
{
	static const char *fen = "4l2/5pp/7/7/1z5/1E3PP/2L4 w 0 1";
	static const char *quiet = "4l2/5pp/7/7/7/1E3PP/2L4 w 0 1";
	move_t m0, m;
	int s0;

	(void)state;
	s0 = depth1_play("trade=0", fen, true, &m0);
	assert_string_equal(ta_text(m0), "b2b3");
	assert_true(s0 > 200);
	/* the capture leaves one piece fewer: K less, the same move */
	assert_int_equal(depth1_play("trade=30", fen, true, &m), s0 - 30);
	assert_int_equal(m, m0);
	/* not a game's move: the position's own score */
	assert_int_equal(depth1_play("trade=30", fen, false, &m), s0);
	/* more than the zebra: the search keeps the pieces */
	depth1_play("trade=900", fen, true, &m);
	assert_int_not_equal(m, m0);
	depth1_play("trade=900", fen, false, &m);
	assert_int_equal(m, m0);
	/* no capture in reach: nothing changes */
	assert_int_equal(depth1_play("trade=30", quiet, true, NULL),
	    depth1_play("trade=0", quiet, true, NULL));
}

/* The contempt (a draw worth less to the root side) is a game's: an
 * analysis scores a draw 0. White's lion can only take Black's last
 * piece (the bare lions' draw) or leave it a zebra down. */
static void
test_contempt_play_only(void **state)
{
	static const char *fen = "4l2/7/7/7/7/3z3/3L3 w 0 1";
	move_t m;

	(void)state;
	assert_int_equal(depth1_play("contempt=40", fen, true, &m), -40);
	assert_string_equal(ta_text(m), "d1d2");
	assert_int_equal(depth1_play("contempt=75", fen, true, NULL), -75);
	assert_int_equal(depth1_play("contempt=40", fen, false, &m), 0);
	assert_string_equal(ta_text(m), "d1d2");
}

/* Tables of the user's (~/.local/share/congo/tb) would decide the small
 * positions here before the search: none (make check sets this too). */
static int
no_user_tables(void **state)
{
	(void)state;
	return setenv("XDG_DATA_HOME", "/nonexistent", 1);
}

TEST_MAIN(no_user_tables, NULL,
	cmocka_unit_test(test_contempt_play_only),
	cmocka_unit_test(test_trade_penalty),
	cmocka_unit_test(test_progress_scales),
	cmocka_unit_test(test_undo_progress),
	cmocka_unit_test(test_undo_not_in_analysis),
	cmocka_unit_test(test_undo_safe_retreat))
