#include <pthread.h>
/*
 * test_ai_search.c: what alphabeta must find: a lion capture in one, a
 * monkey chain that wins material, a win in three (checked by a brute-force
 * solver), the escape of a piece that would drown; that it never returns an
 * illegal move from a few hundred positions of random play, that it returns
 * MOVE_NONE only when the game is over, and that it is deterministic.
 */
#include "test_ai_util.h"
#include "test_main.h"
#include "test_whole.h"

static void
test_lion_capture_in_one(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct search_info info;
	struct board b;
	move_t m;

	(void)state;
	/* d5e7 takes the lion; b1b3 would take a monkey. */
	ta_setup(&b, "4l2/7/3Z3/7/1m5/7/1E1L3 w 0 1");
	m = ta_search(ctx, &b, 4, 0, 0);
	assert_string_equal(ta_text(m), "d5e7");
	search_last_info(ctx, &info);
	assert_int_equal(info.kind, SEARCH_SCORE_WIN);
	assert_int_equal(info.score, 1);

	/* The lions face each other on the d file: take at once. */
	ta_setup(&b, "3l3/p6/7/7/7/P6/3L3 b 0 1");
	m = ta_search(ctx, &b, 3, 0, 0);
	assert_string_equal(ta_text(m), "d7d1");
	search_free(ctx);
}

static void
test_monkey_chain(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct board b;
	move_t m;

	(void)state;
	/* The white monkey b2 jumps the elephant c3 and the giraffe e5 and
	 * lands on f6, out of the river and out of the lion's castle. */
	ta_setup(&b, "4l2/7/4g2/7/2e4/1M5/3L3 w 0 1");
	m = ta_search(ctx, &b, 5, 0, 0);
	assert_string_equal(ta_text(m), "b2d4f6");
	/* Black's mirror image. */
	ta_setup(&b, "3l3/1m5/2E4/7/4G2/7/4L2 b 0 1");
	m = ta_search(ctx, &b, 5, 0, 0);
	assert_string_equal(ta_text(m), "b6d4f2");
	search_free(ctx);
}

static void
test_win_in_three(void **state)
{
	static const char *const fens[] = {
		"3l3/5S1/3Z3/7/4L2/6G/7 w 0 1",
		"4mC1/5G1/4l2/7/7/7/2LGm2 w 0 1",
		"6M/7/4lm1/7/2M1S2/7/3L3 w 0 1",
		"2E4/3zl2/3E3/7/3L3/7/1C3e1 w 0 1",
	};
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct search_info info;
	struct board b;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		move_t m;

		ta_setup(&b, fens[i]);
		/* the solver agrees it is a win in 3, not in 2 */
		assert_true(ta_win_within(&b, 3));
		assert_false(ta_win_within(&b, 2));
		search_clear(ctx);
		m = ta_search(ctx, &b, 8, 0, 0);
		search_last_info(ctx, &info);
		if (info.kind != SEARCH_SCORE_WIN || info.score != 3)
			fail_msg("%s: %s, score kind %d value %d", fens[i],
			    ta_text(m), info.kind, info.score);
		if (!ta_move_wins_within(&b, m, 3))
			fail_msg("%s: %s does not win in 3", fens[i], ta_text(m));
	}
	search_free(ctx);
}

static void
test_avoids_drowning(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct board b, after;
	struct move_effects fx;
	move_t m;

	(void)state;
	/* The white zebra stands in the river: it drowns unless it leaves
	 * now. d4c6 takes a pawn but the lion takes the zebra back. */
	ta_setup(&b, "3l3/ppp4/7/3Z3/7/6P/4L2 w 0 1");
	m = ta_search(ctx, &b, 6, 0, 0);
	assert_int_equal(MOVE_FROM(m), SQ(3, 3));
	assert_string_not_equal(ta_text(m), "d4c6");
	after = b;
	board_make(&after, m, &fx);
	assert_int_equal(fx.ndrowned, 0);

	/* Two pieces in the river: only one can be saved; save the zebra,
	 * let the pawn drown. */
	ta_setup(&b, "3l3/ppp4/7/2P1Z2/7/6P/4L2 w 0 1");
	m = ta_search(ctx, &b, 6, 0, 0);
	assert_int_equal(MOVE_FROM(m), SQ(4, 3));
	after = b;
	board_make(&after, m, &fx);
	assert_int_equal(fx.ndrowned, 1);
	assert_int_equal(PIECE_TYPE(fx.drowned_piece[0]), PAWN);
	search_free(ctx);
}

