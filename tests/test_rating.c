/*
 * test_rating.c: Glicko-2 against Glickman's worked example and the
 * server's one-game periods, the speed categories at their boundaries, the
 * shown numbers, and the pairing rules of PROTOCOL.md SEEK.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "rating/rating.h"
#include "test_main.h"

#define SCALE 173.7178

/* |x - want| within tol. */
#define assert_near(x, want, tol) \
	assert_true(fabs((double)(x) - (double)(want)) <= (tol))

/*
 * Glickman, "Example of the Glicko-2 system" (2012): a player of
 * 1500/200/0.06 beats 1400/30, loses to 1550/100 and to 1700/300 in one
 * period, tau 0.5. The paper prints mu' -0.2069, phi' 0.8722, sigma'
 * 0.05999, and r' 1464.06, RD' 151.52. Its 1464.06 is 173.7178 x -0.2069
 * + 1500, from the rounded mu'; unrounded, r' is 1464.0507, so r' is
 * checked to within a hundredth and mu' to the paper's four decimals.
 */
static void
test_glickman_example(void **state)
{
	const struct rating_game games[] = {
		{ 1400, 30, 1.0 }, { 1550, 100, 0.0 }, { 1700, 300, 0.0 }
	};
	struct rating p = { 1500, 200, 0.06 }, out;

	(void)state;
	assert_int_equal(rating_update(&out, &p, games, 3, 0.5), 0);
	assert_near(out.r, 1464.06, 0.01);
	assert_near(out.rd, 151.52, 0.005);
	assert_near(out.vol, 0.05999, 0.00001);
	assert_near((out.r - 1500) / SCALE, -0.2069, 0.00005);
	assert_near(out.rd / SCALE, 0.8722, 0.00005);
	/* What the unrounded computation gives (also hand-checked). */
	assert_near(out.r, 1464.0507, 0.0001);
	assert_near(out.rd, 151.5165, 0.0001);
	assert_near(out.vol, 0.059996, 0.000001);
	/* The input is left alone, and out may be the input. */
	assert_near(p.r, 1500, 0);
	assert_int_equal(rating_update(&p, &p, games, 3, 0.5), 0);
	assert_near(p.r, out.r, 0);
	assert_near(p.rd, out.rd, 0);
	assert_near(p.vol, out.vol, 0);
}

/* The server's periods: one game each, both sides from the ratings
 * before the game. */
static void
test_one_game_new_players(void **state)
{
	struct rating w, b, nw, nb;

	(void)state;
	rating_init(&w);
	assert_near(w.r, 1500, 0);
	assert_near(w.rd, 350, 0);
	assert_near(w.vol, 0.06, 0);
	b = w;

	/* White wins: +162.31 and -162.31, RD 290.32 each. */
	assert_int_equal(rating_after_game(&nw, &nb, &w, &b, 1.0), 0);
	assert_near(nw.r, 1662.3109, 0.0001);
	assert_near(nb.r, 1337.6891, 0.0001);
	assert_near(nw.rd, 290.3190, 0.0001);
	assert_near(nb.rd, nw.rd, 1e-9);
	assert_near(nw.vol, 0.0599997, 0.0000001);
	assert_near(nw.r + nb.r, 3000, 1e-9);   /* equal RDs: zero sum */
	assert_int_equal(rating_diff(w.r, nw.r), 162);
	assert_int_equal(rating_diff(b.r, nb.r), -162);

	/* Black wins: the mirror image. */
	assert_int_equal(rating_after_game(&nw, &nb, &w, &b, 0.0), 0);
	assert_near(nb.r, 1662.3109, 0.0001);
	assert_near(nw.r, 1337.6891, 0.0001);

	/* A draw between equal new players leaves both at 1500; the RDs
	 * shrink all the same. */
	assert_int_equal(rating_after_game(&nw, &nb, &w, &b, 0.5), 0);
	assert_near(nw.r, 1500, 1e-9);
	assert_near(nb.r, 1500, 1e-9);
	assert_near(nw.rd, 290.3190, 0.0001);
	assert_true(nw.rd < 350);
}

