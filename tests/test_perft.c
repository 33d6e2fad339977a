/*
 * test_perft.c: perft of the start position (figures from an independent
 * implementation of RULES.md) and of the course's two start positions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "test_main.h"
#include "test_whole.h"

static void
check_perft(const char *fen, const uint64_t *want, int n)
{
	struct board b;
	char err[128];

	assert_int_equal(fen_read(&b, fen, err, sizeof err), 0);
	if (test_light() && n > 4)      /* depth 5 is minutes in valgrind */
		n = 4;
	for (int d = 1; d <= n; d++) {
		uint64_t got = perft(&b, d);
		if (got != want[d - 1])
			fail_msg("perft %d of %s: %llu, want %llu", d, fen,
			    (unsigned long long)got,
			    (unsigned long long)want[d - 1]);
	}
}

static void
test_start(void **state)
{
	static const uint64_t want[] = { 24, 576, 14332, 356456, 9404326 };

	(void)state;
	check_perft(FEN_START, want, 5);
}

/*
 * Megapawn from its start. Pinned after test_naive's independent mailbox
 * generator gave the same figures to depth 5 (and agreed move for move
 * over thousands of random positions). Black first: the mirror position.
 */
static void
test_megapawn_start(void **state)
{
	static const uint64_t want[] = { 19, 361, 7910, 173454, 4159133 };
	static const char black[] =
	    "ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE b 0 1";
	struct board b;
	char err[128];

	(void)state;
	assert_int_equal(fen_read_variant(&b, VARIANT_MEGAPAWN,
	    FEN_START_MEGAPAWN, sizeof FEN_START_MEGAPAWN - 1, err,
	    sizeof err), 0);
	for (int d = 1; d <= 5; d++)
		if (perft(&b, d) != want[d - 1])
			fail_msg("megapawn perft %d: %llu, want %llu", d,
			    (unsigned long long)perft(&b, d),
			    (unsigned long long)want[d - 1]);
	assert_int_equal(fen_read_variant(&b, VARIANT_MEGAPAWN, black,
	    sizeof black - 1, err, sizeof err), 0);
	for (int d = 1; d <= 4; d++)
		assert_true(perft(&b, d) == want[d - 1]);
	/* The same placement read as Congo is another game (from ply 5). */
	assert_int_equal(fen_read(&b, FEN_START_MEGAPAWN, err, sizeof err), 0);
	assert_false(perft(&b, 5) == want[4]);
}

static void
test_course_no_giraffe(void **state)
{
	static const uint64_t want[] = { 25, 625, 15354, 377134, 9333069 };

	(void)state;
	check_perft("2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0 1", want, 5);
}

static void
test_course_giraffe(void **state)
{
	static const uint64_t want[] = { 26, 676, 17112, 433025, 10939217 };

	(void)state;
	check_perft("g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0 1", want, 5);
}

/* Bulk counting at the last ply must agree with listing every move. */
static uint64_t
perft_slow(const struct board *b, int depth)
{
	struct movelist ml;
	uint64_t n = 0;

	if (depth == 0)
		return 1;
	movegen_legal(b, &ml);
	for (int i = 0; i < ml.n; i++) {
		struct board c = *b;
		board_make(&c, ml.moves[i], NULL);
		n += perft_slow(&c, depth - 1);
	}
	return n;
}

static void
test_bulk_matches_listing(void **state)
{
	static const char *const fens[] = {
		FEN_START,
		/* monkeys with chains, crocodiles in and out of the river */
		"2m1lc1/1p1p1p1/2P1P2/c1p1P1m/1P1M3/3L1C1/7 w 0 1",
		"3l3/1p1p1p1/7/1p1M1p1/7/1p1p1p1/3L3 w 0 1",
		"3l3/7/s6/2C2c1/7/6S/3L3 b 7 30",
	};
	struct board b;

	(void)state;
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		assert_int_equal(fen_read(&b, fens[i], NULL, 0), 0);
		for (int d = 1; d <= 3; d++)
			assert_true(perft(&b, d) == perft_slow(&b, d));
	}
}

struct visit_count {
	uint64_t n, leaves;
	move_t last;
	const struct board *b;
};

static void
count_one(void *ctx, move_t m)
{
	struct visit_count *v = ctx;
	struct board c = *v->b;

	v->n++;
	v->last = m;
	board_make(&c, m, NULL);
	v->leaves += movegen_count(&c);
}

/* A monkey among 13 enemy pieces has over 23,000 jump paths: more than a
 * move list holds. Counting, visiting, perft and reading move text stay
 * exact; the list says it was cut short. */
static void
test_monkey_explosion(void **state)
{
	struct board b;
	static struct movelist ml;
	struct visit_count v = { 0, 0, 0, &b };
	char txt[MOVE_TEXT_MAX], err[128];
	move_t m;

	(void)state;
	assert_int_equal(fen_read(&b, "3l3/1zzzz2/1zMz3/zzzzz2/1z1z3/7/3L3 w 0 1",
	    err, sizeof err), 0);
	movegen_legal(&b, &ml);
	assert_true(ml.truncated);
	assert_int_equal(ml.n, MOVELIST_MAX);
	movegen_visit(&b, count_one, &v);
	assert_true(v.n == movegen_count(&b));
	assert_true(v.n > 23787);
	assert_true(perft(&b, 1) == v.n);
	assert_true(perft(&b, 2) == v.leaves);
	/* The last path visited is past the list's end: still legal. */
	assert_true(movegen_is_legal(&b, v.last));
	notation_write(v.last, txt, sizeof txt);
	assert_int_equal(notation_read(&b, txt, &m, err, sizeof err), 0);
	assert_true(m == v.last);
}

/* A position with a lion missing has no moves (boards built by hand: FEN
 * rejects them). */
static void
test_missing_lion(void **state)
{
	struct board b;

	(void)state;
	board_clear(&b);
	board_put(&b, SQ(3, 0), PIECE_MAKE(WHITE, LION));
	board_put(&b, SQ(0, 1), PIECE_MAKE(WHITE, PAWN));
	assert_true(perft(&b, 1) == 0);
	assert_true(perft(&b, 3) == 0);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_start),
	cmocka_unit_test(test_megapawn_start),
	cmocka_unit_test(test_course_no_giraffe),
	cmocka_unit_test(test_course_giraffe),
	cmocka_unit_test(test_bulk_matches_listing),
	cmocka_unit_test(test_missing_lion),
	cmocka_unit_test(test_monkey_explosion))
