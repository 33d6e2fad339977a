/*
 * record_read.c: reading a game record (the format is in record.h and
 * congo(6), GAME RECORD FORMAT). Tolerant of layout (comments, line breaks,
 * `12.` and `12...` move numbers), strict about content: every move is
 * checked by the rules engine, and any problem is reported as FILE:LINE.
 * The text's tokens, comments, tags and annotations are record_lex.c's.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "record/record.h"
#include "record/record_int.h"
#include "util/util.h"

#define RECORD_SIZE_MAX (8 * 1024 * 1024)
#define TOKEN_MAX 64


static enum game_result
result_parse(const char *s)
{
	if (strcmp(s, "1-0") == 0)
		return RESULT_WHITE_WINS;
	if (strcmp(s, "0-1") == 0)
		return RESULT_BLACK_WINS;
	if (strcmp(s, "1/2-1/2") == 0)
		return RESULT_DRAW;
	return RESULT_NONE;
}

static bool
is_result(const char *s)
{
	return result_parse(s) != RESULT_NONE || strcmp(s, "*") == 0;
}

/* A Termination: the names record_write writes (game_reason_name's, but
 * PGN's "time forfeit" for a loss on time), and "time-forfeit" as
 * written before. */
static enum game_reason
reason_parse(const char *s)
{
	if (strcmp(s, "time forfeit") == 0 || strcmp(s, "time-forfeit") == 0)
		return REASON_TIME;
	for (int r = REASON_LION_CAPTURED; r <= REASON_LAST; r++)
		if (strcmp(s, game_reason_name(r)) == 0)
			return r;
	return REASON_NONE;
}

/* The reason the record gives: its Termination; a record of
 * congo-server's written before the server named its endings there
 * ([Termination "none"]) has them in ServerTermination. */
static enum game_reason
record_reason(const struct record_tags *t)
{
	const char *term = record_tag_get(t, "Termination");
	const char *server = record_tag_get(t, "ServerTermination");
	enum game_reason why = term != NULL ? reason_parse(term) : REASON_NONE;

	if (why == REASON_NONE && (term == NULL || strcmp(term, "none") == 0) &&
	    server != NULL && (strcmp(server, "time") == 0 ||
	    strcmp(server, "abandoned") == 0))
		why = reason_parse(server);
	return why;
}

/* The result the record claims (tag and final token), checked against the
 * game; a win or draw the rules did not produce is a resignation or an
 * agreed draw. */
struct claim {
	const char *text;	/* "1-0" ... "*", or NULL when not given */
	int line;
};

static int
settle_result(struct record_lexer *lx, struct game *g,
    const struct record_tags *t, struct claim tag, struct claim tok,
    int term_line)
{
	const char *term = record_tag_get(t, "Termination");
	enum game_reason why = record_reason(t);
	struct claim c = tok.text != NULL ? tok : tag;
	enum game_result want;
	char text[96];

	if (tag.text != NULL && tok.text != NULL &&
	    strcmp(tag.text, tok.text) != 0)
		return record_lex_fail(lx, tok.line, "the result %s disagrees "
		    "with the Result tag \"%s\" (line %d)", tok.text, tag.text,
		    tag.line);
	if (game_over(g)) {
		game_result_text(g->result, g->reason, text, sizeof text);
		if (c.text != NULL && strcmp(c.text,
		    record_result_text(g->result)) != 0)
			return record_lex_fail(lx, c.line, "the result %s "
			    "disagrees with the game (%s)", c.text, text);
		if (why != REASON_NONE && why != g->reason)
			return record_lex_fail(lx, term_line, "Termination "
			    "\"%s\" disagrees with the game (%s)", term != NULL ?
			    term : "none", text);
		return 0;
	}
	want = c.text != NULL ? result_parse(c.text) : RESULT_NONE;
	if (want == RESULT_NONE) {
		if (why != REASON_NONE)
			return record_lex_fail(lx, term_line, "Termination "
			    "\"%s\" but the game is not over", term != NULL ?
			    term : "none");
		return 0;
	}
	/* The rules did not end it: a resignation or an agreement unless
	 * the record says another ending the rules do not make. */
	if (want == RESULT_DRAW) {
		if (why != REASON_NONE && why != REASON_AGREEMENT &&
		    why != REASON_ADJUDICATED)
			return record_lex_fail(lx, term_line, "Termination "
			    "\"%s\" disagrees with the game (not over by that "
			    "rule; a draw here is by agreement or adjudication)",
			    term != NULL ? term : "none");
		game_end(g, want, why == REASON_NONE ? REASON_AGREEMENT : why);
	} else {
		if (why != REASON_NONE && why != REASON_RESIGN &&
		    why != REASON_TIME && why != REASON_ABANDONED &&
		    why != REASON_ADJUDICATED)
			return record_lex_fail(lx, term_line, "Termination "
			    "\"%s\" disagrees with the game (not over by that "
			    "rule; a win here is by resignation, time forfeit, "
			    "abandonment or adjudication)", term);
		game_end(g, want, why == REASON_NONE ? REASON_RESIGN : why);
	}
	return 0;
}

