/*
 * gen_data.c: `congo --gen-data` (gen_data_run), the learned evaluation's
 * training data (nn/nnue.h's records): self-play at a fixed node count
 * from varied openings (the match book's lines and random plies after
 * them; megapawn from random plies), every worker a search of its own; a
 * position is kept when neither lion can be taken, the move played is not
 * a capture or promotion, the side to move has nothing in the river and
 * the score is not a forced win; endings in the tables get the tables'
 * value, and end the game there.
 */

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/gen_data.h"
#include "ai/match.h"
#include "ai/search_internal.h"
#include "nn/nnue.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "tb/tb.h"
#include "util/util.h"

#define GEN_TB_SCORE 2000    /* a won ending in the tables */
#define GEN_MAX_PLIES 400    /* then a draw */
#define GEN_WIN_SCORE 1200   /* both sides see this: adjudicated won */
#define GEN_WIN_PLIES 8
#define GEN_DRAW_PLY 120     /* from here, a long level run is a draw */
#define GEN_DRAW_SCORE 12
#define GEN_DRAW_PLIES 24

/* ---- self-play ---- */

struct gen {
	const struct gen_data_options *o;
	FILE *out;
	pthread_mutex_t lock;
	int next;
	int done;
	uint64_t positions;
	int wins[3];          /* White won, draw, Black won */
	int64_t start_ms;
	bool failed;
};

static void
gen_opening(const struct gen_data_options *o, int k, struct game *g,
    struct movelist *ml)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	uint64_t rng = splitmix64_mix(o->seed ^ splitmix64_mix((uint64_t)k + 1));
	char err[256];
	struct board start;
	int extra, attempt;

	for (attempt = 0;; attempt++) {
		if (o->variant == VARIANT_CONGO) {
			match_book_play(k, &rules, g, err, sizeof err);
			extra = 1 + (int)(splitmix64(&rng) % 4);
		} else {
			const char *fen = variant_start_fen(o->variant);

			fen_read_variant(&start, o->variant, fen, strlen(fen),
			    NULL, 0);
			game_init(g, &start, &rules);
			extra = 6 + (int)(splitmix64(&rng) % 5);
		}
		for (int i = 0; i < extra && !game_over(g); i++) {
			movegen_legal(game_board(g), ml);
			game_play(g, ml->moves[splitmix64(&rng) %
			    (uint64_t)ml->n], NULL, 0);
		}
		if (attempt > 100 || (!game_over(g) &&
		    !movegen_attacks_lion(game_board(g), game_board(g)->side)))
			return;
		game_free(g);
	}
}

static bool
gen_quiet(const struct board *b, move_t m)
{
	return !search_is_tactical(b, m) && !movegen_attacks_lion(b, WHITE) &&
	    !movegen_attacks_lion(b, BLACK) &&
	    (b->occ[b->side] & board_deep[b->variant] &
	    ~b->pieces[b->side][CROCODILE]) == 0;
}

/* One game: its samples in *v (results filled in), its result for White
 * (1, 0, -1). */
static int
gen_game(struct gen *gn, struct search_ctx *ctx, int k, struct vec *v,
    struct movelist *ml)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	const struct gen_data_options *o = gn->o;
	struct search_limits l;
	struct search_info info;
	struct game g;
	int white = 0, level = 0, big = 0, last_sign = 0;
	bool decided = false;

	search_clear(ctx);
	search_limits_default(&l);
	l.nodes = (uint64_t)o->nodes;
	gen_opening(o, k, &g, ml);
	while (!game_over(&g) && g.nply < GEN_MAX_PLIES) {
		const struct board *b = game_board(&g);
		struct nnue_sample *s;
		struct tb_result tr;
		move_t m;
		int score;

		if (tb_probe(b, &tr) == 0) {
			s = vec_push(v);
			s->pos = *b;
			s->score = tr.wdl * GEN_TB_SCORE;
			s->tb = true;
			white = b->side == WHITE ? tr.wdl : -tr.wdl;
			decided = true;
			break;
		}
		m = search_best_move(ctx, b, g.pos, g.nply, &rules, &l, NULL,
		    NULL);
		if (m == MOVE_NONE)
			break;
		search_last_info(ctx, &info);
		score = info.kind == SEARCH_SCORE_CP ? info.score :
		    info.kind == SEARCH_SCORE_WIN ? SEARCH_WIN : -SEARCH_WIN;
		if (info.kind == SEARCH_SCORE_CP && gen_quiet(b, m)) {
			s = vec_push(v);
			s->pos = *b;
			s->score = score;
			s->tb = false;
		}
		/* adjudication: both sides agree one has won, or a long
		 * level stretch late in the game */
		{
			int ws = b->side == WHITE ? score : -score;
			int sign = ws >= GEN_WIN_SCORE ? 1 :
			    ws <= -GEN_WIN_SCORE ? -1 : 0;

			big = sign != 0 && sign == last_sign ? big + 1 :
			    sign != 0;
			last_sign = sign;
			level = g.nply >= GEN_DRAW_PLY && abs(score) <=
			    GEN_DRAW_SCORE ? level + 1 : 0;
			if (big >= GEN_WIN_PLIES) {
				white = sign;
				decided = true;
				break;
			}
			if (level >= GEN_DRAW_PLIES) {
				decided = true;
				white = 0;
				break;
			}
		}
		game_play(&g, m, NULL, 0);
	}
	if (!decided)
		white = g.result == RESULT_WHITE_WINS ? 1 :
		    g.result == RESULT_BLACK_WINS ? -1 : 0;
	game_free(&g);
	for (size_t i = 0; i < v->len; i++) {
		struct nnue_sample *s = vec_at(v, i);

		s->result = s->pos.side == WHITE ? white : -white;
	}
	return white;
}

