/*
 * record_tree.c: a game's move tree (struct record_tree, record.h): the
 * start at the root, each node a move with the position after it, its
 * status by the rules and its annotation; child[0] is the main
 * continuation, the others are variations. The main line is a game's
 * moves; the tree follows the game (record_tree_sync) and keeps the
 * variations hanging from it.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/movegen.h"
#include "record/record.h"
#include "util/util.h"

static int
node_new(struct record_tree *t)
{
	struct record_node *n;

	t->node = xgrow(t->node, t->n, &t->cap, 64, sizeof *t->node);
	n = &t->node[t->n];
	memset(n, 0, sizeof *n);
	n->parent = -1;
	n->move = MOVE_NONE;
	record_note_init(&n->note);
	return t->n++;
}

void
record_tree_init(struct record_tree *t, const struct board *start,
    const struct game_rules *rules)
{
	static const struct game_rules defaults = GAME_RULES_DEFAULT;
	int r;

	memset(t, 0, sizeof *t);
	t->rules = rules != NULL ? *rules : defaults;
	r = node_new(t);
	t->node[r].pos = *start;
	t->node[r].result = game_status(start, NULL, 0, false, &t->rules,
	    &t->node[r].reason);
}

void
record_tree_free(struct record_tree *t)
{
	for (int i = 0; i < t->n; i++) {
		free(t->node[i].child);
		record_note_free(&t->node[i].note);
	}
	free(t->node);
	memset(t, 0, sizeof *t);
}

int
record_tree_child(const struct record_tree *t, int node, move_t m)
{
	const struct record_node *n = &t->node[node];

	for (int i = 0; i < n->nchild; i++)
		if (t->node[n->child[i]].move == m)
			return n->child[i];
	return -1;
}

int
record_tree_main(const struct record_tree *t, int node)
{
	return t->node[node].nchild > 0 ? t->node[node].child[0] : -1;
}

/* The positions from the root to node (node's included): n+1 boards. */
static struct board *
path_boards(const struct record_tree *t, int node, int *n)
{
	int depth = t->node[node].ply, k;
	struct board *b = xmalloc(sizeof *b * (size_t)(depth + 1));

	for (k = depth; node >= 0; node = t->node[node].parent, k--)
		b[k] = t->node[node].pos;
	*n = depth + 1;
	return b;
}

int
record_tree_add(struct record_tree *t, int node, move_t m)
{
	struct move_effects fx;
	struct record_node *n;
	struct board *hist;
	int c = record_tree_child(t, node, m), nh;

	if (c >= 0)
		return c;
	if (t->node[node].result != RESULT_NONE)
		return -1;
	c = node_new(t);
	n = &t->node[c];
	n->move = m;
	n->parent = node;
	n->ply = t->node[node].ply + 1;
	n->pos = t->node[node].pos;
	board_make(&n->pos, m, &fx);
	hist = path_boards(t, node, &nh);
	n->result = game_status(&n->pos, hist, nh, fx.lion_captured,
	    &t->rules, &n->reason);
	free(hist);
	n = &t->node[node];
	n->child = xgrow(n->child, n->nchild, &n->capchild, 2,
	    sizeof *n->child);
	n->child[n->nchild++] = c;
	return c;
}

/* Where node stands among its parent's children, -1 for the root. */
static int
rank_of(const struct record_tree *t, int node)
{
	int p = t->node[node].parent;

	if (p < 0)
		return -1;
	for (int i = 0; i < t->node[p].nchild; i++)
		if (t->node[p].child[i] == node)
			return i;
	return -1;
}

bool
record_tree_on_main(const struct record_tree *t, int node)
{
	for (; t->node[node].parent >= 0; node = t->node[node].parent)
		if (rank_of(t, node) != 0)
			return false;
	return true;
}

int
record_tree_branch(const struct record_tree *t, int node)
{
	while (t->node[node].parent >= 0 && rank_of(t, node) == 0)
		node = t->node[node].parent;
	return node;
}