/* The tags that set up the game: Variant and FEN. */
static int
setup_game(struct record_lexer *lx, struct game *g,
    const struct record_tags *t, const int *tag_line,
    const struct game_rules *rules)
{
	const char *variant = record_tag_get(t, "Variant");
	const char *fen = record_tag_get(t, "FEN");
	struct board b;
	char msg[256];
	char names[128];
	size_t len = 0;
	/* No tag: the table's default (variant_get's when out of range). */
	int i, v = (int)(variant_get(-1) - variant_table);

	for (i = 0; i < t->n; i++)
		if (strcmp(t->name[i], "Variant") == 0)
			break;
	/* Names in any case (the default's title, "Congo", is what we
	 * wrote). */
	if (variant != NULL) {
		for (v = 0; v < NVARIANTS; v++)
			if (strcasecmp(variant, variant_table[v].name) == 0)
				break;
		if (v == NVARIANTS) {
			names[0] = '\0';
			for (int k = 0; k < NVARIANTS && len < sizeof names;
			    k++)
				len += (size_t)snprintf(names + len,
				    sizeof names - len, "%s%s", k == 0 ? "" :
				    k == NVARIANTS - 1 ? " or " : ", ",
				    variant_table[k].name);
			return record_lex_fail(lx, tag_line[i], "unknown "
			    "variant \"%s\" (%s)", variant, names);
		}
	}
	board_init();
	for (i = 0; i < t->n; i++)
		if (strcmp(t->name[i], "FEN") == 0)
			break;
	if (fen == NULL)
		fen = variant_start_fen(v);
	if (fen_read_variant(&b, v, fen, strlen(fen), msg, sizeof msg) != 0)
		return record_lex_fail(lx, tag_line[i], "bad FEN: %s", msg);
	game_init(g, &b, rules);
	return 0;
}

/* What a step of the move text (read_moves) leaves: go on with the next,
 * the text is over, a token follows (the part after the step reads it);
 * or -1, an error. */
enum moves_step { MOVES_NEXT, MOVES_END, MOVES_TOKEN };

/* What comes between tokens: the end of the text, a variation's '(' or
 * ')', the next game's tags, or what may not come here. */
static int
moves_frame(struct record_lexer *lx, const struct claim *tok, int line)
{
	char msg[256];
	struct record_rav *rav = lx->rav;

	if (rav->depth > 0 && (lx->p == lx->end || *lx->p == '['))
		return record_lex_fail(lx, rav->line[rav->depth - 1],
		    "unterminated variation ('(' without ')')");
	if (lx->p == lx->end)
		return MOVES_END;
	if (*lx->p == '(' || *lx->p == ')') {
		if (tok->text != NULL)
			return record_lex_fail(lx, line, "a variation "
			    "after the result %s", tok->text);
		if ((*lx->p == '(' ? record_rav_open(rav, line, msg,
		    sizeof msg) : record_rav_close(rav, msg,
		    sizeof msg)) != 0)
			return record_lex_fail(lx, line, "%s", msg);
		lx->p++;
		return MOVES_NEXT;
	}
	if (tok->text != NULL && *lx->p == '[') {
		if (lx->multi)
			return MOVES_END;	/* the next game's tags */
		return record_lex_fail(lx, line, "a second game after "
		    "the result %s: the file holds several games "
		    "(congo --load FILE --game N, or :load FILE N, "
		    "picks one)", tok->text);
	}
	if (tok->text != NULL)
		return record_lex_fail(lx, line, "text after the "
		    "result %s", tok->text);
	if (*lx->p == '[')
		return record_lex_fail(lx, line, "tags must come "
		    "before the moves");
	if (*lx->p == ']')
		return record_lex_fail(lx, line, "unexpected ']'");
	return MOVES_TOKEN;
}

/* The token at lx->p into buf (n bytes, NUL-terminated): its length, or
 * -1 when it is too long for a move. */
