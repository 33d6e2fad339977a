/*
 * eval_position.c: the static evaluation of alphabeta, in centipawns for
 * the side to move: material, mobility, lion safety, pieces doomed in the
 * river, pawn advancement, crocodile river control. The weights live in
 * struct eval_params so that self-play matches can try other values
 * (search_options.tune); eval_default holds the tuned ones.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/search_internal.h"
#include "util/util.h"

/* Per piece type, LZEGCMPSQ; the asserts make a missing type an error. */
#define EVAL_VALUES { 0, 484, 528, 596, 784, 428, 226, 334, 900 }
#define EVAL_MOB { 0, 1, -2, 5, -1, 2, 0, 2, 3 }
#define CLASSIC_VALUES { 0, 460, 580, 560, 800, 520, 120, 330, 900 }
#define CLASSIC_MOB { 0, 8, 6, 5, 6, 3, 0, 4, 3 }
_Static_assert(sizeof (int[])EVAL_VALUES == NPIECE_TYPES * sizeof (int),
    "one value per piece type");
_Static_assert(sizeof (int[])EVAL_MOB == NPIECE_TYPES * sizeof (int),
    "one mobility weight per piece type");
_Static_assert(sizeof (int[])CLASSIC_VALUES == NPIECE_TYPES * sizeof (int),
    "one value per piece type");
_Static_assert(sizeof (int[])CLASSIC_MOB == NPIECE_TYPES * sizeof (int),
    "one mobility weight per piece type");

/* The search settings (and the megapawn-only value) both share. */
#define EVAL_SEARCH_SETTINGS \
	.contempt = 40, .undo_min = -5000, .futility = 150, \
	.lmp = 3, .lmp_depth = 3, .rfp_depth = 3, .rfp_margin = 120, \
	.mpawn = 300

/*
 * Full strength: tuned by Texel's method (congo --tune) on 3,000
 * self-play games at 12,000-18,000 nodes a move (311,876 quiet
 * positions; error 0.1025 -> 0.0888 at K 0.85).
 */
const struct eval_params eval_default = {
	.value = EVAL_VALUES,
	.mob = EVAL_MOB,
	.monkey_target = 39,
	.pawn_rank = { 0, 0, -5, -21, 68, 83, 50 },
	.pawn_file_center = 12,
	.lion_escape = 6,
	.lion_guard = 3,
	.lion_danger = 32,
	.lion_pin = 30,
	.river_threat = 16,
	.croc_river = 89,
	.croc_file = 12,
	.center = 16,
	.tempo = 4,
	.pst_rank = {
		[LION] = { 0, -8, -7, 0, 0, 0, 0 },
		[ZEBRA] = { 0, 16, 12, 10, -50, -82, -54 },
		[ELEPHANT] = { 0, -7, 19, 50, 60, 24, 28 },
		[GIRAFFE] = { 0, 13, 0, -26, -22, -75, -86 },
		[CROCODILE] = { 0, -12, -16, -2, 79, 83, 75 },
		[MONKEY] = { 0, 22, 26, 51, 62, 68, 61 },
		[SUPERPAWN] = { 0, 45, 82, 173, 124, 77, 19 },
	},
	.pst_file = {
		[LION] = { 6, 0, 0, 0 },
		[ZEBRA] = { -55, -38, -21, 0 },
		[ELEPHANT] = { 4, 14, 17, 0 },
		[GIRAFFE] = { -6, -37, 0, 0 },
		[CROCODILE] = { 13, 26, 14, 0 },
		[MONKEY] = { -6, 4, 4, 0 },
		[SUPERPAWN] = { 75, 63, 26, 0 },
	},
	EVAL_SEARCH_SETTINGS,
	/* Full strength's own search settings (issue 26), each screened in
	 * 600 games at 30,000 nodes a move against the settings before it
	 * (congo(6), TUNING); the levels keep them off, so their ladder
	 * stands. */
	.improving = 1, .nmp_eval = 200, .iir = 1, .qs_tt = 1,
	.cont_hist = 1, .singular = 6,
	/* In play (not analysis), a move taking back the mover's last is
	 * 2 cp worse at the root: of two about equal moves, the one that
	 * does not shuffle (issue 37; 300 games at 20,000 nodes against
	 * undo=0: +5.8 +-28.5 Elo, 5.5% of the moves taken back against
	 * 9.0%; congo(6), TUNING). */
	.undo = 2,
};

