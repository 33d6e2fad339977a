/*
 * record_write.c: writing a game record (the format is in record.h and
 * congo(6), GAME RECORD FORMAT).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "record/record.h"
#include "record/record_int.h"
#include "util/util.h"

#define LINE_MAX_COLS 79

/* The tags written first, in this order. */
static const char *const fixed_order[] = {
	"Event", "Site", "Date", "Round", "White", "Black", "Variant", "FEN",
	"Result", "Termination", NULL
};

static int
write_tag(FILE *f, const char *name, const char *value)
{
	if (fprintf(f, "[%s \"", name) < 0)
		return -1;
	for (const char *p = value; *p != '\0'; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '"' || c == '\\') {
			if (putc('\\', f) == EOF)
				return -1;
		} else if (c < 0x20 || c == 0x7f)
			c = ' ';
		if (putc(c, f) == EOF)
			return -1;
	}
	return fputs("\"]\n", f) == EOF ? -1 : 0;
}

static bool
is_fixed(const char *name)
{
	for (int i = 0; fixed_order[i] != NULL; i++)
		if (strcmp(fixed_order[i], name) == 0)
			return true;
	return false;
}

/* The game's ending as Termination names it: the reason's name, PGN's
 * "time forfeit" for a loss on time (so also a resignation the caller's
 * tag says was one, as congo --match wrote it); an ending the game does
 * not know (REASON_NONE) is left out: read back as a resignation. */
static const char *
termination(const struct game *g, const char *v)
{
	if (!game_over(g))
		return "";
	if (g->reason == REASON_TIME || (g->reason == REASON_RESIGN &&
	    v != NULL && (strcmp(v, "time forfeit") == 0 ||
	    strcmp(v, "time-forfeit") == 0)))
		return "time forfeit";
	return g->reason != REASON_NONE ? game_reason_name(g->reason) : "";
}

/* The value of a fixed tag: the game's own for Variant, FEN, Result and
 * Termination (but a time forfeit the caller names), else the caller's;
 * "" means not written. */
static const char *
fixed_value(const char *name, const struct game *g,
    const struct record_tags *tags, char *fen, size_t n)
{
	const char *v = tags != NULL ? record_tag_get(tags, name) : NULL;

	/* Every variant by its title, capitalised alike ("Congo",
	 * "Megapawn"); reading takes any case, so the lower case ones
	 * written before still read. */
	if (strcmp(name, "Variant") == 0)
		return variant_get(g->variant)->title;
	if (strcmp(name, "FEN") == 0) {
		fen_write(&g->pos[0], fen, n);
		return strcmp(fen, variant_start_fen(g->variant)) != 0 ? fen :
		    "";
	}
	if (strcmp(name, "Result") == 0)
		return record_result_text(g->result);
	if (strcmp(name, "Termination") == 0)
		return termination(g, v);
	if (v != NULL && v[0] != '\0')
		return v;
	if (strcmp(name, "Date") == 0)
		return "????.??.??";
	if (strcmp(name, "Event") == 0 || strcmp(name, "White") == 0 ||
	    strcmp(name, "Black") == 0)
		return "?";
	return "";
}

/* Move text, wrapped: each unit ("12. d2d3" or "d6d5") stays whole. */
struct wrap {
	FILE *f;
	int col;
	int err;
	int open;       /* '(' to put before the next unit (a variation) */
};

static void
put_unit(struct wrap *w, const char *s0)
{
	char buf[MOVE_TEXT_MAX + 64];
	const char *s = s0;
	int len;

	if (w->open > 0 && strlen(s0) + (size_t)w->open < sizeof buf) {
		snprintf(buf, sizeof buf, "%.*s%s", w->open,
		    "((((((((((((((((((((((((((((((((", s0);
		s = buf;
	}
	w->open = 0;
	len = (int)strlen(s);

	if (w->col > 0 && w->col + 1 + len > LINE_MAX_COLS) {
		if (putc('\n', w->f) == EOF)
			w->err = -1;
		w->col = 0;
	} else if (w->col > 0) {
		if (putc(' ', w->f) == EOF)
			w->err = -1;
		w->col++;
	}
	if (fputs(s, w->f) == EOF)
		w->err = -1;
	w->col += len;
}

/* A comment, word by word (a line break may come between words; a word
 * longer than a line gets a line of its own). */
