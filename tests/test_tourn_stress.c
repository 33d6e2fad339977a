/*
 * test_tourn_stress.c: 1000 simulated Swiss events (issue 60): 7-40
 * players, 5-9 rounds, random results with draws and forfeits, players
 * who withdraw, join late or ask for a half-point bye; every round paired
 * by the Dutch system (src/tourn) and checked against the absolute
 * criteria: every player present paired once, no rematch, no second bye
 * (nor a bye after a forfeit win), colour differences within -2..+2 and
 * never one colour three times running, but for a topscorer (or a
 * topscorer's opponent) in the last round. A round the pairing says
 * cannot be paired must truly have no pairing: small fields are searched
 * exhaustively. A quarter of the events are paired a second time with
 * the absences of past rounds left blank instead of Z: the same pairing.
 * CONGO_STRESS_EVENTS=N runs N events instead.
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
#include "util/util.h"
#include "test_main.h"

static bool
met(const struct tourn *t, int a, int b, int k)
{
	for (int r = 0; r < k; r++)
		if (t->p[a].r[r].opp == b && tourn_res_played(t->p[a].r[r].res))
			return true;
	return false;
}

static bool
had_bye(const struct tourn *t, int a, int k)
{
	for (int r = 0; r < k; r++)
		if (t->p[a].r[r].res == 'U' || t->p[a].r[r].res == '+')
			return true;
	return false;
}

/* Colour difference and the run of one colour at the end, played games
 * of the first k rounds. */
static void
colours(const struct tourn *t, int a, int k, int *diff, int *run)
{
	char last = 0;

	*diff = *run = 0;
	for (int r = 0; r < k; r++) {
		const struct tourn_round *x = &t->p[a].r[r];

		if (!tourn_res_played(x->res))
			continue;
		*diff += x->colour == 'w' ? 1 : -1;
		*run = x->colour == last ? *run + 1 : 1;
		last = x->colour;
	}
}

/* Whether a and b may meet in round k under the absolute criteria (the
 * colour rule as the players' histories give it). */
static bool
may_meet(const struct tourn *t, int a, int b, int k)
{
	int da, ra, db, rb;

	if (met(t, a, b, k))
		return false;
	colours(t, a, k, &da, &ra);
	colours(t, b, k, &db, &rb);
	/* both must have one colour: both above +1, both below -1, or both
	 * after two of the same */
	char pa = da > 1 ? 'b' : da < -1 ? 'w' : 0, pb = db > 1 ? 'b' : db < -1 ? 'w' : 0;
	char la = 0, lb = 0;

	for (int r = 0; r < k; r++) {
		if (tourn_res_played(t->p[a].r[r].res))
			la = t->p[a].r[r].colour;
		if (tourn_res_played(t->p[b].r[r].res))
			lb = t->p[b].r[r].colour;
	}
	if (!pa && ra >= 2)
		pa = la == 'w' ? 'b' : 'w';
	if (!pb && rb >= 2)
		pb = lb == 'w' ? 'b' : 'w';
	if (!pa || !pb || pa != pb)
		return true;
	return t->rounds > 0 && k >= t->rounds - 1 &&
	    (tourn_points2(t, a, k) > k || tourn_points2(t, b, k) > k);
}

/* Exhaustive: can the players v[0..n) all be paired (one with a bye
 * when odd)? */
static bool
pairable(const struct tourn *t, int *v, int n, int k, bool bye_left)
{
	if (n == 0)
		return true;
	int a = v[0];

	if (bye_left && !had_bye(t, a, k)) {
		if (pairable(t, v + 1, n - 1, k, false))
			return true;
	}
	for (int j = 1; j < n; j++) {
		if (!may_meet(t, a, v[j], k))
			continue;
		int *w = malloc(sizeof(int) * (size_t)n), m = 0;

		for (int x = 1; x < n; x++)
			if (x != j)
				w[m++] = v[x];
		bool ok = pairable(t, w, m, k, bye_left);

		free(w);
		if (ok)
			return true;
	}
	return false;
}

static int
present(const struct tourn *t, int k, int *v)
{
	int n = 0;

	for (int i = 0; i < t->n; i++)
		if (!t->p[i].r[k].res)
			v[n++] = i;
	return n;
}