/* The hand-tuned weights the levels were calibrated with (congo(6),
 * LEVELS): the levels keep them, so the published ladder stays true. */
const struct eval_params eval_classic = {
	.value = CLASSIC_VALUES,
	.mob = CLASSIC_MOB,
	.monkey_target = 25,
	.pawn_rank = { 0, 0, 6, 14, 26, 38, 50 },
	.pawn_file_center = 4,
	.lion_escape = 4,
	.lion_guard = 12,
	.lion_danger = 22,
	.lion_pin = 40,
	.river_threat = 20,
	.croc_river = 45,
	.croc_file = 12,
	.center = 4,
	.tempo = 10,
	EVAL_SEARCH_SETTINGS,
};

/*
 * Every weight by name, for search_options.tune ("monkey=800,lion_danger=30")
 * and for the tuner (congo --tune), which changes only those marked as
 * part of the static evaluation (search settings and the contempt are
 * not, nor the megapawn-only values when tuning on Congo games).
 */
static const struct {
	const char *name;
	size_t off;
	int kind;            /* 0 search setting, 1 evaluation, 2 megapawn */
} params[] = {
#define V(n, t) { n, offsetof(struct eval_params, value[t]), 1 }
#define M(n, t) { n, offsetof(struct eval_params, mob[t]), 1 }
#define R(n, r) { n, offsetof(struct eval_params, pawn_rank[r]), 1 }
#define P(f) { #f, offsetof(struct eval_params, f), 1 }
#define S(f) { #f, offsetof(struct eval_params, f), 0 }
#define PR(n, t, r) { n "_r" #r, offsetof(struct eval_params, pst_rank[t][r]), 1 }
#define PF(n, t, f) { n "_f" #f, offsetof(struct eval_params, pst_file[t][f]), 1 }
#define PST(n, t) PR(n, t, 1), PR(n, t, 2), PR(n, t, 3), PR(n, t, 4), \
	PR(n, t, 5), PR(n, t, 6), PF(n, t, 0), PF(n, t, 1), PF(n, t, 2)
	V("zebra", ZEBRA), V("elephant", ELEPHANT), V("giraffe", GIRAFFE),
	V("crocodile", CROCODILE), V("monkey", MONKEY), V("pawn", PAWN),
	V("superpawn", SUPERPAWN),
	{ "megapawn", offsetof(struct eval_params, value[MEGAPAWN]), 2 },
	{ "mpawn", offsetof(struct eval_params, mpawn), 2 },
	{ "mob_megapawn", offsetof(struct eval_params, mob[MEGAPAWN]), 2 },
	M("mob_zebra", ZEBRA), M("mob_elephant", ELEPHANT),
	M("mob_giraffe", GIRAFFE), M("mob_crocodile", CROCODILE),
	M("mob_monkey", MONKEY), M("mob_superpawn", SUPERPAWN),
	R("pawn_rank2", 2), R("pawn_rank3", 3), R("pawn_rank4", 4),
	R("pawn_rank5", 5), R("pawn_rank6", 6),
	P(monkey_target), P(pawn_file_center), P(lion_escape), P(lion_guard),
	P(lion_danger), P(lion_pin), P(river_threat), P(croc_river),
	P(croc_file), P(center), P(tempo),
	PR("lion", LION, 1), PR("lion", LION, 2), PF("lion", LION, 0),
	PST("zebra", ZEBRA), PST("elephant", ELEPHANT), PST("giraffe", GIRAFFE),
	PST("crocodile", CROCODILE), PST("monkey", MONKEY),
	PST("superpawn", SUPERPAWN),
	S(contempt), S(undo), S(undo_min), S(undo_safe), S(undo_quiet),
	S(undo_pieces), S(trade), S(progress), S(futility), S(lmp), S(lmp_depth),
	S(rfp_depth), S(rfp_margin), S(improving), S(nmp_eval), S(iir),
	S(qs_tt), S(lmr_imp), S(cont_hist), S(razor), S(singular),
#undef PST
#undef PR
#undef PF
#undef V
#undef M
#undef R
#undef P
#undef S
};
#define NPARAMS ((int)(sizeof params / sizeof params[0]))

int
eval_param_count(void)
{
	return NPARAMS;
}

const char *
eval_param_name(int i)
{
	return i >= 0 && i < NPARAMS ? params[i].name : NULL;
}

