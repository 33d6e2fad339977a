/*
 * ui_bar.c: text cut to a width without cutting a word or an item: prose
 * at a word, a bar (the status bar, a line of keys) by whole items, the
 * most useful kept, a title with its keys. Pure: no curses (the widths
 * are term_width's), unit-tested (tests/test_ui_bar.c).
 */

#include <langinfo.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "ui/ui_int.h"

/* Text cut to w columns at a word, never in one: the words that do not
 * fit go, and a separator ("  |", ",") left at the end with them. */
void
term_cut_words(char *buf, int w)
{
	char *sp;
	size_t len;

	while (term_width(buf) > w && (sp = strrchr(buf, ' ')) != NULL)
		*sp = '\0';
	len = strlen(buf);
	while (len > 0 && (buf[len - 1] == ' ' || buf[len - 1] == '|' ||
	    buf[len - 1] == ','))
		buf[--len] = '\0';
}

/* A bar's items: the parts between runs of two spaces ("  |  " among
 * them), each of items between ", " or "; " outside parentheses; a part
 * before a "|" is one item (what the status bar says: "variation, ply 3
 * (off the game after ply 2)"). An item is its text [from, to) and the
 * separator before it [sep, from). */
#define BAR_ITEMS 64
#define BAR_LEN 1024

struct bar {
	const char *s;
	size_t lead;            /* the spaces before the first item */
	int n, nparts;
	struct {
		size_t sep, from, to;
		int part;
		bool keep;
	} it[BAR_ITEMS];
};

/* An item ends at `to` (its spaces before `to` not its own). */
static void
bar_end(struct bar *b, size_t to)
{
	while (to > b->it[b->n].from && b->s[to - 1] == ' ')
		to--;
	b->it[b->n].to = to;
	b->it[b->n].keep = true;
	b->n++;
}

/* The items of s; false when they are more than BAR_ITEMS. */
static bool
bar_parse(struct bar *b, const char *s)
{
	size_t i = 0, k;
	int depth = 0, pf = 0;  /* the part's first item */

	memset(b, 0, sizeof *b);
	b->s = s;
	while (s[i] == ' ')
		i++;
	b->lead = i;
	b->it[0].sep = b->it[0].from = i;
	for (; s[i] != '\0'; i++) {
		if (s[i] == ' ' && s[i + 1] == ' ') {
			for (k = i; s[k] == ' ' || s[k] == '|'; k++)
				;
			if (s[k] == '\0')
				break;
			if (b->n + 1 >= BAR_ITEMS)
				return false;
			if (memchr(s + i, '|', k - i) != NULL)
				b->n = pf;
			bar_end(b, i);
			pf = b->n;
			b->it[b->n].sep = b->it[b->n - 1].to;
			b->it[b->n].from = k;
			b->it[b->n].part = ++b->nparts;
			depth = 0;
			i = k - 1;
		} else if (s[i] == '(') {
			depth++;
		} else if (s[i] == ')' && depth > 0) {
			depth--;
		} else if (depth == 0 && (s[i] == ',' || s[i] == ';') &&
		    s[i + 1] == ' ' && s[i + 2] != ' ' && s[i + 2] != '\0') {
			if (b->n + 1 >= BAR_ITEMS)
				return false;
			bar_end(b, i);
			b->it[b->n].sep = b->it[b->n - 1].to;
			b->it[b->n].from = i + 2;
			b->it[b->n].part = b->nparts;
			i++;
		}
	}
	bar_end(b, i);
	b->nparts++;
	return true;
}

/* The items kept, each with the separator before it: a part's own
 * ("  |  ") before its first item kept, an item's (", ") between two of
 * one part. */
static void
bar_compose(const struct bar *b, char *out, size_t n)
{
	size_t len = 0, from;
	int prev = -1;

	#define PUT(p, m) do { size_t m_ = (m); if (len + m_ < n) { \
		memcpy(out + len, (p), m_); len += m_; } } while (0)
	PUT(b->s, b->lead);
	for (int i = 0; i < b->n; i++) {
		if (!b->it[i].keep)
			continue;
		if (prev >= 0) {
			from = b->it[i].sep;
			if (b->it[prev].part != b->it[i].part) {
				/* the part's separator: its first item's */
				int f = i;
				while (f > 0 && b->it[f - 1].part == b->it[i].part)
					f--;
				PUT(b->s + b->it[f].sep, b->it[f].from - b->it[f].sep);
			} else {
				PUT(b->s + from, b->it[i].from - from);
			}
		}
		PUT(b->s + b->it[i].from, b->it[i].to - b->it[i].from);
		prev = i;
	}
	#undef PUT
	out[len] = '\0';
}

/* The bar's items kept fit in w columns (with " ?" when one went and mark
 * is set); out holds them. */
static bool
bar_fits(const struct bar *b, int w, bool mark, char *out, size_t n)
{
	bool gone = false;
	size_t len;

	for (int i = 0; i < b->n; i++)
		gone = gone || !b->it[i].keep;
	bar_compose(b, out, n);
	len = strlen(out);
	if (gone && mark && (len == 0 || out[len - 1] != '?') && len + 3 <= n)
		memcpy(out + len, " ?", 3);
	return term_width(out) <= w;
}

