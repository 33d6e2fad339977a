/*
 * test_tb_every.c: every endgame table of up to two pieces beside the
 * lions, of both variants (128 tables), made here in memory as congo
 * --make-tablebases makes them, and each one checked:
 *   - its counts: the wins, draws and losses the generator counted are
 *     those of its entries, and so is its longest result;
 *   - about 1,500 of its positions (150 in a quick run), spread over the
 *     whole index, against the best of their moves one ply on (the rules
 *     and the tables of what the moves lead to);
 *   - a sample of its wins, losses and draws (4 each; 1 in a quick run)
 *     against a plain forced-win search that knows nothing of the tables
 *     (test_tb_check.h);
 *   - the totals of each variant against the figures of congo(6).
 * One line a table goes to standard output: the positions, wins, draws
 * and losses for the side to move, the longest result, what was checked.
 *
 * CONGO_TB_PIECES=N makes the tables of up to N pieces only (make
 * check-valgrind sets 1: the two-piece ones take minutes under valgrind);
 * the totals are then not compared. A run is quick unless
 * CONGO_TEST_WHOLE=1 (test_whole.h): every table of one piece, of those of
 * two only every QUICK_EVERY-th without a pawn (a pawn's promotion needs
 * the table of its superpawn; the others need only one-piece tables), the
 * samples a tenth as big, and the totals not compared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/notation.h"
#include "util/util.h"

#include "test_tb_check.h"
#include "test_whole.h"
#include "test_main.h"

#define QUICK_EVERY 7
#define ONE_PLY_SAMPLES test_whole_pick(150, 1500)
#define SEARCH_SAMPLES (int)test_whole_pick(1, 4)
#define SEARCH_MAX_PLIES 7

static struct tb_set *sets[NVARIANTS];
static int pieces = 2;
static bool whole;

/* In a quick run, is this table left out? (Its name: "LZEvL", the lions
 * and the pieces beside them.) */
static bool
left_out(const struct tb_material *m, int *nth)
{
	if (whole || strlen(m->name) - 3 < 2)
		return false;
	return strchr(m->name, 'P') != NULL || (*nth)++ % QUICK_EVERY != 0;
}

/* The totals of congo --make-tablebases --pieces 2, each variant: tables,
 * positions, wins, draws, losses. */
struct totals {
	int tables;
	uint64_t positions, wins, draws, losses;
};

static bool
same_totals(const struct totals *a, const struct totals *b)
{
	return a->tables == b->tables && a->positions == b->positions &&
	    a->wins == b->wins && a->draws == b->draws &&
	    a->losses == b->losses;
}

static int
setup(void **state)
{
	const char *env = getenv("CONGO_TB_PIECES");
	char err[100];

	(void)state;
	board_init();
	whole = test_whole();
	if (env != NULL && *env != '\0' &&
	    parse_int(env, 0, 2, &pieces, err, sizeof err) != 0) {
		fprintf(stderr, "CONGO_TB_PIECES: %s\n", err);
		return -1;
	}
	for (int v = 0; v < NVARIANTS; v++) {
		struct tb_material *list;
		int count;

		sets[v] = tb_set_new(v);
		list = tb_material_list(v, pieces, &count);
		for (int k = 0, nth = v; k < count; k++)
			if (!left_out(&list[k], &nth))
				tb_set_add(sets[v], tb_generate(&list[k],
				    sets[v], 2, NULL, NULL));
		free(list);
	}
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	for (int v = 0; v < NVARIANTS; v++)
		tb_set_free(sets[v]);
	return 0;
}

/* The table's counts against its entries; adds them to tot. */
static void
check_counts(const struct tb_table *t, struct totals *tot)
{
	uint64_t n[3] = { 0, 0, 0 };
	int longest = 0;

	for (uint64_t i = 0; i < t->mat.entries; i++) {
		int e = t->data[i];

		if (e == TB_INVALID)
			continue;
		n[entry_kind(e)]++;
		if (e - 1 > longest)
			longest = e - 1;
	}
	if (n[ENTRY_WIN] != t->wins || n[ENTRY_DRAW] != t->draws ||
	    n[ENTRY_LOSS] != t->losses ||
	    longest != t->max_plies)
		fail_msg("%s %s: counted %llu/%llu/%llu longest %d, the "
		    "table says %llu/%llu/%llu longest %d",
		    variant_name(t->mat.variant), t->mat.name,
		    (unsigned long long)n[ENTRY_WIN],
		    (unsigned long long)n[ENTRY_DRAW],
		    (unsigned long long)n[ENTRY_LOSS], longest,
		    (unsigned long long)t->wins, (unsigned long long)t->draws,
		    (unsigned long long)t->losses, t->max_plies);
	tot->tables++;
	tot->positions += n[ENTRY_WIN] + n[ENTRY_DRAW] + n[ENTRY_LOSS];
	tot->wins += n[ENTRY_WIN];
	tot->draws += n[ENTRY_DRAW];
	tot->losses += n[ENTRY_LOSS];
}