static void
test_one_game_unequal(void **state)
{
	struct rating strong = { 1800, 60, 0.06 }, fresh, ns, nf;

	(void)state;
	rating_init(&fresh);
	/* The new player beats an established 1800: the new player moves a
	 * lot, the established one little (hand-checked values). */
	assert_int_equal(rating_after_game(&nf, &ns, &fresh, &strong, 1.0), 0);
	assert_near(nf.r, 1887.1726, 0.0001);
	assert_near(nf.rd, 284.6394, 0.0001);
	assert_near(ns.r, 1789.2449, 0.0001);
	assert_near(ns.rd, 60.5958, 0.0001);
	assert_near(ns.vol, 0.0600023, 0.0000001);
	assert_true(nf.r - fresh.r > strong.r - ns.r);
	/* The outputs may be the inputs: both come from the old values. */
	assert_int_equal(rating_after_game(&fresh, &strong, &fresh, &strong,
	    1.0), 0);
	assert_near(fresh.r, nf.r, 0);
	assert_near(strong.r, ns.r, 0);

	/* Each game is its own period: two one-game periods are not the
	 * same as one period of two games. */
	{
		struct rating p = { 1500, 200, 0.06 }, a, c;
		const struct rating_game g2[] = {
			{ 1400, 30, 1.0 }, { 1550, 100, 0.0 }
		};
		assert_int_equal(rating_update(&a, &p, &g2[0], 1, 0.5), 0);
		assert_int_equal(rating_update(&a, &a, &g2[1], 1, 0.5), 0);
		assert_int_equal(rating_update(&c, &p, g2, 2, 0.5), 0);
		assert_true(fabs(a.r - c.r) > 0.01);
	}
}

/* No games: the rating and volatility stay, the RD grows, up to 350. */
static void
test_no_games_and_cap(void **state)
{
	struct rating p = { 1500, 200, 0.06 }, out;

	(void)state;
	assert_int_equal(rating_update(&out, &p, NULL, 0, 0.5), 0);
	assert_near(out.r, 1500, 0);
	assert_near(out.vol, 0.06, 0);
	assert_near(out.rd, 200.2714, 0.0001);
	p.rd = 349;
	assert_int_equal(rating_update(&out, &p, NULL, 0, 0.5), 0);
	assert_near(out.rd, 349.1556, 0.0001);
	p.rd = 349.9;
	assert_int_equal(rating_update(&out, &p, NULL, 0, 0.5), 0);
	assert_near(out.rd, 350, 1e-9);
	/* A high volatility would push a played RD above 350: capped. */
	p.rd = 350;
	p.vol = 3.0;
	{
		const struct rating_game gm = { 1500, 350, 1.0 };
		assert_int_equal(rating_update(&out, &p, &gm, 1, 0.5), 0);
		assert_true(out.rd <= 350);
	}
	assert_int_equal(rating_update(&out, &p, NULL, 0, 0.5), 0);
	assert_near(out.rd, 350, 1e-9);
}

static void
test_bad_input(void **state)
{
	struct rating p = { 1500, 200, 0.06 }, out = { 1, 2, 3 }, w, b;
	struct rating_game gm = { 1500, 100, 1.0 };

	(void)state;
	gm.score = 1.5;
	assert_int_equal(rating_update(&out, &p, &gm, 1, 0.5), -1);
	gm.score = NAN;
	assert_int_equal(rating_update(&out, &p, &gm, 1, 0.5), -1);
	gm.score = 1.0;
	gm.opp_rd = 0;
	assert_int_equal(rating_update(&out, &p, &gm, 1, 0.5), -1);
	gm.opp_rd = 100;
	assert_int_equal(rating_update(&out, &p, &gm, 1, 0.0), -1);
	assert_int_equal(rating_update(&out, &p, NULL, 1, 0.5), -1);
	p.vol = 0;
	assert_int_equal(rating_update(&out, &p, &gm, 1, 0.5), -1);
	p.vol = 0.06;
	p.r = INFINITY;
	assert_int_equal(rating_update(&out, &p, &gm, 1, 0.5), -1);
	/* Nothing was written. */
	assert_near(out.r, 1, 0);
	assert_near(out.rd, 2, 0);
	assert_near(out.vol, 3, 0);
	rating_init(&w);
	rating_init(&b);
	assert_int_equal(rating_after_game(&out, &out, &w, &b, -1), -1);
	assert_near(out.r, 1, 0);
}

