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

/* Per piece type, LZEGCMPSQ; the asserts make a missing type an error. */
#define EVAL_VALUES { 0, 460, 580, 560, 800, 520, 120, 330, 900 }
#define EVAL_MOB { 0, 8, 6, 5, 6, 3, 0, 4, 3 }
_Static_assert(sizeof (int[])EVAL_VALUES == NPIECE_TYPES * sizeof (int),
    "one value per piece type");
_Static_assert(sizeof (int[])EVAL_MOB == NPIECE_TYPES * sizeof (int),
    "one mobility weight per piece type");

const struct eval_params eval_default = {
	.value = EVAL_VALUES,
	.mob = EVAL_MOB,
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
	.contempt = 40,
	.futility = 150,
	.lmp = 3,
	.mpawn = 300,
};

/* Names for search_options.tune ("monkey=800,lion_danger=30"). */
static const struct {
	const char *name;
	size_t off;
} tune_names[] = {
#define P(f) { #f, offsetof(struct eval_params, f) }
	{ "zebra", offsetof(struct eval_params, value[ZEBRA]) },
	{ "elephant", offsetof(struct eval_params, value[ELEPHANT]) },
	{ "giraffe", offsetof(struct eval_params, value[GIRAFFE]) },
	{ "crocodile", offsetof(struct eval_params, value[CROCODILE]) },
	{ "monkey", offsetof(struct eval_params, value[MONKEY]) },
	{ "pawn", offsetof(struct eval_params, value[PAWN]) },
	{ "superpawn", offsetof(struct eval_params, value[SUPERPAWN]) },
	{ "megapawn", offsetof(struct eval_params, value[MEGAPAWN]) },
	{ "mpawn", offsetof(struct eval_params, mpawn) },
	{ "mob_megapawn", offsetof(struct eval_params, mob[MEGAPAWN]) },
	{ "mob_zebra", offsetof(struct eval_params, mob[ZEBRA]) },
	{ "mob_elephant", offsetof(struct eval_params, mob[ELEPHANT]) },
	{ "mob_giraffe", offsetof(struct eval_params, mob[GIRAFFE]) },
	{ "mob_crocodile", offsetof(struct eval_params, mob[CROCODILE]) },
	{ "mob_monkey", offsetof(struct eval_params, mob[MONKEY]) },
	{ "mob_superpawn", offsetof(struct eval_params, mob[SUPERPAWN]) },
	P(monkey_target), P(pawn_file_center), P(lion_escape), P(lion_guard),
	P(lion_danger), P(lion_pin), P(river_threat), P(croc_river),
	P(croc_file), P(center), P(tempo), P(contempt),
	P(futility), P(lmp),
#undef P
};

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
		char *eq = strchr(s, '='), *end;
		long v;
		size_t i;

		if (eq == NULL) {
			snprintf(err, errlen, "tune '%s' is not NAME=VALUE", s);
			return -1;
		}
		*eq = '\0';
		v = strtol(eq + 1, &end, 10);
		if (*end != '\0' || end == eq + 1 || v < -5000 || v > 5000) {
			snprintf(err, errlen, "bad tune value '%s'", eq + 1);
			return -1;
		}
		for (i = 0; i < sizeof tune_names / sizeof tune_names[0]; i++)
			if (strcasecmp(tune_names[i].name, s) == 0)
				break;
		if (i == sizeof tune_names / sizeof tune_names[0]) {
			snprintf(err, errlen, "unknown tune name '%s'", s);
			return -1;
		}
		*(int *)((char *)p + tune_names[i].off) = (int)v;
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

/* Everything but river doom, for one color, White's point of view sign. */
static int
eval_side(const struct eval_params *p, const struct board *b, int c)
{
	bb_t own = b->occ[c], opp = b->occ[c ^ 1];
	bb_t empty = ~(own | opp) & BB_ALL;
	bb_t x;
	int s = 0, sq, n;

	/* material (megapawn's mPawn has a value of its own) */
	for (int t = ZEBRA; t < NPIECE_TYPES; t++)
		s += bb_popcount(b->pieces[c][t]) * p->value[t];
	if (b->variant != VARIANT_CONGO)
		s += bb_popcount(b->pieces[c][PAWN]) * (p->mpawn - p->value[PAWN]);

	/* pieces: mobility and centralisation */
	for (x = b->pieces[c][ZEBRA]; x; x &= x - 1) {
		sq = lsb(x);
		s += p->mob[ZEBRA] * bb_popcount(board_knight[sq] & ~own);
		s += p->center * center_bonus[sq];
	}
	for (x = b->pieces[c][ELEPHANT]; x; x &= x - 1) {
		sq = lsb(x);
		s += p->mob[ELEPHANT] * bb_popcount(board_elephant[sq] & ~own);
		s += p->center * center_bonus[sq];
	}
	for (x = b->pieces[c][GIRAFFE]; x; x &= x - 1) {
		sq = lsb(x);
		s += p->mob[GIRAFFE] * (bb_popcount(board_giraffe2[sq] & ~own) +
		    bb_popcount(board_step[sq] & empty));
	}
	for (x = b->pieces[c][MONKEY]; x; x &= x - 1) {
		sq = lsb(x);
		n = bb_popcount(board_step[sq] & empty);
		for (bb_t y = board_step[sq] & opp; y; y &= y - 1) {
			int to = beyond[sq][lsb(y)];

			if (to >= 0 && (empty & BB(to)))
				s += p->monkey_target;
		}
		s += p->mob[MONKEY] * n;
		s += p->center * center_bonus[sq];
	}
	for (x = b->pieces[c][CROCODILE]; x; x &= x - 1) {
		sq = lsb(x);
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
	/* pawns: advancement (rank counted from the owner's side) */
	for (x = b->pieces[c][PAWN]; x; x &= x - 1) {
		sq = lsb(x);
		int r = c == WHITE ? SQ_RANK(sq) : 6 - SQ_RANK(sq);
		s += p->pawn_rank[r];
		s += p->pawn_file_center * center_bonus[sq];
	}
	for (x = b->pieces[c][SUPERPAWN]; x; x &= x - 1) {
		sq = lsb(x);
		s += p->mob[SUPERPAWN] * bb_popcount(board_step[sq] & ~own);
	}
	for (x = b->pieces[c][MEGAPAWN]; x; x &= x - 1) {
		sq = lsb(x);
		s += p->mob[MEGAPAWN] * bb_popcount(board_mega[sq] & ~own);
		s += p->center * center_bonus[sq];
	}

	/* lion safety */
	if (b->pieces[c][LION]) {
		int lsq = lsb(b->pieces[c][LION]);
		bb_t near = zone2[lsq];
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
		v = t == PAWN && b->variant != VARIANT_CONGO ? p->mpawn :
		    p->value[t];
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

