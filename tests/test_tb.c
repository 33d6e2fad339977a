/*
 * test_tb.c: the endgame tables. Generated once into a temporary folder
 * (every material of up to one piece of both variants, and a few of two:
 * monkeys, crocodiles, pawns that promote), then:
 *   - the index: every position reads back from its index, and a position
 *     turned (colours swapped) or mirrored has the same value;
 *   - the file format: a round trip, and corrupt, truncated, misnamed or
 *     foreign files refused with their name;
 *   - every position of the one-piece tables (a sample of the two-piece
 *     ones) agrees with the best of its moves one ply on;
 *   - a sample of every material against a plain forced-win search that
 *     knows nothing of the tables: a win in d plies is a forced win in d
 *     and none in d - 2, a loss likewise, a draw no forced win for either
 *     side within a fixed depth;
 *   - the river, a monkey's chain over the lion, the engine's tbprobe and
 *     TablebasePath, and the search's use of the tables.
 * The checks of an entry are test_tb_check.h's, which test_tb_every
 * applies to every table of up to two pieces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "ai/search.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "tb/tb_internal.h"
#include "uci/uci.h"
#include "util/util.h"

#include "test_tb_check.h"
#include "test_tmp.h"
#include "test_main.h"

static char dir[256];

/* The two-piece materials generated besides the one-piece ones, each
 * after the one its pawns promote to. */
static const char *const extra[NVARIANTS][4] = {
	{ "LMvLC", "LCvLE", "LSvLM", "LPvLM" },
	{ "LMvLC", "LQvLM", "LPvLM", NULL },
};

static struct tb_set *sets[NVARIANTS];

static void
table_path(char *out, size_t n, int variant, const char *name)
{
	snprintf(out, n, "%s/%s/%s%s", dir, variant_name(variant), name,
	    TB_SUFFIX);
}

static void
generate(struct tb_set *s, const struct tb_material *m)
{
	char path[512], err[600];
	struct tb_table *t = tb_generate(m, s, 2, NULL, NULL);

	table_path(path, sizeof path, m->variant, m->name);
	if (tb_file_write(t, path, NULL, err, sizeof err) != 0)
		fail_msg("%s", err);
	tb_set_add(s, t);
}

static int
setup(void **state)
{
	char sub[300];

	(void)state;
	board_init();
	if (test_mkdtemp(dir, sizeof dir, "test_tb") == NULL)
		return -1;
	/* only the tables made here: none from the user's or the data
	 * folder */
	snprintf(sub, sizeof sub, "%s/none", dir);
	setenv("XDG_DATA_HOME", sub, 1);
	setenv("CONGO_DATADIR", sub, 1);
	for (int v = 0; v < NVARIANTS; v++) {
		struct tb_material *list, m;
		int count;

		snprintf(sub, sizeof sub, "%s/%s", dir, variant_name(v));
		if (mkdir(sub, 0777) != 0)
			return -1;
		sets[v] = tb_set_new(v);
		list = tb_material_list(v, 1, &count);
		for (int k = 0; k < count; k++)
			generate(sets[v], &list[k]);
		free(list);
		for (int k = 0; k < 4 && extra[v][k] != NULL; k++) {
			if (tb_material_parse(&m, v, extra[v][k]) != 0)
				return -1;
			generate(sets[v], &m);
		}
	}
	tb_set_path(dir);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	tb_set_path(NULL);
	for (int v = 0; v < NVARIANTS; v++)
		tb_set_free(sets[v]);
	return test_rmdir(dir);
}

/* ---- helpers ---- */

static void
setup_fen(struct board *b, int variant, const char *fen)
{
	char err[200];

	if (fen_read_variant(b, variant, fen, strlen(fen), err,
	    sizeof err) != 0)
		fail_msg("%s: %s", fen, err);
}

/* b turned round (turned: ranks reversed, colours and the side to move
 * swapped) or mirrored (files reversed), into out. */
