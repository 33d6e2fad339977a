/*
 * record_note.c: what one move of a record carries (struct record_note):
 * NAGs, its clock, an evaluation and a free comment; the comment's text
 * read ([%clk], [%eval], the rest) and made. The format is in record.h
 * and congo(6), GAME RECORD FORMAT.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "record/record_int.h"
#include "util/util.h"

#define EVAL_PAWNS_MAX 9999    /* [%eval 9999.99] at most */
#define MATE_MAX 999
#define CLOCK_HOURS_MAX 99999

void
record_note_init(struct record_note *n)
{
	memset(n, 0, sizeof *n);
	n->clk_ms = -1;
}

void
record_note_free(struct record_note *n)
{
	free(n->text);
	record_note_init(n);
}

void
record_note_copy(struct record_note *dst, const struct record_note *src)
{
	*dst = *src;
	dst->text = src->text != NULL ? xstrdup(src->text) : NULL;
}

bool
record_note_empty(const struct record_note *n)
{
	return n->nnag == 0 && !n->has_eval && n->clk_ms < 0 &&
	    (n->text == NULL || n->text[0] == '\0');
}

int
record_note_add_nag(struct record_note *n, int nag)
{
	if (nag < 1 || nag > 255)
		return -1;
	for (int i = 0; i < n->nnag; i++)
		if (n->nag[i] == nag)
			return 0;
	if (n->nnag >= RECORD_NAG_MAX)
		return -1;
	n->nag[n->nnag++] = (unsigned char)nag;
	return 0;
}

void
record_note_set_text(struct record_note *n, const char *text)
{
	free(n->text);
	n->text = text != NULL && text[0] != '\0' ? xstrdup(text) : NULL;
}

void
record_notes_init(struct record_notes *ns)
{
	memset(ns, 0, sizeof *ns);
}

void
record_notes_free(struct record_notes *ns)
{
	for (int i = 0; i < ns->n; i++)
		record_note_free(&ns->at[i]);
	free(ns->at);
	free(ns->intro);
	record_notes_init(ns);
}

struct record_note *
record_notes_at(struct record_notes *ns, int ply)
{
	if (ply >= ns->cap) {
		int cap = ply + 64;
		ns->at = xreallocarray(ns->at, (size_t)cap, sizeof *ns->at);
		ns->cap = cap;
	}
	while (ns->n <= ply)
		record_note_init(&ns->at[ns->n++]);
	return &ns->at[ply];
}

const struct record_note *
record_notes_get(const struct record_notes *ns, int ply)
{
	if (ns == NULL || ply < 0 || ply >= ns->n)
		return NULL;
	return &ns->at[ply];
}

void
record_notes_truncate(struct record_notes *ns, int ply)
{
	if (ply < 0)
		ply = 0;
	while (ns->n > ply)
		record_note_free(&ns->at[--ns->n]);
}

const char *
record_nag_symbol(int nag)
{
	static const char *const sym[] = { NULL, "!", "?", "!!", "??", "!?",
		"?!" };

	return nag >= 1 && nag <= 6 ? sym[nag] : NULL;
}

/* ---- reading a comment ---- */

int
record_suffix_nag(char *text)
{
	static const struct { const char *s; int nag; } sfx[] = {
		{ "!!", 3 }, { "??", 4 }, { "!?", 5 }, { "?!", 6 },
		{ "!", 1 }, { "?", 2 },
	};
	size_t len = strlen(text), k;

	for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++) {
		k = strlen(sfx[i].s);
		if (len > k && strcmp(text + len - k, sfx[i].s) == 0) {
			text[len - k] = '\0';
			return sfx[i].nag;
		}
	}
	return 0;
}


/* Digits in s[*i..len), at most max of them, into *v; the count. */
static int
digits(const char *s, size_t len, size_t *i, int max, long *v)
{
	int n = 0;

	*v = 0;
	while (*i < len && isdigit((unsigned char)s[*i])) {
		if (n == max)
			return -1;
		*v = *v * 10 + (s[*i] - '0');
		(*i)++;
		n++;
	}
	return n;
}

