/*
 * test_learn_data.c: every shipped lesson and puzzle (data/, found through
 * $CONGO_DATADIR as make check sets it).
 *
 * Lessons: each lesson of a variant this build plays loads; in each step
 * the accepted moves are legal and right, some legal move is right, every
 * legal wrong move gets an explanation, and so does an illegal move of each
 * piece of the side to move.
 *
 * Puzzles: every line parses, at least 300 ship, at least 25 for each N of
 * 1..4 in each variant, and
 * the prover confirms each one (the least N, exactly one winning first
 * move, a main line that wins at every solver move and ends with the
 * lion's capture). CONGO_PUZZLE_SAMPLE=K checks only every K-th puzzle;
 * without it every 5th (quick), or every one with CONGO_TEST_WHOLE=1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "learn/learn.h"

#include "test_whole.h"
#include "test_main.h"

static void
check_step(const struct learn_lesson *l, const struct learn_step *s)
{
	struct board b;
	struct movelist *ml = xmalloc(sizeof *ml);
	char err[LEARN_ERR_MAX], why[LEARN_TEXT_MAX];
	move_t m;
	int i, right = 0, sq, to;

	if (learn_step_position(l, s, &b, err, sizeof err) != 0)
		fail_msg("lesson %s line %d: %s", l->id, s->line, err);
	/* The lion may be taken at once only where that is the lesson. */
	if (movegen_attacks_lion(&b, b.side)) {
		bool about = false;
		for (i = 0; i < s->ncheck; i++)
			if (s->check[i].kind == LC_TAKES_LION)
				about = true;
		if (!about)
			fail_msg("lesson %s line %d: the lion can be taken at once",
			    l->id, s->line);
	}
	for (i = 0; i < s->naccept; i++) {
		if (notation_read(&b, s->accept[i], &m, err, sizeof err) != 0)
			fail_msg("lesson %s line %d: %s", l->id, s->line, err);
		if (!learn_step_check(s, &b, m, why, sizeof why))
			fail_msg("lesson %s line %d: accepted %s is refused: %s",
			    l->id, s->line, s->accept[i], why);
	}
	movegen_legal(&b, ml);
	for (i = 0; i < ml->n; i++) {
		if (learn_step_check(s, &b, ml->moves[i], why, sizeof why)) {
			right++;
			continue;
		}
		if (why[0] == '\0')
			fail_msg("lesson %s line %d: a wrong move without an "
			    "explanation", l->id, s->line);
	}
	if (right == 0)
		fail_msg("lesson %s line %d: no right move", l->id, s->line);
	/* An illegal destination of each piece of the side to move. */
	for (sq = 0; sq < NSQ; sq++) {
		if (b.sq[sq] == PIECE_NONE || PIECE_COLOR(b.sq[sq]) != b.side)
			continue;
		for (to = 0; to < NSQ; to++) {
			bool legal = false;
			for (i = 0; i < ml->n; i++)
				if (MOVE_FROM(ml->moves[i]) == sq &&
				    MOVE_TO(ml->moves[i]) == to)
					legal = true;
			if (legal || to == sq)
				continue;
			why[0] = '\0';
			learn_explain_illegal(&b, sq, to, why, sizeof why);
			if (why[0] == '\0')
				fail_msg("lesson %s line %d: no explanation for an "
				    "illegal move", l->id, s->line);
		}
	}
	free(ml);
}

static void
test_lessons(void **state)
{
	struct learn_book bk;
	char path[1024], err[LEARN_ERR_MAX];
	size_t i, j, played = 0;
	const char *need[] = { "lion", "lion-capture", "zebra", "elephant",
	    "giraffe", "crocodile-land", "crocodile-river", "monkey", "pawn",
	    "superpawn", "river", "promotion", "game-end", "islands", "mpawn",
	    "megapawn", "repetition-loses" };

	(void)state;
	learn_data_path("lessons.txt", path, sizeof path);
	learn_book_init(&bk);
	if (learn_book_read(&bk, path, err, sizeof err) != 0)
		fail_msg("%s", err);
	for (i = 0; i < sizeof need / sizeof need[0]; i++)
		if (learn_book_find(&bk, need[i]) == NULL)
			fail_msg("no lesson '%s'", need[i]);
	for (i = 0; i < learn_book_count(&bk); i++) {
		const struct learn_lesson *l = learn_book_lesson(&bk, i);
		assert_true(learn_lesson_nsteps(l) >= 1);
		if (!learn_variant_supported(l->variant))
			continue;
		for (j = 0; j < learn_lesson_nsteps(l); j++) {
			check_step(l, learn_lesson_step(l, j));
			played++;
		}
	}
	assert_true(played >= 20);
	learn_book_free(&bk);
}

