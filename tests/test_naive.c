/*
 * test_naive.c: a second, naive move generator, written from RULES.md
 * alone, checks the engine's in both variants. It shares no code with
 * src/engine's generator: a 7x7 array of FEN letters, moves as text,
 * direction loops instead of tables, its own monkey search and its own
 * make (captures, chains, promotion, drowning, islands). The engine is used
 * only to play random games (game_play) and to give its moves as text.
 *
 * At every position of random playouts in congo and megapawn: the naive
 * move list equals the engine's, and every move made by both gives the same
 * placement and side to move. perft to depth 3 is compared at positions
 * along the way, and from both starts to depth 4 (megapawn to 5, the
 * figure pinned in test_perft). CONGO_NAIVE_GAMES changes the run: 40
 * games of each variant by default (quick), 150 with CONGO_TEST_WHOLE=1.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "util/util.h"

#include "test_whole.h"
#include "test_main.h"

/* ---- the naive model ------------------------------------------------ */

struct nb {
	char at[7][7];   /* [file][rank]: a FEN letter or '.' */
	int side;        /* 0 White, 1 Black */
	bool megapawn;
};

struct nlist {
	int n, cap;
	char (*t)[MOVE_TEXT_MAX];
};

static void
nl_add(struct nlist *l, const char *text)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 256;
		l->t = realloc(l->t, (size_t)l->cap * sizeof *l->t);
		assert_non_null(l->t);
	}
	snprintf(l->t[l->n++], MOVE_TEXT_MAX, "%s", text);
}

static bool
inside(int f, int r)
{
	return f >= 0 && f < 7 && r >= 0 && r < 7;
}

/* -1 empty (or off the board), 0 White, 1 Black. */
static int
owner(const struct nb *p, int f, int r)
{
	char c;

	if (!inside(f, r))
		return -1;
	c = p->at[f][r];
	return c == '.' ? -1 : isupper((unsigned char)c) ? 0 : 1;
}

static void
sqtext(int f, int r, char *out)
{
	out[0] = (char)('a' + f);
	out[1] = (char)('1' + r);
	out[2] = '\0';
}

static void
add_move(struct nlist *l, int f, int r, int tf, int tr)
{
	char t[8];

	sqtext(f, r, t);
	sqtext(tf, tr, t + 2);
	nl_add(l, t);
}

/* A target a piece may move to or capture on: on the board, not its own. */
static void
try_take(const struct nb *p, struct nlist *l, int f, int r, int tf, int tr)
{
	if (inside(tf, tr) && owner(p, tf, tr) != p->side)
		add_move(l, f, r, tf, tr);
}

static void
try_empty(const struct nb *p, struct nlist *l, int f, int r, int tf, int tr)
{
	if (inside(tf, tr) && owner(p, tf, tr) < 0)
		add_move(l, f, r, tf, tr);
}

static bool
in_castle(int side, int f, int r)
{
	return f >= 2 && f <= 4 && (side == 0 ? r <= 2 : r >= 4);
}

static bool
find(const struct nb *p, char c, int *f, int *r)
{
	for (int i = 0; i < 7; i++)
		for (int j = 0; j < 7; j++)
			if (p->at[i][j] == c) {
				*f = i;
				*r = j;
				return true;
			}
	return false;
}

struct jump_ctx {
	const struct nb *p;
	struct nlist *l;
	int f0, r0;
	bool jumped[7][7];
	char path[MOVE_TEXT_MAX];
};

/* Every chain: jump an enemy piece not jumped yet onto an empty square (or
 * the start), a lion only as the last jump. */
static void
jumps(struct jump_ctx *c, int f, int r, int len)
{
	for (int df = -1; df <= 1; df++)
		for (int dr = -1; dr <= 1; dr++) {
			int mf = f + df, mr = r + dr, lf = f + 2 * df,
			    lr = r + 2 * dr;
			if ((df == 0 && dr == 0) || !inside(lf, lr))
				continue;
			if (owner(c->p, mf, mr) != 1 - c->p->side ||
			    c->jumped[mf][mr])
				continue;
			if (owner(c->p, lf, lr) >= 0 &&
			    !(lf == c->f0 && lr == c->r0))
				continue;
			sqtext(lf, lr, c->path + len);
			nl_add(c->l, c->path);
			if (toupper((unsigned char)c->p->at[mf][mr]) == 'L')
				continue;
			c->jumped[mf][mr] = true;
			jumps(c, lf, lr, len + 2);
			c->jumped[mf][mr] = false;
		}
}

