/*
 * tb_index.c: materials (their keys, names, colour swap, the order of
 * generation) and the index of a position within its material (the layout
 * is described in tb_internal.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "tb/tb_internal.h"
#include "util/util.h"

static int8_t lion_pair[NSQ][NSQ];      /* canonical lions -> 0..44, -1 */
static uint8_t pair_wl[TB_LION_PAIRS], pair_bl[TB_LION_PAIRS];
static uint8_t sq_turn[NSQ];            /* rank r -> 6 - r */
static uint8_t sq_mirror[NSQ];          /* file f -> 6 - f */
static uint8_t unrank2[1176][2];
static uint8_t unrank3[18424][3];
static pthread_once_t index_once = PTHREAD_ONCE_INIT;

static const uint32_t group_size[4] = { 1, 49, 1176, 18424 };

static uint32_t
rank_squares(const uint8_t *s, int count)
{
	uint32_t r = s[0];

	if (count >= 2)
		r += (uint32_t)s[1] * (s[1] - 1) / 2;
	if (count >= 3)
		r += (uint32_t)s[2] * (s[2] - 1) * (s[2] - 2) / 6;
	return r;
}

static void
index_init(void)
{
	int wl, bl, n = 0, a, b, c;

	board_init();
	memset(lion_pair, -1, sizeof lion_pair);
	for (wl = 0; wl < NSQ; wl++) {
		if (!(board_castle[WHITE] & BB(wl)) || SQ_FILE(wl) > 3)
			continue;
		for (bl = 0; bl < NSQ; bl++) {
			if (!(board_castle[BLACK] & BB(bl)))
				continue;
			if (SQ_FILE(wl) == 3 && SQ_FILE(bl) == 4)
				continue;
			pair_wl[n] = (uint8_t)wl;
			pair_bl[n] = (uint8_t)bl;
			lion_pair[wl][bl] = (int8_t)n++;
		}
	}
	if (n != TB_LION_PAIRS)
		fatal("tablebase index: %d lion pairs, not %d", n,
		    TB_LION_PAIRS);
	for (a = 0; a < NSQ; a++) {
		sq_turn[a] = (uint8_t)SQ(SQ_FILE(a), 6 - SQ_RANK(a));
		sq_mirror[a] = (uint8_t)SQ(6 - SQ_FILE(a), SQ_RANK(a));
	}
	for (b = 1; b < NSQ; b++)
		for (a = 0; a < b; a++) {
			uint8_t s[2] = { (uint8_t)a, (uint8_t)b };
			uint32_t r = rank_squares(s, 2);
			unrank2[r][0] = s[0];
			unrank2[r][1] = s[1];
		}
	for (c = 2; c < NSQ; c++)
		for (b = 1; b < c; b++)
			for (a = 0; a < b; a++) {
				uint8_t s[3] = { (uint8_t)a, (uint8_t)b,
				    (uint8_t)c };
				uint32_t r = rank_squares(s, 3);
				memcpy(unrank3[r], s, 3);
			}
}

void
tb_index_init(void)
{
	pthread_once(&index_once, index_init);
}

static uint8_t
swap_color(uint8_t code)
{
	return PIECE_MAKE(PIECE_COLOR(code) ^ 1, PIECE_TYPE(code));
}

static void
sort_codes(uint8_t *c, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
			uint8_t t = c[j];
			c[j] = c[j - 1];
			c[j - 1] = t;
		}
}

static uint32_t
codes_key(const uint8_t *sorted, int n)
{
	uint32_t k = 0;

	for (int i = 0; i < n; i++)
		k |= (uint32_t)sorted[i] << (TB_KEY_BITS * i);
	return k;
}

static uint32_t
swapped_key(const uint8_t *codes, int n)
{
	uint8_t s[TB_MAX_PIECES];

	for (int i = 0; i < n; i++)
		s[i] = swap_color(codes[i]);
	sort_codes(s, n);
	return codes_key(s, n);
}