/* Round k's pairs checked; the round's results drawn and entered. */
static void
check_round(struct tourn *t, int k, const struct tourn_pair *p, int np,
    uint64_t *seed)
{
	int seen[64] = { 0 }, v[64], nv = present(t, k, v);
	char res[64];

	for (int i = 0; i < np; i++) {
		int w = p[i].white, b = p[i].black;

		assert_true(w >= 0 && w < t->n && !t->p[w].r[k].res);
		seen[w]++;
		if (b < 0) {
			assert_false(had_bye(t, w, k));
			res[i] = 'U';
			continue;
		}
		assert_true(b < t->n && !t->p[b].r[k].res && b != w);
		seen[b]++;
		assert_false(met(t, w, b, k));
		uint64_t r = splitmix64(seed) % 100;

		res[i] = r < 3 ? '+' : r < 5 ? '-' : r < 40 ? '1' : r < 70 ? '0' : '=';
	}
	for (int i = 0; i < nv; i++)
		assert_int_equal(seen[v[i]], 1);
	int byes = 0;

	for (int i = 0; i < np; i++)
		byes += p[i].black < 0;
	assert_true(byes == (nv & 1));
	bool last = k >= t->rounds - 1;
	int before[64];

	for (int i = 0; i < t->n; i++)
		before[i] = tourn_points2(t, i, k);
	tourn_round_add(t, k, p, np, res);
	for (int i = 0; i < np; i++) {
		int w = p[i].white, b = p[i].black;

		if (b < 0 || res[i] == '+' || res[i] == '-')
			continue;
		for (int s = 0; s < 2; s++) {
			int x = s ? b : w, d, run;

			colours(t, x, k + 1, &d, &run);
			if (d >= -2 && d <= 2 && run < 3)
				continue;
			/* only a topscorer (or opponent) in the last round */
			assert_true(last);
			assert_true(before[w] > k || before[b] > k);
		}
	}
}

/* The absences of round k: withdrawn for good, late, or a bye asked for. */
static void
absences(struct tourn *t, int k, const int *from, const int *until,
    uint64_t *seed)
{
	for (int i = 0; i < t->n; i++) {
		struct tourn_round *x = &t->p[i].r[k];

		if (k < from[i] || k >= until[i]) {
			x->opp = -1;
			x->colour = '-';
			x->res = 'Z';
		} else if (splitmix64(seed) % 100 < 3) {
			x->opp = -1;
			x->colour = '-';
			x->res = 'H';
		}
	}
}

/* The same pairing when the absences of the rounds before k are left
 * blank rather than written Z (as some programs write a TRF). */
static void
same_when_blank(const struct tourn *t, int k, const struct tourn_pair *p,
    int np)
{
	struct tourn b = *t;
	struct tourn_pair *q;
	char err[256];
	int nq;

	b.p = malloc(sizeof *b.p * (size_t)b.n);
	memcpy(b.p, t->p, sizeof *b.p * (size_t)b.n);
	for (int i = 0; i < b.n; i++)
		for (int r = 0; r < k; r++)
			if (b.p[i].r[r].res == 'Z')
				b.p[i].r[r] = (struct tourn_round){ -1, 0, 0 };
	assert_int_equal(tourn_dutch_pair(&b, &q, &nq, err, sizeof err), 0);
	assert_int_equal(nq, np);
	assert_memory_equal(q, p, sizeof *p * (size_t)np);
	free(q);
	free(b.p);
}

static void
test_stress(void **state)
{
	const char *env = getenv("CONGO_STRESS_EVENTS");
	int events = env ? atoi(env) : 1000, rounds = 0, stopped = 0, searched = 0;
	uint64_t seed = 0xC0460;

	(void)state;
	for (int e = 0; e < events; e++) {
		struct tourn t = { 0 };
		int from[64], until[64];

		t.n = 7 + (int)(splitmix64(&seed) % 34);
		t.rounds = 5 + (int)(splitmix64(&seed) % 5);
		t.first = splitmix64(&seed) & 1 ? 'w' : 'b';
		t.p = calloc((size_t)t.n, sizeof *t.p);
		for (int i = 0; i < t.n; i++) {
			uint64_t r = splitmix64(&seed) % 100;

			t.p[i].id = i + 1;
			t.p[i].rating = 2400 - 20 * i;
			for (int x = 0; x < TOURN_MAX_ROUNDS; x++)
				t.p[i].r[x].opp = -1;
			from[i] = r < 8 ? 1 + (int)(r % 3) : 0;
			until[i] = r >= 94 ? 2 + (int)(r % 4) : t.rounds;
		}
		for (int k = 0; k < t.rounds; k++) {
			struct tourn_pair *p;
			char err[256];
			int np, v[64], nv;

			absences(&t, k, from, until, &seed);
			if (tourn_dutch_pair(&t, &p, &np, err, sizeof err) < 0) {
				/* truly impossible? searched when small */
				nv = present(&t, k, v);
				if (nv <= 14 && pairable(&t, v, nv, k, nv & 1))
					fail_msg("event %d round %d: %s, yet a pairing "
					    "exists", e, k + 1, err);
				searched += nv <= 14;
				stopped++;
				break;
			}
			if (e % 4 == 0)
				same_when_blank(&t, k, p, np);
			check_round(&t, k, p, np, &seed);
			free(p);
			rounds++;
		}
		tourn_free(&t);
	}
	print_message("%d events, %d rounds paired and checked, %d events "
	    "stopped where no pairing exists (%d of them searched through)\n",
	    events, rounds, stopped, searched);
	assert_true(rounds >= events * 4);
}

TEST_MAIN(NULL, NULL, cmocka_unit_test(test_stress))