/* A few hundred positions from random play: the move is always legal, and
 * MOVE_NONE comes exactly when the game is over. */
static void
test_random_positions_legal(void **state)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct search_ctx *ab = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct movelist *ml = malloc(sizeof *ml);
	uint64_t rng = 2024;
	int games, ngames = test_light() ? 4 : 12, checked = 0;

	(void)state;
	assert_non_null(ml);
	for (games = 0; games < ngames; games++) {
		struct board start;
		struct game g;
		int ply;

		ta_setup(&start, FEN_START);
		game_init(&g, &start, &rules);
		for (ply = 0; ply < 120 && !game_over(&g); ply++) {
			const struct board *b = game_board(&g);
			struct search_limits l;
			move_t m;
			char err[128];

			search_limits_default(&l);
			l.nodes = 1500 + splitmix64(&rng) % 2000;
			m = search_best_move(ab, b, g.pos, g.nply, &rules, &l,
			    NULL, NULL);
			if (m == MOVE_NONE || !movegen_is_legal(b, m)) {
				char fen[FEN_MAX];

				fen_write(b, fen, sizeof fen);
				fail_msg("%s: search returned %s", fen,
				    ta_text(m));
			}
			checked++;
			/* go on with a random move to reach odd positions */
			movegen_legal(b, ml);
			if (splitmix64(&rng) % 4 != 0)
				m = ml->moves[splitmix64(&rng) % (uint64_t)ml->n];
			assert_int_equal(game_play(&g, m, err, sizeof err), 0);
		}
		if (game_over(&g)) {
			move_t m = search_best_move(ab, game_board(&g), g.pos,
			    g.nply, &rules, NULL, NULL, NULL);

			assert_int_equal(m, MOVE_NONE);
		}
		game_free(&g);
	}
	print_message("%d positions searched\n", checked);
	assert_true(checked >= 25 * ngames);
	free(ml);
	search_free(ab);
}

static void
test_game_over_gives_none(void **state)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct board b, hist[8];
	struct game g;
	char err[128];
	const char *moves[] = { "c1c2", "e7e6", "c2c1", "e6e7",
		"c1c2", "e7e6", "c2c1", "e6e7" };
	int i;

	(void)state;
	/* bare lions, not facing */
	ta_setup(&b, "3l3/7/7/7/7/7/2L4 w 0 1");
	assert_int_equal(ta_search(ctx, &b, 3, 0, 0), MOVE_NONE);
	/* bare lions facing: the side to move wins */
	ta_setup(&b, "3l3/7/7/7/7/7/3L3 w 0 1");
	assert_string_equal(ta_text(ta_search(ctx, &b, 3, 0, 0)), "d1d7");
	/* third repetition */
	ta_setup(&b, "4l2/p6/7/7/7/6P/2L4 w 0 1");
	game_init(&g, &b, &rules);
	for (i = 0; i < 8; i++)
		assert_int_equal(game_play_text(&g, moves[i], err, sizeof err), 0);
	assert_true(game_over(&g));
	for (i = 0; i < 8; i++)
		hist[i] = g.pos[i];
	assert_int_equal(search_best_move(ctx, game_board(&g), hist, 8, &rules,
	    NULL, NULL, NULL), MOVE_NONE);
	/* without the history it is just a position */
	assert_int_not_equal(search_best_move(ctx, game_board(&g), NULL, 0,
	    &rules, NULL, NULL, NULL), MOVE_NONE);
	game_free(&g);
	search_free(ctx);
}

static void
test_deterministic(void **state)
{
	struct search_info i1, i2;
	struct search_ctx *a = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct search_ctx *c = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct board b;
	move_t m1, m2;

	(void)state;
	ta_setup(&b, "gmelecz/ppppppp/7/7/3P3/PPP1PPP/GMELECZ b 0 1");
	m1 = ta_search(a, &b, 7, 0, 0);
	search_last_info(a, &i1);
	m2 = ta_search(c, &b, 7, 0, 0);
	search_last_info(c, &i2);
	assert_int_equal(m1, m2);
	assert_int_equal(i1.nodes, i2.nodes);
	assert_int_equal(i1.raw_score, i2.raw_score);
	/* the same context after search_clear searches alike */
	search_clear(a);
	m2 = ta_search(a, &b, 7, 0, 0);
	search_last_info(a, &i2);
	assert_int_equal(m1, m2);
	assert_int_equal(i1.nodes, i2.nodes);
	search_free(a);
	search_free(c);
}

