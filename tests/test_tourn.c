/*
 * test_tourn.c: src/tourn's Swiss side (issue 60): the matching against
 * brute force; TRF read, and its errors; every round of the reference
 * events of tests/tourn/ (bbpPairings 5.0.1's own pairings, the FIDE
 * Dutch system) paired again from the rounds before it and compared; the
 * tie-breaks on a hand-computed event.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tourn/tourn.h"
#include "tourn/tourn_match.h"
#include "util/util.h"
#include "test_main.h"

/* The brute force's best matching weight over vertices from i on. */
static long
brute(int n, long w[10][10], int *used, int i)
{
	while (i < n && used[i])
		i++;
	if (i >= n)
		return 0;
	used[i] = 1;
	long best = brute(n, w, used, i + 1);

	for (int j = i + 1; j < n; j++)
		if (!used[j] && w[i][j] > 0) {
			used[j] = 1;
			long s = w[i][j] + brute(n, w, used, i + 1);

			if (s > best)
				best = s;
			used[j] = 0;
		}
	used[i] = 0;
	return best;
}

/* 3000 random graphs of up to 10 vertices, weights small and shifted
 * high (the wide integers): the matching weighs what brute force finds. */
static void
test_match_brute(void **state)
{
	uint64_t seed = 60;

	(void)state;
	for (int it = 0; it < 3000; it++) {
		int n = 1 + (int)(splitmix64(&seed) % 10), ne = 0, used[10] = { 0 };
		long w[10][10];
		struct tmatch_edge e[45];
		int mate[10], shift = it % 3 ? 0 : 300;

		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				uint64_t r = splitmix64(&seed);

				w[i][j] = r % 3 ? 1 + (long)((r >> 8) % (it % 2 ? 5 : 1000)) : 0;
				if (!w[i][j])
					continue;
				e[ne].i = i;
				e[ne].j = j;
				e[ne++].w = tw_shl(tw_small(w[i][j]), shift);
			}
		long want = brute(n, w, used, 0), got = 0;

		tmatch_max(n, e, ne, mate);
		for (int k = 0; k < ne; k++)
			if (mate[e[k].i] == e[k].j)
				got += w[e[k].i][e[k].j];
		for (int v = 0; v < n; v++)
			assert_true(mate[v] < 0 || mate[mate[v]] == v);
		assert_int_equal(got, want);
	}
}

/* A player line: id (4 columns), name (4), rating 1800, rounds from
 * column 90 (ten columns each). */
#define P(id, name, rounds) \
	"001 " id "      " name "                              1800" \
	"                             0.0    1" rounds "\n"

/* CR, LF and CR LF ends; byes, forfeits, absences; the errors named. */
static void
test_trf_read(void **state)
{
	const char *ok = "012 Test\r\n"
	    P("   1", "One ", "     2 w 1     0 - U  ") "\r"
	    P("   2", "Two ", "     1 b 0     3 w +  ") "\r\n"
	    P("   3", "Six ", "  0000 - H     2 b -  ")
	    "XXR 5\nXXC black1\n";
	struct tourn t;
	char err[200];

	(void)state;
	assert_int_equal(tourn_trf_read(ok, strlen(ok), &t, err, sizeof err), 0);
	assert_int_equal(t.n, 3);
	assert_int_equal(t.rounds, 5);
	assert_int_equal(t.first, 'b');
	assert_string_equal(t.p[0].name, "One");
	assert_int_equal(t.p[0].r[0].opp, 1);
	assert_int_equal(t.p[1].r[1].res, '+');
	assert_int_equal(t.p[0].r[1].res, 'U');
	assert_int_equal(t.p[2].r[0].opp, -1);
	assert_int_equal(tourn_points2(&t, 0, 2), 4);
	assert_int_equal(tourn_points2(&t, 2, 2), 1);
	assert_int_equal(tourn_rounds_done(&t), 2);
	tourn_free(&t);

	const char *bad[][2] = {
		{ P("   x", "One ", ""), "bad starting rank 'x'" },
		{ P("   1", "One ", "     2 w 1") P("   2", "Two ", "     3 b 0")
		    P("   3", "Thr ", "     2 w 1"), "opponent 2 does not name 1" },
		{ P("   1", "One ", "     1 w 1"), "no opponent 1" },
		{ P("   1", "One ", "     2 g 1") P("   2", "Two ", "     1 b 0"),
		    "bad colour 'g'" },
		{ P("   1", "One ", "     2 w 7") P("   2", "Two ", "     1 b 0"),
		    "bad result '7'" },
		{ P("   1", "One ", "  0000 w 1"), "a bye neither" },
		{ "012 nobody\n", "no player (001) line" },
		{ P("   2", "Two ", ""), "starting ranks must be 1 to 1" },
		{ "XXR 0\n", "bad XXR '0'" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = 0;
		assert_int_equal(tourn_trf_read(bad[i][0], strlen(bad[i][0]), &t,
		    err, sizeof err), -1);
		if (!strstr(err, bad[i][1]))
			fail_msg("case %zu: '%s' lacks '%s'", i, err, bad[i][1]);
	}
}

static struct tourn
load(const char *name)
{
	const char *dir = getenv("CONGO_SRCDIR");
	char path[1024], err[256];
	static char buf[1 << 20];
	struct tourn t;
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "%s/tests/tourn/%s", dir ? dir : ".", name);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("%s: cannot open", path);
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	if (tourn_trf_read(buf, n, &t, err, sizeof err) < 0)
		fail_msg("%s: %s", path, err);
	return t;
}