static void
put_comment(struct wrap *w, const char *body)
{
	const char *p = body;
	char *word = xmalloc(strlen(body) + 3);
	bool first = true;

	while (*p != '\0') {
		size_t len = strcspn(p, " ");
		const char *next = p + len + strspn(p + len, " ");
		snprintf(word, strlen(body) + 3, "%s%.*s%s", first ? "{" : "",
		    (int)len, p, *next == '\0' ? "}" : "");
		put_unit(w, word);
		first = false;
		p = next;
	}
	free(word);
}

/* What follows ply i: its NAGs and its comment. */
static void
put_note(struct wrap *w, const struct record_note *n)
{
	char unit[8], *body;

	for (int k = 0; k < n->nnag; k++) {
		snprintf(unit, sizeof unit, "$%d", n->nag[k]);
		put_unit(w, unit);
	}
	body = record_comment_text(n);
	if (body[0] != '\0')
		put_comment(w, body);
	free(body);
}

/* A variation's end: ')' after the last unit, no blank before it. */
static void
put_close(struct wrap *w)
{
	if (w->col + 1 > LINE_MAX_COLS) {
		if (putc('\n', w->f) == EOF)
			w->err = -1;
		w->col = 0;
	}
	if (putc(')', w->f) == EOF)
		w->err = -1;
	w->col++;
}

/* A move: "12. d2d3", "12... d6d5" (Black's first in a line, or after a
 * variation), or "d6d5". */
static void
put_move(struct wrap *w, const struct board *before, move_t m, bool num)
{
	char unit[MOVE_TEXT_MAX + 16], mv[MOVE_TEXT_MAX];

	notation_write(m, mv, sizeof mv);
	if (before->side == WHITE)
		snprintf(unit, sizeof unit, "%d. %s", before->fullmove, mv);
	else if (num)
		snprintf(unit, sizeof unit, "%d... %s", before->fullmove, mv);
	else
		snprintf(unit, sizeof unit, "%s", mv);
	put_unit(w, unit);
}

static void put_line(struct wrap *w, const struct record_tree *t, int node);

/* The variations of node's parent other than node (node is the move
 * they replace): each in parentheses. True when some were written. */
static bool
put_variations(struct wrap *w, const struct record_tree *t, int node)
{
	const struct record_node *p = &t->node[t->node[node].parent];
	bool any = false;

	if (p->nchild == 0 || p->child[0] != node)
		return false;
	for (int k = 1; k < p->nchild; k++) {
		w->open++;
		put_line(w, t, p->child[k]);
		put_close(w);
		any = true;
	}
	return any;
}

/* A line of the tree from node (a move), its variations nested. */
static void
put_line(struct wrap *w, const struct record_tree *t, int node)
{
	bool num = true;

	while (node >= 0) {
		const struct record_node *n = &t->node[node];
		put_move(w, &t->node[n->parent].pos, n->move, num);
		if (!record_note_empty(&n->note))
			put_note(w, &n->note);
		num = put_variations(w, t, node);
		node = record_tree_main(t, node);
	}
}

/* ns made with the clocks clk (one a ply of g, -1 for none; NULL: none),
 * to free with record_notes_free. */
static void
notes_of_clk(struct record_notes *ns, const struct game *g,
    const int64_t *clk)
{
	record_notes_init(ns);
	for (int i = 0; clk != NULL && i < g->nply; i++)
		if (clk[i] >= 0)
			record_notes_at(ns, i)->clk_ms = clk[i];
}

int
record_write(FILE *f, const struct game *g, const struct record_tags *tags)
{
	return record_write_notes(f, g, tags, NULL);
}

int
record_write_clk(FILE *f, const struct game *g,
    const struct record_tags *tags, const int64_t *clk)
{
	struct record_notes ns;
	int rc;

	notes_of_clk(&ns, g, clk);
	rc = record_write_notes(f, g, tags, &ns);
	record_notes_free(&ns);
	return rc;
}

int
record_write_notes(FILE *f, const struct game *g,
    const struct record_tags *tags, const struct record_notes *notes)
{
	return record_write_tree(f, g, tags, notes, NULL);
}

