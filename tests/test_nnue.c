/*
 * test_nnue.c: the learned evaluation (src/nn/nnue.h). The accumulators
 * brought along move by move equal a full refresh after random games of
 * both variants (played to seek out monkey chains of several jumps,
 * drowning, promotion; megapawn's islands), the integer inference agrees
 * with the float reference within NNUE_TEST_BOUND centipawns, a network
 * survives writing and reading, a damaged, truncated or foreign file is
 * refused with its reason and the search then evaluates by hand (the
 * same search as without a network), so is one whose weights can
 * overflow, a network's output is never read as a win, the training
 * records round-trip, and a search with a network plays (both variants).
 */

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "nn/nnue.h"
#include "ai/search.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "util/util.h"
#include "test_main.h"

/* The integers keep layer 1's sums unrounded: only the last division
 * rounds, so they agree with the float reference to half a centipawn
 * (and the doubles' own error). */
#define NNUE_TEST_BOUND 1.0

static char tmpdir[64] = "/tmp/test_nnue.XXXXXX";

static struct nnue_net *
random_net(int variant, uint64_t seed)
{
	struct nnue_net *n = aligned_alloc(64, (sizeof *n + 63) / 64 * 64);
	uint64_t r = seed;

	assert_non_null(n);
	memset(n, 0, sizeof *n);
	n->variant = variant;
	snprintf(n->desc, sizeof n->desc, "test net %llu",
	    (unsigned long long)seed);
	for (int i = 0; i < NNUE_INPUTS; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			n->ft_w[i][j] = (int16_t)((int)(splitmix64(&r) % 61) -
			    30);
	for (int j = 0; j < NNUE_HIDDEN; j++)
		n->ft_b[j] = (int16_t)(splitmix64(&r) % 80);
	for (int o = 0; o < NNUE_L1; o++) {
		for (int j = 0; j < 2 * NNUE_HIDDEN; j++)
			n->l1_w[o][j] = (int16_t)((int)(splitmix64(&r) % 255) -
			    127);
		n->l1_b[o] = (int32_t)(splitmix64(&r) % 4000);
		n->l2_w[o] = (int16_t)((int)(splitmix64(&r) % 1001) - 500);
	}
	n->l2_b = 77;
	return n;
}

static void
start(struct board *b, int variant)
{
	const char *fen = variant_start_fen(variant);

	assert_int_equal(fen_read_variant(b, variant, fen, strlen(fen), NULL,
	    0), 0);
}

static void
assert_acc_equal(const struct nnue_acc *a, const struct nnue_acc *b)
{
	assert_memory_equal(a->v, b->v, sizeof a->v);
	assert_int_equal(a->king[0], b->king[0]);
	assert_int_equal(a->king[1], b->king[1]);
}

/* Random games, the moves chosen half the time for the most pieces
 * taken (monkey chains first): after every move the updated accumulator
 * is the refreshed one. Counts what happened in the games. */
static void
play_checked(const struct nnue_net *n, int variant, uint64_t seed,
    int games, int counts[4])
{
	struct movelist *ml = malloc(sizeof *ml);
	uint64_t r = seed;

	assert_non_null(ml);
	for (int g = 0; g < games; g++) {
		struct board b, c;
		struct nnue_acc acc, fresh;

		start(&b, variant);
		nnue_refresh(n, &b, &acc);
		for (int ply = 0; ply < 200; ply++) {
			struct move_effects fx;
			move_t m;
			int k = 0, nm;

			if (b.pieces[WHITE][LION] == 0 ||
			    b.pieces[BLACK][LION] == 0)
				break;
			nm = movegen_legal(&b, ml);
			if (nm == 0)
				break;
			if (splitmix64(&r) % 2 == 0) {
				k = (int)(splitmix64(&r) % (uint64_t)nm);
			} else {
				int best = -1;

				for (int i = 0; i < nm; i++) {
					int v = MOVE_NJUMPS(ml->moves[i]) * 2 +
					    (b.sq[MOVE_TO(ml->moves[i])] != 0);

					if (v > best) {
						best = v;
						k = i;
					}
				}
			}
			m = ml->moves[k];
			c = b;
			board_make(&c, m, &fx);
			counts[0] += MOVE_NJUMPS(m) >= 2;
			counts[1] += fx.ndrowned > 0;
			counts[2] += fx.promoted;
			counts[3] += PIECE_TYPE(b.sq[MOVE_FROM(m)]) == LION;
			/* alternately in place and into another */
			if (ply % 2 == 0) {
				nnue_update(n, &b, &c, &acc, &acc);
			} else {
				struct nnue_acc next;

				nnue_update(n, &b, &c, &acc, &next);
				acc = next;
			}
			nnue_refresh(n, &c, &fresh);
			assert_acc_equal(&acc, &fresh);
			assert_int_equal(nnue_output(n, &acc, c.side),
			    nnue_evaluate(n, &c));
			b = c;
		}
	}
	free(ml);
}

static void
test_incremental(void **state)
{
	struct nnue_net *n = random_net(VARIANT_CONGO, 7);
	int counts[4] = { 0, 0, 0, 0 };

	(void)state;
	play_checked(n, VARIANT_CONGO, 11, 60, counts);
	print_message("congo: %d chains of 2+ jumps, %d drownings, %d "
	    "promotions, %d lion moves\n", counts[0], counts[1], counts[2],
	    counts[3]);
	assert_true(counts[0] > 0);
	assert_true(counts[1] > 0);
	assert_true(counts[2] > 0);
	assert_true(counts[3] > 0);
	memset(counts, 0, sizeof counts);
	n->variant = VARIANT_MEGAPAWN;
	play_checked(n, VARIANT_MEGAPAWN, 12, 60, counts);
	print_message("megapawn: %d chains of 2+ jumps, %d drownings, %d "
	    "promotions, %d lion moves\n", counts[0], counts[1], counts[2],
	    counts[3]);
	assert_true(counts[1] > 0);
	assert_true(counts[2] > 0);
	/* one weight set for every bucket (a shared-only training): read
	 * back it is known as such, and only the mirroring refreshes */
	{
		char path[256], err[400];
		struct nnue_net *m;

		for (int k = 1; k < NNUE_BUCKETS; k++)
			memcpy(n->ft_w[k * NNUE_PSQ], n->ft_w[0],
			    sizeof n->ft_w[0] * NNUE_PSQ);
		n->variant = VARIANT_CONGO;
		snprintf(path, sizeof path, "%s/one.nnue", tmpdir);
		assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
		m = nnue_read(path, err, sizeof err);
		assert_non_null(m);
		assert_true(m->one_bucket);
		memset(counts, 0, sizeof counts);
		play_checked(m, VARIANT_CONGO, 13, 20, counts);
		free(m);
	}
	free(n);
}

/* A long monkey chain set up on purpose: the update over it (nine
 * pieces gone) is the refresh. */
static void
test_monkey_chain(void **state)
{
	struct nnue_net *n = random_net(VARIANT_CONGO, 8);
	struct movelist *ml = malloc(sizeof *ml);
	struct board b, c;
	struct nnue_acc a, fresh;
	int most = 0;

	(void)state;
	assert_non_null(ml);
	/* a white monkey on a1 among black pawns with a free square
	 * beyond each */
	assert_int_equal(fen_read(&b, "3l3/1p1p1p1/7/7/1p1p1p1/1p1p1p1/"
	    "M2L3 w 0 1", NULL, 0), 0);
	nnue_refresh(n, &b, &a);
	movegen_legal(&b, ml);
	for (int i = 0; i < ml->n; i++) {
		if (MOVE_NJUMPS(ml->moves[i]) < most)
			continue;
		most = MOVE_NJUMPS(ml->moves[i]);
		c = b;
		board_make(&c, ml->moves[i], NULL);
		nnue_update(n, &b, &c, &a, &fresh);
		{
			struct nnue_acc want;

			nnue_refresh(n, &c, &want);
			assert_acc_equal(&fresh, &want);
		}
	}
	print_message("longest chain: %d jumps\n", most);
	assert_true(most >= 4);
	free(ml);
	free(n);
}

static void
test_int_float(void **state)
{
	struct nnue_net *n = random_net(VARIANT_CONGO, 9);
	struct movelist *ml = malloc(sizeof *ml);
	uint64_t r = 5;
	double worst = 0;
	int distinct = 0, last = 1 << 30;

	(void)state;
	assert_non_null(ml);
	for (int v = 0; v < NVARIANTS; v++) {
		struct board b;

		n->variant = v;
		start(&b, v);
		for (int ply = 0; ply < 400; ply++) {
			int nm = movegen_legal(&b, ml), e;
			double f;

			if (nm == 0 || b.pieces[WHITE][LION] == 0 ||
			    b.pieces[BLACK][LION] == 0) {
				start(&b, v);
				continue;
			}
			e = nnue_evaluate(n, &b);
			f = nnue_evaluate_float(n, &b);
			if (e - f > worst)
				worst = e - f;
			if (f - e > worst)
				worst = f - e;
			distinct += e != last;
			last = e;
			board_make(&b, ml->moves[splitmix64(&r) %
			    (uint64_t)nm], NULL);
		}
	}
	print_message("int - float: at most %.3f cp (bound %.1f)\n", worst,
	    NNUE_TEST_BOUND);
	assert_true(worst <= NNUE_TEST_BOUND);
	assert_true(distinct > 100);    /* the net is not flat */
	free(ml);
	free(n);
}


static void
path_in_tmp(char *out, size_t n, const char *name)
{
	snprintf(out, n, "%s/%s", tmpdir, name);
}

static void
test_file(void **state)
{
	struct nnue_net *n = random_net(VARIANT_MEGAPAWN, 10), *m;
	char path[256], err[400];

	(void)state;
	path_in_tmp(path, sizeof path, "ok.nnue");
	assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
	m = nnue_read(path, err, sizeof err);
	assert_non_null(m);
	assert_int_equal(m->variant, VARIANT_MEGAPAWN);
	assert_string_equal(m->desc, n->desc);
	assert_memory_equal(m->ft_w, n->ft_w, sizeof n->ft_w);
	assert_memory_equal(m->l1_w, n->l1_w, sizeof n->l1_w);
	assert_memory_equal(m->l2_w, n->l2_w, sizeof n->l2_w);
	assert_int_equal(m->l2_b, n->l2_b);
	free(m);
	/* the variant is checked when it is asked for */
	assert_null(nnue_get(path, VARIANT_CONGO, err, sizeof err));
	assert_non_null(strstr(err, "for megapawn, not congo"));
	assert_non_null(nnue_get(path, VARIANT_MEGAPAWN, err, sizeof err));
	free(n);
}

static void *
drain(void *arg)
{
	const char *path = arg;
	FILE *f = fopen(path, "rb");
	size_t n = 0;

	if (f != NULL) {
		while (fgetc(f) != EOF)
			n++;
		fclose(f);
	}
	return (void *)n;
}

/* A path that is not a regular file (here a pipe; -o /dev/null once
 * replaced /dev/null by a file) is written as it is, not renamed over. */
static void
test_write_pipe(void **state)
{
	struct nnue_net *n = random_net(VARIANT_CONGO, 14);
	char path[256], link2[256], ok[256], err[400];
	struct stat st, st2;
	pthread_t tid;
	void *got;
	bool fifo;

	(void)state;
	path_in_tmp(path, sizeof path, "pipe");
	path_in_tmp(link2, sizeof link2, "pipe2");
	path_in_tmp(ok, sizeof ok, "size.nnue");
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(link(path, link2), 0);
	assert_int_equal(pthread_create(&tid, NULL, drain, link2), 0);
	assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
	fifo = stat(path, &st) == 0 && S_ISFIFO(st.st_mode);
	if (!fifo) {
		/* replaced: let the reader see an end */
		FILE *w = fopen(link2, "wb");

		if (w != NULL)
			fclose(w);
	}
	pthread_join(tid, &got);
	assert_true(fifo);
	assert_int_equal(nnue_write(n, ok, err, sizeof err), 0);
	assert_int_equal(stat(ok, &st2), 0);
	assert_int_equal((size_t)got, (size_t)st2.st_size);
	free(n);
}

/* Copy src to dst with byte at off xor-ed with x (off < 0: none) and
 * cut to len bytes (0: whole). */
static void
copy_damaged(const char *src, const char *dst, long off, int x, long len)
{
	FILE *f = fopen(src, "rb"), *g = fopen(dst, "wb");
	long i = 0;
	int c;

	assert_non_null(f);
	assert_non_null(g);
	while ((c = fgetc(f)) != EOF && (len == 0 || i < len)) {
		if (i == off)
			c ^= x;
		fputc(c, g);
		i++;
	}
	fclose(f);
	fclose(g);
}

static void
test_damaged(void **state)
{
	struct nnue_net *n = random_net(VARIANT_CONGO, 12);
	char ok[256], bad[256], err[400];
	struct search_options o;
	struct search_limits l;
	struct search_info i1, i2;
	struct search_ctx *plain, *with;
	struct board b;
	move_t m1, m2;

	(void)state;
	path_in_tmp(ok, sizeof ok, "good.nnue");
	path_in_tmp(bad, sizeof bad, "bad.nnue");
	assert_int_equal(nnue_write(n, ok, err, sizeof err), 0);
	free(n);
	copy_damaged(ok, bad, 5000, 0x10, 0);
	assert_null(nnue_read(bad, err, sizeof err));
	assert_non_null(strstr(err, "damaged (checksum mismatch)"));
	copy_damaged(ok, bad, -1, 0, 4000);
	assert_null(nnue_read(bad, err, sizeof err));
	assert_non_null(strstr(err, "truncated"));
	copy_damaged(ok, bad, 0, 0x20, 0);
	assert_null(nnue_read(bad, err, sizeof err));
	assert_non_null(strstr(err, "not a Congo network file"));
	copy_damaged(ok, bad, 8, 0x02, 0);
	assert_null(nnue_read(bad, err, sizeof err));
	assert_non_null(strstr(err, "format version 3"));

	/* asked for, refused: said, and the search is the hand-made one's */
	copy_damaged(ok, bad, 5000, 0x10, 0);
	search_options_default(&o);
	o.use_nnue = false;
	plain = search_new(&o);
	o.use_nnue = true;
	snprintf(o.eval_file, sizeof o.eval_file, "%s", bad);
	with = search_new(&o);
	assert_non_null(strstr(search_nnue_error(with), "damaged"));
	assert_non_null(strstr(search_nnue_error(with), "hand-made"));
	assert_false(search_nnue_active(with, VARIANT_CONGO));
	start(&b, VARIANT_CONGO);
	search_limits_default(&l);
	l.nodes = 20000;
	m1 = search_best_move(plain, &b, NULL, 0, NULL, &l, NULL, NULL);
	m2 = search_best_move(with, &b, NULL, 0, NULL, &l, NULL, NULL);
	search_last_info(plain, &i1);
	search_last_info(with, &i2);
	assert_true(m1 == m2);
	assert_int_equal(i1.nodes, i2.nodes);
	assert_int_equal(i1.score, i2.score);
	search_free(plain);
	search_free(with);
}

/* A search with a network: legal moves in both variants, the same
 * again for the same options, and different from the hand-made one. */
static void
test_search(void **state)
{
	char path[2][128], err[400];
	struct search_options o;
	struct search_limits l;
	struct search_info i1, i2;

	(void)state;
	for (int v = 0; v < NVARIANTS; v++) {
		struct nnue_net *n = random_net(v, 20 + (uint64_t)v);
		struct search_ctx *ctx;
		struct board b;
		move_t m1, m2;

		snprintf(path[v], sizeof path[v], "%s/v%d.nnue", tmpdir, v);
		assert_int_equal(nnue_write(n, path[v], err, sizeof err), 0);
		free(n);
		search_options_default(&o);
		o.use_nnue = true;
		o.threads = 2;
		snprintf(o.eval_file, sizeof o.eval_file, "%s", path[v]);
		ctx = search_new(&o);
		assert_string_equal(search_nnue_error(ctx), "");
		assert_true(search_nnue_active(ctx, v));
		start(&b, v);
		search_limits_default(&l);
		l.nodes = 30000;
		m1 = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
		assert_true(movegen_is_legal(&b, m1));
		search_last_info(ctx, &i1);
		o.threads = 1;
		search_set_options(ctx, &o);
		search_clear(ctx);
		m1 = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
		search_last_info(ctx, &i1);
		search_clear(ctx);
		m2 = search_best_move(ctx, &b, NULL, 0, NULL, &l, NULL, NULL);
		search_last_info(ctx, &i2);
		assert_true(m1 == m2);
		assert_int_equal(i1.nodes, i2.nodes);
		/* the levels keep the hand-made evaluation */
		o.level = 5;
		search_set_options(ctx, &o);
		assert_false(search_nnue_active(ctx, v));
		search_free(ctx);
	}
}

/* By default a variant plays with its installed network when there is
 * one (make check: the source tree's data/), by hand otherwise; a tune
 * string (hand-made weights to try) and the levels evaluate by hand. */
static void
test_defaults(void **state)
{
	struct search_options o;
	struct search_ctx *ctx;
	char path[512], err[400];

	(void)state;
	search_options_default(&o);
	assert_true(o.use_nnue);
	ctx = search_new(&o);
	for (int v = 0; v < NVARIANTS; v++) {
		nnue_default_path(v, path, sizeof path);
		assert_int_equal(search_nnue_active(ctx, v),
		    path[0] != '\0' && nnue_get(path, v, err, sizeof err));
	}
	/* the shipped networks (data/megapawn.nnue, data/congo.nnue) */
	assert_true(search_nnue_active(ctx, VARIANT_MEGAPAWN));
	assert_true(search_nnue_active(ctx, VARIANT_CONGO));
	snprintf(o.tune, sizeof o.tune, "zebra=500");
	search_set_options(ctx, &o);
	assert_false(search_nnue_active(ctx, VARIANT_MEGAPAWN));
	assert_false(search_nnue_active(ctx, VARIANT_CONGO));
	o.tune[0] = '\0';
	o.level = 3;
	search_set_options(ctx, &o);
	assert_false(search_nnue_active(ctx, VARIANT_MEGAPAWN));
	assert_false(search_nnue_active(ctx, VARIANT_CONGO));
	search_free(ctx);
}

static void
test_records(void **state)
{
	struct movelist *ml = malloc(sizeof *ml);
	uint64_t r = 3;

	(void)state;
	assert_non_null(ml);
	for (int v = 0; v < NVARIANTS; v++) {
		struct board b;

		start(&b, v);
		for (int ply = 0; ply < 60; ply++) {
			struct nnue_sample s, t;
			uint8_t rec[NNUE_RECORD_SIZE];
			int nm = movegen_legal(&b, ml);

			if (nm == 0)
				break;
			s.pos = b;
			s.score = ply * 37 - 900;
			s.result = ply % 3 - 1;
			s.tb = ply % 5 == 0;
			assert_int_equal(nnue_record_encode(&s, rec), 0);
			assert_int_equal(nnue_record_decode(rec, &t), 0);
			assert_true(board_same_position(&s.pos, &t.pos));
			assert_int_equal(t.pos.quiet, s.pos.quiet);
			assert_int_equal(t.score, s.score);
			assert_int_equal(t.result, s.result);
			assert_int_equal(t.tb, s.tb);
			board_make(&b, ml->moves[splitmix64(&r) %
			    (uint64_t)nm], NULL);
			if (b.pieces[WHITE][LION] == 0 ||
			    b.pieces[BLACK][LION] == 0)
				break;
		}
	}
	free(ml);
}

static int
setup(void **state)
{
	(void)state;
	board_init();
	return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int
teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A path whose temporary name (path.tmp) does not fit PATH_MAX is
 * refused: cut short, the temporary name was another file (here path.t),
 * written and renamed over path (issue 57). */
static void
test_write_long_path(void **state)
{
	struct nnue_net *n = random_net(VARIANT_CONGO, 16);
	char *dir = calloc(PATH_MAX, 1), *path = calloc(PATH_MAX, 1);
	char *other = calloc(PATH_MAX + 8, 1), err[400], buf[8] = "";
	size_t len;
	FILE *f;

	(void)state;
	assert_non_null(dir);
	assert_non_null(path);
	assert_non_null(other);
	snprintf(dir, PATH_MAX, "%s", tmpdir);
	while (strlen(dir) + 2 * 201 < PATH_MAX) {
		len = strlen(dir);
		dir[len] = '/';
		memset(dir + len + 1, 'd', 200);
		dir[len + 201] = '\0';
		assert_int_equal(mkdir(dir, 0700), 0);
	}
	/* path: PATH_MAX - 3 bytes, so that path.tmp is cut to path.t */
	len = strlen(dir);
	memcpy(path, dir, len);
	path[len] = '/';
	memset(path + len + 1, 'n', PATH_MAX - 3 - len - 1);
	assert_int_equal(strlen(path), PATH_MAX - 3);
	snprintf(other, PATH_MAX + 8, "%s.t", path);
	f = fopen(other, "w");
	assert_non_null(f);
	fputs("keep", f);
	fclose(f);
	assert_int_equal(nnue_write(n, path, err, sizeof err), -1);
	print_message("%s\n", err);
	assert_non_null(strstr(err, "the path is too long"));
	f = fopen(other, "r");
	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof buf, f));
	fclose(f);
	assert_string_equal(buf, "keep");
	assert_int_equal(access(path, F_OK), -1);
	free(dir);
	free(path);
	free(other);
	free(n);
}

