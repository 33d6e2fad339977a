/*
 * match_play.c: the games of `congo --match`. Workers take games in turn;
 * game 2k and 2k+1 start from the same seeded random opening with the
 * colours swapped. Every move goes through game_play, so the rules engine
 * checks it; a player that returns no move or an illegal one loses that
 * game and the error is reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match_internal.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "util/util.h"

volatile sig_atomic_t match_interrupted;

static uint64_t
mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

/* The opening of pair k: opening_plies uniformly random legal moves from
 * the start, drawn again while the game ends inside the opening or leaves
 * a lion that the side to move can take at once (that would decide the
 * game by the dice, not by the players). */
static void
make_opening(const struct match *m, int k, struct game *g,
    struct movelist *ml)
{
	struct board start;
	uint64_t rng = mix(m->cfg.seed ^ mix((uint64_t)k + 1));
	int attempt, ply;

	fen_read_variant(&start, m->cfg.variant,
	    variant_start_fen(m->cfg.variant),
	    strlen(variant_start_fen(m->cfg.variant)), NULL, 0);
	for (attempt = 0;; attempt++) {
		game_init(g, &start, &m->cfg.rules);
		for (ply = 0; ply < m->cfg.opening_plies && !game_over(g); ply++) {
			movegen_legal(game_board(g), ml);
			rng = mix(rng);
			game_play(g, ml->moves[rng % (uint64_t)ml->n], NULL, 0);
		}
		if (attempt > 1000 || (!game_over(g) &&
		    !movegen_attacks_lion(game_board(g), game_board(g)->side)))
			return;
		game_free(g);
	}
}

/* Play game i; returns -1 when interrupted (the game does not count). */
static int
play_game(struct match *m, int i, struct search_ctx *ctx[2],
    struct movelist *ml)
{
	struct match_game *mg = &m->game[i];
	struct game *g = &mg->g;
	int start_ply, p, side;
	enum game_result r;

	mg->a_white = i % 2 == 0;
	make_opening(m, i / 2, g, ml);
	for (p = 0; p < 2; p++) {
		struct search_options o = m->cfg.player[p].options;

		/* random players draw a fresh stream every game */
		if (o.algorithm == SEARCH_RANDOM) {
			o.seed = mix(o.seed ^ mix((uint64_t)i));
			search_set_options(ctx[p], &o);
		}
		search_clear(ctx[p]);
	}
	start_ply = g->nply;
	while (!game_over(g)) {
		const struct board *b = game_board(g);
		char err[128], text[MOVE_TEXT_MAX];
		move_t mv;

		if (match_interrupted)
			return -1;
		if (g->nply - start_ply >= m->cfg.max_plies) {
			game_agree_draw(g);
			mg->adjudicated = true;
			break;
		}
		side = b->side;
		p = (side == WHITE) == mg->a_white ? 0 : 1;
		mv = search_best_move(ctx[p], b, g->pos, g->nply, &m->cfg.rules,
		    &m->cfg.player[p].limits, NULL, NULL);
		if (mv == MOVE_NONE) {
			snprintf(mg->error, sizeof mg->error, "%s returned no "
			    "move at ply %d of game %d", m->cfg.player[p].text,
			    g->nply + 1, i + 1);
			game_resign(g, side);
			break;
		}
		if (game_play(g, mv, err, sizeof err) != 0) {
			notation_write(mv, text, sizeof text);
			snprintf(mg->error, sizeof mg->error, "%s played %s at "
			    "ply %d of game %d: %s", m->cfg.player[p].text, text,
			    g->nply + 1, i + 1, err);
			game_resign(g, side);
			break;
		}
	}
	r = g->result;
	mg->plies = g->nply;
	if (r == RESULT_DRAW)
		mg->a_score = 0.5;
	else
		mg->a_score = (r == RESULT_WHITE_WINS) == mg->a_white ? 1.0 : 0.0;
	mg->done = true;
	return 0;
}

static void
report(struct match *m, int i)
{
	struct match_game *mg = &m->game[i];
	const struct match_config *c = &m->cfg;
	const char *white = c->player[mg->a_white ? 0 : 1].text;
	const char *black = c->player[mg->a_white ? 1 : 0].text;
	const char *res = mg->g.result == RESULT_WHITE_WINS ? "1-0" :
	    mg->g.result == RESULT_BLACK_WINS ? "0-1" : "1/2-1/2";
	int n = m->win + m->draw + m->loss;

	if (mg->a_score == 1.0)
		m->win++;
	else if (mg->a_score == 0.5)
		m->draw++;
	else
		m->loss++;
	if (mg->a_white) {
		if (mg->a_score == 1.0)
			m->white_win++;
		else if (mg->a_score == 0.5)
			m->white_draw++;
		else
			m->white_loss++;
	}
	m->finished++;
	n++;
	if (mg->error[0] != '\0') {
		m->errors++;
		fprintf(stderr, "congo: error: %s\n", mg->error);
	}
	if (c->quiet)
		return;
	printf("[%d/%d] game %d: %s - %s %s (%s, %d plies)  A: +%d =%d -%d "
	    "(%.1f%%)\n", m->finished, c->games, i + 1, white, black, res,
	    mg->adjudicated ? "adjudicated" :
	    game_reason_name(mg->g.reason), mg->plies, m->win, m->draw,
	    m->loss, 100.0 * (m->win + 0.5 * m->draw) / n);
	fflush(stdout);
}

static void *
worker(void *arg)
{
	struct match *m = arg;
	struct search_ctx *ctx[2];
	struct movelist *ml = xmalloc(sizeof *ml);
	int p, i;

	/* the players' weights were checked by search_player_parse */
	ctx[0] = search_new(&m->cfg.player[0].options);
	ctx[1] = search_new(&m->cfg.player[1].options);
	if (ctx[0] == NULL || ctx[1] == NULL)
		fatal("a match player's evaluation weights are not valid");
	for (;;) {
		pthread_mutex_lock(&m->lock);
		i = match_interrupted ? m->cfg.games : m->next++;
		pthread_mutex_unlock(&m->lock);
		if (i >= m->cfg.games)
			break;
		if (play_game(m, i, ctx, ml) != 0)
			break;
		pthread_mutex_lock(&m->lock);
		report(m, i);
		pthread_mutex_unlock(&m->lock);
	}
	for (p = 0; p < 2; p++)
		search_free(ctx[p]);
	free(ml);
	return NULL;
}

int
match_run(struct match *m)
{
	pthread_t tid[64];
	pthread_attr_t attr;
	int i, n = 0;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 32u << 20);
	for (i = 0; i < m->cfg.concurrency && i < 64; i++) {
		if (pthread_create(&tid[n], &attr, worker, m) != 0) {
			fprintf(stderr, "congo: cannot start match worker %d\n",
			    i + 1);
			break;
		}
		n++;
	}
	pthread_attr_destroy(&attr);
	for (i = 0; i < n; i++)
		pthread_join(tid[i], NULL);
	return n > 0 ? 0 : -1;
}
