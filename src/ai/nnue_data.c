/*
 * nnue_data.c: the network's training data. A file is a 16-byte header
 * (NNUE_DATA_MAGIC, the format version and the record size, little-endian)
 * then 48-byte records, one quiet position each:
 *
 *   0  occupied squares, 8 bytes (bit sq)
 *   8  the pieces of the occupied squares in square order, a byte each
 *      (colour * 9 + type), 0xFF past the last (at most 32 pieces)
 *   40 the search's score, int16, centipawns for the side to move
 *   42 the game's result for the side to move: 0 lost, 1 draw, 2 won
 *   43 side to move | variant << 1 | 0x80 when the score is the tables'
 *   44 the quiet-ply count, uint32
 *
 * `congo --gen-data` (nnue_gen_run) plays them: self-play at a fixed node
 * count from varied openings (the match book's lines and random plies
 * after them; megapawn from random plies), every worker a search of its
 * own; a position is kept when neither lion can be taken, the move played
 * is not a capture or promotion, the side to move has nothing in the
 * river and the score is not a forced win; endings in the tables get the
 * tables' value, and end the game there.
 */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "ai/nnue.h"
#include "ai/search_internal.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "tb/tb.h"
#include "util/util.h"

#define GEN_SCORE_MAX 3000   /* scores clamped to this */
#define GEN_TB_SCORE 2000    /* a won ending in the tables */
#define GEN_MAX_PLIES 400    /* then a draw */
#define GEN_WIN_SCORE 1200   /* both sides see this: adjudicated won */
#define GEN_WIN_PLIES 8
#define GEN_DRAW_PLY 120     /* from here, a long level run is a draw */
#define GEN_DRAW_SCORE 12
#define GEN_DRAW_PLIES 24

static void
put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static unsigned
get16(const uint8_t *p)
{
	return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static void
put32(uint8_t *p, uint32_t v)
{
	put16(p, v & 0xFFFF);
	put16(p + 2, v >> 16);
}

static uint32_t
get32(const uint8_t *p)
{
	return (uint32_t)get16(p) | (uint32_t)get16(p + 2) << 16;
}

void
nnue_data_header(uint8_t out[NNUE_DATA_HEADER])
{
	memcpy(out, NNUE_DATA_MAGIC, 8);
	put32(out + 8, NNUE_DATA_VERSION);
	put32(out + 12, NNUE_RECORD_SIZE);
}

int
nnue_data_check_header(const uint8_t in[NNUE_DATA_HEADER])
{
	if (memcmp(in, NNUE_DATA_MAGIC, 8) != 0 ||
	    get32(in + 8) != NNUE_DATA_VERSION ||
	    get32(in + 12) != NNUE_RECORD_SIZE)
		return -1;
	return 0;
}

int
nnue_record_encode(const struct nnue_sample *s, uint8_t out[NNUE_RECORD_SIZE])
{
	const struct board *b = &s->pos;
	bb_t occ = (b->occ[WHITE] | b->occ[BLACK]) & BB_ALL;
	int n = 0, score = s->score;

	if (bb_popcount(occ) > 32)
		return -1;
	memset(out, 0, NNUE_RECORD_SIZE);
	for (int i = 0; i < 8; i++)
		out[i] = (uint8_t)(occ >> (8 * i));
	memset(out + 8, 0xFF, 32);
	for (bb_t x = occ; x; x &= x - 1) {
		uint8_t p = b->sq[__builtin_ctzll(x)];

		out[8 + n++] = (uint8_t)(PIECE_COLOR(p) * NPIECE_TYPES +
		    PIECE_TYPE(p));
	}
	if (score > GEN_SCORE_MAX)
		score = GEN_SCORE_MAX;
	if (score < -GEN_SCORE_MAX)
		score = -GEN_SCORE_MAX;
	put16(out + 40, (unsigned)(uint16_t)(int16_t)score);
	out[42] = (uint8_t)(s->result + 1);
	out[43] = (uint8_t)(b->side | b->variant << 1 | (s->tb ? 0x80 : 0));
	put32(out + 44, b->quiet);
	return 0;
}

int
nnue_record_decode(const uint8_t in[NNUE_RECORD_SIZE], struct nnue_sample *s)
{
	bb_t occ = 0;
	int n = 0, variant = (in[43] >> 1) & 0x3F;

	for (int i = 0; i < 8; i++)
		occ |= (bb_t)in[i] << (8 * i);
	if ((occ & ~BB_ALL) != 0 || bb_popcount(occ) > 32 ||
	    variant >= NVARIANTS || in[42] > 2)
		return -1;
	board_clear(&s->pos);
	board_set_variant(&s->pos, variant);
	for (bb_t x = occ; x; x &= x - 1) {
		int code = in[8 + n++];

		if (code >= 2 * NPIECE_TYPES)
			return -1;
		board_put(&s->pos, __builtin_ctzll(x),
		    PIECE_MAKE(code / NPIECE_TYPES, code % NPIECE_TYPES));
	}
	s->pos.side = in[43] & 1;
	if (s->pos.side == BLACK)
		s->pos.hash ^= board_zobrist_side;
	s->pos.quiet = get32(in + 44);
	s->score = (int16_t)get16(in + 40);
	s->result = in[42] - 1;
	s->tb = (in[43] & 0x80) != 0;
	return 0;
}

/* ---- self-play ---- */

struct gen {
	const struct nnue_gen_options *o;
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
gen_opening(const struct nnue_gen_options *o, int k, struct game *g,
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
	const struct nnue_gen_options *o = gn->o;
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
	const struct nnue_gen_options *o = gn->o;
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
nnue_gen_options_default(struct nnue_gen_options *o)
{
	*o = (struct nnue_gen_options){
		.variant = VARIANT_CONGO,
		.games = 100,
		.nodes = 5000,
		.threads = 1,
		.seed = 1,
		.hash_mb = 8,
	};
}

int
nnue_gen_run(const struct nnue_gen_options *o)
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
