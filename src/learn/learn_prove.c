/*
 * learn_prove.c: the puzzle prover. An exact AND/OR search to the exact
 * depth with the capture of the enemy lion as the only win:
 *
 *   win(b, n)      the side to move can take the lion now, or (n > 1) has
 *                  a move after which every defence loses within n-1;
 *   all_lose(b, n) the defender to move cannot take the solver's lion, is
 *                  not in a drawn position, has a move, and after each of
 *                  its moves the solver wins within n.
 *
 * The only pruning is the logical one (an OR node stops at its first
 * winning move, an AND node at its first refutation), so every answer is
 * exact. A table remembers, per position, the least n known to win and the
 * greatest known not to; a result depends only on the placement and the
 * side to move (no position can occur three times in 7 plies, and the
 * quiet-move counter of a puzzle starts at 0), so the table is exact too.
 * A position with no move for the defender is not counted as a win: the
 * puzzle's win is the lion's capture. No allocation while searching.
 *
 * Megapawn: a move that brings back a position of the game or of the line
 * loses for its maker (RULES.md): the solver does not play one, and a
 * defender's is no escape (a win by repetition is a win, the puzzle's line
 * still ends with the lion's capture, as the defence that holds out longest
 * never repeats); there is no bare-lions draw, and the table is not used
 * (a result depends on the line).
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn/learn.h"
#include "util/util.h"

#define PLY_MAX (2 * LEARN_PUZZLE_NMAX + 2)

struct tt_entry {
	uint64_t key;
	uint8_t win;      /* least n known to win; 0: none known */
	uint8_t nowin;    /* greatest n known not to win; 0: none known */
};

#define HIST_MAX 64

struct learn_prover {
	struct tt_entry *tt;
	bool mega;        /* megapawn: repetition loses, no table, no bare lions */
	bool norep;       /* the repetition rule left out (needs_repetition) */
	int nhist;        /* the game's earlier positions (megapawn) */
	uint64_t hist[HIST_MAX];
	uint64_t path[PLY_MAX + 2]; /* the line searched: path[0] the root */
	uint64_t mask;
	uint64_t nodes;
	uint64_t limit;   /* per call; 0: none */
	uint64_t start;   /* nodes at the start of the call */
	bool aborted;
	struct movelist ml[PLY_MAX];
};

struct learn_prover *
learn_prover_new(int bits)
{
	struct learn_prover *pv = xcalloc(1, sizeof *pv);

	if (bits < 10)
		bits = 10;
	if (bits > 24)
		bits = 24;
	pv->tt = xcalloc((size_t)1 << bits, sizeof *pv->tt);
	pv->mask = ((uint64_t)1 << bits) - 1;
	return pv;
}

void
learn_prover_free(struct learn_prover *pv)
{
	if (pv == NULL)
		return;
	free(pv->tt);
	free(pv);
}

void
learn_prover_clear(struct learn_prover *pv)
{
	memset(pv->tt, 0, (size_t)(pv->mask + 1) * sizeof *pv->tt);
}

uint64_t
learn_prover_nodes(const struct learn_prover *pv)
{
	return pv->nodes;
}

void
learn_prover_set_limit(struct learn_prover *pv, uint64_t nodes)
{
	pv->limit = nodes;
}

/* Only the two lions: a draw unless the side to move takes the other. */
static bool
bare_lions(const struct board *b)
{
	return variant_get(b->variant)->bare_lions_draw &&
	    b->occ[WHITE] == b->pieces[WHITE][LION] &&
	    b->occ[BLACK] == b->pieces[BLACK][LION];
}

static bool
over_limit(struct learn_prover *pv)
{
	pv->nodes++;
	if (pv->limit != 0 && pv->nodes - pv->start > pv->limit)
		pv->aborted = true;
	return pv->aborted;
}

/* Megapawn: does the position reached at ply+1 repeat an earlier one? */
static bool
repeats(struct learn_prover *pv, uint64_t h, int ply)
{
	int i;

	if (!pv->mega)
		return false;
	for (i = 0; i <= ply; i++)
		if (pv->path[i] == h)
			return true;
	for (i = 0; i < pv->nhist; i++)
		if (pv->hist[i] == h)
			return true;
	return false;
}

void
learn_prover_set_history(struct learn_prover *pv, const struct board *hist,
    int n)
{
	int i, from = n > HIST_MAX ? n - HIST_MAX : 0;

	pv->nhist = 0;
	for (i = from; i < n; i++)
		pv->hist[pv->nhist++] = hist[i].hash;
}