/* Crafted networks whose checksum is right but whose weights can
 * overflow (issue 57): refused when read, the part and its range said. */
static void
test_overflow(void **state)
{
	struct nnue_net *n = random_net(VARIANT_CONGO, 30), *m;
	char path[256], err[400];

	(void)state;
	path_in_tmp(path, sizeof path, "overflow.nnue");
	/* two pieces' weights past int16 in accumulator 5 */
	n->ft_w[3 * NSQ + 10][5] = 20000;
	n->ft_w[4 * NSQ + 11][5] = 20000;
	assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
	assert_null(nnue_read(path, err, sizeof err));
	print_message("%s\n", err);
	assert_non_null(strstr(err, "refused"));
	assert_non_null(strstr(err, "overflow accumulator 5"));
	assert_non_null(strstr(err, "16-bit range"));
	assert_null(nnue_get(path, VARIANT_CONGO, err, sizeof err));
	/* a negative sum likewise */
	n->ft_w[3 * NSQ + 10][5] = -20000;
	n->ft_w[4 * NSQ + 11][5] = -20000;
	assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
	assert_null(nnue_read(path, err, sizeof err));
	assert_non_null(strstr(err, "overflow accumulator 5"));
	n->ft_w[3 * NSQ + 10][5] = 0;
	n->ft_w[4 * NSQ + 11][5] = 0;
	/* layer 1's int32 sum: its bias at the edge */
	n->l1_b[3] = INT32_MAX - 10;
	assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
	assert_null(nnue_read(path, err, sizeof err));
	print_message("%s\n", err);
	assert_non_null(strstr(err, "overflow unit 3"));
	n->l1_b[3] = INT32_MIN + 10;
	assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
	assert_null(nnue_read(path, err, sizeof err));
	assert_non_null(strstr(err, "overflow unit 3"));
	/* as it was: read */
	n->l1_b[3] = 5;
	assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
	m = nnue_read(path, err, sizeof err);
	assert_non_null(m);
	free(m);
	free(n);
}