static void
test_two_threads(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 2, 1);
	struct board b;
	move_t m;

	(void)state;
	ta_setup(&b, "4l2/7/3Z3/7/1m5/7/1E1L3 w 0 1");
	assert_string_equal(ta_text(ta_search(ctx, &b, 5, 0, 0)), "d5e7");
	ta_setup(&b, FEN_START);
	m = ta_search(ctx, &b, 0, 0, 30000);
	assert_true(movegen_is_legal(&b, m));
	search_free(ctx);
}

struct cb_state {
	const struct board *b;
	int calls;
};

static void
count_info(const struct search_info *info, void *user)
{
	struct cb_state *st = user;

	assert_int_equal(info->depth, st->calls + 1);
	assert_true(info->npv >= 1);
	assert_true(movegen_is_legal(st->b, info->pv[0]));
	st->calls++;
}

static void
test_info_callback(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct search_limits l;
	struct board b;
	struct cb_state st;
	move_t m;

	(void)state;
	ta_setup(&b, FEN_START);
	st.b = &b;
	st.calls = 0;
	search_limits_default(&l);
	l.depth = 5;
	m = search_best_move(ctx, &b, NULL, 0, NULL, &l, count_info, &st);
	assert_int_equal(st.calls, 5);
	assert_true(movegen_is_legal(&b, m));
	search_free(ctx);
}

struct analysis_run {
	struct search_ctx *ctx;
	struct board b;
	move_t m;
};

static void *
analysis_thread(void *arg)
{
	struct analysis_run *r = arg;

	r->m = ta_search_infinite(r->ctx, &r->b);
	return NULL;
}

/* search_analysis polled from another thread during `go infinite`: the
 * depth grows, the line is legal, the score is a balanced one, and
 * running ends with search_stop. */
static void
test_analysis_poll(void **state)
{
	struct analysis_run r;
	struct search_analysis a;
	pthread_t tid;
	int i;

	(void)state;
	r.ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	ta_setup(&r.b, FEN_START);
	search_prepare(r.ctx);
	assert_int_equal(pthread_create(&tid, NULL, analysis_thread, &r), 0);
	for (i = 0; i < 5000; i++) {
		if (search_analysis(r.ctx, &a) && a.info.depth >= 4)
			break;
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
	assert_true(a.info.depth >= 4);
	assert_true(a.running);
	assert_true(a.info.npv >= 1);
	assert_true(movegen_is_legal(&r.b, a.info.pv[0]));
	assert_true(a.white_score > -200 && a.white_score < 200);
	search_stop(r.ctx);
	pthread_join(tid, NULL);
	assert_true(movegen_is_legal(&r.b, r.m));
	search_analysis(r.ctx, &a);
	assert_false(a.running);
	search_free(r.ctx);
}

/* ---- MultiPV ---- */

struct mpv_seen {
	int depth;                 /* the depth being reported */
	int n;                     /* lines seen of it */
	struct search_info line[SEARCH_MULTIPV_MAX];
	int depths;                /* depths with all their lines */
	bool bad;                  /* out of order, or a line missing */
};

/* Every depth reports lines 1..nlines in order, each once. */
static void
mpv_info(const struct search_info *info, void *user)
{
	struct mpv_seen *st = user;

	if (info->multipv == 1) {
		if (st->n > 0 && st->n != st->line[0].nlines)
			st->bad = true;
		st->depth = info->depth;
		st->n = 0;
	}
	if (info->multipv != st->n + 1 || info->depth != st->depth ||
	    st->n >= SEARCH_MULTIPV_MAX) {
		st->bad = true;
		return;
	}
	st->line[st->n++] = *info;
	if (st->n == info->nlines)
		st->depths++;
}

static move_t
mpv_search(const struct board *b, int multipv, int depth,
    struct mpv_seen *st, struct search_analysis *a)
{
	struct search_options o;
	struct search_limits l;
	struct search_ctx *ctx;
	move_t m;

	search_options_default(&o);
	o.hash_mb = 8;
	o.multipv = multipv;
	ctx = search_new(&o);
	assert_non_null(ctx);
	search_limits_default(&l);
	l.depth = depth;
	memset(st, 0, sizeof *st);
	m = search_best_move(ctx, b, NULL, 0, NULL, &l, mpv_info, st);
	if (a != NULL)
		search_analysis(ctx, a);
	search_free(ctx);
	return m;
}

/* N lines a depth: distinct legal first moves, ordered by score, the
 * first one the move played, each a whole line; search_analysis has the
 * same lines. */
static void
test_multipv_lines(void **state)
{
	static const char *const fens[] = {
		FEN_START,
		"1melecz/ppp2p1/g2ppp1/7/1P1P1P1/PP1PZP1/GMELEC1 w 8 5",
		"3e3/pml2pc/pz2ge1/3p3/PPG4/1PMLZ1C/4EE1 w 0 23",
		"3l3/1m5/2E4/7/4G2/7/4L2 b 0 1",
	};
	struct search_analysis a;
	struct mpv_seen st;
	struct board b;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		move_t m;
		int k, j;

		ta_setup(&b, fens[i]);
		m = mpv_search(&b, 3, 6, &st, &a);
		assert_false(st.bad);
		/* every depth (a win found ends it sooner) */
		assert_int_equal(st.depths, st.depth);
		assert_true(st.depth == 6 || st.line[0].kind ==
		    SEARCH_SCORE_WIN);
		assert_int_equal(st.n, 3);
		assert_int_equal(a.nlines, 3);
		for (k = 0; k < 3; k++) {
			assert_int_equal(st.line[k].nlines, 3);
			assert_int_equal(st.line[k].depth, st.depth);
			assert_true(st.line[k].npv >= 1);
			/* a whole line, not its first move alone (issue 34:
			 * a later line as good as the first was cut at it),
			 * unless that move takes the lion */
			if (st.line[k].kind != SEARCH_SCORE_WIN ||
			    st.line[k].score != 1)
				assert_true(st.line[k].npv >= 3);
			/* a forced win's line ends with the lion taken */
			if (st.line[k].kind != SEARCH_SCORE_CP) {
				struct board e = b;
				struct move_effects fx;
				for (j = 0; j < st.line[k].npv; j++) {
					memset(&fx, 0, sizeof fx);
					board_make(&e, st.line[k].pv[j], &fx);
				}
				assert_true(fx.lion_captured);
				assert_int_equal(st.line[k].npv, 2 *
				    st.line[k].score - (st.line[k].kind ==
				    SEARCH_SCORE_WIN));
			}
			assert_true(movegen_is_legal(&b, st.line[k].pv[0]));
			for (j = 0; j < k; j++) {
				assert_true(st.line[j].pv[0] !=
				    st.line[k].pv[0]);
				assert_true(st.line[j].raw_score >=
				    st.line[k].raw_score);
			}
			assert_true(a.line[k].pv[0] == st.line[k].pv[0]);
			assert_int_equal(a.white_scores[k], b.side == WHITE ?
			    st.line[k].raw_score : -st.line[k].raw_score);
		}
		assert_true(m == st.line[0].pv[0]);
		assert_true(a.info.pv[0] == m);
	}
}

