/*
 * test_ai_variant.c: alphabeta in megapawn: it does not make a move that
 * repeats a position (that loses), it forces the opponent into one when
 * every other move of the opponent loses too, and bare lions play on.
 */
#include "test_ai_util.h"
#include "test_main.h"

static void
mp_setup(struct board *b, const char *fen)
{
	char err[256] = "";

	board_init();
	if (fen_read_variant(b, VARIANT_MEGAPAWN, fen, strlen(fen), err,
	    sizeof err) != 0)
		fail_msg("%s: %s", fen, err);
}

static move_t
best(struct search_ctx *ctx, const struct board *b, const struct game *g,
    const struct game_rules *rules, int depth, struct search_info *info)
{
	struct search_limits l;
	move_t m;

	search_limits_default(&l);
	l.depth = depth;
	m = search_best_move(ctx, b, g != NULL ? g->pos : NULL,
	    g != NULL ? g->nply : 0, rules, &l, NULL, NULL);
	if (info != NULL)
		search_last_info(ctx, info);
	return m;
}

/*
 * The white zebra on c4 (deep water) must leave. Without history the
 * search picks some square t. Then a game is built in which the zebra came
 * from t: the position after zebra-to-t, Black to move, is the game's
 * start; Black's lion steps e7e6, the zebra goes t-c4, the lion steps back.
 * Now zebra-to-t repeats the start and loses: the search must choose
 * another square (and still save the zebra); with the repetition option
 * off, it plays t again.
 */
/* The game from h0 (zebra on t, Black to move): e7e6, t-c4, e6e7. */
static void
zebra_game(struct game *g, const struct board *r, int t,
    const struct game_rules *rules)
{
	struct board h0 = *r;
	char back[8], err[160];

	board_remove(&h0, SQ(2, 3));
	board_put(&h0, t, PIECE_MAKE(WHITE, ZEBRA));
	h0.side = BLACK;
	h0.hash ^= board_zobrist_side;
	game_init(g, &h0, rules);
	assert_int_equal(game_play_text(g, "e7e6", err, sizeof err), 0);
	board_sq_name(t, back);
	strcat(back, "c4");
	assert_int_equal(game_play_text(g, back, err, sizeof err), 0);
	assert_int_equal(game_play_text(g, "e6e7", err, sizeof err), 0);
	assert_true(board_same_position(game_board(g), r));
}

static void
test_no_repeating_move(void **state)
{
	struct search_options o;
	struct search_ctx *ctx;
	struct game_rules on = GAME_RULES_DEFAULT, off = GAME_RULES_DEFAULT;
	struct board r;
	struct game g;
	move_t m, again;
	int t = SQ(1, 5);

	(void)state;
	/* b6 made the zebra's one best square (by far), so that without the
	 * rule the search plays it whatever the game before */
	search_options_default(&o);
	o.threads = 1;
	o.hash_mb = 8;
	snprintf(o.tune, sizeof o.tune, "zebra_r5=400,zebra_f2=300");
	ctx = search_new(&o);
	assert_non_null(ctx);
	off.repetition = false;
	mp_setup(&r, "4l2/7/7/2Z4/7/7/3L3 w 0 1");
	m = best(ctx, &r, NULL, &off, 4, NULL);
	assert_int_equal(MOVE_FROM(m), SQ(2, 3));
	assert_int_equal(MOVE_TO(m), t);
	/* the game where the zebra came from b6: without the rule it goes
	 * back there */
	zebra_game(&g, &r, t, &off);
	search_clear(ctx);
	again = best(ctx, game_board(&g), &g, &off, 4, NULL);
	assert_true(again == m);
	/* with it, b6 repeats the start and loses: another square */
	search_clear(ctx);
	again = best(ctx, game_board(&g), &g, &on, 4, NULL);
	assert_int_equal(MOVE_FROM(again), SQ(2, 3));
	assert_int_not_equal(MOVE_TO(again), t);
	game_free(&g);
	search_free(ctx);
}

/*
 * Forcing the opponent into a repetition. White: lion e1, crocodile d3
 * (it closes the lion's d file), zebras a5 (it attacks c6) and f5 (d6),
 * elephant a1; Black: the lion alone. The game starts with Black's lion on
 * d7, White to move; 1. a1a2 d7c7. Now a2a1 leaves Black's lion on c7
 * with c6 and d6 attacked and d7 repeating the start: Black loses either
 * way, a win the search must see. Without the rule d7 is a safe square
 * and no win shows at this depth (no white move attacks c6, d6 and d7 at
 * once).
 */
static void
test_forces_repetition(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct game_rules on = GAME_RULES_DEFAULT, off = GAME_RULES_DEFAULT;
	struct search_info info;
	struct board b;
	struct game g;
	char err[160];
	move_t m;

	(void)state;
	off.repetition = false;
	mp_setup(&b, "3l3/7/Z4Z1/7/3C3/7/E3L2 w 0 1");
	game_init(&g, &b, &on);
	assert_int_equal(game_play_text(&g, "a1a2", err, sizeof err), 0);
	assert_int_equal(game_play_text(&g, "d7c7", err, sizeof err), 0);
	m = best(ctx, game_board(&g), &g, &on, 4, &info);
	assert_string_equal(ta_text(m), "a2a1");
	assert_int_equal(info.kind, SEARCH_SCORE_WIN);
	/* The control: without the rule it is no win at this depth. */
	search_clear(ctx);
	best(ctx, game_board(&g), &g, &off, 4, &info);
	assert_int_not_equal(info.kind, SEARCH_SCORE_WIN);
	game_free(&g);
	search_free(ctx);
}

/* Bare lions are not a draw in megapawn: the search does not score them
 * as one, and plays on (a Congo search returns the draw at once). */
static void
test_bare_lions_play_on(void **state)
{
	struct search_ctx *ctx = ta_ctx(SEARCH_ALPHABETA, 1, 1);
	struct game_rules rules = GAME_RULES_DEFAULT;
	struct search_info info;
	struct board b;
	struct game g;
	move_t m;

	(void)state;
	/* White's lion d1, Black's e7: White to move. d1d2? would face
	 * nothing; any move is legal and the game goes on. */
	mp_setup(&b, "4l2/7/7/7/7/7/3L3 w 0 1");
	game_init(&g, &b, &rules);
	assert_int_equal(g.result, RESULT_NONE);
	m = best(ctx, &b, &g, &rules, 6, &info);
	assert_true(m != MOVE_NONE);
	/* d1e1 or d1e2 would put the lions on the e file: lost at once. */
	assert_int_not_equal(MOVE_TO(m), SQ(4, 0));
	assert_int_not_equal(MOVE_TO(m), SQ(4, 1));
	game_free(&g);
	search_free(ctx);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_no_repeating_move),
	cmocka_unit_test(test_forces_repetition),
	cmocka_unit_test(test_bare_lions_play_on))