static void
reflect(const struct board *b, struct board *out, bool turned)
{
	board_clear(out);
	board_set_variant(out, b->variant);
	for (int s = 0; s < NSQ; s++) {
		int p = b->sq[s];

		if (p == PIECE_NONE)
			continue;
		if (turned)
			board_put(out, SQ(SQ_FILE(s), 6 - SQ_RANK(s)),
			    PIECE_MAKE(PIECE_COLOR(p) ^ 1, PIECE_TYPE(p)));
		else
			board_put(out, SQ(6 - SQ_FILE(s), SQ_RANK(s)), p);
	}
	if (b->side == (turned ? WHITE : BLACK)) {
		out->side = BLACK;
		out->hash ^= board_zobrist_side;
	}
}

/* fn(variant, key, table, arg) for every table of every variant's set. */
static void
each_table(void (*fn)(int, int, const struct tb_table *, void *), void *arg)
{
	for (int v = 0; v < NVARIANTS; v++)
		for (int key = 0; key < TB_NKEYS; key++)
			if (sets[v]->table[key] != NULL)
				fn(v, key, sets[v]->table[key], arg);
}

/* ---- the index ---- */

/* Entries decoded and encoded again, turned round and mirrored: the same
 * (one entry in about 3000 of each table). */
static void
index_table(int v, int key, const struct tb_table *t, void *arg)
{
	uint64_t step = t->mat.entries / 3000 + 1;

	(void)arg;
	for (uint64_t i = 0; i < t->mat.entries; i += step) {
		struct board b, o;
		bool flip;
		int64_t k;

		if (!tb_decode(&t->mat, i, &b)) {
			assert_int_equal(t->data[i], TB_INVALID);
			continue;
		}
		assert_int_not_equal(t->data[i], TB_INVALID);
		k = tb_board_key(&b, &flip);
		assert_int_equal(k, key);
		assert_false(flip);
		assert_int_equal(tb_index(&t->mat, &b, false), i);
		reflect(&b, &o, true);
		assert_int_equal(tb_set_entry(sets[v], &o), t->data[i]);
		reflect(&b, &o, false);
		assert_int_equal(tb_set_entry(sets[v], &o), t->data[i]);
	}
}

static void
test_index(void **state)
{
	(void)state;
	each_table(index_table, NULL);
}

static void
test_material_names(void **state)
{
	struct tb_material m;
	struct tb_material *list;
	int count;

	(void)state;
	assert_int_equal(tb_material_parse(&m, VARIANT_CONGO, "LZPvLE"), 0);
	assert_int_equal(m.n, 3);
	assert_string_equal(m.name, "LZPvLE");
	assert_int_equal(tb_material_parse(&m, VARIANT_CONGO, "LQvL"), -1);
	assert_int_equal(tb_material_parse(&m, VARIANT_MEGAPAWN, "LSvL"), -1);
	assert_int_equal(tb_material_parse(&m, VARIANT_CONGO, "LPZvL"), -1);
	assert_int_equal(tb_material_parse(&m, VARIANT_CONGO, "LZvLvL"), -1);
	assert_int_equal(tb_material_parse(&m, VARIANT_CONGO, "ZvL"), -1);
	assert_int_equal(tb_material_parse(&m, VARIANT_CONGO, "LZZZZvL"), -1);
	/* 1 + 7 + 56 canonical materials of up to two pieces a variant */
	list = tb_material_list(VARIANT_CONGO, 2, &count);
	assert_int_equal(count, 64);
	free(list);
	list = tb_material_list(VARIANT_MEGAPAWN, 1, &count);
	assert_int_equal(count, 8);
	free(list);
}

/* ---- the file format ---- */

static void
copy_file(const char *from, const char *to, long cut, long flip_at)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	long n = 0;
	int c;

	assert_non_null(in);
	assert_non_null(out);
	while ((c = getc(in)) != EOF && (cut < 0 || n < cut)) {
		if (n == flip_at)
			c ^= 0x10;
		putc(c, out);
		n++;
	}
	fclose(in);
	fclose(out);
}