/* MultiPV 1 is the single-line search: the same move, score and nodes;
 * and the first line of MultiPV 3 is the single line's move and score at
 * the same depth, in tactical and in quiet positions alike (the later
 * lines change nothing line 1 sees), the others never above it. */
static void
test_multipv_first_line(void **state)
{
	static const char *const fens[] = {
		"4l2/7/3Z3/7/1m5/7/1E1L3 w 0 1",
		"4l2/7/4g2/7/2e4/1M5/3L3 w 0 1",
		"3l3/5S1/3Z3/7/4L2/6G/7 w 0 1",
		"2E4/3zl2/3E3/7/3L3/7/1C3e1 w 0 1",
		"3e3/pml2pc/pz2ge1/3p3/PPG4/1PMLZ1C/4EE1 w 0 23",
		FEN_START,
		"1melecz/ppp2p1/g2ppp1/7/1P1P1P1/PP1PZP1/GMELEC1 w 8 5",
		"3ee2/mpplzpc/gp1ppp1/7/PPGPPP1/1PLPZ1C/1M1EE2 w 24 13",
		"2e1e2/1m1l1pc/1pzppp1/7/2PPPP1/1MLPZ1C/E2E3 w 6 23",
		"gmelec1/pp1zp2/1p1pp2/7/1PPP1CP/PP1L3/GME1E1Z w 7 9",
		"2e4/1mlzpc1/pp1pe2/7/PP1E1CP/P1M1Z2/3LE2 w 13 23",
		"3l3/1m5/2E4/7/4G2/7/4L2 b 0 1",
	};
	struct mpv_seen one, three;
	struct search_info info;
	struct board b;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
		move_t m, m1, m3;

		ta_setup(&b, fens[i]);
		m = ta_search(ctx, &b, 6, 0, 0);
		search_last_info(ctx, &info);
		search_free(ctx);
		m1 = mpv_search(&b, 1, 6, &one, NULL);
		assert_false(one.bad);
		assert_int_equal(one.n, 1);
		assert_true(m1 == m);
		assert_int_equal(one.line[0].raw_score, info.raw_score);
		assert_int_equal(one.line[0].nodes, info.nodes);
		m3 = mpv_search(&b, 3, 6, &three, NULL);
		assert_false(three.bad);
		if (m3 != m)
			fail_msg("%s: MultiPV 3 plays %s, one line %s", fens[i],
			    ta_text(m3), ta_text(m));
		assert_true(three.line[0].pv[0] == m);
		assert_int_equal(three.line[0].raw_score, info.raw_score);
		assert_int_equal(three.line[0].npv, info.npv);
		assert_memory_equal(three.line[0].pv, info.pv,
		    (size_t)info.npv * sizeof(move_t));
		for (int k = 1; k < three.n; k++) {
			assert_true(three.line[k].raw_score <= info.raw_score);
			/* as good as line 1: said so, not claimed better */
			assert_true(three.line[k].lowerbound ==
			    (three.line[k].raw_score == info.raw_score));
		}
	}
}