int *
eval_param_ref(struct eval_params *p, int i)
{
	return (int *)((char *)p + params[i].off);
}

/* 1 a weight of the evaluation, 2 one that only megapawn uses, 0 a
 * search setting. */
int
eval_param_kind(int i)
{
	return params[i].kind;
}

int
eval_tune(struct eval_params *p, const char *text, char *err, size_t errlen)
{
	char buf[256], *s, *save = NULL;

	if (strlen(text) >= sizeof buf) {
		snprintf(err, errlen, "tune string too long");
		return -1;
	}
	strcpy(buf, text);
	for (s = strtok_r(buf, ",;", &save); s != NULL;
	    s = strtok_r(NULL, ",;", &save)) {
		char *eq = strchr(s, '=');
		long v;
		int i;

		if (eq == NULL) {
			snprintf(err, errlen, "tune '%s' is not NAME=VALUE", s);
			return -1;
		}
		*eq = '\0';
		if (parse_long(eq + 1, -5000, 5000, &v, NULL, 0) != 0) {
			snprintf(err, errlen, "bad tune value '%s'", eq + 1);
			return -1;
		}
		for (i = 0; i < NPARAMS; i++)
			if (strcasecmp(params[i].name, s) == 0)
				break;
		if (i == NPARAMS) {
			snprintf(err, errlen, "unknown tune name '%s'", s);
			return -1;
		}
		*eval_param_ref(p, i) = (int)v;
	}
	return 0;
}

/* Squares within two steps (king distance) of each square. */
static bb_t zone2[NSQ];
/* beyond[a][b]: the square past b seen from a (b next to a), or -1. */
static int8_t beyond[NSQ][NSQ];
/* Squares from each square along its file to the river, excluded. */
static bb_t to_river[NSQ];
static int center_bonus[NSQ];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void
init_tables(void)
{
	int s, t;

	board_init();
	for (s = 0; s < NSQ; s++) {
		int f = SQ_FILE(s), r = SQ_RANK(s), df, dr;

		for (t = 0; t < NSQ; t++) {
			df = abs(SQ_FILE(t) - f);
			dr = abs(SQ_RANK(t) - r);
			if (t != s && df <= 2 && dr <= 2)
				zone2[s] |= BB(t);
		}
		if (r < RIVER_RANK)
			for (t = r + 1; t < RIVER_RANK; t++)
				to_river[s] |= BB(SQ(f, t));
		else if (r > RIVER_RANK)
			for (t = r - 1; t > RIVER_RANK; t--)
				to_river[s] |= BB(SQ(f, t));
		df = abs(f - 3);
		center_bonus[s] = 3 - df;
		for (t = 0; t < NSQ; t++)
			beyond[s][t] = -1;
		for (int d = 0; d < 8; d++) {
			int m = board_ray_next[d][s];

			if (m >= 0)
				beyond[s][m] = board_ray_next[d][m];
		}
	}
}

void
eval_init(void)
{
	pthread_once(&once, init_tables);
}

static inline int
lsb(bb_t x)
{
	return __builtin_ctzll(x);
}

/* The square's worth for a piece of type t and color c. */
static inline int
pst(const struct eval_params *p, int t, int c, int sq)
{
	int r = c == WHITE ? SQ_RANK(sq) : 6 - SQ_RANK(sq);
	int f = SQ_FILE(sq) > 3 ? SQ_FILE(sq) - 3 : 3 - SQ_FILE(sq);

	return p->pst_rank[t][r] + p->pst_file[t][f];
}

/* Everything but river doom, for one color, White's point of view sign. */
/* material (megapawn's mPawn has a value of its own) */
static inline int
eval_material_side(const struct eval_params *p, const struct board *b, int c)
{
	int s = 0;

	for (int t = ZEBRA; t < NPIECE_TYPES; t++)
		s += bb_popcount(b->pieces[c][t]) * p->value[t];
	if (variant_get(b->variant)->pawn == VPAWN_MPAWN)
		s += bb_popcount(b->pieces[c][PAWN]) * (p->mpawn - p->value[PAWN]);
	return s;
}