static void
gen_piece(const struct nb *p, struct nlist *l, int f, int r)
{
	static const int kf[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
	static const int kr[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };
	int fwd = p->side == 0 ? 1 : -1;
	bool across = p->side == 0 ? r > 3 : r < 3;
	char c = (char)toupper((unsigned char)p->at[f][r]);

	switch (c) {
	case 'L': {
		int ef, er;
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++)
				if ((df || dr) && in_castle(p->side, f + df,
				    r + dr))
					try_take(p, l, f, r, f + df, r + dr);
		if (find(p, p->side == 0 ? 'l' : 'L', &ef, &er) &&
		    (ef == f || abs(ef - f) == abs(er - r))) {
			int sf = ef > f ? 1 : ef < f ? -1 : 0;
			int sr = er > r ? 1 : -1;
			bool clear = true;
			for (int i = f + sf, j = r + sr; j != er;
			    i += sf, j += sr)
				clear = clear && owner(p, i, j) < 0;
			if (clear)
				add_move(l, f, r, ef, er);
		}
		break;
	}
	case 'Z':
		for (int k = 0; k < 8; k++)
			try_take(p, l, f, r, f + kf[k], r + kr[k]);
		break;
	case 'E':
		for (int k = 1; k <= 2; k++) {
			try_take(p, l, f, r, f + k, r);
			try_take(p, l, f, r, f - k, r);
			try_take(p, l, f, r, f, r + k);
			try_take(p, l, f, r, f, r - k);
		}
		break;
	case 'G':
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++)
				if (df || dr) {
					try_empty(p, l, f, r, f + df, r + dr);
					try_take(p, l, f, r, f + 2 * df,
					    r + 2 * dr);
				}
		break;
	case 'C': {
		bool stepped[7][7] = { { false } };
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++)
				if ((df || dr) && inside(f + df, r + dr) &&
				    owner(p, f + df, r + dr) != p->side) {
					stepped[f + df][r + dr] = true;
					add_move(l, f, r, f + df, r + dr);
				}
		if (r != 3) {
			int d = r < 3 ? 1 : -1;
			for (int j = r + d;; j += d) {
				int o = owner(p, f, j);
				if (o == p->side)
					break;
				if (!stepped[f][j])
					add_move(l, f, r, f, j);
				if (o >= 0 || j == 3)
					break;
			}
		} else {
			for (int d = -1; d <= 1; d += 2)
				for (int i = f + d; inside(i, r); i += d) {
					int o = owner(p, i, r);
					if (o == p->side)
						break;
					if (!stepped[i][r])
						add_move(l, f, r, i, r);
					if (o >= 0)
						break;
				}
		}
		break;
	}
	case 'M': {
		struct jump_ctx jc;
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++)
				if (df || dr)
					try_empty(p, l, f, r, f + df, r + dr);
		memset(&jc, 0, sizeof jc);
		jc.p = p;
		jc.l = l;
		jc.f0 = f;
		jc.r0 = r;
		sqtext(f, r, jc.path);
		jumps(&jc, f, r, 2);
		break;
	}
	case 'P':
		for (int df = -1; df <= 1; df++)
			try_take(p, l, f, r, f + df, r + fwd);
		if (p->megapawn) {
			if (across) {
				try_take(p, l, f, r, f - 1, r);
				try_take(p, l, f, r, f + 1, r);
			}
		} else if (across && owner(p, f, r - fwd) < 0 &&
		    inside(f, r - fwd)) {
			add_move(l, f, r, f, r - fwd);
			if (inside(f, r - 2 * fwd) &&
			    owner(p, f, r - 2 * fwd) < 0)
				add_move(l, f, r, f, r - 2 * fwd);
		}
		break;
	case 'S':
		for (int df = -1; df <= 1; df++) {
			try_take(p, l, f, r, f + df, r + fwd);
			if (inside(f + df, r - fwd) &&
			    owner(p, f + df, r - fwd) < 0) {
				add_move(l, f, r, f + df, r - fwd);
				if (inside(f + 2 * df, r - 2 * fwd) &&
				    owner(p, f + 2 * df, r - 2 * fwd) < 0)
					add_move(l, f, r, f + 2 * df,
					    r - 2 * fwd);
			}
		}
		try_take(p, l, f, r, f - 1, r);
		try_take(p, l, f, r, f + 1, r);
		break;
	case 'Q':
		for (int df = -2; df <= 2; df++)
			for (int dr = -2; dr <= 2; dr++)
				if (df || dr)
					try_take(p, l, f, r, f + df, r + dr);
		break;
	default:
		fail_msg("naive: unknown piece '%c'", c);
	}
}