static void
test_provisional_and_format(void **state)
{
	struct rating r = { 1523.4, 110.0, 0.06 };
	char buf[32];

	(void)state;
	assert_false(rating_provisional(&r));
	rating_format(&r, buf, sizeof buf);
	assert_string_equal(buf, "1523");
	r.rd = 110.0001;
	assert_true(rating_provisional(&r));
	rating_format(&r, buf, sizeof buf);
	assert_string_equal(buf, "1523?");
	r.r = 1523.5;
	rating_format(&r, buf, sizeof buf);
	assert_string_equal(buf, "1524?");
	rating_init(&r);
	assert_true(rating_provisional(&r));
	rating_format(&r, buf, sizeof buf);
	assert_string_equal(buf, "1500?");

	assert_int_equal(rating_round(1499.5), 1500);
	assert_int_equal(rating_round(1499.49), 1499);
	assert_int_equal(rating_round(-2.5), -3);
	assert_int_equal(rating_round(NAN), 0);
	assert_int_equal(rating_round(1e300), 1000000);

	/* The change is the shown after minus the shown before. */
	rating_format_diff(1500.4, 1512.6, buf, sizeof buf);
	assert_string_equal(buf, "+13");
	rating_format_diff(1500, 1512.4, buf, sizeof buf);
	assert_string_equal(buf, "+12");
	rating_format_diff(1500, 1493.2, buf, sizeof buf);
	assert_string_equal(buf, "-7");
	rating_format_diff(1500.2, 1500.4, buf, sizeof buf);
	assert_string_equal(buf, "+0");
	rating_format_diff(1500.4, 1499.6, buf, sizeof buf);
	assert_string_equal(buf, "+0");
	rating_format_diff(1500.6, 1500.4, buf, sizeof buf);
	assert_string_equal(buf, "-1");
}

static void
test_speed(void **state)
{
	static const struct {
		int64_t base_ms, inc_ms;
		enum rating_speed want;
	} of[] = {
		/* base + 40 x inc seconds: under 180 bullet. */
		{ 179999, 0, RATING_BULLET }, { 180000, 0, RATING_BLITZ },
		{ 60000, 2999, RATING_BULLET }, { 60000, 3000, RATING_BLITZ },
		{ 0, 4500, RATING_BLITZ },
		/* Under 480 blitz. */
		{ 479999, 0, RATING_BLITZ }, { 480000, 0, RATING_RAPID },
		{ 180000, 7000, RATING_BLITZ }, { 300000, 4500, RATING_RAPID },
		/* Under 1500 rapid. */
		{ 1499999, 0, RATING_RAPID }, { 1500000, 0, RATING_CLASSICAL },
		{ 900000, 15000, RATING_CLASSICAL },
		{ 900000, 14999, RATING_RAPID },
		/* Odd input does not overflow or crash. */
		{ -5, -5, RATING_BULLET },
		{ INT64_MAX, INT64_MAX, RATING_CLASSICAL },
	};
	static const struct {
		enum rating_speed speed;
		const char *name;
	} names[] = {
		{ RATING_BULLET, "bullet" }, { RATING_BLITZ, "blitz" },
		{ RATING_RAPID, "rapid" }, { RATING_CLASSICAL, "classical" },
		{ RATING_CORRESPONDENCE, "correspondence" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof of / sizeof of[0]; i++)
		if (rating_speed_of(of[i].base_ms, of[i].inc_ms) != of[i].want)
			fail_msg("%lld+%lld ms: speed %d, not %d",
			    (long long)of[i].base_ms, (long long)of[i].inc_ms,
			    rating_speed_of(of[i].base_ms, of[i].inc_ms),
			    of[i].want);
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		assert_string_equal(rating_speed_name(names[i].speed),
		    names[i].name);
		assert_int_equal(rating_speed_parse(names[i].name),
		    (int)names[i].speed);
	}
	assert_string_equal(rating_speed_name(7), "?");
	assert_string_equal(rating_speed_name(-1), "?");
	assert_int_equal(rating_speed_parse("Rapid"), -1);
	assert_int_equal(rating_speed_parse(""), -1);
	assert_int_equal(rating_speed_parse(NULL), -1);
}

/* An anonymous 300+5 casual seek from connection owner. */
static struct rating_seek
seek(const char *name, uint64_t owner, int64_t created)
{
	struct rating_seek s;

	memset(&s, 0, sizeof s);
	s.id = "AAAAAAAA";
	s.name = name;
	s.owner = owner;
	s.variant = 0;
	s.base_ms = 300000;
	s.inc_ms = 5000;
	s.rated = false;
	s.colour = RATING_RANDOM;
	s.created = created;
	return s;
}

