/*
 * match_book.c: the fixed openings of `congo --match`. Each line is a few
 * plies from the start, drawn at random and kept only when a search of
 * the position after them finds it roughly balanced (|score| <= 50
 * centipawns at depth 9) and no lion can be taken at once; each is played
 * twice, colours swapped. The book was made with
 *   congo --match --make-book 300 --book-plies 6 --book-depth 9
 * (match_book_make below) and is compiled in (match_book.inc).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "util/util.h"

static const char *const book[] = {
#include "ai/match_book.inc"
};

#define BOOK_N ((int)(sizeof book / sizeof book[0]))

int
match_book_size(void)
{
	return BOOK_N;
}

int
match_book_play(int k, const struct game_rules *rules, struct game *g,
    char *err, size_t errlen)
{
	char line[256], *tok, *save = NULL, e[128];
	struct board start;

	fen_read(&start, FEN_START, NULL, 0);
	game_init(g, &start, rules);
	snprintf(line, sizeof line, "%s", book[k % BOOK_N]);
	for (tok = strtok_r(line, " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		if (game_play_text(g, tok, e, sizeof e) != 0) {
			snprintf(err, errlen, "opening %d ('%s'): %s",
			    k % BOOK_N + 1, book[k % BOOK_N], e);
			game_free(g);
			return -1;
		}
	}
	return 0;
}

int
match_book_make(int n, int plies, uint64_t seed, int depth)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	struct search_options o;
	struct search_limits l;
	struct search_ctx *ctx;
	struct movelist ml;
	struct vec seen = VEC_INIT(sizeof(uint64_t));
	uint64_t rng = splitmix64_mix(seed);
	int made = 0, tries = 0;

	search_options_default(&o);
	search_limits_default(&l);
	l.depth = depth;
	ctx = search_new(&o);
	if (ctx == NULL)
		fatal("out of memory for the search");
	while (made < n && tries < 100 * n) {
		struct board start;
		struct game g;
		char text[512] = "", mt[MOVE_TEXT_MAX];
		size_t len = 0, i;
		bool dup = false;
		struct search_info info;
		int ply;

		tries++;
		fen_read(&start, FEN_START, NULL, 0);
		game_init(&g, &start, &rules);
		for (ply = 0; ply < plies && !game_over(&g); ply++) {
			movegen_legal(game_board(&g), &ml);
			rng = splitmix64_mix(rng);
			game_play(&g, ml.moves[rng % (uint64_t)ml.n], NULL, 0);
			notation_write(g.moves[ply], mt, sizeof mt);
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%s%s", ply > 0 ? " " : "", mt);
		}
		if (game_over(&g) || movegen_attacks_lion(game_board(&g),
		    game_board(&g)->side)) {
			game_free(&g);
			continue;
		}
		for (i = 0; i < seen.len; i++)
			if (*(uint64_t *)vec_at(&seen, i) ==
			    game_board(&g)->hash)
				dup = true;
		if (!dup) {
			search_clear(ctx);
			search_best_move(ctx, game_board(&g), g.pos, g.nply,
			    &rules, &l, NULL, NULL);
			search_last_info(ctx, &info);
			if (info.kind == SEARCH_SCORE_CP &&
			    abs(info.score) <= 50) {
				*(uint64_t *)vec_push(&seen) =
				    game_board(&g)->hash;
				printf("\"%s\",  /* %+d */\n", text,
				    game_board(&g)->side == WHITE ?
				    info.score : -info.score);
				fflush(stdout);
				made++;
			}
		}
		game_free(&g);
	}
	search_free(ctx);
	vec_free(&seen);
	return made == n ? 0 : -1;
}