static void
gen_progress(struct gen *gn)
{
	int64_t ms = util_now_ms() - gn->start_ms;
	double rate = ms > 0 ? (double)gn->positions * 1000.0 / (double)ms : 0;
	int width = 30, fill = gn->done * width / gn->o->games;
	double eta = gn->done > 0 ? (double)ms / gn->done *
	    (gn->o->games - gn->done) / 1000.0 : 0;

	if (gn->o->quiet)
		return;
	fprintf(stderr, "\r[%.*s%*s] games %d/%d  positions %llu  %.0f/s  "
	    "+%d =%d -%d  eta %.0fs ", fill, "##############################",
	    width - fill, "", gn->done, gn->o->games,
	    (unsigned long long)gn->positions, rate, gn->wins[0], gn->wins[1],
	    gn->wins[2], eta);
	fflush(stderr);
}

static void *
gen_worker(void *arg)
{
	struct gen *gn = arg;
	const struct gen_data_options *o = gn->o;
	struct search_options so;
	struct search_ctx *ctx;
	struct movelist *ml = xmalloc(sizeof *ml);
	struct vec v = VEC_INIT(sizeof(struct nnue_sample));
	uint8_t rec[NNUE_RECORD_SIZE];

	search_options_default(&so);
	so.hash_mb = o->hash_mb;
	so.threads = 1;
	/* without a network named, the hand-made evaluation: never the
	 * installed network the options would pick by default */
	so.use_nnue = o->eval_file != NULL;
	if (o->eval_file != NULL)
		snprintf(so.eval_file, sizeof so.eval_file, "%s", o->eval_file);
	ctx = search_new(&so);
	for (;;) {
		int k, w;

		pthread_mutex_lock(&gn->lock);
		k = gn->next < o->games && !gn->failed ? gn->next++ : -1;
		pthread_mutex_unlock(&gn->lock);
		if (k < 0)
			break;
		vec_clear(&v);
		w = gen_game(gn, ctx, k, &v, ml);
		pthread_mutex_lock(&gn->lock);
		for (size_t i = 0; i < v.len; i++) {
			if (nnue_record_encode(vec_at(&v, i), rec) != 0)
				continue;
			if (fwrite(rec, sizeof rec, 1, gn->out) != 1)
				gn->failed = true;
			else
				gn->positions++;
		}
		gn->done++;
		gn->wins[1 - w]++;
		gen_progress(gn);
		pthread_mutex_unlock(&gn->lock);
	}
	vec_free(&v);
	search_free(ctx);
	free(ml);
	return NULL;
}

void
gen_data_options_default(struct gen_data_options *o)
{
	*o = (struct gen_data_options){
		.variant = VARIANT_CONGO,
		.games = 100,
		.nodes = 5000,
		.threads = 1,
		.seed = 1,
		.hash_mb = 8,
	};
}

int
gen_data_run(const struct gen_data_options *o)
{
	struct gen gn;
	pthread_t tid[64];
	uint8_t head[NNUE_DATA_HEADER];
	int n = o->threads < 1 ? 1 : o->threads > 64 ? 64 : o->threads, i;

	memset(&gn, 0, sizeof gn);
	gn.o = o;
	if ((gn.out = fopen(o->out, "wb")) == NULL) {
		fprintf(stderr, "congo: --gen-data: cannot write %s: %s\n",
		    o->out, strerror(errno));
		return 1;
	}
	nnue_data_header(head);
	if (fwrite(head, sizeof head, 1, gn.out) != 1)
		gn.failed = true;
	pthread_mutex_init(&gn.lock, NULL);
	gn.start_ms = util_now_ms();
	for (i = 0; i < n; i++)
		if (pthread_create(&tid[i], NULL, gen_worker, &gn) != 0)
			fatal("cannot start a thread");
	for (i = 0; i < n; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&gn.lock);
	if (fclose(gn.out) != 0)
		gn.failed = true;
	if (!o->quiet)
		fputc('\n', stderr);
	if (gn.failed) {
		fprintf(stderr, "congo: --gen-data: writing %s failed\n", o->out);
		return 1;
	}
	printf("%d games, %llu positions in %s (%.1f s); White +%d =%d -%d\n",
	    gn.done, (unsigned long long)gn.positions, o->out,
	    (double)(util_now_ms() - gn.start_ms) / 1000.0, gn.wins[0],
	    gn.wins[1], gn.wins[2]);
	return 0;
}