/* A network whose output is a win's score or more: the search clamps it
 * to the scores that are not wins (the hand-made evaluation's range), so
 * nothing is read as a forced win (issue 57). */
static void
test_output_clamped(void **state)
{
	static const int32_t l2_b[] = { 40320, 2000000000 };    /* 31,500 cp,
	                                                          * far more */
	char path[256], err[400];

	(void)state;
	path_in_tmp(path, sizeof path, "loud.nnue");
	for (size_t k = 0; k < sizeof l2_b / sizeof l2_b[0]; k++) {
		struct nnue_net *n = random_net(VARIANT_CONGO, 40);
		struct search_options o;
		struct search_limits l;
		struct search_info in;
		struct search_ctx *ctx;
		struct board b;

		memset(n->l2_w, 0, sizeof n->l2_w);
		n->l2_b = l2_b[k];
		snprintf(path, sizeof path, "%s/loud%zu.nnue", tmpdir, k);
		assert_int_equal(nnue_write(n, path, err, sizeof err), 0);
		start(&b, VARIANT_CONGO);
		assert_true(nnue_evaluate(n, &b) >= 31500);
		free(n);
		search_options_default(&o);
		snprintf(o.eval_file, sizeof o.eval_file, "%s", path);
		ctx = search_new(&o);
		assert_string_equal(search_nnue_error(ctx), "");
		search_limits_default(&l);
		l.nodes = 5000;
		assert_int_not_equal(search_best_move(ctx, &b, NULL, 0, NULL,
		    &l, NULL, NULL), MOVE_NONE);
		search_last_info(ctx, &in);
		print_message("output %d: %s %d\n", l2_b[k],
		    in.kind == SEARCH_SCORE_CP ? "cp" : "a win or loss",
		    in.score);
		assert_int_equal(in.kind, SEARCH_SCORE_CP);
		assert_true(in.score < SEARCH_WIN_MIN &&
		    in.score > -SEARCH_WIN_MIN);
		search_free(ctx);
	}
}

TEST_MAIN(setup, teardown,
	cmocka_unit_test(test_incremental),
	cmocka_unit_test(test_monkey_chain),
	cmocka_unit_test(test_int_float),
	cmocka_unit_test(test_file),
	cmocka_unit_test(test_damaged),
	cmocka_unit_test(test_write_pipe),
	cmocka_unit_test(test_write_long_path),
	cmocka_unit_test(test_search),
	cmocka_unit_test(test_records),
	cmocka_unit_test(test_defaults),
	cmocka_unit_test(test_overflow),
	cmocka_unit_test(test_output_clamped))