void
tb_material_make(struct tb_material *m, int variant, int n,
    const uint8_t *codes)
{
	size_t len = 0;
	int i, c;

	tb_index_init();
	memset(m, 0, sizeof *m);
	m->variant = variant;
	m->n = n;
	memcpy(m->piece, codes, (size_t)n);
	sort_codes(m->piece, n);
	m->key = codes_key(m->piece, n);
	m->entries = TB_LION_PAIRS * 2;
	for (i = 0; i < n; i++) {
		if (m->ngroups > 0 && m->gpiece[m->ngroups - 1] == m->piece[i]) {
			m->gcount[m->ngroups - 1]++;
		} else {
			m->gpiece[m->ngroups] = m->piece[i];
			m->gcount[m->ngroups++] = 1;
		}
	}
	for (i = 0; i < m->ngroups; i++) {
		m->gsize[i] = group_size[m->gcount[i]];
		m->entries *= m->gsize[i];
	}
	/* the name: White's lion and pieces, 'v', Black's */
	for (c = WHITE; c <= BLACK; c++) {
		if (c == BLACK)
			m->name[len++] = 'v';
		m->name[len++] = 'L';
		for (i = 0; i < n; i++)
			if (PIECE_COLOR(m->piece[i]) == c)
				m->name[len++] = board_piece_letter(
				    PIECE_MAKE(WHITE, PIECE_TYPE(m->piece[i])));
	}
	m->name[len] = '\0';
}

int
tb_material_parse(struct tb_material *m, int variant, const char *name)
{
	uint8_t codes[TB_MAX_PIECES];
	const char *p = name;
	int n = 0, color;

	for (color = WHITE; color <= BLACK; color++) {
		if (color == BLACK && *p++ != 'v')
			return -1;
		if (*p++ != 'L')
			return -1;
		for (; *p != '\0' && *p != 'v'; p++) {
			uint8_t piece = board_piece_from_letter(*p);

			if (piece == PIECE_NONE || PIECE_COLOR(piece) != WHITE ||
			    PIECE_TYPE(piece) == LION ||
			    !variant_has_piece(variant, PIECE_TYPE(piece)) ||
			    n == TB_MAX_PIECES)
				return -1;
			codes[n++] = PIECE_MAKE(color, PIECE_TYPE(piece));
		}
	}
	if (*p != '\0')
		return -1;
	tb_material_make(m, variant, n, codes);
	/* one spelling: pieces in the order of their types */
	return strcmp(m->name, name) == 0 ? 0 : -1;
}

/*
 * Is the material of these codes (key their key) stored with its colours
 * swapped? The stored one gives White more pieces, or with as many the
 * lower key.
 */
static bool
stored_swapped(const uint8_t *codes, int n, uint32_t key)
{
	int white = 0;

	for (int i = 0; i < n; i++)
		white += PIECE_COLOR(codes[i]) == WHITE;
	if (2 * white != n)
		return 2 * white < n;
	return swapped_key(codes, n) < key;
}

bool
tb_material_canonical(const struct tb_material *m)
{
	return !stored_swapped(m->piece, m->n, m->key);
}

static int
count_pawns(const struct tb_material *m)
{
	int p = 0;

	for (int i = 0; i < m->n; i++)
		p += PIECE_TYPE(m->piece[i]) == PAWN;
	return p;
}

static int
material_order(const void *a, const void *b)
{
	const struct tb_material *x = a, *y = b;

	if (x->n != y->n)
		return x->n - y->n;
	if (count_pawns(x) != count_pawns(y))
		return count_pawns(x) - count_pawns(y);
	return x->key < y->key ? -1 : x->key > y->key;
}

struct tb_material *
tb_material_list(int variant, int n, int *count)
{
	uint8_t kinds[2 * NPIECE_TYPES], codes[TB_MAX_PIECES];
	struct vec v = VEC_INIT(sizeof(struct tb_material));
	int nkinds = 0, k, i, a, b, c;

	for (c = WHITE; c <= BLACK; c++)
		for (i = ZEBRA; i < NPIECE_TYPES; i++)
			if (variant_has_piece(variant, i))
				kinds[nkinds++] = PIECE_MAKE(c, i);
	if (n > TB_MAX_PIECES)
		n = TB_MAX_PIECES;
	for (k = 0; k <= n; k++) {
		/* multisets of k kinds: a <= b <= c */
		int na = k >= 1 ? nkinds : 1;
		for (a = 0; a < na; a++) {
			int nb = k >= 2 ? nkinds : a + 1;
			for (b = a; b < nb; b++) {
				int nc = k >= 3 ? nkinds : b + 1;
				for (c = b; c < nc; c++) {
					struct tb_material m;

					codes[0] = kinds[a];
					codes[1] = kinds[b];
					codes[2] = kinds[c];
					tb_material_make(&m, variant, k, codes);
					if (tb_material_canonical(&m))
						*(struct tb_material *)
						    vec_push(&v) = m;
				}
			}
		}
	}
	qsort(v.data, v.len, sizeof(struct tb_material), material_order);
	*count = (int)v.len;
	return v.data;
}

