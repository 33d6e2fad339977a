/*
 * session_variation.c: variations (issue 24 section 3). The game is the
 * main line; its move tree (struct record_tree, src/record) follows it and
 * holds the variations. While reviewing, the cursor walks the tree: on the
 * main line it is s->review (a ply), in a variation s->var (a node). A move
 * played while reviewing starts a variation, or goes on with the one
 * shown; ( enters the variations of the next move, ) leaves one, P
 * promotes it, D deletes it; undo and redo inside a variation take back
 * and replay its last move without touching the game.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/notation.h"
#include "record/record.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/session_net.h"
#include "session/session_var.h"
#include "util/i18n.h"
#include "util/util.h"

void
session_tree_sync(struct session *s)
{
	if (!s->have_game)
		return;
	if (s->tree.node == NULL)
		record_tree_init(&s->tree, &s->game.pos[0], &s->game.rules);
	record_tree_sync(&s->tree, &s->game);
	/* A node no longer there (the game changed under it). */
	if (s->var > 0 && (s->var >= s->tree.n || s->tree.node[s->var].dead))
		session_var_leave_all(s);
}

void
session_var_leave_all(struct session *s)
{
	s->var = 0;
	s->nvar_redo = 0;
}

/* The node the board shows: the variation's, the reviewed ply's, or the
 * live position's. */
int
session_var_node(const struct session *s)
{
	int n;

	if (s->var > 0)
		return s->var;
	n = record_tree_at_ply(&s->tree, s->review >= 0 ? s->review :
	    s->game.nply);
	return n < 0 ? 0 : n;
}

/* Show node: a main-line node is a ply to review, another a variation
 * (review then holds the ply where it leaves the game). */
static void
show(struct session *s, int node)
{
	int at = node;

	while (!record_tree_on_main(&s->tree, at))
		at = s->tree.node[at].parent;
	if (s->review < 0)
		s->review_seen = s->game.nply;
	s->var = at == node ? 0 : node;
	s->review = s->tree.node[at].ply;
	if (s->review >= s->game.nply)
		s->review = s->var > 0 ? s->game.nply : -1;
	s->serial++;
	s->dirty = true;
}

/* "3... d6d5" */
static void
move_name(const struct session *s, int node, char *buf, size_t n)
{
	const struct record_node *nd = &s->tree.node[node];
	const struct board *b = &s->tree.node[nd->parent].pos;
	char mv[MOVE_TEXT_MAX];

	notation_write(nd->move, mv, sizeof mv);
	snprintf(buf, n, "%d%s %s", b->fullmove, b->side == WHITE ? "." :
	    "...", mv);
}

const char *
session_var_refused(const struct session *s)
{
	const struct session_net *u = s->net;

	/* Not in a network game one plays (its moves go to the server),
	 * rated or not; nor where analysis is not allowed (a lesson). */
	if (u != NULL && u->on && u->seat >= 0 && !game_over(&s->game))
		return "not allowed in a network game";
	if (s->hooks.noanalysis != NULL)
		return s->hooks.noanalysis(s->hooks.ctx);
	return NULL;
}

void
session_var_play(struct session *s, move_t m)
{
	int node, main, c;
	char name[MOVE_TEXT_MAX + 24];
	const char *why = session_var_refused(s);

	if (why != NULL) {
		session_msg(s, SM_ERROR, "%s", why);
		return;
	}
	session_tree_sync(s);
	node = session_var_node(s);
	if (s->tree.node[node].result != RESULT_NONE) {
		session_msg(s, SM_ERROR, s->typed ? _("the game is over here: "
		    "back steps back") : _("the game is over here: [ steps "
		    "back"));
		return;
	}
	main = record_tree_main(&s->tree, node);
	if (main >= 0 && s->tree.node[main].move == m &&
	    record_tree_on_main(&s->tree, main)) {
		/* The game's own move: step on along the game. */
		show(s, main);
		session_msg(s, SM_NORMAL, _("the game's move (} back to the game)"));
		return;
	}
	c = record_tree_child(&s->tree, node, m);
	if (c < 0)
		c = record_tree_add(&s->tree, node, m);
	if (c < 0) {
		session_msg(s, SM_ERROR, _("the game is over here"));
		return;
	}
	s->nvar_redo = 0;
	show(s, c);
	move_name(s, c, name, sizeof name);
	session_msg(s, SM_GOOD, _("variation: %s  (undo takes it back, ) leaves, "
	    "P promotes, D deletes)"), name);
}

