/*
 * record_rav.c: reading variations, RAV's parentheses nested in the move
 * text (the format is in record.h and congo(6), GAME RECORD FORMAT). The
 * reader (record_read.c) plays the main line on the game and hands every
 * move, '(' and ')' here: the tree grows beside the game, each variation
 * an alternative to the move before its '(', checked by the rules there.
 */
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "record/record.h"
#include "record/record_int.h"

void
record_rav_begin(struct record_rav *r, struct record_tree *tree,
    const struct game *g)
{
	memset(r, 0, sizeof *r);
	r->tree = tree != NULL ? tree : &r->own;
	record_tree_free(r->tree);      /* a zeroed one, or a game's before */
	record_tree_init(r->tree, &g->pos[0], &g->rules);
	record_note_init(&r->pend);
}

void
record_rav_end(struct record_rav *r)
{
	if (r->tree == &r->own)
		record_tree_free(&r->own);
	record_note_free(&r->pend);
}

int
record_rav_open(struct record_rav *r, int line, char *why, size_t n)
{
	if (r->cur == 0 || r->fresh) {
		snprintf(why, n, "a variation '(' must follow the move it "
		    "replaces");
		return -1;
	}
	if (r->depth == RECORD_RAV_DEPTH_MAX) {
		snprintf(why, n, "variations nested too deep (at most %d)",
		    RECORD_RAV_DEPTH_MAX);
		return -1;
	}
	r->back[r->depth] = r->cur;
	r->line[r->depth] = line;
	r->depth++;
	r->cur = r->tree->node[r->cur].parent;
	r->fresh = true;
	return 0;
}

int
record_rav_close(struct record_rav *r, char *why, size_t n)
{
	if (r->depth == 0) {
		snprintf(why, n, "')' without '('");
		return -1;
	}
	if (r->fresh) {
		snprintf(why, n, "an empty variation '()'");
		return -1;
	}
	r->depth--;
	r->cur = r->back[r->depth];
	r->fresh = false;
	return 0;
}

const struct board *
record_rav_board(const struct record_rav *r)
{
	return &r->tree->node[r->cur].pos;
}

enum game_result
record_rav_result(const struct record_rav *r, enum game_reason *why)
{
	*why = r->tree->node[r->cur].reason;
	return r->tree->node[r->cur].result;
}

void
record_rav_main(struct record_rav *r, move_t m)
{
	int c = record_tree_add(r->tree, r->cur, m);

	if (c < 0)
		return;
	while (record_tree_promote(r->tree, c) >= 0)
		;
	r->cur = c;
}

int
record_rav_move(struct record_rav *r, move_t m, char *why, size_t n)
{
	struct record_tree *t = r->tree;
	int c;

	/* The first move of a variation replaces the one before '(': it
	 * cannot be that same move. */
	if (r->fresh && t->node[r->back[r->depth - 1]].move == m) {
		char mv[MOVE_TEXT_MAX];
		notation_write(m, mv, sizeof mv);
		snprintf(why, n, "the variation repeats the move it replaces "
		    "(%s)", mv);
		return -1;
	}
	c = record_tree_add(t, r->cur, m);
	if (c < 0) {
		snprintf(why, n, "a move after the end of the variation's game");
		return -1;
	}
	if (r->fresh && !record_note_empty(&r->pend)) {
		/* A comment before the variation's first move is its. */
		if (record_note_empty(&t->node[c].note)) {
			t->node[c].note = r->pend;
			record_note_init(&r->pend);
		} else
			record_note_free(&r->pend);
	}
	r->fresh = false;
	r->cur = c;
	return 0;
}

struct record_note *
record_rav_note(struct record_rav *r)
{
	return r->fresh ? &r->pend : &r->tree->node[r->cur].note;
}
