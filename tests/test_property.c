/*
 * test_property.c: properties of the rules engine over thousands of random
 * games. At every ply:
 *  - the position is consistent (bitboards, mailbox, colour sets) and its
 *    incremental hash equals board_hash_compute;
 *  - fen_write then fen_read gives the same position, hash and counters
 *    (while both lions stand: a FEN needs them);
 *  - movegen_count, movegen_visit, movegen_all and movegen_legal agree;
 *  - every generated move is accepted by movegen_is_legal, its text reads
 *    back to it, and copy-make leaves the original untouched while the copy
 *    stays consistent;
 *  - mutated moves (a bit flipped, another square, a jump count) and random
 *    64- and 128-bit words are accepted by movegen_is_legal exactly when they are
 *    among the generated moves;
 *  - game_undo followed by game_redo gives back the position exactly.
 * Every fifth game is played in megapawn from its start.
 * CONGO_PROPERTY_GAMES (default 2000; 200 under CONGO_TEST_LIGHT) and CONGO_PROPERTY_SEED change the
 * run; a failure prints the seed, game and ply to replay it.
 */
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

#include "fuzz/fuzz_board.h"
#include "test_main.h"
#include "test_whole.h"

#define MAX_PLIES 300

static const char *const starts[] = {
	FEN_START,
	/* monkeys among enemies, the river, promotion squares */
	"4l2/7/4p2/7/2p4/1M5/4L2 w 3 1",
	"7/7/3lp2/5M1/2p4/7/2L4 w 0 1",
	"3l3/7/7/P6/pP5/M6/1z2L2 w 0 1",
	"3l3/5m1/2P1P2/7/7/7/4L2 b 0 1",
	"gmelecz/pp1p1pp/2p1p2/1P1P1P1/7/P1P1P1P/GMELECZ w 0 5",
	"3l3/1PPPPP1/7/2mMm2/7/1ppppp1/3L3 w 0 1",
	"7/2e1e2/1glzm2/2pMc2/1pppp2/2p1p2/3L3 w 0 1",
};

static uint64_t rng_state;
static unsigned long seed_used;
static int game_no, ply_no;
static unsigned long long n_positions, n_moves, n_mutants;

static uint64_t
rng(void)
{
	return splitmix64(&rng_state);
}

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		print_error("seed %lu, game %d, ply %d: ", seed_used,	\
		    game_no, ply_no);					\
		print_error(__VA_ARGS__);				\
		print_error("\n");					\
		fail();							\
	}								\
} while (0)

static int
cmp_move(const void *a, const void *b)
{
	move_t x = *(const move_t *)a, y = *(const move_t *)b;

	return x < y ? -1 : x > y;
}

static bool
in_set(const move_t *sorted, size_t n, move_t m)
{
	return bsearch(&m, sorted, n, sizeof m, cmp_move) != NULL;
}

struct visit_ctx {
	const move_t *sorted;
	size_t n, seen;
	bool outside;
};

static void
visit(void *arg, move_t m)
{
	struct visit_ctx *v = arg;

	v->seen++;
	if (!in_set(v->sorted, v->n, m))
		v->outside = true;
}

/* A move changed a little, as a careless or hostile caller might. */
static move_t
mutate(move_t m)
{
	switch (rng() % 5) {
	case 0:
		return m ^ ((move_t)1 << (rng() % 128));
	case 1:
		return (m & ~(move_t)0xfc0) | ((move_t)(rng() % 64) << 6);
	case 2:
		return (m & ~(move_t)0x3f) | (move_t)(rng() % 64);
	case 3:
		return (m & ~(move_t)0x3f000) | ((move_t)(rng() % 64) << 12);
	default:
		return m ^ (rng() & rng()) ^ ((move_t)(rng() & rng()) << 64);
	}
}

static void
check_fen(const struct board *b)
{
	char fen[FEN_MAX], again[FEN_MAX], err[160];
	struct board r;

	/* A FEN needs both lions (RULES.md): the end of a game after a
	 * lion capture has no FEN to read back. */
	if (board_lion_sq(b, WHITE) < 0 || board_lion_sq(b, BLACK) < 0)
		return;
	fen_write(b, fen, sizeof fen);
	CHECK(fen_read_variant(&r, b->variant, fen, strlen(fen), err,
	    sizeof err) == 0, "'%s' does not read back: %s", fen, err);
	CHECK(board_same_position(b, &r) && r.hash == b->hash &&
	    r.quiet == b->quiet && r.fullmove == b->fullmove,
	    "'%s' reads back as another position", fen);
	CHECK(memcmp(r.sq, b->sq, sizeof r.sq) == 0 &&
	    memcmp(r.pieces, b->pieces, sizeof r.pieces) == 0, "'%s'", fen);
	fen_write(&r, again, sizeof again);
	CHECK(strcmp(fen, again) == 0, "'%s' written again as '%s'", fen,
	    again);
}