static int
moves_token(struct record_lexer *lx, int line, char *buf, size_t n)
{
	char show[48];
	const char *start = lx->p;
	size_t len;

	while (lx->p < lx->end && !record_lex_token_end(*lx->p))
		lx->p++;
	len = (size_t)(lx->p - start);
	if (len >= n)
		return record_lex_fail(lx, line, "'%s' is not a move",
		    util_shown(start, len, show, sizeof show));
	memcpy(buf, start, len);
	buf[len] = '\0';
	return (int)len;
}

/* A token that is no move of its own: the result (noted in tok), a
 * numeric annotation, a move number ("12.", "12...", maybe with the move
 * stuck to it: *move is then that move) or "...". MOVES_TOKEN when *move
 * is a move to play. */
static int
moves_marker(struct record_lexer *lx, const struct board *here,
    struct claim *tok, char *buf, size_t len, int line, char **move)
{
	struct record_rav *rav = lx->rav;

	*move = buf;
	if (is_result(buf) && rav->depth > 0)
		return record_lex_fail(lx, line, "the result %s "
		    "inside a variation ('(' at line %d not closed)",
		    buf, rav->line[rav->depth - 1]);
	if (is_result(buf)) {
		static const char *const names[] = { "1-0", "0-1",
			"1/2-1/2", "*" };
		for (int i = 0; i < 4; i++)
			if (strcmp(buf, names[i]) == 0)
				tok->text = names[i];
		tok->line = line;
		return MOVES_NEXT;
	}
	if (buf[0] == '$' && len > 1 &&
	    strspn(buf + 1, "0123456789") == len - 1) {
		if (record_lex_nag(lx, buf, line) != 0)
			return -1;
		return MOVES_NEXT;	/* a numeric annotation */
	}
	if (isdigit((unsigned char)buf[0])) {
		/* A move number: "12." or "12...", maybe with the
		 * move stuck to it ("12.d2d3"). */
		char *dot = buf + strspn(buf, "0123456789");
		int num;
		int want = here->fullmove;
		if (*dot == '.') {
			*dot = '\0';
			if (parse_int(buf, want, want, &num, NULL,
			    0) != 0)
				return record_lex_fail(lx, line,
				    "move number %d expected, not %s",
				    want, buf);
			*move = dot + 1;
			*move += strspn(*move, ".");
			if (**move == '\0')
				return MOVES_NEXT;
		}
	} else if (strcmp(buf, "...") == 0 || strcmp(buf, "..") == 0) {
		if (here->side != BLACK)
			return record_lex_fail(lx, line, "'...' but "
			    "White is to move");
		return MOVES_NEXT;
	}
	return MOVES_TOKEN;
}

/* A move's text played on the position here: the game's, or the
 * variation's being read; its suffix ("!?") noted as an annotation. */
static int
moves_play(struct record_lexer *lx, struct game *g,
    const struct board *here, char *text, int line)
{
	char msg[256], show[48], over[96];
	struct record_rav *rav = lx->rav;
	enum game_reason why;
	enum game_result res;
	int suffix;
	move_t m;

	res = rav->depth > 0 ? record_rav_result(rav, &why) :
	    g->result;
	if (rav->depth == 0)
		why = g->reason;
	if (res != RESULT_NONE) {
		game_result_text(res, why, over, sizeof over);
		return record_lex_fail(lx, line, "%s after the end of "
		    "the %s (%s)",
		    util_shown(text, strlen(text), show, sizeof show),
		    rav->depth > 0 ? "variation" : "game", over);
	}
	suffix = record_suffix_nag(text);
	if (notation_read(here, text, &m, msg, sizeof msg) != 0)
		return record_lex_fail(lx, line, "%s", msg);
	if (rav->depth > 0) {
		if (record_rav_move(rav, m, msg, sizeof msg) != 0)
			return record_lex_fail(lx, line, "%s", msg);
	} else {
		if (game_play(g, m, msg, sizeof msg) != 0)
			return record_lex_fail(lx, line, "%s", msg);
		record_rav_main(rav, m);
	}
	if (suffix != 0) {
		snprintf(msg, sizeof msg, "$%d", suffix);
		if (record_lex_nag(lx, msg, line) != 0)
			return -1;
	}
	return 0;
}