int
record_write_tree(FILE *f, const struct game *g,
    const struct record_tags *tags, const struct record_notes *notes,
    const struct record_tree *tree)
{
	struct wrap w = { f, 0, 0, 0 };
	char fen[FEN_MAX];
	int i, written = 0, node = 0;
	bool num = true;

	for (i = 0; fixed_order[i] != NULL; i++) {
		const char *v = fixed_value(fixed_order[i], g, tags, fen,
		    sizeof fen);
		if (v[0] == '\0')
			continue;
		if (write_tag(f, fixed_order[i], v) != 0)
			return -1;
		written++;
	}
	/* The reader takes at most RECORD_TAG_MAX tags: the fixed ones
	 * written above may push the last of the others out. */
	for (i = 0; tags != NULL && i < tags->n; i++) {
		if (is_fixed(tags->name[i]))
			continue;
		if (written == RECORD_TAG_MAX)
			break;
		if (write_tag(f, tags->name[i], tags->value[i]) != 0)
			return -1;
		written++;
	}
	if (putc('\n', f) == EOF)
		return -1;
	if (notes != NULL && ((notes->intro != NULL && notes->intro[0] != '\0')
	    || notes->start_has_eval)) {
		struct record_note intro;
		record_note_init(&intro);
		intro.text = notes->intro;
		intro.has_eval = notes->start_has_eval;
		intro.eval_cp = notes->start_cp;
		intro.eval_mate = notes->start_mate;
		put_note(&w, &intro);
	}

	/* The main line is the game's; the tree, while it follows the
	 * game, gives the variations. */
	if (tree != NULL && (tree->n == 0 ||
	    !board_same_position(&tree->node[0].pos, &g->pos[0])))
		tree = NULL;
	for (i = 0; i < g->nply; i++) {
		const struct record_note *n = record_notes_get(notes, i);
		put_move(&w, &g->pos[i], g->moves[i], num);
		if (n != NULL && !record_note_empty(n))
			put_note(&w, n);
		num = false;
		if (tree != NULL && node >= 0) {
			node = record_tree_main(tree, node);
			if (node >= 0 && tree->node[node].move != g->moves[i])
				node = -1;
			if (node >= 0)
				num = put_variations(&w, tree, node);
		}
	}
	put_unit(&w, record_result_text(g->result));
	if (putc('\n', f) == EOF || w.err != 0 || ferror(f))
		return -1;
	return 0;
}

int
record_save(const char *path, const struct game *g,
    const struct record_tags *tags, char *err, size_t errlen)
{
	return record_save_notes(path, g, tags, NULL, err, errlen);
}

int
record_save_clk(const char *path, const struct game *g,
    const struct record_tags *tags, const int64_t *clk, char *err,
    size_t errlen)
{
	struct record_notes ns;
	int rc;

	notes_of_clk(&ns, g, clk);
	rc = record_save_notes(path, g, tags, &ns, err, errlen);
	record_notes_free(&ns);
	return rc;
}

/* (Added) The folder holding path, synced, so that the rename that put
 * the record there survives a crash too. */
static int
sync_dir(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	int fd, rc;

	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = fsync(fd);
	/* some file systems cannot sync a folder: not an error */
	if (rc != 0 && (errno == EINVAL || errno == ENOTSUP))
		rc = 0;
	close(fd);
	return rc;
}

int
record_save_notes(const char *path, const struct game *g,
    const struct record_tags *tags, const struct record_notes *notes,
    char *err, size_t errlen)
{
	return record_save_tree(path, g, tags, notes, NULL, err, errlen);
}

int
record_save_tree(const char *path, const struct game *g,
    const struct record_tags *tags, const struct record_notes *notes,
    const struct record_tree *tree, char *err, size_t errlen)
{
	char tmp[4096];
	FILE *f;
	int fd, saved;

	/* Write a temporary file beside it, then rename: an old record is
	 * never left half written. */
	if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >=
	    (int)sizeof tmp) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENAMETOOLONG));
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
		saved = errno;
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		return -1;
	}
	errno = 0;
	if (record_write_tree(f, g, tags, notes, tree) != 0 || fflush(f) != 0 ||
	    fsync(fileno(f)) != 0) {
		saved = errno != 0 ? errno : EIO;
		fclose(f);
		unlink(tmp);
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		return -1;
	}
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		saved = errno;
		unlink(tmp);
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		return -1;
	}
	if (sync_dir(path) != 0) {
		saved = errno;
		snprintf(err, errlen, "%s: saved, but its folder could not be "
		    "synced: %s", path, strerror(saved));
		return -1;
	}
	return 0;
}