/* [ ] { } inside the tree: true when taken. */
bool
session_var_review(struct session *s, enum session_cmd_type t)
{
	int p, c;

	if (s->var <= 0)
		return false;
	switch (t) {
	case CMD_REVIEW_BACK:
		p = s->tree.node[s->var].parent;
		show(s, p);
		return true;
	case CMD_REVIEW_FORWARD:
		c = record_tree_main(&s->tree, s->var);
		if (c < 0)
			session_msg(s, SM_NORMAL, _("the end of this variation: "
			    ") leaves it"));
		else
			show(s, c);
		return true;
	default:
		/* { and }: the game's start or its live position */
		s->var = 0;
		s->nvar_redo = 0;
		s->serial++;
		return false;
	}
}

/* (: the first variation of the next move, or the next one of those. */
static void
enter(struct session *s)
{
	int node = session_var_node(s), p = s->tree.node[node].parent, k;
	const struct record_node *pn;

	/* On a variation's first move, among others: the next one. */
	if (s->var > 0 && p >= 0 && record_tree_branch(&s->tree, node) ==
	    node && s->tree.node[p].nchild > 2) {
		pn = &s->tree.node[p];
		for (k = 1; k < pn->nchild && pn->child[k] != node; k++)
			;
		show(s, pn->child[k + 1 < pn->nchild ? k + 1 : 1]);
		return;
	}
	pn = &s->tree.node[node];
	if (pn->nchild < 2) {
		session_msg(s, SM_ERROR, _("no variation of the next move here "
		    "(play a move while reviewing to start one)"));
		return;
	}
	show(s, pn->child[1]);
}

/* ): back to the position the variation leaves from. */
static void
leave(struct session *s)
{
	if (s->var <= 0) {
		session_msg(s, SM_ERROR, _("not in a variation"));
		return;
	}
	s->nvar_redo = 0;
	show(s, s->tree.node[record_tree_branch(&s->tree, s->var)].parent);
}

/* The game made the tree's main line again (a variation promoted to it):
 * replayed from the start, as a loaded game is. */
static int
rebuild_game(struct session *s)
{
	move_t *path = xmalloc(sizeof *path * (size_t)s->tree.n);
	struct game g;
	char err[160];
	int node = 0, n = 0, i;

	for (node = record_tree_main(&s->tree, 0); node >= 0;
	    node = record_tree_main(&s->tree, node))
		path[n++] = s->tree.node[node].move;
	game_init(&g, &s->game.pos[0], &s->game.rules);
	for (i = 0; i < n; i++)
		if (game_play(&g, path[i], err, sizeof err) != 0)
			break;
	free(path);
	session_cancel_turns(s);
	game_free(&s->game);
	s->game = g;
	return 0;
}

static void
promote(struct session *s)
{
	int b, p, rank, cur = s->var;

	if (s->var <= 0) {
		session_msg(s, SM_ERROR, s->typed ? _("not in a variation: "
		    "variation enters one") : _("not in a variation: ( enters "
		    "one"));
		return;
	}
	b = record_tree_branch(&s->tree, s->var);
	p = s->tree.node[b].parent;
	if (record_tree_on_main(&s->tree, p) &&
	    s->tree.node[p].child[1] == b) {
		/* It would become the game's main line. */
		if (s->clocked || session_human_count(s) < 2) {
			session_msg(s, SM_ERROR, "%s", s->clocked ?
			    _("the main line is the game played on the "
			    "clock: promote to it between two humans without "
			    "a clock") : _("the main line is the game played "
			    "against the AI: promote to it between two humans "
			    "without a clock"));
			return;
		}
		record_tree_promote(&s->tree, b);
		rebuild_game(s);
		record_tree_sync(&s->tree, &s->game);
		s->var = 0;
		s->review = -1;
		session_position_changed(s);
		show(s, cur);
		session_msg(s, SM_GOOD, _("the variation is the main line now: "
		    "the game goes on from it (the old line is a variation)"));
		session_turn(s);
		return;
	}
	rank = record_tree_promote(&s->tree, b);
	show(s, s->var);
	session_msg(s, SM_GOOD, "variation promoted (%s)", rank == 0 ?
	    _("the main one of its line") : _("one place up"));
}

static void
delete(struct session *s)
{
	int b, p;

	if (s->var <= 0) {
		session_msg(s, SM_ERROR, s->typed ? _("not in a variation (the "
		    "main line is the game: undo undoes its moves)") : _("not "
		    "in a variation (the main line is the game: u undoes its "
		    "moves)"));
		return;
	}
	b = record_tree_branch(&s->tree, s->var);
	p = record_tree_delete(&s->tree, b);
	s->var = 0;
	s->nvar_redo = 0;
	show(s, p);
	session_msg(s, SM_GOOD, _("variation deleted"));
}