static void
expect_refused(const char *path, const char *why)
{
	char err[600] = "";
	struct tb_table *t = tb_file_read(path, VARIANT_CONGO, err,
	    sizeof err);

	assert_null(t);
	assert_non_null(strstr(err, path));
	if (strstr(err, why) == NULL)
		fail_msg("'%s' does not say '%s'", err, why);
}

static void
test_format(void **state)
{
	char good[512], bad[512], err[600] = "";
	const struct tb_table *orig;
	struct tb_table *t;
	struct tb_material m;

	(void)state;
	tb_material_parse(&m, VARIANT_CONGO, "LMvLC");
	orig = sets[VARIANT_CONGO]->table[m.key];
	table_path(good, sizeof good, VARIANT_CONGO, "LMvLC");
	t = tb_file_read(good, VARIANT_CONGO, err, sizeof err);
	assert_non_null(t);
	assert_int_equal(t->mat.entries, orig->mat.entries);
	assert_memory_equal(t->data, orig->data, orig->mat.entries);
	assert_int_equal(t->wins, orig->wins);
	assert_int_equal(t->draws, orig->draws);
	assert_int_equal(t->losses, orig->losses);
	assert_int_equal(t->max_plies, orig->max_plies);
	tb_table_free(t);
	/* the same file as a megapawn table: refused */
	assert_null(tb_file_read(good, VARIANT_MEGAPAWN, err, sizeof err));
	assert_non_null(strstr(err, "another variant"));

	snprintf(bad, sizeof bad, "%s/bad.ctb", dir);
	copy_file(good, bad, -1, 96 + 1000);
	expect_refused(bad, "checksum");
	copy_file(good, bad, -1, 33);           /* the name in the header */
	expect_refused(bad, "name");
	copy_file(good, bad, -1, 44);           /* its padding */
	expect_refused(bad, "name");
	copy_file(good, bad, -1, 0);
	expect_refused(bad, "magic");
	copy_file(good, bad, 96 + 500, -1);
	expect_refused(bad, "truncated");
	copy_file(good, bad, 50, -1);
	expect_refused(bad, "truncated");
	copy_file(good, bad, 0, -1);
	expect_refused(bad, "truncated");
	remove(bad);
}

/* A variant's folder with no table in it (empty, or only other files):
 * none read, nothing said, the next folder looked in; the names were
 * sorted with qsort(NULL, 0) (issue 57: UBSan, nonnull). */
static void
test_empty_folder(void **state)
{
	char sub[400], path[512];
	struct tb_set *s = tb_set_new(VARIANT_CONGO);
	char err[200] = "";
	struct board b;
	struct tb_result r;
	FILE *f;

	(void)state;
	snprintf(sub, sizeof sub, "%s/empty", dir);
	assert_int_equal(mkdir(sub, 0777), 0);
	snprintf(path, sizeof path, "%s/congo", sub);
	assert_int_equal(mkdir(path, 0777), 0);
	assert_int_equal(tb_set_load_dir(s, sub, err, sizeof err), 0);
	assert_string_equal(err, "");
	snprintf(path, sizeof path, "%s/congo/README", sub);
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
	assert_int_equal(tb_set_load_dir(s, sub, err, sizeof err), 0);
	assert_string_equal(err, "");
	assert_int_equal(s->count, 0);
	tb_set_free(s);
	tb_set_path(sub);
	assert_int_equal(tb_load(VARIANT_CONGO), 0);
	setup_fen(&b, VARIANT_CONGO, "7/2l4/7/7/7/3G3/3L3 w 0 1");
	assert_int_equal(tb_probe(&b, &r), -1);
	assert_string_equal(tb_errors(), "");
	tb_set_path(dir);
	assert_int_equal(tb_probe(&b, &r), 0);
}