/* The move text, up to the end of the file. */
static int
read_moves(struct record_lexer *lx, struct game *g, struct claim *tok)
{
	char buf[TOKEN_MAX];
	struct record_rav *rav = lx->rav;

	for (;;) {
		const struct board *here;
		char *move;
		int line, len, step;

		if (record_lex_skip(lx) != 0)
			return -1;
		line = lx->line;
		step = moves_frame(lx, tok, line);
		if (step < 0 || step == MOVES_END)
			return step < 0 ? -1 : 0;
		if (step == MOVES_NEXT)
			continue;
		here = rav->depth > 0 ? record_rav_board(rav) : game_board(g);
		if ((len = moves_token(lx, line, buf, sizeof buf)) < 0)
			return -1;
		step = moves_marker(lx, here, tok, buf, (size_t)len, line,
		    &move);
		if (step < 0)
			return -1;
		if (step == MOVES_TOKEN &&
		    moves_play(lx, g, here, move, line) != 0)
			return -1;
	}
}

/* Read a whole stream into memory (NUL-terminated). */
static char *
slurp(FILE *f, size_t *lenp, struct record_lexer *lx)
{
	size_t cap = 4096, len = 0, got;
	char *buf = xmalloc(cap);

	while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (len > RECORD_SIZE_MAX) {
			free(buf);
			snprintf(lx->err, lx->errlen, "%s: too large for a "
			    "game record (over %d MiB)", lx->name,
			    RECORD_SIZE_MAX >> 20);
			return NULL;
		}
		if (cap - len - 1 == 0) {
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
	}
	if (ferror(f)) {
		int e = errno;
		free(buf);
		snprintf(lx->err, lx->errlen, "%s: %s", lx->name,
		    e ? strerror(e) : "read error");
		return NULL;
	}
	buf[len] = '\0';
	*lenp = len;
	return buf;
}

/* One game from lx->p: its tags and moves. */
static int
read_game(struct record_lexer *lx0, struct game *g, struct record_tags *tags,
    const struct game_rules *rules)
{
	struct record_lexer lx = *lx0;
	struct claim tag = { NULL, 0 }, tok = { NULL, 0 };
	struct record_rav rav;
	int tag_line[RECORD_TAG_MAX + 1], term_line = 0, i, rc;
	bool started = false;

	tags->n = 0;
	lx.g = NULL;
	if (lx.notes != NULL)
		record_notes_free(lx.notes);
	for (;;) {
		if (record_lex_skip(&lx) != 0)
			goto bad;
		if (lx.p == lx.end || *lx.p != '[')
			break;
		tag_line[tags->n] = lx.line;
		if (record_lex_tag(&lx, tags) != 0)
			goto bad;
	}
	tag_line[tags->n] = lx.line;
	for (i = 0; i < tags->n; i++) {
		if (strcmp(tags->name[i], "Result") == 0) {
			if (!is_result(tags->value[i])) {
				record_lex_fail(&lx, tag_line[i], "bad Result "
				    "\"%s\" (1-0, 0-1, 1/2-1/2 or *)",
				    tags->value[i]);
				goto bad;
			}
			tag.text = tags->value[i];
			tag.line = tag_line[i];
		} else if (strcmp(tags->name[i], "Termination") == 0)
			term_line = tag_line[i];
	}
	if (tags->n == 0 && lx.p == lx.end) {
		record_lex_fail(&lx, lx.line, "no game in the file (no tags, "
		    "no moves)");
		goto bad;
	}
	if (setup_game(&lx, g, tags, tag_line, rules) != 0)
		goto bad;
	started = true;
	lx.g = g;
	record_rav_begin(&rav, lx.tree, g);
	lx.rav = &rav;
	rc = read_moves(&lx, g, &tok);
	lx.rav = NULL;
	record_rav_end(&rav);
	if (rc != 0)
		goto bad;
	lx.g = NULL;
	if (settle_result(&lx, g, tags, tag, tok, term_line) != 0)
		goto bad;
	*lx0 = lx;
	return 0;
bad:
	if (started)
		game_free(g);
	memset(g, 0, sizeof *g);
	return -1;
}

int
record_read(FILE *f, const char *name, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    char *err, size_t errlen)
{
	return record_read_game(f, name, 0, g, tags, rules, NULL, err, errlen);
}

int
record_read_game(FILE *f, const char *name, int index, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    int64_t **clk, char *err, size_t errlen)
{
	struct record_notes notes;
	int k, rc;

	if (clk != NULL)
		*clk = NULL;
	rc = record_read_notes(f, name, index, g, tags, rules,
	    clk != NULL ? &notes : NULL, err, errlen);
	if (clk == NULL)
		return rc;
	if (rc == 0 && g->nply > 0) {
		int64_t *c = xmalloc(sizeof *c * (size_t)g->nply);
		for (k = 0; k < g->nply; k++)
			c[k] = k < notes.n ? notes.at[k].clk_ms : -1;
		*clk = c;
	}
	record_notes_free(&notes);
	return rc;
}