/* The event as it stood before round k's pairing: rounds from k on
 * cleared, but round k's entries that are no pairing (byes asked for,
 * absences). */
static struct tourn
before_round(const struct tourn *full, int k)
{
	struct tourn t = *full;

	t.p = malloc(sizeof *t.p * (size_t)t.n);
	memcpy(t.p, full->p, sizeof *t.p * (size_t)t.n);
	for (int i = 0; i < t.n; i++)
		for (int r = k; r < TOURN_MAX_ROUNDS; r++) {
			struct tourn_round *x = &t.p[i].r[r];

			if (r == k && x->opp < 0 && x->res && x->res != 'U')
				continue;
			x->opp = -1;
			x->colour = 0;
			x->res = 0;
		}
	return t;
}

/* Round k of the event, pairs as "W-B" (pairing numbers, 0 the bye),
 * sorted, into out. */
static void
pairs_text(const struct tourn *t, const struct tourn_pair *p, int np,
    char *out, size_t len)
{
	char (*s)[16] = malloc(16 * ((size_t)np + 1));

	for (int i = 0; i < np; i++)
		snprintf(s[i], 16, "%d-%d", t->p[p[i].white].id,
		    p[i].black < 0 ? 0 : t->p[p[i].black].id);
	qsort(s, (size_t)np, 16, (int (*)(const void *, const void *))strcmp);
	out[0] = 0;
	for (int i = 0; i < np; i++) {
		strncat(out, s[i], len - strlen(out) - 1);
		strncat(out, " ", len - strlen(out) - 1);
	}
	free(s);
}

static int
played_round(const struct tourn *full, int k, struct tourn_pair *p)
{
	int np = 0;

	for (int i = 0; i < full->n; i++) {
		const struct tourn_round *x = &full->p[i].r[k];

		if (x->opp >= 0 && x->colour == 'w') {
			p[np].white = i;
			p[np++].black = x->opp;
		} else if (x->res == 'U') {
			p[np].white = i;
			p[np++].black = -1;
		}
	}
	return np;
}

/* The reference events: each round as bbpPairings paired it. */
static const char *const events[] = {
	"bbp-226.trf", "bbp-236.trf", "bbp-241.trf", "bbp-202.trf",
	"bbp-212.trf", "bbp-227.trf", "bbp-232.trf", "bbp-247.trf",
	"bbp-208.trf", "bbp-223.trf", "bbp-209.trf", "bbp-103.trf",
	"bbp-215.trf", "bbp-211.trf",
};

/* Each round (blank: the absences of the rounds before it left blank, as
 * some programs write them, rather than Z). */
static int
vectors(bool blank)
{
	int rounds = 0;

	for (size_t e = 0; e < sizeof events / sizeof events[0]; e++) {
		struct tourn full = load(events[e]);

		for (int k = 0; k < full.rounds; k++) {
			struct tourn t = before_round(&full, k);

			for (int i = 0; blank && i < t.n; i++)
				for (int r = 0; r < k; r++)
					if (t.p[i].r[r].res == 'Z')
						t.p[i].r[r] = (struct tourn_round){ -1, 0, 0 };
			struct tourn_pair *got, want[TOURN_MAX_PLAYERS];
			char err[256], a[8192], b[8192];
			int ng, nw = played_round(&full, k, want);

			if (tourn_dutch_pair(&t, &got, &ng, err, sizeof err) < 0)
				fail_msg("%s round %d: %s", events[e], k + 1, err);
			pairs_text(&t, got, ng, a, sizeof a);
			pairs_text(&full, want, nw, b, sizeof b);
			if (strcmp(a, b) != 0)
				fail_msg("%s round %d:\n got %s\nwant %s", events[e],
				    k + 1, a, b);
			free(got);
			free(t.p);
			rounds++;
		}
		tourn_free(&full);
	}
	return rounds;
}