/* Bad files in a folder: the others are read, each bad one named. */
static void
test_refused_in_folder(void **state)
{
	char sub[400], good[512], bad[512];
	struct tb_result r;
	struct board b;

	(void)state;
	snprintf(sub, sizeof sub, "%s/bad", dir);
	assert_int_equal(mkdir(sub, 0777), 0);
	snprintf(bad, sizeof bad, "%s/congo", sub);
	assert_int_equal(mkdir(bad, 0777), 0);
	table_path(good, sizeof good, VARIANT_CONGO, "LZvL");
	snprintf(bad, sizeof bad, "%s/congo/LZvL.ctb", sub);
	copy_file(good, bad, 2000, -1);                    /* truncated */
	snprintf(bad, sizeof bad, "%s/congo/LEvL.ctb", sub);
	copy_file(good, bad, -1, -1);                      /* misnamed */
	table_path(good, sizeof good, VARIANT_CONGO, "LGvL");
	snprintf(bad, sizeof bad, "%s/congo/LGvL.ctb", sub);
	copy_file(good, bad, -1, -1);                      /* good */
	snprintf(bad, sizeof bad, "%s/congo/LvLZ.ctb", sub);
	copy_file(good, bad, -1, -1);                      /* not canonical */

	tb_set_path(sub);
	assert_int_equal(tb_load(VARIANT_CONGO), 1);
	assert_string_equal(tb_path(VARIANT_CONGO), sub);
	snprintf(bad, sizeof bad, "%s/congo/LZvL.ctb: truncated", sub);
	assert_non_null(strstr(tb_errors(), bad));
	snprintf(bad, sizeof bad, "%s/congo/LEvL.ctb: holds the table of "
	    "LZvL", sub);
	assert_non_null(strstr(tb_errors(), bad));
	snprintf(bad, sizeof bad, "%s/congo/LvLZ.ctb: not the name", sub);
	assert_non_null(strstr(tb_errors(), bad));
	setup_fen(&b, VARIANT_CONGO, "7/2l4/7/7/7/3Z3/3L3 w 0 1");
	assert_int_equal(tb_probe(&b, &r), -1);            /* never trusted */
	setup_fen(&b, VARIANT_CONGO, "7/2l4/7/7/7/3G3/3L3 w 0 1");
	assert_int_equal(tb_probe(&b, &r), 0);
	tb_set_path(dir);
	assert_int_equal(tb_probe(&b, &r), 0);
	assert_string_equal(tb_errors(), "");
}

/* ---- against the rules, one ply on ---- */

static void
one_ply_table(int v, int key, const struct tb_table *t, void *arg)
{
	uint64_t step = t->mat.n <= 1 ? 1 : 17;

	(void)key;
	(void)arg;
	for (uint64_t i = 0; i < t->mat.entries; i += step)
		check_one_ply_at(sets[v], t, i);
}

static void
test_one_ply_consistent(void **state)
{
	(void)state;
	each_table(one_ply_table, NULL);
}

/* ---- against a plain forced-win search (test_tb_check.h) ---- */

#define SAMPLES 6

static void
search_table(int v, int key, const struct tb_table *t, void *seed)
{
	int found[3];

	(void)v;
	(void)key;
	check_sample_by_search(t, seed, t->mat.n >= 2 ? 5 : 9, SAMPLES, 20000,
	    found);
	/* every table has each kind, but the bare lions' losses */
	assert_true(found[ENTRY_WIN] > 0);
	assert_true(found[ENTRY_DRAW] > 0 || t->mat.n >= 2);
}

static void
test_against_search(void **state)
{
	uint64_t seed = 26;

	(void)state;
	cache = xcalloc(CACHE_SIZE, sizeof *cache);
	each_table(search_table, &seed);
	free(cache);
}

/* ---- the river, monkeys, the engine and the search ---- */

/* The table's entry of a FEN, checked one ply on and, when short, by the
 * plain search; its best move's text in best (may be NULL). */