/* the leapers' mobility and centralisation: zebras, elephants, giraffes */
static inline int
eval_leapers(const struct eval_params *p, const struct board *b, int c,
    bb_t own, bb_t empty)
{
	int s = 0, sq;

	for (bb_t x = b->pieces[c][ZEBRA]; x; x &= x - 1) {
		sq = lsb(x);
		s += pst(p, ZEBRA, c, sq);
		s += p->mob[ZEBRA] * bb_popcount(board_knight[sq] & ~own);
		s += p->center * center_bonus[sq];
	}
	for (bb_t x = b->pieces[c][ELEPHANT]; x; x &= x - 1) {
		sq = lsb(x);
		s += pst(p, ELEPHANT, c, sq);
		s += p->mob[ELEPHANT] * bb_popcount(board_elephant[sq] & ~own);
		s += p->center * center_bonus[sq];
	}
	for (bb_t x = b->pieces[c][GIRAFFE]; x; x &= x - 1) {
		sq = lsb(x);
		s += pst(p, GIRAFFE, c, sq);
		s += p->mob[GIRAFFE] * (bb_popcount(board_giraffe2[sq] & ~own) +
		    bb_popcount(board_step[sq] & empty));
	}
	return s;
}

/* monkeys (their jumps to come) and crocodiles (the river they hold) */
static inline int
eval_monkeys_crocs(const struct eval_params *p, const struct board *b, int c,
    bb_t own, bb_t opp, bb_t empty)
{
	int s = 0, sq, n;

	for (bb_t x = b->pieces[c][MONKEY]; x; x &= x - 1) {
		sq = lsb(x);
		s += pst(p, MONKEY, c, sq);
		n = bb_popcount(board_step[sq] & empty);
		for (bb_t y = board_step[sq] & opp; y; y &= y - 1) {
			int to = beyond[sq][lsb(y)];

			if (to >= 0 && (empty & BB(to)))
				s += p->monkey_target;
		}
		s += p->mob[MONKEY] * n;
		s += p->center * center_bonus[sq];
	}
	for (bb_t x = b->pieces[c][CROCODILE]; x; x &= x - 1) {
		sq = lsb(x);
		s += pst(p, CROCODILE, c, sq);
		n = bb_popcount(board_step[sq] & ~own);
		if (SQ_RANK(sq) == RIVER_RANK) {
			s += p->croc_river;
		} else if ((to_river[sq] & (own | opp)) == 0) {
			/* a clear file to the river: it guards it */
			s += p->croc_file;
			n += bb_popcount(to_river[sq]) + 1;
		}
		s += p->mob[CROCODILE] * n;
	}
	return s;
}

/* pawns: advancement (rank counted from the owner's side); superpawns
 * and megapawns: mobility */
static inline int
eval_pawns(const struct eval_params *p, const struct board *b, int c,
    bb_t own)
{
	int s = 0, sq;

	for (bb_t x = b->pieces[c][PAWN]; x; x &= x - 1) {
		sq = lsb(x);
		int r = c == WHITE ? SQ_RANK(sq) : 6 - SQ_RANK(sq);
		s += p->pawn_rank[r];
		s += p->pawn_file_center * center_bonus[sq];
	}
	for (bb_t x = b->pieces[c][SUPERPAWN]; x; x &= x - 1) {
		sq = lsb(x);
		s += pst(p, SUPERPAWN, c, sq);
		s += p->mob[SUPERPAWN] * bb_popcount(board_step[sq] & ~own);
	}
	for (bb_t x = b->pieces[c][MEGAPAWN]; x; x &= x - 1) {
		sq = lsb(x);
		s += p->mob[MEGAPAWN] * bb_popcount(board_mega[sq] & ~own);
		s += p->center * center_bonus[sq];
	}
	return s;
}

/* lion safety */
static inline int
eval_lion_safety(const struct eval_params *p, const struct board *b, int c,
    bb_t own, bb_t opp)
{
	int s = 0;

	if (b->pieces[c][LION]) {
		int lsq = lsb(b->pieces[c][LION]);
		bb_t near = zone2[lsq];

		s += pst(p, LION, c, lsq);
		bb_t attackers = opp & ~b->pieces[c ^ 1][LION] &
		    ~b->pieces[c ^ 1][PAWN];

		s += p->lion_escape *
		    bb_popcount(board_step[lsq] & board_castle[c] & ~own);
		s += p->lion_guard * bb_popcount(board_step[lsq] & own);
		s -= p->lion_danger * bb_popcount(near & attackers);
		s -= p->lion_danger / 2 * bb_popcount(near & b->pieces[c ^ 1][PAWN]);
	}
	return s;
}