bool
session_var_command(struct session *s, const struct session_cmd *cmd)
{
	const char *why;

	switch (cmd->type) {
	case CMD_VAR_ENTER:
	case CMD_VAR_LEAVE:
	case CMD_VAR_PROMOTE:
	case CMD_VAR_DELETE:
		break;
	default:
		return false;
	}
	if ((why = session_var_refused(s)) != NULL) {
		session_msg(s, SM_ERROR, "%s", why);
		return true;
	}
	session_tree_sync(s);
	switch (cmd->type) {
	case CMD_VAR_ENTER:
		enter(s);
		break;
	case CMD_VAR_LEAVE:
		leave(s);
		break;
	case CMD_VAR_PROMOTE:
		promote(s);
		break;
	default:
		delete(s);
		break;
	}
	return true;
}

/* Undo inside a variation: its last move (the one shown, when nothing
 * follows it) is taken back and kept for redo. */
bool
session_var_undo(struct session *s)
{
	int p;
	move_t m;

	if (s->var <= 0)
		return false;
	p = s->tree.node[s->var].parent;
	if (s->tree.node[s->var].nchild > 0) {
		show(s, p);
		session_msg(s, SM_NORMAL, _("one move back (the variation goes on "
		    "after it: D deletes it)"));
		return true;
	}
	m = s->tree.node[s->var].move;
	record_tree_delete(&s->tree, s->var);
	if (s->nvar_redo < SESSION_VAR_REDO)
		s->var_redo[s->nvar_redo++] = m;
	s->var = 0;
	show(s, p);
	s->var_redo_at = p;
	session_msg(s, SM_NORMAL, "%s", s->typed ? _("took back the "
	    "variation's move (redo replays it)") : _("took back the "
	    "variation's move (Ctrl-R replays it)"));
	return true;
}

bool
session_var_redo(struct session *s)
{
	int node, c;

	if (s->nvar_redo == 0 || s->review < 0)
		return false;
	node = session_var_node(s);
	if (node != s->var_redo_at) {
		s->nvar_redo = 0;
		return false;
	}
	c = record_tree_add(&s->tree, node, s->var_redo[--s->nvar_redo]);
	if (c < 0)
		return false;
	show(s, c);
	s->var_redo_at = c;
	session_msg(s, SM_NORMAL, _("replayed the variation's move"));
	return true;
}

/* The game saved with its variations (the clocks, clk[i] after ply i,
 * -1 none, may be NULL). */
int
session_var_save(struct session *s, const char *path, const int64_t *clk,
    char *err, size_t errlen)
{
	struct record_notes ns;
	int rc;

	session_tree_sync(s);
	record_notes_init(&ns);
	for (int i = 0; clk != NULL && i < s->game.nply; i++)
		if (clk[i] >= 0)
			record_notes_at(&ns, i)->clk_ms = clk[i];
	rc = record_save_tree(path, &s->game, &s->tags, &ns, &s->tree, err,
	    errlen);
	record_notes_free(&ns);
	return rc;
}

/* After a load: the variations of the record (game index of path), read
 * again for its tree; none when it does not read the same way. */
void
session_var_loaded(struct session *s, const char *path, int index)
{
	struct record_notes ns;
	struct record_tree t;
	struct game g;
	FILE *f = fopen(path, "r");

	record_tree_free(&s->tree);
	session_var_leave_all(s);
	if (f != NULL && record_read_tree(f, path, index, &g, NULL,
	    &s->conf.rules, &ns, &t, NULL, 0) == 0) {
		s->tree = t;
		game_free(&g);
	} else if (f != NULL)
		record_tree_free(&t);
	if (f != NULL) {
		record_notes_free(&ns);
		fclose(f);
	}
	session_tree_sync(s);
}

/* The positions before the variation's shown one, from the start (for a
 * search's repetition rules): their count; *out malloc'd, NULL if none. */
int
session_var_history(const struct session *s, struct board **out)
{
	int node = s->var > 0 ? s->var : 0, n = s->tree.node[node].ply, k;
	struct board *b;

	*out = NULL;
	if (n == 0)
		return 0;
	b = xmalloc(sizeof *b * (size_t)n);
	for (k = n - 1, node = s->tree.node[node].parent; node >= 0 && k >= 0;
	    node = s->tree.node[node].parent, k--)
		b[k] = s->tree.node[node].pos;
	*out = b;
	return n;
}
