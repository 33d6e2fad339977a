/*
 * record_lex.c: the record's text read as tokens (the reader's lexer,
 * record_read.c the rest): white space and the three kinds of comments
 * skipped, a {comment} and a $NAG kept in the notes of the move they
 * follow (or a variation's), a [Tag "value"] pair, where a token ends, and
 * the FILE:LINE errors.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "record/record.h"
#include "record/record_int.h"
#include "util/util.h"

/* (Added) A comment {...} (open..close, the braces excluded) read into
 * the note of the last ply, or the game's intro before the first move. */
static int
note_comment(struct record_lexer *lx, const char *open, const char *close,
    int line)
{
	struct record_note tmp, *n;
	char why[160];
	int ply;

	if (lx->rav != NULL && lx->rav->depth > 0) {
		if (record_comment_parse(record_rav_note(lx->rav), open,
		    (size_t)(close - open), why, sizeof why) != 0)
			return record_lex_fail(lx, line, "%s", why);
		return 0;
	}
	if (lx->notes == NULL)
		return 0;
	ply = lx->g != NULL ? lx->g->nply - 1 : -1;
	if (ply >= 0)
		n = record_notes_at(lx->notes, ply);
	else {
		/* the game's comment: its text and the first
		 * position's evaluation */
		record_note_init(&tmp);
		tmp.text = lx->notes->intro;
		n = &tmp;
	}
	if (record_comment_parse(n, open, (size_t)(close - open), why,
	    sizeof why) != 0) {
		if (ply < 0)
			lx->notes->intro = tmp.text;
		return record_lex_fail(lx, line, "%s", why);
	}
	if (ply < 0) {
		lx->notes->intro = tmp.text;
		if (tmp.has_eval) {
			lx->notes->start_has_eval = true;
			lx->notes->start_cp = tmp.eval_cp;
			lx->notes->start_mate = tmp.eval_mate;
		}
	}
	return 0;
}

/* (Added) A NAG "$N" after a move: N from 1 to 255. */
int
record_lex_nag(struct record_lexer *lx, const char *tok, int line)
{
	int v;

	if (parse_int(tok + 1, 1, 255, &v, NULL, 0) != 0)
		return record_lex_fail(lx, line, "bad annotation %s (NAGs are "
		    "$1 to $255)", tok);
	if (lx->g == NULL || lx->g->nply == 0)
		return record_lex_fail(lx, line, "annotation %s before the "
		    "first move", tok);
	if (lx->rav != NULL && lx->rav->depth > 0) {
		if (record_note_add_nag(record_rav_note(lx->rav), v) != 0)
			return record_lex_fail(lx, line, "too many "
			    "annotations after a move (at most %d)",
			    RECORD_NAG_MAX);
		return 0;
	}
	if (lx->notes == NULL)
		return 0;
	if (record_note_add_nag(record_notes_at(lx->notes, lx->g->nply - 1),
	    v) != 0)
		return record_lex_fail(lx, line, "too many annotations after "
		    "a move (at most %d)", RECORD_NAG_MAX);
	return 0;
}

int
record_lex_fail(struct record_lexer *lx, int line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (lx->err == NULL || lx->errlen == 0)
		return -1;
	va_start(ap, fmt);
	util_verror(-1, msg, sizeof msg, fmt, ap);
	va_end(ap);
	return util_error(lx->err, lx->errlen, "%s:%d: %s", lx->name, line,
	    msg);
}

/* Skip white space (line breaks counted), {comments}, ; comments and
 * % escape lines. -1 on an unterminated comment. */
int
record_lex_skip(struct record_lexer *lx)
{
	while (lx->p < lx->end) {
		char c = *lx->p;

		if (c == '\n') {
			lx->line++;
			lx->p++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
		    c == '\v') {
			lx->p++;
		} else if (c == '{') {
			int open = lx->line;
			const char *from = lx->p;
			for (lx->p++; lx->p < lx->end && *lx->p != '}'; lx->p++)
				if (*lx->p == '\n')
					lx->line++;
			if (lx->p == lx->end)
				return record_lex_fail(lx, open, "unterminated "
				    "comment ('{' without '}')");
			if (note_comment(lx, from + 1, lx->p, open) != 0)
				return -1;
			lx->p++;
		} else if (c == ';' || (c == '%' && (lx->p == lx->begin ||
		    lx->p[-1] == '\n'))) {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
		} else
			break;
	}
	return 0;
}

/* Skip blanks inside a tag pair (no comments there). */
static void
skip_blank(struct record_lexer *lx)
{
	while (lx->p < lx->end && isspace((unsigned char)*lx->p)) {
		if (*lx->p == '\n')
			lx->line++;
		lx->p++;
	}
}

/* [Name "value"] with \" and \\ escapes in the value. */
int
record_lex_tag(struct record_lexer *lx, struct record_tags *t)
{
	int line = lx->line;
	char name[sizeof t->name[0]], value[RECORD_TAG_LEN], buf[48];
	size_t n = 0, v = 0;

	lx->p++;	/* '[' */
	skip_blank(lx);
	if (lx->p == lx->end || !isalpha((unsigned char)*lx->p))
		return record_lex_fail(lx, lx->line, "bad tag: a name is "
		    "expected after '['");
	while (lx->p < lx->end && (isalnum((unsigned char)*lx->p) ||
	    *lx->p == '_')) {
		if (n + 1 >= sizeof name)
			return record_lex_fail(lx, line, "bad tag: name too "
			    "long (at most %zu characters)", sizeof name - 1);
		name[n++] = *lx->p++;
	}
	name[n] = '\0';
	skip_blank(lx);
	if (lx->p == lx->end || *lx->p != '"')
		return record_lex_fail(lx, lx->line, "bad tag [%s: the value "
		    "must be in double quotes", name);
	for (lx->p++; ; lx->p++) {
		if (lx->p == lx->end || *lx->p == '\n')
			return record_lex_fail(lx, lx->line, "bad tag [%s: "
			    "unterminated value (no closing '\"' on the line)",
			    name);
		if (*lx->p == '"')
			break;
		if (*lx->p == '\\' && lx->p + 1 < lx->end &&
		    (lx->p[1] == '"' || lx->p[1] == '\\'))
			lx->p++;
		if (v + 1 >= sizeof value)
			return record_lex_fail(lx, lx->line, "bad tag [%s: "
			    "value too long (at most %zu bytes)", name,
			    sizeof value - 1);
		value[v++] = *lx->p;
	}
	value[v] = '\0';
	lx->p++;	/* '"' */
	skip_blank(lx);
	if (lx->p == lx->end || *lx->p != ']')
		return record_lex_fail(lx, lx->line, "bad tag [%s \"%s\": ']' "
		    "expected", name,
		    util_shown(value, v, buf, sizeof buf));
	lx->p++;
	if (record_tag_get(t, name) != NULL)
		return record_lex_fail(lx, line, "duplicate tag [%s]", name);
	if (t->n >= RECORD_TAG_MAX)
		return record_lex_fail(lx, line, "too many tags (at most %d)",
		    RECORD_TAG_MAX);
	record_tag_set(t, name, value);
	return 0;
}

/* Characters that end a token of the move text. */
bool
record_lex_token_end(char c)
{
	return isspace((unsigned char)c) || c == '{' || c == ';' ||
	    c == '[' || c == ']' || c == '(' || c == ')';
}