static void
test_puzzles(void **state)
{
	struct vec pz = VEC_INIT(sizeof(struct learn_puzzle));
	struct learn_prover *pv = learn_prover_new(20);
	char path[1024], err[LEARN_ERR_MAX];
	const char *sample = getenv("CONGO_PUZZLE_SAMPLE");
	int every = sample != NULL ? atoi(sample) :
	    (int)test_light_pick(15, 5, 1);
	int byn[LEARN_PUZZLE_NMAX + 1] = { 0 };
	int byvn[2][LEARN_PUZZLE_NMAX + 1] = { { 0 } };
	size_t i, checked = 0;
	clock_t t0 = clock();

	(void)state;
	if (every < 1)
		every = 1;
	learn_data_path("puzzles.tsv", path, sizeof path);
	if (learn_puzzles_read(&pz, path, err, sizeof err) != 0)
		fail_msg("%s", err);
	for (i = 0; i < pz.len; i++) {
		const struct learn_puzzle *p = vec_at(&pz, i);
		byn[p->n]++;
		byvn[strcmp(p->variant, "congo") == 0 ? 0 : 1][p->n]++;
		if (!learn_variant_supported(p->variant) || i % (size_t)every != 0)
			continue;
		learn_prover_clear(pv);
		if (learn_puzzle_verify(pv, p, err, sizeof err) != 0)
			fail_msg("%s:%d: %s", path, p->line, err);
		checked++;
	}
	fprintf(stderr, "puzzles: %zu shipped (N=1 %d, N=2 %d, N=3 %d, N=4 %d), "
	    "%zu proved in %.1f s\n", pz.len, byn[1], byn[2], byn[3], byn[4],
	    checked, (double)(clock() - t0) / CLOCKS_PER_SEC);
	assert_true(pz.len >= 300);
	/* Spread over N = 1..4 and both variants. */
	for (i = 1; i <= LEARN_PUZZLE_NMAX; i++) {
		assert_true(byvn[0][i] >= 25);
		assert_true(byvn[1][i] >= 25);
	}
	learn_prover_free(pv);
	vec_free(&pz);
}

/* The pieces of a FEN besides the lions. */
static int
pieces(const char *fen)
{
	int n = 0;

	for (; *fen != '\0' && *fen != ' '; fen++)
		n += (*fen >= 'a' && *fen <= 'z') || (*fen >= 'A' &&
		    *fen <= 'Z') ? *fen != 'l' && *fen != 'L' : 0;
	return n;
}

/*
 * What the file's comments say of the puzzles under them holds (issue 34):
 * an endgame section that counts pieces names each number its endings have and
 * promises no "up to" fewer; a section that says the side to move takes
 * the lion by force says which puzzle wins by the repetition rule instead.
 */
static void
test_puzzle_headers(void **state)
{
	static const char *const words[] = { "none", "one", "two", "three",
		"four", "five" };
	struct learn_prover *pv = learn_prover_new(18);
	char path[1024], line[1100], head[2048] = "", err[LEARN_ERR_MAX];
	char want[32];
	bool fresh = false;
	int no = 0, k;
	FILE *f;

	(void)state;
	learn_data_path("puzzles.tsv", path, sizeof path);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL) {
		struct learn_puzzle p;
		no++;
		if (line[0] == '#') {
			if (!fresh)
				head[0] = '\0';
			fresh = true;
			strncat(head, line + 1, sizeof head - strlen(head) - 1);
			for (k = 0; head[k] != '\0'; k++)
				if (head[k] == '\n')
					head[k] = ' ';
			continue;
		}
		fresh = false;
		if (learn_puzzle_parse(line, &p, err, sizeof err) != 0)
			continue;
		if (strcmp(p.theme, "endgame") == 0) {
			k = pieces(p.fen);
			assert_true(k < 6);
			bool named = strstr(head, words[k]) != NULL;
			for (int m = k; m < 6 && !named; m++) {
				snprintf(want, sizeof want, "up to %s", words[m]);
				named = strstr(head, want) != NULL;
			}
			if (strstr(head, "pieces") != NULL && !named)
				fail_msg("%s:%d: an ending of %s pieces under a header "
				    "that does not say so:%s", path, no, words[k], head);
			for (int m = 0; m < k; m++) {
				snprintf(want, sizeof want, "up to %s", words[m]);
				if (strstr(head, want) != NULL)
					fail_msg("%s:%d: %d pieces under '%s'", path, no, k,
					    want);
			}
		}
		if (strstr(head, "takes the enemy lion") != NULL &&
		    learn_variant_supported(p.variant) &&
		    learn_puzzle_needs_repetition(pv, &p) == PROOF_YES &&
		    strstr(head, "repeat") == NULL)
			fail_msg("%s:%d: wins by the repetition rule, under a header "
			    "that promises the lion:%s", path, no, head);
	}
	fclose(f);
	learn_prover_free(pv);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_lessons),
	cmocka_unit_test(test_puzzles),
	cmocka_unit_test(test_puzzle_headers))