int
record_read_notes(FILE *f, const char *name, int index, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    struct record_notes *notes, char *err, size_t errlen)
{
	return record_read_tree(f, name, index, g, tags, rules, notes, NULL,
	    err, errlen);
}

int
record_read_tree(FILE *f, const char *name, int index, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    struct record_notes *notes, struct record_tree *tree, char *err,
    size_t errlen)
{
	static const struct game_rules defaults = GAME_RULES_DEFAULT;
	struct record_tags local;
	struct record_notes own;
	struct record_lexer lx = { NULL, NULL, NULL, 1,
		name ? name : "record", err, errlen, index > 0, NULL, NULL,
		NULL, NULL };
	char *buf, dummy[1];
	size_t len;
	const char *nul;
	int k, rc = -1;

	memset(g, 0, sizeof *g);
	if (tree != NULL)
		memset(tree, 0, sizeof *tree);
	/* Notes are always read, so that a bad one is always an error. */
	record_notes_init(&own);
	if (notes == NULL)
		notes = &own;
	record_notes_init(notes);
	if (tags == NULL)
		tags = &local;
	tags->n = 0;
	if (err == NULL || errlen == 0) {
		lx.err = dummy;
		lx.errlen = sizeof dummy;
	}
	if (rules == NULL)
		rules = &defaults;
	if ((buf = slurp(f, &len, &lx)) == NULL)
		return -1;
	if ((nul = memchr(buf, '\0', len)) != NULL) {
		lx.line = 1;
		for (const char *q = buf; q < nul; q++)
			lx.line += *q == '\n';
		record_lex_fail(&lx, lx.line, "not a text file (a NUL byte)");
		goto out;
	}
	lx.p = buf;
	lx.end = buf + len;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		lx.p += 3;	/* a UTF-8 byte order mark */
	lx.begin = lx.p;
	for (k = 1; k < index; k++) {
		if (read_game(&lx, g, tags, rules) != 0)
			goto out;
		game_free(g);
		memset(g, 0, sizeof *g);
		if (record_lex_skip(&lx) != 0)
			goto out;
		if (lx.p == lx.end) {
			record_lex_fail(&lx, lx.line, "no game %d: the file "
			    "holds %d", index, k);
			goto out;
		}
	}
	lx.notes = notes;
	lx.tree = tree;
	rc = read_game(&lx, g, tags, rules);
	if (rc == 0)
		record_notes_truncate(notes, g->nply);
out:
	record_notes_free(&own);
	free(buf);
	return rc;
}

int
record_list(const char *path, void (*each)(void *ctx, int index,
    const struct game *g, const struct record_tags *t), void *ctx,
    const struct game_rules *rules, char *err, size_t errlen)
{
	static const struct game_rules defaults = GAME_RULES_DEFAULT;
	struct record_lexer lx = { NULL, NULL, NULL, 1, path, err, errlen, true,
		NULL, NULL, NULL, NULL };
	struct record_tags tags;
	struct game g;
	char *buf;
	size_t len;
	FILE *f = fopen(path, "r");
	int n = 0;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = slurp(f, &len, &lx);
	fclose(f);
	if (buf == NULL)
		return -1;
	if (memchr(buf, '\0', len) != NULL) {
		free(buf);
		snprintf(err, errlen, "%s: not a text file (a NUL byte)", path);
		return -1;
	}
	lx.p = buf;
	lx.end = buf + len;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		lx.p += 3;
	lx.begin = lx.p;
	for (;;) {
		if (read_game(&lx, &g, &tags, rules != NULL ? rules :
		    &defaults) != 0)
			break;
		n++;
		if (each != NULL)
			each(ctx, n, &g, &tags);
		game_free(&g);
		if (record_lex_skip(&lx) != 0 || lx.p == lx.end)
			break;
	}
	free(buf);
	return n > 0 ? n : -1;
}

int
record_count_games(const char *path, char *err, size_t errlen)
{
	return record_list(path, NULL, NULL, NULL, err, errlen);
}

int
record_load(const char *path, struct game *g, struct record_tags *tags,
    const struct game_rules *rules, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	int rc;

	if (f == NULL) {
		memset(g, 0, sizeof *g);
		if (tags != NULL)
			tags->n = 0;
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = record_read(f, path, g, tags, rules, err, errlen);
	fclose(f);
	return rc;
}
