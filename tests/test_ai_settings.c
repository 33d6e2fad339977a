/*
 * test_ai_settings.c: full strength's search settings (congo(6), TUNING)
 * keep the search exact. The shipped puzzles (data/puzzles.tsv) are
 * proved wins in n moves with a single first move that wins so fast;
 * with every setting on (the default) and with each of them off, the
 * search must find a win (that move, or another winning more slowly). A setting that pruned a forced line away, or extended or
 * cut a node wrongly (singular extension's multi-cut, the quiescence's
 * table entries), shows here as a puzzle not solved.
 */
#include "test_ai_util.h"
#include "test_whole.h"

#include <errno.h>
#include "test_main.h"

/* puzzles of the file tried: one in this many (quick: one in 6;
 * CONGO_TEST_WHOLE=1: one in 2; under valgrind one in 18) */
#define SAMPLE_EVERY test_light_pick(18, 6, 2)
#define MAX_PUZZLES 320

struct puzzle {
	struct board b;
	int n;                /* moves to the lion */
	char first[MOVE_TEXT_MAX];
	char fen[128];
};

static struct puzzle puzzles[MAX_PUZZLES];
static int npuzzles;

static int
load(void **state)
{
	const char *dir = getenv("CONGO_DATADIR");
	char path[1024], line[1024];
	FILE *f;
	int k = 0;

	(void)state;
	snprintf(path, sizeof path, "%s/puzzles.tsv",
	    dir != NULL ? dir : "data");
	f = fopen(path, "r");
	if (f == NULL) {
		print_error("%s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL &&
	    npuzzles < MAX_PUZZLES) {
		char *variant, *fen, *n, *main_line, *save;
		struct puzzle *p = &puzzles[npuzzles];
		char err[256];

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (k++ % SAMPLE_EVERY != 0)
			continue;
		variant = strtok_r(line, "\t", &save);
		fen = strtok_r(NULL, "\t", &save);
		n = strtok_r(NULL, "\t", &save);
		main_line = strtok_r(NULL, "\t", &save);
		if (variant == NULL || fen == NULL || n == NULL ||
		    main_line == NULL)
			continue;
		snprintf(p->fen, sizeof p->fen, "%s %s", variant, fen);
		board_init();
		if (fen_read_variant(&p->b, strcmp(variant, "megapawn") == 0 ?
		    VARIANT_MEGAPAWN : VARIANT_CONGO, fen, strlen(fen), err,
		    sizeof err) != 0) {
			print_error("%s: %s: %s\n", path, fen, err);
			fclose(f);
			return -1;
		}
		p->n = atoi(n);
		sscanf(main_line, "%15s", p->first);
		npuzzles++;
	}
	fclose(f);
	return npuzzles >= 20 ? 0 : -1;
}

/* Every sampled puzzle solved with the settings tune ("" the defaults). */
static void
solve_all(const char *tune)
{
	struct search_options o;
	struct search_ctx *ctx;
	struct game_rules rules = GAME_RULES_DEFAULT;
	int i, missed = 0;

	search_options_default(&o);
	o.threads = 1;
	o.hash_mb = 8;
	snprintf(o.tune, sizeof o.tune, "%s", tune);
	ctx = search_new(&o);
	assert_non_null(ctx);
	for (i = 0; i < npuzzles; i++) {
		const struct puzzle *p = &puzzles[i];
		struct search_limits l;
		struct search_info info;
		move_t m;

		search_limits_default(&l);
		/* the win is 2n - 1 plies deep; pruning and reductions may
		 * want a few more to see it */
		l.depth = 2 * p->n + 4;
		search_clear(ctx);
		m = search_best_move(ctx, &p->b, NULL, 0, &rules, &l, NULL,
		    NULL);
		search_last_info(ctx, &info);
		/* the proved first move, or another that wins more slowly
		 * (only the first move wins within n) */
		if (info.raw_score < SEARCH_WIN_MIN ||
		    (strcmp(ta_text(m), p->first) != 0 &&
		    SEARCH_WIN - info.raw_score <= 2 * p->n - 1)) {
			print_message("[%s] %s (win in %d): played %s, score "
			    "%d; the win begins %s\n", tune, p->fen, p->n,
			    ta_text(m), info.raw_score, p->first);
			missed++;
		}
	}
	search_free(ctx);
	assert_int_equal(missed, 0);
}

static void
test_defaults(void **state)
{
	(void)state;
	solve_all("");
}

static void
test_each_off(void **state)
{
	static const char *const off[] = {
		"qs_tt=0", "cont_hist=0", "singular=0",
		"improving=0,nmp_eval=0,iir=0",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof off / sizeof off[0]; i++)
		solve_all(off[i]);
}

/* lmr_imp, left off, on: a reduction must not lose a win either. (razor,
 * also left off, may: going to quiescence skips the quiet moves that
 * threaten the lion, and it misses one of these wins in 4 at depth 12.) */
static void
test_others_on(void **state)
{
	(void)state;
	solve_all("lmr_imp=1");
}

TEST_MAIN(load, NULL,
	cmocka_unit_test(test_defaults),
	cmocka_unit_test(test_each_off),
	cmocka_unit_test(test_others_on))