int
record_tree_promote(struct record_tree *t, int node)
{
	int p = t->node[node].parent, r = rank_of(t, node), *ch;

	if (p < 0 || r <= 0)
		return -1;
	ch = t->node[p].child;
	ch[r] = ch[r - 1];
	ch[r - 1] = node;
	return r - 1;
}

/* A subtree's nodes freed of what they hold and marked dead. */
static void
kill(struct record_tree *t, int node)
{
	struct record_node *n = &t->node[node];

	for (int i = 0; i < n->nchild; i++)
		kill(t, n->child[i]);
	free(n->child);
	n->child = NULL;
	n->nchild = n->capchild = 0;
	record_note_free(&n->note);
	n->dead = true;
}

int
record_tree_delete(struct record_tree *t, int node)
{
	int p = t->node[node].parent, r = rank_of(t, node);
	struct record_node *pn;

	if (p < 0 || r < 0)
		return -1;
	pn = &t->node[p];
	memmove(&pn->child[r], &pn->child[r + 1],
	    sizeof *pn->child * (size_t)(pn->nchild - r - 1));
	pn->nchild--;
	kill(t, node);
	return p;
}

int
record_tree_at_ply(const struct record_tree *t, int ply)
{
	int node = 0;

	while (ply-- > 0 && node >= 0)
		node = record_tree_main(t, node);
	return node;
}

int
record_tree_path(const struct record_tree *t, int node, move_t *moves,
    int max)
{
	int depth = t->node[node].ply, k;

	if (depth > max)
		return -1;
	for (k = depth - 1; node > 0; node = t->node[node].parent, k--)
		moves[k] = t->node[node].move;
	return depth;
}

/* Does the subtree hold anything but a plain line of moves? */
static bool
plain(const struct record_tree *t, int node)
{
	for (; node >= 0; node = record_tree_main(t, node))
		if (t->node[node].nchild > 1 ||
		    !record_note_empty(&t->node[node].note))
			return false;
	return true;
}

void
record_tree_sync(struct record_tree *t, const struct game *g)
{
	int node = 0, want = g->nply + g->nredo, i;

	if (!board_same_position(&t->node[0].pos, &g->pos[0]) ||
	    t->node[0].pos.variant != g->pos[0].variant) {
		struct game_rules r = g->rules;
		record_tree_free(t);
		record_tree_init(t, &g->pos[0], &r);
	}
	for (i = 0; i < want; i++) {
		int main = record_tree_main(t, node), c;
		/* Another move on the main line: the old continuation goes,
		 * as the game's redo moves went, unless it holds variations
		 * or notes (then it stays, as a variation). */
		if (main >= 0 && t->node[main].move != g->moves[i] &&
		    plain(t, main))
			record_tree_delete(t, main);
		/* The game's move (maybe a variation's) is the main one. */
		c = record_tree_add(t, node, g->moves[i]);
		if (c < 0)
			return;
		while (record_tree_promote(t, c) >= 0)
			;
		node = c;
	}
	/* Past the game's moves (and its redo moves) nothing is main. */
	if (record_tree_main(t, node) >= 0)
		record_tree_delete(t, record_tree_main(t, node));
}

int
record_tree_count(const struct record_tree *t)
{
	int n = 0;

	for (int i = 1; i < t->n; i++)
		n += !t->node[i].dead;
	return n;
}

void
record_tree_copy(struct record_tree *dst, const struct record_tree *src)
{
	*dst = *src;
	dst->node = xreallocarray(NULL, (size_t)(src->cap ? src->cap : 1),
	    sizeof *dst->node);
	memcpy(dst->node, src->node, sizeof *dst->node * (size_t)src->n);
	for (int i = 0; i < src->n; i++) {
		struct record_node *n = &dst->node[i];
		if (n->capchild > 0) {
			n->child = xreallocarray(NULL, (size_t)n->capchild,
			    sizeof *n->child);
			memcpy(n->child, src->node[i].child,
			    sizeof *n->child * (size_t)n->nchild);
		}
		record_note_copy(&n->note, &src->node[i].note);
	}
}
