/*
 * match_book_make.c: `congo --make-book`, a decisive book. Openings are
 * drawn as random playouts of a fixed number of plies from the variant's
 * start (a seeded generator: the same seed, the same candidates), each
 * searched from scratch by one thread to a fixed depth or node count, so
 * that neither the machine's speed nor its load changes what is kept; an
 * opening is kept when the searched score is within the window for one
 * side (lo <= |White's score| <= hi centipawns), no lion can be taken at
 * once and its position is not already in the book. The match runner
 * plays each opening from both sides (games 2k-1 and 2k), so the pair
 * cancels the bias and what is left is a position that is decided more
 * often than a balanced one: the chess testing frameworks' unbalanced
 * books. The format is match_book_file.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "util/util.h"

void
book_make_options_default(struct book_make_options *o)
{
	memset(o, 0, sizeof *o);
	o->count = 100;
	o->plies = 8;
	o->depth = 6;
	o->lo = 60;
	o->hi = 150;
	o->seed = 1;
}

/* White's score of the position after g at the options' depth or nodes,
 * from a cleared search; false when it is not a centipawn score. */
static bool
white_score(struct search_ctx *ctx, const struct book_make_options *o,
    const struct game *g, int *score)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct search_limits l;
	struct search_info info;

	search_limits_default(&l);
	if (o->nodes > 0)
		l.nodes = (uint64_t)o->nodes;
	else
		l.depth = o->depth;
	search_clear(ctx);
	search_best_move(ctx, game_board(g), g->pos, g->nply, &rules, &l, NULL,
	    NULL);
	search_last_info(ctx, &info);
	if (info.kind != SEARCH_SCORE_CP)
		return false;
	*score = game_board(g)->side == WHITE ? info.score : -info.score;
	return true;
}

static bool
in_window(const struct book_make_options *o, int score)
{
	return abs(score) >= o->lo && abs(score) <= o->hi;
}

static struct search_ctx *
book_search_new(void)
{
	struct search_options so;
	struct search_ctx *ctx;

	search_options_default(&so);
	so.threads = 1;
	ctx = search_new(&so);
	if (ctx == NULL)
		fatal("out of memory for the search");
	return ctx;
}

/* Draw candidate number `tries` (its own stream of the seed): plies
 * random legal moves from the start, their text in text. false when the
 * game ended inside it or a lion can be taken at once. */
static bool
candidate(const struct book_make_options *o, uint64_t tries, struct game *g,
    struct movelist *ml, char *text, size_t n)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	const char *fen = variant_start_fen(o->variant);
	uint64_t rng = splitmix64_mix(o->seed ^ splitmix64_mix(tries + 1));
	struct board start;
	char mt[MOVE_TEXT_MAX];
	size_t len = 0;
	int ply;

	fen_read_variant(&start, o->variant, fen, strlen(fen), NULL, 0);
	game_init(g, &start, &rules);
	text[0] = '\0';
	for (ply = 0; ply < o->plies && !game_over(g); ply++) {
		movegen_legal(game_board(g), ml);
		rng = splitmix64_mix(rng);
		game_play(g, ml->moves[rng % (uint64_t)ml->n], NULL, 0);
		notation_write(g->moves[ply], mt, sizeof mt);
		len += (size_t)snprintf(text + len, n - len, "%s%s",
		    ply > 0 ? " " : "", mt);
	}
	return !game_over(g) && !movegen_attacks_lion(game_board(g),
	    game_board(g)->side);
}

static bool
seen(const struct vec *v, uint64_t hash)
{
	for (size_t i = 0; i < v->len; i++)
		if (*(const uint64_t *)vec_at(v, i) == hash)
			return true;
	return false;
}

int
book_make_run(const struct book_make_options *o, const char *command,
    FILE *out)
{
	struct search_ctx *ctx = book_search_new();
	struct movelist *ml = xmalloc(sizeof *ml);
	struct vec hashes = VEC_INIT(sizeof(uint64_t));
	uint64_t tries, max = o->max_tries > 0 ? (uint64_t)o->max_tries :
	    200u * (uint64_t)o->count;
	int made = 0, score;

	fprintf(out, "# %s\n# variant %s\n# %d openings of %d random plies, "
	    "kept when %d <= |White's score| <= %d at %s %lld (seed %llu)\n",
	    command, variant_name(o->variant), o->count, o->plies, o->lo, o->hi,
	    o->nodes > 0 ? "nodes" : "depth", o->nodes > 0 ?
	    (long long)o->nodes : (long long)o->depth,
	    (unsigned long long)o->seed);
	for (tries = 0; made < o->count && tries < max; tries++) {
		char text[1024];
		struct game g;

		if (candidate(o, tries, &g, ml, text, sizeof text) &&
		    !seen(&hashes, game_board(&g)->hash) &&
		    white_score(ctx, o, &g, &score) && in_window(o, score)) {
			*(uint64_t *)vec_push(&hashes) = game_board(&g)->hash;
			fprintf(out, "%s  # %+d\n", text, score);
			made++;
			if (o->progress && made % 50 == 0)
				fprintf(stderr, "congo: --make-book: %d of %d "
				    "(%llu drawn)\n", made, o->count,
				    (unsigned long long)tries + 1);
		}
		game_free(&g);
	}
	fflush(out);
	search_free(ctx);
	free(ml);
	vec_free(&hashes);
	if (made < o->count) {
		fprintf(stderr, "congo: --make-book: %d openings in the window "
		    "of %llu drawn, not %d\n", made, (unsigned long long)tries,
		    o->count);
		return -1;
	}
	return ferror(out) ? -1 : 0;
}

int
book_make_verify(const struct book_make_options *o,
    const struct match_book *bk, FILE *out)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct search_ctx *ctx = book_search_new();
	char err[256];
	int i, bad = 0, score;

	for (i = 0; i < bk->n; i++) {
		struct game g;

		if (match_book_line_play(bk->line[i], o->variant, &rules, &g,
		    err, sizeof err) != 0) {
			fprintf(out, "opening %d: %s\n", i + 1, err);
			bad++;
			continue;
		}
		if (!white_score(ctx, o, &g, &score)) {
			fprintf(out, "opening %d (%s): no centipawn score\n",
			    i + 1, bk->line[i]);
			bad++;
		} else if (!in_window(o, score)) {
			fprintf(out, "opening %d (%s): %+d, outside %d..%d\n",
			    i + 1, bk->line[i], score, o->lo, o->hi);
			bad++;
		}
		game_free(&g);
	}
	search_free(ctx);
	return bad;
}
