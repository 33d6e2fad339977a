/*
 * test_tourn_arena.c: the arena's points, berserk clock, performance and
 * pairing choice (src/tourn, lichess's rules; issue 60), with lichess's
 * published examples (its arena FAQ: "two wins followed by a draw will
 * be worth 6 points: 2 + 2 + (2 x 1)"; berserk's extra point only after
 * 7 moves), as PROTOCOL.md "Tournaments" has them: every draw scores 1
 * (2 on fire), a quick one and one after a draw too.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "tourn/tourn.h"
#include "test_main.h"

/* Games from a string: W D L a normal game (40 plies, 20 own moves),
 * w a berserked win of 7 own moves, v one of 6, q a draw of 19 plies,
 * d a draw of 60 plies. */
static int
games(const char *s, struct arena_game *g)
{
	int n = 0;

	for (; *s; s++, n++) {
		g[n] = (struct arena_game){ 'W', 40, 20, false };
		switch (*s) {
		case 'D': g[n].result = 'D'; break;
		case 'L': g[n].result = 'L'; break;
		case 'w': g[n].berserk = true; g[n].own_moves = 7; break;
		case 'v': g[n].berserk = true; g[n].own_moves = 6; break;
		case 'q': g[n].result = 'D'; g[n].plies = 19; break;
		case 'd': g[n].result = 'D'; g[n].plies = 60; break;
		}
	}
	return n;
}

static int
score(const char *s, bool *fire)
{
	struct arena_game g[32];

	return arena_score(g, games(s, g), fire);
}

static void
test_points(void **state)
{
	static const struct { const char *games; int points; bool fire; } c[] = {
		{ "", 0, false },
		{ "W", 2, false }, { "D", 1, false }, { "L", 0, false },
		{ "WWD", 6, false },            /* the FAQ's example */
		{ "WW", 4, true },
		{ "WWW", 8, true },             /* 2 + 2 + 4 */
		{ "WWWL", 8, false },
		{ "WWWLW", 10, false },
		{ "WWDW", 8, false },           /* the draw ended the streak */
		{ "WWLWW", 8, true },
		{ "w", 3, false }, { "v", 2, false },
		{ "WWw", 9, true },             /* 4 on fire + 1 */
		{ "DD", 2, false },             /* every draw scores */
		{ "DLD", 2, false },
		{ "DWD", 4, false },
		{ "Dd", 2, false },
		{ "q", 1, false },              /* a quick draw too */
		{ "qD", 2, false },
		{ "WWqW", 8, false },           /* 2 + 2 + 2 on fire + 2 */
		{ "WWD", 6, false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		bool fire;
		int got = score(c[i].games, &fire);

		if (got != c[i].points || fire != c[i].fire)
			fail_msg("%s: %d%s, want %d%s", c[i].games, got,
			    fire ? " on fire" : "", c[i].points,
			    c[i].fire ? " on fire" : "");
	}
}

static void
test_berserk_clock(void **state)
{
	long base, inc;

	(void)state;
	arena_berserk_clock(180000, 2000, &base, &inc);         /* 3+2 */
	assert_int_equal(base, 90000);
	assert_int_equal(inc, 0);
	arena_berserk_clock(60000, 0, &base, &inc);             /* 1+0 */
	assert_int_equal(base, 30000);
	arena_berserk_clock(60000, 2000, &base, &inc);          /* 1+2 */
	assert_int_equal(base, 30000);
	assert_int_equal(inc, 0);
}

static void
test_performance(void **state)
{
	struct arena_game g[3];
	const int opp[] = { 1500, 1700, 1600 };

	(void)state;
	games("WLD", g);
	/* (1500 + 500 + 1700 - 500 + 1600) / 3 */
	assert_int_equal(arena_performance(g, opp, 3), 1600);
	assert_int_equal(arena_performance(g, opp, 1), 2000);
	assert_int_equal(arena_performance(g, opp, 0), 0);
}

/* Points first, ties by performance (lichess's), then the id. */
static void
test_standings(void **state)
{
	struct arena_entry e[] = {
		{ 1, 10, 1500 }, { 2, 12, 1400 }, { 3, 10, 1700 }, { 4, 10, 1700 },
	};

	(void)state;
	arena_sort(e, 4);
	assert_int_equal(e[0].id, 2);
	assert_int_equal(e[1].id, 3);
	assert_int_equal(e[2].id, 4);
	assert_int_equal(e[3].id, 1);
}

static struct arena_free
fr(int id, int rank, int last_opp, int whites, int blacks, char last)
{
	return (struct arena_free){ id, rank, 2000 - 10 * rank, last_opp,
	    whites, blacks, last };
}

static bool
has_pair(const struct tourn_pair *p, int n, int a, int b)
{
	for (int i = 0; i < n; i++)
		if ((p[i].white == a && p[i].black == b) ||
		    (p[i].white == b && p[i].black == a))
			return true;
	return false;
}

static void
test_pairing(void **state)
{
	struct tourn_pair p[8];
	struct arena_free f[8];

	(void)state;
	/* neighbours in the standings */
	f[0] = fr(10, 1, -1, 0, 0, 0);
	f[1] = fr(11, 2, -1, 0, 0, 0);
	f[2] = fr(12, 3, -1, 0, 0, 0);
	f[3] = fr(13, 4, -1, 0, 0, 0);
	assert_int_equal(arena_pair(f, 4, p), 2);
	assert_true(has_pair(p, 2, 10, 11));
	assert_true(has_pair(p, 2, 12, 13));
	/* not the last opponent again while others are free */
	f[0].last_opp = 11;
	f[1].last_opp = 10;
	assert_int_equal(arena_pair(f, 4, p), 2);
	assert_false(has_pair(p, 2, 10, 11));
	assert_true(has_pair(p, 2, 10, 12));
	/* two alone: they play again rather than wait */
	assert_int_equal(arena_pair(f, 2, p), 1);
	assert_true(has_pair(p, 1, 10, 11));
	/* three: the one left out is one of those who just met */
	assert_int_equal(arena_pair(f, 3, p), 1);
	assert_true(has_pair(p, 1, 11, 12) || has_pair(p, 1, 10, 12));
	/* colours: the one who had white more takes black; then the one who
	 * had black last takes white; then the better placed */
	f[0] = fr(1, 1, -1, 3, 1, 'b');
	f[1] = fr(2, 2, -1, 1, 1, 'w');
	assert_int_equal(arena_pair(f, 2, p), 1);
	assert_int_equal(p[0].white, 2);
	f[0] = fr(1, 1, -1, 1, 1, 'w');
	f[1] = fr(2, 2, -1, 1, 1, 'b');
	arena_pair(f, 2, p);
	assert_int_equal(p[0].white, 2);
	f[1].last_colour = 'w';
	arena_pair(f, 2, p);
	assert_int_equal(p[0].white, 1);
	assert_int_equal(arena_pair(f, 1, p), 0);
	assert_int_equal(arena_pair(f, 0, p), 0);
}

TEST_MAIN(NULL, NULL,
    cmocka_unit_test(test_points),
    cmocka_unit_test(test_berserk_clock),
    cmocka_unit_test(test_performance),
    cmocka_unit_test(test_standings),
    cmocka_unit_test(test_pairing))