/* Everything about one position; returns its moves (malloc'd). */
static move_t *
check_position(const struct board *b, size_t *np)
{
	static struct movelist ml;
	char text[MOVE_TEXT_MAX], err[160];
	struct visit_ctx v;
	const char *p;
	move_t *all, *sorted, back;
	size_t n, i;
	uint64_t count;

	n_positions++;
	p = fuzz_board_problem(b);
	CHECK(p == NULL, "%s", p);
	check_fen(b);

	all = movegen_all(b, &n);
	CHECK(all != NULL || n == 0, "movegen_all failed");
	sorted = malloc((n + 1) * sizeof *sorted);
	assert_non_null(sorted);
	if (n > 0)
		memcpy(sorted, all, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, cmp_move);
	for (i = 1; i < n; i++)
		CHECK(sorted[i] != sorted[i - 1], "a move generated twice");
	count = movegen_count(b);
	CHECK(count == n, "movegen_count %llu, movegen_all %zu",
	    (unsigned long long)count, n);
	v.sorted = sorted;
	v.n = n;
	v.seen = 0;
	v.outside = false;
	movegen_visit(b, visit, &v);
	CHECK(v.seen == n && !v.outside, "movegen_visit saw %zu moves (%s)",
	    v.seen, v.outside ? "some not generated" : "all generated");
	movegen_legal(b, &ml);
	CHECK(ml.truncated ? (size_t)ml.n < n : (size_t)ml.n == n,
	    "movegen_legal listed %d of %zu", ml.n, n);
	for (i = 0; i < (size_t)ml.n; i++)
		CHECK(in_set(sorted, n, ml.moves[i]), "a listed move is not "
		    "generated");

	for (i = 0; i < n; i++) {
		struct board saved = *b, child = *b;
		move_t m = all[i];

		n_moves++;
		CHECK(movegen_is_legal(b, m), "a generated move is not legal");
		notation_write(m, text, sizeof text);
		CHECK(notation_read(b, text, &back, err, sizeof err) == 0 &&
		    back == m, "'%s' does not read back: %s", text, err);
		board_make(&child, m, NULL);
		CHECK(memcmp(&saved, b, sizeof saved) == 0,
		    "making %s changed the original", text);
		p = fuzz_board_problem(&child);
		CHECK(p == NULL, "after %s: %s", text, p);
		CHECK(child.side != b->side, "after %s: same side to move",
		    text);
	}

	/* Mutated and random moves: legal exactly when generated. */
	for (i = 0; i < 16; i++) {
		move_t m = n > 0 && i < 12 ? mutate(all[rng() % n]) :
		    (i % 2 ? rng() : rng() | ((move_t)rng() << 64));
		bool want = in_set(sorted, n, m);

		n_mutants++;
		CHECK(movegen_is_legal(b, m) == want, "movegen_is_legal(%#llx:"
		    "%016llx) is %d, generated %d", (unsigned long long)(m >> 64),
		    (unsigned long long)m, !want, want);
	}
	free(sorted);
	*np = n;
	return all;
}

static void
play_game(int variant, const char *fen, int max_plies)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct board start, before;
	struct game g;
	char err[160];
	move_t *moves;
	size_t n;

	CHECK(fen_read_variant(&start, variant, fen, strlen(fen), err,
	    sizeof err) == 0, "%s: %s", fen, err);
	game_init(&g, &start, &rules);
	for (ply_no = 0; ply_no < max_plies && !game_over(&g); ply_no++) {
		moves = check_position(game_board(&g), &n);
		if (n == 0) {
			free(moves);
			break;
		}
		before = *game_board(&g);
		CHECK(game_play(&g, moves[rng() % n], err, sizeof err) == 0,
		    "game_play refused a generated move: %s", err);
		free(moves);
		if (rng() % 8 == 0) {
			struct board after = *game_board(&g);

			CHECK(game_undo(&g) == 0, "undo");
			CHECK(memcmp(game_board(&g), &before, sizeof before)
			    == 0, "undo did not restore the position");
			CHECK(game_redo(&g) == 0, "redo");
			CHECK(memcmp(game_board(&g), &after, sizeof after) == 0,
			    "redo did not give the position back");
		}
	}
	if (game_over(&g))
		free(check_position(game_board(&g), &n));
	game_free(&g);
}

static long
env_long(const char *name, long def)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? strtol(v, NULL, 10) : def;
}

static void
test_random_games(void **state)
{
	long games = env_long("CONGO_PROPERTY_GAMES",
	    test_light() ? 200 : 2000);
	int nstarts = (int)(sizeof starts / sizeof starts[0]);

	(void)state;
	board_init();
	seed_used = (unsigned long)env_long("CONGO_PROPERTY_SEED", 20261121);
	rng_state = seed_used;
	for (game_no = 0; game_no < games; game_no++) {
		/* Most games from the start; the others from positions rich
		 * in monkey jumps, river crossings and promotions. */
		const char *fen = game_no % 4 != 3 ? FEN_START :
		    starts[1 + (game_no / 4) % (nstarts - 1)];
		/* Every fifth game is megapawn's, from its start. */
		if (game_no % 5 == 4)
			play_game(VARIANT_MEGAPAWN, FEN_START_MEGAPAWN,
			    MAX_PLIES);
		else
			play_game(VARIANT_CONGO, fen, MAX_PLIES);
	}
	print_message("%ld games (seed %lu): %llu positions, %llu moves made "
	    "and checked, %llu mutated or random moves\n", games, seed_used,
	    n_positions, n_moves, n_mutants);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_random_games))