static int
probe_fen(int variant, const char *fen, char *best, size_t n)
{
	struct tb_result r;
	struct board b;
	int e;

	setup_fen(&b, variant, fen);
	e = tb_set_entry(sets[variant], &b);
	assert_int_not_equal(e, TB_INVALID);
	assert_int_equal(e, expected_entry(sets[variant], &b));
	assert_int_equal(tb_probe(&b, &r), 0);
	if (e - 1 <= 7) {
		cache = xcalloc(CACHE_SIZE, sizeof *cache);
		check_by_search(sets[variant]->table[tb_board_key(&b,
		    &(bool){ false })], &b, e);
		free(cache);
	}
	if (best != NULL) {
		move_t m = tb_best_move(&b, NULL);

		assert_int_not_equal(m, MOVE_NONE);
		notation_write(m, best, n);
	}
	return e;
}

static void
test_river_and_monkeys(void **state)
{
	char best[MOVE_TEXT_MAX];

	(void)state;
	/* a monkey jumps the lion: won at once */
	assert_int_equal(probe_fen(VARIANT_CONGO,
	    "7/2l4/1M5/7/7/7/3L3 w 0 1", best, sizeof best), 2);
	assert_string_equal(best, "b5d7");
	/* a chain: the pawn in the river, then the lion */
	assert_int_equal(probe_fen(VARIANT_CONGO,
	    "2l4/7/m6/1P5/7/3L3/7 b 0 1", best, sizeof best), 2);
	assert_string_equal(best, "a5c3e1");
	assert_int_equal(probe_fen(VARIANT_MEGAPAWN,
	    "2l4/7/m6/1P5/7/3L3/7 b 0 1", best, sizeof best), 2);
	/* a zebra in the river must leave it or drown; the side not to
	 * move keeps the piece that has just entered */
	probe_fen(VARIANT_CONGO, "2l4/7/7/3Z3/7/7/3L3 w 0 1", NULL, 0);
	probe_fen(VARIANT_CONGO, "2l4/7/7/3Z3/7/7/3L3 b 0 1", NULL, 0);
	/* megapawn's island: no drowning on b4 */
	probe_fen(VARIANT_MEGAPAWN, "2l4/7/7/1Z5/7/7/3L3 w 0 1", NULL, 0);
	/* a crocodile never drowns, and slides along the river */
	probe_fen(VARIANT_CONGO, "2l4/7/7/3C3/7/7/3L3 w 0 1", NULL, 0);
	probe_fen(VARIANT_CONGO, "3l3/7/4c2/M6/7/7/2L4 b 0 1", NULL, 0);
	/* bare lions: drawn in congo unless they face each other */
	assert_int_equal(probe_fen(VARIANT_CONGO, "2l4/7/7/7/7/7/3L3 w 0 1",
	    NULL, 0), 0);
	assert_int_equal(probe_fen(VARIANT_CONGO, "3l3/7/7/7/7/7/3L3 b 0 1",
	    best, sizeof best), 2);
	assert_string_equal(best, "d7d1");
	/* a pawn that promotes, both variants */
	probe_fen(VARIANT_CONGO, "2l4/4P2/7/7/7/7/3L3 w 0 1", NULL, 0);
	probe_fen(VARIANT_MEGAPAWN, "2l4/4P2/7/7/7/7/3L3 w 0 1", NULL, 0);
}

