/*
 * learn_make.c: `congo --make-puzzles`: self-play games by the AI (with a
 * share of random moves, so that lions fall in many ways), every position
 * of the game's last plies proved by the prover; a position where the
 * side to move wins the lion within N and exactly one first move does so
 * is printed as a puzzle line (congo(6), LEARNING). Its options are read
 * by src/cli/cli_puzzles.c.
 */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "learn/learn.h"
#include "tb/tb.h"
#include "util/util.h"


static volatile sig_atomic_t interrupted;

static void
on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

void
learn_make_defaults(struct learn_make_opts *o)
{
	memset(o, 0, sizeof *o);
	o->games = 20;
	o->nmax = LEARN_PUZZLE_NMAX;
	o->tail = 12;
	o->noise = 15;
	o->seed = 1;
	o->limit = 3000000;
	o->player = "alphabeta:depth=3";
	strcpy(o->variant, "congo");
}

static int
cmp_char(const void *a, const void *b)
{
	return *(const char *)a - *(const char *)b;
}

/* Prove one position; print it if it is a puzzle. Returns 1 if printed. */
static int
try_position(const struct learn_make_opts *o, struct learn_prover *pv,
    const struct board *pos, struct vec *keys, int *count)
{
	struct board b = *pos;
	struct learn_proof pf;
	struct learn_puzzle p;
	char line[1200], key[17];
	int i;

	if (movegen_attacks_lion(&b, !b.side))
		return 0;   /* the defender could take the lion: not reached */
	b.quiet = 0;
	b.fullmove = 1;
	if (learn_prove_puzzle(pv, &b, o->nmax, &pf) != PROOF_YES ||
	    pf.nwinning != 1 || pf.nline != 2 * pf.n - 1)
		return 0;
	memset(&p, 0, sizeof p);
	strcpy(p.variant, o->variant);
	fen_write(&b, p.fen, sizeof p.fen);
	learn_puzzle_key(&p, key);
	if (vec_find_str(keys, key) >= 0)
		return 0;
	strcpy(vec_push(keys), key);
	p.n = pf.n;
	p.nline = pf.nline;
	for (i = 0; i < pf.nline; i++)
		notation_write(pf.line[i], p.moves[i], sizeof p.moves[i]);
	snprintf(p.theme, sizeof p.theme, "%s", pf.theme);
	learn_puzzle_format(&p, line, sizeof line);
	printf("%s\n", line);
	fflush(stdout);
	count[p.n]++;
	return 1;
}

static void guise_key(const char *variant, const struct board *b, bool turn,
    bool mirror, char key[17]);

/* The earlier puzzle of keys (one a line: 4 guises) that p repeats in
 * another guise (turned, mirrored), or -1. */
static int
repeats_guise(const struct learn_puzzle *p, struct vec *keys,
    struct vec *lines)
{
	struct board b;
	char key[4][17], err[160];
	int v = variant_parse(p->variant), g;

	if (v < 0 || fen_read_variant(&b, v, p->fen, strlen(p->fen), err,
	    sizeof err) != 0)
		return -1;
	for (g = 0; g < 4; g++)
		guise_key(p->variant, &b, g & 1, g & 2, key[g]);
	for (size_t i = 0; i < keys->len; i++)
		for (g = 0; g < 4; g++)
			if (strcmp(vec_at(keys, i), key[g]) == 0)
				return *(int *)vec_at(lines, i);
	strcpy(vec_push(keys), key[0]);
	*(int *)vec_push(lines) = p->line;
	return -1;
}

/* --verify FILE: every puzzle proved, and none the same position as
 * another with colours swapped or mirrored; 0 when all hold. */