static void
tt_store(struct learn_prover *pv, uint64_t key, int n, bool won)
{
	struct tt_entry *e = &pv->tt[key & pv->mask];

	if (pv->aborted || pv->mega)
		return;
	if (e->key != key) {
		e->key = key;
		e->win = 0;
		e->nowin = 0;
	}
	if (won && (e->win == 0 || n < e->win))
		e->win = (uint8_t)n;
	if (!won && n > e->nowin)
		e->nowin = (uint8_t)n;
}

static bool all_lose(struct learn_prover *pv, const struct board *b, int n,
    int ply);

static bool
win(struct learn_prover *pv, const struct board *b, int n, int ply)
{
	struct movelist *ml = &pv->ml[ply];
	struct tt_entry *e;
	int i;

	if (over_limit(pv))
		return false;
	if (movegen_attacks_lion(b, b->side))
		return true;
	if (n <= 1 || bare_lions(b))
		return false;
	e = &pv->tt[b->hash & pv->mask];
	if (!pv->mega && e->key == b->hash) {
		if (e->win != 0 && e->win <= n)
			return true;
		if (e->nowin >= n)
			return false;
	}
	movegen_legal(b, ml);
	if (ml->truncated) {
		pv->aborted = true;
		return false;
	}
	for (i = 0; i < ml->n && !pv->aborted; i++) {
		struct board nb = *b;
		board_make(&nb, ml->moves[i], NULL);
		if (repeats(pv, nb.hash, ply))
			continue;
		pv->path[ply + 1] = nb.hash;
		if (all_lose(pv, &nb, n - 1, ply + 1)) {
			tt_store(pv, b->hash, n, true);
			return true;
		}
	}
	tt_store(pv, b->hash, n, false);
	return false;
}

static bool
all_lose(struct learn_prover *pv, const struct board *b, int n, int ply)
{
	struct movelist *ml = &pv->ml[ply];
	int i;

	if (over_limit(pv))
		return false;
	if (movegen_attacks_lion(b, b->side) || bare_lions(b))
		return false;
	movegen_legal(b, ml);
	if (ml->truncated) {
		pv->aborted = true;
		return false;
	}
	if (ml->n == 0)
		return false;
	for (i = 0; i < ml->n; i++) {
		struct board nb = *b;
		board_make(&nb, ml->moves[i], NULL);
		if (repeats(pv, nb.hash, ply))
			continue;   /* megapawn: the defender loses by it */
		pv->path[ply + 1] = nb.hash;
		if (!win(pv, &nb, n, ply + 1))
			return false;
	}
	return !pv->aborted;
}

/* Does move m in b win within n (the solver's moves, m included)? */
static bool
move_wins(struct learn_prover *pv, const struct board *b, move_t m, int n,
    int ply)
{
	struct board nb = *b;
	struct move_effects fx;

	board_make(&nb, m, &fx);
	if (fx.lion_captured)
		return true;
	if (repeats(pv, nb.hash, ply))
		return false;
	pv->path[ply + 1] = nb.hash;
	return n > 1 && all_lose(pv, &nb, n - 1, ply + 1);
}

/* A search from b starts: path[0] is b. */
static void
root(struct learn_prover *pv, const struct board *b)
{
	/* where repeating loses (megapawn) the result depends on the path:
	 * no table then */
	pv->mega = !pv->norep &&
	    variant_get(b->variant)->repetition == VREP_LOSES;
	pv->path[0] = b->hash;
}

static void
begin(struct learn_prover *pv, const struct board *b)
{
	pv->start = pv->nodes;
	pv->aborted = false;
	board_init();
	root(pv, b);
}

/* Megapawn: the line so far becomes part of the game's history. */
static void
hist_push(struct learn_prover *pv, const struct board *b)
{
	if (pv->nhist < HIST_MAX)
		pv->hist[pv->nhist++] = b->hash;
}

enum learn_proof_result
learn_prove_win(struct learn_prover *pv, const struct board *b, int n)
{
	bool r;

	if (n < 1 || n > LEARN_PUZZLE_NMAX)
		return PROOF_UNKNOWN;   /* deeper than the move lists go */
	begin(pv, b);
	r = win(pv, b, n, 0);
	return pv->aborted ? PROOF_UNKNOWN : r ? PROOF_YES : PROOF_NO;
}

