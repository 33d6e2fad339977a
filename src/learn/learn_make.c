/*
 * learn_make.c: `congo --make-puzzles`: self-play games by the AI (with a
 * share of random moves, so that lions fall in many ways), every position
 * of the game's last plies proved by the prover; a position where the
 * side to move wins the lion within N and exactly one first move does so
 * is printed as a puzzle line (congo(6), LEARNING).
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "learn/learn.h"

struct make_opts {
	int games;
	int nmax;
	int tail;            /* plies proved at each game's end */
	int noise;           /* percent of random moves */
	uint64_t seed;
	uint64_t limit;      /* prover nodes per position */
	char variant[LEARN_VARIANT_MAX];
	const char *known;   /* puzzles already found (skipped) */
	const char *verify;  /* prove a puzzle file instead */
	const char *player;
	bool quiet;
};

static volatile sig_atomic_t interrupted;

static void
on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

static uint64_t
mix(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

static void
usage(FILE *out)
{
	fputs("usage: congo --make-puzzles [--games N] [--max-n N] [--tail PLIES]\n"
	    "           [--noise PERCENT] [--seed S] [--limit NODES]\n"
	    "           [--player SPEC] [--variant NAME] [--known FILE] [--quiet]\n"
	    "       congo --make-puzzles --verify FILE\n"
	    "Self-play games; each puzzle found and proved is printed as\n"
	    "variant<TAB>FEN<TAB>N<TAB>main line<TAB>theme on standard output.\n"
	    "--verify proves every puzzle of FILE and names those that fail.\n",
	    out);
}

static int
num_arg(const char *opt, const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || end == s || v < lo || v > hi) {
		fprintf(stderr, "congo: %s '%s': expected %ld..%ld\n", opt, s, lo,
		    hi);
		return -1;
	}
	*out = v;
	return 0;
}

static bool
takes_value(const char *a)
{
	static const char *const names[] = { "--games", "--max-n", "--tail",
	    "--noise", "--seed", "--limit", "--player", "--known", "--verify",
	    "--variant" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(a, names[i]) == 0)
			return true;
	return false;
}

static int
parse(int argc, char **argv, struct make_opts *o)
{
	int i;
	long v;

	memset(o, 0, sizeof *o);
	o->games = 20;
	o->nmax = LEARN_PUZZLE_NMAX;
	o->tail = 12;
	o->noise = 15;
	o->seed = 1;
	o->limit = 3000000;
	o->player = "alphabeta:depth=3";
	strcpy(o->variant, "congo");
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--quiet") == 0) {
			o->quiet = true;
			continue;
		}
		if (strcmp(a, "--help") == 0) {
			usage(stdout);
			exit(0);
		}
		if (!takes_value(a)) {
			fprintf(stderr, "congo: unknown option '%s' for "
			    "--make-puzzles\n", a);
			usage(stderr);
			return -1;
		}
		if (val == NULL) {
			fprintf(stderr, "congo: %s needs a value\n", a);
			return -1;
		}
		i++;
		if (strcmp(a, "--games") == 0) {
			if (num_arg(a, val, 1, 1000000, &v) != 0)
				return -1;
			o->games = (int)v;
		} else if (strcmp(a, "--max-n") == 0) {
			if (num_arg(a, val, 1, LEARN_PUZZLE_NMAX, &v) != 0)
				return -1;
			o->nmax = (int)v;
		} else if (strcmp(a, "--tail") == 0) {
			if (num_arg(a, val, 1, 1000, &v) != 0)
				return -1;
			o->tail = (int)v;
		} else if (strcmp(a, "--noise") == 0) {
			if (num_arg(a, val, 0, 100, &v) != 0)
				return -1;
			o->noise = (int)v;
		} else if (strcmp(a, "--seed") == 0) {
			if (num_arg(a, val, 0, 2000000000L, &v) != 0)
				return -1;
			o->seed = (uint64_t)v;
		} else if (strcmp(a, "--limit") == 0) {
			if (num_arg(a, val, 1000, 2000000000L, &v) != 0)
				return -1;
			o->limit = (uint64_t)v;
		} else if (strcmp(a, "--player") == 0) {
			o->player = val;
		} else if (strcmp(a, "--known") == 0) {
			o->known = val;
		} else if (strcmp(a, "--verify") == 0) {
			o->verify = val;
		} else if (strcmp(a, "--variant") == 0) {
			if (!learn_variant_supported(val)) {
				fprintf(stderr, "congo: variant '%s' is not played by "
				    "this build\n", val);
				return -1;
			}
			snprintf(o->variant, sizeof o->variant, "%s", val);
		} else {
			fprintf(stderr, "congo: unknown option '%s' for "
			    "--make-puzzles\n", a);
			usage(stderr);
			return -1;
		}
	}
	return 0;
}