static int
eval_side(const struct eval_params *p, const struct board *b, int c)
{
	bb_t own = b->occ[c], opp = b->occ[c ^ 1];
	bb_t empty = ~(own | opp) & BB_ALL;
	int s;

	s = eval_material_side(p, b, c);
	/* pieces: mobility and centralisation */
	s += eval_leapers(p, b, c, own, empty);
	s += eval_monkeys_crocs(p, b, c, own, opp, empty);
	s += eval_pawns(p, b, c, own);
	s += eval_lion_safety(p, b, c, own, opp);
	return s;
}

/*
 * Pieces in the river. The side to move must bring every non-crocodile
 * piece out of the river this move or lose it: it can save at most one
 * (the most valuable, we assume), so the others are as good as gone. The
 * opponent has at most one piece there (the one it just moved in), which
 * must leave next turn: a smaller threat.
 */
static int
eval_river(const struct eval_params *p, const struct board *b, int c,
    bool to_move)
{
	/* deep water only: megapawn's islands are land */
	bb_t x = b->occ[c] & board_deep[b->variant] & ~b->pieces[c][CROCODILE];
	int total = 0, best = 0, v, t;

	if (x == 0)
		return 0;
	for (; x; x &= x - 1) {
		t = PIECE_TYPE(b->sq[lsb(x)]);
		v = t == PAWN && variant_get(b->variant)->pawn == VPAWN_MPAWN ?
		    p->mpawn : p->value[t];
		total += v;
		if (v > best)
			best = v;
	}
	if (to_move)
		return total - best + best * p->river_threat / 100;
	return total * p->river_threat / 100;
}

/* Lions on one file or diagonal with exactly one piece between: that
 * piece's owner may not move it (its lion would be taken). */
static int
eval_lion_line(const struct eval_params *p, const struct board *b)
{
	int wl, bl, df, dr, f, r, sq, n = 0, blocker = -1;

	if (!b->pieces[WHITE][LION] || !b->pieces[BLACK][LION])
		return 0;
	wl = lsb(b->pieces[WHITE][LION]);
	bl = lsb(b->pieces[BLACK][LION]);
	df = SQ_FILE(bl) - SQ_FILE(wl);
	dr = SQ_RANK(bl) - SQ_RANK(wl);
	if (df != 0 && abs(df) != abs(dr))
		return 0;
	df = df > 0 ? 1 : df < 0 ? -1 : 0;
	dr = dr > 0 ? 1 : -1;
	f = SQ_FILE(wl) + df;
	r = SQ_RANK(wl) + dr;
	for (; (sq = SQ(f, r)) != bl; f += df, r += dr) {
		if (b->sq[sq] != PIECE_NONE) {
			n++;
			blocker = sq;
		}
	}
	if (n != 1)
		return 0;
	return PIECE_COLOR(b->sq[blocker]) == WHITE ? -p->lion_pin : p->lion_pin;
}

int
eval_with(const struct eval_params *p, const struct board *b)
{
	int us = b->side, s;

	s = eval_side(p, b, WHITE) - eval_side(p, b, BLACK);
	s += eval_lion_line(p, b);
	if (us == BLACK)
		s = -s;
	s -= eval_river(p, b, us, true);
	s += eval_river(p, b, us ^ 1, false);
	s += p->tempo;
	if (s > SEARCH_WIN_MIN - 1)
		s = SEARCH_WIN_MIN - 1;
	if (s < -SEARCH_WIN_MIN + 1)
		s = -SEARCH_WIN_MIN + 1;
	return s;
}

int
eval_position(const struct board *b)
{
	return eval_with(&eval_default, b);
}

/* negamax's material count: elephant 6, zebra 7, giraffe 5, crocodile 10,
 * monkey 10, pawn 1, superpawn 3, megapawn 8, lion 100; times 100
 * (centipawns). */
int
eval_material(const struct board *b)
{
	static const int v[] = { 100, 7, 6, 5, 10, 10, 1, 3, 8 };
	int s = 0, t;

	_Static_assert(sizeof v / sizeof v[0] == NPIECE_TYPES,
	    "one value per piece type");
	for (t = 0; t < NPIECE_TYPES; t++)
		s += v[t] * (bb_popcount(b->pieces[WHITE][t]) -
		    bb_popcount(b->pieces[BLACK][t]));
	s *= 100;
	return b->side == WHITE ? s : -s;
}