/* The least k <= n within which the side to move wins in b, or 0. */
static int
least_win(struct learn_prover *pv, const struct board *b, int n, int ply)
{
	int k;

	for (k = 1; k <= n && !pv->aborted; k++)
		if (win(pv, b, k, ply))
			return k;
	return 0;
}

/* The solver's fastest winning move within n (least k), or MOVE_NONE. */
static move_t
fastest(struct learn_prover *pv, const struct board *b, int n, int *kout)
{
	struct movelist *ml = xmalloc(sizeof *ml);
	move_t best = MOVE_NONE;
	int k, i;

	movegen_legal(b, ml);
	for (k = 1; k <= n && best == MOVE_NONE && !pv->aborted; k++)
		for (i = 0; i < ml->n && !pv->aborted; i++)
			if (move_wins(pv, b, ml->moves[i], k, 0)) {
				best = ml->moves[i];
				*kout = k;
				break;
			}
	free(ml);
	return best;
}

static move_t
defence(struct learn_prover *pv, const struct board *b, int left)
{
	struct movelist *ml = xmalloc(sizeof *ml);
	move_t best = MOVE_NONE;
	int bestk = -1, i;

	movegen_legal(b, ml);
	for (i = 0; i < ml->n && !pv->aborted; i++) {
		struct board nb = *b;
		struct move_effects fx;
		int k;
		board_make(&nb, ml->moves[i], &fx);
		if (fx.lion_captured) {
			best = ml->moves[i];
			break;
		}
		if (repeats(pv, nb.hash, 0)) {
			k = 0;          /* loses at once: the worst defence */
		} else {
			pv->path[1] = nb.hash;
			k = least_win(pv, &nb, left, 1);
			if (k == 0)
				k = left + 1;   /* a refutation: the best there is */
		}
		if (k > bestk) {
			bestk = k;
			best = ml->moves[i];
		}
	}
	free(ml);
	return best;
}

move_t
learn_prove_defence(struct learn_prover *pv, const struct board *b, int left)
{
	if (left < 0 || left >= LEARN_PUZZLE_NMAX)
		return MOVE_NONE;
	begin(pv, b);
	return defence(pv, b, left);
}

enum learn_proof_result
learn_prove_move(struct learn_prover *pv, const struct board *b, move_t m,
    int n)
{
	bool r;

	if (n < 1 || n > LEARN_PUZZLE_NMAX)
		return PROOF_UNKNOWN;
	begin(pv, b);
	r = move_wins(pv, b, m, n, 0);
	return pv->aborted ? PROOF_UNKNOWN : r ? PROOF_YES : PROOF_NO;
}

enum learn_proof_result
learn_puzzle_needs_repetition(struct learn_prover *pv,
    const struct learn_puzzle *p)
{
	struct board b;
	enum learn_proof_result r;
	char err[LEARN_ERR_MAX];

	if (learn_fen_read(p->variant, p->fen, &b, err, sizeof err) != 0)
		return PROOF_UNKNOWN;
	if (variant_get(b.variant)->repetition != VREP_LOSES)
		return PROOF_NO;
	/* Without the rule a repeating defence is a move like another; the
	 * table then holds results that are wrong under it: cleared. */
	pv->norep = true;
	r = learn_prove_win(pv, &b, p->n);
	pv->norep = false;
	learn_prover_clear(pv);
	return r == PROOF_UNKNOWN ? r : r == PROOF_NO ? PROOF_YES : PROOF_NO;
}

move_t
learn_prove_best(struct learn_prover *pv, const struct board *b, int n)
{
	int k = 0;

	if (n < 1 || n > LEARN_PUZZLE_NMAX)
		return MOVE_NONE;
	begin(pv, b);
	return fastest(pv, b, n, &k);
}

static void
theme_of(const struct board *b, move_t m, bool first_captures,
    char *out, size_t n)
{
	int t = PIECE_TYPE(b->sq[MOVE_FROM(m)]);
	const char *name = t == LION ? "lion-face" : t == MONKEY &&
	    MOVE_NJUMPS(m) > 1 ? "monkey-chain" : board_piece_name(t);

	snprintf(out, n, "%s%s", name, first_captures ? "" : "-quiet");
}