static void
naive_gen(const struct nb *p, struct nlist *l)
{
	int f, r;

	l->n = 0;
	if (!find(p, 'L', &f, &r) || !find(p, 'l', &f, &r))
		return;
	for (f = 0; f < 7; f++)
		for (r = 0; r < 7; r++)
			if (owner(p, f, r) == p->side)
				gen_piece(p, l, f, r);
}

/* Make move text; RULES.md "The river and drowning", "Variants". */
static void
naive_make(struct nb *p, const char *text)
{
	int n = (int)strlen(text) / 2, f0 = text[0] - 'a', r0 = text[1] - '1';
	int f = f0, r = r0;
	char c = p->at[f0][r0];
	bool deep_start;

	for (int i = 1; i < n; i++) {
		int tf = text[2 * i] - 'a', tr = text[2 * i + 1] - '1';
		if (toupper((unsigned char)c) == 'M' &&
		    (abs(tf - f) == 2 || abs(tr - r) == 2))
			p->at[(f + tf) / 2][(r + tr) / 2] = '.';
		f = tf;
		r = tr;
	}
	p->at[f0][r0] = '.';
	if (toupper((unsigned char)c) == 'P' && r == (p->side == 0 ? 6 : 0))
		c = p->megapawn ? 'Q' : 'S';
	if (p->side == 1)
		c = (char)tolower((unsigned char)c);
	p->at[f][r] = c;
	deep_start = r0 == 3 && !(p->megapawn && (f0 <= 1 || f0 >= 5));
	for (int i = 0; i < 7; i++) {
		bool deep = !(p->megapawn && (i <= 1 || i >= 5));
		if (!deep || owner(p, i, 3) != p->side ||
		    toupper((unsigned char)p->at[i][3]) == 'C')
			continue;
		if (i == f && r == 3 && !deep_start)
			continue;
		p->at[i][3] = '.';
	}
	p->side ^= 1;
}

/* Placement and side, as the first two fields of a FEN. */
static void
naive_key(const struct nb *p, char *out)
{
	size_t len = 0;

	for (int r = 6; r >= 0; r--) {
		int e = 0;
		for (int f = 0; f < 7; f++) {
			if (p->at[f][r] == '.') {
				e++;
				continue;
			}
			if (e)
				out[len++] = (char)('0' + e);
			e = 0;
			out[len++] = p->at[f][r];
		}
		if (e)
			out[len++] = (char)('0' + e);
		if (r)
			out[len++] = '/';
	}
	out[len++] = ' ';
	out[len++] = p->side ? 'b' : 'w';
	out[len] = '\0';
}

/* From a FEN's first two fields (written by the engine or by hand). */
static void
naive_read(struct nb *p, const char *fen, bool megapawn)
{
	int f = 0, r = 6;

	memset(p->at, '.', sizeof p->at);
	p->megapawn = megapawn;
	for (; *fen != ' '; fen++) {
		if (*fen == '/') {
			r--;
			f = 0;
		} else if (isdigit((unsigned char)*fen)) {
			f += *fen - '0';
		} else {
			p->at[f++][r] = *fen;
		}
	}
	p->side = fen[1] == 'b';
}

static uint64_t
naive_perft(const struct nb *p, int depth)
{
	struct nlist l = { 0, 0, NULL };
	uint64_t n = 0;

	naive_gen(p, &l);
	if (depth <= 1) {
		n = depth == 1 ? (uint64_t)l.n : 1;
	} else {
		for (int i = 0; i < l.n; i++) {
			struct nb c = *p;
			naive_make(&c, l.t[i]);
			n += naive_perft(&c, depth - 1);
		}
	}
	free(l.t);
	return n;
}