static void
set_range(struct rating_seek *s, int lo, int hi)
{
	s->has_range = true;
	s->range_min = lo;
	s->range_max = hi;
}

static void
test_compatible(void **state)
{
	struct rating_seek a = seek("ann", 1, 1), b = seek("bob", 2, 2);

	(void)state;
	assert_true(rating_seeks_compatible(&a, &b));
	assert_false(rating_seeks_compatible(&a, &a));
	assert_false(rating_seeks_compatible(&a, NULL));

	/* Same variant, clock and rated. */
	b.variant = 1;
	assert_false(rating_seeks_compatible(&a, &b));
	b = seek("bob", 2, 2);
	b.base_ms = 300001;
	assert_false(rating_seeks_compatible(&a, &b));
	b = seek("bob", 2, 2);
	b.inc_ms = 0;
	assert_false(rating_seeks_compatible(&a, &b));
	b = seek("bob", 2, 2);
	b.rated = true;
	assert_false(rating_seeks_compatible(&a, &b));
	a.rated = true;
	assert_true(rating_seeks_compatible(&a, &b));
	/* A rated game needs two accounts. */
	b.name = NULL;
	assert_false(rating_seeks_compatible(&a, &b));
	assert_false(rating_seeks_compatible(&b, &a));

	/* Colours. */
	a = seek("ann", 1, 1);
	b = seek("bob", 2, 2);
	a.colour = RATING_WHITE;
	b.colour = RATING_WHITE;
	assert_false(rating_seeks_compatible(&a, &b));
	b.colour = RATING_BLACK;
	assert_true(rating_seeks_compatible(&a, &b));
	b.colour = RATING_RANDOM;
	assert_true(rating_seeks_compatible(&a, &b));
	a.colour = RATING_BLACK;
	b.colour = RATING_BLACK;
	assert_false(rating_seeks_compatible(&a, &b));
	b.colour = RATING_WHITE;
	assert_true(rating_seeks_compatible(&a, &b));

	/* Not oneself: the same account without regard to case, or the
	 * same connection. */
	a = seek("Ann", 1, 1);
	b = seek("aNN", 2, 2);
	assert_false(rating_seeks_compatible(&a, &b));
	b.name = "ann_";
	assert_true(rating_seeks_compatible(&a, &b));
	a = seek(NULL, 7, 1);
	b = seek(NULL, 7, 2);
	assert_false(rating_seeks_compatible(&a, &b));
	b.owner = 8;
	assert_true(rating_seeks_compatible(&a, &b));
	b.name = "bob";
	b.owner = 7;
	assert_false(rating_seeks_compatible(&a, &b));
	/* Owner 0 is unknown, not a connection. */
	a = seek(NULL, 0, 1);
	b = seek(NULL, 0, 2);
	assert_true(rating_seeks_compatible(&a, &b));
}

static void
test_ranges(void **state)
{
	struct rating_seek a = seek("ann", 1, 1), b = seek("bob", 2, 2);

	(void)state;
	a.has_rating = true;
	a.rating = 1700.4;
	b.has_rating = true;
	b.rating = 1399.6;
	/* Each range applies to the other's rating, bounds included, on
	 * the shown (rounded) number. */
	set_range(&a, 1400, 1600);
	assert_true(rating_seeks_compatible(&a, &b));
	set_range(&b, 1600, 1700);
	assert_true(rating_seeks_compatible(&a, &b));
	assert_true(rating_seeks_compatible(&b, &a));
	set_range(&b, 1600, 1699);
	assert_false(rating_seeks_compatible(&a, &b));
	assert_false(rating_seeks_compatible(&b, &a));
	set_range(&b, 1600, 1700);
	set_range(&a, 1401, 1600);
	assert_false(rating_seeks_compatible(&a, &b));
	/* An empty range accepts nobody. */
	set_range(&a, 1600, 1400);
	assert_false(rating_seeks_compatible(&a, &b));

	/* Anonymous and unrated players count as 1500. */
	a = seek("ann", 1, 1);
	b = seek(NULL, 2, 2);
	b.has_rating = true;   /* ignored without a name */
	b.rating = 2200;
	set_range(&a, 1500, 1500);
	assert_near(rating_seek_rating(&b), 1500, 0);
	assert_true(rating_seeks_compatible(&a, &b));
	b = seek("bob", 2, 2);   /* an account new to the category */
	assert_true(rating_seeks_compatible(&a, &b));
	b.has_rating = true;
	b.rating = 1500.6;
	assert_false(rating_seeks_compatible(&a, &b));
	b.rating = 1500.4;
	assert_true(rating_seeks_compatible(&a, &b));
}