/* About ONE_PLY_SAMPLES positions spread over the index, from a random
 * start: each entry as its moves say. The number checked. */
static int
check_one_ply(const struct tb_set *s, const struct tb_table *t,
    uint64_t *seed)
{
	uint64_t step = t->mat.entries / (uint64_t)ONE_PLY_SAMPLES, i;
	int checked = 0;

	if (step < 1)
		step = 1;
	for (i = next_rand(seed) % step; i < t->mat.entries; i += step)
		checked += check_one_ply_at(s, t, i);
	return checked;
}

/* Up to SEARCH_SAMPLES wins, draws and losses (those within
 * SEARCH_MAX_PLIES) against the plain search. The number checked. */
static int
check_search(const struct tb_table *t, uint64_t *seed)
{
	int found[3];

	check_sample_by_search(t, seed, SEARCH_MAX_PLIES, SEARCH_SAMPLES,
	    50000, found);
	/* every table has short wins (the bare lions' lion face too) */
	if (found[ENTRY_WIN] == 0)
		fail_msg("%s %s: no win within %d plies found",
		    variant_name(t->mat.variant), t->mat.name,
		    SEARCH_MAX_PLIES);
	return found[0] + found[1] + found[2];
}

static void
test_every_table(void **state)
{
	/* congo(6): 128 tables of up to two pieces, 18,876,420 positions;
	 * a change of the rules' moves that changes a value changes these */
	static const struct totals want[NVARIANTS] = {
		{ 64, 9438210, 6267747, 1424303, 1746160 },
		{ 64, 9438210, 6506368, 1006044, 1925798 },
	};
	struct totals tot[NVARIANTS];
	uint64_t seed = 2026;

	(void)state;
	memset(tot, 0, sizeof tot);
	cache = xcalloc(CACHE_SIZE, sizeof *cache);
	for (int v = 0; v < NVARIANTS; v++) {
		for (int key = 0; key < TB_NKEYS; key++) {
			const struct tb_table *t = sets[v]->table[key];
			int one, srch;

			if (t == NULL)
				continue;
			check_counts(t, &tot[v]);
			one = check_one_ply(sets[v], t, &seed);
			srch = check_search(t, &seed);
			printf("%-8s %-6s %8llu positions: %8llu wins %8llu "
			    "draws %8llu losses, longest %2d plies; checked "
			    "%4d one ply on, %2d by search\n",
			    variant_name(v), t->mat.name,
			    (unsigned long long)(t->wins + t->draws +
			    t->losses), (unsigned long long)t->wins,
			    (unsigned long long)t->draws,
			    (unsigned long long)t->losses, t->max_plies, one,
			    srch);
		}
		printf("%-8s %d tables, %llu positions: %llu wins, %llu "
		    "draws, %llu losses\n", variant_name(v), tot[v].tables,
		    (unsigned long long)tot[v].positions,
		    (unsigned long long)tot[v].wins,
		    (unsigned long long)tot[v].draws,
		    (unsigned long long)tot[v].losses);
		if (pieces == 2 && whole && !same_totals(&tot[v], &want[v]))
			fail_msg("%s: the totals are not congo(6)'s: %d tables, "
			    "%llu positions, %llu/%llu/%llu",
			    variant_name(v), want[v].tables,
			    (unsigned long long)want[v].positions,
			    (unsigned long long)want[v].wins,
			    (unsigned long long)want[v].draws,
			    (unsigned long long)want[v].losses);
	}
	free(cache);
	cache = NULL;
}

TEST_MAIN(setup, teardown,
	cmocka_unit_test(test_every_table))
