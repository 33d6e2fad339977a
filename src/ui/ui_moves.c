/*
 * ui_moves.c: the lines of the move list: the game's moves two plies a
 * line ("  3. c2c3 c6c5"), after each line the variations of its moves,
 * one a line, indented and in parentheses with the ones nested in them
 * ("      (3. e2e3 e6e5 (3... a6a5) 4. a2a3)"), then the result. Pure
 * text from the session's game and move tree: ui_board.c draws it.
 */
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "record/record.h"
#include "ui/ui_int.h"

#define VAR_INDENT "      "

/* A growing line of text, and where the node looked for landed. */
struct out {
	char *buf;
	size_t n, len;
	int target;             /* the node to find, -1 none */
	int col, width;         /* its column and width, -1 none */
};

static void
put(struct out *o, const char *s)
{
	if (o->len + 1 >= o->n)
		return;
	snprintf(o->buf + o->len, o->n - o->len, "%s", s);
	o->len += strlen(o->buf + o->len);
}

static void
var_line(const struct record_tree *t, int node, struct out *o)
{
	bool num = true;
	char unit[MOVE_TEXT_MAX + 16], mv[MOVE_TEXT_MAX];

	while (node >= 0) {
		const struct record_node *nd = &t->node[node];
		const struct record_node *p = &t->node[nd->parent];
		notation_write(nd->move, mv, sizeof mv);
		if (p->pos.side == WHITE)
			snprintf(unit, sizeof unit, "%u. %s",
			    (unsigned)p->pos.fullmove, mv);
		else if (num)
			snprintf(unit, sizeof unit, "%u... %s",
			    (unsigned)p->pos.fullmove, mv);
		else
			snprintf(unit, sizeof unit, "%s", mv);
		if (o->buf[0] != '\0' && o->buf[o->len - 1] != '(')
			put(o, " ");
		if (node == o->target) {
			o->col = (int)o->len + (int)(strlen(unit) - strlen(mv));
			o->width = (int)strlen(mv);
		}
		put(o, unit);
		num = false;
		if (p->nchild > 1 && p->child[0] == node) {
			for (int k = 1; k < p->nchild; k++) {
				put(o, " (");
				var_line(t, p->child[k], o);
				put(o, ")");
			}
			num = true;
		}
		node = record_tree_main(t, node);
	}
}

/* The variations hanging from the game's ply p: their roots. */
static int
roots(const struct session *s, int p, const int **child)
{
	int node;

	if (s->tree.node == NULL || p < 0 || p >= s->game.nply)
		return 0;
	node = record_tree_at_ply(&s->tree, p);
	if (node < 0 || s->tree.node[node].nchild < 2)
		return 0;
	/* Only while the tree follows the game there. */
	if (s->tree.node[s->tree.node[node].child[0]].move != s->game.moves[p])
		return 0;
	*child = s->tree.node[node].child + 1;
	return s->tree.node[node].nchild - 1;
}

/* Is node in the subtree of root? */
static bool
under(const struct record_tree *t, int node, int root)
{
	for (; node > 0; node = t->node[node].parent)
		if (node == root)
			return true;
	return false;
}

/* The main line k's text (as before variations), its plies and columns. */
static void
main_line(const struct session *s, int k, char *buf, size_t n, int ply[2],
    int col[2])
{
	const struct game *g = &s->game;
	const struct board *st = &g->pos[0];
	int off = st->side == BLACK, p1 = 2 * k - off, len;
	char m1[MOVE_TEXT_MAX + 16], m2[MOVE_TEXT_MAX + 16];

	if (p1 >= 0)
		session_move_label(s, p1, m1, sizeof m1);
	else
		snprintf(m1, sizeof m1, "...");
	m2[0] = '\0';
	if (p1 + 1 < g->nply)
		session_move_label(s, p1 + 1, m2, sizeof m2);
	len = snprintf(buf, n, "%3u. %s", (unsigned)(st->fullmove + k), m1);
	if (p1 >= 0) {
		ply[0] = p1;
		col[0] = 5;
	}
	if (m2[0] != '\0') {
		ply[1] = p1 + 1;
		col[1] = len + 1;
		snprintf(buf + len, n - (size_t)len, " %s", m2);
	}
}

/* The full text of a variation line ("      (3. e2e3 ... )") and where
 * the move shown is in it. */
static void
var_text(const struct session *s, int root, char *buf, size_t n, int *hc,
    int *hw)
{
	struct out o = { buf, n, 0, -1, -1, -1 };

	o.target = s->var;
	buf[0] = '\0';
	put(&o, VAR_INDENT "(");
	var_line(&s->tree, root, &o);
	put(&o, ")");
	*hc = o.col;
	*hw = o.width;
}

/* Cut text into lines of w columns at blanks (the later ones indented
 * by CONT columns): each line's first byte into start, their count. */
#define CONT 7
static int
chunks(const char *t, int w, int *start, int max)
{
	int len = (int)strlen(t), at = 0, n = 0;

	while (at < len && n < max) {
		int room = n == 0 ? w : w - CONT, end = at + room, cut;
		if (room < 8)
			room = 8, end = at + room;
		start[n++] = at;
		if (end >= len)
			break;
		for (cut = end; cut > at && t[cut] != ' '; cut--)
			;
		if (cut == at)
			cut = end;
		at = cut;
		while (t[at] == ' ')
			at++;
	}
	return n > 0 ? n : 1;
}