int64_t
tb_board_key(const struct board *b, bool *flip)
{
	bb_t rest;
	uint8_t codes[TB_MAX_PIECES];
	uint32_t key;
	int n = 0;

	if (b->pieces[WHITE][LION] == 0 || b->pieces[BLACK][LION] == 0)
		return -1;
	rest = (b->occ[WHITE] | b->occ[BLACK]) &
	    ~(b->pieces[WHITE][LION] | b->pieces[BLACK][LION]);
	if (bb_popcount(rest) > TB_MAX_PIECES)
		return -1;
	while (rest) {
		int s = __builtin_ctzll(rest);

		rest &= rest - 1;
		codes[n++] = b->sq[s];
	}
	sort_codes(codes, n);
	key = codes_key(codes, n);
	*flip = stored_swapped(codes, n, key);
	return *flip ? swapped_key(codes, n) : key;
}

uint64_t
tb_index(const struct tb_material *m, const struct board *b, bool flip)
{
	int wl = board_lion_sq(b, flip ? BLACK : WHITE);
	int bl = board_lion_sq(b, flip ? WHITE : BLACK);
	int side = b->side ^ (flip ? 1 : 0), g;
	bool mirror;
	uint64_t idx;

	if (flip) {
		wl = sq_turn[wl];
		bl = sq_turn[bl];
	}
	mirror = SQ_FILE(wl) == 4 || (SQ_FILE(wl) == 3 && SQ_FILE(bl) == 4);
	if (mirror) {
		wl = sq_mirror[wl];
		bl = sq_mirror[bl];
	}
	idx = (uint64_t)lion_pair[wl][bl];
	for (g = 0; g < m->ngroups; g++) {
		uint8_t code = flip ? swap_color(m->gpiece[g]) : m->gpiece[g];
		bb_t bb = b->pieces[PIECE_COLOR(code)][PIECE_TYPE(code)];
		uint8_t s[TB_MAX_PIECES];
		int n = 0;

		while (bb && n < TB_MAX_PIECES) {
			int q = __builtin_ctzll(bb);

			bb &= bb - 1;
			if (flip)
				q = sq_turn[q];
			if (mirror)
				q = sq_mirror[q];
			s[n++] = (uint8_t)q;
		}
		sort_codes(s, n);
		idx = idx * m->gsize[g] + rank_squares(s, m->gcount[g]);
	}
	return idx * 2 + (uint64_t)side;
}

bool
tb_decode(const struct tb_material *m, uint64_t idx, struct board *b)
{
	uint8_t sq[TB_MAX_PIECES], code[TB_MAX_PIECES];
	int side = (int)(idx & 1), g, i, n = m->n, lp;
	bb_t used;

	idx >>= 1;
	for (g = m->ngroups - 1; g >= 0; g--) {
		uint32_t r = (uint32_t)(idx % m->gsize[g]);
		const uint8_t *s;
		uint8_t one;

		idx /= m->gsize[g];
		if (m->gcount[g] == 1) {
			one = (uint8_t)r;
			s = &one;
		} else if (m->gcount[g] == 2) {
			s = unrank2[r];
		} else {
			s = unrank3[r];
		}
		for (i = m->gcount[g] - 1; i >= 0; i--) {
			sq[--n] = s[i];
			code[n] = m->gpiece[g];
		}
	}
	lp = (int)idx;
	used = BB(pair_wl[lp]) | BB(pair_bl[lp]);
	for (i = 0; i < m->n; i++) {
		int r = SQ_RANK(sq[i]);

		if (used & BB(sq[i]))
			return false;
		if (PIECE_TYPE(code[i]) == PAWN && (r == 0 || r == 6))
			return false;
		used |= BB(sq[i]);
	}
	board_clear(b);
	board_set_variant(b, m->variant);
	board_put(b, pair_wl[lp], PIECE_MAKE(WHITE, LION));
	board_put(b, pair_bl[lp], PIECE_MAKE(BLACK, LION));
	for (i = 0; i < m->n; i++)
		board_put(b, sq[i], code[i]);
	if (side == BLACK) {
		b->side = BLACK;
		b->hash ^= board_zobrist_side;
	}
	return true;
}

int
tb_board_material(const struct board *b, struct tb_material *m)
{
	uint8_t codes[TB_MAX_PIECES];
	bb_t rest;
	bool flip;
	int n = 0;

	if (tb_board_key(b, &flip) < 0)
		return -1;
	rest = (b->occ[WHITE] | b->occ[BLACK]) &
	    ~(b->pieces[WHITE][LION] | b->pieces[BLACK][LION]);
	while (rest) {
		int s = __builtin_ctzll(rest);

		rest &= rest - 1;
		codes[n] = b->sq[s];
		if (flip)
			codes[n] = swap_color(codes[n]);
		n++;
	}
	tb_material_make(m, b->variant, n, codes);
	return 0;
}
