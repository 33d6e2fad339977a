/*
 * search_order.c: move ordering for alphabeta. The hash move first, then
 * captures by the value they take (a monkey chain counts every piece it
 * jumps) less a little for the attacker, promotions, killers, rescues
 * from the river, the countermove (the reply that last refuted the
 * opponent's move), and the rest by history.
 */
#include <stdlib.h>

#include "ai/search_internal.h"

#define ORDER_HASH (1 << 30)
#define ORDER_CAPTURE (1 << 26)
#define ORDER_KILLER (1 << 25)
#define ORDER_RESCUE SEARCH_ORDER_RESCUE
#define HISTORY_MAX 16384
#define SEARCH_PICK_SORT 4

/* No size: the declaration's [NPIECE_TYPES] makes a missing piece an
 * error. */
const int search_piece_value[] = {
	10000, 560, 480, 420, 700, 780, 100, 330, 900
};

static inline bool
is_far_rank(int color, int sq)
{
	return SQ_RANK(sq) == (color == WHITE ? 6 : 0);
}

int
search_capture_value(const struct board *b, move_t m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), n = MOVE_NJUMPS(m);
	int mover = b->sq[from], v = 0;

	if (n > 0) {
		int cur = from, i;

		for (i = 0; i < n; i++) {
			int d = MOVE_JUMP_DIR(m, i);
			int mid = board_ray_next[d][cur];

			v += search_piece_value[PIECE_TYPE(b->sq[mid])];
			cur = board_ray_next[d][mid];
		}
		return v;
	}
	if (b->sq[to] != PIECE_NONE)
		v = search_piece_value[PIECE_TYPE(b->sq[to])];
	if (PIECE_TYPE(mover) == PAWN && is_far_rank(PIECE_COLOR(mover), to))
		v += search_piece_value[variant_table[b->variant].promotion] -
		    search_piece_value[PAWN];
	return v;
}

bool
search_is_tactical(const struct board *b, move_t m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int mover = b->sq[from];

	if (MOVE_NJUMPS(m) > 0 || b->sq[to] != PIECE_NONE)
		return true;
	return PIECE_TYPE(mover) == PAWN && is_far_rank(PIECE_COLOR(mover), to);
}

static int
capture_order(const struct board *b, move_t m)
{
	int v = search_capture_value(b, m);
	int att = PIECE_TYPE(b->sq[MOVE_FROM(m)]);

	return ORDER_CAPTURE + v * 16 - (att == LION ? 1000 :
	    search_piece_value[att] / 8);
}

/* The continuation key of move m made from b. */
static inline int
cont_key(const struct board *b, move_t m)
{
	int pc = b->sq[MOVE_FROM(m)];

	return (PIECE_COLOR(pc) * NPIECE_TYPES + PIECE_TYPE(pc)) * NSQ +
	    MOVE_TO(m);
}

void
search_push_move(struct search_thread *t, const struct board *b, int ply,
    move_t m)
{
	t->stack[ply] = m;
	t->ckey[ply] = m == MOVE_NONE ? -1 : (int16_t)cont_key(b, m);
}

/* The continuation rows of the moves one and two plies before ply (NULL
 * where there is none, or continuation history is off: no tables). */
static void
cont_rows(const struct search_thread *t, int ply, int16_t *rows[2])
{
	int k;

	rows[0] = rows[1] = NULL;
	if (t->cont == NULL)
		return;
	for (k = 0; k < 2; k++)
		if (ply > k && t->ckey[ply - 1 - k] >= 0)
			rows[k] = t->cont[t->ckey[ply - 1 - k]];
}

void
search_score_moves(struct search_thread *t, const struct board *b,
    struct search_ply *p, int ply, move_t hash_move)
{
	int i, side = b->side;
	bb_t river = b->occ[side] & BB_RIVER & ~b->pieces[side][CROCODILE];
	move_t prev = ply > 0 ? t->stack[ply - 1] : MOVE_NONE;
	move_t counter = prev != MOVE_NONE ?
	    t->counter[side][MOVE_FROM(prev)][MOVE_TO(prev)] : MOVE_NONE;
	int16_t *rows[2];

	cont_rows(t, ply, rows);