#define CHUNKS_MAX 64

int
ui_moves_line(const struct session *s, int w, int k, char *buf, size_t n,
    int ply[2], int col[2], int hl[3])
{
	const struct game *g = &s->game;
	int off = g->pos[0].side == BLACK, nmove = (g->nply + off + 1) / 2;
	int line = 0, mk, q, i, j, nr, nc, hc, hw, start[CHUNKS_MAX];
	const int *root = NULL;
	char text[1024];

	if (ply != NULL)
		ply[0] = ply[1] = col[0] = col[1] = -1;
	if (hl != NULL)
		hl[0] = hl[1] = -1, hl[2] = 0;
	for (mk = 0; mk < nmove; mk++) {
		if (line++ == k) {
			main_line(s, mk, buf, n, ply, col);
			return -1;
		}
		for (q = 0; q < 2; q++) {
			nr = roots(s, 2 * mk - off + q, &root);
			for (i = 0; i < nr; i++) {
				var_text(s, root[i], text, sizeof text, &hc,
				    &hw);
				nc = chunks(text, w, start, CHUNKS_MAX);
				if (k < line || k >= line + nc) {
					line += nc;
					continue;
				}
				j = k - line;
				{
					int end = j + 1 < nc ? start[j + 1] :
					    (int)strlen(text), pre = j ? CONT : 0;
					while (end > start[j] &&
					    text[end - 1] == ' ')
						end--;
					snprintf(buf, n, "%*s%.*s", pre, "",
					    end - start[j], text + start[j]);
					if (hc >= start[j] && hc < end) {
						hl[0] = hc - start[j] + pre;
						hl[1] = hw;
					}
				}
				hl[2] = 1;
				return -1;
			}
		}
	}
	if (game_over(g) && line++ == k) {
		session_result_label(s, buf, n);
		return -1;
	}
	return line;
}

int
ui_moves_shown_line(const struct session *s, int w)
{
	const struct game *g = &s->game;
	int off = g->pos[0].side == BLACK, nmove = (g->nply + off + 1) / 2;
	int line = 0, mk, q, i, j, nr, nc, hc, hw, want, start[CHUNKS_MAX];
	const int *root = NULL;
	char text[1024];

	if (s->review < 0)
		return -1;
	/* The game's ply shown: the line of its last move. */
	want = s->review > 0 ? (s->review - 1 + off) / 2 : 0;
	for (mk = 0; mk < nmove; mk++) {
		if (mk == want && s->var <= 0)
			return line;
		line++;
		for (q = 0; q < 2; q++) {
			nr = roots(s, 2 * mk - off + q, &root);
			for (i = 0; i < nr; i++) {
				var_text(s, root[i], text, sizeof text, &hc,
				    &hw);
				nc = chunks(text, w, start, CHUNKS_MAX);
				if (s->var > 0 && under(&s->tree, s->var,
				    root[i])) {
					for (j = nc - 1; j > 0 &&
					    start[j] > hc; j--)
						;
					return line + j;
				}
				line += nc;
			}
		}
	}
	return line > 0 ? line - 1 : 0;
}

/* The first line of the list to show: the newest, unless scrolled back
 * or reviewing an earlier ply. */
int
ui_moves_first(struct ui_app *a, int nlines, int room)
{
	const struct session *s = &a->s;
	int first, line;

	if (a->scroll > nlines - room)
		a->scroll = nlines - room > 0 ? nlines - room : 0;
	if (a->scroll < 0)
		a->scroll = 0;
	first = nlines - room - a->scroll;
	if (s->review >= 0 && room > 0) {
		line = ui_moves_shown_line(s, a->lay.panel_w);
		if (line < first)
			first = line;
		if (line >= first + room)
			first = line - room + 1;
	}
	return first < 0 ? 0 : first;
}

/* Where the move list was last drawn, for clicks (the view's own state,
 * as curses' screen is, and as the graph's). */
static struct {
	int y, x, w, rows, first;
	int nply;
} drawn;

void
ui_moves_drawn(const struct session *s, int y, int x, int w, int first,
    int rows)
{
	drawn.y = y;
	drawn.x = x;
	drawn.w = w;
	drawn.first = first;
	drawn.rows = rows;
	drawn.nply = s->game.nply;
}

bool
ui_moves_click(struct ui_app *a, int my, int mx)
{
	struct session_cmd cmd;
	char buf[256];
	int ply[2], col[2], hl[3], k, p = -1;

	if (drawn.rows <= 0 || my < drawn.y || my >= drawn.y + drawn.rows ||
	    mx < drawn.x || mx >= drawn.x + drawn.w ||
	    drawn.nply != a->s.game.nply)
		return false;
	ui_moves_line(&a->s, drawn.w, drawn.first + my - drawn.y, buf,
	    sizeof buf, ply, col, hl);
	/* The move whose text starts at or before the click (the number
	 * before White's move is White's). */
	for (k = 0; k < 2; k++)
		if (ply[k] >= 0 && (p < 0 || mx - drawn.x >= col[k]))
			p = ply[k];
	if (p < 0)
		return true;        /* a variation's line, the result */
	memset(&cmd, 0, sizeof cmd);
	cmd.type = CMD_REVIEW_TO;
	snprintf(cmd.arg, sizeof cmd.arg, "%d", p + 1);
	app_command(a, &cmd);
	return true;
}