static int
verify_file(const char *path)
{
	struct vec pz = VEC_INIT(sizeof(struct learn_puzzle));
	struct vec keys = VEC_INIT(17), lines = VEC_INIT(sizeof(int));
	struct learn_prover *pv;
	char err[LEARN_ERR_MAX];
	size_t i;
	int bad = 0;

	if (learn_puzzles_read(&pz, path, err, sizeof err) != 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	pv = learn_prover_new(20);
	for (i = 0; i < pz.len; i++) {
		const struct learn_puzzle *p = vec_at(&pz, i);
		int same = repeats_guise(p, &keys, &lines);

		if (learn_puzzle_verify(pv, p, err, sizeof err) != 0) {
			fprintf(stderr, "congo: %s:%d: %s\n", path, p->line, err);
			bad++;
		} else if (same >= 0) {
			fprintf(stderr, "congo: %s:%d: the position of line %d "
			    "with colours swapped or mirrored\n", path, p->line,
			    same);
			bad++;
		}
	}
	vec_free(&keys);
	vec_free(&lines);
	printf("%zu puzzles, %zu proved, %d failed\n", pz.len,
	    pz.len - (size_t)bad, bad);
	learn_prover_free(pv);
	vec_free(&pz);
	return bad > 0 ? 1 : 0;
}

/* ---- --from-tablebases ---- */

/* The best candidate of one ending. */
struct tb_cand {
	char ending[16];       /* its pieces' letters, sorted */
	struct board b;
	int score;
};

struct tb_pick {
	int plies;
	struct vec best;       /* struct tb_cand, one an ending */
	uint64_t seen;
};

/* The moves of the side to move in b that win within plies (a lion
 * capture, or a child lost within plies - 1); the last one in *m. */
static int
winning_moves(const struct board *b, int plies, move_t *m, bool *quiet)
{
	struct movelist ml;
	int n = 0;

	movegen_legal(b, &ml);
	for (int k = 0; k < ml.n; k++) {
		struct board c = *b;
		struct move_effects fx;
		struct tb_result r;

		board_make(&c, ml.moves[k], &fx);
		if (fx.lion_captured || (tb_probe(&c, &r) == 0 &&
		    r.wdl == TB_LOSS && r.plies <= plies - 1)) {
			n++;
			*m = ml.moves[k];
			if (quiet != NULL)
				*quiet = fx.ncaptured == 0 && fx.ndrowned == 0 &&
				    !fx.promoted;
		}
	}
	return n;
}

/*
 * How instructive a win is: 2 for each of the solver's moves that is the
 * only one winning in time (the defence the longest), 1 more for a quiet
 * first move. -1 when the first move is not unique.
 */
static int
instructive(const struct board *pos, int plies)
{
	struct board b = *pos;
	int score = 0, left;
	bool quiet = false;

	for (left = plies; left >= 1; left -= 2) {
		struct move_effects fx;
		move_t m = MOVE_NONE;
		int n = winning_moves(&b, left, &m, left == plies ? &quiet :
		    NULL);

		if (n == 0 || (left == plies && n != 1))
			return -1;
		if (n == 1)
			score += 2;
		board_make(&b, m, &fx);
		if (fx.lion_captured)
			break;
		if ((m = tb_best_move(&b, NULL)) == MOVE_NONE)
			return -1;
		board_make(&b, m, NULL);
	}
	return score + (quiet ? 1 : 0);
}

static bool
tb_consider(void *user, const struct board *b, const struct tb_result *r)
{
	struct tb_pick *pk = user;
	struct tb_cand c, *old = NULL;
	int score, n = 0;

	(void)r;
	if (interrupted)
		return false;
	pk->seen++;
	if (movegen_attacks_lion(b, !b->side))
		return true;   /* the defender could take the lion: not reached */
	if ((score = instructive(b, pk->plies)) < 0)
		return true;
	memset(&c, 0, sizeof c);
	for (int s = 0; s < NSQ; s++)
		if (b->sq[s] != PIECE_NONE && PIECE_TYPE(b->sq[s]) != LION &&
		    n < (int)sizeof c.ending - 1)
			c.ending[n++] = board_piece_letter(b->sq[s]);
	qsort(c.ending, (size_t)n, 1, cmp_char);
	c.b = *b;
	c.score = score;
	for (size_t i = 0; i < pk->best.len; i++)
		if (strcmp(((struct tb_cand *)vec_at(&pk->best, i))->ending,
		    c.ending) == 0)
			old = vec_at(&pk->best, i);
	if (old == NULL)
		*(struct tb_cand *)vec_push(&pk->best) = c;
	else if (score > old->score)
		*old = c;
	return true;
}

/* The key of b turned (colours swapped) and/or mirrored: a puzzle is not
 * shipped twice in another guise. */
static void
guise_key(const char *variant, const struct board *b, bool turn, bool mirror,
    char key[17])
{
	struct learn_puzzle p;
	struct board o;

	board_clear(&o);
	board_set_variant(&o, b->variant);
	for (int s = 0; s < NSQ; s++) {
		int f = SQ_FILE(s), r = SQ_RANK(s);
		uint8_t pc = b->sq[s];

		if (pc == PIECE_NONE)
			continue;
		if (turn)
			pc = PIECE_MAKE(PIECE_COLOR(pc) ^ 1, PIECE_TYPE(pc));
		board_put(&o, SQ(mirror ? 6 - f : f, turn ? 6 - r : r), pc);
	}
	if ((b->side ^ (turn ? 1 : 0)) == BLACK) {
		o.side = BLACK;
		o.hash ^= board_zobrist_side;
	}
	memset(&p, 0, sizeof p);
	snprintf(p.variant, sizeof p.variant, "%s", variant);
	fen_write(&o, p.fen, sizeof p.fen);
	learn_puzzle_key(&p, key);
}

static int
tb_puzzles(const struct learn_make_opts *o, struct vec *keys)
{
	struct learn_prover *pv;
	struct tb_pick pk;
	int variant = variant_parse(o->variant), found = 0;

	/* megapawn: the tables leave out its repetition rule, which can
	 * win sooner; the prover knows it, and keeps only the wins it finds
	 * the same */
	if (o->tb_dir != NULL)
		tb_set_path(o->tb_dir);
	if (tb_load(variant) == 0) {
		fprintf(stderr, "congo: no %s tablebases found (make them with "
		    "congo --make-tablebases)%s%s", o->variant,
		    *tb_errors() ? "; refused:\n" : "\n", tb_errors());
		return 1;
	}
	memset(&pk, 0, sizeof pk);
	pk.plies = 2 * o->nmax - 1;
	pk.best = (struct vec)VEC_INIT(sizeof(struct tb_cand));
	signal(SIGINT, on_signal);
	tb_visit_wins(variant, pk.plies, tb_consider, &pk);
	pv = learn_prover_new(20);
	learn_prover_set_limit(pv, o->limit);
	for (size_t i = 0; i < pk.best.len && !interrupted; i++) {
		struct tb_cand *c = vec_at(&pk.best, i);
		struct learn_proof pf;
		struct learn_puzzle p;
		char line[1200], key[4][17];
		bool known = false;

		for (int g = 0; g < 4; g++) {
			guise_key(o->variant, &c->b, g & 1, g & 2, key[g]);
			known |= vec_find_str(keys, key[g]) >= 0;
		}
		if (known || learn_prove_puzzle(pv, &c->b, o->nmax, &pf) !=
		    PROOF_YES || pf.n != o->nmax || pf.nwinning != 1 ||
		    pf.nline != 2 * pf.n - 1)
			continue;
		strcpy(vec_push(keys), key[0]);
		memset(&p, 0, sizeof p);
		strcpy(p.variant, o->variant);
		fen_write(&c->b, p.fen, sizeof p.fen);
		p.n = pf.n;
		p.nline = pf.nline;
		for (int k = 0; k < pf.nline; k++)
			notation_write(pf.line[k], p.moves[k], sizeof p.moves[k]);
		strcpy(p.theme, "endgame");
		learn_puzzle_format(&p, line, sizeof line);
		printf("%s\n", line);
		fflush(stdout);
		found++;
	}
	if (!o->quiet)
		fprintf(stderr, "%llu wins in %d plies seen, %zu endings, %d "
		    "puzzles\n", (unsigned long long)pk.seen, pk.plies,
		    pk.best.len, found);
	learn_prover_free(pv);
	vec_free(&pk.best);
	return 0;
}

/* The keys of the puzzles already known (--known), so that they are not
 * made again. */
static int
read_known(const char *path, struct vec *keys)
{
	struct vec known = VEC_INIT(sizeof(struct learn_puzzle));
	char err[256];
	size_t i;

	if (learn_puzzles_read(&known, path, err, sizeof err) != 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	for (i = 0; i < known.len; i++)
		learn_puzzle_key(vec_at(&known, i), vec_push(keys));
	vec_free(&known);
	return 0;
}

/* One self-play game from the variant's start: a random move in the
 * first 4 plies and at the noise rate, the search's otherwise. */
static void
play_game(const struct learn_make_opts *o, struct search_ctx *ctx,
    const struct search_player *sp, const struct game_rules *rules,
    struct movelist *ml, uint64_t *rng, struct game *g)
{
	struct board start;
	char err[256];

	learn_fen_read(o->variant, variant_start_fen(variant_parse(o->variant)),
	    &start, err, sizeof err);
	game_init(g, &start, rules);
	search_clear(ctx);
	while (!game_over(g) && g->nply < 400 && !interrupted) {
		const struct board *b = game_board(g);
		move_t m;
		*rng = splitmix64_mix(*rng);
		if (g->nply < 4 || (int)(*rng % 100) < o->noise) {
			movegen_legal(b, ml);
			m = ml->moves[splitmix64_mix(*rng) % (uint64_t)ml->n];
		} else {
			m = search_best_move(ctx, b, g->pos, g->nply, rules,
			    &sp->limits, NULL, NULL);
		}
		if (m == MOVE_NONE || game_play(g, m, err, sizeof err) != 0)
			break;
	}
}

/* The games played and their last plies proved, until --games or a
 * signal, with a line on each game unless quiet. */
static void
self_play(const struct learn_make_opts *o, struct search_ctx *ctx,
    const struct search_player *sp, struct learn_prover *pv,
    struct vec *keys)
{
	struct movelist *ml = xmalloc(sizeof *ml);
	struct game_rules rules = GAME_RULES_DEFAULT;
	int count[LEARN_PUZZLE_NMAX + 1] = { 0 };
	int gi, found = 0;
	uint64_t rng = splitmix64_mix(o->seed);

	board_init();
	for (gi = 0; gi < o->games && !interrupted; gi++) {
		struct game g;
		int ply, from;

		play_game(o, ctx, sp, &rules, ml, &rng, &g);
		from = g.nply - o->tail;
		if (from < 0)
			from = 0;
		if (g.reason == REASON_LION_CAPTURED)
			for (ply = from; ply < g.nply && !interrupted; ply++)
				found += try_position(o, pv, &g.pos[ply], keys, count);
		if (!o->quiet)
			fprintf(stderr, "game %d: %d plies, %s; puzzles %d (N=1 %d, "
			    "N=2 %d, N=3 %d, N=4 %d)\n", gi + 1, g.nply,
			    game_reason_name(g.reason), found, count[1], count[2],
			    count[3], count[4]);
		game_free(&g);
	}
	free(ml);
}

int
learn_make_run(const struct learn_make_opts *opts)
{
	struct learn_make_opts o = *opts;
	struct search_player sp;
	struct search_ctx *ctx;
	struct learn_prover *pv;
	struct vec keys = VEC_INIT(17);
	char err[256];

	if (o.verify != NULL)
		return verify_file(o.verify);

	if (search_player_parse(o.player, &sp, err, sizeof err) != 0) {
		fprintf(stderr, "congo: --player: %s\n", err);
		return 2;
	}
	if (o.known != NULL && read_known(o.known, &keys) != 0)
		return 1;
	if (o.from_tb) {
		int rc = tb_puzzles(&o, &keys);

		vec_free(&keys);
		return rc;
	}
	ctx = search_new(&sp.options);
	if (ctx == NULL) {
		fprintf(stderr, "congo: out of memory for the search\n");
		return 1;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	pv = learn_prover_new(20);
	learn_prover_set_limit(pv, o.limit);
	self_play(&o, ctx, &sp, pv, &keys);
	learn_prover_free(pv);
	search_free(ctx);
	vec_free(&keys);
	return 0;
}