/* ---- the comparison --------------------------------------------------- */

static uint64_t rng_state;

static uint64_t
rng(void)
{
	return splitmix64(&rng_state);
}

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void
engine_key(const struct board *b, char *out)
{
	char fen[FEN_MAX];
	char *sp;

	fen_write(b, fen, sizeof fen);
	sp = strchr(fen, ' ');
	sp = strchr(sp + 1, ' ');
	*sp = '\0';
	strcpy(out, fen);
}

static unsigned long long n_positions, n_moves;

/* The engine's and the naive moves of b, and each move's result. */
static void
compare_position(const struct board *b)
{
	struct nlist mine = { 0, 0, NULL }, theirs = { 0, 0, NULL };
	struct nb p;
	char key[FEN_MAX], want[FEN_MAX], fen[FEN_MAX];
	size_t n;
	move_t *all;

	n_positions++;
	engine_key(b, key);
	naive_read(&p, key, b->variant == VARIANT_MEGAPAWN);
	naive_gen(&p, &mine);
	all = movegen_all(b, &n);
	for (size_t i = 0; i < n; i++) {
		char t[MOVE_TEXT_MAX];
		notation_write(all[i], t, sizeof t);
		nl_add(&theirs, t);
	}
	qsort(mine.t, (size_t)mine.n, sizeof *mine.t, cmp_text);
	qsort(theirs.t, (size_t)theirs.n, sizeof *theirs.t, cmp_text);
	fen_write(b, fen, sizeof fen);
	if (mine.n != theirs.n)
		fail_msg("%s (%s): naive %d moves, engine %d", fen,
		    variant_name(b->variant), mine.n, theirs.n);
	for (int i = 0; i < mine.n; i++)
		if (strcmp(mine.t[i], theirs.t[i]) != 0)
			fail_msg("%s (%s): naive %s, engine %s", fen,
			    variant_name(b->variant), mine.t[i],
			    theirs.t[i]);
	/* Each move made by both. */
	for (size_t i = 0; i < n; i++) {
		struct board c = *b;
		struct nb q = p;
		char t[MOVE_TEXT_MAX];

		notation_write(all[i], t, sizeof t);
		board_make(&c, all[i], NULL);
		naive_make(&q, t);
		naive_key(&q, want);
		engine_key(&c, key);
		if (strcmp(key, want) != 0)
			fail_msg("%s (%s) after %s: naive %s, engine %s", fen,
			    variant_name(b->variant), t, want, key);
		n_moves++;
	}
	free(all);
	free(mine.t);
	free(theirs.t);
}

static void
compare_perft(const struct board *b, int depth)
{
	struct nb p;
	char key[FEN_MAX];
	uint64_t a, e;

	engine_key(b, key);
	naive_read(&p, key, b->variant == VARIANT_MEGAPAWN);
	a = naive_perft(&p, depth);
	e = perft(b, depth);
	if (a != e)
		fail_msg("%s (%s) perft %d: naive %llu, engine %llu", key,
		    variant_name(b->variant), depth, (unsigned long long)a,
		    (unsigned long long)e);
}

static void
setup(struct board *b, int variant, const char *fen)
{
	char err[160];

	if (fen_read_variant(b, variant, fen, strlen(fen), err, sizeof err))
		fail_msg("%s: %s", fen, err);
}

/* Starts rich in what differs: monkeys among enemies, islands, pawns at
 * the river, Megapawns, promotions. */
static const char *const congo_starts[] = {
	FEN_START,
	"7/2e1e2/1glzm2/2pMc2/1pppp2/2p1p2/3L3 w 0 1",
	"3l3/1PPPPP1/7/2mMm2/7/1ppppp1/3L3 w 0 1",
	"gmelecz/pp1p1pp/2p1p2/1P1P1P1/7/P1P1P1P/GMELECZ w 0 5",
	"3l1s1/1S3P1/2C1p2/CM1c1mc/2P4/1s3S1/2GL1z1 w 0 1",
};
static const char *const mega_starts[] = {
	FEN_START_MEGAPAWN,
	"ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE b 0 1",
	"3l1q1/1Q3P1/2C1p2/CM1c1mc/2P4/1q3P1/2GL1z1 w 0 1",
	"gmelecz/1pp1pp1/p5p/Pp1P1pP/1P3P1/7/GMELECZ w 0 1",
	"2cl1z1/1P1p1P1/1mQ1q2/pC3cP/1E1p3/3P1M1/2eL1G1 b 0 1",
};