static void
test_dutch_vectors(void **state)
{
	int rounds = vectors(false);

	(void)state;
	print_message("%d rounds equal to bbpPairings's\n", rounds);
	assert_true(rounds >= 100);
	assert_int_equal(vectors(true), rounds);
}

/*
 * Tie-breaks, by hand. Four players, three rounds (scores after 3):
 *   1: r1 beat 2 (w), r2 drew 3 (b), r3 bye U          -> 2.5
 *   2: r1 lost to 1, r2 beat 4 (w), r3 beat 3 (b)       -> 2.0
 *   3: r1 lost to 4 by forfeit (-), r2 drew 1, r3 lost 2 -> 0.5
 *   4: r1 won by forfeit (+), r2 lost to 2, r3 absent Z  -> 1.0
 * Virtual opponents (half-points, Svon = SPR + (2 - SfPR) + (k-1-r)):
 *   1 r3: 3 + 0 + 0 = 3;  3 r1: 0 + 2 + 2 = 4;  4 r1: 0 + 0 + 2 = 2;
 *   4 r3: 2 + 2 + 0 = 4.
 * Buchholz cut 1 (half-points): 1: {2:4, 3:1, v:3} = 8 - 1 = 7;
 *   2: {1:5, 4:2, 3:1} = 8 - 1 = 7; 3: {v:4, 1:5, 2:4} = 13 - 4 = 9;
 *   4: {v:2, 2:4, v:4} = 10 - 2 = 8. Quarter-points: twice that.
 * Sonneborn-Berger (quarter-points: opponent half-points x own
 *   half-points): 1: 4x2 + 1x1 + 3x2 = 15; 2: 2x2 + 1x2 = 6;
 *   3: 4x0 + 5x1 + 4x0 = 5; 4: 2x2 + 4x0 + 4x0 = 4.
 */
/* A game lost by forfeit was not played (FIDE C.04.1, as bbpPairings
 * reads TRF's + and -): its two players may be paired again. Two players,
 * round 1 a forfeit: round 2 pairs them (none could be paired if the
 * forfeit counted as a game between them). tests/tourney_check.py reads
 * a server's stored Swiss the same way. */
static void
test_forfeit_meets_again(void **state)
{
	const char *trf =
	    P("   1", "One ", "     2 w +")
	    P("   2", "Two ", "     1 b -")
	    "XXR 2\n";
	struct tourn t;
	struct tourn_pair *got;
	char err[200];
	int ng;

	(void)state;
	assert_int_equal(tourn_trf_read(trf, strlen(trf), &t, err, sizeof err), 0);
	assert_int_equal(tourn_dutch_pair(&t, &got, &ng, err, sizeof err), 0);
	assert_int_equal(ng, 1);
	assert_true((got[0].white == 0 && got[0].black == 1) ||
	    (got[0].white == 1 && got[0].black == 0));
	free(got);
	tourn_free(&t);
}

static void
test_tiebreaks(void **state)
{
	const char *trf =
	    P("   1", "One ", "     2 w 1     3 b =  0000 - U")
	    P("   2", "Two ", "     1 b 0     4 w 1     3 b 1")
	    P("   3", "Thr ", "     4 w -     1 w =     2 w 0")
	    P("   4", "Fou ", "     3 b +     2 b 0  0000 - Z")
	    "XXR 3\n";
	const int bh[] = { 14, 14, 18, 16 }, sb[] = { 15, 6, 5, 4 };
	struct tourn t;
	char err[200];

	(void)state;
	assert_int_equal(tourn_trf_read(trf, strlen(trf), &t, err, sizeof err), 0);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(tourn_buchholz_cut1(&t, i, 3), bh[i]);
		assert_int_equal(tourn_sonneborn_berger(&t, i, 3), sb[i]);
	}
	tourn_free(&t);
}

TEST_MAIN(NULL, NULL,
    cmocka_unit_test(test_match_brute),
    cmocka_unit_test(test_trf_read),
    cmocka_unit_test(test_forfeit_meets_again),
    cmocka_unit_test(test_dutch_vectors),
    cmocka_unit_test(test_tiebreaks))