int
record_clock_parse(const char *s, size_t len, int64_t *ms)
{
	size_t i = 0;
	long h, m, sec, frac = 0;
	int nf;

	if (digits(s, len, &i, 5, &h) < 1 || h > CLOCK_HOURS_MAX ||
	    i >= len || s[i++] != ':')
		return -1;
	if (digits(s, len, &i, 2, &m) < 1 || m > 59 || i >= len ||
	    s[i++] != ':')
		return -1;
	if (digits(s, len, &i, 2, &sec) < 1 || sec > 59)
		return -1;
	if (i < len && s[i] == '.') {
		i++;
		for (nf = 0; i < len && isdigit((unsigned char)s[i]); i++, nf++)
			if (nf < 3)
				frac = frac * 10 + (s[i] - '0');
		if (nf == 0)
			return -1;
		for (; nf < 3; nf++)
			frac *= 10;
	}
	if (i != len)
		return -1;
	*ms = ((int64_t)h * 3600 + m * 60 + sec) * 1000 + frac;
	return 0;
}

/* "0.35", "-1.2", "+3", "#3", "#-3" into the note; a search depth after
 * a comma, as some programs add it ("0.35,23"), is read and left out. */
static int
eval_parse(struct record_note *n, const char *s, size_t len)
{
	size_t i = 0;
	long whole, frac = 0;
	int sign = 1, nf;
	const char *comma = memchr(s, ',', len);

	if (comma != NULL) {
		size_t j = (size_t)(comma - s) + 1;
		long depth;
		if (digits(s, len, &j, 4, &depth) < 1 || j != len)
			return -1;
		len = (size_t)(comma - s);
	}

	if (i < len && s[i] == '#') {
		i++;
		if (i < len && (s[i] == '-' || s[i] == '+'))
			sign = s[i++] == '-' ? -1 : 1;
		if (digits(s, len, &i, 3, &whole) < 1 || whole == 0 ||
		    whole > MATE_MAX || i != len)
			return -1;
		n->has_eval = true;
		n->eval_mate = sign * (int)whole;
		n->eval_cp = sign * EVAL_PAWNS_MAX * 100;
		return 0;
	}
	if (i < len && (s[i] == '-' || s[i] == '+'))
		sign = s[i++] == '-' ? -1 : 1;
	nf = digits(s, len, &i, 4, &whole);
	if (nf < 0 || (nf == 0 && (i >= len || s[i] != '.')))
		return -1;
	if (i < len && s[i] == '.') {
		int k;
		i++;
		for (k = 0; i < len && isdigit((unsigned char)s[i]); i++, k++) {
			if (k < 2)
				frac = frac * 10 + (s[i] - '0');
			else if (k == 2 && s[i] >= '5')
				frac++;    /* rounded at the third */
		}
		if (k == 0 && nf == 0)
			return -1;
		if (k == 1)
			frac *= 10;
	}
	if (i != len)
		return -1;
	n->has_eval = true;
	n->eval_mate = 0;
	n->eval_cp = sign * (int)(whole * 100 + frac);
	return 0;
}

/* Append len bytes to the growing text, white space runs as one space. */
struct text {
	char *p;
	size_t len;
	bool space;        /* a space is owed before the next character */
	bool over;
};

static void
text_add(struct text *t, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (isspace((unsigned char)c)) {
			t->space = t->len > 0;
			continue;
		}
		if (t->len + 2 >= RECORD_NOTE_TEXT_MAX) {
			t->over = true;
			return;
		}
		if (t->space)
			t->p[t->len++] = ' ';
		t->space = false;
		t->p[t->len++] = c;
	}
}