static void
playouts(int variant, const char *const *starts, int nstarts, long games)
{
	for (long g = 0; g < games; g++) {
		struct board b;
		struct game gm;

		setup(&b, variant, starts[g % nstarts]);
		game_init(&gm, &b, NULL);
		for (int ply = 0; ply < 200 && !game_over(&gm); ply++) {
			const struct board *cur = game_board(&gm);
			size_t n;
			move_t *all;

			compare_position(cur);
			if (rng() % 40 == 0)
				compare_perft(cur, 3);
			all = movegen_all(cur, &n);
			if (n == 0) {
				free(all);
				break;
			}
			assert_int_equal(game_play(&gm, all[rng() % n], NULL,
			    0), 0);
			free(all);
		}
		game_free(&gm);
	}
}

static long
games_wanted(void)
{
	const char *v = getenv("CONGO_NAIVE_GAMES");

	return v != NULL && *v != '\0' ? strtol(v, NULL, 10) :
	    test_light_pick(20, 40, 150);
}

static void
test_playouts_congo(void **state)
{
	(void)state;
	rng_state = 20261122;
	n_positions = n_moves = 0;
	playouts(VARIANT_CONGO, congo_starts,
	    (int)(sizeof congo_starts / sizeof congo_starts[0]),
	    games_wanted());
	print_message("congo: %llu positions, %llu moves agree\n",
	    n_positions, n_moves);
	assert_true(n_positions > 1000);
}

static void
test_playouts_megapawn(void **state)
{
	(void)state;
	rng_state = 20261123;
	n_positions = n_moves = 0;
	playouts(VARIANT_MEGAPAWN, mega_starts,
	    (int)(sizeof mega_starts / sizeof mega_starts[0]),
	    games_wanted());
	print_message("megapawn: %llu positions, %llu moves agree\n",
	    n_positions, n_moves);
	assert_true(n_positions > 1000);
}

/* perft from the starts by both generators. */
static void
test_start_perft(void **state)
{
	struct board b;

	(void)state;
	setup(&b, VARIANT_CONGO, FEN_START);
	for (int d = 1; d <= 4; d++)
		compare_perft(&b, d);
	setup(&b, VARIANT_MEGAPAWN, FEN_START_MEGAPAWN);
	for (int d = 1; d <= 5; d++)
		compare_perft(&b, d);
}

/* The naive generator is not the engine's twin by accident: it sees what
 * the rules say in positions worked out by hand. */
static void
test_naive_by_hand(void **state)
{
	struct nb p;
	struct nlist l = { 0, 0, NULL };

	(void)state;
	naive_read(&p, "4l2/7/1P5/7/7/7/4L2 w", true);
	naive_gen(&p, &l);
	qsort(l.t, (size_t)l.n, sizeof *l.t, cmp_text);
	/* Lion e1: d1 d2 e2 (f-file is outside the castle) and e7 (the
	 * lions face each other); mPawn b5: a6 b6 c6, a5 c5. */
	assert_int_equal(l.n, 9);
	assert_string_equal(l.t[0], "b5a5");
	assert_string_equal(l.t[4], "b5c6");
	naive_read(&p, "4l2/7/1P5/7/7/7/4L2 w", false);
	naive_gen(&p, &l);
	qsort(l.t, (size_t)l.n, sizeof *l.t, cmp_text);
	assert_int_equal(l.n, 9);
	assert_string_equal(l.t[0], "b5a6");
	assert_string_equal(l.t[1], "b5b3");
	free(l.t);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_naive_by_hand),
	cmocka_unit_test(test_start_perft),
	cmocka_unit_test(test_playouts_congo),
	cmocka_unit_test(test_playouts_megapawn))