enum learn_proof_result
learn_prove_puzzle(struct learn_prover *pv, const struct board *b, int nmax,
    struct learn_proof *out)
{
	struct movelist *ml;
	struct board pos = *b;
	int n, i, left, nhist = pv->nhist;
	bool first_captures = false;

	memset(out, 0, sizeof *out);
	if (nmax < 1 || nmax > LEARN_PUZZLE_NMAX)
		return PROOF_UNKNOWN;
	begin(pv, b);
	n = least_win(pv, b, nmax, 0);
	if (pv->aborted)
		return PROOF_UNKNOWN;
	if (n == 0)
		return PROOF_NO;
	out->n = n;
	ml = xmalloc(sizeof *ml);
	movegen_legal(b, ml);
	for (i = 0; i < ml->n && !pv->aborted; i++)
		if (move_wins(pv, b, ml->moves[i], n, 0)) {
			if (out->nwinning++ == 0)
				out->first = ml->moves[i];
		}
	free(ml);
	if (pv->aborted)
		return PROOF_UNKNOWN;
	/* The main line. */
	left = n;
	while (out->nline < LEARN_LINE_MAX && !pv->aborted) {
		struct move_effects fx;
		int k = left;
		move_t m;
		root(pv, &pos);
		m = out->nline == 0 ? out->first : fastest(pv, &pos, left, &k);
		if (m == MOVE_NONE)
			break;
		if (out->nline == 0) {
			struct board t = pos;
			board_make(&t, m, &fx);
			first_captures = fx.ncaptured > 0;
		}
		out->line[out->nline++] = m;
		theme_of(&pos, m, first_captures, out->theme, sizeof out->theme);
		hist_push(pv, &pos);
		board_make(&pos, m, &fx);
		if (fx.lion_captured)
			break;
		left = k - 1;
		root(pv, &pos);
		m = defence(pv, &pos, left);
		if (m == MOVE_NONE)
			break;
		out->line[out->nline++] = m;
		hist_push(pv, &pos);
		board_make(&pos, m, NULL);
	}
	pv->nhist = nhist;
	return pv->aborted ? PROOF_UNKNOWN : PROOF_YES;
}

int
learn_puzzle_verify(struct learn_prover *pv, const struct learn_puzzle *p,
    char *err, size_t errlen)
{
	struct board b, pos;
	struct learn_proof pf;
	enum learn_proof_result r;
	char text[MOVE_TEXT_MAX];
	int i, rc = 0;

	if (learn_fen_read(p->variant, p->fen, &b, err, errlen) != 0)
		return -1;
	pv->nhist = 0;
	r = learn_prove_puzzle(pv, &b, p->n, &pf);
	if (r == PROOF_UNKNOWN)
		return snprintf(err, errlen, "the prover gave up"), -1;
	if (r == PROOF_NO)
		return snprintf(err, errlen, "no forced lion capture within %d",
		    p->n), -1;
	if (pf.n != p->n)
		return snprintf(err, errlen, "it wins in %d, not %d", pf.n,
		    p->n), -1;
	if (pf.nwinning != 1)
		return snprintf(err, errlen, "%d first moves win within %d",
		    pf.nwinning, p->n), -1;
	notation_write(pf.first, text, sizeof text);
	if (strcmp(text, p->moves[0]) != 0)
		return snprintf(err, errlen, "the winning move is %s, not %s",
		    text, p->moves[0]), -1;
	if (p->nline != 2 * p->n - 1)
		return snprintf(err, errlen, "the main line has %d moves, not %d",
		    p->nline, 2 * p->n - 1), -1;
	pos = b;
	for (i = 0; i < p->nline && rc == 0; i++) {
		struct move_effects fx;
		move_t m;
		if (notation_read(&pos, p->moves[i], &m, err, errlen) != 0) {
			rc = -1;
			break;
		}
		if (i % 2 == 0) {
			begin(pv, &pos);
			if (!move_wins(pv, &pos, m, p->n - i / 2, 0))
				rc = util_error(err, errlen, "main line move %d (%s) does "
				    "not win within %d", i + 1, p->moves[i],
				    p->n - i / 2);
		}
		hist_push(pv, &pos);
		board_make(&pos, m, &fx);
		if (rc == 0 && fx.lion_captured != (i == p->nline - 1))
			rc = util_error(err, errlen, "the main line %s the lion at "
			    "move %d", fx.lion_captured ? "takes" : "does not take",
			    i + 1);
	}
	pv->nhist = 0;
	return rc;
}