int
record_comment_parse(struct record_note *n, const char *s, size_t len,
    char *why, size_t whylen)
{
	struct text t = { NULL, 0, false, false };
	size_t i = 0, start = 0;
	int rc = 0;

	t.p = xmalloc(RECORD_NOTE_TEXT_MAX);
	if (n->text != NULL)
		text_add(&t, n->text, strlen(n->text));
	t.space = t.len > 0;
	while (i < len) {
		const char *close, *arg;
		size_t nlen, alen;

		if (!(s[i] == '[' && i + 1 < len && s[i + 1] == '%')) {
			i++;
			continue;
		}
		close = memchr(s + i, ']', len - i);
		if (close == NULL)
			break;
		text_add(&t, s + start, i - start);
		nlen = strcspn(s + i + 2, " \t\r\n]");
		arg = s + i + 2 + nlen;
		while (arg < close && isspace((unsigned char)*arg))
			arg++;
		alen = (size_t)(close - arg);
		while (alen > 0 && isspace((unsigned char)arg[alen - 1]))
			alen--;
		if (nlen == 3 && memcmp(s + i + 2, "clk", 3) == 0) {
			if (record_clock_parse(arg, alen, &n->clk_ms) != 0) {
				snprintf(why, whylen, "bad clock [%%clk %.*s] "
				    "(H:MM:SS, hours at most %d)",
				    (int)(alen > 20 ? 20 : alen), arg,
				    CLOCK_HOURS_MAX);
				rc = -1;
				goto out;
			}
		} else if (nlen == 4 && memcmp(s + i + 2, "eval", 4) == 0) {
			if (eval_parse(n, arg, alen) != 0) {
				snprintf(why, whylen, "bad evaluation [%%eval "
				    "%.*s] (pawns as 0.35 or -1.20, at most %d;"
				    " or #3, #-3)", (int)(alen > 20 ? 20 :
				    alen), arg, EVAL_PAWNS_MAX);
				rc = -1;
				goto out;
			}
		} else
			text_add(&t, s + i, (size_t)(close - (s + i)) + 1);
		i = start = (size_t)(close - s) + 1;
	}
	text_add(&t, s + start, len - start);
	if (t.over) {
		snprintf(why, whylen, "comment too long (at most %d bytes)",
		    RECORD_NOTE_TEXT_MAX - 2);
		rc = -1;
		goto out;
	}
	t.p[t.len] = '\0';
	record_note_set_text(n, t.p);
out:
	free(t.p);
	return rc;
}

/* ---- writing a comment ---- */

char *
record_comment_text(const struct record_note *n)
{
	char head[64] = "", clk[32] = "", *out;
	const char *text = n->text != NULL ? n->text : "";
	size_t len;

	if (n->has_eval && n->eval_mate != 0)
		snprintf(head, sizeof head, "[%%eval #%d]", n->eval_mate);
	else if (n->has_eval) {
		int a = n->eval_cp < 0 ? -n->eval_cp : n->eval_cp;
		snprintf(head, sizeof head, "[%%eval %s%d.%02d]",
		    n->eval_cp < 0 ? "-" : "", a / 100, a % 100);
	}
	if (n->clk_ms >= 0) {
		int64_t sec = n->clk_ms / 1000;
		snprintf(clk, sizeof clk, "[%%clk %d:%02d:%02d]",
		    (int)(sec / 3600), (int)(sec / 60 % 60), (int)(sec % 60));
	}
	xasprintf(&out, "%s%s%s%s%s", head, head[0] && clk[0] ? " " : "",
	    clk, (head[0] || clk[0]) && text[0] ? " " : "", text);
	/* '}' would end the comment */
	len = strlen(out);
	for (size_t i = 0; i < len; i++)
		if (out[i] == '}')
			out[i] = ')';
	/* and "[%" in the text is written "(%": read back with a ']'
	 * after it (the texts of several comments are joined), it would be
	 * taken for a [%eval] or [%clk] command; one byte for one, so a
	 * text at its longest still reads back. */
	for (size_t i = len - strlen(text); i + 1 < len; i++)
		if (out[i] == '[' && out[i + 1] == '%')
			out[i] = '(';
	return out;
}