/* The first and last items of part p. */
static void
bar_part(const struct bar *b, int p, int *first, int *last)
{
	*first = -1;
	*last = -1;
	for (int i = 0; i < b->n; i++)
		if (b->it[i].part == p) {
			if (*first < 0)
				*first = i;
			*last = i;
		}
}

/* The items dropped, the least useful first, until the bar fits: the
 * parts between the first (what the screen is, its main key) and the
 * last (the key that leaves: q: quit, Esc: back), from the end; the last
 * part's items between its first and its last, from the end; the first
 * part's after its first; the last part's first. A bar too narrow for
 * its first and last items keeps the first ones that fit. */
static bool
bar_drop(struct bar *b, int w, bool mark, char *out, size_t n)
{
	int lastp = b->nparts - 1, f, l;

	if (bar_fits(b, w, mark, out, n))
		return true;
	for (int p = lastp - 1; p >= 1; p--) {
		for (int i = 0; i < b->n; i++)
			if (b->it[i].part == p)
				b->it[i].keep = false;
		if (bar_fits(b, w, mark, out, n))
			return true;
	}
	bar_part(b, lastp, &f, &l);
	for (int i = l - 1; i > f; i--) {
		b->it[i].keep = false;
		if (bar_fits(b, w, mark, out, n))
			return true;
	}
	if (lastp > 0) {
		bar_part(b, 0, &f, &l);
		for (int i = l; i > f; i--) {
			b->it[i].keep = false;
			if (bar_fits(b, w, mark, out, n))
				return true;
		}
		bar_part(b, lastp, &f, &l);
	}
	if (l > f) {
		b->it[f].keep = false;
		if (bar_fits(b, w, mark, out, n))
			return true;
	}
	/* too narrow for the last: the first items that fit, in order */
	for (int i = 0; i < b->n; i++)
		b->it[i].keep = true;
	for (int i = b->n - 1; i > 0; i--) {
		b->it[i].keep = false;
		if (bar_fits(b, w, mark, out, n))
			return true;
	}
	return false;
}

/* A bar too long for w columns: its items dropped the least useful first
 * (bar_drop), " ?" for them when mark is set (the rest is in the help);
 * never cut inside an item ("P promotes, D", "g: gespielte" of "g:
 * gespielte Partien"). What still does not fit is cut at a word. */
static void
bar_cut(char *buf, int w, bool mark)
{
	struct bar b;
	char out[BAR_LEN];

	if (term_width(buf) <= w)
		return;
	if (strlen(buf) >= sizeof out || !bar_parse(&b, buf)) {
		term_cut_words(buf, w);
		return;
	}
	if (!bar_drop(&b, w, mark, out, sizeof out))
		term_cut_words(out, w);
	memcpy(buf, out, strlen(out) + 1);
}

void
term_cut_items(char *buf, int w)
{
	bar_cut(buf, w, true);
}

void
term_cut_items_bare(char *buf, int w)
{
	bar_cut(buf, w, false);
}

/* A title with its keys in parentheses after two spaces (" Messages, the
 * newest last  (arrows/PgUp/PgDn scroll, q or Esc closes)") too long for
 * w columns: the keys' items go from the first (the last says how to
 * close), then the keys; the title alone is cut at a word. Never cut
 * before the keys' verb ("q oder Esc"). */
void
term_cut_title(char *buf, int w)
{
	char *open, *close, *comma;

	if (term_width(buf) <= w)
		return;
	open = strstr(buf, "  (");
	close = strrchr(buf, ')');
	while (open != NULL && close != NULL && close > open &&
	    term_width(buf) > w &&
	    (comma = strstr(open + 3, ", ")) != NULL && comma < close) {
		memmove(open + 3, comma + 2, strlen(comma + 2) + 1);
		close = strrchr(buf, ')');
	}
	if (term_width(buf) <= w)
		return;
	if (open != NULL)
		*open = '\0';
	term_cut_words(buf, w);
}

void
term_cell(char *out, size_t n, const char *name, const char *mark, int w)
{
	bool utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	const char *dots = utf8 ? "\xe2\x80\xa6" : "...";
	int mw = term_width(mark), room;
	size_t len;

	snprintf(out, n, "%s%s", name, mark);
	if (term_width(out) > w) {
		/* the name's whole characters that fit before the dots */
		room = w - mw - term_width(dots);
		snprintf(out, n, "%s", name);
		len = strlen(out);
		while (len > 0 && term_width(out) > room) {
			do
				len--;
			while (len > 0 && ((unsigned char)out[len] & 0xc0) ==
			    0x80);
			out[len] = '\0';
		}
		snprintf(out + len, n - len, "%s%s", dots, mark);
	}
	len = strlen(out);
	for (int pad = w - term_width(out); pad > 0 && len + 1 < n; pad--)
		out[len++] = ' ';
	out[len] = '\0';
}

void
term_widen(char *out, size_t n, const char *s, int col, int extra)
{
	size_t at = 0, len = strlen(s);

	/* the bytes of the first col columns */
	while (at < len && term_width_n(s, at) < col) {
		do
			at++;
		while (at < len && ((unsigned char)s[at] & 0xc0) == 0x80);
	}
	if (extra < 0)
		extra = 0;
	snprintf(out, n, "%.*s%*s%s", (int)at, s, extra, "", s + at);
}