	for (i = 0; i < p->ml.n; i++) {
		move_t m = p->ml.moves[i];
		int from = MOVE_FROM(m), to = MOVE_TO(m);

		if (m == hash_move)
			p->score[i] = ORDER_HASH;
		else if (search_is_tactical(b, m))
			p->score[i] = capture_order(b, m);
		else if (m == t->killer[ply][0])
			p->score[i] = ORDER_KILLER + 1;
		else if (m == t->killer[ply][1])
			p->score[i] = ORDER_KILLER;
		else if (m == counter)
			p->score[i] = ORDER_KILLER - 1;
		else if ((river & BB(from)) && SQ_RANK(to) != RIVER_RANK)
			p->score[i] = ORDER_RESCUE +
			    search_piece_value[PIECE_TYPE(b->sq[from])];
		else {
			int k = cont_key(b, m);

			p->score[i] = t->history[side][from][to];
			if (rows[0] != NULL)
				p->score[i] += rows[0][k];
			if (rows[1] != NULL)
				p->score[i] += rows[1][k];
		}
	}
}

void
search_score_captures(const struct board *b, struct search_ply *p)
{
	int i;

	for (i = 0; i < p->ml.n; i++)
		p->score[i] = capture_order(b, p->ml.moves[i]);
}

/* Insertion sort of moves[from..n) by score, best first (stable). */
static void
sort_rest(struct search_ply *p, int from)
{
	int i, j;

	for (i = from + 1; i < p->ml.n; i++) {
		move_t m = p->ml.moves[i];
		int32_t s = p->score[i];

		for (j = i - 1; j >= from && p->score[j] < s; j--) {
			p->ml.moves[j + 1] = p->ml.moves[j];
			p->score[j + 1] = p->score[j];
		}
		p->ml.moves[j + 1] = m;
		p->score[j + 1] = s;
	}
}

/*
 * The first few moves are picked one by one (most nodes are cut off after
 * one or two of them); a node that gets further sorts the rest once,
 * unless lazy (it will prune most of them): then it goes on picking.
 */
move_t
search_pick(struct search_ply *p, int i, bool lazy)
{
	int best = i, j;
	int32_t s;
	move_t m;

	if (!lazy && i == SEARCH_PICK_SORT) {
		sort_rest(p, i);
		return p->ml.moves[i];
	}
	if (!lazy && i > SEARCH_PICK_SORT)
		return p->ml.moves[i];
	for (j = i + 1; j < p->ml.n; j++)
		if (p->score[j] > p->score[best])
			best = j;
	if (best != i) {
		m = p->ml.moves[i];
		p->ml.moves[i] = p->ml.moves[best];
		p->ml.moves[best] = m;
		s = p->score[i];
		p->score[i] = p->score[best];
		p->score[best] = s;
	}
	return p->ml.moves[i];
}

/* A history value moved by bonus, kept within +-HISTORY_MAX. */
static inline int
history_moved(int h, int bonus)
{
	return h + bonus - h * abs(bonus) / HISTORY_MAX;
}

static void
history_add(int32_t *h, int bonus)
{
	*h = history_moved(*h, bonus);
}

static void
cont_add(int16_t *rows[2], int key, int bonus)
{
	int k;

	for (k = 0; k < 2; k++)
		if (rows[k] != NULL)
			rows[k][key] = (int16_t)history_moved(rows[k][key],
			    bonus);
}

/* A quiet move caused a cutoff: remember it; the quiet moves tried before
 * it lose some history. */
void
search_update_quiet(struct search_thread *t, const struct board *b, int ply,
    int depth, move_t best, const move_t *tried, int ntried)
{
	int side = b->side, bonus = depth * depth, i;
	int16_t *rows[2];

	cont_rows(t, ply, rows);
	if (bonus > 400)
		bonus = 400;
	if (t->killer[ply][0] != best) {
		t->killer[ply][1] = t->killer[ply][0];
		t->killer[ply][0] = best;
	}
	history_add(&t->history[side][MOVE_FROM(best)][MOVE_TO(best)], bonus);
	cont_add(rows, cont_key(b, best), bonus);
	if (ply > 0 && t->stack[ply - 1] != MOVE_NONE)
		t->counter[side][MOVE_FROM(t->stack[ply - 1])]
		    [MOVE_TO(t->stack[ply - 1])] = best;
	for (i = 0; i < ntried; i++)
		if (tried[i] != best) {
			history_add(&t->history[side][MOVE_FROM(tried[i])]
			    [MOVE_TO(tried[i])], -bonus);
			cont_add(rows, cont_key(b, tried[i]), -bonus);
		}
}