static void
test_engine(void **state)
{
	char in[900], *out = NULL, line[512];
	size_t outlen = 0;
	FILE *fin, *fout;

	(void)state;
	snprintf(in, sizeof in,
	    "setoption name TablebasePath value %s\n"
	    "position fen 7/2l4/1M5/7/7/7/3L3 w 0 1\ntbprobe\n"
	    "position fen 7/2l4/7/7/7/3Z3/3L3 b 0 1\ntbprobe\n"
	    "position fen 2l4/7/7/7/7/7/3L3 w 0 1\ntbprobe\n"
	    "position startpos\ntbprobe\n"
	    "position fen 7/2l4/7/7/7/3Z3/3L3 w 0 1\ngo depth 1\n"
	    "setoption name UCI_Variant value megapawn\n"
	    "position fen 7/2l4/1M5/7/7/7/3L3 w 0 1\ntbprobe\n"
	    "quit\n", dir);
	fin = fmemopen(in, strlen(in), "r");
	fout = open_memstream(&out, &outlen);
	assert_int_equal(uci_run(fin, fout), 0);
	fclose(fin);
	fclose(fout);
	snprintf(line, sizeof line, "info string tablebases congo: 12 "
	    "tables in %s\n", dir);
	assert_non_null(strstr(out, line));
	assert_non_null(strstr(out, "info string tablebases megapawn: 11 "));
	assert_non_null(strstr(out, "tbprobe win 1\ntbprobe loss 8\n"
	    "tbprobe draw\ntbprobe none\n"));
	/* the root from the tables: the fastest win */
	assert_non_null(strstr(out, "info depth 1 score win 3 "));
	assert_non_null(strstr(out, "bestmove d2b3\n"));
	/* megapawn's table of the same position */
	assert_non_null(strstr(strstr(out, "bestmove d2b3\n"),
	    "tbprobe win 1\n"));
	free(out);
}

static struct search_info
search_depth(const char *fen, int depth, move_t *m)
{
	struct search_ctx *ctx = search_new(NULL);
	struct search_limits l;
	struct search_info info;
	struct board b;

	setup_fen(&b, VARIANT_CONGO, fen);
	search_limits_default(&l);
	l.depth = depth;
	*m = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
	search_last_info(ctx, &info);
	search_free(ctx);
	return info;
}

static void
test_search(void **state)
{
	/* LZvLG is not generated; either capture of the giraffe leads to
	 * a won LZvL */
	static const char fen[] = "7/2l4/7/7/7/3g3/1Z1L3 w 0 1";
	struct search_info info;
	char sub[400];
	move_t m;

	(void)state;
	info = search_depth("7/2l4/7/7/7/3Z3/3L3 b 0 1", 1, &m);
	assert_int_equal(info.kind, SEARCH_SCORE_LOSS);
	assert_int_equal(info.score, 8);
	assert_true(info.tablebase);
	info = search_depth(fen, 1, &m);
	assert_int_equal(info.kind, SEARCH_SCORE_WIN);
	assert_true(info.score <= 9);
	assert_false(info.tablebase);      /* the root is not in them */
	/* a drawn root is searched, and said to be the tables' draw */
	info = search_depth("7/2l4/7/7/7/3g3/3L3 w 0 1", 2, &m);
	assert_int_equal(info.kind, SEARCH_SCORE_CP);
	assert_true(info.tablebase);
	/* without the tables the search sees no win at that depth */
	snprintf(sub, sizeof sub, "%s/none", dir);
	tb_set_path(sub);
	info = search_depth(fen, 1, &m);
	assert_int_equal(info.kind, SEARCH_SCORE_CP);
	tb_set_path(dir);
}

/*
 * The take-back tie-break (ev.undo: in a game, a root move taking back the
 * mover's last is worth that much less) never moves a table's draw: at a
 * drawn root whose one drawing move takes the black elephant back (e1d1;
 * every other move loses), a game's move scores that draw as a search
 * without the history does, the tables' draw, not the draw less the
 * penalty.
 */