static void
test_pick_oldest(void **state)
{
	struct rating_seek s[6];
	size_t m = 99;

	(void)state;
	s[0] = seek("ann", 1, 50);
	s[1] = seek("bob", 2, 20);
	s[2] = seek("cy", 3, 10);
	s[2].variant = 1;                /* incompatible, though oldest */
	s[3] = seek("dee", 4, 20);       /* as old as bob, later in the list */
	s[4] = seek("eve", 5, 30);
	s[5] = seek("fay", 6, 60);       /* the newcomer */

	assert_int_equal(rating_pair_pick(s, 6, 5, &m), 1);
	assert_int_equal(m, 1);
	/* Without bob, dee (20) before eve (30) and ann (50). */
	s[1].colour = RATING_WHITE;
	s[5].colour = RATING_WHITE;
	assert_int_equal(rating_pair_pick(s, 6, 5, &m), 1);
	assert_int_equal(m, 3);
	/* cy's variant: cy only. */
	s[5] = seek("fay", 6, 60);
	s[5].variant = 1;
	assert_int_equal(rating_pair_pick(s, 6, 5, &m), 1);
	assert_int_equal(m, 2);
	/* Nobody: the newcomer's own account elsewhere is not a match. */
	s[5] = seek("CY", 9, 60);
	s[5].variant = 1;
	m = 99;
	assert_int_equal(rating_pair_pick(s, 6, 5, &m), 0);
	assert_int_equal(m, 99);
	/* The newcomer may be anywhere in the list. */
	s[5].name = "zed";
	assert_int_equal(rating_pair_pick(s, 6, 2, &m), 1);
	assert_int_equal(m, 5);
	/* Bad calls. */
	assert_int_equal(rating_pair_pick(s, 6, 6, &m), -1);
	assert_int_equal(rating_pair_pick(NULL, 0, 0, &m), -1);
	assert_int_equal(rating_pair_pick(s, 1, 0, &m), 0);
}

static void
test_colours(void **state)
{
	struct rating_seek a = seek("ann", 1, 1), b = seek("bob", 2, 2);

	(void)state;
	/* Both random: the caller's bit decides. */
	assert_int_equal(rating_pair_colour(&a, &b, 1), RATING_WHITE);
	assert_int_equal(rating_pair_colour(&a, &b, 0), RATING_BLACK);
	/* A colour asked for is kept, whoever asked. */
	a.colour = RATING_WHITE;
	assert_int_equal(rating_pair_colour(&a, &b, 0), RATING_WHITE);
	assert_int_equal(rating_pair_colour(&b, &a, 1), RATING_BLACK);
	a.colour = RATING_BLACK;
	assert_int_equal(rating_pair_colour(&a, &b, 1), RATING_BLACK);
	assert_int_equal(rating_pair_colour(&b, &a, 0), RATING_WHITE);
	a.colour = RATING_RANDOM;
	b.colour = RATING_WHITE;
	assert_int_equal(rating_pair_colour(&a, &b, 1), RATING_BLACK);
	b.colour = RATING_BLACK;
	assert_int_equal(rating_pair_colour(&a, &b, 0), RATING_WHITE);
	a.colour = RATING_WHITE;
	assert_int_equal(rating_pair_colour(&a, &b, 0), RATING_WHITE);
	assert_int_equal(rating_pair_colour(&b, &a, 1), RATING_BLACK);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_glickman_example),
	cmocka_unit_test(test_one_game_new_players),
	cmocka_unit_test(test_one_game_unequal),
	cmocka_unit_test(test_no_games_and_cap),
	cmocka_unit_test(test_bad_input),
	cmocka_unit_test(test_provisional_and_format),
	cmocka_unit_test(test_speed),
	cmocka_unit_test(test_compatible),
	cmocka_unit_test(test_ranges),
	cmocka_unit_test(test_pick_oldest),
	cmocka_unit_test(test_colours))