/* More lines asked than there are legal moves: one line a move. */
static void
test_multipv_few_moves(void **state)
{
	struct mpv_seen st;
	struct movelist ml;
	struct board b;
	move_t m;
	int n, k;

	(void)state;
	/* White's bare lion in its castle's corner: c1c2, c1d1, c1d2 */
	ta_setup(&b, "4l2/5p1/7/7/7/7/2L4 w 0 1");
	n = movegen_legal(&b, &ml);
	assert_int_equal(n, 3);
	m = mpv_search(&b, SEARCH_MULTIPV_MAX, 4, &st, NULL);
	assert_false(st.bad);
	assert_int_equal(st.n, n);
	for (k = 0; k < n; k++)
		assert_int_equal(st.line[k].nlines, n);
	assert_true(m == st.line[0].pv[0]);
	/* the option is kept within 1..SEARCH_MULTIPV_MAX */
	m = mpv_search(&b, 99, 3, &st, NULL);
	assert_int_equal(st.n, n);
	m = mpv_search(&b, -3, 3, &st, NULL);
	assert_int_equal(st.n, 1);
	assert_int_equal(st.line[0].multipv, 1);
	assert_true(movegen_is_legal(&b, m));
}

/* Play text on b. */
static void
play_text(struct board *b, const char *text)
{
	char err[128];
	move_t m;

	assert_int_equal(notation_read(b, text, &m, err, sizeof err), 0);
	board_make(b, m, NULL);
}

/* How often level 1 (its softmax) plays f3g1 in 200 draws, after White's
 * g1f3 and Black's b6b5 when given as history, or without history. */
static int
takebacks(bool with_history)
{
	struct board h[3];
	struct search_limits l;
	int seed, n = 0;

	ta_setup(&h[0], FEN_START);
	h[1] = h[0];
	play_text(&h[1], "g1f3");
	h[2] = h[1];
	play_text(&h[2], "b6b5");
	for (seed = 1; seed <= 200; seed++) {
		struct search_options o;
		struct search_ctx *ctx;
		move_t m;

		search_options_default(&o);
		o.level = 1;
		o.seed = (uint64_t)seed;
		o.hash_mb = 1;
		ctx = search_new(&o);
		search_limits_default(&l);
		m = search_best_move(ctx, &h[2], with_history ? h : NULL,
		    with_history ? 2 : 0, NULL, &l, NULL, NULL);
		n += strcmp(ta_text(m), "f3g1") == 0;
		search_free(ctx);
	}
	return n;
}

/* Issue 25 item 14: a level takes back its own last move (the zebra
 * straight home) less often than it would by its scores alone. */
static void
test_level_progress(void **state)
{
	int with, without;

	(void)state;
	without = takebacks(false);
	with = takebacks(true);
	print_message("level 1 took g1f3 back %d times in 200 with the "
	    "history, %d without\n", with, without);
	assert_true(without > 0);
	assert_true(with < without);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_lion_capture_in_one),
	cmocka_unit_test(test_monkey_chain),
	cmocka_unit_test(test_win_in_three),
	cmocka_unit_test(test_avoids_drowning),
	cmocka_unit_test(test_random_positions_legal),
	cmocka_unit_test(test_game_over_gives_none),
	cmocka_unit_test(test_deterministic),
	cmocka_unit_test(test_two_threads),
	cmocka_unit_test(test_info_callback),
	cmocka_unit_test(test_analysis_poll),
	cmocka_unit_test(test_multipv_lines),
	cmocka_unit_test(test_multipv_first_line),
	cmocka_unit_test(test_multipv_few_moves),
	cmocka_unit_test(test_level_progress))