static bool
key_known(const struct vec *keys, const char *key)
{
	size_t i;

	for (i = 0; i < keys->len; i++)
		if (strcmp(vec_at(keys, i), key) == 0)
			return true;
	return false;
}

/* Prove one position; print it if it is a puzzle. Returns 1 if printed. */
static int
try_position(const struct make_opts *o, struct learn_prover *pv,
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
	if (key_known(keys, key))
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

/* --verify FILE: every puzzle proved; 0 when all hold. */
static int
verify_file(const char *path)
{
	struct vec pz = VEC_INIT(sizeof(struct learn_puzzle));
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
		if (learn_puzzle_verify(pv, p, err, sizeof err) != 0) {
			fprintf(stderr, "congo: %s:%d: %s\n", path, p->line, err);
			bad++;
		}
	}
	printf("%zu puzzles, %zu proved, %d failed\n", pz.len,
	    pz.len - (size_t)bad, bad);
	learn_prover_free(pv);
	vec_free(&pz);
	return bad > 0 ? 1 : 0;
}

int
learn_make_main(int argc, char **argv)
{
	struct make_opts o;
	struct search_player sp;
	struct search_ctx *ctx;
	struct learn_prover *pv;
	struct vec keys = VEC_INIT(17);
	struct movelist *ml;
	struct game_rules rules = GAME_RULES_DEFAULT;
	char err[256];
	int count[LEARN_PUZZLE_NMAX + 1] = { 0 };
	int gi, found = 0;
	uint64_t rng;

	if (parse(argc, argv, &o) != 0)
		return 2;
	if (o.verify != NULL)
		return verify_file(o.verify);
	if (search_player_parse(o.player, &sp, err, sizeof err) != 0) {
		fprintf(stderr, "congo: --player: %s\n", err);
		return 2;
	}
	if (o.known != NULL) {
		struct vec known = VEC_INIT(sizeof(struct learn_puzzle));
		size_t i;
		if (learn_puzzles_read(&known, o.known, err, sizeof err) != 0) {
			fprintf(stderr, "congo: %s\n", err);
			return 1;
		}
		for (i = 0; i < known.len; i++)
			learn_puzzle_key(vec_at(&known, i), vec_push(&keys));
		vec_free(&known);
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
	ml = xmalloc(sizeof *ml);
	rng = mix(o.seed);
	board_init();
	for (gi = 0; gi < o.games && !interrupted; gi++) {
		struct game g;
		struct board start;
		int ply, from;

		learn_fen_read(o.variant, variant_start_fen(variant_parse(o.variant)),
		    &start, err, sizeof err);
		game_init(&g, &start, &rules);
		search_clear(ctx);
		while (!game_over(&g) && g.nply < 400 && !interrupted) {
			const struct board *b = game_board(&g);
			move_t m;
			rng = mix(rng);
			if (g.nply < 4 || (int)(rng % 100) < o.noise) {
				movegen_legal(b, ml);
				m = ml->moves[mix(rng) % (uint64_t)ml->n];
			} else {
				m = search_best_move(ctx, b, g.pos, g.nply, &rules,
				    &sp.limits, NULL, NULL);
			}
			if (m == MOVE_NONE || game_play(&g, m, err, sizeof err) != 0)
				break;
		}
		from = g.nply - o.tail;
		if (from < 0)
			from = 0;
		if (g.reason == REASON_LION_CAPTURED)
			for (ply = from; ply < g.nply && !interrupted; ply++)
				found += try_position(&o, pv, &g.pos[ply], &keys, count);
		if (!o.quiet)
			fprintf(stderr, "game %d: %d plies, %s; puzzles %d (N=1 %d, "
			    "N=2 %d, N=3 %d, N=4 %d)\n", gi + 1, g.nply,
			    game_reason_name(g.reason), found, count[1], count[2],
			    count[3], count[4]);
		game_free(&g);
	}
	free(ml);
	learn_prover_free(pv);
	search_free(ctx);
	vec_free(&keys);
	return 0;
}