static void
test_undo_keeps_draw(void **state)
{
	static const char *const line[] = {
		"C6/2l4/7/7/7/4L2/3e3 b 0 1",   /* ... d1e1 */
		"C6/2l4/7/7/7/4L2/4e2 w 0 1",   /* e2d3 */
		"C6/2l4/7/7/3L3/7/4e2 b 0 1",   /* the root */
	};
	struct search_options o;
	struct search_limits l;
	struct search_info with, without;
	struct search_ctx *ctx;
	struct board h[3];
	char text[MOVE_TEXT_MAX];
	move_t m;

	(void)state;
	for (int i = 0; i < 3; i++)
		setup_fen(&h[i], VARIANT_CONGO, line[i]);
	search_options_default(&o);
	o.hash_mb = 4;
	o.use_nnue = false;
	snprintf(o.tune, sizeof o.tune, "undo=50");
	ctx = search_new(&o);
	assert_non_null(ctx);
	search_limits_default(&l);
	l.depth = 4;
	l.play = true;                  /* a game's move: the tie-break on */
	m = search_best_move(ctx, &h[2], h, 2, NULL, &l, NULL, NULL);
	search_last_info(ctx, &with);
	notation_write(m, text, sizeof text);
	assert_string_equal(text, "e1d1");
	search_clear(ctx);
	m = search_best_move(ctx, &h[2], NULL, 0, NULL, &l, NULL, NULL);
	search_last_info(ctx, &without);
	notation_write(m, text, sizeof text);
	assert_string_equal(text, "e1d1");
	search_free(ctx);
	print_message("with the history %d cp, without %d cp\n", with.score,
	    without.score);
	assert_int_equal(without.kind, SEARCH_SCORE_CP);
	assert_true(without.tablebase);
	assert_int_equal(with.kind, SEARCH_SCORE_CP);
	assert_int_equal(with.score, without.score);
}

struct tb_lines {
	int n;
	struct search_info line[SEARCH_MULTIPV_MAX];
};

static void
keep_line(const struct search_info *info, void *user)
{
	struct tb_lines *t = user;

	if (info->multipv == 1)
		t->n = 0;
	if (t->n < SEARCH_MULTIPV_MAX)
		t->line[t->n++] = *info;
}

/* MultiPV from the tables: a won root gives its best moves, each the
 * tables' value (a win, a draw or a loss), best first; a drawn root is
 * searched, every line the tables' draw or worse. */
static void
test_multipv(void **state)
{
	static const char *const fens[] = {
		"7/2l4/7/7/7/3Z3/3L3 w 0 1",     /* won */
		"7/2l4/7/7/7/3Z3/3L3 b 0 1",     /* lost */
		"7/2l4/7/7/7/3g3/3L3 w 0 1",     /* drawn */
	};
	struct search_options o;
	struct search_limits l;
	struct search_ctx *ctx;
	struct tb_lines t;
	struct board b;
	move_t m;

	(void)state;
	search_options_default(&o);
	o.multipv = 3;
	ctx = search_new(&o);
	search_limits_default(&l);
	l.depth = 3;
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		setup_fen(&b, VARIANT_CONGO, fens[i]);
		memset(&t, 0, sizeof t);
		search_clear(ctx);
		m = search_best_move(ctx, &b, NULL, 0, NULL, &l, keep_line, &t);
		assert_int_equal(t.n, 3);
		assert_true(m == t.line[0].pv[0]);
		for (int k = 0; k < 3; k++) {
			assert_true(t.line[k].tablebase);
			assert_int_equal(t.line[k].multipv, k + 1);
			assert_int_equal(t.line[k].nlines, 3);
			assert_true(movegen_is_legal(&b, t.line[k].pv[0]));
			if (k > 0) {
				assert_true(t.line[k].pv[0] != t.line[k - 1].pv[0]);
				assert_true(t.line[k].raw_score <=
				    t.line[k - 1].raw_score);
			}
		}
		if (i == 0)
			assert_int_equal(t.line[0].kind, SEARCH_SCORE_WIN);
		if (i == 1)
			assert_int_equal(t.line[2].kind, SEARCH_SCORE_LOSS);
		if (i == 2)
			assert_int_equal(t.line[0].kind, SEARCH_SCORE_CP);
	}
	search_free(ctx);
}

TEST_MAIN(setup, teardown,
	cmocka_unit_test(test_material_names),
	cmocka_unit_test(test_index),
	cmocka_unit_test(test_format),
	cmocka_unit_test(test_refused_in_folder),
	cmocka_unit_test(test_empty_folder),
	cmocka_unit_test(test_one_ply_consistent),
	cmocka_unit_test(test_against_search),
	cmocka_unit_test(test_river_and_monkeys),
	cmocka_unit_test(test_engine),
	cmocka_unit_test(test_search),
	cmocka_unit_test(test_undo_keeps_draw),
	cmocka_unit_test(test_multipv))
